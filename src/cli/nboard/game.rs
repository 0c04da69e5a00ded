//! The game an NBoard GUI sends (`set game`, `move`): read, and checked against the rules
//! before it is believed.

use crate::ai::{Game, GameVisitor, visit};
use crate::core::{Move, ParseError, PlayError, Side, Variant, notation};
use crate::formats::{FormatError, Record, ggf};

/// Why a game or a move an NBoard GUI sent is not believed; the engine answers it with a
/// `status Error:` line and keeps the game it had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(super) enum GameError {
    /// The `set game` text is not GGF.
    #[error(transparent)]
    Ggf(#[from] FormatError),
    /// The `set game` text holds no game, or several.
    #[error("expected one game, found {0}")]
    NotOneGame(usize),
    /// A move, a start position or a board that does not read.
    #[error(transparent)]
    Notation(#[from] ParseError),
    /// A `move` that is several moves, or none.
    #[error("'{0}' is not one move")]
    NotOneMove(String),
    /// A move the game gives to the colour not to move.
    #[error("move {number}: {mv} is given to {}, but {} is to move", colour(*given), colour(*to_move))]
    WrongColour {
        /// The move's number in the game, from 1.
        number: usize,
        /// The move.
        mv: Move,
        /// The colour the game gives it.
        given: Side,
        /// The colour to move.
        to_move: Side,
    },
    /// A move the rules refuse.
    #[error("move {number}: {mv} is illegal: {reason}")]
    Illegal {
        /// The move's number in the game, from 1.
        number: usize,
        /// The move.
        mv: Move,
        /// Why the rules refuse it.
        reason: PlayError,
    },
}

/// The board of a game.
pub(super) fn variant_of(game: &Record) -> Variant {
    Variant::Othello {
        size: game.size.get(),
    }
}

/// The game of a `set game` line: one GGF game whose moves are all legal, each played by the
/// colour the game gives it.
pub(super) fn read_game(text: &str) -> Result<Record, GameError> {
    let mut records = ggf::read(text)?;
    if records.len() != 1 {
        return Err(GameError::NotOneGame(records.len()));
    }
    let game = records.remove(0);
    check(&game)?;
    Ok(game)
}

/// The move of `move F5/1.23/0.5` (eval and time after the move are not needed).
pub(super) fn parse_move(text: &str) -> Result<Move, GameError> {
    let mv = text.split('/').next().unwrap_or_default();
    match notation::parse_moves(mv)?.as_slice() {
        [mv] => Ok(*mv),
        _ => Err(GameError::NotOneMove(mv.to_string())),
    }
}

/// `game` with the move of `text` played after its last one, if it is legal there. The
/// move's colour is whoever is to move.
pub(super) fn add_move(game: &Record, text: &str) -> Result<Record, GameError> {
    let mut next = game.clone();
    next.moves.push(parse_move(text)?);
    next.places.push(game.place);
    // The colour of a move sent alone is the side to move's: it is not checked, so the
    // colours of the moves before it no longer say anything.
    next.notes.sides.clear();
    check(&next)?;
    Ok(next)
}

/// Checks that the game's moves can be played by the colours it gives them (the position
/// itself is built again for each search, on the board's own type).
fn check(game: &Record) -> Result<(), GameError> {
    struct Check<'a>(&'a Record);
    impl GameVisitor for Check<'_> {
        type Output = Result<(), GameError>;
        fn visit<G: Game>(self, start: G) -> Result<(), GameError> {
            positions(start, self.0).map(|_| ())
        }
    }
    visit(variant_of(game), Check(game))?
}

/// Every position of `game` from `start` (its board's start position): the game's own start
/// position if it gives one, then one after each move, with any pass the game leaves out put
/// in. A move the rules refuse, or one the game gives to the colour not to move, is named.
pub(super) fn positions<G: Game>(start: G, game: &Record) -> Result<Vec<G>, GameError> {
    let mut pos = match &game.start {
        Some(board) => start.parse_board(board)?,
        None => start,
    };
    let mut all = vec![pos];
    for (i, &mv) in game.moves.iter().enumerate() {
        // A pass the record left out: the side to move has none, so the move is the
        // opponent's.
        if matches!(mv, Move::Place(cell) if pos.contains(cell)) && pos.check(Move::Pass).is_ok() {
            pos = pos.play_unchecked(Move::Pass);
            all.push(pos);
        }
        if let Some(&side) = game.notes.sides.get(i)
            && side != pos.side_to_move()
        {
            return Err(GameError::WrongColour {
                number: i + 1,
                mv,
                given: side,
                to_move: pos.side_to_move(),
            });
        }
        pos = pos.play(mv).map_err(|reason| GameError::Illegal {
            number: i + 1,
            mv,
            reason,
        })?;
        all.push(pos);
    }
    Ok(all)
}

/// A side as GGF names it.
fn colour(side: Side) -> &'static str {
    match side {
        Side::First => "Black",
        Side::Second => "White",
    }
}
