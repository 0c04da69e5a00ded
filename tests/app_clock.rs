//! The game clock in the window, driven on egui's clock (each frame's time is set by the
//! test, so no test waits for real time): a person's time running out, the computer's time
//! running out while it thinks, the computer planning its moves to its clock, pausing,
//! Undo, the clocks saved in GGF (`TI`, each move's time) and in the kept game, and the
//! time control chosen in the panel.

#![cfg(feature = "gui")]

mod common;

use std::path::Path;
use std::time::Duration;

use boardplay::ai::clock::{OnClock, plan_on};
use boardplay::ai::{Game as _, Level, PlayerSpec};
use boardplay::app::BoardplayApp;
use boardplay::app::document::settings::{PlayerChoice, Settings};
use boardplay::core::othello::Othello8;
use boardplay::core::{GameKind, Position, Side, TimeControl};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::ui::{click, harness, key, menu, new_app, people, type_path, window};

/// egui's clock in the window now.
fn now(h: &Harness<'_, BoardplayApp>) -> f64 {
    h.ctx.input(|i| i.time)
}

/// One frame at time `t` of egui's clock (what a click or key queued is taken in it).
fn frame_at(h: &mut Harness<'_, BoardplayApp>, t: f64) {
    h.input_mut().time = Some(t);
    h.step();
}

/// Clicks the widget named `label` in a frame at time `t`, and shows the result in a second
/// frame at the same time.
fn click_at(h: &mut Harness<'_, BoardplayApp>, label: &str, t: f64) {
    h.get_by_label(label).click();
    frame_at(h, t);
    frame_at(h, t);
}

fn clock(seconds: u32) -> Option<TimeControl> {
    Some(TimeControl::new(seconds, 0).unwrap())
}

/// Two people on `control`, a new game started at time `t` (returned): Black's clock runs
/// from `t`.
fn timed_people(name: &str, control: Option<TimeControl>) -> (Harness<'static, BoardplayApp>, f64) {
    let mut h = window(
        name,
        Settings {
            clock: control,
            ..people(GameKind::Othello, 8)
        },
    );
    let t = now(&h) + 1.0;
    click_at(&mut h, "New game", t);
    (h, t)
}

#[test]
fn a_persons_time_runs_out_and_the_other_side_wins_on_time() {
    let (mut h, t) = timed_people("clock-person", clock(5));
    frame_at(&mut h, t + 1.5);
    h.get_by_label("Black's clock 0:03.5");
    h.get_by_label("White's clock 0:05.0");
    // Black plays after 2 s: its clock keeps 3 s, and White's starts.
    click_at(&mut h, "f5, empty, legal move", t + 2.0);
    frame_at(&mut h, t + 3.0);
    h.get_by_label("Black's clock 0:03.0");
    h.get_by_label("White's clock 0:04.0");
    // White thinks for 5 s: its time is up.
    frame_at(&mut h, t + 7.0);
    h.get_by_label("Game over: Black wins on time");
    h.get_by_label("White's time ran out: Black wins on time");
    h.get_by_label("White's clock 0:00.0");
    let game = h.state().game();
    assert_eq!(game.timing().out(), Some(Side::Second));
    assert_eq!(game.timing().spent(), [Duration::from_secs(2)]);
    assert!(game.is_finished());
    // No move after the end, and the clocks stay as they were.
    click_at(&mut h, "d6, empty", t + 8.0);
    assert_eq!(h.state().game().main_line(), "f5");
    h.get_by_label("Black's clock 0:03.0");

    // Undo goes back to before Black's move, with the clocks of that position, stopped.
    key(&mut h, Modifiers::COMMAND, Key::Z);
    h.get_by_label("Black's clock 0:05.0");
    h.get_by_label("Black to move");
    // Redo: the end, lost on time.
    key(&mut h, Modifiers::COMMAND, Key::Y);
    h.get_by_label("Game over: Black wins on time");

    // Saved as GGF: the time control, each move's time and the result on time.
    let dir = h.state().settings_path().parent().unwrap().to_path_buf();
    let file = dir.join("timed.ggf");
    menu(&mut h, "File", "Save game as...");
    type_path(&mut h, &file, "Save");
    let text = std::fs::read_to_string(&file).unwrap();
    for part in ["TI[00:05//0]", "RE[+64.00:t]", "B[F5//2.000]"] {
        assert!(text.contains(part), "{part} in {text}");
    }
    // Read back, it is the same game on the same clocks.
    key(&mut h, Modifiers::COMMAND, Key::N);
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &file, "Open");
    let game = h.state().game();
    assert_eq!(game.main_line(), "f5");
    assert_eq!(game.time_control(), clock(5));
    assert_eq!(game.timing().spent(), [Duration::from_secs(2)]);
    assert_eq!(game.timing().out(), Some(Side::Second));
    h.get_by_label("Game over: Black wins on time");
}

#[test]
fn the_computers_time_runs_out_while_it_thinks() {
    let mut h = window(
        "clock-computer",
        Settings {
            clock: clock(3),
            second: PlayerChoice::Computer(PlayerSpec::Level(Level::Expert)),
            ..people(GameKind::Othello, 8)
        },
    );
    let t = now(&h) + 1.0;
    click_at(&mut h, "New game", t);
    click_at(&mut h, "f5, empty, legal move", t + 0.5);
    assert!(h.state().is_thinking(), "White, the computer, thinks");
    // The next frame comes 4 s later: whatever the computer found meanwhile came too late.
    frame_at(&mut h, t + 4.5);
    frame_at(&mut h, t + 4.5);
    h.get_by_label("Game over: Black wins on time");
    assert_eq!(h.state().game().timing().out(), Some(Side::Second));
    assert!(!h.state().is_thinking(), "its search was dropped");
    assert!(
        h.state_mut()
            .wait_for_computer_searches_to_end(Duration::from_secs(30))
    );
    h.run_steps(4);
    assert_eq!(
        h.state().game().main_line(),
        "f5",
        "its late move was not played"
    );
}

#[test]
fn the_computer_plans_its_moves_to_its_clock_and_its_clock_stops_when_it_answers() {
    let mut h = window(
        "clock-plan",
        Settings {
            clock: clock(60),
            first: PlayerChoice::Computer(PlayerSpec::Level(Level::Expert)),
            second: PlayerChoice::Person,
            // The computer's move waits half a second after its answer: not on its clock.
            computer_delay_ms: 500,
            ..Settings::default()
        },
    );
    let start = Othello8::start();
    let exact_from = Level::Expert.exact_from(&start);
    let planned = |left: Duration, pos: &Othello8| {
        let clock = OnClock {
            left,
            increment: Duration::ZERO,
        };
        plan_on(clock, pos.empty_cells(), exact_from).time
    };
    let t = now(&h) + 1.0;
    click_at(&mut h, "New game", t);
    // Its first move: planned on its whole minute, not Expert's 3 s a move.
    let first = planned(Duration::from_secs(60), &start);
    assert!(first < Duration::from_secs(3));
    h.get_by_label_contains(&format!(
        "Black (Expert, {:.2} s on its clock) is thinking",
        first.as_secs_f64()
    ));
    assert!(h.state_mut().wait_for_computer(Duration::from_secs(30)));
    // Its answer is seen at t + 1; its move is played after the delay, at t + 1.5.
    frame_at(&mut h, t + 1.0);
    frame_at(&mut h, t + 1.5);
    frame_at(&mut h, t + 1.5);
    let game = h.state().game();
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.timing().spent(), [Duration::from_secs(1)]);
    h.get_by_label("Black's clock 0:59");
    // White answers 2 s later; Black plans its second move on the 59 s it has left.
    let view = h.state().game().view();
    let cell = view.legal[0];
    click_at(&mut h, &format!("{cell}, empty, legal move"), t + 3.5);
    let pos = start
        .play(h.state().game().moves()[0])
        .unwrap()
        .play(h.state().game().moves()[1])
        .unwrap();
    let second = planned(Duration::from_secs(59), &pos);
    h.get_by_label_contains(&format!(
        "Black (Expert, {:.2} s on its clock) is thinking",
        second.as_secs_f64()
    ));
    assert_ne!(second, first);
}

#[test]
fn pausing_stops_the_clocks_and_the_moves() {
    let (mut h, t) = timed_people("clock-pause", clock(60));
    frame_at(&mut h, t + 2.0);
    h.get_by_label("Black's clock 0:58");
    key(&mut h, Modifiers::COMMAND, Key::P);
    frame_at(&mut h, t + 30.0);
    h.get_by_label("Paused: the clocks are stopped. Resume to go on");
    h.get_by_label_contains("Black's clock 0:5");
    let left = h.state().game().clocks().unwrap();
    assert_eq!(left, [Duration::from_secs(60); 2], "nothing charged yet");
    click_at(&mut h, "f5, empty, legal move", t + 31.0);
    h.get_by_label("The game is paused: Resume (Ctrl+P) to play on");
    assert_eq!(h.state().game().main_line(), "");
    // Resumed at t + 40, Black plays at t + 41: it used 2 s before the pause and 1 s after.
    click_at(&mut h, "Resume", t + 40.0);
    click_at(&mut h, "f5, empty, legal move", t + 41.0);
    let spent = h.state().game().timing().spent().to_vec();
    assert_eq!(spent.len(), 1);
    let used = spent[0].as_secs_f64();
    assert!((2.9..3.4).contains(&used), "{used}");
}

/// The app with its settings at `path`, started as the window starts (the game kept from
/// last time put back), settled.
fn start(path: &Path, settings: Settings) -> Harness<'static, BoardplayApp> {
    let mut app = new_app(path.to_path_buf());
    app.set_settings(settings);
    app.start_with(None);
    let mut h = harness(app);
    h.run();
    h
}

#[test]
fn a_game_on_clocks_is_kept_with_its_times_and_comes_back_paused() {
    let (mut h, t) = timed_people("clock-kept", clock(60));
    click_at(&mut h, "f5, empty, legal move", t + 4.0);
    let path = h.state().settings_path().to_path_buf();
    h.state_mut().shutdown();
    let kept = std::fs::read_to_string(path.with_file_name("last-game.txt")).unwrap();
    assert!(kept.contains("clock: 1 min\n"), "{kept}");
    assert!(kept.contains("times: 4.000\n"), "{kept}");

    let settings = Settings {
        clock: clock(60),
        ..people(GameKind::Othello, 8)
    };
    let mut h = start(&path, settings);
    h.get_by_label(
        "The game from last time is on the board, paused: Resume (Ctrl+P) starts its clocks",
    );
    assert_eq!(h.state().game().main_line(), "f5");
    assert!(h.state().is_paused());
    h.get_by_label("Black's clock 0:56");
    h.get_by_label("White's clock 1:00");
    let t = now(&h) + 1.0;
    click_at(&mut h, "Resume", t);
    frame_at(&mut h, t + 1.0);
    h.get_by_label("White's clock 0:59");
    assert!(
        h.query_by_label_contains("paused: Resume").is_none(),
        "the notice of the pause is gone once play resumed"
    );
}

#[test]
fn ctrl_p_on_a_game_brought_back_paused_resumes_it_and_its_notice_goes() {
    let (mut h, t) = timed_people("clock-kept-key", clock(60));
    click_at(&mut h, "f5, empty, legal move", t + 4.0);
    let path = h.state().settings_path().to_path_buf();
    h.state_mut().shutdown();
    let settings = Settings {
        clock: clock(60),
        ..people(GameKind::Othello, 8)
    };
    let mut h = start(&path, settings);
    h.get_by_label_contains("paused: Resume (Ctrl+P)");
    let t = now(&h) + 1.0;
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    frame_at(&mut h, t);
    frame_at(&mut h, t + 2.0);
    assert!(!h.state().is_paused());
    h.get_by_label("White's clock 0:58");
    assert!(
        h.query_by_label_contains("paused: Resume").is_none(),
        "the notice of the pause is gone once play resumed"
    );
}

#[test]
fn the_move_taken_back_played_again_goes_on_against_the_computer_with_its_clock() {
    let mut h = window(
        "clock-again",
        Settings {
            clock: clock(60),
            second: PlayerChoice::Computer(PlayerSpec::Level(Level::Expert)),
            ..people(GameKind::Othello, 8)
        },
    );
    let t = now(&h) + 1.0;
    click_at(&mut h, "New game", t);
    click_at(&mut h, "f5, empty, legal move", t + 1.0);
    // Expert replies from its opening book at once: its answer may already be on the board
    // when the wait begins (then there is nothing to wait for), which the line below checks.
    h.state_mut().wait_for_computer(Duration::from_secs(30));
    frame_at(&mut h, t + 2.0);
    frame_at(&mut h, t + 2.0);
    let first_line = h.state().game().main_line();
    assert_eq!(first_line.len(), 4, "Expert replied: {first_line}");
    // Undo takes back Black's move and Expert's reply.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    frame_at(&mut h, t + 3.0);
    frame_at(&mut h, t + 3.0);
    assert_eq!(h.state().game().cursor(), 0);
    // The same move again: a move of the game from here, and Expert, on its clock, replies
    // to it again: from its opening book, at once, so its clock loses next to nothing.
    click_at(&mut h, "f5, empty, legal move", t + 4.0);
    h.state_mut().wait_for_computer(Duration::from_secs(30));
    frame_at(&mut h, t + 4.5);
    frame_at(&mut h, t + 4.5);
    let game = h.state().game();
    assert_eq!(game.moves().len(), 2, "Expert moved: {}", game.main_line());
    assert!(game.at_end());
    assert!(h.query_by_label_contains("Showing move").is_none());
    assert_eq!(game.timing().spent().len(), 2);
    let white = game.timing().spent()[1].as_secs_f64();
    assert!(white < 0.6, "White's book reply took {white} s");
    // Nothing was lost: the old line is the main line again or kept as a variation.
    let kept = game.main_line() == first_line || game.variation_lines().contains(&first_line);
    assert!(kept, "{first_line} kept: {:?}", game.variation_lines());
}

/// Picks `entry` from the panel's choice of a time control.
fn choose_clock(h: &mut Harness<'_, BoardplayApp>, entry: &str) {
    h.get_by_role_and_label(Role::ComboBox, "Clock").click();
    h.run();
    click(h, entry);
}

#[test]
fn the_time_control_is_chosen_in_the_panel_and_kept_in_the_settings() {
    let mut h = window("clock-choice", people(GameKind::Othello, 8));
    assert!(h.query_by_label_contains("'s clock").is_none(), "no clocks");
    choose_clock(&mut h, "3 min + 2 s");
    let control = TimeControl::new(180, 2).ok();
    assert_eq!(h.state().settings().clock, control);
    assert_eq!(h.state().game().time_control(), control);
    h.get_by_label_contains("Black's clock 2:5");
    h.get_by_label("White's clock 3:00");
    // A custom one: the small window starts from the game's, and starts a game on it.
    choose_clock(&mut h, "Custom...");
    click(&mut h, "Start a game");
    assert_eq!(h.state().game().time_control(), control);
    // Saved in the settings file.
    menu(&mut h, "File", "Save settings now");
    let text = std::fs::read_to_string(h.state().settings_path()).unwrap();
    assert!(
        text.contains("clock: Some((\n        seconds: 180,\n        increment: 2,\n    )),"),
        "{text}"
    );
    // Back to no clock.
    choose_clock(&mut h, "No clock");
    assert_eq!(h.state().game().time_control(), None);
    assert!(h.query_by_label_contains("'s clock").is_none());
}

#[test]
fn the_review_of_a_game_lost_on_time_says_so() {
    let mut h = window(
        "clock-review",
        Settings {
            clock: clock(5),
            ..people(GameKind::TicTacToe, 3)
        },
    );
    let t = now(&h) + 1.0;
    click_at(&mut h, "New game", t);
    click_at(&mut h, "b2, empty, legal move", t + 1.0);
    // O thinks for 5 s: its time is up.
    frame_at(&mut h, t + 7.0);
    frame_at(&mut h, t + 7.0);
    assert_eq!(h.state().game().timing().out(), Some(Side::Second));
    assert!(h.state_mut().wait_for_review(Duration::from_secs(60)));
    frame_at(&mut h, t + 8.0);
    frame_at(&mut h, t + 8.0);
    h.get_by_label(
        "X won on time: O's time ran out. No move lost much before that: O lost on time.",
    );
    assert!(h.query_by_label_contains("well played").is_none());
}
