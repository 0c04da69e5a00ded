//! Which format a game file is in, by its name or its first bytes.

use std::path::Path;

use crate::formats::wthor;

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

    /// The most bytes a file of this format is read from: more than any real file of its
    /// kind holds.
    ///
    /// - boardplay's own text: 16 MB. A game of the largest board (16x16, 252 moves) is
    ///   under a kilobyte, and the kept game with ten thousand variations of it about 8 MB.
    /// - GGF: 256 MB. The largest real files are GGS's archives of a year of games, tens of
    ///   megabytes; 100,000 games written as GGS writes them (every move with an evaluation
    ///   and a time) are 111 MB. Twice that still reads in a few seconds on a worker.
    /// - WTHOR: the 16-byte header and 2^20 games of 68 bytes (71.3 MB). The yearly files
    ///   hold a few thousand games and the whole published archive about 130,000 (8.8 MB
    ///   merged into one file); the header's count has four bytes, so a file can hold more
    ///   than 2^16 games, but not eight times the archive.
    pub(super) fn max_bytes(self) -> u64 {
        match self {
            Format::Boardplay => 16_000_000,
            Format::Ggf => 256_000_000,
            Format::Wthor => (wthor::HEADER + wthor::GAME * (1 << 20)) as u64,
        }
    }

    /// The format's name for people ("a GGF file").
    pub(super) fn name(self) -> &'static str {
        match self {
            Format::Boardplay => "a boardplay game file",
            Format::Ggf => "a GGF file",
            Format::Wthor => "a WTHOR database",
        }
    }

    /// The most bytes read from `path` before its format is known from its first bytes, and
    /// what such a file is called: a WTHOR database's limit for a `.wtb` name, else GGF's
    /// (any text may be GGF).
    pub(super) fn read_limit(path: &Path) -> (u64, &'static str) {
        match Format::for_path(path) {
            Format::Wthor => (Format::Wthor.max_bytes(), Format::Wthor.name()),
            _ => (Format::Ggf.max_bytes(), "a game file"),
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
