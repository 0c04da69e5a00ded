//! Opening a game file on a thread of its own, so the window never waits for the disk or a
//! big file: it keeps painting and answering, shows how far the reading has got, and Cancel
//! stops it. The game (or the list of a file's games, made ready there too) comes back
//! whole, or an error; nothing on the board changes before that.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(any(test, feature = "testing"))]
use std::sync::mpsc::RecvTimeoutError;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::app::document::database::DatabaseFile;
use crate::app::document::files::{self, GameFileError, Opened, Reading};
use crate::app::document::session::Session;

/// How often the reading's progress may wake the window.
const PROGRESS_WAKE: Duration = Duration::from_millis(100);

/// What a file that was read holds, ready for the window.
pub enum Loaded {
    /// One game, read and checked.
    Game(Session),
    /// A file of several games, listed and indexed for the database.
    List(DatabaseFile),
}

/// A file's reading that has ended: the file, and what it gave.
pub type Finished = (PathBuf, Result<Loaded, GameFileError>);

/// The reading of one file under way.
struct Pending {
    path: PathBuf,
    stop: Arc<AtomicBool>,
    progress: Arc<Mutex<Reading>>,
    receiver: Receiver<Result<Loaded, GameFileError>>,
}

/// Reads game files on a worker thread, one at a time.
pub struct Opener {
    pending: Option<Pending>,
    wake: Arc<dyn Fn() + Send + Sync>,
    /// The reading threads still running, stopped ones included.
    live: Arc<(Mutex<usize>, Condvar)>,
    /// Holds the reading threads at each step while closed (for tests, which must see a
    /// reading under way without sleeping).
    #[cfg(feature = "testing")]
    gate: Arc<Gate>,
}

impl Opener {
    /// An opener that calls `wake` from its thread when there is news (the window asks for
    /// a repaint there).
    pub fn new(wake: Arc<dyn Fn() + Send + Sync>) -> Opener {
        Opener {
            pending: None,
            wake,
            live: Arc::new((Mutex::new(0), Condvar::new())),
            #[cfg(feature = "testing")]
            gate: Arc::new(Gate::default()),
        }
    }

    /// Starts reading the file at `path` on a new thread, stopping any reading under way.
    ///
    /// # Errors
    ///
    /// The system's error if it cannot start a thread; nothing is read then.
    pub fn start(&mut self, path: PathBuf) -> std::io::Result<()> {
        self.cancel();
        let stop = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(Mutex::new(Reading::default()));
        let (send, receiver) = mpsc::channel();
        let (wake, live) = (Arc::clone(&self.wake), Arc::clone(&self.live));
        let (thread_stop, thread_progress, file) =
            (Arc::clone(&stop), Arc::clone(&progress), path.clone());
        #[cfg(feature = "testing")]
        let gate = Arc::clone(&self.gate);
        *lock(&live.0) += 1;
        let spawned = std::thread::Builder::new()
            .name("boardplay-open".into())
            .spawn(move || {
                let mut woken = Instant::now();
                let mut watch = |reading: Reading| {
                    *lock(&thread_progress) = reading;
                    #[cfg(feature = "testing")]
                    gate.pass();
                    if thread_stop.load(Ordering::Relaxed) {
                        return ControlFlow::Break(());
                    }
                    if woken.elapsed() >= PROGRESS_WAKE {
                        woken = Instant::now();
                        wake();
                    }
                    ControlFlow::Continue(())
                };
                let result = files::open_file_watched(&file, &mut watch).and_then(|opened| {
                    match opened {
                        Opened::Game(game) => Ok(Loaded::Game(game)),
                        // The list's lines and the index by position are made here too,
                        // not on the window's thread.
                        Opened::List(listed) => {
                            let total = listed.records.len();
                            let mut indexing = |done: usize| watch(Reading::indexing(done, total));
                            DatabaseFile::build(file.clone(), listed, &mut indexing)
                                .map(Loaded::List)
                                .ok_or_else(|| GameFileError::Stopped(file.clone()))
                        }
                    }
                });
                // Nobody waits for a reading that was stopped.
                if send.send(result).is_ok() {
                    wake();
                }
                let (count, changed) = &*live;
                *lock(count) -= 1;
                changed.notify_all();
            });
        if let Err(e) = spawned {
            let (count, changed) = &*self.live;
            *lock(count) -= 1;
            changed.notify_all();
            return Err(e);
        }
        self.pending = Some(Pending {
            path,
            stop,
            progress,
            receiver,
        });
        Ok(())
    }

    /// Stops the reading under way, if any: its thread ends at its next step, and what it
    /// read is dropped. The file that was being read, if one was.
    pub fn cancel(&mut self) -> Option<PathBuf> {
        let pending = self.pending.take()?;
        pending.stop.store(true, Ordering::Relaxed);
        Some(pending.path)
    }

    /// The file being read and how far the reading has got, while it is under way.
    pub fn reading(&self) -> Option<(&Path, Reading)> {
        let pending = self.pending.as_ref()?;
        Some((&pending.path, *lock(&pending.progress)))
    }

    /// The reading that has ended since the last call, if one has.
    pub fn poll(&mut self) -> Option<Finished> {
        let pending = self.pending.as_ref()?;
        let result = match pending.receiver.try_recv() {
            Ok(result) => result,
            Err(TryRecvError::Empty) => return None,
            // The thread ended without an answer (it panicked): say so.
            Err(TryRecvError::Disconnected) => Err(thread_lost(&pending.path)),
        };
        let pending = self.pending.take()?;
        Some((pending.path, result))
    }

    /// Waits up to `timeout` for the reading under way to end, and returns it as
    /// [`Opener::poll`] does (for tests and tools that must not poll).
    #[cfg(any(test, feature = "testing"))]
    pub fn wait(&mut self, timeout: Duration) -> Option<Finished> {
        let pending = self.pending.as_ref()?;
        let result = match pending.receiver.recv_timeout(timeout) {
            Ok(result) => result,
            Err(RecvTimeoutError::Timeout) => return None,
            Err(RecvTimeoutError::Disconnected) => Err(thread_lost(&pending.path)),
        };
        let pending = self.pending.take()?;
        Some((pending.path, result))
    }

    /// Waits up to `timeout` until every reading thread has ended, stopped ones included;
    /// true if they have.
    #[cfg(feature = "testing")]
    pub fn wait_until_idle(&self, timeout: Duration) -> bool {
        let (count, changed) = &*self.live;
        let (count, _) = changed
            .wait_timeout_while(lock(count), timeout, |n| *n > 0)
            .unwrap_or_else(PoisonError::into_inner);
        *count == 0
    }

    /// Holds every reading thread at its next step until [`Opener::release`] (for tests).
    #[cfg(feature = "testing")]
    pub fn hold(&self) {
        *lock(&self.gate.closed) = true;
    }

    /// Lets the reading threads held by [`Opener::hold`] go on.
    #[cfg(feature = "testing")]
    pub fn release(&self) {
        *lock(&self.gate.closed) = false;
        self.gate.opened.notify_all();
    }

    /// Waits up to `timeout` until a reading thread is held at the gate; true if one is.
    #[cfg(feature = "testing")]
    pub fn wait_until_held(&self, timeout: Duration) -> bool {
        let (held, _) = self
            .gate
            .arrived
            .wait_timeout_while(lock(&self.gate.held), timeout, |n| *n == 0)
            .unwrap_or_else(PoisonError::into_inner);
        *held > 0
    }
}

/// The error of a reading thread that ended without an answer.
fn thread_lost(path: &Path) -> GameFileError {
    GameFileError::Lost(path.to_path_buf())
}

/// Where reading threads wait while a test holds them.
#[cfg(feature = "testing")]
#[derive(Default)]
struct Gate {
    closed: Mutex<bool>,
    opened: Condvar,
    /// How many threads wait at the gate now.
    held: Mutex<usize>,
    arrived: Condvar,
}

#[cfg(feature = "testing")]
impl Gate {
    /// Waits while the gate is closed.
    fn pass(&self) {
        let closed = lock(&self.closed);
        if !*closed {
            return;
        }
        *lock(&self.held) += 1;
        self.arrived.notify_all();
        let closed = self
            .opened
            .wait_while(closed, |closed| *closed)
            .unwrap_or_else(PoisonError::into_inner);
        drop(closed);
        *lock(&self.held) -= 1;
    }
}

/// A lock whose holder may have panicked: the values here are whole after any store.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
