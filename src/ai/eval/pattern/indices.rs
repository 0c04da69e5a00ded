//! The pattern indices of a position, carried by a search from a position to its children
//! instead of read again from the bitboards at every node, as Edax and Egaroucid do: a move
//! changes only the cells it fills and flips, and each cell enters a few places of shapes,
//! each at a known base-3 digit.
//!
//! Each place keeps two numbers: its index for the side to move (own discs as 1s, the
//! opponent's as 2s, what [`features`](super::features) reads) and the index of its filled
//! cells as 1s. A filled cell's digits for the two sides add up to 3, so the index for the
//! other side is 3 times the filled one less this side's. A move by the side to move fills
//! one cell (its digit goes 0 to 1 for the mover) and flips some (2 to 1); for the next side
//! to move that is
//!
//! `own' = 3 * filled - own + 2 * D(placed) + sum of D(flipped)`, `filled' = filled + D(placed)`,
//!
//! where `D(c)` holds, for every place, 3 to the digit of cell `c` in it (0 where the place
//! does not hold `c`). A pass is the same with nothing placed or flipped. The sums run in
//! 16-bit lanes that may wrap on the way; every index fits them at the end (below 3^10).

use std::sync::OnceLock;

use super::{OFFSETS, SHAPES, TERNARY, places};
use crate::ai::eval::symmetry::images;

/// Places of shapes on the board: one index each.
pub const PLACES: usize = 46;

/// Lanes of the carried arrays: the places, padded to a whole number of 16-byte vectors.
const LANES: usize = 48;

/// The pattern indices of one position, for its side to move (see the module's text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(16))]
pub struct Indices {
    /// Each place's index for the side to move, in the order of [`super::features`],
    /// without the offset of its shape's table.
    own: [u16; LANES],
    /// Each place's index of the filled cells, as 1s.
    filled: [u16; LANES],
}

/// For each cell, 3 to its digit in every place (0 where the place does not hold it).
fn deltas() -> &'static [[u16; LANES]; 64] {
    static DELTAS: OnceLock<[[u16; LANES]; 64]> = OnceLock::new();
    DELTAS.get_or_init(|| {
        let mut d = [[0u16; LANES]; 64];
        let mut f = 0;
        for (k, &shape) in SHAPES.iter().enumerate() {
            for &s in &places()[k] {
                for (cell, digit) in super::read(shape, s) {
                    d[cell][f] = 3u16.pow(digit as u32);
                }
                f += 1;
            }
        }
        d
    })
}

/// How many places each shape has, in the order of [`SHAPES`]: its distinct images under
/// the board's eight symmetries (`places` works them out; the test below checks that the
/// offsets these give are those of the features).
const PLACES_OF: [usize; 11] = [4, 8, 4, 4, 4, 4, 2, 4, 4, 4, 4];

/// Where each place's shape table starts in a phase's weights, in the order of the places: a
/// constant, so that the evaluation's sum has them in its instructions rather than loading
/// them.
pub(super) const PLACE_OFFSETS: [u32; PLACES] = {
    let mut out = [0; PLACES];
    let (mut f, mut k) = (0, 0);
    while k < PLACES_OF.len() {
        let mut n = 0;
        while n < PLACES_OF[k] {
            out[f] = OFFSETS.0[k] as u32;
            f += 1;
            n += 1;
        }
        k += 1;
    }
    assert!(f == PLACES, "PLACES_OF adds up to PLACES");
    out
};

/// Each place's index for the side to move, who has `p` (its opponent `o`), read from the
/// bitboards: the board's eight images, each shape read from those that place it, one loop
/// per shape so each reads its cells with constant shifts.
#[inline(always)]
pub(super) fn read(p: u64, o: u64) -> [u16; PLACES] {
    let (ip, io) = (images(p), images(o));
    let places = places();
    let mut own = [0u16; PLACES];
    let mut f = 0;
    macro_rules! shape {
        ($k:expr) => {
            let shape = SHAPES[$k];
            for &s in &places[$k] {
                own[f] = (TERNARY[shape.extract(ip[s])] + 2 * TERNARY[shape.extract(io[s])]) as u16;
                f += 1;
            }
        };
    }
    shape!(0);
    shape!(1);
    shape!(2);
    shape!(3);
    shape!(4);
    shape!(5);
    shape!(6);
    shape!(7);
    shape!(8);
    shape!(9);
    shape!(10);
    own
}

#[inline(always)]
fn add(a: &mut [u16; LANES], b: &[u16; LANES]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x = x.wrapping_add(*y);
    }
}

impl Indices {
    /// All indices zero: the empty board's, and what a board without patterns carries.
    pub const ZERO: Indices = Indices {
        own: [0; LANES],
        filled: [0; LANES],
    };

    /// The indices of the position where the side to move has `p` and its opponent `o`,
    /// read from the bitboards.
    pub fn new(p: u64, o: u64) -> Indices {
        let mut own = [0u16; LANES];
        let mut filled = [0u16; LANES];
        own[..PLACES].copy_from_slice(&read(p, o));
        filled[..PLACES].copy_from_slice(&read(p | o, 0));
        Indices { own, filled }
    }

    /// The indices after the side to move fills the cells of `placed` (one cell, or none for
    /// a pass) and flips those of `flipped`: the next side to move's.
    #[inline(always)]
    pub fn after(&self, placed: u64, mut flipped: u64) -> Indices {
        let deltas = deltas();
        let mut own = [0u16; LANES];
        for ((x, &f), &o) in own.iter_mut().zip(&self.filled).zip(&self.own) {
            *x = f.wrapping_mul(3).wrapping_sub(o);
        }
        let mut filled = self.filled;
        if placed != 0 {
            let d = &deltas[placed.trailing_zeros() as usize];
            add(&mut filled, d);
            add(&mut own, d);
            add(&mut own, d);
        }
        while flipped != 0 {
            add(&mut own, &deltas[flipped.trailing_zeros() as usize]);
            flipped &= flipped - 1;
        }
        Indices { own, filled }
    }

    /// The indices of [`Indices::new`] for the position a move leads to, from `self` (the
    /// indices of the position before it, whose side to move had `before`): `after` is the
    /// mover's discs after the move. The cells that changed hands tell the move.
    #[inline(always)]
    pub fn after_move(&self, before_own: u64, before_opp: u64, after: u64) -> Indices {
        let changed = after ^ before_own;
        self.after(changed & !(before_own | before_opp), changed & before_opp)
    }

    /// Each place's index for the side to move, in the order of [`super::features`].
    #[inline(always)]
    pub fn own(&self) -> &[u16] {
        &self.own[..PLACES]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::othello::{Othello, Size8};
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn each_shape_has_the_places_its_symmetries_give() {
        let counts: Vec<usize> = places().iter().map(Vec::len).collect();
        assert_eq!(counts, PLACES_OF);
    }

    /// Random games from the start, every position's carried indices against those read
    /// afresh, and against the features' shape indices; passes included.
    #[test]
    fn carried_indices_are_those_read_afresh_after_every_move_and_pass() {
        let mut rng = SmallRng::seed_from_u64(17);
        let offsets = PLACE_OFFSETS;
        let mut passes = 0;
        for _ in 0..300 {
            let mut pos = Othello::<Size8>::start();
            let mut idx = Indices::new(pos.player(), pos.opponent());
            loop {
                assert_eq!(idx, Indices::new(pos.player(), pos.opponent()));
                let features = super::super::features(pos.player(), pos.opponent());
                for f in 0..PLACES {
                    assert_eq!(features[f], offsets[f] + u32::from(idx.own()[f]));
                }
                let moves = pos.moves_bits();
                let next = if moves != 0 {
                    let n = rng.random_range(0..moves.count_ones());
                    let mut m = moves;
                    for _ in 0..n {
                        m &= m - 1;
                    }
                    pos.play_index(m.trailing_zeros() as usize)
                } else if pos.opponent_moves_bits() != 0 {
                    passes += 1;
                    pos.pass()
                } else {
                    break;
                };
                idx = idx.after_move(pos.player(), pos.opponent(), next.opponent());
                pos = next;
            }
        }
        assert!(passes > 10, "only {passes} passes");
    }
}
