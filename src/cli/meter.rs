//! Progress on stderr for long jobs: an `indicatif` bar or spinner that appears once a job has
//! run for a second, and never when stderr is not a terminal (a pipe, a file, a test).

use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a job runs before its progress is shown: shorter jobs would only flicker.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// A progress display; cleared from the terminal when dropped.
pub struct Meter {
    bar: ProgressBar,
    /// Dropped to tell the thread that would show the bar that the job is over.
    done: Option<mpsc::Sender<()>>,
    shower: Option<JoinHandle<()>>,
}

impl Meter {
    /// A bar from 0 to `len`, drawn with an `indicatif` template in which `{msg}` is
    /// what [`message`](Meter::message) sets.
    pub fn bar(len: u64, template: &str) -> Meter {
        let style = ProgressStyle::with_template(template)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
        Meter::new(ProgressBar::with_draw_target(
            Some(len),
            ProgressDrawTarget::hidden(),
        ))
        .styled(style)
    }

    /// A spinner with a message and the time elapsed, for work of unknown length.
    pub fn spinner() -> Meter {
        let style = ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
            .unwrap_or_else(|_| ProgressStyle::default_spinner());
        Meter::new(ProgressBar::with_draw_target(
            None,
            ProgressDrawTarget::hidden(),
        ))
        .styled(style)
    }

    fn new(bar: ProgressBar) -> Meter {
        let (done, wait) = mpsc::channel::<()>();
        let shown = bar.clone();
        let shower = std::thread::spawn(move || {
            if wait.recv_timeout(SHOW_AFTER) == Err(mpsc::RecvTimeoutError::Timeout) {
                // The stderr target draws nothing when stderr is not a terminal.
                shown.set_draw_target(ProgressDrawTarget::stderr());
                shown.enable_steady_tick(Duration::from_millis(100));
            }
        });
        Meter {
            bar,
            done: Some(done),
            shower: Some(shower),
        }
    }

    fn styled(self, style: ProgressStyle) -> Meter {
        self.bar.set_style(style);
        self
    }

    /// Sets the position of a bar.
    pub fn set(&self, position: u64) {
        self.bar.set_position(position);
    }

    /// Sets the text shown beside the bar or spinner.
    pub fn message(&self, text: String) {
        self.bar.set_message(text);
    }

    /// Runs `write` (a line of the report on stdout) with the bar out of the way.
    pub fn suspend<R>(&self, write: impl FnOnce() -> R) -> R {
        self.bar.suspend(write)
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        drop(self.done.take());
        if let Some(shower) = self.shower.take() {
            shower.join().ok();
        }
        self.bar.finish_and_clear();
    }
}
