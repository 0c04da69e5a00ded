//! The geometry of a board laid out in a rectangle.

use egui::{Rect, Vec2};

use crate::core::Cell;

/// The geometry of a board laid out in a rectangle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The playing area (the grid), square.
    pub board: Rect,
    /// Side of one cell.
    pub cell: f32,
    pub(super) rows: usize,
    pub(super) cols: usize,
}

impl Layout {
    /// The largest square board with `rows` x `cols` cells that fits in `area`, leaving room
    /// for coordinates if asked.
    pub fn fit(area: Rect, rows: usize, cols: usize, coordinates: bool) -> Layout {
        let n = rows.max(cols) as f32;
        let short = area.width().min(area.height()).max(1.0);
        let margin = if coordinates {
            (short / (n + 1.0) * 0.6).clamp(8.0, 22.0)
        } else {
            2.0
        };
        let side = (short - 2.0 * margin).max(1.0);
        let cell = side / n;
        let size = Vec2::new(cell * cols as f32, cell * rows as f32);
        Layout {
            board: Rect::from_center_size(area.center(), size),
            cell,
            rows,
            cols,
        }
    }

    /// The rectangle of `cell`.
    pub fn cell_rect(&self, cell: Cell) -> Rect {
        let min = self.board.min
            + Vec2::new(
                f32::from(cell.col) * self.cell,
                f32::from(cell.row) * self.cell,
            );
        Rect::from_min_size(min, Vec2::splat(self.cell))
    }
}
