//! The accessible names of the board, its cells and their analysis values.

use crate::ai::analysis::MoveValue;
use crate::app::document::session::BoardView;
use crate::app::view::words::side_name;
use crate::core::{Cell, Move, Variant};

/// The accessible name of a cell: "d3, empty, legal move", "e4, black, last move".
pub fn cell_label(view: &BoardView, variant: Variant, cell: Cell) -> String {
    let mut label = format!("{cell}, ");
    match view.at(cell) {
        // "e4, black" reads well; marks keep their letter: "b2, X".
        Some(side) => match variant {
            Variant::Othello { .. } => label.push_str(&side_name(variant, side).to_lowercase()),
            Variant::TicTacToe { .. } => label.push_str(side_name(variant, side)),
        },
        None => label.push_str("empty"),
    }
    if view.is_legal(cell) {
        label.push_str(", legal move");
    }
    if view.last_move == Some(Move::Place(cell)) {
        label.push_str(", last move");
    }
    if view.winning.iter().any(|line| line.contains(&cell)) {
        label.push_str(", winning line");
    }
    label
}

/// The accessible name of the whole board: "Othello 8x8 board".
pub fn board_label(variant: Variant) -> String {
    format!("{variant} board")
}

/// What a cell's accessible name adds for its analysis value: ", value +18 exact, best".
pub fn value_label(value: &MoveValue, best: bool) -> String {
    let mut text = format!(", value {}", value.label);
    if value.exact {
        text.push_str(" exact");
    }
    if best {
        text.push_str(", best");
    }
    text
}
