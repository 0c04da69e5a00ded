//! Othello perft: the number of leaves of the game tree at each depth.
//!
//! The fast bitboard counter (`Position::perft`), the generic counter over the `Position`
//! trait (`core::perft::perft`) and, where the trees are small, the grid-walking reference
//! rules must all give the numbers of `tests/data/othello/perft.txt`. A forced pass uses a
//! ply; a finished game counts once as a leaf.

mod common;

use boardplay::core::othello::{
    Othello, Size, Size4, Size6, Size8, Size10, Size12, Size14, Size16,
};
use boardplay::core::{Position, Side, perft::perft};
use common::reference::{RefOthello, reference_perft};
use common::{ffo_positions, othello_perft_expected};

/// Checks the fast counter against perft.txt to `fast_depth` and the generic counter to
/// `generic_depth`.
fn check_start<S: Size>(fast_depth: u32, generic_depth: u32) {
    let n = S::N;
    let start = Othello::<S>::start();
    for (depth, expected) in othello_perft_expected(n, fast_depth) {
        assert_eq!(
            Position::perft(&start, depth),
            expected,
            "{n}x{n} fast perft at depth {depth}"
        );
        if depth <= generic_depth {
            assert_eq!(
                perft(&start, depth),
                expected,
                "{n}x{n} generic perft at depth {depth}"
            );
        }
    }
}

#[test]
fn standard_8x8_counts_through_depth_9() {
    check_start::<Size8>(9, 8);
}

#[test]
fn six_by_six_counts_through_depth_8() {
    check_start::<Size6>(8, 8);
}

#[test]
fn ten_by_ten_counts_through_depth_8() {
    check_start::<Size10>(8, 7);
}

#[test]
fn twelve_by_twelve_counts_through_depth_8() {
    check_start::<Size12>(8, 7);
}

#[test]
fn depth_zero_is_the_position_itself() {
    assert_eq!(Othello::<Size8>::start().perft(0), 1);
    assert_eq!(perft(&Othello::<Size8>::start(), 0), 1);
}

/// Fast, generic and reference counters agree from the start of a board with no table.
fn three_counters_agree<S: Size>(max_depth: u32) {
    let n = S::N;
    let start = Othello::<S>::start();
    let reference = RefOthello::start(n);
    for depth in 0..=max_depth {
        let fast = Position::perft(&start, depth);
        assert_eq!(
            perft(&start, depth),
            fast,
            "{n}x{n} generic vs fast, depth {depth}"
        );
        assert_eq!(
            reference_perft(&reference, depth),
            fast,
            "{n}x{n} reference vs fast, depth {depth}"
        );
    }
}

/// 4x4 games end within 12 placements plus passes, so depth 16 counts every finished game:
/// passes and early ends are counted the same way by all three.
#[test]
fn four_by_four_whole_tree_agrees_with_the_reference() {
    three_counters_agree::<Size4>(16);
    let start = Othello::<Size4>::start();
    assert_eq!(
        start.perft(16),
        start.perft(30),
        "every 4x4 game is over by ply 16, so deeper counts do not change"
    );
}

#[test]
fn fourteen_and_sixteen_agree_with_the_reference() {
    three_counters_agree::<Size14>(4);
    three_counters_agree::<Size16>(4);
}

#[test]
fn sizes_with_a_table_agree_with_the_reference_at_small_depths() {
    three_counters_agree::<Size6>(5);
    three_counters_agree::<Size8>(5);
    three_counters_agree::<Size10>(4);
    three_counters_agree::<Size12>(4);
}

/// The FFO endgame positions, read as `--board` strings: all three counters agree.
#[test]
fn ffo_positions_agree_with_the_reference() {
    let proto = Othello::<Size8>::start();
    let positions = ffo_positions();
    assert_eq!(positions.len(), 39, "the FFO file holds positions 1 to 39");
    for ffo in &positions {
        let pos = proto
            .parse_board(&ffo.board_string())
            .unwrap_or_else(|e| panic!("FFO #{}: {e}", ffo.id));
        let reference = RefOthello {
            n: 8,
            cells: (0..64)
                .map(|i| pos.at(boardplay::core::Cell::from_index(i, 8)))
                .collect(),
            to_move: pos.side_to_move(),
        };
        let depth = if ffo.empties <= 16 { 4 } else { 3 };
        for d in 1..=depth {
            let fast = pos.perft(d);
            assert_eq!(
                perft(&pos, d),
                fast,
                "FFO #{} generic vs fast, depth {d}",
                ffo.id
            );
            assert_eq!(
                reference_perft(&reference, d),
                fast,
                "FFO #{} reference vs fast, depth {d}",
                ffo.id
            );
        }
    }
}

/// FFO #20 has 6 empties: its whole tree fits, with the passes near the end of the game.
#[test]
fn ffo_20_counts_to_the_end_of_the_game() {
    let ffo = ffo_positions()
        .into_iter()
        .find(|p| p.id == 20)
        .expect("FFO #20 is listed");
    let pos = Othello::<Size8>::start()
        .parse_board(&ffo.board_string())
        .expect("FFO #20 parses");
    let reference = RefOthello {
        n: 8,
        cells: (0..64)
            .map(|i| pos.at(boardplay::core::Cell::from_index(i, 8)))
            .collect(),
        to_move: pos.side_to_move(),
    };
    let whole = reference_perft(&reference, 20);
    for depth in [6, 8, 10, 20] {
        assert_eq!(
            pos.perft(depth),
            reference_perft(&reference, depth),
            "depth {depth}"
        );
        assert_eq!(
            perft(&pos, depth),
            reference_perft(&reference, depth),
            "depth {depth}"
        );
    }
    assert_eq!(pos.perft(20), whole);
}

/// A finished game is one leaf at every depth; a position with a forced pass spends a ply.
#[test]
fn finished_games_and_forced_passes() {
    let proto = Othello::<Size4>::start();
    // Black owns everything but the top-left corner: nobody can move.
    let over = proto.parse_board("-XXX XXXX XXXX XXXX O").unwrap();
    assert_eq!(over.move_count(), 0);
    for depth in 0..4 {
        assert_eq!(over.perft(depth), 1, "finished game, depth {depth}");
        assert_eq!(perft(&over, depth), 1, "finished game, depth {depth}");
    }
    // White to move has no placement on the 4x4 board below; Black has one (a1).
    let pass = proto.parse_board("-OXX OOXX XXXX XXXX O").unwrap();
    assert_eq!(pass.side_to_move(), Side::Second);
    assert_eq!(pass.move_count(), 1, "the forced pass is the only move");
    assert_eq!(pass.perft(1), 1);
    assert_eq!(perft(&pass, 1), 1);
    assert_eq!(pass.perft(2), 1, "the pass, then Black's only move a1");
    assert_eq!(perft(&pass, 2), 1);
}
