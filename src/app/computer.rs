//! The computer's turn: its search on a worker thread, its answer held until the move delay
//! has passed, and computer-against-computer play paused or stepped. The window decides when
//! the computer is to move and plays the answer; this keeps the turn in between.

use std::sync::Arc;
#[cfg(feature = "testing")]
use std::time::Duration;

use crate::ai::Progress;

use super::session::Shown;
use super::worker::{Answer, Job, Worker};
use crate::ai::PlayerSpec;

/// The computer's search in progress, as the worker last reported it.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The player's name: "Medium: Minimax, depth 3".
    pub player: String,
    /// The latest report, once there is one.
    pub progress: Option<Progress>,
}

/// A search under way.
#[derive(Clone, Copy, Debug)]
struct Thinking {
    /// When it started, in egui's clock (seconds).
    since: f64,
    /// The position it is about.
    about: Shown,
    /// The answer, once the worker has sent it; played when the delay has passed.
    answer: Option<Answer>,
}

/// The computer's turn: at most one search at a time, and whether play is held.
pub struct ComputerTurn {
    worker: Worker,
    thinking: Option<Thinking>,
    /// Computer-against-computer play is held (see [`super::command::Action::Pause`]).
    paused: bool,
    /// One computer move may be played while paused.
    step: bool,
}

impl ComputerTurn {
    /// No search, play not held; `wake` asks the window for a repaint (see [`Worker::new`]).
    pub fn new(wake: Arc<dyn Fn() + Send + Sync>) -> ComputerTurn {
        ComputerTurn {
            worker: Worker::new(wake),
            thinking: None,
            paused: false,
            step: false,
        }
    }

    /// True while the computer is choosing a move (or waiting out its delay).
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// True while computer-against-computer play is paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// True while the computer is choosing a move for the position `shown` (or waiting out
    /// its delay to play it).
    pub fn is_thinking_about(&self, shown: Shown) -> bool {
        self.thinking.is_some_and(|t| t.about == shown)
    }

    /// Starts the search `job` for the position `about` at `now` (egui's clock), dropping
    /// any search under way.
    pub fn start(&mut self, job: Job, about: Shown, now: f64) {
        self.worker.start(job);
        self.thinking = Some(Thinking {
            since: now,
            about,
            answer: None,
        });
    }

    /// Stops the search under way, if any; its answer will never be played.
    pub fn cancel(&mut self) {
        if self.thinking.take().is_some() {
            self.worker.cancel();
        }
    }

    /// The answer to play now: it has come, `delay` seconds have passed since its search
    /// started, and play is not held. While computer-against-computer play (`watching`) is
    /// paused, a search may finish but its move waits, unless one step was asked for.
    pub fn due(&mut self, now: f64, delay: f64, watching: bool) -> Option<Answer> {
        let held = self.is_held(watching);
        let thinking = self.thinking.as_mut()?;
        if thinking.answer.is_none() {
            thinking.answer = self.worker.poll();
        }
        let answer = thinking.answer?;
        if now - thinking.since < delay || held {
            return None;
        }
        self.thinking = None;
        self.step = false;
        Some(answer)
    }

    /// True if a search may start: none is under way and play is not held.
    pub fn may_start(&self, watching: bool) -> bool {
        self.thinking.is_none() && !self.is_held(watching)
    }

    /// Seconds until the answer that has come may be played (0 or less once it may); `None`
    /// while no answer waits.
    pub fn time_left(&self, now: f64, delay: f64) -> Option<f64> {
        let thinking = self.thinking.as_ref()?;
        thinking.answer?;
        Some(delay - (now - thinking.since))
    }

    /// The search of `computer` as the status line and board show it, while it runs.
    pub fn thought(&self, computer: PlayerSpec) -> Option<Thought> {
        self.thinking.as_ref()?;
        // The description the person chose ("Expert", "Alpha-beta, depth 5"), not the
        // player's own longer name, which would repeat it.
        Some(Thought {
            player: computer.label(),
            progress: self.worker.progress(),
        })
    }

    /// Holds computer-against-computer play after the current move.
    pub fn pause(&mut self) {
        self.paused = true;
        self.step = false;
    }

    /// Lets computer-against-computer play go on.
    pub fn resume(&mut self) {
        self.paused = false;
        self.step = false;
    }

    /// While paused, lets one move be played.
    pub fn step(&mut self) {
        if self.paused {
            self.step = true;
        }
    }

    /// Blocks until the search's answer has arrived, for at most `timeout`; true if it has.
    #[cfg(feature = "testing")]
    pub fn wait(&mut self, timeout: Duration) -> bool {
        match &mut self.thinking {
            Some(Thinking {
                answer: Some(_), ..
            }) => true,
            Some(thinking) => match self.worker.wait(timeout) {
                Some(answer) => {
                    thinking.answer = Some(answer);
                    true
                }
                None => false,
            },
            None => false,
        }
    }

    fn is_held(&self, watching: bool) -> bool {
        self.paused && watching && !self.step
    }
}

/// The seeds of the computer's random choices: every search (a move or a hint) takes the
/// next one, so a run is repeated by starting from the same seed, as tests do.
#[derive(Clone, Copy, Debug)]
pub struct Seeds(u64);

impl Seeds {
    /// Seeds that start from the clock: a different game every run.
    pub fn from_clock() -> Seeds {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Seeds(nanos)
    }

    /// Seeds that start from `seed`.
    #[cfg(feature = "testing")]
    pub fn starting_at(seed: u64) -> Seeds {
        Seeds(seed)
    }

    /// The next seed, from a simple linear congruential generator.
    pub fn draw(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0
    }
}
