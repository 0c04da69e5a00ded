//! The game record as the window keeps it (issue 27, "One game record, kept whole"): pause
//! belongs to the game on the board. Driven through egui_kittest by accessible
//! names, as in `app_flows.rs`.

#![cfg(feature = "gui")]

mod common;

use boardplay::ai::PlayerSpec;
use boardplay::app::settings::{PlayerChoice, Settings};
use boardplay::core::GameKind;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

use common::ui::{click, key, people, window};

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
