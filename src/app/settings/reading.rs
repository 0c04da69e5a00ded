//! Reading a settings file: every field on its own, defaults for whatever cannot be read,
//! and the problem named.

use std::io;
use std::path::Path;

use crate::app::disk::{self, FileKind, ReadError};
use crate::core::Side;

use super::fields::RawSettings;
use super::*;

/// The most bytes a settings file is read from. The app writes about 2 kB, and with eight
/// recent games of the longest paths Linux allows (4,096 bytes) about 35 kB: a file of more
/// than a megabyte is not one of them.
pub const MAX_FILE_BYTES: u64 = 1_000_000;

impl Settings {
    /// Reads settings from text. Whatever can be read is kept; every field that cannot is left
    /// at its default and listed in the error.
    pub fn from_ron(text: &str) -> (Settings, Option<Problem>) {
        if text.trim().is_empty() {
            return (Settings::default(), Some(Problem::Empty));
        }
        let raw: RawSettings = match ron::from_str(text) {
            Ok(raw) => raw,
            Err(e) => return (Settings::default(), Some(Problem::Syntax(e.to_string()))),
        };
        let mut settings = Settings::default();
        let mut fields = Vec::new();
        let mut note = |field: &'static str, message: String| {
            fields.push(FieldProblem { field, message });
        };
        raw.read_onto(&mut settings, &mut note);

        if let Err(e) = settings.game.square(settings.size) {
            note("size", e.to_string());
            settings.size = settings.game.default_size();
        }
        for (field, side) in [("first", Side::First), ("second", Side::Second)] {
            if let PlayerChoice::Computer(spec) = settings.player(side)
                && let Err(e) = spec.check()
            {
                note(field, e.to_string());
                settings.set_player(side, Settings::default().player(side));
            }
        }
        settings.fit_players();
        if settings.computer_delay_ms > MAX_DELAY_MS {
            note(
                "computer_delay_ms",
                format!(
                    "{} is more than the longest delay, {MAX_DELAY_MS}",
                    settings.computer_delay_ms
                ),
            );
            settings.computer_delay_ms = Settings::default().computer_delay_ms;
        }
        if let Some([w, h]) = settings.window_size
            && !(w.is_finite()
                && h.is_finite()
                && w >= 100.0
                && h >= 100.0
                && w <= 20_000.0
                && h <= 20_000.0)
        {
            note(
                "window_size",
                format!("{w} x {h} is not a usable window size"),
            );
            settings.window_size = None;
        }
        let problem = (!fields.is_empty()).then_some(Problem::Fields(fields));
        (settings, problem)
    }

    /// Reads the settings file at `path`. A missing file gives the defaults and no error.
    /// What is not a regular file (a folder, a pipe, a device) or is larger than
    /// [`MAX_FILE_BYTES`] is refused, with the defaults, before a byte is read.
    pub fn load(path: &Path) -> (Settings, Option<SettingsError>) {
        let refused = |problem| {
            let error = SettingsError {
                path: path.to_path_buf(),
                problem,
            };
            (Settings::default(), Some(error))
        };
        match disk::read_file(path, MAX_FILE_BYTES) {
            Ok(bytes) => Settings::from_read(path, Ok(bytes)),
            Err(ReadError::Io(e)) => Settings::from_read(path, Err(e)),
            Err(ReadError::NotAFile(FileKind::Directory)) => refused(Problem::IsDirectory),
            Err(ReadError::NotAFile(kind)) => refused(Problem::NotAFile(kind)),
            Err(ReadError::TooLarge { size, limit }) => refused(Problem::TooLarge { size, limit }),
        }
    }

    /// Settings from the outcome of reading the file at `path`: what [`Settings::load`] does
    /// once the bytes (or the error) are in hand. Tests use it to reach read errors that the
    /// test's user cannot cause, such as a permission refused to root.
    pub fn from_read(path: &Path, read: io::Result<Vec<u8>>) -> (Settings, Option<SettingsError>) {
        let error = |problem| {
            Some(SettingsError {
                path: path.to_path_buf(),
                problem,
            })
        };
        let bytes = match read {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return (Settings::default(), None),
            Err(e) => return (Settings::default(), error(Problem::Read(e.to_string()))),
        };
        let Ok(text) = String::from_utf8(bytes) else {
            return (Settings::default(), error(Problem::NotText));
        };
        if text.contains('\0') {
            return (Settings::default(), error(Problem::NotText));
        }
        let (settings, problem) = Settings::from_ron(&text);
        (settings, problem.and_then(error))
    }
}
