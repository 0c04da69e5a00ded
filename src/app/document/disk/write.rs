//! Writing a file atomically: a temporary file beside the file a path leads to (through any
//! symbolic links), with the old file's permissions, synced, renamed over it, the folder
//! synced; and the temporary files of earlier runs that crashed mid-write removed.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use std::time::SystemTime;

/// The temporary files' names: this prefix, [`RANDOM`] letters or digits, this suffix.
const PREFIX: &str = ".boardplay-";
const SUFFIX: &str = ".tmp";
const RANDOM: usize = 6;

/// The most symbolic links followed from a path to its file (Linux's own limit).
const MAX_LINKS: usize = 40;

/// When the running app started (see [`note_start`]).
static STARTED: LazyLock<SystemTime> = LazyLock::new(SystemTime::now);

/// Notes the time the app starts, which tells its own temporary files from those of earlier
/// runs. Call it first thing; without the call, the first write notes it.
#[cfg(feature = "gui")]
pub fn note_start() {
    LazyLock::force(&STARTED);
}

/// The time noted by [`note_start`] (or by the first write).
pub fn started() -> SystemTime {
    *STARTED
}

/// Writes `bytes` to the file `path` leads to, atomically: readers see the old file or the
/// whole new one, also after a crash or a power cut. Through a symbolic link, the file it
/// points to (followed to the end, created if missing) is replaced and the link kept. The
/// file keeps its permissions and, where the system allows, its owner and group; a new file
/// gets `0666` less the umask (`0644` with the usual umask). The folder is created if
/// needed. Something that is not a regular file (a folder, a device, a pipe) is not written
/// over, and neither is a read-only file (no write permission for anyone): replacing it
/// would succeed, since only its folder must be writable, but its owner marked it to be
/// kept as it is, as editors respect.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = final_target(path)?;
    if target.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path names no file",
        ));
    }
    let dir = folder_of(&target);
    fs::create_dir_all(&dir)?;
    let existing = match fs::metadata(&target) {
        Ok(meta) if meta.is_file() && meta.permissions().readonly() => {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!(
                    "{} is read-only: not written over (make it writable, or save elsewhere)",
                    target.display()
                ),
            ));
        }
        Ok(meta) if meta.is_file() => Some(meta),
        Ok(meta) => {
            let kind = super::FileKind::of(&meta.file_type());
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{} is {}, not a file: not written over",
                    target.display(),
                    kind
                ),
            ));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    // Leftovers of earlier runs go first; failing to remove one does not stop the write.
    remove_stray_temps(&dir, started());

    let mut builder = tempfile::Builder::new();
    builder.prefix(PREFIX).suffix(SUFFIX).rand_bytes(RANDOM);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // A new file is created as `0666` and the system takes the umask off; a file that
        // replaces another starts private and gets the old one's permissions below.
        let mode = if existing.is_some() { 0o600 } else { 0o666 };
        builder.permissions(fs::Permissions::from_mode(mode));
    }
    // A unique name in the target's folder (the rename must not cross file systems); the
    // temporary file is removed if anything fails before the rename.
    let mut file = builder.tempfile_in(&dir)?;
    file.write_all(bytes)?;
    if let Some(meta) = &existing {
        keep_owner_and_permissions(file.as_file(), meta)?;
    }
    file.as_file().sync_all()?;
    file.persist(&target).map_err(|e| e.error)?;
    sync_folder(&dir)
}

/// Gives `file` the owner, group and permissions of `old`. The owner and group are kept
/// where the system allows it (the owner only for root, a group the user is in); the
/// permissions always.
fn keep_owner_and_permissions(file: &fs::File, old: &fs::Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // Changing the owner clears set-id bits, so it comes before the permissions.
        if std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid())).is_err() {
            let _ = std::os::unix::fs::fchown(file, None, Some(old.gid()));
        }
    }
    file.set_permissions(old.permissions())
}

/// The file `path` leads to: symbolic links followed to their end (which need not exist),
/// then the folder made canonical where it exists.
fn final_target(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&path)?;
                // A relative link is read from the folder that holds it.
                path = folder_of(&path).join(link);
            }
            _ => {
                let Some(name) = path.file_name() else {
                    return Ok(path);
                };
                return Ok(match fs::canonicalize(folder_of(&path)) {
                    Ok(folder) => folder.join(name),
                    Err(_) => path,
                });
            }
        }
    }
    Err(io::Error::other(format!(
        "{}: more than {MAX_LINKS} symbolic links in a row",
        path.display()
    )))
}

/// The folder of `path` ("." for a bare file name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// True if `name` is one of this module's temporary files: `.boardplay-XXXXXX.tmp` with
/// six letters or digits.
fn is_own_temporary(name: &str) -> bool {
    name.strip_prefix(PREFIX)
        .and_then(|rest| rest.strip_suffix(SUFFIX))
        .is_some_and(|middle| {
            middle.len() == RANDOM && middle.bytes().all(|b| b.is_ascii_alphanumeric())
        })
}

/// Removes from `dir` the temporary files this module names, that are regular files last
/// changed before `before` (the app's start: a write under way in this run is newer). Other
/// files are never touched. Returns how many were removed.
pub fn remove_stray_temps(dir: &Path, before: SystemTime) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_str().is_some_and(is_own_temporary) {
            continue;
        }
        // Not followed: a link of that name is not ours.
        let Ok(meta) = fs::symlink_metadata(entry.path()) else {
            continue;
        };
        let old = meta.modified().is_ok_and(|changed| changed < before);
        if meta.is_file() && old && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Makes a rename in `dir` durable. Only Unix can open a folder to sync it.
fn sync_folder(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    fs::File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

#[cfg(test)]
mod names {
    use super::is_own_temporary;

    #[test]
    fn only_the_modules_own_names_are_temporary_files() {
        assert!(is_own_temporary(".boardplay-a1B2c3.tmp"));
        for other in [
            ".boardplay-a1B2c.tmp",
            ".boardplay-a1B2c3d.tmp",
            ".boardplay-a1B2-3.tmp",
            "boardplay-a1B2c3.tmp",
            ".boardplay-a1B2c3.tmp.bak",
            ".other-a1B2c3.tmp",
            "settings.ron",
        ] {
            assert!(!is_own_temporary(other), "{other}");
        }
    }
}
