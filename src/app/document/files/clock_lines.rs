//! The clock lines of boardplay's own game files: the time control, the time each move took
//! and whose time ran out.
//!
//! ```text
//! clock: 3 min + 2 s
//! times: 1.250 0.800 4.020
//! timeout: white
//! ```
//!
//! `times:` gives the seconds each move of the main line took, to the millisecond;
//! `timeout:` names the side (`black`, `white`, `x`, `o`) whose time ran out at the end. The
//! lines are written only for a game on clocks.

use std::time::Duration;

use crate::app::document::session::{ClockRecord, Session};
use crate::core::{Side, TimeControl, TimeControlError};
use crate::formats::{FormatError, Place};

use super::*;

/// The clock lines of `game`, each ending in a newline; none for a game without clocks.
pub(super) fn timing_lines(game: &Session) -> String {
    let timing = game.timing();
    let Some(control) = timing.control() else {
        return String::new();
    };
    let mut text = format!("clock: {control}\n");
    if !timing.spent().is_empty() {
        let times: Vec<String> = timing
            .spent()
            .iter()
            .map(|t| format!("{}.{:03}", t.as_secs(), t.subsec_millis()))
            .collect();
        text.push_str(&format!("times: {}\n", times.join(" ")));
    }
    if let Some(side) = timing.out() {
        let word = crate::app::view::words::side_name(game.variant(), side).to_ascii_lowercase();
        text.push_str(&format!("timeout: {word}\n"));
    }
    text
}

/// The clock lines of a game file as they are read.
#[derive(Debug, Default)]
pub(super) struct TimingLines {
    control: Option<TimeControl>,
    spent: Vec<Duration>,
    /// The line of `times:`, to name it if it gives more times than there are moves.
    times_line: usize,
    out: Option<Side>,
}

impl TimingLines {
    /// Reads the line `key: value` (line `line` of the file) if it is a clock line; false if
    /// it is another.
    pub(super) fn read(
        &mut self,
        key: &str,
        value: &str,
        line: usize,
    ) -> Result<bool, GameFileError> {
        let at = |message: String| {
            GameFileError::Format(FormatError {
                place: Place::Line(line),
                message,
            })
        };
        match key {
            "clock" => {
                let control = value
                    .parse()
                    .map_err(|e: TimeControlError| at(e.to_string()))?;
                self.control = Some(control);
            }
            "times" => {
                self.times_line = line;
                self.spent = value
                    .split_whitespace()
                    .map(|word| {
                        word.parse::<f64>()
                            .ok()
                            .filter(|s| s.is_finite() && (0.0..=1e7).contains(s))
                            .map(Duration::from_secs_f64)
                            .ok_or_else(|| at(format!("'{word}' is not a move's time in seconds")))
                    })
                    .collect::<Result<_, _>>()?;
            }
            "timeout" => {
                self.out = Some(match value.to_ascii_lowercase().as_str() {
                    "black" | "x" | "first" => Side::First,
                    "white" | "o" | "second" => Side::Second,
                    _ => {
                        return Err(at(format!(
                            "'{value}' is not a side (black, white, x or o)"
                        )));
                    }
                });
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The game's clocks, for a game with `moves` moves in its main line.
    pub(super) fn timing(self, moves: usize) -> Result<ClockRecord, GameFileError> {
        if self.spent.len() > moves {
            return Err(GameFileError::Format(FormatError {
                place: Place::Line(self.times_line),
                message: format!("{} times for {moves} moves", self.spent.len()),
            }));
        }
        Ok(ClockRecord::with(self.control, self.spent, self.out))
    }
}
