//! The game an NBoard GUI sends (`set game`, `move`): read, and checked against the rules
//! before it is believed.

use crate::ai::{Game, GameVisitor, visit};
use crate::core::{Move, Side, Variant, notation};
use crate::formats::{Record, ggf};

/// The board of a game.
pub(super) fn variant_of(game: &Record) -> Variant {
    Variant::Othello {
        size: game.size.get(),
    }
}

/// The game of a `set game` line: one GGF game whose moves are all legal, each played by the
/// colour the game gives it.
pub(super) fn read_game(text: &str) -> Result<Record, String> {
    let mut records = ggf::read(text).map_err(|e| e.to_string())?;
    if records.len() != 1 {
        return Err(format!("expected one game, found {}", records.len()));
    }
    let game = records.remove(0);
    check(&game)?;
    Ok(game)
}

/// The move of `move F5/1.23/0.5` (eval and time after the move are not needed).
pub(super) fn parse_move(text: &str) -> Result<Move, String> {
    let mv = text.split('/').next().unwrap_or_default();
    match notation::parse_moves(mv)
        .map_err(|e| e.to_string())?
        .as_slice()
    {
        [mv] => Ok(*mv),
        _ => Err(format!("'{mv}' is not one move")),
    }
}

/// `game` with the move of `text` played after its last one, if it is legal there. The
/// move's colour is whoever is to move.
pub(super) fn add_move(game: &Record, text: &str) -> Result<Record, String> {
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
fn check(game: &Record) -> Result<(), String> {
    struct Check<'a>(&'a Record);
    impl GameVisitor for Check<'_> {
        type Output = Result<(), String>;
        fn visit<G: Game>(self, start: G) -> Result<(), String> {
            positions(start, self.0).map(|_| ())
        }
    }
    visit(variant_of(game), Check(game)).map_err(|e| e.to_string())?
}

/// Every position of `game` from `start` (its board's start position): the game's own start
/// position if it gives one, then one after each move, with any pass the game leaves out put
/// in. A move the rules refuse, or one the game gives to the colour not to move, is named.
pub(super) fn positions<G: Game>(start: G, game: &Record) -> Result<Vec<G>, String> {
    let mut pos = match &game.start {
        Some(board) => start.parse_board(board).map_err(|e| e.to_string())?,
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
            return Err(format!(
                "move {}: {mv} is given to {}, but {} is to move",
                i + 1,
                colour(side),
                colour(pos.side_to_move())
            ));
        }
        pos = pos
            .play(mv)
            .map_err(|reason| format!("move {}: {mv} is illegal: {reason}", i + 1))?;
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
