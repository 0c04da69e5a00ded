//! The view's Monte Carlo search held while the computer's own search runs (or Analysis
//! mode's): on a machine of few cores it would otherwise take a core from the computer and
//! from the window, which paints the computer's moves. The window says each frame whether
//! the search is to be held ([`Thinking::hold`](super::Thinking::hold)); the search checks
//! between batches of iterations and waits while it is.

use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::ai::Stop;

/// Why the view's Monte Carlo search waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeldBy {
    /// The computer is choosing its move (or waiting out its move delay).
    Computer,
    /// Analysis mode searches the position.
    Analysis,
}

/// How long a held search sleeps before it looks at its stop flag again.
const LOOK_AGAIN: Duration = Duration::from_millis(20);

/// Whether the search is held, shared with its thread.
#[derive(Default)]
pub struct Hold {
    by: Mutex<Option<HeldBy>>,
    changed: Condvar,
}

impl Hold {
    /// Holds the search (`Some`) or lets it go on (`None`).
    pub fn set(&self, by: Option<HeldBy>) {
        let mut held = self.by.lock().unwrap_or_else(PoisonError::into_inner);
        if *held != by {
            *held = by;
            self.changed.notify_all();
        }
    }

    /// Why the search is held, if it is.
    pub fn by(&self) -> Option<HeldBy> {
        *self.by.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits while the search is held and `stop` is not raised; returns the time waited.
    pub fn wait(&self, stop: &Stop) -> Duration {
        let started = Instant::now();
        let mut held = self.by.lock().unwrap_or_else(PoisonError::into_inner);
        // The stop flag raises no signal here: it is looked at every LOOK_AGAIN.
        while held.is_some() && !stop.is_stopped() {
            held = self
                .changed
                .wait_timeout(held, LOOK_AGAIN)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        started.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_held_wait_ends_when_let_go_or_stopped() {
        let hold = Arc::new(Hold::default());
        let stop = Stop::new();
        assert_eq!(hold.by(), None);
        assert!(hold.wait(&stop) < Duration::from_secs(1), "not held");
        hold.set(Some(HeldBy::Computer));
        assert_eq!(hold.by(), Some(HeldBy::Computer));
        let (h, s) = (Arc::clone(&hold), stop.clone());
        let waiter = std::thread::spawn(move || h.wait(&s));
        std::thread::sleep(Duration::from_millis(100));
        assert!(!waiter.is_finished(), "a held search waits");
        hold.set(None);
        // How long it waited depends on when its thread began: only that it ends is certain.
        waiter.join().unwrap();
        hold.set(Some(HeldBy::Analysis));
        let (h, s) = (Arc::clone(&hold), stop.clone());
        let waiter = std::thread::spawn(move || h.wait(&s));
        stop.stop();
        waiter.join().unwrap();
        assert_eq!(
            hold.by(),
            Some(HeldBy::Analysis),
            "a stop lets the search end"
        );
    }
}
