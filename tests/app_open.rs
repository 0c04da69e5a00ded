//! Game files opened on a worker (issue 23): while a file is read the window answers, shows
//! how far the reading has got, and Cancel stops it; the board changes only once the whole
//! file is read, and a file that fails leaves the board and the kept game as they were.
//! The reading is held at a gate the tests open and close (no sleeps, no timing).

#![cfg(feature = "gui")]

mod common;

use std::path::Path;
use std::time::Duration;

use boardplay::app::BoardplayApp;
use boardplay::core::GameKind;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::ui::{click, harness, key, menu, new_app, open_menu, people, temp_dir};

/// A bound on the waits for the reading thread (they end when it does).
const WAIT: Duration = Duration::from_secs(60);

/// A GGF collection of `n` numbered games, as GGS writes a match file.
fn collection(n: usize) -> String {
    (1..=n)
        .map(|i| {
            format!(
                "{i} (;GM[Othello]PC[GGS/os]PB[p{i}]PW[q{i}]TY[8]RE[+2.000]\
                 B[F5//0.01]W[D6//0.01]B[C3//0.02]W[D3//0.01]B[C4//0.01];)\n"
            )
        })
        .collect()
}

/// The app with two people at the board and f5 played, its settings in the folder `name`.
fn with_a_move(name: &str) -> Harness<'static, BoardplayApp> {
    let mut app = new_app(temp_dir(name).join("settings.ron"));
    app.set_settings(people(GameKind::Othello, 8));
    let mut h = harness(app);
    h.run();
    click(&mut h, "f5, empty, legal move");
    h
}

/// Asks File > Open game... for `path` in the path box, and lets the window settle without
/// waiting for the reading.
fn ask_to_open(h: &mut Harness<'_, BoardplayApp>, path: &Path) {
    menu(h, "File", "Open game...");
    h.get_by_label("File path:").focus();
    h.run();
    h.get_by_label("File path:")
        .type_text(&path.display().to_string());
    h.run();
    h.get_by_label("Open").click();
    h.run();
}

#[test]
fn a_file_being_read_shows_its_progress_the_window_answers_and_cancel_stops_it() {
    let mut h = with_a_move("open-cancel");
    let file = h.state().settings_path().with_file_name("match.ggf");
    std::fs::write(&file, collection(2_000)).unwrap();
    let size = std::fs::metadata(&file).unwrap().len();

    h.state().hold_file_reading();
    ask_to_open(&mut h, &file);
    assert!(h.state().wait_for_file_reading_held(WAIT));
    h.run();
    assert!(h.state().is_reading_file());
    // The reading's window: the file, how much of it is in, and Cancel.
    let kb = format!("{:.1} kB", size as f64 / 1000.0).replace(".0 kB", " kB");
    h.get_by_label_contains(&format!("Reading match.ggf: {kb} of {kb}"));
    h.get_by_label("Cancel");

    // The window answers meanwhile: the menus open, a move is played, Undo takes it back.
    open_menu(&mut h, "Game");
    h.get_by_label("New game");
    key(&mut h, Modifiers::NONE, Key::Escape);
    // (Clicked by hand: `click` would wait for the reading, which is held.)
    h.get_by_label("d6, empty, legal move").click();
    h.run();
    assert_eq!(h.state().game().move_list(), "f5d6");
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().game().move_list(), "f5");
    assert!(h.state().is_reading_file(), "the file is still being read");

    click(&mut h, "Cancel");
    assert!(!h.state().is_reading_file());
    h.get_by_label_contains(&format!(
        "Stopped reading {}: nothing was opened",
        file.display()
    ));
    // The held thread goes on, sees it was stopped, and ends; nothing it read is used.
    h.state().release_file_reading();
    assert!(h.state().wait_for_file_readers_to_end(WAIT));
    h.run();
    assert_eq!(h.state().game().move_list(), "f5", "the board is as it was");
    assert!(h.state().settings().recent_games.is_empty());
    assert!(h.query_by_label_contains("games: pick one").is_none());

    // Opened again and read to its end, the file lists its games.
    ask_to_open(&mut h, &file);
    // The reading may have ended within the frames above; if not, it is waited for.
    h.state_mut().wait_for_file(WAIT);
    h.run();
    h.get_by_label_contains(&format!("{} holds 2,000 games: pick one", file.display()));
    assert_eq!(h.state().settings().recent_games, vec![file.clone()]);
    assert_eq!(
        h.state().game().move_list(),
        "f5",
        "nothing is on the board before a game is picked"
    );
}

#[test]
fn the_board_changes_only_once_the_whole_file_is_read() {
    let mut h = with_a_move("open-whole");
    let file = h.state().settings_path().with_file_name("one.ggf");
    std::fs::write(&file, "(;GM[Othello]PB[Ann]PW[Bob]TY[8]B[F5]W[F6]B[E6];)\n").unwrap();
    h.state().hold_file_reading();
    ask_to_open(&mut h, &file);
    assert!(h.state().wait_for_file_reading_held(WAIT));
    h.run();
    h.get_by_label_contains("Reading one.ggf");
    assert_eq!(h.state().game().move_list(), "f5", "not yet");
    h.state().release_file_reading();
    assert!(h.state_mut().wait_for_file(WAIT));
    h.run();
    assert_eq!(h.state().game().move_list(), "f5f6e6");
    assert!(!h.state().is_reading_file());
    h.get_by_label_contains(&format!("Opened {}", file.display()));
}

#[test]
fn a_file_that_fails_while_read_on_the_worker_changes_nothing() {
    let mut h = with_a_move("open-fails");
    let kept = h.state().settings_path().with_file_name("last-game.txt");
    let file = h.state().settings_path().with_file_name("bad.ggf");
    let mut text = collection(500);
    // Game 501 has a `]` left out: the file is read to there, on the worker.
    text.push_str("501 (;GM[Othello]TY[8]B[F5]W[F6 B[C3];)\n");
    text.push_str(&collection(2));
    std::fs::write(&file, text).unwrap();
    ask_to_open(&mut h, &file);
    h.state_mut().wait_for_file(WAIT);
    h.run();
    h.get_by_label_contains("The game was not opened: line 501");
    assert_eq!(h.state().game().move_list(), "f5");
    assert!(!kept.exists(), "nothing was kept by the failed open");
    h.state_mut().shutdown();
    let kept_text = std::fs::read_to_string(&kept).unwrap();
    assert!(kept_text.contains("moves: f5\n"), "{kept_text}");
}
