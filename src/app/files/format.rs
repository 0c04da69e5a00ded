//! Which format a game file is in, by its name or its first bytes.

use std::path::Path;

/// The formats a game file can be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    /// boardplay's own text (above).
    Boardplay,
    /// GGF text.
    Ggf,
    /// A WTHOR games database.
    Wthor,
}

impl Format {
    /// The format of a file to be written at `path`, by its extension.
    pub(super) fn for_path(path: &Path) -> Format {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if ext.eq_ignore_ascii_case("ggf") {
            Format::Ggf
        } else if ext.eq_ignore_ascii_case("wtb") {
            Format::Wthor
        } else {
            Format::Boardplay
        }
    }

    /// The format of a file read from `path`: by its extension, or a text that starts like
    /// a GGF game.
    pub(super) fn of(path: &Path, bytes: &[u8]) -> Format {
        match Format::for_path(path) {
            Format::Boardplay if bytes.trim_ascii_start().starts_with(b"(;") => Format::Ggf,
            format => format,
        }
    }
}
