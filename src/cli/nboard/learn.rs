//! NBoard's `learn`: the session's game added to the user's opening book, as NTest and Edax
//! learn a game: its positions valued by a search at the engine's depth.

use std::sync::{Arc, Mutex};

use super::game::{GameError, positions, variant_of};
use super::{LEARN_MIN_EMPTIES, Searching, Session};
use crate::ai::Stop;
use crate::ai::book::build::{Valuing, learn_game};
use crate::ai::book::user::{self, UserBookError};
use crate::core::Variant;
use crate::core::othello::Othello8;

/// Why `learn` added nothing.
#[derive(Debug, thiserror::Error)]
pub(super) enum LearnError {
    /// The game is not 8x8 Othello.
    #[error("the book holds 8x8 games only")]
    NotEightByEight,
    /// The game's moves do not replay.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The user's book could not be written.
    #[error(transparent)]
    Save(#[from] UserBookError),
}

/// Values the positions of the session's game the book lacks and adds them to the user's
/// book; returns how many were added. A line that arrives meanwhile stops the valuing, and
/// what was valued is kept.
pub(super) fn learn(
    session: &Session,
    searching: &Arc<Mutex<Searching>>,
) -> Result<usize, LearnError> {
    if variant_of(&session.game) != Variant::OTHELLO_8 {
        return Err(LearnError::NotEightByEight);
    }
    let all = positions(Othello8::start(), &session.game)?;
    let stop = Stop::new();
    if let Ok(mut s) = searching.lock() {
        if s.ended {
            stop.stop();
        }
        s.stop = Some(stop.clone());
    }
    let valuing = Valuing {
        depth: session.depth,
        exact_from: session.exact_from(),
    };
    let entries = learn_game(&user::current(), &all, LEARN_MIN_EMPTIES, valuing, &stop);
    if let Ok(mut s) = searching.lock() {
        s.stop = None;
    }
    if entries.is_empty() {
        return Ok(0);
    }
    user::learn(&entries)?;
    Ok(entries.len())
}
