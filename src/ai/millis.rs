//! A [`Duration`] written in files as a whole number of milliseconds, for
//! `#[serde(with = "crate::ai::millis")]`: the players' times in settings files
//! (`AlphaBeta(TimeMs(1500))`, an engine's `move_ms: 2500`) stay as every build wrote them,
//! while the code holds one time type from the settings to the search's budget.

use std::time::Duration;

use serde::{Deserialize, Deserializer, Serializer};

/// Writes `time` as its whole milliseconds (a time beyond `u64::MAX` ms as that).
pub fn serialize<S: Serializer>(time: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u64(whole(*time))
}

/// Reads a whole number of milliseconds.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Duration, D::Error> {
    u64::deserialize(deserializer).map(Duration::from_millis)
}

/// `time` in whole milliseconds, as settings files and player descriptions write it
/// (`u64::MAX` for a time beyond it).
pub fn whole(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}
