//! Reading a settings file: every field on its own, defaults for whatever cannot be read,
//! and the problem named.

use std::io;
use std::path::Path;

use crate::ai::PlayerSpec;
use crate::app::document::disk::{self, FileKind, ReadError};
use crate::core::{Side, TimeControl};

use super::fields::FIELD_NAMES;
use super::scan::{split_struct, text_of};
use super::values::{Notes, Seen};
use super::*;

/// The most bytes a settings file is read from. The app writes about 2 kB, and with eight
/// recent games of the longest paths Linux allows (4,096 bytes) about 35 kB: a file of more
/// than a megabyte is not one of them.
pub const MAX_FILE_BYTES: u64 = 1_000_000;

impl Settings {
    /// Reads settings from text, field by field, as far as the text can be read: whatever
    /// can be read is kept; every field that cannot is left at its default and listed in the
    /// error. Damage (a file cut off, trailing text, a field given twice, a byte that is not
    /// text, a value of no known kind) loses only the field it touches. Fields the app does
    /// not know are kept ([`Settings::unknown`]) to be written back.
    pub fn from_ron(text: &str) -> (Settings, Option<Problem>) {
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        if text.trim().is_empty() {
            return (Settings::default(), Some(Problem::Empty));
        }
        let Some((top, close)) = split_struct(text, 0) else {
            return (
                Settings::default(),
                Some(Problem::Syntax(
                    "it does not start with '(' (RON's struct of settings)".into(),
                )),
            );
        };
        let mut settings = Settings::default();
        let mut notes = Notes::new(text);
        for damage in &top.damage {
            notes.at("file", damage.at, damage.message.clone());
        }
        let mut seen = Seen::default();
        // Whether a size was read: a size given twice is a problem of `size` too, but its
        // last value is read (as the message says).
        let mut size_read = false;
        for item in &top.items {
            if let Some(field) = known_name(item.name) {
                seen.see(field, item, &mut notes);
            }
            let problems = notes.problems.len();
            if !settings.read_field(item, &mut notes) {
                notes.keep_unknown(item.name.to_string(), item);
            }
            size_read |= item.name == "size" && notes.problems.len() == problems;
        }
        match close {
            None => notes.note(
                "file",
                "the file ends before the settings' closing ')': it was cut off, and the \
                 field it ends in was not read",
            ),
            Some(close) => {
                let after = skip_comments(&text[close + 1..]);
                if !after.is_empty() {
                    let at = text.len() - after.len();
                    notes.at(
                        "file",
                        at,
                        "text after the settings' closing ')' is ignored",
                    );
                }
            }
        }
        settings.unknown = std::mem::take(&mut notes.unknown);
        // A size left out or lost is the game's usual one, not the default game's.
        if !size_read {
            settings.size = settings.game.default_size();
        }
        let mut note = |field: &'static str, message: String| notes.note(field, message);

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
        settings.fit_players(settings.variant());
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
        if let Some(Err(e)) = settings.clock.map(TimeControl::check) {
            note("clock", e.to_string());
            settings.clock = None;
        }
        if settings.recent_games.len() > RECENT_GAMES {
            note(
                "recent_games",
                format!(
                    "{} files, more than the {RECENT_GAMES} kept: the first {RECENT_GAMES} are used",
                    settings.recent_games.len()
                ),
            );
            settings.recent_games.truncate(RECENT_GAMES);
        }
        let engines = std::mem::take(&mut settings.engines);
        for engine in engines {
            match PlayerSpec::Engine(engine).check() {
                Ok(PlayerSpec::Engine(engine)) => settings.engines.push(engine),
                Ok(_) => {}
                Err(e) => note("engines", e.to_string()),
            }
        }
        if settings.engines.len() > ENGINES_KEPT {
            note(
                "engines",
                format!(
                    "{} engines, more than the {ENGINES_KEPT} kept: the first {ENGINES_KEPT} are used",
                    settings.engines.len()
                ),
            );
            settings.engines.truncate(ENGINES_KEPT);
        }
        let fields = notes.problems;
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
            Err(e) => return (Settings::default(), error(Problem::Read(e.into()))),
        };
        // Bytes that are not text become NUL characters, which lose only the fields they are
        // in; a file that does not even start as settings is not a text file.
        let text = text_of(&bytes);
        if text.contains('\0') && split_struct(&text, 0).is_none() {
            return (Settings::default(), error(Problem::NotText));
        }
        let (settings, problem) = Settings::from_ron(&text);
        (settings, problem.and_then(error))
    }
}

/// The field named `name` as a `'static` name, if the settings have one.
fn known_name(name: &str) -> Option<&'static str> {
    FIELD_NAMES.iter().copied().find(|n| *n == name)
}

/// `text` after any space and comments at its start.
fn skip_comments(mut text: &str) -> &str {
    loop {
        text = text.trim_start();
        if let Some(rest) = text.strip_prefix("//") {
            text = rest.find('\n').map_or("", |i| &rest[i..]);
        } else if text.starts_with("/*") {
            match text.find("*/") {
                Some(i) => text = &text[i + 2..],
                None => return text,
            }
        } else {
            return text;
        }
    }
}
