//! Game files from the window: choosing one (the platform's dialog or the path box),
//! opening a file or a game picked from a file of several, and saving.

use std::path::PathBuf;

use crate::app::dialogs::FileTask;
use crate::app::files::{self, GameFileError, Players};
use crate::app::opener::Loaded;
use crate::app::words::choice_text;

use super::BoardplayApp;

impl BoardplayApp {
    /// The window's title: the game file's name (or "Untitled"), marked with `*` while the
    /// game has moves not saved, then the app's name.
    pub fn title(&self) -> String {
        let name = self
            .game_path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned());
        let unsaved = match self.saved {
            Some(saved) => saved != self.game.revision(),
            None => !self.game.moves().is_empty(),
        };
        match (name, unsaved) {
            (None, false) => "boardplay".to_string(),
            (name, unsaved) => format!(
                "{}{} — boardplay",
                name.as_deref().unwrap_or("Untitled"),
                if unsaved { "*" } else { "" }
            ),
        }
    }

    /// Asks for a file for `task`: the platform's dialog, or else the path box. The dialog
    /// starts near the game's own file or the last one used.
    pub(super) fn choose_file(&mut self, task: FileTask) {
        let near = self
            .game_path
            .clone()
            .or_else(|| self.settings.recent_games.first().cloned());
        if !self.dialogs.ask(task, near.as_deref()) {
            let text = near.map(|p| p.display().to_string()).unwrap_or_default();
            self.path_box = Some((task, text));
        }
    }

    /// Starts reading the file at `path` on a thread of its own (a reading under way is
    /// stopped); [`BoardplayApp::finish_open`] takes what it gives.
    pub(super) fn open_from(&mut self, path: PathBuf) {
        if let Err(e) = self.opener.start(path.clone()) {
            self.say(
                format!("The game was not opened: {}: {e}", path.display()),
                true,
            );
        }
    }

    /// Puts the game read from the file at `path` on the board, or lists the games of a file
    /// of several to pick one from; a file that could not be read leaves the board (and the
    /// game kept for the next start) as it was and says why.
    pub(super) fn finish_open(&mut self, path: PathBuf, result: Result<Loaded, GameFileError>) {
        match result {
            Ok(Loaded::Game(game)) => {
                self.load_game(game);
                self.saved = Some(self.game.revision());
                self.say(format!("Opened {}", path.display()), false);
                self.settings.remember_game_file(&path);
                self.game_path = Some(path);
            }
            Ok(Loaded::List(list)) => {
                self.say(
                    format!(
                        "{} holds {} games: pick one",
                        path.display(),
                        list.records.len()
                    ),
                    false,
                );
                self.settings.remember_game_file(&path);
                self.game_list = Some(list);
            }
            Err(e) => self.say(format!("The game was not opened: {e}"), true),
        }
    }

    /// Puts the game picked from the list on the board. It has no file of its own: Save
    /// game asks where to write it, and the file it came from is never written over.
    pub(super) fn open_listed(&mut self, index: usize) {
        let Some(list) = &self.game_list else { return };
        let Some(record) = list.records.get(index) else {
            return;
        };
        match files::game_from_record(record) {
            Ok(game) => {
                let words = format!(
                    "Game {} of {} from {}: {}",
                    index + 1,
                    list.records.len(),
                    list.path.display(),
                    record.title()
                );
                self.game_list = None;
                self.load_game(game);
                self.saved = Some(self.game.revision());
                self.say(words, false);
            }
            Err(e) => self.say(format!("The game was not opened: {e}"), true),
        }
    }

    /// Writes the whole game, whichever move is shown, to `path`.
    pub(super) fn save_to(&mut self, path: PathBuf) {
        let [black, white] = self.settings.players().map(|c| choice_text(&c));
        let players = Players {
            black: &black,
            white: &white,
        };
        match files::save_game(&self.game, &path, players) {
            Ok(()) => {
                let n = self.game.moves().len();
                let plural = if n == 1 { "" } else { "s" };
                self.say(
                    format!("Saved the game ({n} move{plural}) to {}", path.display()),
                    false,
                );
                self.saved = Some(self.game.revision());
                self.settings.remember_game_file(&path);
                self.game_path = Some(path);
            }
            Err(e) => self.say(format!("The game was not saved: {e}"), true),
        }
    }
}
