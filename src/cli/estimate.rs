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
use crate::ai::perfect::solve_report;
use crate::ai::{AlphaBetaLimit, Context, Game, MctsLimit, PlayerSpec, Progress, Stop};
use crate::core::Position;

/// Beyond this a job is far beyond reach, and refused without `--force`.
pub const FAR_BEYOND_REACH: f64 = 86_400.0;

/// Beyond this a job is announced on stderr with its estimate before it starts.
const WORTH_A_NOTE: f64 = 60.0;

/// How long probes of one kind may take, at most, before the job starts.
const PROBE_BUDGET: Duration = Duration::from_millis(400);

/// A solve of this many nodes is big enough to see how solves grow.
const PROBE_NODES: f64 = 100_000.0;

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

/// The time of an exact solve of `pos`: solves of positions below it with fewer empties, and
/// the growth of their nodes for each empty more, extrapolated to its empties. Nodes, not
/// times, are extrapolated: the time of a small solve is mostly setting up the solver.
pub fn solve_time<P: Game>(pos: &P, stop: &Stop) -> Estimate {
    let mut rng = SmallRng::seed_from_u64(1);
    let started = Instant::now();
    let total = empties(pos);
    // (empties, mean nodes) of each level solved, and the time and nodes of all of them.
    let mut levels: Vec<(u32, f64)> = Vec::new();
    let (mut seconds, mut nodes, mut solves) = (0.0, 0u64, 0u32);
    // The shortest solve: about the cost of setting up the solver (its table).
    let mut setup = f64::INFINITY;
    for e in total.min(8)..=total {
        let samples: Vec<P> = (0..2)
            .filter_map(|_| random_descendant(pos, e, &mut rng))
            .collect();
        if samples.is_empty() {
            continue;
        }
        let (mut level, mut level_seconds) = (0, 0.0);
        for p in &samples {
            let limit = PROBE_BUDGET.saturating_sub(started.elapsed());
            let Some((t, n)) = timed_solve(p, stop, limit) else {
                level = 0;
                break;
            };
            level_seconds += t;
            level += n;
            setup = setup.min(t);
            solves += 1;
        }
        if level == 0 {
            // Not finished within the probes' time.
            break;
        }
        if e == total {
            return Estimate {
                seconds: level_seconds / samples.len() as f64,
                basis: "measured".into(),
            };
        }
        seconds += level_seconds;
        nodes += level;
        levels.push((e, level as f64 / samples.len() as f64));
        if level as f64 >= PROBE_NODES || started.elapsed() >= PROBE_BUDGET {
            break;
        }
    }
    let Some(&(last, n)) = levels.last() else {
        return Estimate {
            seconds: 0.0,
            basis: "nothing to solve".into(),
        };
    };
    let growth = growth(&levels, 1000.0);
    // The probes' time less setting up the solver each time (paid once by the real solve).
    let searching = seconds - f64::from(solves) * setup;
    let rate = nodes as f64
        / if searching > seconds / 10.0 {
            searching
        } else {
            seconds
        };
    let predicted = n.max(1.0) * growth.powi((total - last) as i32);
    Estimate {
        seconds: predicted / rate,
        basis: format!(
            "{} at {}/s: {total} empties, {} at {last}, x{growth:.1} for each empty more",
            count_words(predicted, "nodes"),
            count_words(rate, "nodes"),
            count_words(n, "nodes"),
        ),
    }
}

/// The growth for each step of `(size, cost)` measured, over up to the last three steps of
/// costs of at least `floor` (smaller ones are noise), at least 2: a bigger search is at least
/// twice the work, which also keeps noise from predicting a shrinking cost.
fn growth(costs: &[(u32, f64)], floor: f64) -> f64 {
    let big: Vec<(u32, f64)> = costs.iter().copied().filter(|(_, c)| *c >= floor).collect();
    let big = if big.len() >= 2 {
        big
    } else {
        costs.iter().copied().filter(|(_, c)| *c > 0.0).collect()
    };
    let ratio = match big.as_slice() {
        [.., (a, ca), _, _, (b, cb)] | [(a, ca), _, (b, cb)] | [(a, ca), (b, cb)] if b > a => {
            (cb / ca).powf(1.0 / f64::from(b - a))
        }
        _ => 2.0,
    };
    ratio.max(2.0)
}

/// Seconds and nodes of an exact solve of `pos`, or `None` if it takes longer than `limit`.
fn timed_solve<P: Game>(pos: &P, stop: &Stop, limit: Duration) -> Option<(f64, u64)> {
    let t = Instant::now();
    let probe = stop.with_deadline(t + limit);
    let mut report = |_: &Progress| {};
    let mut ctx = Context::new(&probe, &mut report);
    let solved = solve_report(pos, &mut ctx, true)?;
    (!probe.is_stopped()).then(|| (t.elapsed().as_secs_f64(), solved.nodes))
}

/// Seconds a move of `spec` takes in `pos`, or `None` if longer than `limit`.
fn timed_move<P: Game>(spec: &PlayerSpec, pos: &P, stop: &Stop, limit: Duration) -> Option<f64> {
    let mut player = spec.make(pos, 1);
    let t = Instant::now();
    let probe = stop.with_deadline(t + limit);
    let mut report = |_: &Progress| {};
    let mut ctx = Context::new(&probe, &mut report);
    // Timed only: an engine, the one player that can fail, is never timed (it has a limit).
    let _ = player.choose(pos, &mut ctx);
    (!probe.is_stopped()).then(|| t.elapsed().as_secs_f64())
}

/// The time of a move of `spec` in the game from `start`: its time limit if it has one, else
/// its moves timed at the start and a third and two thirds into a random game (where the
/// Othello middle game branches more than its start), the longest of them.
pub fn move_time<P: Game>(spec: &PlayerSpec, start: &P, passes: bool, stop: &Stop) -> Estimate {
    if let Some(limit) = spec.budget(start).time_limit {
        return Estimate {
            seconds: limit.as_secs_f64(),
            basis: format!(
                "at most {} a move",
                duration_words(limit.as_secs_f64()).trim_start_matches("about ")
            ),
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
        let estimate = one_move_time(spec, &pos, passes, stop);
        if estimate.seconds > worst.seconds {
            worst = estimate;
        }
        if stop.is_stopped() {
            break;
        }
    }
    worst
}

/// The time of a move of `spec` in `pos`. A budget of depth or iterations is timed from its
/// smallest up, and extrapolated from the first that takes long enough to time: a deep
/// search cannot always be stopped inside its first moves, so it is never started to be
/// timed.
fn one_move_time<P: Game>(spec: &PlayerSpec, pos: &P, passes: bool, stop: &Stop) -> Estimate {
    let plies_left = longest_game(empties(pos), passes);
    let by_depth = |make: fn(u32) -> PlayerSpec, d: u32| {
        scaled(
            (1..=d.min(plies_left).max(1)).map(|k| (f64::from(k), make(k))),
            f64::from(d.min(plies_left).max(1)),
            pos,
            stop,
            "depth",
        )
    };
    match *spec {
        PlayerSpec::Minimax(d) => by_depth(PlayerSpec::Minimax, d),
        PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(d)) => {
            by_depth(|k| PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(k)), d)
        }
        PlayerSpec::Mcts(MctsLimit::Iterations(n)) => {
            // Time is about linear in iterations.
            let sizes =
                std::iter::successors(Some(64u64.min(n)), |k| (*k < n).then(|| (k * 2).min(n)));
            let mut times: Vec<(f64, f64)> = Vec::new();
            let started = Instant::now();
            for k in sizes {
                let limit = PROBE_BUDGET.saturating_sub(started.elapsed());
                let Some(t) = timed_move(
                    &PlayerSpec::Mcts(MctsLimit::Iterations(k)),
                    pos,
                    stop,
                    limit,
                ) else {
                    times.push((k as f64, limit.as_secs_f64()));
                    break;
                };
                times.push((k as f64, t));
                if t >= LONG_ENOUGH.as_secs_f64() {
                    break;
                }
            }
            match times.last() {
                Some(&(k, t)) => Estimate {
                    seconds: t * n as f64 / k,
                    basis: format!(
                        "a move takes {} at {k} iterations",
                        duration_words(t).trim_start_matches("about ")
                    ),
                },
                None => Estimate {
                    seconds: 0.0,
                    basis: "measured".into(),
                },
            }
        }
        PlayerSpec::Perfect => solve_time(pos, stop),
        // Budgets of time were answered above, from the time limit.
        PlayerSpec::Level(_)
        | PlayerSpec::Random
        | PlayerSpec::ExpertHand
        | PlayerSpec::ExpertFullWidth
        | PlayerSpec::AlphaBeta(AlphaBetaLimit::Time(_))
        | PlayerSpec::Mcts(MctsLimit::Time(_))
        | PlayerSpec::Engine(_) => match timed_move(spec, pos, stop, PROBE_BUDGET) {
            Some(seconds) => Estimate {
                seconds,
                basis: "measured".into(),
            },
            None => Estimate {
                seconds: PROBE_BUDGET.as_secs_f64(),
                basis: "a move takes longer than could be timed".into(),
            },
        },
    }
}

/// The time of the last of `budgets` (size, player), from the smaller ones timed until one
/// takes long enough, extrapolated geometrically to `target`.
fn scaled<P: Game>(
    budgets: impl Iterator<Item = (f64, PlayerSpec)>,
    target: f64,
    pos: &P,
    stop: &Stop,
    unit: &str,
) -> Estimate {
    let started = Instant::now();
    let mut times: Vec<(u32, f64)> = Vec::new();
    for (size, smaller) in budgets {
        let limit = PROBE_BUDGET.saturating_sub(started.elapsed());
        let Some(t) = timed_move(&smaller, pos, stop, limit) else {
            times.push((size as u32, limit.as_secs_f64()));
            break;
        };
        times.push((size as u32, t));
        if t >= LONG_ENOUGH.as_secs_f64() || started.elapsed() >= PROBE_BUDGET {
            break;
        }
    }
    let Some(&(last, t)) = times.last() else {
        return Estimate {
            seconds: 0.0,
            basis: "measured".into(),
        };
    };
    let growth = growth(&times, LONG_ENOUGH.as_secs_f64() / 20.0);
    Estimate {
        seconds: t * growth.powf(target - f64::from(last)),
        basis: format!(
            "a move takes {} at {unit} {last}, x{growth:.1} for each one more",
            duration_words(t).trim_start_matches("about ")
        ),
    }
}

/// The most plies a game can still last with `empties` empty cells: one a cell, and in a
/// game with passes (Othello) a pass before each at most.
pub fn longest_game(empties: u32, passes: bool) -> u32 {
    if passes { 2 * empties } else { empties }
}
