//! The search trees: minimax's and alpha-beta's counts side by side, either tree browsed
//! level by level (each node's board on hover or click, alpha-beta's windows, its cuts
//! greyed with what they saved), and alpha-beta replayed a node at a time.

use std::collections::HashMap;
use std::sync::Arc;

use egui::{Color32, RichText, Ui};

use crate::ai::alphabeta::INFINITY;
use crate::ai::trace::Step;
use crate::app::document::session::Shown;
use crate::app::jobs::thinking::hold::HeldBy;
use crate::app::jobs::thinking::reports::{NodeInfo, TreeReport};
use crate::app::jobs::thinking::{TreeAnswer, TreeAsk};
use crate::app::view::board::paint_small;
use crate::app::view::words::{side_name, thousands};
use crate::core::{Move, Variant};

/// Seconds between two steps while the step mode runs.
const RUN_STEP: f64 = 0.25;

/// Board pictures' size, in points.
const PICTURE: f32 = 120.0;

/// What the tree part remembers.
#[derive(Debug, Default)]
pub(super) struct TreeState {
    /// Browse minimax's tree rather than alpha-beta's.
    minimax: bool,
    /// The node whose board is shown, in the tree browsed.
    selected: Option<u32>,
    /// The step shown in the step mode.
    step: usize,
    /// When the step mode runs: the time of the last step.
    running: Option<f64>,
    /// The search the step and the selection belong to.
    of: Option<(Shown, TreeAsk)>,
    /// The nodes painted, worked out once for the report they come from.
    nodes: NodeCache,
}

/// A node as painted: what the report says of it and its line, kept so that a frame neither
/// rebuilds its board and words from the search nor lays out a new string for it.
#[derive(Debug)]
struct Painted {
    info: NodeInfo,
    text: String,
}

/// The nodes painted so far, for one report: keyed by tree (minimax or not) and index.
#[derive(Default)]
struct NodeCache {
    /// The report the nodes are from.
    report: Option<Arc<TreeReport>>,
    nodes: HashMap<(bool, u32), Arc<Painted>>,
}

impl std::fmt::Debug for NodeCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NodeCache")
            .field("nodes", &self.nodes.len())
            .finish_non_exhaustive()
    }
}

impl NodeCache {
    /// Node `index` of the tree `minimax` names in `report`, worked out on its first frame.
    fn get(
        &mut self,
        report: &Arc<TreeReport>,
        minimax: bool,
        index: u32,
        variant: Variant,
    ) -> Arc<Painted> {
        if !self.report.as_ref().is_some_and(|r| Arc::ptr_eq(r, report)) {
            self.report = Some(Arc::clone(report));
            self.nodes.clear();
        }
        let search = if minimax {
            &report.minimax
        } else {
            &report.alphabeta
        };
        Arc::clone(self.nodes.entry((minimax, index)).or_insert_with(|| {
            let info = search.tree.node(index);
            let text = node_text(&info, variant);
            Arc::new(Painted { info, text })
        }))
    }
}

/// Paints the tree part for the search `of`; `held` says why its search waits, if it does.
pub(super) fn show(
    ui: &mut Ui,
    st: &mut TreeState,
    answer: Option<TreeAnswer>,
    held: Option<HeldBy>,
    of: (Shown, TreeAsk),
    variant: Variant,
) {
    if st.of != Some(of) {
        *st = TreeState {
            minimax: st.minimax,
            of: Some(of),
            ..TreeState::default()
        };
    }
    let report = match answer {
        None => {
            match held {
                Some(by) => ui.label(RichText::new(super::held_words(by)).strong()),
                None => ui.label("Searching the tree..."),
            };
            return;
        }
        Some(Err(refusal)) => {
            ui.label(format!("No tree: {refusal}."));
            return;
        }
        Some(Ok(report)) => report,
    };
    counts(ui, &report);
    ui.separator();
    steps(ui, st, &report, variant);
    ui.separator();
    ui.horizontal(|ui| {
        ui.label("Browse the tree of");
        if ui.radio(!st.minimax, "alpha-beta").clicked() {
            st.minimax = false;
            st.selected = None;
        }
        if ui.radio(st.minimax, "minimax").clicked() {
            st.minimax = true;
            st.selected = None;
        }
    });
    let search = if st.minimax {
        &report.minimax
    } else {
        &report.alphabeta
    };
    ui.label(
        RichText::new(
            "Values are for the side to move at each node. Windows (alpha, beta) are in the \
             search's own units: a proven win or loss is beyond +/-1,000,000.",
        )
        .weak()
        .small(),
    );
    if let Some(selected) = st.selected.filter(|&s| (s as usize) < search.tree.len()) {
        let node = st.nodes.get(&report, st.minimax, selected, variant);
        ui.horizontal(|ui| {
            picture(ui, &node.info, variant);
            ui.label(format!(
                "Selected: {}",
                path_text(&search.tree.path(selected))
            ));
        });
    }
    if search.tree.len() > 0 {
        node_ui(ui, st, &report, 0, variant);
    }
    if search.dropped > 0 {
        ui.label(
            RichText::new(format!(
                "{} positions past the first {} were counted, not kept",
                thousands(search.dropped as usize),
                thousands(search.tree.len())
            ))
            .weak(),
        );
    }
}

/// Minimax and alpha-beta side by side.
fn counts(ui: &mut Ui, report: &TreeReport) {
    let (m, a) = (&report.minimax, &report.alphabeta);
    egui::Grid::new("tree-counts")
        .striped(true)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            ui.label(format!("depth {}", report.depth));
            ui.strong("minimax");
            ui.strong("alpha-beta");
            ui.end_row();
            ui.label("positions visited");
            ui.label(format!("{} positions", thousands(m.visited as usize)));
            ui.label(format!("{} positions", thousands(a.visited as usize)));
            ui.end_row();
            ui.label("finished games");
            ui.label(thousands(m.terminals as usize));
            ui.label(thousands(a.terminals as usize));
            ui.end_row();
            ui.label("value");
            ui.label(&m.value);
            ui.label(&a.value);
            ui.end_row();
            let levels = m.levels.len().max(a.levels.len()).min(12);
            for level in 1..levels {
                ui.label(format!("level {level}"));
                for s in [m, a] {
                    ui.label(
                        s.levels
                            .get(level)
                            .map_or("-".into(), |&n| thousands(n as usize)),
                    );
                }
                ui.end_row();
            }
        });
    let saved = report
        .saved
        .map_or("too many to count".into(), |n| thousands(n as usize));
    let share = 100.0 * a.visited as f64 / m.visited.max(1) as f64;
    let share = if share < 1.0 {
        format!("{share:.2}%")
    } else {
        format!("{share:.0}%")
    };
    ui.label(format!(
        "Alpha-beta visits {share} of minimax's positions; its cuts saved {saved}. The \
         counts include the root (the engine's own counter leaves it out: {}).",
        thousands(a.counted as usize)
    ));
}

/// One node of the tree browsed, and below it, once opened, its children.
fn node_ui(
    ui: &mut Ui,
    st: &mut TreeState,
    report: &Arc<TreeReport>,
    index: u32,
    variant: Variant,
) {
    let painted = st.nodes.get(report, st.minimax, index, variant);
    let (node, text) = (&painted.info, painted.text.as_str());
    let cut = node.cut.as_ref().filter(|c| !c.skipped.is_empty());
    let leaf = node.children.is_empty() && cut.is_none() && node.hidden_children == 0;
    let response = if leaf {
        ui.selectable_label(st.selected == Some(index), text)
    } else {
        let id = ("thinking-node", st.minimax, index);
        let open = egui::CollapsingHeader::new(text)
            .id_salt(id)
            .default_open(index == 0)
            .show(ui, |ui| {
                for &child in &node.children {
                    node_ui(ui, st, report, child, variant);
                }
                if node.hidden_children > 0 {
                    ui.label(
                        RichText::new(format!(
                            "+{} more past the cap (counted, not kept)",
                            node.hidden_children
                        ))
                        .weak(),
                    );
                }
                if let Some(cut) = cut {
                    cut_ui(ui, cut);
                }
            });
        open.header_response
    };
    let response = response.on_hover_ui(|ui| {
        picture(ui, node, variant);
    });
    if response.clicked() {
        st.selected = Some(index);
    }
}

/// The branches a cut left, greyed, with what they saved.
fn cut_ui(ui: &mut Ui, cut: &crate::ai::trace::Cut) {
    let grey = Color32::from_gray(140);
    for mv in &cut.skipped {
        ui.label(
            RichText::new(format!("{mv}: cut, never searched"))
                .color(grey)
                .italics(),
        );
    }
    let saved = cut
        .saved
        .map_or("too many to count".into(), |n| thousands(n as usize));
    ui.label(
        RichText::new(format!(
            "The value reached beta: the cut saved {saved} positions"
        ))
        .color(grey),
    );
}

/// A node in one line: its move, value, window and what happened there.
fn node_text(node: &NodeInfo, variant: Variant) -> String {
    let mut s = match node.mv {
        Some(mv) => mv.to_string(),
        None => "root".to_string(),
    };
    let side = side_name(variant, node.board.to_move);
    match &node.value {
        Some(v) => s += &format!(": {v} for {side}"),
        None => s += ": (stopped)",
    }
    if let Some(w) = node.window {
        s += &format!(", window {}", window_text(w));
    }
    if node.from_table {
        s += ", from the table";
    }
    if node.terminal {
        s += ", game over";
    }
    // A cut on the last move skips nothing, and saves nothing.
    if let Some(cut) = node.cut.as_ref().filter(|c| !c.skipped.is_empty()) {
        let n = cut.skipped.len();
        s += &format!(", cut {n} move{}", if n == 1 { "" } else { "s" });
    }
    s
}

/// An (alpha, beta) window, infinities named.
pub(super) fn window_text((alpha, beta): (i32, i32)) -> String {
    format!("({}, {})", bound(alpha), bound(beta))
}

fn bound(v: i32) -> String {
    if v <= -INFINITY {
        "-inf".into()
    } else if v >= INFINITY {
        "+inf".into()
    } else {
        v.to_string()
    }
}

/// The moves from the root, or "root".
fn path_text(path: &[Move]) -> String {
    if path.is_empty() {
        "root".into()
    } else {
        path.iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A node's board, small.
fn picture(ui: &mut Ui, node: &NodeInfo, variant: Variant) {
    let b = &node.board;
    paint_small(ui, variant, (b.rows, b.cols), &b.cells, PICTURE);
}

/// The step mode: alpha-beta replayed one node at a time.
fn steps(ui: &mut Ui, st: &mut TreeState, report: &Arc<TreeReport>, variant: Variant) {
    let total = report.steps.len();
    if total == 0 {
        return;
    }
    ui.strong("Step through alpha-beta");
    ui.horizontal(|ui| {
        if ui
            .add_enabled(st.step > 0, egui::Button::new("Back"))
            .clicked()
        {
            st.step -= 1;
            st.running = None;
        }
        if ui
            .add_enabled(st.step + 1 < total, egui::Button::new("Step"))
            .clicked()
        {
            st.step += 1;
            st.running = None;
        }
        let now = ui.input(|i| i.time);
        if st.running.is_some() {
            if ui.button("Pause").clicked() {
                st.running = None;
            }
        } else if ui
            .add_enabled(st.step + 1 < total, egui::Button::new("Run"))
            .clicked()
        {
            st.running = Some(now);
        }
        if ui
            .add_enabled(st.step > 0, egui::Button::new("Restart"))
            .clicked()
        {
            st.step = 0;
            st.running = None;
        }
        if let Some(last) = st.running {
            if st.step + 1 >= total {
                st.running = None;
            } else if now - last >= RUN_STEP {
                st.step += 1;
                st.running = Some(now);
            }
            if st.running.is_some() {
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_secs_f64(RUN_STEP));
            }
        }
    });
    st.step = st.step.min(total - 1);
    let tree = &report.alphabeta.tree;
    let step = report.steps[st.step];
    let (word, at) = match step {
        Step::Enter(n) => ("enter", n),
        Step::Cut(n) => ("cut at", n),
        Step::Leave(n) => ("leave", n),
    };
    let painted = st.nodes.get(report, false, at, variant);
    let node = &painted.info;
    let detail = match step {
        Step::Enter(_) => node.window.map(window_text).map(|w| format!("window {w}")),
        Step::Cut(_) => node.cut.as_ref().map(|c| {
            if c.skipped.is_empty() {
                "beta reached on its last move: nothing left to skip".to_string()
            } else {
                let moves: Vec<String> = c.skipped.iter().map(Move::to_string).collect();
                format!("beta reached: skips {}", moves.join(" "))
            }
        }),
        Step::Leave(_) => node.value.clone().map(|v| format!("value {v}")),
    };
    let mut line = format!(
        "Step {} of {}: {word} {}",
        st.step + 1,
        total,
        path_text(&tree.path(at))
    );
    if let Some(detail) = detail {
        line += &format!(", {detail}");
    }
    ui.label(line);
    ui.horizontal(|ui| {
        picture(ui, node, variant);
        ui.vertical(|ui| stack(ui, &mut st.nodes, report, at, variant));
    });
}

/// The nodes open at node `at`, from the root down, each with its window: the window
/// narrows as the search goes down and values come back. The current node is highlighted.
fn stack(ui: &mut Ui, nodes: &mut NodeCache, report: &Arc<TreeReport>, at: u32, variant: Variant) {
    let tree = report.alphabeta.tree.as_ref();
    let mut chain = vec![at];
    while let Some(p) = tree.parent(*chain.last().unwrap_or(&0)) {
        chain.push(p);
    }
    chain.reverse();
    for (i, &n) in chain.iter().enumerate() {
        let painted = nodes.get(report, false, n, variant);
        let node = &painted.info;
        let name = node.mv.map_or("root".into(), |m| m.to_string());
        let window = node.window.map(window_text).unwrap_or_default();
        let text = format!("{}{name} {window}", "  ".repeat(i));
        if n == at {
            ui.label(
                RichText::new(text)
                    .strong()
                    .background_color(ui.visuals().selection.bg_fill),
            );
        } else {
            ui.label(text);
        }
    }
}
