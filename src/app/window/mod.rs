//! The app's state, and what tests and the window ask of it. The computer's turn, the hint,
//! the background studies and the settings file keep their own state (`computer.rs`,
//! `hint.rs`, `studies.rs`, `settings_file.rs`). Beside this file: the layout of a frame
//! (`layout.rs`), the one place commands apply (`commands.rs`), what runs each frame
//! (`logic.rs`), game files (`file_handling.rs`), starting and restoring games
//! (`games.rs`), and the game's clocks (`clock.rs`).

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use crate::ai::analysis::Analysis;
use crate::ai::review::Review;
use crate::ai::{EngineSpec, PlayerSpec};
use crate::core::{Move, Side};

use super::board::Animation;
use super::command::Command;
use super::computer::{ComputerTurn, Seeds};
use super::database_panel::DatabasePanel;
use super::dialogs::FileDialogs;
use super::engine_check::EngineCheck;
use super::file_browser::FileBrowser;
use super::hint::Hints;
use super::opener::Opener;
use super::session::{BoardView, Game, Revision, Shelf, Shown};
use super::settings::{PlayerChoice, Settings, SettingsError, Theme};
use super::settings_file::SettingsFile;
use super::setup::SetUp;
use super::status::Notice;
use super::studies::Studies;
use super::timer::Timer;
use strum::VariantArray;

mod clock;
mod closing;
mod commands;
mod file_handling;
mod games;
mod layout;
mod logic;
#[cfg(feature = "testing")]
mod testing;

pub use closing::CloseRequest;

/// The whole app state. The window (eframe) and the UI tests drive it through
/// [`BoardplayApp::show`].
pub struct BoardplayApp {
    settings: Settings,
    settings_file: SettingsFile,
    game: Game,
    /// The shown position taken apart for painting, and which position that is: built again
    /// only when the shown position changes.
    view: BoardView,
    view_of: Shown,
    computer: ComputerTurn,
    /// Hints search on their own worker, so asking for one never disturbs the computer.
    hints: Hints,
    /// Analysis mode and the review of a finished game.
    studies: Studies,
    /// The clock of the side to move, for a game on clocks.
    timer: Timer,
    /// egui's clock at the last frame, for commands applied without a context (tests).
    now: f64,
    /// The games put aside by starting new ones, for Undo and Redo to go back to.
    shelf: Shelf,
    /// The computer's last move being shown: when it was played (egui's clock, which tests
    /// drive), the position it led to, and what changed.
    animation: Option<(f64, Shown, Animation)>,
    /// The last message, and the position it was said at: it goes when that changes.
    notice: Option<(Notice, Shown)>,
    /// The paste box's text, whether the box is open, and whether it is yet to take the
    /// keyboard focus.
    paste: String,
    paste_open: bool,
    paste_focus: bool,
    /// The file the game on the board was opened from or last saved to: Save game writes
    /// over it without asking.
    game_path: Option<PathBuf>,
    /// The revision of the game as last opened or saved (the title marks a game that
    /// differs).
    saved: Option<Revision>,
    /// A file Save game would write over, waiting for the person to say yes or no.
    overwrite: Option<PathBuf>,
    /// The box asking for an engine's command, for the side it is to play, and whether it
    /// is yet to take the keyboard focus.
    engine_box: Option<(Side, String)>,
    engine_focus: bool,
    /// An engine typed in the engine box, for a side, being started: it is seated once it
    /// has answered, and a command that does not start one is never seated nor kept.
    engine_to_seat: Option<(Side, EngineSpec)>,
    /// The engine chosen last, started to learn its name.
    engine_check: EngineCheck,
    /// The platform's file dialogs, and the file browser where there are none.
    dialogs: FileDialogs,
    path_box: Option<FileBrowser>,
    /// The database: the games of the files of several games that are open, beside the
    /// board while there are any.
    database: DatabasePanel,
    /// The game file being read, on its own thread.
    opener: Opener,
    show_shortcuts: bool,
    show_about: bool,
    /// A position being set up on the board, while the editor is open.
    setup: Option<SetUp>,
    /// The game kept from last time could not be read: closing with no game on the board
    /// leaves its file as it is.
    kept_unread: bool,
    /// The window title last sent, so it is sent again only when it changes.
    title: String,
    seeds: Seeds,
    /// The window's inner size when it opened, and the size the settings held then.
    window_opened: Option<([f32; 2], Option<[f32; 2]>)>,
    applied_theme: Option<Theme>,
    repaint: Arc<OnceLock<egui::Context>>,
    /// Raised when the window is asked to close from another thread (see `closing.rs`).
    close_asked: Arc<AtomicBool>,
}

impl BoardplayApp {
    /// The app with the settings read from `settings_path` (defaults if the file is missing;
    /// a message if it is broken).
    pub fn new(settings_path: PathBuf) -> BoardplayApp {
        crate::app::disk::note_start();
        let loaded = Settings::load(&settings_path);
        BoardplayApp::with_loaded_settings(settings_path, loaded)
    }

    /// The app with settings already read from `settings_path` (by [`Settings::load`] or
    /// [`Settings::from_read`]), and the problem found in the file, if any.
    pub fn with_loaded_settings(
        settings_path: PathBuf,
        (settings, error): (Settings, Option<SettingsError>),
    ) -> BoardplayApp {
        let repaint: Arc<OnceLock<egui::Context>> = Arc::new(OnceLock::new());
        let ctx = Arc::clone(&repaint);
        let wake: Arc<dyn Fn() + Send + Sync> = Arc::new(move || {
            if let Some(ctx) = ctx.get() {
                ctx.request_repaint();
            }
        });
        let settings_file = SettingsFile::new(settings_path, &settings, error);
        let game = Game::new(settings.board()).with_time_control(settings.clock);
        // The engines seated are started now, so that their names are in the lists and a
        // command that no longer starts one is named before it is their turn.
        let mut engine_check = EngineCheck::new(Arc::clone(&wake));
        for player in settings.players() {
            if let PlayerChoice::Computer(PlayerSpec::Engine(engine)) = player {
                engine_check.start(engine, false);
            }
        }
        BoardplayApp {
            settings,
            settings_file,
            view: game.view(),
            view_of: game.shown(),
            game,
            computer: ComputerTurn::new(Arc::clone(&wake)),
            engine_box: None,
            engine_focus: false,
            engine_to_seat: None,
            engine_check,
            dialogs: FileDialogs::new(false, Arc::clone(&wake)),
            opener: Opener::new(Arc::clone(&wake)),
            hints: Hints::new(Arc::clone(&wake)),
            studies: Studies::new(wake),
            timer: Timer::default(),
            now: 0.0,
            shelf: Shelf::default(),
            animation: None,
            notice: None,
            paste: String::new(),
            paste_open: false,
            paste_focus: false,
            game_path: None,
            saved: None,
            overwrite: None,
            path_box: None,
            database: DatabasePanel::default(),
            show_shortcuts: false,
            show_about: false,
            setup: None,
            kept_unread: false,
            title: String::new(),
            seeds: Seeds::from_clock(),
            window_opened: None,
            applied_theme: None,
            repaint,
            close_asked: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The settings as they are now (with unsaved changes), as they would be saved: their
    /// game and size are those of the game on the board, which is where the window keeps
    /// them (the settings' own say only what the app starts with).
    pub fn settings(&self) -> Settings {
        let mut settings = self.settings.clone();
        settings.set_variant(self.game.variant());
        settings
    }

    /// Changes the settings, then starts a new game (putting the old one aside for Undo) if
    /// the game, size or time control changed. Players change without a new game: tests seat
    /// them this way around a game they set up. A size the rules core does not support is
    /// the game's usual board (see [`Settings::board`]).
    pub fn set_settings(&mut self, mut settings: Settings) {
        settings.fit_players(settings.variant());
        let before = self.settings.players();
        let new_game =
            settings.variant() != self.game.variant() || settings.clock != self.game.time_control();
        let board = settings.board();
        self.settings = settings;
        if new_game {
            self.new_game(board, before);
        }
    }

    /// Records the window's inner size, kept in the settings for the next start, each
    /// frame. The first size told is the one the window opened at (the window manager may
    /// have changed what was asked): it is no change, nor is a size the window comes back
    /// to, so a window the person did not resize leaves the settings as they were read.
    pub fn set_window_size(&mut self, size: [f32; 2]) {
        let (opened, read) = *self
            .window_opened
            .get_or_insert((size, self.settings.window_size));
        self.settings.window_size = if size == opened { read } else { Some(size) };
    }

    /// The game on the board.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Where the settings file is.
    pub fn settings_path(&self) -> &Path {
        self.settings_file.path()
    }

    /// Uses the platform's file dialogs for Open game and Save game as (the window does, when
    /// [`FileDialogs::native_available`]); without them, a path is typed in a small box.
    pub fn use_file_dialogs(&mut self, native: bool) {
        self.dialogs.set_native(native);
    }

    /// Opens the game file at `path`, as File > Open game does with a chosen file: the file
    /// is read on a thread of its own, and its game goes on the board once it is all read.
    pub fn open_path(&mut self, path: PathBuf) {
        self.apply(Command::OpenPath(path), None);
    }

    /// True while a game file is being read.
    pub fn is_reading_file(&self) -> bool {
        self.opener.reading().is_some()
    }

    /// True while the computer's last move is being animated.
    pub fn is_animating(&self) -> bool {
        self.animation.is_some()
    }

    /// True while the computer is choosing a move (or waiting out its delay).
    pub fn is_thinking(&self) -> bool {
        self.computer.is_thinking()
    }

    /// True while computer-against-computer play is paused.
    pub fn is_paused(&self) -> bool {
        self.game.is_paused()
    }

    /// The hint's move, once found, if it is for the position shown.
    pub fn hint(&self) -> Option<Move> {
        self.hints.at(self.game.shown()).and_then(|(_, mv)| mv)
    }

    /// True while a hint is being searched for.
    pub fn is_hinting(&self) -> bool {
        self.hints.is_searching()
    }

    /// The review of the finished game, as far as it has gone (none while the game is on).
    pub fn review(&self) -> Option<Review> {
        self.studies.review(&self.game)
    }

    /// The game Undo would go back to, from the start of this one (see [`Shelf`]).
    pub fn previous_game(&self) -> Option<&Game> {
        self.shelf.previous().map(|a| &a.game)
    }

    /// Analysis mode's values for the shown position, as far as they have been found.
    pub fn analysis(&self) -> Option<Analysis> {
        self.studies.analysis(&self.game)
    }

    /// True while Analysis mode is still refining the values of the shown position.
    pub fn is_analysing(&self) -> bool {
        self.studies.is_analysing()
    }

    /// Shows a message about the position shown, replacing the last one.
    fn say(&mut self, text: impl Into<String>, is_problem: bool) {
        let notice = Notice {
            text: text.into(),
            is_problem,
        };
        self.notice = Some((notice, self.game.shown()));
    }

    fn computer_at(&self, side: Side) -> Option<PlayerSpec> {
        match self.settings.player(side) {
            PlayerChoice::Person => None,
            PlayerChoice::Computer(c) => Some(c),
        }
    }

    fn is_person(&self, side: Side) -> bool {
        self.settings.player(side).is_person()
    }

    /// Nobody at the board: the computers play each other and can be paused.
    fn watching(&self) -> bool {
        !Side::VARIANTS.iter().copied().any(|s| self.is_person(s))
    }

    /// The game can be paused: computers play each other, or it is played on clocks.
    fn can_pause(&self) -> bool {
        self.watching() || self.game.time_control().is_some()
    }

    fn delay(&self) -> f64 {
        self.settings.computer_delay_ms as f64 / 1000.0
    }
}
