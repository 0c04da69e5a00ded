//! Training a pattern evaluation ([`Learned`]: 8x8 or 12x12) from data made here:
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
pub mod shard;

use std::collections::HashSet;
use std::time::Instant;

use crate::ai::eval::learned::Learned;
use crate::ai::eval::othello::evaluate as hand_evaluate;
use crate::core::Bits;
use crate::core::othello::Size;

use fit::{FitSettings, Row};
use label::position;
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
    /// Positions with at most this many empties get exact labels (a multiple of the
    /// evaluation's empties a phase, so that each phase is labelled one way).
    pub exact_empties: u32,
    /// Plies of the labelling search above that.
    pub depth: u32,
    /// Plies of the learned evaluation's search that plays the self-play games (0: the
    /// hand-written evaluation one ply deep; see [`selfplay::Style::search_plies`]).
    pub selfplay_plies: u32,
    /// At most this many training positions a phase (a sample of them, if more).
    pub max_per_phase: usize,
    /// At most this many in a phase of exact labels, whose solves cost far more than the
    /// searches of the others.
    pub max_exact_per_phase: usize,
    /// Keep the warm start's weights for the phases of exact labels instead of labelling and
    /// fitting them again (only with [`Sources::warm`]): a run that improves the searched
    /// phases spends nothing on the solves.
    pub keep_exact: bool,
    /// Phases are trained up to the one of this many empties (all: the board's cells less
    /// four).
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
    /// The 8x8 run recorded in docs/ai.md.
    fn default() -> Self {
        Config {
            games: 20_000,
            seed: 1,
            threads: 2,
            exact_empties: 16,
            depth: 4,
            selfplay_plies: 0,
            max_per_phase: 60_000,
            max_exact_per_phase: 60_000,
            keep_exact: false,
            max_empties: 60,
            test_positions: 200,
            test_empties: (20, 24),
            epochs: 200,
            l2: 4.0,
        }
    }
}

impl Config {
    /// The defaults for a board of `n` by `n` (the runs recorded in docs/ai.md): on 12x12
    /// exact labels only for the last ten empties (where the training solver is quick), and
    /// a test at 11-14 empties, where the full solver still takes well under a second.
    pub fn for_size(n: usize) -> Config {
        match n {
            12 => Config {
                exact_empties: 10,
                max_empties: 140,
                test_empties: (11, 14),
                ..Config::default()
            },
            _ => Config::default(),
        }
    }
}

/// What a run learns from besides its own self-play games.
#[derive(Clone, Debug)]
pub struct Sources<S: Size> {
    /// Games read from files (WTHOR's tournament games), each as its positions in order,
    /// the side to move first: they join the training set (none is held out; the test
    /// stays on held-out self-play games).
    pub games: Vec<Vec<Discs<S>>>,
    /// Weights to start every phase's fit from (a warm start from an earlier run, in hundredths
    /// of a disc), in place of the neighbouring phase's fitted ones.
    pub warm: Option<Vec<i16>>,
}

impl<S: Size> Default for Sources<S> {
    fn default() -> Self {
        Sources {
            games: Vec::new(),
            warm: None,
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

/// `f` applied to every item, on up to `threads` threads, results in the items' order
/// (rayon's work stealing keeps every thread busy when items differ much in cost, as solves
/// at 20 and at 28 empties do). Falls back to one thread if no pool can be started.
pub fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    use rayon::prelude::*;
    let threads = threads.clamp(1, items.len().max(1));
    if threads > 1
        && let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build()
    {
        return pool.install(|| items.par_iter().map(&f).collect());
    }
    items.iter().map(f).collect()
}

/// The empty cells of a position.
fn empties<S: Size>((p, o): Discs<S>) -> u32 {
    (S::N * S::N) as u32 - (p | o).count()
}

/// Weights in discs to the files' hundredths of a disc.
fn quantize(w: &[f32]) -> Vec<i16> {
    w.iter()
        .map(|&x| (x * 100.0).round().clamp(-32767.0, 32767.0) as i16)
        .collect()
}

/// Runs the pipeline for evaluation `L`; `log` hears a line at each step.
///
/// # Panics
///
/// If `sources.warm` holds a number of weights other than `L`'s (decode it with
/// [`crate::ai::eval::weights::decode`], which checks the layout).
pub fn train<L: Learned>(
    cfg: &Config,
    sources: &Sources<L::S>,
    log: &mut dyn FnMut(&str),
) -> Trained {
    let begun = Instant::now();
    let mut say = |text: String| log(&format!("[{:7.1} s] {text}", begun.elapsed().as_secs_f64()));
    let style = Style {
        search_plies: cfg.selfplay_plies,
        ..Style::default()
    };
    let indices: Vec<u64> = (0..cfg.games).collect();
    let games = parallel_map(&indices, cfg.threads, |&i| {
        selfplay::play::<L::S>(cfg.seed, i, style)
    });
    let held_out = |i: usize| i % 10 == 9;

    // Training positions, without repeats (openings recur), by phase.
    let mut seen = HashSet::new();
    let mut by_phase: Vec<Vec<Discs<L::S>>> = vec![Vec::new(); L::PHASES];
    let own = games
        .iter()
        .enumerate()
        .filter(|&(i, _)| !held_out(i))
        .map(|(_, g)| g);
    for game in own.chain(&sources.games) {
        for &d in game {
            let e = empties::<L::S>(d);
            if e <= cfg.max_empties && seen.insert(d) {
                by_phase[L::phase(e)].push(d);
            }
        }
    }
    // A fixed sample where a phase has too many.
    let mut rng = selfplay::game_rng(cfg.seed, u64::MAX);
    for (ph, list) in by_phase.iter_mut().enumerate() {
        let exact = L::EMPTIES_PER_PHASE * (ph as u32 + 1) <= cfg.exact_empties;
        let cap = if exact {
            cfg.max_exact_per_phase
        } else {
            cfg.max_per_phase
        };
        if list.len() > cap {
            use rand::seq::SliceRandom;
            list.shuffle(&mut rng);
            list.truncate(cap);
        }
    }
    say(format!(
        "{} self-play games, {} games read, {} training positions",
        games.len(),
        sources.games.len(),
        by_phase.iter().map(Vec::len).sum::<usize>()
    ));

    let settings = FitSettings {
        epochs: cfg.epochs,
        l2: cfg.l2,
        rate: 0.5,
        threads: cfg.threads,
    };
    let phase_len = L::PHASE_LEN;
    let mut weights = match &sources.warm {
        Some(w) => w.iter().map(|&x| f32::from(x) / 100.0).collect(),
        None => vec![0f32; L::PHASES * phase_len],
    };
    assert_eq!(
        weights.len(),
        L::PHASES * phase_len,
        "warm start of another layout"
    );
    // The labels of the phases that overlap the test's empties, for the hand-written
    // evaluation's rescaling.
    let mut scale_data: Vec<(Discs<L::S>, f32)> = Vec::new();
    let mut positions = 0;
    for (ph, list) in by_phase.iter().enumerate() {
        if list.is_empty() {
            continue;
        }
        let top = L::EMPTIES_PER_PHASE * (ph as u32 + 1);
        let exact = top <= cfg.exact_empties;
        if exact && cfg.keep_exact && sources.warm.is_some() {
            say(format!(
                "phase {ph} ({}-{top} empties): the warm start's weights kept",
                top + 1 - L::EMPTIES_PER_PHASE
            ));
            continue;
        }
        let range = ph * phase_len..(ph + 1) * phase_len;
        // Start from the neighbouring phase's weights: most patterns mean much the same.
        if ph > 0 && sources.warm.is_none() {
            weights.copy_within(range.start - phase_len..range.start, range.start);
        }
        // Searched labels come in bands of `depth` empties from the phase's bottom up, the
        // phase refitted after each band, so that a search's leaves always fall where weights
        // are fitted: an earlier phase, or this one's lower bands.
        let width = if exact {
            L::EMPTIES_PER_PHASE
        } else {
            cfg.depth.min(L::EMPTIES_PER_PHASE)
        };
        let mut rows: Vec<Row> = Vec::with_capacity(list.len());
        let mut loss = 0.0;
        let mut low = top + 1 - L::EMPTIES_PER_PHASE;
        while low <= top {
            let band: Vec<Discs<L::S>> = list
                .iter()
                .copied()
                .filter(|&d| (low..low + width).contains(&empties::<L::S>(d).min(top)))
                .collect();
            low += width;
            if band.is_empty() {
                continue;
            }
            let labels: Vec<f32> = if exact {
                parallel_map(&band, cfg.threads, |&d| label::exact::<L::S>(d))
            } else {
                let eval = L::from_weights(quantize(&weights)).unwrap_or_else(|e| panic!("{e}"));
                parallel_map(&band, cfg.threads, |&d| {
                    label::searched(d, cfg.depth, &eval)
                })
            };
            let labelled: Vec<(Discs<L::S>, f32)> = band.into_iter().zip(labels).collect();
            rows.extend(parallel_map(&labelled, cfg.threads, |&(d, y)| {
                (L::features(&position(d)), y)
            }));
            let (lo, hi) = cfg.test_empties;
            scale_data.extend(
                labelled
                    .iter()
                    .filter(|&&(d, _)| (lo..=hi).contains(&empties::<L::S>(d))),
            );
            let (w, l) = fit::fit(&rows, &weights[range.clone()], settings);
            weights[range.clone()].copy_from_slice(&w);
            loss = l;
        }
        positions += list.len();
        say(format!(
            "phase {ph} ({}-{} empties): {} positions, {} labels, rms error {:.2} discs",
            top + 1 - L::EMPTIES_PER_PHASE,
            top,
            list.len(),
            if exact { "exact" } else { "searched" },
            loss.sqrt()
        ));
    }
    // The weights as the evaluation uses them, shared ones made equal, so that the file
    // loads as written.
    let learned = L::from_weights(quantize(&weights)).unwrap_or_else(|e| panic!("{e}"));
    let weights = learned.weights().to_vec();

    // The test: one position a held-out game, in the test's empties, solved exactly.
    let hand = |d: Discs<L::S>| f64::from(hand_evaluate(&position::<L::S>(d)));
    let hand_scale = least_squares_line(&scale_data, hand);
    let mut test: Vec<Discs<L::S>> = Vec::new();
    let (lo, hi) = cfg.test_empties;
    for (i, game) in games.iter().enumerate() {
        if held_out(i) && test.len() < cfg.test_positions {
            let want = lo + (i as u32 / 10) % (hi - lo + 1);
            if let Some(&d) = game
                .iter()
                .find(|&&d| (lo..=want).contains(&empties::<L::S>(d)))
            {
                test.push(d);
            }
        }
    }
    let exact = parallel_map(&test, cfg.threads, |&d| label::exact_deep::<L::S>(d));
    let (mut err_learned, mut err_hand) = (0f64, 0f64);
    for (&d, &y) in test.iter().zip(&exact) {
        let y = f64::from(y);
        err_learned += (f64::from(learned.score(&position(d))) / 100.0 - y).abs();
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
fn least_squares_line<D: Copy>(data: &[(D, f32)], f: impl Fn(D) -> f64) -> (f64, f64) {
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
    use crate::ai::eval::pattern::PatternEval;
    use crate::ai::eval::pattern12::WideEval;

    /// A small configuration: the endgame phases only (up to 20 empties), exact labels up to
    /// `exact_empties`, bootstrapped ones (2-ply searches) above, tested on held-out positions
    /// between the two that the solver scores exactly.
    fn small(games: u64, exact_empties: u32, max_empties: u32) -> Config {
        Config {
            games,
            seed: 5,
            exact_empties,
            depth: 2,
            max_empties,
            test_positions: 40,
            test_empties: (exact_empties + 1, max_empties - 2),
            ..Config::default()
        }
    }

    fn check_small_run<L: Learned>(cfg: &Config) {
        let mut lines = Vec::new();
        let trained = train::<L>(cfg, &Sources::default(), &mut |line| {
            lines.push(line.to_string())
        });
        assert_eq!(trained.weights.len(), L::PHASES * L::PHASE_LEN);
        assert!(trained.positions >= 300, "{}", trained.positions);
        assert!(trained.test_positions >= 30, "{}", trained.test_positions);
        assert!(
            trained.mae_learned < trained.mae_hand,
            "learned {:.2} discs, hand-written {:.2}\n{}",
            trained.mae_learned,
            trained.mae_hand,
            lines.join("\n")
        );
        // Seeded: the same run again gives the same weights.
        let again = train::<L>(cfg, &Sources::default(), &mut |_| {});
        assert_eq!(again.weights, trained.weights);
    }

    #[test]
    fn a_small_8x8_run_beats_the_hand_written_evaluation_on_held_out_positions() {
        check_small_run::<PatternEval>(&small(1_500, 12, 20));
    }

    #[test]
    fn a_small_12x12_run_beats_the_hand_written_evaluation_on_held_out_positions() {
        check_small_run::<WideEval>(&small(1_000, 10, 20));
    }

    #[test]
    fn keep_exact_leaves_the_warm_weights_of_the_exact_phases_and_fits_the_rest() {
        use crate::ai::eval::weights;
        let warm = weights::shipped().weights().to_vec();
        let cfg = Config {
            keep_exact: true,
            ..small(300, 12, 20)
        };
        let sources = Sources {
            warm: Some(warm.clone()),
            ..Sources::default()
        };
        let trained = train::<PatternEval>(&cfg, &sources, &mut |_| {});
        let len = PatternEval::PHASE_LEN;
        // Phases 0-2 (1-12 empties) are exact here: kept as they were.
        assert_eq!(trained.weights[..3 * len], warm[..3 * len]);
        // Phases 3 and 4 (13-20 empties) were fitted again.
        assert_ne!(trained.weights[3 * len..5 * len], warm[3 * len..5 * len]);
    }

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
