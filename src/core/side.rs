//! The two sides of a game.

use std::fmt;
use std::ops::Not;

/// One of the two players. `First` moves first: X in tic-tac-toe, Black in Othello.
///
/// Board strings write `First` as `X` and `Second` as `O` in both games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, strum::VariantArray)]
pub enum Side {
    /// The side that moves first (X, Black).
    First,
    /// The side that moves second (O, White).
    Second,
}

impl Side {
    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The board-string letter: `X` or `O`.
    pub const fn symbol(self) -> char {
        match self {
            Side::First => 'X',
            Side::Second => 'O',
        }
    }

    /// Reads a board-string letter (`X`/`x`/`*`/`B` for the first side, `O`/`o`/`W` for the
    /// second), as written in OBF/FFO files.
    pub fn from_symbol(c: char) -> Option<Side> {
        match c {
            'X' | 'x' | '*' | 'B' | 'b' => Some(Side::First),
            'O' | 'o' | 'W' | 'w' => Some(Side::Second),
            _ => None,
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        self.opponent()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}
