//! Heuristic evaluations: one file a game, and the learned pattern evaluations of Othello
//! (8x8 and 12x12: what they share, their patterns, the 8x8 board's symmetries, their weight
//! files).

pub mod learned;
pub mod othello;
pub mod pattern;
pub mod pattern12;
pub mod symmetry;
pub mod tictactoe;
pub mod weights;
