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
pub mod book;
pub mod clock;
pub mod engine;
pub mod eval;
pub mod game;
pub mod level;
pub mod mcts;
pub mod millis;
pub mod minimax;
pub mod othello;
pub mod perfect;
pub mod player;
mod progress;
mod random;
mod recipe;
pub mod review;
mod search;
mod slot;
pub mod solver;
mod stop;
pub mod tictactoe;
pub mod trace;
pub mod train;
pub mod tt;

pub use alphabeta::{AlphaBeta, AlphaBetaPlayer};
pub use engine::{EngineError, EngineSpec};
pub use game::{Game, GameVisitor, Solution, visit, visit_supported};
pub use level::Level;
pub use mcts::MctsPlayer;
pub use minimax::MinimaxPlayer;
pub use perfect::PerfectPlayer;
pub use player::{AlphaBetaLimit, MctsLimit, PlayerSpec, PlayerSpecError};
pub use progress::{Progress, Work};
pub use random::RandomPlayer;
pub use recipe::PROBCUT_SIGMAS;
pub use recipe::StatedBudget;
pub use search::{Budget, Context, Player};
pub use stop::Stop;
pub(crate) use stop::search_deadline;

/// A seed for random choices that differs from run to run: the clock's nanoseconds. The
/// window's computer players and `test-positions` without `--seed` start from it.
pub fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
