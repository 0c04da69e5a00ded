//! The Othello position and its move generator.

use std::marker::PhantomData;

use super::movegen::{self, Portable};
use super::size::Size;
use crate::core::{BitIter, Bits};
use crate::core::{Cell, Move, Outcome, ParseError, PlayError, Position, Side};

// Boards of one word are fast enough in plain code to be inlined into the caller; larger
// ones gain more from the vector copies than a call costs.

/// The legal placements for the side owning `p` against `o`.
#[inline(always)]
pub(crate) fn mobility<S: Size>(p: S::Bits, o: S::Bits) -> S::Bits {
    if S::WORDS == 1 {
        movegen::mobility::<S, _>(Portable, p, o)
    } else {
        movegen::mobility_dispatched::<S>(p, o)
    }
}

/// The discs of `o` flipped when the owner of `p` plays on the empty cell `sq`.
#[inline(always)]
pub(crate) fn flips<S: Size>(p: S::Bits, o: S::Bits, sq: usize) -> S::Bits {
    if S::WORDS == 1 {
        movegen::flips::<S, _>(Portable, p, o, sq)
    } else {
        movegen::flips_dispatched::<S>(p, o, sq)
    }
}

/// An Othello position: the discs of the side to move and of its opponent, and which side
/// that is. Black ([`Side::First`]) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Othello<S: Size> {
    player: S::Bits,
    opponent: S::Bits,
    side: Side,
    size: PhantomData<S>,
}

impl<S: Size> Default for Othello<S> {
    fn default() -> Self {
        Self::start()
    }
}

impl<S: Size> Othello<S> {
    /// Rows and columns of this board.
    pub const SIDE: usize = S::N;

    /// The standard start: the centred 2x2 square, White on its top-left and bottom-right
    /// cells (d4 and e5 on 8x8), Black on the other two; Black to move.
    pub fn start() -> Self {
        let c = S::N / 2;
        let at = |col: usize, row: usize| S::Bits::bit(row * S::N + col);
        let white = at(c - 1, c - 1) | at(c, c);
        let black = at(c, c - 1) | at(c - 1, c);
        Self::from_bits(black, white, Side::First)
    }

    /// A position from the discs of the side to move, of its opponent, and that side.
    /// Discs on both sides or off the board are dropped from the opponent's set.
    pub fn from_bits(player: S::Bits, opponent: S::Bits, side: Side) -> Self {
        Othello {
            player: player & S::FULL,
            opponent: opponent & !player & S::FULL,
            side,
            size: PhantomData,
        }
    }

    /// Discs of the side to move.
    #[inline]
    pub fn player(&self) -> S::Bits {
        self.player
    }

    /// Discs of the side not to move.
    #[inline]
    pub fn opponent(&self) -> S::Bits {
        self.opponent
    }

    /// Empty cells.
    #[inline]
    pub fn empties(&self) -> S::Bits {
        !(self.player | self.opponent) & S::FULL
    }

    /// The cells where the side to move may place a disc.
    #[inline]
    pub fn moves_bits(&self) -> S::Bits {
        mobility::<S>(self.player, self.opponent)
    }

    /// The cells where the opponent could place a disc if it were its turn.
    #[inline]
    pub fn opponent_moves_bits(&self) -> S::Bits {
        mobility::<S>(self.opponent, self.player)
    }

    /// The discs flipped by a placement on the empty cell with index `sq` (row-major).
    #[inline]
    pub fn flips(&self, sq: usize) -> S::Bits {
        flips::<S>(self.player, self.opponent, sq)
    }

    /// The position after the side to move places on cell index `sq`, which must be legal.
    #[inline]
    pub fn play_index(&self, sq: usize) -> Self {
        let f = self.flips(sq);
        Othello {
            player: self.opponent ^ f,
            opponent: self.player ^ f ^ S::Bits::bit(sq),
            side: !self.side,
            size: PhantomData,
        }
    }

    /// The position after the side to move passes.
    #[inline]
    pub fn pass(&self) -> Self {
        Othello {
            player: self.opponent,
            opponent: self.player,
            side: !self.side,
            size: PhantomData,
        }
    }

    /// The final disc difference for the side to move by the result rule (empty cells to
    /// the winner, see [`final_discs`](super::final_discs)). Meaningful when the game is over.
    pub fn final_score(&self) -> i32 {
        let discs = [self.player.count(), self.opponent.count()];
        super::final_margin(discs, (S::N * S::N) as u32)
    }
}

/// The legal moves of an Othello position: the placements in cell order, or a lone pass.
#[derive(Clone, Debug)]
pub struct OthelloMoves<S: Size> {
    cells: BitIter<S::Bits>,
    pass: bool,
}

impl<S: Size> Iterator for OthelloMoves<S> {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.pass {
            self.pass = false;
            return Some(Move::Pass);
        }
        self.cells
            .next()
            .map(|i| Move::Place(Cell::from_index(i, S::N)))
    }
}

impl<S: Size> Position for Othello<S> {
    type Moves = OthelloMoves<S>;

    fn start(&self) -> Self {
        Othello::start()
    }

    fn setup(&self, cells: &[Option<Side>], to_move: Option<Side>) -> Result<Self, ParseError> {
        let n = S::N;
        if cells.len() != n * n {
            return Err(ParseError::WrongLength {
                expected: n * n,
                found: cells.len(),
            });
        }
        let side = to_move.ok_or(ParseError::MissingSideToMove)?;
        let c = n / 2;
        for (col, row) in [(c - 1, c - 1), (c, c - 1), (c - 1, c), (c, c)] {
            if cells[row * n + col].is_none() {
                let cell = Cell::new(col as u8, row as u8);
                return Err(ParseError::Impossible(format!(
                    "the centre cell {cell} is empty, but the four centre cells are filled from the start"
                )));
            }
        }
        let (mut mine, mut theirs) = (S::Bits::ZERO, S::Bits::ZERO);
        for (i, cell) in cells.iter().enumerate() {
            match cell {
                Some(s) if *s == side => mine |= S::Bits::bit(i),
                Some(_) => theirs |= S::Bits::bit(i),
                None => {}
            }
        }
        Ok(Self::from_bits(mine, theirs, side))
    }

    fn rows(&self) -> usize {
        S::N
    }

    fn cols(&self) -> usize {
        S::N
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn at(&self, cell: Cell) -> Option<Side> {
        if !self.contains(cell) {
            return None;
        }
        let i = cell.index(S::N);
        if self.player.has(i) {
            Some(self.side)
        } else if self.opponent.has(i) {
            Some(!self.side)
        } else {
            None
        }
    }

    #[inline(always)]
    fn legal_moves(&self) -> OthelloMoves<S> {
        let moves = self.moves_bits();
        OthelloMoves {
            cells: moves.iter(),
            pass: moves.is_zero() && !self.opponent_moves_bits().is_zero(),
        }
    }

    #[inline]
    fn move_count(&self) -> usize {
        match self.moves_bits().count() {
            0 => usize::from(!self.opponent_moves_bits().is_zero()),
            n => n as usize,
        }
    }

    fn check(&self, mv: Move) -> Result<(), PlayError> {
        let moves = self.moves_bits();
        let over = moves.is_zero() && self.opponent_moves_bits().is_zero();
        match mv {
            Move::Pass if over => Err(PlayError::GameOver),
            Move::Pass if !moves.is_zero() => Err(PlayError::CannotPass),
            Move::Pass => Ok(()),
            Move::Place(cell) => {
                if !self.contains(cell) {
                    return Err(PlayError::OffBoard(cell));
                }
                let i = cell.index(S::N);
                if over {
                    Err(PlayError::GameOver)
                } else if !self.empties().has(i) {
                    Err(PlayError::Occupied(cell))
                } else if moves.is_zero() {
                    Err(PlayError::MustPass(self.side))
                } else if !moves.has(i) {
                    Err(PlayError::NoFlips(cell))
                } else {
                    Ok(())
                }
            }
        }
    }

    #[inline(always)]
    fn play_unchecked(&self, mv: Move) -> Self {
        match mv {
            Move::Pass => self.pass(),
            Move::Place(cell) => self.play_index(cell.index(S::N)),
        }
    }

    fn outcome(&self) -> Outcome {
        if !self.moves_bits().is_zero() || !self.opponent_moves_bits().is_zero() {
            return Outcome::Ongoing;
        }
        let [first, second] = self.counts();
        match first.cmp(&second) {
            std::cmp::Ordering::Greater => Outcome::Won(Side::First),
            std::cmp::Ordering::Less => Outcome::Won(Side::Second),
            std::cmp::Ordering::Equal => Outcome::Drawn,
        }
    }

    fn counts(&self) -> [u32; 2] {
        let (p, o) = (self.player.count(), self.opponent.count());
        match self.side {
            Side::First => [p, o],
            Side::Second => [o, p],
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        Othello::perft(self, depth)
    }

    #[inline]
    fn hash_key(&self) -> u64 {
        let side = match self.side {
            Side::First => 0,
            Side::Second => 0x9e37_79b9_7f4a_7c15,
        };
        self.player.mix() ^ self.opponent.mix().rotate_left(32) ^ side
    }
}
