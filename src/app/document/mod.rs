//! The document: what the app keeps, reads and writes, with no window (it builds without
//! feature `gui`).
//!
//! - [`session`]: the game with its history, undo, redo and jumps, and its revision.
//! - [`files`]: game files (boardplay's own, GGF, WTHOR) and pasted move lists; saving is
//!   `files/saving.rs`, reading `files/opening.rs`.
//! - [`database`]: the games of the files open in the list, asked about a position.
//! - [`opening`]: the opening's name, the book's moves and the moves played from the book.
//! - [`starts`]: a new game from the standard or alternate start, or an opening of a list.
//! - [`settings`]: the persisted `settings.ron`, where it lives, and the running app's hold on
//!   it.
//! - `disk`: reading only regular files of a believable size, and writing atomically.

pub mod database;
pub(crate) mod disk;
pub mod files;
pub mod opening;
pub mod session;
pub mod settings;
pub mod starts;
