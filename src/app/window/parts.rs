//! The parts [`BoardplayApp`](super::BoardplayApp) is made of besides its settings, each
//! keeping its own rules: the document (the game on the board and the file it belongs to),
//! the small windows over the board, and the work in the background.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::{Context, Ui};

use crate::app::document::session::{Revision, Session};
use crate::app::jobs::computer_turn::ComputerTurn;
use crate::app::jobs::engine_check::EngineCheck;
use crate::app::jobs::file_reading::Opener;
use crate::app::jobs::hint::Hints;
use crate::app::jobs::studies::Studies;
use crate::app::jobs::thinking::Thinking;
use crate::app::view::command::Command;
use crate::app::view::file_browser::{self, FileBrowser};
use crate::app::view::popups;
use crate::app::view::words::side_name;
use crate::core::{Side, Variant};

/// The game on the board and the file it belongs to. A game put on the board by
/// [`Document::replace`] belongs to no file until it is saved or was opened from one.
pub(super) struct Document {
    /// The game on the board.
    pub(super) game: Session,
    /// The file the game was opened from or last saved to: Save game writes over it without
    /// asking.
    path: Option<PathBuf>,
    /// The revision of the game as last opened or saved (the title marks a game that
    /// differs). A game opened from the database is saved as it is without a file.
    saved: Option<Revision>,
    /// The game kept from last time could not be read: closing with no game on the board
    /// leaves its file as it is.
    pub(super) kept_unread: bool,
}

impl Document {
    /// `game`, belonging to no file.
    pub(super) fn new(game: Session) -> Document {
        Document {
            game,
            path: None,
            saved: None,
            kept_unread: false,
        }
    }

    /// Puts `next` on the board, belonging to no file, and gives back the game that was
    /// there.
    pub(super) fn replace(&mut self, next: Session) -> Session {
        self.path = None;
        self.saved = None;
        std::mem::replace(&mut self.game, next)
    }

    /// The file the game belongs to.
    pub(super) fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The game as it is now is what a file holds: `path`, or (`None`) no file but the one
    /// it already belongs to.
    pub(super) fn saved_as(&mut self, path: Option<PathBuf>) {
        self.saved = Some(self.game.revision());
        if path.is_some() {
            self.path = path;
        }
    }

    /// The game belongs to `path` again, which holds it as it is now if `same`.
    pub(super) fn belongs_to(&mut self, path: PathBuf, same: bool) {
        self.saved = same.then(|| self.game.revision());
        self.path = Some(path);
    }

    /// True if the game has moves its file (or, without one, an empty board) does not hold.
    pub(super) fn is_unsaved(&self) -> bool {
        match self.saved {
            Some(saved) => saved != self.game.revision(),
            None => !self.game.moves().is_empty(),
        }
    }
}

/// A box asking for text, and whether it is yet to take the keyboard focus (as it opens,
/// with its text selected, so typing replaces it).
#[derive(Default)]
struct TextBox {
    text: String,
    focus: bool,
}

impl TextBox {
    fn opening(text: String) -> TextBox {
        TextBox { text, focus: true }
    }
}

/// The small windows over the board that people close: the paste box, the file browser, the
/// engine box, the question before a file is replaced, the shortcuts and About. Each box
/// that asks for text takes the keyboard focus as it opens. The reading of a file with its
/// Cancel belongs to the reading ([`Opener`]); the set-up editor to the window.
#[derive(Default)]
pub(super) struct Popups {
    /// The paste box's text, kept while the box is closed, so a mistake can be mended.
    paste: TextBox,
    paste_open: bool,
    /// The window's own file browser, where the platform has no file dialog.
    pub(super) path_box: Option<FileBrowser>,
    /// The box asking for an engine's command, for the side it is to play.
    engine_box: Option<(Side, TextBox)>,
    /// A file Save game would write over, waiting for the person to say yes or no.
    pub(super) overwrite: Option<PathBuf>,
    shortcuts: bool,
    about: bool,
}

impl Popups {
    /// Opens the paste box with the text it had.
    pub(super) fn open_paste(&mut self) {
        self.paste_open = true;
        self.paste.focus = true;
    }

    /// The paste box's text.
    pub(super) fn paste_text(&self) -> &str {
        &self.paste.text
    }

    /// The paste box's text was played: it closes, empty.
    pub(super) fn paste_played(&mut self) {
        self.paste.text.clear();
        self.paste_open = false;
    }

    /// Opens the engine box for `side`, with `command` in it.
    pub(super) fn ask_engine(&mut self, side: Side, command: String) {
        self.engine_box = Some((side, TextBox::opening(command)));
    }

    /// Closes the engine box.
    pub(super) fn close_engine_box(&mut self) {
        self.engine_box = None;
    }

    /// Shows the keyboard shortcuts.
    pub(super) fn show_shortcuts(&mut self) {
        self.shortcuts = true;
    }

    /// Shows About.
    pub(super) fn show_about(&mut self) {
        self.about = true;
    }

    /// Escape on the small window on top, as its Cancel or close button: the engine box,
    /// the path box, the paste box, the shortcuts, then About. False if none is open. (The
    /// question before replacing a file takes Escape itself.)
    pub(super) fn escape(&mut self, commands: &mut Vec<Command>) -> bool {
        if self.engine_box.is_some() {
            commands.push(Command::CancelEngine);
        } else if self.path_box.is_some() {
            commands.push(Command::CancelPath);
        } else if self.paste_open {
            self.paste_open = false;
        } else if self.shortcuts {
            self.shortcuts = false;
        } else if self.about {
            self.about = false;
        } else {
            return false;
        }
        true
    }

    /// Paints the ones that are open (the engine box names its side as `variant` does).
    pub(super) fn show(
        &mut self,
        ui: &Ui,
        ctx: &Context,
        variant: Variant,
        commands: &mut Vec<Command>,
    ) {
        let paste = (&mut self.paste.text, &mut self.paste.focus);
        popups::paste_box(ctx, &mut self.paste_open, paste, commands);
        if let Some(browser) = &mut self.path_box {
            file_browser::show(ctx, browser, commands);
        }
        if let Some((side, typed)) = &mut self.engine_box {
            let name = side_name(variant, *side);
            let typed = (&mut typed.text, &mut typed.focus);
            popups::engine_box(ctx, (*side, name), typed, commands);
        }
        if let Some(path) = &self.overwrite {
            popups::overwrite_question(ui, path, commands);
        }
    }

    /// Paints the shortcuts and About, which go over everything else.
    pub(super) fn show_last(&mut self, ctx: &Context) {
        popups::shortcuts(ctx, &mut self.shortcuts);
        popups::about(ctx, &mut self.about);
    }
}

/// The work in the background, each on a thread of its own: the computer's turn, the hint,
/// Analysis mode with the review, the engine started to learn its name, the game file
/// being read, and the "How it thinks" view's searches. Each is woken and wakes the window through `wake`.
pub(super) struct Jobs {
    /// The computer's turn.
    pub(super) computer: ComputerTurn,
    /// Hints search on their own worker, so asking for one never disturbs the computer.
    pub(super) hints: Hints,
    /// Analysis mode and the review of a finished game.
    pub(super) studies: Studies,
    /// The engine chosen last, started to learn its name.
    pub(super) engine_check: EngineCheck,
    /// The game file being read.
    pub(super) opener: Opener,
    /// The "How it thinks" view's searches.
    pub(super) thinking: Thinking,
}

impl Jobs {
    /// Every job idle, each waking the window through `wake` when it has news.
    pub(super) fn new(wake: &Arc<dyn Fn() + Send + Sync>) -> Jobs {
        Jobs {
            computer: ComputerTurn::new(Arc::clone(wake)),
            hints: Hints::new(Arc::clone(wake)),
            studies: Studies::new(Arc::clone(wake)),
            engine_check: EngineCheck::new(Arc::clone(wake)),
            opener: Opener::new(Arc::clone(wake)),
            thinking: Thinking::new(wake),
        }
    }

    /// Stops them all (the window is closing).
    pub(super) fn stop(&mut self) {
        self.computer.stop();
        self.opener.cancel();
        self.hints.cancel();
        self.studies.stop();
        self.thinking.stop();
    }
}
