//! The types inside the settings: who plays a side, the colour scheme, what the board
//! shows, and the board sizes the window offers.

use serde::{Deserialize, Serialize};

use crate::ai::PlayerSpec;
use crate::core::GameKind;

/// The board sizes the window offers for `game`, the first one for a new game.
pub fn sizes_offered(game: GameKind) -> &'static [usize] {
    match game {
        GameKind::TicTacToe => &[3, 4],
        GameKind::Othello => &[8, 12],
    }
}

/// Who plays a side: a person, or a computer player as the AI describes it (see
/// [`PlayerSpec`] for how it is written in the file).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerChoice {
    /// Someone at the window, with the mouse or keyboard.
    Person,
    /// The computer.
    Computer(PlayerSpec),
}

impl PlayerChoice {
    /// True for [`PlayerChoice::Person`].
    pub fn is_person(&self) -> bool {
        *self == PlayerChoice::Person
    }
}

/// The colour scheme.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, strum::VariantArray,
)]
pub enum Theme {
    /// Follow the system.
    #[default]
    System,
    /// Dark text on a light background.
    Light,
    /// Light text on a dark background.
    Dark,
}

impl Theme {
    /// The name shown to people.
    pub fn label(self) -> &'static str {
        match self {
            Theme::System => "System",
            Theme::Light => "Light",
            Theme::Dark => "Dark",
        }
    }
}

/// What the board shows besides the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Display {
    /// Dots on the legal moves of a person to move.
    pub legal_dots: bool,
    /// Column letters and row numbers around the board.
    pub coordinates: bool,
    /// A marker on the last move played.
    pub last_move: bool,
    /// The colour scheme.
    pub theme: Theme,
    /// Analysis mode: the value of every legal move written on its cell.
    pub analysis: bool,
    /// Book marks: on an 8x8 Othello position the opening book holds, each book move's
    /// value written on its cell.
    pub book_marks: bool,
}

impl Default for Display {
    fn default() -> Self {
        Display {
            legal_dots: true,
            coordinates: true,
            last_move: true,
            theme: Theme::System,
            analysis: false,
            book_marks: false,
        }
    }
}
