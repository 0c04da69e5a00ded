//! [`Settings`] declared from one list of fields (documentation, type, default), so a field
//! is added in one place and cannot be left out of the reading or the writing; and what the
//! window asks of them (players, game and board).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::ai::book::BookOptions;
use crate::ai::{EngineSpec, Level, PlayerSpec};
use crate::core::{GameKind, Side, Supported, TimeControl, Variant};

use super::scan::Item;
use super::values::{FieldValue, Notes};
use super::*;
use strum::VariantArray;

/// The longest computer move delay the settings accept, in milliseconds.
pub const MAX_DELAY_MS: u64 = 5_000;

/// Declares [`Settings`] from one list of fields, each with its documentation, type and
/// default: the struct, its [`Default`], the reading of each field on its own, and the
/// commented text written to the file. A field is added in one place, and cannot be left out
/// of the reading or the writing.
macro_rules! settings {
    ($( $(#[doc = $doc:literal])+ $field:ident: $ty:ty = $default:expr, )+) => {
        /// Everything the app keeps between runs.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(default)]
        pub struct Settings {
            $( $(#[doc = $doc])+ pub $field: $ty, )+
            /// Fields the app does not know (from a newer version, say), as found: written
            /// back on save so that nothing the file held is lost.
            #[serde(skip)]
            pub unknown: UnknownFields,
        }

        /// The names of the fields, in the order of the file.
        pub(super) const FIELD_NAMES: &[&str] = &[$(stringify!($field)),+];

        impl Default for Settings {
            fn default() -> Self {
                Settings { $( $field: $default, )+ unknown: UnknownFields::default() }
            }
        }

        impl Settings {
            /// Reads the value of `item` onto the field of its name, noting what cannot be
            /// read (the field then keeps its value). False if no field has that name.
            pub(super) fn read_field(&mut self, item: &Item<'_>, notes: &mut Notes<'_>) -> bool {
                match item.name {
                    $( stringify!($field) => {
                        FieldValue::read_onto(&mut self.$field, stringify!($field), item, notes);
                        true
                    } )+
                    _ => false,
                }
            }

            /// The settings as the text of a settings file, each field under its
            /// documentation as a comment, and then the fields the app does not know, as
            /// they were found.
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
                    write_field(&mut out, stringify!($field), &self.$field, &self.unknown);
                )+
                self.unknown.write_top_level(&mut out);
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
    /// (System, Light or Dark), analysis (Analysis mode: the value of every legal move) and
    /// book_marks (the opening book's moves and values on the board).
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
    /// The time control of new games: None (no clocks), or Some((seconds: 300, increment: 2))
    /// for 5 minutes on each clock and 2 seconds more after each move.
    clock: Option<TimeControl> = None,
    /// Other Othello programs entered with Engine... in a player list, newest first (at
    /// most 8): each (command: "...", depth: D, move_ms: MS), an NBoard engine started by
    /// the command, set to depth D, with MS milliseconds a move.
    engines: Vec<EngineSpec> = Vec::new(),
    /// Who played each other game when it was last left: [(TicTacToe, (Person,
    /// Computer(Level(Perfect))))]; switching back to that game seats them again.
    players_by_game: Vec<(GameKind, [PlayerChoice; 2])> = Vec::new(),
    /// Expert's opening book on 8x8 Othello: (on: true or false, variety: N), playing a
    /// random book move within N discs of the best (0: always the best).
    book: BookOptions = BookOptions::default(),
}

/// The most threads the settings accept.
pub const MAX_THREADS: usize = 256;

/// How many files File > Recent games remembers.
pub const RECENT_GAMES: usize = 8;

/// How many engines the player lists remember.
pub const ENGINES_KEPT: usize = 8;

impl Settings {
    /// Puts `engine` at the head of the engines remembered, in place of one with its command,
    /// keeping at most [`ENGINES_KEPT`].
    pub fn remember_engine(&mut self, engine: &EngineSpec) {
        self.engines.retain(|e| e.command != engine.command);
        self.engines.insert(0, engine.clone());
        self.engines.truncate(ENGINES_KEPT);
    }

    /// Puts `path` at the head of the recent games, once, keeping at most [`RECENT_GAMES`].
    pub fn remember_game_file(&mut self, path: &Path) {
        self.recent_games.retain(|p| p != path);
        self.recent_games.insert(0, path.to_path_buf());
        self.recent_games.truncate(RECENT_GAMES);
    }
}

/// Writes `name: value,` as a line of the settings text, a nested value indented; the
/// fields of `unknown` that belong inside this one's struct go before its `)`, as they were
/// found (a value of several lines is not indented again, so saving does not change it).
fn write_field<T: Serialize>(out: &mut String, name: &str, value: &T, unknown: &UnknownFields) {
    let config = ron::ser::PrettyConfig::new().struct_names(false);
    let text = ron::ser::to_string_pretty(value, config).expect("settings always serialize");
    let mut text = text.replace('\n', "\n    ");
    let inner = unknown.inside(name);
    if !inner.is_empty() && text.ends_with(')') {
        text.pop();
        for (field, value) in inner {
            text.push_str(&format!("    {field}: {value},\n    "));
        }
        text.push(')');
    }
    out.push_str("    ");
    out.push_str(name);
    out.push_str(": ");
    out.push_str(&text);
    out.push_str(",\n");
}

/// The fields of a settings file the app does not know, each as `(name, value text)` in the
/// order of their names (the top-level ones are written after the app's own fields, so the
/// order of the file is not kept); a field inside a struct field is named `struct.field`
/// (`display.sound`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UnknownFields(pub Vec<(String, String)>);

impl UnknownFields {
    /// Keeps `value` for the field `name`, in place of one of that name found before.
    pub(super) fn keep(&mut self, name: String, value: &str) {
        let value = value.trim().to_string();
        match self.0.binary_search_by(|(n, _)| n.as_str().cmp(&name)) {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (name, value)),
        }
    }

    /// The fields kept inside the struct field `field`, by their own names.
    fn inside(&self, field: &str) -> Vec<(&str, &str)> {
        self.0
            .iter()
            .filter_map(|(name, value)| {
                let (outer, inner) = name.split_once('.')?;
                (outer == field).then_some((inner, value.as_str()))
            })
            .collect()
    }

    /// Writes the top-level fields kept, under a comment.
    fn write_top_level(&self, out: &mut String) {
        let top: Vec<_> = self.0.iter().filter(|(n, _)| !n.contains('.')).collect();
        if top.is_empty() {
            return;
        }
        out.push_str("    // Not known to this version of boardplay: kept as they were found.\n");
        for (name, value) in top {
            out.push_str(&format!("    {name}: {value},\n"));
        }
    }
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
            Side::First => self.first.clone(),
            Side::Second => self.second.clone(),
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
        [self.first.clone(), self.second.clone()]
    }

    /// Seats `players` (first, second).
    pub fn set_players(&mut self, [first, second]: [PlayerChoice; 2]) {
        self.first = first;
        self.second = second;
    }

    /// Chooses the game and board of `variant`, for the next start (the window's game is
    /// the one on its board: see `BoardplayApp::settings`).
    pub fn set_variant(&mut self, variant: Variant) {
        self.game = variant.kind();
        self.size = variant.rows();
    }

    /// Replaces a player that is not offered on the board of `variant` (the Perfect level or
    /// the solver, on a board too big to solve) by the strongest level that is.
    pub fn fit_players(&mut self, variant: Variant) {
        for &side in Side::VARIANTS {
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

    /// Switches the players from those of the game `from` to those of the game and board of
    /// `variant`: the players seated are kept as `from`'s, and those kept for `variant`'s
    /// game, if any, are seated (else the ones seated stay); then any not offered on its
    /// board is replaced (see [`Settings::fit_players`]). So Perfect chosen for tic-tac-toe,
    /// Expert on Othello's 8x8, is Perfect again back on tic-tac-toe.
    pub fn switch_players(&mut self, from: GameKind, variant: Variant) {
        let to = variant.kind();
        if from != to {
            self.keep_players(from);
            if let Some(i) = self.players_by_game.iter().position(|(g, _)| *g == to) {
                let (_, players) = self.players_by_game.remove(i);
                self.set_players(players);
            }
        }
        self.fit_players(variant);
    }

    /// Keeps the players seated as those of `game`, for when it is played again.
    pub fn keep_players(&mut self, game: GameKind) {
        let players = self.players();
        self.players_by_game.retain(|(g, _)| *g != game);
        self.players_by_game.push((game, players));
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

/// Every core but one (at least one): what a search runs on unless the settings say.
pub fn default_threads() -> usize {
    cores().saturating_sub(1).max(1)
}

/// The cores this program may use, asked once: the system's answer takes file reads (cgroup
/// quotas on Linux), too slow to ask again on every frame.
pub fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}
