//! Analysis: every legal move's value. Tic-tac-toe values equal the plain perfect solver's;
//! FFO #1's values are exact with g8 best at +18; deepening reports each depth; the stop
//! flag cancels.

mod common;

use std::collections::{HashMap, HashSet};

use boardplay::ai::analysis::{Analysis, analyse, keep_analysing};
use boardplay::ai::solver::othello_endgame::solve;
use boardplay::ai::solver::tictactoe::solve_plain;
use boardplay::ai::{Context, Game, Progress, Stop};
use boardplay::core::othello::{Othello, Othello8, Size6};
use boardplay::core::tictactoe::TicTacToe;
use boardplay::core::{Move, Outcome, Position, Side, notation};
use common::reference::{RefOthello, Reference};

/// FFO #1, from `tests/data`.
fn ffo_1() -> Othello8 {
    Othello8::start()
        .parse_board(&common::ffo(1).board_string())
        .unwrap()
}

fn reachable(pos: TicTacToe, seen: &mut HashSet<TicTacToe>, out: &mut Vec<TicTacToe>) {
    if !seen.insert(pos) {
        return;
    }
    out.push(pos);
    for mv in pos.legal_moves() {
        reachable(pos.play_unchecked(mv), seen, out);
    }
}

/// How a tic-tac-toe game ends under perfect play, for the side to move: won, drawn or lost,
/// and in how many plies. A winner takes the quickest win and a loser holds out longest; the
/// plain rule of "W3" and "L4" labels, worked out here from the rules alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Win(u32),
    Draw,
    Loss(u32),
}

impl Ending {
    /// Higher is better for the side to move.
    fn rank(self) -> (i32, i64) {
        match self {
            Ending::Win(plies) => (1, -i64::from(plies)),
            Ending::Draw => (0, 0),
            Ending::Loss(plies) => (-1, i64::from(plies)),
        }
    }

    /// The same ending seen by the side that moved into it, one ply earlier.
    fn before(self) -> Ending {
        match self {
            Ending::Win(plies) => Ending::Loss(plies + 1),
            Ending::Draw => Ending::Draw,
            Ending::Loss(plies) => Ending::Win(plies + 1),
        }
    }
}

/// [`Ending`] of `pos` by trying every move, remembered per position.
fn ending(pos: &TicTacToe, memo: &mut HashMap<TicTacToe, Ending>) -> Ending {
    if let Some(&e) = memo.get(pos) {
        return e;
    }
    let e = match pos.outcome() {
        // The side that just moved made the line.
        Outcome::Won(_) => Ending::Loss(0),
        Outcome::Drawn => Ending::Draw,
        Outcome::Ongoing => pos
            .legal_moves()
            .map(|mv| ending(&pos.play_unchecked(mv), memo).before())
            .max_by_key(|e| e.rank())
            .expect("a game in progress has a move"),
    };
    memo.insert(*pos, e);
    e
}

/// The label the analysis should write for `mv`: "W3" for a win in three plies counting `mv`,
/// "L4" for a loss, "D" for a draw.
fn ttt_label(pos: &TicTacToe, mv: Move, memo: &mut HashMap<TicTacToe, Ending>) -> String {
    match ending(&pos.play_unchecked(mv), memo).before() {
        Ending::Win(plies) => format!("W{plies}"),
        Ending::Loss(plies) => format!("L{plies}"),
        Ending::Draw => "D".into(),
    }
}

#[test]
fn tictactoe_values_equal_the_perfect_solvers_in_every_reachable_3x3_position() {
    let mut all = Vec::new();
    reachable(TicTacToe::classic(), &mut HashSet::new(), &mut all);
    let stop = Stop::new();
    let mut memo = HashMap::new();
    let mut checked = 0;
    for pos in all.into_iter().filter(|p| !p.outcome().is_over()) {
        let a = analyse(&pos, 9, &stop, &mut |_| {}).expect("a game in progress");
        assert!(a.done);
        let moves: Vec<Move> = pos.legal_moves().collect();
        assert_eq!(a.values.iter().map(|v| v.mv).collect::<Vec<_>>(), moves);
        for v in &a.values {
            let want = -solve_plain(&pos.play_unchecked(v.mv));
            assert_eq!(v.score, want, "{} {}", pos.to_board_string(), v.mv);
            assert!(v.exact);
            assert_eq!(v.label, ttt_label(&pos, v.mv, &mut memo));
        }
        checked += 1;
    }
    assert!(checked > 4000);
}

#[test]
fn tictactoe_4x4_values_equal_the_perfect_solvers() {
    // Six marks in: small enough for the plain solver.
    let pos = TicTacToe::square(4)
        .unwrap()
        .parse_board("XO--OX----X-O--- X")
        .unwrap();
    let a = analyse(&pos, 16, &Stop::new(), &mut |_| {}).unwrap();
    assert_eq!(a.values.len(), 10);
    let mut memo = HashMap::new();
    for v in &a.values {
        let want = -solve_plain(&pos.play_unchecked(v.mv));
        assert_eq!(v.score, want, "{}", v.mv);
        assert_eq!(v.label, ttt_label(&pos, v.mv, &mut memo));
    }
}

#[test]
fn ffo_1_values_are_exact_and_g8_is_best_at_plus_18() {
    let pos = ffo_1();
    let mut reports: Vec<Analysis> = Vec::new();
    let a = analyse(&pos, 64, &Stop::new(), &mut |a| reports.push(a.clone())).unwrap();
    assert!(a.done);
    assert_eq!(a.values.len(), pos.move_count());
    assert!(a.values.iter().all(|v| v.exact));
    let g8 = a.value("g8".parse().unwrap()).expect("g8 is legal");
    assert_eq!(g8.label, "+18");
    assert!(a.is_best(g8.mv));
    assert!(
        a.values
            .iter()
            .filter(|v| v.mv != g8.mv)
            .all(|v| v.score < g8.score),
        "g8 is the only best move: {:?}",
        a.values
    );
    // Quick estimates first (depths 1 to 4, milliseconds), then one report per move solved.
    assert_eq!(reports.len(), 4 + a.values.len());
    assert_eq!(reports[0].depth, 1);
    assert!(
        reports[..4]
            .iter()
            .all(|r| r.values.iter().all(|v| !v.exact))
    );
    assert_eq!(reports.last(), Some(&a));
}

#[test]
fn a_midgame_deepens_one_depth_per_report_and_stops_when_asked() {
    let mut pos = Othello8::start();
    for _ in 0..6 {
        pos = pos.play_unchecked(pos.legal_moves().next().unwrap());
    }
    let mut depths = Vec::new();
    let a = analyse(&pos, 4, &Stop::new(), &mut |a| depths.push(a.depth)).unwrap();
    assert_eq!(depths, [1, 2, 3, 4]);
    assert_eq!(a.values.len(), pos.move_count());
    assert!(a.values.iter().all(|v| !v.exact));
    // Depth 1 is the evaluation after each move; every label is a signed disc estimate.
    assert!(a.values.iter().all(|v| v.label.starts_with(['+', '-'])));

    let stop = Stop::new();
    stop.stop();
    assert_eq!(analyse(&pos, 20, &stop, &mut |_| {}), None);
}

/// The exact value of a reference Othello position for the side to move, by plain negamax to
/// the end of the game over the cell-by-cell rules: the disc difference, with the empty cells
/// going to the winner (the convention of the FFO scores).
fn reference_value(pos: &RefOthello) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        let [black, white] = pos.counts();
        let (own, other) = match pos.to_move() {
            Side::First => (black as i32, white as i32),
            Side::Second => (white as i32, black as i32),
        };
        let empties = (pos.n * pos.n) as i32 - own - other;
        let diff = own - other;
        return diff + diff.signum() * empties;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play(mv);
            -reference_value(&child)
        })
        .max()
        .unwrap()
}

/// The reference grid of an 8x8 position, read from its board string.
fn reference_of(pos: &Othello8) -> RefOthello {
    let text = notation::format_board(pos);
    let (cells, side) = text.split_once(' ').unwrap();
    let mut r = RefOthello::start(8);
    r.cells = cells
        .chars()
        .map(|c| match c {
            'X' => Some(Side::First),
            'O' => Some(Side::Second),
            _ => None,
        })
        .collect();
    r.to_move = if side == "X" {
        Side::First
    } else {
        Side::Second
    };
    r
}

/// Every value an analysis shows, and whether it is marked exact.
fn shown(a: &Analysis) -> Vec<(String, String, bool)> {
    a.values
        .iter()
        .map(|v| (v.mv.to_string(), v.label.clone(), v.exact))
        .collect()
}

#[test]
fn exact_values_equal_a_plain_negamax_on_many_endgame_positions() {
    // Positions of 8 and 9 empties reached by pseudo-random moves from the FFO positions.
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % n
    };
    let mut checked = 0;
    for ffo in common::ffo_positions().into_iter().filter(|f| f.id <= 19) {
        for target in [9, 8] {
            let mut pos = Othello8::start().parse_board(&ffo.board_string()).unwrap();
            while pos.empty_cells() > target && !pos.outcome().is_over() {
                let moves: Vec<Move> = pos.legal_moves().collect();
                pos = pos.play_unchecked(moves[next(moves.len())]);
            }
            if pos.outcome().is_over() || pos.legal_moves().all(|m| m == Move::Pass) {
                continue;
            }
            let a = analyse(&pos, 64, &Stop::new(), &mut |_| {}).unwrap();
            let reference = reference_of(&pos);
            let expected: Vec<(String, String, bool)> = pos
                .legal_moves()
                .map(|mv| {
                    let mut child = reference.clone();
                    child.play(mv);
                    (
                        mv.to_string(),
                        format!("{:+}", -reference_value(&child)),
                        true,
                    )
                })
                .collect();
            assert_eq!(
                shown(&a),
                expected,
                "FFO #{} played down to {target} empties",
                ffo.id
            );
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} positions checked");
}

#[test]
fn exact_values_at_16_to_20_empties_give_the_published_best_moves_and_scores() {
    // FFO #13-#20: 16 to 20 empties, all within the analysis' exact reach on 8x8.
    for ffo in common::ffo_positions()
        .into_iter()
        .filter(|f| [13, 16, 18, 20].contains(&f.id))
    {
        let pos = Othello8::start().parse_board(&ffo.board_string()).unwrap();
        let a = analyse(&pos, 64, &Stop::new(), &mut |_| {}).unwrap();
        assert!(
            a.values.iter().all(|v| v.exact),
            "FFO #{}: {:?}",
            ffo.id,
            shown(&a)
        );
        let best: Vec<String> = a
            .values
            .iter()
            .filter(|v| a.is_best(v.mv))
            .map(|v| v.mv.to_string())
            .collect();
        let mut published = ffo.best_moves.clone();
        published.sort();
        let mut found = best.clone();
        found.sort();
        assert_eq!(found, published, "FFO #{}", ffo.id);
        let top = a.value(best[0].parse().unwrap()).unwrap();
        assert_eq!(top.label, format!("{:+}", ffo.score), "FFO #{}", ffo.id);
    }
}

#[test]
fn the_game_of_the_report_shows_values_that_can_happen() {
    // From a bug report: this game showed -136 on h2, its only move, and then +114 to +138
    // with d8 alone best. `boardplay solve` gives -64, then +64 with six best moves.
    let moves = "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1a4d1b2e2d7a1g4a5e1f2f1f3a7a2g2g1a3a8b6\
                 b7f6c7b8h1g3h3";
    let (_, pos) = notation::play_moves(&Othello8::start(), moves).unwrap();
    let mut reports = Vec::new();
    let a = analyse(&pos, 64, &Stop::new(), &mut |a| reports.push(a.clone())).unwrap();
    assert_eq!(shown(&a), [("h2".to_string(), "-64".to_string(), true)]);
    // Every value ever shown lies within the board's range, estimates included.
    let in_range = |label: &str| label.parse::<i32>().is_ok_and(|v| (-64..=64).contains(&v));
    assert!(
        reports
            .iter()
            .flat_map(|r| &r.values)
            .all(|v| in_range(&v.label))
    );

    let after = pos.play("h2".parse().unwrap()).unwrap();
    let mut reports = Vec::new();
    let a = analyse(&after, 64, &Stop::new(), &mut |a| reports.push(a.clone())).unwrap();
    assert!(a.values.iter().all(|v| v.exact));
    let mut best: Vec<String> = a
        .values
        .iter()
        .filter(|v| v.label == "+64")
        .map(|v| v.mv.to_string())
        .collect();
    best.sort();
    assert_eq!(best, ["d8", "e8", "g5", "g7", "h4", "h5"]);
    assert!(
        reports
            .iter()
            .flat_map(|r| &r.values)
            .all(|v| in_range(&v.label))
    );
}

/// The exact value of `mv` in `pos` for its mover by a direct solve of the position it leads
/// to: the endgame solver alone, which `ai_othello.rs` checks against the plain solver and
/// the published FFO scores.
fn solved(pos: &Othello8, mv: Move) -> i32 {
    let child = pos.play_unchecked(mv);
    if child.outcome().is_over() {
        return -child.final_score();
    }
    let stop = Stop::new();
    let mut quiet = |_: &Progress| {};
    -solve(&child, &mut Context::new(&stop, &mut quiet), false)
        .unwrap()
        .score
}

#[test]
fn with_no_depth_cap_every_value_becomes_exact_beyond_the_solvers_reach() {
    // FFO #35-#37: 21 and 22 empties, beyond the 20 that the analysis solves at once on 8x8.
    // The plain solver needs 47 to 175 s a move at 21 and 22 empties (a null window around
    // the known value), far too long for a test: the reference is the published scores and
    // every best move, and a direct solve of each other move.
    for ffo in common::ffo_positions()
        .into_iter()
        .filter(|f| (35..=37).contains(&f.id))
    {
        let pos = Othello8::start().parse_board(&ffo.board_string()).unwrap();
        assert!(pos.empty_cells() > pos.solve_reach(), "FFO #{}", ffo.id);
        let mut reports: Vec<Analysis> = Vec::new();
        let a = keep_analysing(&pos, 1, &Stop::new(), &mut |a| reports.push(a.clone()))
            .expect("a game in progress");
        assert!(a.done && a.all_exact(), "FFO #{}: {:?}", ffo.id, shown(&a));
        // It deepened first, without stopping at any depth before the values were exact.
        let depths: Vec<u32> = reports.iter().map(|r| r.depth).collect();
        assert!(depths.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1));
        assert_eq!(depths[0], 1);
        assert!(reports[..reports.len() - 1].iter().all(|r| !r.done));
        assert_eq!(reports.last(), Some(&a));
        let mut best: Vec<String> = a
            .values
            .iter()
            .filter(|v| a.is_best(v.mv))
            .map(|v| v.mv.to_string())
            .collect();
        best.sort();
        let mut published = ffo.best_moves.clone();
        published.sort();
        assert_eq!(best, published, "FFO #{}", ffo.id);
        for v in &a.values {
            let want = if published.contains(&v.mv.to_string()) {
                ffo.score
            } else {
                solved(&pos, v.mv)
            };
            assert_eq!(v.label, format!("{want:+}"), "FFO #{} {}", ffo.id, v.mv);
        }
    }
}

#[test]
fn with_no_depth_cap_a_midgame_deepens_past_the_old_cap_until_stopped() {
    // Othello 6x6 two moves in: 30 empties, beyond any solving, so only deepening.
    let mut pos = Othello::<Size6>::start();
    for _ in 0..2 {
        pos = pos.play_unchecked(pos.legal_moves().next().unwrap());
    }
    let stop = Stop::new();
    let mut depths = Vec::new();
    let answer = keep_analysing(&pos, 1, &stop, &mut |a| {
        assert!(!a.done && !a.all_exact());
        depths.push(a.depth);
        if a.depth == 11 {
            stop.stop();
        }
    });
    assert_eq!(answer, None, "stopped");
    // Every depth in turn; a solve tried between two depths (within its time, so on some
    // machines and not others) may report again at the depth reached, with a move made exact.
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
    depths.dedup();
    assert_eq!(depths, (1..=11).collect::<Vec<_>>());
}
