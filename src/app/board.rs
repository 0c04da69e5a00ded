//! The board, painted with egui's painter: grid, pieces, coordinates, legal-move dots, the
//! last move, a hover preview with the discs the move would flip, and a winning line. Every cell is also a widget with an accessible name such as
//! "d3, empty, legal move", which screen readers read and tests click.

use egui::{
    Align2, Color32, CornerRadius, FontId, Pos2, Rect, Response, Role, Sense, Stroke, StrokeKind,
    Ui, Vec2, WidgetInfo,
};

use crate::core::{Cell, Move, Side, Variant};

use crate::ai::analysis::{Analysis, MoveValue};

use super::session::BoardView;
use super::settings::Display;
use super::words::side_name;

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
    /// The computer's best move so far while it thinks, marked with a blue ring.
    pub best: Option<Cell>,
    /// In the review, before a costly move: the better move, marked with a green ring.
    pub better: Option<Cell>,
    /// The computer's last move being shown, and how far along it is (0 to 1).
    pub animation: Option<(Animation, f32)>,
    /// Analysis mode's values of the legal moves found so far, for the shown position.
    pub analysis: Option<Analysis>,
}

/// How long the computer's move takes to appear, in seconds.
pub const ANIMATION_SECONDS: f64 = 0.25;

/// A computer's move being shown: the new piece grows into its cell and each flipped disc
/// turns over (its width shrinks to nothing in the old colour, then grows in the new one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    /// The cell played, if the move was not a pass.
    pub placed: Option<Cell>,
    /// The discs that changed side, with the side they had before.
    pub flipped: Vec<(Cell, Side)>,
}

impl Animation {
    /// What changed between two views of the same board.
    pub fn between(before: &BoardView, after: &BoardView) -> Animation {
        let mut animation = Animation {
            placed: None,
            flipped: Vec::new(),
        };
        for index in 0..after.cells.len().min(before.cells.len()) {
            let cell = Cell::from_index(index, after.cols);
            match (before.cells[index], after.cells[index]) {
                (None, Some(_)) => animation.placed = Some(cell),
                (Some(was), Some(now)) if was != now => animation.flipped.push((cell, was)),
                _ => {}
            }
        }
        animation
    }
}

/// The hint's ring: gold, unlike anything else on either board.
const HINT_RING: Color32 = Color32::from_rgb(0xff, 0xc1, 0x07);
/// Behind the best analysis value: yellow.
const BEST_VALUE: Color32 = Color32::from_rgb(0xff, 0xeb, 0x3b);
/// The ring on the computer's best move so far: light blue.
const BEST_RING: Color32 = Color32::from_rgb(0x29, 0xb6, 0xf6);

/// The ring around the better move, in the review of a costly one.
const BETTER_RING: Color32 = Color32::from_rgb(0x66, 0xe0, 0x6a);

/// The geometry of a board laid out in a rectangle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The playing area (the grid), square.
    pub board: Rect,
    /// Side of one cell.
    pub cell: f32,
    rows: usize,
    cols: usize,
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

/// The board's colours, which the review chart shares.
pub(super) struct Palette {
    pub(super) background: Color32,
    grid: Color32,
    first: Color32,
    second: Color32,
    pub(super) outline: Color32,
    dot: Color32,
    pub(super) marker: Color32,
    coordinates: Color32,
    focus: Color32,
    /// The stroke through a winning line.
    win: Color32,
}

impl Palette {
    pub(super) fn new(variant: Variant, visuals: &egui::Visuals) -> Palette {
        let dark = visuals.dark_mode;
        match variant {
            Variant::Othello { .. } => Palette {
                background: if dark {
                    Color32::from_rgb(0x1f, 0x5e, 0x34)
                } else {
                    Color32::from_rgb(0x2e, 0x8b, 0x4a)
                },
                grid: Color32::from_rgb(0x12, 0x3d, 0x20),
                first: Color32::from_rgb(0x1a, 0x1a, 0x1a),
                second: Color32::from_rgb(0xf2, 0xf2, 0xf2),
                outline: Color32::from_rgb(0x0c, 0x0c, 0x0c),
                dot: Color32::from_black_alpha(110),
                marker: Color32::from_rgb(0xe5, 0x39, 0x35),
                coordinates: visuals.text_color(),
                focus: Color32::from_rgb(0xff, 0xd5, 0x4f),
                win: Color32::from_rgb(0xff, 0xd5, 0x4f),
            },
            Variant::TicTacToe { .. } => Palette {
                background: visuals.extreme_bg_color,
                grid: visuals.text_color(),
                first: Color32::from_rgb(0x1e, 0x88, 0xe5),
                second: Color32::from_rgb(0xe5, 0x39, 0x35),
                outline: Color32::TRANSPARENT,
                dot: visuals.weak_text_color().gamma_multiply(0.6),
                marker: visuals.selection.bg_fill.gamma_multiply(0.35),
                coordinates: visuals.text_color(),
                focus: visuals.selection.stroke.color,
                win: Color32::from_rgb(0x43, 0xa0, 0x47).gamma_multiply(0.85),
            },
        }
    }

    pub(super) fn side(&self, side: Side) -> Color32 {
        match side {
            Side::First => self.first,
            Side::Second => self.second,
        }
    }
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
            WidgetInfo::labeled(Role::Button, true, label)
        });
        if response.clicked() {
            clicked = Some(cell);
        }
        let legal = view.is_legal(cell);
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
            } else if style.display.legal_dots && matches!(variant, Variant::Othello { .. }) {
                // Not in tic-tac-toe, where every empty cell is a legal move.
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
                let stroke = Stroke::new((layout.cell * width).clamp(2.0, 5.0), color);
                painter.circle_stroke(rect.center(), layout.cell * 0.36, stroke);
            }
        }
        if let Some((value, best)) = analysed(style, cell) {
            // Light on the green Othello board, the usual text colour on tic-tac-toe's.
            let text = match variant {
                Variant::Othello { .. } => Color32::WHITE,
                Variant::TicTacToe { .. } => palette.coordinates,
            };
            paint_value(&painter, rect, value, best, text);
        }
    }
    paint_grid(&painter, &layout, variant, &palette);
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

/// A stroke through a winning line, from the centre of its first cell to its last.
fn paint_winning_line(painter: &egui::Painter, layout: &Layout, line: &[Cell], palette: &Palette) {
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

/// The analysis value of `cell`, and whether it is the best, if analysed.
fn analysed(style: &BoardStyle, cell: Cell) -> Option<(&MoveValue, bool)> {
    let analysis = style.analysis.as_ref()?;
    let value = analysis.value(Move::Place(cell))?;
    Some((value, analysis.is_best(value.mv)))
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

/// Writes a move's value small at the top of its cell, so a piece or dot stays visible.
/// The best value sits on a highlight; exact values are underlined, estimates are dimmer.
fn paint_value(
    painter: &egui::Painter,
    rect: Rect,
    value: &MoveValue,
    best: bool,
    text_color: Color32,
) {
    // Readable on a 12x12 board at the default window size: about 12 px there.
    let size = (rect.height() * 0.34).clamp(11.0, 22.0);
    let anchor = Pos2::new(rect.center().x, rect.min.y + rect.height() * 0.08);
    let color = match (best, value.exact) {
        (true, _) => Color32::BLACK,
        (false, true) => text_color,
        (false, false) => text_color.gamma_multiply(0.7),
    };
    let galley = painter.layout_no_wrap(value.label.clone(), FontId::proportional(size), color);
    let text_rect = Align2::CENTER_TOP.anchor_size(anchor, galley.size());
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

fn paint_grid(painter: &egui::Painter, layout: &Layout, variant: Variant, palette: &Palette) {
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

fn paint_piece(
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
fn paint_flip(
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

fn paint_last_move_background(
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

fn paint_coordinates(painter: &egui::Painter, layout: &Layout, palette: &Palette) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::session::Game;

    #[test]
    fn the_board_is_square_and_inside_its_area() {
        for (w, h) in [(800.0, 600.0), (200.0, 900.0), (90.0, 60.0)] {
            let area = Rect::from_min_size(Pos2::new(10.0, 20.0), Vec2::new(w, h));
            let l = Layout::fit(area, 8, 8, true);
            assert!((l.board.width() - l.board.height()).abs() < 1e-3);
            assert!(area.contains_rect(l.board), "{w}x{h}");
        }
    }

    #[test]
    fn cells_tile_the_board_from_a1_at_the_top_left() {
        let area = Rect::from_min_size(Pos2::ZERO, Vec2::new(400.0, 400.0));
        let l = Layout::fit(area, 8, 8, false);
        let a1 = l.cell_rect("a1".parse().unwrap());
        let h8 = l.cell_rect("h8".parse().unwrap());
        assert_eq!(a1.min, l.board.min);
        assert!((h8.max - l.board.max).length() < 1e-3);
        let d3 = l.cell_rect("d3".parse().unwrap());
        assert!((d3.min - (l.board.min + Vec2::new(3.0, 2.0) * l.cell)).length() < 1e-3);
    }

    #[test]
    fn an_animation_holds_the_placed_cell_and_the_flipped_discs() {
        let before = Game::from_moves(Variant::OTHELLO_8, "f5").unwrap();
        let after = Game::from_moves(Variant::OTHELLO_8, "f5d6").unwrap();
        let a = Animation::between(&before.view(), &after.view());
        assert_eq!(a.placed, Some("d6".parse().unwrap()));
        assert_eq!(a.flipped, [("d5".parse().unwrap(), Side::First)]);
    }

    #[test]
    fn cells_have_names_that_say_what_is_there() {
        let game = Game::from_moves(Variant::OTHELLO_8, "f5").unwrap();
        let view = game.view();
        let label = |s: &str| cell_label(&view, Variant::OTHELLO_8, s.parse().unwrap());
        assert_eq!(label("f5"), "f5, black, last move");
        assert_eq!(label("d4"), "d4, white");
        assert_eq!(label("f4"), "f4, empty, legal move");
        assert_eq!(label("a1"), "a1, empty");
        let ttt = Game::from_moves(Variant::TIC_TAC_TOE_3, "b2").unwrap();
        let view = ttt.view();
        assert_eq!(
            cell_label(&view, Variant::TIC_TAC_TOE_3, "b2".parse().unwrap()),
            "b2, X, last move"
        );
    }
}
