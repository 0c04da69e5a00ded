//! GGF's clocks: the time control `TI` and the time a move took.
//!
//! A time is written as GGS writes it, `[[[days.]hours:]minutes:]seconds`, the seconds
//! possibly with a fraction: `15:00` is fifteen minutes, `1:00:00` an hour, `0.38` a third of
//! a second. `TI` is `main/increment/extension` (`05:00//02:00`: five minutes, no increment,
//! two minutes of extension once the time is up): boardplay's clocks have no extension, so
//! one is read and left out, and `TI` is written with an extension of `0`
//! (`03:00/00:02/0`, three minutes and two seconds a move).

use crate::core::TimeControl;

/// A time as GGS writes it, in milliseconds; `None` if it is not one (or is longer than
/// `u32::MAX` milliseconds, seven weeks).
pub fn read_time(text: &str) -> Option<u32> {
    let text = text.trim();
    // A '.' before a ':' ends a count of days; anywhere else it is a fraction of a second.
    let (days, rest) = match (text.find('.'), text.find(':')) {
        (Some(dot), Some(colon)) if dot < colon => (whole(&text[..dot])?, &text[dot + 1..]),
        _ => (0, text),
    };
    let parts: Vec<&str> = rest.split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    let mut seconds = days as f64 * 86_400.0;
    // The last part is seconds, the one before minutes, the first of three hours.
    for (i, part) in parts.iter().rev().enumerate() {
        let unit = 60f64.powi(i as i32);
        let n = if i == 0 {
            part.trim()
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s >= 0.0)?
        } else {
            whole(part)? as f64
        };
        seconds += n * unit;
    }
    let ms = (seconds * 1000.0).round();
    (ms <= f64::from(u32::MAX)).then_some(ms as u32)
}

/// A whole number of at most nine digits.
fn whole(text: &str) -> Option<u64> {
    let text = text.trim();
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The time control of a `TI` value; `None` if it is not one boardplay can play (no time on
/// the clocks, or more than [`TimeControl::LONGEST`]).
pub fn read_clock(value: &str) -> Option<TimeControl> {
    let mut parts = value.split('/');
    let main = read_time(parts.next()?)? / 1000;
    let increment = match parts.next().map(str::trim) {
        None | Some("") => 0,
        Some(text) => read_time(text)? / 1000,
    };
    TimeControl::new(main, increment).ok()
}

/// The `TI` value of a time control, with no extension.
pub fn write_clock(control: TimeControl) -> String {
    let increment = if control.increment == 0 {
        String::new()
    } else {
        clock_time(control.increment)
    };
    format!("{}/{increment}/0", clock_time(control.seconds))
}

/// Whole seconds as GGS writes a clock: `mm:ss`, or `h:mm:ss` from an hour.
fn clock_time(seconds: u32) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}

/// A move's time, in seconds to the millisecond: `1.250`.
pub fn write_time(ms: u32) -> String {
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_read_as_ggs_writes_them() {
        for (text, ms) in [
            ("0.38", 380),
            ("1.2", 1200),
            ("2", 2000),
            ("02:00", 120_000),
            ("15:00", 900_000),
            ("1:00:00", 3_600_000),
            ("1:30:05.5", 5_405_500),
            ("1.00:00:00", 86_400_000),
            ("1.02:00:00", 93_600_000),
            (" 05:00 ", 300_000),
        ] {
            assert_eq!(read_time(text), Some(ms), "{text}");
        }
        for text in [
            "",
            "x",
            "-1",
            "1:2:3:4",
            "1::2",
            "1:-5",
            "99999999999999:00",
            "inf",
        ] {
            assert_eq!(read_time(text), None, "{text}");
        }
    }

    #[test]
    fn time_controls_are_read_and_written() {
        let tc = |s, i| TimeControl::new(s, i).unwrap();
        assert_eq!(read_clock("15:00//02:00"), Some(tc(900, 0)));
        assert_eq!(read_clock("05:00/00:02/0"), Some(tc(300, 2)));
        assert_eq!(read_clock("1:00:00"), Some(tc(3600, 0)));
        assert_eq!(read_clock("0:00"), None);
        assert_eq!(read_clock("junk"), None);
        assert_eq!(write_clock(tc(180, 2)), "03:00/00:02/0");
        assert_eq!(write_clock(tc(300, 0)), "05:00//0");
        assert_eq!(write_clock(tc(5400, 0)), "1:30:00//0");
        for control in TimeControl::PRESETS {
            assert_eq!(read_clock(&write_clock(control)), Some(control));
        }
        assert_eq!(write_time(1250), "1.250");
        assert_eq!(read_time(&write_time(1250)), Some(1250));
    }
}
