//! Studies of the game in the background, beside the computer's turn and the hint: Analysis
//! mode's values for the shown position, and the review of a finished game. Each runs on a
//! worker of its own and follows what it studies: a new position restarts the analysis, a
//! changed game drops the review.

use std::sync::Arc;
#[cfg(feature = "testing")]
use std::time::Duration;

use crate::ai::analysis::Analysis;
use crate::ai::review::Review;
use crate::core::Variant;

use crate::app::document::session::{Revision, Session, Shown};
use crate::app::jobs::searches;
use crate::app::jobs::worker::Background;

/// The analysis of the shown position and the review of the game.
pub struct Studies {
    analysis: Background<Shown, Analysis>,
    review: Background<Revision, Review>,
}

impl Studies {
    /// Nothing studied yet; `wake` asks the window for a repaint (see
    /// [`crate::app::jobs::worker::Worker::new`]).
    pub fn new(wake: Arc<dyn Fn() + Send + Sync>) -> Studies {
        Studies {
            analysis: Background::new(Arc::clone(&wake)),
            review: Background::new(wake),
        }
    }

    /// Keeps the studies on `game`, searching on `threads` threads. The analysis runs while
    /// `analysis` (the mode) is on and the shown position is not over (`over`), until every
    /// value is exact (then its thread ends); on a new position it restarts, and the old
    /// one's values go with its slot. A finished game is reviewed (see
    /// [`crate::ai::review`]); the review is dropped when the game changes.
    pub fn refresh(&mut self, game: &Session, analysis: bool, over: bool, threads: usize) {
        if analysis && !over {
            self.analysis.keep_on(game.shown(), |slot| {
                searches::analysis_job(game, threads, slot)
            });
        } else {
            self.analysis.stop();
        }
        if game.is_finished() {
            let depth = review_depth(game.variant());
            self.review.keep_on(game.revision(), |slot| {
                searches::review_job(game, depth, slot)
            });
        } else {
            self.review.stop();
        }
    }

    /// Analysis mode's values for the shown position of `game`, as far as they have been
    /// found.
    pub fn analysis(&self, game: &Session) -> Option<Analysis> {
        self.analysis.latest(&game.shown())
    }

    /// True while Analysis mode is still refining its values.
    pub fn is_analysing(&self) -> bool {
        self.analysis.is_busy()
    }

    /// The review of `game`, as far as it has gone (none while the game is on).
    pub fn review(&self, game: &Session) -> Option<Review> {
        self.review.latest(&game.revision())
    }

    /// Stops both studies.
    pub fn stop(&mut self) {
        self.analysis.stop();
        self.review.stop();
    }

    /// Blocks until the analysis has finished, for at most `timeout`.
    #[cfg(feature = "testing")]
    pub fn wait_for_analysis(&mut self, timeout: Duration) {
        self.analysis.wait(timeout);
    }

    /// Blocks until the review has finished, for at most `timeout`.
    #[cfg(feature = "testing")]
    pub fn wait_for_review(&mut self, timeout: Duration) {
        self.review.wait(timeout);
    }
}

/// How deep the review of a finished game searches where it cannot solve: every position
/// of the game is searched, so shallower than Analysis mode (under a second on 8x8, about a
/// second on 12x12).
fn review_depth(variant: Variant) -> u32 {
    if variant.rows() * variant.cols() <= 64 {
        6
    } else {
        4
    }
}
