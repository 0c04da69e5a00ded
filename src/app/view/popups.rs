//! The small windows over the board: the paste box, the reading of a game file with Cancel,
//! the question before a file is replaced, the keyboard shortcuts and About.
//! Each returns what was asked as [`Command`]s, like the rest of the UI.

use std::path::Path;

use egui::{Context, Key, RichText, Ui};

use crate::core::Side;

use crate::app::document::disk::size_words;
use crate::app::document::files::Reading;
use crate::app::view::command::{Action, Command};
use crate::app::view::words::thousands;
use strum::VariantArray;

/// The box where a move list or a game file is pasted, then played with Enter or the Play
/// button. Its text stays until it is played, so a mistake can be mended; it takes the
/// keyboard focus with that text selected when it opens (`focus`).
pub fn paste_box(
    ctx: &Context,
    open: &mut bool,
    (text, focus): (&mut String, &mut bool),
    commands: &mut Vec<Command>,
) {
    centred(ctx, "Paste moves")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .default_width(320.0)
        .show(ctx, |ui| {
            let label = ui.label("Paste a move list or a game file:");
            let response = text_box(ui, text, "f5d6c3...", 300.0, focus).labelled_by(label.id);
            let ready = !text.trim().is_empty();
            let entered = response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            let play = ui.add_enabled(ready, egui::Button::new("Play pasted moves"));
            if ready && (entered || play.clicked()) {
                commands.push(Command::PlayPaste);
            }
        });
}

/// The box that asks for the command of an engine to play `side` (named `name`): another
/// Othello program that speaks the NBoard protocol. Enter or the button seats it once it
/// has answered. The command takes the keyboard focus, selected, when the box opens.
pub fn engine_box(
    ctx: &Context,
    (side, name): (Side, &str),
    (text, focus): (&mut String, &mut bool),
    commands: &mut Vec<Command>,
) {
    let mut open = true;
    centred(ctx, "Engine")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(380.0)
        .show(ctx, |ui| {
            ui.label(format!(
                "The command that starts an Othello engine speaking the NBoard protocol, \
                 to play {name}:"
            ));
            let label = ui.label("Command:");
            let response =
                text_box(ui, text, "edax -q -ui nboard", 360.0, focus).labelled_by(label.id);
            ui.label(
                RichText::new("Its depth and time a move can be set under the player once seated.")
                    .small()
                    .weak(),
            );
            let ready = !text.trim().is_empty();
            let entered = response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            ui.horizontal(|ui| {
                let go = ui.add_enabled(ready, egui::Button::new("Play"));
                if ready && (entered || go.clicked()) {
                    commands.push(Command::SeatEngine(side, text.trim().to_string()));
                }
                if ui.button("Cancel").clicked() {
                    commands.push(Command::CancelEngine);
                }
            });
        });
    if !open {
        commands.push(Command::CancelEngine);
    }
}

/// A one-line text box. When `focus` is set (as its box opens, or is asked for again) it
/// takes the keyboard focus with all its text selected, so typing replaces the text and
/// Enter takes it as it is; `focus` is then cleared. Every box that asks for text uses it.
pub fn text_box(
    ui: &mut Ui,
    text: &mut String,
    hint: &str,
    width: f32,
    focus: &mut bool,
) -> egui::Response {
    let mut edit = egui::TextEdit::singleline(text)
        .hint_text(hint)
        .desired_width(width)
        .show(ui);
    let response = edit.response.response.clone();
    if std::mem::take(focus) {
        edit.state
            .cursor
            .set_char_range(Some(egui::text::CCursorRange::select_all_str(text)));
        edit.state.store(ui.ctx(), response.id);
        response.request_focus();
    }
    response
}

/// A small window that first shows in the middle of the app's window, clear of the menus.
fn centred<'a>(ctx: &Context, title: &'a str) -> egui::Window<'a> {
    egui::Window::new(title)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
}

/// How far the reading of the game file at `path` has got, with Cancel. The window around
/// it goes on answering: the file is read on a thread of its own.
pub fn reading_box(ctx: &Context, path: &Path, reading: Reading, commands: &mut Vec<Command>) {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut open = true;
    centred(ctx, "Opening a game file")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(340.0)
        .show(ctx, |ui| {
            ui.label(reading_words(&name, reading));
            // The bytes from the disk are the first fifth of the bar, the games the next
            // half, indexing them the rest.
            let part = |done: u64| done as f32 / reading.total.max(1) as f32;
            let fraction = if reading.indexing {
                0.7 + 0.3 * part(reading.games as u64)
            } else if reading.reading_games {
                0.2 + 0.5 * part(reading.bytes)
            } else {
                0.2 * part(reading.bytes)
            };
            ui.add(egui::ProgressBar::new(fraction.clamp(0.0, 1.0)).show_percentage());
            if ui.button("Cancel").clicked() {
                commands.push(Command::CancelOpen);
            }
        });
    if !open {
        commands.push(Command::CancelOpen);
    }
}

/// "Reading big.ggf: 12 MB of 111 MB", then "big.ggf: 45,000 games read", then "big.ggf:
/// 45,000 of 100,000 games indexed by position".
pub fn reading_words(name: &str, reading: Reading) -> String {
    if reading.indexing {
        format!(
            "{name}: {} of {} games indexed by position",
            thousands(reading.games),
            thousands(reading.total as usize)
        )
    } else if reading.reading_games {
        format!("{name}: {} games read", thousands(reading.games))
    } else {
        format!(
            "Reading {name}: {} of {}",
            size_words(reading.bytes),
            size_words(reading.total)
        )
    }
}

/// Asks before Save game writes over a file that is not this game's own.
pub fn overwrite_question(ui: &Ui, path: &Path, commands: &mut Vec<Command>) {
    let modal = egui::Modal::new(egui::Id::unique("overwrite")).show(ui.ctx(), |ui| {
        ui.set_max_width(360.0);
        ui.heading("Replace the file?");
        ui.label(format!(
            "{} already exists. Replacing it loses what it holds.",
            path.display()
        ));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Replace").clicked() {
                commands.push(Command::ConfirmOverwrite);
            }
            if ui.button("Cancel").clicked() {
                commands.push(Command::CancelOverwrite);
            }
        });
    });
    if modal.should_close() {
        commands.push(Command::CancelOverwrite);
    }
}

/// Every keyboard shortcut, from the one command table, with what it does.
pub fn shortcuts(ctx: &Context, open: &mut bool) {
    centred(ctx, "Keyboard shortcuts")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            egui::Grid::new("shortcuts")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for &action in Action::VARIANTS {
                        if action.shortcuts().is_empty() || action == Action::Resume {
                            continue;
                        }
                        let keys: Vec<String> = action
                            .shortcuts()
                            .iter()
                            .map(|s| ctx.format_shortcut(s))
                            .collect();
                        ui.label(RichText::new(keys.join(", ")).monospace());
                        let label = match action {
                            Action::Pause => "Pause or resume".to_string(),
                            _ => action.label().trim_end_matches("...").to_string(),
                        };
                        ui.label(label);
                        ui.end_row();
                    }
                    let paste = ctx.format_shortcut(&egui::KeyboardShortcut::new(
                        egui::Modifiers::COMMAND,
                        Key::V,
                    ));
                    ui.label(RichText::new(paste).monospace());
                    ui.label("Play the move list on the clipboard (on the board)");
                    ui.end_row();
                });
        });
}

/// What the app is, its version and its licence.
pub fn about(ctx: &Context, open: &mut bool) {
    centred(ctx, "About boardplay")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(format!("boardplay {}", env!("CARGO_PKG_VERSION")));
            ui.label(
                "Tic-tac-toe and Othello against a friend or the computer, with players from \
                 random to perfect that can show what they think.",
            );
            ui.label(RichText::new(env!("CARGO_PKG_LICENSE")).weak());
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reading_is_told_in_bytes_then_in_games() {
        let from_disk = Reading {
            bytes: 12_300_000,
            total: 111_967_475,
            games: 0,
            reading_games: false,
            indexing: false,
        };
        assert_eq!(
            reading_words("big.ggf", from_disk),
            "Reading big.ggf: 12.3 MB of 112 MB"
        );
        let games = Reading {
            games: 45_000,
            reading_games: true,
            ..from_disk
        };
        assert_eq!(
            reading_words("big.ggf", games),
            "big.ggf: 45,000 games read"
        );
        assert_eq!(
            reading_words("big.ggf", Reading::indexing(2_000, 100_000)),
            "big.ggf: 2,000 of 100,000 games indexed by position"
        );
    }
}
