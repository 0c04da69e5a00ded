//! The move generator against a plain walk along each direction, on random positions of
//! every size, and the bitboard perft against the generic one.

use super::movegen::InstructionSet;
use super::movegen::{self, Isa, Portable, flips_by_fill, mobility};
#[cfg(target_arch = "x86_64")]
use super::movegen::{x86_64_v3, x86_64_v4};
use super::perft;
use super::{Othello, Size, Size4, Size6, Size8, Size10, Size12, Size14, Size16};
use crate::core::Bits;
use crate::core::Side;
use strum::VariantArray;

/// A deterministic xorshift64 generator, enough to spread test positions around.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// The discs flipped by playing on `sq`, walking each of the eight directions cell by cell.
fn naive_flips<S: Size>(p: S::Bits, o: S::Bits, sq: usize) -> S::Bits {
    let n = S::N as i64;
    let mut flipped = S::Bits::ZERO;
    for (dc, dr) in [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ] {
        let (mut c, mut r) = (sq as i64 % n + dc, sq as i64 / n + dr);
        let mut run = S::Bits::ZERO;
        while (0..n).contains(&c) && (0..n).contains(&r) {
            let i = (r * n + c) as usize;
            if o.has(i) {
                run |= S::Bits::bit(i);
            } else {
                if p.has(i) {
                    flipped |= run;
                }
                break;
            }
            c += dc;
            r += dr;
        }
    }
    flipped
}

/// A random position whose density of discs (and so the length of runs) varies from one
/// position to the next.
fn random_position<S: Size>(rng: &mut XorShift) -> (S::Bits, S::Bits) {
    let filled = 30 + rng.next() % 71;
    let theirs = 20 + rng.next() % 76;
    let (mut p, mut o) = (S::Bits::ZERO, S::Bits::ZERO);
    for i in 0..S::N * S::N {
        if rng.chance(filled) {
            if rng.chance(theirs) {
                o |= S::Bits::bit(i);
            } else {
                p |= S::Bits::bit(i);
            }
        }
    }
    (p, o)
}

/// Checks `moves` and `flips` (the generator's own routine and the generic fill) against the
/// plain walk for every empty cell.
fn check_position<S: Size>(
    p: S::Bits,
    o: S::Bits,
    moves: S::Bits,
    flips: &dyn Fn(usize) -> S::Bits,
) {
    let mut expected_moves = S::Bits::ZERO;
    for sq in (!(p | o) & S::FULL).iter() {
        let want = naive_flips::<S>(p, o, sq);
        if !want.is_zero() {
            expected_moves |= S::Bits::bit(sq);
        }
        assert_eq!(
            flips(sq),
            want,
            "flips at {sq} on {}x{}: {p:?} {o:?}",
            S::N,
            S::N
        );
        assert_eq!(
            flips_by_fill::<S, _>(Portable, p, o, sq),
            want,
            "fill flips at {sq}: {p:?} {o:?}"
        );
    }
    assert_eq!(
        moves,
        expected_moves,
        "moves on {}x{}: {p:?} {o:?}",
        S::N,
        S::N
    );
}

/// Checks the generator of `isa` against the plain walk; inlined into callers compiled with
/// the instructions `isa` needs.
#[inline(always)]
fn check_position_with<S: Size, I: Isa>(isa: I, p: S::Bits, o: S::Bits) {
    let flips = |sq| movegen::flips::<S, _>(isa, p, o, sq);
    check_position::<S>(p, o, mobility::<S, _>(isa, p, o), &flips);
    for sq in (!(p | o) & S::FULL).iter() {
        let want = naive_flips::<S>(p, o, sq);
        let fill = flips_by_fill::<S, _>(isa, p, o, sq);
        assert_eq!(fill, want, "fill flips at {sq}");
        if !want.is_zero() {
            let child =
                Othello::<S>::from_bits(o ^ want, p ^ want ^ S::Bits::bit(sq), Side::Second);
            let replies = child.moves_bits().count().max(1);
            assert_eq!(
                movegen::reply_count::<S, _>(isa, p, o, sq),
                replies,
                "replies to {sq}"
            );
        }
    }
}

/// The generator compiled with the instructions of the AVX2 perft, as that copy uses it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
fn check_position_avx2<S: Size>(avx2: movegen::Avx2, p: S::Bits, o: S::Bits) {
    check_position_with::<S, _>(avx2, p, o);
}

/// The generator compiled with the instructions of the AVX-512 perft.
#[cfg(target_arch = "x86_64")]
#[target_feature(
    enable = "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512vl,avx512cd,avx512vbmi2,avx512vpopcntdq"
)]
fn check_position_avx512<S: Size>(avx512: movegen::Avx512, p: S::Bits, o: S::Bits) {
    check_position_with::<S, _>(avx512, p, o);
}

fn check_random_positions<S: Size>(seed: u64, count: usize) {
    let mut rng = XorShift(seed);
    for _ in 0..count {
        let (p, o) = random_position::<S>(&mut rng);
        let pos = Othello::<S>::from_bits(p, o, Side::First);
        check_position::<S>(p, o, pos.moves_bits(), &|sq| pos.flips(sq));
        assert_eq!(pos.opponent_moves_bits(), mobility::<S, _>(Portable, o, p));
        check_position_with::<S, _>(Portable, p, o);
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = x86_64_v3() {
            // SAFETY: the CPU has every feature the function was compiled with.
            unsafe { check_position_avx2::<S>(avx2, p, o) };
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(avx512) = x86_64_v4() {
            // SAFETY: as above.
            unsafe { check_position_avx512::<S>(avx512, p, o) };
        }
    }
}

#[test]
fn moves_and_flips_match_a_plain_walk() {
    check_random_positions::<Size4>(1, 3000);
    check_random_positions::<Size6>(2, 3000);
    check_random_positions::<Size8>(3, 3000);
    check_random_positions::<Size10>(4, 1500);
    check_random_positions::<Size12>(5, 1000);
    check_random_positions::<Size14>(6, 600);
    check_random_positions::<Size16>(7, 600);
}

/// Long runs ending exactly on the board's edge and corners, where shifts would wrap.
#[test]
fn moves_and_flips_on_nearly_full_boards() {
    fn check<S: Size>(seed: u64) {
        let mut rng = XorShift(seed);
        for _ in 0..300 {
            let mut o = S::FULL;
            let mut p = S::Bits::ZERO;
            for _ in 0..1 + rng.next() % 4 {
                let i = (rng.next() % (S::N * S::N) as u64) as usize;
                o &= !S::Bits::bit(i);
                if rng.chance(50) {
                    p |= S::Bits::bit(i);
                }
            }
            let pos = Othello::<S>::from_bits(p, o, Side::First);
            check_position::<S>(p, o, pos.moves_bits(), &|sq| pos.flips(sq));
        }
    }
    check::<Size4>(11);
    check::<Size6>(12);
    check::<Size8>(13);
    check::<Size10>(14);
    check::<Size12>(15);
    check::<Size14>(16);
    check::<Size16>(17);
}

#[test]
fn bitboard_perft_matches_the_generic_one() {
    fn check<S: Size>(depth: u32) {
        let start = Othello::<S>::start();
        for d in 0..=depth {
            assert_eq!(
                start.perft(d),
                crate::core::perft::perft(&start, d),
                "{}x{} depth {d}",
                S::N,
                S::N
            );
        }
    }
    check::<Size4>(10);
    check::<Size6>(6);
    check::<Size8>(6);
    check::<Size10>(5);
    check::<Size12>(5);
    check::<Size14>(5);
    check::<Size16>(5);
}

/// Every copy of perft this CPU runs, against the reference table.
#[test]
fn perft_matches_the_reference_table() {
    fn check<S: Size>(level: InstructionSet, depth: u32, leaves: u64) {
        let start = Othello::<S>::start();
        let got = perft::perft_at::<S>(level, start.player(), start.opponent(), depth);
        assert_eq!(got, leaves, "{}x{} depth {depth} at {level:?}", S::N, S::N);
    }
    for &level in InstructionSet::VARIANTS {
        check::<Size8>(level, 9, 3_005_288);
        check::<Size6>(level, 9, 2_114_912);
        check::<Size10>(level, 8, 392_268);
        check::<Size12>(level, 8, 392_268);
    }
}
