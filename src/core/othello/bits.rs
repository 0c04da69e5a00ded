//! Bitboards: one bit a cell, row-major from a1. `u64` serves boards up to 8x8; [`Wide`]
//! serves larger ones. The Othello code is written once against the [`Bits`] trait.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of cells as bits. Everything here is `#[inline]` so that the search, compiled with
/// extra CPU features, compiles these with them too.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// No cells.
    const ZERO: Self;
    /// Shift towards higher cell indices by `n` bits.
    fn shl(self, n: u32) -> Self;
    /// Shift towards lower cell indices by `n` bits.
    fn shr(self, n: u32) -> Self;
    /// Number of cells in the set.
    fn count(self) -> u32;
    /// True if the set is empty.
    fn is_zero(self) -> bool;
    /// The set holding only cell `i`.
    fn bit(i: usize) -> Self;
    /// True if cell `i` is in the set.
    fn has(self, i: usize) -> bool;
    /// Index of the lowest cell; the set must not be empty.
    fn first(self) -> usize;
    /// The set without its lowest cell.
    fn without_first(self) -> Self;
    /// A well-mixed 64-bit hash of the set.
    fn mix(self) -> u64;

    /// The cell indices in the set, lowest first.
    #[inline]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
}

/// Iterates over the cell indices of a [`Bits`] set.
#[derive(Clone, Copy, Debug)]
pub struct BitIter<B>(pub B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_zero() {
            None
        } else {
            let i = self.0.first();
            self.0 = self.0.without_first();
            Some(i)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bits> ExactSizeIterator for BitIter<B> {}

/// The finalizer of SplitMix64: spreads every input bit over the whole output.
#[inline]
pub(crate) const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Bits for u64 {
    const ZERO: u64 = 0;
    #[inline(always)]
    fn shl(self, n: u32) -> u64 {
        self << n
    }
    #[inline(always)]
    fn shr(self, n: u32) -> u64 {
        self >> n
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn bit(i: usize) -> u64 {
        1 << i
    }
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self >> i & 1 != 0
    }
    #[inline(always)]
    fn first(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline(always)]
    fn without_first(self) -> u64 {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn mix(self) -> u64 {
        mix64(self)
    }
}

/// A bitboard of `W` 64-bit words, for boards of more than 64 cells (10x10 and up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wide<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Wide<W> {
    fn default() -> Self {
        Wide([0; W])
    }
}

impl<const W: usize> Wide<W> {
    /// The first `W` words of `words`, usable in constants.
    pub const fn from_words(words: [u64; 4]) -> Self {
        let mut out = [0u64; W];
        let mut i = 0;
        while i < W {
            out[i] = words[i];
            i += 1;
        }
        Wide(out)
    }
}

macro_rules! wide_bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl<const W: usize> $tr for Wide<W> {
            type Output = Self;
            #[inline(always)]
            fn $f(self, rhs: Self) -> Self {
                let mut out = self.0;
                for i in 0..W {
                    out[i] = self.0[i] $op rhs.0[i];
                }
                Wide(out)
            }
        }
        impl<const W: usize> $tra for Wide<W> {
            #[inline(always)]
            fn $fa(&mut self, rhs: Self) {
                *self = $tr::$f(*self, rhs);
            }
        }
    };
}
wide_bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wide_bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<const W: usize> Not for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        let mut out = self.0;
        for w in &mut out {
            *w = !*w;
        }
        Wide(out)
    }
}

impl<const W: usize> Bits for Wide<W> {
    const ZERO: Self = Wide([0; W]);

    #[inline(always)]
    fn shl(self, n: u32) -> Self {
        let (words, bits) = ((n / 64) as usize, n % 64);
        let mut out = [0u64; W];
        for i in (words..W).rev() {
            let j = i - words;
            out[i] = self.0[j] << bits;
            if bits != 0 && j > 0 {
                out[i] |= self.0[j - 1] >> (64 - bits);
            }
        }
        Wide(out)
    }

    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        let (words, bits) = ((n / 64) as usize, n % 64);
        let mut out = [0u64; W];
        for (i, word) in out.iter_mut().enumerate().take(W.saturating_sub(words)) {
            let j = i + words;
            *word = self.0[j] >> bits;
            if bits != 0 && j + 1 < W {
                *word |= self.0[j + 1] << (64 - bits);
            }
        }
        Wide(out)
    }

    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.iter().fold(0, |acc, w| acc | w) == 0
    }

    #[inline(always)]
    fn bit(i: usize) -> Self {
        let mut out = [0u64; W];
        out[i / 64] = 1 << (i % 64);
        Wide(out)
    }

    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    #[inline(always)]
    fn first(self) -> usize {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return i * 64 + w.trailing_zeros() as usize;
            }
        }
        W * 64
    }

    #[inline(always)]
    fn without_first(self) -> Self {
        let mut out = self.0;
        for w in &mut out {
            if *w != 0 {
                *w &= *w - 1;
                break;
            }
        }
        Wide(out)
    }

    #[inline(always)]
    fn mix(self) -> u64 {
        self.0
            .iter()
            .fold(0u64, |h, w| mix64(h.rotate_left(23) ^ w))
    }
}

/// Four bitboards of `W` words side by side, one for each line direction (along a row, the
/// two diagonals and a column), stored word by word so that word `k` of all four boards is
/// one run of four `u64`: the compiler turns each operation into a few vector instructions
/// where the CPU has them (AVX2 shifts each lane by its own amount), and plain code elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quad<const W: usize>(pub [[u64; 4]; W]);

#[allow(
    clippy::needless_range_loop,
    reason = "word and lane indices side by side read as the vector operation they become"
)]
impl<const W: usize> Quad<W> {
    /// The four boards given as words, usable in constants: `lanes[j]` is board `j`.
    pub const fn from_lane_words(lanes: [[u64; 4]; 4]) -> Self {
        let mut out = [[0u64; 4]; W];
        let mut k = 0;
        while k < W {
            let mut j = 0;
            while j < 4 {
                out[k][j] = lanes[j][k];
                j += 1;
            }
            k += 1;
        }
        Quad(out)
    }

    #[inline(always)]
    fn zip(self, rhs: Self, f: impl Fn(u64, u64) -> u64) -> Self {
        let mut out = self.0;
        for k in 0..W {
            for j in 0..4 {
                out[k][j] = f(self.0[k][j], rhs.0[k][j]);
            }
        }
        Quad(out)
    }
}

impl<const W: usize> BitAnd for Quad<W> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, rhs: Self) -> Self {
        self.zip(rhs, |a, b| a & b)
    }
}

impl<const W: usize> BitOr for Quad<W> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, rhs: Self) -> Self {
        self.zip(rhs, |a, b| a | b)
    }
}

impl<const W: usize> BitOrAssign for Quad<W> {
    #[inline(always)]
    fn bitor_assign(&mut self, rhs: Self) {
        *self = *self | rhs;
    }
}

/// The operations the move generator needs on four boards at once; [`Quad`] provides them
/// for every bitboard type.
pub trait Lanes<B: Bits>:
    Copy + BitAnd<Output = Self> + BitOr<Output = Self> + BitOrAssign
{
    /// The same board in every lane.
    fn splat(b: B) -> Self;
    /// Lane `j` shifted towards higher cell indices by `n[j]`, which is in `1..64`.
    fn shl(self, n: [u32; 4]) -> Self;
    /// Lane `j` shifted towards lower cell indices by `n[j]`, which is in `1..64`.
    fn shr(self, n: [u32; 4]) -> Self;
    /// The lanes of `self` whose lane in `test` is not empty; the others emptied.
    fn keep_where_any(self, test: Self) -> Self;
    /// The union of the four lanes.
    fn union(self) -> B;
}

#[allow(
    clippy::needless_range_loop,
    reason = "word and lane indices side by side read as the vector operation they become"
)]
impl<const W: usize> Quad<W> {
    #[inline(always)]
    fn shl_lanes(self, n: [u32; 4]) -> Self {
        let mut out = [[0u64; 4]; W];
        for k in 0..W {
            for j in 0..4 {
                out[k][j] = self.0[k][j] << n[j];
                if k > 0 {
                    out[k][j] |= self.0[k - 1][j] >> (64 - n[j]);
                }
            }
        }
        Quad(out)
    }

    #[inline(always)]
    fn shr_lanes(self, n: [u32; 4]) -> Self {
        let mut out = [[0u64; 4]; W];
        for k in 0..W {
            for j in 0..4 {
                out[k][j] = self.0[k][j] >> n[j];
                if k + 1 < W {
                    out[k][j] |= self.0[k + 1][j] << (64 - n[j]);
                }
            }
        }
        Quad(out)
    }

    #[inline(always)]
    fn keep_lanes_where_any(self, test: Self) -> Self {
        let mut any = [0u64; 4];
        for k in 0..W {
            for j in 0..4 {
                any[j] |= test.0[k][j];
            }
        }
        let mut out = self.0;
        for k in 0..W {
            for j in 0..4 {
                // All ones where the lane is non-empty, written as a comparison so that it
                // becomes one vector compare.
                out[k][j] &= if any[j] != 0 { u64::MAX } else { 0 };
            }
        }
        Quad(out)
    }

    #[inline(always)]
    fn union_words(self) -> [u64; W] {
        let mut out = [0u64; W];
        for k in 0..W {
            out[k] = self.0[k][0] | self.0[k][1] | self.0[k][2] | self.0[k][3];
        }
        out
    }
}

impl Lanes<u64> for Quad<1> {
    #[inline(always)]
    fn splat(b: u64) -> Self {
        Quad([[b; 4]])
    }
    #[inline(always)]
    fn shl(self, n: [u32; 4]) -> Self {
        self.shl_lanes(n)
    }
    #[inline(always)]
    fn shr(self, n: [u32; 4]) -> Self {
        self.shr_lanes(n)
    }
    #[inline(always)]
    fn keep_where_any(self, test: Self) -> Self {
        self.keep_lanes_where_any(test)
    }
    #[inline(always)]
    fn union(self) -> u64 {
        self.union_words()[0]
    }
}

impl<const W: usize> Lanes<Wide<W>> for Quad<W> {
    #[inline(always)]
    fn splat(b: Wide<W>) -> Self {
        Quad(b.0.map(|w| [w; 4]))
    }
    #[inline(always)]
    fn shl(self, n: [u32; 4]) -> Self {
        self.shl_lanes(n)
    }
    #[inline(always)]
    fn shr(self, n: [u32; 4]) -> Self {
        self.shr_lanes(n)
    }
    #[inline(always)]
    fn keep_where_any(self, test: Self) -> Self {
        self.keep_lanes_where_any(test)
    }
    #[inline(always)]
    fn union(self) -> Wide<W> {
        Wide(self.union_words())
    }
}
