//! Heuristic evaluations: one file a game, and the learned pattern evaluation of 8x8
//! Othello (its patterns, the board's symmetries, its weight file).

pub mod othello;
pub mod pattern;
pub mod symmetry;
pub mod tictactoe;
pub mod weights;
