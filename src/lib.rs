//! boardplay: tic-tac-toe and Othello against a friend or the computer.
//!
//! The crate is layered, and each layer knows only the ones above it in this list:
//! - [`core`]: the rules. Positions, moves, notation and perft for every game and size; no
//!   window, threads, randomness or files.
//! - [`ai`]: the computer players, over [`core::Position`]; no window.
//! - [`formats`]: Othello games in other programs' formats (GGF, WTHOR), text or bytes in and
//!   records out; no files.
//! - [`cli`]: the command line (`boardplay perft ...`).
//! - [`app`]: the desktop app. Its settings file, game history and game files build without a
//!   window; the window itself needs feature `gui`.
//!
//! Beside the layers, [`stats`] holds the median and percentiles of measured times, for the
//! command line and the app alike.

#![deny(missing_docs)]

pub mod ai;
pub mod app;
pub mod cli;
pub mod core;
pub mod file_read;
pub mod formats;
pub mod stats;
