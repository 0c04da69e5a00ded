//! The Othello endgame solver against the FFO reference scores and a plain alpha-beta.
//! Run in release: the solver must be checked as the optimiser compiles it.

mod common;

use boardplay::ai::solver::othello_endgame::{solve, solve_plain};
use boardplay::ai::{Context, Stop};
use boardplay::core::othello::{Othello, Othello8, Size, Size4, Size6, Size8, Size10};
use boardplay::core::{Move, Position};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn exact_on<S: Size>(pos: &Othello<S>, all_best: bool, threads: usize) -> (i32, Vec<Move>) {
    let stop = Stop::new();
    let mut report = |_: &boardplay::ai::Progress| {};
    let mut ctx = Context::new(&stop, &mut report).with_threads(threads);
    let r = solve(pos, &mut ctx, all_best).expect("solved");
    (r.score, r.best)
}

/// The FFO positions that solve in under a second each (up to 20 empties, beyond where the
/// solver first runs its selective passes): every score and best move, on 1, 2 and 4
/// threads.
#[test]
fn ffo_scores_and_best_moves() {
    for threads in [1, 2, 4] {
        let mut checked = 0;
        for ffo in common::ffo_positions() {
            // The rest run from the command line and the benchmark.
            if ffo.empties > 20 {
                continue;
            }
            let pos = Othello8::start().parse_board(&ffo.board_string()).unwrap();
            let mut want_moves = ffo.best_moves.clone();
            want_moves.sort();
            let (score, best) = exact_on(&pos, true, threads);
            let mut got: Vec<String> = best.iter().map(|m| m.to_string()).collect();
            got.sort();
            assert_eq!(score, ffo.score, "FFO #{}, {threads} threads", ffo.id);
            assert_eq!(got, want_moves, "FFO #{}, {threads} threads", ffo.id);
            // One best move only: the same score, and a move the file lists.
            let (score, best) = exact_on(&pos, false, threads);
            assert_eq!(score, ffo.score, "FFO #{}, one best move", ffo.id);
            assert_eq!(best.len(), 1, "FFO #{}", ffo.id);
            assert!(
                want_moves.contains(&best[0].to_string()),
                "FFO #{}, {threads} threads: {}",
                ffo.id,
                best[0]
            );
            checked += 1;
        }
        assert_eq!(checked, 34);
    }
}

fn random_position<S: Size>(rng: &mut SmallRng, empties: u32) -> Option<Othello<S>> {
    let mut pos = Othello::<S>::start();
    while pos.empties().count_cells() > empties {
        let n = pos.move_count();
        if n == 0 {
            return None;
        }
        pos = pos.play_unchecked(pos.legal_moves().nth(rng.random_range(0..n)).unwrap());
    }
    (!pos.outcome().is_over()).then_some(pos)
}

trait CountCells {
    fn count_cells(self) -> u32;
}

impl<B: boardplay::core::Bits> CountCells for B {
    fn count_cells(self) -> u32 {
        self.count()
    }
}

/// The solver's value and best moves agree with plain alpha-beta on random positions.
fn agrees_with_plain<S: Size>(positions: usize, max_empties: u32, seed: u64) {
    agrees_with_plain_on::<S>(positions, 1..=max_empties, seed, 1);
}

/// [`agrees_with_plain`] with empties in `range`, solved on `threads` threads.
fn agrees_with_plain_on<S: Size>(
    positions: usize,
    range: std::ops::RangeInclusive<u32>,
    seed: u64,
    threads: usize,
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut done = 0;
    while done < positions {
        let empties = rng.random_range(range.clone());
        let Some(pos) = random_position::<S>(&mut rng, empties) else {
            continue;
        };
        let cells = (S::N * S::N) as i32;
        let want = solve_plain(&pos, -cells - 1, cells + 1);
        let (score, best) = exact_on(&pos, true, threads);
        assert_eq!(score, want, "{}", pos.to_board_string());
        let all: Vec<Move> = pos
            .legal_moves()
            .filter(|m| -solve_plain(&pos.play_unchecked(*m), -cells - 1, cells + 1) == want)
            .collect();
        assert_eq!(best, all, "{}", pos.to_board_string());
        done += 1;
    }
}

#[test]
fn solver_agrees_with_plain_search_4x4() {
    agrees_with_plain::<Size4>(300, 12, 1);
}

#[test]
fn solver_agrees_with_plain_search_6x6() {
    agrees_with_plain::<Size6>(150, 11, 2);
}

#[test]
fn solver_agrees_with_plain_search_8x8() {
    agrees_with_plain::<Size8>(150, 12, 3);
}

/// The last few moves have their own code (two empties, passes at the very end): many
/// positions with at most four empties.
#[test]
fn solver_agrees_with_plain_search_at_the_last_moves() {
    agrees_with_plain::<Size8>(600, 4, 5);
}

/// Positions deep enough for the table, enhanced transposition cut-offs and the table's move
/// searched before the others are ordered.
#[test]
fn solver_agrees_with_plain_search_8x8_deeper() {
    agrees_with_plain::<Size8>(12, 15, 6);
}

/// On several threads, from the empties where the solver shares a node's moves between
/// them (12) up: the same values and best moves.
#[test]
fn solver_agrees_with_plain_search_on_several_threads() {
    for threads in [2, 3, 4] {
        agrees_with_plain_on::<Size8>(6, 12..=15, 7 + threads as u64, threads);
    }
    agrees_with_plain_on::<Size10>(4, 12..=13, 11, 2);
}

#[test]
fn solver_agrees_with_plain_search_10x10() {
    agrees_with_plain::<Size10>(40, 9, 4);
}

/// FFO position `id`, from `tests/data`.
fn ffo(id: u32) -> Othello8 {
    let board = common::ffo(id).board_string();
    Othello8::start().parse_board(&board).unwrap()
}

#[test]
fn solver_stops_at_the_deadline_of_its_stop_flag() {
    let pos = ffo(38);
    // A deadline already past: the solve gives up at its first look at the flag.
    let stop = Stop::new().with_deadline(std::time::Instant::now());
    let mut report = |_: &boardplay::ai::Progress| {};
    let r = solve(&pos, &mut Context::new(&stop, &mut report), false);
    assert!(r.is_none());
}

#[test]
fn solver_on_several_threads_stops_when_asked() {
    let pos = ffo(38);
    let stop = Stop::new();
    let flag = stop.clone();
    let mut report = |_: &boardplay::ai::Progress| flag.stop();
    let mut ctx = Context::new(&stop, &mut report).with_threads(2);
    assert!(solve(&pos, &mut ctx, true).is_none());
}

#[test]
fn solver_stops_when_asked() {
    let pos = ffo(38);
    let stop = Stop::new();
    let flag = stop.clone();
    // The flag goes up at the solver's first report, while it solves: the first of its
    // selective passes is done, the exact search still to come.
    let mut reports = 0;
    let mut report = |progress: &boardplay::ai::Progress| {
        reports += 1;
        assert!(!progress.exact, "the stop comes before the exact answer");
        flag.stop();
    };
    let r = solve(&pos, &mut Context::new(&stop, &mut report), true);
    assert_eq!(reports, 1, "no report after the stop");
    // Had the solver not stopped, it would have an answer.
    assert!(r.is_none());
}

/// A timed player in its solving zone whose exact solve is cut short after the first
/// selective pass plays that pass's move, not the short midgame search's: FFO #39 (26
/// empties), the solve stopped by the test the moment the pass reports.
#[test]
fn a_solve_cut_short_plays_the_move_of_its_last_selective_pass() {
    use boardplay::ai::{AlphaBetaPlayer, Budget, Player, Progress, Work};
    use std::time::Duration;
    let pos = ffo(39);
    let mut player = AlphaBetaPlayer::new(Budget::Time(Duration::from_secs(600)))
        .max_depth(1)
        .learned_eval(true)
        .probcut(Some(1.5))
        .solve_from(26);
    let stop = Stop::new();
    let mut selective = Vec::new();
    let mut exact = false;
    let mut watch = |p: &Progress| match p.work {
        Work::Selective { .. } => {
            selective.push(p.best);
            stop.stop();
        }
        Work::Solved(_) => exact = true,
        _ => {}
    };
    let played = player
        .choose(&pos, &mut Context::new(&stop, &mut watch))
        .unwrap();
    assert!(!exact, "the solve was stopped before its exact pass");
    assert_eq!(selective.len(), 1, "{selective:?}");
    assert_eq!(played, selective[0]);
    // FFO #39's published best moves: a wipe-out by any of nine; the pass found one of them.
    let best = common::ffo(39).best_moves;
    let played = played.unwrap().to_string();
    assert!(best.contains(&played), "{played} not in {best:?}");
}

/// A timed player with no time left still plays a best move at 12 empties or fewer: such a
/// solve takes about a millisecond, and is not cut short by the clock (in quick games the
/// last moves came with a few milliseconds each, and the player fell back on a 1-ply search
/// and threw endings away). Best moves from the plain search.
#[test]
fn a_player_out_of_time_still_solves_the_last_twelve_empties() {
    use boardplay::ai::{AlphaBetaPlayer, Budget, Player, Progress};
    use std::time::Duration;
    let mut rng = SmallRng::seed_from_u64(1212);
    let mut checked = 0;
    while checked < 30 {
        let empties = rng.random_range(6..=12);
        let Some(pos) = random_position::<Size8>(&mut rng, empties) else {
            continue;
        };
        if pos.move_count() < 2 {
            continue;
        }
        let mut player = AlphaBetaPlayer::new(Budget::Time(Duration::from_nanos(1)))
            .learned_eval(true)
            .probcut(Some(1.5))
            .solve_from(20);
        let stop = Stop::new();
        let mut quiet = |_: &Progress| {};
        let played = player
            .choose(&pos, &mut Context::new(&stop, &mut quiet))
            .unwrap()
            .unwrap();
        let want = solve_plain(&pos, -65, 65);
        let got = -solve_plain(&pos.play_unchecked(played), -65, 65);
        assert_eq!(got, want, "{played} in {}", pos.to_board_string());
        checked += 1;
    }
}

/// A solve for a move to play on a clock first proves who wins (a window around a draw) and
/// reports that move as won, lost or drawn proven; one without a clock, or for values to show
/// (an analysis), goes straight to the margin. The move
/// proven keeps the published result (a win stays a win, a draw a draw): FFO positions of
/// 18-21 empties.
#[test]
fn a_solve_on_a_clock_proves_who_wins_before_the_margin() {
    use boardplay::ai::{Progress, Work};
    use std::time::{Duration, Instant};
    let sign = |v: i32| v.signum();
    let mut checked = 0;
    for ffo in common::ffo_positions() {
        if !(18..=21).contains(&ffo.empties) {
            continue;
        }
        let pos = Othello8::start().parse_board(&ffo.board_string()).unwrap();
        let mut proven = Vec::new();
        let mut watch = |p: &Progress| {
            if let Work::Selective { percent: 100, .. } = p.work {
                proven.push(p.best.unwrap());
            }
        };
        let stop = Stop::new().with_deadline(Instant::now() + Duration::from_secs(600));
        let r = solve(&pos, &mut Context::new(&stop, &mut watch).to_play(), false).unwrap();
        assert_eq!(r.score, ffo.score, "FFO #{}", ffo.id);
        assert_eq!(proven.len(), 1, "FFO #{}: {proven:?}", ffo.id);
        let after = -exact_on(&pos.play_unchecked(proven[0]), false, 1).0;
        assert_eq!(
            sign(after),
            sign(ffo.score),
            "FFO #{}: {}",
            ffo.id,
            proven[0]
        );

        let mut untimed = 0;
        let mut count = |p: &Progress| {
            if let Work::Selective { percent: 100, .. } = p.work {
                untimed += 1;
            }
        };
        solve(&pos, &mut Context::new(&Stop::new(), &mut count), false).unwrap();
        solve(&pos, &mut Context::new(&stop, &mut count), false).unwrap();
        assert_eq!(
            untimed, 0,
            "FFO #{}: no clock or no move to play, no proof of the result alone",
            ffo.id
        );
        checked += 1;
    }
    assert!(checked >= 4, "{checked} positions of 18-21 empties");
}
