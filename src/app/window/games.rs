//! Starting and restoring games: the game kept from last time, a new game (the one on the
//! board put aside for Undo), a game brought back, and keeping the game when the window
//! closes.

use std::path::PathBuf;

use crate::app::document::files;
use crate::app::document::session::{Session, SetAside};
use crate::app::document::settings::PlayerChoice;
use crate::core::Supported;

use super::BoardplayApp;

impl BoardplayApp {
    /// Where the game on the board is kept when the window closes: beside the settings.
    pub(super) fn last_game_path(&self) -> PathBuf {
        self.settings_file.path().with_file_name("last-game.txt")
    }

    /// What the window does as it opens: puts back the game kept from last time, then opens
    /// `game`, the file it was started with, if one was named. The kept game is on the board
    /// first so that a file that fails to open leaves it there (with the error shown) and
    /// closing keeps it again; a file that opens puts it aside, for Undo.
    pub fn start_with(&mut self, game: Option<PathBuf>) {
        self.restore_last_game();
        if let Some(path) = game {
            self.open_path(path);
        }
    }

    /// Puts back the game that was on the board when the window last closed, if one was kept
    /// (see [`BoardplayApp::shutdown`]). A kept file that cannot be read is left alone.
    pub fn restore_last_game(&mut self) {
        let path = self.last_game_path();
        if !path.exists() {
            return;
        }
        match files::kept_game(&path) {
            Ok((game, file)) => {
                self.load_game(game);
                let text = if self.held() {
                    "The game from last time is on the board, paused: Resume (Ctrl+P) starts \
                     its clocks"
                } else {
                    "The game from last time is on the board"
                };
                self.say(text, false);
                // The game belongs to its file again, saved if the file still holds it.
                if let Some(file) = file.filter(|f| f.is_file()) {
                    let same = files::open_game(&file).is_ok_and(|g| {
                        g.moves() == self.document.game.moves()
                            && g.start_board() == self.document.game.start_board()
                    });
                    self.document.belongs_to(file, same);
                }
            }
            Err(e) => {
                self.document.kept_unread = true;
                self.say(format!("The game from last time was not read ({e})"), true);
            }
        }
    }

    /// Saves the settings (unless the file was broken and never saved since) and stops the
    /// computer. Called when the window closes.
    pub fn shutdown(&mut self) {
        self.jobs.stop();
        self.settings_file.save_on_exit(&self.settings());
        // The game on the board is kept, so closing loses nothing; an empty board keeps none,
        // but leaves a kept game that could not be read to be mended.
        let path = self.last_game_path();
        if self.document.game.moves().is_empty() {
            if !self.document.kept_unread {
                let _ = std::fs::remove_file(&path);
            }
        } else if let Err(e) = files::keep_game(&self.document.game, &path, self.document.path()) {
            eprintln!("boardplay: the game was not kept: {e}");
        }
    }

    /// Starts `next`, putting the game on the board aside (with `players`, who played it)
    /// so that Undo can bring it back.
    pub(super) fn start_game(&mut self, next: Session, players: [PlayerChoice; 2]) {
        let previous = self.document.replace(next);
        self.shelf.start_new(SetAside {
            game: previous,
            players,
        });
        self.notice = None;
        self.setup = None;
    }

    /// Puts a game read from a file or pasted on the board; the one there is put aside. A
    /// game on clocks with moves played, not over, starts paused: its clocks run once the
    /// person says Resume.
    pub(super) fn load_game(&mut self, mut game: Session) {
        if game.time_control().is_some() && !game.moves().is_empty() && !game.is_finished() {
            game.set_paused(true);
        }
        let before = self.settings.players();
        let from = self.document.game.variant().kind();
        self.settings.switch_players(from, game.variant());
        self.start_game(game, before);
    }

    /// A new game on `board`, on the chosen time control; `players` played the one put
    /// aside.
    pub(super) fn new_game(&mut self, board: Supported, players: [PlayerChoice; 2]) {
        let game = Session::new(board).with_time_control(self.settings.clock);
        self.start_game(game, players);
    }

    /// A new game on another `board` (another game or size): another game seats the
    /// players last chosen for it, and a player not offered there is replaced (see
    /// [`Settings::switch_players`]).
    pub(super) fn new_board(&mut self, board: Supported) {
        let before = self.settings.players();
        let from = self.document.game.variant().kind();
        self.settings.switch_players(from, board.variant());
        self.new_game(board, before);
    }

    /// Seats `players` (first, second). The game goes on from the position shown: a
    /// computer now to move starts thinking.
    pub(super) fn seat(&mut self, players: [PlayerChoice; 2]) {
        if players != self.settings.players() {
            self.settings.set_players(players);
        }
    }

    /// Brings back a game that was put aside, with its players, in place of this one (which
    /// is kept on the other side, if it has moves).
    pub(super) fn bring_back(&mut self, backward: bool) {
        let current = SetAside {
            game: self.document.game.clone(),
            players: self.settings.players(),
        };
        let restored = if backward {
            self.shelf.back(current)
        } else {
            self.shelf.forward(current)
        };
        let Some(SetAside { game, players }) = restored else {
            return;
        };
        let (from, to) = (self.document.game.variant().kind(), game.variant().kind());
        if from != to {
            self.settings.keep_players(from);
        }
        self.settings.set_players(players);
        let word = if backward { "Back to" } else { "On to" };
        let text = format!("{word} the game {}", game.summary());
        self.document.replace(game);
        self.setup = None;
        self.say(text, false);
    }
}
