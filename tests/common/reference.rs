//! Reference rules: a plain grid of `Option<Side>` and the rules as a person would apply them,
//! cell by cell. Slow and obviously correct; the bitboard positions must agree with it.

use boardplay::core::{Cell, Move, Outcome, PlayError, Side};

/// What the tests need of a reference game.
pub trait Reference: Clone + std::fmt::Debug {
    /// Rows.
    fn rows(&self) -> usize;
    /// Columns.
    fn cols(&self) -> usize;
    /// The cells, row by row from a1.
    fn cells(&self) -> &[Option<Side>];
    /// Whose turn it is (after the end: who would move next).
    fn to_move(&self) -> Side;
    /// The legal moves in row-major cell order, a lone pass when that is the only move, and
    /// none when the game is over.
    fn legal_moves(&self) -> Vec<Move>;
    /// Why `mv` is illegal, if it is.
    fn check(&self, mv: Move) -> Result<(), PlayError>;
    /// Plays a legal move.
    fn play(&mut self, mv: Move);
    /// How the game stands.
    fn outcome(&self) -> Outcome;

    /// True if `cell` is on the board.
    fn on_board(&self, cell: Cell) -> bool {
        usize::from(cell.row) < self.rows() && usize::from(cell.col) < self.cols()
    }
}

/// The eight directions as (row step, column step).
const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// Othello on an `n` x `n` grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefOthello {
    pub n: usize,
    pub cells: Vec<Option<Side>>,
    pub to_move: Side,
}

impl RefOthello {
    /// The standard start: White on the top-left and bottom-right centre cells.
    pub fn start(n: usize) -> RefOthello {
        let mut cells = vec![None; n * n];
        let c = n / 2;
        cells[(c - 1) * n + (c - 1)] = Some(Side::Second);
        cells[c * n + c] = Some(Side::Second);
        cells[(c - 1) * n + c] = Some(Side::First);
        cells[c * n + (c - 1)] = Some(Side::First);
        RefOthello {
            n,
            cells,
            to_move: Side::First,
        }
    }

    fn get(&self, row: i32, col: i32) -> Option<Option<Side>> {
        let n = self.n as i32;
        if row < 0 || col < 0 || row >= n || col >= n {
            None
        } else {
            Some(self.cells[(row * n + col) as usize])
        }
    }

    /// The cells (indices) `side` would flip by placing on the empty cell at `row`, `col`:
    /// along each direction, a run of opponent discs closed by a disc of `side`.
    pub fn flips(&self, side: Side, row: usize, col: usize) -> Vec<usize> {
        let mut flipped = Vec::new();
        for (dr, dc) in DIRECTIONS {
            let mut run = Vec::new();
            let (mut r, mut c) = (row as i32 + dr, col as i32 + dc);
            loop {
                match self.get(r, c) {
                    Some(Some(s)) if s == !side => run.push((r as usize) * self.n + c as usize),
                    Some(Some(_)) => {
                        flipped.extend(run);
                        break;
                    }
                    _ => break,
                }
                r += dr;
                c += dc;
            }
        }
        flipped
    }

    /// The placements of `side`, in row-major order.
    pub fn placements(&self, side: Side) -> Vec<Cell> {
        let mut out = Vec::new();
        for row in 0..self.n {
            for col in 0..self.n {
                if self.cells[row * self.n + col].is_none()
                    && !self.flips(side, row, col).is_empty()
                {
                    out.push(Cell::new(col as u8, row as u8));
                }
            }
        }
        out
    }

    fn is_over(&self) -> bool {
        self.placements(self.to_move).is_empty() && self.placements(!self.to_move).is_empty()
    }

    /// Discs of (first, second).
    pub fn counts(&self) -> [u32; 2] {
        let count = |s| self.cells.iter().filter(|c| **c == Some(s)).count() as u32;
        [count(Side::First), count(Side::Second)]
    }
}

impl Reference for RefOthello {
    fn rows(&self) -> usize {
        self.n
    }

    fn cols(&self) -> usize {
        self.n
    }

    fn cells(&self) -> &[Option<Side>] {
        &self.cells
    }

    fn to_move(&self) -> Side {
        self.to_move
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mine = self.placements(self.to_move);
        if !mine.is_empty() {
            mine.into_iter().map(Move::Place).collect()
        } else if !self.placements(!self.to_move).is_empty() {
            vec![Move::Pass]
        } else {
            Vec::new()
        }
    }

    /// The order of reasons: off the board, game over, occupied, must pass, flips nothing;
    /// for a pass: game over, then a placement exists.
    fn check(&self, mv: Move) -> Result<(), PlayError> {
        let mine = self.placements(self.to_move);
        match mv {
            Move::Pass if self.is_over() => Err(PlayError::GameOver),
            Move::Pass if !mine.is_empty() => Err(PlayError::CannotPass),
            Move::Pass => Ok(()),
            Move::Place(cell) if !self.on_board(cell) => Err(PlayError::OffBoard(cell)),
            Move::Place(_) if self.is_over() => Err(PlayError::GameOver),
            Move::Place(cell) if self.cells[cell.index(self.n)].is_some() => {
                Err(PlayError::Occupied(cell))
            }
            Move::Place(_) if mine.is_empty() => Err(PlayError::MustPass(self.to_move)),
            Move::Place(cell) if !mine.contains(&cell) => Err(PlayError::NoFlips(cell)),
            Move::Place(_) => Ok(()),
        }
    }

    fn play(&mut self, mv: Move) {
        if let Move::Place(cell) = mv {
            let (row, col) = (usize::from(cell.row), usize::from(cell.col));
            for i in self.flips(self.to_move, row, col) {
                self.cells[i] = Some(self.to_move);
            }
            self.cells[row * self.n + col] = Some(self.to_move);
        }
        self.to_move = !self.to_move;
    }

    /// The rule book's ending: when neither player can place a disc the game is over, and
    /// whoever has more discs on the board wins; as many each is a draw.
    fn outcome(&self) -> Outcome {
        if !self.is_over() {
            return Outcome::Ongoing;
        }
        let (mut black, mut white) = (0, 0);
        for cell in &self.cells {
            match cell {
                Some(Side::First) => black += 1,
                Some(Side::Second) => white += 1,
                None => {}
            }
        }
        if black > white {
            Outcome::Won(Side::First)
        } else if white > black {
            Outcome::Won(Side::Second)
        } else {
            Outcome::Drawn
        }
    }
}

/// Leaves of the reference Othello tree, with the convention of the published tables: a forced
/// pass uses a ply and a finished game counts once.
pub fn reference_perft(pos: &RefOthello, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return 1;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = pos.clone();
            next.play(mv);
            reference_perft(&next, depth - 1)
        })
        .sum()
}

/// Tic-tac-toe on a `rows` x `cols` grid where `k` in a row wins; X moves first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefTicTacToe {
    pub rows: usize,
    pub cols: usize,
    pub k: usize,
    pub cells: Vec<Option<Side>>,
}

impl RefTicTacToe {
    /// The empty board.
    pub fn new(rows: usize, cols: usize, k: usize) -> RefTicTacToe {
        RefTicTacToe {
            rows,
            cols,
            k,
            cells: vec![None; rows * cols],
        }
    }

    /// True if `side` has `k` in a row somewhere: every cell, every direction, `k` steps.
    pub fn has_line(&self, side: Side) -> bool {
        let (rows, cols, k) = (self.rows as i32, self.cols as i32, self.k as i32);
        for row in 0..rows {
            for col in 0..cols {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let all = (0..k).all(|i| {
                        let (r, c) = (row + dr * i, col + dc * i);
                        r >= 0
                            && c >= 0
                            && r < rows
                            && c < cols
                            && self.cells[(r * cols + c) as usize] == Some(side)
                    });
                    if all {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn marks(&self, side: Side) -> usize {
        self.cells.iter().filter(|c| **c == Some(side)).count()
    }

    fn is_over(&self) -> bool {
        self.outcome().is_over()
    }
}

impl Reference for RefTicTacToe {
    fn rows(&self) -> usize {
        self.rows
    }

    fn cols(&self) -> usize {
        self.cols
    }

    fn cells(&self) -> &[Option<Side>] {
        &self.cells
    }

    fn to_move(&self) -> Side {
        if self.marks(Side::First) > self.marks(Side::Second) {
            Side::Second
        } else {
            Side::First
        }
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        (0..self.cells.len())
            .filter(|&i| self.cells[i].is_none())
            .map(|i| Move::Place(Cell::from_index(i, self.cols)))
            .collect()
    }

    /// The order of reasons: off the board, game over, occupied; a pass is never legal.
    fn check(&self, mv: Move) -> Result<(), PlayError> {
        match mv {
            Move::Pass if self.is_over() => Err(PlayError::GameOver),
            Move::Pass => Err(PlayError::CannotPass),
            Move::Place(cell) if !self.on_board(cell) => Err(PlayError::OffBoard(cell)),
            Move::Place(_) if self.is_over() => Err(PlayError::GameOver),
            Move::Place(cell) if self.cells[cell.index(self.cols)].is_some() => {
                Err(PlayError::Occupied(cell))
            }
            Move::Place(_) => Ok(()),
        }
    }

    fn play(&mut self, mv: Move) {
        let side = self.to_move();
        if let Move::Place(cell) = mv {
            self.cells[cell.index(self.cols)] = Some(side);
        }
    }

    fn outcome(&self) -> Outcome {
        if self.has_line(Side::First) {
            Outcome::Won(Side::First)
        } else if self.has_line(Side::Second) {
            Outcome::Won(Side::Second)
        } else if self.cells.iter().all(Option::is_some) {
            Outcome::Drawn
        } else {
            Outcome::Ongoing
        }
    }
}
