//! A game in progress: every position since the start, the moves between them, and which one
//! is shown. Undo, redo and jumping move the shown position; playing another move from an
//! earlier position keeps the old line as a variation. No window here, so all of it is tested
//! directly.
//!
//! [`History`] is generic over the AI's game (the rules core's [`Position`] with scoring), so
//! it can make players, analyses and reviews of its own type; [`Session`] hides that type behind
//! a small object-safe trait, so the window holds one `Session` whatever game and size was
//! chosen at run time.

mod any_history;
mod game;
mod history;
mod shelf;
mod view;

#[cfg(test)]
mod tests;

use any_history::AnyHistory;

pub use crate::app::clock::record::ClockRecord;
pub use game::{HistoryVisitor, Revision, Session, Shown};
pub use history::{History, Variation};
pub use shelf::{SetAside, Shelf};
pub use view::BoardView;
