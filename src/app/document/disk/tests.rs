//! The disk helpers' tests, on real files in a temporary folder: writes through symbolic
//! links, permissions kept, stray temporary files removed, and what is not a regular file or
//! is too large refused before it is read.

use std::fs;
use std::io;
use std::path::Path;
use std::time::Duration;

use super::write::{remove_stray_temps, started};
use super::*;

fn folder() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A named pipe `name` in `dir` (for the tests of every reader of files).
#[cfg(target_os = "linux")]
pub(crate) fn make_fifo(dir: &Path, name: &str) -> std::path::PathBuf {
    use std::os::unix::ffi::OsStrExt;
    let path = dir.join(name);
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: `c` is a valid NUL-terminated path for the call.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    path
}

#[cfg(unix)]
mod unix {
    use std::os::unix::fs::{PermissionsExt, symlink};

    use super::*;

    fn mode(path: &Path) -> u32 {
        fs::metadata(path).unwrap().permissions().mode() & 0o7777
    }

    /// The process's umask, as the kernel reports it (Linux 4.7 and later).
    #[cfg(target_os = "linux")]
    fn umask() -> u32 {
        let status = fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("Umask:")).unwrap();
        u32::from_str_radix(line["Umask:".len()..].trim(), 8).unwrap()
    }

    #[test]
    fn a_write_through_a_symbolic_link_changes_its_target_and_keeps_the_link() {
        let dir = folder();
        let real = dir.path().join("real.ron");
        let link = dir.path().join("s.ron");
        fs::write(&real, "old").unwrap();
        symlink("real.ron", &link).unwrap();
        write_atomically(&link, b"new").unwrap();
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_link(&link).unwrap(), Path::new("real.ron"));
        assert_eq!(names_in(dir.path()), ["real.ron", "s.ron"]);

        // Two links in a row, the second into another folder by an absolute path: the file
        // at the end is written, and the temporary file was made beside it.
        let other = dir.path().join("elsewhere");
        fs::create_dir(&other).unwrap();
        let far = other.join("far.ron");
        fs::write(&far, "old").unwrap();
        symlink(&far, dir.path().join("middle")).unwrap();
        symlink("middle", dir.path().join("first")).unwrap();
        write_atomically(&dir.path().join("first"), b"far").unwrap();
        assert_eq!(fs::read_to_string(&far).unwrap(), "far");
        assert_eq!(names_in(&other), ["far.ron"]);
        assert!(
            fs::symlink_metadata(dir.path().join("middle"))
                .unwrap()
                .file_type()
                .is_symlink()
        );

        // A link to a file not there yet: the file is made, the link now leads to it.
        symlink("made.ron", dir.path().join("dangling")).unwrap();
        write_atomically(&dir.path().join("dangling"), b"made").unwrap();
        assert_eq!(
            fs::read_to_string(dir.path().join("made.ron")).unwrap(),
            "made"
        );
        assert!(
            fs::symlink_metadata(dir.path().join("dangling"))
                .unwrap()
                .file_type()
                .is_symlink()
        );

        // A loop of links is an error, not a hang.
        symlink("loop-b", dir.path().join("loop-a")).unwrap();
        symlink("loop-a", dir.path().join("loop-b")).unwrap();
        assert!(write_atomically(&dir.path().join("loop-a"), b"x").is_err());
    }

    #[test]
    fn a_file_keeps_its_permissions_and_a_new_one_gets_the_umasks() {
        let dir = folder();
        for kept in [0o644, 0o640, 0o600, 0o664] {
            let path = dir.path().join(format!("kept-{kept:o}"));
            fs::write(&path, "old").unwrap();
            fs::set_permissions(&path, fs::Permissions::from_mode(kept)).unwrap();
            write_atomically(&path, b"new").unwrap();
            assert_eq!(mode(&path), kept, "{kept:o}");
            assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        }
        // Through a link, the target's permissions are kept.
        let target = dir.path().join("kept-640");
        symlink(&target, dir.path().join("link")).unwrap();
        write_atomically(&dir.path().join("link"), b"again").unwrap();
        assert_eq!(mode(&target), 0o640);

        #[cfg(target_os = "linux")]
        {
            let new = dir.path().join("new.txt");
            write_atomically(&new, b"first").unwrap();
            assert_eq!(mode(&new), 0o666 & !umask());
        }
    }

    #[test]
    fn a_read_only_file_is_not_written_over_and_a_writable_one_by_its_group_is() {
        let dir = folder();
        let path = dir.path().join("kept.txt");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
        let e = write_atomically(&path, b"new").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::PermissionDenied);
        assert!(e.to_string().contains("is read-only"), "{e}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(mode(&path), 0o444);
        // Through a link too.
        symlink(&path, dir.path().join("link")).unwrap();
        assert!(write_atomically(&dir.path().join("link"), b"new").is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(names_in(dir.path()), ["kept.txt", "link"]);
        // Write permission for anyone is enough to be replaced (the owner may be another).
        fs::set_permissions(&path, fs::Permissions::from_mode(0o464)).unwrap();
        write_atomically(&path, b"new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(mode(&path), 0o464);
    }

    /// Only root can give a file away, so only a run as root (CI) can check that the owner
    /// is kept; another user's run checks the group it can keep.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_keeps_its_owner_and_group() {
        use std::os::unix::fs::MetadataExt;
        let dir = folder();
        let path = dir.path().join("theirs.ron");
        fs::write(&path, "old").unwrap();
        let me = fs::metadata(&path).unwrap();
        // SAFETY: geteuid has no arguments and cannot fail.
        let root = unsafe { libc::geteuid() } == 0;
        let (uid, gid) = if root {
            (4321, 8765)
        } else {
            (me.uid(), me.gid())
        };
        std::os::unix::fs::chown(&path, Some(uid), Some(gid)).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&path, b"new").unwrap();
        let after = fs::metadata(&path).unwrap();
        assert_eq!((after.uid(), after.gid()), (uid, gid));
        assert_eq!(mode(&path), 0o640);
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
    }

    #[test]
    fn what_is_not_a_regular_file_is_not_written_over() {
        let dir = folder();
        let sub = dir.path().join("a-folder");
        fs::create_dir(&sub).unwrap();
        let e = write_atomically(&sub, b"x").unwrap_err();
        assert!(e.to_string().contains("is a folder"), "{e}");
        assert!(sub.is_dir());
        #[cfg(target_os = "linux")]
        {
            let fifo = make_fifo(dir.path(), "pipe");
            let e = write_atomically(&fifo, b"x").unwrap_err();
            assert!(e.to_string().contains("named pipe"), "{e}");
        }
        assert_eq!(
            names_in(dir.path())
                .iter()
                .filter(|n| n.ends_with(".tmp"))
                .count(),
            0
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_pipe_a_device_and_a_folder_are_refused_before_reading() {
        let dir = folder();
        // Read as usual, this would wait for a writer for good.
        let fifo = make_fifo(dir.path(), "settings.ron");
        assert!(matches!(
            read_file(&fifo, 1_000_000),
            Err(ReadError::NotAFile(FileKind::Fifo))
        ));
        // Read as usual, this would fill memory.
        let zero = dir.path().join("zero.ron");
        symlink("/dev/zero", &zero).unwrap();
        let e = read_file(&zero, 1_000_000).unwrap_err();
        assert!(
            matches!(e, ReadError::NotAFile(FileKind::CharDevice)),
            "{e:?}"
        );
        assert_eq!(e.to_string(), "it is a character device, not a file");
        let e = read_file(dir.path(), 1_000_000).unwrap_err();
        assert!(
            matches!(e, ReadError::NotAFile(FileKind::Directory)),
            "{e:?}"
        );
        assert_eq!(e.to_string(), "it is a folder, not a file");
    }
}

#[test]
fn stray_temporary_files_older_than_the_start_are_removed_and_no_others() {
    let dir = folder();
    let start = started();
    let hour = Duration::from_secs(3600);
    let make = |name: &str, changed| {
        let path = dir.path().join(name);
        fs::write(&path, "left over").unwrap();
        fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(changed)
            .unwrap();
    };
    make(".boardplay-aB3dE9.tmp", start - hour); // a crash of an earlier run
    make(".boardplay-Zz0Zz0.tmp", start + hour); // a write of this run under way
    make(".boardplay-aB3dE.tmp", start - hour); // not the module's name
    make(".boardplay-aB3dE9.tmp.keep", start - hour);
    make("notes.tmp", start - hour);
    fs::create_dir(dir.path().join(".boardplay-folder.tmp")).unwrap();
    write_atomically(&dir.path().join("settings.ron"), b"()").unwrap();
    assert_eq!(
        names_in(dir.path()),
        [
            ".boardplay-Zz0Zz0.tmp",
            ".boardplay-aB3dE.tmp",
            ".boardplay-aB3dE9.tmp.keep",
            ".boardplay-folder.tmp",
            "notes.tmp",
            "settings.ron",
        ]
    );
    assert_eq!(
        remove_stray_temps(dir.path(), start),
        0,
        "nothing left to remove"
    );
}

#[test]
fn a_file_larger_than_its_kind_is_refused_before_reading() {
    let dir = folder();
    let path = dir.path().join("big.ron");
    // A sparse file: its size is what counts, and nothing is read.
    fs::File::create(&path).unwrap().set_len(1_000_001).unwrap();
    let e = read_file(&path, 1_000_000).unwrap_err();
    assert!(
        matches!(
            e,
            ReadError::TooLarge {
                size: 1_000_001,
                limit: 1_000_000
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "it is 1 MB, more than a file of its kind can be (1 MB)"
    );
    fs::File::create(&path).unwrap().set_len(1_000_000).unwrap();
    assert_eq!(read_file(&path, 1_000_000).unwrap().len(), 1_000_000);
}

#[test]
fn a_missing_file_is_the_systems_not_found() {
    let dir = folder();
    match read_file(&dir.path().join("none"), 10) {
        Err(ReadError::Io(e)) => assert_eq!(e.kind(), std::io::ErrorKind::NotFound),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_watched_read_tells_its_progress_and_stops_when_told() {
    let dir = folder();
    let path = dir.path().join("three.bin");
    let size = 3 * (1 << 20) + 5;
    fs::write(&path, vec![7u8; size]).unwrap();
    let mut heard = Vec::new();
    let bytes = read_file_watched(&path, 10 << 20, &mut |read, total| {
        heard.push((read, total));
        std::ops::ControlFlow::Continue(())
    })
    .unwrap()
    .unwrap();
    assert_eq!(bytes.len(), size);
    let size = size as u64;
    assert_eq!(heard.last(), Some(&(size, size)));
    assert!(heard.len() >= 4, "a word a megabyte: {heard:?}");
    assert!(heard.windows(2).all(|w| w[0].0 < w[1].0));

    let mut calls = 0;
    let stopped = read_file_watched(&path, 10 << 20, &mut |_, _| {
        calls += 1;
        std::ops::ControlFlow::Break(())
    })
    .unwrap();
    assert_eq!((stopped, calls), (None, 1));
}

#[test]
fn sizes_are_written_for_people() {
    assert_eq!(size_words(999), "999 bytes");
    assert_eq!(size_words(1_000), "1 kB");
    assert_eq!(size_words(1_500), "1.5 kB");
    assert_eq!(size_words(71_303_184), "71.3 MB");
    assert_eq!(size_words(256_000_000), "256 MB");
}
