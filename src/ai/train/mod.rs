//! Training the 8x8 pattern evaluation ([`crate::ai::eval::pattern`]) from data made here:
//!
//! 1. self-play games from varied random openings ([`selfplay`]);
//! 2. their positions, one-tenth of the games held out for testing, the rest de-duplicated and
//!    grouped by phase;
//! 3. phase by phase from the endgame back: labels ([`label`]) — the exact score up to
//!    [`Config::exact_empties`], above it a short search whose leaves fall in the phases
//!    already fitted — then the phase's weights fitted to them ([`fit`]);
//! 4. a test on held-out positions: the mean absolute error of the learned and of the
//!    hand-written evaluation (the latter rescaled by the least-squares line that best maps it
//!    to the training labels, so that its units do not count against it) against exact scores.
//!
//! Everything depends only on the configuration and its seed, and runs on `threads` threads.

pub mod fit;
pub mod known;
pub mod label;
pub mod probcut;
pub mod selfplay;

use std::collections::HashSet;
use std::time::Instant;

use crate::ai::eval::othello::evaluate as hand_evaluate;
use crate::ai::eval::pattern::{self, PHASE_LEN, PHASES, PatternEval, phase};
use crate::core::Side;
use crate::core::othello::Othello8;

use fit::{FitSettings, Row};
use selfplay::{Discs, Style};

/// A training run's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Self-play games (a tenth of them held out for the test).
    pub games: u64,
    /// Seeds the games and every sample drawn.
    pub seed: u64,
    /// Threads.
    pub threads: usize,
    /// Positions with at most this many empties get exact labels (a multiple of 4, so that
    /// each phase is labelled one way).
    pub exact_empties: u32,
    /// Plies of the labelling search above that.
    pub depth: u32,
    /// At most this many training positions a phase (a sample of them, if more).
    pub max_per_phase: usize,
    /// Phases are trained up to the one of this many empties (60: all).
    pub max_empties: u32,
    /// The held-out positions: at most this many, with empties in this range.
    pub test_positions: usize,
    /// Fewest and most empties of the held-out positions.
    pub test_empties: (u32, u32),
    /// Gradient descent settings.
    pub epochs: u32,
    /// L2 regularisation (see [`FitSettings::l2`]).
    pub l2: f32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 20_000,
            seed: 1,
            threads: 2,
            exact_empties: 16,
            depth: 4,
            max_per_phase: 60_000,
            max_empties: 60,
            test_positions: 200,
            test_empties: (20, 24),
            epochs: 200,
            l2: 4.0,
        }
    }
}

/// What a run produced and measured.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The weights, in hundredths of a disc, phase by phase.
    pub weights: Vec<i16>,
    /// Training positions labelled (all phases).
    pub positions: usize,
    /// Held-out positions the test used.
    pub test_positions: usize,
    /// Mean absolute error of the learned evaluation on them, in discs.
    pub mae_learned: f64,
    /// Mean absolute error of the hand-written evaluation, rescaled, in discs.
    pub mae_hand: f64,
    /// The rescaling of the hand-written evaluation: discs = a * evaluation + b.
    pub hand_scale: (f64, f64),
}

/// `f` applied to every item, on up to `threads` threads, results in the items' order. The
/// threads take the items one at a time from a shared counter, so items of very different
/// cost (solves at 20 and at 28 empties) keep every thread busy to the end.
pub fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        return items.iter().map(f).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(i) else {
                            return mine;
                        };
                        mine.push((i, f(item)));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, r)| r).collect()
}

fn empties((p, o): Discs) -> u32 {
    64 - (p | o).count_ones()
}

/// The learned features of a position, as indices of shared weights.
fn row(discs: Discs, label: f32) -> Row {
    let mut f = pattern::features(discs.0, discs.1);
    for i in &mut f {
        *i = pattern::canonical(*i as usize) as u32;
    }
    (f, label)
}

fn quantize(w: &[f32]) -> Vec<i16> {
    w.iter()
        .map(|&x| (x * 100.0).round().clamp(-32767.0, 32767.0) as i16)
        .collect()
}

/// Runs the pipeline; `log` hears a line at each step.
pub fn train(cfg: &Config, log: &mut dyn FnMut(&str)) -> Trained {
    let begun = Instant::now();
    let mut say = |text: String| log(&format!("[{:7.1} s] {text}", begun.elapsed().as_secs_f64()));
    let style = Style::default();
    let indices: Vec<u64> = (0..cfg.games).collect();
    let games = parallel_map(&indices, cfg.threads, |&i| {
        selfplay::play(cfg.seed, i, style)
    });
    let held_out = |i: usize| i % 10 == 9;

    // Training positions, without repeats (openings recur), by phase.
    let mut seen = HashSet::new();
    let mut by_phase: Vec<Vec<Discs>> = vec![Vec::new(); PHASES];
    for (i, game) in games.iter().enumerate() {
        if held_out(i) {
            continue;
        }
        for &d in game {
            if empties(d) <= cfg.max_empties && seen.insert(d) {
                by_phase[phase(empties(d))].push(d);
            }
        }
    }
    // A fixed sample where a phase has too many.
    let mut rng = selfplay::game_rng(cfg.seed, u64::MAX);
    for list in &mut by_phase {
        if list.len() > cfg.max_per_phase {
            use rand::seq::SliceRandom;
            list.shuffle(&mut rng);
            list.truncate(cfg.max_per_phase);
        }
    }
    say(format!(
        "{} games, {} training positions",
        games.len(),
        by_phase.iter().map(Vec::len).sum::<usize>()
    ));

    let settings = FitSettings {
        epochs: cfg.epochs,
        l2: cfg.l2,
        rate: 0.5,
        threads: cfg.threads,
    };
    let mut weights = vec![0f32; PHASES * PHASE_LEN];
    // The labels of the phases that overlap the test's empties, for the hand-written
    // evaluation's rescaling.
    let mut scale_data: Vec<(Discs, f32)> = Vec::new();
    let mut positions = 0;
    for (ph, list) in by_phase.iter().enumerate() {
        if list.is_empty() {
            continue;
        }
        let top = 4 * (ph as u32 + 1);
        let labels: Vec<f32> = if top <= cfg.exact_empties {
            parallel_map(list, cfg.threads, |&d| label::exact(d))
        } else {
            let eval = PatternEval::new(quantize(&weights)).unwrap_or_else(|e| panic!("{e}"));
            parallel_map(list, cfg.threads, |&d| label::searched(d, cfg.depth, &eval))
        };
        let rows: Vec<Row> = list.iter().zip(&labels).map(|(&d, &y)| row(d, y)).collect();
        let range = ph * PHASE_LEN..(ph + 1) * PHASE_LEN;
        // Start from the neighbouring phase's weights: most patterns mean much the same.
        let start: Vec<f32> = if ph > 0 {
            weights[range.start - PHASE_LEN..range.start].to_vec()
        } else {
            vec![0.0; PHASE_LEN]
        };
        let (w, loss) = fit::fit(&rows, &start, settings);
        weights[range].copy_from_slice(&w);
        positions += list.len();
        for (&d, &y) in list.iter().zip(&labels) {
            let e = empties(d);
            if (cfg.test_empties.0..=cfg.test_empties.1).contains(&e) {
                scale_data.push((d, y));
            }
        }
        say(format!(
            "phase {ph} ({}-{} empties): {} positions, {} labels, rms error {:.2} discs",
            top - 3,
            top,
            list.len(),
            if top <= cfg.exact_empties {
                "exact"
            } else {
                "searched"
            },
            loss.sqrt()
        ));
    }
    let weights = quantize(&weights);
    let learned = PatternEval::new(weights.clone()).unwrap_or_else(|e| panic!("{e}"));

    // The test: one position a held-out game, in the test's empties, solved exactly.
    let hand = |d: Discs| f64::from(hand_evaluate(&Othello8::from_bits(d.0, d.1, Side::First)));
    let hand_scale = least_squares_line(&scale_data, hand);
    let mut test: Vec<Discs> = Vec::new();
    let (lo, hi) = cfg.test_empties;
    for (i, game) in games.iter().enumerate() {
        if held_out(i) && test.len() < cfg.test_positions {
            let want = lo + (i as u32 / 10) % (hi - lo + 1);
            if let Some(&d) = game
                .iter()
                .find(|&&d| empties(d) <= want && empties(d) >= lo)
            {
                test.push(d);
            }
        }
    }
    let exact = parallel_map(&test, cfg.threads, |&d| label::exact_deep(d));
    let (mut err_learned, mut err_hand) = (0f64, 0f64);
    for (&d, &y) in test.iter().zip(&exact) {
        let y = f64::from(y);
        err_learned += (f64::from(learned.evaluate(d.0, d.1)) / 100.0 - y).abs();
        err_hand += (hand_scale.0 * hand(d) + hand_scale.1 - y).abs();
    }
    let n = test.len().max(1) as f64;
    let trained = Trained {
        weights,
        positions,
        test_positions: test.len(),
        mae_learned: err_learned / n,
        mae_hand: err_hand / n,
        hand_scale,
    };
    say(format!(
        "test: {} positions of {lo}-{hi} empties, mean absolute error learned {:.2} discs, hand-written {:.2} (rescaled)",
        trained.test_positions, trained.mae_learned, trained.mae_hand
    ));
    trained
}

/// The line `a * x + b` closest to the labels in least squares, `x` given by `f`.
fn least_squares_line(data: &[(Discs, f32)], f: impl Fn(Discs) -> f64) -> (f64, f64) {
    let n = data.len() as f64;
    if n < 2.0 {
        return (0.01, 0.0);
    }
    let (mut sx, mut sy, mut sxx, mut sxy) = (0.0, 0.0, 0.0, 0.0);
    for &(d, y) in data {
        let (x, y) = (f(d), f64::from(y));
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    let var = sxx - sx * sx / n;
    let a = if var > 0.0 {
        (sxy - sx * sy / n) / var
    } else {
        0.0
    };
    (a, (sy - a * sx) / n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parallel_map_keeps_the_order_of_items_of_any_cost() {
        let items: Vec<u64> = (0..40).collect();
        // Early items cost far more than late ones, as solves at many empties do.
        let slow_square = |&x: &u64| {
            std::thread::sleep(std::time::Duration::from_micros((40 - x) * 200));
            x * x
        };
        let want: Vec<u64> = items.iter().map(|x| x * x).collect();
        for threads in [1, 2, 3, 64] {
            assert_eq!(
                parallel_map(&items, threads, slow_square),
                want,
                "{threads} threads"
            );
        }
        assert!(parallel_map(&[] as &[u64], 2, slow_square).is_empty());
    }

    #[test]
    fn the_line_through_points_on_a_line_is_that_line() {
        let data: Vec<(Discs, f32)> = (0..10).map(|i| ((i, 0), 3.0 * i as f32 - 2.0)).collect();
        let (a, b) = least_squares_line(&data, |d| d.0 as f64);
        assert!((a - 3.0).abs() < 1e-9 && (b + 2.0).abs() < 1e-9);
    }
}
