//! The names of 8x8 Othello openings (Tiger, Rose, Buffalo, ...), from the list in
//! `openings/names.txt`: each name's moves from the standard start, and the lookup that names
//! a game by the longest named line whose position it reaches, in any order of its moves
//! (a transposition) and in any of the board's eight symmetric images (d3 c5 is f5 d6 seen
//! in a mirror).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::Othello8;
use super::symmetry::canonical;
use crate::core::{Move, ParseError, PlayError, Position, notation};

/// The names file, compiled in.
pub const NAMES: &str = include_str!("../../../openings/names.txt");

/// A named opening: its name and its moves from the standard start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The name ("Tiger").
    pub name: String,
    /// The moves from the standard start.
    pub moves: Vec<Move>,
}

/// Why a line of a names file could not be read.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum NamesError {
    /// The line has no `name: moves` form.
    #[error("line {0}: not 'name: moves'")]
    Form(usize),
    /// A move could not be read.
    #[error("line {0}: {1}")]
    Move(usize, ParseError),
    /// A move is not legal where the line plays it.
    #[error("line {line}: move {ply} ({mv}) cannot be played: {why}")]
    Illegal {
        /// The line, from 1.
        line: usize,
        /// The move's number in the line, from 1.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why not.
        why: PlayError,
    },
}

/// Reads a names file: one `name: moves` a line, blank lines and lines starting with `#`
/// left out; every move checked as legal from the standard start.
///
/// # Errors
///
/// The first line that cannot be read or plays a move that is not legal.
pub fn read(text: &str) -> Result<Vec<Opening>, NamesError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, moves) = line.rsplit_once(':').ok_or(NamesError::Form(line_no))?;
        let moves =
            notation::parse_moves(moves.trim()).map_err(|e| NamesError::Move(line_no, e))?;
        if name.trim().is_empty() || moves.is_empty() {
            return Err(NamesError::Form(line_no));
        }
        let mut pos = Othello8::start();
        for (k, &mv) in moves.iter().enumerate() {
            pos = pos.play(mv).map_err(|why| NamesError::Illegal {
                line: line_no,
                ply: k + 1,
                mv,
                why,
            })?;
        }
        out.push(Opening {
            name: name.trim().to_string(),
            moves,
        });
    }
    Ok(out)
}

/// The openings of the names file compiled in (none if it could not be read; its test
/// checks that it can).
pub fn openings() -> &'static [Opening] {
    static OPENINGS: OnceLock<Vec<Opening>> = OnceLock::new();
    OPENINGS.get_or_init(|| read(NAMES).unwrap_or_default())
}

/// The name of each named line's last position, by canonical form.
fn named() -> &'static HashMap<(u64, u64), &'static str> {
    static NAMED: OnceLock<HashMap<(u64, u64), &'static str>> = OnceLock::new();
    NAMED.get_or_init(|| {
        let mut map = HashMap::new();
        for opening in openings() {
            let mut pos = Othello8::start();
            for &mv in &opening.moves {
                pos = pos.play_unchecked(mv);
            }
            let (p, o, _) = canonical(pos.player(), pos.opponent());
            // Two lines to one position (a transposition): the first keeps it.
            map.entry((p, o)).or_insert(opening.name.as_str());
        }
        map
    })
}

/// The name of the opening whose line ends at `pos` (or at one of its symmetric images),
/// if one does.
pub fn name_of_position(pos: &Othello8) -> Option<&'static str> {
    let (p, o, _) = canonical(pos.player(), pos.opponent());
    named().get(&(p, o)).copied()
}

/// The name of the opening of a game through `positions` (the start first): the name of
/// the last of them that ends a named line, the longest such line the game reached.
pub fn name_of_positions<'a>(
    positions: impl IntoIterator<Item = &'a Othello8>,
) -> Option<&'static str> {
    positions.into_iter().filter_map(name_of_position).last()
}

/// The name of the opening of the game of `moves` from the standard start (see
/// [`name_of_positions`]); moves after one that is not legal are left out.
pub fn name_of_game(moves: &[Move]) -> Option<&'static str> {
    let mut pos = Othello8::start();
    let mut name = name_of_position(&pos);
    for &mv in moves {
        let Ok(next) = pos.play(mv) else { break };
        pos = next;
        name = name_of_position(&pos).or(name);
    }
    name
}
