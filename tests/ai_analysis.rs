//! Analysis: every legal move's value. Tic-tac-toe values equal the plain perfect solver's;
//! FFO #1's values are exact with g8 best at +18; deepening reports each depth; the stop
//! flag cancels.

mod common;

use std::collections::{HashMap, HashSet};

use boardplay::ai::Stop;
use boardplay::ai::analysis::{Analysis, analyse};
use boardplay::ai::solver::tictactoe::solve_plain;
use boardplay::core::othello::Othello8;
use boardplay::core::tictactoe::TicTacToe;
use boardplay::core::{Move, Outcome, Position};

/// FFO #1, from `tests/data`.
fn ffo_1() -> Othello8 {
    let ffo = common::ffo_positions().into_iter().find(|p| p.id == 1);
    let ffo = ffo.expect("FFO #1 is in the file");
    Othello8::start().parse_board(&ffo.board_string()).unwrap()
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
    // A quick estimate first, then one report per move solved.
    assert_eq!(reports.len(), 1 + a.values.len());
    assert_eq!(reports[0].depth, 1);
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
