//! Choosing a game file: the platform's file dialog (the `rfd` crate; on Linux the desktop
//! portal, found over D-Bus at run time, so nothing needs `-dev` packages), on a thread of
//! its own so the window keeps painting. Where no dialog can be shown (no session bus, as
//! under Xvfb, or in the tests), the window asks for a path in a small box instead.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// What a chosen path is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileTask {
    /// Open the game in the file.
    Open,
    /// Write the game to the file.
    SaveAs,
}

impl FileTask {
    /// The title of the dialog or of the path box.
    pub fn title(self) -> &'static str {
        match self {
            FileTask::Open => "Open game",
            FileTask::SaveAs => "Save game as",
        }
    }
}

/// The native file dialogs, if the platform has them, and the one open just now.
pub struct FileDialogs {
    native: bool,
    pending: Option<(FileTask, Receiver<Option<PathBuf>>)>,
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

    /// True while a native dialog is open.
    pub fn is_open(&self) -> bool {
        self.pending.is_some()
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
            .add_filter("Game files", &["txt", "ggf", "wtb"])
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
                    FileTask::Open => dialog.pick_file(),
                    FileTask::SaveAs => dialog.save_file(),
                };
                let _ = send.send(chosen);
                wake();
            });
        if spawned.is_err() {
            return false;
        }
        self.pending = Some((task, receive));
        true
    }

    /// The path chosen in the dialog that just closed, if one was chosen (nothing if it was
    /// cancelled or is still open).
    pub fn poll(&mut self) -> Option<(FileTask, PathBuf)> {
        let (task, receive) = self.pending.as_ref()?;
        let task = *task;
        match receive.try_recv() {
            Ok(chosen) => {
                self.pending = None;
                chosen.map(|path| (task, path))
            }
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                self.pending = None;
                None
            }
        }
    }
}
