//! The list of games in a file that holds several (a GGF collection, a WTHOR database): the
//! person narrows it by a name or a year and picks one, which then goes on the board to be
//! reviewed or played on from any move.

use std::path::PathBuf;

use egui::{Context, RichText};

use super::command::Command;
use super::files::Listed;
use crate::formats::Record;

/// A file's games, waiting for one to be picked.
pub struct GameList {
    /// The file they were read from.
    pub path: PathBuf,
    /// The games, in the file's order.
    pub records: Vec<Record>,
    /// What the list says about the file besides its games (cut short, names missing).
    notes: Vec<String>,
    /// Each game's line in the list, made once.
    titles: Vec<String>,
    /// What Find looks in, each game's players, event, date and result in lower case, one
    /// field a line so that no word runs from one into the next (made once, not every frame).
    fields: Vec<String>,
    /// Find: only games in which each of its words (in any order and any case) is part of
    /// some field are listed.
    filter: String,
}

impl GameList {
    /// The list of the games read from `path`.
    pub fn new(path: PathBuf, listed: Listed) -> GameList {
        let notes = listed.notes();
        let records = listed.records;
        let titles = records
            .iter()
            .enumerate()
            .map(|(i, r)| format!("{}. {} ({} moves)", i + 1, r.title(), r.moves.len()))
            .collect::<Vec<String>>();
        let fields = records
            .iter()
            .map(|r| {
                [&r.black, &r.white, &r.event, &r.date, &r.result]
                    .map(|f| f.to_lowercase())
                    .join("\n")
            })
            .collect();
        GameList {
            path,
            records,
            notes,
            titles,
            fields,
            filter: String::new(),
        }
    }

    /// The indices of the games Find lets through: those where every word of it is part
    /// of a player's name, the event, the date or the result ("Tamenori 2004", "Nicolet
    /// Tamenori").
    fn shown(&self) -> Vec<usize> {
        let filter = self.filter.to_lowercase();
        let words: Vec<&str> = filter.split_whitespace().collect();
        (0..self.titles.len())
            .filter(|&i| words.iter().all(|w| self.fields[i].contains(w)))
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
                for note in &self.notes {
                    ui.label(RichText::new(note).color(ui.visuals().warn_fg_color));
                }
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
    fn find_takes_words_in_any_order_each_from_any_field() {
        let text = "(;GM[Othello]PB[Ann]PW[Bob]B[f5];)(;GM[Othello]PB[Cy]PW[ANNA]B[f5];)\
                    (;GM[Othello]PB[Di]PW[Ed]B[f5];)";
        let listed = |records| Listed {
            records,
            cut: None,
            names_missing: Vec::new(),
        };
        let mut list = GameList::new(PathBuf::from("x.ggf"), listed(ggf::read(text).unwrap()));
        assert_eq!(list.shown(), vec![0, 1, 2]);
        list.filter = " ann ".into();
        assert_eq!(list.shown(), vec![0, 1]);
        list.filter = "zed".into();
        assert!(list.shown().is_empty());

        // A WTHOR year as the list gets it: players, tournament and year in fields apart.
        use crate::formats::wthor::{self, build};
        let mut bytes = build::header(3, 2004, false);
        bytes.extend(build::game(0, 0, 1, 40, "f5d6"));
        bytes.extend(build::game(1, 2, 0, 30, "f5f6"));
        bytes.extend(build::game(1, 1, 2, 36, "f5f4"));
        let names = wthor::Names {
            players: vec![
                "Tamenori Makoto".into(),
                "Nicolet Stephane".into(),
                "Shaman Brian".into(),
            ],
            tournaments: vec!["Championnat de France".into(), "Paris Open".into()],
        };
        let records = wthor::read(&bytes, &names).unwrap();
        let mut list = GameList::new(PathBuf::from("WTH_2004.wtb"), listed(records));
        for (find, games) in [
            ("Tamenori", vec![0, 1]),
            ("Nicolet Stephane", vec![0, 2]),
            ("Tamenori 2004", vec![0, 1]),
            ("2004 tamenori", vec![0, 1]),
            ("Tamenori Nicolet", vec![0]),
            ("Nicolet Tamenori", vec![0]),
            ("shaman paris", vec![1, 2]),
            ("Tamenori 2005", vec![]),
            ("Tamenori Open Shaman", vec![1]),
            // Words match within a field, never across two.
            ("makoto nicolet stephane", vec![0]),
            ("france2004", vec![]),
        ] {
            list.filter = find.into();
            assert_eq!(list.shown(), games, "{find}");
        }
    }
}
