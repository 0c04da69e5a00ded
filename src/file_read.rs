//! Reading a person's file only when it is a regular file no larger than any real file of
//! its kind: a pipe would block the reader for good, a device such as `/dev/zero` would fill
//! memory, and a folder is no file at all. The check is made on the opened file, so nothing
//! can be swapped in between the check and the read. The window and the command line read
//! every file they are given through here.

use std::fmt;
use std::fs;
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::path::Path;

/// What a path names when it is not a regular file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A folder.
    Directory,
    /// A named pipe (FIFO).
    Fifo,
    /// A character device such as `/dev/zero` or a terminal.
    CharDevice,
    /// A block device such as a disk.
    BlockDevice,
    /// A Unix socket.
    Socket,
    /// Anything else that is not a regular file.
    Other,
}

impl FileKind {
    /// The kind of a file that is not a regular one.
    pub fn of(file_type: &fs::FileType) -> FileKind {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if file_type.is_fifo() {
                return FileKind::Fifo;
            }
            if file_type.is_char_device() {
                return FileKind::CharDevice;
            }
            if file_type.is_block_device() {
                return FileKind::BlockDevice;
            }
            if file_type.is_socket() {
                return FileKind::Socket;
            }
        }
        if file_type.is_dir() {
            FileKind::Directory
        } else {
            FileKind::Other
        }
    }
}

impl fmt::Display for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FileKind::Directory => "a folder",
            FileKind::Fifo => "a named pipe (FIFO)",
            FileKind::CharDevice => "a character device",
            FileKind::BlockDevice => "a block device",
            FileKind::Socket => "a socket",
            FileKind::Other => "not a regular file",
        })
    }
}

/// Why a file was not read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The system could not open or read it (missing, no permission, ...).
    #[error(transparent)]
    Io(#[from] io::Error),
    /// It is not a regular file: it was not read at all.
    #[error("it is {}", not_a_file(*.0))]
    NotAFile(FileKind),
    /// It is larger than `limit` bytes, the most a real file of its kind holds: it was not
    /// read.
    #[error(
        "it is {}, more than a file of its kind can be ({})",
        size_words(*size),
        size_words(*limit)
    )]
    TooLarge {
        /// Its size in bytes (at least this many, for a file that grew while being read).
        size: u64,
        /// The most the caller reads.
        limit: u64,
    },
}

/// "a folder, not a file"; "not a regular file" for a kind with no name of its own.
fn not_a_file(kind: FileKind) -> String {
    match kind {
        FileKind::Other => kind.to_string(),
        kind => format!("{kind}, not a file"),
    }
}

/// A size for people: bytes, kB or MB (of 1,000), one decimal where it helps.
pub fn size_words(bytes: u64) -> String {
    match bytes {
        0..1_000 => format!("{bytes} bytes"),
        1_000..1_000_000 => format!("{} kB", decimal(bytes, 1_000)),
        _ => format!("{} MB", decimal(bytes, 1_000_000)),
    }
}

/// `bytes / unit` with one decimal, dropped when it is 0 ("1 MB", "71.3 MB").
fn decimal(bytes: u64, unit: u64) -> String {
    let tenths = (bytes * 10 + unit / 2) / unit;
    if tenths.is_multiple_of(10) {
        format!("{}", tenths / 10)
    } else {
        format!("{}.{}", tenths / 10, tenths % 10)
    }
}

/// The bytes of the regular file at `path` (symbolic links followed), if it holds at most
/// `limit` bytes. Anything else is refused before a byte is read.
pub fn read_file(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let bytes = read_file_watched(path, limit, &mut |_, _| ControlFlow::Continue(()))?;
    Ok(bytes.unwrap_or_default())
}

/// The most read at a time by [`read_file_watched`], between two words to the watcher.
const CHUNK: usize = 1 << 20;

/// [`read_file`], telling `watch` how many bytes of how many are read after each chunk of a
/// megabyte; `None` if `watch` breaks off the reading.
pub fn read_file_watched(
    path: &Path,
    limit: u64,
    watch: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
) -> Result<Option<Vec<u8>>, ReadError> {
    // Elsewhere than Linux the file is opened as usual, so a pipe is refused first.
    #[cfg(not(target_os = "linux"))]
    if let Ok(meta) = fs::metadata(path)
        && !meta.is_file()
    {
        return Err(ReadError::NotAFile(FileKind::of(&meta.file_type())));
    }
    let file = open_without_blocking(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile(FileKind::of(&meta.file_type())));
    }
    let size = meta.len();
    if size > limit {
        return Err(ReadError::TooLarge { size, limit });
    }
    // One byte more than the limit tells a file that grew past it since it was measured.
    let mut reader = file.take(limit + 1);
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    let mut chunk = vec![0; CHUNK.min(usize::try_from(size).unwrap_or(CHUNK).max(4096))];
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(e)),
        };
        bytes.extend_from_slice(&chunk[..n]);
        let read = bytes.len() as u64;
        if read > limit {
            return Err(ReadError::TooLarge { size: read, limit });
        }
        if watch(read, size.max(read)).is_break() {
            return Ok(None);
        }
    }
    Ok(Some(bytes))
}

/// Opens `path` for reading. On Linux, without waiting for a writer if it is a pipe (a
/// regular file reads as usual); whatever it is, it is checked before it is read.
fn open_without_blocking(path: &Path) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options.open(path)
}
