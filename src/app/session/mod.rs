//! A game in progress: every position since the start, the moves between them, and which one
//! is shown. Undo, redo and jumping move the shown position; playing another move from an
//! earlier position keeps the old line as a variation. No window here, so all of it is tested
//! directly.
//!
//! [`History`] is generic over the AI's game (the rules core's [`Position`] with scoring), so
//! it can make players, analyses and reviews of its own type; [`Game`] hides that type behind
//! a small object-safe trait, so the window holds one `Game` whatever game and size was
//! chosen at run time.

mod clock;
mod game;
mod history;
mod jobs;
mod record;
mod shelf;
mod view;

#[cfg(test)]
mod tests;

use record::Record;

pub use clock::Timing;
pub use game::{Game, Revision, Shown};
pub use history::{History, Variation};
pub use jobs::{AnalysisSink, HintSink, HintValue, ReviewSink};
pub use shelf::{SetAside, Shelf};
pub use view::BoardView;
