//! The user's book: positions learned from games (`boardplay nboard`'s `learn`, as NTest and
//! Edax learn), kept in a file of the user's data folder and merged with the shipped book
//! ([`current`]), so that what was learned is there again after a restart.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use thiserror::Error;

use super::Book;
use crate::formats::book::{self as file, BookEntry, BookError};

/// The user book's file name in the data folder.
pub const FILE_NAME: &str = "book-learned.bpb";

/// Why the user's book could not be read or written.
#[derive(Debug, Error)]
pub enum UserBookError {
    /// The file is there but is no book; it is left as it is.
    #[error("{path}: {source}; the file is left as it is")]
    Bad {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: BookError,
    },
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

/// The user book's file: `boardplay/book-learned.bpb` in the platform's data folder
/// (`~/.local/share/boardplay` on Linux), unless [`use_path`] set another; `None` where the
/// system names no home folder.
pub fn path() -> Option<PathBuf> {
    chosen().lock().ok().and_then(|p| p.clone()).or_else(|| {
        directories::ProjectDirs::from("", "", "boardplay").map(|d| d.data_dir().join(FILE_NAME))
    })
}

fn chosen() -> &'static Mutex<Option<PathBuf>> {
    static CHOSEN: OnceLock<Mutex<Option<PathBuf>>> = OnceLock::new();
    CHOSEN.get_or_init(|| Mutex::new(None))
}

fn merged() -> &'static Mutex<Option<Arc<Book>>> {
    static MERGED: OnceLock<Mutex<Option<Arc<Book>>>> = OnceLock::new();
    MERGED.get_or_init(|| Mutex::new(None))
}

/// Keeps the user's book at `path` from now on (`boardplay nboard --user-book`); the merged
/// book is read again on next use.
pub fn use_path(path: PathBuf) {
    if let Ok(mut p) = chosen().lock() {
        *p = Some(path);
    }
    if let Ok(mut m) = merged().lock() {
        *m = None;
    }
}

/// The entries of the user book at `path`; none if there is no file.
///
/// # Errors
///
/// A file that cannot be read or is no book.
pub fn read(path: &Path) -> Result<Vec<BookEntry>, UserBookError> {
    match std::fs::read(path) {
        Ok(bytes) => file::read(&bytes).map_err(|source| UserBookError::Bad {
            path: path.to_path_buf(),
            source,
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(source) => Err(UserBookError::Io {
            path: path.to_path_buf(),
            source,
        }),
    }
}

/// The shipped book merged with the user's (the user's entries kept where both hold a
/// position), read once and kept; the shipped book alone if the user's cannot be read.
pub fn current() -> Arc<Book> {
    let mut slot = match merged().lock() {
        Ok(slot) => slot,
        Err(_) => return Arc::new(Book::shipped().clone()),
    };
    if let Some(book) = slot.as_ref() {
        return book.clone();
    }
    let user = path().and_then(|p| read(&p).ok()).unwrap_or_default();
    let book = Arc::new(if user.is_empty() {
        Book::shipped().clone()
    } else {
        Book::shipped().merged(user)
    });
    *slot = Some(book.clone());
    book
}

/// Adds `entries` to the user book's file (made, with its folder, if missing; written whole
/// or not at all) and to [`current`]. Returns how many positions the file holds.
///
/// # Errors
///
/// No user folder, a file there that is no book (left as it is), or a failed write.
pub fn learn(entries: &[BookEntry]) -> Result<usize, UserBookError> {
    let Some(path) = path() else {
        return Err(UserBookError::Io {
            path: PathBuf::from(FILE_NAME),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "no home folder"),
        });
    };
    let io = |source| UserBookError::Io {
        path: path.clone(),
        source,
    };
    let book = Book::new(read(&path)?.into_iter().chain(entries.iter().copied()));
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
    tmp.write_all(&book.to_bytes()).map_err(io)?;
    tmp.persist(&path).map_err(|e| io(e.error))?;
    if let Ok(mut m) = merged().lock() {
        *m = None;
    }
    Ok(book.len())
}
