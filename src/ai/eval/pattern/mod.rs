//! The pattern evaluation of 8x8 Othello, as strong engines (Logistello, Edax, Egaroucid)
//! build theirs: the score is a sum of weights, one looked up for each of 46 small groups of
//! cells by what the group holds (empty, own, opponent's disc: a base-3 index), one for each
//! of four counts that no small group sees (each side's moves, and each side's potential
//! mobility: the empty cells next to the other side's discs, [`COUNTS`]), and one for who
//! moves last (the parity of the empties). Weights depend on the game phase, one set every
//! four empties.
//!
//! The groups are eleven shapes, each placed on the board in every way the board's eight
//! symmetries give, sharing one table of weights:
//!
//! | shape | cells | places |
//! | --- | --- | --- |
//! | an edge and its two X cells | 10 | 4 |
//! | a 2x5 block in a corner | 10 | 8 |
//! | a 3x3 block in a corner | 9 | 4 |
//! | the second, third and fourth rows (and columns) | 8 | 4 each |
//! | the long diagonals | 8 | 2 |
//! | diagonals of 7, 6, 5 and 4 cells | 7 to 4 | 4 each |
//!
//! Indices are computed from the bitboards: the board's eight images (a few shifts each),
//! then each shape read from an image with shifts and masks, or for diagonals a
//! multiplication that gathers one bit a column. Weights of indices that are images of each
//! other under a symmetry that maps a place onto itself (an edge read left to right or right
//! to left) are equal, so a position and its mirror images score the same.

use std::borrow::Cow;
use std::sync::OnceLock;

mod indices;

pub use indices::{Indices, PLACES};

use super::learned::{Learned, WrongLength};
use super::symmetry::images;
use crate::core::Side;
use crate::core::othello::{Othello, Size8};

/// Weight sets: one for every four empties (1-4, 5-8, ..., 57-60).
pub const PHASES: usize = 15;

/// The weight set of a position with `empties` empty cells.
#[inline(always)]
pub fn phase(empties: u32) -> usize {
    ((empties.max(1) - 1) / 4).min(PHASES as u32 - 1) as usize
}

/// The shapes, in the order of their tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Row 1 and b2, g2.
    EdgeX,
    /// a1-e1 and a2-e2.
    Corner2x5,
    /// a1-c3.
    Corner3x3,
    /// Row 2.
    Row2,
    /// Row 3.
    Row3,
    /// Row 4.
    Row4,
    /// a1-h8.
    Diag8,
    /// a2-g8.
    Diag7,
    /// a3-f8.
    Diag6,
    /// a4-e8.
    Diag5,
    /// a5-d8.
    Diag4,
}

/// Every shape.
pub const SHAPES: [Shape; 11] = [
    Shape::EdgeX,
    Shape::Corner2x5,
    Shape::Corner3x3,
    Shape::Row2,
    Shape::Row3,
    Shape::Row4,
    Shape::Diag8,
    Shape::Diag7,
    Shape::Diag6,
    Shape::Diag5,
    Shape::Diag4,
];

const DIAGONAL: u64 = 0x8040_2010_0804_0201;
const COLUMN_GATHER: u64 = 0x0101_0101_0101_0101;

impl Shape {
    /// Number of cells.
    pub const fn cells(self) -> u32 {
        match self {
            Shape::EdgeX | Shape::Corner2x5 => 10,
            Shape::Corner3x3 => 9,
            Shape::Row2 | Shape::Row3 | Shape::Row4 | Shape::Diag8 => 8,
            Shape::Diag7 => 7,
            Shape::Diag6 => 6,
            Shape::Diag5 => 5,
            Shape::Diag4 => 4,
        }
    }

    /// The discs of `x` in the shape's cells, one bit a cell.
    #[inline(always)]
    pub fn extract(self, x: u64) -> usize {
        // The diagonal below the long one by `k` rows, gathered into the top byte: it has
        // one cell a column, so the products' bits never meet and nothing carries.
        let diag = |k: u32| {
            (((x & (DIAGONAL << (8 * k))).wrapping_mul(COLUMN_GATHER)) >> 56) as usize
                & ((1 << (8 - k)) - 1)
        };
        match self {
            Shape::EdgeX => (x & 0xff | ((x >> 9) & 1) << 8 | ((x >> 14) & 1) << 9) as usize,
            Shape::Corner2x5 => (x & 0x1f | ((x >> 8) & 0x1f) << 5) as usize,
            Shape::Corner3x3 => (x & 7 | ((x >> 8) & 7) << 3 | ((x >> 16) & 7) << 6) as usize,
            Shape::Row2 => ((x >> 8) & 0xff) as usize,
            Shape::Row3 => ((x >> 16) & 0xff) as usize,
            Shape::Row4 => ((x >> 24) & 0xff) as usize,
            Shape::Diag8 => diag(0),
            Shape::Diag7 => diag(1),
            Shape::Diag6 => diag(2),
            Shape::Diag5 => diag(3),
            Shape::Diag4 => diag(4),
        }
    }

    /// Entries of the shape's table: 3 to the number of cells.
    pub const fn table_len(self) -> usize {
        3usize.pow(self.cells())
    }
}

/// Bits to base 3: bit k of the index becomes digit k (so own discs read as 1s; the
/// opponent's, doubled, as 2s).
const TERNARY: [u32; 1024] = {
    let mut t = [0u32; 1024];
    let mut i = 0;
    while i < 1024 {
        let (mut v, mut p, mut b) = (0, 1, i);
        while b > 0 {
            v += (b & 1) as u32 * p;
            p *= 3;
            b >>= 1;
        }
        t[i] = v;
        i += 1;
    }
    t
};

/// Where each shape's table starts in a phase's weights, and their total length.
const OFFSETS: ([usize; 11], usize) = {
    let mut o = [0; 11];
    let mut total = 0;
    let mut k = 0;
    while k < 11 {
        o[k] = total;
        total += SHAPES[k].table_len();
        k += 1;
    }
    (o, total)
};

/// The counts that see what no group of cells does, each with a table of a weight a value
/// (counts beyond the last entry use the last): the side to move's moves, the opponent's
/// moves, the empty cells next to the opponent's discs (where the side to move may later
/// play: its potential mobility) and those next to its own discs (the opponent's).
pub const COUNTS: [usize; 4] = [32, 32, 48, 48];

/// Where each count's table starts in a phase's weights.
const COUNT_OFFSETS: [usize; 4] = {
    let mut o = [0; 4];
    let mut at = OFFSETS.1;
    let mut k = 0;
    while k < 4 {
        o[k] = at;
        at += COUNTS[k];
        k += 1;
    }
    o
};

/// Index of the two parity weights (even, odd number of empties) in a phase's weights.
pub const PARITY: usize = COUNT_OFFSETS[3] + COUNTS[3];

/// Weights in a phase: every shape's table, the count tables, then the two parity weights.
pub const PHASE_LEN: usize = PARITY + 2;

/// Features of a position: one per place of a shape (46), one per count (4), and its
/// parity.
pub const FEATURES: usize = 51;

/// The cells next to any of `x` (in the eight directions).
#[inline(always)]
fn neighbours(x: u64) -> u64 {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let right = (x << 1) & NOT_A;
    let left = (x >> 1) & NOT_H;
    let row = x | right | left;
    (row << 8) | (row >> 8) | right | left
}

/// The feature index of each count of the position where the side to move has `p` and its
/// opponent `o`.
#[inline(always)]
fn count_features(p: u64, o: u64) -> [usize; 4] {
    let pos = Othello::<Size8>::from_bits(p, o, Side::First);
    count_features_with(p, o, pos.moves_bits(), pos.opponent_moves_bits())
}

/// [`count_features`] with the moves of each side already known.
#[inline(always)]
fn count_features_with(p: u64, o: u64, p_moves: u64, o_moves: u64) -> [usize; 4] {
    let empty = !(p | o);
    let counts = [
        p_moves.count_ones(),
        o_moves.count_ones(),
        (neighbours(o) & empty).count_ones(),
        (neighbours(p) & empty).count_ones(),
    ];
    let mut out = [0; 4];
    for k in 0..4 {
        out[k] = COUNT_OFFSETS[k] + (counts[k] as usize).min(COUNTS[k] - 1);
    }
    out
}

/// The cells shape `shape` reads in image `s` of the board, and the bit each lands on.
fn read(shape: Shape, s: usize) -> Vec<(usize, usize)> {
    (0..64)
        .filter_map(|c| {
            let bit = shape.extract(images(1 << c)[s]);
            (bit != 0).then(|| (c, bit.trailing_zeros() as usize))
        })
        .collect()
}

/// For each shape, the images of the board whose shape cells are its distinct places: what
/// every evaluation needs, worked out once (quickly).
fn places() -> &'static [Vec<usize>; 11] {
    static PLACES: OnceLock<[Vec<usize>; 11]> = OnceLock::new();
    PLACES.get_or_init(|| {
        let mut places: [Vec<usize>; 11] = Default::default();
        for (k, &shape) in SHAPES.iter().enumerate() {
            let mut seen: Vec<Vec<usize>> = Vec::new();
            for s in 0..8 {
                let mut cells: Vec<usize> = read(shape, s).into_iter().map(|(c, _)| c).collect();
                cells.sort_unstable();
                if !seen.contains(&cells) {
                    seen.push(cells);
                    places[k].push(s);
                }
            }
        }
        places
    })
}

/// For each index of a phase's weights, the smallest index that a symmetry keeping the
/// place maps it to: the one weight they share. Worked out once, when weights are made or
/// checked (not to evaluate: it takes milliseconds, which every start of the program would
/// pay).
fn canonical_map() -> &'static [u32] {
    static CANONICAL: OnceLock<Vec<u32>> = OnceLock::new();
    CANONICAL.get_or_init(|| {
        let mut canonical: Vec<u32> = (0..PHASE_LEN as u32).collect();
        for (k, &shape) in SHAPES.iter().enumerate() {
            // The symmetries that map the first place onto itself permute its digits.
            let base = read(shape, 0);
            let digit_of_cell = |c: usize| base.iter().find(|&&(cc, _)| cc == c).map(|&(_, d)| d);
            let mut perms: Vec<Vec<usize>> = Vec::new();
            for s in 1..8 {
                let here = read(shape, s);
                if here.len() == base.len() && here.iter().all(|&(c, _)| digit_of_cell(c).is_some())
                {
                    // Digit d of the plain reading is digit perm[d] of this one.
                    let mut perm = vec![0; base.len()];
                    for &(c, d) in &here {
                        perm[digit_of_cell(c).unwrap_or(0)] = d;
                    }
                    perms.push(perm);
                }
            }
            let off = OFFSETS.0[k];
            let n = shape.cells() as usize;
            let pow: Vec<u32> = (0..n).map(|d| 3u32.pow(d as u32)).collect();
            for i in 0..shape.table_len() as u32 {
                let mut best = i;
                for perm in &perms {
                    let mut j = 0;
                    for d in 0..n {
                        j += (i / pow[d] % 3) * pow[perm[d]];
                    }
                    best = best.min(j);
                }
                canonical[off + i as usize] = off as u32 + best;
            }
        }
        canonical
    })
}

/// The index in a phase's weights that index `i` shares its weight with.
pub fn canonical(i: usize) -> usize {
    canonical_map()[i] as usize
}

#[inline(always)]
fn index(shape: Shape, p: u64, o: u64) -> usize {
    (TERNARY[shape.extract(p)] + 2 * TERNARY[shape.extract(o)]) as usize
}

/// The feature indices of the position where the side to move has `p` and its opponent
/// `o`: indices into one phase's weights, not yet mapped to their shared weights.
pub fn features(p: u64, o: u64) -> [u32; FEATURES] {
    let (ip, io) = (images(p), images(o));
    let places = places();
    let mut out = [0u32; FEATURES];
    let mut n = 0;
    for (k, &shape) in SHAPES.iter().enumerate() {
        for &s in &places[k] {
            out[n] = (OFFSETS.0[k] + index(shape, ip[s], io[s])) as u32;
            n += 1;
        }
    }
    for f in count_features(p, o) {
        out[n] = f as u32;
        n += 1;
    }
    let empties = 64 - (p | o).count_ones();
    out[n] = (PARITY + (empties & 1) as usize) as u32;
    out
}

/// A pattern evaluation: weights for every phase, in hundredths of a disc.
#[derive(Clone, Debug)]
pub struct PatternEval {
    /// `PHASES` sets of `PHASE_LEN` weights, equal wherever [`canonical`] maps together: the
    /// shipped ones where the binary holds them, others in memory of their own.
    weights: Cow<'static, [i16]>,
}

impl PatternEval {
    /// An evaluation from `PHASES * PHASE_LEN` weights, phase by phase. Each index takes the
    /// weight of the index it shares with ([`canonical`]), so that the evaluation is
    /// symmetric whatever the weights.
    pub fn new(mut weights: Vec<i16>) -> Result<PatternEval, WrongLength> {
        if weights.len() != PHASES * PHASE_LEN {
            return Err(WrongLength {
                got: weights.len(),
                expected: PHASES * PHASE_LEN,
            });
        }
        let canonical = canonical_map();
        for phase in weights.chunks_mut(PHASE_LEN) {
            for i in 0..PHASE_LEN {
                phase[i] = phase[canonical[i] as usize];
            }
        }
        Ok(PatternEval {
            weights: Cow::Owned(weights),
        })
    }

    /// An evaluation from weights already equal wherever [`canonical`] maps together, as
    /// every file written from a [`PatternEval`] is (the tests check the shipped one): no
    /// symmetry pass, so loading costs no more than reading (and borrowed weights nothing). A
    /// wrong length is refused.
    pub fn from_symmetric(
        weights: impl Into<Cow<'static, [i16]>>,
    ) -> Result<PatternEval, WrongLength> {
        let weights = weights.into();
        if weights.len() != PHASES * PHASE_LEN {
            return Err(WrongLength {
                got: weights.len(),
                expected: PHASES * PHASE_LEN,
            });
        }
        Ok(PatternEval { weights })
    }

    /// The weights, phase by phase.
    pub fn weights(&self) -> &[i16] {
        &self.weights
    }

    /// The score, in hundredths of a disc, of the position where the side to move has `p`
    /// and its opponent `o`.
    #[inline]
    pub fn evaluate(&self, p: u64, o: u64) -> i32 {
        let pos = Othello::<Size8>::from_bits(p, o, Side::First);
        self.evaluate_with(p, o, pos.moves_bits(), pos.opponent_moves_bits())
    }

    /// The score as [`PatternEval::evaluate`] gives it, with the moves of the owner of `p`
    /// that it generates on the way: one generation for a caller that wants both.
    #[inline]
    pub fn evaluate_with_moves(&self, p: u64, o: u64) -> (i32, u64) {
        let pos = Othello::<Size8>::from_bits(p, o, Side::First);
        let p_moves = pos.moves_bits();
        (
            self.evaluate_with(p, o, p_moves, pos.opponent_moves_bits()),
            p_moves,
        )
    }

    /// The score as [`PatternEval::evaluate`] gives it, or `None` if neither side can move
    /// (the game is over): one generation of each side's moves serves both questions, as a
    /// search's leaf asks them.
    #[inline]
    pub fn evaluate_unless_over(&self, p: u64, o: u64) -> Option<i32> {
        let pos = Othello::<Size8>::from_bits(p, o, Side::First);
        let (p_moves, o_moves) = (pos.moves_bits(), pos.opponent_moves_bits());
        (p_moves | o_moves != 0).then(|| self.evaluate_with(p, o, p_moves, o_moves))
    }

    /// The score as [`PatternEval::evaluate`] gives it, or `None` if the game is over, with
    /// the position's pattern indices carried from its parent ([`Indices`]) instead of read
    /// from the bitboards.
    #[inline(always)]
    pub fn evaluate_indexed_unless_over(&self, p: u64, o: u64, idx: &Indices) -> Option<i32> {
        let pos = Othello::<Size8>::from_bits(p, o, Side::First);
        let (p_moves, o_moves) = (pos.moves_bits(), pos.opponent_moves_bits());
        (p_moves | o_moves != 0).then(|| self.evaluate_indexed(p, o, p_moves, o_moves, idx))
    }

    /// The score as [`PatternEval::evaluate`] gives it, the pattern indices carried.
    #[inline(always)]
    pub fn evaluate_indexed_moves(&self, p: u64, o: u64, idx: &Indices) -> i32 {
        let pos = Othello::<Size8>::from_bits(p, o, Side::First);
        self.evaluate_indexed(p, o, pos.moves_bits(), pos.opponent_moves_bits(), idx)
    }

    #[inline(always)]
    fn evaluate_indexed(&self, p: u64, o: u64, p_moves: u64, o_moves: u64, idx: &Indices) -> i32 {
        self.sum(p, o, p_moves, o_moves, idx.own())
    }

    #[inline(always)]
    fn evaluate_with(&self, p: u64, o: u64, p_moves: u64, o_moves: u64) -> i32 {
        self.sum(p, o, p_moves, o_moves, &indices::read(p, o))
    }

    /// The score: the weights of the parity, the counts and each place's index in `own`
    /// (for the side to move, in the order of [`features`]).
    #[inline(always)]
    fn sum(&self, p: u64, o: u64, p_moves: u64, o_moves: u64, own: &[u16]) -> i32 {
        let empties = 64 - (p | o).count_ones();
        let start = phase(empties) * PHASE_LEN;
        let w = &self.weights[start..start + PHASE_LEN];
        let mut sum = i32::from(w[PARITY + (empties & 1) as usize]);
        for f in count_features_with(p, o, p_moves, o_moves) {
            sum += i32::from(w[f]);
        }
        for (&off, &i) in indices::PLACE_OFFSETS.iter().zip(own) {
            sum += i32::from(w[off as usize + usize::from(i)]);
        }
        sum
    }
}

impl Learned for PatternEval {
    type S = Size8;
    const PHASES: usize = PHASES;
    const EMPTIES_PER_PHASE: u32 = 4;
    const PHASE_LEN: usize = PHASE_LEN;

    fn features(pos: &Othello<Size8>) -> Vec<u32> {
        features(pos.player(), pos.opponent())
            .iter()
            .map(|&i| canonical(i as usize) as u32)
            .collect()
    }

    fn from_weights(weights: Vec<i16>) -> Result<Self, WrongLength> {
        PatternEval::new(weights)
    }

    fn weights(&self) -> &[i16] {
        PatternEval::weights(self)
    }

    fn score(&self, pos: &Othello<Size8>) -> i32 {
        self.evaluate(pos.player(), pos.opponent())
    }
}

#[cfg(test)]
mod tests;
