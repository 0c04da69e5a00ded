//! The opening of the game on the board, kept up to date with the position shown: its name
//! (status line, move list), the book's moves (book marks on the board) and the moves the
//! computer played from the book. The book is read on a thread of its own the first time
//! the marks need it (40-60 ms, once), so the window never waits for it.

use std::sync::{Arc, Once, OnceLock};

use crate::ai::Work;
use crate::ai::book::{Book, user};
use crate::app::document::opening::OpeningNotes;
use crate::app::document::session::Shown;
use crate::app::document::starts;
use crate::app::view::board::{BookMark, book_marks};
use crate::app::view::words::side_name;
use crate::core::start::Start;
use crate::core::{Move, Supported};

use super::BoardplayApp;

/// The opening notes of the position shown, and what they were made for.
#[derive(Default)]
pub(super) struct Opening {
    /// The notes of the position shown.
    pub(super) notes: OpeningNotes,
    /// The position they were made for, and whether with the book.
    made_for: Option<(Shown, bool)>,
}

/// The book the computer plays from (the shipped one with the user's), once read: the first
/// call starts reading it on a thread of its own, which asks `repaint` for a frame when done.
fn book_when_read(repaint: &Arc<OnceLock<egui::Context>>) -> Option<Arc<Book>> {
    static BOOK: OnceLock<Arc<Book>> = OnceLock::new();
    static STARTED: Once = Once::new();
    if let Some(book) = BOOK.get() {
        return Some(book.clone());
    }
    STARTED.call_once(|| {
        let repaint = Arc::clone(repaint);
        let spawned = std::thread::Builder::new()
            .name("book".into())
            .spawn(move || {
                let _ = BOOK.set(user::current());
                if let Some(ctx) = repaint.get() {
                    ctx.request_repaint();
                }
            });
        if spawned.is_err() {
            let _ = BOOK.set(user::current());
        }
    });
    BOOK.get().cloned()
}

impl BoardplayApp {
    /// Makes the opening notes again if the position shown changed, or the book marks were
    /// turned on, or the book has been read since.
    pub(super) fn update_opening(&mut self) {
        let shown = self.document.game.shown();
        let eight = self.document.game.board() == Supported::OTHELLO_8;
        let book = (eight && self.settings.display.book_marks)
            .then(|| book_when_read(&self.repaint))
            .flatten();
        let key = (shown, book.is_some());
        if self.opening.made_for != Some(key) {
            self.opening.notes = OpeningNotes::of(&self.document.game, book.as_deref());
            self.opening.made_for = Some(key);
        }
    }

    /// The book marks of the position shown, while they are on.
    pub(super) fn book_marks(&self) -> Vec<BookMark> {
        if !self.settings.display.book_marks {
            return Vec::new();
        }
        book_marks(&self.opening.notes.book)
    }

    /// The opening named at the position shown, and the moves that reached it.
    pub(super) fn opening_name(&self) -> Option<(&'static str, usize)> {
        self.opening.notes.name_at(self.document.game.cursor())
    }

    /// The moves of the game (by index) the computer played from the book: kept by the game
    /// itself, so the same moves in another game are not tagged.
    pub(super) fn book_plies(&self) -> Vec<usize> {
        self.document.game.book_plies()
    }

    /// True if the computer's search under way reported its move `best` from the book:
    /// asked before its answer is taken, while its progress is still there.
    pub(super) fn thinking_from_book(&self) -> Option<Move> {
        let progress = self.jobs.computer.thought()?.progress?;
        (progress.work == Work::Book)
            .then_some(progress.best)
            .flatten()
    }

    /// The computer has just played `mv`, the book's move: it is marked in the move list
    /// and the status line says so.
    pub(super) fn played_from_book(&mut self, mv: Move) {
        let game = &mut self.document.game;
        let Some(&last) = game.moves().get(game.cursor().wrapping_sub(1)) else {
            return;
        };
        if last != mv || game.cursor() != game.moves().len() {
            return;
        }
        game.note_last_from_book();
        let game = &self.document.game;
        let side = side_name(game.variant(), game.side_to_move().opponent());
        self.say(format!("{side} played {mv} from its opening book"), false);
    }
}

impl BoardplayApp {
    /// A new game from `start` on the board of the game shown (the one there put aside for
    /// Undo), with the opening drawn said; a start that does not fit, or a list that cannot
    /// be read, is said and changes nothing.
    pub(super) fn new_game_from(&mut self, start: Start) {
        let board = self.document.game.board();
        match starts::new_game_from(board, &start, self.seeds.draw()) {
            Ok((game, drawn)) => {
                let game = game.with_time_control(self.settings.clock);
                self.start_game(game, self.settings.players());
                let text = match (&start, drawn) {
                    (Start::File(path), Some((line, moves))) => format!(
                        "New game from opening {line} of {}: {}",
                        path.display(),
                        line_words(&moves)
                    ),
                    (_, Some((line, moves))) => format!(
                        "New game from balanced opening {line}: {}",
                        line_words(&moves)
                    ),
                    (Start::Alternate, None) => "New game from the alternate start".to_string(),
                    (_, None) => "New game from the standard start".to_string(),
                };
                self.say(text, false);
            }
            Err(e) => self.say(format!("No new game from the {start} start: {e}"), true),
        }
    }
}

/// Moves written out: "f5 d6 c3".
fn line_words(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(feature = "testing")]
impl BoardplayApp {
    /// Waits, at most `timeout`, for the book of the book marks to be read (it is read on a
    /// thread of its own the first time they are on); true once it is.
    pub fn wait_for_book(&self, timeout: std::time::Duration) -> bool {
        let deadline = std::time::Instant::now() + timeout;
        while book_when_read(&self.repaint).is_none() {
            if std::time::Instant::now() > deadline {
                return false;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        true
    }
}
