//! The app's state, and what tests and the window ask of it. The computer's turn, the hint,
//! the background studies and the settings file keep their own state (`computer.rs`,
//! `hint.rs`, `studies.rs`, `settings_file.rs`). Beside this file: the layout of a frame
//! (`layout.rs`), the one place commands apply (`commands.rs`), what runs each frame
//! (`logic.rs`), game files (`file_handling.rs`), starting and restoring games
//! (`games.rs`), and the game's clocks (`clock.rs`).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use crate::ai::analysis::Analysis;
use crate::ai::review::Review;
use crate::ai::{EngineSpec, PlayerSpec};
use crate::core::{Move, Side};

use crate::app::clock::running::Timer;
use crate::app::document::session::{BoardView, Session, Shelf, Shown};
use crate::app::document::settings::file_state::SettingsFile;
use crate::app::document::settings::{PlayerChoice, Settings, SettingsError, Theme};
use crate::app::jobs::computer_turn::Seeds;
use crate::app::view::board::Animation;
use crate::app::view::command::Command;
use crate::app::view::database_panel::DatabasePanel;
use crate::app::view::file_dialogs::FileDialogs;
use crate::app::view::status::Notice;
use crate::app::view::thinking::ThinkingView;
use parts::{Document, Jobs, Popups};
use setup::SetUp;
use strum::VariantArray;

mod apply;
mod clock;
mod closing;
mod file_handling;
pub(crate) mod frame_stats;
mod games;
mod layout;
mod logic;
mod opening;
mod parts;
pub(super) mod run;
pub(crate) mod setup;
#[cfg(feature = "testing")]
mod testing;
mod thinking;

pub use closing::CloseRequest;

/// The whole app state. The window (eframe) and the UI tests drive it through
/// [`BoardplayApp::show`].
pub struct BoardplayApp {
    settings: Settings,
    settings_file: SettingsFile,
    /// The game on the board and the file it belongs to.
    document: Document,
    /// The shown position taken apart for painting, and which position that is: built again
    /// only when the shown position changes.
    view: BoardView,
    view_of: Shown,
    /// The work in the background: the computer's turn, the hint, Analysis mode and the
    /// review, an engine started to learn its name, a game file being read.
    jobs: Jobs,
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
    /// The small windows over the board.
    popups: Popups,
    /// The opening's name, the book's moves and the moves played from the book.
    opening: opening::Opening,
    /// An engine typed in the engine box, for a side, being started: it is seated once it
    /// has answered, and a command that does not start one is never seated nor kept.
    engine_to_seat: Option<(Side, EngineSpec)>,
    /// The platform's file dialogs (the file browser, where there are none, is a popup).
    dialogs: FileDialogs,
    /// The database: the games of the files of several games that are open, beside the
    /// board while there are any.
    database: DatabasePanel,
    /// A position being set up on the board, while the editor is open.
    setup: Option<SetUp>,
    /// The "How it thinks" view: open or not, and its choices.
    thinking: ThinkingView,
    /// The window title last sent, so it is sent again only when it changes.
    title: String,
    seeds: Seeds,
    /// The window's inner size when it opened, and the size the settings held then.
    window_opened: Option<([f32; 2], Option<[f32; 2]>)>,
    applied_theme: Option<Theme>,
    repaint: Arc<OnceLock<egui::Context>>,
    /// Raised when the window is asked to close from another thread (see `closing.rs`).
    close_asked: Arc<AtomicBool>,
    /// The least time between two frames that the app's own animations and its workers'
    /// news ask for, in nanoseconds (see [`BoardplayApp::pace_frames`]); 0 asks for the
    /// next frame at once. Shared with the workers' `wake`.
    frame_pace: Arc<AtomicU64>,
}

impl BoardplayApp {
    /// The app with the settings read from `settings_path` (defaults if the file is missing;
    /// a message if it is broken).
    pub fn new(settings_path: PathBuf) -> BoardplayApp {
        crate::app::document::disk::note_start();
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
        let frame_pace = Arc::new(AtomicU64::new(0));
        let pace = Arc::clone(&frame_pace);
        // A worker's news is painted with the next frame the pace allows.
        let wake: Arc<dyn Fn() + Send + Sync> = Arc::new(move || {
            if let Some(ctx) = ctx.get() {
                ctx.request_repaint_after(std::time::Duration::from_nanos(
                    pace.load(Ordering::Relaxed),
                ));
            }
        });
        let settings_file = SettingsFile::new(settings_path, &settings, error);
        let game = Session::new(settings.board()).with_time_control(settings.clock);
        // The engines seated are started now, so that their names are in the lists and a
        // command that no longer starts one is named before it is their turn.
        let mut jobs = Jobs::new(&wake);
        for player in settings.players() {
            if let PlayerChoice::Computer(PlayerSpec::Engine(engine)) = player {
                jobs.engine_check.start(engine, false);
            }
        }
        BoardplayApp {
            settings,
            settings_file,
            view: game.view(),
            view_of: game.shown(),
            document: Document::new(game),
            jobs,
            engine_to_seat: None,
            dialogs: FileDialogs::new(false, wake),
            timer: Timer::default(),
            now: 0.0,
            shelf: Shelf::default(),
            animation: None,
            notice: None,
            popups: Popups::default(),
            opening: opening::Opening::default(),
            database: DatabasePanel::default(),
            setup: None,
            thinking: ThinkingView::default(),
            title: String::new(),
            seeds: Seeds::from_clock(),
            window_opened: None,
            applied_theme: None,
            repaint,
            close_asked: Arc::new(AtomicBool::new(false)),
            frame_pace,
        }
    }

    /// The settings as they are now (with unsaved changes), as they would be saved: their
    /// game and size are those of the game on the board, which is where the window keeps
    /// them (the settings' own say only what the app starts with).
    pub fn settings(&self) -> Settings {
        let mut settings = self.settings.clone();
        settings.set_variant(self.document.game.variant());
        settings
    }

    /// Changes the settings, then starts a new game (putting the old one aside for Undo) if
    /// the game, size or time control changed. Players change without a new game: tests seat
    /// them this way around a game they set up. A size the rules core does not support is
    /// the game's usual board (see [`Settings::board`]).
    pub fn set_settings(&mut self, mut settings: Settings) {
        settings.fit_players(settings.variant());
        let before = self.settings.players();
        let new_game = settings.variant() != self.document.game.variant()
            || settings.clock != self.document.game.time_control();
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
    pub fn game(&self) -> &Session {
        &self.document.game
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

    /// Paints the app's own animations (a move's discs turning) and the news of its
    /// workers (a search's progress, an answer) at most one frame per `least` (the window
    /// asks for 1/60 s): without a display's vertical sync, as under Xvfb or with a
    /// software renderer, they would otherwise be painted as fast as the machine allows,
    /// taking the cores from the searches and from the window itself. Without it (the
    /// tests, which step frames themselves) each asks for the next frame at once.
    pub fn pace_frames(&mut self, least: std::time::Duration) {
        let nanos = u64::try_from(least.as_nanos()).unwrap_or(u64::MAX);
        self.frame_pace.store(nanos, Ordering::Relaxed);
    }

    /// The pace set by [`BoardplayApp::pace_frames`], if any.
    fn frame_pace(&self) -> Option<std::time::Duration> {
        let nanos = self.frame_pace.load(Ordering::Relaxed);
        (nanos > 0).then(|| std::time::Duration::from_nanos(nanos))
    }

    /// Opens the game file at `path`, as File > Open game does with a chosen file: the file
    /// is read on a thread of its own, and its game goes on the board once it is all read.
    pub fn open_path(&mut self, path: PathBuf) {
        self.apply(Command::OpenPath(path), None);
    }

    /// True while a game file is being read.
    pub fn is_reading_file(&self) -> bool {
        self.jobs.opener.reading().is_some()
    }

    /// True while the computer's last move is being animated.
    pub fn is_animating(&self) -> bool {
        self.animation.is_some()
    }

    /// True while the computer is choosing a move (or waiting out its delay).
    pub fn is_thinking(&self) -> bool {
        self.jobs.computer.is_thinking()
    }

    /// True while computer-against-computer play is paused.
    pub fn is_paused(&self) -> bool {
        self.document.game.is_paused()
    }

    /// The hint's move, once found, if it is for the position shown.
    pub fn hint(&self) -> Option<Move> {
        self.jobs
            .hints
            .at(self.document.game.shown())
            .and_then(|(_, mv)| mv)
    }

    /// True while a hint is being searched for.
    pub fn is_hinting(&self) -> bool {
        self.jobs.hints.is_searching()
    }

    /// The review of the finished game, as far as it has gone (none while the game is on).
    pub fn review(&self) -> Option<Review> {
        self.jobs.studies.review(&self.document.game)
    }

    /// The game Undo would go back to, from the start of this one (see [`Shelf`]).
    pub fn previous_game(&self) -> Option<&Session> {
        self.shelf.previous().map(|a| &a.game)
    }

    /// Analysis mode's values for the shown position, as far as they have been found.
    pub fn analysis(&self) -> Option<Analysis> {
        self.jobs.studies.analysis(&self.document.game)
    }

    /// True while Analysis mode is still refining the values of the shown position.
    pub fn is_analysing(&self) -> bool {
        self.jobs.studies.is_analysing()
    }

    /// Shows a message about the position shown, replacing the last one.
    fn say(&mut self, text: impl Into<String>, is_problem: bool) {
        let notice = Notice {
            text: text.into(),
            is_problem,
        };
        self.notice = Some((notice, self.document.game.shown()));
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
        self.watching() || self.document.game.time_control().is_some()
    }

    fn delay(&self) -> f64 {
        self.settings.computer_delay_ms as f64 / 1000.0
    }
}
