//! The desktop app. It holds no rules: it turns clicks and keys into moves for the rules core,
//! runs the computer players on worker threads, and paints positions.
//!
//! No window (built without feature `gui` too):
//! - [`settings`]: the persisted `settings.ron` and where it lives.
//! - `disk`: reading only regular files of a believable size, and writing atomically.
//! - [`session`]: the game with its history, undo, redo and jumps, and its revision.
//! - [`files`]: game files (boardplay's own, GGF, WTHOR) and pasted move lists.
//! - [`database`]: the games of the files open in the list, asked about a position.
//! - `worker`: a search on a thread, cancellable, stale answers dropped.
//! - [`words`]: side names, results, and why a move was refused.
//!
//! Only the modules the tests use are public; the others are the crate's own.
//!
//! The window (feature `gui`):
//! - `window`: the app's state, the layout of a frame, and the one place commands apply.
//! - `setup`: a position being set up on the board, and its checks.
//! - `command`: every action once, with its label, tooltip, shortcuts and when it is allowed.
//! - `menu`, `popups`, `dialogs`, `file_browser`, `database_panel`: the menu bar; the small
//!   windows over the board (paste box, shortcuts, About); the platform's file dialogs, and
//!   the window's own file browser where there are none; the database beside the board
//!   (the games of the files of several games that are open, and their answer for the
//!   position shown).
//! - `computer`, `hint`, `studies`: the computer's turn, the hint, and Analysis mode with the
//!   review of a finished game, each on its own worker; `engine_check`: an engine chosen
//!   for a side, started at once to learn its name.
//! - `timer`, `clock_view`: the running clock of the side to move (on egui's clock), and
//!   the clocks on screen with the choice of a time control.
//! - `settings_file`: the settings file of the running app.
//! - `opener`: a game file read on a thread of its own, with its progress and Cancel.
//! - `board`, `chart`, `verdict`, `panel`, `status`, `widgets`: the painted board, the review
//!   chart and its verdict, the side panel, the status lines, and small shared widgets.

pub mod database;
mod disk;
pub mod files;
pub mod session;
pub mod settings;
#[cfg(feature = "gui")]
mod setup;
pub mod words;
// The window runs the workers; without it the session still builds the jobs they run.
#[cfg_attr(not(feature = "gui"), allow(dead_code))]
mod worker;

#[cfg(feature = "gui")]
pub mod board;
#[cfg(feature = "gui")]
mod chart;
#[cfg(feature = "gui")]
mod clock_view;
#[cfg(feature = "gui")]
pub mod command;
#[cfg(feature = "gui")]
mod computer;
#[cfg(feature = "gui")]
mod database_panel;
#[cfg(feature = "gui")]
mod dialogs;
#[cfg(feature = "gui")]
mod engine_check;
#[cfg(feature = "gui")]
mod file_browser;
#[cfg(feature = "gui")]
mod frame_stats;
#[cfg(feature = "gui")]
mod hint;
#[cfg(feature = "gui")]
mod menu;
#[cfg(feature = "gui")]
mod opener;
#[cfg(feature = "gui")]
mod panel;
#[cfg(feature = "gui")]
mod popups;
#[cfg(feature = "gui")]
mod settings_file;
#[cfg(feature = "gui")]
mod status;
#[cfg(feature = "gui")]
mod studies;
#[cfg(feature = "gui")]
mod timer;
#[cfg(feature = "gui")]
mod verdict;
#[cfg(feature = "gui")]
mod widgets;
#[cfg(feature = "gui")]
mod window;

#[cfg(feature = "gui")]
pub use window::BoardplayApp;

#[cfg(feature = "gui")]
pub use run::{APP_ID, IconError, run, window_icon};

#[cfg(feature = "gui")]
mod run {
    use std::path::PathBuf;
    use std::time::Instant;

    use super::BoardplayApp;
    use super::frame_stats::{Busy, FrameStats};
    use super::settings::resolve_path;

    /// The app's id: the window's Wayland app id and X11 class, the name of the desktop
    /// entry, metainfo and icon in packaging/, so that the desktop matches the running window
    /// with its menu entry and icon.
    pub const APP_ID: &str = "io.github.boardplay.Boardplay";

    /// The icon of the window (the title bar, the task bar, alt-tab): the 128x128 PNG drawn
    /// from packaging/'s SVG, built into the binary. An error (a PNG that does not decode)
    /// leaves the window with egui's default icon.
    pub fn window_icon() -> Result<egui::IconData, IconError> {
        const PNG: &[u8] = include_bytes!(
            "../../packaging/icons/hicolor/128x128/apps/io.github.boardplay.Boardplay.png"
        );
        eframe::icon_data::from_png_bytes(PNG).map_err(|e| IconError(e.to_string()))
    }

    /// The window's icon did not decode, and why.
    #[derive(Debug, thiserror::Error)]
    #[error("the window's icon did not decode: {0}")]
    pub struct IconError(String);

    /// Opens the game window and runs it until it is closed. `settings` is the `--settings`
    /// path; with `frame_stats`, timing figures are printed when the window closes.
    ///
    /// The game from last time is put back on the board; a `game` file, if given, is opened
    /// over it, as desktop apps open the file they are asked to (see
    /// [`BoardplayApp::start_with`]).
    pub fn run(
        settings: Option<PathBuf>,
        game: Option<PathBuf>,
        frame_stats: bool,
        started: Instant,
    ) -> eframe::Result {
        let mut app = BoardplayApp::new(resolve_path(settings));
        close_on_signals(app.close_request());
        app.use_file_dialogs(super::dialogs::FileDialogs::native_available());
        app.start_with(game);
        let [w, h] = app.settings().window_size.unwrap_or([960.0, 680.0]);
        let mut viewport = egui::ViewportBuilder::default()
            .with_title("boardplay")
            .with_app_id(APP_ID)
            .with_inner_size([w, h])
            .with_min_inner_size([420.0, 320.0]);
        match window_icon() {
            Ok(icon) => viewport = viewport.with_icon(icon),
            Err(e) => eprintln!("warning: the window's icon did not load: {e}"),
        }
        let options = eframe::NativeOptions {
            viewport,
            ..Default::default()
        };
        let stats = frame_stats.then(|| FrameStats::new(started));
        eframe::run_native(
            "boardplay",
            options,
            Box::new(move |_cc| Ok(Box::new(Window { app, stats }))),
        )
    }

    /// SIGTERM (logout, shutdown, a system update restarting the desktop), SIGHUP and
    /// SIGINT close the window as its close button does, so the settings and the game are
    /// kept (see `window/closing.rs`); a second signal, if the window has not closed by
    /// then, ends the program at once. Where the signals cannot be caught, they keep their
    /// default effect.
    #[cfg(unix)]
    fn close_on_signals(close: super::window::CloseRequest) {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        // Without a thread, or if they cannot be caught, the signals keep their default.
        let _ = std::thread::Builder::new()
            .name("boardplay-signals".into())
            .spawn(move || {
                let Ok(mut signals) =
                    signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT])
                else {
                    return;
                };
                for signal in signals.forever() {
                    if !close.ask() {
                        std::process::exit(128 + signal);
                    }
                }
            });
    }

    #[cfg(not(unix))]
    fn close_on_signals(_close: super::window::CloseRequest) {}

    struct Window {
        app: BoardplayApp,
        stats: Option<FrameStats>,
    }

    impl eframe::App for Window {
        fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
            let frame_start = Instant::now();
            if let Some(stats) = &mut self.stats {
                stats.previous_frame(frame.info().cpu_usage);
            }
            self.app.show(ui);
            if let Some(rect) = ui.input(|i| i.viewport().inner_rect) {
                self.app
                    .set_window_size([rect.width().round(), rect.height().round()]);
            }
            if let Some(stats) = &mut self.stats {
                let busy = Busy {
                    thinking: self.app.is_thinking(),
                    analysing: self.app.is_analysing(),
                };
                stats.this_frame(frame_start, busy, self.app.game().variant());
            }
        }

        fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
            self.app.shutdown();
            if let Some(stats) = &self.stats {
                println!("{}", stats.report());
            }
        }
    }
}
