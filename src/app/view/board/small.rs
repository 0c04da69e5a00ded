//! A board drawn small and still, for pictures beside the main board (the "How it thinks"
//! view): the grid and the pieces, no widgets, so nothing on it is taken for the board
//! people play on.

use egui::{CornerRadius, Rect, Sense, Ui, Vec2};

use crate::core::{Cell, Side, Variant};

use super::paint::{paint_grid, paint_piece};
use super::{Layout, Palette};

/// Paints `cells` (row by row from a1) as a `rows` x `cols` board in a square `size` points
/// wide at the cursor, and returns its layout, for what is drawn over it, and its response
/// (hover only).
pub fn paint_small(
    ui: &mut Ui,
    variant: Variant,
    (rows, cols): (usize, usize),
    cells: &[Option<Side>],
    size: f32,
) -> (Layout, egui::Response) {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(size), Sense::hover());
    let layout = Layout::fit(rect, rows, cols, false);
    let palette = Palette::new(variant, ui.visuals());
    let painter = ui.painter_at(rect);
    painter.rect_filled(layout.board, CornerRadius::same(2), palette.background);
    for (index, side) in cells.iter().enumerate() {
        if let Some(side) = *side {
            let cell_rect: Rect = layout.cell_rect(Cell::from_index(index, cols));
            let color = palette.side(side);
            paint_piece(
                &painter,
                variant,
                cell_rect,
                side,
                color,
                Some(palette.outline),
            );
        }
    }
    paint_grid(&painter, &layout, variant, &palette);
    (layout, response)
}
