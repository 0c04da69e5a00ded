//! Reading GGF: one pass over the text, the line and column kept as it goes.

use std::borrow::Cow;
use std::ops::ControlFlow;

use crate::core::{Move, OthelloSize, Side};
use crate::formats::{Collection, FormatError, Place, Progress, Record, Watch, board_cells};

use super::clock::{read_clock, read_time};

/// Reads every game in a GGF text, numbered or not (see the [module](super) for the forms).
/// Errors name the line and column: a value whose `]` is missing is named where the `]`
/// should be, not read on into the next property. A text cut short is an error here (see
/// [`read_watched`] for the games before the cut).
pub fn read(text: &str) -> Result<Vec<Record>, FormatError> {
    let games = read_watched(text, &mut |_| ControlFlow::Continue(()))?;
    // A watcher that always goes on leaves the games read.
    games.map_or(Ok(Vec::new()), Collection::whole)
}

/// Reads a GGF text, telling `watch` how far it has got after each game; `None` if `watch`
/// breaks off the reading.
///
/// A text that ends inside a game (a file cut short) gives the complete games before it,
/// with the cut named in [`Collection::cut`]; one that ends inside its first game is an
/// error, as is any other fault, wherever it is.
pub fn read_watched(text: &str, watch: Watch<'_>) -> Result<Option<Collection>, FormatError> {
    let mut s = Scanner::new(text);
    let mut games = Vec::new();
    let cut = loop {
        s.skip_space();
        let Some(b) = s.peek() else { break None };
        let next = if b.is_ascii_digit() {
            // A game number, as GGS, NBoard and NTest write before each game of a match.
            let number = s.take_while(|b| b.is_ascii_digit());
            s.skip_space();
            if s.starts_with(b"(;") {
                continue;
            }
            Err(s.start_error(&format!("start game {number}")))
        } else if !s.starts_with(b"(;") {
            Err(s.start_error("start a game"))
        } else {
            let (start, line) = (s.here(), s.line);
            s.advance(2);
            game(&mut s, start, line)
        };
        match next {
            Ok(record) => games.push(record),
            // The text ends inside this game: the ones before it are whole.
            Err(e) if s.ended && !games.is_empty() => break Some(e),
            Err(e) => return Err(e),
        }
        let progress = Progress {
            bytes: s.at,
            games: games.len(),
        };
        if watch(progress).is_break() {
            return Ok(None);
        }
    };
    if games.is_empty() {
        return Err(FormatError::new(Place::Line(1), "the file holds no game"));
    }
    Ok(Some(Collection {
        records: games,
        cut,
    }))
}

/// Reads one game's properties, up to and including its `;)`; the scanner is past its `(;`,
/// which is at `start`, on line `start_line`.
fn game(s: &mut Scanner<'_>, start: Place, start_line: usize) -> Result<Record, FormatError> {
    let mut record = Record {
        // Room for a whole 8x8 game, passes included, so that the lists grow once at most.
        moves: Vec::with_capacity(64),
        places: Vec::with_capacity(64),
        ..Record::new(OthelloSize::S8, start)
    };
    // The sizes the game names (TY, SZ, BO), each with its property's name and place:
    // they must agree.
    let mut sizes: Vec<(usize, &str, Place)> = Vec::new();
    loop {
        s.skip_space();
        if s.starts_with(b";)") {
            s.advance(2);
            break;
        }
        let at = s.here();
        match s.peek() {
            None => {
                return Err(s.end_error(format!(
                    "the file ends inside the game that starts on line {} \
                     (no ';)' closes it)",
                    start_line
                )));
            }
            Some(b) if b.is_ascii_alphabetic() => {}
            Some(_) => {
                let message = format!(
                    "expected a property such as B[F5], or ';)' to end the game, found {}",
                    s.found()
                );
                return Err(s.error_unless_cut(message, b";)"));
            }
        }
        let name = s.take_while(|b| b.is_ascii_alphabetic());
        s.skip_space();
        if s.peek() != Some(b'[') {
            let message = format!(
                "the property {name} has no value: expected '[', found {}",
                s.found()
            );
            return Err(if s.peek().is_none() {
                s.end_error(message)
            } else {
                s.error(message)
            });
        }
        let open = s.here();
        s.advance(1);
        let raw = s.value(name, open)?;
        let value = raw.trim();
        let bad = |message: String| FormatError::new(at, message);
        match &key(name) {
            b"GM" if !value.eq_ignore_ascii_case("othello") => {
                return Err(bad(format!("GM[{value}] is not an Othello game")));
            }
            b"PB" => record.black = value.to_string(),
            b"PW" => record.white = value.to_string(),
            b"PC" => record.event = value.to_string(),
            b"DT" => record.date = value.to_string(),
            b"RE" => record.result = value.to_string(),
            b"TY" => {
                // The type names the size among letters: "8", "8r", "s8r18", "10k".
                record.notes.kind = value.to_string();
                if let Some(n) = first_number(value) {
                    sizes.push((n, "TY", at));
                }
            }
            b"SZ" => match value.parse() {
                Ok(n) => sizes.push((n, "SZ", at)),
                Err(_) => return Err(bad(format!("SZ[{value}] is not a board size"))),
            },
            b"RB" => record.notes.ratings[0] = value.to_string(),
            b"RW" => record.notes.ratings[1] = value.to_string(),
            b"BO" => {
                let (n, board) = value.split_once(char::is_whitespace).unwrap_or(("", ""));
                let n: usize = n
                    .parse()
                    .map_err(|_| bad(format!("BO[{value}] does not start with a size")))?;
                let (cells, side) = board_cells(board, n).ok_or_else(|| {
                    bad(format!(
                        "BO is not {n}x{n} cells of '*', 'O' or '-' and a side to move"
                    ))
                })?;
                let mut text: String = cells.iter().map(|c| c.map_or('-', Side::symbol)).collect();
                text.push(' ');
                text.push(side.symbol());
                record.start = Some(text);
                sizes.push((n, "BO", at));
            }
            b"B " | b"W " => {
                // "F5", "f5//1.2", "d6/-1.5/0.02"; a pass "PA", "pa", "pass", "PA//0.38".
                let mut parts = value.splitn(3, '/');
                let word = parts.next().unwrap_or_default().trim_end();
                let mv: Move = word
                    .parse()
                    .map_err(|_| bad(format!("{name}[{value}] is not a move")))?;
                // The evaluation and the time the move took, each kept once some move of
                // the game has one.
                let eval = parts.next().map(str::trim).unwrap_or_default();
                if !eval.is_empty() {
                    let evals = &mut record.notes.evals;
                    evals.resize(record.moves.len(), String::new());
                    evals.push(eval.to_string());
                }
                if let Some(ms) = parts.next().and_then(read_time) {
                    let times = &mut record.timing.move_ms;
                    times.resize(record.moves.len(), 0);
                    times.push(ms);
                }
                record.notes.sides.push(if key(name) == *b"B " {
                    Side::First
                } else {
                    Side::Second
                });
                record.moves.push(mv);
                record.places.push(at);
            }
            // A clock that cannot be read is left out, as the properties not used are.
            b"TI" => record.timing.control = read_clock(value),
            // Each side's time (TB, TW), comments (C), ratings, anything else: not used.
            _ => {}
        }
    }
    if !record.timing.move_ms.is_empty() {
        record.timing.move_ms.resize(record.moves.len(), 0);
    }
    if !record.notes.evals.is_empty() {
        record.notes.evals.resize(record.moves.len(), String::new());
    }
    let (size, _, size_place) = sizes.first().copied().unwrap_or((8, "", start));
    if let Some((other, name, place)) = sizes.iter().find(|(n, ..)| *n != size) {
        let first = sizes[0].1;
        return Err(FormatError::new(
            *place,
            format!("{name} says the board is {other}x{other}, but {first} says {size}x{size}"),
        ));
    }
    record.size =
        OthelloSize::try_from(size).map_err(|e| FormatError::new(size_place, e.to_string()))?;
    Ok(record)
}

/// The first number among a value's letters ("s8r18": 8), if it has one.
pub(super) fn first_number(value: &str) -> Option<usize> {
    let digits: String = value
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// A property's name in upper case for matching, padded to two letters ("B " for `b`);
/// longer names are none this reader uses.
fn key(name: &str) -> [u8; 2] {
    match name.as_bytes() {
        [a] => [a.to_ascii_uppercase(), b' '],
        [a, b] => [a.to_ascii_uppercase(), b.to_ascii_uppercase()],
        _ => *b"  ",
    }
}

/// The text being read and where in it. The line and column (both from 1; the column
/// counts characters) are counted up to the reading place only when asked for, from where
/// they were last counted: each byte is counted once, so reading stays linear however long
/// the lines are.
struct Scanner<'a> {
    text: &'a str,
    at: usize,
    /// The byte up to which lines and columns are counted, and its line and column.
    counted: usize,
    line: usize,
    column: usize,
    /// The last error was the text ending where more was due: a file cut short.
    ended: bool,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Scanner<'a> {
        Scanner {
            text,
            at: 0,
            counted: 0,
            line: 1,
            column: 1,
            ended: false,
        }
    }

    /// The line and column of the reading place.
    fn here(&mut self) -> Place {
        let part = &self.text.as_bytes()[self.counted..self.at];
        let newlines = part.iter().filter(|&&b| b == b'\n').count();
        let line_start = match part.iter().rposition(|&b| b == b'\n') {
            Some(i) => {
                self.line += newlines;
                self.column = 1;
                i + 1
            }
            None => 0,
        };
        // Characters are counted by their first bytes (UTF-8 continuation bytes are 10xxxxxx).
        self.column += part[line_start..]
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count();
        self.counted = self.at;
        Place::LineColumn {
            line: self.line,
            column: self.column,
        }
    }

    fn error(&mut self, message: impl Into<String>) -> FormatError {
        FormatError::new(self.here(), message)
    }

    /// The error of a text that ends here, where more was due.
    fn end_error(&mut self, message: impl Into<String>) -> FormatError {
        self.ended = true;
        self.error(message)
    }

    /// The error where `(;` was due to `what` ("start a game").
    fn start_error(&mut self, what: &str) -> FormatError {
        let message = format!("expected '(;' to {what}, found {}", self.found());
        self.error_unless_cut(message, b"(;")
    }

    /// The error of what is here where `due` was due; the text ending with part of `due`
    /// (a lone `(`, a `;` without its `)`) was cut short.
    fn error_unless_cut(&mut self, message: String, due: &[u8]) -> FormatError {
        let rest = self.text.as_bytes()[self.at..].trim_ascii_end();
        if rest.is_empty() {
            self.end_error(message)
        } else if due.starts_with(rest) {
            self.end_error(format!("{message} at the end of the file"))
        } else {
            self.error(message)
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn starts_with(&self, prefix: &[u8]) -> bool {
        self.text.as_bytes()[self.at..].starts_with(prefix)
    }

    fn advance(&mut self, bytes: usize) {
        self.at += bytes;
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// The bytes from here while `keep` holds (ASCII only, so a `&str`).
    fn take_while(&mut self, keep: impl Fn(u8) -> bool) -> &'a str {
        let from = self.at;
        while self.peek().is_some_and(&keep) {
            self.at += 1;
        }
        &self.text[from..self.at]
    }

    /// What is here, for an error: a few characters in quotes, or "the end of the file".
    fn found(&self) -> String {
        let word: String = self.text[self.at..]
            .chars()
            .take_while(|c| !c.is_whitespace())
            .take(12)
            .collect();
        if word.is_empty() {
            "the end of the file".into()
        } else {
            format!("'{word}'")
        }
    }

    /// Reads a value up to its `]` and past it; the scanner is just after the `[` at
    /// `open`. An unescaped `[` inside means the `]` was left out: the error names where it
    /// belongs, before the name of the property that follows.
    fn value(&mut self, name: &str, open: Place) -> Result<Cow<'a, str>, FormatError> {
        let (text, bytes) = (self.text, self.text.as_bytes());
        let mut owned: Option<String> = None;
        let mut run = self.at;
        loop {
            let stop = bytes[self.at..]
                .iter()
                .position(|&b| matches!(b, b']' | b'[' | b'\\'));
            let Some(offset) = stop else {
                self.ended = true;
                return Err(FormatError::new(
                    open,
                    format!(
                        "the value of {name} is not closed with ']': \
                         the file ends inside it"
                    ),
                ));
            };
            self.at += offset;
            match bytes[self.at] {
                b']' => {
                    let last = &text[run..self.at];
                    self.at += 1;
                    return Ok(match owned {
                        Some(mut value) => {
                            value.push_str(last);
                            Cow::Owned(value)
                        }
                        None => Cow::Borrowed(last),
                    });
                }
                b'\\' => {
                    // The next character is plain: keep what came before the backslash,
                    // and go on after the character.
                    owned
                        .get_or_insert_with(String::new)
                        .push_str(&text[run..self.at]);
                    self.at += 1;
                    run = self.at;
                    if let Some(c) = text[self.at..].chars().next() {
                        self.at += c.len_utf8();
                    }
                }
                _ => {
                    // The letters just before this `[` name the property that follows.
                    let letters = bytes[run..self.at]
                        .iter()
                        .rev()
                        .take_while(|b| b.is_ascii_alphabetic())
                        .count();
                    let next = &text[self.at - letters..self.at];
                    self.at -= letters;
                    return Err(self.error(format!(
                        "the value of {name} (opened at {open}) is not closed: \
                         ']' is missing before {next}["
                    )));
                }
            }
        }
    }
}
