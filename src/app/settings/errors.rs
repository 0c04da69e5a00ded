//! What can be wrong with a settings file, named for the person.

use std::fmt;
use std::path::PathBuf;

use crate::app::disk::{FileKind, size_words};

/// One field of a settings file that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldProblem {
    /// The field's name in the file.
    pub field: &'static str,
    /// Why its value was not used.
    pub message: String,
}

/// What is wrong with a settings file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A folder stands where the file should be.
    IsDirectory,
    /// Something else that is not a regular file (a pipe, a device) stands there: it was
    /// not read.
    NotAFile(FileKind),
    /// The file is larger than any settings file: it was not read.
    TooLarge {
        /// Its size in bytes.
        size: u64,
        /// The most a settings file is read from.
        limit: u64,
    },
    /// The file could not be read (no permission, ...).
    Read(String),
    /// The file is not UTF-8 text.
    NotText,
    /// The file holds nothing.
    Empty,
    /// The file is not RON, or not a settings struct.
    Syntax(String),
    /// The file is readable, but some fields hold values that cannot be used.
    Fields(Vec<FieldProblem>),
    /// The file could not be written.
    Write(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::IsDirectory => f.write_str("it is a folder, not a file"),
            Problem::NotAFile(kind) => write!(f, "it is {kind}, not a file, and was not read"),
            Problem::TooLarge { size, limit } => write!(
                f,
                "it is {}, more than a settings file can be ({}), and was not read",
                size_words(*size),
                size_words(*limit)
            ),
            Problem::Read(e) => write!(f, "it cannot be read: {e}"),
            Problem::NotText => f.write_str("it is not a text file"),
            Problem::Empty => f.write_str("it is empty"),
            Problem::Syntax(e) => write!(f, "it is not a valid settings file: {e}"),
            Problem::Fields(fields) => {
                for (i, p) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{}: {}", p.field, p.message)?;
                }
                Ok(())
            }
            Problem::Write(e) => write!(f, "it cannot be written: {e}"),
        }
    }
}

/// A settings file that could not be read or written, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsError {
    /// The file.
    pub path: PathBuf,
    /// What went wrong.
    pub problem: Problem,
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match &self.problem {
            Problem::Write(_) => {
                write!(f, "Could not save the settings to {path}: {}", self.problem)
            }
            Problem::Fields(_) => write!(
                f,
                "Settings file {path}: {}. Those settings use their defaults; the file is left \
                 as it is until you save.",
                self.problem
            ),
            _ => write!(
                f,
                "Settings file {path} was not used: {}. Using the defaults; the file is left \
                 as it is until you save.",
                self.problem
            ),
        }
    }
}

impl std::error::Error for SettingsError {}
