//! Pictures of the main screens, compared with the images in tests/snapshots/ (made on the
//! CI machine with Mesa's software renderer). After a deliberate change to the look, run
//! `UPDATE_SNAPSHOTS=true cargo test --release --test snapshots` and check the new images in.

#![cfg(feature = "gui")]

use std::path::PathBuf;

use boardplay::app::BoardplayApp;
use boardplay::app::session::Game;
use boardplay::app::settings::{Display, GameKind, PlayerChoice, Settings, Theme};
use boardplay::core::Variant;
use egui_kittest::{Harness, SnapshotResults};

fn screen(game: Game, size: egui::Vec2) -> Harness<'static, BoardplayApp> {
    // A relative path that is never written, so the panel shows the same text everywhere.
    let mut app = BoardplayApp::new(PathBuf::from("target/snapshot-settings-unused.ron"));
    let variant = game.variant();
    app.set_settings(Settings {
        game: GameKind::of(variant),
        size: variant.rows(),
        first: PlayerChoice::Person,
        second: PlayerChoice::Person,
        display: Display {
            theme: Theme::Light,
            ..Display::default()
        },
        ..Settings::default()
    });
    app.set_game(game);
    let mut h = Harness::builder()
        .with_size(size)
        .wgpu()
        .build_ui_state(|ui, app: &mut BoardplayApp| app.show(ui), app);
    h.run();
    h
}

const WINDOW: egui::Vec2 = egui::vec2(900.0, 640.0);

#[test]
fn main_screens() {
    let mut results = SnapshotResults::new();
    let shots = [
        (
            "tictactoe_3x3_in_play",
            Game::from_moves(Variant::TIC_TAC_TOE_3, "b2 a1 c3").unwrap(),
            WINDOW,
        ),
        (
            "othello_8x8_dots_and_last_move",
            Game::from_moves(Variant::OTHELLO_8, "f5d6c3").unwrap(),
            WINDOW,
        ),
        (
            "othello_12x12",
            Game::from_moves(Variant::OTHELLO_12, "f5").unwrap(),
            WINDOW,
        ),
        (
            "result_overlay",
            Game::from_moves(Variant::TIC_TAC_TOE_3, "a1 b1 a2 b2 a3").unwrap(),
            WINDOW,
        ),
        (
            "othello_8x8_small_window",
            Game::from_moves(Variant::OTHELLO_8, "f5").unwrap(),
            egui::vec2(440.0, 330.0),
        ),
    ];
    for (name, game, size) in shots {
        let mut h = screen(game, size);
        results.add(h.try_snapshot(name));
    }
}
