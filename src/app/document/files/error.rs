//! Why a game could not be read or written.

use std::io;
use std::path::PathBuf;

use crate::app::document::disk::{FileKind, IoError, size_words};
use crate::core::ParseError;
use crate::formats::{FormatError, Place};

/// Why a game could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameFileError {
    /// The file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: IoError,
    },
    /// The folder a game was to be saved in does not exist: it is not made behind the
    /// person's back (a mistyped folder would hide the game where nobody looks).
    #[error("the folder {} does not exist: the game was not saved", .0.display())]
    NoFolder(PathBuf),
    /// The thread reading the file ended without an answer (a bug, not the file's fault).
    #[error("the reading of {} stopped with an internal error", .0.display())]
    Lost(PathBuf),
    /// Not a regular file (a folder, a pipe, a device): not read.
    #[error("{} is {kind}, not a file, and was not read", path.display())]
    NotAFile {
        /// The file.
        path: PathBuf,
        /// What it is instead.
        kind: FileKind,
    },
    /// Larger than any real file of its format: not read.
    #[error(
        "{} is {}, more than {format} can be ({}), and was not read",
        path.display(),
        size_words(*size),
        size_words(*limit)
    )]
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
    #[error("not a text file (boardplay reads its own game files, .ggf and .wtb)")]
    NotText,
    /// The reading of the file was stopped before its end (Cancel): nothing was opened.
    #[error("the reading of {} was stopped", .0.display())]
    Stopped(PathBuf),
    /// A required line (`game:`, `size:`) is missing.
    #[error("the '{0}:' line is missing")]
    Missing(&'static str),
    /// A line that is not `key: value`, or a key this format does not have.
    #[error(
        "line {0} is not 'game:', 'size:', 'k:', 'board:', 'moves:', 'shown:', \
         'variation:', 'clock:', 'times:' or 'timeout:': {1}"
    )]
    BadLine(usize, String),
    /// The game is neither tic-tac-toe nor Othello.
    #[error("unknown game '{0}' (use tictactoe or othello)")]
    UnknownGame(String),
    /// The size is not a number.
    #[error("'{0}' is not a board size")]
    BadSize(String),
    /// The board or the moves do not fit the rules.
    #[error(transparent)]
    Rules(#[from] ParseError),
    /// A GGF or WTHOR file that could not be read, or whose game breaks the rules there.
    #[error(transparent)]
    Format(FormatError),
    /// An error at a place in the file (the line of a game file's `game:` or `size:`, the
    /// byte where a file stops being text).
    #[error("{place}: {error}")]
    At {
        /// Where.
        place: Place,
        /// What is wrong there.
        error: Box<GameFileError>,
    },
    /// Only Othello games can be written as GGF.
    #[error("GGF files hold Othello games: save this game as a .txt file")]
    NotOthello,
    /// WTHOR files are read, not written.
    #[error("WTHOR files are read, not written: save as .ggf or .txt")]
    WthorWrite,
}

impl GameFileError {
    /// The error of a file at `path` that the system could not read or write.
    pub fn io(path: &std::path::Path, source: io::Error) -> GameFileError {
        GameFileError::Io {
            path: path.to_path_buf(),
            source: source.into(),
        }
    }

    /// This error, at line `line` of the file.
    pub fn at_line(self, line: usize) -> GameFileError {
        GameFileError::At {
            place: Place::Line(line),
            error: Box::new(self),
        }
    }
}
