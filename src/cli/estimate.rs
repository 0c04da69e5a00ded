//! How long a job will take, worked out before it starts, so that a request far beyond reach
//! is refused at once (unless `--force`) instead of running silently for ever.
//!
//! Every estimate is measured on this machine, on the job's own position; none is a table:
//!
//! - perft: the leaves at each depth by Knuth's estimator (random walks down the tree, each
//!   weighing its leaf by the product of the move counts along the way, an unbiased estimate
//!   of the tree's size), divided by the leaves a second measured on the shallow depths;
//! - an exact solve: solves of positions with fewer empty cells below the position (random
//!   moves from it), timed, and the growth an empty cell extrapolated to its empties;
//! - a player's move: its move timed on positions along a random game; a move too long to time
//!   is extrapolated over its budget (depth, iterations) the same way.
//!
//! An estimate can be off by a factor of ten either way; what it must tell apart is seconds
//! from hours from centuries.

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::CliError;
use crate::ai::level::{PlayerSpec, solve_any};
use crate::ai::{Context, Progress, Stop};
use crate::core::Position;

/// Beyond this a job is far beyond reach, and refused without `--force`.
pub const FAR_BEYOND_REACH: f64 = 86_400.0;

/// Beyond this a job is announced on stderr with its estimate before it starts.
const WORTH_A_NOTE: f64 = 60.0;

/// How long probes of one kind may take, at most, before the job starts.
const PROBE_BUDGET: Duration = Duration::from_millis(300);

/// A probe taking this long is long enough to time reliably.
const LONG_ENOUGH: Duration = Duration::from_millis(20);

/// The estimated time of a job, and what it rests on.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Seconds, estimated.
    pub seconds: f64,
    /// How the estimate was made, in words: "about 3e33 leaves at 1.0 G leaves/s".
    pub basis: String,
}

impl Estimate {
    /// Refuses a job (`what` in words, "perft to depth 40 of Othello 8x8") estimated far
    /// beyond reach, unless `force`; announces one worth a note on stderr.
    pub fn check(&self, what: &str, force: bool) -> Result<(), CliError> {
        let time = duration_words(self.seconds);
        if self.seconds > FAR_BEYOND_REACH && !force {
            return Err(CliError::Usage(format!(
                "{what} is far beyond reach: it would take {time} ({}); pass --force to run it anyway",
                self.basis
            )));
        }
        if self.seconds > WORTH_A_NOTE {
            eprintln!(
                "note: {what} will take {time} ({}); Ctrl+C stops it",
                self.basis
            );
        }
        Ok(())
    }
}

/// A time in words, rounded: "about 40 ms", "about 3 min", "about 2 days", "about 1e+24
/// years".
pub fn duration_words(seconds: f64) -> String {
    const UNITS: [(f64, &str); 6] = [
        (365.25 * 86_400.0, "years"),
        (86_400.0, "days"),
        (3_600.0, "h"),
        (60.0, "min"),
        (1.0, "s"),
        (1e-3, "ms"),
    ];
    let (unit, name) = UNITS
        .into_iter()
        .find(|(unit, _)| seconds >= *unit)
        .unwrap_or((1e-3, "ms"));
    format!("about {}", number_words(seconds / unit, name))
}

/// A count in words: "812", "3.1 M", "4.2e+33".
pub fn count_words(n: f64, unit: &str) -> String {
    match n {
        n if n >= 1e15 => number_words(n, unit),
        n if n >= 1e12 => format!("{:.1} T {unit}", n / 1e12),
        n if n >= 1e9 => format!("{:.1} G {unit}", n / 1e9),
        n if n >= 1e6 => format!("{:.1} M {unit}", n / 1e6),
        n if n >= 1e3 => format!("{:.1} k {unit}", n / 1e3),
        n => format!("{n:.0} {unit}"),
    }
}

fn number_words(n: f64, unit: &str) -> String {
    if n >= 1e6 {
        format!("{n:.0e} {unit}")
    } else if n >= 10.0 {
        format!("{n:.0} {unit}")
    } else {
        format!("{n:.1} {unit}")
    }
}

/// Empty cells of a position.
pub fn empties<P: Position>(pos: &P) -> u32 {
    pos.cell_count() as u32 - pos.counts().iter().sum::<u32>()
}

/// A position reached from `pos` by random moves with `target` empty cells and the game not
/// over, if a few tries find one.
fn random_descendant<P: Position>(pos: &P, target: u32, rng: &mut SmallRng) -> Option<P> {
    for _ in 0..8 {
        let mut p = *pos;
        while empties(&p) > target && p.move_count() > 0 {
            let mv = p.legal_moves().nth(rng.random_range(0..p.move_count()))?;
            p = p.play_unchecked(mv);
        }
        if empties(&p) == target && !p.outcome().is_over() {
            return Some(p);
        }
    }
    None
}

/// Knuth's estimate of the perft leaves below `pos` at each depth from 1 to `depth`
/// (index 0 is depth 1), with the convention of perft: a finished game counts once at every
/// depth past its end.
pub fn perft_leaves<P: Position>(pos: &P, depth: u32) -> Vec<f64> {
    let mut rng = SmallRng::seed_from_u64(1);
    let mut sums = vec![0.0; depth as usize];
    let started = Instant::now();
    let mut walks = 0u32;
    while walks < 64 || (walks < 4096 && started.elapsed() < Duration::from_millis(50)) {
        walks += 1;
        let (mut p, mut weight) = (*pos, 1.0);
        for sum in sums.iter_mut() {
            let n = p.move_count();
            if n > 0 {
                weight *= n as f64;
                if let Some(mv) = p.legal_moves().nth(rng.random_range(0..n)) {
                    p = p.play_unchecked(mv);
                }
            }
            *sum += weight;
        }
    }
    sums.into_iter().map(|s| s / f64::from(walks)).collect()
}

/// Leaves a second counted by `pos.perft`, measured on the depths that take a few
/// milliseconds, with `leaves` estimated by depth; `None` if the whole job of counting to
/// every depth up to `depth` took no longer than measuring.
pub fn perft_rate<P: Position>(pos: &P, leaves: &[f64]) -> Option<f64> {
    let mut spent = Duration::ZERO;
    for depth in 1..=leaves.len() as u32 {
        let t = Instant::now();
        let counted = pos.perft(depth);
        let dt = t.elapsed();
        spent += dt;
        let next = leaves.get(depth as usize).copied().unwrap_or(0.0);
        let predicted = dt.as_secs_f64() * next / (counted as f64).max(1.0);
        if dt >= LONG_ENOUGH || spent + Duration::from_secs_f64(predicted) > PROBE_BUDGET {
            return Some(counted as f64 / dt.as_secs_f64().max(1e-9));
        }
    }
    None
}

/// The time of an exact solve of `pos`: solves of positions below it with fewer empties,
/// timed, and extrapolated to its empties by the growth measured over the last ones.
pub fn solve_time<P: Position>(pos: &P, stop: &Stop) -> Estimate {
    let mut rng = SmallRng::seed_from_u64(1);
    let started = Instant::now();
    let total = empties(pos);
    // (empties, mean seconds) of each level timed; a level not finished in time ends probing.
    let mut times: Vec<(u32, f64)> = Vec::new();
    let mut unfinished = false;
    for e in total.min(4)..=total {
        let samples: Vec<P> = (0..3)
            .filter_map(|_| random_descendant(pos, e, &mut rng))
            .collect();
        if samples.is_empty() {
            continue;
        }
        let mut sum = 0.0;
        for p in &samples {
            let limit = PROBE_BUDGET.saturating_sub(started.elapsed());
            match timed_solve(p, stop, limit) {
                Some(t) => sum += t,
                None => {
                    sum += limit.as_secs_f64();
                    unfinished = true;
                }
            }
        }
        times.push((e, sum / samples.len() as f64));
        if unfinished || started.elapsed() >= PROBE_BUDGET || stop.is_stopped() {
            break;
        }
        if e == total {
            return Estimate {
                seconds: sum / samples.len() as f64,
                basis: "measured".into(),
            };
        }
        if times.last().is_some_and(|(_, t)| *t >= LONG_ENOUGH.as_secs_f64()) {
            break;
        }
    }
    let Some(&(last, t)) = times.last() else {
        return Estimate {
            seconds: 0.0,
            basis: "nothing to solve".into(),
        };
    };
    let growth = growth(&times);
    Estimate {
        seconds: t * growth.powi((total - last) as i32),
        basis: format!(
            "{} empties; solves take {} at {last} empties, x{growth:.1} for each empty more",
            total,
            duration_words(t).trim_start_matches("about ")
        ),
    }
}

/// The growth of time per step over the last measured steps of `(size, seconds)`, from the
/// last two levels timed above a millisecond (at least 2: every bigger job is at least twice
/// as long, which also keeps noise from predicting a shrinking cost).
fn growth(times: &[(u32, f64)]) -> f64 {
    let timed: Vec<(u32, f64)> = times.iter().copied().filter(|(_, t)| *t >= 1e-3).collect();
    let ratio = match timed.as_slice() {
        [.., (a, ta), (b, tb)] if b > a => (tb / ta).powf(1.0 / f64::from(b - a)),
        _ => match times {
            [.., (a, ta), (b, tb)] if b > a && *ta > 0.0 => (tb / ta).powf(1.0 / f64::from(b - a)),
            _ => 2.0,
        },
    };
    ratio.max(2.0)
}

/// Seconds of an exact solve of `pos`, or `None` if it takes longer than `limit`.
fn timed_solve<P: Position>(pos: &P, stop: &Stop, limit: Duration) -> Option<f64> {
    let t = Instant::now();
    let probe = stop.with_deadline(t + limit);
    let mut report = |_: &Progress| {};
    let mut ctx = Context::new(&probe, &mut report);
    solve_any(pos, &mut ctx)?;
    (!probe.is_stopped()).then(|| t.elapsed().as_secs_f64())
}

/// Seconds a move of `spec` takes in `pos`, or `None` if longer than `limit`.
fn timed_move<P: Position>(spec: PlayerSpec, pos: &P, stop: &Stop, limit: Duration) -> Option<f64> {
    let mut player = spec.make_any(pos, 1);
    let t = Instant::now();
    let probe = stop.with_deadline(t + limit);
    let mut report = |_: &Progress| {};
    let mut ctx = Context::new(&probe, &mut report);
    player.choose(pos, &mut ctx);
    (!probe.is_stopped()).then(|| t.elapsed().as_secs_f64())
}

/// The time of a move of `spec` in the game from `start`: its time limit if it has one, else
/// its moves timed at the start and a third and two thirds into a random game (where the
/// Othello middle game branches more than its start), the longest of them.
pub fn move_time<P: Position>(spec: PlayerSpec, start: &P, passes: bool, stop: &Stop) -> Estimate {
    if let Some(limit) = spec.budget(start).time_limit {
        return Estimate {
            seconds: limit.as_secs_f64(),
            basis: format!("at most {} a move", duration_words(limit.as_secs_f64()).trim_start_matches("about ")),
        };
    }
    let mut rng = SmallRng::seed_from_u64(1);
    let total = empties(start);
    let positions = [total, total * 2 / 3, total / 3]
        .into_iter()
        .filter_map(|e| random_descendant(start, e, &mut rng));
    let mut worst = Estimate {
        seconds: 0.0,
        basis: "measured".into(),
    };
    for pos in positions {
        let estimate = match timed_move(spec, &pos, stop, PROBE_BUDGET / 3) {
            Some(seconds) => Estimate {
                seconds,
                basis: "measured".into(),
            },
            None => long_move_time(spec, &pos, passes, stop),
        };
        if estimate.seconds > worst.seconds {
            worst = estimate;
        }
        if stop.is_stopped() {
            break;
        }
    }
    worst
}

/// The time of a move too long to time: moves of smaller budgets timed, and extrapolated.
fn long_move_time<P: Position>(spec: PlayerSpec, pos: &P, passes: bool, stop: &Stop) -> Estimate {
    let plies_left = longest_game(empties(pos), passes);
    let scaled = |budgets: &mut dyn Iterator<Item = (u32, PlayerSpec)>, target: u32, unit: &str| {
        let started = Instant::now();
        let mut times = Vec::new();
        for (size, smaller) in budgets {
            let limit = PROBE_BUDGET.saturating_sub(started.elapsed());
            let Some(t) = timed_move(smaller, pos, stop, limit) else {
                times.push((size, limit.as_secs_f64()));
                break;
            };
            times.push((size, t));
            if t >= LONG_ENOUGH.as_secs_f64() || started.elapsed() >= PROBE_BUDGET {
                break;
            }
        }
        let &(last, t) = times.last()?;
        let growth = growth(&times);
        Some(Estimate {
            seconds: t * growth.powf(f64::from(target.saturating_sub(last))),
            basis: format!(
                "a move takes {} at {unit} {last}, x{growth:.1} for each one more",
                duration_words(t).trim_start_matches("about ")
            ),
        })
    };
    let estimate = match spec {
        PlayerSpec::Minimax(d) => scaled(
            &mut (1..=d).map(|k| (k, PlayerSpec::Minimax(k))),
            d.min(plies_left),
            "depth",
        ),
        PlayerSpec::AlphaBeta(d) => scaled(
            &mut (1..=d).map(|k| (k, PlayerSpec::AlphaBeta(k))),
            d.min(plies_left),
            "depth",
        ),
        PlayerSpec::Mcts(n) => {
            // Time is linear in iterations: time a fraction, and scale.
            let started = Instant::now();
            let mut k = 64u64;
            let mut found = None;
            while k < n && started.elapsed() < PROBE_BUDGET {
                match timed_move(PlayerSpec::Mcts(k), pos, stop, PROBE_BUDGET) {
                    Some(t) if t >= LONG_ENOUGH.as_secs_f64() => {
                        found = Some((k, t));
                        break;
                    }
                    Some(_) => k *= 2,
                    None => break,
                }
            }
            found.map(|(k, t)| Estimate {
                seconds: t * n as f64 / k as f64,
                basis: format!(
                    "{} a second",
                    count_words(k as f64 / t, "iterations")
                ),
            })
        }
        PlayerSpec::Perfect => Some(solve_time(pos, stop)),
        PlayerSpec::Level(_) | PlayerSpec::Random => None,
    };
    estimate.unwrap_or(Estimate {
        seconds: PROBE_BUDGET.as_secs_f64() / 3.0,
        basis: "a move takes longer than could be timed".into(),
    })
}

/// The most plies a game can still last with `empties` empty cells: one a cell, and in a
/// game with passes (Othello) a pass before each at most.
pub fn longest_game(empties: u32, passes: bool) -> u32 {
    if passes { 2 * empties } else { empties }
}
