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

/// Reads every position of an OBF text.
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
        ];
        for (text, words) in cases {
            let e = read(&format!("\n{text}")).unwrap_err();
            assert_eq!(e.place, Place::Line(2), "{e}");
            assert!(e.to_string().contains(words), "{e}");
        }
    }
}
