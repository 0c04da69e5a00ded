//! Analysis mode in the window: the values written on the legal cells, read through their
//! accessible names. FFO #1 shows g8 at +18, exact and best; a tic-tac-toe position shows
//! the perfect solver's values. Waits on the analysis worker with a time limit.

#![cfg(feature = "gui")]

mod common;

use std::time::Duration;

use boardplay::ai::solver::tictactoe::solve_plain;
use boardplay::ai::tictactoe::ttt_moves_to_end;
use boardplay::app::BoardplayApp;
use boardplay::app::document::session::Session;
use boardplay::app::document::settings::{PlayerChoice, Settings};
use boardplay::core::tictactoe::TicTacToe;
use boardplay::core::{GameKind, Move, Position, Supported};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use common::ui::{harness, new_app, temp_dir};

const WAIT: Duration = Duration::from_secs(60);

/// The board string of FFO #1, from the shared file.
fn ffo_1() -> String {
    common::ffo(1).board_string()
}

/// The app with two people seated (so no computer moves), Analysis mode on, showing `game`.
fn analysing(name: &str, kind: GameKind, game: Session) -> Harness<'static, BoardplayApp> {
    let mut app = new_app(temp_dir(name).join("settings.ron"));
    let mut settings = Settings {
        game: kind,
        size: game.variant().rows(),
        first: PlayerChoice::Person,
        second: PlayerChoice::Person,
        ..Settings::default()
    };
    settings.display.analysis = true;
    app.set_settings(settings);
    app.set_game(game);
    let mut h = harness(app);
    // The first frame starts the analysis; then wait for its final values and show them.
    h.step();
    assert!(
        h.state_mut().wait_for_analysis(WAIT),
        "the analysis finished"
    );
    h.run();
    h
}

/// The accessible name of the cell widget whose name starts with `cell`.
fn cell_name(h: &Harness<'_, BoardplayApp>, cell: &str) -> String {
    let prefix = format!("{cell}, ");
    let node = h.get_by(|n| n.label().is_some_and(|l| l.starts_with(&prefix)));
    node.accesskit_node().label().unwrap_or_default()
}

#[test]
fn ffo_1_shows_g8_at_plus_18_exact_and_best() {
    let game = Session::from_board(Supported::OTHELLO_8, &ffo_1()).unwrap();
    let legal = game.view().legal;
    let h = analysing("ffo1", GameKind::Othello, game);
    assert_eq!(
        cell_name(&h, "g8"),
        "g8, empty, legal move, value +18 exact, best"
    );
    let analysis = h.state().analysis().expect("values for the shown position");
    assert_eq!(analysis.values.len(), legal.len());
    for cell in legal.iter().filter(|c| c.to_string() != "g8") {
        let name = cell_name(&h, &cell.to_string());
        assert!(name.contains(" exact"), "{name}");
        assert!(!name.ends_with(", best"), "only g8 is best: {name}");
    }
}

#[test]
fn tictactoe_values_are_the_perfect_solvers() {
    let board = "X-O-X---O X";
    let game = Session::from_board(GameKind::TicTacToe.standard(), board).unwrap();
    let pos = TicTacToe::classic().parse_board(board).unwrap();
    let h = analysing("ttt", GameKind::TicTacToe, game);
    let best = pos
        .legal_moves()
        .map(|mv| -solve_plain(&pos.play_unchecked(mv)))
        .max()
        .unwrap();
    for mv in pos.legal_moves() {
        let Move::Place(cell) = mv else {
            unreachable!()
        };
        let v = -solve_plain(&pos.play_unchecked(mv));
        let value = match ttt_moves_to_end(&pos, v) {
            Some(n) if v > 0 => format!("W{n}"),
            Some(n) => format!("L{n}"),
            None => "D".into(),
        };
        let mut want = format!("{cell}, empty, legal move, value {value} exact");
        if v == best {
            want.push_str(", best");
        }
        assert_eq!(cell_name(&h, &cell.to_string()), want);
    }
}

#[test]
fn turning_analysis_off_clears_the_values() {
    let game = Session::from_moves(GameKind::TicTacToe.standard(), "b2").unwrap();
    let mut h = analysing("off", GameKind::TicTacToe, game);
    assert!(cell_name(&h, "a1").contains(", value "));
    let mut settings = h.state().settings();
    settings.display.analysis = false;
    h.state_mut().set_settings(settings);
    h.run();
    assert_eq!(h.state().analysis(), None);
    assert_eq!(cell_name(&h, "a1"), "a1, empty, legal move");
}

#[test]
fn beyond_the_solvers_reach_analysis_keeps_thinking_until_every_value_is_exact() {
    // FFO #35: 21 empties, one more than the analysis solves at once; c7 is the one best
    // move, at 0 (the published score).
    let board = common::ffo(35).board_string();
    let game = Session::from_board(Supported::OTHELLO_8, &board).unwrap();
    let legal = game.view().legal;
    let h = analysing("ffo35", GameKind::Othello, game);
    assert_eq!(
        cell_name(&h, "c7"),
        "c7, empty, legal move, value +0 exact, best"
    );
    for cell in &legal {
        let name = cell_name(&h, &cell.to_string());
        assert!(name.contains(" exact"), "{name}");
    }
    h.get_by_label_contains("all exact");
    // Done: its thread has ended, and nothing more is computed for this position.
    assert!(!h.state().is_analysing());
}
