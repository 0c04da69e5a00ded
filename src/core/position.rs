//! The vocabulary every game speaks: [`Position`] and [`Outcome`].

use std::fmt;
use std::hash::Hash;

use super::{Cell, Move, ParseError, PlayError, Side, notation};

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Moves remain to be played.
    Ongoing,
    /// The game is over and this side won.
    Won(Side),
    /// The game is over and nobody won.
    Drawn,
}

impl Outcome {
    /// True once the game has ended.
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The winner, if the game ended with one.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Won(s) => Some(s),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Won(s) => write!(f, "{s} wins"),
            Outcome::Drawn => f.write_str("draw"),
        }
    }
}

/// A position of a two-player board game: who is where, and whose turn it is.
///
/// Positions are small `Copy` values that keep no history; whoever needs undo keeps the
/// earlier positions. [`play`](Position::play) checks a move and says why it is illegal;
/// [`play_unchecked`](Position::play_unchecked) trusts its caller and is the search's path.
///
/// A position also serves as the prototype of its game and size: [`start`](Position::start)
/// and [`setup`](Position::setup) make other positions of the same kind.
pub trait Position: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// The legal moves of a position, in cell order (a pass when it is the only move).
    type Moves: Iterator<Item = Move>;

    /// The starting position of this game and board.
    fn start(&self) -> Self;

    /// A position of this game and board with the given cells (row by row from a1) and side to
    /// move. `to_move` may be `None` where the game can tell whose turn it is (tic-tac-toe).
    fn setup(&self, cells: &[Option<Side>], to_move: Option<Side>) -> Result<Self, ParseError>;

    /// Number of rows.
    fn rows(&self) -> usize;

    /// Number of columns.
    fn cols(&self) -> usize;

    /// Whose turn it is. After the game ends this is the side that would move next.
    fn side_to_move(&self) -> Side;

    /// The side occupying `cell`, or `None` for an empty or off-board cell.
    fn at(&self, cell: Cell) -> Option<Side>;

    /// The legal moves. Empty exactly when the game is over.
    fn legal_moves(&self) -> Self::Moves;

    /// The number of legal moves (a forced pass counts as one). 0 exactly when the game is over.
    fn move_count(&self) -> usize;

    /// Checks a move, saying why it cannot be played.
    fn check(&self, mv: Move) -> Result<(), PlayError>;

    /// The position after `mv`, which must be legal (see [`check`](Position::check)).
    /// An illegal move gives an unspecified (but memory-safe) position.
    fn play_unchecked(&self, mv: Move) -> Self;

    /// How the game stands.
    fn outcome(&self) -> Outcome;

    /// Discs (or marks) on the board for each side, indexed by [`Side::index`].
    fn counts(&self) -> [u32; 2];

    /// A hash of the cells and side to move, for transposition tables.
    fn hash_key(&self) -> u64;

    /// The lines that won the game, each its cells from one end to the other, in games won
    /// by making a line (tic-tac-toe): one line, or two where the last move completed two.
    /// Empty while the game is on, after a draw, and in Othello.
    fn winning_lines(&self) -> Vec<Vec<Cell>> {
        Vec::new()
    }

    /// Leaves of the game tree `depth` plies deep (see [`perft`](super::perft::perft)).
    /// Games may override this with a faster counter that gives the same numbers.
    fn perft(&self, depth: u32) -> u64 {
        super::perft::perft(self, depth)
    }

    /// The position after `mv`, or why `mv` is illegal.
    fn play(&self, mv: Move) -> Result<Self, PlayError> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// True if `mv` is legal here.
    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Number of cells on the board.
    fn cell_count(&self) -> usize {
        self.rows() * self.cols()
    }

    /// True if `cell` lies on this board.
    fn contains(&self, cell: Cell) -> bool {
        usize::from(cell.row) < self.rows() && usize::from(cell.col) < self.cols()
    }

    /// Reads a move ("f5", "pa", "--") and checks that its cell is on this board.
    /// Legality is not checked: see [`play`](Position::play).
    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        let mv: Move = text.parse()?;
        match mv {
            Move::Place(cell) if !self.contains(cell) => Err(ParseError::OffBoard {
                cell,
                rows: self.rows(),
                cols: self.cols(),
            }),
            _ => Ok(mv),
        }
    }

    /// The board string: one character a cell row by row from a1 (`X`, `O`, `-`), a space and
    /// the side to move.
    fn to_board_string(&self) -> String {
        notation::format_board(self)
    }

    /// Reads a board string of this game and size (see [`notation::parse_board`]).
    fn parse_board(&self, text: &str) -> Result<Self, ParseError> {
        let (cells, to_move) = notation::parse_board(text, self.cell_count())?;
        self.setup(&cells, to_move)
    }
}
