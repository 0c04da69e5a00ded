//! The opening book of 8x8 Othello: positions valued by a deep search, made here by
//! [`build`] from the lines played in tournaments (WTHOR), and used by Expert
//! ([`BookPlayer`]) to play its first moves at once.
//!
//! Each position is stored once under its canonical form among its eight symmetric images
//! ([`canonical`]), so transpositions and mirrors share an entry. A position's value is the
//! best of its own searched value (what the search says of the moves that leave the book)
//! and the values of its moves that stay in it, negamaxed through the book when it is
//! loaded, as Edax's and NTest's books are.

pub mod build;
mod player;
pub mod user;

use std::sync::OnceLock;

use rand::RngExt;
use rand::rngs::SmallRng;

use crate::core::othello::Othello8;
use crate::core::othello::symmetry::{canonical, image};
use crate::core::{Bits, Cell, Move};
use crate::formats::book::{self as file, BookEntry, BookError, NO_MOVE};

pub use player::{BookOptions, BookPlayer, DEFAULT_VARIETY, FEWEST_EMPTIES, with_book};

/// The book shipped with the program: built by `boardplay book build` (docs/ai.md, "Opening
/// book") and compiled in, as the evaluation's weights are.
const SHIPPED: &[u8] = include_bytes!("../../../weights/book-8x8.bpb");

/// A move the book knows for a position, valued for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// Its value for the side to move, in discs.
    pub value: i32,
    /// True if the move leads to a position of the book; false for the searched best move
    /// that leaves it.
    pub in_book: bool,
    /// True if its value is one to draw on for variety: exact, or from a search at least
    /// [`TRUSTED_DEPTH`] plies deep (the position it leads to, or for a move that leaves the
    /// book the position it is played from).
    pub trusted: bool,
}

/// The depth from which a book value is trusted enough for a random choice among near-best
/// moves ([`Book::choose`]): the depth `boardplay book deepen` gives the positions the book
/// plays (docs/ai.md, "Opening book"). A shallower value still ranks the moves; only the
/// best of them is then played.
pub const TRUSTED_DEPTH: u8 = 16;

/// True if `entry`'s value is exact or searched at least [`TRUSTED_DEPTH`] plies deep.
fn trusted(entry: &BookEntry) -> bool {
    entry.flags & file::EXACT != 0 || entry.depth >= TRUSTED_DEPTH
}

/// An opening book: positions in canonical form, sorted, with their negamaxed values.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: Vec<BookEntry>,
    /// Each entry's value negamaxed through the book, in discs, worked out the first time it
    /// is asked ([`Book::negamaxed`]): a program that asks for one position out of the book
    /// pays for no negamax at all (in a fresh process a move, the whole negamax took 22 ms).
    values: Vec<OnceLock<i8>>,
}

/// The canonical key of a position.
fn key_of(pos: &Othello8) -> (u64, u64) {
    let (p, o, _) = canonical(pos.player(), pos.opponent());
    (p, o)
}

impl Book {
    /// A book of these entries (in any orientation, in any order); where a position comes
    /// twice, the later entry is kept. Values are negamaxed through the book as they are
    /// asked.
    pub fn new(entries: impl IntoIterator<Item = BookEntry>) -> Book {
        let mut all: Vec<BookEntry> = entries.into_iter().map(canonical_entry).collect();
        // Stable: of equal keys the later stays last, and dedup keeps the first, so reverse
        // the run's order first.
        all.reverse();
        all.sort_by_key(BookEntry::key);
        all.dedup_by_key(|e| e.key());
        Book {
            values: all.iter().map(|_| OnceLock::new()).collect(),
            entries: all,
        }
    }

    /// The book in a book file's bytes.
    ///
    /// # Errors
    ///
    /// What is wrong with the file ([`BookError`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        Ok(Book::new(file::read(bytes)?))
    }

    /// The book shipped with the program, read once (a few milliseconds) on first use.
    pub fn shipped() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| Book::from_bytes(SHIPPED).unwrap_or_default())
    }

    /// This book with `more` entries added; where both hold a position, `more`'s is kept.
    pub fn merged(&self, more: impl IntoIterator<Item = BookEntry>) -> Book {
        Book::new(self.entries.iter().copied().chain(more))
    }

    /// The entries, canonical and sorted, with their searched (not negamaxed) values.
    pub fn entries(&self) -> &[BookEntry] {
        &self.entries
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True if the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The bytes of the book file holding this book.
    pub fn to_bytes(&self) -> Vec<u8> {
        file::write(&self.entries)
    }

    fn index(&self, key: (u64, u64)) -> Option<usize> {
        self.entries.binary_search_by_key(&key, BookEntry::key).ok()
    }

    /// True if the book holds `pos` (or one of its symmetric images).
    pub fn contains(&self, pos: &Othello8) -> bool {
        self.index(key_of(pos)).is_some()
    }

    /// The entry of `pos`, if the book holds it (in canonical orientation).
    pub fn entry(&self, pos: &Othello8) -> Option<&BookEntry> {
        self.index(key_of(pos)).map(|i| &self.entries[i])
    }

    /// The value of `pos` for its side to move, negamaxed through the book, in discs.
    pub fn value(&self, pos: &Othello8) -> Option<i32> {
        self.index(key_of(pos)).map(|i| self.negamaxed(i))
    }

    /// The moves of `pos` the book knows, best first: each move to a position of the book,
    /// valued as the negation of that position's value, and the searched best move if it
    /// leaves the book, valued as the search said. Empty if the book does not hold `pos`.
    pub fn moves(&self, pos: &Othello8) -> Vec<BookMove> {
        let (cp, co, sym) = canonical(pos.player(), pos.opponent());
        let Some(i) = self.index((cp, co)) else {
            return Vec::new();
        };
        let entry = self.entries[i];
        let mut out = Vec::new();
        let mut leave = None;
        for sq in pos.moves_bits().iter() {
            let child = pos.play_index(sq);
            let in_canonical = image(1 << sq, sym).trailing_zeros() as u8;
            let mv = Move::Place(Cell::from_index(sq, 8));
            match self.index(key_of(&child)) {
                Some(j) => out.push(BookMove {
                    mv,
                    value: -self.negamaxed(j),
                    in_book: true,
                    trusted: trusted(&self.entries[j]),
                }),
                None if entry.best == in_canonical => leave = Some(mv),
                None => {}
            }
        }
        if let Some(mv) = leave {
            out.push(BookMove {
                mv,
                value: i32::from(entry.value),
                in_book: false,
                trusted: trusted(&entry),
            });
        }
        out.sort_by_key(|m| std::cmp::Reverse(m.value));
        out
    }

    /// A move for `pos` drawn by `rng` among the book's best move (the first of equals) and
    /// its other moves within `variety` discs of it whose values are trusted
    /// ([`TRUSTED_DEPTH`]); the best if `variety` is 0; `None` if the book does not hold
    /// `pos`.
    pub fn choose(&self, pos: &Othello8, variety: u32, rng: &mut SmallRng) -> Option<BookMove> {
        let moves = self.moves(pos);
        let first = *moves.first()?;
        let best = first.value;
        let near: Vec<BookMove> = std::iter::once(first)
            .chain(
                moves
                    .into_iter()
                    .skip(1)
                    .filter(|m| m.value >= best - variety as i32 && m.trusted),
            )
            .collect();
        if variety == 0 || near.len() == 1 {
            return near.first().copied();
        }
        Some(near[rng.random_range(0..near.len())])
    }

    /// Entry `i`'s value negamaxed through the book: the best of its searched value and the
    /// negated negamaxed values of its children in the book, kept once worked out. Children
    /// have one disc more than their parent, so the recursion ends (at most as deep as the
    /// book's longest line).
    fn negamaxed(&self, i: usize) -> i32 {
        let value = self.values[i].get_or_init(|| {
            let e = self.entries[i];
            let pos = Othello8::from_bits(e.player, e.opponent, crate::core::Side::First);
            let mut value = i32::from(e.value);
            for sq in pos.moves_bits().iter() {
                if let Some(j) = self.index(key_of(&pos.play_index(sq))) {
                    value = value.max(-self.negamaxed(j));
                }
            }
            value.clamp(-64, 64) as i8
        });
        i32::from(*value)
    }
}

/// An entry turned to its canonical orientation (its best move turned with it).
fn canonical_entry(e: BookEntry) -> BookEntry {
    let (player, opponent, sym) = canonical(e.player, e.opponent);
    let best = if e.best == NO_MOVE {
        NO_MOVE
    } else {
        image(1 << e.best, sym).trailing_zeros() as u8
    };
    BookEntry {
        player,
        opponent,
        best,
        ..e
    }
}

#[cfg(test)]
mod tests;
