//! A game's clocks as the game keeps them: its time control, the time each move of the main
//! line took, and the side whose time ran out. The clocks of any position follow from these,
//! so looking back at a move shows the time each side had then, and playing on from there
//! (after Undo) goes on from those times. The time itself is measured by the window; this
//! holds no clock.

use std::time::Duration;

use crate::core::{Side, TimeControl};

/// A game's time control and the time its moves took.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClockRecord {
    /// The time control, or `None` for a game without clocks.
    control: Option<TimeControl>,
    /// The time each move of the main line took, from the first; moves past the end of the
    /// list (of a variation made the main line) took none.
    spent: Vec<Duration>,
    /// The side whose time ran out at the end of the main line.
    out: Option<Side>,
}

impl ClockRecord {
    /// A game on `control`, no move played.
    pub fn new(control: Option<TimeControl>) -> ClockRecord {
        ClockRecord {
            control,
            ..ClockRecord::default()
        }
    }

    /// A game on `control` whose moves took `spent`, and in which `out`'s time ran out at
    /// the end (as a file gives them).
    pub fn with(
        control: Option<TimeControl>,
        spent: Vec<Duration>,
        out: Option<Side>,
    ) -> ClockRecord {
        ClockRecord {
            control,
            spent,
            out,
        }
    }

    /// The time control.
    pub fn control(&self) -> Option<TimeControl> {
        self.control
    }

    /// The time each move of the main line took, as far as it is known.
    pub fn spent(&self) -> &[Duration] {
        &self.spent
    }

    /// The side whose time ran out at the end of the main line.
    pub fn out(&self) -> Option<Side> {
        self.out
    }

    /// Notes that `side`'s time ran out at the end of the main line.
    pub fn run_out(&mut self, side: Side) {
        self.out = Some(side);
    }

    /// The main line changed after its first `kept` moves, and its move `kept + 1`, if
    /// `spent` is given, took that long: the times after are gone, and so is a time that ran
    /// out at the old end.
    pub fn rewrite(&mut self, kept: usize, spent: Option<Duration>) {
        self.spent.truncate(kept);
        if let Some(spent) = spent {
            self.spent.resize(kept, Duration::ZERO);
            self.spent.push(spent);
        }
        self.out = None;
    }

    /// The time `side` has left after the first `ply` moves, whose movers `mover` gives (by
    /// move index): what the control gives, plus the increment of each of its moves, less
    /// the time they took; never below zero. `None` without a time control.
    pub fn left(&self, ply: usize, mover: impl Fn(usize) -> Side, side: Side) -> Option<Duration> {
        let control = self.control?;
        let mut left = control.main();
        let mut spent = Duration::ZERO;
        for i in (0..ply).filter(|&i| mover(i) == side) {
            left += control.gain();
            spent += self.spent.get(i).copied().unwrap_or_default();
        }
        Some(left.saturating_sub(spent))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    /// Black moves first and the sides alternate.
    fn alternate(i: usize) -> Side {
        if i.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    #[test]
    fn each_side_has_its_start_plus_increments_less_its_own_moves_times() {
        let control = TimeControl::new(60, 2).unwrap();
        let timing = ClockRecord::with(Some(control), vec![secs(5), secs(7), secs(10)], None);
        let left = |ply, side| timing.left(ply, alternate, side).unwrap();
        assert_eq!(left(0, Side::First), secs(60));
        // After Black's 5 s move: 60 + 2 - 5.
        assert_eq!(left(1, Side::First), secs(57));
        assert_eq!(left(1, Side::Second), secs(60));
        assert_eq!(left(3, Side::First), secs(49));
        assert_eq!(left(3, Side::Second), secs(55));
        // Looking back: the times of that position.
        assert_eq!(left(2, Side::First), secs(57));
        assert_eq!(ClockRecord::new(None).left(3, alternate, Side::First), None);
        // Never below zero.
        let long = ClockRecord::with(Some(control), vec![secs(600)], None);
        assert_eq!(long.left(1, alternate, Side::First), Some(Duration::ZERO));
    }

    #[test]
    fn a_new_line_keeps_the_times_before_it_and_forgets_the_time_that_ran_out() {
        let control = TimeControl::new(60, 0).unwrap();
        let mut timing = ClockRecord::with(Some(control), vec![secs(5), secs(7), secs(10)], None);
        timing.run_out(Side::Second);
        timing.rewrite(1, Some(secs(3)));
        assert_eq!(timing.spent(), [secs(5), secs(3)]);
        assert_eq!(timing.out(), None);
        // A variation made the main line: its later moves took no time.
        timing.rewrite(4, None);
        assert_eq!(timing.spent(), [secs(5), secs(3)]);
        assert_eq!(timing.left(4, alternate, Side::Second), Some(secs(57)));
    }
}
