//! What the app remembers between runs, kept in `settings.ron`, and where that file lives.
//!
//! Everything persisted is one [`Settings`] value. Reading never fails: a missing file gives
//! the defaults, and a broken one gives the defaults for whatever could not be read together
//! with a [`SettingsError`] that names the file and the problem. The text is taken apart into
//! its fields before any value is read (`scan.rs`), and each field, the display options'
//! too, is read on its own (`values.rs`), so damage (a file cut off, a byte that is not text,
//! trailing text, a field given twice, an unknown value such as `theme: Purple`) loses only
//! the field it touches. Fields the app does not know are kept and written back; lists are
//! cut to their size. Saving writes a temporary file beside the target and renames it over
//! (see [`crate::app::document::disk`]), so a crash never leaves a cut-off file.

#[cfg(test)]
mod damage_tests;
mod errors;
mod fields;
#[cfg(feature = "gui")]
pub(crate) mod file_state;
#[cfg(test)]
mod old_file_tests;
mod path;
mod reading;
mod saving;
mod scan;
#[cfg(test)]
mod tests;
mod types;
mod values;

pub use errors::{FieldProblem, NAMED_PROBLEMS, Problem, SettingsError};
pub use fields::{
    ENGINES_KEPT, MAX_DELAY_MS, MAX_THREADS, RECENT_GAMES, Settings, UnknownFields, cores,
    default_threads,
};
pub use path::{FILE_NAME, config_dir, resolve_path};
pub use reading::MAX_FILE_BYTES;
pub use types::{Display, PlayerChoice, Theme, sizes_offered};
