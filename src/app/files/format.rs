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
    /// a GGF game, numbered (`1 (;`) or not.
    pub(super) fn of(path: &Path, bytes: &[u8]) -> Format {
        match Format::for_path(path) {
            Format::Boardplay if starts_like_ggf(bytes) => Format::Ggf,
            format => format,
        }
    }
}

/// Whether `bytes` start with `(;`, or a game number and then `(;`, after any space.
fn starts_like_ggf(bytes: &[u8]) -> bool {
    let rest = bytes.trim_ascii_start();
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let rest = &rest[digits..];
    let after = rest.trim_ascii_start();
    after.starts_with(b"(;") && (digits == 0 || after.len() < rest.len())
}
