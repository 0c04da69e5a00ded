//! The pattern evaluation of 12x12 Othello. Its groups are the ones that fit a board this
//! wide: the corners and windows along the edges, each placed in every way the board's
//! eight symmetries give and sharing one table of weights:
//!
//! | shape | cells | places |
//! | --- | --- | --- |
//! | a 3x3 block in a corner | 9 | 4 |
//! | a 2x5 block in a corner | 10 | 8 |
//! | the first ten cells of an edge, from a corner (a1-j1) | 10 | 8 |
//! | the first eight cells of the second row (a2-h2) | 8 | 8 |
//! | the first eight cells of a long diagonal (a1-h8) | 8 | 4 |
//!
//! The interior, which these groups do not reach, is seen through five counts, each with a
//! table of its own (a weight for each value, so the effect need not be a straight line):
//! the moves of each side (mobility), the empty cells next to each side's discs (potential
//! mobility) and the side to move's discs. Then parity (who moves last). Weights depend on
//! the phase, one set every ten empties.
//!
//! Indices are read from a board of cell states (0 empty, 1 own disc, 2 opponent's), one
//! base-3 digit a cell. Weights of indices that a symmetry keeping a place maps to each other
//! are equal, so a position and its mirror images score the same.

use std::sync::OnceLock;

use super::learned::{Learned, WrongLength};
use super::othello::{Masks, neighbours};
use crate::core::Bits;
use crate::core::othello::{Othello, Size, Size12};

/// Rows and columns.
const N: usize = 12;

/// Weight sets: one for every ten empties (1-10, ..., 131-140).
pub const PHASES: usize = 14;

/// The shapes, in the order of their tables: each a cell group as (row, column) from the a1
/// corner, digit k of its index read from cell k.
fn shapes() -> [Vec<(usize, usize)>; 5] {
    let block = |rows: usize, cols: usize| -> Vec<(usize, usize)> {
        (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .collect()
    };
    let row = |r: usize, len: usize| -> Vec<(usize, usize)> { (0..len).map(|c| (r, c)).collect() };
    [
        block(3, 3),
        block(2, 5),
        row(0, 10),
        row(1, 8),
        (0..8).map(|k| (k, k)).collect(),
    ]
}

/// Entries of each count's table: counts beyond the last entry use the last.
const COUNTS: [usize; 5] = [64, 64, 100, 100, 145];

/// A symmetry of the board applied to a cell.
fn transform(s: usize, (r, c): (usize, usize)) -> (usize, usize) {
    let m = N - 1;
    match s {
        0 => (r, c),
        1 => (m - r, c),
        2 => (r, m - c),
        3 => (m - r, m - c),
        4 => (c, r),
        5 => (m - c, r),
        6 => (c, m - r),
        _ => (m - c, m - r),
    }
}

/// What is worked out once.
struct Layout {
    /// Every placed group: where its shape's table starts and its cells (digit k is cell k).
    places: Vec<(u32, Vec<u8>)>,
    /// Where each count's table starts.
    counts: [u32; 5],
    /// The two parity weights (even, odd number of empties).
    parity: u32,
    /// For each index of a phase's weights, the one weight it shares.
    canonical: Vec<u32>,
}

fn layout() -> &'static Layout {
    static LAYOUT: OnceLock<Layout> = OnceLock::new();
    LAYOUT.get_or_init(|| {
        let mut places = Vec::new();
        let mut canonical: Vec<u32> = Vec::new();
        for shape in shapes() {
            let off = canonical.len() as u32;
            let n = shape.len();
            let cell = |s: usize, k: usize| {
                let (r, c) = transform(s, shape[k]);
                (r * N + c) as u8
            };
            let mut seen: Vec<Vec<u8>> = Vec::new();
            // Digit permutations of the symmetries that map the first place onto itself.
            let mut perms: Vec<Vec<usize>> = Vec::new();
            let base: Vec<u8> = (0..n).map(|k| cell(0, k)).collect();
            for s in 0..8 {
                let cells: Vec<u8> = (0..n).map(|k| cell(s, k)).collect();
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                if let Some(perm) = (0..n)
                    .map(|k| base.iter().position(|&b| b == cells[k]))
                    .collect::<Option<Vec<usize>>>()
                {
                    perms.push(perm);
                }
                if !seen.contains(&sorted) {
                    seen.push(sorted);
                    places.push((off, cells));
                }
            }
            let pow: Vec<u32> = (0..n).map(|d| 3u32.pow(d as u32)).collect();
            for i in 0..3u32.pow(n as u32) {
                let best = perms
                    .iter()
                    .map(|perm| (0..n).map(|d| (i / pow[d] % 3) * pow[perm[d]]).sum())
                    .min()
                    .unwrap_or(i);
                canonical.push(off + best);
            }
        }
        let mut counts = [0; 5];
        for (k, &len) in COUNTS.iter().enumerate() {
            counts[k] = canonical.len() as u32;
            canonical.extend(counts[k]..counts[k] + len as u32);
        }
        let parity = canonical.len() as u32;
        canonical.extend([parity, parity + 1]);
        Layout {
            places,
            counts,
            parity,
            canonical,
        }
    })
}

/// Calls `f` with each feature of `pos` (an index into its phase's weights, not yet mapped
/// to the weight it shares).
#[inline(always)]
fn each_feature<S: Size>(pos: &Othello<S>, mut f: impl FnMut(usize)) {
    debug_assert_eq!(S::N, N);
    let l = layout();
    let (p, o) = (pos.player(), pos.opponent());
    let mut board = [0u8; N * N];
    for c in p.iter() {
        board[c] = 1;
    }
    for c in o.iter() {
        board[c] = 2;
    }
    for (off, cells) in &l.places {
        let mut i = 0usize;
        for &c in cells.iter().rev() {
            i = i * 3 + usize::from(board[usize::from(c)]);
        }
        f(*off as usize + i);
    }
    let m = Masks::<S::Bits>::of::<S>();
    let empties = pos.empties();
    let counts = [
        pos.moves_bits().count(),
        pos.opponent_moves_bits().count(),
        (neighbours::<S>(o, &m) & empties).count(),
        (neighbours::<S>(p, &m) & empties).count(),
        p.count(),
    ];
    for k in 0..5 {
        f(l.counts[k] as usize + (counts[k] as usize).min(COUNTS[k] - 1));
    }
    f(l.parity as usize + (empties.count() & 1) as usize);
}

/// The 12x12 pattern evaluation: weights for every phase, in hundredths of a disc.
#[derive(Clone, Debug)]
pub struct WideEval {
    weights: Vec<i16>,
}

impl WideEval {
    /// The weights, phase by phase.
    pub fn weights(&self) -> &[i16] {
        &self.weights
    }

    /// The score of `pos` (a 12x12 board) for the side to move, in hundredths of a disc.
    #[inline]
    pub fn evaluate<S: Size>(&self, pos: &Othello<S>) -> i32 {
        let len = Self::PHASE_LEN;
        let start = <Self as Learned>::phase(pos.empties().count()) * len;
        let w = &self.weights[start..start + len];
        let mut sum = 0i32;
        each_feature(pos, |i| sum += i32::from(w[i]));
        sum
    }
}

impl Learned for WideEval {
    type S = Size12;
    const PHASES: usize = PHASES;
    const EMPTIES_PER_PHASE: u32 = 10;
    const PHASE_LEN: usize = 150_903 + 473 + 2;

    fn features(pos: &Othello<Size12>) -> Vec<u32> {
        let canonical = &layout().canonical;
        let mut out = Vec::with_capacity(layout().places.len() + 6);
        each_feature(pos, |i| out.push(canonical[i]));
        out
    }

    fn from_weights(mut weights: Vec<i16>) -> Result<Self, WrongLength> {
        let canonical = &layout().canonical;
        if weights.len() != PHASES * Self::PHASE_LEN {
            return Err(WrongLength {
                got: weights.len(),
                expected: PHASES * Self::PHASE_LEN,
            });
        }
        for phase in weights.chunks_mut(Self::PHASE_LEN) {
            for i in 0..Self::PHASE_LEN {
                phase[i] = phase[canonical[i] as usize];
            }
        }
        Ok(WideEval { weights })
    }

    fn weights(&self) -> &[i16] {
        WideEval::weights(self)
    }

    fn score(&self, pos: &Othello<Size12>) -> i32 {
        self.evaluate(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Side;
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};

    type Bits12 = <Size12 as Size>::Bits;

    fn random_eval(seed: u64) -> WideEval {
        let mut rng = SmallRng::seed_from_u64(seed);
        let n = PHASES * WideEval::PHASE_LEN;
        WideEval::from_weights((0..n).map(|_| rng.random_range(-300..=300)).collect()).unwrap()
    }

    fn random_position(rng: &mut SmallRng) -> Othello<Size12> {
        let (mut p, mut o) = (Bits12::ZERO, Bits12::ZERO);
        let fill = rng.random_range(10..100);
        for c in 0..N * N {
            let x = rng.random_range(0..100);
            if x < fill / 2 {
                p |= Bits12::bit(c);
            } else if x < fill {
                o |= Bits12::bit(c);
            }
        }
        Othello::from_bits(p, o, Side::First)
    }

    fn image(pos: &Othello<Size12>, s: usize) -> Othello<Size12> {
        let map = |b: Bits12| {
            b.iter().fold(Bits12::ZERO, |acc, c| {
                let (r, c) = transform(s, (c / N, c % N));
                acc | Bits12::bit(r * N + c)
            })
        };
        Othello::from_bits(map(pos.player()), map(pos.opponent()), Side::First)
    }

    #[test]
    fn the_layout_is_as_the_table_says() {
        let l = layout();
        let mut per_shape = [0; 5];
        let offsets: Vec<u32> = {
            let mut o: Vec<u32> = l.places.iter().map(|p| p.0).collect();
            o.dedup();
            o
        };
        for (off, _) in &l.places {
            per_shape[offsets.iter().position(|o| o == off).unwrap()] += 1;
        }
        assert_eq!(per_shape, [4, 8, 8, 8, 4]);
        assert_eq!(l.canonical.len(), WideEval::PHASE_LEN);
        // a1-j1 read from the h12 corner upwards: l12, l11, ..., l3.
        let last: Vec<u8> = (0..10).map(|k| (143 - 12 * k) as u8).collect();
        assert!(l.places.iter().any(|(_, cells)| *cells == last));
    }

    #[test]
    fn a_position_and_its_mirror_images_score_the_same() {
        let mut rng = SmallRng::seed_from_u64(12);
        for seed in 0..2 {
            let eval = random_eval(seed);
            for _ in 0..100 {
                let pos = random_position(&mut rng);
                let v = eval.evaluate(&pos);
                for s in 1..8 {
                    assert_eq!(eval.evaluate(&image(&pos, s)), v, "image {s}");
                }
            }
        }
    }

    #[test]
    fn the_score_is_the_sum_of_the_features_weights() {
        let eval = random_eval(5);
        let mut rng = SmallRng::seed_from_u64(9);
        for _ in 0..100 {
            let pos = random_position(&mut rng);
            let start = WideEval::phase(pos.empties().count()) * WideEval::PHASE_LEN;
            let sum: i32 = WideEval::features(&pos)
                .iter()
                .map(|&f| i32::from(eval.weights()[start + f as usize]))
                .sum();
            assert_eq!(eval.evaluate(&pos), sum);
        }
        // The start: four discs, four moves each, ten empty cells next to each side's discs, two
        // own discs.
        let start = Othello::<Size12>::start();
        let f = WideEval::features(&start);
        let l = layout();
        assert_eq!(f.len(), l.places.len() + 6);
        let c = |k: usize, v: u32| l.counts[k] + v;
        assert_eq!(
            &f[f.len() - 6..f.len() - 1],
            [c(0, 4), c(1, 4), c(2, 10), c(3, 10), c(4, 2)]
        );
    }
}
