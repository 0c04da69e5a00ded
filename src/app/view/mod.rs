//! The painting: each part draws what it is given and turns what a person does (a click, a
//! key, a menu entry) into a [`command::Command`]; none changes the game itself (the window
//! applies the commands, `window/apply.rs`).
//!
//! - [`command`]: every action once, with its label, tooltip, shortcuts and when it is
//!   allowed.
//! - [`board`]: the painted board; a click on a cell is a `Command::Play`.
//! - `panel`, `status`, `menu`: the side panel, the status lines above the board, the menu
//!   bar.
//! - `popups`: the small windows over the board (paste box, reading a file, the question
//!   before a file is replaced, shortcuts, About).
//! - `file_dialogs`, `file_browser`: the platform's file dialogs, and the window's own file
//!   browser where there are none.
//! - `database_panel`: the database beside the board.
//! - `move_marks`, `opening_menu`, `board/book_marks.rs`: the opening's name and the book in
//!   the move list, the menus and on the board.
//! - `chart`, `verdict`: the review of a finished game and its verdict.
//! - `thinking`: the "How it thinks" view beside the board.
//! - `widgets`: small widgets shared by the panel and the status lines.
//! - [`words`]: side names, results, and why a move was refused (no window needed).

#[cfg(feature = "gui")]
pub mod board;
#[cfg(feature = "gui")]
pub(crate) mod chart;
#[cfg(feature = "gui")]
pub mod command;
#[cfg(feature = "gui")]
pub(crate) mod database_panel;
#[cfg(feature = "gui")]
pub(crate) mod file_browser;
#[cfg(feature = "gui")]
pub(crate) mod file_dialogs;
#[cfg(feature = "gui")]
pub(crate) mod menu;
#[cfg(feature = "gui")]
pub(crate) mod move_marks;
#[cfg(feature = "gui")]
pub(crate) mod opening_menu;
#[cfg(feature = "gui")]
pub(crate) mod panel;
#[cfg(feature = "gui")]
pub(crate) mod popups;
#[cfg(feature = "gui")]
pub(crate) mod status;
#[cfg(feature = "gui")]
pub(crate) mod thinking;
#[cfg(feature = "gui")]
mod verdict;
#[cfg(feature = "gui")]
mod widgets;
pub mod words;
