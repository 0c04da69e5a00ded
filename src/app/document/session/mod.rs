//! A game in progress: every position since the start, the moves between them, and which one
//! is shown. Undo, redo and jumping move the shown position; playing another move from an
//! earlier position keeps the old line as a variation. No window here, so all of it is tested
//! directly.
//!
//! [`History`] is generic over the AI's game (the rules core's [`Position`] with scoring), so
//! it can make players, analyses and reviews of its own type; [`Session`] keeps it with that
//! type erased, so the window holds one `Session` whatever game and size was chosen at run
//! time, and its methods give the history its type back where they use it (`typed.rs`: one
//! dispatch, no forwarding trait).

mod game;
mod history;
mod shelf;
mod typed;
mod view;

#[cfg(test)]
mod tests;

pub use crate::app::clock::record::ClockRecord;
pub use game::{Revision, Session, Shown};
pub use history::{History, Variation};
pub use shelf::{SetAside, Shelf};
pub use typed::HistoryVisitor;
pub use view::BoardView;
