//! Bitboards: one bit a cell, row-major from a1. `u64` serves boards of up to 64 cells
//! (tic-tac-toe up to 8x8, Othello up to 8x8); [`Wide`] serves larger ones. The Othello code
//! is written once against the [`Bits`] trait.

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
        // Word by word rather than one store at a computed index, which would leave the set
        // in memory and stall the vector loads that read it back.
        let b = 1 << (i % 64);
        Wide(std::array::from_fn(|k| if k == i / 64 { b } else { 0 }))
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
        // `x & (x - 1)` across the words, the borrow rippling up: no branch, no memory.
        let mut out = self.0;
        let mut borrow = true;
        for w in &mut out {
            let (less, b) = w.overflowing_sub(u64::from(borrow));
            *w &= less;
            borrow = b;
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
