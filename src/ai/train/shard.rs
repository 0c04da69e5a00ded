//! Training data that outlives a run: 8x8 positions labelled by deep searches of the shipped
//! evaluation (or exactly, near the end), kept in shards ([`crate::formats::shard`]) that later
//! runs add to, and one fit over every shard.
//!
//! The pipeline of [`super::train`] labels each phase by short searches over the phases it has
//! just fitted, so its labels are only as deep as one run can afford and are thrown away with
//! it. Here a label depends only on its position and on the shipped weights: a shard made
//! today and one made next week label the same position alike, a run broken off continues
//! where it stopped, and the fit takes every shard at hand (a position labelled twice keeps
//! its surest label: exact, else the deepest).
//!
//! 1. [`pick`]: positions of the games given (tournament games, self-play), each once, a
//!    seeded sample of at most `per_phase` a phase, phases taken in turn so that a shard cut
//!    short still covers them all;
//! 2. [`label`]: Expert's search (selective, learned evaluation, a table of its own so that a
//!    value does not depend on what was searched before) `depth` plies deep, or the exact
//!    solver from `exact_from` empties;
//! 3. [`fit_shards`]: each phase with enough positions fitted again from the shipped weights,
//!    pulled towards them rather than towards zero (a few deep labels refine what many shallow
//!    ones made), judged on a twentieth of its positions held out.

use std::collections::{HashMap, HashSet};

use rand::seq::SliceRandom;

use super::fit::{FitSettings, Row, fit_towards};
use super::parallel_map;
use super::selfplay::{Discs, game_rng};
use crate::ai::alphabeta::AlphaBeta;
use crate::ai::eval::learned::Learned;
use crate::ai::eval::pattern::PatternEval;
use crate::ai::game::Game;
use crate::ai::solver::othello_endgame::exact_score;
use crate::core::Side;
use crate::core::othello::{Othello8, Size8};
use crate::formats::shard::Labelled;

/// ProbCut's margin in the labelling searches, in standard deviations: Expert's own.
const PROBCUT_SIGMAS: f32 = 1.5;

/// Table size of a labelling search (2^18 entries), fresh for every position.
const TABLE_BITS: u32 = 18;

/// Table size of the exact labels' solves (2^16 entries, as the training pipeline's): enough
/// for the 20-odd empties they are asked for, and cheap to make for every position.
const SOLVE_BITS: u32 = 16;

/// FNV-1a over 64-bit words: the fingerprints of a shard's positions and weights.
fn fnv(words: impl IntoIterator<Item = u64>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for w in words {
        for b in w.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// A fingerprint of `positions`, in their order.
pub fn positions_fingerprint(positions: &[Discs<Size8>]) -> u64 {
    fnv(positions.iter().flat_map(|&(p, o)| [p, o]))
}

/// A fingerprint of the shipped 8x8 weights, which score the labelling searches' leaves.
pub fn weights_fingerprint() -> u64 {
    let w = crate::ai::eval::weights::shipped().weights();
    fnv(w.iter().map(|&x| x as u16 as u64))
}

/// The empty cells of an 8x8 position.
fn empties(discs: Discs<Size8>) -> u32 {
    super::empties::<Size8>(discs)
}

/// The positions of `games` with `lo..=hi` empties, each once, at most `per_phase` of each
/// phase of the evaluation (a sample drawn from `seed`), in turns: the first of each phase
/// from the fewest empties up, then the second of each, and so on.
pub fn pick(
    games: &[Vec<Discs<Size8>>],
    seed: u64,
    per_phase: usize,
    (lo, hi): (u32, u32),
) -> Vec<Discs<Size8>> {
    let mut seen = HashSet::new();
    let mut by_phase: Vec<Vec<Discs<Size8>>> = vec![Vec::new(); PatternEval::PHASES];
    for &d in games.iter().flatten() {
        let e = empties(d);
        if (lo..=hi).contains(&e) && seen.insert(d) {
            by_phase[PatternEval::phase(e)].push(d);
        }
    }
    let mut rng = game_rng(seed, u64::MAX - 1);
    for list in &mut by_phase {
        // In an order that does not depend on the games' order or the set's.
        list.sort_unstable();
        list.shuffle(&mut rng);
        list.truncate(per_phase);
    }
    let longest = by_phase.iter().map(Vec::len).max().unwrap_or(0);
    (0..longest)
        .flat_map(|k| by_phase.iter().filter_map(move |list| list.get(k).copied()))
        .collect()
}

/// The label of `discs` (the side to move's discs first): the exact score, in hundredths of
/// a disc, if it has at most `exact_from` empties, else the value of Expert's search `depth`
/// plies deep with the shipped evaluation.
pub fn label(discs: Discs<Size8>, depth: u32, exact_from: u32) -> Labelled {
    let (player, opponent) = discs;
    let pos = Othello8::from_bits(player, opponent, Side::First);
    let (value, depth) = if empties(discs) <= exact_from {
        (exact_score(&pos, SOLVE_BITS) * 100, 0)
    } else {
        let mut engine = AlphaBeta::new(TABLE_BITS)
            .with_learned_eval(true)
            .with_probcut(Some(PROBCUT_SIGMAS));
        let (score, _) = engine.search_depth(&pos, depth);
        let discs = Othello8::chart_value(score);
        ((discs * 100.0).round() as i32, depth.min(255) as u8)
    };
    Labelled {
        player,
        opponent,
        value: value.clamp(-6400, 6400) as i16,
        depth,
    }
}

/// Labels `positions` ([`label`]) on `threads` threads, in their order.
pub fn label_all(
    positions: &[Discs<Size8>],
    depth: u32,
    exact_from: u32,
    threads: usize,
) -> Vec<Labelled> {
    parallel_map(positions, threads, |&d| label(d, depth, exact_from))
}

/// How one phase's fit went.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseFit {
    /// The phase.
    pub phase: usize,
    /// Positions fitted on.
    pub trained: usize,
    /// Positions held out.
    pub held_out: usize,
    /// Mean absolute error on the held-out positions, in discs, of the weights started from.
    pub before: f64,
    /// The same of the fitted weights.
    pub after: f64,
}

/// The surest label of each position among `records`: exact (depth 0) first, else the
/// deepest search; between equals, the first.
pub fn surest(records: &[Labelled]) -> Vec<Labelled> {
    let rank = |r: &Labelled| {
        if r.depth == 0 {
            u16::MAX
        } else {
            u16::from(r.depth)
        }
    };
    let mut best: HashMap<(u64, u64), Labelled> = HashMap::new();
    for r in records {
        let slot = best.entry((r.player, r.opponent)).or_insert(*r);
        if rank(r) > rank(slot) {
            *slot = *r;
        }
    }
    let mut out: Vec<Labelled> = best.into_values().collect();
    out.sort_unstable_by_key(|r| (r.player, r.opponent));
    out
}

/// True for the twentieth of positions held out of every fit (by a hash of the position, so
/// the same in every run and shard). FNV's low bits follow the low bits of the discs'
/// bytes, which openings share, so its value is mixed (splitmix64's finaliser) first:
/// unmixed, one position in 450 of 53-56 empties was held out instead of one in 20.
fn held_out(r: &Labelled) -> bool {
    let mut x = fnv([r.player, r.opponent]);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (x ^ (x >> 31)).is_multiple_of(20)
}

/// The mean absolute error, in discs, of phase weights `w` on `rows`.
fn mean_error(rows: &[Row], w: &[f32]) -> f64 {
    if rows.is_empty() {
        return 0.0;
    }
    let sum: f64 = rows
        .iter()
        .map(|(f, y)| f64::from((f.iter().map(|&i| w[i as usize]).sum::<f32>() - y).abs()))
        .sum();
    sum / rows.len() as f64
}

/// Weights fitted to `records` from `start` (hundredths of a disc, every phase): each phase
/// holding at least `min_positions` positions (after [`surest`]) is fitted again, pulled
/// towards `start`; the others keep `start`'s. Returns the weights as the evaluation uses them
/// and how each fitted phase did on its held-out positions.
pub fn fit_shards(
    records: &[Labelled],
    start: &[i16],
    min_positions: usize,
    settings: FitSettings,
) -> (Vec<i16>, Vec<PhaseFit>) {
    let len = PatternEval::PHASE_LEN;
    let mut weights: Vec<f32> = start.iter().map(|&x| f32::from(x) / 100.0).collect();
    let mut by_phase: Vec<Vec<Labelled>> = vec![Vec::new(); PatternEval::PHASES];
    for r in surest(records) {
        by_phase[PatternEval::phase(r.empties())].push(r);
    }
    let mut report = Vec::new();
    for (phase, list) in by_phase.iter().enumerate() {
        if list.len() < min_positions.max(1) {
            continue;
        }
        let rows: Vec<(bool, Row)> = parallel_map(list, settings.threads, |r| {
            let pos = Othello8::from_bits(r.player, r.opponent, Side::First);
            (
                held_out(r),
                (PatternEval::features(&pos), f32::from(r.value) / 100.0),
            )
        });
        let (test, train): (Vec<_>, Vec<_>) = rows.into_iter().partition(|(h, _)| *h);
        let test: Vec<Row> = test.into_iter().map(|(_, r)| r).collect();
        let train: Vec<Row> = train.into_iter().map(|(_, r)| r).collect();
        let range = phase * len..(phase + 1) * len;
        let prior = weights[range.clone()].to_vec();
        let (fitted, _) = fit_towards(&train, &prior, Some(&prior), settings);
        report.push(PhaseFit {
            phase,
            trained: train.len(),
            held_out: test.len(),
            before: mean_error(&test, &prior),
            after: mean_error(&test, &fitted),
        });
        weights[range].copy_from_slice(&fitted);
    }
    let quantized = super::quantize(&weights);
    let tied = PatternEval::from_weights(quantized)
        .map(|e| e.weights().to_vec())
        .unwrap_or_else(|_| start.to_vec());
    (tied, report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::solver::othello_endgame::solve_plain;
    use crate::ai::train::selfplay;

    fn games(n: u64) -> Vec<Vec<Discs<Size8>>> {
        (0..n)
            .map(|i| selfplay::play::<Size8>(11, i, Default::default()))
            .collect()
    }

    #[test]
    fn picks_are_distinct_in_range_capped_by_phase_and_in_turns() {
        let games = games(40);
        let picked = pick(&games, 3, 5, (13, 40));
        let set: HashSet<_> = picked.iter().collect();
        assert_eq!(set.len(), picked.len(), "each position once");
        assert!(picked.iter().all(|&d| (13..=40).contains(&empties(d))));
        let mut per_phase = [0; PatternEval::PHASES];
        for &d in &picked {
            per_phase[PatternEval::phase(empties(d))] += 1;
        }
        // 13-40 empties: phases 3 to 9, five of each (40 games hold far more).
        assert_eq!(&per_phase[3..=9], &[5; 7]);
        assert_eq!(picked.len(), 35);
        // In turns: the first seven are one of each phase, fewest empties first.
        let first: Vec<usize> = picked[..7]
            .iter()
            .map(|&d| PatternEval::phase(empties(d)))
            .collect();
        assert_eq!(first, (3..=9).collect::<Vec<_>>());
        // The same for the seed, whatever the games' order; another seed draws others.
        let mut reversed = games.clone();
        reversed.reverse();
        assert_eq!(pick(&reversed, 3, 5, (13, 40)), picked);
        assert_ne!(pick(&games, 4, 5, (13, 40)), picked);
    }

    #[test]
    fn exact_labels_are_the_plain_solvers_and_searched_ones_expert_searches() {
        let game = &games(1)[0];
        let near_end = game[game.len() - 12];
        let l = label(near_end, 6, 14);
        let pos = Othello8::from_bits(near_end.0, near_end.1, Side::First);
        assert_eq!(l.depth, 0);
        assert_eq!(i32::from(l.value), solve_plain(&pos, -65, 65) * 100);
        // Above `exact_from`: Expert's selective search, whose value a fresh engine repeats.
        let middle = game[30];
        let l = label(middle, 4, 14);
        assert_eq!(l.depth, 4);
        let pos = Othello8::from_bits(middle.0, middle.1, Side::First);
        let mut engine = AlphaBeta::new(12)
            .with_learned_eval(true)
            .with_probcut(Some(PROBCUT_SIGMAS));
        let (score, _) = engine.search_depth(&pos, 4);
        assert_eq!(
            f32::from(l.value) / 100.0,
            (Othello8::chart_value(score) * 100.0).round() / 100.0
        );
        assert_eq!(label_all(&[near_end, middle], 4, 14, 2)[1], l);
    }

    #[test]
    fn the_surest_label_of_a_position_is_kept() {
        let at = |value, depth| Labelled {
            player: 1 << 28 | 1 << 35,
            opponent: 1 << 27 | 1 << 36,
            value,
            depth,
        };
        let other = Labelled {
            player: at(0, 0).player | 1,
            ..at(0, 4)
        };
        let kept = surest(&[at(100, 4), at(200, 12), other, at(300, 8)]);
        assert_eq!(kept.len(), 2);
        assert!(kept.contains(&at(200, 12)) && kept.contains(&other));
        assert_eq!(surest(&[at(100, 12), at(-200, 0)]), vec![at(-200, 0)]);
    }

    #[test]
    fn a_fit_on_exact_labels_does_better_on_held_out_positions_and_leaves_other_phases() {
        // Positions of 13-16 empties (phase 3) labelled exactly, from weights that know
        // nothing of that phase: the fit must bring the held-out error down.
        let games = games(500);
        let picked = pick(&games, 1, 4000, (13, 16));
        let records = label_all(&picked, 1, 16, 2);
        let shipped = crate::ai::eval::weights::shipped().weights().to_vec();
        let len = PatternEval::PHASE_LEN;
        let mut start = shipped.clone();
        start[3 * len..4 * len].fill(0);
        let settings = FitSettings {
            epochs: 60,
            l2: 4.0,
            rate: 0.5,
            threads: 2,
        };
        let (w, report) = fit_shards(&records, &start, 1000, settings);
        assert_eq!(report.len(), 1, "{report:?}");
        let r = &report[0];
        assert_eq!(r.phase, 3);
        assert!(r.held_out > 50 && r.trained > 1000, "{r:?}");
        assert!(r.after < 0.8 * r.before, "{r:?}");
        assert_eq!(w[..3 * len], start[..3 * len]);
        assert_eq!(w[4 * len..], start[4 * len..]);
        assert_ne!(w[3 * len..4 * len], start[3 * len..4 * len]);
    }
}
