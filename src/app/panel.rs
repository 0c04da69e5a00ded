//! The side panel: game, size, players, the game buttons, the move history, game files,
//! display options and the settings file. It returns [`Command`]s; only display options,
//! which change nothing but the picture, are edited in place.

use std::path::Path;

use egui::{Button, ComboBox, RichText, ScrollArea, Ui};

use crate::core::Side;

use super::board::side_name;
use super::command::{Action, Command};
use super::session::Game;
use super::settings::{Computer, GameKind, MAX_DELAY_MS, PlayerChoice, Settings, Theme};

/// What the panel shows and may edit.
pub struct Panel<'a> {
    /// The settings; display options and the game file path are edited here directly.
    pub settings: &'a mut Settings,
    /// The game, for the history list.
    pub game: &'a Game,
    /// True if Undo has somewhere to go.
    pub can_undo: bool,
    /// True if Redo has somewhere to go.
    pub can_redo: bool,
    /// The paste box's text.
    pub paste: &'a mut String,
    /// Where the settings are saved.
    pub settings_path: &'a Path,
}

/// A button for `action`, with its tooltip and shortcut.
pub fn action_button(ui: &mut Ui, action: Action, enabled: bool, commands: &mut Vec<Command>) {
    let hover = action.hover_text(ui.ctx());
    let response = ui
        .add_enabled(enabled, Button::new(action.label()))
        .on_hover_text(&hover)
        .on_disabled_hover_text(&hover);
    if response.clicked() {
        commands.push(Command::Action(action));
    }
}

impl Panel<'_> {
    /// Lays out the panel's contents.
    pub fn show(mut self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        ScrollArea::vertical().show(ui, |ui| {
            ui.add_space(4.0);
            ui.heading("boardplay");
            ui.add_space(4.0);
            self.game_choice(ui, &mut commands);
            ui.separator();
            self.players(ui, &mut commands);
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                action_button(ui, Action::NewGame, true, &mut commands);
                action_button(ui, Action::Undo, self.can_undo, &mut commands);
                action_button(ui, Action::Redo, self.can_redo, &mut commands);
            });
            ui.separator();
            self.history(ui, &mut commands);
            ui.separator();
            self.game_text(ui, &mut commands);
            ui.separator();
            self.display(ui);
            ui.separator();
            self.settings_file(ui, &mut commands);
        });
        commands
    }

    fn game_choice(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.label(RichText::new("Game").strong());
        ui.horizontal(|ui| {
            for kind in GameKind::ALL {
                if ui
                    .selectable_label(self.settings.game == kind, kind.label())
                    .clicked()
                    && self.settings.game != kind
                {
                    commands.push(Command::SetGame(kind));
                }
            }
        });
        ui.label(RichText::new("Board size").strong());
        ui.horizontal(|ui| {
            let mut sizes = self.settings.game.sizes().to_vec();
            if !sizes.contains(&self.settings.size) {
                sizes.push(self.settings.size);
            }
            for size in sizes {
                let selected = self.settings.size == size;
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

    fn players(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.label(RichText::new("Players").strong());
        let variant = self.settings.variant();
        let mut choices = vec![PlayerChoice::Person];
        choices.extend(Computer::ALL.map(PlayerChoice::Computer));
        for side in Side::BOTH {
            let current = self.settings.player(side);
            ui.horizontal(|ui| {
                // The side's name first, at a fixed width, so the choices line up and a
                // narrow panel does not wrap the name letter by letter.
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(44.0, 18.0), egui::Sense::hover());
                let label = ui.put(
                    rect,
                    egui::Label::new(side_name(variant, side)).selectable(false),
                );
                let combo = ComboBox::from_id_salt(("player", side.index()))
                    .selected_text(choice_text(current))
                    .width(ui.available_width().min(170.0))
                    .show_ui(ui, |ui| {
                        for choice in &choices {
                            if ui
                                .selectable_label(current == *choice, choice_text(*choice))
                                .clicked()
                                && current != *choice
                            {
                                commands.push(Command::SetPlayer(side, *choice));
                            }
                        }
                    });
                combo.response.labelled_by(label.id);
            });
        }
    }

    fn history(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.label(RichText::new("Moves").strong());
        let cursor = self.game.cursor();
        ScrollArea::vertical()
            .id_salt("history")
            .max_height(180.0)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    if ui.selectable_label(cursor == 0, "Start").clicked() {
                        commands.push(Command::Jump(0));
                    }
                    for (i, mv) in self.game.moves().iter().enumerate() {
                        let mut text = RichText::new(format!("{}. {mv}", i + 1)).monospace();
                        if i >= cursor {
                            text = text.weak();
                        }
                        let response = ui.selectable_label(cursor == i + 1, text);
                        if cursor == i + 1 && self.game.at_end() {
                            response.scroll_to_me(None);
                        }
                        if response.clicked() {
                            commands.push(Command::Jump(i + 1));
                        }
                    }
                });
            });
    }

    fn game_text(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.label(RichText::new("Game text").strong());
        action_button(ui, Action::CopyMoves, true, commands);
        let label = ui.label("Paste a move list:");
        ui.add(
            egui::TextEdit::singleline(&mut *self.paste)
                .hint_text("f5d6c3...")
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
        action_button(
            ui,
            Action::PasteMoves,
            !self.paste.trim().is_empty(),
            commands,
        );
        let label = ui.label("Game file:");
        let mut path = self.settings.game_file.display().to_string();
        if ui
            .add(egui::TextEdit::singleline(&mut path).desired_width(f32::INFINITY))
            .labelled_by(label.id)
            .changed()
        {
            self.settings.game_file = path.into();
        }
        ui.horizontal(|ui| {
            action_button(ui, Action::SaveGame, true, commands);
            action_button(ui, Action::OpenGame, true, commands);
        });
    }

    fn display(&mut self, ui: &mut Ui) {
        ui.label(RichText::new("Display").strong());
        let display = &mut self.settings.display;
        ui.checkbox(&mut display.legal_dots, "Legal-move dots");
        ui.checkbox(&mut display.coordinates, "Coordinates");
        ui.checkbox(&mut display.last_move, "Last-move marker");
        ui.horizontal(|ui| {
            ui.label("Theme:");
            for theme in Theme::ALL {
                ui.selectable_value(&mut display.theme, theme, theme.label());
            }
        });
        ui.add(
            egui::Slider::new(
                &mut self.settings.computer_delay_ms,
                0..=MAX_DELAY_MS.min(2_000),
            )
            .text("Computer delay (ms)"),
        );
    }

    fn settings_file(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.label(RichText::new("Settings").strong());
        ui.horizontal(|ui| {
            action_button(ui, Action::SaveSettings, true, commands);
            action_button(ui, Action::LoadSettings, true, commands);
        });
        ui.label(
            RichText::new(self.settings_path.display().to_string())
                .small()
                .weak(),
        );
    }
}

fn choice_text(choice: PlayerChoice) -> String {
    match choice {
        PlayerChoice::Person => "Person".into(),
        PlayerChoice::Computer(c) => format!("Computer: {}", c.label()),
    }
}
