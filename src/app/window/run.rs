//! Running the window: eframe's native loop around [`BoardplayApp`], the window's icon and
//! id, and the signals that close it as its close button does.

use std::path::PathBuf;
use std::time::Instant;

use super::BoardplayApp;
use super::frame_stats::{Busy, FrameStats};
use crate::app::document::settings::resolve_path;

/// The app's id: the window's Wayland app id and X11 class, the name of the desktop
/// entry, metainfo and icon in packaging/, so that the desktop matches the running window
/// with its menu entry and icon.
pub const APP_ID: &str = "io.github.boardplay.Boardplay";

/// The icon of the window (the title bar, the task bar, alt-tab): the 128x128 PNG drawn
/// from packaging/'s SVG, built into the binary. An error (a PNG that does not decode)
/// leaves the window with egui's default icon.
pub fn window_icon() -> Result<egui::IconData, IconError> {
    const PNG: &[u8] = include_bytes!(
        "../../../packaging/icons/hicolor/128x128/apps/io.github.boardplay.Boardplay.png"
    );
    eframe::icon_data::from_png_bytes(PNG).map_err(|e| IconError(e.to_string()))
}

/// The window's icon did not decode, and why.
#[derive(Debug, thiserror::Error)]
#[error("the window's icon did not decode: {0}")]
pub struct IconError(String);

/// The least time between two frames of the app's own animations: 60 frames a second.
const FRAME_PACE: std::time::Duration = std::time::Duration::from_micros(16_667);

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
    app.use_file_dialogs(crate::app::view::file_dialogs::FileDialogs::native_available());
    app.pace_frames(FRAME_PACE);
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
fn close_on_signals(close: super::CloseRequest) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    // Without a thread, or if they cannot be caught, the signals keep their default.
    let _ = std::thread::Builder::new()
        .name("boardplay-signals".into())
        .spawn(move || {
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT])
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
fn close_on_signals(_close: super::CloseRequest) {}

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
