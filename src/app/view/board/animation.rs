//! A computer's move being shown: the new piece grows in and flipped discs turn over.

use crate::app::document::session::BoardView;
use crate::core::{Cell, Side};

/// How long the computer's move takes to appear, in seconds.
pub const ANIMATION_SECONDS: f64 = 0.25;

/// A computer's move being shown: the new piece grows into its cell and each flipped disc
/// turns over (its width shrinks to nothing in the old colour, then grows in the new one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    /// The cell played, if the move was not a pass.
    pub placed: Option<Cell>,
    /// The discs that changed side, with the side they had before.
    pub flipped: Vec<(Cell, Side)>,
}

impl Animation {
    /// What changed between two views of the same board.
    pub fn between(before: &BoardView, after: &BoardView) -> Animation {
        let mut animation = Animation {
            placed: None,
            flipped: Vec::new(),
        };
        for index in 0..after.cells.len().min(before.cells.len()) {
            let cell = Cell::from_index(index, after.cols);
            match (before.cells[index], after.cells[index]) {
                (None, Some(_)) => animation.placed = Some(cell),
                (Some(was), Some(now)) if was != now => animation.flipped.push((cell, was)),
                _ => {}
            }
        }
        animation
    }
}
