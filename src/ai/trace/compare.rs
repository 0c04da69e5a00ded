//! Every algorithm on one position: the move each picks, its value, its work and time, and
//! whether they agree where they must.

use std::time::{Duration, Instant};

use super::NoObserver;
use super::mcts_view::watch_mcts;
use super::pv::solver_line;
use crate::ai::alphabeta::AlphaBeta;
use crate::ai::game::Game;
use crate::ai::mcts::MctsPlayer;
use crate::ai::minimax::minimax_first;
use crate::ai::{Budget, Context, Player, RandomPlayer, Stop};
use crate::core::{GameKind, Move, Side};

/// The algorithms compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// A uniformly random legal move.
    Random,
    /// Plain minimax to the depth.
    Minimax,
    /// The players' alpha-beta to the same depth.
    AlphaBeta,
    /// Monte Carlo tree search for the iterations.
    Mcts,
    /// The exact solver.
    Solver,
}

impl Algorithm {
    /// Its name in a table.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Random => "random",
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alpha-beta",
            Algorithm::Mcts => "MCTS",
            Algorithm::Solver => "solver",
        }
    }
}

/// How much each algorithm may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompareBudget {
    /// Plies for minimax and alpha-beta (at least 1).
    pub depth: u32,
    /// Iterations for MCTS.
    pub iterations: u64,
    /// The solver runs on positions with at most this many empty cells.
    pub solve_empties: u32,
    /// The random player's and MCTS's seed.
    pub seed: u64,
}

impl Default for CompareBudget {
    fn default() -> Self {
        CompareBudget {
            depth: 4,
            iterations: 10_000,
            solve_empties: 16,
            seed: 1,
        }
    }
}

/// What one algorithm found.
#[derive(Clone, Debug, PartialEq)]
pub struct AlgorithmResult {
    /// Which algorithm.
    pub algorithm: Algorithm,
    /// The move it picks (`None` if stopped before it had one).
    pub mv: Option<Move>,
    /// Its value of the position for the side to move, on the search scale of [`Game`]:
    /// none for random; for MCTS the best move's win rate in percent (0 to 100), a
    /// different scale.
    pub value: Option<i32>,
    /// Positions visited (MCTS: iterations).
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// True if it was stopped before it finished.
    pub stopped: bool,
}

/// Every algorithm on one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// One result per algorithm run, in the order of [`Algorithm`]; the solver's only if
    /// the position was within its reach.
    pub results: Vec<AlgorithmResult>,
    /// Minimax and alpha-beta must find the same value at the same depth: whether they did
    /// (`None` if either was stopped).
    pub minimax_equals_alphabeta: Option<bool>,
    /// The solver's value is the true one; a proven value of minimax or alpha-beta (a
    /// search that reached the end of the game on every line: magnitude at least
    /// [`PROVEN`](crate::ai::game::PROVEN), or any value of a tic-tac-toe search as deep as
    /// the empty cells) must equal it: whether each did (`None` where
    /// there is nothing to check).
    pub proven_equal_true: Option<bool>,
}

impl Comparison {
    /// The result of `algorithm`, if it ran.
    pub fn get(&self, algorithm: Algorithm) -> Option<&AlgorithmResult> {
        self.results.iter().find(|r| r.algorithm == algorithm)
    }
}

/// Runs every algorithm on `pos` within `budget`, one after the other on this thread;
/// raising `stop` ends the one running (it reports `stopped`) and skips the rest.
pub fn compare<G: Game>(pos: &G, budget: &CompareBudget, stop: &Stop) -> Comparison {
    let depth = budget.depth.max(1);
    let mut results = vec![run_random(pos, budget.seed, stop)];
    results.push(run_minimax(pos, depth, stop));
    results.push(timed(Algorithm::AlphaBeta, || {
        let mut engine = AlphaBeta::new(18);
        let found = engine.watched_root(pos, depth, stop, &mut NoObserver);
        (
            found.and_then(|(_, mv)| mv),
            found.map(|(v, _)| v),
            engine.nodes(),
            found.is_none(),
        )
    }));
    results.push(timed(Algorithm::Mcts, || {
        let mut player = MctsPlayer::new(Budget::Iterations(budget.iterations), budget.seed);
        let snap = watch_mcts(
            &mut player,
            pos,
            budget.iterations,
            u64::MAX,
            stop,
            &mut |_| {},
        );
        let rate = snap
            .moves
            .iter()
            .find(|m| Some(m.mv) == snap.best)
            .and_then(|m| m.win_rate);
        let stopped = snap.iterations < budget.iterations;
        let value = rate.map(|r| (r * 100.0).round() as i32);
        (snap.best, value, snap.iterations, stopped)
    }));
    if pos.empty_cells() <= budget.solve_empties && !pos.outcome().is_over() {
        results.push(timed(Algorithm::Solver, || match solver_line(pos, stop) {
            Some(line) => (
                line.moves.first().copied(),
                Some(line.value),
                line.nodes,
                false,
            ),
            None => (None, None, 0, true),
        }));
    }
    let value = |a: Algorithm| {
        results
            .iter()
            .find(|r| r.algorithm == a && !r.stopped)
            .and_then(|r| r.value)
    };
    let minimax_equals_alphabeta = value(Algorithm::Minimax)
        .zip(value(Algorithm::AlphaBeta))
        .map(|(m, a)| m == a);
    // A tic-tac-toe search as deep as the empty cells reaches the end of every line (no
    // passes), so even its draws are proven.
    let to_the_end = G::KIND == GameKind::TicTacToe && depth >= pos.empty_cells();
    let proven_equal_true = value(Algorithm::Solver).and_then(|truth| {
        let proven: Vec<i32> = [Algorithm::Minimax, Algorithm::AlphaBeta]
            .into_iter()
            .filter_map(value)
            .filter(|v| v.abs() >= crate::ai::game::PROVEN || to_the_end)
            .collect();
        (!proven.is_empty()).then(|| proven.iter().all(|&v| v == truth))
    });
    Comparison {
        results,
        minimax_equals_alphabeta,
        proven_equal_true,
    }
}

/// Runs `search`, which returns the move, value, nodes and whether it was stopped, timing it.
fn timed(
    algorithm: Algorithm,
    search: impl FnOnce() -> (Option<Move>, Option<i32>, u64, bool),
) -> AlgorithmResult {
    let start = Instant::now();
    let (mv, value, nodes, stopped) = search();
    AlgorithmResult {
        algorithm,
        mv,
        value,
        nodes,
        time: start.elapsed(),
        stopped,
    }
}

fn run_random<G: Game>(pos: &G, seed: u64, stop: &Stop) -> AlgorithmResult {
    timed(Algorithm::Random, || {
        let mut quiet = |_: &crate::ai::Progress| {};
        let mut ctx = Context::new(stop, &mut quiet);
        let mv = RandomPlayer::new(seed).choose(pos, &mut ctx).ok().flatten();
        (mv, None, 0, false)
    })
}

/// Minimax as its player searches: each root move in turn, the stop flag read between them,
/// the best the first in move order among equals.
fn run_minimax<G: Game>(pos: &G, depth: u32, stop: &Stop) -> AlgorithmResult {
    timed(Algorithm::Minimax, || {
        let mut nodes = 1;
        let mut best: Option<(Move, i32)> = None;
        let mut stopped = false;
        for mv in pos.legal_moves() {
            if stop.is_stopped() {
                stopped = true;
                break;
            }
            let v = minimax_first(&pos.play_unchecked(mv), depth - 1, &mut nodes);
            let v = match pos.side_to_move() {
                Side::First => v,
                Side::Second => -v,
            };
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((mv, v));
            }
        }
        let value = if stopped {
            None
        } else if pos.outcome().is_over() {
            Some(pos.terminal_score())
        } else {
            best.map(|b| b.1)
        };
        (best.map(|b| b.0), value, nodes, stopped)
    })
}
