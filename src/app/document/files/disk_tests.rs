//! Game files and the kept game on disk: what is not a regular file, or is larger than any
//! file of its format, is refused before it is read, with the file named; saving goes
//! through a symbolic link to its file and keeps the file's permissions.

use std::fs;
use std::path::Path;

use crate::app::document::disk::FileKind;
use crate::app::document::session::Session;
use crate::core::Supported;

use super::*;

/// The error of opening `path`, as a game file and as the kept game.
fn refusals(path: &Path) -> [GameFileError; 2] {
    [
        open_file(path).unwrap_err(),
        kept_game(path).map(|_| ()).unwrap_err(),
    ]
}

#[cfg(target_os = "linux")]
#[test]
fn a_pipe_a_device_and_a_folder_are_not_read_as_game_files() {
    use crate::app::document::disk::tests::make_fifo;
    let dir = tempfile::tempdir().unwrap();
    // Read as before, the pipe waited for a writer for good, and /dev/zero filled memory.
    let fifo = make_fifo(dir.path(), "game.ggf");
    let zero = dir.path().join("zero.wtb");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let cases = [
        (fifo, FileKind::Fifo, "is a named pipe (FIFO), not a file"),
        (
            zero,
            FileKind::CharDevice,
            "is a character device, not a file",
        ),
        (
            dir.path().to_path_buf(),
            FileKind::Directory,
            "is a folder, not a file",
        ),
    ];
    for (path, kind, words) in cases {
        for e in refusals(&path) {
            assert_eq!(
                e,
                GameFileError::NotAFile {
                    path: path.clone(),
                    kind
                }
            );
            let text = e.to_string();
            assert!(text.starts_with(&path.display().to_string()), "{text}");
            assert!(text.contains(words), "{text}");
        }
    }
}

#[test]
fn a_file_larger_than_any_of_its_format_is_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let sparse = |name: &str, len: u64| {
        let path = dir.path().join(name);
        fs::File::create(&path).unwrap().set_len(len).unwrap();
        path
    };
    // WTHOR: the header and 2^20 games of 68 bytes, from the format's description.
    let wthor_limit = 16 + 68 * (1 << 20);
    let wtb = sparse("big.wtb", wthor_limit + 1);
    assert_eq!(
        open_file(&wtb).unwrap_err(),
        GameFileError::TooLarge {
            path: wtb.clone(),
            size: wthor_limit + 1,
            limit: wthor_limit,
            format: "a WTHOR database"
        }
    );
    // Just at the limit, it is read (and found to be no WTHOR file: its size byte is 0, but
    // its count of games is 0 too).
    let at_limit = sparse("limit.wtb", wthor_limit);
    assert!(matches!(
        open_file(&at_limit),
        Err(GameFileError::Format(_))
    ));
    let ggf = sparse("big.ggf", 300_000_000);
    let e = open_file(&ggf).unwrap_err();
    assert!(
        matches!(
            e,
            GameFileError::TooLarge {
                limit: 256_000_000,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        format!(
            "{} is 300 MB, more than a game file can be (256 MB), and was not read",
            ggf.display()
        )
    );
    // boardplay's own text is known by its first bytes, once read: 16 MB at most.
    let own = dir.path().join("long.txt");
    let mut text = b"# boardplay game\n".to_vec();
    text.resize(16_000_001, b' ');
    fs::write(&own, &text).unwrap();
    for e in refusals(&own) {
        assert_eq!(
            e,
            GameFileError::TooLarge {
                path: own.clone(),
                size: 16_000_001,
                limit: 16_000_000,
                format: "a boardplay game file"
            }
        );
    }
}

#[cfg(unix)]
#[test]
fn saving_a_game_and_keeping_one_go_through_links_and_keep_permissions() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let dir = tempfile::tempdir().unwrap();
    let game = Session::from_moves(Supported::OTHELLO_8, "f5d6").unwrap();
    let real = dir.path().join("real.txt");
    fs::write(&real, "old").unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.path().join("game.txt");
    symlink("real.txt", &link).unwrap();
    save_game(&game, &link, Players::default()).unwrap();
    keep_game(&game, &link, None).unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::metadata(&real).unwrap().permissions().mode() & 0o777,
        0o640
    );
    assert_eq!(kept_game(&real).unwrap().0.main_line(), "f5d6");
}

#[test]
fn a_watched_open_tells_the_bytes_then_the_games_and_stops_when_told() {
    use std::ops::ControlFlow;
    let dir = tempfile::tempdir().unwrap();
    let game = "(;GM[Othello]TY[8]B[F5]W[D6]B[C3];)\n";
    let path = dir.path().join("three hundred.ggf");
    fs::write(&path, game.repeat(300)).unwrap();
    let size = (game.len() * 300) as u64;
    let mut heard = Vec::new();
    let opened = open_file_watched(&path, &mut |r| {
        heard.push(r);
        ControlFlow::Continue(())
    })
    .unwrap();
    assert!(matches!(opened, Opened::List(ref listed) if listed.records.len() == 300));
    // First the bytes from the disk (one read: the file is under a megabyte), then a word
    // after each game, the last at the end of the text.
    assert_eq!(
        heard[0],
        Reading {
            bytes: size,
            total: size,
            games: 0,
            reading_games: false,
            indexing: false,
        }
    );
    assert_eq!(heard.len(), 1 + 300);
    assert!(
        heard[1..]
            .iter()
            .all(|r| r.reading_games && r.total == size)
    );
    assert_eq!(heard[300].games, 300);
    assert_eq!(
        heard[300].bytes,
        size - 1,
        "the last newline is not a game's"
    );
    // Broken off after 100 games: stopped, and nothing is opened.
    let e = open_file_watched(&path, &mut |r| {
        if r.games == 100 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .unwrap_err();
    assert_eq!(e, GameFileError::Stopped(path.clone()));
    assert!(e.to_string().contains("was stopped"), "{e}");
}
