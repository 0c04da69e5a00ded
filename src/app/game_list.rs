//! The list of games in a file that holds several (a GGF collection, a WTHOR database): the
//! person narrows it by a name or a year and picks one, which then goes on the board to be
//! reviewed or played on from any move.

use std::path::PathBuf;

use egui::{Context, RichText};

use super::command::Command;
use crate::formats::Record;

/// A file's games, waiting for one to be picked.
pub struct GameList {
    /// The file they were read from.
    pub path: PathBuf,
    /// The games, in the file's order.
    pub records: Vec<Record>,
    /// Each game's line in the list, made once.
    titles: Vec<String>,
    /// The same in lower case, for the filter (not redone every frame).
    lowered: Vec<String>,
    /// Only games whose line holds this text (in any case) are listed.
    filter: String,
}

impl GameList {
    /// The list of `records`, read from `path`.
    pub fn new(path: PathBuf, records: Vec<Record>) -> GameList {
        let titles = records
            .iter()
            .enumerate()
            .map(|(i, r)| format!("{}. {} ({} moves)", i + 1, r.title(), r.moves.len()))
            .collect::<Vec<String>>();
        let lowered = titles.iter().map(|t| t.to_lowercase()).collect();
        GameList {
            path,
            records,
            titles,
            lowered,
            filter: String::new(),
        }
    }

    /// The indices of the games the filter lets through.
    fn shown(&self) -> Vec<usize> {
        let filter = self.filter.trim().to_lowercase();
        (0..self.titles.len())
            .filter(|&i| filter.is_empty() || self.lowered[i].contains(&filter))
            .collect()
    }

    /// The list's window. A click on a game asks for it ([`Command::OpenListed`]); closing
    /// the window asks for none ([`Command::CloseList`]).
    pub fn show(&mut self, ctx: &Context, commands: &mut Vec<Command>) {
        let mut open = true;
        let name = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        egui::Window::new("Pick a game")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .pivot(egui::Align2::CENTER_CENTER)
            .default_pos(ctx.content_rect().center())
            .default_width(520.0)
            .show(ctx, |ui| {
                ui.label(format!("{name} holds {} games.", self.records.len()));
                ui.horizontal(|ui| {
                    let label = ui.label("Find:");
                    ui.add(
                        egui::TextEdit::singleline(&mut self.filter)
                            .hint_text("a player, a tournament, a year")
                            .desired_width(280.0),
                    )
                    .labelled_by(label.id);
                });
                let shown = self.shown();
                if shown.is_empty() {
                    ui.label(RichText::new("No game matches.").weak());
                }
                // One line a game (long ones cut short), so that rows are of one height and
                // only those in sight are laid out, however many the file holds.
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
                let row = ui.text_style_height(&egui::TextStyle::Button) + 4.0;
                let room = (ctx.content_rect().height() - 200.0).clamp(120.0, 420.0);
                egui::ScrollArea::vertical()
                    .auto_shrink([false, true])
                    .max_height(room)
                    .show_rows(ui, row, shown.len(), |ui, rows| {
                        for &i in &shown[rows] {
                            if ui.selectable_label(false, &self.titles[i]).clicked() {
                                commands.push(Command::OpenListed(i));
                            }
                        }
                    });
                if ui.button("Cancel").clicked() {
                    commands.push(Command::CloseList);
                }
            });
        if !open {
            commands.push(Command::CloseList);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::ggf;

    #[test]
    fn the_filter_finds_games_by_any_part_of_their_line() {
        let text = "(;GM[Othello]PB[Ann]PW[Bob]B[f5];)(;GM[Othello]PB[Cy]PW[ANNA]B[f5];)\
                    (;GM[Othello]PB[Di]PW[Ed]B[f5];)";
        let mut list = GameList::new(PathBuf::from("x.ggf"), ggf::read(text).unwrap());
        assert_eq!(list.shown(), vec![0, 1, 2]);
        list.filter = " ann ".into();
        assert_eq!(list.shown(), vec![0, 1]);
        list.filter = "zed".into();
        assert!(list.shown().is_empty());
    }
}
