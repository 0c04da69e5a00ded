//! Cells and moves, and their notation ("a1", "f5", "pass").

use std::fmt;
use std::str::FromStr;

use super::ParseError;

/// The largest number of rows or columns any board in this crate has.
pub const MAX_SIDE: u8 = 16;

/// A cell of a board, by column and row, both counted from 0 at the top-left corner.
///
/// Written in notation as a column letter from `a` and a row number from `1`: `a1` is the
/// top-left corner, `h8` the bottom-right corner of an 8x8 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column, 0 = `a`.
    pub col: u8,
    /// Row, 0 = `1`.
    pub row: u8,
}

impl Cell {
    /// The cell at `col` and `row` (both from 0).
    pub const fn new(col: u8, row: u8) -> Cell {
        Cell { col, row }
    }

    /// The cell with row-major index `index` on a board `cols` wide.
    #[inline]
    pub const fn from_index(index: usize, cols: usize) -> Cell {
        Cell {
            col: (index % cols) as u8,
            row: (index / cols) as u8,
        }
    }

    /// The row-major index of this cell on a board `cols` wide.
    #[inline]
    pub const fn index(self, cols: usize) -> usize {
        self.row as usize * cols + self.col as usize
    }

    /// Reads a cell at the start of `s`, returning it and the number of bytes it took.
    /// Letters may be upper or lower case; the row is read greedily ("a10" is a10).
    pub(crate) fn parse_prefix(s: &str) -> Result<(Cell, usize), ParseError> {
        let bytes = s.as_bytes();
        let bad = || ParseError::BadCell(s.chars().take(3).collect());
        let letter = bytes.first().copied().ok_or_else(bad)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(bad());
        }
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return Err(bad());
        }
        let row: u32 = s[1..1 + digits].parse().map_err(|_| bad())?;
        let col = u32::from(letter - b'a');
        if row == 0 || row > u32::from(MAX_SIDE) || col >= u32::from(MAX_SIDE) {
            return Err(ParseError::BadCell(s[..1 + digits].to_string()));
        }
        Ok((Cell::new(col as u8, (row - 1) as u8), 1 + digits))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.col), self.row + 1)
    }
}

impl FromStr for Cell {
    type Err = ParseError;

    /// Parses "a1"-style notation. The board size is not checked here: see
    /// [`Position::parse_move`](super::Position::parse_move).
    fn from_str(s: &str) -> Result<Cell, ParseError> {
        let t = s.trim();
        let (cell, used) = Cell::parse_prefix(t)?;
        if used != t.len() {
            return Err(ParseError::BadCell(t.to_string()));
        }
        Ok(cell)
    }
}

/// A move: a disc or mark placed on a cell, or a pass (Othello, when a side has no legal move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Place on this cell.
    Place(Cell),
    /// Pass the turn; legal only when it is the only move.
    Pass,
}

impl Move {
    /// The cell of a placing move, `None` for a pass.
    pub const fn cell(self) -> Option<Cell> {
        match self {
            Move::Place(c) => Some(c),
            Move::Pass => None,
        }
    }
}

impl From<Cell> for Move {
    fn from(c: Cell) -> Move {
        Move::Place(c)
    }
}

impl fmt::Display for Move {
    /// A cell as "f5", a pass as "pass" (read also as "pa", "PA" or "--").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(c) => c.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Parses "f5", "F5", or a pass written "pa", "PA", "--" or "pass".
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let t = s.trim();
        if is_pass_word(t) {
            return Ok(Move::Pass);
        }
        t.parse().map(Move::Place)
    }
}

fn is_pass_word(t: &str) -> bool {
    t == "--" || t.eq_ignore_ascii_case("pa") || t.eq_ignore_ascii_case("pass")
}
