//! What a search reports while it runs: [`Progress`], counted in [`Work`].

use std::time::Duration;

use crate::core::Move;

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
    /// A move played from the opening book, without a search (see [`book`](super::book)).
    Book,
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
    /// [`Game::display_score`](super::Game::display_score)); for MCTS ([`Work::Iterations`]) the win rate.
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
