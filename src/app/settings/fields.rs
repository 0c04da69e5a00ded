//! [`Settings`] declared from one list of fields (documentation, type, default), so a field
//! is added in one place and cannot be left out of the reading or the writing; and what the
//! window asks of them (players, game and board).

use std::path::{Path, PathBuf};

use ron::value::RawValue;
use serde::{Deserialize, Serialize};

use crate::ai::{Level, PlayerSpec};
use crate::core::{GameKind, Side, Supported, Variant};

use super::*;

/// The longest computer move delay the settings accept, in milliseconds.
pub const MAX_DELAY_MS: u64 = 5_000;

/// Declares [`Settings`] from one list of fields, each with its documentation, type and
/// default: the struct, its [`Default`], the raw form that reads each field on its own, and
/// the commented text written to the file. A field is added in one place, and cannot be left
/// out of the reading or the writing.
macro_rules! settings {
    ($( $(#[doc = $doc:literal])+ $field:ident: $ty:ty = $default:expr, )+) => {
        /// Everything the app keeps between runs.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(default)]
        pub struct Settings {
            $( $(#[doc = $doc])+ pub $field: $ty, )+
        }

        impl Default for Settings {
            fn default() -> Self {
                Settings { $( $field: $default, )+ }
            }
        }

        /// The top-level fields as raw text, so each is read on its own and one bad value
        /// does not spoil the others. Fields the app does not know are ignored, so a file
        /// written by a newer version loads.
        #[derive(Default, Deserialize)]
        #[serde(default, rename = "Settings")]
        pub(super) struct RawSettings {
            $( #[serde(deserialize_with = "raw")] $field: Option<Box<RawValue>>, )+
        }

        impl RawSettings {
            /// Reads every field present onto `settings`; `note` hears each that cannot be
            /// read, which keeps its value.
            pub(super) fn read_onto(&self, settings: &mut Settings, note: &mut dyn FnMut(&'static str, String)) {
                $(
                    if let Some(raw) = &self.$field {
                        match raw.into_rust() {
                            Ok(value) => settings.$field = value,
                            Err(e) => note(stringify!($field), e.code.to_string()),
                        }
                    }
                )+
            }
        }

        impl Settings {
            /// The settings as the text of a settings file, each field under its
            /// documentation as a comment.
            pub fn to_ron(&self) -> String {
                let mut out = String::from(
                    "// boardplay settings (see the README). Missing fields take their defaults.\n(\n",
                );
                $(
                    for line in [$($doc),+] {
                        out.push_str("    //");
                        out.push_str(line.trim_end());
                        out.push('\n');
                    }
                    write_field(&mut out, stringify!($field), &self.$field);
                )+
                out.push_str(")\n");
                out
            }
        }
    };
}

settings! {
    /// The game: Othello or TicTacToe.
    game: GameKind = GameKind::Othello,
    /// Rows and columns of the board (Othello 8 or 12, tic-tac-toe 3 or 4 in the window).
    size: usize = 8,
    /// Who plays the first side (X, Black): Person, or Computer(...) with a level such as
    /// Level(Hard) or an algorithm such as AlphaBeta(Depth(5)) or Mcts(TimeMs(1000)).
    first: PlayerChoice = PlayerChoice::Person,
    /// Who plays the second side (O, White), written as `first`.
    second: PlayerChoice = PlayerChoice::Computer(PlayerSpec::Level(Level::Medium)),
    /// Board display options: legal_dots, coordinates and last_move (true or false), theme
    /// (System, Light or Dark) and analysis (Analysis mode: the value of every legal move).
    display: Display = Display::default(),
    /// The least time between a person's move and the computer's reply, in milliseconds, so
    /// people can follow the game (0 to 5000).
    computer_delay_ms: u64 = 500,
    /// The window's inner size in points, if it was ever recorded: Some((width, height)).
    window_size: Option<[f32; 2]> = None,
    /// The game files opened or saved last, newest first (at most 8), for File > Recent games.
    recent_games: Vec<PathBuf> = Vec::new(),
    /// Threads the computer searches on: Some(n), or None for every core but one (so the
    /// window stays smooth while it thinks).
    threads: Option<usize> = None,
}

/// The most threads the settings accept.
pub const MAX_THREADS: usize = 256;

/// How many files File > Recent games remembers.
pub const RECENT_GAMES: usize = 8;

impl Settings {
    /// Puts `path` at the head of the recent games, once, keeping at most [`RECENT_GAMES`].
    pub fn remember_game_file(&mut self, path: &Path) {
        self.recent_games.retain(|p| p != path);
        self.recent_games.insert(0, path.to_path_buf());
        self.recent_games.truncate(RECENT_GAMES);
    }
}

/// Writes `name: value,` as a line of the settings text, a nested value indented.
fn write_field<T: Serialize>(out: &mut String, name: &str, value: &T) {
    let config = ron::ser::PrettyConfig::new().struct_names(false);
    let text = ron::ser::to_string_pretty(value, config).expect("settings always serialize");
    out.push_str("    ");
    out.push_str(name);
    out.push_str(": ");
    out.push_str(&text.replace('\n', "\n    "));
    out.push_str(",\n");
}

impl Settings {
    /// The threads a search runs on: [`Settings::threads`] within 1..=[`MAX_THREADS`], or
    /// every core but one.
    pub fn search_threads(&self) -> usize {
        match self.threads {
            Some(n) => n.clamp(1, MAX_THREADS),
            None => default_threads(),
        }
    }

    /// Who plays `side`.
    pub fn player(&self, side: Side) -> PlayerChoice {
        match side {
            Side::First => self.first,
            Side::Second => self.second,
        }
    }

    /// Seats `choice` at `side`.
    pub fn set_player(&mut self, side: Side, choice: PlayerChoice) {
        match side {
            Side::First => self.first = choice,
            Side::Second => self.second = choice,
        }
    }

    /// Who plays each side: first, second.
    pub fn players(&self) -> [PlayerChoice; 2] {
        [self.first, self.second]
    }

    /// Seats `players` (first, second).
    pub fn set_players(&mut self, [first, second]: [PlayerChoice; 2]) {
        self.first = first;
        self.second = second;
    }

    /// Chooses the game and board of `variant`.
    pub fn set_variant(&mut self, variant: Variant) {
        self.game = variant.kind();
        self.size = variant.rows();
    }

    /// Replaces a player that is not offered on the chosen board (the Perfect level or the
    /// solver, on a board too big to solve) by the strongest level that is.
    pub fn fit_players(&mut self) {
        let variant = self.variant();
        for side in Side::BOTH {
            if let PlayerChoice::Computer(c) = self.player(side)
                && !c.is_offered(variant)
            {
                self.set_player(
                    side,
                    PlayerChoice::Computer(PlayerSpec::Level(Level::Expert)),
                );
            }
        }
    }

    /// The game and board these settings describe: the size chosen, or the game's usual
    /// board where the rules core does not support it ([`Settings::load`] and the window only
    /// store sizes it supports).
    pub fn board(&self) -> Supported {
        self.game
            .square(self.size)
            .unwrap_or_else(|_| self.game.standard())
    }

    /// The game and board as numbers (see [`Settings::board`]).
    pub fn variant(&self) -> Variant {
        self.board().variant()
    }
}

fn raw<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Box<RawValue>>, D::Error> {
    Box::<RawValue>::deserialize(d).map(Some)
}

/// Every core but one (at least one): what a search runs on unless the settings say.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}
