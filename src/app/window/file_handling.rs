//! Game files from the window: choosing one (the platform's dialog or the file browser),
//! opening a file or a game picked from a file of several, and saving.

use std::path::{Path, PathBuf};

use crate::app::document::database::{Pick, Turn, turned};
use crate::app::document::files::{self, GameFileError, Players};
use crate::app::jobs::file_reading::Loaded;
use crate::app::view::file_browser::FileBrowser;
use crate::app::view::file_dialogs::FileTask;
use crate::app::view::words::{choice_text, thousands};

use super::BoardplayApp;

impl BoardplayApp {
    /// The window's title: the game file's name (or "Untitled"), marked with `*` while the
    /// game has moves not saved, then the app's name.
    pub fn title(&self) -> String {
        let name = self
            .document
            .path()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned());
        let unsaved = self.document.is_unsaved();
        match (name, unsaved) {
            (None, false) => "boardplay".to_string(),
            (name, unsaved) => format!(
                "{}{} — boardplay",
                name.as_deref().unwrap_or("Untitled"),
                if unsaved { "*" } else { "" }
            ),
        }
    }

    /// Asks for a file for `task`: the platform's dialog, or else the window's own file
    /// browser. Open starts
    /// near the game's own file or the last one used; Save as suggests a path (see
    /// [`BoardplayApp::save_as_suggestion`]).
    pub(super) fn choose_file(&mut self, task: FileTask) {
        let near = match task {
            FileTask::Open => self
                .document
                .path()
                .map(Path::to_path_buf)
                .or_else(|| self.settings.recent_games.first().cloned()),
            FileTask::SaveAs => Some(self.save_as_suggestion()),
            FileTask::Openings => None,
        };
        if !self.dialogs.ask(task, near.as_deref()) {
            let text = near.map(|p| p.display().to_string()).unwrap_or_default();
            let recent = &self.settings.recent_games;
            self.popups.path_box = Some(FileBrowser::new(task, text, recent));
        }
    }

    /// Where Save as suggests writing the game: its own file (the one it was opened from or
    /// last saved to), else a new name beside the last file used (or in the person's
    /// documents or home folder), never one that exists and never a bare name that would
    /// land wherever the app was started. A database is never the game's own file, and its
    /// folder is the most it lends; a file that failed to open lends nothing.
    pub fn save_as_suggestion(&self) -> PathBuf {
        if let Some(own) = self.document.path()
            && files::can_write(own)
        {
            return own.to_path_buf();
        }
        let folder = self
            .settings
            .recent_games
            .first()
            .and_then(|p| p.parent())
            .filter(|p| !p.as_os_str().is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(own_folder);
        let folder = std::path::absolute(&folder).unwrap_or(folder);
        (1..)
            .map(|n| match n {
                1 => folder.join("game.txt"),
                n => folder.join(format!("game-{n}.txt")),
            })
            .find(|p| !p.exists())
            .unwrap_or_else(|| folder.join("game.txt"))
    }

    /// Starts reading the file at `path` on a thread of its own (a reading under way is
    /// stopped); [`BoardplayApp::finish_open`] takes what it gives.
    pub(super) fn open_from(&mut self, path: PathBuf) {
        if let Err(e) = self.jobs.opener.start(path.clone()) {
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
                self.say(format!("Opened {}", path.display()), false);
                self.settings.remember_game_file(&path);
                self.document.saved_as(Some(path));
            }
            Ok(Loaded::List(file)) => {
                let n = file.records.len();
                let database = &mut self.database.database;
                let again = database.add(file);
                let words = if again {
                    "read again"
                } else if database.files().len() > 1 {
                    "added to the database"
                } else {
                    "in the database beside the board"
                };
                self.say(
                    format!(
                        "{} holds {} games: pick one ({words}, which answers for the \
                         position shown)",
                        path.display(),
                        thousands(n)
                    ),
                    false,
                );
                self.database.files_changed();
                self.settings.remember_game_file(&path);
            }
            Err(e) => self.say(format!("The game was not opened: {e}"), true),
        }
    }

    /// Puts a game of the database on the board: at the position it was found at, turned
    /// as it was found, if it was found through one. It has no file of its own: Save game
    /// asks where to write it, and the file it came from is never written over.
    pub(super) fn open_listed(&mut self, pick: Pick) {
        let database = &self.database.database;
        let (Some(record), Some(file)) = (
            database.record(pick.game),
            database.files().get(pick.game.file),
        ) else {
            return;
        };
        let record = match pick.at {
            Some((_, turn)) => turned(record, turn),
            None => record.clone(),
        };
        let mut words = format!(
            "Game {} of {} from {}: {}",
            pick.game.game + 1,
            thousands(file.records.len()),
            file.path.display(),
            record.title()
        );
        match files::game_from_record(&record) {
            Ok(game) => {
                self.load_game(game);
                if let Some((ply, turn)) = pick.at {
                    self.document.game.jump(ply);
                    words.push_str(&format!(", shown after move {ply}"));
                    if turn != Turn::Same {
                        words.push_str(" (turned to match the board)");
                    }
                }
                self.document.saved_as(None);
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
        match files::save_game(&self.document.game, &path, players) {
            Ok(()) => {
                let n = self.document.game.moves().len();
                let plural = if n == 1 { "" } else { "s" };
                self.say(
                    format!("Saved the game ({n} move{plural}) to {}", path.display()),
                    false,
                );
                self.settings.remember_game_file(&path);
                self.document.saved_as(Some(path));
            }
            Err(e) => self.say(format!("The game was not saved: {e}"), true),
        }
    }
}

/// The person's documents folder, else their home folder, else the current one: where a
/// game with no file near it is suggested to be saved.
fn own_folder() -> PathBuf {
    directories::UserDirs::new()
        .map(|dirs| {
            let documents = dirs.document_dir().filter(|d| d.is_dir());
            documents.unwrap_or(dirs.home_dir()).to_path_buf()
        })
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default()
}
