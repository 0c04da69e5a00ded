//! The move generator for every size, written once over a few operations on four 64-bit
//! lanes, one lane per line direction (along a row, the two diagonals, a column). An [`Isa`]
//! provides those operations: [`Portable`] in plain Rust, `Avx2` and `Avx512` as vector
//! instructions, picked at run time by the callers (perft) that are compiled for them.
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

use std::marker::PhantomData;

use super::Size;

/// Operations on four 64-bit lanes, as one instruction set provides them. A value of the type
/// is a token: holding one means the CPU runs the instructions.
pub(crate) trait Isa: Copy {
    /// Four lanes.
    type V: Copy;
    /// Whether flips on one word are faster along the rays in lanes than one ray at a time.
    const LANE_RAYS: bool;
    /// Whether [`Isa::highest_bit`] is a cheap instruction rather than a long sequence.
    const FAST_HIGHEST_BIT: bool;
    /// `x` in every lane.
    fn splat(self, x: u64) -> Self::V;
    /// The lanes `l`.
    fn lanes(self, l: [u64; 4]) -> Self::V;
    /// Lane-wise and.
    fn and(self, a: Self::V, b: Self::V) -> Self::V;
    /// Lane-wise or.
    fn or(self, a: Self::V, b: Self::V) -> Self::V;
    /// Lane `j` shifted left by `n[j]`, which is below 64.
    fn shl(self, a: Self::V, n: [u32; 4]) -> Self::V;
    /// Lane `j` shifted right by `n[j]`, which is below 64.
    fn shr(self, a: Self::V, n: [u32; 4]) -> Self::V;
    /// The lanes of `a` where the lane of `test` is not zero; zero elsewhere.
    fn keep_nonzero(self, a: Self::V, test: Self::V) -> Self::V;
    /// The or of the four lanes.
    fn or_lanes(self, a: Self::V) -> u64;
    /// Lane-wise `!a & b`.
    fn andnot(self, a: Self::V, b: Self::V) -> Self::V;
    /// Lane-wise exclusive or.
    fn xor(self, a: Self::V, b: Self::V) -> Self::V;
    /// The or of the four lanes, in every lane.
    fn or_lanes_splat(self, a: Self::V) -> Self::V;
    /// Lane-wise two's complement negation.
    fn neg(self, a: Self::V) -> Self::V;
    /// Lane-wise `a - 1`, wrapping.
    fn dec(self, a: Self::V) -> Self::V;
    /// All ones in the lanes where `a` is zero, zero elsewhere.
    fn eqz(self, a: Self::V) -> Self::V;
    /// The highest set bit of each lane alone; zero for a zero lane.
    fn highest_bit(self, a: Self::V) -> Self::V;

    /// `a | (b & c)`.
    #[inline(always)]
    fn or_and(self, a: Self::V, b: Self::V, c: Self::V) -> Self::V {
        self.or(a, self.and(b, c))
    }
    /// Lane `j` of `a` shifted left by `n[j]` (`1..64`), filled from the top of `below`: a
    /// word of a wider shift.
    #[inline(always)]
    fn shl_from(self, a: Self::V, below: Self::V, n: [u32; 4]) -> Self::V {
        let back = [64 - n[0], 64 - n[1], 64 - n[2], 64 - n[3]];
        self.or(self.shl(a, n), self.shr(below, back))
    }
    /// Lane `j` of `a` shifted right by `n[j]` (`1..64`), filled from the bottom of `above`.
    #[inline(always)]
    fn shr_from(self, a: Self::V, above: Self::V, n: [u32; 4]) -> Self::V {
        let back = [64 - n[0], 64 - n[1], 64 - n[2], 64 - n[3]];
        self.or(self.shr(a, n), self.shl(above, back))
    }
}

/// The lanes in plain Rust, for every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Portable;

impl Isa for Portable {
    type V = [u64; 4];
    const LANE_RAYS: bool = false;
    const FAST_HIGHEST_BIT: bool = true;

    #[inline(always)]
    fn splat(self, x: u64) -> [u64; 4] {
        [x; 4]
    }
    #[inline(always)]
    fn lanes(self, l: [u64; 4]) -> [u64; 4] {
        l
    }
    #[inline(always)]
    fn and(self, a: [u64; 4], b: [u64; 4]) -> [u64; 4] {
        [a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]]
    }
    #[inline(always)]
    fn or(self, a: [u64; 4], b: [u64; 4]) -> [u64; 4] {
        [a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]
    }
    #[inline(always)]
    fn shl(self, a: [u64; 4], n: [u32; 4]) -> [u64; 4] {
        [a[0] << n[0], a[1] << n[1], a[2] << n[2], a[3] << n[3]]
    }
    #[inline(always)]
    fn shr(self, a: [u64; 4], n: [u32; 4]) -> [u64; 4] {
        [a[0] >> n[0], a[1] >> n[1], a[2] >> n[2], a[3] >> n[3]]
    }
    #[inline(always)]
    fn keep_nonzero(self, a: [u64; 4], test: [u64; 4]) -> [u64; 4] {
        let keep = |x: u64, t: u64| if t != 0 { x } else { 0 };
        [
            keep(a[0], test[0]),
            keep(a[1], test[1]),
            keep(a[2], test[2]),
            keep(a[3], test[3]),
        ]
    }
    #[inline(always)]
    fn or_lanes(self, a: [u64; 4]) -> u64 {
        a[0] | a[1] | a[2] | a[3]
    }
    #[inline(always)]
    fn andnot(self, a: [u64; 4], b: [u64; 4]) -> [u64; 4] {
        [!a[0] & b[0], !a[1] & b[1], !a[2] & b[2], !a[3] & b[3]]
    }
    #[inline(always)]
    fn xor(self, a: [u64; 4], b: [u64; 4]) -> [u64; 4] {
        [a[0] ^ b[0], a[1] ^ b[1], a[2] ^ b[2], a[3] ^ b[3]]
    }
    #[inline(always)]
    fn or_lanes_splat(self, a: [u64; 4]) -> [u64; 4] {
        [self.or_lanes(a); 4]
    }
    #[inline(always)]
    fn neg(self, a: [u64; 4]) -> [u64; 4] {
        a.map(u64::wrapping_neg)
    }
    #[inline(always)]
    fn dec(self, a: [u64; 4]) -> [u64; 4] {
        a.map(|x| x.wrapping_sub(1))
    }
    #[inline(always)]
    fn eqz(self, a: [u64; 4]) -> [u64; 4] {
        a.map(|x| if x == 0 { u64::MAX } else { 0 })
    }
    #[inline(always)]
    fn highest_bit(self, a: [u64; 4]) -> [u64; 4] {
        a.map(|x| (1u64 << 63).checked_shr(x.leading_zeros()).unwrap_or(0))
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) use avx2::Avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) use avx512::Avx512;

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use super::Isa;

    /// The lanes as one AVX2 register.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx2(());

    impl Avx2 {
        /// The token, if this CPU has AVX2.
        pub(crate) fn detect() -> Option<Self> {
            std::is_x86_feature_detected!("avx2").then_some(Avx2(()))
        }
    }

    // SAFETY (every block below): an `Avx2` value exists only once `detect` found AVX2, and
    // these functions are inlined into callers compiled with it.
    impl Isa for Avx2 {
        type V = __m256i;
        const LANE_RAYS: bool = true;
        const FAST_HIGHEST_BIT: bool = false;

        #[inline(always)]
        fn splat(self, x: u64) -> __m256i {
            unsafe { _mm256_set1_epi64x(x as i64) }
        }
        #[inline(always)]
        fn lanes(self, l: [u64; 4]) -> __m256i {
            unsafe { _mm256_set_epi64x(l[3] as i64, l[2] as i64, l[1] as i64, l[0] as i64) }
        }
        #[inline(always)]
        fn and(self, a: __m256i, b: __m256i) -> __m256i {
            unsafe { _mm256_and_si256(a, b) }
        }
        #[inline(always)]
        fn or(self, a: __m256i, b: __m256i) -> __m256i {
            unsafe { _mm256_or_si256(a, b) }
        }
        #[inline(always)]
        fn shl(self, a: __m256i, n: [u32; 4]) -> __m256i {
            unsafe { _mm256_sllv_epi64(a, self.lanes(n.map(u64::from))) }
        }
        #[inline(always)]
        fn shr(self, a: __m256i, n: [u32; 4]) -> __m256i {
            unsafe { _mm256_srlv_epi64(a, self.lanes(n.map(u64::from))) }
        }
        #[inline(always)]
        fn keep_nonzero(self, a: __m256i, test: __m256i) -> __m256i {
            unsafe { _mm256_andnot_si256(_mm256_cmpeq_epi64(test, _mm256_setzero_si256()), a) }
        }
        #[inline(always)]
        fn or_lanes(self, a: __m256i) -> u64 {
            unsafe {
                let x = _mm_or_si128(_mm256_castsi256_si128(a), _mm256_extracti128_si256::<1>(a));
                _mm_cvtsi128_si64(_mm_or_si128(x, _mm_unpackhi_epi64(x, x))) as u64
            }
        }
        #[inline(always)]
        fn andnot(self, a: __m256i, b: __m256i) -> __m256i {
            unsafe { _mm256_andnot_si256(a, b) }
        }
        #[inline(always)]
        fn xor(self, a: __m256i, b: __m256i) -> __m256i {
            unsafe { _mm256_xor_si256(a, b) }
        }
        #[inline(always)]
        fn or_lanes_splat(self, a: __m256i) -> __m256i {
            unsafe {
                let pairs = _mm256_or_si256(a, _mm256_shuffle_epi32::<0x4E>(a));
                _mm256_or_si256(pairs, _mm256_permute4x64_epi64::<0x4E>(pairs))
            }
        }
        #[inline(always)]
        fn neg(self, a: __m256i) -> __m256i {
            unsafe { _mm256_sub_epi64(_mm256_setzero_si256(), a) }
        }
        #[inline(always)]
        fn dec(self, a: __m256i) -> __m256i {
            unsafe { _mm256_add_epi64(a, _mm256_set1_epi64x(-1)) }
        }
        #[inline(always)]
        fn eqz(self, a: __m256i) -> __m256i {
            unsafe { _mm256_cmpeq_epi64(a, _mm256_setzero_si256()) }
        }
        #[inline(always)]
        fn highest_bit(self, a: __m256i) -> __m256i {
            // No leading-zero count in AVX2: smear the highest bit down, keep its top.
            unsafe {
                let mut x = _mm256_or_si256(a, _mm256_srli_epi64::<1>(a));
                x = _mm256_or_si256(x, _mm256_srli_epi64::<2>(x));
                x = _mm256_or_si256(x, _mm256_srli_epi64::<4>(x));
                x = _mm256_or_si256(x, _mm256_srli_epi64::<8>(x));
                x = _mm256_or_si256(x, _mm256_srli_epi64::<16>(x));
                x = _mm256_or_si256(x, _mm256_srli_epi64::<32>(x));
                _mm256_andnot_si256(_mm256_srli_epi64::<1>(x), x)
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::*;

    use super::{Avx2, Isa};

    /// The lanes as one AVX2 register, with the AVX-512 instructions that fuse two operations
    /// into one: three-input logic, and the double-word shifts of VBMI2 that shift a word
    /// while filling it from its neighbour.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx512(Avx2);

    impl Avx512 {
        /// The token, if this CPU has AVX-512 VL, CD and VBMI2 (and so AVX2).
        pub(crate) fn detect() -> Option<Self> {
            let avx512 = std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512vl")
                && std::is_x86_feature_detected!("avx512cd")
                && std::is_x86_feature_detected!("avx512vbmi2")
                && std::is_x86_feature_detected!("avx512vpopcntdq");
            Avx2::detect().filter(|_| avx512).map(Avx512)
        }
    }

    // SAFETY (every block below): an `Avx512` value exists only once `detect` found the
    // features, and these functions are inlined into callers compiled with them.
    impl Isa for Avx512 {
        type V = __m256i;
        const LANE_RAYS: bool = true;
        const FAST_HIGHEST_BIT: bool = true;

        #[inline(always)]
        fn splat(self, x: u64) -> __m256i {
            self.0.splat(x)
        }
        #[inline(always)]
        fn lanes(self, l: [u64; 4]) -> __m256i {
            self.0.lanes(l)
        }
        #[inline(always)]
        fn and(self, a: __m256i, b: __m256i) -> __m256i {
            self.0.and(a, b)
        }
        #[inline(always)]
        fn or(self, a: __m256i, b: __m256i) -> __m256i {
            self.0.or(a, b)
        }
        #[inline(always)]
        fn shl(self, a: __m256i, n: [u32; 4]) -> __m256i {
            self.0.shl(a, n)
        }
        #[inline(always)]
        fn shr(self, a: __m256i, n: [u32; 4]) -> __m256i {
            self.0.shr(a, n)
        }
        #[inline(always)]
        fn keep_nonzero(self, a: __m256i, test: __m256i) -> __m256i {
            unsafe { _mm256_maskz_mov_epi64(_mm256_test_epi64_mask(test, test), a) }
        }
        #[inline(always)]
        fn or_lanes(self, a: __m256i) -> u64 {
            self.0.or_lanes(a)
        }
        #[inline(always)]
        fn andnot(self, a: __m256i, b: __m256i) -> __m256i {
            self.0.andnot(a, b)
        }
        #[inline(always)]
        fn xor(self, a: __m256i, b: __m256i) -> __m256i {
            self.0.xor(a, b)
        }
        #[inline(always)]
        fn or_lanes_splat(self, a: __m256i) -> __m256i {
            self.0.or_lanes_splat(a)
        }
        #[inline(always)]
        fn neg(self, a: __m256i) -> __m256i {
            self.0.neg(a)
        }
        #[inline(always)]
        fn dec(self, a: __m256i) -> __m256i {
            self.0.dec(a)
        }
        #[inline(always)]
        fn eqz(self, a: __m256i) -> __m256i {
            self.0.eqz(a)
        }
        #[inline(always)]
        fn highest_bit(self, a: __m256i) -> __m256i {
            // A shift by 64, from the count of a zero lane, yields zero.
            unsafe { _mm256_srlv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(a)) }
        }
        #[inline(always)]
        fn or_and(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i {
            // 0xF8 is the truth table of `a | (b & c)` over the inputs 0xF0, 0xCC, 0xAA.
            unsafe { _mm256_ternarylogic_epi64::<0xF8>(a, b, c) }
        }
        #[inline(always)]
        fn shl_from(self, a: __m256i, below: __m256i, n: [u32; 4]) -> __m256i {
            unsafe { _mm256_shldv_epi64(a, below, self.lanes(n.map(u64::from))) }
        }
        #[inline(always)]
        fn shr_from(self, a: __m256i, above: __m256i, n: [u32; 4]) -> __m256i {
            unsafe { _mm256_shrdv_epi64(a, above, self.lanes(n.map(u64::from))) }
        }
    }
}

/// Four bitboards of size `S`, one per direction, word by word: word `k` of all four lanes is
/// one `I::V`. Only the first `S::WORDS` words are used.
struct Quad<S: Size, I: Isa> {
    words: [I::V; 4],
    isa: I,
    size: PhantomData<S>,
}

impl<S: Size, I: Isa> Clone for Quad<S, I> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: Size, I: Isa> Copy for Quad<S, I> {}

// Plain index loops: closures handed to a helper would not be inlined into the vector code.
#[allow(
    clippy::needless_range_loop,
    reason = "indices pair words of several operands and of neighbouring words"
)]
impl<S: Size, I: Isa> Quad<S, I> {
    #[inline(always)]
    fn new(isa: I, words: [I::V; 4]) -> Self {
        Quad {
            words,
            isa,
            size: PhantomData,
        }
    }

    /// The same board in every lane.
    #[inline(always)]
    fn splat(isa: I, b: S::Bits) -> Self {
        let w = S::to_words(b);
        let mut words = [isa.splat(0); 4];
        for k in 0..S::WORDS {
            words[k] = isa.splat(w[k]);
        }
        Self::new(isa, words)
    }

    /// One board per lane.
    #[inline(always)]
    fn lanes(isa: I, l: [S::Bits; 4]) -> Self {
        let l = [
            S::to_words(l[0]),
            S::to_words(l[1]),
            S::to_words(l[2]),
            S::to_words(l[3]),
        ];
        let mut words = [isa.splat(0); 4];
        for k in 0..S::WORDS {
            words[k] = isa.lanes([l[0][k], l[1][k], l[2][k], l[3][k]]);
        }
        Self::new(isa, words)
    }

    #[inline(always)]
    fn and(self, rhs: Self) -> Self {
        let mut words = self.words;
        for k in 0..S::WORDS {
            words[k] = self.isa.and(self.words[k], rhs.words[k]);
        }
        Self::new(self.isa, words)
    }

    #[inline(always)]
    fn or(self, rhs: Self) -> Self {
        let mut words = self.words;
        for k in 0..S::WORDS {
            words[k] = self.isa.or(self.words[k], rhs.words[k]);
        }
        Self::new(self.isa, words)
    }

    /// `self | (a & b)`.
    #[inline(always)]
    fn or_and(self, a: Self, b: Self) -> Self {
        let mut words = self.words;
        for k in 0..S::WORDS {
            words[k] = self.isa.or_and(self.words[k], a.words[k], b.words[k]);
        }
        Self::new(self.isa, words)
    }

    /// Lane `j` moved towards higher cells by `n[j]` (`1..64`), carrying across words.
    #[inline(always)]
    fn shl(self, n: [u32; 4]) -> Self {
        let isa = self.isa;
        let mut words = self.words;
        words[0] = isa.shl(self.words[0], n);
        for k in 1..S::WORDS {
            words[k] = isa.shl_from(self.words[k], self.words[k - 1], n);
        }
        Self::new(isa, words)
    }

    /// Lane `j` moved towards lower cells by `n[j]` (`1..64`), carrying across words.
    #[inline(always)]
    fn shr(self, n: [u32; 4]) -> Self {
        let isa = self.isa;
        let mut words = self.words;
        for k in 0..S::WORDS - 1 {
            words[k] = isa.shr_from(self.words[k], self.words[k + 1], n);
        }
        words[S::WORDS - 1] = isa.shr(self.words[S::WORDS - 1], n);
        Self::new(isa, words)
    }

    /// The lanes whose lane in `test` holds some cell; the others emptied.
    #[cfg(test)]
    #[inline(always)]
    fn keep_where_any(self, test: Self) -> Self {
        let isa = self.isa;
        let mut any = test.words[0];
        for k in 1..S::WORDS {
            any = isa.or(any, test.words[k]);
        }
        let mut words = self.words;
        for k in 0..S::WORDS {
            words[k] = isa.keep_nonzero(self.words[k], any);
        }
        Self::new(isa, words)
    }

    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        let mut words = self.words;
        for k in 0..S::WORDS {
            words[k] = self.isa.xor(self.words[k], rhs.words[k]);
        }
        Self::new(self.isa, words)
    }

    /// The union of the four lanes, in every lane.
    #[inline(always)]
    fn union_splat(self) -> Self {
        let mut words = self.words;
        for k in 0..S::WORDS {
            words[k] = self.isa.or_lanes_splat(self.words[k]);
        }
        Self::new(self.isa, words)
    }

    /// The union of the four lanes.
    #[inline(always)]
    fn union(self) -> S::Bits {
        let mut w = [0; 4];
        for k in 0..S::WORDS {
            w[k] = self.isa.or_lanes(self.words[k]);
        }
        S::from_words(w)
    }
}

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
    let bit = <S::Bits as super::Bits>::bit(sq);
    let flipped = if S::WORDS == 1 && !I::LANE_RAYS {
        Quad::splat(isa, flips::<S, I>(isa, p, o, sq))
    } else {
        flip_lanes::<S, I>(isa, p, o, sq).union_splat()
    };
    let mover = Quad::splat(isa, o).xor(flipped);
    let waiter = Quad::splat(isa, p | bit).xor(flipped);
    let replies = targets::<S, I>(mover, waiter).union() & !(p | o | bit) & S::FULL;
    super::Bits::count(replies).max(1)
}

/// The rays of every cell of the boards above 8x8, as lanes: for cell `sq` of a board of
/// `W` words, rows `2 W sq ..` hold the `W` words of its four rays towards higher indices (a
/// ray per lane), then the `W` words of the four opposite rays.
static LANE_RAYS_4: [[u64; 4]; 16 * 2] = wide_rays(4, 1);
static LANE_RAYS_6: [[u64; 4]; 36 * 2] = wide_rays(6, 1);
static LANE_RAYS_8: [[u64; 4]; 64 * 2] = wide_rays(8, 1);
static LANE_RAYS_10: [[u64; 4]; 100 * 4] = wide_rays(10, 2);
static LANE_RAYS_12: [[u64; 4]; 144 * 6] = wide_rays(12, 3);
static LANE_RAYS_14: [[u64; 4]; 196 * 8] = wide_rays(14, 4);
static LANE_RAYS_16: [[u64; 4]; 256 * 8] = wide_rays(16, 4);

const fn wide_rays<const LEN: usize>(n: usize, w: usize) -> [[u64; 4]; LEN] {
    let steps: [(i64, i64); 8] = [
        (1, 0),
        (-1, 1),
        (1, 1),
        (0, 1),
        (-1, 0),
        (1, -1),
        (-1, -1),
        (0, -1),
    ];
    let mut out = [[0u64; 4]; LEN];
    let mut sq = 0;
    while sq < n * n {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = steps[d];
            let (mut c, mut r) = ((sq % n) as i64 + dc, (sq / n) as i64 + dr);
            while c >= 0 && r >= 0 && c < n as i64 && r < n as i64 {
                let i = r as usize * n + c as usize;
                out[2 * w * sq + (d / 4) * w + i / 64][d % 4] |= 1 << (i % 64);
                c += dc;
                r += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    out
}

/// The flips of [`flips`] along each direction, a lane per direction (their union is the
/// flips): the eight rays from `sq` as two sets of four lanes.
/// Along each ray the first cell that is not the opponent's ends the run, which flips if that
/// cell is the player's: towards higher indices the lowest such bit of the ray's words, found
/// word by word from the bottom; towards lower indices the highest, from the top.
#[inline(always)]
fn flip_lanes<S: Size, I: Isa>(isa: I, p: S::Bits, o: S::Bits, sq: usize) -> Quad<S, I> {
    let w = S::WORDS;
    let table: &[[u64; 4]] = match S::N {
        4 => &LANE_RAYS_4,
        6 => &LANE_RAYS_6,
        8 => &LANE_RAYS_8,
        10 => &LANE_RAYS_10,
        12 => &LANE_RAYS_12,
        14 => &LANE_RAYS_14,
        _ => &LANE_RAYS_16,
    };
    let rays = &table[2 * w * sq..2 * w * (sq + 1)];
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
    let seed = Quad::splat(isa, <S::Bits as super::Bits>::bit(sq));
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

/// For each cell of a board of at most 64 cells, the cells reached from it along each of the
/// eight directions: the four towards higher indices first, then their opposites.
#[repr(align(64))]
struct Rays([[u64; 8]; 64]);

/// [`Rays`] for the 4x4, 6x6 and 8x8 boards.
static RAYS: [Rays; 3] = [rays(4), rays(6), rays(8)];

const fn rays(n: usize) -> Rays {
    let steps: [(i64, i64); 8] = [
        (1, 0),
        (-1, 1),
        (1, 1),
        (0, 1),
        (-1, 0),
        (1, -1),
        (-1, -1),
        (0, -1),
    ];
    let mut out = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < n * n {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = steps[d];
            let (mut c, mut r) = ((sq % n) as i64 + dc, (sq / n) as i64 + dr);
            while c >= 0 && r >= 0 && c < n as i64 && r < n as i64 {
                out[sq][d] |= 1 << (r as usize * n + c as usize);
                c += dc;
                r += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    Rays(out)
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
