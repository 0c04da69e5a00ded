//! Saving a settings file: a temporary file beside it, synced, renamed over it.

use std::io;
use std::path::{Path, PathBuf};

use super::*;

impl Settings {
    /// Writes the settings to `path` atomically, creating its folder if needed.
    pub fn save(&self, path: &Path) -> Result<(), SettingsError> {
        write_atomically(path, self.to_ron().as_bytes()).map_err(|e| SettingsError {
            path: path.to_path_buf(),
            problem: Problem::Write(e.to_string()),
        })
    }
}

/// Writes `bytes` to a new temporary file beside `path`, syncs it, renames it over `path`
/// and syncs the folder, so readers see either the old file or the whole new one, also after
/// a crash or a power cut.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if path.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path names no file",
        ));
    }
    std::fs::create_dir_all(&dir)?;
    // A unique name in the same folder (the rename must not cross file systems); the
    // temporary file is removed if anything fails before the rename.
    let mut file = tempfile::Builder::new()
        .prefix(".boardplay-")
        .suffix(".tmp")
        .tempfile_in(&dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    sync_folder(&dir)
}

/// Makes a rename in `dir` durable. Only Unix can open a folder to sync it.
fn sync_folder(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    std::fs::File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}
