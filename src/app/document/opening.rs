//! The opening of the game on the board, as the window shows it: the name of the opening
//! each position of the game has reached (from `openings/names.txt`, matched through
//! transpositions and the board's symmetries), the opening book's moves in the position
//! shown.
//!
//! Worked out once when the game or the position shown changes (see
//! [`OpeningNotes::of`]), never while painting: a name is a canonical form and a hash
//! lookup a position, a book lookup a canonical form and a binary search a legal move.

use std::any::Any;

use crate::ai::Game as AiGame;
use crate::ai::book::{Book, BookMove};
use crate::core::othello::{Othello8, names};
use crate::core::{Position, Side};

use super::session::{History, HistoryVisitor, Session};

/// The positions of the game's main line, the start first, if it is a game of 8x8 Othello.
pub fn othello8_line(game: &Session) -> Option<Vec<Othello8>> {
    struct Line;
    impl HistoryVisitor for Line {
        type Output = Option<Vec<Othello8>>;
        fn visit<G: AiGame>(self, history: &History<G>) -> Self::Output {
            (history as &dyn Any)
                .downcast_ref::<History<Othello8>>()
                .map(|h| h.positions().to_vec())
        }
    }
    game.visit_history(Line)
}

/// What the window shows of the opening of the game on the board, for one position shown.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OpeningNotes {
    /// For each position of the main line (the start first), the opening named there, with
    /// the number of moves that reached it: the last named position up to this one.
    names: Vec<Option<(&'static str, usize)>>,
    /// The book's moves in the position shown, best first (none where the book does not
    /// hold it, or no book was given).
    pub book: Vec<BookMove>,
    /// The side to move in the position shown (whose the book's values are).
    pub to_move: Option<Side>,
}

impl OpeningNotes {
    /// The notes of `game` at the position shown, with the moves of `book` there if a book
    /// is given. Empty for games other than 8x8 Othello.
    pub fn of(game: &Session, book: Option<&Book>) -> OpeningNotes {
        let Some(line) = othello8_line(game) else {
            return OpeningNotes::default();
        };
        let mut names = Vec::with_capacity(line.len());
        let mut last = None;
        for (ply, pos) in line.iter().enumerate() {
            if let Some(name) = names::name_of_position(pos) {
                last = Some((name, ply));
            }
            names.push(last);
        }
        let shown = line.get(game.cursor());
        OpeningNotes {
            names,
            book: match (book, shown) {
                (Some(book), Some(pos)) => book.moves(pos),
                _ => Vec::new(),
            },
            to_move: shown.map(Position::side_to_move),
        }
    }

    /// The opening named at the position after `cursor` moves, and the number of moves
    /// that reached its named position.
    pub fn name_at(&self, cursor: usize) -> Option<(&'static str, usize)> {
        self.names.get(cursor).copied().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Move, Supported};

    fn game(moves: &str) -> Session {
        Session::from_moves(Supported::OTHELLO_8, moves).unwrap()
    }

    #[test]
    fn the_tiger_is_named_from_its_fifth_move_on_and_not_before() {
        let notes = OpeningNotes::of(&game("f5 d6 c3 d3 c4 f4"), None);
        // The names file's own lines, read independently of the lookup.
        let line_of = |name: &str| {
            names::openings()
                .iter()
                .find(|o| o.name == name)
                .map(|o| o.moves.len())
        };
        assert_eq!(line_of("Tiger"), Some(5));
        assert_eq!(notes.name_at(5), Some(("Tiger", 5)));
        assert_ne!(notes.name_at(4).map(|n| n.0), Some("Tiger"));
        // One move past the Tiger is still the Tiger, unless a longer line is named there.
        assert!(notes.name_at(6).is_some());
    }

    #[test]
    fn a_transposed_and_mirrored_tiger_is_the_tiger() {
        // d3 c5 f6 f5 e6 is the Tiger's image under the board's diagonal mirror (f5 -> d3,
        // d6 -> c5, c3 -> f6, d3 -> f5, c4 -> e6), as docs/ai.md says.
        let notes = OpeningNotes::of(&game("d3 c5 f6 f5 e6"), None);
        assert_eq!(notes.name_at(5).map(|n| n.0), Some("Tiger"));
    }

    #[test]
    fn the_book_moves_are_those_of_the_position_shown() {
        let mut g = game("f5 d6");
        g.jump(1);
        let book = Book::shipped();
        let notes = OpeningNotes::of(&g, Some(book));
        let after_f5 = Othello8::start().play_unchecked(Move::Place("f5".parse().unwrap()));
        assert_eq!(notes.book, book.moves(&after_f5));
        assert!(!notes.book.is_empty(), "the shipped book holds f5");
        assert_eq!(notes.to_move, Some(Side::Second));
    }

    #[test]
    fn no_notes_on_other_boards() {
        let g = Session::from_moves(Supported::OTHELLO_12, "").unwrap();
        assert_eq!(
            OpeningNotes::of(&g, Some(Book::shipped())),
            OpeningNotes::default()
        );
    }
}
