//! The "How it thinks" view beside the board: what the searches do on the shown position,
//! in four parts: the search tree of minimax and alpha-beta (browsed level by level, or
//! alpha-beta stepped a node at a time), Monte Carlo's visits as a heat map, the principal
//! variations drawn as numbered moves, and every algorithm compared. The searches run on
//! workers (`jobs/thinking`); this paints their reports and keeps the view's own choices.
//!
//! - `tree`: the trees and the step mode.
//! - `mcts`: the heat map.
//! - `pv`: the principal variations.
//! - `compare`: the comparison table.

mod compare;
mod mcts;
mod pv;
mod tree;

use egui::{RichText, Ui};

use crate::app::document::session::{BoardView, Shown};
use crate::app::jobs::thinking::hold::HeldBy;
use crate::app::jobs::thinking::{Ask, MctsAsk, PvAsk, Thinking, TreeAsk};
use crate::app::view::board::{Layout, paint_small};
use crate::core::Variant;

/// The most positions a default depth lets minimax visit (the tree part refuses more).
const DEFAULT_WORK: u64 = 1_000_000;

/// The parts of the view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Part {
    /// Minimax's and alpha-beta's trees, and the step mode.
    #[default]
    Tree,
    /// Monte Carlo's visits on the board.
    Mcts,
    /// The principal variations.
    Pv,
    /// Every algorithm on the position.
    Compare,
}

impl Part {
    const ALL: [Part; 4] = [Part::Tree, Part::Mcts, Part::Pv, Part::Compare];

    fn label(self) -> &'static str {
        match self {
            Part::Tree => "Search tree",
            Part::Mcts => "MCTS",
            Part::Pv => "Best line",
            Part::Compare => "Compare",
        }
    }

    fn tooltip(self) -> &'static str {
        match self {
            Part::Tree => {
                "Minimax and alpha-beta: every position they visit, the windows and the cuts"
            }
            Part::Mcts => "Monte Carlo tree search: where its playouts go, live",
            Part::Pv => "The line the searches expect, and its value",
            Part::Compare => "Every algorithm on this position: move, value, work and time",
        }
    }
}

/// The view's own state: open or not, the part shown and each part's settings. The game is
/// never changed from here.
#[derive(Debug)]
pub struct ThinkingView {
    /// True while the view is beside the board.
    pub open: bool,
    part: Part,
    tree_depth: Option<u32>,
    tree: tree::TreeState,
    mcts: MctsAsk,
    pv_depth: Option<u32>,
    pv_solver: bool,
    compare_depth: Option<u32>,
    compare_iterations: u64,
}

impl Default for ThinkingView {
    fn default() -> Self {
        ThinkingView {
            open: false,
            part: Part::Tree,
            tree_depth: None,
            tree: tree::TreeState::default(),
            mcts: MctsAsk {
                iterations: 200_000,
                seed: 1,
            },
            pv_depth: None,
            pv_solver: true,
            compare_depth: None,
            compare_iterations: 10_000,
        }
    }
}

/// The position the view is about.
#[derive(Clone, Copy)]
pub struct Subject<'a> {
    /// The position shown, taken apart.
    pub view: &'a BoardView,
    /// The game and board.
    pub variant: Variant,
    /// Which position that is.
    pub shown: Shown,
}

impl Subject<'_> {
    fn empties(&self) -> u32 {
        self.view.cells.iter().filter(|c| c.is_none()).count() as u32
    }

    /// The position's board as wide as the panel allows (160 to 360 points), for what is
    /// drawn over it: its layout, and a painter clipped a little beyond it.
    fn board_copy(&self, ui: &mut Ui) -> (Layout, egui::Painter) {
        let size = ui.available_width().clamp(160.0, 360.0);
        let view = self.view;
        let (layout, _) = paint_small(ui, self.variant, (view.rows, view.cols), &view.cells, size);
        let painter = ui.painter_at(layout.board.expand(2.0));
        (layout, painter)
    }

    /// Says that the position is beyond the exact solver's reach (`reach` empty cells).
    fn beyond_the_solver(&self, ui: &mut Ui, reach: u32) {
        ui.label(
            RichText::new(format!(
                "The solver takes positions of up to {reach} empty cells; this one has {}.",
                self.empties()
            ))
            .weak(),
        );
    }

    fn is_othello(&self) -> bool {
        matches!(self.variant, Variant::Othello { .. })
    }

    /// The deepest search minimax can finish quickly: in tic-tac-toe the depth whose tree
    /// (bounded by empties x (empties - 1) x ...) stays within [`DEFAULT_WORK`], the whole
    /// game on 3x3; in Othello 3 plies (4 for the comparison).
    fn minimax_depth(&self, othello: u32) -> u32 {
        if self.is_othello() {
            return othello;
        }
        let empties = self.empties();
        let mut work = 1u64;
        let mut depth = 0;
        while depth < empties {
            work = work.saturating_mul(u64::from(empties - depth));
            if work > DEFAULT_WORK {
                break;
            }
            depth += 1;
        }
        depth.max(1)
    }

    /// The deepest the settings offer: tic-tac-toe to the end, Othello 8 plies.
    fn max_depth(&self) -> u32 {
        if self.is_othello() {
            8
        } else {
            self.empties().max(1)
        }
    }
}

impl ThinkingView {
    /// Opens or closes the view.
    pub fn toggle(&mut self) {
        self.open = !self.open;
    }

    /// What the part shown asks the workers for, about `subject`.
    pub fn ask(&self, subject: &Subject<'_>) -> Ask {
        match self.part {
            Part::Tree => Ask::Tree(self.tree_ask(subject)),
            Part::Mcts => Ask::Mcts(self.mcts),
            Part::Pv => Ask::Pv(self.pv_ask(subject)),
            Part::Compare => Ask::Compare(self.compare_ask(subject)),
        }
    }

    fn tree_ask(&self, subject: &Subject<'_>) -> TreeAsk {
        TreeAsk {
            depth: self.tree_depth.unwrap_or_else(|| subject.minimax_depth(3)),
        }
    }

    fn pv_ask(&self, subject: &Subject<'_>) -> PvAsk {
        let default = if subject.is_othello() {
            if subject.view.cells.len() <= 64 { 6 } else { 4 }
        } else {
            subject.empties().min(10)
        };
        PvAsk {
            depth: self.pv_depth.unwrap_or(default).max(1),
        }
    }

    fn compare_ask(&self, subject: &Subject<'_>) -> crate::ai::trace::CompareBudget {
        crate::ai::trace::CompareBudget {
            depth: self
                .compare_depth
                .unwrap_or_else(|| subject.minimax_depth(4)),
            iterations: self.compare_iterations,
            // The job puts the solver's own reach here.
            solve_empties: 0,
            seed: 1,
        }
    }
}

/// Paints the view about `subject` with what `jobs` found.
pub fn show(ui: &mut Ui, state: &mut ThinkingView, subject: Subject<'_>, jobs: &Thinking) {
    ui.horizontal(|ui| {
        ui.heading("How it thinks");
    });
    ui.horizontal_wrapped(|ui| {
        for part in Part::ALL {
            ui.selectable_value(&mut state.part, part, part.label())
                .on_hover_text(part.tooltip());
        }
    });
    ui.separator();
    if subject.view.outcome.is_over() {
        ui.label("The game is over here: there is nothing to search.");
        return;
    }
    let ask = state.ask(&subject);
    let busy = jobs.is_busy(ask);
    // Both ways: a part wider than the panel (the tree's tables in a small window) scrolls
    // inside it instead of widening the panel under the board.
    egui::ScrollArea::both()
        .auto_shrink([false, false])
        .show(ui, |ui| match ask {
            Ask::Tree(a) => {
                let depth = depth_slider(ui, "Depth", a.depth, subject.max_depth());
                if depth != a.depth {
                    state.tree_depth = Some(depth);
                }
                let answer = jobs.tree(subject.shown, a);
                let held = jobs.held_by().filter(|_| busy);
                tree::show(
                    ui,
                    &mut state.tree,
                    answer,
                    held,
                    (subject.shown, a),
                    subject.variant,
                );
            }
            Ask::Mcts(a) => {
                let report = jobs.mcts(subject.shown, a);
                let held = jobs.held_by().filter(|_| busy);
                mcts::show(ui, &mut state.mcts, report.as_ref(), held, &subject);
            }
            Ask::Pv(a) => {
                let depth =
                    depth_slider(ui, "Alpha-beta depth", a.depth, subject.max_depth().max(10));
                if depth != a.depth {
                    state.pv_depth = Some(depth);
                }
                let report = jobs.pv(subject.shown, a);
                pv::show(ui, &mut state.pv_solver, report.as_deref(), &subject);
            }
            Ask::Compare(budget) => {
                let depth = depth_slider(
                    ui,
                    "Minimax and alpha-beta depth",
                    budget.depth,
                    subject.max_depth(),
                );
                if depth != budget.depth {
                    state.compare_depth = Some(depth);
                }
                iterations_setting(ui, "MCTS iterations", &mut state.compare_iterations);
                let report = jobs.compare(subject.shown, budget);
                compare::show(ui, report, &subject);
            }
        });
    // Monte Carlo and the tree held say so themselves.
    let holds = matches!(ask, Ask::Mcts(_) | Ask::Tree(_));
    if busy && !(holds && jobs.held_by().is_some()) {
        ui.label(RichText::new("Searching...").weak());
    }
}

/// Why a search waits, and until when.
fn held_words(by: HeldBy) -> &'static str {
    match by {
        HeldBy::Computer => {
            "Paused while the computer thinks, so as not to slow it: the search goes on \
             when its turn ends."
        }
        HeldBy::Analysis => {
            "Paused while Analysis searches, so as not to slow it: the search goes on \
             when the analysis has finished or is turned off."
        }
    }
}

/// A slider for a depth from 1 to `max`; returns the depth chosen.
fn depth_slider(ui: &mut Ui, label: &str, depth: u32, max: u32) -> u32 {
    let mut depth = depth.min(max.max(1));
    ui.add(
        egui::Slider::new(&mut depth, 1..=max.max(1))
            .text(label)
            .suffix(" plies"),
    );
    depth
}

/// A setting for a number of iterations, 100 to 2,000,000.
fn iterations_setting(ui: &mut Ui, label: &str, iterations: &mut u64) {
    ui.horizontal(|ui| {
        ui.label(label);
        ui.add(
            egui::DragValue::new(iterations)
                .range(100..=2_000_000)
                .speed(100.0),
        )
        .on_hover_text("Drag or type: the iterations (playouts) Monte Carlo runs");
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::document::session::Session;
    use crate::core::Supported;
    use crate::core::tictactoe::TicTacToe;

    fn depth_on(board: Supported) -> (u32, u32) {
        let game = Session::new(board);
        let view = game.view();
        let subject = Subject {
            view: &view,
            variant: game.variant(),
            shown: game.shown(),
        };
        (subject.minimax_depth(3), subject.max_depth())
    }

    #[test]
    fn minimax_searches_the_whole_3x3_game_and_what_it_can_finish_of_bigger_boards() {
        let ttt = |n| Supported::TicTacToe(TicTacToe::new(n, n, n).unwrap());
        // 9! = 362,880 orders of the 3x3 board's moves: the whole game by default.
        assert_eq!(depth_on(ttt(3)), (9, 9));
        // On 4x4, 16x15x14x13x12 = 524,160 but one more ply is 5,765,760: 5 plies.
        assert_eq!(depth_on(ttt(4)), (5, 16));
        assert_eq!(depth_on(Supported::OTHELLO_8), (3, 8));
    }
}
