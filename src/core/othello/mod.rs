//! Othello (Reversi) on square boards of even size from 4x4 to 16x16.
//!
//! One generic [`Othello`] position serves every size; a [`Size`] type fixes the board width at
//! compile time and picks the bitboard (`u64` up to 8x8, [`Wide`](crate::core::Wide) above), so the move
//! generator and every search are written once and compiled to fast code for each size.

mod board;
mod movegen;
pub mod names;
mod perft;
mod result;
mod size;
pub mod symmetry;
#[cfg(test)]
mod tests;

pub use board::{Othello, OthelloMoves};
pub(crate) use board::{flips, mobility};
pub use movegen::{InstructionSet, UnknownInstructionSet, limit_instruction_set};
pub(crate) use movegen::{last_flip_count, runs_x86_64_v3};
pub use result::{final_discs, final_margin};
pub use size::{Size, Size4, Size6, Size8, Size10, Size12, Size14, Size16};

/// Othello on the standard 8x8 board.
pub type Othello8 = Othello<Size8>;
/// Othello on a 12x12 board.
pub type Othello12 = Othello<Size12>;
