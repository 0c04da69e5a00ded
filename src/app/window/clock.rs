//! The game's clocks in the window: the clock of the side to move runs at the end of a game
//! on clocks that is not over, paused or being set up; a move is charged the time its turn
//! used; a side whose time runs out loses; and the clocks as the status line shows them.
//! Time is egui's clock (`now`), which the tests drive.

use std::time::Duration;

use crate::app::clock::view::{ClockFaces, next_change};
use crate::app::document::session::Shown;
use crate::app::view::words::{on_time_text, side_name};
use crate::core::{Move, PlayError, Side};
use strum::VariantArray;

use super::BoardplayApp;

impl BoardplayApp {
    /// The end of the game, where its clocks run: its revision and its last position.
    pub(super) fn end(&self) -> Shown {
        Shown {
            revision: self.document.game.revision(),
            cursor: self.document.game.moves().len(),
        }
    }

    /// True if the clock of the side to move runs: a game on clocks, shown at its end, not
    /// over (by the rules or on time), not paused and not being set up.
    pub(super) fn clock_runs(&self) -> bool {
        self.document.game.time_control().is_some()
            && self.document.game.at_end()
            // At the end, a game not finished is not over (and no time has run out).
            && !self.document.game.is_finished()
            && !self.document.game.is_paused()
            && self.setup.is_none()
    }

    /// Runs the clock of the side to move, and ends the game when its time is up. The
    /// computer's clock stops when its answer comes, before its move delay.
    pub(super) fn run_clock(&mut self, now: f64) {
        let running = self.clock_runs();
        self.timer.follow(self.end(), running, now);
        let Some(clocks) = self.document.game.clocks().filter(|_| running) else {
            return;
        };
        let side = self.document.game.side_to_move();
        let until = self
            .jobs
            .computer
            .answered_at(self.document.game.shown())
            .unwrap_or(now);
        if self.timer.used(self.end(), until) >= clocks[side.index()] {
            self.document.game.run_out_of_time(side);
            // The position is the same, but it is now over.
            self.view = self.document.game.view();
            let variant = self.document.game.variant();
            let loser = side_name(variant, side);
            self.say(
                format!("{loser}'s time ran out: {}", on_time_text(variant, side)),
                true,
            );
        }
    }

    /// Plays `mv` in the shown position, charging the side to move the time its turn used
    /// up to `until` (egui's clock) if its clock runs. Against the computer or on clocks the
    /// move is the game's last, even the game's own next move after Undo, so that the
    /// computer replies and the clocks run (see [`crate::app::document::session::Session::play_on`]);
    /// between people without clocks the game's own next move steps along the game.
    pub(super) fn play_timed(&mut self, mv: Move, until: f64) -> Result<(), PlayError> {
        let spent = if self.clock_runs() {
            self.timer.used(self.end(), until)
        } else {
            Duration::ZERO
        };
        let computer_seated = Side::VARIANTS.iter().any(|&side| !self.is_person(side));
        if computer_seated || self.document.game.time_control().is_some() {
            self.document.game.play_on(mv, spent)
        } else {
            self.document.game.play_spending(mv, spent)
        }
    }

    /// The clocks as the status line shows them at `now`, for a game on clocks: the time
    /// each side had in the shown position, less what the turn under way at the end of the
    /// game has used.
    pub(super) fn clock_faces(&self, now: f64) -> Option<ClockFaces> {
        let mut left = self.document.game.clocks()?;
        let running = self.timer.is_running(self.end()) && self.document.game.at_end();
        let side = self.document.game.side_to_move();
        if self.document.game.at_end() {
            // What the turn under way has used, running or stopped by a pause.
            let until = self
                .jobs
                .computer
                .answered_at(self.document.game.shown())
                .unwrap_or(now);
            let used = self.timer.used(self.end(), until);
            left[side.index()] = left[side.index()].saturating_sub(used);
        }
        Some(ClockFaces {
            left,
            running: running.then_some(side),
            out: self.document.game.timeout(),
        })
    }

    /// How long until the running clock shows another time, if one runs.
    pub(super) fn clock_repaint(&self, now: f64) -> Option<Duration> {
        let faces = self.clock_faces(now)?;
        let side = faces.running?;
        Some(next_change(faces.left[side.index()]))
    }
}
