//! The instruction-set layer of the move generator: the few operations on four 64-bit lanes
//! that it is written over ([`Isa`]), in plain Rust ([`Portable`]) and as AVX2 and AVX-512
//! vector instructions. A value of an instruction set's type is a token that the CPU has it.

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
