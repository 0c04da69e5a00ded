//! What the board shows: the shown position taken apart for painting.

use crate::core::{Cell, Move, Outcome, Side};

/// What the board shows: the shown position taken apart for painting, with no rules left in
/// it to apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Who holds each cell, row by row from a1.
    pub cells: Vec<Option<Side>>,
    /// The cells the side to move may play.
    pub legal: Vec<Cell>,
    /// For each legal cell, in the same order, the pieces playing there would flip.
    pub flips: Vec<Vec<Cell>>,
    /// The winning lines, each from end to end, once a game won by a line is over.
    pub winning: Vec<Vec<Cell>>,
    /// True when the side to move has no placement and must pass.
    pub must_pass: bool,
    /// Whose turn it is.
    pub to_move: Side,
    /// How the game stands.
    pub outcome: Outcome,
    /// Discs or marks of each side.
    pub counts: [u32; 2],
    /// The move that led here, if any.
    pub last_move: Option<Move>,
    /// The side whose time ran out here, which lost the game on time.
    pub timeout: Option<Side>,
}

impl BoardView {
    /// Who holds `cell`.
    pub fn at(&self, cell: Cell) -> Option<Side> {
        self.cells[cell.index(self.cols)]
    }

    /// True if the side to move may play on `cell`.
    pub fn is_legal(&self, cell: Cell) -> bool {
        self.legal.contains(&cell)
    }

    /// The pieces a move on `cell` would flip (none if it is not a legal move).
    pub fn flips(&self, cell: Cell) -> &[Cell] {
        self.legal
            .iter()
            .position(|&c| c == cell)
            .map_or(&[], |i| &self.flips[i])
    }
}
