//! The settings file is read and left byte for byte unless the person changed something
//! (issue 34): a plain close wrote every readable file again in the app's own form, dropping
//! a byte-order mark, Windows line ends, comments with a byte that is not text, and the
//! order of fields the app does not know. Each file of a corpus of damaged-but-readable
//! settings files is opened and closed with no change, and must be left as it was; a change
//! must still be written.

#![cfg(feature = "gui")]

mod common;

use std::path::PathBuf;

use boardplay::ai::{Level, PlayerSpec};
use boardplay::app::document::settings::{Display, PlayerChoice, Settings, Theme};

use common::ui::{new_app, temp_dir};

/// Settings texts as a person or another version might leave them, each readable.
fn bases() -> Vec<(&'static str, String)> {
    let written = Settings {
        size: 12,
        first: PlayerChoice::Computer(PlayerSpec::Level(Level::Hard)),
        second: PlayerChoice::Person,
        display: Display {
            coordinates: false,
            theme: Theme::Dark,
            ..Display::default()
        },
        computer_delay_ms: 0,
        recent_games: vec![PathBuf::from("/games/a.ggf")],
        ..Settings::default()
    };
    vec![
        // The app's own text of settings that differ from the defaults.
        ("written", written.to_ron()),
        // A few fields by hand, in another order than the app writes them.
        (
            "by hand",
            "(\n  computer_delay_ms: 0,\n  size: 8,\n  game: Othello,\n)\n".to_string(),
        ),
        // Tic-tac-toe, with display options left out and a tab.
        (
            "tic-tac-toe",
            "Settings(game: TicTacToe,\tsize: 4, display: (theme: Light))".to_string(),
        ),
    ]
}

/// Puts `field` (an item with its comma) just after the struct's `(`, past the comment
/// lines that start the file.
fn with_item(text: &str, field: &str) -> String {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        if !line.trim_start().starts_with("//") {
            break;
        }
        start += line.len();
    }
    let open = start + text[start..].find('(').expect("a struct");
    format!("{}{field}{}", &text[..=open], &text[open + 1..])
}

/// The changes that leave a file readable, each given a name.
type Change = (&'static str, fn(Vec<u8>) -> Vec<u8>);

fn changes() -> Vec<Change> {
    vec![
        ("Windows line ends", |b| {
            let text = String::from_utf8(b).unwrap();
            text.replace('\n', "\r\n").into_bytes()
        }),
        ("unknown fields before the known ones", |b| {
            let text = String::from_utf8(b).unwrap();
            let text = with_item(&text, "\n  zoom: 1.5,\n  future: (a: [1, 2], b: \"x\"),");
            text.into_bytes()
        }),
        ("a block comment inside and no newline at the end", |b| {
            let text = String::from_utf8(b).unwrap();
            let text = with_item(&text, " /* kept\t*/ ");
            text.trim_end().as_bytes().to_vec()
        }),
        // The last two work on bytes, not text.
        ("a comment with a byte that is not text", |b| {
            [b"// caf\xE9 au lait\n".as_slice(), &b].concat()
        }),
        ("a byte-order mark", |b| {
            [b"\xEF\xBB\xBF".as_slice(), &b].concat()
        }),
    ]
}

/// Every base with every combination of the changes: 3 x 2^5 = 96 files.
fn corpus() -> Vec<(String, Vec<u8>)> {
    let changes = changes();
    let mut files = Vec::new();
    for (base, text) in bases() {
        for mask in 0..1u32 << changes.len() {
            let mut bytes = text.clone().into_bytes();
            let mut names = vec![base.to_string()];
            for (i, (name, change)) in changes.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    bytes = change(bytes);
                    names.push(name.to_string());
                }
            }
            files.push((names.join(", "), bytes));
        }
    }
    files
}

#[test]
fn a_plain_close_leaves_every_readable_settings_file_byte_for_byte() {
    let dir = temp_dir("bytes");
    let corpus = corpus();
    assert!(corpus.len() >= 42, "{}", corpus.len());
    let mut rewritten = Vec::new();
    for (i, (name, bytes)) in corpus.iter().enumerate() {
        let path = dir.join(format!("settings-{i}.ron"));
        std::fs::write(&path, bytes).unwrap();
        let (settings, error) = Settings::load(&path);
        assert!(error.is_none(), "{name}: {error:?}");
        let mut app = new_app(path.clone());
        assert_eq!(app.settings(), settings, "{name}");
        // The window opens at the size it was given, or its own: that is no change.
        app.set_window_size(settings.window_size.unwrap_or([960.0, 680.0]));
        app.shutdown();
        if std::fs::read(&path).unwrap() != *bytes {
            rewritten.push(name.clone());
        }
    }
    assert!(
        rewritten.is_empty(),
        "{} of {} files rewritten on a plain close: {rewritten:#?}",
        rewritten.len(),
        corpus.len()
    );
}

#[test]
fn a_change_is_written_and_then_read_back() {
    let dir = temp_dir("bytes-change");
    for (name, bytes) in corpus().into_iter().step_by(7) {
        let path = dir.join("settings.ron");
        std::fs::write(&path, &bytes).unwrap();
        let mut app = new_app(path.clone());
        let mut changed = app.settings();
        changed.computer_delay_ms = 1_234;
        app.set_settings(changed.clone());
        app.shutdown();
        assert!(
            std::fs::read(&path).unwrap() != bytes,
            "{name}: not written"
        );
        let (read, error) = Settings::load(&path);
        assert!(error.is_none(), "{name}: {error:?}");
        assert_eq!(read, changed, "{name}");
    }
}

#[test]
fn a_window_moved_to_another_size_is_a_change_and_its_first_size_is_not() {
    let dir = temp_dir("bytes-size");
    let path = dir.join("settings.ron");
    let text = "(size: 8, window_size: Some((900.0, 700.0)))\r\n";
    std::fs::write(&path, text).unwrap();
    // The window manager gave another size than asked, and the person did nothing.
    let mut app = new_app(path.clone());
    app.set_window_size([902.0, 698.0]);
    app.set_window_size([902.0, 698.0]);
    app.shutdown();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    // Resized, then back: still nothing changed.
    let mut app = new_app(path.clone());
    app.set_window_size([900.0, 700.0]);
    app.set_window_size([1000.0, 800.0]);
    app.set_window_size([900.0, 700.0]);
    app.shutdown();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    // Resized: the new size is kept.
    let mut app = new_app(path.clone());
    app.set_window_size([900.0, 700.0]);
    app.set_window_size([1100.0, 750.0]);
    app.shutdown();
    assert_eq!(
        Settings::load(&path).0.window_size,
        Some([1100.0, 750.0]),
        "the new size is written"
    );
}

#[test]
fn a_missing_settings_file_is_written_on_close() {
    let path = temp_dir("bytes-missing").join("settings.ron");
    let mut app = new_app(path.clone());
    app.set_window_size([960.0, 680.0]);
    app.shutdown();
    assert_eq!(Settings::load(&path), (Settings::default(), None));
}
