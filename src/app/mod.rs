//! The desktop app. It holds no rules: it turns clicks and keys into moves for the rules core,
//! runs the computer players on worker threads, and paints positions. Its parts, by what they
//! do:
//!
//! - [`document`]: what the app keeps and reads: the game with its history
//!   ([`document::session`]), game files ([`document::files`]), the database of open files
//!   ([`document::database`]), the settings ([`document::settings`]) and the disk under them.
//!   Builds without a window.
//! - `jobs`: the work in the background, each on a thread of its own: the computer's turn
//!   (`jobs/computer_turn.rs`), the hint, Analysis mode and the review (`jobs/studies.rs`), an
//!   engine started to learn its name, and a game file read with its progress. Under them the
//!   worker (`jobs/worker.rs`) that runs a search and drops stale answers.
//! - [`clock`]: the game's clocks side by side: what a game keeps of them (`record`), the
//!   running clock of the side to move (`running`), and the clocks on screen (`view`).
//!   When the window charges a move is `window/clock.rs`; the clock lines of game files are
//!   `document/files/clock_lines.rs`.
//! - [`view`]: the painting, which turns what a person does into a [`view::command::Command`]
//!   and changes nothing itself: the board, the side panel, the status lines, the menu, the
//!   small windows over the board, the file dialogs and browser, the database panel, the
//!   review's chart and verdict, and the words they share.
//! - `window`: what ties them: [`BoardplayApp`]'s state, the layout of a frame, and the one
//!   place commands change the game (`window/apply.rs`: a click on the board becomes a move
//!   there); saving and opening from the window are `window/file_handling.rs`, the computer's
//!   turn each frame `window/logic.rs`, and eframe's loop `window/run.rs`.
//!
//! Only the modules the tests use are public; the others are the crate's own.

pub mod clock;
pub mod document;
#[cfg_attr(not(feature = "gui"), allow(dead_code))]
mod jobs;
pub mod view;
#[cfg(feature = "gui")]
mod window;

#[cfg(feature = "gui")]
pub use window::BoardplayApp;
#[cfg(feature = "gui")]
pub use window::run::{APP_ID, IconError, run, window_icon};
