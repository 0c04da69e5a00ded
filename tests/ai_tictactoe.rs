//! Tic-tac-toe players against plain, obviously correct searches. Run in release: the
//! fast searches must be checked as the optimiser compiles them.

use std::collections::HashSet;

use boardplay::ai::game::Game;
use boardplay::ai::solver::tictactoe::{TicTacToeSolver, solve_plain};
use boardplay::ai::{
    Budget, Context, Level, MctsPlayer, PerfectPlayer, Player, PlayerSpec, RandomPlayer, Stop,
};
use boardplay::core::tictactoe::TicTacToe;
use boardplay::core::{Move, Outcome, Position, Side};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn choose<P: Position>(player: &mut dyn Player<P>, pos: &P) -> Option<Move> {
    let stop = Stop::new();
    let mut report = |_: &boardplay::ai::Progress| {};
    let mut ctx = Context::new(&stop, &mut report);
    // The players of the crate always answer (only engines fail).
    player.choose(pos, &mut ctx).expect("an answer")
}

fn reachable(pos: TicTacToe, seen: &mut HashSet<TicTacToe>, out: &mut Vec<TicTacToe>) {
    if !seen.insert(pos) {
        return;
    }
    out.push(pos);
    for mv in pos.legal_moves() {
        reachable(pos.play_unchecked(mv), seen, out);
    }
}

#[test]
fn perfect_player_is_optimal_in_every_reachable_3x3_position() {
    let mut all = Vec::new();
    reachable(TicTacToe::classic(), &mut HashSet::new(), &mut all);
    assert_eq!(
        all.len(),
        5478,
        "the classic game has 5,478 reachable positions"
    );
    let mut perfect = PerfectPlayer::new();
    let mut solver = TicTacToeSolver::new();
    let mut checked = 0;
    for pos in all {
        if pos.outcome().is_over() {
            assert_eq!(choose(&mut perfect, &pos), None);
            continue;
        }
        let value = solve_plain(&pos);
        let mv = choose(&mut perfect, &pos).expect("a move in an unfinished game");
        assert!(pos.is_legal(mv));
        let got = -solve_plain(&pos.play_unchecked(mv));
        assert_eq!(got, value, "{} plays {mv}", pos.to_board_string());

        // The solver's value and its set of best moves match the plain search.
        let stop = Stop::new();
        let mut report = |_: &boardplay::ai::Progress| {};
        let sol = solver
            .solve(&pos, &mut Context::new(&stop, &mut report), true)
            .expect("solved");
        assert_eq!(sol.score, value, "{}", pos.to_board_string());
        let best: Vec<Move> = pos
            .legal_moves()
            .filter(|m| -solve_plain(&pos.play_unchecked(*m)) == value)
            .collect();
        assert_eq!(sol.best, best, "{}", pos.to_board_string());
        checked += 1;
    }
    assert_eq!(
        checked,
        5478 - 958,
        "958 of the positions are finished games"
    );
}

#[test]
fn perfect_prefers_the_fastest_win() {
    // X to move with b1... X has a1 and a2 (a3 wins now); O cannot stop a slower win too.
    let pos = TicTacToe::classic().parse_board("XO-XO---- X").unwrap();
    let mut perfect = PerfectPlayer::new();
    assert_eq!(choose(&mut perfect, &pos), Some("a3".parse().unwrap()));
}

#[test]
fn symmetric_positions_share_a_key() {
    let start = TicTacToe::square(4).unwrap();
    let mut rng = SmallRng::seed_from_u64(7);
    for _ in 0..200 {
        let mut pos = start;
        for _ in 0..rng.random_range(0..10) {
            let n = pos.move_count();
            if n == 0 {
                break;
            }
            pos = pos.play_unchecked(pos.legal_moves().nth(rng.random_range(0..n)).unwrap());
        }
        let key = pos.canonical_key();
        let images = boardplay::ai::eval::tictactoe::images(&pos);
        assert_eq!(images.len(), 8);
        let cells = |x: u64, o: u64| -> Vec<Option<Side>> {
            (0..16)
                .map(|i| match (x >> i & 1, o >> i & 1) {
                    (1, _) => Some(Side::First),
                    (_, 1) => Some(Side::Second),
                    _ => None,
                })
                .collect()
        };
        for (x, o) in images {
            let image = start.setup(&cells(x, o), None).unwrap();
            assert_eq!(image.canonical_key(), key);
            assert_eq!(solve_value(&image), solve_value(&pos));
        }
    }
}

fn solve_value(pos: &TicTacToe) -> Option<i32> {
    let stop = Stop::new();
    let mut report = |_: &boardplay::ai::Progress| {};
    TicTacToeSolver::new()
        .solve(pos, &mut Context::new(&stop, &mut report), false)
        .map(|s| s.score)
}

/// Plays a game; returns the outcome.
fn play(x: &mut dyn Player<TicTacToe>, o: &mut dyn Player<TicTacToe>, start: TicTacToe) -> Outcome {
    let mut pos = start;
    while !pos.outcome().is_over() {
        let player: &mut dyn Player<TicTacToe> = if pos.side_to_move() == Side::First {
            x
        } else {
            o
        };
        let mv = choose(player, &pos).expect("a move");
        pos = pos.play(mv).expect("a legal move");
    }
    pos.outcome()
}

#[test]
fn perfect_never_loses_on_4x4() {
    let start = TicTacToe::square(4).unwrap();
    for seed in 0..10 {
        let mut perfect = PerfectPlayer::new();
        let mut random = RandomPlayer::new(seed);
        assert_ne!(
            play(&mut perfect, &mut random, start),
            Outcome::Won(Side::Second)
        );
        assert_ne!(
            play(&mut random, &mut perfect, start),
            Outcome::Won(Side::First)
        );
    }
    for seed in 0..2 {
        let mut perfect = PerfectPlayer::new();
        let mut mcts = MctsPlayer::new(Budget::Iterations(3000), seed);
        assert_ne!(
            play(&mut perfect, &mut mcts, start),
            Outcome::Won(Side::Second)
        );
        assert_ne!(
            play(&mut mcts, &mut perfect, start),
            Outcome::Won(Side::First)
        );
    }
}

#[test]
fn solver_matches_plain_search_on_4x4_sample() {
    let start = TicTacToe::square(4).unwrap();
    let mut rng = SmallRng::seed_from_u64(44);
    let mut checked = 0;
    while checked < 25 {
        let mut pos = start;
        for _ in 0..7 {
            let n = pos.move_count();
            if n == 0 {
                break;
            }
            pos = pos.play_unchecked(pos.legal_moves().nth(rng.random_range(0..n)).unwrap());
        }
        if pos.outcome().is_over() {
            continue;
        }
        let value = solve_plain(&pos);
        assert_eq!(solve_value(&pos), Some(value), "{}", pos.to_board_string());
        let mut perfect = PlayerSpec::Level(Level::Perfect).make(&start, 0);
        let mv = choose(perfect.as_mut(), &pos).unwrap();
        assert_eq!(
            -solve_plain(&pos.play_unchecked(mv)),
            value,
            "{}",
            pos.to_board_string()
        );
        checked += 1;
    }
}
