//! The game record as the window keeps it (issue 27, "One game record, kept whole"): pause
//! and the computer's move belong to the game on the board. Driven through egui_kittest by accessible
//! names, as in `app_flows.rs`.

#![cfg(feature = "gui")]

mod common;

use boardplay::ai::PlayerSpec;
use boardplay::app::BoardplayApp;
use boardplay::app::settings::{PlayerChoice, Settings};
use boardplay::core::GameKind;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use common::ui::{click, key, open_menu, people, window};

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
