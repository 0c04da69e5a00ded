//! GGF, the Generic Game Format of the Generic Game Server (GGS), also written by NBoard.
//!
//! A game is `(;` properties `;)`, a property a name and a bracketed value:
//!
//! ```text
//! (;GM[Othello]PC[GGS/os]PB[alice]PW[bob]RE[+4.00]TY[8]
//!  BO[8 ---------------------------O*------*O--------------------------- *]
//!  B[F5//1.2]W[D6]B[C3]W[PA];)
//! ```
//!
//! `BO` is the board size, the cells row by row from a1 (`*` Black, `O` White, `-` empty)
//! and the side to move; `B` and `W` are Black's and White's moves, each optionally followed
//! by `/evaluation/time`, with a pass written `PA`; `RE` is the result in Black's view.
//! A file may hold many games. Properties this reader does not use are skipped.

use super::{FormatError, Place, Record, board_cells, move_word};
use crate::core::{Move, OthelloSize, Side};

/// Reads every game in a GGF text.
pub fn read(text: &str) -> Result<Vec<Record>, FormatError> {
    let mut reader = Reader { text, at: 0 };
    let mut games = Vec::new();
    loop {
        reader.skip_space();
        if reader.rest().is_empty() {
            break;
        }
        if !reader.rest().starts_with("(;") {
            return Err(reader.error(format!(
                "expected '(;' to start a game, found '{}'",
                reader.peek_word()
            )));
        }
        let start = reader.line();
        reader.at += 2;
        games.push(reader.game(start)?);
    }
    if games.is_empty() {
        return Err(FormatError::new(Place::Line(1), "the file holds no game"));
    }
    Ok(games)
}

/// The GGF text of one game. The record's start position, when given, is written as `BO`;
/// its date and result, when not empty, as `DT` and `RE`.
pub fn write(record: &Record) -> String {
    let size = record.size.get();
    let mut text = format!("(;GM[Othello]PC[{}]", clean(&record.event));
    for (key, value) in [("PB", &record.black), ("PW", &record.white)] {
        text.push_str(&format!("{key}[{}]", clean(value)));
    }
    for (key, value) in [("DT", &record.date), ("RE", &record.result)] {
        if !value.is_empty() {
            text.push_str(&format!("{key}[{}]", clean(value)));
        }
    }
    text.push_str(&format!("TY[{size}]"));
    // GGF's letters: `*` Black, `O` White, `-` empty.
    let letter = |c: Option<Side>| match c {
        Some(Side::First) => '*',
        Some(Side::Second) => 'O',
        None => '-',
    };
    let mut to_move = Side::First;
    if let Some((cells, side)) = record.start.as_deref().and_then(|b| board_cells(b, size)) {
        let cells: String = cells.into_iter().map(letter).collect();
        text.push_str(&format!("BO[{size} {cells} {}]", letter(Some(side))));
        to_move = side;
    }
    // Passes are in the record, so the colours simply alternate.
    for mv in &record.moves {
        let colour = if to_move == Side::First { 'B' } else { 'W' };
        text.push_str(&format!("{colour}[{}]", move_word(*mv)));
        to_move = to_move.opponent();
    }
    text.push_str(";)\n");
    text
}

/// A value with no `]` in it (the format has no escape GGS readers agree on).
fn clean(value: &str) -> String {
    value.replace([']', '['], "")
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start().len();
    }

    /// The 1-based line of the reading position.
    fn line(&self) -> usize {
        line_of(self.text, self.at)
    }

    fn error(&self, message: impl Into<String>) -> FormatError {
        FormatError::new(Place::Line(self.line()), message)
    }

    fn peek_word(&self) -> String {
        self.rest()
            .chars()
            .take_while(|c| !c.is_whitespace())
            .take(12)
            .collect()
    }

    /// Reads one game's properties, up to and including its `;)`.
    fn game(&mut self, start_line: usize) -> Result<Record, FormatError> {
        let mut record = Record {
            size: OthelloSize::S8,
            start: None,
            moves: Vec::new(),
            places: Vec::new(),
            place: Place::Line(start_line),
            black: String::new(),
            white: String::new(),
            event: String::new(),
            date: String::new(),
            result: String::new(),
        };
        let (mut size, mut size_line) = (None, start_line);
        loop {
            self.skip_space();
            if self.rest().starts_with(";)") {
                self.at += 2;
                break;
            }
            if self.rest().is_empty() {
                return Err(self.error(format!(
                    "the file ends inside the game that starts on line {start_line} \
                     (no ';)' closes it)"
                )));
            }
            let line = self.line();
            let name: String = self
                .rest()
                .chars()
                .take_while(char::is_ascii_alphabetic)
                .collect();
            if name.is_empty() {
                return Err(self.error(format!(
                    "expected a property such as B[F5], found '{}'",
                    self.peek_word()
                )));
            }
            self.at += name.len();
            if !self.rest().starts_with('[') {
                return Err(self.error(format!("the property {name} has no '[' value")));
            }
            let Some(len) = self.rest().find(']') else {
                return Err(FormatError::new(
                    Place::Line(line),
                    format!("the value of {name} is not closed with ']'"),
                ));
            };
            let value = self.rest()[1..len].trim().to_string();
            self.at += len + 1;
            let bad = |message: String| FormatError::new(Place::Line(line), message);
            match name.as_str() {
                "GM" if !value.eq_ignore_ascii_case("othello") => {
                    return Err(bad(format!("GM[{value}] is not an Othello game")));
                }
                "PB" => record.black = value,
                "PW" => record.white = value,
                "PC" => record.event = value,
                "DT" => record.date = value,
                "RE" => record.result = value,
                "TY" if size.is_none() => {
                    // The type names the size among letters: "8", "8r", "s8r18", "10k".
                    let digits: String = value
                        .chars()
                        .skip_while(|c| !c.is_ascii_digit())
                        .take_while(char::is_ascii_digit)
                        .collect();
                    size = digits.parse().ok();
                    size_line = line;
                }
                "BO" => {
                    let (n, board) = value.split_once(char::is_whitespace).unwrap_or(("", ""));
                    let n: usize = n
                        .parse()
                        .map_err(|_| bad(format!("BO[{value}] does not start with a size")))?;
                    let (cells, side) = board_cells(board, n).ok_or_else(|| {
                        bad(format!(
                            "BO is not {n}x{n} cells of '*', 'O' or '-' and a side to move"
                        ))
                    })?;
                    let mut text: String =
                        cells.iter().map(|c| c.map_or('-', Side::symbol)).collect();
                    text.push(' ');
                    text.push(side.symbol());
                    record.start = Some(text);
                    size = Some(n);
                    size_line = line;
                }
                "B" | "W" => {
                    let word = value.split('/').next().unwrap_or("").trim();
                    let mv: Move = word
                        .parse()
                        .map_err(|_| bad(format!("{name}[{value}] is not a move")))?;
                    record.moves.push(mv);
                    record.places.push(Place::Line(line));
                }
                _ => {}
            }
        }
        let size = size.unwrap_or(8);
        record.size = OthelloSize::try_from(size)
            .map_err(|e| FormatError::new(Place::Line(size_line), e.to_string()))?;
        Ok(record)
    }
}

/// The 1-based line of byte `at` of `text`.
fn line_of(text: &str, at: usize) -> usize {
    1 + text.as_bytes()[..at]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Cell;

    const START_8: &str = "---------------------------O*------*O--------------------------- *";

    #[test]
    fn reads_a_game_as_ggs_writes_it() {
        let text = format!(
            "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[alice]PW[bob]RB[2100.0]\n\
             RW[1999.5]TI[15:00//02:00]TY[8]RE[+4.000]BO[8 {START_8}]\n\
             B[F5//0.01]W[d6/-1.5/0.02]B[C3]W[pa];)\n"
        );
        let games = read(&text).unwrap();
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.size, OthelloSize::S8);
        assert_eq!((g.black.as_str(), g.white.as_str()), ("alice", "bob"));
        assert_eq!(g.result, "+4.000");
        assert_eq!(g.event, "GGS/os");
        assert_eq!(g.date, "2003.12.15_13:24:03.MST");
        let f5 = Move::Place(Cell::new(5, 4));
        assert_eq!(g.moves[0], f5);
        assert_eq!(g.moves[3], Move::Pass);
        assert_eq!(g.places, vec![Place::Line(3); 4]);
        // The board is given in the core's letters: d4 White, e4 Black.
        let start = g.start.as_deref().unwrap();
        assert_eq!(&start[27..29], "OX");
        assert!(start.ends_with(" X"));
    }

    #[test]
    fn reads_many_games_and_sizes_from_ty_or_bo() {
        let text = "(;GM[Othello]TY[s12r]B[f5];)\n\n(;GM[Othello]B[e6];)";
        let games = read(text).unwrap();
        assert_eq!(games[0].size, OthelloSize::S12);
        assert_eq!(games[1].size, OthelloSize::S8);
        assert_eq!(games[1].place, Place::Line(3));
    }

    #[test]
    fn written_games_read_back() {
        let record = Record {
            size: OthelloSize::S8,
            start: Some(format!("{} X", &START_8[..64].replace('*', "X"))),
            moves: vec![Move::Place(Cell::new(5, 4)), Move::Pass],
            places: Vec::new(),
            place: Place::Line(1),
            black: "Person".into(),
            white: "Computer [Expert]".into(),
            event: "boardplay".into(),
            date: "2026.11.25".into(),
            result: "+2.00".into(),
        };
        let text = write(&record);
        assert!(
            text.starts_with("(;GM[Othello]PC[boardplay]PB[Person]"),
            "{text}"
        );
        assert!(text.contains(&format!("BO[8 {START_8}]")), "{text}");
        assert!(text.contains("B[F5]W[PA];)"), "{text}");
        let back = read(&text).unwrap().remove(0);
        assert_eq!(back.moves, record.moves);
        assert_eq!(back.start, record.start);
        assert_eq!(back.white, "Computer Expert");
        assert_eq!(back.result, "+2.00");
        assert_eq!(
            (back.event.as_str(), back.date.as_str()),
            ("boardplay", "2026.11.25")
        );
    }

    #[test]
    fn bad_files_name_the_line() {
        let cases = [
            ("hello", 1, "expected '(;'"),
            ("(;GM[Othello]\nB[F5]\nW[z9];)", 3, "W[z9] is not a move"),
            ("(;GM[Chess]B[e4];)", 1, "not an Othello game"),
            ("(;GM[Othello]\nB[F5", 2, "not closed with ']'"),
            (
                "(;GM[Othello]\nB[F5]\n",
                3,
                "ends inside the game that starts on line 1",
            ),
            ("(;GM[Othello]\n\nBO[8 ---- *];)", 3, "BO is not 8x8"),
            ("(;GM[Othello]TY[7]\n;)", 1, "size"),
            ("(;GM[Othello] 12 ;)", 1, "expected a property"),
            ("", 1, "no game"),
        ];
        for (text, line, words) in cases {
            let e = read(text).unwrap_err();
            assert_eq!(e.place, Place::Line(line), "{text:?}: {e}");
            assert!(e.to_string().contains(words), "{text:?}: {e}");
        }
    }
}
