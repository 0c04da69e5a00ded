//! What can be wrong with a settings file, named for the person.

use std::fmt;
use std::path::PathBuf;

use crate::app::document::disk::{FileKind, IoError, size_words};

/// One field of a settings file that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldProblem {
    /// The field's name in the file.
    pub field: &'static str,
    /// Why its value was not used.
    pub message: String,
}

/// What is wrong with a settings file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// A folder stands where the file should be.
    #[error("it is a folder, not a file")]
    IsDirectory,
    /// Something else that is not a regular file (a pipe, a device) stands there: it was
    /// not read.
    #[error("it is {0}, not a file, and was not read")]
    NotAFile(FileKind),
    /// The file is larger than any settings file: it was not read.
    #[error(
        "it is {}, more than a settings file can be ({}), and was not read",
        size_words(*size),
        size_words(*limit)
    )]
    TooLarge {
        /// Its size in bytes.
        size: u64,
        /// The most a settings file is read from.
        limit: u64,
    },
    /// The file could not be read (no permission, ...).
    #[error("it cannot be read: {0}")]
    Read(#[source] IoError),
    /// The file is not UTF-8 text.
    #[error("it is not a text file")]
    NotText,
    /// The file holds nothing.
    #[error("it is empty")]
    Empty,
    /// The file is not RON, or not a settings struct.
    #[error("it is not a valid settings file: {0}")]
    Syntax(String),
    /// The file is readable, but some fields hold values that cannot be used.
    #[error("{}", FieldList(.0))]
    Fields(Vec<FieldProblem>),
    /// The file could not be written.
    #[error("it cannot be written: {0}")]
    Write(#[source] IoError),
}

/// The most problems a message names: a badly damaged file has thousands, and a message
/// that long helps nobody.
pub const NAMED_PROBLEMS: usize = 12;

/// The fields' problems, "field: why; field: why", the first [`NAMED_PROBLEMS`] of them
/// and how many more.
struct FieldList<'a>(&'a [FieldProblem]);

impl fmt::Display for FieldList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().take(NAMED_PROBLEMS).enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{}: {}", p.field, p.message)?;
        }
        match self.0.len().saturating_sub(NAMED_PROBLEMS) {
            0 => Ok(()),
            1 => f.write_str("; and 1 more problem"),
            more => write!(f, "; and {more} more problems"),
        }
    }
}

/// A settings file that could not be read or written, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.sentence())]
pub struct SettingsError {
    /// The file.
    pub path: PathBuf,
    /// What went wrong.
    #[source]
    pub problem: Problem,
}

impl SettingsError {
    /// The message for the person: what happened to the file and what the app does now.
    fn sentence(&self) -> String {
        let path = self.path.display();
        match &self.problem {
            Problem::Write(_) => format!("Could not save the settings to {path}: {}", self.problem),
            Problem::Fields(_) => format!(
                "Settings file {path}: {}. Those settings use their defaults; the file is left \
                 as it is until you save.",
                self.problem
            ),
            _ => format!(
                "Settings file {path} was not used: {}. Using the defaults; the file is left \
                 as it is until you save.",
                self.problem
            ),
        }
    }
}
