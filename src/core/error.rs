//! Typed errors for moves that cannot be played and text that cannot be read.

use std::fmt;

use super::{Cell, Move, Side};

/// Why a move cannot be played in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game has ended; no move can be played.
    GameOver,
    /// The cell lies outside the board.
    OffBoard(Cell),
    /// The cell already holds a disc or mark.
    Occupied(Cell),
    /// An Othello move must bracket at least one line of opponent discs; this one brackets none.
    NoFlips(Cell),
    /// The side to move has no legal placement and must pass.
    MustPass(Side),
    /// A pass was played while the side to move has a legal placement (or the game has no passes).
    CannotPass,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::OffBoard(c) => write!(f, "{c} is not on the board"),
            PlayError::Occupied(c) => write!(f, "{c} is already taken"),
            PlayError::NoFlips(c) => write!(f, "{c} does not flip any discs"),
            PlayError::MustPass(s) => write!(f, "{s} has no legal move and must pass"),
            PlayError::CannotPass => f.write_str("passing is only allowed with no legal move"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Why a cell, move, move list, board string or size could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing to read.
    Empty,
    /// Not a cell in "a1" notation (or off every supported board).
    BadCell(String),
    /// A cell that is well written but outside this board.
    OffBoard {
        /// The cell read.
        cell: Cell,
        /// Board rows.
        rows: usize,
        /// Board columns.
        cols: usize,
    },
    /// A board string with the wrong number of cells.
    WrongLength {
        /// Cells the board has.
        expected: usize,
        /// Cells found in the string.
        found: usize,
    },
    /// A character that is not a cell (`X`, `O`, `-`, `.`) in a board string.
    BadChar {
        /// The character.
        ch: char,
        /// Its 0-based position among the cell characters.
        index: usize,
    },
    /// The board string does not say whose move it is (`X` or `O` after the cells).
    MissingSideToMove,
    /// Text after the board that is not a side to move.
    BadSideToMove(String),
    /// The board could not arise in a real game; the text says why.
    Impossible(String),
    /// A move list entry at `ply` (1-based) that is not a move.
    BadMoveText {
        /// 1-based ply in the list.
        ply: usize,
        /// The unreadable text.
        text: String,
    },
    /// A move list entry at `ply` (1-based) that is not legal there.
    IllegalMove {
        /// 1-based ply in the list.
        ply: usize,
        /// The move read.
        mv: Move,
        /// Why it is illegal.
        reason: PlayError,
    },
    /// A board size or game shape that is not supported.
    BadSize(String),
    /// A game name that is none of the games (see [`GameKind`](super::GameKind)).
    UnknownGame(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => f.write_str("nothing to read"),
            ParseError::BadCell(s) => write!(
                f,
                "'{s}' is not a cell (expected a letter and a row number, like f5)"
            ),
            ParseError::OffBoard { cell, rows, cols } => {
                write!(f, "{cell} is outside the {cols}x{rows} board")
            }
            ParseError::WrongLength { expected, found } => {
                write!(f, "the board has {found} cells, expected {expected}")
            }
            ParseError::BadChar { ch, index } => {
                write!(
                    f,
                    "unexpected character {ch:?} at cell {} (use X, O, - or .)",
                    index + 1
                )
            }
            ParseError::MissingSideToMove => {
                f.write_str("the side to move (X or O) is missing after the board")
            }
            ParseError::BadSideToMove(s) => write!(f, "'{s}' is not a side to move (use X or O)"),
            ParseError::Impossible(why) => write!(f, "impossible position: {why}"),
            ParseError::BadMoveText { ply, text } => {
                write!(f, "move {ply}: '{text}' is not a move")
            }
            ParseError::IllegalMove { ply, mv, reason } => {
                write!(f, "move {ply}: {mv} is illegal: {reason}")
            }
            ParseError::BadSize(s) => write!(f, "unsupported board: {s}"),
            ParseError::UnknownGame(s) => write!(
                f,
                "'{s}' is not a game (tic-tac-toe, also ttt or tictactoe; othello, also reversi)"
            ),
        }
    }
}

impl std::error::Error for ParseError {}
