//! The data behind ProbCut: how far a shallow search's value lies from a deeper one's, on
//! positions of self-play or of real games. ProbCut cuts a node when a shallow search's value is so far beyond
//! the window that the deep value is very unlikely to fall inside it; "so far" is a number
//! of standard deviations of the difference measured here.
//!
//! - In the endgame solver the deep value is the exact score, the shallow one a search of
//!   0, 2 or 4 plies with the learned evaluation (see
//!   [`crate::ai::solver::othello_endgame`]).
//! - In the midgame search the deep value is a `d`-ply search and the shallow one a search
//!   of [`shallow_depth`]`(d)` plies, both with the learned evaluation (see
//!   [`crate::ai::alphabeta`]).
//!
//! `boardplay probcut` prints both tables; the numbers in the searches come from its run
//! recorded in docs/ai.md.

use super::parallel_map;
use super::selfplay::{Discs, Style, play};
use crate::ai::alphabeta::{AlphaBeta, shallow_depth};
use crate::ai::game::PROVEN;
use crate::ai::solver::othello_endgame::{exact_score, shallow_value};
use crate::ai::{Stop, othello::DISC};
use crate::core::Side;
use crate::core::othello::{Othello8, Size8};

/// The spread of (deep value - shallow value), in discs, over positions of some empties.
#[derive(Clone, Debug, PartialEq)]
pub struct Spread {
    /// Empties of the positions, fewest and most.
    pub empties: (u32, u32),
    /// Plies of the deep search (`None`: the exact score).
    pub deep: Option<u32>,
    /// Plies of the shallow search.
    pub shallow: u32,
    /// Positions measured.
    pub count: usize,
    /// Mean difference.
    pub mean: f64,
    /// Standard deviation of the difference.
    pub sd: f64,
}

/// `games` self-play games of the training's style seeded with `seed`, each as its positions
/// in order: where the spreads are measured unless real games are given.
pub fn self_play_games(seed: u64, games: u64) -> Vec<Vec<Discs>> {
    (0..games)
        .map(|g| play::<Size8>(seed, g, Style::default()))
        .collect()
}

/// Up to `per_bucket` positions of each bucket of empties from `games`: from each game at
/// most one a bucket (positions of one game are alike), at empties that vary from game to
/// game.
fn positions(
    games: &[Vec<Discs>],
    buckets: &[(u32, u32)],
    per_bucket: usize,
) -> Vec<(usize, Discs)> {
    let mut out: Vec<(usize, Discs)> = Vec::new();
    let mut filled = vec![0; buckets.len()];
    for (g, game) in (0u64..).zip(games) {
        for (b, &(lo, hi)) in buckets.iter().enumerate() {
            let want = lo + (g % u64::from(hi - lo + 1)) as u32;
            let found = game.iter().find(|d| 64 - (d.0 | d.1).count_ones() == want);
            if let Some(&discs) = found
                && filled[b] < per_bucket
            {
                filled[b] += 1;
                out.push((b, discs));
            }
        }
    }
    out
}

fn spread(differences: &[f64], empties: (u32, u32), deep: Option<u32>, shallow: u32) -> Spread {
    let count = differences.len();
    let n = count.max(1) as f64;
    let mean = differences.iter().sum::<f64>() / n;
    let sd = (differences
        .iter()
        .map(|d| (d - mean) * (d - mean))
        .sum::<f64>()
        / n)
        .sqrt();
    Spread {
        empties,
        deep,
        shallow,
        count,
        mean,
        sd,
    }
}

/// Exact score against shallow searches of 0, 2 and 4 plies, on `per_bucket` positions of
/// each bucket of empties (solved exactly: keep the buckets within 22 or so empties).
pub fn endgame_spreads(
    games: &[Vec<Discs>],
    buckets: &[(u32, u32)],
    per_bucket: usize,
    threads: usize,
) -> Vec<Spread> {
    const DEPTHS: [u32; 3] = [0, 2, 4];
    let picked = positions(games, buckets, per_bucket);
    let rows = parallel_map(&picked, threads, |&(b, (p, o))| {
        let pos = Othello8::from_bits(p, o, Side::First);
        let exact = f64::from(exact_score(&pos, 20));
        let diffs = DEPTHS.map(|d| exact - f64::from(shallow_value(&pos, d)) / f64::from(DISC));
        (b, diffs)
    });
    let mut out = Vec::new();
    for (b, &range) in buckets.iter().enumerate() {
        for (k, &d) in DEPTHS.iter().enumerate() {
            let diffs: Vec<f64> = rows.iter().filter(|r| r.0 == b).map(|r| r.1[k]).collect();
            out.push(spread(&diffs, range, None, d));
        }
    }
    out
}

/// `d`-ply searches against [`shallow_depth`]`(d)`-ply ones for `d` in `depths`, on
/// `per_bucket` positions of each bucket of empties; positions where either search proves
/// the game's result are left out (ProbCut has nothing to guess there).
pub fn midgame_spreads(
    games: &[Vec<Discs>],
    buckets: &[(u32, u32)],
    per_bucket: usize,
    depths: std::ops::RangeInclusive<u32>,
    threads: usize,
) -> Vec<Spread> {
    let picked = positions(games, buckets, per_bucket);
    let top = *depths.end();
    let rows = parallel_map(&picked, threads, |&(b, (p, o))| {
        let pos = Othello8::from_bits(p, o, Side::First);
        let mut engine = AlphaBeta::new(18).with_learned_eval(true);
        let stop = Stop::new();
        // Every depth from 0 up, with one table: each orders the next.
        let values: Vec<Option<i32>> = (0..=top)
            .map(|d| {
                engine
                    .value_at_depth(&pos, d, &stop)
                    .filter(|v| v.abs() < PROVEN)
            })
            .collect();
        (b, values)
    });
    let mut out = Vec::new();
    for (b, &range) in buckets.iter().enumerate() {
        for d in depths.clone() {
            let s = shallow_depth(d) as usize;
            let diffs: Vec<f64> = rows
                .iter()
                .filter(|r| r.0 == b)
                .filter_map(|r| Some(f64::from(r.1[d as usize]? - r.1[s]?) / f64::from(DISC)))
                .collect();
            out.push(spread(&diffs, range, Some(d), s as u32));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_depths_are_a_third_of_the_same_parity() {
        // (depth, check): a third rounded down, then up to the depth's parity.
        let want = [
            (3, 1),
            (4, 2),
            (5, 1),
            (6, 2),
            (7, 3),
            (8, 2),
            (9, 3),
            (12, 4),
            (15, 5),
            (16, 6),
            (17, 5),
            (18, 6),
            (20, 6),
            (21, 7),
        ];
        for (depth, check) in want {
            assert_eq!(shallow_depth(depth), check, "depth {depth}");
        }
        for depth in 3..=60 {
            let check = shallow_depth(depth);
            assert!((depth - check).is_multiple_of(2) && (1..=depth / 3 + 1).contains(&check));
        }
    }

    #[test]
    fn spreads_are_measured_on_the_buckets_asked() {
        let games = self_play_games(7, 12);
        let rows = endgame_spreads(&games, &[(8, 10)], 4, 2);
        assert_eq!(rows.len(), 3);
        assert!(rows.iter().all(|r| r.count == 4 && r.empties == (8, 10)));
        // Some error, and within the board's range.
        assert!(rows.iter().all(|r| r.sd > 0.0 && r.sd < 40.0), "{rows:?}");
        let rows = midgame_spreads(&games, &[(30, 40)], 3, 3..=4, 2);
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].deep, rows[0].shallow), (Some(3), 1));
        assert_eq!((rows[1].deep, rows[1].shallow), (Some(4), 2));
        assert!(rows.iter().all(|r| r.count == 3));
    }
}
