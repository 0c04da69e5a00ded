//! The computer players in the window: a whole game against every level, hints, watching
//! the computer think, computer against computer with pause, resume and step, and
//! cancelling a search. Driven through egui_kittest by accessible names; every wait has a
//! time limit.

#![cfg(feature = "gui")]

mod common;

use std::time::Duration;

use boardplay::ai::minimax::minimax;
use boardplay::ai::solver::tictactoe::solve_plain;
use boardplay::ai::tictactoe::ttt_moves_to_end;
use boardplay::ai::{AlphaBetaLimit, Game as _, Level, PlayerSpec};
use boardplay::app::BoardplayApp;
use boardplay::app::document::session::Session;
use boardplay::app::document::settings::{PlayerChoice, Settings};
use boardplay::app::view::board::cell_label;
use boardplay::app::view::words::result_text;
use boardplay::core::othello::Othello8;
use boardplay::core::tictactoe::TicTacToe;
use boardplay::core::{GameKind, Outcome, Position, Side, Variant};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::ui::{SETTLE_STEPS, harness, new_app, play_frames, play_to_the_end, temp_dir, text};

/// The app with `first` and `second` seated, no move delay, a fixed seed.
fn app(
    name: &str,
    game: GameKind,
    size: usize,
    first: PlayerChoice,
    second: PlayerChoice,
) -> Harness<'static, BoardplayApp> {
    let mut app = new_app(temp_dir(name).join("settings.ron"));
    app.set_settings(Settings {
        game,
        size,
        first,
        second,
        computer_delay_ms: 0,
        ..Settings::default()
    });
    let mut h = harness(app);
    h.step();
    h
}

fn computer(level: Level) -> PlayerChoice {
    PlayerChoice::Computer(PlayerSpec::Level(level))
}

/// The result names the winner that the disc or mark counts say.
fn check_result(h: &Harness<'_, BoardplayApp>) -> Outcome {
    let game = h.state().game();
    let view = game.view();
    assert!(view.outcome.is_over(), "the game ended");
    assert!(!h.state().is_thinking());
    let variant = game.variant();
    if let Variant::Othello { .. } = variant {
        let expected = match view.counts[0].cmp(&view.counts[1]) {
            std::cmp::Ordering::Greater => Outcome::Won(Side::First),
            std::cmp::Ordering::Less => Outcome::Won(Side::Second),
            std::cmp::Ordering::Equal => Outcome::Drawn,
        };
        assert_eq!(view.outcome, expected, "more discs wins");
    }
    let text = result_text(variant, view.outcome, view.counts);
    // In the status line, where it hides nothing of the board.
    h.get_by_label(&format!("Game over: {text}"));
    view.outcome
}

macro_rules! full_games {
    ($($name:ident: $game:expr, $size:expr, $level:expr;)*) => {$(
        #[test]
        fn $name() {
            let mut h = app(stringify!($name), $game, $size, PlayerChoice::Person, computer($level));
            play_to_the_end(&mut h, Duration::from_secs(60));
            let outcome = check_result(&h);
            if $level >= Level::Medium && $game == GameKind::TicTacToe {
                // From Medium up the computer blocks a line the person is about to make;
                // first-legal-cell play never wins against it.
                assert_ne!(outcome, Outcome::Won(Side::First), "{:?}", h.state().game());
            }
        }
    )*};
}

full_games! {
    ttt_against_beginner: GameKind::TicTacToe, 3, Level::Beginner;
    ttt_against_easy: GameKind::TicTacToe, 3, Level::Easy;
    ttt_against_medium: GameKind::TicTacToe, 3, Level::Medium;
    ttt_against_hard: GameKind::TicTacToe, 3, Level::Hard;
    ttt_against_expert: GameKind::TicTacToe, 3, Level::Expert;
    ttt_against_perfect: GameKind::TicTacToe, 3, Level::Perfect;
    othello_against_beginner: GameKind::Othello, 8, Level::Beginner;
    othello_against_easy: GameKind::Othello, 8, Level::Easy;
    othello_against_medium: GameKind::Othello, 8, Level::Medium;
    othello_against_hard: GameKind::Othello, 8, Level::Hard;
    othello_against_expert: GameKind::Othello, 8, Level::Expert;
}

#[test]
fn undo_during_the_computers_turn_cancels_the_search_and_no_stale_move_lands() {
    // Expert on 12x12, held by a 2 s move delay: caught thinking, whether or not its search
    // has already answered.
    let mut h = app(
        "undo",
        GameKind::Othello,
        12,
        PlayerChoice::Person,
        computer(Level::Expert),
    );
    // With a delay, an answer that came early still waits, so the computer is caught
    // thinking; a stale answer that were not dropped would land within the frames below
    // (kittest's clock runs 0.25 s a frame).
    let mut s = h.state().settings();
    s.computer_delay_ms = 2_000;
    h.state_mut().set_settings(s);
    h.get_by_label("f5, empty, legal move").click();
    h.step();
    h.step();
    assert!(h.state().is_thinking());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.step();
    assert!(!h.state().is_thinking(), "undo stops the search");
    assert_eq!(h.state().game().cursor(), 0);
    // Once the dropped search has ended and sent its answer, and frames past its delay
    // have run (kittest's clock runs 0.25 s a frame), nothing has been played.
    assert!(
        h.state_mut()
            .wait_for_computer_searches_to_end(Duration::from_secs(30)),
        "the dropped search ends"
    );
    h.run_steps(12);
    assert_eq!(h.state().game().cursor(), 0);
    assert_eq!(h.state().game().move_list(), "");
    assert_eq!(
        h.state().game().moves().len(),
        1,
        "only f5 is left, to redo"
    );
    h.get_by_label("Black to move");
}

#[test]
fn a_hint_marks_a_legal_move_and_goes_when_the_position_changes() {
    let mut h = app(
        "hint",
        GameKind::Othello,
        8,
        PlayerChoice::Person,
        PlayerChoice::Person,
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::H);
    h.step();
    assert!(h.state().is_hinting() || h.state().hint().is_some());
    assert!(h.state_mut().wait_for_hint(Duration::from_secs(30)));
    h.step();
    let hint = h.state().hint().unwrap();
    let marked = h.get_by_label_contains(", hint");
    let name = text(&marked);
    assert!(
        name.starts_with(&format!("{hint}, empty, legal move")),
        "{name}"
    );
    h.get_by_label_contains(&format!("Hint for Black: {hint} ("));
    // Playing the hint changes the position: the hint is gone.
    marked.click();
    h.step();
    h.step();
    assert!(h.query_by_label_contains(", hint").is_none());
    assert!(h.state().hint().is_none());

    // The button works too, on tic-tac-toe.
    h.get_by_label("Tic-tac-toe").click();
    h.step();
    h.get_by_label("Hint").click();
    h.step();
    assert!(h.state_mut().wait_for_hint(Duration::from_secs(30)));
    h.step();
    let marked = h.get_by_label_contains(", hint");
    assert!(text(&marked).contains("legal move"));
}

/// The app with two people at `board`, a hint asked for and found, settled: the searched
/// hint, with the opening book off (the book's hint: `app_book::a_hint_follows_the_book_setting`).
fn hinted(name: &str, kind: GameKind, board: &str) -> Harness<'static, BoardplayApp> {
    let size = if kind == GameKind::Othello { 8 } else { 3 };
    let mut app = new_app(temp_dir(name).join("settings.ron"));
    app.set_settings(Settings {
        game: kind,
        size,
        first: PlayerChoice::Person,
        second: PlayerChoice::Person,
        computer_delay_ms: 0,
        book: boardplay::ai::book::BookOptions {
            on: false,
            ..Default::default()
        },
        ..Settings::default()
    });
    let mut h = harness(app);
    h.step();
    let supported = kind.square(size).unwrap();
    h.state_mut()
        .set_game(Session::from_board(supported, board).unwrap());
    h.step();
    h.get_by_label("Hint").click();
    h.step();
    assert!(h.state_mut().wait_for_hint(Duration::from_secs(60)));
    h.run();
    h
}

#[test]
fn the_hint_shows_its_value_and_how_deep_it_was_searched() {
    // The start of Othello: Hard searches 6 plies, so the hint's value is the 6-ply minimax
    // value of its move with the hand-written evaluation.
    let start = Othello8::start();
    let h = hinted("hint-value", GameKind::Othello, &start.to_board_string());
    let hint = h.state().hint().unwrap();
    let value = -minimax(&start.play_unchecked(hint), 5);
    let label = format!("{:+}", Othello8::display_score(value));
    h.get_by_label(&format!(
        "Hint for Black: {hint} ({label} discs, searched 6 plies)"
    ));
    h.get_by_label(&format!("{hint}, empty, legal move, hint {label}"));

    // FFO #1, 14 empties: Hard solves, and its hint is the one best move, g8, exact at +18
    // (the published score).
    let h = hinted(
        "hint-exact",
        GameKind::Othello,
        &common::ffo(1).board_string(),
    );
    h.get_by_label("Hint for Black: g8 (+18 discs, exact)");
    h.get_by_label("g8, empty, legal move, hint +18 exact");

    // Tic-tac-toe: a win, a draw or a loss, and in how many moves, from the perfect solver.
    let board = "X-O-X---O X";
    let h = hinted("hint-ttt", GameKind::TicTacToe, board);
    let hint = h.state().hint().unwrap();
    let pos = TicTacToe::classic().parse_board(board).unwrap();
    let v = -solve_plain(&pos.play_unchecked(hint));
    let (label, words) = match ttt_moves_to_end(&pos, v) {
        Some(n) if v > 0 => (format!("W{n}"), format!("a win in {n} moves")),
        Some(n) => (format!("L{n}"), format!("a loss in {n} moves")),
        None => ("D".to_string(), "a draw".to_string()),
    };
    h.get_by_label(&format!("Hint for X: {hint} ({label}, {words}, exact)"));
    h.get_by_label_contains(&format!("{hint}, empty, legal move, hint {label} exact"));
}

#[test]
fn a_hint_within_22_empties_is_solved_like_the_analysis() {
    // FFO #26 (20 empties), #35 and #36 (21) and #37 (22): beyond Hard's own solving, the
    // hint solves as Analysis mode does: a published best move, at its published score,
    // exact (not "searched 6 plies" with another value).
    for id in [26, 35, 36, 37] {
        let ffo = common::ffo(id);
        let h = hinted(
            &format!("hint-ffo-{id}"),
            GameKind::Othello,
            &ffo.board_string(),
        );
        let hint = h.state().hint().unwrap().to_string();
        assert!(
            ffo.best_moves.contains(&hint),
            "FFO #{id}: {hint} is not among the best moves {:?}",
            ffo.best_moves
        );
        let side = if ffo.side == 'X' { "Black" } else { "White" };
        let score = format!("{:+}", ffo.score);
        h.get_by_label(&format!("Hint for {side}: {hint} ({score} discs, exact)"));
        h.get_by_label(&format!("{hint}, empty, legal move, hint {score} exact"));
    }
}

#[test]
fn a_hint_is_only_for_a_person_to_move() {
    let mut h = app(
        "hint-computer",
        GameKind::Othello,
        8,
        // Thinks for 20 s, so Black is still to move when the hint is asked for.
        PlayerChoice::Computer(PlayerSpec::AlphaBeta(AlphaBetaLimit::Time(
            Duration::from_millis(20_000),
        ))),
        PlayerChoice::Person,
    );
    h.state_mut().apply(
        boardplay::app::view::command::Command::Action(boardplay::app::view::command::Action::Hint),
        None,
    );
    h.step();
    h.get_by_label("Hints are for a person to move, and the computer plays Black");
    assert!(!h.state().is_hinting());
}

#[test]
fn the_computers_thinking_is_shown_while_it_searches() {
    // Alpha-beta with 20 s a move, from the Advanced section: still searching when looked at.
    let slow = PlayerChoice::Computer(PlayerSpec::AlphaBeta(AlphaBetaLimit::Time(
        Duration::from_millis(20_000),
    )));
    let mut h = app("think", GameKind::Othello, 12, PlayerChoice::Person, slow);
    h.get_by_label("f5, empty, legal move").click();
    // Progress comes from the worker thread; wait (bounded) for the first report, which
    // the next frame shows.
    h.step();
    assert!(
        h.state_mut()
            .wait_for_computer_progress(Duration::from_secs(20))
    );
    h.step();
    assert!(h.state().is_thinking(), "it is still searching");
    let line = h.get_by_label_contains("nodes/s");
    let said = text(&line);
    assert!(said.starts_with("depth "), "{said}");
    assert!(said.contains(" · best "), "{said}");
    // The value says whose advantage it is, never a bare number of unknown sign.
    assert!(
        said.contains(" for Black") || said.contains(" for White") || said.contains(" even"),
        "{said}"
    );
    h.get_by_label("White (Alpha-beta, 20 s) is thinking…");
    let best = h.get_by_label_contains("computer's best so far");
    assert!(text(&best).contains("legal move"));
    // Cancel the search instead of waiting for it.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.step();
    h.step();
    assert!(!h.state().is_thinking());
    assert!(
        h.query_by_label_contains("computer's best so far")
            .is_none()
    );
}

#[test]
fn computer_against_computer_pauses_resumes_and_steps() {
    let mut h = app(
        "watch",
        GameKind::Othello,
        8,
        computer(Level::Beginner),
        computer(Level::Easy),
    );
    play_frames(&mut h, 6);
    assert!(
        h.state().game().moves().len() >= 2,
        "they play on their own"
    );
    h.get_by_label("Pause").click();
    h.step();
    h.step();
    assert!(h.state().is_paused());
    h.get_by_label("Paused: Resume to go on, or Step for one move");
    let held = h.state().game().moves().len();
    play_frames(&mut h, 10);
    assert_eq!(
        h.state().game().moves().len(),
        held,
        "nothing is played while paused"
    );

    h.get_by_label("Step").click();
    play_frames(&mut h, 10);
    assert_eq!(
        h.state().game().moves().len(),
        held + 1,
        "Step plays one move"
    );
    assert!(h.state().is_paused());

    // A person's click is refused with whose turn it is.
    let view = h.state().game().view();
    let label = cell_label(&view, Variant::OTHELLO_8, view.legal[0]);
    h.get_by_label(&label).click();
    h.step();
    h.step();
    h.get_by_label_contains("'s turn, and the computer (");
    assert_eq!(h.state().game().moves().len(), held + 1);

    h.get_by_label("Resume").click();
    play_frames(&mut h, 10);
    assert!(!h.state().is_paused());
    assert!(h.state().game().moves().len() > held + 2, "play goes on");
}

/// A window where a person (Black) plays f5 against the Medium computer with no delay,
/// frames 50 ms apart on the harness's clock (the flip spans five of them), the window's
/// frames paced to at least `pace` apart if given: returned once the person's move is made
/// and before the computer's answer is taken.
fn person_against_the_computer_at_f5(
    name: &str,
    pace: Option<Duration>,
) -> Harness<'static, BoardplayApp> {
    let mut app = new_app(temp_dir(name).join("settings.ron"));
    app.set_settings(Settings {
        first: PlayerChoice::Person,
        second: computer(Level::Medium),
        computer_delay_ms: 0,
        ..Settings::default()
    });
    if let Some(least) = pace {
        app.pace_frames(least);
    }
    let mut h = Harness::builder()
        .with_size(egui::vec2(1000.0, 820.0))
        .with_step_dt(0.05)
        .with_max_steps(SETTLE_STEPS)
        .build_ui_state(|ui, app: &mut BoardplayApp| app.show(ui), app);
    h.step();
    h.get_by_label("f5, empty, legal move").click();
    h.step();
    h
}

#[test]
fn the_computers_move_is_animated_for_a_quarter_second_of_the_apps_clock() {
    let mut h = person_against_the_computer_at_f5("animate", None);
    assert!(!h.state().is_animating(), "a person's move is not animated");
    assert!(h.state_mut().wait_for_computer(Duration::from_secs(30)));
    h.step();
    assert_eq!(h.state().game().moves().len(), 2);
    assert!(h.state().is_animating());
    h.run_steps(3);
    assert!(h.state().is_animating(), "still turning at 150 ms");
    h.run_steps(3);
    assert!(!h.state().is_animating(), "done after 250 ms");
    // run() would panic if the window kept asking for frames.
    h.run();
}

#[test]
fn the_windows_animation_asks_for_at_most_sixty_frames_a_second() {
    // The repaint the app asks for three frames into the computer's move (still turning),
    // with and without the window's pace.
    let asked = |pace: Option<Duration>| {
        let mut h = person_against_the_computer_at_f5("pace", pace);
        assert!(h.state_mut().wait_for_computer(Duration::from_secs(30)));
        h.run_steps(3);
        assert!(h.state().is_animating(), "still turning");
        h.output().viewport_output[&egui::ViewportId::ROOT].repaint_delay
    };
    assert_eq!(asked(None), Duration::ZERO, "the tests' frames, at once");
    let sixtieth = Duration::from_secs_f64(1.0 / 60.0);
    let paced = asked(Some(sixtieth));
    assert!(
        paced > Duration::ZERO && paced <= sixtieth,
        "the window's next frame after at most a sixtieth of a second, not at once: {paced:?}"
    );
}
