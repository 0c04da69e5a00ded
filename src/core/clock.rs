//! A game's time control: what each side's clock starts with, and what it gains after each of
//! its move (a Fischer increment). The clocks themselves run in the app; this is the rule
//! the game is played under, written in game files and settings.
//!
//! ```
//! use boardplay::core::TimeControl;
//!
//! let blitz: TimeControl = "3 min + 2 s".parse().unwrap();
//! assert_eq!(blitz, TimeControl::new(180, 2).unwrap());
//! assert_eq!(blitz.to_string(), "3 min + 2 s");
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// What each side's clock starts with and gains after each of its moves, in whole seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// What each side's clock starts with, in seconds (1 to [`TimeControl::LONGEST`]).
    pub seconds: u32,
    /// What a side's clock gains after each of its moves, in seconds (0 to
    /// [`TimeControl::MOST_INCREMENT`]).
    pub increment: u32,
}

/// Why a time control cannot be used or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// No time on the clocks, or more than [`TimeControl::LONGEST`].
    #[error("{0} s is not a time a clock can start with (1 s to 10 h)")]
    Seconds(u64),
    /// An increment beyond [`TimeControl::MOST_INCREMENT`].
    #[error("{0} s is not an increment (0 s to 1 h)")]
    Increment(u64),
    /// Text that is not a time control.
    #[error("'{0}' is not a time control (write it like '5 min' or '3 min + 2 s')")]
    Text(String),
}

impl TimeControl {
    /// The longest time a clock may start with: ten hours.
    pub const LONGEST: u32 = 10 * 3600;

    /// The largest increment: an hour.
    pub const MOST_INCREMENT: u32 = 3600;

    /// The time controls a player picks from, shortest first: the bullet, blitz and rapid
    /// games of online play, and the World Othello Championship's 30 minutes.
    pub const PRESETS: [TimeControl; 7] = [
        TimeControl::of(60, 0),
        TimeControl::of(180, 2),
        TimeControl::of(300, 0),
        TimeControl::of(600, 0),
        TimeControl::of(900, 10),
        TimeControl::of(1800, 0),
        TimeControl::of(3600, 0),
    ];

    const fn of(seconds: u32, increment: u32) -> TimeControl {
        TimeControl { seconds, increment }
    }

    /// A time control of `seconds` on each clock and `increment` after each move, if both
    /// are within their ranges.
    pub fn new(seconds: u32, increment: u32) -> Result<TimeControl, TimeControlError> {
        TimeControl { seconds, increment }.check()
    }

    /// This time control if both numbers are within their ranges (a settings file is
    /// checked with this).
    pub fn check(self) -> Result<TimeControl, TimeControlError> {
        if !(1..=TimeControl::LONGEST).contains(&self.seconds) {
            return Err(TimeControlError::Seconds(self.seconds.into()));
        }
        if self.increment > TimeControl::MOST_INCREMENT {
            return Err(TimeControlError::Increment(self.increment.into()));
        }
        Ok(self)
    }

    /// What each clock starts with.
    pub fn main(self) -> Duration {
        Duration::from_secs(self.seconds.into())
    }

    /// What a clock gains after each move of its side.
    pub fn gain(self) -> Duration {
        Duration::from_secs(self.increment.into())
    }
}

/// A number of seconds in words: "5 min", "1 h 30 min", "90 s", "1 min 30 s".
fn span(seconds: u32) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(format!("{h} h"));
    }
    if m > 0 {
        parts.push(format!("{m} min"));
    }
    if s > 0 || parts.is_empty() {
        parts.push(format!("{s} s"));
    }
    parts.join(" ")
}

impl fmt::Display for TimeControl {
    /// "5 min", "3 min + 2 s": what [`FromStr`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&span(self.seconds))?;
        if self.increment > 0 {
            write!(f, " + {}", span(self.increment))?;
        }
        Ok(())
    }
}

/// Reads "5 min", "1 h 30 min", "90 s", "3 min + 2 s" (the units `h`, `min`, `s`; a number
/// alone is seconds).
fn read_span(text: &str) -> Option<u64> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return None;
    }
    let mut total: u64 = 0;
    let mut i = 0;
    while i < words.len() {
        let n: u64 = words[i].parse().ok()?;
        let unit = match words.get(i + 1) {
            Some(&"h") => 3600,
            Some(&"min") => 60,
            Some(&"s") => 1,
            None => 1,
            Some(_) => return None,
        };
        total = total.checked_add(n.checked_mul(unit)?)?;
        i += 2;
    }
    Some(total)
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let bad = || TimeControlError::Text(text.trim().chars().take(40).collect());
        let (main, gain) = match text.split_once('+') {
            Some((main, gain)) => (main, Some(gain)),
            None => (text, None),
        };
        let seconds = read_span(main).ok_or_else(bad)?;
        let increment = match gain {
            Some(gain) => read_span(gain).ok_or_else(bad)?,
            None => 0,
        };
        let seconds = u32::try_from(seconds).map_err(|_| TimeControlError::Seconds(seconds))?;
        let increment =
            u32::try_from(increment).map_err(|_| TimeControlError::Increment(increment))?;
        TimeControl::new(seconds, increment)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_written_and_read_back() {
        for (text, seconds, increment) in [
            ("1 min", 60, 0),
            ("3 min + 2 s", 180, 2),
            ("1 h 30 min", 5400, 0),
            ("1 min 30 s + 1 min", 90, 60),
            ("45 s", 45, 0),
        ] {
            let tc = TimeControl::new(seconds, increment).unwrap();
            assert_eq!(tc.to_string(), text);
            assert_eq!(text.parse::<TimeControl>(), Ok(tc));
        }
        assert_eq!("300".parse(), Ok(TimeControl::of(300, 0)));
        for preset in TimeControl::PRESETS {
            assert_eq!(preset.check(), Ok(preset));
            assert_eq!(preset.to_string().parse(), Ok(preset));
        }
    }

    #[test]
    fn bad_time_controls_are_named() {
        assert_eq!(
            "0 s".parse::<TimeControl>(),
            Err(TimeControlError::Seconds(0))
        );
        assert_eq!(
            "11 h".parse::<TimeControl>(),
            Err(TimeControlError::Seconds(39_600))
        );
        assert_eq!(
            "5 min + 2 h".parse::<TimeControl>(),
            Err(TimeControlError::Increment(7200))
        );
        assert!(matches!(
            "five minutes".parse::<TimeControl>(),
            Err(TimeControlError::Text(_))
        ));
        assert!(matches!(
            "99999999999999999999 h".parse::<TimeControl>(),
            Err(TimeControlError::Text(_))
        ));
        assert!(matches!(
            "".parse::<TimeControl>(),
            Err(TimeControlError::Text(_))
        ));
    }
}
