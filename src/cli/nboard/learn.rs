//! NBoard's `learn`: the session's game added to the user's opening book, as NTest and Edax
//! learn a game: its positions valued by a search at the engine's depth.

use std::sync::{Arc, Mutex};

use super::game::{positions, variant_of};
use super::{LEARN_MIN_EMPTIES, Searching, Session};
use crate::ai::Stop;
use crate::ai::book::build::{Valuing, learn_game};
use crate::ai::book::user;
use crate::core::Variant;
use crate::core::othello::Othello8;

/// Values the positions of the session's game the book lacks and adds them to the user's
/// book; returns how many were added. A line that arrives meanwhile stops the valuing, and
/// what was valued is kept.
pub(super) fn learn(session: &Session, searching: &Arc<Mutex<Searching>>) -> Result<usize, String> {
    if variant_of(&session.game) != Variant::OTHELLO_8 {
        return Err("the book holds 8x8 games only".into());
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
    user::learn(&entries).map_err(|e| e.to_string())?;
    Ok(entries.len())
}
