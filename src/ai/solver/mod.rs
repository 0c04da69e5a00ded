//! Exact solvers: the Othello endgame and tic-tac-toe.

pub mod othello_endgame;
pub mod tictactoe;
