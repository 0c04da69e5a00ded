//! Hooks for the tests, behind the feature `testing` (which the crate's own tests turn on):
//! wait for the background work instead of sleeping, fix the seed of the computer's random
//! choices, and put a game set up through the rules core on the board.

use std::time::Duration;

use super::BoardplayApp;
use crate::app::document::session::Session;
use crate::app::jobs::computer_turn::Seeds;

impl BoardplayApp {
    /// Replaces the game, without putting the old one aside.
    pub fn set_game(&mut self, game: Session) {
        self.document.game = game;
        self.notice = None;
    }

    /// Fixes the seed of the computer's random choices, for reproducible tests.
    pub fn set_seed(&mut self, seed: u64) {
        self.seeds = Seeds::starting_at(seed);
    }

    /// Blocks until the computer's answer has arrived from the worker, for at most `timeout`.
    /// The move is played by the next frame (after the move delay). Returns false if no
    /// answer came.
    pub fn wait_for_computer(&mut self, timeout: Duration) -> bool {
        self.jobs.computer.wait(timeout)
    }

    /// Blocks until the computer's search under way has reported its progress, for at most
    /// `timeout`; true if it has. The next frame shows it.
    pub fn wait_for_computer_progress(&mut self, timeout: Duration) -> bool {
        self.jobs.computer.wait_for_progress(timeout)
    }

    /// Blocks until every search the computer started has ended, the ones dropped as stale
    /// included, for at most `timeout`; true if they have. Their answers have then come, and
    /// the next frames show whether any was played.
    pub fn wait_for_computer_searches_to_end(&mut self, timeout: Duration) -> bool {
        self.jobs.computer.wait_until_idle(timeout)
    }

    /// Blocks until the check of the engine chosen last has ended, for at most `timeout`,
    /// and says what it found as the next frame would (a frame may have said it already).
    /// True if no check runs any more.
    pub fn wait_for_engine_check(&mut self, timeout: Duration) -> bool {
        for answer in self.jobs.engine_check.wait(timeout) {
            self.engine_checked(answer);
        }
        !self.jobs.engine_check.is_running()
    }

    /// Blocks until the game file being read has been read (or failed), for at most
    /// `timeout`, and takes what it gave as the next frame would: the game on the board, the
    /// list of games, or the error said. True if a reading ended.
    pub fn wait_for_file(&mut self, timeout: Duration) -> bool {
        match self.jobs.opener.wait(timeout) {
            Some((path, result)) => {
                self.finish_open(path, result);
                true
            }
            None => false,
        }
    }

    /// Holds the reading of game files at their next step (after a megabyte, or a game)
    /// until [`BoardplayApp::release_file_reading`], so a test sees a reading under way.
    pub fn hold_file_reading(&self) {
        self.jobs.opener.hold();
    }

    /// Lets the reading held by [`BoardplayApp::hold_file_reading`] go on.
    pub fn release_file_reading(&self) {
        self.jobs.opener.release();
    }

    /// Blocks until a reading is held (see [`BoardplayApp::hold_file_reading`]), for at
    /// most `timeout`; true if one is. Its progress is then in the next frame.
    pub fn wait_for_file_reading_held(&self, timeout: Duration) -> bool {
        self.jobs.opener.wait_until_held(timeout)
    }

    /// Blocks until every reading thread has ended, stopped ones included, for at most
    /// `timeout`; true if they have.
    pub fn wait_for_file_readers_to_end(&self, timeout: Duration) -> bool {
        self.jobs.opener.wait_until_idle(timeout)
    }

    /// Blocks until the hint's search has answered, for at most `timeout`. True if the hint
    /// for the shown position is there.
    pub fn wait_for_hint(&mut self, timeout: Duration) -> bool {
        self.jobs.hints.wait(timeout);
        self.hint().is_some()
    }

    /// Blocks until the review of the finished game is complete, for at most `timeout`.
    /// True if it is.
    pub fn wait_for_review(&mut self, timeout: Duration) -> bool {
        self.jobs.studies.wait_for_review(timeout);
        self.review().is_some_and(|r| r.done)
    }

    /// Blocks until the analysis of the shown position has finished, for at most `timeout`.
    /// True if its final values are there.
    pub fn wait_for_analysis(&mut self, timeout: Duration) -> bool {
        self.jobs.studies.wait_for_analysis(timeout);
        self.analysis().is_some_and(|a| a.done)
    }

    /// Blocks until the "How it thinks" view's searches have finished, for at most
    /// `timeout` each. The next frame shows what they found.
    pub fn wait_for_thinking(&mut self, timeout: Duration) {
        self.jobs.thinking.wait(timeout);
    }

    /// Waits up to `timeout` until every search the view started has ended, the stopped
    /// ones included; true if they have.
    pub fn wait_for_thinking_to_end(&self, timeout: Duration) -> bool {
        self.jobs.thinking.wait_until_idle(timeout)
    }
}
