//! The files the command line is given, read as the window reads them
//! ([`crate::file_read`]): only a regular file no larger than any real file of its kind,
//! so that `/dev/zero` or a named pipe is refused at once, with the option that named it;
//! text must be UTF-8, and a line that is not is named with its byte.

use std::path::Path;

use super::CliError;
use crate::file_read::read_file;
use crate::formats::{not_utf8_at, wthor};

/// The most a text file of positions, openings or moves (`solve --file`, `arena
/// --openings`) may hold: the window's limit for its own game files, thousands of times
/// the largest real list.
pub(super) const TEXT_LIMIT: u64 = 16_000_000;

/// The most an OBF file of known answers (`test-positions --file`) may hold: a million
/// positions with the values of their moves.
pub(super) const OBF_LIMIT: u64 = 256_000_000;

/// The most a WTHOR file may hold: its header and 2^20 games (the whole published archive is
/// about 130,000), as the window reads them.
pub(super) const WTHOR_LIMIT: u64 = (wthor::HEADER + wthor::GAME * (1 << 20)) as u64;

/// The most a weights file (`train --warm`) may hold: four times the largest the project
/// writes.
pub(super) const WEIGHTS_LIMIT: u64 = 64_000_000;

/// The bytes of the file at `path`, given with `option` (`--file`), at most `limit` of them.
pub(super) fn read_bytes(path: &Path, limit: u64, option: &str) -> Result<Vec<u8>, CliError> {
    read_file(path, limit).map_err(|source| CliError::File {
        file: format!("{option} {}", path.display()),
        source,
    })
}

/// The text of the file at `path`, given with `option`, at most `limit` bytes of UTF-8: a
/// line that is not UTF-8 is named, with its first byte that is not.
pub(super) fn read_text(path: &Path, limit: u64, option: &str) -> Result<String, CliError> {
    let bytes = read_bytes(path, limit, option)?;
    String::from_utf8(bytes).map_err(|e| {
        let (line, byte) = not_utf8_at(e.as_bytes(), e.utf8_error().valid_up_to());
        CliError::Usage(format!(
            "{option} {}: line {line} is not UTF-8 text (its byte {byte} is not)",
            path.display(),
        ))
    })
}

/// Writes `bytes` to `path` whole or not at all (a temporary file beside it, renamed over
/// it), so that a run stopped while writing leaves the last whole file.
pub(super) fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let io = |e: std::io::Error| CliError::io(format!("cannot write {}", path.display()), e);
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
    tmp.write_all(bytes).map_err(io)?;
    tmp.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_is_not_text_is_named_with_its_byte() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ffo.txt");
        std::fs::write(&path, b"1 ok\n2 also ok\n3 ab\xffcd\n").unwrap();
        let e = read_text(&path, TEXT_LIMIT, "--file")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("line 3 is not UTF-8 text (its byte 5 is not)"),
            "{e}"
        );
        assert!(e.starts_with("--file "), "{e}");
    }

    #[test]
    fn what_is_not_a_regular_file_is_refused_before_it_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let e = read_text(dir.path(), TEXT_LIMIT, "--openings")
            .unwrap_err()
            .to_string();
        assert!(e.contains("a folder, not a file"), "{e}");
        #[cfg(target_os = "linux")]
        {
            let e = read_bytes(Path::new("/dev/zero"), TEXT_LIMIT, "--file")
                .unwrap_err()
                .to_string();
            assert!(e.contains("a character device, not a file"), "{e}");
        }
        let big = dir.path().join("big.obf");
        std::fs::write(&big, vec![b'-'; 2_000]).unwrap();
        let e = read_bytes(&big, 1_000, "--file").unwrap_err().to_string();
        assert!(e.contains("more than a file of its kind can be"), "{e}");
    }
}
