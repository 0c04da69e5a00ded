//! Whole flows through the window, driven by accessible names as a person (or a screen
//! reader) would find them: egui_kittest, no real window.

#![cfg(feature = "gui")]

mod common;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use boardplay::ai::{Level, PlayerSpec};
use boardplay::app::BoardplayApp;
use boardplay::app::document::session::Session;
use boardplay::app::document::settings::{PlayerChoice, Settings, Theme};
use boardplay::app::view::board::cell_label;
use boardplay::core::{GameKind, Move, OthelloSize, Supported, Variant};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::ui::{
    FILE_WAIT, click, harness, key, menu, new_app, open_menu, play_to_the_end, seeded, settle_file,
    temp_dir, type_path,
};
use strum::VariantArray;

/// An app with two people at the board, a settings file in its own folder, no move delay.
fn people(name: &str, game: GameKind, size: usize) -> Harness<'static, BoardplayApp> {
    let mut app = new_app(temp_dir(name).join("settings.ron"));
    app.set_settings(common::ui::people(game, size));
    let mut h = harness(app);
    h.run();
    h
}

fn moves(h: &Harness<'_, BoardplayApp>) -> String {
    h.state().game().move_list()
}

#[test]
fn choosing_the_game_and_size_sets_up_the_board() {
    let mut h = people("choose", GameKind::Othello, 8);
    h.get_by_label("Othello 8x8 board");
    click(&mut h, "Tic-tac-toe");
    h.get_by_label("tic-tac-toe 3x3 board");
    h.get_by_label("b2, empty, legal move");
    click(&mut h, "4x4");
    h.get_by_label("tic-tac-toe 4x4 board");
    h.get_by_label("d4, empty, legal move");
    click(&mut h, "Othello");
    h.get_by_label("Othello 8x8 board");
    click(&mut h, "12x12");
    h.get_by_label("Othello 12x12 board");
    h.get_by_label("f5, empty, legal move");
    assert_eq!(h.state().settings().size, 12);
}

#[test]
fn clicking_legal_cells_plays_moves_and_lists_them() {
    let mut h = people("play", GameKind::Othello, 8);
    click(&mut h, "f5, empty, legal move");
    h.get_by_label("f5, black, last move");
    h.get_by_label("e5, black");
    h.get_by_label("White to move");
    click(&mut h, "d6, empty, legal move");
    assert_eq!(moves(&h), "f5d6");
    h.get_by_label("1. f5");
    h.get_by_label("2. d6");
    h.get_by_label("Black 3  ·  White 3");
}

#[test]
fn tic_tac_toe_is_played_by_clicking_until_a_win() {
    let mut h = people("ttt", GameKind::TicTacToe, 3);
    for cell in ["a1", "b1", "a2", "b2", "a3"] {
        click(&mut h, &format!("{cell}, empty, legal move"));
    }
    // The winning line is marked, and the result is in the status line, over nothing.
    h.get_by_label("a3, X, last move, winning line");
    h.get_by_label("a1, X, winning line");
    h.get_by_label("a2, X, winning line");
    h.get_by_label("b1, O");
    h.get_by_label("Game over: X wins");
}

#[test]
fn an_illegal_or_occupied_click_changes_nothing_and_says_why() {
    let mut h = people("illegal", GameKind::Othello, 8);
    let before = h.state().game().board_string();
    click(&mut h, "a1, empty");
    h.get_by_label("a1 is not a legal move: it does not flip any discs");
    click(&mut h, "d4, white");
    h.get_by_label("d4 is already taken");
    assert_eq!(h.state().game().board_string(), before);
    assert_eq!(moves(&h), "");
}

#[test]
fn undo_redo_and_history_jumps_by_buttons_and_shortcuts() {
    let mut h = people("undo", GameKind::Othello, 8);
    for cell in ["f5", "d6", "c3"] {
        click(&mut h, &format!("{cell}, empty, legal move"));
    }
    click(&mut h, "Undo");
    assert_eq!(moves(&h), "f5d6");
    h.get_by_label("c3, empty, legal move");
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(moves(&h), "f5");
    key(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(moves(&h), "f5d6");
    key(&mut h, Modifiers::COMMAND, Key::Y);
    assert_eq!(moves(&h), "f5d6c3");
    click(&mut h, "Redo");
    assert_eq!(moves(&h), "f5d6c3", "nothing left to redo");

    click(&mut h, "1. f5");
    assert_eq!(moves(&h), "f5");
    h.get_by_label("f5, black, last move");
    h.get_by_label_contains("Showing move 1 of 3");
    click(&mut h, "Start");
    assert_eq!(h.state().game().cursor(), 0);
    click(&mut h, "2. d6");
    // Playing another move from an earlier position keeps the old line as a variation.
    click(&mut h, "c5, empty, legal move");
    assert_eq!(h.state().game().moves().len(), 3);
    assert_eq!(moves(&h), "f5d6c5");
    assert!(h.query_by_label("3. c3").is_none());
    click(&mut h, "Redo");
    assert_eq!(moves(&h), "f5d6c5", "the new line is at its end");
    // The variation is opened from the move list, and Undo and Redo then walk it.
    click(&mut h, "variation (3. c3)");
    assert_eq!(moves(&h), "f5d6c3");
    h.get_by_label("3. c3");
    h.get_by_label("variation (3. c5)");
    click(&mut h, "Undo");
    assert_eq!(moves(&h), "f5d6");
    click(&mut h, "Redo");
    assert_eq!(moves(&h), "f5d6c3");
    // Playing the other line's move on the board goes back into it, doubling nothing.
    click(&mut h, "Undo");
    click(&mut h, "c5, empty, legal move");
    assert_eq!(moves(&h), "f5d6c5");
    assert_eq!(h.state().game().variations().len(), 1);
}

#[test]
fn new_game_by_button_and_shortcut() {
    let mut h = people("new", GameKind::Othello, 8);
    click(&mut h, "f5, empty, legal move");
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    assert_eq!(moves(&h), "");
    click(&mut h, "f5, empty, legal move");
    key(&mut h, Modifiers::COMMAND, Key::N);
    assert_eq!(moves(&h), "");
    assert_eq!(h.state().game().moves().len(), 0);
}

#[test]
fn a_person_with_no_move_is_passed_for_with_a_notice() {
    let mut h = people("pass", GameKind::Othello, 8);
    // Black to move on 4x4; every empty cell touches only Black, so Black must pass.
    let game =
        Session::from_board(Supported::Othello(OthelloSize::S4), "OOOO OOOO OXXO ---- X").unwrap();
    h.state_mut().set_game(game);
    h.run();
    h.get_by_label("Black has no legal move and passes");
    assert_eq!(moves(&h), "pass");
    h.get_by_label("1. pass");
    h.get_by_label("White to move");
    // Looking back at the pass, nothing is played for anyone; Pass goes along the game.
    click(&mut h, "Start");
    assert_eq!(h.state().game().cursor(), 0);
    h.get_by_label_contains("Showing move 0 of 1");
    click(&mut h, "a4, empty");
    h.get_by_label("a4 is not a legal move: Black has no legal move and must pass");
    click(&mut h, "Pass");
    assert_eq!(moves(&h), "pass");
    assert!(h.state().game().variations().is_empty());
    // The notice about the earlier position went when the position changed.
    assert!(
        h.query_by_label_contains("a4 is not a legal move")
            .is_none()
    );
}

#[test]
fn a_finished_game_shows_the_result_in_the_status_line_over_nothing() {
    let mut h = people("result", GameKind::Othello, 8);
    let board = format!("{}{} X", "X".repeat(40), "O".repeat(24));
    h.state_mut()
        .set_game(Session::from_board(Supported::OTHELLO_8, &board).unwrap());
    h.run();
    h.get_by_label("Game over: Black wins 40-24");
    // Every cell of the final position can still be read and clicked.
    h.get_by_label("d4, black");
    h.get_by_label("h8, white");
    click(&mut h, "a1, black");
    h.get_by_label("The game is over: start a new game");
    // The status line's New game is the last one laid out.
    h.get_all_by_label("New game").last().unwrap().click();
    h.run();
    assert!(h.query_by_label_contains("Game over").is_none());
    h.get_by_label("Black to move");
}

#[test]
fn a_game_against_the_random_player_completes() {
    let dir = temp_dir("random");
    let mut app = new_app(dir.join("settings.ron"));
    app.set_settings(Settings {
        first: PlayerChoice::Person,
        second: PlayerChoice::Computer(PlayerSpec::Random),
        computer_delay_ms: 0,
        ..Settings::default()
    });
    app.set_seed(42);
    let mut h = harness(app);
    h.run();
    play_to_the_end(&mut h, Duration::from_secs(10));
    let view = h.state().game().view();
    assert!(view.outcome.is_over(), "the game ended");
    assert!(!h.state().is_thinking());
    h.get_by_label_contains("Game over");
}

#[test]
fn undo_against_the_computer_takes_back_the_reply_and_cancels_a_search() {
    let dir = temp_dir("undo-computer");
    let mut app = new_app(dir.join("settings.ron"));
    // With a delay the answer cannot land in the frame that asked for it, so the test can
    // see the computer thinking. kittest's clock runs 0.25 s a frame.
    app.set_settings(Settings {
        first: PlayerChoice::Person,
        second: PlayerChoice::Computer(PlayerSpec::Random),
        computer_delay_ms: 2_000,
        ..Settings::default()
    });
    let mut h = harness(app);
    h.run();

    h.get_by_label("f5, empty, legal move").click();
    h.step();
    assert!(h.state().is_thinking());
    assert!(h.state_mut().wait_for_computer(Duration::from_secs(10)));
    h.run_steps(12);
    assert_eq!(h.state().game().moves().len(), 2, "the computer replied");
    let both = moves(&h);

    click(&mut h, "Undo");
    assert_eq!(
        h.state().game().cursor(),
        0,
        "the reply and the move are taken back"
    );
    assert!(!h.state().is_thinking());
    click(&mut h, "Redo");
    assert_eq!(moves(&h), both, "redo replays both");

    // The answer is held for the delay, and undo drops it.
    let legal = h.state().game().view().legal[0];
    let label = cell_label(&h.state().game().view(), Variant::OTHELLO_8, legal);
    h.get_by_label(&label).click();
    h.step();
    assert!(h.state().is_thinking());
    h.step();
    h.get_by_label_contains("White (Random) is thinking");
    assert!(h.state_mut().wait_for_computer(Duration::from_secs(10)));
    h.step();
    assert!(h.state().is_thinking(), "the answer waits for the delay");
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(!h.state().is_thinking());
    assert_eq!(moves(&h), both);
    // Many frames later (kittest's clock runs 0.25 s a frame) nothing was played.
    h.run_steps(40);
    assert_eq!(moves(&h), both);
    assert_eq!(
        h.state().game().moves().len(),
        3,
        "the stale answer was dropped"
    );
}

#[test]
fn settings_saved_then_loaded_are_the_same() {
    let mut h = people("settings", GameKind::TicTacToe, 4);
    open_menu(&mut h, "View");
    click(&mut h, "Theme");
    click(&mut h, "Dark");
    menu(&mut h, "View", "Coordinates");
    let chosen = h.state().settings();
    assert_eq!(chosen.display.theme, Theme::Dark);
    assert!(!chosen.display.coordinates);
    menu(&mut h, "File", "Save settings now");
    let path = h.state().settings_path().to_path_buf();
    h.get_by_label(&format!("Saved the settings to {}", path.display()));
    let (on_disk, error) = Settings::load(&path);
    assert_eq!(error, None);
    assert_eq!(on_disk, chosen);

    open_menu(&mut h, "View");
    click(&mut h, "Theme");
    click(&mut h, "Light");
    h.key_press(Key::Escape);
    h.run();
    click(&mut h, "Othello");
    assert_ne!(h.state().settings(), chosen);
    menu(&mut h, "File", "Reload settings");
    assert_eq!(h.state().settings(), chosen);
    h.get_by_label("tic-tac-toe 4x4 board");
}

#[test]
fn closing_saves_the_settings() {
    let dir = temp_dir("close");
    let path = dir.join("settings.ron");
    let mut app = new_app(path.clone());
    let s = Settings {
        size: 12,
        ..Settings::default()
    };
    app.set_settings(s.clone());
    app.shutdown();
    assert_eq!(Settings::load(&path), (s, None));
}

/// Writes `contents` as a settings file, opens the app on it, and checks the message and
/// that the defaults are used and the file is left alone on exit.
fn broken_settings(name: &str, write: impl FnOnce(&std::path::Path), expect: &str) {
    let dir = temp_dir(name);
    let path = dir.join("settings.ron");
    write(&path);
    let before = std::fs::read(&path).ok();
    let stamp = |p: &std::path::Path| {
        std::fs::metadata(p)
            .map(|m| (m.len(), m.modified().ok()))
            .ok()
    };
    let written = stamp(&path);
    let mut h = harness(new_app(path.clone()));
    h.run();
    // The message names the file and the problem.
    h.get_by_label_contains(&format!("Settings file {}", path.display()));
    h.get_by_label_contains(expect);
    h.get_by_label("Dismiss");
    h.get_by_label("Othello 8x8 board");
    h.state_mut().shutdown();
    assert_eq!(
        std::fs::read(&path).ok(),
        before,
        "the broken file is not overwritten"
    );
    // An unreadable file cannot be compared: its size and time of change must not change.
    assert_eq!(stamp(&path), written, "the broken file is not touched");
}

#[test]
fn bad_syntax_in_the_settings_file() {
    broken_settings(
        "syntax",
        |p| std::fs::write(p, "game = Othello\nsize = 8\n").unwrap(),
        "not a valid settings file",
    );
}

#[test]
fn a_settings_file_cut_off() {
    broken_settings(
        "cut",
        |p| std::fs::write(p, "(game: Othello, size: ").unwrap(),
        "the file ends before the settings' closing ')'",
    );
}

/// Read as before, a pipe in place of the settings file blocked the start for good.
#[cfg(target_os = "linux")]
#[test]
fn a_pipe_in_place_of_the_settings_file() {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::FileTypeExt;
    let path = temp_dir("fifo").join("settings.ron");
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: `c` is a valid NUL-terminated path for the call.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let mut h = harness(new_app(path.clone()));
    h.run();
    h.get_by_label_contains(&format!("Settings file {}", path.display()));
    h.get_by_label_contains("it is a named pipe (FIFO), not a file, and was not read");
    h.get_by_label("Othello 8x8 board");
    h.state_mut().shutdown();
    let kind = std::fs::symlink_metadata(&path).unwrap().file_type();
    assert!(kind.is_fifo(), "the pipe is left as it was");
}

#[test]
fn wrong_types_in_the_settings_file() {
    broken_settings(
        "types",
        |p| std::fs::write(p, "(size: \"eight\", computer_delay_ms: true)").unwrap(),
        "size:",
    );
}

#[test]
fn an_othello_size_of_7_in_the_settings_file() {
    broken_settings(
        "size7",
        |p| std::fs::write(p, "(game: Othello, size: 7)").unwrap(),
        "even sizes from 4 to 16, not 7x7",
    );
}

#[test]
fn an_unknown_game_in_the_settings_file() {
    broken_settings(
        "game",
        |p| std::fs::write(p, "(game: Chess)").unwrap(),
        "Chess",
    );
}

#[test]
fn an_empty_settings_file() {
    broken_settings("empty", |p| std::fs::write(p, "").unwrap(), "it is empty");
}

#[test]
fn a_binary_settings_file() {
    broken_settings(
        "binary",
        |p| std::fs::write(p, [0x89, b'P', b'N', b'G', 0, 0, 0xff, 0xfe]).unwrap(),
        "not a text file",
    );
}

#[test]
fn a_folder_in_place_of_the_settings_file() {
    broken_settings(
        "folder",
        |p| std::fs::create_dir_all(p).unwrap(),
        "it is a folder",
    );
}

#[test]
fn an_unreadable_settings_file() {
    // Root reads any file, so the refusal is handed in as the read's result; the real
    // chmod case below runs for other users.
    let dir = temp_dir("refused");
    let path = dir.join("settings.ron");
    std::fs::write(&path, "(size: 12)").unwrap();
    let refused = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
    let loaded = Settings::from_read(&path, Err(refused));
    let mut h = harness(seeded(BoardplayApp::with_loaded_settings(
        path.clone(),
        loaded,
    )));
    h.run();
    h.get_by_label_contains(&format!("Settings file {}", path.display()));
    h.get_by_label_contains("cannot be read: permission denied");
    h.get_by_label("Othello 8x8 board");
    h.state_mut().shutdown();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "(size: 12)");
}

#[cfg(unix)]
#[test]
fn a_settings_file_without_read_permission() {
    use std::os::unix::fs::PermissionsExt;
    let no_read = |p: &std::path::Path| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o000)).unwrap()
    };
    // Root (as CI runs) reads any file, so the test runs on a thread that has given up that
    // right, as an ordinary user would read.
    as_ordinary_user(move || {
        let probe = temp_dir("probe").join("probe");
        std::fs::write(&probe, "x").unwrap();
        no_read(&probe);
        assert!(
            std::fs::read(&probe).is_err(),
            "a file without read permission cannot be read on this thread"
        );
        broken_settings(
            "noperm",
            |p| {
                std::fs::write(p, "(size: 12)").unwrap();
                no_read(p);
            },
            "cannot be read",
        );
    });
}

/// Runs `test` on a thread without the rights to read and search any file whatever its
/// permissions (Linux's CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH, which root has).
/// Capabilities belong to a thread, so the other tests keep theirs. For other users, and on
/// other systems, the thread is an ordinary one.
#[cfg(unix)]
fn as_ordinary_user(test: impl FnOnce() + Send + 'static) {
    let thread = std::thread::spawn(move || {
        #[cfg(target_os = "linux")]
        drop_file_capabilities();
        test();
    });
    if let Err(panic) = thread.join() {
        std::panic::resume_unwind(panic);
    }
}

#[cfg(target_os = "linux")]
fn drop_file_capabilities() {
    // The kernel's capget/capset interface, version 3 (two 32-bit words per set).
    #[repr(C)]
    struct Header {
        version: u32,
        pid: i32,
    }
    #[repr(C)]
    #[derive(Clone, Copy, Default)]
    struct Sets {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    const VERSION_3: u32 = 0x2008_0522;
    const CAP_DAC_OVERRIDE: u32 = 1;
    const CAP_DAC_READ_SEARCH: u32 = 2;
    // pid 0: the calling thread.
    let mut header = Header {
        version: VERSION_3,
        pid: 0,
    };
    let mut sets = [Sets::default(); 2];
    // SAFETY: capget and capset read and write only the header and the two sets passed,
    // laid out as the kernel's structures; pid 0 names this thread alone.
    unsafe {
        assert_eq!(
            libc::syscall(libc::SYS_capget, &mut header, sets.as_mut_ptr()),
            0
        );
        sets[0].effective &= !(1 << CAP_DAC_OVERRIDE | 1 << CAP_DAC_READ_SEARCH);
        assert_eq!(
            libc::syscall(libc::SYS_capset, &mut header, sets.as_ptr()),
            0,
            "giving up a capability is always allowed"
        );
    }
}

#[test]
fn saving_repairs_a_broken_settings_file() {
    let dir = temp_dir("repair");
    let path = dir.join("settings.ron");
    std::fs::write(&path, "(game: Chess, size: 12)").unwrap();
    let mut h = harness(new_app(path.clone()));
    h.run();
    assert_eq!(h.state().settings().size, 12, "the readable field is kept");
    menu(&mut h, "File", "Save settings now");
    assert!(h.query_by_label_contains("Settings file").is_none());
    let (s, error) = Settings::load(&path);
    assert_eq!(error, None);
    assert_eq!(s.size, 12);
}

#[test]
fn pasting_a_move_list_replaces_the_game_and_a_bad_paste_changes_nothing() {
    let mut h = people("paste", GameKind::Othello, 8);
    h.event(egui::Event::Paste("1. f5 2. d6 3. c3".into()));
    h.run();
    assert_eq!(moves(&h), "f5d6c3");
    h.get_by_label("Played 3 pasted moves");
    h.event(egui::Event::Paste("f5 f5".into()));
    h.run();
    assert_eq!(moves(&h), "f5d6c3");
    h.get_by_label_contains("The pasted game was not loaded: move 2: f5 is illegal");

    menu(&mut h, "File", "Paste moves...");
    let paste = h.get_by_label("Paste a move list or a game file:");
    paste.focus();
    paste.type_text("c4e3");
    h.run();
    click(&mut h, "Play pasted moves");
    assert_eq!(moves(&h), "c4e3");
    assert!(
        h.query_by_label("Play pasted moves").is_none(),
        "the box closes once its moves are played"
    );
}

#[test]
fn a_bad_paste_keeps_its_text_to_be_mended_and_enter_plays_it() {
    let mut h = people("paste-keep", GameKind::Othello, 8);
    menu(&mut h, "File", "Paste moves...");
    let paste = h.get_by_label("Paste a move list or a game file:");
    paste.focus();
    paste.type_text("f5 d6 zz");
    h.run();
    click(&mut h, "Play pasted moves");
    h.get_by_label_contains("The pasted game was not loaded: move 3");
    assert_eq!(moves(&h), "");
    // The text is still there to be corrected.
    assert!(h.query_all_by_value("f5 d6 zz").next().is_some());
    let paste = h.get_by_label("Paste a move list or a game file:");
    paste.focus();
    h.run();
    for _ in 0..2 {
        h.key_press(Key::Backspace);
        h.run();
    }
    h.get_by_label("Paste a move list or a game file:")
        .type_text("c3");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(moves(&h), "f5d6c3", "Enter played it");
    assert!(
        h.query_all_by_value("f5 d6 c3").next().is_none(),
        "the box is emptied once played"
    );
}

#[test]
fn copying_puts_the_move_list_on_the_clipboard() {
    let mut h = people("copy", GameKind::Othello, 8);
    click(&mut h, "f5, empty, legal move");
    open_menu(&mut h, "File");
    h.get_by_label("Copy moves").click();
    h.step();
    let copied = h
        .output()
        .platform_output
        .commands
        .iter()
        .any(|c| matches!(c, egui::OutputCommand::CopyText(t) if t == "f5"));
    assert!(copied);
}

#[test]
fn a_game_file_is_saved_and_opened() {
    let mut h = people("gamefile", GameKind::Othello, 8);
    let file = h.state().settings_path().with_file_name("game.txt");
    assert_eq!(h.state().title(), "boardplay");
    click(&mut h, "f5, empty, legal move");
    assert_eq!(h.state().title(), "Untitled* — boardplay");
    // A game with no file yet asks where to save it (the path box: no dialog in tests).
    menu(&mut h, "File", "Save game");
    type_path(&mut h, &file, "Save");
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("moves: f5")
    );
    assert_eq!(h.state().title(), "game.txt — boardplay");
    click(&mut h, "New game");
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &file, "Open");
    assert_eq!(moves(&h), "f5");
    assert_eq!(h.state().title(), "game.txt — boardplay");

    // Saving while an earlier move is shown writes the whole game to the game's own file,
    // without asking, and says how long it is.
    click(&mut h, "d6, empty, legal move");
    click(&mut h, "c3, empty, legal move");
    assert_eq!(h.state().title(), "game.txt* — boardplay");
    click(&mut h, "1. f5");
    key(&mut h, Modifiers::COMMAND, Key::S);
    h.get_by_label_contains("Saved the game (3 moves) to");
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("moves: f5d6c3\n")
    );
    assert_eq!(h.state().title(), "game.txt — boardplay");
    assert_eq!(h.state().game().cursor(), 1, "the shown move stays");
    click(&mut h, "New game");
    click(&mut h, "f5, empty, legal move");

    // The file is among the recent games.
    open_menu(&mut h, "File");
    click(&mut h, "Recent games");
    click(&mut h, "game.txt");
    assert_eq!(moves(&h), "f5d6c3");
    assert_eq!(h.state().settings().recent_games, vec![file.clone()]);

    std::fs::write(&file, "game: othello\nsize: 8\nmoves: f5 a1").unwrap();
    click(&mut h, "New game");
    click(&mut h, "f5, empty, legal move");
    click(&mut h, "d6, empty, legal move");
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &file, "Open");
    h.get_by_label_contains("The game was not opened: line 3: move 2: a1 is illegal");
    assert_eq!(moves(&h), "f5d6", "a bad file leaves the game untouched");
}

#[test]
fn a_game_file_dropped_on_the_window_or_named_at_start_is_opened() {
    #[derive(Debug)]
    struct Dropped(PathBuf);
    impl egui::DroppedFile for Dropped {
        fn path(&self) -> &std::path::Path {
            &self.0
        }
        fn bytes(&self) -> Result<Vec<u8>, String> {
            std::fs::read(&self.0).map_err(|e| e.to_string())
        }
    }
    let mut h = people("drop", GameKind::Othello, 8);
    click(&mut h, "f5, empty, legal move");
    let file = h.state().settings_path().with_file_name("dropped.txt");
    std::fs::write(&file, "game: tictactoe\nsize: 3\nmoves: b2 a1\n").unwrap();
    h.input_mut()
        .dropped_files
        .push(Arc::new(Dropped(file.clone())));
    h.run();
    settle_file(&mut h);
    assert_eq!(h.state().game().variant(), Variant::TIC_TAC_TOE_3);
    assert_eq!(moves(&h), "b2a1");
    assert_eq!(h.state().title(), "dropped.txt — boardplay");
    // Undo takes back the opened game's moves, then the open.
    undo_the_open(&mut h);
    assert_eq!(h.state().game().variant(), Variant::OTHELLO_8);
    assert_eq!(moves(&h), "f5");

    let mut app = new_app(file.with_file_name("settings2.ron"));
    app.open_path(file.clone());
    assert!(app.wait_for_file(FILE_WAIT));
    assert_eq!(app.game().main_line(), "b2a1");
}

/// Undoes until the game before the one opened is back (one Undo a move of the opened game,
/// then one more).
fn undo_the_open(h: &mut Harness<'_, BoardplayApp>) {
    for _ in 0..=h.state().game().moves().len() {
        key(h, Modifiers::COMMAND, Key::Z);
    }
}

#[test]
fn a_ggf_game_is_opened_from_a_path_undone_and_a_broken_one_changes_nothing() {
    let mut h = people("ggf", GameKind::TicTacToe, 3);
    click(&mut h, "b2, empty, legal move");
    let file = h.state().settings_path().with_file_name("nboard.ggf");
    std::fs::write(
        &file,
        "(;GM[Othello]PC[NBoard]PB[Ann]PW[Bob]TY[8]\n\
         BO[8 ---------------------------O*------*O--------------------------- *]\n\
         B[F5]W[F6//1.5]B[E6];)\n",
    )
    .unwrap();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &file, "Open");
    assert_eq!(h.state().game().variant(), Variant::OTHELLO_8);
    assert_eq!(moves(&h), "f5f6e6");
    assert_eq!(h.state().title(), "nboard.ggf — boardplay");
    h.get_by_label("f6, white");
    undo_the_open(&mut h);
    assert_eq!(h.state().game().variant(), Variant::TIC_TAC_TOE_3);
    assert_eq!(moves(&h), "b2");

    // Saved as GGF and opened again, the game is the same.
    let again = file.with_file_name("again.ggf");
    key(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &file, "Open");
    menu(&mut h, "File", "Save game as...");
    type_path(&mut h, &again, "Save");
    assert!(
        std::fs::read_to_string(&again)
            .unwrap()
            .starts_with("(;GM[Othello]")
    );
    click(&mut h, "New game");
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &again, "Open");
    assert_eq!(moves(&h), "f5f6e6");

    // A move that breaks the rules is named by its line; the board stays as it was.
    click(&mut h, "New game");
    click(&mut h, "d3, empty, legal move");
    std::fs::write(&file, "(;GM[Othello]\nB[F5]\nW[F5];)").unwrap();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &file, "Open");
    h.get_by_label_contains("The game was not opened: line 3: move 2: f5 is illegal");
    assert_eq!(moves(&h), "d3");
    // So is a file cut short.
    std::fs::write(&file, "(;GM[Othello]\nB[F5]W[F").unwrap();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &file, "Open");
    h.get_by_label_contains("line 2: the value of W is not closed");
    assert_eq!(moves(&h), "d3");
}

#[test]
fn a_wthor_game_is_picked_from_the_list_undone_and_a_broken_file_changes_nothing() {
    use boardplay::formats::wthor::{self, build};
    let mut h = people("wthor", GameKind::Othello, 8);
    click(&mut h, "d3, empty, legal move");
    let dir = h.state().settings_path().parent().unwrap().to_path_buf();
    let mut bytes = build::header(3, 1999, false);
    bytes.extend(build::game(0, 0, 1, 40, "f5d6c3d3c4"));
    bytes.extend(build::game(1, 1, 2, 25, "f5f6e6f4"));
    bytes.extend(build::game(0, 2, 0, 32, "f5d6a1"));
    let file = dir.join("WTH_1999.wtb");
    std::fs::write(&file, &bytes).unwrap();
    let players = build::names(&["Shaman", "Tastet", "Leader"], wthor::PLAYER);
    std::fs::write(dir.join("WTHOR.JOU"), players).unwrap();

    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &file, "Open");
    h.get_by_label_contains("holds 3 games: pick one");
    assert_eq!(moves(&h), "d3", "nothing changes until a game is picked");
    // The list narrows to the games of a player.
    let find = h.get_by_label("Find:");
    find.focus();
    find.type_text("leader");
    h.run();
    assert!(h.query_by_label_contains("1. Shaman").is_none());
    click(
        &mut h,
        "2. Tastet \u{2013} Leader, tournament 1 1999, 25-39 (4 moves)",
    );
    assert_eq!(moves(&h), "f5f6e6f4");
    h.get_by_label("Database");
    h.get_by_label_contains("1 game reached this position");
    h.get_by_label_contains("Game 2 of 3 from");
    undo_the_open(&mut h);
    assert_eq!(moves(&h), "d3");

    // A game that breaks the rules names its byte, and the list stays to pick another.
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &file, "Open");
    click(
        &mut h,
        "3. Leader \u{2013} Shaman, tournament 0 1999, 32-32 (3 moves)",
    );
    h.get_by_label_contains("The game was not opened: byte 162: move 3: a1 is illegal");
    assert_eq!(moves(&h), "d3");
    // The list said so already: the game is left out of the answers for positions.
    h.get_by_label_contains("1 game is not in the answers for positions (game 3: move 3");
    click(&mut h, "Close");
    assert!(h.query_by_label("Database").is_none());

    // A file cut short lists the games before the cut, and says where it ends.
    std::fs::write(&file, &bytes[..100]).unwrap();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &file, "Open");
    h.get_by_label_contains(
        "The file is cut short (byte 100: the file ends inside game 2 of the 3",
    );
    h.get_by_label_contains("1. Shaman");
    assert_eq!(moves(&h), "d3");
}

#[test]
fn the_game_on_the_board_is_there_again_at_the_next_start() {
    let dir = temp_dir("last-game");
    let settings = dir.join("settings.ron");
    let mut app = new_app(settings.clone());
    app.set_settings(common::ui::people(GameKind::Othello, 8));
    let mut h = harness(app);
    click(&mut h, "f5, empty, legal move");
    click(&mut h, "d6, empty, legal move");
    let played = h.state().game().main_line();
    assert_eq!(played, "f5d6");
    h.state_mut().shutdown();
    let mut again = new_app(settings.clone());
    again.restore_last_game();
    assert_eq!(again.game().main_line(), played);
    assert_eq!(again.title(), "Untitled* — boardplay");
    // A game with a file is its file's game again: saved, or marked when it has moved on.
    let mut h = harness(again);
    let file = dir.join("kept.txt");
    menu(&mut h, "File", "Save game as...");
    type_path(&mut h, &file, "Save");
    h.state_mut().shutdown();
    let mut again = new_app(settings.clone());
    again.restore_last_game();
    assert_eq!(again.title(), "kept.txt — boardplay");
    let mut h = harness(again);
    click(&mut h, "c3, empty, legal move");
    h.state_mut().shutdown();
    let mut again = new_app(settings.clone());
    again.restore_last_game();
    assert_eq!(again.title(), "kept.txt* — boardplay");
    assert_eq!(again.game().main_line(), "f5d6c3");
    // An empty board keeps nothing.
    let mut h = harness(again);
    click(&mut h, "New game");
    h.state_mut().shutdown();
    let mut third = new_app(settings);
    third.restore_last_game();
    assert_eq!(third.game().main_line(), "");
}

#[test]
fn saving_over_another_file_asks_first() {
    let mut h = people("overwrite", GameKind::Othello, 8);
    let file = h
        .state()
        .settings_path()
        .with_file_name("someone-elses.txt");
    std::fs::write(&file, "keep me").unwrap();
    click(&mut h, "f5, empty, legal move");
    menu(&mut h, "File", "Save game as...");
    type_path(&mut h, &file, "Save");
    h.get_by_label("Replace the file?");
    click(&mut h, "Cancel");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
    h.get_by_label_contains("Not saved:");
    menu(&mut h, "File", "Save game as...");
    type_path(&mut h, &file, "Save");
    click(&mut h, "Replace");
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("moves: f5")
    );
    // The game's own file is saved again without a question.
    click(&mut h, "d6, empty, legal move");
    menu(&mut h, "File", "Save game");
    assert!(h.query_by_label("Replace the file?").is_none());
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("moves: f5d6")
    );
}

#[test]
fn the_pass_move_is_legal_only_through_the_rules() {
    // The Pass action refuses when a placement exists: the rules core decides, not the UI.
    let mut h = people("nopass", GameKind::Othello, 8);
    h.state_mut().apply(
        boardplay::app::view::command::Command::Action(boardplay::app::view::command::Action::Pass),
        None,
    );
    h.run();
    h.get_by_label("Passing is only allowed with no legal move");
    assert!(h.state().game().check(Move::Pass).is_err());
}

#[test]
fn ctrl_q_asks_the_window_to_close() {
    let mut h = people("quit", GameKind::Othello, 8);
    // One event, one frame, so this frame's output holds the request.
    h.event(egui::Event::Key {
        key: Key::Q,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::COMMAND,
    });
    h.step();
    let closing = h
        .output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .is_some_and(|v| v.commands.contains(&egui::ViewportCommand::Close));
    assert!(closing);
}

#[test]
fn browsing_back_to_the_computers_turn_waits_for_the_person() {
    let dir = temp_dir("browse");
    let mut app = new_app(dir.join("settings.ron"));
    app.set_settings(Settings {
        first: PlayerChoice::Person,
        second: PlayerChoice::Computer(PlayerSpec::Random),
        computer_delay_ms: 5_000,
        ..Settings::default()
    });
    app.set_game(Session::from_moves(Supported::OTHELLO_8, "f5d6c3").unwrap());
    let mut h = harness(app);
    h.step();
    // At the end of the game it is White's (the computer's) turn, so it thinks.
    assert!(h.state().is_thinking());
    click(&mut h, "1. f5");
    // Looking back at White's turn does not make the computer play over the later moves.
    assert!(!h.state().is_thinking());
    h.run_steps(30);
    assert_eq!(h.state().game().moves().len(), 3);
    let mut s = h.state().settings();
    s.computer_delay_ms = 2_000;
    h.state_mut().set_settings(s);
    h.get_by_label("Computer move").click();
    h.step();
    assert!(h.state().is_thinking());
    assert!(h.state_mut().wait_for_computer(Duration::from_secs(10)));
    // kittest's clock runs 0.25 s a frame: 12 frames are past the 2 s delay.
    h.run_steps(12);
    assert_eq!(h.state().game().cursor(), 2);
    let game = h.state().game();
    if game.moves()[1] != "d6".parse().unwrap() {
        assert_eq!(game.moves().len(), 2, "its move starts a new line");
        assert_eq!(game.variations()[0].moves.len(), 2, "d6 and c3 are kept");
    }
}

#[test]
fn a_side_is_given_to_the_computer_from_the_panel() {
    let mut h = people("seat", GameKind::Othello, 8);
    click(&mut h, "f5, empty, legal move");
    click(&mut h, "White");
    click(&mut h, "Beginner");
    assert_eq!(
        h.state().settings().second,
        PlayerChoice::Computer(PlayerSpec::Level(Level::Beginner))
    );
    // The game goes on: it is White's turn, so the computer plays (perhaps already within
    // the click's frames).
    assert!(h.state().previous_game().is_none(), "no new game");
    if h.state().is_thinking() {
        assert!(h.state_mut().wait_for_computer(Duration::from_secs(10)));
        h.run();
    }
    assert_eq!(h.state().game().moves().len(), 2);
}

#[test]
fn new_game_while_the_computer_thinks_cancels_it() {
    let dir = temp_dir("new-cancels");
    let mut app = new_app(dir.join("settings.ron"));
    app.set_settings(Settings {
        first: PlayerChoice::Person,
        second: PlayerChoice::Computer(PlayerSpec::Random),
        computer_delay_ms: 2_000,
        ..Settings::default()
    });
    let mut h = harness(app);
    h.run();
    h.get_by_label("f5, empty, legal move").click();
    h.step();
    assert!(h.state().is_thinking());
    assert!(h.state_mut().wait_for_computer(Duration::from_secs(10)));
    key(&mut h, Modifiers::COMMAND, Key::N);
    assert!(!h.state().is_thinking());
    h.run_steps(20);
    assert_eq!(
        h.state().game().moves().len(),
        0,
        "the old answer was not played"
    );
    h.get_by_label("Black to move");
}

#[test]
fn a_focused_cell_is_played_with_the_keyboard() {
    let mut h = people("keyboard", GameKind::Othello, 8);
    h.get_by_label("f5, empty, legal move").focus();
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(moves(&h), "f5");
}

#[test]
fn every_action_has_a_menu_entry_or_a_button() {
    use boardplay::app::view::command::Action;
    let mut buttons = std::collections::HashSet::new();
    let mut look = |h: &Harness<'_, BoardplayApp>| {
        for &action in Action::VARIANTS {
            if h.query_all_by_label(action.label()).next().is_some() {
                buttons.insert(action);
            }
        }
    };
    // Two people in play.
    let mut h = people("every-action", GameKind::Othello, 8);
    look(&h);
    // Looking back at a position where Black must pass (the window passed for Black).
    let game =
        Session::from_board(Supported::Othello(OthelloSize::S4), "OOOO OOOO OXXO ---- X").unwrap();
    h.state_mut().set_game(game);
    h.run();
    click(&mut h, "Start");
    look(&h);
    // Looking back at the computer's turn (the settings' board is the game's).
    h.state_mut()
        .set_game(Session::from_moves(Supported::OTHELLO_8, "f5d6c3").unwrap());
    let mut s = h.state().settings();
    s.second = PlayerChoice::Computer(PlayerSpec::Random);
    s.computer_delay_ms = 5_000;
    h.state_mut().set_settings(s.clone());
    h.run();
    click(&mut h, "1. f5");
    look(&h);
    // The computers play each other, then are paused.
    s.first = PlayerChoice::Computer(PlayerSpec::Random);
    h.state_mut().set_settings(s);
    h.run();
    look(&h);
    click(&mut h, "Pause");
    look(&h);
    // Every menu of the menu bar.
    for name in ["File", "Edit", "Game", "View", "Help"] {
        open_menu(&mut h, name);
        look(&h);
        h.key_press(Key::Escape);
        h.run();
    }

    let missing: Vec<Action> = Action::VARIANTS
        .iter()
        .copied()
        .filter(|a| !buttons.contains(a))
        .collect();
    assert_eq!(missing, [], "every action has a menu entry or a button");
}

#[test]
fn the_shortcuts_window_lists_every_shortcut_from_the_command_table() {
    use boardplay::app::view::command::Action;
    let mut h = people("shortcuts", GameKind::Othello, 8);
    menu(&mut h, "Help", "About boardplay");
    h.get_by_label_contains("boardplay 0.");
    key(&mut h, Modifiers::NONE, Key::F1);
    assert!(h.query_all_by_label("Keyboard shortcuts").next().is_some());
    let ctx = egui::Context::default();
    for &action in Action::VARIANTS {
        for shortcut in action.shortcuts() {
            let keys = ctx.format_shortcut(shortcut);
            assert!(
                h.query_all_by_label_contains(&keys).next().is_some(),
                "{action:?}: {keys}"
            );
        }
    }
}

#[test]
fn a_position_is_set_up_on_the_board_checked_and_played_from() {
    let mut h = people("setup", GameKind::TicTacToe, 3);
    click(&mut h, "c3, empty, legal move");
    let before = moves(&h);
    // From the Edit menu (the panel has a button of the same name too).
    open_menu(&mut h, "Edit");
    h.get_all_by_label("Set up position...")
        .last()
        .unwrap()
        .click();
    h.run();
    h.get_by_label("Setting up a position");
    // X on a1 b1 c1 (one click each), O on a2 b2 (two clicks each); c3 back to empty.
    for cell in ["a1", "b1", "c1"] {
        click(&mut h, &format!("{cell}, empty"));
    }
    for cell in ["a2", "b2"] {
        click(&mut h, &format!("{cell}, empty"));
        click(&mut h, &format!("{cell}, X"));
    }
    click(&mut h, "c3, X");
    click(&mut h, "c3, O");
    click(&mut h, "Done");
    h.get_by_label("X already has 3 in a row");
    assert_eq!(
        moves(&h),
        before,
        "the game is untouched while the position is wrong"
    );

    click(&mut h, "Clear");
    click(&mut h, "b2, empty");
    click(&mut h, "O to move");
    click(&mut h, "Done");
    h.get_by_label("The game starts from the position set up");
    assert_eq!(h.state().game().board_string(), "----X---- O");
    h.get_by_label("O to move");
    // The hint works from a set-up position as from any other.
    click(&mut h, "Hint");
    assert!(h.state_mut().wait_for_hint(Duration::from_secs(10)));
    h.run();
    assert!(h.state().hint().is_some());
    // The hint may be a1 itself ("a1, empty, legal move, hint"): the players' seeds vary.
    h.get_by_label_contains("a1, empty, legal move").click();
    h.run();
    assert_eq!(moves(&h), "a1");
    // Undo goes back move by move, then to the game before the edit.
    key(&mut h, Modifiers::COMMAND, Key::Z);
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(moves(&h), before);
    assert_eq!(h.state().game().start_board(), None);
}

#[test]
fn an_othello_position_set_up_must_be_playable() {
    let mut h = people("setup-othello", GameKind::Othello, 8);
    click(&mut h, "Set up position...");
    click(&mut h, "Clear");
    click(&mut h, "Done");
    h.get_by_label_contains("The centre cell");
    click(&mut h, "Start position");
    // White's two centre discs made Black (White, then empty, then Black): nobody can move.
    for cell in ["d4", "e5"] {
        click(&mut h, &format!("{cell}, white"));
        click(&mut h, &format!("{cell}, empty"));
    }
    click(&mut h, "Done");
    h.get_by_label("No legal moves for either side");
    click(&mut h, "Cancel");
    h.get_by_label("Black to move");
    assert!(h.state().game().is_fresh());
}
