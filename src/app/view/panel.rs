//! The side panel: game, size, players, the game buttons, and the move history with the
//! review of a finished game. Files, display options and settings are in the menus. It
//! returns [`Command`]s.

use std::time::Duration;

use egui::{ComboBox, RichText, Role, ScrollArea, Ui};

use crate::core::{GameKind, Side, Variant};

use crate::ai::engine::MAX_ENGINE_DEPTH;
use crate::ai::millis;
use crate::ai::review::Review;
use crate::ai::{AlphaBetaLimit, Level, MctsLimit, PlayerSpec};

use crate::app::clock::view as clock_view;
use crate::app::document::session::{Session, Variation};
use crate::app::document::settings::{PlayerChoice, Settings, sizes_offered};
use crate::app::view::command::{Action, Command, Enabled};
use crate::app::view::widgets::action_button;
use crate::app::view::words::{choice_text, side_name};
use crate::app::view::{chart, move_marks};
use strum::VariantArray;

/// What the panel shows and may edit.
pub struct Panel<'a> {
    /// The settings: the players shown.
    pub settings: &'a Settings,
    /// The game, for the history list.
    pub game: &'a Session,
    /// Which actions the window's state allows (Undo and Redo need somewhere to go).
    pub enabled: Enabled,
    /// The game Undo goes back to, if Undo goes to another game from here.
    pub previous_game: Option<&'a Session>,
    /// The review of the game, once it is finished.
    pub review: Option<&'a Review>,
    /// The opening of the position shown, and the moves that reached its named position.
    pub opening: Option<(&'a str, usize)>,
    /// The moves (by index) the computer played from its opening book.
    pub book_plies: &'a [usize],
}

impl Panel<'_> {
    /// Lays out the panel's contents.
    pub fn show(self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        // A solid scroll bar wherever the panel is taller than the window (the review of a
        // game at 960x680): a floating one shows only under the mouse, and nothing said the
        // review went on below. Inside, the usual floating bars.
        let inside = ui.spacing().scroll;
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        ScrollArea::vertical().show(ui, |ui| {
            ui.spacing_mut().scroll = inside;
            ui.add_space(4.0);
            ui.heading("boardplay");
            ui.add_space(4.0);
            self.game_choice(ui, &mut commands);
            clock_view::choice(ui, self.game.time_control(), &mut commands);
            ui.separator();
            self.players(ui, &mut commands);
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                for action in [
                    Action::NewGame,
                    Action::Undo,
                    Action::Redo,
                    Action::Hint,
                    Action::SetUpPosition,
                ] {
                    action_button(ui, action, self.enabled.allows(action), &mut commands);
                }
            });
            ui.separator();
            // The moves that lost the most, marked in the history and listed under the chart.
            let marked = self
                .review
                .map(|r| chart::marked_moves(r, self.game.variant()))
                .unwrap_or_default();
            self.history(ui, &marked, &mut commands);
            self.review(ui, &marked, &mut commands);
        });
        commands
    }

    fn game_choice(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.label(RichText::new("Game").strong());
        ui.horizontal(|ui| {
            let variant = self.game.variant();
            for &kind in GameKind::VARIANTS {
                if ui
                    .selectable_label(variant.kind() == kind, kind.label())
                    .clicked()
                    && variant.kind() != kind
                {
                    commands.push(Command::SetGame(kind));
                }
            }
        });
        ui.label(RichText::new("Board size").strong());
        ui.horizontal(|ui| {
            let (kind, rows) = (self.game.variant().kind(), self.game.variant().rows());
            let mut sizes = sizes_offered(kind).to_vec();
            if !sizes.contains(&rows) {
                sizes.push(rows);
            }
            for size in sizes {
                let selected = rows == size;
                if ui
                    .selectable_label(selected, format!("{size}x{size}"))
                    .clicked()
                    && !selected
                {
                    commands.push(Command::SetSize(size));
                }
            }
        });
    }

    /// One choice per side: a person, a level, an algorithm, whose budget can then be set on
    /// the line below, or on Othello another program (an NBoard engine).
    fn players(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.label(RichText::new("Players").strong());
        let variant = self.game.variant();
        let levels: Vec<PlayerChoice> = Level::offered(variant)
            .into_iter()
            .map(|level| PlayerChoice::Computer(PlayerSpec::Level(level)))
            .collect();
        let engines = matches!(variant, Variant::Othello { .. });
        for &side in Side::VARIANTS {
            let current = self.settings.player(side);
            let name = side_name(variant, side);
            let algorithm = match &current {
                PlayerChoice::Computer(c) => algorithm_of(c),
                PlayerChoice::Person => None,
            };
            ui.horizontal(|ui| {
                let label = side_label(ui, name);
                let combo = ComboBox::from_id_salt(("player", side.index()))
                    .selected_text(choice_text(&current))
                    // Every choice in sight: at egui's default height (200 points) the
                    // algorithms were below a scroll bar that nothing showed.
                    .height(ui.ctx().content_rect().height())
                    .width(ui.available_width().min(170.0))
                    .truncate()
                    .show_ui(ui, |ui| {
                        let mut offer =
                            |ui: &mut Ui,
                             choice: PlayerChoice,
                             selected: bool,
                             hover: Option<String>| {
                                let response = ui.selectable_label(selected, choice_text(&choice));
                                let response = match hover {
                                    Some(text) => response.on_hover_text(text),
                                    None => response,
                                };
                                if response.clicked() && !selected {
                                    commands.push(Command::SetPlayer(side, choice));
                                }
                            };
                        let person = PlayerChoice::Person;
                        offer(ui, person, current.is_person(), None);
                        ui.separator();
                        ui.label(RichText::new("Levels").small().weak());
                        for choice in &levels {
                            let hover = match choice {
                                PlayerChoice::Computer(PlayerSpec::Level(level)) => {
                                    Some(level_budget(variant, *level))
                                }
                                _ => None,
                            };
                            offer(ui, choice.clone(), current == *choice, hover);
                        }
                        ui.separator();
                        ui.label(RichText::new("Algorithms, with a budget").small().weak());
                        for (a, computer) in ALGORITHMS {
                            if computer.is_offered(variant) {
                                let choice = PlayerChoice::Computer(computer);
                                let hover = Some(format!("{a}: set its budget below"));
                                offer(ui, choice, algorithm == Some(a), hover);
                            }
                        }
                        if engines {
                            ui.separator();
                            ui.label(
                                RichText::new("Other programs (NBoard engines)")
                                    .small()
                                    .weak(),
                            );
                            for engine in &self.settings.engines {
                                let selected = matches!(&current,
                                    PlayerChoice::Computer(PlayerSpec::Engine(e))
                                        if e.command == engine.command);
                                let choice =
                                    PlayerChoice::Computer(PlayerSpec::Engine(engine.clone()));
                                let hover = Some(format!("Runs: {}", engine.command));
                                offer(ui, choice, selected, hover);
                            }
                            if ui
                                .selectable_label(false, "Engine...")
                                .on_hover_text(
                                    "Play against another Othello program: type the command \
                                     that starts it (an engine that speaks the NBoard protocol)",
                                )
                                .clicked()
                            {
                                commands.push(Command::AskEngine(side));
                            }
                        }
                    });
                let response = combo.response.labelled_by(label.id);
                match &current {
                    PlayerChoice::Computer(PlayerSpec::Level(level)) => {
                        response
                            .on_hover_text(format!("{level}: {}", level_budget(variant, *level)));
                    }
                    PlayerChoice::Computer(PlayerSpec::Engine(engine)) => {
                        response.on_hover_text(format!("NBoard engine: {}", engine.command));
                    }
                    _ => {}
                }
            });
            if let PlayerChoice::Computer(computer) = &current {
                self.budget(ui, side, computer, commands);
            }
        }
        action_button(ui, Action::SwapSides, true, commands);
    }

    /// The budget of an algorithm or engine chosen for `side`, on a line of its own; nothing
    /// for a level, whose budget is fixed. A change seats the player at once.
    fn budget(&self, ui: &mut Ui, side: Side, computer: &PlayerSpec, commands: &mut Vec<Command>) {
        let name = side_name(self.game.variant(), side);
        let mut seat = |changed: PlayerSpec| {
            if changed != *computer {
                commands.push(Command::SetPlayer(side, PlayerChoice::Computer(changed)));
            }
        };
        let shown = matches!(
            computer,
            PlayerSpec::Minimax(_)
                | PlayerSpec::AlphaBeta(_)
                | PlayerSpec::Mcts(_)
                | PlayerSpec::Engine(_)
        );
        if !shown {
            return;
        }
        ui.horizontal_wrapped(|ui| {
            ui.add_space(48.0);
            match computer {
                PlayerSpec::Minimax(depth) => {
                    let mut d = *depth;
                    if budget_value(ui, name, "depth", &mut d, 1..=9, "plies") {
                        seat(PlayerSpec::Minimax(d));
                    }
                }
                PlayerSpec::AlphaBeta(limit) => {
                    if let Some(l) = alpha_beta_limit(ui, name, *limit) {
                        seat(PlayerSpec::AlphaBeta(l));
                    }
                }
                PlayerSpec::Mcts(limit) => {
                    if let Some(l) = mcts_limit(ui, name, *limit) {
                        seat(PlayerSpec::Mcts(l));
                    }
                }
                PlayerSpec::Engine(engine) => {
                    let mut changed = engine.clone();
                    let depth = 1..=MAX_ENGINE_DEPTH;
                    let time = 100..=600_000;
                    if budget_value(ui, name, "engine depth", &mut changed.depth, depth, "plies")
                        | time_value(
                            ui,
                            name,
                            "engine time",
                            &mut changed.move_time,
                            time,
                            "ms a move",
                        )
                    {
                        seat(PlayerSpec::Engine(changed));
                    }
                }
                PlayerSpec::Level(_)
                | PlayerSpec::Random
                | PlayerSpec::Perfect
                | PlayerSpec::ExpertHand
                | PlayerSpec::ExpertFullWidth => {}
            }
        });
    }

    fn history(&self, ui: &mut Ui, marked: &[usize], commands: &mut Vec<Command>) {
        ui.label(RichText::new("Moves").strong());
        move_marks::opening_row(ui, self.opening);
        let cursor = self.game.cursor();
        let variant = self.game.variant();
        let variations = self.game.variations();
        // The list scrolls to the shown move when it changes, and is left alone otherwise.
        // Again whenever the rows move under it: when the review's marks or the book's tags
        // come (each from a thread of its own, before or after the first frame: "41. h5?" is
        // wider than "41. h5"), or when the list's width changes (the side panel settles its
        // width over the first frames). The current move stays in sight whatever came first.
        let scrolled_id = ui.scope_id().with("history-scrolled");
        let scrolled: Option<(usize, usize, usize, u32)> = ui.data(|d| d.get_temp(scrolled_id));
        ScrollArea::vertical()
            .id_salt("history")
            .max_height(150.0)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                let now = (
                    cursor,
                    self.game.moves().len(),
                    marked.len() + self.book_plies.len(),
                    ui.available_width().round() as u32,
                );
                let scroll = scrolled != Some(now);
                ui.data_mut(|d| d.insert_temp(scrolled_id, now));
                ui.horizontal_wrapped(|ui| {
                    if ui.selectable_label(cursor == 0, "Start").clicked() {
                        commands.push(Command::Jump(0));
                    }
                    for (i, mv) in self.game.moves().iter().enumerate() {
                        let mark = marked.contains(&i);
                        let flag = if mark { "?" } else { "" };
                        let mut text = RichText::new(format!("{}. {mv}{flag}", i + 1)).monospace();
                        if mark && cursor != i + 1 {
                            text = text.color(chart::COSTLY_MOVE_TEXT).strong();
                        } else if mark {
                            text = text.strong();
                        } else if i >= cursor {
                            text = text.weak();
                        }
                        let mut response = ui.selectable_label(cursor == i + 1, text);
                        if mark && let Some(m) = self.review.and_then(|r| r.moves.get(i)) {
                            response = response.on_hover_text(chart::loss_text(variant, m));
                        }
                        move_marks::book_tag(ui, self.book_plies.contains(&i));
                        if cursor == i + 1 && scroll {
                            response.scroll_to_me(None);
                        }
                        if response.clicked() {
                            commands.push(Command::Jump(i + 1));
                        }
                        for v in variations.iter().filter(|v| v.from == i) {
                            variation_button(ui, v, commands);
                        }
                    }
                    // A variation that leaves the game after its last move.
                    let len = self.game.moves().len();
                    for v in variations.iter().filter(|v| v.from >= len) {
                        variation_button(ui, v, commands);
                    }
                });
            });
        if let Some(previous) = self.previous_game {
            ui.label(
                RichText::new(format!(
                    "Undo goes back to the previous game ({})",
                    previous.summary()
                ))
                .small()
                .weak(),
            );
        }
    }

    /// After the game: the evaluation chart, and the moves that lost the most.
    fn review(&self, ui: &mut Ui, marked: &[usize], commands: &mut Vec<Command>) {
        let Some(review) = self.review else { return };
        let variant = self.game.variant();
        ui.add_space(4.0);
        // The chart in the panel, and on demand in a window of its own that can be made as
        // large as the screen.
        let large_id = ui.scope_id().with("large-chart");
        let mut large: bool = ui.data(|d| d.get_temp(large_id)).unwrap_or(false);
        ui.horizontal(|ui| {
            ui.label(RichText::new("Game review").strong());
            ui.toggle_value(&mut large, "Larger chart")
                .on_hover_text("Show the chart in a window of its own");
        });
        let cursor = self.game.cursor();
        if let Some(ply) = chart::show(ui, review, variant, cursor, marked, 120.0) {
            commands.push(Command::Jump(ply));
        }
        egui::Window::new("Game review chart")
            .open(&mut large)
            .default_size([640.0, 320.0])
            .resizable(true)
            .show(ui.ctx(), |ui| {
                let height = ui.available_height().max(160.0);
                if let Some(ply) = chart::show(ui, review, variant, cursor, marked, height) {
                    commands.push(Command::Jump(ply));
                }
            });
        ui.data_mut(|d| d.insert_temp(large_id, large));
        if !review.done {
            ui.label(
                RichText::new(format!(
                    "Reviewing the game: {} of {} moves…",
                    review.moves.len(),
                    review.total
                ))
                .small()
                .weak(),
            );
            return;
        }
        let first = side_name(variant, Side::First);
        ui.label(
            RichText::new(format!(
                "{first} ahead above the line. Click to see a position."
            ))
            .small()
            .weak(),
        );
        let verdict = crate::app::view::verdict::verdict(review, variant, &self.game.end_view());
        ui.label(RichText::new(verdict).small());
        for &i in marked {
            let m = &review.moves[i];
            let text = format!("{}. {}? {}", i + 1, m.mv, chart::loss_text(variant, m));
            if ui
                .add(egui::Label::new(RichText::new(text).small()).sense(egui::Sense::click()))
                .on_hover_text("Show the position before this move")
                .clicked()
            {
                commands.push(Command::Jump(i));
            }
        }
    }
}

/// A variation in the move list, in brackets after the move it replaces: "(12. e6 d3 c4 …)".
/// A click makes it the main line.
fn variation_button(ui: &mut Ui, variation: &Variation, commands: &mut Vec<Command>) {
    const SHOWN: usize = 3;
    let first = variation.from + 1;
    let mut text = format!("({first}.");
    for mv in variation.moves.iter().take(SHOWN) {
        text.push_str(&format!(" {mv}"));
    }
    if variation.moves.len() > SHOWN {
        text.push_str(" …");
    }
    text.push(')');
    let n = variation.moves.len();
    let plural = if n == 1 { "" } else { "s" };
    let response = ui
        .selectable_label(false, RichText::new(&text).monospace().italics())
        .on_hover_text(format!(
            "A variation of {n} move{plural} from move {first}: click to play it (the game \
             as it is now stays as a variation)"
        ));
    response
        .widget_info(|| egui::WidgetInfo::labeled(Role::Button, true, format!("variation {text}")));
    if response.clicked() {
        commands.push(Command::OpenVariation(variation.index));
    }
}

/// The side's name at a fixed width, so the choices line up and a narrow panel does not wrap
/// the name letter by letter.
fn side_label(ui: &mut Ui, name: &str) -> egui::Response {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(44.0, 18.0), egui::Sense::hover());
    ui.put(rect, egui::Label::new(name).selectable(false))
}

/// A number of the budget with its unit; true when it was changed.
fn budget_value<T: egui::emath::Numeric>(
    ui: &mut Ui,
    side: &str,
    what: &str,
    value: &mut T,
    range: std::ops::RangeInclusive<T>,
    unit: &str,
) -> bool {
    let response = ui
        .add(
            egui::DragValue::new(value)
                .range(range)
                .suffix(format!(" {unit}")),
        )
        .on_hover_text(format!("{side}'s {what}: drag or type a number"));
    response.widget_info(|| {
        egui::WidgetInfo::labeled(Role::SpinButton, true, format!("{side} {what}"))
    });
    response.changed()
}

/// A time as [`budget_value`] edits it, in whole milliseconds (`range`); true if it changed.
fn time_value(
    ui: &mut Ui,
    side: &str,
    what: &str,
    time: &mut Duration,
    range: std::ops::RangeInclusive<u64>,
    unit: &str,
) -> bool {
    let mut ms = millis::whole(*time);
    let changed = budget_value(ui, side, what, &mut ms, range, unit);
    if changed {
        *time = Duration::from_millis(ms);
    }
    changed
}

/// The algorithms offered beside the levels, simplest first, each with a budget a learner can
/// start from: it answers within a second or so on every board the window offers.
const ALGORITHMS: [(&str, PlayerSpec); 5] = [
    ("Random", PlayerSpec::Random),
    ("Minimax", PlayerSpec::Minimax(3)),
    (
        "Alpha-beta",
        PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(5)),
    ),
    ("MCTS", PlayerSpec::Mcts(MctsLimit::Iterations(10_000))),
    ("Perfect", PlayerSpec::Perfect),
];

/// The name of the algorithm of an advanced choice; `None` for a level or an engine.
fn algorithm_of(spec: &PlayerSpec) -> Option<&'static str> {
    let kind = std::mem::discriminant(spec);
    ALGORITHMS
        .into_iter()
        .find(|(_, s)| std::mem::discriminant(s) == kind)
        .map(|(name, _)| name)
}

/// A button for a kind of limit: true when it is clicked to change to that kind.
fn limit_kind(ui: &mut Ui, word: &str, selected: bool) -> bool {
    ui.selectable_label(selected, word).clicked() && !selected
}

/// Alpha-beta's kind of limit (depth or time) and its number; the new limit if changed.
fn alpha_beta_limit(ui: &mut Ui, side: &str, limit: AlphaBetaLimit) -> Option<AlphaBetaLimit> {
    let depth = matches!(limit, AlphaBetaLimit::Depth(_));
    let mut changed = None;
    if limit_kind(ui, "Depth", depth) {
        changed = Some(AlphaBetaLimit::Depth(5));
    }
    if limit_kind(ui, "Time", !depth) {
        changed = Some(AlphaBetaLimit::Time(Duration::from_secs(1)));
    }
    match limit {
        AlphaBetaLimit::Depth(mut d) => {
            if budget_value(ui, side, "depth", &mut d, 1..=20, "plies") {
                changed = Some(AlphaBetaLimit::Depth(d));
            }
        }
        AlphaBetaLimit::Time(mut time) => {
            if time_value(ui, side, "time", &mut time, 10..=30_000, "ms") {
                changed = Some(AlphaBetaLimit::Time(time));
            }
        }
    }
    changed
}

/// MCTS's kind of limit (iterations or time) and its number; the new limit if changed.
fn mcts_limit(ui: &mut Ui, side: &str, limit: MctsLimit) -> Option<MctsLimit> {
    let iterations = matches!(limit, MctsLimit::Iterations(_));
    let mut changed = None;
    if limit_kind(ui, "Iterations", iterations) {
        changed = Some(MctsLimit::Iterations(10_000));
    }
    if limit_kind(ui, "Time", !iterations) {
        changed = Some(MctsLimit::Time(Duration::from_secs(1)));
    }
    match limit {
        MctsLimit::Iterations(mut n) => {
            if budget_value(ui, side, "iterations", &mut n, 1..=2_000_000, "") {
                changed = Some(MctsLimit::Iterations(n));
            }
        }
        MctsLimit::Time(mut time) => {
            if time_value(ui, side, "time", &mut time, 10..=30_000, "ms") {
                changed = Some(MctsLimit::Time(time));
            }
        }
    }
    changed
}

/// What the computer at `level` may spend on a move on the board of `variant`, in words.
fn level_budget(variant: Variant, level: Level) -> String {
    level.budget_on(variant).map(|b| b.text).unwrap_or_default()
}
