//! Helpers for the window's tests (egui_kittest, no real window).

use std::path::PathBuf;
use std::time::Duration;

use boardplay::app::BoardplayApp;
use boardplay::app::document::settings::{PlayerChoice, Settings};
use boardplay::app::view::board::cell_label;
use boardplay::core::GameKind;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// A fresh folder for one test's files.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardplay-ui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The seed every window test gives the computer's random choices, so a test plays the same
/// game every run.
pub const SEED: u64 = 7;

/// `app` with the computer's random choices seeded ([`SEED`]).
pub fn seeded(mut app: BoardplayApp) -> BoardplayApp {
    app.set_seed(SEED);
    app
}

/// The app with its settings file at `settings_path`, seeded: how every window test builds
/// one, so none can play differently from run to run.
pub fn new_app(settings_path: impl Into<PathBuf>) -> BoardplayApp {
    seeded(BoardplayApp::new(settings_path.into()))
}

/// Frames `Harness::run` may take before the window must have settled.
pub const SETTLE_STEPS: u64 = 64;

/// The window at 1000x820 around `app`.
pub fn harness(app: BoardplayApp) -> Harness<'static, BoardplayApp> {
    harness_at(app, egui::vec2(1000.0, 820.0))
}

/// The window at `size` around `app`, settling as [`harness`]'s does.
pub fn harness_at(app: BoardplayApp, size: egui::Vec2) -> Harness<'static, BoardplayApp> {
    Harness::builder()
        .with_size(size)
        // A computer answer arriving from its thread mid-`run()`, and the animation of its
        // move, take a few more frames than kittest's default of 4 to settle. `run()` still
        // fails if the window never settles.
        .with_max_steps(SETTLE_STEPS)
        .build_ui_state(|ui, app: &mut BoardplayApp| app.show(ui), app)
}

/// Settings for two people at the board playing `game` on `size`, with no move delay.
pub fn people(game: GameKind, size: usize) -> Settings {
    Settings {
        game,
        size,
        first: PlayerChoice::Person,
        second: PlayerChoice::Person,
        computer_delay_ms: 0,
        ..Settings::default()
    }
}

/// The app with `settings` (saved in the test's own folder), in a window, settled.
pub fn window(name: &str, settings: Settings) -> Harness<'static, BoardplayApp> {
    let mut app = new_app(temp_dir(name).join("settings.ron"));
    app.set_settings(settings);
    let mut h = harness(app);
    h.run();
    h
}

/// How long a test waits for a game file to be read on its thread (a bound, not a sleep:
/// the wait ends when the reading does).
pub const FILE_WAIT: Duration = Duration::from_secs(60);

/// Clicks the widget named `label` and lets the window settle. A game file it started to
/// open (Open, a recent game) is read to its end first, on its thread.
pub fn click(h: &mut Harness<'_, BoardplayApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
    settle_file(h);
}

/// Waits for a game file being read, if one is, and lets the window settle with what it
/// gave.
pub fn settle_file(h: &mut Harness<'_, BoardplayApp>) {
    if h.state_mut().wait_for_file(FILE_WAIT) {
        h.run();
    }
}

/// Chooses `entry` from the menu bar's `menu`, as a person does with the mouse.
pub fn menu(h: &mut Harness<'_, BoardplayApp>, menu: &str, entry: &str) {
    open_menu(h, menu);
    click(h, entry);
}

/// Opens the menu bar's `menu` (a button, unlike the panel's "Game" heading).
pub fn open_menu(h: &mut Harness<'_, BoardplayApp>, menu: &str) {
    h.get_by_role_and_label(egui::accesskit::Role::Button, menu)
        .click();
    h.run();
}

/// Types `path` in the path box (which asks where no file dialog can be shown, as in the
/// tests), over what it held, and presses its `button` ("Open" or "Save").
pub fn type_path(h: &mut Harness<'_, BoardplayApp>, path: &std::path::Path, button: &str) {
    let field = h.get_by_label("File path:");
    field.focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_label("File path:")
        .type_text(&path.display().to_string());
    h.run();
    click(h, button);
}

/// Presses `key` with `modifiers` and lets the window settle.
pub fn key(h: &mut Harness<'_, BoardplayApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

/// The accessible name of a node (or its value, for nodes named by one).
pub fn text(node: &egui_kittest::Node<'_>) -> String {
    let n = node.accesskit_node();
    n.label().or_else(|| n.value()).unwrap_or_default()
}

/// Steps `frames` frames, waiting (bounded) for each computer answer instead of sleeping.
pub fn play_frames(h: &mut Harness<'_, BoardplayApp>, frames: usize) {
    for _ in 0..frames {
        if h.state().is_thinking() {
            assert!(h.state_mut().wait_for_computer(Duration::from_secs(30)));
        }
        h.step();
    }
}

/// Plays the game to its end: the person (Black or X) clicks its first legal cell (the
/// window passes for a person with no move); the computer's answers are waited for.
pub fn play_to_the_end(h: &mut Harness<'_, BoardplayApp>, per_move: Duration) {
    for _ in 0..1000 {
        h.step();
        let app = h.state();
        let view = app.game().view();
        if view.outcome.is_over() {
            break;
        }
        if app.is_thinking() {
            assert!(
                h.state_mut().wait_for_computer(per_move),
                "the computer answered in time"
            );
            continue;
        }
        if view.must_pass {
            // Passed for the person on the next frame, with a notice.
            h.step();
            assert_ne!(h.state().game().view().to_move, view.to_move, "passed");
            h.get_by_label_contains("has no legal move and passes");
        } else {
            let label = cell_label(&view, app.game().variant(), view.legal[0]);
            h.get_by_label(&label).click();
        }
    }
    h.step();
}
