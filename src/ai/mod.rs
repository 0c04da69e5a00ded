//! Computer players, written once over [`Position`] for every game and size.
//!
//! [`PlayerSpec`] names a player (a level, or an algorithm with its budget) and makes it;
//! [`visit`] runs code on the concrete [`Game`] of a [`Variant`](crate::core::Variant).
//!
//! A [`Player`] picks a move for a position. Searches run on whatever thread calls them (the
//! window runs them on a worker); a [`Stop`] flag shared with another thread cancels them at
//! once, and they report [`Progress`] through a callback. Nothing here knows about the window.

pub mod alphabeta;
pub mod analysis;
pub mod clock;
pub mod engine;
pub mod eval;
pub mod game;
pub mod level;
pub mod mcts;
pub mod minimax;
pub mod othello;
pub mod perfect;
pub mod player;
mod random;
mod recipe;
pub mod review;
pub mod solver;
pub mod tictactoe;
pub mod trace;
pub mod train;
pub mod tt;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::core::{Move, Position};

pub use alphabeta::{AlphaBeta, AlphaBetaPlayer};
pub use engine::{EngineError, EngineSpec};
pub use game::{Game, GameVisitor, Solution, visit, visit_supported};
pub use level::Level;
pub use mcts::MctsPlayer;
pub use minimax::MinimaxPlayer;
pub use perfect::PerfectPlayer;
pub use player::{AlphaBetaLimit, MctsLimit, PlayerSpec, PlayerSpecError};
pub use random::RandomPlayer;
pub use recipe::PROBCUT_SIGMAS;
pub use recipe::StatedBudget;

/// A cancellation flag shared between a search and whoever may stop it, with an optional
/// deadline after which it counts as raised.
///
/// Searches read it every few thousand positions, so a deadline set here is kept to within
/// that much work: this is how time budgets are enforced, without a timer thread.
#[derive(Clone, Debug, Default)]
pub struct Stop {
    flag: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl Stop {
    /// A flag that is not raised and has no deadline.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks every search holding this flag, or one derived from it by
    /// [`with_deadline`](Stop::with_deadline), to return as soon as it can.
    pub fn stop(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// True once [`stop`](Stop::stop) has been called, or once the deadline has passed.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// True if the flag was raised by its owner ([`Stop::stop`]), not just by a deadline
    /// passing: the search is no longer wanted, rather than out of time.
    pub fn is_raised(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    /// A flag raised with this one that is also raised from `deadline` on (or from this
    /// one's own deadline, if that comes first). Stopping either stops both.
    pub fn with_deadline(&self, deadline: Instant) -> Stop {
        Stop {
            flag: self.flag.clone(),
            deadline: Some(self.deadline.map_or(deadline, |d| d.min(deadline))),
        }
    }

    /// The deadline, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }
}

/// The deadline of a search that started at `start` and must answer within `limit`: the limit
/// less a reserve of 2% (at most 20 ms) for noticing the deadline and unwinding.
pub(crate) fn search_deadline(start: Instant, limit: Duration) -> Instant {
    start + limit - (limit / 50).min(Duration::from_millis(20))
}

/// How much work a search may do before it answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// Search this many plies deep (alpha-beta, minimax).
    Depth(u32),
    /// Visit at most this many nodes.
    Nodes(u64),
    /// Run MCTS for this many iterations.
    Iterations(u64),
    /// Stop after this much time.
    Time(Duration),
}

/// How far a search has gone, in the units of its kind of search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Work {
    /// Nothing to count (a random move, a perfect player's lookup).
    #[default]
    Nothing,
    /// Plies searched in full.
    Depth(u32),
    /// Monte Carlo iterations run; the score is then the best move's win rate in percent,
    /// centred on 0.
    Iterations(u64),
    /// An exact solve of a position with this many empty cells, finished.
    Solved(u32),
    /// A selective solve to the end of the game of a position with `empties` empty cells:
    /// its cuts (ProbCut) make the value right with about `percent` % confidence, as NTest
    /// and Edax write `22@73%`.
    Selective {
        /// Empty cells of the position solved.
        empties: u32,
        /// The confidence of the cuts, in percent.
        percent: u32,
    },
    /// Moves of a game reviewed.
    Moves(usize),
}

/// A snapshot of a running search, for display.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// How far the search has gone.
    pub work: Work,
    /// The best move found so far.
    pub best: Option<Move>,
    /// Its score from the mover's point of view, if the player scores moves: the disc
    /// difference for Othello, for tic-tac-toe the moves to a proven end (see
    /// [`Game::display_score`]); for MCTS ([`Work::Iterations`]) the win rate.
    pub score: Option<i32>,
    /// True if `score` is proven, not estimated.
    pub exact: bool,
    /// The principal variation: `best` first, then the replies the search expects, as far
    /// as it knows them (it may hold `best` alone, or be empty where there is no best move).
    pub pv: Vec<Move>,
    /// Positions visited so far.
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
}

/// What a search is given besides the position: the stop flag and where to send progress.
pub struct Context<'a> {
    /// Raised when the search must stop; it then returns its best move so far.
    pub stop: &'a Stop,
    /// Called with progress now and then (each completed depth, or periodically).
    pub report: &'a mut dyn FnMut(&Progress),
    /// How many threads the search may run on (at least 1).
    pub threads: usize,
}

impl<'a> Context<'a> {
    /// A context with the given stop flag and progress callback, for one thread.
    pub fn new(stop: &'a Stop, report: &'a mut dyn FnMut(&Progress)) -> Context<'a> {
        Context {
            stop,
            report,
            threads: 1,
        }
    }

    /// The same context, letting the search run on `threads` threads (at least 1).
    pub fn with_threads(mut self, threads: usize) -> Context<'a> {
        self.threads = threads.max(1);
        self
    }
}

/// A computer player.
///
/// `choose` returns a legal move (the pass when the pass is the only move), also when stopped
/// early; it returns `None` only when the game is over. Only a player that runs another
/// program (an [`engine`]) can fail, with an [`EngineError`]: the players of this crate
/// always answer `Ok`.
pub trait Player<P: Position>: Send {
    /// A short name for display ("Random", "Alpha-beta, depth 6").
    fn name(&self) -> String;

    /// Picks a move for the side to move in `pos`.
    ///
    /// # Errors
    ///
    /// An engine that cannot start, ends, does not answer in time, or answers with what is
    /// no legal move (see [`EngineError`]).
    fn choose(&mut self, pos: &P, ctx: &mut Context<'_>) -> Result<Option<Move>, EngineError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_flag_is_raised_by_its_deadline_or_by_a_call() {
        let now = Instant::now();
        let stop = Stop::new();
        assert!(!stop.is_stopped());
        assert_eq!(stop.deadline(), None);
        assert!(stop.with_deadline(now).is_stopped());
        let later = stop.with_deadline(now + Duration::from_secs(3600));
        assert!(!later.is_stopped());
        assert_eq!(later.deadline(), Some(now + Duration::from_secs(3600)));
        // The earlier deadline wins, whichever way round.
        assert_eq!(later.with_deadline(now).deadline(), Some(now));
        let earlier = stop.with_deadline(now);
        assert_eq!(
            earlier
                .with_deadline(now + Duration::from_secs(1))
                .deadline(),
            Some(now)
        );
        // A derived flag shares the call.
        stop.stop();
        assert!(later.is_stopped());
    }
}
