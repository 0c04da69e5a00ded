//! Painting the parts of the board: grid, pieces, flips, the last move, coordinates,
//! analysis values and a winning line.

use egui::{Align2, Color32, CornerRadius, FontId, Pos2, Rect, Stroke, StrokeKind, Vec2};

use crate::ai::analysis::MoveValue;
use crate::core::{Cell, Side, Variant};

use super::*;

/// A stroke through a winning line, from the centre of its first cell to its last.
pub(super) fn paint_winning_line(
    painter: &egui::Painter,
    layout: &Layout,
    line: &[Cell],
    palette: &Palette,
) {
    let (Some(&first), Some(&last)) = (line.first(), line.last()) else {
        return;
    };
    let (a, b) = (
        layout.cell_rect(first).center(),
        layout.cell_rect(last).center(),
    );
    // A little past the centres, so the ends sit inside the outer cells.
    let reach = (b - a).normalized() * layout.cell * 0.3;
    let stroke = Stroke::new((layout.cell * 0.08).clamp(3.0, 10.0), palette.win);
    painter.line_segment([a - reach, b + reach], stroke);
}

/// Writes a move's value small at the top of its cell, so a piece or dot stays visible.
/// The best value sits on a highlight; exact values are underlined, estimates are dimmer.
pub(super) fn paint_value(
    painter: &egui::Painter,
    rect: Rect,
    value: &MoveValue,
    best: bool,
    text_color: Color32,
    ringed: bool,
) {
    let color = match (best, value.exact) {
        (true, _) => Color32::BLACK,
        (false, true) => text_color,
        (false, false) => text_color.gamma_multiply(0.7),
    };
    let font = FontId::proportional(value_font_size(rect, ringed));
    let galley = painter.layout_no_wrap(value.label.clone(), font, color);
    let text_rect = value_rect(rect, galley.size(), ringed);
    if best {
        painter.rect_filled(text_rect.expand(2.0), CornerRadius::same(3), BEST_VALUE);
    }
    painter.galley(text_rect.min, galley, color);
    if value.exact {
        let y = text_rect.max.y + 1.0;
        painter.line_segment(
            [Pos2::new(text_rect.min.x, y), Pos2::new(text_rect.max.x, y)],
            Stroke::new(1.5, color),
        );
    }
}

/// The size of a value written on the cell `rect`: readable on a 12x12 board at the default
/// window size (about 12 px there); smaller on a ringed cell (the hint, the computer's best
/// move so far), where it must fit inside the ring.
pub(super) fn value_font_size(rect: Rect, ringed: bool) -> f32 {
    if ringed {
        (rect.height() * 0.24).clamp(7.0, 16.0)
    } else {
        (rect.height() * 0.34).clamp(11.0, 22.0)
    }
}

/// Where a value of `size` (its text, not its underline) goes on the cell `rect`: at the
/// top of the cell, or on a ringed cell in its middle, inside the ring, so that the two
/// never overlap.
pub(super) fn value_rect(rect: Rect, size: egui::Vec2, ringed: bool) -> Rect {
    if ringed {
        Align2::CENTER_CENTER.anchor_size(rect.center(), size)
    } else {
        let top = Pos2::new(rect.center().x, rect.min.y + rect.height() * 0.08);
        Align2::CENTER_TOP.anchor_size(top, size)
    }
}

pub(super) fn paint_grid(
    painter: &egui::Painter,
    layout: &Layout,
    variant: Variant,
    palette: &Palette,
) {
    let b = layout.board;
    let (rows, cols) = (layout.rows, layout.cols);
    match variant {
        Variant::Othello { .. } => {
            let stroke = Stroke::new((layout.cell * 0.03).clamp(1.0, 2.0), palette.grid);
            for i in 0..=cols {
                let x = b.min.x + i as f32 * layout.cell;
                painter.line_segment([Pos2::new(x, b.min.y), Pos2::new(x, b.max.y)], stroke);
            }
            for i in 0..=rows {
                let y = b.min.y + i as f32 * layout.cell;
                painter.line_segment([Pos2::new(b.min.x, y), Pos2::new(b.max.x, y)], stroke);
            }
        }
        Variant::TicTacToe { .. } => {
            // Inner lines only, as on paper.
            let stroke = Stroke::new((layout.cell * 0.04).clamp(1.5, 4.0), palette.grid);
            for i in 1..cols {
                let x = b.min.x + i as f32 * layout.cell;
                painter.line_segment([Pos2::new(x, b.min.y), Pos2::new(x, b.max.y)], stroke);
            }
            for i in 1..rows {
                let y = b.min.y + i as f32 * layout.cell;
                painter.line_segment([Pos2::new(b.min.x, y), Pos2::new(b.max.x, y)], stroke);
            }
        }
    }
}

pub(super) fn paint_piece(
    painter: &egui::Painter,
    variant: Variant,
    rect: Rect,
    side: Side,
    color: Color32,
    outline: Option<Color32>,
) {
    let c = rect.center();
    let size = rect.width();
    match variant {
        Variant::Othello { .. } => {
            painter.circle_filled(c, size * 0.4, color);
            if let Some(outline) = outline {
                painter.circle_stroke(c, size * 0.4, Stroke::new(1.0, outline));
            }
        }
        Variant::TicTacToe { .. } => {
            let stroke = Stroke::new((size * 0.09).max(2.0), color);
            let r = size * 0.3;
            if side == Side::First {
                painter.line_segment([c + Vec2::new(-r, -r), c + Vec2::new(r, r)], stroke);
                painter.line_segment([c + Vec2::new(-r, r), c + Vec2::new(r, -r)], stroke);
            } else {
                painter.circle_stroke(c, r, stroke);
            }
        }
    }
}

/// A disc turning over, seen edge-on halfway: its width follows |cos(pi t)|, in the old
/// colour for the first half and the new one after.
pub(super) fn paint_flip(
    painter: &egui::Painter,
    rect: Rect,
    palette: &Palette,
    was: Side,
    now: Side,
    t: f32,
) {
    let width = (std::f32::consts::PI * t).cos().abs();
    let side = if t < 0.5 { was } else { now };
    let r = rect.width() * 0.4;
    let radius = Vec2::new((r * width).max(0.5), r);
    painter.add(egui::Shape::ellipse_filled(
        rect.center(),
        radius,
        palette.side(side),
    ));
    painter.add(egui::Shape::ellipse_stroke(
        rect.center(),
        radius,
        Stroke::new(1.0, palette.outline),
    ));
}

pub(super) fn paint_last_move_background(
    painter: &egui::Painter,
    variant: Variant,
    rect: Rect,
    palette: &Palette,
) {
    if let Variant::TicTacToe { .. } = variant {
        painter.rect_filled(
            rect.shrink(rect.width() * 0.06),
            CornerRadius::same(4),
            palette.marker,
        );
    }
}

pub(super) fn paint_coordinates(painter: &egui::Painter, layout: &Layout, palette: &Palette) {
    let b = layout.board;
    let font = FontId::proportional((layout.cell * 0.32).clamp(8.0, 15.0));
    let gap = font.size * 0.9;
    for col in 0..layout.cols {
        let x = b.min.x + (col as f32 + 0.5) * layout.cell;
        let letter = char::from(b'a' + col as u8).to_string();
        painter.text(
            Pos2::new(x, b.min.y - gap),
            Align2::CENTER_CENTER,
            &letter,
            font.clone(),
            palette.coordinates,
        );
        painter.text(
            Pos2::new(x, b.max.y + gap),
            Align2::CENTER_CENTER,
            letter,
            font.clone(),
            palette.coordinates,
        );
    }
    for row in 0..layout.rows {
        let y = b.min.y + (row as f32 + 0.5) * layout.cell;
        let number = (row + 1).to_string();
        painter.text(
            Pos2::new(b.min.x - gap, y),
            Align2::CENTER_CENTER,
            &number,
            font.clone(),
            palette.coordinates,
        );
        painter.text(
            Pos2::new(b.max.x + gap, y),
            Align2::CENTER_CENTER,
            number,
            font.clone(),
            palette.coordinates,
        );
    }
    painter.rect_stroke(
        b,
        CornerRadius::same(2),
        Stroke::new(1.0, palette.grid),
        StrokeKind::Outside,
    );
}
