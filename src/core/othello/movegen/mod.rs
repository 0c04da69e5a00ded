//! The move generator for every size, written once over a few operations on four 64-bit
//! lanes, one lane per line direction (along a row, the two diagonals, a column). An [`Isa`]
//! provides those operations: [`Portable`] in plain Rust, `Avx2` and `Avx512` as vector
//! instructions, picked at run time ([`dispatch`]) by callers compiled for them.
//!
//! A bitboard of `W` words becomes `W` vectors, word `k` of all four directions in vector
//! `k`, so a shift by a different amount per direction is one variable shift per word plus
//! the carry from the neighbouring word.
//!
//! - Moves: from the player's discs, fill through the opponent's along each direction (by
//!   doubling steps), one more step, keep the empty cells.
//! - Flips: along the eight precomputed rays from the played cell; the first cell that is not
//!   the opponent's ends each run, found as the lowest set bit towards higher indices and the
//!   highest towards lower ones, word by word from the played cell outwards.

mod dispatch;
mod isa;
mod last;
mod quad;
mod rays;

pub(crate) use dispatch::{
    Fastest, fastest, flips_dispatched, mobility_dispatched, runs_x86_64_v3,
};
pub use dispatch::{InstructionSet, UnknownInstructionSet, limit_instruction_set};
#[cfg(all(test, target_arch = "x86_64"))]
pub(crate) use dispatch::{x86_64_v3, x86_64_v4};
#[cfg(target_arch = "x86_64")]
pub(crate) use isa::{Avx2, Avx512};
pub(crate) use isa::{Isa, Portable};
pub(crate) use last::last_flip_count;
use quad::Quad;
use rays::{RAYS, lane_rays};

use super::Size;
use crate::core::Bits;

/// The shift of one step along each direction, in lane order: along a row, the two
/// diagonals, a column.
#[inline(always)]
fn steps<S: Size>() -> [u32; 4] {
    let n = S::N as u32;
    [1, n - 1, n + 1, n]
}

/// The cells a flipped run may cover along each lane's direction: away from the edge columns
/// except along a column, so that shifts do not wrap from one row into the next.
#[inline(always)]
fn run_masks<S: Size, I: Isa>(isa: I) -> Quad<S, I> {
    Quad::lanes(isa, [S::INNER_COLS, S::INNER_COLS, S::INNER_COLS, S::FULL])
}

/// In each lane, the cells of `x` reached from `seed` by one step along the lane's direction
/// and continuing through contiguous cells of `x`; forwards (towards higher indices) or
/// backwards.
#[inline(always)]
fn fill<S: Size, I: Isa, const FORWARD: bool>(seed: Quad<S, I>, x: Quad<S, I>) -> Quad<S, I> {
    let d = steps::<S>();
    let d2 = d.map(|s| 2 * s);
    let sh = |b: Quad<S, I>, k: [u32; 4]| if FORWARD { b.shl(k) } else { b.shr(k) };
    let mut f = x.and(sh(seed, d));
    f = f.or_and(x, sh(f, d));
    // `pre` marks cells whose neighbour one step back is also in `x`, which lets a step
    // extend the runs found so far by two; `pre4`, four in a row, by four once they are four
    // long. Either way a cell joins only through a contiguous run of `x`.
    let pre = x.and(sh(x, d));
    let (longest, mut covered) = (S::N - 2, 2);
    if longest >= 8 && 4 * (S::N + 1) < 64 {
        f = f.or_and(pre, sh(f, d2));
        covered = 4;
        let pre4 = pre.and(sh(pre, d2));
        let d4 = d.map(|s| 4 * s);
        while covered + 4 <= longest {
            f = f.or_and(pre4, sh(f, d4));
            covered += 4;
        }
    }
    while covered < longest {
        f = f.or_and(pre, sh(f, d2));
        covered += 2;
    }
    f
}

/// The legal placements for the side owning `p` against `o`.
#[inline(always)]
pub(crate) fn mobility<S: Size, I: Isa>(isa: I, p: S::Bits, o: S::Bits) -> S::Bits {
    let moves = targets::<S, I>(Quad::splat(isa, p), Quad::splat(isa, o));
    moves.union() & !(p | o) & S::FULL
}

/// The cells just past a run of `o` that starts next to a disc of `p`, per direction; with
/// `p` and `o` in every lane. Those that are empty are the moves.
#[inline(always)]
fn targets<S: Size, I: Isa>(p: Quad<S, I>, o: Quad<S, I>) -> Quad<S, I> {
    let x = o.and(run_masks(o.isa));
    let d = steps::<S>();
    let up = fill::<S, I, true>(p, x).shl(d);
    let down = fill::<S, I, false>(p, x).shr(d);
    up.or(down)
}

/// The discs of `o` flipped when the owner of `p` plays on the empty cell `sq`.
#[inline(always)]
pub(crate) fn flips<S: Size, I: Isa>(isa: I, p: S::Bits, o: S::Bits, sq: usize) -> S::Bits {
    if S::WORDS == 1 && !I::LANE_RAYS {
        // The mask only spares a bounds check: `sq` is on the board.
        let rays = &RAYS[S::N / 2 - 2].0[sq & 63];
        let flipped = flips_by_rays(S::to_words(p)[0], S::to_words(o)[0], rays);
        S::from_words([flipped, 0, 0, 0])
    } else {
        flip_lanes::<S, I>(isa, p, o, sq).union()
    }
}

/// The number of replies after the owner of `p` plays on the empty cell `sq`, counting a pass
/// or the end of the game as one: the leaves below that move at the last ply. The flips stay
/// in vector registers from the rays to the replies' generator, rather than going through a
/// scalar register and back.
#[inline(always)]
pub(crate) fn reply_count<S: Size, I: Isa>(isa: I, p: S::Bits, o: S::Bits, sq: usize) -> u32 {
    let bit = S::Bits::bit(sq);
    let flipped = if S::WORDS == 1 && !I::LANE_RAYS {
        Quad::splat(isa, flips::<S, I>(isa, p, o, sq))
    } else {
        flip_lanes::<S, I>(isa, p, o, sq).union_splat()
    };
    let mover = Quad::splat(isa, o).xor(flipped);
    let waiter = Quad::splat(isa, p | bit).xor(flipped);
    let replies = targets::<S, I>(mover, waiter).union() & !(p | o | bit) & S::FULL;
    replies.count().max(1)
}

/// The flips of [`flips`] along each direction, a lane per direction (their union is the
/// flips): the eight rays from `sq` as two sets of four lanes.
/// Along each ray the first cell that is not the opponent's ends the run, which flips if that
/// cell is the player's: towards higher indices the lowest such bit of the ray's words, found
/// word by word from the bottom; towards lower indices the highest, from the top.
#[inline(always)]
fn flip_lanes<S: Size, I: Isa>(isa: I, p: S::Bits, o: S::Bits, sq: usize) -> Quad<S, I> {
    let w = S::WORDS;
    let rays = &lane_rays::<S>()[2 * w * sq..2 * w * (sq + 1)];
    let (pw, ow) = (S::to_words(p), S::to_words(o));
    let zero = isa.splat(0);
    if w == 1 {
        let lanes = flip_lanes_on_word::<S, I>(isa, pw[0], ow[0], rays);
        return Quad::new(isa, [lanes, zero, zero, zero]);
    }
    let mut up = [zero; 4];
    let mut down = [zero; 4];

    // `below` is all ones while every lower word of the lane had no stop.
    let (mut below, mut closed_up) = (isa.splat(u64::MAX), zero);
    for k in 0..w {
        let ray = isa.lanes(rays[k]);
        let stop = isa.andnot(isa.splat(ow[k]), ray);
        let first = isa.and(isa.and(stop, isa.neg(stop)), below);
        closed_up = isa.or_and(closed_up, first, isa.splat(pw[k]));
        up[k] = isa.and(isa.and(isa.dec(first), below), ray);
        below = isa.and(below, isa.eqz(stop));
    }

    // `above` is all ones while every higher word of the lane had no stop.
    let (mut above, mut closed_down) = (isa.splat(u64::MAX), zero);
    for k in (0..w).rev() {
        let ray = isa.lanes(rays[w + k]);
        let stop = isa.andnot(isa.splat(ow[k]), ray);
        let empty = isa.eqz(stop);
        let first = isa.and(isa.highest_bit(stop), above);
        closed_down = isa.or_and(closed_down, first, isa.splat(pw[k]));
        // The cells above `first`, or the whole word when the stop lies lower.
        let run = isa.or(empty, isa.neg(isa.shl(first, [1; 4])));
        let run = isa.and(isa.and(run, above), ray);
        down[k] = run;
        above = isa.and(above, empty);
    }

    let mut out = [zero; 4];
    for k in 0..w {
        let up = isa.keep_nonzero(up[k], closed_up);
        let down = isa.keep_nonzero(down[k], closed_down);
        out[k] = isa.or(up, down);
    }
    Quad::new(isa, out)
}

/// [`flips`] for any size: the runs from `sq` along all directions at once, each kept if a
/// disc of `p` closes it. The ray routines are faster; this one checks them in the tests.
#[cfg(test)]
#[inline(always)]
pub(crate) fn flips_by_fill<S: Size, I: Isa>(isa: I, p: S::Bits, o: S::Bits, sq: usize) -> S::Bits {
    let x = Quad::splat(isa, o).and(run_masks(isa));
    let seed = Quad::splat(isa, S::Bits::bit(sq));
    let own = Quad::splat(isa, p);
    let d = steps::<S>();
    let up = fill::<S, I, true>(seed, x);
    let up = up.keep_where_any(up.shl(d).and(own));
    let down = fill::<S, I, false>(seed, x);
    let down = down.keep_where_any(down.shr(d).and(own));
    up.or(down).union()
}

/// [`flip_lanes`] on one word, where no stop can lie in another word. Without a fast
/// highest-bit instruction, the cells at and below the highest stop of a downward ray come
/// from smearing the stops down the ray's own stride: three steps cover its seven cells.
#[inline(always)]
fn flip_lanes_on_word<S: Size, I: Isa>(isa: I, p: u64, o: u64, rays: &[[u64; 4]]) -> I::V {
    let (p, o) = (isa.splat(p), isa.splat(o));
    let (ray_up, ray_down) = (isa.lanes(rays[0]), isa.lanes(rays[1]));

    let stop = isa.andnot(o, ray_up);
    let first_up = isa.and(stop, isa.neg(stop));
    let up = isa.and(isa.dec(first_up), ray_up);

    let stop = isa.andnot(o, ray_down);
    let (first_down, down) = if I::FAST_HIGHEST_BIT {
        let first = isa.highest_bit(stop);
        (first, isa.and(isa.neg(isa.shl(first, [1; 4])), ray_down))
    } else {
        let d = steps::<S>();
        let mut smear = isa.or(stop, isa.shr(stop, d));
        smear = isa.or(smear, isa.shr(smear, d.map(|s| 2 * s)));
        smear = isa.or(smear, isa.shr(smear, d.map(|s| 4 * s)));
        (
            isa.andnot(isa.shr(smear, d), smear),
            isa.andnot(smear, ray_down),
        )
    };

    let up = isa.keep_nonzero(up, isa.and(first_up, p));
    let down = isa.keep_nonzero(down, isa.and(first_down, p));
    isa.or(up, down)
}

/// [`flips`] on one word, given the eight rays from the played cell. Along each ray the first
/// cell that is not the opponent's ends the run, which flips if that cell is the player's.
/// Towards higher indices that cell is the ray's lowest non-opponent bit, towards lower
/// indices its highest.
#[inline(always)]
fn flips_by_rays(p: u64, o: u64, rays: &[u64; 8]) -> u64 {
    let mut flipped = 0;
    for &ray in &rays[..4] {
        let stop = ray & !o;
        let outflank = stop & stop.wrapping_neg() & p;
        // The ray below `outflank`, or nothing when no disc closes the run.
        flipped |= ray & outflank.wrapping_sub(u64::from(outflank != 0));
    }
    for &ray in &rays[4..] {
        let stop = ray & !o;
        // With no stop the shift yields the top cell, which no downward ray holds.
        let outflank = (1u64 << 63).wrapping_shr(stop.leading_zeros()) & stop & p;
        flipped |= ray & (outflank.wrapping_neg() << 1);
    }
    flipped
}
