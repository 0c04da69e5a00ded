//! Why a game could not be read or written.

use std::fmt;
use std::path::PathBuf;

use crate::app::disk::{FileKind, size_words};
use crate::core::ParseError;
use crate::formats::{FormatError, Place};

/// Why a game could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameFileError {
    /// The file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        message: String,
    },
    /// Not a regular file (a folder, a pipe, a device): not read.
    NotAFile {
        /// The file.
        path: PathBuf,
        /// What it is instead.
        kind: FileKind,
    },
    /// Larger than any real file of its format: not read.
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size in bytes.
        size: u64,
        /// The most a file of its format is read from.
        limit: u64,
        /// Its format ("a GGF file").
        format: &'static str,
    },
    /// The file is not UTF-8 text (and not a WTHOR database).
    NotText,
    /// The reading of the file was stopped before its end (Cancel): nothing was opened.
    Stopped(PathBuf),
    /// A required line (`game:`, `size:`) is missing.
    Missing(&'static str),
    /// A line that is not `key: value`, or a key this format does not have.
    BadLine(usize, String),
    /// The game is neither tic-tac-toe nor Othello.
    UnknownGame(String),
    /// The size is not a number.
    BadSize(String),
    /// The board or the moves do not fit the rules.
    Rules(ParseError),
    /// A GGF or WTHOR file that could not be read, or whose game breaks the rules there.
    Format(FormatError),
    /// An error at a place in the file (the line of a game file's `game:` or `size:`, the
    /// byte where a file stops being text).
    At {
        /// Where.
        place: Place,
        /// What is wrong there.
        error: Box<GameFileError>,
    },
    /// Only Othello games can be written as GGF.
    NotOthello,
    /// WTHOR files are read, not written.
    WthorWrite,
}

impl fmt::Display for GameFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameFileError::Io { path, message } => write!(f, "{}: {message}", path.display()),
            GameFileError::NotAFile { path, kind } => {
                write!(
                    f,
                    "{} is {kind}, not a file, and was not read",
                    path.display()
                )
            }
            GameFileError::TooLarge {
                path,
                size,
                limit,
                format,
            } => write!(
                f,
                "{} is {}, more than {format} can be ({}), and was not read",
                path.display(),
                size_words(*size),
                size_words(*limit),
            ),
            GameFileError::NotText => {
                f.write_str("not a text file (boardplay reads its own game files, .ggf and .wtb)")
            }
            GameFileError::Stopped(path) => {
                write!(f, "the reading of {} was stopped", path.display())
            }
            GameFileError::Missing(key) => write!(f, "the '{key}:' line is missing"),
            GameFileError::BadLine(n, line) => {
                write!(
                    f,
                    "line {n} is not 'game:', 'size:', 'k:', 'board:', 'moves:', 'shown:' or \
                     'variation:': {line}"
                )
            }
            GameFileError::UnknownGame(g) => {
                write!(f, "unknown game '{g}' (use tictactoe or othello)")
            }
            GameFileError::BadSize(s) => write!(f, "'{s}' is not a board size"),
            GameFileError::Rules(e) => e.fmt(f),
            GameFileError::Format(e) => e.fmt(f),
            GameFileError::At { place, error } => write!(f, "{place}: {error}"),
            GameFileError::NotOthello => {
                f.write_str("GGF files hold Othello games: save this game as a .txt file")
            }
            GameFileError::WthorWrite => {
                f.write_str("WTHOR files are read, not written: save as .ggf or .txt")
            }
        }
    }
}

impl std::error::Error for GameFileError {}

impl GameFileError {
    /// This error, at line `line` of the file.
    pub fn at_line(self, line: usize) -> GameFileError {
        GameFileError::At {
            place: Place::Line(line),
            error: Box::new(self),
        }
    }
}

impl From<ParseError> for GameFileError {
    fn from(e: ParseError) -> Self {
        GameFileError::Rules(e)
    }
}
