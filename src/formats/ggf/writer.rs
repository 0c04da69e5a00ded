//! Writing one game as GGF.

use crate::core::Side;
use crate::formats::{Record, board_cells, move_word};

use super::clock::{write_clock, write_time};

/// The GGF text of one game. The record's start position, when given, is written as `BO`;
/// its date, result and ratings, when not empty, as `DT`, `RE`, `RB` and `RW`; the game type
/// as the file gave it (`TY[8kr20]`) where it names the board's size; its time control as
/// `TI`, and each move's evaluation and time where it has them (`B[F5/8.03/1.250]`). Names are written as they are,
/// a `]` or `\` in them escaped, so that reading the text back gives them unchanged.
pub fn write(record: &Record) -> String {
    let size = record.size.get();
    let mut text = format!("(;GM[Othello]PC[{}]", escape(&record.event));
    for (key, value) in [("PB", &record.black), ("PW", &record.white)] {
        text.push_str(&format!("{key}[{}]", escape(value)));
    }
    let [black_rating, white_rating] = &record.notes.ratings;
    for (key, value) in [
        ("DT", &record.date),
        ("RE", &record.result),
        ("RB", black_rating),
        ("RW", white_rating),
    ] {
        if !value.is_empty() {
            text.push_str(&format!("{key}[{}]", escape(value)));
        }
    }
    if let Some(control) = record.timing.control {
        text.push_str(&format!("TI[{}]", write_clock(control)));
    }
    // The game type as the file wrote it (komi, random start...) where it names this size.
    let kind = &record.notes.kind;
    if super::reader::first_number(kind) == Some(size) {
        text.push_str(&format!("TY[{}]", escape(kind)));
    } else {
        text.push_str(&format!("TY[{size}]"));
    }
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
    for (i, mv) in record.moves.iter().enumerate() {
        let colour = if to_move == Side::First { 'B' } else { 'W' };
        // `F5`, `F5/8.03`, `F5//1.250` or `F5/8.03/1.250`.
        let eval = record.notes.evals.get(i).map_or("", String::as_str);
        let after = match record.timing.move_ms.get(i) {
            Some(&ms) => format!("/{}/{}", escape(eval), write_time(ms)),
            None if !eval.is_empty() => format!("/{}", escape(eval)),
            None => String::new(),
        };
        text.push_str(&format!("{colour}[{}{after}]", move_word(*mv)));
        to_move = to_move.opponent();
    }
    text.push_str(";)\n");
    text
}

/// A value as GGF writes it: `\`, `[` and `]` escaped with a `\` (the reader takes an
/// unescaped `[` inside a value for a `]` left out).
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if matches!(c, '\\' | '[' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
