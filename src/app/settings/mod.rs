//! What the app remembers between runs, kept in `settings.ron`, and where that file lives.
//!
//! Everything persisted is one [`Settings`] value. Reading never fails: a missing file gives
//! the defaults, and a broken one gives the defaults for whatever could not be read together
//! with a [`SettingsError`] that names the file and the problem. Each top-level field is read
//! on its own, so one bad value (an unknown game, a size of 7 for Othello) does not throw away
//! the rest. Saving writes a temporary file beside the target and renames it over, so a crash
//! never leaves a cut-off file.

mod errors;
mod fields;
mod path;
mod reading;
mod saving;
#[cfg(test)]
mod tests;
mod types;

pub use errors::{FieldProblem, Problem, SettingsError};
pub use fields::{MAX_DELAY_MS, RECENT_GAMES, Settings};
pub use path::{FILE_NAME, config_dir, resolve_path};
pub use reading::MAX_FILE_BYTES;
pub use types::{Display, PlayerChoice, Theme, sizes_offered};
