//! The database beside the board: the files open in it (WTHOR years, GGF collections), what
//! their games say about the position shown (how many reached it, each next move with its
//! count and its score for Black), and the list of games: all of them, those through the
//! position, or those behind one move, narrowed by Find. A click on a game opens it; a game
//! found through the position opens at that position.

use egui::{Grid, RichText, ScrollArea, Ui};

use crate::app::document::database::{Answer, Database, GameRef, Pick, Score};
use crate::app::document::session::BoardView;
use crate::app::view::command::Command;
use crate::app::view::words::thousands;
use crate::core::othello::Othello8;
use crate::core::{Move, Side, Variant};

/// Which games the list shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Showing {
    /// Every game of the open files.
    All,
    /// The games through the position shown.
    Position,
    /// The games that played this move from the position shown.
    Move(Move),
}

/// The database, and how its panel shows it.
pub struct DatabasePanel {
    /// The open files and their games.
    pub database: Database,
    /// Find: only games in which each of its words is part of some field are listed.
    find: String,
    showing: Showing,
    /// The answer for the position shown, and that position; made again when the position
    /// or the open files change.
    answer: Option<(Othello8, Answer)>,
    /// The rows of the list, and what they were made for (the Find text, what is shown, the
    /// position): made again only when that changes.
    rows: Vec<Pick>,
    rows_for: Option<(String, Showing, Option<Othello8>)>,
}

impl Default for DatabasePanel {
    fn default() -> Self {
        DatabasePanel {
            database: Database::default(),
            find: String::new(),
            showing: Showing::All,
            answer: None,
            rows: Vec::new(),
            rows_for: None,
        }
    }
}

impl DatabasePanel {
    /// The files changed: the answer and the list are made again.
    pub fn files_changed(&mut self) {
        self.answer = None;
        self.rows_for = None;
        if self.database.is_empty() {
            *self = DatabasePanel::default();
        }
    }

    /// Makes the answer for `pos`, if it is not the one kept.
    fn answer_for(&mut self, pos: Othello8) {
        if self.answer.as_ref().is_none_or(|(at, _)| *at != pos) {
            self.answer = Some((pos, self.database.answer(&pos)));
            // What was chosen in the last position's answer means nothing here.
            if matches!(self.showing, Showing::Move(_)) {
                self.showing = Showing::Position;
            }
        }
    }

    /// The panel's contents for the position `view` of a game of `variant`.
    pub fn show(&mut self, ui: &mut Ui, view: &BoardView, variant: Variant) -> Vec<Command> {
        let mut commands = Vec::new();
        ui.horizontal(|ui| {
            ui.heading("Database");
            if ui
                .button("Close")
                .on_hover_text("Close every file of the database")
                .clicked()
            {
                commands.push(Command::CloseList);
            }
        });
        self.files(ui, &mut commands);
        ui.separator();
        let pos = position_of(view, variant);
        match pos {
            Some(pos) => self.position(ui, pos),
            None => {
                ui.label(RichText::new("The database answers for 8x8 Othello positions.").weak());
                self.showing = Showing::All;
            }
        }
        ui.separator();
        self.list(ui, pos, &mut commands);
        commands
    }

    /// The open files, each with its count and notes, and a button to close it.
    fn files(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        for (i, file) in self.database.files().iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!(
                    "{}: {} games",
                    file.name(),
                    thousands(file.records.len())
                ));
                let close = ui
                    .small_button("×")
                    .on_hover_text(format!("Close {}", file.name()));
                close.widget_info(|| {
                    egui::WidgetInfo::labeled(
                        egui::Role::Button,
                        true,
                        format!("Close {}", file.name()),
                    )
                });
                if close.clicked() {
                    commands.push(Command::CloseDatabaseFile(i));
                }
            });
            for note in &file.notes {
                ui.label(
                    RichText::new(note)
                        .small()
                        .color(ui.visuals().warn_fg_color),
                );
            }
        }
    }

    /// What the games say about `pos`: how many reached it, and each next move.
    fn position(&mut self, ui: &mut Ui, pos: Othello8) {
        self.answer_for(pos);
        let Some((_, answer)) = &self.answer else {
            return;
        };
        let mut showing = self.showing;
        let reached = answer.reached;
        if reached.games == 0 {
            ui.label("No game of the database reached this position.");
            return;
        }
        let plural = if reached.games == 1 { "game" } else { "games" };
        ui.label(format!(
            "{} {plural} reached this position. Black {}",
            thousands(reached.games),
            score_words(&reached)
        ));
        ui.label(
            RichText::new(
                "Transpositions count, and so do the same position turned (f5, e6, d3 and \
                 c4 are one opening). Click a move for its games.",
            )
            .small()
            .weak(),
        );
        // Scrolled sideways in a narrow panel rather than wider than it: egui lays a right
        // panel's overflowing contents out under the central area.
        ScrollArea::horizontal()
            .id_salt("database-moves-scroll")
            .show(ui, |ui| {
                Grid::new("database-moves")
                    .num_columns(4)
                    .striped(true)
                    .show(ui, |ui| {
                        for title in ["Move", "Games", "Black", "Won-drawn-lost"] {
                            ui.label(RichText::new(title).small().strong());
                        }
                        ui.end_row();
                        // A move's row: a click lists its games (again: all the position's).
                        let mut row =
                            |ui: &mut Ui, word: String, score: &Score, this: Option<Showing>| {
                                match this {
                                    Some(this) => {
                                        let selected = showing == this;
                                        if ui.selectable_label(selected, word).clicked() {
                                            showing =
                                                if selected { Showing::Position } else { this };
                                        }
                                    }
                                    None => {
                                        ui.label(word);
                                    }
                                }
                                ui.label(thousands(score.games));
                                ui.label(mean_words(score));
                                ui.label(format!(
                                    "{}-{}-{}",
                                    thousands(score.wins),
                                    thousands(score.draws),
                                    thousands(score.losses)
                                ));
                                ui.end_row();
                            };
                        for next in &answer.moves {
                            let this = Some(Showing::Move(next.mv));
                            row(ui, next.mv.to_string(), &next.score, this);
                        }
                        if answer.ended.games > 0 {
                            row(ui, "(ended here)".into(), &answer.ended, None);
                        }
                    });
            });
        self.showing = showing;
    }

    /// Which games are listed, Find, and the list.
    fn list(&mut self, ui: &mut Ui, pos: Option<Othello8>, commands: &mut Vec<Command>) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Games:").strong());
            let chosen_move = match self.showing {
                Showing::Move(mv) => Some(mv),
                _ => None,
            };
            let mut choice = |ui: &mut Ui, showing: Showing, word: String| {
                if ui.selectable_label(self.showing == showing, word).clicked() {
                    self.showing = showing;
                }
            };
            choice(ui, Showing::All, "All".into());
            if pos.is_some() {
                choice(ui, Showing::Position, "Through this position".into());
            }
            if let Some(mv) = chosen_move {
                choice(ui, Showing::Move(mv), format!("After {mv}"));
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Find:");
            ui.add(
                egui::TextEdit::singleline(&mut self.find)
                    .hint_text("a player, a tournament, a year")
                    .desired_width(ui.available_width()),
            )
            .labelled_by(label.id);
        });
        self.make_rows(pos);
        if self.rows.is_empty() {
            ui.label(RichText::new("No game matches.").weak());
            return;
        }
        let opens_at = !matches!(self.showing, Showing::All);
        let hint = if opens_at {
            "Click a game to open it at this position."
        } else {
            "Click a game to open it."
        };
        ui.label(RichText::new(hint).small().weak());
        // One line a game (long ones cut short), so that rows are of one height and only
        // those in sight are laid out, however many the files hold.
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
        let height = ui.text_style_height(&egui::TextStyle::Button) + 4.0;
        ScrollArea::vertical()
            .id_salt("database-games")
            .auto_shrink([false, false])
            .show_rows(ui, height, self.rows.len(), |ui, range| {
                for &pick in &self.rows[range] {
                    let title = self.database.title(pick.game);
                    let opening = self.database.opening(pick.game);
                    // The opening in a column of its own at the right, the title cut short
                    // in what is left.
                    ui.horizontal(|ui| {
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            let column = egui::vec2(OPENING_COLUMN, height);
                            let name = opening.unwrap_or("");
                            let label = egui::Label::new(RichText::new(name).small().italics());
                            let shown = ui.add_sized(column, label);
                            if !name.is_empty() {
                                shown.on_hover_text(format!("Opening: {name}"));
                            }
                            ui.with_layout(
                                egui::Layout::left_to_right(egui::Align::Center),
                                |ui| {
                                    if ui.selectable_label(false, title).clicked() {
                                        commands.push(Command::OpenListed(pick));
                                    }
                                },
                            );
                        });
                    });
                }
            });
    }

    /// Makes the list's rows again if the Find text, the choice or the position changed.
    fn make_rows(&mut self, pos: Option<Othello8>) {
        let same = self.rows_for.as_ref().is_some_and(|(find, showing, at)| {
            *find == self.find && *showing == self.showing && *at == pos
        });
        if same {
            return;
        }
        let words = Database::words(&self.find);
        let rows = match (self.showing, &self.answer) {
            (Showing::Position | Showing::Move(_), Some((_, answer))) => {
                let mv = match self.showing {
                    Showing::Move(mv) => Some(mv),
                    _ => None,
                };
                answer
                    .games_with(mv)
                    .filter_map(|found| {
                        let game = GameRef {
                            file: found.file,
                            game: found.hit.game,
                        };
                        let at = Some((found.hit.ply, found.hit.turn));
                        self.database
                            .matches(game, &words)
                            .then_some(Pick { game, at })
                    })
                    .collect()
            }
            _ => self
                .database
                .find(&words)
                .into_iter()
                .map(|game| Pick { game, at: None })
                .collect(),
        };
        self.rows = rows;
        self.rows_for = Some((self.find.clone(), self.showing, pos));
    }
}

/// The width of the list's opening column, in points.
const OPENING_COLUMN: f32 = 90.0;

/// The 8x8 Othello position of `view`, if it is one.
fn position_of(view: &BoardView, variant: Variant) -> Option<Othello8> {
    if variant != Variant::OTHELLO_8 {
        return None;
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, cell) in view.cells.iter().enumerate() {
        match cell {
            Some(Side::First) => black |= 1 << i,
            Some(Side::Second) => white |= 1 << i,
            None => {}
        }
    }
    Some(match view.to_move {
        Side::First => Othello8::from_bits(black, white, Side::First),
        Side::Second => Othello8::from_bits(white, black, Side::Second),
    })
}

/// "+2.3 on average (600 won, 34 drawn, 600 lost)", or that no result is known.
fn score_words(score: &Score) -> String {
    match score.mean() {
        Some(_) => format!(
            "{} discs on average ({} won, {} drawn, {} lost).",
            mean_words(score),
            thousands(score.wins),
            thousands(score.draws),
            thousands(score.losses)
        ),
        None => "has no known result in these games.".into(),
    }
}

/// Black's mean margin with its sign, one decimal ("+2.3", "0.0"), or "?" when no result is
/// known.
fn mean_words(score: &Score) -> String {
    match score.mean() {
        None => "?".into(),
        // Not "-0.0" for a mean just under zero.
        Some(m) if m.abs() < 0.05 => "0.0".into(),
        Some(m) => format!("{m:+.1}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_s_mean_reads_with_its_sign_and_no_minus_zero() {
        let score = |margins: &[i32]| {
            let mut s = Score::default();
            margins.iter().for_each(|&m| s.add(Some(m)));
            s
        };
        assert_eq!(mean_words(&score(&[16, -4, 0, -2])), "+2.5");
        assert_eq!(mean_words(&score(&[-3, 2])), "-0.5");
        assert_eq!(
            mean_words(&score(&[
                -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
            ])),
            "0.0"
        );
        assert_eq!(mean_words(&Score::default()), "?");
        assert_eq!(
            score_words(&score(&[1, 0, -1])),
            "0.0 discs on average (1 won, 1 drawn, 1 lost)."
        );
    }
}
