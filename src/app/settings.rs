//! What the app remembers between runs, kept in `settings.ron`, and where that file lives.
//!
//! Everything persisted is one [`Settings`] value. Reading never fails: a missing file gives
//! the defaults, and a broken one gives the defaults for whatever could not be read together
//! with a [`SettingsError`] that names the file and the problem. Each top-level field is read
//! on its own, so one bad value (an unknown game, a size of 7 for Othello) does not throw away
//! the rest. Saving writes a temporary file beside the target and renames it over, so a crash
//! never leaves a cut-off file.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use ron::value::RawValue;
use serde::{Deserialize, Serialize};

use crate::ai::{Level, PlayerSpec};
use crate::core::{GameKind, Side, Variant};

/// The file name used in the current directory and in the config directory.
pub const FILE_NAME: &str = "settings.ron";

/// The longest computer move delay the settings accept, in milliseconds.
pub const MAX_DELAY_MS: u64 = 5_000;

/// The board sizes the window offers for `game`, the first one for a new game.
pub fn sizes_offered(game: GameKind) -> &'static [usize] {
    match game {
        GameKind::TicTacToe => &[3, 4],
        GameKind::Othello => &[8, 12],
    }
}

/// Who plays a side: a person, or a computer player as the AI describes it (see
/// [`PlayerSpec`] for how it is written in the file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerChoice {
    /// Someone at the window, with the mouse or keyboard.
    Person,
    /// The computer.
    Computer(PlayerSpec),
}

impl PlayerChoice {
    /// True for [`PlayerChoice::Person`].
    pub fn is_person(self) -> bool {
        self == PlayerChoice::Person
    }
}

/// The colour scheme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// All themes, in the order the window lists them.
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

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
}

impl Default for Display {
    fn default() -> Self {
        Display {
            legal_dots: true,
            coordinates: true,
            last_move: true,
            theme: Theme::System,
            analysis: false,
        }
    }
}

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
        struct RawSettings {
            $( #[serde(deserialize_with = "raw")] $field: Option<Box<RawValue>>, )+
        }

        impl RawSettings {
            /// Reads every field present onto `settings`; `note` hears each that cannot be
            /// read, which keeps its value.
            fn read_onto(&self, settings: &mut Settings, note: &mut dyn FnMut(&'static str, String)) {
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
}

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

    /// The game and board these settings describe. Always valid: [`Settings::load`] and the
    /// window only store sizes the rules core accepts.
    pub fn variant(&self) -> Variant {
        self.game
            .square(self.size)
            .or_else(|_| self.game.square(self.game.default_size()))
            .expect("the default sizes are supported")
    }

    /// Reads settings from text. Whatever can be read is kept; every field that cannot is left
    /// at its default and listed in the error.
    pub fn from_ron(text: &str) -> (Settings, Option<Problem>) {
        if text.trim().is_empty() {
            return (Settings::default(), Some(Problem::Empty));
        }
        let raw: RawSettings = match ron::from_str(text) {
            Ok(raw) => raw,
            Err(e) => return (Settings::default(), Some(Problem::Syntax(e.to_string()))),
        };
        let mut settings = Settings::default();
        let mut fields = Vec::new();
        let mut note = |field: &'static str, message: String| {
            fields.push(FieldProblem { field, message });
        };
        raw.read_onto(&mut settings, &mut note);

        if let Err(e) = settings.game.square(settings.size) {
            note("size", e.to_string());
            settings.size = settings.game.default_size();
        }
        for (field, side) in [("first", Side::First), ("second", Side::Second)] {
            if let PlayerChoice::Computer(spec) = settings.player(side)
                && let Err(e) = spec.check()
            {
                note(field, e.to_string());
                settings.set_player(side, Settings::default().player(side));
            }
        }
        settings.fit_players();
        if settings.computer_delay_ms > MAX_DELAY_MS {
            note(
                "computer_delay_ms",
                format!(
                    "{} is more than the longest delay, {MAX_DELAY_MS}",
                    settings.computer_delay_ms
                ),
            );
            settings.computer_delay_ms = Settings::default().computer_delay_ms;
        }
        if let Some([w, h]) = settings.window_size
            && !(w.is_finite()
                && h.is_finite()
                && w >= 100.0
                && h >= 100.0
                && w <= 20_000.0
                && h <= 20_000.0)
        {
            note(
                "window_size",
                format!("{w} x {h} is not a usable window size"),
            );
            settings.window_size = None;
        }
        let problem = (!fields.is_empty()).then_some(Problem::Fields(fields));
        (settings, problem)
    }

    /// Reads the settings file at `path`. A missing file gives the defaults and no error.
    pub fn load(path: &Path) -> (Settings, Option<SettingsError>) {
        if path.is_dir() {
            let error = SettingsError {
                path: path.to_path_buf(),
                problem: Problem::IsDirectory,
            };
            return (Settings::default(), Some(error));
        }
        Settings::from_read(path, std::fs::read(path))
    }

    /// Settings from the outcome of reading the file at `path`: what [`Settings::load`] does
    /// once the bytes (or the error) are in hand. Tests use it to reach read errors that the
    /// test's user cannot cause, such as a permission refused to root.
    pub fn from_read(path: &Path, read: io::Result<Vec<u8>>) -> (Settings, Option<SettingsError>) {
        let error = |problem| {
            Some(SettingsError {
                path: path.to_path_buf(),
                problem,
            })
        };
        let bytes = match read {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return (Settings::default(), None),
            Err(e) => return (Settings::default(), error(Problem::Read(e.to_string()))),
        };
        let Ok(text) = String::from_utf8(bytes) else {
            return (Settings::default(), error(Problem::NotText));
        };
        if text.contains('\0') {
            return (Settings::default(), error(Problem::NotText));
        }
        let (settings, problem) = Settings::from_ron(&text);
        (settings, problem.and_then(error))
    }

    /// Writes the settings to `path` atomically, creating its folder if needed.
    pub fn save(&self, path: &Path) -> Result<(), SettingsError> {
        write_atomically(path, self.to_ron().as_bytes()).map_err(|e| SettingsError {
            path: path.to_path_buf(),
            problem: Problem::Write(e.to_string()),
        })
    }
}

/// Writes `bytes` to a new temporary file beside `path`, syncs it, renames it over `path`
/// and syncs the folder, so readers see either the old file or the whole new one, also after
/// a crash or a power cut.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if path.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path names no file",
        ));
    }
    std::fs::create_dir_all(&dir)?;
    // A unique name in the same folder (the rename must not cross file systems); the
    // temporary file is removed if anything fails before the rename.
    let mut file = tempfile::Builder::new()
        .prefix(".boardplay-")
        .suffix(".tmp")
        .tempfile_in(&dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    sync_folder(&dir)
}

/// Makes a rename in `dir` durable. Only Unix can open a folder to sync it.
fn sync_folder(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    std::fs::File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

fn raw<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Box<RawValue>>, D::Error> {
    Box::<RawValue>::deserialize(d).map(Some)
}

/// One field of a settings file that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldProblem {
    /// The field's name in the file.
    pub field: &'static str,
    /// Why its value was not used.
    pub message: String,
}

/// What is wrong with a settings file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A folder stands where the file should be.
    IsDirectory,
    /// The file could not be read (no permission, ...).
    Read(String),
    /// The file is not UTF-8 text.
    NotText,
    /// The file holds nothing.
    Empty,
    /// The file is not RON, or not a settings struct.
    Syntax(String),
    /// The file is readable, but some fields hold values that cannot be used.
    Fields(Vec<FieldProblem>),
    /// The file could not be written.
    Write(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::IsDirectory => f.write_str("it is a folder, not a file"),
            Problem::Read(e) => write!(f, "it cannot be read: {e}"),
            Problem::NotText => f.write_str("it is not a text file"),
            Problem::Empty => f.write_str("it is empty"),
            Problem::Syntax(e) => write!(f, "it is not a valid settings file: {e}"),
            Problem::Fields(fields) => {
                for (i, p) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{}: {}", p.field, p.message)?;
                }
                Ok(())
            }
            Problem::Write(e) => write!(f, "it cannot be written: {e}"),
        }
    }
}

/// A settings file that could not be read or written, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsError {
    /// The file.
    pub path: PathBuf,
    /// What went wrong.
    pub problem: Problem,
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match &self.problem {
            Problem::Write(_) => {
                write!(f, "Could not save the settings to {path}: {}", self.problem)
            }
            Problem::Fields(_) => write!(
                f,
                "Settings file {path}: {}. Those settings use their defaults; the file is left \
                 as it is until you save.",
                self.problem
            ),
            _ => write!(
                f,
                "Settings file {path} was not used: {}. Using the defaults; the file is left \
                 as it is until you save.",
                self.problem
            ),
        }
    }
}

impl std::error::Error for SettingsError {}

/// The settings file to use: `explicit` if given (`--settings PATH`), else `settings.ron` in
/// the current directory if it exists (a checkout of the repository has one), else
/// `settings.ron` in the user's config directory (see [`config_dir`]).
pub fn resolve_path(explicit: Option<PathBuf>) -> PathBuf {
    if let Some(path) = explicit {
        return path;
    }
    let local = PathBuf::from(FILE_NAME);
    if local.exists() {
        return local;
    }
    match config_dir() {
        Some(dir) => dir.join(FILE_NAME),
        None => local,
    }
}

/// The app's folder in the user's config directory, by the platform's convention (the
/// `directories` crate): `$XDG_CONFIG_HOME/boardplay`, else `~/.config/boardplay` on Linux;
/// `%APPDATA%\boardplay\config` on Windows; `~/Library/Application Support/boardplay` on
/// macOS. `None` where the system names no home folder.
pub fn config_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "boardplay").map(|d| d.config_dir().to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{AlphaBetaLimit, MctsLimit};

    fn fields(problem: Option<Problem>) -> Vec<&'static str> {
        match problem {
            Some(Problem::Fields(f)) => f.into_iter().map(|p| p.field).collect(),
            other => panic!("expected field problems, got {other:?}"),
        }
    }

    #[test]
    fn settings_round_trip_through_text() {
        let s = Settings {
            game: GameKind::TicTacToe,
            size: 4,
            first: PlayerChoice::Computer(PlayerSpec::Level(Level::Perfect)),
            second: PlayerChoice::Computer(PlayerSpec::Mcts(MctsLimit::TimeMs(750))),
            display: Display {
                theme: Theme::Dark,
                legal_dots: false,
                ..Display::default()
            },
            computer_delay_ms: 0,
            window_size: Some([800.0, 600.0]),
            recent_games: vec![PathBuf::from("games/last.txt"), PathBuf::from("b.txt")],
        };
        let (back, problem) = Settings::from_ron(&s.to_ron());
        assert_eq!(problem, None);
        assert_eq!(back, s);
    }

    #[test]
    fn every_kind_of_computer_round_trips() {
        let mut computers: Vec<PlayerSpec> = Level::ALL.map(PlayerSpec::Level).to_vec();
        computers.extend([
            PlayerSpec::Random,
            PlayerSpec::Minimax(4),
            PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(7)),
            PlayerSpec::AlphaBeta(AlphaBetaLimit::TimeMs(1500)),
            PlayerSpec::Mcts(MctsLimit::Iterations(5000)),
            PlayerSpec::Mcts(MctsLimit::TimeMs(300)),
            PlayerSpec::Perfect,
        ]);
        for c in computers {
            let s = Settings {
                game: GameKind::TicTacToe,
                size: 3,
                first: PlayerChoice::Computer(c),
                second: PlayerChoice::Computer(c),
                ..Settings::default()
            };
            let (back, problem) = Settings::from_ron(&s.to_ron());
            assert_eq!(problem, None, "{c:?}");
            assert_eq!(back, s);
        }
    }

    #[test]
    fn files_from_before_the_levels_still_load() {
        // What the app wrote before levels existed: the random player, kept as it was.
        let (s, problem) = Settings::from_ron(
            "(game: Othello, size: 8, first: Computer(Random), second: Person, \
             computer_delay_ms: 400)",
        );
        assert_eq!(problem, None);
        assert_eq!(s.first, PlayerChoice::Computer(PlayerSpec::Random));
        assert_eq!(s.second, PlayerChoice::Person);
        assert_eq!(s.computer_delay_ms, 400);
    }

    #[test]
    fn the_perfect_level_on_a_board_too_big_to_solve_becomes_expert() {
        let (s, problem) = Settings::from_ron(
            "(game: Othello, size: 12, first: Computer(Level(Perfect)), \
             second: Computer(Perfect))",
        );
        assert_eq!(problem, None);
        let expert = PlayerChoice::Computer(PlayerSpec::Level(Level::Expert));
        assert_eq!((s.first, s.second), (expert, expert));
        let (s, _) = Settings::from_ron("(game: TicTacToe, size: 4, first: Computer(Perfect))");
        assert_eq!(s.first, PlayerChoice::Computer(PlayerSpec::Perfect));
    }

    #[test]
    fn players_are_written_as_before_the_one_player_description() {
        // What earlier versions of the app wrote for each kind of player still loads.
        let (s, problem) = Settings::from_ron(
            "(game: Othello, size: 8, first: Computer(AlphaBeta(Depth(5))), \
             second: Computer(Mcts(Iterations(10000))))",
        );
        assert_eq!(problem, None);
        assert_eq!(
            s.players(),
            [
                PlayerChoice::Computer(PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(5))),
                PlayerChoice::Computer(PlayerSpec::Mcts(MctsLimit::Iterations(10_000)))
            ]
        );
        let (s, problem) = Settings::from_ron(
            "(first: Computer(AlphaBeta(TimeMs(1000))), second: Computer(Minimax(3)))",
        );
        assert_eq!(problem, None);
        assert_eq!(
            s.first,
            PlayerChoice::Computer(PlayerSpec::AlphaBeta(AlphaBetaLimit::TimeMs(1000)))
        );
        assert_eq!(s.second, PlayerChoice::Computer(PlayerSpec::Minimax(3)));
    }

    #[test]
    fn players_out_of_range_or_of_no_kind_are_named_and_replaced() {
        // A depth of 0; and alpha-beta by iterations, which no version of the app offered.
        let (s, problem) = Settings::from_ron(
            "(first: Computer(Minimax(0)), second: Computer(AlphaBeta(Iterations(5))), \
             computer_delay_ms: 0)",
        );
        let problem = problem.unwrap();
        let mut named = fields(Some(problem.clone()));
        named.sort();
        assert_eq!(named, ["first", "second"]);
        assert!(problem.to_string().contains("from 1 to 64"), "{problem}");
        assert_eq!(s.players(), Settings::default().players());
        assert_eq!(s.computer_delay_ms, 0, "the good fields are kept");
    }

    #[test]
    fn a_partial_file_keeps_the_defaults_for_what_it_leaves_out() {
        let (s, problem) =
            Settings::from_ron("(game: TicTacToe, size: 4, display: (coordinates: false))");
        assert_eq!(problem, None);
        assert_eq!(s.game, GameKind::TicTacToe);
        assert_eq!(s.size, 4);
        assert!(!s.display.coordinates);
        assert!(
            s.display.legal_dots,
            "left-out display fields keep their defaults"
        );
        assert_eq!(s.second, Settings::default().second);
    }

    #[test]
    fn unknown_fields_are_ignored_so_newer_files_load() {
        let (s, problem) = Settings::from_ron("(size: 12, colour_of_the_sky: \"blue\")");
        assert_eq!(problem, None);
        assert_eq!(s.size, 12);
    }

    #[test]
    fn an_othello_size_the_core_rejects_falls_back_to_the_default_size() {
        let (s, problem) = Settings::from_ron("(game: Othello, size: 7, computer_delay_ms: 0)");
        assert_eq!(fields(problem), ["size"]);
        assert_eq!(s.size, 8);
        assert_eq!(s.computer_delay_ms, 0, "the good fields are kept");
    }

    #[test]
    fn an_unknown_game_and_wrong_types_are_named_and_replaced() {
        let (s, problem) = Settings::from_ron("(game: Chess, size: \"big\", first: Person)");
        assert_eq!(fields(problem.clone()), ["game", "size"]);
        assert!(problem.unwrap().to_string().contains("Chess"));
        assert_eq!(s.game, Settings::default().game);
        assert_eq!(s.first, PlayerChoice::Person);
    }

    #[test]
    fn out_of_range_delay_and_window_are_refused() {
        let (s, problem) =
            Settings::from_ron("(computer_delay_ms: 999999, window_size: Some((-5.0, 10.0)))");
        assert_eq!(fields(problem), ["computer_delay_ms", "window_size"]);
        assert_eq!(s, Settings::default());
    }

    #[test]
    fn bad_syntax_and_empty_text_give_the_defaults() {
        let (s, problem) = Settings::from_ron("(game: Othello, size: 8");
        assert!(matches!(problem, Some(Problem::Syntax(_))));
        assert_eq!(s, Settings::default());
        let (s, problem) = Settings::from_ron("  \n");
        assert_eq!(problem, Some(Problem::Empty));
        assert_eq!(s, Settings::default());
    }

    #[test]
    fn files_save_atomically_and_load_back() {
        let dir = std::env::temp_dir().join(format!("boardplay-settings-{}", std::process::id()));
        let path = dir.join("nested").join(FILE_NAME);
        let s = Settings {
            size: 12,
            ..Settings::default()
        };
        s.save(&path).unwrap();
        let (back, error) = Settings::load(&path);
        assert_eq!(error, None);
        assert_eq!(back, s);
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(
            leftovers,
            [std::ffi::OsString::from(FILE_NAME)],
            "no temporary file is left"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_file_means_defaults_without_a_message() {
        let (s, error) = Settings::load(Path::new("/nonexistent/boardplay/settings.ron"));
        assert_eq!(error, None);
        assert_eq!(s, Settings::default());
    }

    #[test]
    fn folders_binary_files_and_unreadable_files_are_reported() {
        let dir = std::env::temp_dir().join(format!("boardplay-broken-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("settings.ron")).unwrap();
        let (s, error) = Settings::load(&dir.join("settings.ron"));
        assert_eq!(error.unwrap().problem, Problem::IsDirectory);
        assert_eq!(s, Settings::default());

        let binary = dir.join("binary.ron");
        std::fs::write(&binary, [0u8, 159, 146, 150, 0, 1, 2]).unwrap();
        let (_, error) = Settings::load(&binary);
        let error = error.unwrap();
        assert_eq!(error.problem, Problem::NotText);
        assert!(
            error.to_string().contains("binary.ron"),
            "the message names the file"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_refused_read_is_reported_with_the_systems_words() {
        let path = Path::new("/home/someone/.config/boardplay/settings.ron");
        let refused = io::Error::from(io::ErrorKind::PermissionDenied);
        let (s, error) = Settings::from_read(path, Err(refused));
        let error = error.unwrap();
        assert!(matches!(error.problem, Problem::Read(_)));
        let text = error.to_string();
        assert!(text.contains("settings.ron"), "{text}");
        assert!(text.contains("cannot be read: permission denied"), "{text}");
        assert_eq!(s, Settings::default());
    }

    /// The config folder the app would use, asked of a fresh copy of this test binary with
    /// `env` set and `cwd` as its folder (the environment is the process's: changing it here
    /// would race with other tests).
    #[cfg(target_os = "linux")]
    fn config_path_in_child(cwd: &Path, env: &[(&str, &Path)]) -> String {
        let mut child = std::process::Command::new(std::env::current_exe().unwrap());
        child
            .args([
                "--exact",
                "app::settings::tests::print_the_settings_path",
                "--nocapture",
            ])
            .current_dir(cwd)
            .env_remove("XDG_CONFIG_HOME")
            .env("BOARDPLAY_PRINT_SETTINGS_PATH", "1");
        for (name, value) in env {
            child.env(name, value);
        }
        let out = child.output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        text.lines()
            .find_map(|l| l.strip_prefix("settings path: "))
            .unwrap_or_else(|| panic!("no path printed: {text}"))
            .to_string()
    }

    /// Run by [`config_path_in_child`]; does nothing in an ordinary test run.
    #[test]
    fn print_the_settings_path() {
        if std::env::var_os("BOARDPLAY_PRINT_SETTINGS_PATH").is_some() {
            println!("settings path: {}", resolve_path(None).display());
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_config_directory_follows_the_xdg_base_directory_specification() {
        let dir = tempfile::tempdir().unwrap();
        let (home, xdg) = (dir.path().join("home"), dir.path().join("xdg"));
        // The expected paths are those of the specification and the README, written out.
        assert_eq!(
            config_path_in_child(dir.path(), &[("HOME", &home), ("XDG_CONFIG_HOME", &xdg)]),
            format!("{}/boardplay/settings.ron", xdg.display())
        );
        assert_eq!(
            config_path_in_child(dir.path(), &[("HOME", &home)]),
            format!("{}/.config/boardplay/settings.ron", home.display())
        );
        // A relative XDG_CONFIG_HOME is invalid by the specification and ignored.
        assert_eq!(
            config_path_in_child(
                dir.path(),
                &[("HOME", &home), ("XDG_CONFIG_HOME", Path::new("relative"))]
            ),
            format!("{}/.config/boardplay/settings.ron", home.display())
        );
        // A settings.ron in the current folder wins.
        std::fs::write(dir.path().join(FILE_NAME), "()").unwrap();
        assert_eq!(
            config_path_in_child(dir.path(), &[("HOME", &home), ("XDG_CONFIG_HOME", &xdg)]),
            FILE_NAME
        );
    }

    #[test]
    fn an_explicit_path_is_used_as_given() {
        assert_eq!(
            resolve_path(Some(PathBuf::from("/x/y.ron"))),
            PathBuf::from("/x/y.ron")
        );
    }

    #[test]
    fn the_file_text_has_a_comment_above_every_field() {
        let text = Settings::default().to_ron();
        let lines: Vec<&str> = text.lines().collect();
        let mut seen = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            // Top-level fields are indented by four spaces exactly.
            if let Some(rest) = line.strip_prefix("    ")
                && !rest.starts_with(' ')
                && !rest.starts_with("//")
                && let Some((name, _)) = rest.split_once(':')
            {
                assert!(
                    lines[i - 1].trim_start().starts_with("//"),
                    "no comment above {name}"
                );
                seen.push(name.to_string());
            }
        }
        assert_eq!(
            seen,
            [
                "game",
                "size",
                "first",
                "second",
                "display",
                "computer_delay_ms",
                "window_size",
                "recent_games"
            ]
        );
    }

    #[test]
    fn the_settings_file_at_the_top_of_the_repository_holds_the_defaults() {
        let text = include_str!("../../settings.ron");
        let (settings, problem) = Settings::from_ron(text);
        assert!(problem.is_none(), "{problem:?}");
        assert_eq!(settings, Settings::default());
        // Saved as it is, the file does not change: run from a checkout, the app rewrites it
        // only when a setting changes.
        assert_eq!(text, Settings::default().to_ron());
    }

    #[test]
    fn recent_games_are_newest_first_once_each_and_at_most_eight() {
        let mut s = Settings::default();
        for i in 0..10 {
            s.remember_game_file(Path::new(&format!("g{i}.txt")));
        }
        s.remember_game_file(Path::new("g5.txt"));
        let names: Vec<String> = s
            .recent_games
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        assert_eq!(
            names,
            [
                "g5.txt", "g9.txt", "g8.txt", "g7.txt", "g6.txt", "g4.txt", "g3.txt", "g2.txt"
            ]
        );
    }
}
