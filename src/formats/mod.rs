//! Othello games and positions in other programs' formats: [`ggf`] (the text format of GGS
//! and NBoard), [`wthor`] (the binary database of tournament games) and [`obf`] (Edax's
//! one-line positions with the values of their moves).
//!
//! Text or bytes in, [`Record`]s out, and back: this layer knows the rules core's cells and
//! moves, and nothing of files, windows or the game history. A record's moves are not played
//! here; whoever plays them names a bad one by [`Record::place_of`] its move.

use std::fmt;

use crate::core::{Cell, Move, OthelloSize, Side};

pub mod ggf;
pub mod obf;
pub mod wthor;

/// How far a reader has got in a file of many games: told to a watcher after each game, so
/// that whoever waits can show it and break off the reading.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// The bytes read so far.
    pub bytes: usize,
    /// The games read so far.
    pub games: usize,
}

/// A reader's watcher: hears each [`Progress`] and says whether to go on.
pub type Watch<'a> = &'a mut dyn FnMut(Progress) -> std::ops::ControlFlow<()>;

/// One game read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The board: Othello of some size.
    pub size: OthelloSize,
    /// The starting position as a board string (see [`crate::core::notation`]), as the file
    /// gives it; `None` when the file gives none and the game starts from the standard one.
    pub start: Option<String>,
    /// The moves, in order. Passes are as the file has them: GGF writes them, WTHOR leaves
    /// them out.
    pub moves: Vec<Move>,
    /// Where each move is in the file.
    pub places: Vec<Place>,
    /// Where the record starts in the file.
    pub place: Place,
    /// Black's name, or "" when the file gives none.
    pub black: String,
    /// White's name, or "".
    pub white: String,
    /// Where it was played: the tournament or place, as the file gives it, or "".
    pub event: String,
    /// When it was played: the date or year, as the file gives it, or "".
    pub date: String,
    /// The result as the file gives it (for GGF, Black's disc margin such as "+4.00"; for
    /// WTHOR, Black's and White's discs such as "34-30"); "" when there is none.
    pub result: String,
}

impl Record {
    /// Who played the game, where and when, as the file names them.
    pub fn header(&self) -> Header {
        Header {
            black: self.black.clone(),
            white: self.white.clone(),
            event: self.event.clone(),
            date: self.date.clone(),
        }
    }

    /// Where the move at `ply` (1-based, as [`crate::core::ParseError::IllegalMove`] counts)
    /// is in the file, or where the record starts if there is no such move.
    pub fn place_of(&self, ply: usize) -> Place {
        ply.checked_sub(1)
            .and_then(|i| self.places.get(i))
            .copied()
            .unwrap_or(self.place)
    }

    /// A one-line description for a list of games: players, event and result.
    pub fn title(&self) -> String {
        let name = |n: &str, side: &str| {
            if n.is_empty() {
                side.to_string()
            } else {
                n.to_string()
            }
        };
        let mut title = format!(
            "{} \u{2013} {}",
            name(&self.black, "Black"),
            name(&self.white, "White")
        );
        let when = [self.event.as_str(), self.date.as_str()]
            .into_iter()
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        for part in [&when, &self.result] {
            if !part.is_empty() {
                title.push_str(", ");
                title.push_str(part);
            }
        }
        title
    }
}

/// Who played a game, where and when, as a game file names them (GGF's `PB`, `PW`, `PC`
/// and `DT`): kept with a game read from a file so that saving it again keeps them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// Black's name, or "".
    pub black: String,
    /// White's name, or "".
    pub white: String,
    /// Where it was played (tournament or place), or "".
    pub event: String,
    /// When it was played, or "".
    pub date: String,
}

/// A place in a file: a line (and column) of a text file or a byte of a binary one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A 1-based line.
    Line(usize),
    /// A 1-based line and, on it, a 1-based column counted in characters.
    LineColumn {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
    /// A 0-based byte offset.
    Byte(usize),
}

impl Place {
    /// The place with its line only, where it has a column.
    fn without_column(self) -> Place {
        match self {
            Place::LineColumn { line, .. } => Place::Line(line),
            place => place,
        }
    }

    /// " (column 7)" for a place with a column, else nothing.
    fn column_note(self) -> String {
        match self {
            Place::LineColumn { column, .. } => format!(" (column {column})"),
            _ => String::new(),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Line(n) => write!(f, "line {n}"),
            Place::LineColumn { line, column } => write!(f, "line {line}, column {column}"),
            Place::Byte(n) => write!(f, "byte {n}"),
        }
    }
}

/// Why a file in one of these formats could not be read: where, and what is wrong there.
/// Written "line 3: move 2: f5 is illegal", "byte 26: ...": the line or byte first, as every
/// reader's errors start; a column follows the message ("... (column 7)").
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {message}{}", .place.without_column(), .place.column_note())]
pub struct FormatError {
    /// Where the problem is.
    pub place: Place,
    /// What is wrong, in words.
    pub message: String,
}

impl FormatError {
    fn new(place: Place, message: impl Into<String>) -> FormatError {
        FormatError {
            place,
            message: message.into(),
        }
    }
}

/// A move in the formats' own spelling: upper-case cell ("F5"), or "PA" for a pass.
fn move_word(mv: Move) -> String {
    match mv {
        Move::Pass => "PA".into(),
        Move::Place(cell) => cell.to_string().to_ascii_uppercase(),
    }
}

/// The cells of a board string (see [`crate::core::notation`]) and its side to move, or
/// `None` if it is not one of `size` x `size` cells.
fn board_cells(board: &str, size: usize) -> Option<(Vec<Option<Side>>, Side)> {
    let (cells, side) = crate::core::notation::parse_board(board, size * size).ok()?;
    Some((cells, side?))
}

/// The cell at `col` and `row` (from 0), for the formats that count cells by number.
fn cell_at(col: usize, row: usize) -> Cell {
    Cell::new(col as u8, row as u8)
}
