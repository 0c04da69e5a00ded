//! The tic-tac-toe position.

use std::hash::{Hash, Hasher};

use super::Geometry;
use crate::core::{BitIter, Bits, Cell, Move, Outcome, ParseError, PlayError, Position, Side};

/// A tic-tac-toe position: the marks of X and O on a board of some [`Geometry`].
/// Whose turn it is follows from the marks: X when both have as many.
#[derive(Clone, Copy, Debug)]
pub struct TicTacToe {
    x: u64,
    o: u64,
    winner: Option<Side>,
    geometry: &'static Geometry,
}

impl PartialEq for TicTacToe {
    fn eq(&self, other: &Self) -> bool {
        (self.x, self.o) == (other.x, other.o) && std::ptr::eq(self.geometry, other.geometry)
    }
}

impl Eq for TicTacToe {}

impl Hash for TicTacToe {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash_key());
    }
}

impl TicTacToe {
    /// The empty board of `rows` x `cols` cells where `k` in a row wins.
    pub fn new(rows: usize, cols: usize, k: usize) -> Result<TicTacToe, ParseError> {
        Ok(Self::empty(Geometry::new(rows, cols, k)?))
    }

    /// The empty board of a square `size` x `size` game where `size` in a row wins: the
    /// classic 3x3 game for 3, and the 4x4 preset for 4.
    pub fn square(size: usize) -> Result<TicTacToe, ParseError> {
        Self::new(size, size, size)
    }

    /// The classic 3x3 game.
    pub fn classic() -> TicTacToe {
        Self::empty(Geometry::classic())
    }

    fn empty(geometry: &'static Geometry) -> TicTacToe {
        TicTacToe {
            x: 0,
            o: 0,
            winner: None,
            geometry,
        }
    }

    /// The board shape and winning lines.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The marks of a side as a mask (bit `row * cols + col`).
    #[inline]
    pub fn marks(&self, side: Side) -> u64 {
        match side {
            Side::First => self.x,
            Side::Second => self.o,
        }
    }

    /// Empty cells as a mask.
    #[inline]
    pub fn empties(&self) -> u64 {
        !(self.x | self.o) & self.geometry.full()
    }

    /// The side that made the first complete line, if any.
    #[inline]
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// True once someone has a line or the board is full.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.winner.is_some() || self.empties() == 0
    }

    /// The position after the side to move marks cell index `cell`, which must be empty in an
    /// unfinished game.
    #[inline]
    pub fn play_index(&self, cell: usize) -> TicTacToe {
        let side = self.side_to_move();
        let mut next = *self;
        let marks = match side {
            Side::First => &mut next.x,
            Side::Second => &mut next.o,
        };
        *marks |= 1 << cell;
        if self.geometry.wins_through(*marks, cell) {
            next.winner = Some(side);
        }
        next
    }
}

/// The legal moves of a tic-tac-toe position: its empty cells, or none once it is over.
#[derive(Clone, Debug)]
pub struct TicTacToeMoves {
    cells: BitIter<u64>,
    cols: usize,
}

impl Iterator for TicTacToeMoves {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        self.cells
            .next()
            .map(|i| Move::Place(Cell::from_index(i, self.cols)))
    }
}

impl Position for TicTacToe {
    type Moves = TicTacToeMoves;

    fn winning_lines(&self) -> Vec<Vec<Cell>> {
        let Some(side) = self.winner else {
            return Vec::new();
        };
        let g = self.geometry;
        // A line's cells in index order run from one end to the other. On boards longer than
        // the line, a run of k + 1 holds two complete lines: each is given.
        g.complete_lines(self.marks(side))
            .map(|line| {
                (0..g.rows() * g.cols())
                    .filter(|i| line >> i & 1 == 1)
                    .map(|i| Cell::from_index(i, g.cols()))
                    .collect()
            })
            .collect()
    }

    fn start(&self) -> Self {
        Self::empty(self.geometry)
    }

    fn setup(&self, cells: &[Option<Side>], to_move: Option<Side>) -> Result<Self, ParseError> {
        let g = self.geometry;
        if cells.len() != g.rows() * g.cols() {
            return Err(ParseError::WrongLength {
                expected: g.rows() * g.cols(),
                found: cells.len(),
            });
        }
        let (mut x, mut o) = (0u64, 0u64);
        for (i, c) in cells.iter().enumerate() {
            match c {
                Some(Side::First) => x |= 1 << i,
                Some(Side::Second) => o |= 1 << i,
                None => {}
            }
        }
        let (nx, no) = (x.count_ones(), o.count_ones());
        let side = match nx.checked_sub(no) {
            Some(0) => Side::First,
            Some(1) => Side::Second,
            _ => {
                return Err(ParseError::Impossible(format!(
                    "X has {nx} marks and O has {no}; X moves first, so X has as many as O or one more"
                )));
            }
        };
        if let Some(given) = to_move.filter(|s| *s != side) {
            return Err(ParseError::Impossible(format!(
                "with {nx} X and {no} O on the board it is {side}'s turn, not {given}'s"
            )));
        }
        let mut winner = None;
        for (s, marks, last_mover) in [
            (Side::First, x, side == Side::Second),
            (Side::Second, o, side == Side::First),
        ] {
            let lines: Vec<u64> = g.complete_lines(marks).collect();
            if lines.is_empty() {
                continue;
            }
            if winner.is_some() {
                return Err(ParseError::Impossible("both X and O have a line".into()));
            }
            if !last_mover {
                return Err(ParseError::Impossible(format!(
                    "{s} has a line, but the game would have stopped before the last move"
                )));
            }
            // The game stops at the first line, so every line must pass through the last mark.
            if lines.iter().fold(marks, |acc, l| acc & l) == 0 {
                return Err(ParseError::Impossible(format!(
                    "{s} has lines that no single last move could complete together"
                )));
            }
            winner = Some(s);
        }
        Ok(TicTacToe {
            x,
            o,
            winner,
            geometry: g,
        })
    }

    fn rows(&self) -> usize {
        self.geometry.rows()
    }

    fn cols(&self) -> usize {
        self.geometry.cols()
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        if self.x.count_ones() > self.o.count_ones() {
            Side::Second
        } else {
            Side::First
        }
    }

    fn at(&self, cell: Cell) -> Option<Side> {
        if !self.contains(cell) {
            return None;
        }
        let i = cell.index(self.cols());
        if self.x.has(i) {
            Some(Side::First)
        } else if self.o.has(i) {
            Some(Side::Second)
        } else {
            None
        }
    }

    #[inline]
    fn legal_moves(&self) -> TicTacToeMoves {
        let cells = if self.winner.is_some() {
            0
        } else {
            self.empties()
        };
        TicTacToeMoves {
            cells: cells.iter(),
            cols: self.cols(),
        }
    }

    #[inline]
    fn move_count(&self) -> usize {
        if self.winner.is_some() {
            0
        } else {
            self.empties().count_ones() as usize
        }
    }

    fn check(&self, mv: Move) -> Result<(), PlayError> {
        // The same order of reasons as Othello: a cell off the board is refused as such even
        // once the game is over.
        match mv {
            Move::Place(cell) if !self.contains(cell) => Err(PlayError::OffBoard(cell)),
            _ if self.is_over() => Err(PlayError::GameOver),
            Move::Pass => Err(PlayError::CannotPass),
            Move::Place(cell) if !self.empties().has(cell.index(self.cols())) => {
                Err(PlayError::Occupied(cell))
            }
            Move::Place(_) => Ok(()),
        }
    }

    #[inline]
    fn play_unchecked(&self, mv: Move) -> Self {
        match mv {
            Move::Place(cell) => self.play_index(cell.index(self.cols())),
            Move::Pass => *self,
        }
    }

    fn outcome(&self) -> Outcome {
        match self.winner {
            Some(s) => Outcome::Won(s),
            None if self.empties() == 0 => Outcome::Drawn,
            None => Outcome::Ongoing,
        }
    }

    fn counts(&self) -> [u32; 2] {
        [self.x.count_ones(), self.o.count_ones()]
    }

    #[inline]
    fn hash_key(&self) -> u64 {
        let g = self.geometry;
        let shape = (g.rows() << 8 | g.cols() << 4 | g.k()) as u64;
        self.x.mix() ^ self.o.mix().rotate_left(32) ^ shape.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::notation::play_moves;

    fn cells(list: &[&str]) -> Vec<Cell> {
        list.iter().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn the_winning_line_is_the_winners_complete_line() {
        let start = TicTacToe::classic();
        let (_, won) = play_moves(&start, "a1 a2 b1 b2 c1").unwrap();
        assert_eq!(won.winning_lines(), [cells(&["a1", "b1", "c1"])]);
        // Diagonals, and four in a row on 4x4.
        let (_, won) = play_moves(&start, "a1 b1 b2 c1 c3").unwrap();
        assert_eq!(won.winning_lines(), [cells(&["a1", "b2", "c3"])]);
        let (_, won) = play_moves(&start, "c1 a1 b2 b1 a3").unwrap();
        assert_eq!(won.winning_lines(), [cells(&["c1", "b2", "a3"])]);
        let four = TicTacToe::square(4).unwrap();
        let (_, won) = play_moves(&four, "a1 b1 a2 b2 a3 b3 a4").unwrap();
        assert_eq!(won.winning_lines(), [cells(&["a1", "a2", "a3", "a4"])]);
        // No line while the game is on, or in a draw.
        let (_, on) = play_moves(&start, "a1 a2").unwrap();
        assert!(on.winning_lines().is_empty());
        let (_, drawn) = play_moves(&start, "b2 a1 a2 c2 b1 b3 c1 a3 c3").unwrap();
        assert_eq!(drawn.outcome(), Outcome::Drawn);
        assert!(drawn.winning_lines().is_empty());
    }

    #[test]
    fn one_move_can_complete_two_lines() {
        // X holds a1, c1, a3 and c3; the centre completes both diagonals.
        let (_, won) = play_moves(&TicTacToe::classic(), "a1 b1 c1 a2 a3 c2 c3 b3 b2").unwrap();
        let mut lines = won.winning_lines();
        lines.sort();
        let mut expected = vec![cells(&["a1", "b2", "c3"]), cells(&["c1", "b2", "a3"])];
        expected.sort();
        assert_eq!(lines, expected);
    }
}
