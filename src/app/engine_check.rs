//! An engine chosen for a side, started on a thread of its own as soon as it is chosen: its
//! name (`set myname`) is then shown in the player list, and a command that does not start
//! an engine is named at once, not at the engine's first move.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};

use crate::ai::EngineSpec;
use crate::ai::engine::{EngineError, probe};

/// The check of the engine chosen last, while it runs.
pub struct EngineCheck {
    running: Option<Receiver<Result<String, EngineError>>>,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl EngineCheck {
    /// No check; `wake` asks the window for a repaint when one ends.
    pub fn new(wake: Arc<dyn Fn() + Send + Sync>) -> EngineCheck {
        EngineCheck {
            running: None,
            wake,
        }
    }

    /// Starts `engine` (or finds it idle) on a thread of its own, in place of any check
    /// still running (whose answer is dropped).
    pub fn start(&mut self, engine: EngineSpec) {
        let (send, receive) = channel();
        let wake = Arc::clone(&self.wake);
        let started = std::thread::Builder::new()
            .name("boardplay-engine-check".into())
            .spawn(move || {
                // The window may have moved on; then nobody needs the answer.
                if send.send(probe(&engine)).is_ok() {
                    wake();
                }
            });
        // Without a thread the engine is simply started at its first move.
        self.running = started.is_ok().then_some(receive);
    }

    /// The engine's name, or why it cannot play, once the check has ended.
    pub fn poll(&mut self) -> Option<Result<String, EngineError>> {
        let answer = self.running.as_ref()?.try_recv().ok()?;
        self.running = None;
        Some(answer)
    }

    /// Blocks until the check has ended, for at most `timeout`, and gives its answer as
    /// [`EngineCheck::poll`] does (for tests, which must not sleep).
    #[cfg(feature = "testing")]
    pub fn wait(&mut self, timeout: std::time::Duration) -> Option<Result<String, EngineError>> {
        let answer = self.running.as_ref()?.recv_timeout(timeout).ok()?;
        self.running = None;
        Some(answer)
    }

    /// True while a check runs.
    #[cfg(feature = "testing")]
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }
}
