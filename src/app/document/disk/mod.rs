//! A person's files on disk, handled as trusted desktop apps handle them: read only when they
//! are regular files of a believable size ([`read_file`]), and written whole or not at all
//! ([`write_atomically`]). Settings, game files and the game kept for the next start all go
//! through here.
//!
//! Writing keeps what it finds: through a symbolic link the file it points to is replaced
//! and the link stays; the file keeps its permissions (and, where the system allows, its
//! owner and group), and a new one gets the usual `0666` less the umask; the temporary file
//! is written beside the target, synced, renamed over it, and the folder synced. Temporary
//! files left by a crash of an earlier run (their name is `.boardplay-XXXXXX.tmp`, and they
//! are older than the running app) are removed when the next write goes to their folder.

mod io_error;
#[cfg(test)]
pub(crate) mod tests;
mod write;

pub use crate::file_read::{FileKind, ReadError, read_file, read_file_watched, size_words};
pub use io_error::IoError;
#[cfg(feature = "gui")]
pub use write::note_start;
pub use write::write_atomically;
