//! Board sizes as types, with the masks the move generator needs.

use std::fmt::Debug;
use std::hash::Hash;

use super::bits::{Bits, Lanes, Quad, Wide};
use super::board;

/// A board size known at compile time.
pub trait Size: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// The bitboard type, at least `N * N` bits.
    type Bits: Bits;
    /// Four bitboards side by side, one per line direction, for the move generator.
    type Lanes: Lanes<Self::Bits>;
    /// Rows and columns.
    const N: usize;
    /// Every cell of the board.
    const FULL: Self::Bits;
    /// Every cell except those in the first and last columns: a run of discs that a
    /// horizontal or diagonal move flips lies inside it, so masking with it stops shifts from
    /// wrapping around the board's edge.
    const INNER_COLS: Self::Bits;
    /// The cells a flipped run may cover along each direction of [`Self::Lanes`] (a row, the
    /// two diagonals, a column): [`Self::INNER_COLS`] except for the column.
    const RUN_MASKS: Self::Lanes;

    /// The discs of `o` flipped when the owner of `p` plays on the empty cell `sq`. Every
    /// size has a correct default; a size may bring a faster routine for its bitboard type.
    #[inline(always)]
    fn flips(p: Self::Bits, o: Self::Bits, sq: usize) -> Self::Bits {
        board::flips_by_fill::<Self>(p, o, sq)
    }
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

const fn run_masks(n: usize) -> [[u64; 4]; 4] {
    let inner = board_words(n, true);
    [inner, inner, board_words(n, false), inner]
}

const fn first_word(words: [u64; 4]) -> u64 {
    words[0]
}

/// The cells of a board of at most 64 cells reached from one cell along one direction, for
/// each cell and each of the eight directions: the four towards higher indices first, in the
/// order of [`Size::Lanes`], then their opposites.
#[repr(align(64))]
pub(crate) struct Rays(pub(crate) [[u64; 8]; 64]);

const fn rays(n: usize) -> Rays {
    let steps: [(i64, i64); 8] = [
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (-1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
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

macro_rules! small_sizes {
    ($($(#[$doc:meta])* $name:ident = $n:literal;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Size for $name {
            type Bits = u64;
            type Lanes = Quad<1>;
            const N: usize = $n;
            const FULL: u64 = first_word(board_words($n, false));
            const INNER_COLS: u64 = first_word(board_words($n, true));
            const RUN_MASKS: Quad<1> = Quad::from_lane_words(run_masks($n));

            #[inline(always)]
            fn flips(p: u64, o: u64, sq: usize) -> u64 {
                static RAYS: Rays = rays($n);
                board::flips_by_rays(p, o, &RAYS.0[sq])
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
            type Lanes = Quad<$w>;
            const N: usize = $n;
            const FULL: Wide<$w> = Wide::from_words(board_words($n, false));
            const INNER_COLS: Wide<$w> = Wide::from_words(board_words($n, true));
            const RUN_MASKS: Quad<$w> = Quad::from_lane_words(run_masks($n));
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
