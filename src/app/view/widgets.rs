//! Small widgets shared by the side panel and the status area.

use egui::{Button, Ui};

use crate::app::view::command::{Action, Command};

/// A button for `action`, with its tooltip and shortcut; a click adds the action to
/// `commands`.
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
