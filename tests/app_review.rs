//! After a game: the review chart and the marked moves. Starting another game (New game, or
//! changing the game, the board or the players) loses nothing: Undo brings the old one back.
//! Keyboard control of computer-against-computer play.

#![cfg(feature = "gui")]

mod common;

use std::time::Duration;

use boardplay::ai::{Context, Game as _, Level, PlayerSpec, Stop};
use boardplay::app::document::settings::PlayerChoice;
use boardplay::app::view::command::Command;
use boardplay::core::othello::{Othello, Size4};
use boardplay::core::{GameKind, Variant};
use common::ui::{click, key, people, play_frames, text, window};
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

const WAIT: Duration = Duration::from_secs(60);

fn level(level: Level) -> PlayerChoice {
    PlayerChoice::Computer(PlayerSpec::Level(level))
}

#[test]
fn a_finished_game_is_charted_and_the_move_that_lost_it_marked() {
    let mut h = window("review-ttt", people(GameKind::TicTacToe, 3));
    // X b2, O a1, X a3: X threatens c1, and O's c3 does not stop it.
    for cell in ["b2", "a1", "a3", "c3", "c1"] {
        click(&mut h, &format!("{cell}, empty, legal move"));
    }
    assert!(h.state().game().is_finished());
    assert!(h.state_mut().wait_for_review(WAIT), "the review finished");
    h.run();
    let chart = h.get_by_label_contains("Evaluation chart over 5 moves");
    assert_eq!(
        text(&chart),
        "Evaluation chart over 5 moves, X wins at the end"
    );
    // The history marks O's c3, and the review says what it lost.
    h.get_by_label("4. c3?");
    assert!(h.query_by_label("2. a1?").is_none(), "a1 kept the draw");
    let line = h.get_by_label_contains("4. c3? ");
    assert_eq!(text(&line), "4. c3? O turned a draw into a loss (best: c1)");
    // Clicking it shows the position before the mistake.
    line.click();
    h.run();
    assert_eq!(h.state().game().cursor(), 3);
    assert_eq!(
        h.state().game().move_list(),
        "b2a1a3",
        "the board shows the position O faced"
    );
    let review = h.state().review().expect("the review stays while browsing");
    assert!(review.done);
    assert_eq!(review.start, Some(0.0));
    // Clicking the chart shows the position at that point: here its middle.
    click(&mut h, "5. c1");
    assert_eq!(h.state().game().cursor(), 5);
    h.get_by_label_contains("Evaluation chart").click();
    h.run();
    let cursor = h.state().game().cursor();
    assert!((2..=3).contains(&cursor), "{cursor}");
}

#[test]
fn an_othello_review_covers_every_move_and_is_exact_at_the_end() {
    // Black and White both play the computer's Beginner moves until the game ends.
    let mut settings = people(GameKind::Othello, 8);
    settings.first = level(Level::Beginner);
    settings.second = level(Level::Beginner);
    let mut h = window("review-othello", settings);
    for _ in 0..200 {
        if h.state().game().is_finished() {
            break;
        }
        play_frames(&mut h, 1);
    }
    assert!(h.state().game().is_finished());
    assert!(h.state_mut().wait_for_review(WAIT));
    h.run();
    let review = h.state().review().unwrap();
    let game = h.state().game();
    assert_eq!(review.moves.len(), game.moves().len());
    assert_eq!(review.total, game.moves().len());
    let view = game.view();
    let final_diff = view.counts[0] as f32 - view.counts[1] as f32;
    let last = review.moves.last().unwrap();
    assert!(last.exact, "the last moves are solved");
    // The value after the last move is the final disc difference (empties to the winner).
    let empties = 64.0 - (view.counts[0] + view.counts[1]) as f32;
    let expected = final_diff + empties * final_diff.signum();
    assert_eq!(last.value, expected);
    h.get_by_label_contains(&format!(
        "Evaluation chart over {} moves",
        game.moves().len()
    ));
}

#[test]
fn changing_the_board_mid_game_starts_anew_and_undo_brings_the_old_game_back() {
    let mut h = window("shelf-size", people(GameKind::TicTacToe, 3));
    click(&mut h, "b2, empty, legal move");
    click(&mut h, "a1, empty, legal move");
    click(&mut h, "4x4");
    assert_eq!(
        h.state().game().variant(),
        Variant::TicTacToe {
            rows: 4,
            cols: 4,
            k: 4
        }
    );
    assert!(h.state().game().moves().is_empty());
    h.get_by_label("Undo goes back to the previous game (tic-tac-toe 3x3, 2 moves)");
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().game().variant(), Variant::TIC_TAC_TOE_3);
    assert_eq!(h.state().game().move_list(), "b2a1");
    assert_eq!(
        h.state().settings().size,
        3,
        "the panel shows the old board"
    );
    h.get_by_label("Back to the game tic-tac-toe 3x3, 2 moves");
    // Undo goes on within that game.
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().game().cursor(), 1);

    // A pasted game replaces the one on the board, which Undo brings back the same way.
    // (A move list is read in the game chosen: switch to Othello first. The empty Othello
    // game is not kept: there is nothing in it to lose.)
    click(&mut h, "Othello");
    h.state_mut().apply(Command::Paste("f5d6".into()), None);
    h.run();
    assert_eq!(h.state().game().move_list(), "f5d6");
    for _ in 0..3 {
        click(&mut h, "Undo");
    }
    assert_eq!(h.state().game().variant(), Variant::TIC_TAC_TOE_3);
    assert_eq!(h.state().game().move_list(), "b2");
}

#[test]
fn changing_or_swapping_players_mid_game_carries_on_the_same_game() {
    let mut settings = people(GameKind::Othello, 8);
    settings.second = level(Level::Beginner);
    let mut h = window("same-game-players", settings);
    click(&mut h, "f5, empty, legal move");
    play_frames(&mut h, 4);
    h.run();
    assert_eq!(h.state().game().moves().len(), 2, "the computer replied");
    let before = h.state().game().main_line();

    // Swap: the computer now has Black, which is to move, and plays on in the same game.
    click(&mut h, "Swap sides");
    assert_eq!(h.state().settings().first, level(Level::Beginner));
    assert_eq!(h.state().settings().second, PlayerChoice::Person);
    play_frames(&mut h, 4);
    h.run();
    let after_swap = h.state().game().main_line();
    assert_eq!(h.state().game().moves().len(), 3, "{after_swap}");
    assert!(after_swap.starts_with(&before), "the same game goes on");
    assert!(
        h.state().previous_game().is_none(),
        "no new game was started"
    );

    // Changing a level from the panel carries on too: now the computers play each other.
    click(&mut h, "White");
    click(&mut h, "Easy");
    assert_eq!(h.state().settings().second, level(Level::Easy));
    play_frames(&mut h, 8);
    h.run();
    let game = h.state().game();
    assert!(game.moves().len() > 3, "play went on: {}", game.main_line());
    assert!(game.main_line().starts_with(&after_swap));
    assert!(h.state().previous_game().is_none());
}

#[test]
fn ctrl_p_pauses_and_resumes_and_ctrl_period_steps() {
    let mut settings = people(GameKind::Othello, 8);
    settings.first = level(Level::Beginner);
    settings.second = level(Level::Easy);
    let mut h = window("keys-pause", settings);
    play_frames(&mut h, 6);
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.step();
    h.step();
    assert!(h.state().is_paused());
    let held = h.state().game().moves().len();
    play_frames(&mut h, 8);
    assert_eq!(h.state().game().moves().len(), held, "held while paused");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Period);
    play_frames(&mut h, 8);
    assert_eq!(h.state().game().moves().len(), held + 1, "one step");
    assert!(h.state().is_paused());
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    play_frames(&mut h, 8);
    assert!(!h.state().is_paused());
    assert!(h.state().game().moves().len() > held + 2, "play goes on");
}

#[test]
fn a_level_chosen_for_a_game_comes_back_with_that_game() {
    let mut settings = people(GameKind::TicTacToe, 3);
    settings.second = level(Level::Perfect);
    let mut h = window("level-per-game", settings);
    // Othello's 8x8 has no Perfect: Expert plays there.
    click(&mut h, "Othello");
    assert_eq!(h.state().settings().second, level(Level::Expert));
    // Chosen for Othello: Hard for Black.
    click(&mut h, "Black");
    click(&mut h, "Hard");
    assert_eq!(h.state().settings().first, level(Level::Hard));
    // Back on tic-tac-toe, Perfect again, and a person at X as before.
    click(&mut h, "Tic-tac-toe");
    assert_eq!(h.state().settings().first, PlayerChoice::Person);
    assert_eq!(h.state().settings().second, level(Level::Perfect));
    // And Othello's own players again on Othello.
    click(&mut h, "Othello");
    assert_eq!(h.state().settings().first, level(Level::Hard));
    assert_eq!(h.state().settings().second, level(Level::Expert));
    // Kept in the settings file, so a restart keeps them too.
    let text = h.state().settings().to_ron();
    assert!(
        text.contains(
            "players_by_game: [\n        (TicTacToe, (Person, Computer(Level(Perfect)))),"
        ),
        "{text}"
    );
}

#[test]
fn a_game_lost_without_a_costly_move_is_not_called_well_played() {
    // On 4x4 Othello both sides play perfectly: no move loses anything, and yet one side
    // loses, as the solver says it must from the start.
    let mut settings = people(GameKind::Othello, 4);
    settings.first = level(Level::Perfect);
    settings.second = level(Level::Perfect);
    let mut h = window("review-perfect-4x4", settings);
    for _ in 0..200 {
        if h.state().game().is_finished() {
            break;
        }
        play_frames(&mut h, 1);
    }
    assert!(h.state().game().is_finished());
    assert!(h.state_mut().wait_for_review(WAIT));
    h.run();
    let start = Othello::<Size4>::start();
    let solved = start
        .solve(&mut Context::new(&Stop::new(), &mut |_| {}), false)
        .unwrap();
    assert_ne!(solved.score, 0, "4x4 Othello is won by one side");
    let (winner, loser) = if solved.score > 0 {
        ("Black", "White")
    } else {
        ("White", "Black")
    };
    let review = h.state().review().unwrap();
    assert!(review.moves.iter().all(|m| m.loss == 0.0), "{review:?}");
    // The verdict under the chart (the status line says who wins too).
    let verdict = text(&h.get_by_label_contains("lost much"));
    assert!(verdict.starts_with(&format!("{winner} wins ")), "{verdict}");
    assert!(!verdict.contains("well played"), "{verdict}");
    assert!(
        verdict.ends_with(&format!(
            "No move of {loser}'s lost much by the review's measure: {winner} was ahead from \
             the start, and stayed ahead."
        )),
        "{verdict}"
    );
}
