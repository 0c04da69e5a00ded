//! Board sizes as types, with the masks the move generator needs.

use std::fmt::Debug;
use std::hash::Hash;

use crate::core::{Bits, Wide};

/// A board size known at compile time.
pub trait Size: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// The bitboard type, at least `N * N` bits.
    type Bits: Bits;
    /// Rows and columns.
    const N: usize;
    /// Every cell of the board.
    const FULL: Self::Bits;
    /// Every cell except those in the first and last columns: a run of discs that a
    /// horizontal or diagonal move flips lies inside it, so masking with it stops shifts from
    /// wrapping around the board's edge.
    const INNER_COLS: Self::Bits;
    /// The number of 64-bit words of [`Self::Bits`], at most 4.
    const WORDS: usize;

    /// The words of a bitboard, lowest cells first; those past [`Self::WORDS`] are zero.
    fn to_words(b: Self::Bits) -> [u64; 4];
    /// The bitboard of the first [`Self::WORDS`] words.
    fn from_words(words: [u64; 4]) -> Self::Bits;
}

/// The bits of an `n`x`n` board as words, optionally without the edge columns.
const fn board_words(n: usize, inner_cols_only: bool) -> [u64; 4] {
    let mut words = [0u64; 4];
    let mut i = 0;
    while i < n * n {
        let col = i % n;
        if !inner_cols_only || (col != 0 && col != n - 1) {
            words[i / 64] |= 1 << (i % 64);
        }
        i += 1;
    }
    words
}

macro_rules! small_sizes {
    ($($(#[$doc:meta])* $name:ident = $n:literal;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Size for $name {
            type Bits = u64;
            const N: usize = $n;
            const FULL: u64 = board_words($n, false)[0];
            const INNER_COLS: u64 = board_words($n, true)[0];
            const WORDS: usize = 1;

            #[inline(always)]
            fn to_words(b: u64) -> [u64; 4] {
                [b, 0, 0, 0]
            }
            #[inline(always)]
            fn from_words(words: [u64; 4]) -> u64 {
                words[0]
            }
        }
    )*};
}

macro_rules! wide_sizes {
    ($($(#[$doc:meta])* $name:ident = $n:literal, $w:literal;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Size for $name {
            type Bits = Wide<$w>;
            const N: usize = $n;
            const FULL: Wide<$w> = Wide::from_words(board_words($n, false));
            const INNER_COLS: Wide<$w> = Wide::from_words(board_words($n, true));
            const WORDS: usize = $w;

            #[inline(always)]
            fn to_words(b: Wide<$w>) -> [u64; 4] {
                let mut words = [0; 4];
                words[..$w].copy_from_slice(&b.0);
                words
            }
            #[inline(always)]
            fn from_words(words: [u64; 4]) -> Wide<$w> {
                Wide::from_words(words)
            }
        }
    )*};
}

small_sizes! {
    /// 4x4.
    Size4 = 4;
    /// 6x6.
    Size6 = 6;
    /// 8x8, the standard board.
    Size8 = 8;
}

wide_sizes! {
    /// 10x10.
    Size10 = 10, 2;
    /// 12x12.
    Size12 = 12, 3;
    /// 14x14.
    Size14 = 14, 4;
    /// 16x16.
    Size16 = 16, 4;
}
