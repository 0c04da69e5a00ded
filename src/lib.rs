//! boardplay: tic-tac-toe and Othello against a friend or the computer.
//!
//! The crate is layered, and each layer knows only the ones above it in this list:
//! - [`core`]: the rules. Positions, moves, notation and perft for every game and size; no
//!   window, threads, randomness or files.
//! - [`cli`]: the command line (`boardplay perft ...`).
//! - `app` (feature `gui`): the desktop window.

#![deny(missing_docs)]

#[cfg(feature = "gui")]
pub mod app;
pub mod cli;
pub mod core;
