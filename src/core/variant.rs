//! Which game on which board: a runtime description that picks the compile-time types.

use std::fmt;

use super::othello::{Othello, Size4, Size6, Size8, Size10, Size12, Size14, Size16};
use super::tictactoe::TicTacToe;
use super::{ParseError, Position};

/// A game and board, as chosen at run time (in settings, on the command line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Tic-tac-toe on `rows` x `cols` cells where `k` in a row wins.
    TicTacToe {
        /// Rows, 3 to 8.
        rows: usize,
        /// Columns, 3 to 8.
        cols: usize,
        /// Marks in a row to win, 3 up to the longer side.
        k: usize,
    },
    /// Othello on a `size` x `size` board (even, 4 to 16).
    Othello {
        /// Rows and columns.
        size: usize,
    },
}

/// Code that runs on the start position of a [`Variant`], generic over the position type.
/// Rust has no generic closures; this trait is the closure.
pub trait VariantVisitor {
    /// What the code returns.
    type Output;
    /// Runs on the start position of the variant.
    fn visit<P: Position>(self, start: P) -> Self::Output;
}

impl Variant {
    /// Classic 3x3 tic-tac-toe.
    pub const TIC_TAC_TOE_3: Variant = Variant::TicTacToe {
        rows: 3,
        cols: 3,
        k: 3,
    };
    /// 4x4 tic-tac-toe, four in a row.
    pub const TIC_TAC_TOE_4: Variant = Variant::TicTacToe {
        rows: 4,
        cols: 4,
        k: 4,
    };
    /// Standard 8x8 Othello.
    pub const OTHELLO_8: Variant = Variant::Othello { size: 8 };
    /// 12x12 Othello.
    pub const OTHELLO_12: Variant = Variant::Othello { size: 12 };

    /// Rows of the board.
    pub fn rows(self) -> usize {
        match self {
            Variant::TicTacToe { rows, .. } => rows,
            Variant::Othello { size } => size,
        }
    }

    /// Columns of the board.
    pub fn cols(self) -> usize {
        match self {
            Variant::TicTacToe { cols, .. } => cols,
            Variant::Othello { size } => size,
        }
    }

    /// Checks that the board is supported.
    pub fn validate(self) -> Result<Variant, ParseError> {
        self.visit(NoOp).map(|()| self)
    }

    /// Runs `visitor` on the start position, with the position type of this variant.
    pub fn visit<V: VariantVisitor>(self, visitor: V) -> Result<V::Output, ParseError> {
        Ok(match self {
            Variant::TicTacToe { rows, cols, k } => visitor.visit(TicTacToe::new(rows, cols, k)?),
            Variant::Othello { size: 4 } => visitor.visit(Othello::<Size4>::start()),
            Variant::Othello { size: 6 } => visitor.visit(Othello::<Size6>::start()),
            Variant::Othello { size: 8 } => visitor.visit(Othello::<Size8>::start()),
            Variant::Othello { size: 10 } => visitor.visit(Othello::<Size10>::start()),
            Variant::Othello { size: 12 } => visitor.visit(Othello::<Size12>::start()),
            Variant::Othello { size: 14 } => visitor.visit(Othello::<Size14>::start()),
            Variant::Othello { size: 16 } => visitor.visit(Othello::<Size16>::start()),
            Variant::Othello { size } => {
                return Err(ParseError::BadSize(format!(
                    "Othello boards are even sizes from 4 to 16, not {size}x{size}"
                )));
            }
        })
    }
}

struct NoOp;

impl VariantVisitor for NoOp {
    type Output = ();
    fn visit<P: Position>(self, _: P) {}
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Variant::TicTacToe { rows, cols, k } if rows == cols && k == rows => {
                write!(f, "tic-tac-toe {cols}x{rows}")
            }
            Variant::TicTacToe { rows, cols, k } => {
                write!(f, "tic-tac-toe {cols}x{rows}, {k} in a row")
            }
            Variant::Othello { size } => write!(f, "Othello {size}x{size}"),
        }
    }
}
