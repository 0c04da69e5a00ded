//! What the board shows: the shown position taken apart for painting.

use crate::core::{Cell, Move, Outcome, Position, Side};

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
    /// `pos` taken apart for painting, `last_move` the move that led there.
    pub fn of<P: Position>(pos: &P, last_move: Option<Move>) -> BoardView {
        let (rows, cols) = (pos.rows(), pos.cols());
        let cells = (0..rows * cols)
            .map(|i| pos.at(Cell::from_index(i, cols)))
            .collect();
        let mut legal = Vec::new();
        let mut flips = Vec::new();
        let mut must_pass = false;
        let (mover, other) = (
            Some(pos.side_to_move()),
            Some(pos.side_to_move().opponent()),
        );
        for mv in pos.legal_moves() {
            match mv {
                Move::Place(cell) => {
                    let next = pos.play_unchecked(mv);
                    legal.push(cell);
                    flips.push(
                        (0..rows * cols)
                            .map(|i| Cell::from_index(i, cols))
                            .filter(|&c| pos.at(c) == other && next.at(c) == mover)
                            .collect(),
                    );
                }
                Move::Pass => must_pass = true,
            }
        }
        BoardView {
            rows,
            cols,
            cells,
            legal,
            flips,
            must_pass,
            winning: pos.winning_lines(),
            to_move: pos.side_to_move(),
            outcome: pos.outcome(),
            counts: pos.counts(),
            last_move,
            timeout: None,
        }
    }

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
