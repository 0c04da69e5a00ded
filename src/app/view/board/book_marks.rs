//! Book marks: on a position the opening book holds, each book move's value written at the
//! bottom of its cell in a small tag (discs, signed for the side to move), the best ones on
//! gold. Analysis mode writes its values at the top of the cell, so the two never overlap.
//! The marks are worked out when the position changes (`app/document/opening.rs`); this only
//! paints them.

use egui::{Align2, Color32, CornerRadius, FontId, Pos2, Stroke, StrokeKind};

use crate::ai::book::BookMove;
use crate::core::{Cell, Move};

use super::{BoardStyle, Layout};

/// A book move on the board: its cell, its value for the side to move, and whether it is
/// one of the best.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMark {
    /// The move's cell.
    pub cell: Cell,
    /// Its value for the side to move, in discs, negamaxed through the book.
    pub value: i32,
    /// True for the book's best moves (equal values are all best).
    pub best: bool,
}

/// The marks of the book's moves `moves` (best first, as the book gives them).
pub fn book_marks(moves: &[BookMove]) -> Vec<BookMark> {
    let best = moves.iter().map(|m| m.value).max();
    moves
        .iter()
        .filter_map(|m| match m.mv {
            Move::Place(cell) => Some(BookMark {
                cell,
                value: m.value,
                best: Some(m.value) == best,
            }),
            Move::Pass => None,
        })
        .collect()
}

/// A value as it is written: "+2", "0", "-3".
pub fn value_text(value: i32) -> String {
    if value > 0 {
        format!("+{value}")
    } else {
        value.to_string()
    }
}

/// What a cell's accessible name adds for its book mark: ", book +2, book's best".
pub fn label(style: &BoardStyle, cell: Cell) -> String {
    match style.book.iter().find(|m| m.cell == cell) {
        Some(mark) if mark.best => format!(", book {}, book's best", value_text(mark.value)),
        Some(mark) => format!(", book {}", value_text(mark.value)),
        None => String::new(),
    }
}

/// The tag behind a book value: a dark blue, unlike the analysis value's yellow.
const TAG: Color32 = Color32::from_rgb(0x1a, 0x23, 0x7e);
/// The tag of the best book moves: gold, with dark text.
const BEST_TAG: Color32 = Color32::from_rgb(0xff, 0xc1, 0x07);

/// Paints the book marks of `style` on the board of `layout`.
pub fn paint(painter: &egui::Painter, layout: &Layout, style: &BoardStyle) {
    for mark in &style.book {
        let rect = layout.cell_rect(mark.cell);
        let size = (rect.height() * 0.26).clamp(9.0, 16.0);
        let (fill, text) = if mark.best {
            (BEST_TAG, Color32::BLACK)
        } else {
            (TAG, Color32::WHITE)
        };
        let galley = painter.layout_no_wrap(value_text(mark.value), FontId::monospace(size), text);
        let bottom = Pos2::new(rect.center().x, rect.max.y - rect.height() * 0.06);
        let text_rect = Align2::CENTER_BOTTOM.anchor_size(bottom, galley.size());
        let tag = text_rect.expand2(egui::vec2(3.0, 1.0));
        painter.rect_filled(tag, CornerRadius::same(3), fill);
        painter.rect_stroke(
            tag,
            CornerRadius::same(3),
            Stroke::new(1.0, Color32::from_black_alpha(140)),
            StrokeKind::Outside,
        );
        painter.galley(text_rect.min, galley, text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book_move(cell: &str, value: i32) -> BookMove {
        BookMove {
            mv: Move::Place(cell.parse().unwrap()),
            value,
            in_book: true,
            trusted: true,
        }
    }

    #[test]
    fn the_best_values_are_marked_and_signed() {
        let marks = book_marks(&[book_move("d3", 1), book_move("c4", 1), book_move("f5", -2)]);
        let best: Vec<bool> = marks.iter().map(|m| m.best).collect();
        assert_eq!(best, [true, true, false]);
        let words: Vec<String> = marks.iter().map(|m| value_text(m.value)).collect();
        assert_eq!(words, ["+1", "+1", "-2"]);
        assert_eq!(value_text(0), "0");
    }
}
