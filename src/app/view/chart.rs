//! The review of a finished game: a chart of the evaluation over the moves, and the words
//! for the moves where a side lost the most, which the move history marks.

use egui::{
    Align2, Color32, FontId, Rect, Role, Sense, Stroke, StrokeKind, Ui, WidgetInfo, pos2, vec2,
};

use crate::ai::review::{MoveReview, Review};
use crate::core::{Side, Variant};

use crate::app::view::board::Palette;
use crate::app::view::words::side_name;

/// The colour of a costly move in the move list: a red that reads on the panel in both
/// themes (the selected move is written in the usual strong colour instead, as red on the
/// selection's blue is hard to read).
pub const COSTLY_MOVE_TEXT: Color32 = Color32::from_rgb(0xd3, 0x2f, 0x2f);

/// How many moves of each side the history marks at most.
const MARKS_PER_SIDE: usize = 3;

/// The smallest loss worth marking: 4 discs in Othello (smaller gaps are within the
/// evaluation's noise away from the endgame); in tic-tac-toe any change of result.
pub(super) fn min_loss(variant: Variant) -> f32 {
    match variant {
        Variant::Othello { .. } => 4.0,
        Variant::TicTacToe { .. } => 1.0,
    }
}

/// The moves the history marks (indices into the review's moves): for each side, the ones
/// that lost the most.
pub fn marked_moves(review: &Review, variant: Variant) -> Vec<usize> {
    review.biggest_losses(MARKS_PER_SIDE, min_loss(variant))
}

/// A value for the first player as words: "Black +6.5", "X wins", "even".
pub fn value_text(variant: Variant, value: f32) -> String {
    match variant {
        Variant::Othello { .. } => {
            if value.abs() < 0.05 {
                "even".into()
            } else {
                let side = if value > 0.0 {
                    Side::First
                } else {
                    Side::Second
                };
                let n = value.abs();
                let digits = if n.fract() == 0.0 { 0 } else { 1 };
                format!("{} +{n:.digits$}", side_name(variant, side))
            }
        }
        Variant::TicTacToe { .. } => match value {
            v if v > 0.5 => format!("{} wins", side_name(variant, Side::First)),
            v if v < -0.5 => format!("{} wins", side_name(variant, Side::Second)),
            _ => "a draw".into(),
        },
    }
}

/// What a move lost, in words: "Black lost 8 discs (best: d3)" or "O turned a draw into a
/// loss (best: c1)".
pub fn loss_text(variant: Variant, m: &MoveReview) -> String {
    let who = side_name(variant, m.side);
    let best = m.best.map(|b| format!(" (best: {b})")).unwrap_or_default();
    match variant {
        Variant::Othello { .. } => {
            let about = if m.exact { "" } else { "about " };
            let n = m.loss.round();
            let plural = if n == 1.0 { "" } else { "s" };
            format!("{who} lost {about}{n} disc{plural} with this move{best}")
        }
        Variant::TicTacToe { .. } => {
            let played = if m.side == Side::First {
                m.value
            } else {
                -m.value
            };
            let had = played + m.loss;
            let word = |v: f32| match v {
                v if v > 0.5 => "a win",
                v if v < -0.5 => "a loss",
                _ => "a draw",
            };
            format!("{who} turned {} into {}{best}", word(had), word(played))
        }
    }
}

/// Paints the chart of `review` for a game of `variant` with `total` moves, the shown
/// position `cursor` marked; the first player's advantage is up. Returns the number of moves
/// of the position clicked, to jump to.
pub fn show(
    ui: &mut Ui,
    review: &Review,
    variant: Variant,
    cursor: usize,
    marked: &[usize],
    height: f32,
) -> Option<usize> {
    let width = ui.available_width().max(120.0);
    let (rect, response) = ui.allocate_exact_size(vec2(width, height), Sense::click());
    let summary = format!(
        "Evaluation chart over {} moves, {} at the end",
        review.total,
        review
            .moves
            .last()
            .map_or_else(|| "not known".to_string(), |m| value_text(variant, m.value))
    );
    response.widget_info(|| WidgetInfo::labeled(Role::Image, true, &summary));
    let palette = Palette::new(variant, ui.visuals());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, palette.background);
    let plot = rect.shrink2(vec2(4.0, 8.0));
    // The scale: a whole number of 4-disc steps covering every value, at least 8 discs
    // (Othello); win and loss at the edges (tic-tac-toe).
    // Estimates may overshoot what the board can hold: the scale stops at every disc.
    let top = match variant {
        Variant::Othello { .. } => {
            let most = (0..=review.moves.len())
                .filter_map(|i| review.value_after(i))
                .fold(0.0_f32, |m, v| m.max(v.abs()));
            let cells = (variant.rows() * variant.cols()) as f32;
            ((most / 4.0).ceil() * 4.0).clamp(8.0, cells)
        }
        Variant::TicTacToe { .. } => 1.0,
    };
    let plies = review.total.max(1);
    let x = |ply: usize| plot.left() + plot.width() * ply as f32 / plies as f32;
    let y = |v: f32| plot.center().y - plot.height() / 2.0 * (v / top).clamp(-1.0, 1.0);
    let zero = y(0.0);
    let grid = palette.outline.gamma_multiply(0.5);
    painter.line_segment(
        [pos2(plot.left(), zero), pos2(plot.right(), zero)],
        Stroke::new(1.0, grid),
    );
    let bar = (plot.width() / plies as f32).max(1.0);
    for ply in 0..=review.moves.len() {
        let Some(v) = review.value_after(ply) else {
            continue;
        };
        let side = if v >= 0.0 { Side::First } else { Side::Second };
        let (a, b) = (zero.min(y(v)), zero.max(y(v)));
        let cx = x(ply);
        let r = Rect::from_min_max(
            pos2(cx - bar / 2.0, a),
            pos2(cx + bar / 2.0, b.max(a + 1.0)),
        );
        painter.rect_filled(r, 0.0, palette.side(side));
    }
    for &i in marked {
        if let Some(m) = review.moves.get(i) {
            painter.circle(
                pos2(x(i + 1), y(m.value)),
                3.5,
                palette.marker,
                Stroke::new(1.0, Color32::WHITE),
            );
        }
    }
    let cursor_x = x(cursor);
    painter.line_segment(
        [pos2(cursor_x, rect.top()), pos2(cursor_x, rect.bottom())],
        Stroke::new(1.5, ui.visuals().selection.stroke.color),
    );
    let small = FontId::proportional(10.0);
    let scale = match variant {
        Variant::Othello { .. } => format!("+{top}"),
        Variant::TicTacToe { .. } => "win".into(),
    };
    let label = ui.visuals().strong_text_color();
    painter.text(
        rect.left_top() + vec2(4.0, 1.0),
        Align2::LEFT_TOP,
        &scale,
        small.clone(),
        label,
    );
    let bottom = match variant {
        Variant::Othello { .. } => format!("-{top}"),
        Variant::TicTacToe { .. } => "loss".into(),
    };
    painter.text(
        rect.left_bottom() + vec2(4.0, -1.0),
        Align2::LEFT_BOTTOM,
        &bottom,
        small,
        label,
    );
    painter.rect_stroke(rect, 4.0, Stroke::new(1.0, grid), StrokeKind::Inside);

    // The ply under the pointer: its value and what the move lost.
    let hovered = response.hover_pos().map(|p| {
        (((p.x - plot.left()) / plot.width() * plies as f32)
            .round()
            .max(0.0) as usize)
            .min(review.total)
    });
    if let Some(ply) = hovered
        && let Some(v) = review.value_after(ply)
    {
        let text = match ply {
            0 => format!("Start: {}", value_text(variant, v)),
            _ => {
                let m = &review.moves[ply - 1];
                let mut t = format!("{ply}. {}: {}", m.mv, value_text(variant, v));
                if m.best.is_some() {
                    t.push('\n');
                    t.push_str(&loss_text(variant, m));
                }
                t
            }
        };
        response.clone().on_hover_text_at_pointer(text);
    }
    response.clicked().then_some(hovered).flatten()
}
