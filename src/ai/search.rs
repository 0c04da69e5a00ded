//! What a search is given and what it is: its [`Budget`], its [`Context`] (the stop flag,
//! where progress goes, its threads) and the [`Player`] trait every player implements.

use std::time::Duration;

use crate::core::{Move, Position};

use super::{EngineError, Progress, Stop};

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

/// What a search is given besides the position: the stop flag and where to send progress.
pub struct Context<'a> {
    /// Raised when the search must stop; it then returns its best move so far.
    pub stop: &'a Stop,
    /// Called with progress now and then (each completed depth, or periodically).
    pub report: &'a mut dyn FnMut(&Progress),
    /// How many threads the search may run on (at least 1).
    pub threads: usize,
    /// The search picks a move to play, not values to show: a solve on a clock may then
    /// settle for a move proven to keep the result (see
    /// [`othello_endgame`](super::solver::othello_endgame)).
    pub to_play: bool,
}

impl<'a> Context<'a> {
    /// A context with the given stop flag and progress callback, for one thread.
    pub fn new(stop: &'a Stop, report: &'a mut dyn FnMut(&Progress)) -> Context<'a> {
        Context {
            stop,
            report,
            threads: 1,
            to_play: false,
        }
    }

    /// The same context, letting the search run on `threads` threads (at least 1).
    pub fn with_threads(mut self, threads: usize) -> Context<'a> {
        self.threads = threads.max(1);
        self
    }

    /// The same context, for a search that picks a move to play ([`Context::to_play`]).
    pub fn to_play(mut self) -> Context<'a> {
        self.to_play = true;
        self
    }
}

/// A computer player.
///
/// `choose` returns a legal move (the pass when the pass is the only move), also when stopped
/// early; it returns `None` only when the game is over. Only a player that runs another
/// program (an [`engine`](super::engine)) can fail, with an [`EngineError`]: the players of this crate
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
