//! The index of one file's games by the positions they reach, built once when the file is
//! read: every position of every 8x8 game (passes put in where the file leaves them out)
//! under its [`key`], sorted, so the games through a position are found by a binary search.
//!
//! A key is 32 bits and shared by a position's turned images (see [`Turn`]); each game found
//! under it is replayed to that position and compared, which also tells how it is turned.
//! So a position is matched exactly, never by a clash of keys. The replay is short where
//! many games meet (near the start) and rare where it is long (few games meet late).

use std::ops::ControlFlow;

use strum::VariantArray;

use crate::core::othello::{Othello8, final_margin};
use crate::core::{Cell, Move, OthelloSize, Position, notation};
use crate::formats::Record;

use super::symmetry::{Turn, key};

/// Why a game of a file is left out of the index (and so out of the answers for positions).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LeftOut {
    /// A game on another board than 8x8: only 8x8 games are found by position.
    #[error("a {0}x{0} game")]
    Size(usize),
    /// Its start position or a move does not read or cannot be played.
    #[error(transparent)]
    Moves(#[from] crate::core::ParseError),
    /// The index holds as many positions as its 32-bit places can count.
    #[error("the index is full")]
    Full,
}

/// A move in the index: the cell's index (0-63), or [`PASS`].
type Code = u8;
/// A pass, in the index's moves.
const PASS: Code = 64;

/// A move as the index keeps it: its cell's index, a pass last ([`PASS`]).
pub(super) fn code(mv: Move) -> Code {
    match mv {
        Move::Pass => PASS,
        Move::Place(cell) => cell.index(8) as Code,
    }
}

fn decode(code: Code) -> Move {
    if code == PASS {
        Move::Pass
    } else {
        Move::Place(Cell::from_index(usize::from(code), 8))
    }
}

/// A game through a position: which game, after how many of its moves (passes counted), how
/// its position is turned from the one asked about, and what was played next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The game's place in its file.
    pub game: usize,
    /// The moves played before the position, passes included.
    pub ply: usize,
    /// The turn that takes the game's position to the one asked about (and back: each turn
    /// is its own inverse).
    pub turn: Turn,
    /// The move played next, turned to the position asked about; `None` where the game
    /// ends.
    pub next: Option<Move>,
    /// Black's final margin, if known.
    pub margin: Option<i32>,
}

/// One file's games by the positions they reach.
#[derive(Debug, Default)]
pub struct GameIndex {
    /// The moves of every indexed game, one after another, passes in.
    moves: Vec<Code>,
    /// For each indexed game: its place in the file, where its moves start in `moves`, the
    /// number of its first position (its moves' start plus the games before it: a game of
    /// n moves has n + 1 positions), its first position and Black's final margin.
    games: Vec<Indexed>,
    /// Each position as its key (high 32 bits) and its number (low 32 bits), sorted.
    positions: Vec<u64>,
    /// The games left out: (place in the file, why).
    left_out: Vec<(usize, LeftOut)>,
}

#[derive(Debug)]
struct Indexed {
    file_index: usize,
    moves_start: u32,
    first_position: u32,
    start: Othello8,
    margin: Option<i32>,
}

impl GameIndex {
    /// Indexes `records`, telling `watch` how many games are done after each; `None` if
    /// `watch` breaks off. Games not on 8x8 boards, and games with a move the rules refuse,
    /// are left out of the index (and named in [`GameIndex::left_out`]).
    pub fn build(
        records: &[Record],
        watch: &mut dyn FnMut(usize) -> ControlFlow<()>,
    ) -> Option<GameIndex> {
        let mut index = GameIndex::default();
        let total_moves: usize = records.iter().map(|r| r.moves.len() + 2).sum();
        index.moves.reserve(total_moves);
        index.positions.reserve(total_moves + records.len());
        for (i, record) in records.iter().enumerate() {
            if let Err(why) = index.add(i, record) {
                index.left_out.push((i, why));
            }
            if watch(i + 1).is_break() {
                return None;
            }
        }
        index.positions.sort_unstable();
        Some(index)
    }

    /// Adds the game at `file_index`, or says why it is left out.
    fn add(&mut self, file_index: usize, record: &Record) -> Result<(), LeftOut> {
        if record.size != OthelloSize::S8 {
            return Err(LeftOut::Size(record.size.get()));
        }
        let start = match &record.start {
            Some(board) => Othello8::start().parse_board(board)?,
            None => Othello8::start(),
        };
        let (played, end) = notation::play_parsed(&start, &record.moves)?;
        let number = |n: usize| u32::try_from(n).map_err(|_| LeftOut::Full);
        let moves_start = number(self.moves.len())?;
        let first_position = number(self.moves.len() + self.games.len())?;
        number(first_position as usize + played.len())?;
        let margin = record.margin().or_else(|| {
            end.outcome()
                .is_over()
                .then(|| final_margin(end.counts(), 64))
        });
        let mut pos = start;
        for (ply, &mv) in played.iter().enumerate() {
            self.positions
                .push(entry(&pos, first_position as usize + ply));
            pos = pos.play_unchecked(mv);
        }
        self.positions
            .push(entry(&pos, first_position as usize + played.len()));
        self.moves.extend(played.into_iter().map(code));
        self.games.push(Indexed {
            file_index,
            moves_start,
            first_position,
            start,
            margin,
        });
        Ok(())
    }

    /// The games that reach `pos` (or one of its turned images), in the file's order.
    pub fn reached(&self, pos: &Othello8) -> Vec<Hit> {
        let k = u64::from(key(pos)) << 32;
        let from = self.positions.partition_point(|&p| p < k);
        let to = self.positions.partition_point(|&p| p < k + (1 << 32));
        let mut hits: Vec<Hit> = self.positions[from..to]
            .iter()
            .filter_map(|&p| self.hit(p as u32, pos))
            .collect();
        hits.sort_unstable_by_key(|h| h.game);
        hits
    }

    /// The game whose position numbered `number` is `pos` turned, if it is.
    fn hit(&self, number: u32, pos: &Othello8) -> Option<Hit> {
        let g = self.games.partition_point(|g| g.first_position <= number) - 1;
        let game = &self.games[g];
        let ply = (number - game.first_position) as usize;
        let moves_start = game.moves_start as usize;
        let moves_end = self
            .games
            .get(g + 1)
            .map_or(self.moves.len(), |next| next.moves_start as usize);
        let mut here = game.start;
        for &c in &self.moves[moves_start..moves_start + ply] {
            here = here.play_unchecked(decode(c));
        }
        let turn = Turn::VARIANTS
            .iter()
            .copied()
            .find(|t| t.position(&here) == *pos)?;
        let next = (moves_start + ply < moves_end)
            .then(|| turn.of_move(decode(self.moves[moves_start + ply])));
        Some(Hit {
            game: game.file_index,
            ply,
            turn,
            next,
            margin: game.margin,
        })
    }

    /// The games left out of the index: their places in the file, and why.
    pub fn left_out(&self) -> &[(usize, LeftOut)] {
        &self.left_out
    }

    /// How many games are indexed.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// True if no game is indexed.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }
}

/// A position in the index: its key in the high 32 bits, its number in the low 32 (the
/// caller has checked that the number fits).
fn entry(pos: &Othello8, number: usize) -> u64 {
    (u64::from(key(pos)) << 32) | number as u64
}
