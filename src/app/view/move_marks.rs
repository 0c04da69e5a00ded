//! The opening in the move list: a row naming the opening of the position shown (and the
//! move that reached it), and a small "book" tag beside each move the computer played from
//! its opening book.

use egui::{RichText, Ui};

/// The row above the moves naming the opening, if the position shown is in a named one:
/// "Opening: Tiger (move 5)".
pub fn opening_row(ui: &mut Ui, opening: Option<(&str, usize)>) {
    if let Some((name, moves)) = opening {
        ui.label(RichText::new(format!("Opening: {name} (move {moves})")).italics())
            .on_hover_text(format!(
                "The position after move {moves} is the {name}'s, reached in any order of \
                 its moves and in any of the board's eight images"
            ));
    }
}

/// The tag beside a move played from the opening book, if `from_book`.
pub fn book_tag(ui: &mut Ui, from_book: bool) {
    if from_book {
        ui.label(RichText::new("book").small().weak())
            .on_hover_text("The computer played this move from its opening book, without a search");
    }
}
