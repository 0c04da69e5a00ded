//! Setting up a position: a board whose cells are clicked through empty, the first side and
//! the second, with the side to move. Done checks it with the rules core and names any
//! problem; the position then starts a game. No window here: the window paints it and turns
//! clicks into these calls.

use crate::core::{Cell, Outcome, ParseError, Side, Supported, Variant};

use crate::app::document::session::{BoardView, Session};
use crate::app::view::words::side_name;

/// Why a position set up cannot start a game, in the words the status line shows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetUpError {
    /// The rules core refuses the board: a position no game can reach ("X has 5 pieces but
    /// O has 2"), or one it cannot read.
    #[error("{}", rules_words(.0))]
    Rules(#[from] ParseError),
    /// Tic-tac-toe: a side already has its line.
    #[error("{side} already has {k} in a row")]
    AlreadyWon {
        /// The side's name ("X").
        side: &'static str,
        /// The length of a line.
        k: usize,
    },
    /// Tic-tac-toe: every cell is taken.
    #[error("The board is full")]
    Full,
    /// Othello: neither side can move.
    #[error("No legal moves for either side")]
    NoMoves,
}

/// The rules core's reason as a sentence of its own: an impossible position is said by its
/// reason alone ("X has 5 pieces..."), anything else as the core words it.
fn rules_words(error: &ParseError) -> String {
    match error {
        ParseError::Impossible(why) => capitalise(why),
        other => capitalise(&other.to_string()),
    }
}

/// A position being set up.
#[derive(Clone, Debug, PartialEq)]
pub struct SetUp {
    board: Supported,
    cells: Vec<Option<Side>>,
    /// The side to move in the position.
    pub to_move: Side,
}

impl SetUp {
    /// The game and board, as numbers.
    fn variant(&self) -> Variant {
        self.board.variant()
    }

    /// Setting up from the position `view` shows.
    pub fn from_view(board: Supported, view: &BoardView) -> SetUp {
        SetUp {
            board,
            cells: view.cells.clone(),
            to_move: view.to_move,
        }
    }

    /// The next state of `cell`: empty, then the first side, then the second, then empty.
    pub fn cycle(&mut self, cell: Cell) {
        let cols = self.variant().cols();
        if let Some(at) = self.cells.get_mut(cell.index(cols)) {
            *at = match *at {
                None => Some(Side::First),
                Some(Side::First) => Some(Side::Second),
                Some(Side::Second) => None,
            };
        }
    }

    /// Every cell empty.
    pub fn clear(&mut self) {
        self.cells.iter_mut().for_each(|c| *c = None);
    }

    /// The game's standard starting position.
    pub fn start_position(&mut self) {
        *self = SetUp::from_view(self.board, &Session::new(self.board).view());
    }

    /// The position as a board string (see [`crate::core::notation`]).
    pub fn board_string(&self) -> String {
        let cols = self.variant().cols();
        let mut text = String::new();
        for (i, cell) in self.cells.iter().enumerate() {
            if i > 0 && i % cols == 0 {
                text.push(' ');
            }
            text.push(match cell {
                None => '-',
                Some(Side::First) => 'X',
                Some(Side::Second) => 'O',
            });
        }
        text.push(' ');
        text.push(if self.to_move == Side::First {
            'X'
        } else {
            'O'
        });
        text
    }

    /// The set-up board as the board painter shows it: discs only, no moves.
    pub fn view(&self) -> BoardView {
        let count = |side| self.cells.iter().filter(|&&c| c == Some(side)).count() as u32;
        BoardView {
            rows: self.variant().rows(),
            cols: self.variant().cols(),
            cells: self.cells.clone(),
            legal: Vec::new(),
            flips: Vec::new(),
            winning: Vec::new(),
            must_pass: false,
            to_move: self.to_move,
            outcome: Outcome::Ongoing,
            counts: [count(Side::First), count(Side::Second)],
            last_move: None,
            timeout: None,
        }
    }

    /// The game that starts from this position, or what is wrong with it.
    pub fn finish(&self) -> Result<Session, SetUpError> {
        let game = Session::from_board(self.board, &self.board_string())?;
        let view = game.view();
        match (self.variant(), view.outcome) {
            (_, Outcome::Ongoing) => Ok(game),
            (Variant::TicTacToe { k, .. }, Outcome::Won(side)) => Err(SetUpError::AlreadyWon {
                side: side_name(self.variant(), side),
                k,
            }),
            (Variant::TicTacToe { .. }, _) => Err(SetUpError::Full),
            (Variant::Othello { .. }, _) => Err(SetUpError::NoMoves),
        }
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set_up(variant: Variant) -> SetUp {
        let board = variant.check().unwrap();
        SetUp::from_view(board, &Session::new(board).view())
    }

    #[test]
    fn a_cell_cycles_through_empty_first_and_second() {
        let mut s = set_up(Variant::TIC_TAC_TOE_3);
        let a1: Cell = "a1".parse().unwrap();
        s.cycle(a1);
        assert!(s.board_string().starts_with('X'));
        s.cycle(a1);
        assert!(s.board_string().starts_with('O'));
        s.cycle(a1);
        assert!(s.board_string().starts_with('-'));
    }

    #[test]
    fn done_names_what_is_wrong() {
        let mut s = set_up(Variant::TIC_TAC_TOE_3);
        for cell in ["a1", "b1", "c1", "a2", "b2"] {
            s.cycle(cell.parse().unwrap());
        }
        // X on a1 b1 c1 (three in a row), O on a2 b2 (two clicks each).
        s.cycle("a2".parse().unwrap());
        s.cycle("b2".parse().unwrap());
        s.to_move = Side::Second;
        assert_eq!(
            s.finish().unwrap_err().to_string(),
            "X already has 3 in a row"
        );

        let mut s = set_up(Variant::OTHELLO_8);
        s.clear();
        s.start_position();
        assert!(s.finish().is_ok(), "the start is a position");
        // White's two centre discs turned Black (White, empty, Black): nobody can move.
        for cell in ["d4", "e5"] {
            s.cycle(cell.parse().unwrap());
            s.cycle(cell.parse().unwrap());
        }
        assert_eq!(
            s.finish().unwrap_err().to_string(),
            "No legal moves for either side"
        );
    }

    #[test]
    fn a_set_up_position_starts_a_game_from_it() {
        let mut s = set_up(Variant::TIC_TAC_TOE_3);
        s.cycle("b2".parse().unwrap());
        s.to_move = Side::Second;
        let game = s.finish().unwrap();
        assert_eq!(game.board_string(), "----X---- O");
        assert!(game.start_board().is_some());
    }
}
