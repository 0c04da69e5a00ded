//! A new game from a [`Start`], the arena's type (Game > New game from): the standard or
//! alternate position, or a random opening of the balanced set or of a list file, whose
//! text is read here (the file checked as every file the window reads is).

use std::path::PathBuf;

use crate::ai::Game as AiGame;
use crate::core::start::{Start, StartError};
use crate::core::{Move, ParseError, Supported};

use super::disk::{self, ReadError};
use super::session::{History, HistoryVisitor, Session};

/// The most bytes an openings list file may hold: the XOT list of 10,784 openings is
/// about 300 kB.
pub const MAX_LIST_BYTES: u64 = 16_000_000;

/// The opening a start drew from its list, if it draws one: its line in the list and its
/// moves.
pub type Drawn = Option<(usize, Vec<Move>)>;

/// Why no game could be started from a start.
#[derive(Debug, thiserror::Error)]
pub enum NewGameError {
    /// The list file could not be read.
    #[error("{path} could not be read: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: ReadError,
    },
    /// The list file is not text.
    #[error("{0} is not a text file of openings (it is not UTF-8)")]
    NotText(PathBuf),
    /// The start does not fit the game, or the list is wrong.
    #[error("{0}")]
    Start(#[from] StartError),
    /// The start's position could not be set up.
    #[error("{0}")]
    Setup(#[from] ParseError),
}

/// A game started from `start`, on `board`: the game, and the opening drawn (its line in
/// the list and its moves) for a start that draws one; `seed` draws it.
///
/// # Errors
///
/// A list file that cannot be read or is not text, a start that is not the game's (the
/// alternate start on tic-tac-toe, the balanced set on 12x12), or a list line that cannot be
/// read or played, named by its number.
pub fn new_game_from(
    board: Supported,
    start: &Start,
    seed: u64,
) -> Result<(Session, Drawn), NewGameError> {
    let text = match start {
        Start::File(path) => {
            let bytes =
                disk::read_file(path, MAX_LIST_BYTES).map_err(|source| NewGameError::Read {
                    path: path.clone(),
                    source,
                })?;
            Some(String::from_utf8(bytes).map_err(|_| NewGameError::NotText(path.clone()))?)
        }
        _ => None,
    };
    struct From<'a>(&'a Start, Option<String>, u64);
    impl HistoryVisitor for From<'_> {
        type Output = Result<(Option<String>, Drawn), StartError>;
        fn visit<G: AiGame>(self, history: &History<G>) -> Self::Output {
            let From(start, text, seed) = self;
            let standard = history.start();
            let base = start.base(standard)?;
            let set_up = (base != *standard).then(|| base.to_board_string());
            let drawn = start.list(standard, text.as_deref())?.map(|mut lines| {
                let i = (seed % lines.len() as u64) as usize;
                lines.swap_remove(i)
            });
            Ok((set_up, drawn))
        }
    }
    let (set_up, drawn) = Session::new(board).visit_history(From(start, text, seed))?;
    let moves = drawn.as_ref().map_or(&[][..], |(_, m)| m.as_slice());
    let game = match set_up {
        Some(board_text) => Session::from_board_and_moves(board, &board_text, moves)?,
        None => Session::with_moves(board, moves)?,
    };
    Ok((game, drawn))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::othello::Othello8;
    use crate::core::{Position, Side};

    #[test]
    fn the_alternate_start_has_black_on_the_d_file() {
        let (game, drawn) = new_game_from(Supported::OTHELLO_8, &Start::Alternate, 1).unwrap();
        assert!(drawn.is_none());
        let view = game.view();
        for (cell, side) in [
            ("d4", Side::First),
            ("d5", Side::First),
            ("e4", Side::Second),
            ("e5", Side::Second),
        ] {
            assert_eq!(view.at(cell.parse().unwrap()), Some(side), "{cell}");
        }
        assert_eq!(view.to_move, Side::First);
        assert!(game.moves().is_empty());
    }

    #[test]
    fn a_balanced_opening_is_played_from_the_standard_start() {
        let (game, drawn) = new_game_from(Supported::OTHELLO_8, &Start::Balanced, 7).unwrap();
        let (line, moves) = drawn.unwrap();
        assert!(line >= 1);
        assert_eq!(game.moves(), moves.as_slice());
        assert!(!moves.is_empty());
        assert!(game.start_board().is_none(), "from the standard start");
        // The moves are legal from the standard start, by the rules core itself.
        let mut pos = Othello8::start();
        for mv in moves {
            pos = pos.play(mv).unwrap();
        }
    }

    #[test]
    fn bad_starts_are_errors_not_panics() {
        let e = new_game_from(Supported::OTHELLO_12, &Start::Balanced, 1).unwrap_err();
        assert!(
            matches!(e, NewGameError::Start(StartError::NotEightByEight(12))),
            "{e}"
        );
        let missing = Start::File(PathBuf::from("/nonexistent/openings.txt"));
        let e = new_game_from(Supported::OTHELLO_8, &missing, 1).unwrap_err();
        assert!(e.to_string().contains("/nonexistent/openings.txt"), "{e}");
        let dir = tempfile::tempdir().unwrap();
        let bad = dir.path().join("bad.txt");
        std::fs::write(&bad, "f5d6\nf5f5\n").unwrap();
        let e = new_game_from(Supported::OTHELLO_8, &Start::File(bad), 1).unwrap_err();
        assert!(e.to_string().starts_with("line 2:"), "{e}");
    }
}
