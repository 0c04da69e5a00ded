//! Computer players, written once over [`Position`] for every game and size.
//!
//! A [`Player`] picks a move for a position. Searches run on whatever thread calls them (the
//! window runs them on a worker); a [`Stop`] flag shared with another thread cancels them at
//! once, and they report [`Progress`] through a callback. Nothing here knows about the window.

pub mod alphabeta;
pub mod analysis;
pub mod eval;
pub mod game;
pub mod level;
pub mod mcts;
pub mod minimax;
mod random;
pub mod review;
pub mod solver;
pub mod tt;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::core::{Move, Position};

pub use alphabeta::{AlphaBeta, AlphaBetaPlayer};
pub use game::{Game, Solution};
pub use level::{Level, PerfectPlayer, make_player, player_for};
pub use mcts::MctsPlayer;
pub use minimax::MinimaxPlayer;
pub use random::RandomPlayer;

/// A cancellation flag shared between a search and whoever may stop it.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag that is not raised.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks every search holding this flag to return as soon as it can.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// True once [`stop`](Stop::stop) has been called.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
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

/// A snapshot of a running search, for display.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Depth completed (or iterations, for MCTS).
    pub depth: u64,
    /// The best move found so far.
    pub best: Option<Move>,
    /// Its score from the mover's point of view (disc difference for Othello; for
    /// tic-tac-toe see the player's documentation), if the player scores moves.
    pub score: Option<i32>,
    /// True if `score` is proven, not estimated.
    pub exact: bool,
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
}

impl<'a> Context<'a> {
    /// A context with the given stop flag and progress callback.
    pub fn new(stop: &'a Stop, report: &'a mut dyn FnMut(&Progress)) -> Context<'a> {
        Context { stop, report }
    }
}

/// A computer player.
///
/// `choose` returns a legal move (the pass when the pass is the only move), also when stopped
/// early; it returns `None` only when the game is over.
pub trait Player<P: Position>: Send {
    /// A short name for display ("Random", "Alpha-beta, depth 6").
    fn name(&self) -> String;

    /// Picks a move for the side to move in `pos`.
    fn choose(&mut self, pos: &P, ctx: &mut Context<'_>) -> Option<Move>;
}
