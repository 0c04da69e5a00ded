//! The menu bar: File, Edit, Game, View and Help, in the order desktop apps use. Every entry
//! that acts is an [`Action`] from the one command table, with its label, shortcut and
//! enabled state; View's entries are display settings, edited in place like the panel's.
//! The shortcuts window is built from the same table.

use std::path::PathBuf;

use egui::{Button, RichText, Ui};

use crate::app::document::settings::{
    MAX_DELAY_MS, MAX_THREADS, Settings, Theme, cores, default_threads,
};
use crate::app::view::command::{Action, Command, Enabled};
use strum::VariantArray;

/// What the menus show and may edit.
pub struct Menus<'a> {
    /// The settings: the display options and the computer's delay are edited here.
    pub settings: &'a mut Settings,
    /// Which actions the window's state allows.
    pub enabled: Enabled,
}

impl Menus<'_> {
    /// Lays out the menu bar; the entries chosen become commands.
    pub fn show(self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let enabled = self.enabled;
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                entries(ui, FILES, enabled, &mut commands);
                recent_games(ui, &self.settings.recent_games, &mut commands);
                ui.separator();
                entries(
                    ui,
                    &[Action::CopyMoves, Action::PasteMoves],
                    enabled,
                    &mut commands,
                );
                ui.separator();
                entries(
                    ui,
                    &[Action::SaveSettings, Action::LoadSettings],
                    enabled,
                    &mut commands,
                );
                ui.separator();
                entries(ui, &[Action::Quit], enabled, &mut commands);
            });
            ui.menu_button("Edit", |ui| {
                entries(ui, EDIT, enabled, &mut commands);
            });
            ui.menu_button("Game", |ui| {
                entries(ui, GAME, enabled, &mut commands);
                super::opening_menu::new_game_from(ui, &mut commands);
            });
            ui.menu_button("View", |ui| {
                entries(ui, &[Action::HowItThinks], enabled, &mut commands);
                view(ui, self.settings);
            });
            ui.menu_button("Help", |ui| {
                entries(
                    ui,
                    &[Action::Shortcuts, Action::About],
                    enabled,
                    &mut commands,
                );
            });
        });
        commands
    }
}

/// File's first entries, before Recent games ([`Action::VARIANTS`] is in menu order).
const FILES: &[Action] = Action::VARIANTS.split_at(4).0;

/// Edit's entries: Undo, Redo, Set up position.
const EDIT: &[Action] = Action::VARIANTS.split_at(7).1.split_at(3).0;

/// Game's entries, Hint to Pass. Pause and Resume take turns: the one that applies is
/// enabled.
const GAME: &[Action] = Action::VARIANTS.split_at(10).1.split_at(7).0;

/// One menu entry per action, with its shortcut written out and its tooltip.
fn entries(ui: &mut Ui, actions: &[Action], enabled: Enabled, commands: &mut Vec<Command>) {
    for &action in actions {
        let mut button = Button::new(action.label());
        if let Some(shortcut) = action.shortcuts().first() {
            button = button.shortcut_text(ui.ctx().format_shortcut(shortcut));
        }
        let allowed = enabled.allows(action);
        let response = ui
            .add_enabled(allowed, button)
            .on_hover_text(action.tooltip());
        // Named by its label alone, as its button elsewhere is, not with the shortcut.
        response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, allowed, action.label()));
        if response.clicked() {
            commands.push(Command::Action(action));
        }
    }
}

/// File > Recent games: the files opened or saved last, by name, with the whole path on
/// hover.
fn recent_games(ui: &mut Ui, recent: &[PathBuf], commands: &mut Vec<Command>) {
    ui.add_enabled_ui(!recent.is_empty(), |ui| {
        ui.menu_button("Recent games", |ui| {
            for path in recent {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into(),
                );
                if ui
                    .button(name)
                    .on_hover_text(path.display().to_string())
                    .clicked()
                {
                    commands.push(Command::OpenPath(path.clone()));
                }
            }
        });
    });
}

/// View: what the board shows, the theme and the computer's delay.
fn view(ui: &mut Ui, settings: &mut Settings) {
    let display = &mut settings.display;
    ui.checkbox(&mut display.legal_dots, "Legal-move dots");
    ui.checkbox(&mut display.coordinates, "Coordinates");
    ui.checkbox(&mut display.last_move, "Last move");
    ui.checkbox(&mut display.analysis, "Analysis")
        .on_hover_text("The value of every legal move, written on its cell");
    super::opening_menu::view_entries(ui, &mut display.book_marks, &mut settings.book);
    ui.separator();
    ui.menu_button("Theme", |ui| {
        for &theme in Theme::VARIANTS {
            ui.radio_value(&mut display.theme, theme, theme.label());
        }
    });
    ui.menu_button("Computer threads", |ui| {
        ui.label(RichText::new("The cores the computer thinks on").weak());
        ui.radio_value(
            &mut settings.threads,
            None,
            format!("Automatic ({})", default_threads()),
        );
        for n in 1..=cores().min(MAX_THREADS) {
            ui.radio_value(&mut settings.threads, Some(n), n.to_string());
        }
    });
    ui.menu_button("Computer delay", |ui| {
        ui.label(RichText::new("The least time before the computer's move").weak());
        ui.add(
            egui::Slider::new(&mut settings.computer_delay_ms, 0..=MAX_DELAY_MS.min(2_000))
                .suffix(" ms"),
        );
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_menus_take_their_entries_from_the_command_table_in_order() {
        assert_eq!(
            FILES,
            [
                Action::NewGame,
                Action::OpenGame,
                Action::SaveGame,
                Action::SaveGameAs
            ]
        );
        assert_eq!(EDIT, [Action::Undo, Action::Redo, Action::SetUpPosition]);
        assert_eq!(GAME.first(), Some(&Action::Hint));
        assert_eq!(GAME.last(), Some(&Action::Pass));
    }
}
