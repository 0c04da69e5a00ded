//! The fast searches agree with plain minimax, and no player ever plays an illegal move.
//! Run in release: the searches must be checked as the optimiser compiles them.

use std::time::{Duration, Instant};

use boardplay::ai::game::Game;
use boardplay::ai::minimax::minimax;
use boardplay::ai::{
    AlphaBeta, AlphaBetaPlayer, Budget, Context, GameVisitor, Level, MctsPlayer, MinimaxPlayer,
    Player, PlayerSpec, RandomPlayer, Stop,
};
use boardplay::core::othello::{Othello, Size, Size4, Size6, Size8, Size10, Size12, Size16};
use boardplay::core::tictactoe::TicTacToe;
use boardplay::core::{Move, Position, Variant};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use strum::VariantArray;

fn random_walk<P: Position>(start: P, rng: &mut SmallRng, plies: u32) -> P {
    let mut pos = start;
    for _ in 0..plies {
        let n = pos.move_count();
        if n == 0 {
            break;
        }
        pos = pos.play_unchecked(pos.legal_moves().nth(rng.random_range(0..n)).unwrap());
    }
    pos
}

fn agrees<G: Game>(start: G, positions: usize, max_plies: u32, depth: u32, seed: u64) {
    agrees_on(start, positions, max_plies, depth, seed, 1);
}

/// [`agrees`], the fast search running on `threads` threads.
fn agrees_on<G: Game>(
    start: G,
    positions: usize,
    max_plies: u32,
    depth: u32,
    seed: u64,
    threads: usize,
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut engine = AlphaBeta::new(16);
    for _ in 0..positions {
        let plies = rng.random_range(0..=max_plies);
        let pos = random_walk(start, &mut rng, plies);
        for d in 1..=depth {
            let want = minimax(&pos, d);
            let (got, best) = engine.search_depth_on(&pos, d, threads);
            assert_eq!(got, want, "depth {d}: {}", pos.to_board_string());
            if let Some(mv) = best {
                // The move it names reaches the value.
                assert!(pos.is_legal(mv));
                assert_eq!(-minimax(&pos.play_unchecked(mv), d - 1), want);
            }
        }
    }
}

#[test]
fn alphabeta_equals_minimax_tictactoe() {
    agrees(TicTacToe::classic(), 60, 6, 5, 1);
    agrees(TicTacToe::square(4).unwrap(), 40, 10, 4, 2);
    agrees(TicTacToe::new(5, 5, 4).unwrap(), 20, 12, 3, 3);
    agrees(TicTacToe::new(4, 6, 3).unwrap(), 20, 12, 3, 4);
}

/// Helpers sharing the table (lazy SMP) change how fast, not what: the same values on 2, 3
/// and 4 threads.
#[test]
fn alphabeta_on_several_threads_equals_minimax() {
    for threads in [2, 3, 4] {
        let t = threads as u64;
        agrees_on(TicTacToe::square(4).unwrap(), 20, 10, 4, 20 + t, threads);
        agrees_on(Othello::<Size6>::start(), 20, 28, 4, 30 + t, threads);
        agrees_on(Othello::<Size8>::start(), 15, 56, 5, 40 + t, threads);
    }
}

#[test]
fn alphabeta_equals_minimax_othello() {
    agrees(Othello::<Size4>::start(), 60, 10, 5, 5);
    agrees(Othello::<Size6>::start(), 40, 28, 4, 6);
    agrees(Othello::<Size8>::start(), 30, 56, 4, 7);
    agrees(Othello::<Size10>::start(), 10, 80, 3, 8);
    agrees(Othello::<Size12>::start(), 6, 120, 3, 9);
    agrees(Othello::<Size16>::start(), 3, 200, 2, 10);
}

/// The player's move; the players of the crate always answer (only engines fail).
fn choose<P: Position>(player: &mut dyn Player<P>, pos: &P) -> Option<Move> {
    let stop = Stop::new();
    let mut report = |_: &boardplay::ai::Progress| {};
    player
        .choose(pos, &mut Context::new(&stop, &mut report))
        .expect("an answer")
}

/// Plays `games` games between the two players from random openings, checking every move.
fn legal_games<P: Position>(
    start: P,
    a: &mut dyn Player<P>,
    b: &mut dyn Player<P>,
    games: u32,
    seed: u64,
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    for g in 0..games {
        let mut pos = random_walk(start, &mut rng, 2);
        let mut turn = g % 2;
        while !pos.outcome().is_over() {
            let player: &mut dyn Player<P> = if turn == 0 { &mut *a } else { &mut *b };
            let mv = choose(player, &pos).expect("a move in an unfinished game");
            assert!(
                pos.is_legal(mv),
                "{} played {mv} in {}",
                player.name(),
                pos.to_board_string()
            );
            if pos.move_count() == 1 {
                assert_eq!(Some(mv), pos.legal_moves().next());
            }
            pos = pos.play_unchecked(mv);
            turn ^= 1;
        }
        assert_eq!(choose(a, &pos), None);
    }
}

struct LegalEverywhere;

impl GameVisitor for LegalEverywhere {
    type Output = ();
    fn visit<G: Game>(self, start: G) {
        let big = start.cell_count() > 64;
        // Thousands of random games, and cheap searching players against random ones.
        let (mut r1, mut r2) = (RandomPlayer::new(1), RandomPlayer::new(2));
        legal_games(start, &mut r1, &mut r2, if big { 200 } else { 1000 }, 11);
        let mut levels: Vec<Box<dyn Player<G>>> = [Level::Beginner, Level::Easy, Level::Medium]
            .into_iter()
            .map(|l| PlayerSpec::Level(l).make(&start, 3))
            .collect();
        for p in &mut levels {
            legal_games(start, p.as_mut(), &mut r1, if big { 2 } else { 10 }, 12);
        }
    }
}

#[test]
fn no_illegal_moves_on_any_board() {
    let variants = [
        Variant::TIC_TAC_TOE_3,
        Variant::TIC_TAC_TOE_4,
        Variant::TicTacToe {
            rows: 5,
            cols: 5,
            k: 4,
        },
        Variant::TicTacToe {
            rows: 3,
            cols: 8,
            k: 3,
        },
        Variant::Othello { size: 4 },
        Variant::Othello { size: 6 },
        Variant::Othello { size: 8 },
        Variant::Othello { size: 10 },
        Variant::Othello { size: 12 },
        Variant::Othello { size: 14 },
        Variant::Othello { size: 16 },
    ];
    for v in variants {
        boardplay::ai::visit(v, LegalEverywhere).unwrap();
    }
}

#[test]
fn searching_players_play_legal_games_on_small_boards() {
    let t = TicTacToe::square(4).unwrap();
    let mut mm = MinimaxPlayer::new(2);
    let mut ab = AlphaBetaPlayer::new(Budget::Depth(3));
    let mut mc = MctsPlayer::new(Budget::Iterations(200), 5);
    legal_games(t, &mut mm, &mut ab, 10, 1);
    legal_games(t, &mut mc, &mut ab, 10, 2);
    let o = Othello::<Size6>::start();
    let mut ab = AlphaBetaPlayer::new(Budget::Depth(3)).solve_from(10);
    let mut mc = MctsPlayer::new(Budget::Iterations(200), 6);
    legal_games(o, &mut ab, &mut mc, 20, 3);
    let o = Othello::<Size8>::start();
    let mut hard = PlayerSpec::Level(Level::Hard).make(&o, 1);
    let mut medium = PlayerSpec::Level(Level::Medium).make(&o, 2);
    legal_games(o, hard.as_mut(), medium.as_mut(), 4, 4);
}

/// A position where the side to move must pass, found by random play.
fn pass_position<S: Size>(seed: u64) -> Othello<S> {
    let mut rng = SmallRng::seed_from_u64(seed);
    loop {
        let mut pos = Othello::<S>::start();
        while !pos.outcome().is_over() {
            if pos.legal_moves().next() == Some(Move::Pass) {
                return pos;
            }
            let n = pos.move_count();
            pos = pos.play_unchecked(pos.legal_moves().nth(rng.random_range(0..n)).unwrap());
        }
    }
}

#[test]
fn every_player_passes_when_it_must() {
    let pos = pass_position::<Size8>(1);
    for &level in Level::VARIANTS {
        let mut p = PlayerSpec::Level(level).make(&pos, 0);
        assert_eq!(choose(p.as_mut(), &pos), Some(Move::Pass), "{level}");
    }
    let pos = pass_position::<Size6>(2);
    let mut ab = AlphaBetaPlayer::new(Budget::Depth(4));
    assert_eq!(choose(&mut ab, &pos), Some(Move::Pass));
}

#[test]
fn a_stopped_search_answers_at_once_with_a_legal_move() {
    let pos = random_walk(
        Othello::<Size12>::start(),
        &mut SmallRng::seed_from_u64(3),
        20,
    );
    let stop = Stop::new();
    stop.stop();
    let mut report = |_: &boardplay::ai::Progress| {};
    let mut players: Vec<Box<dyn Player<Othello<Size12>>>> = vec![
        Box::new(AlphaBetaPlayer::new(Budget::Time(Duration::from_secs(60)))),
        Box::new(MctsPlayer::new(Budget::Iterations(u64::MAX), 1)),
        PlayerSpec::Level(Level::Perfect).make(&pos, 1),
    ];
    for p in &mut players {
        let t = Instant::now();
        let mv = p
            .choose(&pos, &mut Context::new(&stop, &mut report))
            .unwrap()
            .unwrap();
        assert!(pos.is_legal(mv), "{}", p.name());
        // Not a speed figure: a guard that the flag was obeyed. Ignoring it, these budgets
        // (60 s, unlimited iterations, an exact solve of 20 empties on 12x12) run far longer.
        assert!(
            t.elapsed() < Duration::from_secs(30),
            "{} ignored the flag",
            p.name()
        );
    }
}

/// Positions whose exact solve takes far longer than the time given: a time-limited player
/// set to solve them must still answer, with a legal move (that of the search it makes
/// before solving, since the solve is stopped at the deadline).
#[test]
fn a_time_limited_player_answers_when_its_solve_cannot_finish() {
    let mut rng = SmallRng::seed_from_u64(5);
    let pos8 = random_walk(Othello::<Size8>::start(), &mut rng, 26);
    assert!(pos8.empty_cells() >= 30 && pos8.move_count() > 1);
    let limit = Budget::Time(Duration::from_millis(200));
    let stop = Stop::new();
    let mut report = |_: &boardplay::ai::Progress| {};
    let mut players: Vec<Box<dyn Player<Othello<Size8>>>> = vec![
        Box::new(AlphaBetaPlayer::new(limit).solve_from(64)),
        Box::new(AlphaBetaPlayer::new(limit).max_depth(9).solve_from(40)),
    ];
    for p in &mut players {
        let mv = p.choose(&pos8, &mut Context::new(&stop, &mut report));
        assert!(
            mv.unwrap().is_some_and(|mv| pos8.is_legal(mv)),
            "{}",
            p.name()
        );
    }
    let pos12 = random_walk(Othello::<Size12>::start(), &mut rng, 60);
    assert!(pos12.move_count() > 1);
    let mut p12 = AlphaBetaPlayer::new(limit).solve_from(144);
    let mv =
        Player::<Othello<Size12>>::choose(&mut p12, &pos12, &mut Context::new(&stop, &mut report));
    assert!(mv.unwrap().is_some_and(|mv| pos12.is_legal(mv)));
}

/// A deadline already past when the move is asked for stops everything at once: the answer
/// is still a legal move, from every player with a time budget.
#[test]
fn a_player_whose_deadline_has_passed_still_plays_a_legal_move() {
    let pos = random_walk(
        Othello::<Size8>::start(),
        &mut SmallRng::seed_from_u64(8),
        30,
    );
    assert!(pos.move_count() > 1);
    let stop = Stop::new().with_deadline(Instant::now());
    let mut report = |_: &boardplay::ai::Progress| {};
    let limit = Budget::Time(Duration::from_secs(60));
    let mut players: Vec<Box<dyn Player<Othello<Size8>>>> = vec![
        Box::new(AlphaBetaPlayer::new(limit)),
        Box::new(AlphaBetaPlayer::new(limit).solve_from(64)),
        Box::new(MctsPlayer::new(limit, 1)),
        PlayerSpec::Level(Level::Expert).make(&pos, 1),
        PlayerSpec::Level(Level::Perfect).make(&pos, 1),
    ];
    for p in &mut players {
        let mv = p.choose(&pos, &mut Context::new(&stop, &mut report));
        assert!(
            mv.unwrap().is_some_and(|mv| pos.is_legal(mv)),
            "{}",
            p.name()
        );
    }
}

#[test]
fn progress_is_reported() {
    let pos = Othello::<Size8>::start();
    let stop = Stop::new();
    let mut reports = Vec::new();
    let mut report = |p: &boardplay::ai::Progress| reports.push(p.clone());
    let mut ab = AlphaBetaPlayer::new(Budget::Depth(4));
    let mv = ab
        .choose(&pos, &mut Context::new(&stop, &mut report))
        .unwrap();
    assert_eq!(reports.len(), 4);
    assert_eq!(reports.last().unwrap().work, boardplay::ai::Work::Depth(4));
    assert_eq!(reports.last().unwrap().best, mv);
    assert!(reports.last().unwrap().nodes > 0);
}

#[test]
fn levels_round_trip_through_settings() {
    for &level in Level::VARIANTS {
        let text = ron::to_string(&level).unwrap();
        assert_eq!(ron::from_str::<Level>(&text).unwrap(), level);
        assert_eq!(Level::parse(&level.to_string()), Some(level));
    }
    assert!(!Level::available(&Othello::<Size8>::start()).contains(&Level::Perfect));
    assert!(Level::available(&TicTacToe::square(4).unwrap()).contains(&Level::Perfect));
}

/// The full-width search with the learned evaluation, which carries the 8x8 pattern indices
/// from each position to its children, returns what a plain negamax gets by evaluating every
/// leaf from its bitboards; walks deep enough to pass and to end the game are included.
#[test]
fn the_learned_search_is_plain_negamax_with_the_learned_evaluation() {
    fn negamax(pos: &Othello<Size8>, depth: u32, passes: &mut u32) -> i32 {
        if pos.outcome().is_over() {
            return pos.terminal_score();
        }
        if depth == 0 {
            return pos.evaluate_learned();
        }
        let mut best = i32::MIN;
        for mv in pos.legal_moves() {
            *passes += u32::from(mv == Move::Pass);
            best = best.max(-negamax(&pos.play_unchecked(mv), depth - 1, passes));
        }
        best
    }
    let mut rng = SmallRng::seed_from_u64(23);
    let mut passes = 0;
    for i in 0..40 {
        let plies = rng.random_range(10..=58);
        let pos = random_walk(Othello::<Size8>::start(), &mut rng, plies);
        let depth = 3 + i % 3;
        let mut search = AlphaBeta::new(16).with_learned_eval(true);
        let (got, _) = search.search_depth(&pos, depth);
        let want = negamax(&pos, depth, &mut passes);
        assert_eq!(got, want, "{}", pos.to_board_string());
    }
    // Passes inside the trees: the carried indices swap sides without a move.
    assert!(passes > 0, "no pass in any tree");
}

/// ProbCut: with a margin beyond any evaluation it never cuts wrongly, so the value is the
/// full-width one; with the players' margin it visits fewer positions and plays legal
/// moves whose values stay near the full-width ones.
#[test]
fn selective_search_cuts_only_beyond_its_margin() {
    let mut rng = SmallRng::seed_from_u64(11);
    let (mut full_nodes, mut cut_nodes) = (0, 0);
    let mut far = 0;
    for _ in 0..16 {
        let plies = rng.random_range(8..=36);
        let pos = random_walk(Othello::<Size8>::start(), &mut rng, plies);
        let mut full = AlphaBeta::new(16).with_learned_eval(true);
        let (want, _) = full.search_depth(&pos, 6);
        full_nodes += full.nodes();
        let mut never = AlphaBeta::new(16)
            .with_learned_eval(true)
            .with_probcut(Some(1000.0));
        assert_eq!(
            never.search_depth(&pos, 6).0,
            want,
            "{}",
            pos.to_board_string()
        );
        let mut cut = AlphaBeta::new(16)
            .with_learned_eval(true)
            .with_probcut(Some(1.5));
        let (got, best) = cut.search_depth(&pos, 6);
        cut_nodes += cut.nodes();
        assert!(best.is_none_or(|m| pos.is_legal(m)));
        // Ten discs is over three of the measured deviations.
        if (got - want).abs() > 1000 {
            far += 1;
        }
    }
    assert!(far <= 1, "{far} of 16 values more than ten discs off");
    // At 6 plies the shallow searches are 2 plies deep: a third fewer positions (deeper
    // searches save more).
    assert!(
        cut_nodes * 4 < full_nodes * 3,
        "selective {cut_nodes} positions, full width {full_nodes}"
    );
}

/// ProbCut never turns an estimate into a proven result: wherever a selective search calls a
/// position won or lost, a full-width search of the same depth finds that result too (a line
/// that ends the game inside the horizon); and in those positions, whose lines ask whether a
/// win is bigger, it still cuts (it once searched those windows full width: 25,221 positions
/// here, as many as the full-width search, against 1,720 now).
#[test]
fn selective_search_proves_only_what_full_width_proves() {
    use boardplay::ai::game::PROVEN;
    let mut rng = SmallRng::seed_from_u64(12);
    let (mut proven, mut cut_nodes, mut full_nodes) = (0, 0, 0);
    let mut tries = 0;
    while proven < 12 {
        tries += 1;
        assert!(tries < 5000, "only {proven} proven results found");
        // One side takes the move that leaves the other fewest discs, the other plays at
        // random: lopsided games, where wipe-outs lie within a search's reach.
        let mut pos = Othello::<Size8>::start();
        for _ in 0..rng.random_range(10..=24) {
            let moves: Vec<Move> = pos.legal_moves().collect();
            if moves.is_empty() || pos.outcome().is_over() {
                break;
            }
            pos = if pos.side_to_move() == boardplay::core::Side::First {
                let left = |m: &Move| pos.play_unchecked(*m).player().count_ones();
                pos.play_unchecked(*moves.iter().min_by_key(|m| left(m)).unwrap())
            } else {
                pos.play_unchecked(moves[rng.random_range(0..moves.len())])
            };
        }
        if pos.outcome().is_over() {
            continue;
        }
        let depth = 7;
        let mut full = AlphaBeta::new(16).with_learned_eval(true);
        let (want, _) = full.search_depth(&pos, depth);
        let mut cut = AlphaBeta::new(16)
            .with_learned_eval(true)
            .with_probcut(Some(1.5));
        let (got, _) = cut.search_depth(&pos, depth);
        if got.abs() >= PROVEN {
            assert_eq!(got.signum(), want.signum(), "{}", pos.to_board_string());
            assert!(want.abs() >= PROVEN, "{}", pos.to_board_string());
        }
        if want.abs() >= PROVEN {
            proven += 1;
            cut_nodes += cut.nodes();
            full_nodes += full.nodes();
        }
    }
    assert!(
        cut_nodes < full_nodes,
        "won and lost positions: selective {cut_nodes} positions, full width {full_nodes}"
    );
}

/// Contempt, as NBoard's `set contempt` gives it: a drawn end the search reaches is worth
/// -contempt to the side searched for and +contempt to the other, while proven wins and
/// losses stay beyond any contempt. Which endgames are drawn, and every other value, come
/// from the plain solver.
#[test]
fn contempt_moves_the_value_of_a_draw_and_nothing_else() {
    use boardplay::ai::othello::othello_exact;
    use boardplay::ai::solver::othello_endgame::solve_plain;
    let mut rng = SmallRng::seed_from_u64(40);
    let (mut drawn, mut decided) = (Vec::new(), Vec::new());
    while drawn.len() < 3 || decided.len() < 3 {
        let pos = random_walk(Othello::<Size8>::start(), &mut rng, 50);
        if pos.outcome().is_over() || pos.empty_cells() > 12 {
            continue;
        }
        match solve_plain(&pos, -64, 64) {
            0 => drawn.push(pos),
            d => decided.push((pos, othello_exact(d))),
        }
    }
    for contempt in [0, 50, -50, 30_000] {
        let value = |pos: &Othello<Size8>| {
            let mut engine = AlphaBeta::default().with_contempt(contempt);
            engine.search_depth(pos, 30).0
        };
        for pos in &drawn {
            assert_eq!(value(pos), -contempt, "{}", pos.to_board_string());
        }
        for (pos, exact) in &decided {
            assert_eq!(value(pos), *exact, "{}", pos.to_board_string());
        }
    }
}
