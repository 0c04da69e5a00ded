//! Analysis: the value of every legal move of a position, from the mover's point of view.
//!
//! Where the position is within the exact solvers' reach (tic-tac-toe boards of up to 16
//! empty cells, the Othello endgame), each move is solved and its value is exact. Elsewhere
//! each move is searched by alpha-beta, one depth more at a time, and the values are
//! estimates of the evaluation (exact only where the search proves the result). A snapshot
//! is reported after each step, so a display can refine its values as they deepen; the
//! [`Stop`] flag cancels the work at any point.

use super::alphabeta::AlphaBeta;
use super::game::{Game, PROVEN};
use super::{Context, Progress, Stop};
use crate::core::{GameKind, Move};

/// The plies searched before the solver starts, within its reach: milliseconds of work.
const QUICK_DEPTH: u32 = 4;

/// The value of one legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// Its value on the search scale of [`Game`] (for comparing moves).
    pub score: i32,
    /// True if the value is proven, not estimated.
    pub exact: bool,
    /// The value in the game's units, short enough to write on a cell: "+18" or "-2" (disc
    /// difference in Othello), "W3" / "D" / "L2" (tic-tac-toe: win or loss in that many
    /// moves, this one included, or a draw), "?" for an unproven tic-tac-toe move.
    pub label: String,
}

/// A snapshot of an analysis: the values found so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// One value per legal move analysed so far, in the order of the legal moves.
    pub values: Vec<MoveValue>,
    /// The search depth the values come from (plies below each move); for exact values,
    /// the empty cells solved.
    pub depth: u32,
    /// True once every move has its final value (exact, or at the deepest depth asked).
    pub done: bool,
}

impl Analysis {
    /// The value of `mv`, if analysed.
    pub fn value(&self, mv: Move) -> Option<&MoveValue> {
        self.values.iter().find(|v| v.mv == mv)
    }

    /// The best score among the moves analysed.
    pub fn best_score(&self) -> Option<i32> {
        self.values.iter().map(|v| v.score).max()
    }

    /// True if `mv` has the best score among the moves analysed.
    pub fn is_best(&self, mv: Move) -> bool {
        self.value(mv)
            .is_some_and(|v| Some(v.score) == self.best_score())
    }
}

/// Analyses `pos`: every legal move's value, exact within [`Game::solve_reach`] (the reach of the
/// players that solve before their move), else by
/// iterative deepening up to `max_depth` plies below each move. `report` hears a snapshot
/// after each move solved or each depth completed. Returns the last snapshot, or `None` if
/// the game is over or `stop` was raised.
pub fn analyse<G: Game>(
    pos: &G,
    max_depth: u32,
    stop: &Stop,
    report: &mut dyn FnMut(&Analysis),
) -> Option<Analysis> {
    analyse_on(pos, max_depth, 1, stop, report)
}

/// [`analyse`] with the exact solves on `threads` threads.
pub fn analyse_on<G: Game>(
    pos: &G,
    max_depth: u32,
    threads: usize,
    stop: &Stop,
    report: &mut dyn FnMut(&Analysis),
) -> Option<Analysis> {
    let moves: Vec<Move> = pos.legal_moves().collect();
    if moves.is_empty() {
        return None;
    }
    let mut engine = AlphaBeta::default().with_learned_eval(true);
    let mut analysis = Analysis::default();
    if pos.empty_cells() <= pos.solve_reach() {
        match G::KIND {
            // A few plies first, in milliseconds, so estimates show while the solver works.
            GameKind::Othello => {
                for depth in 1..=QUICK_DEPTH.min(pos.empty_cells()) {
                    analysis = deepen(pos, &moves, &mut engine, depth, stop)?;
                    report(&analysis);
                }
            }
            // Solved at once.
            GameKind::TicTacToe => {}
        }
        // One solver for every move, so a table it keeps serves them all.
        let mut solver = G::Solver::default();
        let mut quiet = |_: &Progress| {};
        for (i, &mv) in moves.iter().enumerate() {
            if stop.is_stopped() {
                return None;
            }
            let child = pos.play_unchecked(mv);
            let score = if child.outcome().is_over() {
                -child.terminal_score()
            } else {
                let mut ctx = Context::new(stop, &mut quiet).with_threads(threads);
                -child.solve_with(&mut solver, &mut ctx, false)?.score
            };
            let value = move_value(pos, mv, score, true);
            match analysis.values.get_mut(i) {
                Some(slot) => *slot = value,
                None => analysis.values.push(value),
            }
            analysis.depth = pos.empty_cells();
            analysis.done = i + 1 == moves.len();
            report(&analysis);
        }
        return Some(analysis);
    }
    // Deeper than the game lasts adds nothing.
    let last = max_depth.clamp(1, pos.empty_cells().max(1));
    for depth in 1..=last {
        analysis = deepen(pos, &moves, &mut engine, depth, stop)?;
        // Proven values do not change with depth.
        analysis.done = depth == last || analysis.values.iter().all(|v| v.exact);
        report(&analysis);
        if analysis.done {
            break;
        }
    }
    Some(analysis)
}

/// Every move searched `depth` plies deep in all: the child searched `depth - 1`.
fn deepen<G: Game>(
    pos: &G,
    moves: &[Move],
    engine: &mut AlphaBeta,
    depth: u32,
    stop: &Stop,
) -> Option<Analysis> {
    let mut values = Vec::with_capacity(moves.len());
    for &mv in moves {
        // Shallow searches never reach the engine's own periodic check.
        if stop.is_stopped() {
            return None;
        }
        let child = pos.play_unchecked(mv);
        let score = -engine.value_at_depth(&child, depth - 1, stop)?;
        // A won or lost line found before the end of the game is proven as won or lost, but
        // not by how much: a move cut off with an estimate could win by more. Only a search
        // that reaches the end of every line is exact.
        let exact = score.abs() >= PROVEN && depth > pos.empty_cells();
        values.push(move_value(pos, mv, score, exact));
    }
    Some(Analysis {
        values,
        depth,
        done: false,
    })
}

fn move_value<G: Game>(pos: &G, mv: Move, score: i32, exact: bool) -> MoveValue {
    MoveValue {
        mv,
        score,
        exact,
        label: pos.move_label(score, exact),
    }
}
