//! The rules on bitboards agree with slow, obviously correct reference rules (a grid of
//! `Option<Side>`; Othello walks the 8 directions cell by cell, tic-tac-toe scans every line
//! of k) on random games of every supported size, and on random Othello boards.
//!
//! At every position of every game: the same board and side to move; the same legal moves in
//! the same order (a lone pass when forced, none once over); `move_count` equal to their
//! number; discs plus empties equal to the cell count; the same outcome; the board string
//! reads back as the same position with the same hash; and illegal moves are refused with the
//! reason the reference gives, in the order: off the board, game over, occupied, must pass,
//! flips nothing (a pass: game over, then a placement exists).
//!
//! `PROPTEST_CASES` overrides the case counts for a deeper run.

mod common;

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, RandomState};

use boardplay::core::othello::{
    Othello, Size, Size4, Size6, Size8, Size10, Size12, Size14, Size16,
};
use boardplay::core::tictactoe::TicTacToe;
use boardplay::core::{Cell, Move, Outcome, PlayError, Position, Side};
use common::reference::{RefOthello, RefTicTacToe, Reference};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// `cases` random cases, unless `PROPTEST_CASES` asks for another number.
fn config(cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cases);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

/// A small deterministic generator to pick cells from a seed.
fn next(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Cells checked for legality at each position: this many random ones, besides every legal
/// move, the pass and cells just off the board.
const CELLS_CHECKED: usize = 6;

/// Everything a position must agree on with the reference.
fn check_position<P: Position, R: Reference>(
    pos: &P,
    reference: &R,
    mut seed: u64,
) -> Result<(), TestCaseError> {
    let (rows, cols) = (reference.rows(), reference.cols());
    prop_assert_eq!((pos.rows(), pos.cols()), (rows, cols));
    let cells = rows * cols;
    prop_assert_eq!(pos.cell_count(), cells);

    // The board and the side to move.
    for (i, expected) in reference.cells().iter().enumerate() {
        let cell = Cell::from_index(i, cols);
        prop_assert_eq!(pos.at(cell), *expected, "cell {}", cell);
        prop_assert!(pos.contains(cell));
    }
    for off in [
        Cell::new(cols as u8, 0),
        Cell::new(0, rows as u8),
        Cell::new(cols as u8, rows as u8),
    ] {
        prop_assert_eq!(pos.at(off), None, "off-board cell {}", off);
        prop_assert!(!pos.contains(off));
    }
    prop_assert_eq!(pos.side_to_move(), reference.to_move());

    // Discs plus empties make the board.
    let counts = pos.counts();
    let count_of = |s: Side| reference.cells().iter().filter(|c| **c == Some(s)).count() as u32;
    prop_assert_eq!(counts, [count_of(Side::First), count_of(Side::Second)]);
    let empties = reference.cells().iter().filter(|c| c.is_none()).count() as u32;
    prop_assert_eq!(counts[0] + counts[1] + empties, cells as u32);

    // Legal moves, their number, and the outcome.
    let moves: Vec<Move> = pos.legal_moves().collect();
    let expected_moves = reference.legal_moves();
    prop_assert_eq!(&moves, &expected_moves);
    prop_assert_eq!(pos.move_count(), moves.len());
    let outcome = pos.outcome();
    prop_assert_eq!(outcome, reference.outcome());
    prop_assert_eq!(outcome.is_over(), moves.is_empty());

    // Legality and the reason for refusing a move.
    let mut probes: Vec<Move> = moves.clone();
    probes.push(Move::Pass);
    probes.extend(
        [
            Cell::new(cols as u8, 0),
            Cell::new(0, rows as u8),
            Cell::new(15, 15),
        ]
        .into_iter()
        .filter(|c| !pos.contains(*c))
        .map(Move::Place),
    );
    if cells <= 16 {
        probes.extend((0..cells).map(|i| Move::Place(Cell::from_index(i, cols))));
    } else {
        for _ in 0..CELLS_CHECKED {
            let i = (next(&mut seed) % cells as u64) as usize;
            probes.push(Move::Place(Cell::from_index(i, cols)));
        }
    }
    for mv in probes {
        let expected = reference.check(mv);
        prop_assert_eq!(pos.check(mv), expected, "check({})", mv);
        prop_assert_eq!(pos.is_legal(mv), expected.is_ok(), "is_legal({})", mv);
        match expected {
            Ok(()) => prop_assert_eq!(pos.play(mv), Ok(pos.play_unchecked(mv)), "play({})", mv),
            Err(e) => prop_assert_eq!(pos.play(mv), Err(e), "play({})", mv),
        }
    }

    // The board string reads back as the same position, with the same hashes.
    let text = pos.to_board_string();
    let back = pos
        .parse_board(&text)
        .map_err(|e| TestCaseError::fail(format!("{text:?} does not read back: {e}")))?;
    prop_assert_eq!(back, *pos, "{:?}", text);
    prop_assert_eq!(back.hash_key(), pos.hash_key());
    let std_hash = RandomState::new();
    prop_assert_eq!(std_hash.hash_one(back), std_hash.hash_one(pos));
    prop_assert_eq!(back.to_board_string(), text.clone());
    let set_up = pos
        .setup(reference.cells(), Some(reference.to_move()))
        .map_err(|e| TestCaseError::fail(format!("setup of {text:?}: {e}")))?;
    prop_assert_eq!(set_up, *pos);
    prop_assert_eq!(set_up.hash_key(), pos.hash_key());
    Ok(())
}

/// Plays a random game, one seed a ply, checking every position on the way.
fn random_game<P: Position, R: Reference>(
    start: P,
    mut reference: R,
    seeds: &[u64],
) -> Result<(), TestCaseError> {
    let mut pos = start;
    for &seed in seeds {
        check_position(&pos, &reference, seed)?;
        let moves: Vec<Move> = pos.legal_moves().collect();
        if moves.is_empty() {
            return Ok(());
        }
        let mv = moves[(seed % moves.len() as u64) as usize];
        pos = pos.play_unchecked(mv);
        reference.play(mv);
    }
    check_position(&pos, &reference, 0)
}

fn othello_game<S: Size>(seeds: &[u64]) -> Result<(), TestCaseError> {
    random_game(Othello::<S>::start(), RefOthello::start(S::N), seeds)
}

fn tictactoe_game(rows: usize, cols: usize, k: usize, seeds: &[u64]) -> Result<(), TestCaseError> {
    let start = TicTacToe::new(rows, cols, k).expect("a supported shape");
    random_game(start, RefTicTacToe::new(rows, cols, k), seeds)
}

/// Seeds for a whole game: more plies than the longest game (16x16 Othello, with passes).
fn game_seeds() -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::vec(any::<u64>(), 300)
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn othello_4x4_random_games_follow_the_rules(seeds in game_seeds()) {
        othello_game::<Size4>(&seeds)?;
    }

    #[test]
    fn othello_6x6_random_games_follow_the_rules(seeds in game_seeds()) {
        othello_game::<Size6>(&seeds)?;
    }

    #[test]
    fn othello_8x8_random_games_follow_the_rules(seeds in game_seeds()) {
        othello_game::<Size8>(&seeds)?;
    }

    #[test]
    fn tictactoe_random_games_follow_the_rules(
        shape in prop::sample::select(vec![
            (3, 3, 3), (4, 4, 4), (4, 4, 3), (4, 5, 4), (5, 4, 4), (3, 8, 3), (8, 3, 8),
            (6, 5, 4), (7, 7, 5), (8, 8, 5), (8, 8, 8),
        ]),
        seeds in game_seeds(),
    ) {
        let (rows, cols, k) = shape;
        tictactoe_game(rows, cols, k, &seeds)?;
    }
}

proptest! {
    // Fewer cases for the big boards: their games are long and the reference is slow.
    #![proptest_config(config(32))]

    #[test]
    fn othello_10x10_random_games_follow_the_rules(seeds in game_seeds()) {
        othello_game::<Size10>(&seeds)?;
    }

    #[test]
    fn othello_12x12_random_games_follow_the_rules(seeds in game_seeds()) {
        othello_game::<Size12>(&seeds)?;
    }
}

proptest! {
    #![proptest_config(config(12))]

    #[test]
    fn othello_14x14_random_games_follow_the_rules(seeds in game_seeds()) {
        othello_game::<Size14>(&seeds)?;
    }

    #[test]
    fn othello_16x16_random_games_follow_the_rules(seeds in game_seeds()) {
        othello_game::<Size16>(&seeds)?;
    }
}

/// A random Othello board (not necessarily reachable): centre filled, any side to move. Every
/// legal move flips exactly the discs the reference flips; this reaches edge and wrap-around
/// cases that games from the start rarely do.
fn random_board<S: Size>(
    cells: &[u8],
    second_to_move: bool,
    seed: u64,
) -> Result<(), TestCaseError> {
    let n = S::N;
    let mut grid: Vec<Option<Side>> = cells[..n * n]
        .iter()
        .map(|v| match v % 3 {
            0 => None,
            1 => Some(Side::First),
            _ => Some(Side::Second),
        })
        .collect();
    let c = n / 2;
    for i in [
        (c - 1) * n + c - 1,
        (c - 1) * n + c,
        c * n + c - 1,
        c * n + c,
    ] {
        grid[i].get_or_insert(Side::First);
    }
    let side = if second_to_move {
        Side::Second
    } else {
        Side::First
    };
    let reference = RefOthello {
        n,
        cells: grid,
        to_move: side,
    };
    let pos = Othello::<S>::start()
        .setup(&reference.cells, Some(side))
        .map_err(|e| TestCaseError::fail(format!("setup: {e}")))?;
    check_position(&pos, &reference, seed)?;
    for mv in reference.legal_moves() {
        let mut after = reference.clone();
        after.play(mv);
        let played = pos.play_unchecked(mv);
        let board: Vec<Option<Side>> = (0..n * n)
            .map(|i| played.at(Cell::from_index(i, n)))
            .collect();
        prop_assert_eq!(&board, &after.cells, "after {}", mv);
        prop_assert_eq!(played.side_to_move(), after.to_move);
    }
    Ok(())
}

fn board_cells() -> impl Strategy<Value = Vec<u8>> {
    // Mostly filled boards with a few holes find the long runs; sparse ones the short.
    prop_oneof![
        proptest::collection::vec(0u8..3, 256),
        proptest::collection::vec(prop_oneof![1 => Just(0u8), 4 => 1u8..3], 256),
    ]
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn othello_random_boards_flip_like_the_reference(
        size in prop::sample::select(vec![4usize, 6, 8, 10, 12, 14, 16]),
        cells in board_cells(),
        second in any::<bool>(),
        seed in any::<u64>(),
    ) {
        match size {
            4 => random_board::<Size4>(&cells, second, seed)?,
            6 => random_board::<Size6>(&cells, second, seed)?,
            8 => random_board::<Size8>(&cells, second, seed)?,
            10 => random_board::<Size10>(&cells, second, seed)?,
            12 => random_board::<Size12>(&cells, second, seed)?,
            14 => random_board::<Size14>(&cells, second, seed)?,
            _ => random_board::<Size16>(&cells, second, seed)?,
        }
    }
}

/// Tic-tac-toe move orders that differ only in the order of each side's marks reach the same
/// position, with the same hash.
#[test]
fn tictactoe_transpositions_are_equal_positions() {
    let start = TicTacToe::new(4, 4, 4).unwrap();
    let play = |cells: &[&str]| {
        cells.iter().fold(start, |pos, c| {
            pos.play(pos.parse_move(c).unwrap()).unwrap()
        })
    };
    let a = play(&["a1", "b2", "c3", "d4", "a2"]);
    let b = play(&["a2", "d4", "c3", "b2", "a1"]);
    assert_eq!(a, b);
    assert_eq!(a.hash_key(), b.hash_key());
    assert_ne!(a, play(&["a1", "b2", "c3", "d4", "a3"]));
}

/// Othello move orders that reach the same discs and side to move give equal positions with
/// equal hashes: every position four plies deep, grouped by its board string.
#[test]
fn othello_transpositions_are_equal_positions() {
    let mut by_board: HashMap<String, Vec<Othello<Size8>>> = HashMap::new();
    let mut layer = vec![Othello::<Size8>::start()];
    for _ in 0..4 {
        layer = layer
            .iter()
            .flat_map(|pos| pos.legal_moves().map(|mv| pos.play_unchecked(mv)))
            .collect();
    }
    for pos in layer {
        by_board.entry(pos.to_board_string()).or_default().push(pos);
    }
    let mut transpositions = 0;
    for group in by_board.values() {
        for pos in &group[1..] {
            assert_eq!(*pos, group[0]);
            assert_eq!(pos.hash_key(), group[0].hash_key());
            transpositions += 1;
        }
    }
    assert!(
        transpositions > 0,
        "four plies deep some positions are reached twice"
    );
    let distinct: HashSet<u64> = by_board.values().map(|g| g[0].hash_key()).collect();
    assert_eq!(
        distinct.len(),
        by_board.len(),
        "different positions, different hash keys"
    );
}

/// A forced pass, and a finished game, spelled out.
#[test]
fn othello_pass_and_game_over_reasons() {
    let proto = Othello::<Size4>::start();
    // White (O) to move has no placement; Black could play a1.
    let pass = proto.parse_board("-OXX OOXX XXXX XXXX O").unwrap();
    assert_eq!(pass.legal_moves().collect::<Vec<_>>(), vec![Move::Pass]);
    assert_eq!(pass.check(Move::Pass), Ok(()));
    let a1 = Cell::new(0, 0);
    assert_eq!(
        pass.check(Move::Place(a1)),
        Err(PlayError::MustPass(Side::Second))
    );
    assert_eq!(
        pass.check(Move::Place(Cell::new(1, 0))),
        Err(PlayError::Occupied(Cell::new(1, 0)))
    );
    assert_eq!(pass.outcome(), Outcome::Ongoing);
    let after = pass.play(Move::Pass).unwrap();
    assert_eq!(after.side_to_move(), Side::First);
    assert_eq!(after.check(Move::Pass), Err(PlayError::CannotPass));
    let over = after.play(Move::Place(a1)).unwrap();
    assert_eq!(over.outcome(), Outcome::Won(Side::First));
    assert_eq!(over.legal_moves().count(), 0);
    assert_eq!(over.check(Move::Pass), Err(PlayError::GameOver));
    assert_eq!(over.check(Move::Place(a1)), Err(PlayError::GameOver));
    let off = Cell::new(4, 0);
    assert_eq!(over.check(Move::Place(off)), Err(PlayError::OffBoard(off)));
}

#[test]
fn tictactoe_pass_and_game_over_reasons() {
    let start = TicTacToe::new(3, 3, 3).unwrap();
    assert_eq!(start.check(Move::Pass), Err(PlayError::CannotPass));
    let won = start.parse_board("XXX OO- ---").unwrap();
    assert_eq!(won.outcome(), Outcome::Won(Side::First));
    assert_eq!(won.check(Move::Pass), Err(PlayError::GameOver));
    assert_eq!(
        won.check(Move::Place(Cell::new(2, 2))),
        Err(PlayError::GameOver)
    );
    assert_eq!(
        won.check(Move::Place(Cell::new(0, 0))),
        Err(PlayError::GameOver)
    );
    let off = Cell::new(3, 0);
    assert_eq!(won.check(Move::Place(off)), Err(PlayError::OffBoard(off)));
    assert_eq!(start.check(Move::Place(off)), Err(PlayError::OffBoard(off)));
}

/// Reference validity of a tic-tac-toe board: X has as many marks as O or one more; at most
/// one side has a line, and only the side that moved last; and one of its marks lies on all of
/// its lines (the game stops at the first line, so the last mark completed them all).
fn reachable_by_reference(reference: &RefTicTacToe) -> bool {
    let count = |s| reference.cells.iter().filter(|c| **c == Some(s)).count();
    let (x, o) = (count(Side::First), count(Side::Second));
    if x != o && x != o + 1 {
        return false;
    }
    let last = if x > o { Side::First } else { Side::Second };
    if reference.has_line(!last) {
        return false;
    }
    if !reference.has_line(last) {
        return true;
    }
    (0..reference.cells.len()).any(|i| {
        let mut without = reference.clone();
        if without.cells[i] != Some(last) {
            return false;
        }
        without.cells[i] = None;
        !without.has_line(last)
    })
}

/// Every board of a small shape: `setup` accepts exactly the reachable ones, and agrees with
/// the reference on them. On 3x3 that is the published 5,478.
fn every_board(rows: usize, cols: usize, k: usize) -> usize {
    let proto = TicTacToe::new(rows, cols, k).unwrap();
    let cells = rows * cols;
    let mut accepted = 0;
    for mut code in 0..3usize.pow(cells as u32) {
        let mut reference = RefTicTacToe::new(rows, cols, k);
        for cell in reference.cells.iter_mut() {
            *cell = match code % 3 {
                0 => None,
                1 => Some(Side::First),
                _ => Some(Side::Second),
            };
            code /= 3;
        }
        let valid = reachable_by_reference(&reference);
        match proto.setup(&reference.cells, None) {
            Ok(pos) => {
                assert!(valid, "accepted an unreachable board {:?}", reference.cells);
                accepted += 1;
                assert_eq!(
                    pos.outcome(),
                    reference.outcome(),
                    "{}",
                    pos.to_board_string()
                );
                assert_eq!(
                    pos.legal_moves().collect::<Vec<_>>(),
                    reference.legal_moves()
                );
                assert_eq!(pos.side_to_move(), reference.to_move());
            }
            Err(e) => assert!(
                !valid,
                "refused a reachable board {:?}: {e}",
                reference.cells
            ),
        }
    }
    accepted
}

#[test]
fn tictactoe_setup_accepts_exactly_the_reachable_boards() {
    let facts = common::Facts::load();
    assert_eq!(
        every_board(3, 3, 3) as u64,
        facts.number((3, 3, 3), "positions")
    );
    every_board(3, 4, 3);
    every_board(4, 3, 3);
}
