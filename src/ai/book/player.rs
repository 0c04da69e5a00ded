//! [`BookPlayer`]: a player that plays from the opening book where it holds the position and
//! hands over to another player where it does not.

use std::any::Any;
use std::sync::Arc;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use super::Book;
use crate::ai::{Context, EngineError, Player, Progress, Work};
use crate::core::Bits;
use crate::core::othello::Othello8;
use crate::core::{Move, Position};

/// Whether a player uses the opening book, and how varied its book moves are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct BookOptions {
    /// Plays from the book where it holds the position.
    pub on: bool,
    /// Plays a random move among the book's moves within this many discs of the best
    /// (0: always the best).
    pub variety: u32,
}

impl Default for BookOptions {
    /// On, with a variety of 1 disc among trusted values: games differ, and no book move
    /// chosen costs more than a disc by the book's deep values.
    fn default() -> Self {
        BookOptions {
            on: true,
            variety: DEFAULT_VARIETY,
        }
    }
}

/// The variety of [`BookOptions::default`], in discs.
pub const DEFAULT_VARIETY: u32 = 1;

/// The fewest empties of a position a book holds: the shipped book's lines are at most 24
/// moves long (36 empties and more), and `learn` adds positions with at least this many. A
/// player with fewer empties never loads or asks the book: a program asked one move at a
/// time in a fresh process (the match tools) pays nothing for it in the endgame.
pub const FEWEST_EMPTIES: u32 = 24;

/// Plays from a book on 8x8 Othello, else as `inner` does (on every other game, always as
/// `inner`). A book move is reported with [`Work::Book`], its value and the book's line.
pub struct BookPlayer<P: Position> {
    inner: Box<dyn Player<P>>,
    /// The book, once a position that it may hold was asked (see [`FEWEST_EMPTIES`]).
    book: Option<Arc<Book>>,
    variety: u32,
    /// Draws a number for each choice, so that a player kept from game to game (the
    /// arena's) varies its games.
    rng: SmallRng,
}

impl<P: Position> BookPlayer<P> {
    /// `inner` with `book` before it, choosing among book moves within `variety` discs of
    /// the best with random choices fixed by `seed`, the position and how many moves the
    /// player chose before: a fresh player with the same seed plays the same moves in the
    /// same positions, another seed other ones.
    pub fn new(inner: Box<dyn Player<P>>, book: Arc<Book>, variety: u32, seed: u64) -> Self {
        BookPlayer {
            inner,
            book: Some(book),
            variety,
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

/// The move of `book` for `pos` if `pos` is an 8x8 Othello position it holds, with its
/// value and the line the book expects after it.
pub(crate) fn book_move<P: Position>(
    book: &Book,
    pos: &P,
    variety: u32,
    rng: &mut SmallRng,
) -> Option<(Move, i32, Vec<Move>)> {
    let pos = (pos as &dyn Any).downcast_ref::<Othello8>()?;
    let choice = book.choose(pos, variety, rng)?;
    let mut line = vec![choice.mv];
    let mut at = pos.play_unchecked(choice.mv);
    while line.len() < 8 {
        let Some(next) = book.moves(&at).first().copied() else {
            break;
        };
        line.push(next.mv);
        at = at.play_unchecked(next.mv);
    }
    Some((choice.mv, choice.value, line))
}

/// `player` with the shipped book (merged with the user's, [`super::user::current`]) before
/// it as `options` say, if `uses_book` (the players that use the book: Expert's); else
/// `player` as it is. The one place the book is put before a player.
pub fn with_book<P: Position>(
    player: Box<dyn Player<P>>,
    uses_book: bool,
    options: BookOptions,
    seed: u64,
) -> Box<dyn Player<P>> {
    let othello8 = std::any::TypeId::of::<P>() == std::any::TypeId::of::<Othello8>();
    if uses_book && options.on && othello8 {
        Box::new(BookPlayer {
            inner: player,
            book: None,
            variety: options.variety,
            rng: SmallRng::seed_from_u64(seed),
        })
    } else {
        player
    }
}

impl<P: Position> Player<P> for BookPlayer<P> {
    fn name(&self) -> String {
        format!("{} with its book", self.inner.name())
    }

    fn choose(&mut self, pos: &P, ctx: &mut Context<'_>) -> Result<Option<Move>, EngineError> {
        let in_reach = (pos as &dyn Any)
            .downcast_ref::<Othello8>()
            .is_some_and(|p| p.empties().count() >= FEWEST_EMPTIES);
        if !in_reach {
            return self.inner.choose(pos, ctx);
        }
        let book = self.book.get_or_insert_with(super::user::current).clone();
        let mut rng = crate::ai::train::selfplay::game_rng(self.rng.next_u64(), pos.hash_key());
        match book_move(&book, pos, self.variety, &mut rng) {
            Some((mv, value, pv)) if pos.is_legal(mv) => {
                (ctx.report)(&Progress {
                    work: Work::Book,
                    best: Some(mv),
                    score: Some(value),
                    exact: false,
                    pv,
                    nodes: 0,
                    elapsed: std::time::Duration::ZERO,
                });
                Ok(Some(mv))
            }
            _ => self.inner.choose(pos, ctx),
        }
    }
}
