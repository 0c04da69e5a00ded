//! Closing the window when the system asks the program to end (SIGTERM at logout or shutdown,
//! SIGHUP when its terminal goes, Ctrl+C in its terminal): the request is taken on another
//! thread, which cannot reach the app's state, so it only raises a flag and wakes the window;
//! the next frame closes the window through eframe's own close, which saves the settings
//! and keeps the game exactly as the close button does.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use super::BoardplayApp;

/// A request to close the window, to be made from any thread.
#[derive(Clone)]
pub struct CloseRequest {
    asked: Arc<AtomicBool>,
    ctx: Arc<OnceLock<egui::Context>>,
}

impl CloseRequest {
    /// Asks the window to close at its next frame, and wakes it for one. False if it had
    /// been asked already and is still there: it does not answer, and the caller may end the
    /// program.
    pub fn ask(&self) -> bool {
        let first = !self.asked.swap(true, Ordering::SeqCst);
        if let Some(ctx) = self.ctx.get() {
            ctx.request_repaint();
        }
        first
    }
}

impl BoardplayApp {
    /// A handle that asks this window to close, as its close button does (see
    /// [`CloseRequest::ask`]).
    pub fn close_request(&self) -> CloseRequest {
        CloseRequest {
            asked: Arc::clone(&self.close_asked),
            ctx: Arc::clone(&self.repaint),
        }
    }

    /// Closes the window through eframe if a close was asked for.
    pub(super) fn close_if_asked(&self, ctx: &egui::Context) {
        if self.close_asked.load(Ordering::SeqCst) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}
