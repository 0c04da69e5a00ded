//! The board, painted with egui's painter: grid, pieces, coordinates, legal-move dots, the
//! last move, a hover preview with the discs the move would flip, and a winning line. Every cell is also a widget with an accessible name such as
//! "d3, empty, legal move", which screen readers read and tests click.

use egui::{
    Color32, CornerRadius, Rect, Response, Role, Sense, Stroke, StrokeKind, Ui, WidgetInfo,
};

use crate::ai::analysis::{Analysis, MoveValue};
use crate::core::{Cell, Move, Variant};

use crate::app::document::session::BoardView;
use crate::app::document::settings::Display;

mod animation;
mod book_marks;
mod labels;
mod layout;
mod paint;
mod palette;
mod small;
#[cfg(test)]
mod tests;

pub use animation::{ANIMATION_SECONDS, Animation};
pub use book_marks::{BookMark, book_marks};
pub use labels::{board_label, cell_label, value_label};
pub use layout::Layout;
pub(super) use palette::Palette;
pub use small::paint_small;

use paint::*;
use palette::*;

/// How the board is drawn: what to show and who may click. The default shows discs only,
/// with nothing marked and no clicks taken as moves.
#[derive(Default)]
pub struct BoardStyle {
    /// Display options from the settings.
    pub display: Display,
    /// True when a person is to move in the shown position: dots and hover preview appear.
    pub person_to_move: bool,
    /// The hint's cell, marked with a gold ring.
    pub hint: Option<Cell>,
    /// The hint's value, written on its cell (where Analysis mode has written none).
    pub hint_value: Option<MoveValue>,
    /// The computer's best move so far while it thinks, marked with a blue ring.
    pub best: Option<Cell>,
    /// In the review, before a costly move: the better move, marked with a green ring.
    pub better: Option<Cell>,
    /// The computer's last move being shown, and how far along it is (0 to 1).
    pub animation: Option<(Animation, f32)>,
    /// Analysis mode's values of the legal moves found so far, for the shown position.
    pub analysis: Option<Analysis>,
    /// The opening book's moves in the shown position, while book marks are on.
    pub book: Vec<BookMark>,
}

/// Paints the board in the space left in `ui` and returns the cell clicked, if any.
pub fn show(ui: &mut Ui, view: &BoardView, variant: Variant, style: &BoardStyle) -> Option<Cell> {
    let area = ui.available_rect_before_wrap();
    let layout = Layout::fit(area, view.rows, view.cols, style.display.coordinates);
    let board_response = ui.allocate_rect(area, Sense::hover());
    board_response.widget_info(|| WidgetInfo::labeled(Role::Grid, true, board_label(variant)));
    let palette = Palette::new(variant, ui.visuals());
    let painter = ui.painter_at(area);

    painter.rect_filled(layout.board, CornerRadius::same(2), palette.background);
    if style.display.coordinates {
        paint_coordinates(&painter, &layout, &palette);
    }

    let mut clicked = None;
    let mut previewed = None;
    let base_id = board_response.id;
    for index in 0..view.rows * view.cols {
        let cell = Cell::from_index(index, view.cols);
        let rect = layout.cell_rect(cell);
        let response: Response = ui.interact(rect, base_id.with(index), Sense::click());
        response.widget_info(|| {
            let mut label = cell_label(view, variant, cell);
            if style.hint == Some(cell) {
                label.push_str(", hint");
                if let Some(value) = &style.hint_value {
                    label.push_str(&format!(" {}", value.label));
                    if value.exact {
                        label.push_str(" exact");
                    }
                }
            }
            if style.best == Some(cell) {
                label.push_str(", computer's best so far");
            }
            if style.better == Some(cell) {
                label.push_str(", better move");
            }
            if let Some((value, best)) = analysed(style, cell) {
                label.push_str(&value_label(value, best));
            }
            label.push_str(&book_marks::label(style, cell));
            WidgetInfo::labeled(Role::Button, true, label)
        });
        if response.clicked() {
            clicked = Some(cell);
        }
        let legal = view.is_legal(cell);
        let ringed = [style.hint, style.best, style.better].contains(&Some(cell));
        if style.display.last_move && view.last_move == Some(Move::Place(cell)) {
            paint_last_move_background(&painter, variant, rect, &palette);
        }
        let moving = style.animation.as_ref().and_then(|(a, t)| {
            if a.placed == Some(cell) {
                Some((None, *t))
            } else {
                let was = a.flipped.iter().find(|(c, _)| *c == cell)?.1;
                Some((Some(was), *t))
            }
        });
        if let Some(side) = view.at(cell) {
            match moving {
                // A new piece grows from a third of its size.
                Some((None, t)) => {
                    let grown =
                        Rect::from_center_size(rect.center(), rect.size() * (0.35 + 0.65 * t));
                    paint_piece(
                        &painter,
                        variant,
                        grown,
                        side,
                        palette.side(side),
                        Some(palette.outline),
                    );
                }
                Some((Some(was), t)) => paint_flip(&painter, rect, &palette, was, side, t),
                None => paint_piece(
                    &painter,
                    variant,
                    rect,
                    side,
                    palette.side(side),
                    Some(palette.outline),
                ),
            }
        } else if legal && style.person_to_move {
            if response.hovered() {
                let color = palette.side(view.to_move).gamma_multiply(0.45);
                paint_piece(&painter, variant, rect, view.to_move, color, None);
                previewed = Some(cell);
            } else if style.display.legal_dots
                && matches!(variant, Variant::Othello { .. })
                && !ringed
            {
                // Not in tic-tac-toe, where every empty cell is a legal move, nor in a ring,
                // which marks the move already and may hold its value in the middle.
                // Small whatever the board size: a hint, not a piece.
                painter.circle_filled(rect.center(), (layout.cell * 0.1).min(6.0), palette.dot);
            }
        }
        if response.hovered() && style.person_to_move && legal {
            ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
        }
        if response.has_focus() {
            // Keyboard players (Tab, then Enter) see where they are.
            let stroke = Stroke::new(3.0, palette.focus);
            painter.rect_stroke(
                rect.shrink(2.0),
                CornerRadius::same(3),
                stroke,
                StrokeKind::Inside,
            );
        }
        if style.display.last_move
            && view.last_move == Some(Move::Place(cell))
            && matches!(variant, Variant::Othello { .. })
        {
            painter.circle_filled(rect.center(), layout.cell * 0.09, palette.marker);
        }
        for (marked, color, width) in [
            (style.hint, HINT_RING, 0.08),
            (style.best, BEST_RING, 0.06),
            (style.better, BETTER_RING, 0.08),
        ] {
            if marked == Some(cell) {
                let stroke = Stroke::new(ring_width(layout.cell, width), color);
                painter.circle_stroke(rect.center(), layout.cell * RING_RADIUS, stroke);
            }
        }
        // Light on the green Othello board, the usual text colour on tic-tac-toe's.
        let text = match variant {
            Variant::Othello { .. } => Color32::WHITE,
            Variant::TicTacToe { .. } => palette.coordinates,
        };
        if let Some((value, best)) = analysed(style, cell) {
            paint_value(&painter, rect, value, best, text, ringed);
        } else if style.hint == Some(cell)
            && let Some(value) = &style.hint_value
        {
            paint_value(&painter, rect, value, false, text, ringed);
        }
    }
    paint_grid(&painter, &layout, variant, &palette);
    book_marks::paint(&painter, &layout, style);
    if let Some(cell) = previewed {
        // The discs the move would turn, each shown half turned: a smaller disc of the
        // mover's colour on it.
        for &flip in view.flips(cell) {
            let rect = layout.cell_rect(flip);
            let color = palette.side(view.to_move).gamma_multiply(0.85);
            painter.circle_filled(rect.center(), rect.width() * 0.22, color);
        }
    }
    for line in &view.winning {
        paint_winning_line(&painter, &layout, line, &palette);
    }
    clicked
}

/// The radius of the rings that mark a cell (the hint, the computer's best move so far, the
/// review's better move), as a share of the cell.
const RING_RADIUS: f32 = 0.36;

/// The width of a ring on a cell of `cell` points, `share` of it within 2 to 5 points.
fn ring_width(cell: f32, share: f32) -> f32 {
    (cell * share).clamp(2.0, 5.0)
}

/// The analysis value of `cell`, and whether it is the best, if analysed.
fn analysed(style: &BoardStyle, cell: Cell) -> Option<(&MoveValue, bool)> {
    let analysis = style.analysis.as_ref()?;
    let value = analysis.value(Move::Place(cell))?;
    Some((value, analysis.is_best(value.mv)))
}
