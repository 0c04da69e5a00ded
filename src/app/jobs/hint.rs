//! A hint for the person to move: near the end a best move, solved, with its exact value;
//! further from it the Hard level's choice and its value with the plies searched (see
//! `jobs/searches.rs`, `hint_job`). Found on a worker of its own so that asking for one never
//! disturbs the computer, and dropped once the shown position is no longer the one it was
//! asked for.

use std::sync::Arc;
#[cfg(feature = "testing")]
use std::time::Duration;

use crate::ai::Level;
use crate::ai::book::BookOptions;
use crate::core::{Move, Side};

use crate::ai::PlayerSpec;
use crate::app::document::session::{Session, Shown};
use crate::app::jobs::searches::{self, HintSink, HintValue};
use crate::app::jobs::worker::Worker;

/// The level whose choice a hint shows beyond the solver's reach: strong, and quick enough
/// to wait for.
const HINT_LEVEL: Level = Level::Hard;

/// A hint asked for.
#[derive(Clone, Copy, Debug)]
struct Hint {
    /// The position it is for.
    position: Shown,
    /// Who it is for.
    side: Side,
    /// The move, once found.
    mv: Option<Move>,
}

/// The hint asked for, if any, its search, and where the search leaves the move's value.
pub struct Hints {
    worker: Worker,
    hint: Option<Hint>,
    value: HintSink,
}

impl Hints {
    /// No hint; `wake` asks the window for a repaint (see [`Worker::new`]).
    pub fn new(wake: Arc<dyn Fn() + Send + Sync>) -> Hints {
        Hints {
            worker: Worker::new(wake),
            hint: None,
            value: HintSink::default(),
        }
    }

    /// True once a hint has been asked for, until it is dropped by [`Hints::refresh`].
    pub fn is_asked(&self) -> bool {
        self.hint.is_some()
    }

    /// Starts looking for a hint in the shown position of `game`, for the side to move, on
    /// `threads` threads, from the opening book where `book` (the computer's book setting)
    /// has it on and it holds the position.
    pub fn ask(&mut self, game: &Session, seed: u64, threads: usize, book: BookOptions) {
        // A fresh sink: a cancelled search still writing can never give its value here.
        self.value = HintSink::default();
        let hinter = PlayerSpec::Level(HINT_LEVEL);
        let job = searches::hint_job(game, &hinter, seed, threads, book, self.value.clone());
        self.worker.start(job);
        self.hint = Some(Hint {
            position: game.shown(),
            side: game.side_to_move(),
            mv: None,
        });
    }

    /// Collects the hint's answer, and drops the hint (cancelling its search) once `shown`
    /// is no longer the position it was asked for.
    pub fn refresh(&mut self, shown: Shown) {
        let Some(hint) = &mut self.hint else { return };
        if hint.position != shown {
            self.cancel();
        } else if hint.mv.is_none()
            && let Some(answer) = self.worker.poll()
        {
            // The hint's player (Hard) always answers: only engines fail.
            hint.mv = answer.mv.ok().flatten();
        }
    }

    /// The hint asked for in `shown`: for whom, and the move once found.
    pub fn at(&self, shown: Shown) -> Option<(Side, Option<Move>)> {
        self.hint
            .filter(|h| h.position == shown)
            .map(|h| (h.side, h.mv))
    }

    /// The value of the hint's move in `shown`, once found.
    pub fn value_at(&self, shown: Shown) -> Option<HintValue> {
        let hint = self
            .hint
            .filter(|h| h.position == shown && h.mv.is_some())?;
        let value = self
            .value
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()?;
        (Some(value.value.mv) == hint.mv).then_some(value)
    }

    /// True while a hint is being searched for.
    pub fn is_searching(&self) -> bool {
        self.hint.is_some_and(|h| h.mv.is_none())
    }

    /// Drops the hint and stops its search.
    pub fn cancel(&mut self) {
        self.worker.cancel();
        self.hint = None;
    }

    /// Blocks until the hint's search has answered, for at most `timeout`.
    #[cfg(feature = "testing")]
    pub fn wait(&mut self, timeout: Duration) {
        if let Some(hint) = &mut self.hint
            && hint.mv.is_none()
        {
            hint.mv = self.worker.wait(timeout).and_then(|a| a.mv.ok().flatten());
        }
    }
}
