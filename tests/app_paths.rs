//! The path box and the paths it suggests (issue 25): it takes the keyboard focus with its
//! text selected, so typing replaces it; Save as suggests the game's own file, else a new
//! name beside the last folder used, never a database or a file that failed to open. And
//! the players' drop-down shows every choice without a hidden scroll.

#![cfg(feature = "gui")]

mod common;

use std::path::PathBuf;

use boardplay::app::BoardplayApp;
use boardplay::core::GameKind;
use boardplay::formats::wthor::build;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::ui::{click, key, menu, new_app, people, settle_file, temp_dir, type_path};

fn window(name: &str, size: egui::Vec2) -> (Harness<'static, BoardplayApp>, PathBuf) {
    let dir = temp_dir(name);
    let mut app = new_app(dir.join("settings.ron"));
    app.set_settings(people(GameKind::Othello, 8));
    let mut h = common::ui::harness_at(app, size);
    h.run();
    (h, dir)
}

/// The text in the path box.
fn path_box_text(h: &Harness<'_, BoardplayApp>) -> String {
    h.get_by_label("File path:").value().unwrap_or_default()
}

/// Opens Save game as... and returns the path it suggests, then puts the box away.
fn save_as_suggests(h: &mut Harness<'_, BoardplayApp>) -> PathBuf {
    menu(h, "File", "Save game as...");
    let text = PathBuf::from(path_box_text(h));
    assert_eq!(h.state().save_as_suggestion(), text);
    click(h, "Cancel");
    text
}

#[test]
fn the_path_box_takes_the_focus_with_its_text_selected() {
    let (mut h, dir) = window("path-focus", egui::vec2(1000.0, 820.0));
    click(&mut h, "f5, empty, legal move");
    let first = dir.join("first.txt");
    menu(&mut h, "File", "Save game as...");
    type_path(&mut h, &first, "Save");
    assert!(first.exists());

    // Open game...: the path box has the focus and the game's file in it, all selected.
    menu(&mut h, "File", "Open game...");
    let field = h.get_by_label("File path:");
    assert!(field.is_focused(), "the path takes the keyboard focus");
    assert_eq!(path_box_text(&h), first.display().to_string());
    // Typing at once (no click) replaces the whole text.
    let other = dir.join("other.txt");
    field.type_text(&other.display().to_string());
    h.run();
    assert_eq!(path_box_text(&h), other.display().to_string());
    // Enter takes it: the file is not there, and the box says so where it always does.
    key(&mut h, egui::Modifiers::NONE, egui::Key::Enter);
    settle_file(&mut h);
    h.get_by_label_contains("The game was not opened");
    assert!(h.query_by_label("File path:").is_none());

    // Opened again, it is focused and selected again.
    menu(&mut h, "File", "Save game as...");
    assert!(h.get_by_label("File path:").is_focused());
    h.get_by_label("File path:").type_text("x");
    h.run();
    assert_eq!(path_box_text(&h), "x");
    // Asked for again while it is open (a click beside the text, then Ctrl+O), it takes
    // the focus again, with the new suggestion selected.
    h.get_by_label("Places").click();
    h.run();
    assert!(!h.get_by_label("File path:").is_focused());
    key(&mut h, egui::Modifiers::COMMAND, egui::Key::O);
    assert!(h.get_by_label("File path:").is_focused());
    assert_eq!(path_box_text(&h), first.display().to_string());
    h.get_by_label("File path:").type_text("y");
    h.run();
    assert_eq!(path_box_text(&h), "y");
}

#[test]
fn save_as_suggests_the_games_file_else_a_new_name_never_a_database() {
    let (mut h, dir) = window("path-save-as", egui::vec2(1000.0, 820.0));
    click(&mut h, "f5, empty, legal move");
    // Nothing used yet: a new name in a folder of the person's (never a bare name, which
    // would land wherever the app was started from).
    let first = save_as_suggests(&mut h);
    assert!(first.is_absolute(), "{}", first.display());
    assert!(first.parent().unwrap().is_dir(), "{}", first.display());
    assert_eq!(first.file_name().unwrap(), "game.txt");

    // Saved: the game's own file.
    let own = dir.join("own.txt");
    menu(&mut h, "File", "Save game as...");
    type_path(&mut h, &own, "Save");
    assert_eq!(save_as_suggests(&mut h), own);

    // A game picked from a database is no file's game: a new name beside the database,
    // not the database.
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let mut bytes = build::header(2, 2004, false);
    bytes.extend(build::game(0, 0, 1, 40, "f5d6c3"));
    bytes.extend(build::game(0, 1, 0, 30, "f5f6"));
    let wtb = games.join("WTH_2004.wtb");
    std::fs::write(&wtb, bytes).unwrap();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &wtb, "Open");
    click(
        &mut h,
        "1. player 0 \u{2013} player 1, tournament 0 2004, 40-24 (3 moves)",
    );
    assert_eq!(h.state().game().main_line(), "f5d6c3");
    assert_eq!(save_as_suggests(&mut h), games.join("game.txt"));
    // A name already there is not suggested.
    std::fs::write(games.join("game.txt"), "taken").unwrap();
    assert_eq!(save_as_suggests(&mut h), games.join("game-2.txt"));

    // A file that fails to open lends nothing: not its name, not its folder.
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let bad = elsewhere.join("bad.ggf");
    std::fs::write(&bad, "(;GM[Othello]B[F5]W[F5];)").unwrap();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &bad, "Open");
    h.get_by_label_contains("The game was not opened");
    assert_eq!(save_as_suggests(&mut h), games.join("game-2.txt"));

    // A database of one game goes on the board as a game, but is still no file to write
    // it to.
    let mut one = build::header(1, 2005, false);
    one.extend(build::game(0, 0, 1, 40, "f5d6"));
    let single = games.join("WTH_2005.wtb");
    std::fs::write(&single, one).unwrap();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &single, "Open");
    assert_eq!(h.state().game().main_line(), "f5d6");
    assert_eq!(save_as_suggests(&mut h), games.join("game-2.txt"));
}

/// Issue 34: Save as after a failed open, with no file used before, suggested a bare
/// `game.txt`, relative to wherever the app was started.
#[test]
fn save_as_after_a_failed_open_suggests_a_whole_path_in_a_folder_of_the_persons() {
    let (mut h, dir) = window("path-after-failed", egui::vec2(1000.0, 820.0));
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let bad = elsewhere.join("bad.txt");
    std::fs::write(&bad, "f5 a1").unwrap();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &bad, "Open");
    h.get_by_label_contains("The game was not opened");
    click(&mut h, "f5, empty, legal move");
    let suggested = save_as_suggests(&mut h);
    assert!(suggested.is_absolute(), "{}", suggested.display());
    let folder = suggested.parent().unwrap();
    assert!(folder.is_dir(), "{}", suggested.display());
    assert_ne!(folder, elsewhere, "the file that failed lends nothing");
    assert!(!suggested.exists());
    // Saved there, it is the game's own file.
    menu(&mut h, "File", "Save game as...");
    type_path(&mut h, &dir.join("mine.txt"), "Save");
    assert_eq!(save_as_suggests(&mut h), dir.join("mine.txt"));
}

#[test]
fn the_players_drop_down_shows_every_choice_at_the_default_window_size() {
    let (mut h, _) = window("drop-down", egui::vec2(960.0, 680.0));
    assert!(
        h.query_all_by_role(Role::ScrollBar).next().is_none(),
        "nothing scrolls before the drop-down opens"
    );
    h.get_by_role_and_label(Role::ComboBox, "Black").click();
    h.run();
    for choice in [
        "Person",
        "Beginner",
        "Expert",
        "Random",
        "Minimax, depth 3",
        "Alpha-beta, depth 5",
        "MCTS, 10000 iterations",
    ] {
        let rect = h.get_by_label(choice).rect();
        assert!(rect.bottom() <= 680.0, "{choice} at {rect:?}");
    }
    // No scroll bar, shown or hidden, holds any of them out of sight.
    assert!(h.query_all_by_role(Role::ScrollBar).next().is_none());
    click(&mut h, "MCTS, 10000 iterations");
    assert!(
        h.query_by_label("Alpha-beta, depth 5").is_none(),
        "the list closed"
    );
    h.get_by_label_contains("Black iterations");
}
