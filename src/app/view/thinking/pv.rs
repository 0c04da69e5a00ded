//! The principal variations: the line alpha-beta (the players' search, to a depth) and the
//! exact solver expect from the shown position, drawn on a copy of the board as numbered
//! moves, with their values.

use egui::{Align2, Color32, FontId, Ui};

use crate::app::jobs::thinking::reports::{Line, PvReport};
use crate::app::view::words::{side_name, thousands};
use crate::core::{Move, Side, Variant};

use super::Subject;

/// Paints the principal-variation part; `solver` says which line the board shows.
pub(super) fn show(
    ui: &mut Ui,
    solver: &mut bool,
    report: Option<&PvReport>,
    subject: &Subject<'_>,
) {
    let Some(report) = report else {
        ui.label("Searching for the best line...");
        return;
    };
    let side = side_name(subject.variant, subject.view.to_move);
    if let Some((line, depth)) = &report.search {
        ui.label(format!(
            "Alpha-beta, {depth} plies: {} for {side} ({} positions)",
            line.value,
            thousands(line.line.nodes as usize)
        ));
        ui.label(moves_text(&line.line.moves));
    }
    match &report.solver {
        Some(line) => {
            ui.label(format!(
                "Solver, exact: {} for {side} ({} positions)",
                line.value,
                thousands(line.line.nodes as usize)
            ));
            ui.label(moves_text(&line.line.moves));
        }
        None => {
            subject.beyond_the_solver(ui, report.solver_reach);
        }
    }
    let shown: Option<&Line> = match (&report.solver, &report.search) {
        (Some(s), Some((l, _))) => {
            ui.horizontal(|ui| {
                ui.label("On the board:");
                ui.radio_value(solver, false, "alpha-beta's line");
                ui.radio_value(solver, true, "the solver's line");
            });
            Some(if *solver { s } else { l })
        }
        (Some(s), None) => Some(s),
        (None, Some((l, _))) => Some(l),
        (None, None) => None,
    };
    if let Some(line) = shown {
        numbered(ui, &line.line.moves, subject);
    }
}

/// "1. d3  2. c5  3. pass ...".
fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{}. {m}", i + 1))
        .collect::<Vec<_>>()
        .join("  ")
}

/// The board with the line's moves numbered on their cells, each in its mover's colour.
fn numbered(ui: &mut Ui, moves: &[Move], subject: &Subject<'_>) {
    let view = subject.view;
    let (layout, painter) = subject.board_copy(ui);
    let mut mover = view.to_move;
    for (i, mv) in moves.iter().enumerate() {
        if let Move::Place(cell) = mv {
            let rect = layout.cell_rect(*cell);
            let (fill, ink) = colours(subject.variant, mover);
            if let Some(fill) = fill {
                painter.circle_filled(rect.center(), rect.width() * 0.4, fill);
            }
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                (i + 1).to_string(),
                FontId::proportional((rect.height() * 0.45).clamp(9.0, 22.0)),
                ink,
            );
        }
        mover = mover.opponent();
    }
}

/// A numbered move's disc (Othello) and number colours for its mover.
fn colours(variant: Variant, mover: Side) -> (Option<Color32>, Color32) {
    match (variant, mover) {
        (Variant::Othello { .. }, Side::First) => (Some(Color32::from_gray(20)), Color32::WHITE),
        (Variant::Othello { .. }, Side::Second) => (Some(Color32::from_gray(235)), Color32::BLACK),
        (Variant::TicTacToe { .. }, Side::First) => (None, Color32::from_rgb(0x1e, 0x88, 0xe5)),
        (Variant::TicTacToe { .. }, Side::Second) => (None, Color32::from_rgb(0xe5, 0x39, 0x35)),
    }
}
