//! The layout of one frame: the side panel, the status lines, the board and the small
//! windows over it, each giving commands that [`BoardplayApp::apply`] carries out after the
//! frame.

use std::time::{Duration, Instant};

use egui::{RichText, Ui};

use crate::app::document::settings::Theme;
use crate::app::view::board::{self, Animation, BoardStyle};
use crate::app::view::command::{Action, Command, Enabled};
use crate::app::view::menu::Menus;
use crate::app::view::panel::Panel;
use crate::app::view::popups;
use crate::app::view::status::{self as status_area, Status};
use crate::core::Move;

use super::BoardplayApp;

impl BoardplayApp {
    /// One frame: the work around the game catches up with it, then the side panel, the
    /// status line, the board and its overlays are laid out, and the commands they gave are
    /// applied. After a frame, the work always follows the game as it is left.
    pub fn show(&mut self, ui: &mut Ui) {
        let started = Instant::now();
        let ctx = ui.ctx().clone();
        let _ = self.repaint.set(ctx.clone());
        self.close_if_asked(&ctx);
        let now = ui.input(|i| i.time);
        let seen = self.notice.clone();
        self.apply_theme(&ctx);
        self.refresh(now);
        let animation = self.animation_at(now);
        self.update_view();
        let commands = self.lay_out(ui, animation);
        let pressed = ui.input(|i| {
            i.events.iter().any(|e| {
                matches!(
                    e,
                    egui::Event::Key { pressed: true, .. }
                        | egui::Event::PointerButton { pressed: true, .. }
                )
            })
        });
        // Only a message already on screen has been seen: one said this frame stays.
        if (pressed || !commands.is_empty()) && self.notice == seen {
            self.person_acted();
        }

        if !commands.is_empty() {
            // The state changes after this frame was laid out: the work follows it now (the
            // computer starts on the person's move, a stale hint is dropped), and the next
            // frame shows it.
            for command in commands {
                self.apply(command, Some(&ctx));
            }
            self.refresh(now);
            ctx.request_repaint();
        }
        if self.animation_at(now).is_some() {
            // The next frame of the animation, no sooner than the pace allows after this
            // frame's start.
            match self.frame_pace() {
                Some(least) => ctx.request_repaint_after(least.saturating_sub(started.elapsed())),
                None => ctx.request_repaint(),
            }
        }
        if let Some(left) = self.jobs.computer.time_left(now, self.delay()) {
            ctx.request_repaint_after(Duration::from_secs_f64(left.max(0.0)));
        }
        // A running clock is painted again when it shows another time, and when it runs out.
        if let Some(next) = self.clock_repaint(now) {
            ctx.request_repaint_after(next);
        }
        let title = self.title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// Lays out the frame and returns the commands its widgets and shortcuts gave.
    pub(super) fn lay_out(
        &mut self,
        ui: &mut Ui,
        animation: Option<(Animation, f32)>,
    ) -> Vec<Command> {
        let view = &self.view;
        let undo = self.document.game.undo_target(|s| self.is_person(s));
        let enabled = Enabled {
            undo: undo.is_some() || self.shelf.previous().is_some(),
            redo: self
                .document
                .game
                .redo_target(|s| self.is_person(s))
                .is_some()
                || self.shelf.next().is_some(),
            // Computers playing each other, or a game on clocks, can be paused.
            watching: self.can_pause() && !view.outcome.is_over(),
            paused: self.document.game.is_paused(),
            hint: !view.outcome.is_over() && self.is_person(view.to_move) && !view.must_pass,
            pass: !view.outcome.is_over() && self.is_person(view.to_move) && view.must_pass,
            computer_move: !view.outcome.is_over()
                && !self
                    .jobs
                    .computer
                    .is_thinking_about(self.document.game.shown()),
        };
        let mut commands = Vec::new();
        // The shortcuts work wherever the focus is; a text box with the focus keeps the keys
        // it needs for its text (see `text_box_needs`), pasting included.
        let in_text_box = ui.ctx().text_edit_focused();
        // A menu or drop-down open since the last frame takes Escape for itself.
        let menu_open = egui::Popup::is_any_open(ui.ctx());
        ui.input_mut(|input| {
            if let Some(action) = Action::from_shortcut(input, enabled, in_text_box) {
                commands.push(Command::Action(action));
            }
            if !in_text_box {
                for event in &input.events {
                    if let egui::Event::Paste(text) = event {
                        commands.push(Command::Paste(text.clone()));
                    }
                }
            }
        });
        // A game file dropped on the window is opened.
        let dropped = ui.input(|i| i.raw.dropped_files.first().map(|f| f.path().to_path_buf()));
        if let Some(path) = dropped {
            commands.push(Command::OpenPath(path));
        }

        egui::Panel::top("menu-bar").show(ui, |ui| {
            let menus = Menus {
                settings: &mut self.settings,
                enabled,
            };
            commands.extend(menus.show(ui));
        });

        if let Some(message) = self.settings_file.message() {
            egui::Panel::top("settings-message").show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(message).color(ui.visuals().warn_fg_color));
                    if ui.button("Dismiss").clicked() {
                        commands.push(Command::DismissSettingsMessage);
                    }
                });
            });
        }

        let review = self.jobs.studies.review(&self.document.game);
        // The panels give way in a small window, so the board keeps room.
        let (left, right) = panel_widths(ui.available_width());
        let widest = left.widest;
        let book_plies = self.book_plies();
        egui::Panel::left("side-panel")
            .resizable(true)
            .default_size(left.default)
            .size_range(left.least..=widest)
            .show(ui, |ui| {
                let panel = Panel {
                    settings: &self.settings,
                    game: &self.document.game,
                    enabled,
                    // Only from where Undo has no move of this game left to take back.
                    previous_game: undo
                        .is_none()
                        .then(|| self.shelf.previous().map(|a| &a.game))
                        .flatten(),
                    review: review.as_ref(),
                    opening: self.opening_name(),
                    book_plies: &book_plies,
                };
                commands.extend(panel.show(ui));
            });

        if !self.database.database.is_empty() {
            // What the side panel left, less the central area's least width.
            let widest = right
                .widest
                .min(ui.available_width() - CENTRAL_LEAST)
                .max(right.least);
            egui::Panel::right("database-panel")
                .resizable(true)
                .default_size(right.default.min(widest))
                .size_range(right.least..=widest)
                .show(ui, |ui| {
                    let variant = self.document.game.variant();
                    commands.extend(self.database.show(ui, &self.view, variant));
                });
        }

        self.thinking_panel(ui, right.least);

        egui::CentralPanel::default().show(ui, |ui| {
            // The board takes what the status rows leave of the panel, never more: a row
            // too wide for the panel cannot widen the board past its edge.
            let area = ui.available_rect_before_wrap();
            if let Some(setup) = &self.setup {
                let variant = self.document.game.variant();
                let problem = self.notice.as_ref().map(|(n, _)| n);
                commands.extend(status_area::setup_bar(ui, variant, setup.to_move, problem));
                ui.add_space(4.0);
                let style = BoardStyle {
                    display: self.settings.display,
                    ..BoardStyle::default()
                };
                within(ui, area, |ui| {
                    if let Some(cell) = board::show(ui, &setup.view(), variant, &style) {
                        commands.push(Command::SetUpCell(cell));
                    }
                });
            } else {
                self.status(ui, &mut commands);
                ui.add_space(4.0);
                within(ui, area, |ui| self.board(ui, animation, &mut commands));
            }
        });
        self.show_popups(ui, &mut commands);
        if !menu_open && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
            self.escape(&mut commands);
        }
        commands
    }

    /// Escape closes the small window on top, as its Cancel or close button does: the
    /// engine box, the path box, the paste box, the shortcuts, About, the reading of a file,
    /// then the set-up editor. (The question before replacing a file takes Escape itself.)
    pub(super) fn escape(&mut self, commands: &mut Vec<Command>) {
        if self.popups.escape(commands) {
            // The small window on top took it.
        } else if self.jobs.opener.reading().is_some() {
            commands.push(Command::CancelOpen);
        } else if self.setup.is_some() {
            commands.push(Command::SetUpCancel);
        }
    }

    /// The small windows over the board that are open.
    pub(super) fn show_popups(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let ctx = ui.ctx().clone();
        let variant = self.document.game.variant();
        self.popups.show(ui, &ctx, variant, commands);
        if let Some((path, reading)) = self.jobs.opener.reading() {
            popups::reading_box(&ctx, path, reading, commands);
        }
        self.popups.show_last(&ctx);
    }

    pub(super) fn status(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let view = &self.view;
        let over = view.outcome.is_over();
        let analysis = self
            .settings
            .display
            .analysis
            .then(|| self.analysis())
            .flatten();
        let status = Status {
            variant: self.document.game.variant(),
            view,
            cursor: self.document.game.cursor(),
            moves: self.document.game.moves().len(),
            computer_to_move: self.computer_at(view.to_move),
            thinking: self.thought(),
            hint: self.jobs.hints.at(self.document.game.shown()),
            hint_value: self.jobs.hints.value_at(self.document.game.shown()),
            paused: (self.can_pause() && !over).then_some(self.document.game.is_paused()),
            notice: self.notice.as_ref().map(|(notice, _)| notice),
            analysis: analysis.as_ref(),
            clocks: self.clock_faces(ui.input(|i| i.time)),
            opening: self.opening_name().map(|(name, _)| name),
        };
        commands.extend(status.show(ui));
    }

    pub(super) fn board(
        &self,
        ui: &mut Ui,
        animation: Option<(Animation, f32)>,
        commands: &mut Vec<Command>,
    ) {
        let view = &self.view;
        let variant = self.document.game.variant();
        let place = |mv: Option<Move>| match mv {
            Some(Move::Place(cell)) => Some(cell),
            _ => None,
        };
        let style = BoardStyle {
            display: self.settings.display,
            person_to_move: self.is_person(view.to_move) && !view.outcome.is_over(),
            hint: place(self.hint()),
            hint_value: self
                .jobs
                .hints
                .value_at(self.document.game.shown())
                .map(|h| h.value),
            best: place(self.thought().and_then(|t| t.progress).and_then(|p| p.best)),
            better: place(self.better_move()),
            animation,
            analysis: self.analysis(),
            book: self.book_marks(),
        };
        if let Some(cell) = board::show(ui, view, variant, &style) {
            commands.push(Command::Click(cell));
        }
    }

    pub(super) fn apply_theme(&mut self, ctx: &egui::Context) {
        let theme = self.settings.display.theme;
        if self.applied_theme != Some(theme) {
            ctx.set_theme(match theme {
                Theme::System => egui::ThemePreference::System,
                Theme::Light => egui::ThemePreference::Light,
                Theme::Dark => egui::ThemePreference::Dark,
            });
            self.applied_theme = Some(theme);
        }
    }
}

/// Lays out `add_contents` in what is left of `area` below the cursor, however wide the
/// rows above it grew.
fn within(ui: &mut Ui, area: egui::Rect, add_contents: impl FnOnce(&mut Ui)) {
    let top = ui.cursor().top().min(area.bottom());
    let rest = egui::Rect::from_min_max(egui::pos2(area.left(), top), area.max);
    ui.scope_builder(egui::UiBuilder::new().max_rect(rest), add_contents);
}

/// The least width the central area (the status rows and the board) keeps beside the panels.
const CENTRAL_LEAST: f32 = 340.0;

/// How wide a side panel may be: its least, its first and its widest width.
#[derive(Clone, Copy, Debug, PartialEq)]
struct PanelWidths {
    least: f32,
    default: f32,
    widest: f32,
}

/// The widths of the side panel (left) and the database panel (right) in a window `width`
/// wide: each gives way in a small window, so that with both open the central area keeps
/// [`CENTRAL_LEAST`] from 800 points up.
fn panel_widths(width: f32) -> (PanelWidths, PanelWidths) {
    let left_widest = (width * 0.35).max(170.0);
    let left = PanelWidths {
        least: 170.0,
        default: (width * 0.26).clamp(170.0, 250.0),
        widest: left_widest,
    };
    let right_widest = (width * 0.4).max(220.0);
    let right = PanelWidths {
        least: 220.0,
        default: (width * 0.32).clamp(220.0, 330.0),
        widest: right_widest,
    };
    (left, right)
}
