//! Board sizes as types, with the masks the move generator needs.

use std::fmt::Debug;
use std::hash::Hash;

use super::bits::{Bits, Wide};

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

const fn first_word(words: [u64; 4]) -> u64 {
    words[0]
}

macro_rules! sizes {
    ($($(#[$doc:meta])* $name:ident = $n:literal, $bits:ty, $make:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Size for $name {
            type Bits = $bits;
            const N: usize = $n;
            const FULL: $bits = $make(board_words($n, false));
            const INNER_COLS: $bits = $make(board_words($n, true));
        }
    )*};
}

sizes! {
    /// 4x4.
    Size4 = 4, u64, first_word;
    /// 6x6.
    Size6 = 6, u64, first_word;
    /// 8x8, the standard board.
    Size8 = 8, u64, first_word;
    /// 10x10.
    Size10 = 10, Wide<2>, Wide::<2>::from_words;
    /// 12x12.
    Size12 = 12, Wide<3>, Wide::<3>::from_words;
    /// 14x14.
    Size14 = 14, Wide<4>, Wide::<4>::from_words;
    /// 16x16.
    Size16 = 16, Wide<4>, Wide::<4>::from_words;
}
