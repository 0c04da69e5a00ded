//! Tic-tac-toe as an m,n,k-game: `rows` x `cols` cells, `k` in a row wins, X moves first.
//!
//! The classic game is 3x3 with k = 3; the 4x4 preset uses k = 4. Any board from 3 to 8 rows
//! and columns with k from 3 up to the longer side is supported. The board is a pair of `u64`
//! bitboards, and the winning lines are precomputed as masks in a [`Geometry`].

mod geometry;
mod position;

pub use geometry::Geometry;
pub use position::{TicTacToe, TicTacToeMoves};
