//! Typed errors for moves that cannot be played and text that cannot be read.

use super::{Cell, Move, Side};

/// Why a move cannot be played in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game has ended; no move can be played.
    #[error("the game is over")]
    GameOver,
    /// The cell lies outside the board.
    #[error("{0} is not on the board")]
    OffBoard(Cell),
    /// The cell already holds a disc or mark.
    #[error("{0} is already taken")]
    Occupied(Cell),
    /// An Othello move must bracket at least one line of opponent discs; this one brackets none.
    #[error("{0} does not flip any discs")]
    NoFlips(Cell),
    /// The side to move has no legal placement and must pass.
    #[error("{0} has no legal move and must pass")]
    MustPass(Side),
    /// A pass was played while the side to move has a legal placement (or the game has no passes).
    #[error("passing is only allowed with no legal move")]
    CannotPass,
}

/// Why a cell, move, move list, board string or size could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Nothing to read.
    #[error("nothing to read")]
    Empty,
    /// Not a cell in "a1" notation (or off every supported board).
    #[error("'{0}' is not a cell (expected a letter and a row number, like f5)")]
    BadCell(String),
    /// A cell that is well written but outside this board.
    #[error("{cell} is outside the {cols}x{rows} board")]
    OffBoard {
        /// The cell read.
        cell: Cell,
        /// Board rows.
        rows: usize,
        /// Board columns.
        cols: usize,
    },
    /// A board string with the wrong number of cells.
    #[error("the board has {found} cells, expected {expected}")]
    WrongLength {
        /// Cells the board has.
        expected: usize,
        /// Cells found in the string.
        found: usize,
    },
    /// A character that is not a cell (`X`, `O`, `-`, `.`) in a board string.
    #[error("unexpected character {ch:?} at cell {} (use X, O, - or .)", index + 1)]
    BadChar {
        /// The character.
        ch: char,
        /// Its 0-based position among the cell characters.
        index: usize,
    },
    /// The board string does not say whose move it is (`X` or `O` after the cells).
    #[error("the side to move (X or O) is missing after the board")]
    MissingSideToMove,
    /// Text after the board that is not a side to move.
    #[error("'{0}' is not a side to move (use X or O)")]
    BadSideToMove(String),
    /// The board could not arise in a real game; the text says why.
    #[error("impossible position: {0}")]
    Impossible(String),
    /// A move list entry at `ply` (1-based) that is not a move.
    #[error("move {ply}: '{text}' is not a move")]
    BadMoveText {
        /// 1-based ply in the list.
        ply: usize,
        /// The unreadable text.
        text: String,
    },
    /// A move list entry at `ply` (1-based) that is not legal there.
    #[error("move {ply}: {mv} is illegal: {reason}")]
    IllegalMove {
        /// 1-based ply in the list.
        ply: usize,
        /// The move read.
        mv: Move,
        /// Why it is illegal.
        reason: PlayError,
    },
    /// A board size or game shape that is not supported.
    #[error("unsupported board: {0}")]
    BadSize(String),
    /// A game name that is none of the games (see [`GameKind`](super::GameKind)).
    #[error("'{0}' is not a game (tic-tac-toe, also ttt or tictactoe; othello, also reversi)")]
    UnknownGame(String),
}
