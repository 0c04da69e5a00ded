//! Another program as a player in the window: an NBoard engine seated at a side plays its
//! moves through the computer's turn as any player does; one chosen with Engine... is
//! checked at once and named by the name it gives; one that fails leaves the game on the
//! board, a notice saying what happened, and nobody playing its side until the person
//! retries or chooses another player. The engine is the tests' own script
//! (`tests/fake_engines/first_move.py`, run by python3).

#![cfg(feature = "gui")]

mod common;

use std::time::Duration;

use boardplay::ai::{EngineSpec, PlayerSpec};
use boardplay::app::BoardplayApp;
use boardplay::app::document::settings::{PlayerChoice, Settings};
use boardplay::core::othello::Othello8;
use boardplay::core::{GameKind, Move, Position};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use common::ui::{harness, key, new_app, temp_dir};

const WAIT: Duration = Duration::from_secs(30);

fn fake(mode: &str) -> String {
    common::fake_engine(mode, None)
}

fn engine(mode: &str) -> PlayerChoice {
    PlayerChoice::Computer(PlayerSpec::Engine(EngineSpec {
        command: fake(mode).into(),
        depth: 4,
        move_time: Duration::from_secs(5),
    }))
}

/// Othello 8x8, a person with Black, `white` with White, no move delay.
fn app(name: &str, white: PlayerChoice) -> Harness<'static, BoardplayApp> {
    let mut app = new_app(temp_dir(name).join("settings.ron"));
    app.set_settings(Settings {
        game: GameKind::Othello,
        size: 8,
        first: PlayerChoice::Person,
        second: white,
        computer_delay_ms: 0,
        ..Settings::default()
    });
    let mut h = harness(app);
    h.step();
    h
}

/// Chooses Engine... in White's player list, types `command` and presses Play.
fn choose_engine(h: &mut Harness<'_, BoardplayApp>, command: &str) {
    h.get_by_role_and_label(Role::ComboBox, "White").click();
    h.run();
    h.get_by_label("Engine...").click();
    h.run();
    h.get_by_label("Command:").focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_label("Command:").type_text(command);
    h.run();
    h.get_by_label("Play").click();
    h.run();
}

/// The player White's list shows.
fn white_player(h: &Harness<'_, BoardplayApp>) -> String {
    let combo = h.get_by_role_and_label(Role::ComboBox, "White");
    combo
        .accesskit_node()
        .value()
        .unwrap_or_default()
        .to_string()
}

/// Black plays f5, and the computer's turn for White starts and answers.
fn f5_and_the_answer(h: &mut Harness<'_, BoardplayApp>) {
    h.get_by_label("f5, empty, legal move").click();
    h.step();
    assert!(h.state().is_thinking(), "White's engine is asked");
    assert!(h.state_mut().wait_for_computer(WAIT), "it answered in time");
    h.step();
    h.step();
}

#[test]
fn an_engine_plays_its_side_in_the_window() {
    let mut h = app("engine-plays", engine("first"));
    f5_and_the_answer(&mut h);
    let after_f5 = Othello8::start().play("f5".parse().unwrap()).unwrap();
    let first = common::first_legal(&after_f5);
    assert_eq!(
        h.state().game().moves(),
        [Move::Place("f5".parse().unwrap()), first]
    );
    // Its own name, in the player list.
    assert_eq!(white_player(&h), "FirstMove");
}

#[test]
fn a_failed_engine_leaves_the_game_and_nobody_plays_its_side_until_retried() {
    let mut h = app("engine-fails", engine("exit"));
    f5_and_the_answer(&mut h);
    h.get_by_label_contains("stopped (exit status 3); it said: cannot find my weights");
    h.get_by_label_contains("Nobody plays White now");
    // The game stays as it was, and the engine is not started again by itself.
    for _ in 0..8 {
        h.step();
        assert!(!h.state().is_thinking());
    }
    assert_eq!(h.state().game().moves().len(), 1);
    // Game > Computer move tries again.
    key(&mut h, Modifiers::COMMAND, Key::M);
    assert!(h.state().is_thinking(), "retried");
    assert!(h.state_mut().wait_for_computer(WAIT));
    h.step();
    h.step();
    h.get_by_label_contains("stopped (exit status 3)");
    assert_eq!(h.state().game().moves().len(), 1);
    // Another player for White takes over at once.
    let mut s = h.state().settings();
    s.second = engine("first");
    h.state_mut().set_settings(s);
    h.step();
    assert!(h.state().is_thinking());
    assert!(h.state_mut().wait_for_computer(WAIT));
    h.step();
    h.step();
    assert_eq!(h.state().game().moves().len(), 2);
}

#[test]
fn engine_in_the_player_list_asks_for_a_command_and_keeps_it() {
    let mut h = app("engine-box", PlayerChoice::Person);
    choose_engine(&mut h, &fake("first"));
    // Seated once it has answered.
    assert!(h.state_mut().wait_for_engine_check(WAIT));
    h.run();
    let settings = h.state().settings();
    let PlayerChoice::Computer(PlayerSpec::Engine(seated)) = &settings.second else {
        panic!("{:?}", settings.second);
    };
    assert_eq!(&*seated.command, fake("first"));
    assert_eq!(
        settings.engines,
        std::slice::from_ref(seated),
        "kept for the player lists"
    );
    // Started at once, it has said its name.
    h.get_by_label_contains("FirstMove is ready to play");
    assert_eq!(white_player(&h), "FirstMove");
    // Saved in the settings file, and read back.
    let text = settings.to_ron();
    assert!(text.contains("engines: ["), "{text}");
    let (read, problem) = Settings::from_ron(&text);
    assert!(problem.is_none(), "{problem:?}");
    assert_eq!(read.second, settings.second);
    assert_eq!(read.engines, settings.engines);
}

#[test]
fn an_engine_that_cannot_start_is_named_when_chosen() {
    let mut h = app("engine-box-bad", PlayerChoice::Person);
    choose_engine(&mut h, &fake("exit"));
    assert!(h.state_mut().wait_for_engine_check(WAIT));
    h.run();
    h.get_by_label_contains("cannot find my weights. The engine was not seated");
    assert_eq!(white_player(&h), "Person", "the player before stays");
}

#[test]
fn an_engine_seated_in_the_settings_file_is_started_with_the_app() {
    let dir = temp_dir("engine-start");
    let path = dir.join("settings.ron");
    let mut settings = Settings {
        second: engine("first"),
        ..Settings::default()
    };
    std::fs::write(&path, settings.to_ron()).unwrap();
    let mut h = harness(new_app(&path));
    assert!(h.state_mut().wait_for_engine_check(WAIT));
    h.run();
    // Its name is in the list before its first move, said without a notice.
    assert_eq!(white_player(&h), "FirstMove");
    assert!(h.query_by_label_contains("ready to play").is_none());
    // One that no longer starts is named at once.
    settings.second = engine("exit");
    std::fs::write(&path, settings.to_ron()).unwrap();
    let mut h = harness(new_app(&path));
    assert!(h.state_mut().wait_for_engine_check(WAIT));
    h.run();
    h.get_by_label_contains("cannot find my weights. Choose another player");
}
