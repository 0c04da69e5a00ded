//! The games put aside around the one being played, for Undo and Redo to go back to.

use crate::app::document::settings::PlayerChoice;

use super::*;

/// A game put aside when another was started, with the players it was played by.
#[derive(Clone, Debug)]
pub struct SetAside {
    /// The game, at the position that was shown.
    pub game: Session,
    /// Who played each side (first, second).
    pub players: [PlayerChoice; 2],
}

/// The games put aside around the one being played, so that starting a new game (or changing
/// the game, the board or the players, which start one) loses nothing: Undo at the start of a
/// game goes back to the game before it, and Redo at the end of a game on to the game after
/// it. Fresh games (no move, the standard start) are not kept: there is nothing in them to
/// lose.
#[derive(Clone, Debug, Default)]
pub struct Shelf {
    /// Earlier games, the most recent last.
    earlier: Vec<SetAside>,
    /// Later games (left by going back), the nearest last.
    later: Vec<SetAside>,
}

impl Shelf {
    /// Puts `current` aside because a new game starts after it. Games that were ahead (left
    /// by going back) stay reachable: they now come before the new game, in the order they
    /// were played.
    pub fn start_new(&mut self, current: SetAside) {
        keep(&mut self.earlier, current);
        while let Some(next) = self.later.pop() {
            self.earlier.push(next);
        }
    }

    /// The game before `current`, which is kept as the game after it; `None` (and `current`
    /// dropped) if there is no earlier game.
    pub fn back(&mut self, current: SetAside) -> Option<SetAside> {
        let previous = self.earlier.pop()?;
        keep(&mut self.later, current);
        Some(previous)
    }

    /// The game after `current`, which is kept as the game before it; `None` if there is no
    /// later game.
    pub fn forward(&mut self, current: SetAside) -> Option<SetAside> {
        let next = self.later.pop()?;
        keep(&mut self.earlier, current);
        Some(next)
    }

    /// The game Undo would go back to, if any.
    pub fn previous(&self) -> Option<&SetAside> {
        self.earlier.last()
    }

    /// The game Redo would go on to, if any.
    pub fn next(&self) -> Option<&SetAside> {
        self.later.last()
    }
}

fn keep(stack: &mut Vec<SetAside>, game: SetAside) {
    if !game.game.is_fresh() {
        stack.push(game);
    }
}
