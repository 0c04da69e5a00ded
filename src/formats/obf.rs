//! OBF, the one-line position format of Edax's problem files:
//!
//! ```text
//! --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; A1:+10;
//! ```
//!
//! 64 cells row by row from a1 (`X` Black, `O` White, `-` empty), the side to move, a `;`,
//! and optionally the exact value of legal moves, each `MOVE:VALUE;` in discs for the side
//! to move. A board of another square size has its own number of cells. Blank lines and
//! lines starting `%` or `#` are comments.

use super::{FormatError, Place, move_word};
use crate::core::Move;

/// A position read from an OBF line, with the values it gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The board string (see [`crate::core::notation`]): the cells, a space, the side to
    /// move.
    pub board: String,
    /// Board side: the square root of the number of cells.
    pub size: usize,
    /// Exact values of moves, in discs for the side to move, as the line gives them.
    pub values: Vec<(Move, i32)>,
    /// The line it was read from.
    pub place: Place,
}

impl Problem {
    /// The best value the line gives, if it gives any.
    pub fn best_value(&self) -> Option<i32> {
        self.values.iter().map(|&(_, v)| v).max()
    }

    /// The value the line gives for `mv`.
    pub fn value_of(&self, mv: Move) -> Option<i32> {
        self.values.iter().find(|&&(m, _)| m == mv).map(|&(_, v)| v)
    }
}

/// Reads every position of an OBF file's bytes: [`read`], once they are known to be text.
/// Bytes that are not UTF-8 are named by their line and byte.
pub fn read_bytes(bytes: &[u8]) -> Result<Vec<Problem>, FormatError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => read(text),
        Err(e) => {
            let at = e.valid_up_to();
            let (line, _) = super::not_utf8_at(bytes, at);
            Err(FormatError::new(
                Place::Line(line),
                format!("byte {at} is not UTF-8 text"),
            ))
        }
    }
}

/// Reads every position of an OBF text. A value must be a whole number of discs the board
/// can hold (-64 to 64 on 8x8), for a move on the board given once; whether the move is
/// legal is for whoever plays the position to check.
pub fn read(text: &str) -> Result<Vec<Problem>, FormatError> {
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let place = Place::Line(i + 1);
        let line = line.trim();
        if line.is_empty() || line.starts_with('%') || line.starts_with('#') {
            continue;
        }
        let bad = |message: String| FormatError::new(place, message);
        let mut fields = line.split(';').map(str::trim);
        let head = fields.next().unwrap_or("");
        let (cells, side) = head
            .rsplit_once(char::is_whitespace)
            .ok_or_else(|| bad(format!("'{head}' is not cells, a space and X or O")))?;
        let cells: String = cells.split_whitespace().collect();
        let size = (4..=16)
            .find(|n| n * n == cells.chars().count())
            .ok_or_else(|| {
                bad(format!(
                    "{} cells are no square board",
                    cells.chars().count()
                ))
            })?;
        if !matches!(side, "X" | "O" | "x" | "o") {
            return Err(bad(format!("the side to move is '{side}', not X or O")));
        }
        if let Some(c) = cells
            .chars()
            .find(|c| !matches!(c, 'X' | 'O' | 'x' | 'o' | '-' | '.'))
        {
            return Err(bad(format!("'{c}' is not a cell (X, O or -)")));
        }
        let mut values = Vec::new();
        for field in fields.filter(|f| !f.is_empty()) {
            let (mv, value) = field
                .split_once(':')
                .ok_or_else(|| bad(format!("'{field}' is not MOVE:VALUE")))?;
            let mv: Move = mv
                .trim()
                .parse()
                .map_err(|_| bad(format!("'{mv}' is not a move")))?;
            let value: i32 = value
                .trim()
                .parse()
                .map_err(|_| bad(format!("'{value}' is not a number of discs")))?;
            let cells = (size * size) as i32;
            if !(-cells..=cells).contains(&value) {
                return Err(bad(format!(
                    "{}:{value:+}: a value is from -{cells} to +{cells} discs on {size}x{size}",
                    move_word(mv)
                )));
            }
            if let Move::Place(cell) = mv
                && (usize::from(cell.col) >= size || usize::from(cell.row) >= size)
            {
                return Err(bad(format!(
                    "{} is not on the {size}x{size} board",
                    move_word(mv)
                )));
            }
            if values.iter().any(|&(m, _)| m == mv) {
                return Err(bad(format!("{} is given twice", move_word(mv))));
            }
            values.push((mv, value));
        }
        problems.push(Problem {
            board: format!("{cells} {}", side.to_ascii_uppercase()),
            size,
            values,
            place,
        });
    }
    Ok(problems)
}

/// The OBF line of the position `board` (a board string) with the values of its moves,
/// best first.
pub fn write(board: &str, values: &[(Move, i32)]) -> String {
    let board: String = board.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut sorted = values.to_vec();
    sorted.sort_by_key(|&(_, v)| -v);
    let mut line = format!("{board};");
    for (mv, v) in sorted {
        line.push_str(&format!(" {}:{v:+};", move_word(mv)));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Cell;

    // FFO #40's position, with values written for the test.
    const LINE: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; \
                        A2:+38; B1:+36; C1:+36;";

    #[test]
    fn reads_positions_and_values() {
        let text = format!("% a comment\n\n{LINE}\n{}", &LINE[..66]);
        let problems = read(&text).unwrap();
        assert_eq!(problems.len(), 2);
        let p = &problems[0];
        assert_eq!(p.size, 8);
        assert_eq!(p.place, Place::Line(3));
        assert!(p.board.ends_with(" X"));
        let a2 = Move::Place(Cell::new(0, 1));
        assert_eq!(p.values[0], (a2, 38));
        assert_eq!(p.best_value(), Some(38));
        assert_eq!(p.value_of(Move::Place(Cell::new(2, 0))), Some(36));
        assert!(problems[1].values.is_empty());
    }

    #[test]
    fn bytes_that_are_not_text_are_named_by_their_line() {
        let mut bytes = format!("% c\n{LINE}\n").into_bytes();
        bytes.extend_from_slice(b"X\xFFO");
        let e = read_bytes(&bytes).unwrap_err();
        assert_eq!(e.place, Place::Line(3));
        assert_eq!(
            e.to_string(),
            format!("line 3: byte {} is not UTF-8 text", 5 + LINE.len() + 1)
        );
        assert_eq!(read_bytes(LINE.as_bytes()).unwrap().len(), 1);
    }

    #[test]
    fn writes_what_it_reads() {
        let p = &read(LINE).unwrap()[0];
        let line = write(&p.board, &p.values);
        assert_eq!(read(&line).unwrap()[0].values, p.values);
        assert!(line.contains("X; A2:+38; B1:+36;"), "{line}");
    }

    #[test]
    fn bad_lines_are_named() {
        let cases = [
            ("XO- X", "no square board"),
            (&LINE.replace(" X;", " Z;"), "not X or O"),
            (&LINE.replace("A2:+38", "A2+38"), "not MOVE:VALUE"),
            (&LINE.replace("A2:+38", "Z2:+38"), "not a move"),
            (&LINE.replace("A2:+38", "A2:lots"), "not a number"),
            (&LINE.replacen('-', "?", 1), "'?' is not a cell"),
            (
                &LINE.replace("A2:+38", "F5:+2147483647"),
                "F5:+2147483647: a value is from -64 to +64 discs on 8x8",
            ),
            (&LINE.replace("A2:+38", "A2:-65"), "from -64 to +64"),
            (&LINE.replace("A2:+38", "A2:+99999999999"), "not a number"),
            (
                &LINE.replace("A2:+38", "J2:+38"),
                "J2 is not on the 8x8 board",
            ),
            (&LINE.replace("A2:+38", "B1:+38"), "B1 is given twice"),
        ];
        for (text, words) in cases {
            let e = read(&format!("\n{text}")).unwrap_err();
            assert_eq!(e.place, Place::Line(2), "{e}");
            assert!(e.to_string().contains(words), "{e}");
        }
    }
}
