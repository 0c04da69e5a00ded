//! Watching the searches think: the players' own minimax and alpha-beta, told to an
//! [`Observer`] as they go, and what a learner's view needs from them.
//!
//! The searches take the observer as a type parameter: the players pass [`NoObserver`],
//! whose methods are empty and inlined away, so their searches compile to the code they had
//! before there was anything to watch. A [`Recorder`] keeps what it is told as a tree
//! ([`Tree`]: a flat arena with parent indices, capped in size) that a view can expand level
//! by level or replay one step at a time ([`Tree::steps`]).
//!
//! Besides the trees: [`MctsSnapshot`] (the root's statistics of a running Monte Carlo
//! search), [`principal_variation`] (a position's value and the line the searches expect)
//! and [`compare()`] (every algorithm on one position, and whether they agree where they must).
//! Every function here runs on the caller's thread and stops when its [`Stop`](super::Stop)
//! is raised, so a window runs them on a worker.

mod compare;
mod mcts_view;
mod pv;
mod record;

pub use compare::{Algorithm, AlgorithmResult, CompareBudget, Comparison, compare};
pub use mcts_view::{MctsMoveStats, MctsSnapshot, watch_mcts};
pub use pv::{PvLine, principal_variation, solver_line};
pub use record::{
    Cut, DEFAULT_CAP, Recorder, Step, Tree, TreeNode, count_tree, watch_alphabeta, watch_minimax,
};

use crate::core::Move;

/// What a search tells as it visits its tree. Every method has an empty default, so an
/// observer implements what it wants.
///
/// A search calls [`enter`](Observer::enter) on arriving at a node and
/// [`leave`](Observer::leave) with its value when done with it; between the two come the
/// node's children, each entered and left in turn, so the calls nest as the tree does.
pub trait Observer<G> {
    /// Whether [`cut`](Observer::cut) does anything: a search that knows it does not spares
    /// itself the list of skipped moves.
    const WATCHES_CUTS: bool = false;

    /// A node: its position, the plies left to search below it, and for alpha-beta the
    /// window (alpha, beta) it was entered with (from its side to move's point of view).
    #[inline(always)]
    fn enter(&mut self, pos: &G, depth: u32, window: Option<(i32, i32)>) {
        let _ = (pos, depth, window);
    }

    /// The node last entered is done: its value from its side to move's point of view (for
    /// alpha-beta a bound when it falls outside the window).
    #[inline(always)]
    fn leave(&mut self, value: i32) {
        let _ = value;
    }

    /// The node last entered was answered by the transposition table, without search.
    #[inline(always)]
    fn table_hit(&mut self) {}

    /// The node last entered (`pos`, `depth` plies to go) was cut off: its value reached
    /// beta, so `skipped`, the moves it had not searched yet, never are.
    #[inline(always)]
    fn cut(&mut self, pos: &G, depth: u32, skipped: &[Move]) {
        let _ = (pos, depth, skipped);
    }
}

/// The observer of the players' searches: it does nothing, and costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<G> Observer<G> for NoObserver {}
