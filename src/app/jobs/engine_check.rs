//! Engines chosen for a side, each started on a thread of its own as soon as it is chosen
//! (or, when the app starts, as soon as it is found seated): its name (`set myname`) is then
//! shown in the player list, and a command that does not start an engine is named at once,
//! not at the engine's first move.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::ai::EngineSpec;
use crate::ai::engine::{EngineError, probe};

/// What a check found: the engine checked, its name or why it cannot play, and whether to
/// say so when it can (a check the person asked for) or only when it cannot (one made at
/// start-up).
pub type Checked = (EngineSpec, Result<String, EngineError>, bool);

/// The checks under way.
pub struct EngineCheck {
    running: Vec<Receiver<Checked>>,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl EngineCheck {
    /// No check; `wake` asks the window for a repaint when one ends.
    pub fn new(wake: Arc<dyn Fn() + Send + Sync>) -> EngineCheck {
        EngineCheck {
            running: Vec::new(),
            wake,
        }
    }

    /// Starts `engine` (or finds it idle) on a thread of its own; `announce`: its name is to
    /// be said once it answers.
    pub fn start(&mut self, engine: EngineSpec, announce: bool) {
        let (send, receive) = channel();
        let wake = Arc::clone(&self.wake);
        let started = std::thread::Builder::new()
            .name("boardplay-engine-check".into())
            .spawn(move || {
                // The window may have gone; then nobody needs the answer.
                let found = probe(&engine);
                if send.send((engine, found, announce)).is_ok() {
                    wake();
                }
            });
        // Without a thread the engine is simply started at its first move.
        if started.is_ok() {
            self.running.push(receive);
        }
    }

    /// What a check that has ended found, if one has.
    pub fn poll(&mut self) -> Option<Checked> {
        for i in 0..self.running.len() {
            match self.running[i].try_recv() {
                Ok(answer) => {
                    self.running.remove(i);
                    return Some(answer);
                }
                // A thread that ended without an answer (it cannot, but then nothing waits).
                Err(TryRecvError::Disconnected) => {
                    self.running.remove(i);
                    return self.poll();
                }
                Err(TryRecvError::Empty) => {}
            }
        }
        None
    }

    /// Blocks until the checks under way have ended, for at most `timeout`, and gives what
    /// they found as [`EngineCheck::poll`] does (for tests, which must not sleep).
    #[cfg(feature = "testing")]
    pub fn wait(&mut self, timeout: std::time::Duration) -> Vec<Checked> {
        let deadline = std::time::Instant::now() + timeout;
        let mut found = Vec::new();
        for receiver in std::mem::take(&mut self.running) {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if let Ok(answer) = receiver.recv_timeout(left) {
                found.push(answer);
            }
        }
        found
    }

    /// True while a check runs.
    #[cfg(feature = "testing")]
    pub fn is_running(&self) -> bool {
        !self.running.is_empty()
    }
}
