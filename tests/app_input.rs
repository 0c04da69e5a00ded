//! What a person does at the keyboard and with the small windows (issue 34): a message about
//! a failed open stays until the person acts; every text box takes the keyboard focus with
//! its text selected, so typing replaces it; Escape closes every small window; the
//! window's shortcuts work while a text box has the focus, except the keys the box needs.

#![cfg(feature = "gui")]

mod common;

use std::time::Duration;

use boardplay::ai::{EngineSpec, Level, PlayerSpec};
use boardplay::app::BoardplayApp;
use boardplay::app::document::settings::{PlayerChoice, Settings};
use boardplay::core::GameKind;
use boardplay::formats::wthor::build;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::ui::{click, key, menu, people, play_frames, temp_dir, type_path, window};

const WAIT: Duration = Duration::from_secs(30);

/// Two people at Othello 8x8, in the folder `name`.
fn two_people(name: &str) -> Harness<'static, BoardplayApp> {
    window(name, people(GameKind::Othello, 8))
}

/// Issue 34: the reason a file was not opened went with the next position, so a computer
/// moving half a second later took it away before it could be read.
#[test]
fn a_failed_open_is_said_until_the_person_acts_not_until_the_computer_moves() {
    let mut h = two_people("notice-stays");
    click(&mut h, "f5, empty, legal move");
    let bad = temp_dir("notice-stays-file").join("bad.txt");
    std::fs::write(&bad, "game: othello\nsize: 8\nmoves: f5 a1\n").unwrap();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &bad, "Open");
    let reason = "The game was not opened";
    h.get_by_label_contains(reason);
    h.get_by_label_contains("line 3: move 2: a1 is illegal");

    // The computer takes White (not the person's doing: the tests' hook) and moves.
    let mut settings = h.state().settings();
    settings.second = PlayerChoice::Computer(PlayerSpec::Level(Level::Beginner));
    h.state_mut().set_settings(settings);
    for _ in 0..40 {
        if h.state().game().moves().len() == 2 {
            break;
        }
        play_frames(&mut h, 1);
    }
    assert_eq!(h.state().game().moves().len(), 2, "the computer moved");
    play_frames(&mut h, 8);
    h.get_by_label_contains(reason);

    // The person acts (a key): the message goes.
    key(&mut h, Modifiers::NONE, Key::Space);
    assert!(h.query_by_label_contains(reason).is_none());
    assert!(h.state_mut().wait_for_computer_searches_to_end(WAIT));
}

/// Opens White's player list and chooses Engine..., which opens the engine box.
fn open_engine_box(h: &mut Harness<'_, BoardplayApp>) {
    h.get_by_role_and_label(Role::ComboBox, "White").click();
    h.run();
    h.get_by_label("Engine...").click();
    h.run();
}

/// The text of the one-line box named `label`.
fn box_text(h: &Harness<'_, BoardplayApp>, label: &str) -> String {
    h.get_by_label(label).value().unwrap_or_default()
}

/// Types `typed` at once (no click) into whatever has the focus, and checks that it went into
/// the box named `label` in place of what the box held.
fn typing_replaces(h: &mut Harness<'_, BoardplayApp>, label: &str, typed: &str) {
    assert!(h.get_by_label(label).is_focused(), "{label} has the focus");
    h.get_by_label(label).type_text(typed);
    h.run();
    assert_eq!(box_text(h, label), typed, "{label}");
}

/// Issue 34: the paste box and the engine box did not take the keyboard focus, and the
/// engine box's command (the last one entered) was not selected, so typing landed inside it.
#[test]
fn every_text_box_takes_the_focus_with_its_text_selected() {
    let mut h = two_people("focus");
    // The paste box keeps its text until played: opened again, that text is selected.
    menu(&mut h, "File", "Paste moves...");
    typing_replaces(&mut h, "Paste a move list or a game file:", "f5d6");
    key(&mut h, Modifiers::NONE, Key::Escape);
    assert!(h.query_by_label("Play pasted moves").is_none(), "closed");
    menu(&mut h, "File", "Paste moves...");
    assert_eq!(box_text(&h, "Paste a move list or a game file:"), "f5d6");
    typing_replaces(&mut h, "Paste a move list or a game file:", "c4");
    key(&mut h, Modifiers::NONE, Key::Enter);
    assert_eq!(h.state().game().main_line(), "c4");

    // The engine box starts from the last engine entered, selected.
    let mut settings = h.state().settings();
    settings.engines = vec![EngineSpec::new("edax -q")];
    h.state_mut().set_settings(settings);
    h.run();
    open_engine_box(&mut h);
    assert_eq!(box_text(&h, "Command:"), "edax -q");
    typing_replaces(&mut h, "Command:", "zebra");

    // The path box, for Open and for Save as.
    key(&mut h, Modifiers::NONE, Key::Escape);
    menu(&mut h, "File", "Save game as...");
    typing_replaces(&mut h, "File path:", "a.txt");
}

/// Issue 34: Escape did not close the Save-as box or the shortcuts window.
#[test]
fn escape_closes_every_small_window() {
    let mut h = two_people("escape");
    let closes = |h: &mut Harness<'_, BoardplayApp>,
                  open: &dyn Fn(&mut Harness<'_, BoardplayApp>),
                  shown: &str| {
        open(h);
        assert!(
            h.query_by_label_contains(shown).is_some(),
            "{shown} is open"
        );
        key(h, Modifiers::NONE, Key::Escape);
        assert!(
            h.query_by_label_contains(shown).is_none(),
            "Escape closed {shown}"
        );
    };
    closes(
        &mut h,
        &|h| menu(h, "File", "Save game as..."),
        "File path:",
    );
    closes(&mut h, &|h| menu(h, "File", "Open game..."), "File path:");
    closes(
        &mut h,
        &|h| menu(h, "File", "Paste moves..."),
        "Paste a move list",
    );
    closes(&mut h, &open_engine_box, "Command:");
    let shortcuts = "Play the move list on the clipboard";
    closes(&mut h, &|h| key(h, Modifiers::NONE, Key::F1), shortcuts);
    let about = "Tic-tac-toe and Othello against a friend";
    closes(&mut h, &|h| menu(h, "Help", "About boardplay"), about);
    closes(&mut h, &|h| click(h, "Set up position..."), "Done");
    // The custom time control, from the Clock list.
    let custom = |h: &mut Harness<'_, BoardplayApp>| {
        h.get_by_role_and_label(Role::ComboBox, "Clock").click();
        h.run();
        click(h, "Custom...");
    };
    closes(&mut h, &custom, "Increment (seconds)");
    assert_eq!(h.state().game().time_control(), None, "no clock was set");
    // The question before replacing a file.
    click(&mut h, "f5, empty, legal move");
    let taken = temp_dir("escape-file").join("taken.txt");
    std::fs::write(&taken, "kept").unwrap();
    menu(&mut h, "File", "Save game as...");
    type_path(&mut h, &taken, "Save");
    h.get_by_label("Replace the file?");
    key(&mut h, Modifiers::NONE, Key::Escape);
    assert!(h.query_by_label("Replace the file?").is_none());
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "kept");
    // Nothing else happened to the game.
    assert_eq!(h.state().game().main_line(), "f5");
}

/// Issue 34: a text box with the focus took every key, so Ctrl+O and the other shortcuts did
/// nothing while, say, the database's Find box had it; the keys the box needs stay its own.
#[test]
fn shortcuts_work_in_a_text_box_except_the_keys_it_needs() {
    let mut h = two_people("shortcuts-in-box");
    click(&mut h, "f5, empty, legal move");
    menu(&mut h, "File", "Paste moves...");
    let label = "Paste a move list or a game file:";
    h.get_by_label(label).focus();
    h.run();
    h.get_by_label(label).type_text("d6c3");
    h.run();
    assert!(h.get_by_label(label).is_focused());
    // Ctrl+Z is the box's: the text is taken back, not the game's move.
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(
        h.state().game().main_line(),
        "f5",
        "the move is still there"
    );
    // Ctrl+O is the window's: the path box opens for Open.
    key(&mut h, Modifiers::COMMAND, Key::O);
    h.get_by_label("File path:");
    h.get_by_label("Open");
    // F1 too, from the path box with the focus.
    assert!(h.get_by_label("File path:").is_focused());
    key(&mut h, Modifiers::NONE, Key::F1);
    h.get_by_label_contains("Play the move list on the clipboard");
}

/// Issue 34, as reported: Ctrl+O did nothing while the database's Find box had the focus.
#[test]
fn ctrl_o_opens_a_file_from_the_databases_find_box() {
    let mut h = two_people("find-box");
    let mut bytes = build::header(2, 2004, false);
    bytes.extend(build::game(0, 0, 1, 40, "f5d6c3"));
    bytes.extend(build::game(0, 1, 0, 30, "f5f6"));
    let wtb = temp_dir("find-box-file").join("WTH_2004.wtb");
    std::fs::write(&wtb, bytes).unwrap();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &wtb, "Open");
    h.get_by_label("Find:").focus();
    h.run();
    h.get_by_label("Find:").type_text("player 1");
    h.run();
    assert!(h.get_by_label("Find:").is_focused());
    key(&mut h, Modifiers::COMMAND, Key::O);
    assert!(
        h.query_by_label("File path:").is_some(),
        "Ctrl+O asked for a file"
    );
}

/// Issue 34: a command that does not start an engine was seated, listed among the engines
/// and saved in settings.ron; now it is named, and the player before it stays.
#[test]
fn a_broken_engine_command_is_not_seated_listed_or_saved() {
    let dir = temp_dir("broken-engine");
    let path = dir.join("settings.ron");
    let mut app = common::ui::new_app(path.clone());
    let mut settings = people(GameKind::Othello, 8);
    settings.second = PlayerChoice::Computer(PlayerSpec::Level(Level::Beginner));
    app.set_settings(settings.clone());
    let mut h = common::ui::harness(app);
    h.run();
    let broken = dir.join("no-such-engine").display().to_string();
    open_engine_box(&mut h);
    h.get_by_label("Command:").focus();
    h.run();
    h.get_by_label("Command:").type_text(&broken);
    h.run();
    h.get_by_label("Play").click();
    h.run();
    assert!(h.state_mut().wait_for_engine_check(WAIT));
    h.run();
    let now = h.state().settings();
    assert_eq!(now.second, settings.second, "the player before stays");
    assert!(now.engines.is_empty(), "not listed: {:?}", now.engines);
    h.get_by_label_contains("The engine was not seated");
    // The box is there again with the command, to mend it.
    assert_eq!(box_text(&h, "Command:"), broken);
    key(&mut h, Modifiers::NONE, Key::Escape);
    h.state_mut().shutdown();
    let (saved, _) = Settings::load(&path);
    assert!(saved.engines.is_empty(), "not saved: {:?}", saved.engines);
    assert_eq!(saved.second, settings.second);
}

/// Issue 34: SIGTERM ended the app without keeping the game. The signal's thread asks the
/// window to close; the next frame closes it through eframe, as its close button does
/// (the real process is tested by `.ci/signal-close`).
#[test]
fn a_close_asked_from_another_thread_closes_the_window_at_the_next_frame() {
    let mut h = two_people("close-request");
    let closes = |h: &Harness<'_, BoardplayApp>| {
        h.output()
            .viewport_output
            .values()
            .any(|v| v.commands.contains(&egui::ViewportCommand::Close))
    };
    h.step();
    assert!(!closes(&h));
    let request = h.state().close_request();
    let asker = std::thread::spawn(move || request.ask());
    assert!(asker.join().unwrap(), "the first request");
    h.step();
    assert!(closes(&h), "the frame after the request closes the window");
    // A second request, the window still there: it does not answer.
    assert!(!h.state().close_request().ask());
}
