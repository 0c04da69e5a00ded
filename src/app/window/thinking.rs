//! The "How it thinks" view in the window: opened and closed by its action, laid out beside
//! the board, and its searches kept on the shown position (stopped when it closes, when
//! the position is set up or over).

use egui::Ui;

use crate::app::jobs::thinking::hold::HeldBy;
use crate::app::view::thinking::{self, Subject};

use super::BoardplayApp;

/// The view's first width, in points.
const WIDTH: f32 = 380.0;

impl BoardplayApp {
    /// Opens or closes the view; closing stops its searches.
    pub(super) fn toggle_thinking(&mut self) {
        self.thinking.toggle();
        if !self.thinking.open {
            self.jobs.thinking.stop();
        }
    }

    /// Keeps the view's searches on the shown position while it is open and the position
    /// is not over (`over`) nor being set up.
    pub(super) fn refresh_thinking(&mut self, over: bool) {
        if !self.thinking.open || over || self.setup.is_some() {
            self.jobs.thinking.stop();
            return;
        }
        let held_by = self.thinking_held_by();
        self.jobs.thinking.hold(held_by);
        let subject = Subject {
            view: &self.view,
            variant: self.document.game.variant(),
            shown: self.document.game.shown(),
        };
        let ask = self.thinking.ask(&subject);
        self.jobs.thinking.follow(&self.document.game, ask);
    }

    /// What holds the view's Monte Carlo search: the computer's turn, from its search to
    /// its move (unless play is paused with its answer come: then nothing searches; and
    /// from the frame before its search starts, so that no search begins in between), or
    /// Analysis mode's search.
    fn thinking_held_by(&mut self) -> Option<HeldBy> {
        let shown = self.document.game.shown();
        let held = self.held();
        let answered = self.jobs.computer.answered_at(shown).is_some();
        let searching = self.jobs.computer.is_thinking() && !(answered && held);
        let starting = self.jobs.computer.may_start(shown, held)
            && self.document.game.at_end()
            && self.computer_turn().is_some();
        if searching || starting {
            Some(HeldBy::Computer)
        } else if self.jobs.studies.is_analysing() {
            Some(HeldBy::Analysis)
        } else {
            None
        }
    }

    /// The view beside the board, at least `least` wide, while it is open.
    pub(super) fn thinking_panel(&mut self, ui: &mut Ui, least: f32) {
        if !self.thinking.open {
            return;
        }
        let widest = (ui.available_width() * 0.5).max(least);
        egui::Panel::right("thinking-panel")
            .resizable(true)
            .default_size(WIDTH.min(widest))
            .size_range(least..=widest)
            .show(ui, |ui| {
                let subject = Subject {
                    view: &self.view,
                    variant: self.document.game.variant(),
                    shown: self.document.game.shown(),
                };
                thinking::show(ui, &mut self.thinking, subject, &self.jobs.thinking);
            });
    }
}
