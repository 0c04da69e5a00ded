//! Saving a settings file, atomically (see [`crate::app::document::disk::write_atomically`]).

use std::path::Path;

use crate::app::document::disk::write_atomically;

use super::*;

impl Settings {
    /// Writes the settings to `path` atomically, creating its folder if needed; through a
    /// symbolic link, to the file it points to, with that file's permissions.
    pub fn save(&self, path: &Path) -> Result<(), SettingsError> {
        write_atomically(path, self.to_ron().as_bytes()).map_err(|e| SettingsError {
            path: path.to_path_buf(),
            problem: Problem::Write(e.into()),
        })
    }
}
