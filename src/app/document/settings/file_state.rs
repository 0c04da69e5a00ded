//! The window's hold on its settings file: where it is, what was wrong with it when read, and
//! whether it may be written on exit. A file that could not be read is left as it is until
//! the person saves, so nothing they might want to repair is lost; a file read whole is
//! written on exit only if the settings changed, so it stays byte for byte as it was
//! (its byte-order mark, line ends, comments and the order of its fields) otherwise.

use std::path::{Path, PathBuf};

use crate::app::document::settings::{Settings, SettingsError};

/// The settings file of the running app.
pub struct SettingsFile {
    path: PathBuf,
    /// The file could not be read: it is not written on exit until the person saves.
    keep: bool,
    /// What was wrong with the file, until the person dismisses it.
    message: Option<String>,
    /// The settings the file holds, as read or last written: none if there was no file.
    /// Settings equal to them are not written on exit.
    on_disk: Option<Settings>,
}

impl SettingsFile {
    /// The file at `path`, read as `settings` with `error` (see [`Settings::load`]).
    pub fn new(path: PathBuf, settings: &Settings, error: Option<SettingsError>) -> SettingsFile {
        let mut file = SettingsFile {
            path,
            keep: false,
            message: None,
            on_disk: None,
        };
        file.read_with(settings, error);
        file
    }

    /// Where the file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What was wrong with the file, if it could not be read and the message is still up.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Puts the message away (the file is still kept as it is on exit).
    pub fn dismiss(&mut self) {
        self.message = None;
    }

    /// Writes `settings` now. Once written, the file is the app's to write again on exit.
    pub fn save(&mut self, settings: &Settings) -> Result<(), SettingsError> {
        settings.save(&self.path)?;
        self.keep = false;
        self.message = None;
        self.on_disk = Some(settings.clone());
        Ok(())
    }

    /// Reads the file again: its settings (the defaults where it could not be read), and
    /// whether it could.
    pub fn load(&mut self) -> (Settings, bool) {
        let (settings, error) = Settings::load(&self.path);
        let read = error.is_none();
        self.read_with(&settings, error);
        (settings, read)
    }

    /// Writes `settings` as the window closes, unless the file could not be read and was
    /// never saved since, or the file holds these settings already (then it is left byte
    /// for byte as it is). Problems go to standard error: there is no window left to say so.
    pub fn save_on_exit(&self, settings: &Settings) {
        if self.on_disk.as_ref() == Some(settings) {
            return;
        }
        if self.keep {
            eprintln!(
                "boardplay: not overwriting the unreadable settings file {} (use Save settings)",
                self.path.display()
            );
            return;
        }
        if let Err(e) = settings.save(&self.path) {
            eprintln!("boardplay: {e}");
        }
    }

    /// Takes in what reading the file gave: `settings`, and the problem found, if any.
    fn read_with(&mut self, settings: &Settings, error: Option<SettingsError>) {
        // A missing file holds nothing: the settings are written on exit to make it.
        let exists = std::fs::symlink_metadata(&self.path).is_ok();
        self.on_disk = (error.is_none() && exists).then(|| settings.clone());
        self.keep = error.is_some();
        self.message = error.map(|e| e.to_string());
    }
}
