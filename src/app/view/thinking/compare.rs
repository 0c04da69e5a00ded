//! Every algorithm on the shown position in one table: the move each picks, its value, the
//! positions it visited and its time; and whether they agree where they must.

use egui::{Color32, RichText, Ui};

use crate::ai::trace::Algorithm;
use crate::app::jobs::thinking::CompareAnswer;
use crate::app::view::words::{side_name, thousands};

use super::Subject;

/// Paints the comparison.
pub(super) fn show(ui: &mut Ui, answer: Option<CompareAnswer>, subject: &Subject<'_>) {
    let report = match answer {
        None => {
            ui.label("Running every algorithm...");
            return;
        }
        Some(Err(refusal)) => {
            ui.label(format!("No comparison: {refusal}."));
            return;
        }
        Some(Ok(report)) => report,
    };
    let c = &report.comparison;
    let side = side_name(subject.variant, subject.view.to_move);
    ui.label(format!("Values for {side}, to move."));
    egui::Grid::new("compare-table")
        .striped(true)
        .show(ui, |ui| {
            for head in ["algorithm", "move", "value", "positions", "time"] {
                ui.strong(head);
            }
            ui.end_row();
            for (r, value) in c.results.iter().zip(&report.values) {
                ui.label(r.algorithm.name());
                ui.label(r.mv.map_or("-".into(), |m| m.to_string()));
                ui.label(value);
                let work = match r.algorithm {
                    Algorithm::Mcts => format!("{} iterations", thousands(r.nodes as usize)),
                    Algorithm::Random => "-".into(),
                    _ => thousands(r.nodes as usize),
                };
                ui.label(work);
                let mut time = time_text(r.time);
                if r.stopped {
                    time += " (stopped)";
                }
                ui.label(time);
                ui.end_row();
            }
        });
    if c.get(Algorithm::Solver).is_none() {
        subject.beyond_the_solver(ui, report.solver_reach);
    }
    verdict(
        ui,
        &format!(
            "Minimax and alpha-beta give the same value at depth {} (they must)",
            report.depth
        ),
        c.minimax_equals_alphabeta,
        "one was stopped",
    );
    verdict(
        ui,
        "Proven values equal the solver's, the true value (they must)",
        c.proven_equal_true,
        "no proven value to check, or no solver here",
    );
    ui.label(
        RichText::new(
            "Random picks any legal move. MCTS's value is its move's win rate, another scale. \
             Alpha-beta's time includes setting up a fresh transposition table (4 MB), which a small search \
             does not repay.",
        )
        .weak(),
    );
}

/// "claim: yes", "claim: NO" or "claim: not checked (why)".
fn verdict(ui: &mut Ui, claim: &str, holds: Option<bool>, why_not: &str) {
    let (text, color) = match holds {
        Some(true) => ("yes".to_string(), Color32::from_rgb(0x43, 0xa0, 0x47)),
        Some(false) => ("NO".to_string(), Color32::from_rgb(0xe5, 0x39, 0x35)),
        None => (
            format!("not checked ({why_not})"),
            ui.visuals().weak_text_color(),
        ),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("{claim}:"));
        ui.label(RichText::new(text).color(color).strong());
    });
}

/// A time read at a glance: "0.42 ms", "35.1 ms", "2.36 s".
fn time_text(time: std::time::Duration) -> String {
    let ms = time.as_secs_f64() * 1000.0;
    if ms < 10.0 {
        format!("{ms:.2} ms")
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}
