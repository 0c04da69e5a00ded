//! The menu entries of the opening: the book marks on the board and Expert's opening book
//! (View), and a new game from another start (Game > New game from): the standard start,
//! the alternate one, a random opening of the project's balanced set, or one of a list file
//! the person chooses (the XOT list's format). The starts are [`Start`]'s, the arena's.

use egui::{RichText, Ui};

use crate::ai::book::{BookOptions, DEFAULT_VARIETY};
use crate::app::view::command::Command;
use crate::core::start::Start;

/// The most variety the menu offers, in discs.
pub const MOST_VARIETY: u32 = 8;

/// View's entries: the book marks, and Expert's book (on or off, and its variety).
pub fn view_entries(ui: &mut Ui, book_marks: &mut bool, book: &mut BookOptions) {
    ui.checkbox(book_marks, "Book marks").on_hover_text(
        "On 8x8 Othello: the opening book's moves and their values, in discs for the side to move",
    );
    ui.menu_button("Opening book", |ui| {
        ui.label(RichText::new("Expert's first moves on 8x8 Othello").weak());
        ui.checkbox(&mut book.on, "Expert plays from its book");
        ui.add_enabled_ui(book.on, |ui| {
            ui.label("Variety: a random book move within");
            ui.add(
                egui::Slider::new(&mut book.variety, 0..=MOST_VARIETY).suffix(" discs of the best"),
            );
            if ui.button(format!("Default ({DEFAULT_VARIETY})")).clicked() {
                book.variety = DEFAULT_VARIETY;
            }
        });
    });
}

/// Game's submenu "New game from": a new game from each start; a list file is chosen
/// first.
pub fn new_game_from(ui: &mut Ui, commands: &mut Vec<Command>) {
    ui.menu_button("New game from", |ui| {
        let entries = [
            (
                Start::Standard,
                "Standard start",
                "The centre's discs crossed",
            ),
            (
                Start::Alternate,
                "Alternate start",
                "Black on d4 and d5, White on e4 and e5",
            ),
            (
                Start::Balanced,
                "Random balanced opening",
                "A random opening of the project's balanced set (8x8)",
            ),
        ];
        for (start, label, tip) in entries {
            if ui.button(label).on_hover_text(tip).clicked() {
                commands.push(Command::NewGameFrom(start));
            }
        }
        if ui
            .button("Opening from a list file…")
            .on_hover_text(
                "A random opening of a file with one a line, as the XOT list: f5d6c3d3c4f4c5b3",
            )
            .clicked()
        {
            commands.push(Command::ChooseOpeningsFile);
        }
    });
}
