//! One result rule everywhere: a finished Othello game's score gives the empty cells to the
//! winner (the World Othello Federation's rule, which WTHOR and GGS follow), and the status
//! line, the GGF result field, WTHOR's listed score, the searches' terminal values and the
//! exact solver all say the same on whole games.

use boardplay::ai::othello::othello_exact;
use boardplay::ai::solver::othello_endgame::solve;
use boardplay::ai::{Context, Game as _, Stop};
use boardplay::app::document::files::{Players, format_ggf, game_from_record};
use boardplay::app::document::session::Session;
use boardplay::app::view::words::result_text;
use boardplay::core::othello::{Othello, Size, Size4, Size6, Size8, final_discs, final_margin};
use boardplay::core::{Move, Outcome, Position, Side, Variant, notation};
use boardplay::formats::{ggf, wthor};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// Game 313 of WTHOR's 2004 file (`WTH_2004.wtb`, Championnat de France): Black ends with 61
/// discs to 1 and two cells empty, and the database lists Black's score as 63.
const WTHOR_2004_313: &str = "f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4b4c5g7d2c6b5b3a4c2e3g3g4c1h5\
                              h3h8g8c7a5a6b6a7e2a3b8c8b7a8e8f1d1d8h7h2f2g2h1a2g1e1b1";

/// Black's margin in a GGF result field ("+62.00").
fn ggf_margin(re: &str) -> i32 {
    re.trim_end_matches(".00").parse().unwrap()
}

/// The two numbers of "Black wins 63-1 (...)", winner's first.
fn status_numbers(text: &str) -> (u32, u32) {
    let score = text
        .split(' ')
        .nth(2)
        .unwrap_or_else(|| text.split(' ').nth(1).unwrap());
    let (a, b) = score.split_once('-').unwrap();
    (a.parse().unwrap(), b.parse().unwrap())
}

#[test]
fn a_wthor_game_won_with_empty_cells_reads_63_1_everywhere() {
    let mut bytes = wthor::build::header(1, 2004, false);
    bytes.extend(wthor::build::game(0, 0, 1, 63, WTHOR_2004_313));
    let record = wthor::read(&bytes, &wthor::Names::default())
        .unwrap()
        .remove(0);
    assert_eq!(record.result, "63-1");
    let game = game_from_record(&record).unwrap();
    assert!(game.is_finished());
    let view = game.view();
    assert_eq!(view.counts, [61, 1], "the board as the issue saw it");
    // The rule gives the listed score.
    assert_eq!(final_discs(view.counts, 64), [63, 1]);
    assert_eq!(
        result_text(Variant::OTHELLO_8, view.outcome, view.counts),
        "Black wins 63-1 (2 empty cells to the winner)"
    );
    let text = format_ggf(&game, Players::default()).unwrap();
    assert!(text.contains("RE[+62.00]"), "{text}");
    // The searches score the final position the same, from the side to move.
    let moves = notation::parse_moves(WTHOR_2004_313).unwrap();
    let end = moves.iter().fold(Othello::<Size8>::start(), |pos, &mv| {
        let pos = if pos.move_count() > 0 && pos.legal_moves().all(|m| m == Move::Pass) {
            pos.play(Move::Pass).unwrap()
        } else {
            pos
        };
        pos.play(mv).unwrap()
    });
    let black = if end.side_to_move() == Side::First {
        1
    } else {
        -1
    };
    assert_eq!(end.terminal_score(), othello_exact(black * 62));
}

/// The exact value for the side to move by playing every line out and scoring each end by
/// the rule: the solver must find the same.
fn brute_force<S: Size>(pos: &Othello<S>) -> i32 {
    if pos.outcome().is_over() {
        let margin = final_margin(pos.counts(), (S::N * S::N) as u32);
        return if pos.side_to_move() == Side::First {
            margin
        } else {
            -margin
        };
    }
    pos.legal_moves()
        .map(|mv| -brute_force(&pos.play_unchecked(mv)))
        .max()
        .unwrap()
}

/// Plays `games` random games on size `S` to the end and checks that every way of scoring
/// them agrees; returns how many ended with empty cells.
fn random_games_agree<S: Size>(games: usize, seed: u64) -> usize {
    let variant = Variant::Othello { size: S::N };
    let cells = (S::N * S::N) as u32;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut with_empties = 0;
    for game in 0..games {
        let mut pos = Othello::<S>::start();
        let mut moves = Vec::new();
        // Each solve sets up a table of its own: the first 20 games are enough for it.
        let mut solved = game >= 20;
        while !pos.outcome().is_over() {
            let empties = cells - pos.counts()[0] - pos.counts()[1];
            if !solved && empties <= 6 {
                // The exact solver's value where the end is in reach.
                let stop = Stop::new();
                let mut report = |_: &boardplay::ai::Progress| {};
                let r = solve(&pos, &mut Context::new(&stop, &mut report), false).unwrap();
                assert_eq!(r.score, brute_force(&pos), "{pos:?}");
                solved = true;
            }
            let n = pos.move_count();
            let mv = pos.legal_moves().nth(rng.random_range(0..n)).unwrap();
            moves.push(mv);
            pos = pos.play_unchecked(mv);
        }
        let counts = pos.counts();
        let [black, white] = final_discs(counts, cells);
        assert_eq!(black + white, cells);
        if counts[0] + counts[1] < cells {
            with_empties += 1;
        }
        let margin = black as i32 - white as i32;
        // The engine: the terminal value of the final position, for the side to move.
        let mover = if pos.side_to_move() == Side::First {
            1
        } else {
            -1
        };
        assert_eq!(pos.terminal_score(), othello_exact(mover * margin));
        assert_eq!(pos.final_score(), mover * margin);
        // The window: the status line's words and the saved GGF result, read back.
        let played =
            Session::from_moves(variant.check().unwrap(), &notation::format_moves(&moves)).unwrap();
        let view = played.view();
        assert_eq!(view.counts, counts);
        let text = result_text(variant, view.outcome, view.counts);
        let (winner, loser) = status_numbers(&text);
        match view.outcome {
            Outcome::Won(Side::First) => assert_eq!((winner, loser), (black, white), "{text}"),
            Outcome::Won(Side::Second) => assert_eq!((winner, loser), (white, black), "{text}"),
            Outcome::Drawn => assert_eq!((winner, loser), (black, white), "{text}"),
            Outcome::Ongoing => panic!("the game is over"),
        }
        let ggf_text = format_ggf(&played, Players::default()).unwrap();
        let record = ggf::read(&ggf_text).unwrap().remove(0);
        assert_eq!(ggf_margin(&record.result), margin, "{ggf_text}");
    }
    with_empties
}

#[test]
fn random_games_score_the_same_in_the_status_the_ggf_file_and_the_engine() {
    // Small boards end early often, so empty cells are common there.
    assert!(random_games_agree::<Size4>(300, 1) > 20);
    assert!(random_games_agree::<Size6>(200, 2) > 5);
    random_games_agree::<Size8>(100, 3);
}
