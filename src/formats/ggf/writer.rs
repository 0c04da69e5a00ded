//! Writing one game as GGF.

use crate::core::Side;
use crate::formats::{Record, board_cells, move_word};

/// The GGF text of one game. The record's start position, when given, is written as `BO`;
/// its date and result, when not empty, as `DT` and `RE`. Names are written as they are,
/// a `]` or `\` in them escaped, so that reading the text back gives them unchanged.
pub fn write(record: &Record) -> String {
    let size = record.size.get();
    let mut text = format!("(;GM[Othello]PC[{}]", escape(&record.event));
    for (key, value) in [("PB", &record.black), ("PW", &record.white)] {
        text.push_str(&format!("{key}[{}]", escape(value)));
    }
    for (key, value) in [("DT", &record.date), ("RE", &record.result)] {
        if !value.is_empty() {
            text.push_str(&format!("{key}[{}]", escape(value)));
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
