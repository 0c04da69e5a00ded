//! Analysis: the value of every legal move of a position, from the mover's point of view.
//!
//! Where the position is within the exact solvers' reach (tic-tac-toe boards of up to 16
//! empty cells, the Othello endgame), each move is solved and its value is exact. Elsewhere
//! each move is searched by alpha-beta, one depth more at a time, and the values are
//! estimates of the evaluation (exact only where the search proves the result). A snapshot
//! is reported after each step, so a display can refine its values as they deepen; the
//! [`Stop`] flag cancels the work at any point.
//!
//! [`analyse`] deepens to a depth it is given (the review and the NBoard engine). Analysis
//! mode calls [`keep_analysing`], which has no depth cap: it deepens until every value is
//! exact or it is stopped, and beyond the solvers' reach it hands over to the exact solver
//! as soon as solving looks affordable (see [`keep_analysing`]).

use std::time::{Duration, Instant};

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
    /// The line expected after it: the move itself, then the best replies as far as the
    /// search or the solve gives them.
    pub pv: Vec<Move>,
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

    /// True if every move has a value and every value is exact.
    pub fn all_exact(&self) -> bool {
        !self.values.is_empty() && self.values.iter().all(|v| v.exact)
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
    let moves: Vec<Move> = pos.legal_moves().collect();
    if moves.is_empty() {
        return None;
    }
    let mut engine = AlphaBeta::default().with_learned_eval(true);
    if pos.empty_cells() <= pos.solve_reach() {
        return solve_all(pos, &moves, &mut engine, 1, stop, report);
    }
    // Deeper than the game lasts adds nothing.
    let last = max_depth.clamp(1, pos.empty_cells().max(1));
    let mut analysis = Analysis::default();
    for depth in 1..=last {
        analysis = deepen(pos, &moves, &analysis, &mut engine, depth, 1, stop)?;
        // Proven values do not change with depth.
        analysis.done = depth == last || analysis.all_exact();
        report(&analysis);
        if analysis.done {
            break;
        }
    }
    Some(analysis)
}

/// The shortest time the first attempt to solve the moves of a position beyond the
/// solvers' reach is given (see [`keep_analysing`]).
const FIRST_SOLVE: Duration = Duration::from_millis(250);

/// How many empties beyond [`Game::solve_reach`] [`keep_analysing`] tries the solver at:
/// on 8x8 Othello up to 30 empties, which the solver finishes in minutes; beyond, attempts
/// would only take time from the deepening.
const SOLVE_MARGIN: u32 = 10;

/// Analyses `pos` with no depth cap, until every value is exact or `stop` is raised: Analysis
/// mode, which keeps thinking as long as its position is on the board. The searches and
/// solves run on `threads` threads. `report` hears a snapshot after each depth and each move
/// solved; the last one has [`Analysis::done`] set. `None` if the game is over or `stop` was
/// raised.
///
/// Within [`Game::solve_reach`], every move is solved after a few quick plies, as
/// [`analyse`] does. Beyond it, iterative deepening of the moves not yet exact alternates
/// with attempts to solve them, best estimate first, each attempt given as much time as the
/// whole analysis has taken so far (at least [`FIRST_SOLVE`]): the solver takes over once
/// a move's solve is short next to the thinking already done, an attempt that runs out of
/// time loses at most what was spent before it, and the time given doubles from attempt
/// to attempt. A move solved keeps its exact value; the others deepen on. Deepening that
/// reaches the end of the game is exact by itself.
pub fn keep_analysing<G: Game>(
    pos: &G,
    threads: usize,
    stop: &Stop,
    report: &mut dyn FnMut(&Analysis),
) -> Option<Analysis> {
    let moves: Vec<Move> = pos.legal_moves().collect();
    if moves.is_empty() {
        return None;
    }
    let started = Instant::now();
    let mut engine = AlphaBeta::default().with_learned_eval(true);
    if pos.empty_cells() <= pos.solve_reach() {
        return solve_all(pos, &moves, &mut engine, threads, stop, report);
    }
    let try_solving = pos.empty_cells() <= pos.solve_reach() + SOLVE_MARGIN;
    // One solver for every move and attempt, so a table it keeps serves them all.
    let mut solver = G::Solver::default();
    let mut analysis = Analysis::default();
    for depth in 1.. {
        analysis = deepen(pos, &moves, &analysis, &mut engine, depth, threads, stop)?;
        // A search past the end of the game has proven every value.
        analysis.done = analysis.all_exact();
        report(&analysis);
        if analysis.done {
            break;
        }
        if try_solving && depth >= QUICK_DEPTH {
            let time = started.elapsed().max(FIRST_SOLVE);
            let attempt = stop.with_deadline(Instant::now() + time);
            solve_some(pos, &mut analysis, &mut solver, threads, &attempt, report);
            if stop.is_stopped() {
                return None;
            }
            if analysis.done {
                break;
            }
        }
    }
    Some(analysis)
}

/// The value of the one move `mv` in `pos`, from its mover's point of view: exact (the
/// move solved) when `depth` is `None`, else searched `depth` plies in all, as [`analyse`]
/// values it at that depth (the hand-written evaluation, as the levels below Expert search).
/// For a hint, whose player gives its move but not always its value in the game's units.
/// `None` if `mv` is not legal or `stop` was raised first.
pub fn value_of_move<G: Game>(
    pos: &G,
    mv: Move,
    depth: Option<u32>,
    threads: usize,
    stop: &Stop,
) -> Option<MoveValue> {
    if !pos.is_legal(mv) {
        return None;
    }
    let (score, rest) = match depth {
        None => {
            let mut quiet = |_: &Progress| {};
            solve_move(
                pos,
                mv,
                &mut G::Solver::default(),
                threads,
                stop,
                &mut quiet,
            )?
        }
        Some(depth) => {
            let child = pos.play_unchecked(mv);
            let mut engine = AlphaBeta::default();
            let score = -engine.value_at_depth(&child, depth.max(1) - 1, stop)?;
            (score, engine.table_line(&child, depth as usize))
        }
    };
    Some(move_value(pos, mv, score, depth.is_none(), rest))
}

/// Every move of `pos` (within the solvers' reach) solved, one report each, after a few
/// plies of estimates on Othello so that values show while the solver works.
fn solve_all<G: Game>(
    pos: &G,
    moves: &[Move],
    engine: &mut AlphaBeta,
    threads: usize,
    stop: &Stop,
    report: &mut dyn FnMut(&Analysis),
) -> Option<Analysis> {
    let mut analysis = Analysis::default();
    match G::KIND {
        // A few plies first, in milliseconds, so estimates show while the solver works.
        GameKind::Othello => {
            for depth in 1..=QUICK_DEPTH.min(pos.empty_cells()) {
                analysis = deepen(pos, moves, &analysis, engine, depth, 1, stop)?;
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
        let (score, rest) = solve_move(pos, mv, &mut solver, threads, stop, &mut quiet)?;
        let value = move_value(pos, mv, score, true, rest);
        match analysis.values.get_mut(i) {
            Some(slot) => *slot = value,
            None => analysis.values.push(value),
        }
        analysis.depth = pos.empty_cells();
        analysis.done = i + 1 == moves.len();
        report(&analysis);
    }
    Some(analysis)
}

/// Solves the moves of `analysis` not yet exact, best estimate first, until `stop` is raised
/// or its deadline passes; each move solved is reported. Sets [`Analysis::done`] when every
/// value is exact.
fn solve_some<G: Game>(
    pos: &G,
    analysis: &mut Analysis,
    solver: &mut G::Solver,
    threads: usize,
    stop: &Stop,
    report: &mut dyn FnMut(&Analysis),
) {
    let mut order: Vec<(i32, Move)> = analysis
        .values
        .iter()
        .filter(|v| !v.exact)
        .map(|v| (v.score, v.mv))
        .collect();
    order.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    let mut quiet = |_: &Progress| {};
    for (_, mv) in order {
        let Some((score, rest)) = solve_move(pos, mv, solver, threads, stop, &mut quiet) else {
            return;
        };
        if let Some(slot) = analysis.values.iter_mut().find(|v| v.mv == mv) {
            *slot = move_value(pos, mv, score, true, rest);
        }
        analysis.done = analysis.all_exact();
        report(analysis);
    }
}

/// The exact value of `mv` in `pos`, from the mover's point of view, and the best line after
/// it; `None` if `stop` was raised or its deadline passed first.
fn solve_move<G: Game>(
    pos: &G,
    mv: Move,
    solver: &mut G::Solver,
    threads: usize,
    stop: &Stop,
    quiet: &mut dyn FnMut(&Progress),
) -> Option<(i32, Vec<Move>)> {
    if stop.is_stopped() {
        return None;
    }
    let child = pos.play_unchecked(mv);
    if child.outcome().is_over() {
        return Some((-child.terminal_score(), Vec::new()));
    }
    let mut ctx = Context::new(stop, quiet).with_threads(threads);
    let solution = child.solve_with(solver, &mut ctx, false)?;
    Some((-solution.score, solution.pv))
}

/// Every move searched `depth` plies deep in all (the child `depth - 1`), but those whose
/// value in `before` is already exact, which keep it. From [`HELPED_DEPTH`] plies, each
/// search has `threads - 1` lazy SMP helpers.
fn deepen<G: Game>(
    pos: &G,
    moves: &[Move],
    before: &Analysis,
    engine: &mut AlphaBeta,
    depth: u32,
    threads: usize,
    stop: &Stop,
) -> Option<Analysis> {
    let mut values = Vec::with_capacity(moves.len());
    for &mv in moves {
        if let Some(known) = before.value(mv).filter(|v| v.exact) {
            values.push(known.clone());
            continue;
        }
        // Shallow searches never reach the engine's own periodic check.
        if stop.is_stopped() {
            return None;
        }
        let child = pos.play_unchecked(mv);
        let helpers = (depth >= HELPED_DEPTH && threads > 1)
            .then(|| engine.helpers(&child, threads, depth - 1, stop));
        let score = engine.value_at_depth(&child, depth - 1, stop).map(|v| -v);
        drop(helpers);
        let score = score?;
        // A won or lost line found before the end of the game is proven as won or lost, but
        // not by how much: a move cut off with an estimate could win by more. Only a search
        // that reaches the end of every line is exact: one ply per empty cell, and past
        // them, for a game with passes, as many again and one (two passes end a game).
        let empties = pos.empty_cells();
        let exact = (score.abs() >= PROVEN && depth > empties) || depth > 2 * empties + 1;
        let rest = engine.table_line(&child, depth as usize - 1);
        values.push(move_value(pos, mv, score, exact, rest));
    }
    Some(Analysis {
        values,
        depth,
        done: false,
    })
}

/// From this depth, the searches of [`keep_analysing`] run with helpers on the other
/// threads: below it a search takes too little time to pay for starting them.
const HELPED_DEPTH: u32 = 7;

/// The value of `mv` in `pos`, with the line expected after it (`rest`, from the position
/// `mv` leads to).
fn move_value<G: Game>(pos: &G, mv: Move, score: i32, exact: bool, rest: Vec<Move>) -> MoveValue {
    let mut pv = vec![mv];
    pv.extend(rest);
    MoveValue {
        mv,
        score,
        exact,
        label: pos.move_label(score, exact),
        pv,
    }
}
