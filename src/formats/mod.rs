//! Othello games and positions in other programs' formats: [`ggf`] (the text format of GGS
//! and NBoard), [`wthor`] (the binary database of tournament games) and [`obf`] (Edax's
//! one-line positions with the values of their moves).
//!
//! Text or bytes in, [`Record`]s out, and back: this layer knows the rules core's cells and
//! moves, and nothing of files, windows or the game history. A record's moves are not played
//! here; whoever plays them names a bad one by [`Record::place_of`] its move.

use std::fmt;

use crate::core::{Cell, Move, OthelloSize, Side, TimeControl};

pub mod book;
pub mod ggf;
pub mod obf;
pub mod shard;
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

/// The games of a file of several as far as it could be read: a file cut short (a download
/// broken off, a copy that ran out of room) keeps the complete games before the cut, and
/// `cut` says where the file ends and what was lost there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Collection {
    /// The complete games, in the file's order.
    pub records: Vec<Record>,
    /// Where the file was cut short, if it was: the place it ends and what was left
    /// unfinished there ("the file ends inside game 5 of the 9 its header announces").
    pub cut: Option<FormatError>,
}

impl Collection {
    /// Every game, or the cut as an error for a reader that wants the whole file or none.
    ///
    /// # Errors
    ///
    /// The cut, if the file was cut short.
    pub fn whole(self) -> Result<Vec<Record>, FormatError> {
        match self.cut {
            Some(cut) => Err(cut),
            None => Ok(self.records),
        }
    }
}

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
    /// The clock the game was played on, as the file gives it.
    pub timing: Timing,
    /// What the file says beyond the moves and the header (GGF's colours, evaluations,
    /// ratings and game type), kept so that writing the game again loses nothing.
    pub notes: Notes,
}

/// Where text stops being UTF-8: the line (from 1) of the first byte that is not, given by
/// `valid_up_to` (as [`std::str::Utf8Error::valid_up_to`] gives it), and that byte's place in
/// its line (from 1).
pub fn not_utf8_at(bytes: &[u8], valid_up_to: usize) -> (usize, usize) {
    let before = &bytes[..valid_up_to];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    (line, valid_up_to - line_start + 1)
}

/// What a GGF game says beyond its moves, header, result and clock.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// The colour the file gives each move (`B[..]` or `W[..]`), move by move; empty where
    /// the format gives none (WTHOR, whose colours follow from the rules).
    pub sides: Vec<Side>,
    /// Each move's evaluation as the file writes it (`B[F5/8.03]`: "8.03"), "" for a move
    /// with none; empty when no move has one.
    pub evals: Vec<String>,
    /// Black's and White's ratings as written (`RB`, `RW`), "" where not given.
    pub ratings: [String; 2],
    /// The game type as written (`TY[8kr20]`: 8x8, komi, random start, 20 discs), "" when
    /// the file gives none.
    pub kind: String,
}

/// The clock of a game as a file gives it: GGF's `TI` and the time of each move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timing {
    /// The time control, if the file gives one.
    pub control: Option<TimeControl>,
    /// The time each move took, in milliseconds, move by move (passes included); empty when
    /// the file gives none, and a move the file gives no time for took 0.
    pub move_ms: Vec<u32>,
}

impl Record {
    /// A game on `size` from its standard start, with no moves and nothing said of it yet,
    /// found at `place`.
    pub fn new(size: OthelloSize, place: Place) -> Record {
        Record {
            size,
            start: None,
            moves: Vec::new(),
            places: Vec::new(),
            place,
            black: String::new(),
            white: String::new(),
            event: String::new(),
            date: String::new(),
            result: String::new(),
            timing: Timing::default(),
            notes: Notes::default(),
        }
    }

    /// Who played the game, where and when, as the file names them.
    pub fn header(&self) -> Header {
        Header {
            black: self.black.clone(),
            white: self.white.clone(),
            event: self.event.clone(),
            date: self.date.clone(),
            from: None,
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

    /// Black's final disc margin as the file gives the result: GGF's "+4.000" (or
    /// "-2.00:r" for a resignation) is 4 (-2); WTHOR's "34-30" is 4. `None` when the file
    /// gives none ("", GGF's "?") or it is not a whole number of discs a board can hold.
    pub fn margin(&self) -> Option<i32> {
        let cells = (self.size.get() * self.size.get()) as i32;
        let margin = match self.result.split_once('-') {
            // WTHOR: Black's discs, then White's (a GGF margin never has a digit first
            // and a '-' after it).
            Some((black, white)) if black.bytes().next().is_some_and(|b| b.is_ascii_digit()) => {
                let black: i32 = black.trim().parse().ok()?;
                let white: i32 = white.trim().parse().ok()?;
                (black + white <= cells).then_some(black - white)?
            }
            _ => {
                // GGF: a signed number, then perhaps ":r", ":t" or ":s".
                let number = self.result.split(':').next()?.trim();
                let value: f64 = number.parse().ok()?;
                if value.fract() != 0.0 {
                    return None;
                }
                value as i32
            }
        };
        (margin.abs() <= cells).then_some(margin)
    }

    /// When it was played, for people: the date as the file gives it, but a date in Unix
    /// seconds, as GGS writes some (`DT[1055887545]`), as the day it names in UTC
    /// ("2003-06-17").
    pub fn when(&self) -> String {
        unix_day(&self.date).unwrap_or_else(|| self.date.clone())
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
        let date = self.when();
        let when = [self.event.as_str(), date.as_str()]
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
    /// The game as the file gave it, for a game read from one: saving it again as GGF keeps
    /// what the file said of it (each move's evaluation, the ratings, the game type, the
    /// result as written) where the game is still the file's.
    pub from: Option<Box<Record>>,
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

/// The day (year-month-day, UTC) of a time given in Unix seconds ("1055887545", perhaps with
/// a fraction), or `None` if `text` is not one: 9 to 11 digits, so that a year ("2004") or a
/// date written with digits only ("20040517") stays as it is.
fn unix_day(text: &str) -> Option<String> {
    let whole = text.trim().split_once('.').map_or(text.trim(), |(w, _)| w);
    let fraction_ok = text
        .trim()
        .split_once('.')
        .is_none_or(|(_, f)| f.bytes().all(|b| b.is_ascii_digit()));
    if !(9..=11).contains(&whole.len()) || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !fraction_ok {
        return None;
    }
    let seconds: i64 = whole.parse().ok()?;
    // Days since 1970-01-01 to a civil date (Howard Hinnant's days_from_civil, inverted):
    // counted in 400-year eras of 146,097 days, years starting on 1 March so that the leap
    // day ends the year.
    let z = seconds.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    Some(format!("{year:04}-{month:02}-{day:02}"))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unix_seconds_are_shown_as_their_day_and_other_dates_as_given() {
        // The days as `date -u -d @SECONDS` gives them.
        for (seconds, day) in [
            ("1055887545", "2003-06-17"),
            ("951782400", "2000-02-29"),
            ("1700000000", "2023-11-14"),
            ("1195263660.37", "2007-11-17"),
            ("4102444799", "2099-12-31"),
        ] {
            assert_eq!(unix_day(seconds).as_deref(), Some(day), "{seconds}");
        }
        for other in [
            "2004",
            "20040517",
            "2003.12.15_13:24:03.MST",
            "",
            "12345678901234",
            "1055887545.x",
        ] {
            assert_eq!(unix_day(other), None, "{other}");
        }
    }

    #[test]
    fn the_margin_is_read_from_either_form_of_result() {
        let record = |result: &str| Record {
            result: result.into(),
            ..Record::new(OthelloSize::S8, Place::Line(1))
        };
        for (result, margin) in [
            ("+4.000", Some(4)),
            ("-2.000:r", Some(-2)),
            ("+0.000", Some(0)),
            ("-64.00:t", Some(-64)),
            ("34-30", Some(4)),
            ("63-1", Some(62)),
            ("0-64", Some(-64)),
            ("?", None),
            ("", None),
            ("+2.5", None),
            ("+70", None),
            ("40-40", None),
        ] {
            assert_eq!(record(result).margin(), margin, "{result}");
        }
    }
}
