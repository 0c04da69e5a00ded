//! Heuristic evaluations, one file a game.

pub mod othello;
pub mod tictactoe;
