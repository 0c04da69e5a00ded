//! The game record as the window keeps it (issue 27, "One game record, kept whole"): pause
//! and the computer's move belong to the game on the board, a file that fails to open
//! changes neither the board nor the game kept for the next start, and a restart shows
//! exactly the position that was on the screen. Driven through egui_kittest by accessible
//! names, as in `app_flows.rs`.

#![cfg(feature = "gui")]

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use boardplay::ai::PlayerSpec;
use boardplay::app::BoardplayApp;
use boardplay::app::document::settings::{PlayerChoice, Settings};
use boardplay::core::GameKind;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use common::ui::{
    FILE_WAIT, click, harness, key, menu, new_app, open_menu, people, temp_dir, type_path, window,
};

/// Two random computers playing each other, each move held `delay_ms` (kittest's clock runs
/// 0.25 s a frame, so a long delay keeps the computer thinking while the test looks).
fn computers(delay_ms: u64) -> Settings {
    Settings {
        first: PlayerChoice::Computer(PlayerSpec::Random),
        second: PlayerChoice::Computer(PlayerSpec::Random),
        computer_delay_ms: delay_ms,
        ..people(GameKind::Othello, 8)
    }
}

/// A person (Black) against a random computer (White) that holds its move `delay_ms`.
fn against_the_computer(delay_ms: u64) -> Settings {
    Settings {
        second: PlayerChoice::Computer(PlayerSpec::Random),
        computer_delay_ms: delay_ms,
        ..people(GameKind::Othello, 8)
    }
}

/// True if the widget named `label` is greyed out.
fn is_disabled(h: &Harness<'_, BoardplayApp>, label: &str) -> bool {
    h.get_by_label(label).accesskit_node().is_disabled()
}

/// The window as it opens with the settings file at `settings_path` (players seated by
/// `settings`, a fixed seed), started with the game file `game`, if any, as
/// `boardplay GAME_FILE` does.
fn start(
    settings_path: &Path,
    settings: Settings,
    game: Option<PathBuf>,
) -> Harness<'static, BoardplayApp> {
    let mut app = new_app(settings_path.to_path_buf());
    app.set_settings(settings);
    app.start_with(game);
    app.wait_for_file(FILE_WAIT);
    let mut h = harness(app);
    h.run();
    h
}

#[test]
fn a_new_game_starts_unpaused() {
    let mut h = window("new-unpaused", computers(10_000));
    click(&mut h, "Pause");
    assert!(h.state().is_paused());
    key(&mut h, Modifiers::COMMAND, Key::N);
    assert!(
        !h.state().is_paused(),
        "Ctrl+N starts a game that is not paused"
    );
    h.get_by_label("Pause");

    click(&mut h, "Pause");
    assert!(h.state().is_paused());
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    assert!(
        !h.state().is_paused(),
        "New game starts a game that is not paused"
    );
    h.get_by_label("Pause");
}

#[test]
fn computer_move_is_greyed_out_at_the_end_and_while_the_computer_thinks() {
    // Two people at tic-tac-toe: the computer may move for either until X has won.
    let mut h = window("computer-move-end", people(GameKind::TicTacToe, 3));
    click(&mut h, "a1, empty, legal move");
    open_menu(&mut h, "Game");
    assert!(!is_disabled(&h, "Computer move"));
    key(&mut h, Modifiers::NONE, Key::Escape);
    for cell in ["b1", "a2", "b2", "a3"] {
        click(&mut h, &format!("{cell}, empty, legal move"));
    }
    h.get_by_label("Game over: X wins");
    open_menu(&mut h, "Game");
    assert!(
        is_disabled(&h, "Computer move"),
        "nothing is left to move at the end of the game"
    );
    key(&mut h, Modifiers::NONE, Key::Escape);
    key(&mut h, Modifiers::COMMAND, Key::M);
    assert!(!h.state().is_thinking());

    // Against the computer: while it thinks about the position shown, it is not asked again.
    let mut h = window("computer-move-thinking", against_the_computer(10_000));
    h.get_by_label("f5, empty, legal move").click();
    h.step();
    assert!(h.state().is_thinking());
    open_menu(&mut h, "Game");
    assert!(h.state().is_thinking(), "the answer waits for the delay");
    assert!(
        is_disabled(&h, "Computer move"),
        "the computer is already thinking about this position"
    );
    key(&mut h, Modifiers::NONE, Key::Escape);
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(!h.state().is_thinking());
    open_menu(&mut h, "Game");
    assert!(!is_disabled(&h, "Computer move"));
}

#[test]
fn the_computers_search_follows_the_player_chosen_for_its_side() {
    // The level is changed in the panel while the computer thinks: nothing but the player
    // changed, and the search for the old one is dropped by itself.
    let mut h = window("search-follows-player", against_the_computer(10_000));
    h.get_by_label("f5, empty, legal move").click();
    h.step();
    h.step();
    h.get_by_label_contains("White (Random) is thinking");
    click(&mut h, "White");
    click(&mut h, "Beginner");
    assert!(h.state().is_thinking(), "the new player searches");
    h.get_by_label_contains("White (Beginner) is thinking");
    assert!(h.query_by_label_contains("White (Random)").is_none());

    // A person in the computer's place: no search, and the answer already come is not
    // played, however long the window runs.
    assert!(h.state_mut().wait_for_computer(Duration::from_secs(10)));
    click(&mut h, "White");
    click(&mut h, "Person");
    assert!(!h.state().is_thinking());
    h.run_steps(60);
    assert_eq!(h.state().game().moves().len(), 1, "only Black's f5");
}

#[test]
fn a_file_that_fails_to_open_leaves_the_board_and_the_kept_game() {
    let dir = temp_dir("failed-open");
    let settings_path = dir.join("settings.ron");
    let kept = dir.join("last-game.txt");
    std::fs::write(&kept, "game: othello\nsize: 8\nmoves: f5d6c3d3c4\n").unwrap();
    let broken = dir.join("broken.ggf");
    std::fs::write(&broken, "(;GM[Othello]\nB[F5]\nW[F5];)").unwrap();

    // Started with the broken file: the kept game is on the board, and the error is shown.
    let mut h = start(
        &settings_path,
        people(GameKind::Othello, 8),
        Some(broken.clone()),
    );
    h.get_by_label_contains("The game was not opened: line 3: move 2: f5 is illegal");
    assert_eq!(h.state().game().main_line(), "f5d6c3d3c4");
    h.get_by_label("c4, black, last move");
    // Later, a failed open from the menu changes nothing either.
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &broken, "Open");
    h.get_by_label_contains("The game was not opened: line 3");
    assert_eq!(h.state().game().main_line(), "f5d6c3d3c4");
    h.state_mut().shutdown();

    // Closing kept that game, and the next start puts it back.
    let h = start(&settings_path, people(GameKind::Othello, 8), None);
    assert_eq!(h.state().game().main_line(), "f5d6c3d3c4");
    h.get_by_label("The game from last time is on the board");
}

#[test]
fn a_kept_game_that_cannot_be_read_is_left_alone() {
    let dir = temp_dir("unreadable-kept");
    let settings_path = dir.join("settings.ron");
    let kept = dir.join("last-game.txt");
    std::fs::write(&kept, "game: othello\nsize: 8\nmoves: f5 f5\n").unwrap();
    let mut h = start(&settings_path, people(GameKind::Othello, 8), None);
    h.get_by_label_contains("The game from last time was not read");
    assert_eq!(h.state().game().main_line(), "");
    // Closing with nothing new on the board leaves the file to be mended.
    h.state_mut().shutdown();
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        "game: othello\nsize: 8\nmoves: f5 f5\n"
    );
    // A game played is a new game on the board: it is kept in the file's place.
    let mut h = start(&settings_path, people(GameKind::Othello, 8), None);
    click(&mut h, "f5, empty, legal move");
    h.state_mut().shutdown();
    let h = start(&settings_path, people(GameKind::Othello, 8), None);
    assert_eq!(h.state().game().main_line(), "f5");
}

#[test]
fn a_restart_shows_the_move_that_was_shown() {
    let dir = temp_dir("kept-cursor");
    let settings_path = dir.join("settings.ron");
    let mut h = start(&settings_path, people(GameKind::Othello, 8), None);
    // 20 plies: the Tiger opening, then moves near the centre (no side has to pass).
    let plies = "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 e3 c5 c6 d2 e2 b4 g4 g5 b5 d7";
    for cell in plies.split(' ') {
        click(&mut h, &format!("{cell}, empty, legal move"));
    }
    assert_eq!(h.state().game().moves().len(), 20);
    key(&mut h, Modifiers::COMMAND, Key::Z);
    key(&mut h, Modifiers::COMMAND, Key::Z);
    h.get_by_label_contains("Showing move 18 of 20");
    let (moves, board) = (
        h.state().game().main_line(),
        h.state().game().board_string(),
    );
    h.state_mut().shutdown();

    let mut h = start(&settings_path, people(GameKind::Othello, 8), None);
    h.get_by_label_contains("Showing move 18 of 20");
    assert_eq!(h.state().game().main_line(), moves);
    assert_eq!(h.state().game().board_string(), board);
    assert!(!is_disabled(&h, "Redo"));
    click(&mut h, "Redo");
    h.get_by_label_contains("Showing move 19 of 20");
}

#[test]
fn a_move_taken_back_before_the_computer_replied_is_not_played_after_a_restart() {
    let dir = temp_dir("kept-undone");
    let settings_path = dir.join("settings.ron");
    let mut h = start(&settings_path, against_the_computer(10_000), None);
    h.get_by_label("f5, empty, legal move").click();
    h.step();
    assert!(h.state().is_thinking());
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(!h.state().is_thinking());
    assert_eq!(h.state().game().cursor(), 0);
    h.state_mut().shutdown();

    let mut h = start(&settings_path, against_the_computer(10_000), None);
    h.run_steps(8);
    assert_eq!(
        h.state().game().cursor(),
        0,
        "the move taken back stays back"
    );
    assert!(!h.state().is_thinking());
    h.get_by_label("Black to move");
    h.get_by_label("f5, empty, legal move");
    assert!(!is_disabled(&h, "Redo"), "f5 can be played again by Redo");
}

#[test]
fn a_restart_keeps_the_variations() {
    let dir = temp_dir("kept-variations");
    let settings_path = dir.join("settings.ron");
    let mut h = start(&settings_path, people(GameKind::Othello, 8), None);
    for cell in ["f5", "d6", "c3"] {
        click(&mut h, &format!("{cell}, empty, legal move"));
    }
    click(&mut h, "2. d6");
    click(&mut h, "c5, empty, legal move");
    h.get_by_label("variation (3. c3)");
    h.state_mut().shutdown();

    let mut h = start(&settings_path, people(GameKind::Othello, 8), None);
    assert_eq!(h.state().game().main_line(), "f5d6c5");
    click(&mut h, "variation (3. c3)");
    assert_eq!(h.state().game().move_list(), "f5d6c3");
}

/// The text of the GGF file `path`.
fn ggf_text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn save_as_ggf_of_an_opened_ggf_game_keeps_its_players_place_and_date() {
    let dir = temp_dir("ggf-keeps-players");
    let settings_path = dir.join("settings.ron");
    let file = dir.join("cruel.ggf");
    std::fs::write(
        &file,
        "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[cruel+]PW[Saio1200]\n\
         RB[2100.0]RW[1999.5]TY[8]B[F5//0.01]W[D6]B[C3];)\n",
    )
    .unwrap();
    let mut h = start(&settings_path, people(GameKind::Othello, 8), Some(file));
    assert_eq!(h.state().game().main_line(), "f5d6c3");
    click(&mut h, "d3, empty, legal move");
    let out = dir.join("out.ggf");
    menu(&mut h, "File", "Save game as...");
    type_path(&mut h, &out, "Save");
    let text = ggf_text(&out);
    for property in [
        "PC[GGS/os]",
        "DT[2003.12.15_13:24:03.MST]",
        "PB[cruel+]",
        "PW[Saio1200]",
    ] {
        assert!(text.contains(property), "{property} is kept: {text}");
    }
    assert!(text.contains("B[F5]W[D6]B[C3]W[D3]"), "{text}");
    assert!(!text.contains("Person"), "{text}");

    // The game kept for the next start keeps them too.
    h.state_mut().shutdown();
    let mut h = start(&settings_path, people(GameKind::Othello, 8), None);
    let again = dir.join("again.ggf");
    menu(&mut h, "File", "Save game as...");
    type_path(&mut h, &again, "Save");
    assert!(ggf_text(&again).contains("PB[cruel+]PW[Saio1200]"));

    // A game played here is written with the window's players and no date.
    key(&mut h, Modifiers::COMMAND, Key::N);
    click(&mut h, "f5, empty, legal move");
    let here = dir.join("here.ggf");
    menu(&mut h, "File", "Save game as...");
    type_path(&mut h, &here, "Save");
    let text = ggf_text(&here);
    assert!(text.contains("PC[boardplay]PB[Person]PW[Person]"), "{text}");
    assert!(!text.contains("DT["), "{text}");
}

#[test]
fn save_as_ggf_of_a_wthor_game_keeps_its_players_and_tournament() {
    use boardplay::formats::wthor::{self, build};
    let dir = temp_dir("wthor-keeps-players");
    let settings_path = dir.join("settings.ron");
    let mut bytes = build::header(1, 2004, false);
    bytes.extend(build::game(0, 0, 1, 36, "f5d6c3d3c4"));
    let file = dir.join("WTH_2004.wtb");
    std::fs::write(&file, &bytes).unwrap();
    let players = build::names(&["Chen Xun", "Wang Wuquan"], wthor::PLAYER);
    std::fs::write(dir.join("WTHOR.JOU"), players).unwrap();
    let tournaments = build::names(&["Beijing Open"], wthor::TOURNAMENT);
    std::fs::write(dir.join("WTHOR.TRN"), tournaments).unwrap();

    let mut h = start(&settings_path, people(GameKind::Othello, 8), None);
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &file, "Open");
    assert_eq!(h.state().game().main_line(), "f5d6c3d3c4");
    let out = dir.join("beijing.ggf");
    menu(&mut h, "File", "Save game as...");
    type_path(&mut h, &out, "Save");
    let text = ggf_text(&out);
    for property in [
        "PC[Beijing Open]",
        "DT[2004]",
        "PB[Chen Xun]",
        "PW[Wang Wuquan]",
    ] {
        assert!(text.contains(property), "{property} is kept: {text}");
    }
    assert!(!text.contains("Person"), "{text}");
}
