//! The status area above the board, in rows of fixed height: whose turn it is or the result,
//! what is going on (the computer thinking, a hint, the position shown), the last message,
//! and Analysis mode's legend.

use std::time::Duration;

use egui::{Align, Layout, RichText, Ui};

use crate::ai::analysis::Analysis;
use crate::ai::{PlayerSpec, Progress, Work};
use crate::core::{Move, Side, Variant};

use crate::app::clock::view::{self as clock_view, ClockFaces};
use crate::app::document::session::BoardView;
use crate::app::jobs::computer_turn::Thought;
use crate::app::jobs::searches::HintValue;
use crate::app::view::command::{Action, Command};
use crate::app::view::widgets::action_button;
use crate::app::view::words::{on_time_text, result_text, side_name};
use strum::VariantArray;

/// A line in the status area: what just happened, or why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The text.
    pub text: String,
    /// A problem is shown in the warning colour.
    pub is_problem: bool,
}

/// What the status area shows.
pub struct Status<'a> {
    /// The game and board.
    pub variant: Variant,
    /// The shown position.
    pub view: &'a BoardView,
    /// Moves up to the shown position.
    pub cursor: usize,
    /// Moves in the whole game.
    pub moves: usize,
    /// The computer player to move, if the side to move is not a person.
    pub computer_to_move: Option<PlayerSpec>,
    /// The computer's search, while it chooses its move.
    pub thinking: Option<Thought>,
    /// A hint asked for in the shown position: for whom, and the move once found.
    pub hint: Option<(Side, Option<Move>)>,
    /// The hint's value, once found.
    pub hint_value: Option<HintValue>,
    /// With computers on both sides and the game on: whether play is paused.
    pub paused: Option<bool>,
    /// The last message.
    pub notice: Option<&'a Notice>,
    /// Analysis mode's values of the shown position, while the mode is on.
    pub analysis: Option<&'a Analysis>,
    /// The clocks, for a game on clocks.
    pub clocks: Option<ClockFaces>,
    /// The name of the opening the shown position is in, on 8x8 Othello.
    pub opening: Option<&'a str>,
}

impl Status<'_> {
    /// Lays out the status area: a fixed number of rows of fixed height, each one line cut
    /// short if it is too long (the whole text shows on hover), so the board below never
    /// moves when a message comes or goes. Returns the commands of its buttons.
    pub fn show(self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let (view, variant) = (self.view, self.variant);
        let name = |side| side_name(variant, side);
        let over = view.outcome.is_over();
        let height = ui.spacing().interact_size.y.max(22.0);

        // The turn or the result, and the counts or clocks: the result hides nothing on the
        // board. The counts or clocks are laid out first, from the right, so they always
        // show; the turn or result takes the width left, cut short if it must be.
        row(ui, height, |ui| {
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                if let Some(clocks) = &self.clocks {
                    clock_view::sides(ui, variant, view.counts, clocks);
                    ui.separator();
                } else if let Variant::Othello { .. } = variant {
                    ui.label(format!(
                        "{} {}  ·  {} {}",
                        name(Side::First),
                        view.counts[0],
                        name(Side::Second),
                        view.counts[1]
                    ));
                    ui.separator();
                }
                ui.with_layout(Layout::left_to_right(Align::Center), |ui| {
                    let text = if over {
                        let result = match view.timeout {
                            Some(out) => on_time_text(variant, out),
                            None => result_text(variant, view.outcome, view.counts),
                        };
                        let color = ui.visuals().selection.stroke.color;
                        RichText::new(format!("Game over: {result}"))
                            .size(17.0)
                            .color(color)
                    } else {
                        RichText::new(format!("{} to move", name(view.to_move))).size(16.0)
                    };
                    ui.add(egui::Label::new(text.strong()).truncate());
                    // The opening takes what the turn or result leaves, cut short first.
                    if let Some(name) = self.opening
                        && ui.available_width() > OPENING_LEAST
                    {
                        ui.separator();
                        let name = RichText::new(format!("Opening: {name}")).italics();
                        ui.add(egui::Label::new(name).truncate());
                    }
                });
            });
        });

        // What is going on: the computers' play, the computer thinking, a hint, or where in
        // the game the shown position is; after the game, New game first.
        row(ui, height, |ui| {
            if over {
                action_button(ui, Action::NewGame, true, &mut commands);
            }
            if let Some(paused) = self.paused {
                if paused && self.clocks.is_some() {
                    action_button(ui, Action::Resume, true, &mut commands);
                    let text = "Paused: the clocks are stopped. Resume to go on";
                    ui.add(egui::Label::new(RichText::new(text).strong()).truncate());
                    return;
                }
                if paused {
                    action_button(ui, Action::Resume, true, &mut commands);
                    action_button(ui, Action::Step, true, &mut commands);
                    let text = "Paused: Resume to go on, or Step for one move";
                    ui.add(egui::Label::new(RichText::new(text).strong()).truncate());
                    return;
                }
                action_button(ui, Action::Pause, true, &mut commands);
            }
            if let Some(thought) = &self.thinking {
                thinking_indicator(ui);
                let who = match thought.planned {
                    Some(planned) => format!(
                        "{} ({}, {:.2} s on its clock) is thinking…",
                        name(view.to_move),
                        thought.player,
                        planned.as_secs_f64()
                    ),
                    None => format!("{} ({}) is thinking…", name(view.to_move), thought.player),
                };
                let what = thought
                    .progress
                    .as_ref()
                    .map(|p| describe_progress(variant, view.to_move, p))
                    .unwrap_or_default();
                ui.add(egui::Label::new(who).truncate());
                if !what.is_empty() {
                    ui.add(egui::Label::new(what).truncate());
                }
            } else if let Some((side, mv)) = self.hint {
                let text = match mv {
                    Some(mv) => hint_text(variant, side, mv, self.hint_value.as_ref()),
                    None => format!("Looking for a hint for {}…", name(side)),
                };
                ui.add(egui::Label::new(RichText::new(text).color(HINT_TEXT)).truncate());
            } else if self.cursor < self.moves {
                if view.must_pass && !over && self.computer_to_move.is_none() {
                    action_button(ui, Action::Pass, true, &mut commands);
                }
                if self.computer_to_move.is_some() && !over {
                    action_button(ui, Action::ComputerMove, true, &mut commands);
                }
                let text = format!(
                    "Showing move {} of {}. A different move here starts a variation.",
                    self.cursor, self.moves
                );
                ui.add(egui::Label::new(text).truncate());
            } else if view.must_pass && !over {
                let text = format!("{} has no legal move and must pass", name(view.to_move));
                ui.add(egui::Label::new(text).truncate());
            }
        });

        // The last message: a new one replaces it, and one about a position goes when the
        // position changes.
        row(ui, height, |ui| {
            if let Some(notice) = self.notice {
                let color = if notice.is_problem {
                    ui.visuals().warn_fg_color
                } else {
                    ui.visuals().text_color()
                };
                ui.add(egui::Label::new(RichText::new(&notice.text).color(color)).truncate());
            }
        });

        if let Some(analysis) = self.analysis {
            row(ui, height, |ui| {
                let legend = analysis_legend(variant, view.to_move, analysis);
                ui.add(egui::Label::new(RichText::new(legend).weak()).truncate());
            });
        }
        commands
    }
}

/// The status area while a position is set up: what to do, the side to move, the editor's
/// buttons, and the problem Done found, if any. Rows of the same height as in play.
pub fn setup_bar(
    ui: &mut Ui,
    variant: Variant,
    to_move: Side,
    problem: Option<&Notice>,
) -> Vec<Command> {
    let mut commands = Vec::new();
    let height = ui.spacing().interact_size.y.max(22.0);
    let name = |side| side_name(variant, side);
    row(ui, height, |ui| {
        ui.label(RichText::new("Setting up a position").strong().size(16.0));
        ui.separator();
        let text = format!(
            "Click a cell: empty, {}, {}, empty.",
            name(Side::First),
            name(Side::Second)
        );
        ui.add(egui::Label::new(text).truncate());
    });
    // The editor's buttons go on a second line in a narrow window, rather than under the
    // panel beside it.
    ui.horizontal_wrapped(|ui| {
        ui.set_min_height(height);
        ui.label("To move:");
        for &side in Side::VARIANTS {
            let selected = to_move == side;
            let response = ui.selectable_label(selected, name(side));
            response.widget_info(|| {
                egui::WidgetInfo::selected(
                    egui::Role::Button,
                    true,
                    selected,
                    format!("{} to move", name(side)),
                )
            });
            if response.clicked() {
                commands.push(Command::SetUpToMove(side));
            }
        }
        ui.separator();
        if ui.button("Clear").clicked() {
            commands.push(Command::SetUpClear);
        }
        if ui.button("Start position").clicked() {
            commands.push(Command::SetUpStart);
        }
        ui.separator();
        if ui.button("Done").clicked() {
            commands.push(Command::SetUpDone);
        }
        if ui.button("Cancel").clicked() {
            commands.push(Command::SetUpCancel);
        }
    });
    row(ui, height, |ui| {
        if let Some(notice) = problem {
            let color = ui.visuals().warn_fg_color;
            ui.add(egui::Label::new(RichText::new(&notice.text).color(color)).truncate());
        }
    });
    commands
}

/// One row of the status area, `height` high and as wide as the area, its contents left to
/// right and centred in height.
fn row(ui: &mut Ui, height: f32, add_contents: impl FnOnce(&mut Ui)) {
    let size = egui::vec2(ui.available_width(), height);
    ui.allocate_ui_with_layout(size, Layout::left_to_right(Align::Center), |ui| {
        ui.set_min_size(size);
        add_contents(ui);
    });
}

/// What Analysis mode's numbers mean, and how far they are worked out: "Analysis: the disc
/// difference for Black after each move, searched 9 plies; underlined values are exact".
pub fn analysis_legend(variant: Variant, mover: Side, analysis: &Analysis) -> String {
    let name = side_name(variant, mover);
    let what = match variant {
        Variant::Othello { .. } => {
            format!("the final disc difference for {name} after each move")
        }
        Variant::TicTacToe { .. } => {
            format!("W3: {name} wins in 3 moves, L2: loses in 2, D: draw, ?: no result in sight")
        }
    };
    let exact = analysis.values.iter().filter(|v| v.exact).count();
    let how = if !analysis.values.is_empty() && exact == analysis.values.len() {
        "all exact".to_string()
    } else if exact > 0 {
        format!(
            "searched {} plies; underlined values are exact",
            analysis.depth
        )
    } else {
        format!("estimates, searched {} plies", analysis.depth)
    };
    let working = if analysis.done { "" } else { " (working)" };
    // The best move's line, as far as the search or the solve gives it.
    let best = analysis
        .values
        .iter()
        .max_by_key(|v| v.score)
        .filter(|v| v.pv.len() > 1)
        .map(|v| format!("; best line {}", line_text(&v.pv)))
        .unwrap_or_default();
    format!("Analysis: {what}; {how}{working}{best}")
}

/// The most moves of a line written out; the rest is "…".
const LINE_MOVES: usize = 8;

/// A line of moves for people: "d3 c4 f4 e3 …", at most [`LINE_MOVES`] of them.
fn line_text(line: &[Move]) -> String {
    let mut text: Vec<String> = line.iter().take(LINE_MOVES).map(Move::to_string).collect();
    if line.len() > LINE_MOVES {
        text.push("\u{2026}".into());
    }
    text.join(" ")
}

/// A hint in words, with its value once known: "Hint for Black: d3 (+4 discs, searched 6
/// plies)", "Hint for X: b2 (W3, a win in 3 moves, exact)", "Hint for Black: f5 (+0 discs,
/// from the opening book)".
pub fn hint_text(variant: Variant, side: Side, mv: Move, value: Option<&HintValue>) -> String {
    let text = format!("Hint for {}: {mv}", side_name(variant, side));
    let Some(HintValue {
        value,
        depth,
        from_book,
    }) = value
    else {
        return text;
    };
    let label = &value.label;
    let what = match variant {
        Variant::Othello { .. } => format!("{label} discs"),
        Variant::TicTacToe { .. } => {
            let moves = |n: &str| {
                let plural = if n == "1" { "" } else { "s" };
                format!("{n} move{plural}")
            };
            let words = match (label.get(..1), label.get(1..)) {
                (Some("W"), Some(n)) => format!("a win in {}", moves(n)),
                (Some("L"), Some(n)) => format!("a loss in {}", moves(n)),
                (Some("D"), _) => "a draw".into(),
                _ => "no result in sight".into(),
            };
            format!("{label}, {words}")
        }
    };
    let how = match depth {
        None if *from_book => "from the opening book".to_string(),
        None => "exact".to_string(),
        Some(d) => format!("searched {d} plies"),
    };
    format!("{text} ({what}, {how})")
}

/// The least width left beside the turn or result for the opening's name to be shown.
const OPENING_LEAST: f32 = 80.0;

/// The hint's colour in text, readable on light and dark backgrounds.
const HINT_TEXT: egui::Color32 = egui::Color32::from_rgb(0xd4, 0x8c, 0x00);

/// A search's progress in words, its score said as whose advantage it is: "depth 5 · best d3
/// · +2 for White · 1.2 M nodes/s", where the search is White's (`mover`).
pub fn describe_progress(variant: Variant, mover: Side, p: &Progress) -> String {
    let name = |side| side_name(variant, side);
    // The score is the mover's; a negative one is the other side's advantage.
    let (leader, lead) = match p.score {
        Some(s) if s < 0 => (name(mover.opponent()), -s),
        Some(s) => (name(mover), s),
        None => (name(mover), 0),
    };
    let mcts = matches!(p.work, Work::Iterations(_));
    let mut parts = Vec::new();
    match p.work {
        Work::Nothing | Work::Depth(0) => {}
        Work::Depth(d) => parts.push(format!("depth {d}")),
        Work::Iterations(n) => parts.push(format!("{n} iterations")),
        Work::Solved(empties) => parts.push(format!("solved {empties} empties")),
        Work::Selective { empties, percent } if percent >= 100 => {
            parts.push(format!("won, lost or drawn proven, {empties} empties"))
        }
        Work::Selective { empties, percent } => {
            parts.push(format!("solved {empties} empties, {percent}% sure"))
        }
        Work::Moves(n) => parts.push(format!("{n} moves")),
        Work::Book => parts.push("book".into()),
    }
    // The best move, and the line the search expects after it where it has one.
    match (p.best, p.pv.as_slice()) {
        (Some(best), [first, _, ..]) if *first == best => {
            parts.push(format!("best {best}, line {}", line_text(&p.pv)))
        }
        (Some(best), _) => parts.push(format!("best {best}")),
        (None, _) => {}
    }
    if let Some(score) = p.score {
        parts.push(match variant {
            // MCTS scores the best move's win rate, centred on 0.
            _ if mcts => format!("{} wins {}%", name(mover), score + 50),
            Variant::Othello { .. } if score == 0 && p.exact => "even, exact".into(),
            Variant::Othello { .. } if score == 0 => "even".into(),
            Variant::Othello { .. } if p.exact => format!("+{lead} for {leader}, exact"),
            Variant::Othello { .. } => format!("+{lead} for {leader}"),
            Variant::TicTacToe { .. } if p.exact && score != 0 => {
                format!("{leader} wins in {lead}")
            }
            Variant::TicTacToe { .. } if p.exact => "draw".into(),
            Variant::TicTacToe { .. } => "no result in sight".into(),
        });
    }
    let seconds = p.elapsed.as_secs_f64();
    if p.nodes > 0 && seconds > 0.0 {
        let rate = p.nodes as f64 / seconds;
        let unit = if mcts { "iterations/s" } else { "nodes/s" };
        parts.push(if rate >= 1e6 {
            format!("{:.1} M {unit}", rate / 1e6)
        } else {
            format!("{:.0} k {unit}", rate / 1e3)
        });
    }
    parts.join(" · ")
}

/// A ring of dots with one lit, moving eight times a second. Unlike egui's spinner, it does
/// not repaint every frame: the search on the worker thread keeps the CPU.
fn thinking_indicator(ui: &mut Ui) {
    const DOTS: usize = 8;
    const STEP: f64 = 0.125;
    let size = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let time = ui.input(|i| i.time);
    let lit = (time / STEP) as usize % DOTS;
    let color = ui.visuals().text_color();
    for i in 0..DOTS {
        let angle = i as f32 / DOTS as f32 * std::f32::consts::TAU;
        let pos = rect.center() + egui::vec2(angle.cos(), angle.sin()) * size * 0.38;
        let alpha = if i == lit { 1.0 } else { 0.25 };
        ui.painter()
            .circle_filled(pos, size * 0.09, color.gamma_multiply(alpha));
    }
    let left = STEP - time % STEP;
    ui.ctx()
        .request_repaint_after(Duration::from_secs_f64(left));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_reads_as_depth_best_score_and_speed() {
        let p = Progress {
            work: Work::Depth(5),
            best: Some("d3".parse().unwrap()),
            score: Some(2),
            exact: false,
            nodes: 2_400_000,
            elapsed: Duration::from_secs(2),
            pv: Vec::new(),
        };
        assert_eq!(
            describe_progress(Variant::OTHELLO_8, Side::Second, &p),
            "depth 5 · best d3 · +2 for White · 1.2 M nodes/s"
        );
        let behind = Progress {
            score: Some(-7),
            exact: true,
            ..p.clone()
        };
        assert_eq!(
            describe_progress(Variant::OTHELLO_8, Side::Second, &behind),
            "depth 5 · best d3 · +7 for Black, exact · 1.2 M nodes/s"
        );
        // With the line the search expects: at most eight moves written out.
        let moves = crate::core::notation::parse_moves("d3c4f4e3f6c5d6e6f5").unwrap();
        let with_line = Progress {
            pv: moves,
            ..p.clone()
        };
        assert_eq!(
            describe_progress(Variant::OTHELLO_8, Side::Second, &with_line),
            "depth 5 · best d3, line d3 c4 f4 e3 f6 c5 d6 e6 \u{2026} · +2 for White · 1.2 M nodes/s"
        );
        let m = Progress {
            work: Work::Iterations(300),
            score: Some(12),
            nodes: 300,
            elapsed: Duration::from_millis(10),
            ..p.clone()
        };
        assert_eq!(
            describe_progress(Variant::TIC_TAC_TOE_3, Side::First, &m),
            "300 iterations · best d3 · X wins 62% · 30 k iterations/s"
        );
        let t = Progress {
            score: Some(3),
            exact: true,
            nodes: 0,
            ..p.clone()
        };
        assert_eq!(
            describe_progress(Variant::TIC_TAC_TOE_3, Side::First, &t),
            "depth 5 · best d3 · X wins in 3"
        );
        let lost = Progress {
            score: Some(-2),
            ..t
        };
        assert_eq!(
            describe_progress(Variant::TIC_TAC_TOE_3, Side::First, &lost),
            "depth 5 · best d3 · O wins in 2"
        );
    }

    #[test]
    fn the_analysis_legend_gives_the_best_moves_line() {
        use crate::ai::analysis::MoveValue;
        let moves = |text: &str| crate::core::notation::parse_moves(text).unwrap();
        let value = |mv: &str, score: i32, pv: &str| MoveValue {
            mv: moves(mv)[0],
            score,
            exact: true,
            label: format!("{score:+}"),
            pv: moves(pv),
        };
        let analysis = Analysis {
            values: vec![value("c4", -2, "c4 c3"), value("d3", 4, "d3 c5 f6")],
            depth: 20,
            done: true,
        };
        assert_eq!(
            analysis_legend(Variant::OTHELLO_8, Side::First, &analysis),
            "Analysis: the final disc difference for Black after each move; all exact; \
             best line d3 c5 f6"
        );
    }
}
