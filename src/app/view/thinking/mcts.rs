//! Monte Carlo tree search on the board: each legal move's visits and win rate as a heat map
//! on a copy of the board, live while the iterations run, with the move it would play and
//! why.

use egui::{Align2, Color32, CornerRadius, FontId, RichText, Stroke, Ui};

use crate::app::jobs::thinking::MctsAsk;
use crate::app::jobs::thinking::hold::HeldBy;
use crate::app::jobs::thinking::reports::MctsReport;
use crate::app::view::words::{side_name, thousands};
use crate::core::Move;

use super::{Subject, iterations_setting};

/// The heat map's colour at full heat.
const HEAT: Color32 = Color32::from_rgb(0xff, 0x70, 0x20);

/// Paints the Monte Carlo part; `held` says why its search waits, if it does.
pub(super) fn show(
    ui: &mut Ui,
    ask: &mut MctsAsk,
    report: Option<&MctsReport>,
    held: Option<HeldBy>,
    subject: &Subject<'_>,
) {
    ui.horizontal(|ui| {
        iterations_setting(ui, "Iterations", &mut ask.iterations);
        if ui
            .button("Run again")
            .on_hover_text("A new search with other random playouts")
            .clicked()
        {
            ask.seed += 1;
        }
    });
    if let Some(by) = held {
        ui.label(RichText::new(super::held_words(by)).strong());
    }
    let Some(report) = report else {
        if held.is_none() {
            ui.label("Starting the search...");
        }
        return;
    };
    let s = &report.snapshot;
    ui.label(format!(
        "Iterations: {} of {}",
        thousands(s.iterations as usize),
        thousands(report.budget as usize)
    ));
    ui.label(format!(
        "Tree depth {} plies, {:.1} s",
        s.tree_depth,
        s.elapsed.as_secs_f64()
    ));
    heat_map(ui, report, subject);
    let side = side_name(subject.variant, subject.view.to_move);
    if let Some(best) = s.best {
        let visits = s
            .moves
            .iter()
            .find(|m| m.mv == best)
            .map_or(0, |m| m.visits);
        ui.label(format!(
            "{side} would play {best}: the most visits ({} of {}). Visits are where the \
             search spent its effort, and it spends it on the moves that keep winning.",
            thousands(visits as usize),
            thousands(s.root_visits as usize)
        ));
    }
    let mut moves: Vec<_> = s.moves.iter().collect();
    moves.sort_by_key(|m| std::cmp::Reverse(m.visits));
    egui::Grid::new("mcts-moves")
        .striped(true)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            ui.strong("move");
            ui.strong("visits");
            ui.strong(format!("wins for {side}"));
            ui.end_row();
            for m in moves {
                ui.label(m.mv.to_string());
                ui.label(format!("{} visits", thousands(m.visits as usize)));
                ui.label(
                    m.win_rate
                        .map_or("-".into(), |r| format!("{:.1}%", r * 100.0)),
                );
                ui.end_row();
            }
        });
    let total: u64 = s.moves.iter().map(|m| u64::from(m.visits)).sum();
    ui.label(
        RichText::new(format!(
            "The visits add up to {}: every iteration goes through one move of the root.",
            thousands(total as usize)
        ))
        .weak(),
    );
}

/// The board with each move's share of the visits as heat, its visits and win rate on it.
fn heat_map(ui: &mut Ui, report: &MctsReport, subject: &Subject<'_>) {
    let (layout, painter) = subject.board_copy(ui);
    let most = report
        .snapshot
        .moves
        .iter()
        .map(|m| m.visits)
        .max()
        .unwrap_or(0)
        .max(1);
    for m in &report.snapshot.moves {
        let Move::Place(cell) = m.mv else { continue };
        let rect = layout.cell_rect(cell).shrink(1.0);
        let heat = m.visits as f32 / most as f32;
        painter.rect_filled(
            rect,
            CornerRadius::same(2),
            HEAT.gamma_multiply(0.15 + 0.75 * heat),
        );
        if report.snapshot.best == Some(m.mv) {
            painter.rect_stroke(
                rect,
                CornerRadius::same(2),
                Stroke::new(2.0, Color32::WHITE),
                egui::StrokeKind::Inside,
            );
        }
        // Dark on the pale cells, white on the hot ones.
        let ink = if heat > 0.45 {
            Color32::WHITE
        } else {
            Color32::from_gray(20)
        };
        if rect.height() >= 28.0 {
            let font = FontId::proportional((rect.height() * 0.26).clamp(8.0, 14.0));
            painter.text(
                rect.center_top() + egui::vec2(0.0, 2.0),
                Align2::CENTER_TOP,
                compact(m.visits),
                font.clone(),
                ink,
            );
            if let Some(rate) = m.win_rate {
                painter.text(
                    rect.center_bottom() - egui::vec2(0.0, 2.0),
                    Align2::CENTER_BOTTOM,
                    format!("{:.0}%", rate * 100.0),
                    font,
                    ink,
                );
            }
        }
    }
}

/// A count short enough for a cell: 950, 12.3k, 1.2M.
fn compact(n: u32) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.1}k", f64::from(n) / 1e3),
        _ => format!("{:.1}M", f64::from(n) / 1e6),
    }
}
