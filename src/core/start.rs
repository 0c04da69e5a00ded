//! Where a new game starts ([`Start`]): the standard position, the alternate one, a random
//! opening of the project's balanced set, or one of a list of openings read from a file
//! (the XOT list's format). The arena's `--start` and the window's new game take the same
//! type, so the two offer the same starts.
//!
//! A list has one opening a line, its moves from the start position written together
//! (`f5d6c3d3c4f4c5b3`), as the XOT list of Othello engine matches is written; blank lines
//! and everything after a `#` are left out, so a file can say where it comes from and give
//! each opening's value. Reading the file is the caller's part (nothing here touches files):
//! [`Start::list`] takes its text.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{Move, ParseError, Position, Side, notation};

/// The project's balanced 8x8 openings (made by `boardplay openings`; its header names the
/// command), the default of `arena` on 8x8 Othello.
pub const BALANCED_8X8: &str = include_str!("../../openings/othello-8x8.txt");

/// Where the balanced set is, for messages.
pub const BALANCED_8X8_PATH: &str = "openings/othello-8x8.txt";

/// Where a new game starts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Start {
    /// The standard start: the centre's four discs crossed (same colours on a diagonal).
    #[default]
    Standard,
    /// The alternate start of Othello (Reversi's "parallel" layout): Black on d4 and d5,
    /// White on e4 and e5 (on other sizes the same in the centre); Black to move. Its other
    /// images under the board's symmetries play the same game.
    Alternate,
    /// A random opening of the project's balanced set (8x8 Othello).
    Balanced,
    /// A random opening of the list in this file (the XOT list's format).
    File(PathBuf),
}

/// Why a start could not be read or used.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum StartError {
    /// The text names no start.
    #[error("'{0}' is no start: standard, alternate, balanced or file:PATH")]
    Unknown(String),
    /// `file:` with no path.
    #[error("file: needs the path of an openings list (file:PATH)")]
    NoPath,
    /// The start is not one of this game's.
    #[error("the {0} start is Othello's; this game starts from its standard position")]
    NotOthello(&'static str),
    /// The balanced set is made for 8x8.
    #[error("the balanced openings are 8x8 ones; this board is {0}x{0}")]
    NotEightByEight(usize),
    /// A line of a list could not be read.
    #[error("line {line}: {source}")]
    Line {
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        source: ParseError,
    },
    /// A line's move cannot be played, or the game is over after the line.
    #[error("line {line}: {why}")]
    Unplayable {
        /// The line, from 1.
        line: usize,
        /// Why.
        why: OpeningError,
    },
    /// The list holds no opening.
    #[error("no openings in it (one a line)")]
    Empty,
}

impl FromStr for Start {
    type Err = StartError;

    fn from_str(text: &str) -> Result<Start, StartError> {
        let text = text.trim();
        if let Some(path) = text.strip_prefix("file:") {
            if path.trim().is_empty() {
                return Err(StartError::NoPath);
            }
            return Ok(Start::File(PathBuf::from(path.trim())));
        }
        match text.to_ascii_lowercase().as_str() {
            "standard" => Ok(Start::Standard),
            "alternate" => Ok(Start::Alternate),
            "balanced" => Ok(Start::Balanced),
            _ => Err(StartError::Unknown(text.to_string())),
        }
    }
}

impl fmt::Display for Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Start::Standard => f.write_str("standard"),
            Start::Alternate => f.write_str("alternate"),
            Start::Balanced => f.write_str("balanced"),
            Start::File(path) => write!(f, "file:{}", path.display()),
        }
    }
}

/// The openings of a list, each its moves with its line number.
pub type OpeningLines = Vec<(usize, Vec<Move>)>;

impl Start {
    /// The position games of this start begin from on the board of `standard` (the game's
    /// standard start), before any opening moves.
    ///
    /// # Errors
    ///
    /// [`StartError::NotOthello`] for the alternate start on a game other than Othello.
    pub fn base<P: Position>(&self, standard: &P) -> Result<P, StartError> {
        match self {
            Start::Alternate => alternate(standard),
            _ => Ok(*standard),
        }
    }

    /// The list this start draws its openings from, checked line by line from `standard`:
    /// `None` for the standard and alternate starts; the balanced set; or the list in
    /// `file_text`, the text of [`Start::File`]'s file, which the caller read.
    ///
    /// # Errors
    ///
    /// The balanced set on a board other than 8x8 Othello, or a list line that cannot be
    /// read or played (named by its number), or a list with no opening.
    pub fn list<P: Position>(
        &self,
        standard: &P,
        file_text: Option<&str>,
    ) -> Result<Option<OpeningLines>, StartError> {
        let text = match self {
            Start::Standard | Start::Alternate => return Ok(None),
            Start::Balanced if standard.rows() != 8 || !is_othello(standard) => {
                return Err(StartError::NotEightByEight(standard.rows()));
            }
            Start::Balanced => BALANCED_8X8,
            Start::File(_) => file_text.unwrap_or_default(),
        };
        let lines = read_lines(text)?;
        for (line, moves) in &lines {
            play_line(standard, moves)
                .map_err(|why| StartError::Unplayable { line: *line, why })?;
        }
        Ok(Some(lines))
    }
}

/// The openings of a list's text, each its moves with its line number (not played).
///
/// # Errors
///
/// The first line that cannot be read, or a list with none.
pub fn read_lines(text: &str) -> Result<OpeningLines, StartError> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let moves = line.split('#').next().unwrap_or_default().trim();
        if moves.is_empty() {
            continue;
        }
        let parsed = notation::parse_moves(moves).map_err(|source| StartError::Line {
            line: i + 1,
            source,
        })?;
        openings.push((i + 1, parsed));
    }
    if openings.is_empty() {
        return Err(StartError::Empty);
    }
    Ok(openings)
}

/// Why an opening's moves do not lead to a position to play from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// A move the rules refuse where it comes.
    #[error("move {number} ({mv}) cannot be played: {reason}")]
    Illegal {
        /// The move's number in the opening, from 1.
        number: usize,
        /// The move.
        mv: Move,
        /// Why the rules refuse it.
        reason: super::PlayError,
    },
    /// The moves end the game.
    #[error("the game is over after its moves")]
    GameOver,
}

/// The position after `moves` from `start`, each checked; the error names the move.
///
/// # Errors
///
/// The first move that cannot be played, or a game over after the moves.
pub fn play_line<P: Position>(start: &P, moves: &[Move]) -> Result<P, OpeningError> {
    let mut pos = *start;
    for (ply, &mv) in moves.iter().enumerate() {
        pos = pos.play(mv).map_err(|reason| OpeningError::Illegal {
            number: ply + 1,
            mv,
            reason,
        })?;
    }
    if pos.outcome().is_over() {
        return Err(OpeningError::GameOver);
    }
    Ok(pos)
}

/// True for Othello's positions: a square board of even side whose four centre cells are
/// filled at the start.
fn is_othello<P: Position>(standard: &P) -> bool {
    let n = standard.rows();
    n == standard.cols()
        && n.is_multiple_of(2)
        && n >= 4
        && standard
            .at(super::Cell::new((n / 2) as u8, (n / 2) as u8))
            .is_some()
}

/// The alternate start on the board of `standard`: Black on the centre's left column, White
/// on its right one, Black to move.
fn alternate<P: Position>(standard: &P) -> Result<P, StartError> {
    if !is_othello(standard) {
        return Err(StartError::NotOthello("alternate"));
    }
    let n = standard.rows();
    let c = n / 2;
    let mut cells = vec![None; n * n];
    for row in [c - 1, c] {
        cells[row * n + c - 1] = Some(Side::First);
        cells[row * n + c] = Some(Side::Second);
    }
    standard
        .setup(&cells, Some(Side::First))
        .map_err(|_| StartError::NotOthello("alternate"))
}

#[cfg(test)]
mod tests;
