//! Choosing a game file: the platform's file dialog (the `rfd` crate; on Linux the desktop
//! portal, found over D-Bus at run time, so nothing needs `-dev` packages), on a thread of
//! its own so the window keeps painting. Where no dialog can be shown (no session bus, as
//! under Xvfb, or in the tests; or a bus with no portal behind it, found when the dialog
//! "closes" at once), the window shows its own file browser instead (`file_browser.rs`).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

/// A dialog that closes with no path sooner than this after it was asked for was never
/// shown: no person cancels that fast. This is how a session bus with no desktop portal
/// behind it shows itself (rfd answers as if cancelled).
const NEVER_SHOWN: Duration = Duration::from_millis(250);

/// The extensions of the files the window reads: its own games (`.txt`, which also holds
/// move lists), GGF games and WTHOR databases.
pub const GAME_EXTENSIONS: [&str; 3] = ["txt", "ggf", "wtb"];

/// How a native dialog ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A path was chosen for the task.
    Chosen(FileTask, PathBuf),
    /// The person cancelled.
    Cancelled,
    /// No dialog could be shown for the task (see [`NEVER_SHOWN`]).
    Failed(FileTask),
}

/// What a chosen path is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileTask {
    /// Open the game in the file.
    Open,
    /// Write the game to the file.
    SaveAs,
    /// Start a new game from an opening of the list in the file.
    Openings,
}

impl FileTask {
    /// The title of the dialog or of the file browser.
    pub fn title(self) -> &'static str {
        match self {
            FileTask::Open => "Open game",
            FileTask::SaveAs => "Save game as",
            FileTask::Openings => "New game from a list of openings",
        }
    }
}

/// The native file dialogs, if the platform has them, and the one open just now.
pub struct FileDialogs {
    native: bool,
    pending: Option<(FileTask, Instant, Receiver<Option<PathBuf>>)>,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl FileDialogs {
    /// Dialogs that use the platform's own when `native` is true; `wake` asks the window
    /// for a frame when one is closed.
    pub fn new(native: bool, wake: Arc<dyn Fn() + Send + Sync>) -> FileDialogs {
        FileDialogs {
            native,
            pending: None,
            wake,
        }
    }

    /// Uses the platform's dialogs, or not.
    pub fn set_native(&mut self, native: bool) {
        self.native = native;
    }

    /// True if the platform can show a file dialog here: on Linux and the BSDs, a D-Bus
    /// session bus (through which the desktop portal is reached) must be there, and its
    /// socket, where the address names one.
    pub fn native_available() -> bool {
        if cfg!(any(target_os = "windows", target_os = "macos")) {
            return true;
        }
        let Some(address) = std::env::var_os("DBUS_SESSION_BUS_ADDRESS") else {
            return false;
        };
        let address = address.to_string_lossy();
        match address
            .strip_prefix("unix:path=")
            .map(|rest| rest.split(',').next().unwrap_or(rest))
        {
            Some(socket) => Path::new(socket).exists(),
            None => !address.is_empty(),
        }
    }

    /// Shows the platform's dialog for `task`, starting in the folder of `near`. False if
    /// there is none, so the window asks for a path itself.
    pub fn ask(&mut self, task: FileTask, near: Option<&Path>) -> bool {
        if !self.native {
            return false;
        }
        if self.pending.is_some() {
            return true;
        }
        let mut dialog = rfd::FileDialog::new()
            .set_title(task.title())
            .add_filter("Game files", &GAME_EXTENSIONS)
            .add_filter("boardplay games", &["txt"])
            .add_filter("GGF games (Othello)", &["ggf"])
            .add_filter("WTHOR databases (Othello)", &["wtb"])
            .add_filter("All files", &["*"]);
        if let Some(folder) = near.and_then(Path::parent).filter(|f| f.is_dir()) {
            dialog = dialog.set_directory(folder);
        }
        if let (FileTask::SaveAs, Some(name)) = (task, near.and_then(Path::file_name)) {
            dialog = dialog.set_file_name(name.to_string_lossy());
        } else if task == FileTask::SaveAs {
            dialog = dialog.set_file_name("game.txt");
        }
        let (send, receive) = mpsc::channel();
        let wake = Arc::clone(&self.wake);
        let spawned = std::thread::Builder::new()
            .name("file-dialog".into())
            .spawn(move || {
                let chosen = match task {
                    FileTask::Open | FileTask::Openings => dialog.pick_file(),
                    FileTask::SaveAs => dialog.save_file(),
                };
                let _ = send.send(chosen);
                wake();
            });
        if spawned.is_err() {
            return false;
        }
        self.pending = Some((task, Instant::now(), receive));
        true
    }

    /// How the dialog that just closed ended; nothing while it is open (or none is).
    /// A dialog that could not be shown turns the native dialogs off: the file browser asks
    /// from then on.
    pub fn poll(&mut self) -> Option<Answer> {
        let (task, asked, receive) = self.pending.as_ref()?;
        let (task, asked) = (*task, *asked);
        let chosen = match receive.try_recv() {
            Ok(chosen) => chosen,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => None,
        };
        self.pending = None;
        Some(match chosen {
            Some(path) => Answer::Chosen(task, path),
            None if asked.elapsed() < NEVER_SHOWN => {
                self.native = false;
                Answer::Failed(task)
            }
            None => Answer::Cancelled,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dialogs with one open since `asked`, which answers `chosen`.
    fn answered(asked: Instant, chosen: Option<PathBuf>) -> FileDialogs {
        let mut dialogs = FileDialogs::new(true, Arc::new(|| {}));
        let (send, receive) = mpsc::channel();
        send.send(chosen).unwrap();
        dialogs.pending = Some((FileTask::Open, asked, receive));
        dialogs
    }

    #[test]
    fn a_dialog_closed_at_once_with_nothing_was_never_shown() {
        let long_ago = Instant::now() - Duration::from_secs(5);
        let mut chosen = answered(long_ago, Some("a.ggf".into()));
        assert_eq!(
            chosen.poll(),
            Some(Answer::Chosen(FileTask::Open, "a.ggf".into()))
        );
        assert_eq!(chosen.poll(), None, "one answer a dialog");
        assert_eq!(answered(long_ago, None).poll(), Some(Answer::Cancelled));
        let mut failed = answered(Instant::now(), None);
        assert_eq!(failed.poll(), Some(Answer::Failed(FileTask::Open)));
        assert!(!failed.native, "the file browser asks from then on");
    }
}
