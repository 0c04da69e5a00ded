//! The window's own file browser (issue 34), shown where the platform has no file dialog, as
//! in these tests: it starts in the last folder used, lists its folders and game files (not
//! the others, unless asked), opens the file clicked, saves where chosen, offers the places
//! (home, the last folder, the recent games), and Escape closes it.

#![cfg(feature = "gui")]

mod common;

use std::path::{Path, PathBuf};

use boardplay::app::BoardplayApp;
use boardplay::core::GameKind;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::ui::{click, harness_at, key, menu, new_app, people, settle_file, temp_dir};

/// The first of NTest's test games: one GGF game of 60 moves (tests/data/README.md).
fn one_game() -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/othello/testgames-first-3.ggf");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().next().unwrap().to_string() + "\n"
}

/// A folder with a game file, a file that is no game, and a folder; the window with the
/// game file among its recent ones.
fn folder_and_window(name: &str) -> (Harness<'static, BoardplayApp>, PathBuf) {
    let dir = temp_dir(name);
    let games = dir.join("games");
    std::fs::create_dir_all(games.join("kept")).unwrap();
    std::fs::write(games.join("first.ggf"), one_game()).unwrap();
    std::fs::write(games.join("notes.pdf"), "not a game").unwrap();
    let mut app = new_app(dir.join("settings.ron"));
    app.set_settings(boardplay::app::document::settings::Settings {
        recent_games: vec![games.join("first.ggf")],
        ..people(GameKind::Othello, 8)
    });
    let mut h = harness_at(app, egui::vec2(960.0, 680.0));
    h.run();
    (h, games)
}

/// The text in the browser's path field.
fn path_text(h: &Harness<'_, BoardplayApp>) -> String {
    h.get_by_label("File path:").value().unwrap_or_default()
}

#[test]
fn the_browser_lists_the_game_files_and_opens_the_one_clicked() {
    let (mut h, games) = folder_and_window("browser-open");
    menu(&mut h, "File", "Open game...");
    h.check_accessibility();
    // In the last folder: the folder and the game file, not the PDF.
    h.get_by_label("kept/");
    h.get_by_label("first.ggf");
    assert!(h.query_by_label_contains("notes.pdf").is_none());
    // The places: the last folder, and the recent game.
    h.get_by_label("Last folder");
    h.get_by_label("Recent game first.ggf");

    // Every file on demand.
    h.get_by_label("Show:").click();
    h.run();
    click(&mut h, "All files");
    h.get_by_label("notes.pdf");

    // A click puts the file's path in the field, and Open opens it.
    click(&mut h, "first.ggf");
    assert_eq!(path_text(&h), games.join("first.ggf").display().to_string());
    click(&mut h, "Open");
    settle_file(&mut h);
    assert!(
        h.query_by_label("File path:").is_none(),
        "the browser closed"
    );
    assert_eq!(h.state().game().moves().len(), 60);
}

#[test]
fn save_as_writes_in_the_folder_chosen_and_escape_closes_the_browser() {
    let (mut h, games) = folder_and_window("browser-save");
    click(&mut h, "f5, empty, legal move");
    menu(&mut h, "File", "Save game as...");
    // Into the folder "kept": the name suggested goes with it.
    click(&mut h, "kept/");
    let target = games.join("kept").join("game.txt");
    assert_eq!(path_text(&h), target.display().to_string());
    click(&mut h, "Save");
    let text = std::fs::read_to_string(&target).expect("saved where chosen");
    assert!(text.contains("f5"), "the game's move in {text}");
    assert!(
        h.query_by_label("File path:").is_none(),
        "the browser closed"
    );

    // Open starts in the folder of the game's file; Up goes to the folder above. Escape
    // closes the browser, keeping the game.
    menu(&mut h, "File", "Open game...");
    h.get_by_label("game.txt");
    click(&mut h, "Up");
    h.get_by_label("kept/");
    h.get_by_label("first.ggf");
    key(&mut h, Modifiers::NONE, Key::Escape);
    assert!(h.query_by_label("File path:").is_none(), "Escape closed it");
    assert_eq!(h.state().game().main_line(), "f5");
}
