//! The running clock: how long the side to move has been thinking in the turn under way,
//! measured on egui's clock (which the window's tests drive), so that nothing here needs
//! real time. A turn belongs to the end of the game (its revision and length): looking back
//! at an earlier move or pausing stops the clock and keeps the time already used, and a move
//! played starts a new turn.

use std::time::Duration;

use crate::app::document::session::Shown;

/// The turn under way: which end of the game it is at, the time used in it before the
/// clock was last stopped, and since when it has been running again.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timer {
    turn: Option<Shown>,
    banked: Duration,
    since: Option<f64>,
}

impl Timer {
    /// Follows the game: `end` is its last position, and the clock of the side to move
    /// there runs if `running`. A new end starts a new turn at `now` (egui's clock, in
    /// seconds); a clock that stops keeps what its turn has used so far.
    pub fn follow(&mut self, end: Shown, running: bool, now: f64) {
        if self.turn != Some(end) {
            *self = Timer {
                turn: Some(end),
                banked: Duration::ZERO,
                since: None,
            };
        }
        match (running, self.since) {
            (true, None) => self.since = Some(now),
            (false, Some(since)) => {
                self.banked += seconds(now - since);
                self.since = None;
            }
            _ => {}
        }
    }

    /// The time the turn at `end` has used, counting up to `until` (egui's clock) if its
    /// clock runs; none for another turn.
    pub fn used(&self, end: Shown, until: f64) -> Duration {
        if self.turn != Some(end) {
            return Duration::ZERO;
        }
        self.banked
            + self
                .since
                .map_or(Duration::ZERO, |since| seconds(until - since))
    }

    /// True while the clock of the turn at `end` runs.
    pub fn is_running(&self, end: Shown) -> bool {
        self.turn == Some(end) && self.since.is_some()
    }
}

/// A span of egui's clock as a duration; never below zero.
fn seconds(span: f64) -> Duration {
    Duration::try_from_secs_f64(span.max(0.0)).unwrap_or(Duration::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::document::session::Session;
    use crate::core::GameKind;

    fn end(game: &Session) -> Shown {
        Shown {
            revision: game.revision(),
            cursor: game.moves().len(),
        }
    }

    #[test]
    fn a_turn_counts_its_running_time_through_pauses_and_starts_again_after_a_move() {
        let mut game = Session::new(GameKind::TicTacToe.standard());
        let mut timer = Timer::default();
        timer.follow(end(&game), true, 10.0);
        assert_eq!(timer.used(end(&game), 12.5), Duration::from_secs_f64(2.5));
        // Paused at 13: the clock stops, and what was used is kept.
        timer.follow(end(&game), false, 13.0);
        assert!(!timer.is_running(end(&game)));
        assert_eq!(timer.used(end(&game), 100.0), Duration::from_secs(3));
        // Running again from 20.
        timer.follow(end(&game), true, 20.0);
        assert_eq!(timer.used(end(&game), 21.0), Duration::from_secs(4));
        // A move: a new turn.
        game.play("b2".parse().unwrap()).unwrap();
        timer.follow(end(&game), true, 22.0);
        assert_eq!(timer.used(end(&game), 22.5), Duration::from_secs_f64(0.5));
        // Time never runs backwards.
        assert_eq!(timer.used(end(&game), 21.0), Duration::ZERO);
    }
}
