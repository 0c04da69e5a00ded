//! Where the settings file lives.

use std::path::PathBuf;

/// The file name used in the current directory and in the config directory.
pub const FILE_NAME: &str = "settings.ron";

/// The settings file to use: `explicit` if given (`--settings PATH`), else `settings.ron` in
/// the current directory if it exists (a checkout of the repository has one), else
/// `settings.ron` in the user's config directory (see [`config_dir`]).
pub fn resolve_path(explicit: Option<PathBuf>) -> PathBuf {
    if let Some(path) = explicit {
        return path;
    }
    let local = PathBuf::from(FILE_NAME);
    if local.exists() {
        return local;
    }
    match config_dir() {
        Some(dir) => dir.join(FILE_NAME),
        None => local,
    }
}

/// The app's folder in the user's config directory, by the platform's convention (the
/// `directories` crate): `$XDG_CONFIG_HOME/boardplay`, else `~/.config/boardplay` on Linux;
/// `%APPDATA%\boardplay\config` on Windows; `~/Library/Application Support/boardplay` on
/// macOS. `None` where the system names no home folder.
pub fn config_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "boardplay").map(|d| d.config_dir().to_path_buf())
}
