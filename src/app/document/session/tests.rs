//! The session's tests: history, undo against the computer, views, revisions and the shelf.

use crate::ai::{AlphaBetaLimit, MctsLimit};
use crate::ai::{PlayerSpec, Stop};
use crate::app::document::settings::PlayerChoice;
use crate::core::{GameKind, Move, OthelloSize, ParseError, PlayError, Side, Supported};

use super::*;

fn cell(s: &str) -> Move {
    s.parse().unwrap()
}

fn othello(moves: &str) -> Session {
    Session::from_moves(Supported::OTHELLO_8, moves).unwrap()
}

#[test]
fn playing_then_undoing_and_redoing_walks_the_history() {
    let mut g = othello("f5d6c3");
    assert_eq!(g.cursor(), 3);
    assert_eq!(g.undo_target(|_| true), Some(2));
    g.jump(2);
    assert_eq!(g.move_list(), "f5d6");
    assert_eq!(g.view().last_move, Some(cell("d6")));
    assert_eq!(g.redo_target(|_| true), Some(3));
    g.jump(3);
    assert_eq!(g.move_list(), "f5d6c3");
    assert_eq!(g.redo_target(|_| true), None);
}

#[test]
fn a_new_move_after_undo_keeps_the_old_line_as_a_variation() {
    let mut g = othello("f5d6c3");
    g.jump(1);
    g.play(cell("f6")).unwrap();
    assert_eq!(g.moves(), &[cell("f5"), cell("f6")]);
    assert!(g.at_end());
    assert_eq!(g.redo_target(|_| true), None);
    assert_eq!(
        g.variations(),
        [Variation {
            index: 0,
            from: 1,
            moves: vec![cell("d6"), cell("c3")]
        }]
    );
    // Opening it makes it the main line again, showing its first own move, and keeps
    // the f6 line in its place.
    g.open_variation(0);
    assert_eq!(g.main_line(), "f5d6c3");
    assert_eq!(g.cursor(), 2);
    assert_eq!(g.redo_target(|_| true), Some(3));
    assert_eq!(g.variations()[0].moves, [cell("f6")]);
    // Playing a variation's move on the board goes into it, and no line is doubled.
    g.jump(1);
    g.play(cell("f6")).unwrap();
    assert_eq!(g.main_line(), "f5f6");
    assert_eq!(g.variations().len(), 1);
    assert_eq!(g.variations()[0].moves, [cell("d6"), cell("c3")]);
}

#[test]
fn playing_the_games_own_next_move_keeps_the_rest_of_the_game() {
    let mut g = othello("f5d6c3d3");
    let revision = g.revision();
    g.jump(1);
    g.play(cell("d6")).unwrap();
    assert_eq!(g.cursor(), 2);
    assert_eq!(g.main_line(), "f5d6c3d3");
    assert!(g.variations().is_empty());
    assert_eq!(g.revision(), revision, "the moves did not change");
}

#[test]
fn an_illegal_move_changes_nothing_and_says_why() {
    let mut g = othello("f5");
    let before = g.board_string();
    assert_eq!(
        g.play(cell("a1")),
        Err(PlayError::NoFlips("a1".parse().unwrap()))
    );
    assert_eq!(
        g.play(cell("d4")),
        Err(PlayError::Occupied("d4".parse().unwrap()))
    );
    assert_eq!(g.board_string(), before);
    assert_eq!(g.moves().len(), 1);
}

#[test]
fn undo_against_the_computer_takes_back_the_reply_too() {
    // Black (First) is the person, White the computer.
    let person = |s: Side| s == Side::First;
    let mut g = othello("f5d6c3d3");
    // Four moves: B f5, W d6, B c3, W d3: Black is to move at 4, 2 and 0.
    assert_eq!(g.side_to_move(), Side::First);
    g.jump(4);
    assert_eq!(g.undo_target(person), Some(2));
    g.jump(2);
    assert_eq!(g.undo_target(person), Some(0));
    assert_eq!(g.redo_target(person), Some(4));
}

#[test]
fn undo_while_the_computer_is_to_move_takes_back_the_persons_move() {
    let person = |s: Side| s == Side::First;
    let g = othello("f5d6c3");
    // White (the computer) is to move after c3; undo goes to Black's turn before c3.
    assert_eq!(g.undo_target(person), Some(2));
}

#[test]
fn with_the_computer_first_the_first_reply_cannot_be_undone_alone() {
    let person = |s: Side| s == Side::Second;
    let g = othello("f5");
    assert_eq!(g.undo_target(person), None);
    let g = othello("f5d6c3");
    assert_eq!(g.undo_target(person), Some(1));
}

#[test]
fn computer_against_computer_undoes_one_move() {
    let nobody = |_: Side| false;
    let g = othello("f5d6");
    assert_eq!(g.undo_target(nobody), Some(1));
}

#[test]
fn the_view_shows_legal_cells_and_counts() {
    let g = Session::new(Supported::OTHELLO_8);
    let v = g.view();
    let mut legal: Vec<String> = v.legal.iter().map(|c| c.to_string()).collect();
    legal.sort();
    assert_eq!(legal, ["c4", "d3", "e6", "f5"]);
    assert_eq!(v.counts, [2, 2]);
    assert_eq!(v.to_move, Side::First);
    assert!(!v.must_pass);
}

#[test]
fn a_forced_pass_is_shown_and_recorded() {
    // Black to move on 4x4 with every empty cell next to Black only: no flips anywhere.
    let mut g =
        Session::from_board(Supported::Othello(OthelloSize::S4), "OOOO OOOO OXXO ---- X").unwrap();
    let v = g.view();
    assert!(v.must_pass);
    assert!(v.legal.is_empty());
    g.play(Move::Pass).unwrap();
    assert_eq!(g.move_list(), "pass");
    assert_eq!(g.side_to_move(), Side::Second);
}

#[test]
fn the_revision_changes_with_the_moves_and_the_shown_position_with_the_cursor() {
    let mut g = othello("f5d6c3");
    let first = g.revision();
    let copy = g.clone();
    assert_eq!(copy.shown(), g.shown(), "a copy is the same game");
    assert_ne!(othello("f5d6c3").revision(), first, "another game is not");
    g.jump(1);
    assert_eq!(g.revision(), first, "jumps change no move");
    assert_ne!(g.shown(), copy.shown());
    g.jump(2);
    g.play(cell("c3")).unwrap();
    assert_eq!(g.shown(), copy.shown(), "the last move played again");
    g.jump(1);
    g.play(cell("f6")).unwrap();
    assert_ne!(g.revision(), first, "a new main line");
    assert_eq!(g.move_list(), "f5f6");
    let before = g.shown();
    assert!(g.play(cell("a1")).is_err());
    assert_eq!(g.shown(), before, "a refused move changes nothing");
    g.jump(0);
    g.play(cell("d3")).unwrap();
    assert_ne!(g.revision(), before.revision);
}

#[test]
fn a_bad_move_list_leaves_no_game() {
    let e = Session::from_moves(Supported::OTHELLO_8, "f5 zz").unwrap_err();
    assert!(matches!(e, ParseError::BadMoveText { ply: 2, .. }));
    let e = Session::from_moves(GameKind::TicTacToe.standard(), "a1 a1").unwrap_err();
    assert!(matches!(e, ParseError::IllegalMove { ply: 2, .. }));
}

#[test]
fn the_computer_job_returns_a_legal_move() {
    let g = othello("f5");
    for computer in [
        PlayerSpec::Random,
        PlayerSpec::Level(crate::ai::Level::Medium),
        PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(3)),
        PlayerSpec::Mcts(MctsLimit::Iterations(300)),
    ] {
        let (job, _) =
            crate::app::jobs::searches::computer_job(&g, &computer, 7, 1, None, Default::default());
        let mut reports = 0;
        let mv = (job.run)(&Stop::new(), &mut |_| reports += 1)
            .unwrap()
            .unwrap();
        assert!(g.check(mv).is_ok(), "{computer:?}");
        if computer != PlayerSpec::Random {
            assert!(reports > 0, "{computer:?} reports its progress");
        }
    }
}

fn aside(moves: &str, players: [PlayerChoice; 2]) -> SetAside {
    SetAside {
        game: othello(moves),
        players,
    }
}

const PEOPLE: [PlayerChoice; 2] = [PlayerChoice::Person, PlayerChoice::Person];
const VS_RANDOM: [PlayerChoice; 2] = [
    PlayerChoice::Person,
    PlayerChoice::Computer(PlayerSpec::Random),
];

#[test]
fn new_games_are_shelved_and_come_back_in_order() {
    let mut shelf = Shelf::default();
    assert!(shelf.previous().is_none());
    shelf.start_new(aside("f5d6", PEOPLE));
    shelf.start_new(aside("f5f6e6", VS_RANDOM));
    assert_eq!(shelf.previous().unwrap().game.move_list(), "f5f6e6");
    // Back from a new game with one move: the new game is kept for Redo.
    let back = shelf.back(aside("c4", PEOPLE)).unwrap();
    assert_eq!(back.game.move_list(), "f5f6e6");
    assert_eq!(back.players, VS_RANDOM);
    assert_eq!(shelf.next().unwrap().game.move_list(), "c4");
    let back = shelf.back(back).unwrap();
    assert_eq!(back.game.move_list(), "f5d6");
    assert!(shelf.previous().is_none());
    let fwd = shelf.forward(back).unwrap();
    assert_eq!(fwd.game.move_list(), "f5f6e6");
    let fwd = shelf.forward(fwd).unwrap();
    assert_eq!(fwd.game.move_list(), "c4");
    assert!(shelf.forward(fwd.clone()).is_none());
}

#[test]
fn an_empty_game_is_not_kept_and_games_ahead_are_not_lost() {
    let mut shelf = Shelf::default();
    shelf.start_new(aside("", PEOPLE));
    assert!(
        shelf.previous().is_none(),
        "nothing to lose in an empty game"
    );
    shelf.start_new(aside("f5", PEOPLE));
    shelf.start_new(aside("d3", PEOPLE));
    // Back to d3, then to f5, leaving d3 ahead; then a new game from f5.
    let d3 = shelf.back(aside("", PEOPLE)).unwrap();
    assert!(shelf.next().is_none(), "the empty game is not kept");
    let f5 = shelf.back(d3).unwrap();
    assert_eq!(shelf.next().unwrap().game.move_list(), "d3");
    shelf.start_new(f5);
    assert!(shelf.next().is_none());
    let mut seen = Vec::new();
    let mut current = aside("", PEOPLE);
    while let Some(previous) = shelf.back(current) {
        seen.push(previous.game.move_list());
        current = previous;
    }
    assert_eq!(seen, ["d3", "f5"], "both games are still there");
}

#[test]
fn a_restart_keeps_the_starting_position_and_the_game_knows_when_it_ended() {
    let g =
        Session::from_board(Supported::Othello(OthelloSize::S4), "OOOO OOOO OXXO ---- X").unwrap();
    let mut played = g.clone();
    played.play(Move::Pass).unwrap();
    let fresh = played.restart();
    assert_eq!(fresh.board_string(), g.board_string());
    assert!(fresh.moves().is_empty());
    assert!(!fresh.is_fresh(), "a set-up position is worth keeping");
    assert!(othello("").is_fresh());
    assert!(!othello("f5").is_fresh());
    assert_ne!(played.revision(), fresh.revision());
    let mut over = othello("");
    assert!(!over.is_finished());
    over = Session::from_moves(Supported::Othello(OthelloSize::S4), "").unwrap();
    while !over.view().outcome.is_over() {
        let mv = over
            .view()
            .legal
            .first()
            .map_or(Move::Pass, |c| Move::Place(*c));
        over.play(mv).unwrap();
    }
    assert!(over.is_finished());
    over.jump(1);
    assert!(over.is_finished(), "whichever position is shown");
    assert_eq!(
        over.summary(),
        format!("Othello 4x4, {} moves", over.moves().len())
    );
}

#[test]
fn the_move_taken_back_played_on_ends_the_game_there_and_keeps_the_old_line() {
    use std::time::Duration;
    let mut g = othello("f5d6c3").with_time_control(crate::core::TimeControl::new(60, 0).ok());
    let before = g.revision();
    g.jump(0);
    // The game's own next move, played on: the game goes on from it.
    g.play_on(cell("f5"), Duration::from_secs(2)).unwrap();
    assert_eq!(g.main_line(), "f5");
    assert!(g.at_end());
    assert_ne!(g.revision(), before, "the main line changed");
    assert_eq!(g.timing().spent(), [Duration::from_secs(2)]);
    assert_eq!(g.variation_lines(), ["f5d6c3"]);
    // The reply as before: the old line continues the main line, kept while it holds more.
    g.play_on(cell("d6"), Duration::from_secs(1)).unwrap();
    assert_eq!(g.main_line(), "f5d6");
    assert_eq!(g.variation_lines(), ["f5d6c3"]);
    g.play_on(cell("c3"), Duration::ZERO).unwrap();
    assert_eq!(g.main_line(), "f5d6c3");
    assert!(g.variations().is_empty(), "nothing more in it: dropped");
    // An illegal move changes nothing.
    g.jump(1);
    assert!(g.play_on(cell("a1"), Duration::ZERO).is_err());
    assert_eq!(g.main_line(), "f5d6c3");
    // Stepping along (between people without clocks) is still there.
    g.play(cell("d6")).unwrap();
    assert_eq!(g.cursor(), 2);
    assert_eq!(g.main_line(), "f5d6c3");
}
