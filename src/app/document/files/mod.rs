//! Games as text: a small game file (game, size, move list) and pasted move lists.
//!
//! ```text
//! # boardplay game
//! game: othello
//! size: 8
//! moves: f5d6c3d3c4
//! ```
//!
//! A game from a set-up position has a `board:` line (a board string, see
//! [`crate::core::notation`]) before its moves. The game kept for the next start (see
//! [`keep_game`]) also has a `shown:` line, how many moves lead to the position shown (a file
//! without one shows its last move), and a `variation:` line for each other line of play, a
//! whole move list from the start. A game read from a GGF or WTHOR file has `black:`,
//! `white:`, `event:` and `date:` lines. A game on clocks has `clock:`, `times:` and
//! `timeout:` lines (see `timing.rs`). Lines starting with `#` are comments. Reading
//! checks every move with the rules core and names the first bad one; nothing is changed until
//! the whole text has been read.
//!
//! Othello games are also read from GGF (`.ggf`, or any text starting `(;` or `1 (;`) and WTHOR
//! (`.wtb`) files, and written as GGF to a path ending `.ggf` (see [`crate::formats`]). A file
//! of several games is [`Opened::List`]: the person picks one.

mod clock_lines;
#[cfg(test)]
mod disk_tests;
mod error;
mod format;
mod kept;
mod opening;
mod saving;
#[cfg(test)]
mod tests;
mod text;

use format::Format;
use opening::read;

pub use error::GameFileError;
pub use kept::{keep_game, kept_game};
pub use opening::{
    Listed, Opened, Reading, game_from_record, open_file, open_file_watched, open_game,
};
pub use saving::{Players, can_write, format_ggf, save_game};
pub use text::{format_game, parse_game, parse_paste};
