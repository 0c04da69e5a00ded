//! The computer thinks on a worker thread, so the window never waits for it.
//!
//! Each search gets a generation number. Cancelling (its owner no longer wants it: the
//! position or the player it was for changed) raises the search's [`Stop`] flag and moves on
//! to a new generation, so an answer that arrives late is recognised as stale and dropped: it
//! can never be played on the wrong position.
//!
//! While it runs, the search's [`Progress`] reports go into a shared slot that holds only the
//! latest one; the window reads it when it paints, and is woken at most ten times a second
//! for it, so a fast-reporting search never floods the UI thread.

#[cfg(any(test, feature = "testing"))]
use std::sync::mpsc::RecvTimeoutError;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::ai::{EngineError, Progress, Stop};
use crate::core::Move;

/// A search that runs on any thread: it stops when the flag is raised and reports progress
/// through the callback. Its answer is a move, none, or why an engine gave none.
pub type Search =
    Box<dyn FnOnce(&Stop, &mut dyn FnMut(&Progress)) -> Result<Option<Move>, EngineError> + Send>;

/// A computer's search, ready to run on any thread.
pub struct Job {
    /// The search.
    pub run: Search,
}

/// A finished search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The move chosen (`None` only if the game was over), or why an engine gave none.
    pub mv: Result<Option<Move>, EngineError>,
    /// How long the search took.
    pub elapsed: Duration,
}

struct Message {
    generation: u64,
    answer: Answer,
}

/// Runs one computer search at a time in the background.
pub struct Worker {
    sender: Sender<Message>,
    receiver: Receiver<Message>,
    generation: u64,
    running: Option<Stop>,
    wake: Arc<dyn Fn() + Send + Sync>,
    /// The latest progress report, tagged with its search's generation.
    latest: Arc<Mutex<(u64, Option<Progress>)>>,
    /// Notified with each progress report (for [`Worker::wait_for_progress`]).
    reported: Arc<Condvar>,
    /// The search threads still running, cancelled ones included (for
    /// [`Worker::wait_until_idle`]).
    live: Arc<Live>,
}

/// A count of running search threads, and its change notified.
#[derive(Default)]
struct Live {
    count: Mutex<usize>,
    changed: Condvar,
}

/// Counts one search thread as running until it is dropped, when the thread ends (after it
/// has sent its answer, or unwinding from a panic).
struct Running(Arc<Live>);

impl Running {
    fn new(live: &Arc<Live>) -> Running {
        *lock(&live.count) += 1;
        Running(Arc::clone(live))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        *lock(&self.0.count) -= 1;
        self.0.changed.notify_all();
    }
}

/// How often progress reports may wake the window.
const PROGRESS_WAKE: Duration = Duration::from_millis(100);

impl Worker {
    /// A worker that calls `wake` from its thread when an answer is ready (the window asks
    /// for a repaint there).
    pub fn new(wake: Arc<dyn Fn() + Send + Sync>) -> Worker {
        let (sender, receiver) = channel();
        Worker {
            sender,
            receiver,
            generation: 0,
            running: None,
            wake,
            latest: Arc::new(Mutex::new((0, None))),
            reported: Arc::new(Condvar::new()),
            live: Arc::new(Live::default()),
        }
    }

    /// Starts `job` on a new thread, cancelling any search still running.
    ///
    /// # Panics
    ///
    /// If the operating system cannot start a thread.
    pub fn start(&mut self, job: Job) {
        self.cancel();
        let stop = Stop::new();
        self.running = Some(stop.clone());
        let generation = self.generation;
        let sender = self.sender.clone();
        let wake = Arc::clone(&self.wake);
        let latest = Arc::clone(&self.latest);
        *lock(&latest) = (generation, None);
        let reported = Arc::clone(&self.reported);
        let running = Running::new(&self.live);
        let run = job.run;
        std::thread::Builder::new()
            .name("boardplay-computer".into())
            .spawn(move || {
                lower_priority();
                let started = Instant::now();
                let mut woken = started;
                let mut report = |progress: &Progress| {
                    {
                        let mut slot = lock(&latest);
                        // A newer search owns the slot once this one is cancelled.
                        if slot.0 != generation {
                            return;
                        }
                        slot.1 = Some(progress.clone());
                    }
                    reported.notify_all();
                    if woken.elapsed() >= PROGRESS_WAKE {
                        woken = Instant::now();
                        wake();
                    }
                };
                let mv = run(&stop, &mut report);
                let answer = Answer {
                    mv,
                    elapsed: started.elapsed(),
                };
                // The window may be gone; then nobody needs the answer.
                if sender.send(Message { generation, answer }).is_ok() {
                    wake();
                }
                drop(running);
            })
            .expect("the system can start a thread");
    }

    /// Stops the running search, if any; its answer will be dropped.
    pub fn cancel(&mut self) {
        if let Some(stop) = self.running.take() {
            stop.stop();
        }
        self.generation += 1;
    }

    /// The latest progress of the current search, if it has reported any.
    pub fn progress(&self) -> Option<Progress> {
        let slot = lock(&self.latest);
        (slot.0 == self.generation)
            .then(|| slot.1.clone())
            .flatten()
    }

    /// True while a search runs whose answer is still wanted.
    pub fn is_busy(&self) -> bool {
        self.running.is_some()
    }

    /// The answer of the current search, if it has arrived. Stale answers are dropped.
    pub fn poll(&mut self) -> Option<Answer> {
        while let Ok(message) = self.receiver.try_recv() {
            if let Some(answer) = self.accept(message) {
                return Some(answer);
            }
        }
        None
    }

    /// Waits up to `timeout` for the answer of the current search (for tests and tools that
    /// must not poll). Stale answers are dropped.
    #[cfg(any(test, feature = "testing"))]
    pub fn wait(&mut self, timeout: Duration) -> Option<Answer> {
        let deadline = Instant::now() + timeout;
        while self.is_busy() {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.receiver.recv_timeout(left) {
                Ok(message) => {
                    if let Some(answer) = self.accept(message) {
                        return Some(answer);
                    }
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
            }
        }
        None
    }

    /// Waits up to `timeout` for the current search's first progress report, and returns
    /// the latest one (for tests, which must not sleep).
    #[cfg(any(test, feature = "testing"))]
    pub fn wait_for_progress(&self, timeout: Duration) -> Option<Progress> {
        let slot = lock(&self.latest);
        let (slot, _) = self
            .reported
            .wait_timeout_while(slot, timeout, |slot| {
                self.running.is_some() && (slot.0 != self.generation || slot.1.is_none())
            })
            .unwrap_or_else(PoisonError::into_inner);
        (slot.0 == self.generation)
            .then(|| slot.1.clone())
            .flatten()
    }

    /// Waits up to `timeout` until every search this worker started has ended, cancelled
    /// ones included, so their answers (stale or not) have been sent; true if they have (for
    /// tests: a stale answer can then be shown to be dropped, without sleeping).
    #[cfg(any(test, feature = "testing"))]
    pub fn wait_until_idle(&self, timeout: Duration) -> bool {
        let count = lock(&self.live.count);
        let (count, _) = self
            .live
            .changed
            .wait_timeout_while(count, timeout, |count| *count > 0)
            .unwrap_or_else(PoisonError::into_inner);
        *count == 0
    }

    fn accept(&mut self, message: Message) -> Option<Answer> {
        if message.generation == self.generation && self.running.is_some() {
            self.running = None;
            Some(message.answer)
        } else {
            None
        }
    }
}

/// Where a background job leaves its latest snapshot for the window.
pub type Slot<T> = Arc<Mutex<Option<T>>>;

/// Background work that produces snapshots of a value (the analysis of a position, the review
/// of a game) rather than a move. It is tied to what it is about, named by a key `K`: asked
/// to keep on another key, it cancels the old job and starts a new one, with a fresh slot so
/// that a cancelled job still writing can never show its values for the new subject.
pub struct Background<K, T> {
    worker: Worker,
    run: Option<(K, Slot<T>)>,
}

impl<K: PartialEq, T: Clone> Background<K, T> {
    /// Idle background work; `wake` asks the window for a repaint (see [`Worker::new`]).
    pub fn new(wake: Arc<dyn Fn() + Send + Sync>) -> Background<K, T> {
        Background {
            worker: Worker::new(wake),
            run: None,
        }
    }

    /// Keeps the work on `key`: if it is already about `key`, notes whether it has
    /// finished; else cancels it and starts the job `make(slot)` builds.
    pub fn keep_on(&mut self, key: K, make: impl FnOnce(Slot<T>) -> Job) {
        if self.run.as_ref().is_some_and(|(k, _)| *k == key) {
            // The jobs answer no move; polling marks them finished.
            let _ = self.worker.poll();
            return;
        }
        let slot = Slot::default();
        // Starting cancels the job of the previous key.
        self.worker.start(make(Arc::clone(&slot)));
        self.run = Some((key, slot));
    }

    /// Cancels the work and forgets its values.
    pub fn stop(&mut self) {
        if self.run.take().is_some() {
            self.worker.cancel();
        }
    }

    /// What the work is about, if it runs or has run.
    pub fn key(&self) -> Option<&K> {
        self.run.as_ref().map(|(k, _)| k)
    }

    /// The latest snapshot, if the work is about `key`.
    pub fn latest(&self, key: &K) -> Option<T> {
        let (_, slot) = self.run.as_ref().filter(|(k, _)| k == key)?;
        lock(slot).clone()
    }

    /// True while a job runs.
    pub fn is_busy(&self) -> bool {
        self.run.is_some() && self.worker.is_busy()
    }

    /// Blocks until the job has finished, for at most `timeout` (for tests).
    #[cfg(any(test, feature = "testing"))]
    pub fn wait(&mut self, timeout: Duration) {
        if self.is_busy() {
            let _ = self.worker.wait(timeout);
        }
    }

    /// Waits up to `timeout` until every job started has ended, stopped ones included;
    /// true if they have (for tests).
    #[cfg(any(test, feature = "testing"))]
    pub fn wait_until_idle(&self, timeout: Duration) -> bool {
        self.worker.wait_until_idle(timeout)
    }
}

/// Gives the calling thread a lower scheduling priority (nice 10), so that on a busy machine
/// the window's thread, which paints, wins the CPU over the searches. On Linux the nice value
/// belongs to the thread. Elsewhere, and if the system refuses, nothing changes.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its integer arguments; `0` names the calling thread.
    unsafe {
        let _ = libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}

/// The slot's lock. A search thread that panicked while holding it left a whole value (a
/// plain store), so a poisoned lock is still usable.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn quiet() -> Worker {
        Worker::new(Arc::new(|| {}))
    }

    fn job(run: impl FnOnce(&Stop) -> Option<Move> + Send + 'static) -> Job {
        Job {
            run: Box::new(move |stop, _| Ok(run(stop))),
        }
    }

    #[test]
    fn an_answer_arrives_and_wakes_the_window() {
        let wakes = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&wakes);
        let mut w = Worker::new(Arc::new(move || {
            counter.fetch_add(1, Ordering::SeqCst);
        }));
        w.start(job(|_| Some(Move::Pass)));
        assert!(w.is_busy());
        let answer = w.wait(Duration::from_secs(10)).unwrap();
        assert_eq!(answer.mv, Ok(Some(Move::Pass)));
        assert!(!w.is_busy());
        // The thread wakes the window right after sending.
        let deadline = Instant::now() + Duration::from_secs(10);
        while wakes.load(Ordering::SeqCst) == 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(wakes.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_cancelled_searchs_late_answer_is_not_taken_for_the_next_ones() {
        // Each wake is a sent answer: these jobs report no progress.
        let (woke_tx, woke_rx) = channel();
        let mut w = Worker::new(Arc::new(move || {
            let _ = woke_tx.send(());
        }));
        w.start(job(|stop: &Stop| {
            while !stop.is_stopped() {
                std::thread::sleep(Duration::from_millis(1));
            }
            Some(Move::Pass)
        }));
        let (go_tx, go_rx) = channel::<()>();
        let cell = "a1".parse().unwrap();
        // Starting the second search cancels the first, which then answers Pass.
        w.start(job(move |_| {
            go_rx.recv_timeout(Duration::from_secs(10)).unwrap();
            Some(Move::Place(cell))
        }));
        woke_rx
            .recv_timeout(Duration::from_secs(10))
            .expect("the cancelled search answered");
        assert!(w.is_busy(), "the second search is still running");
        assert_eq!(w.poll(), None, "the first search's Pass is stale");
        go_tx.send(()).unwrap();
        let answer = w.wait(Duration::from_secs(10)).unwrap();
        assert_eq!(answer.mv, Ok(Some(Move::Place(cell))));
    }

    #[test]
    fn waiting_until_idle_waits_for_cancelled_searches_too() {
        let mut w = quiet();
        let (go_tx, go_rx) = channel::<()>();
        w.start(job(move |_| {
            go_rx.recv_timeout(Duration::from_secs(10)).unwrap();
            Some(Move::Pass)
        }));
        w.cancel();
        assert!(
            !w.wait_until_idle(Duration::from_millis(1)),
            "the cancelled search still runs"
        );
        go_tx.send(()).unwrap();
        assert!(w.wait_until_idle(Duration::from_secs(10)));
        assert_eq!(w.poll(), None, "its answer was sent, and is stale");
    }

    #[test]
    fn a_new_search_replaces_the_old_one() {
        let mut w = quiet();
        let cell = "a1".parse().unwrap();
        w.start(job(|stop: &Stop| {
            while !stop.is_stopped() {
                std::thread::sleep(Duration::from_millis(1));
            }
            Some(Move::Pass)
        }));
        w.start(job(move |_| Some(Move::Place(cell))));
        let answer = w.wait(Duration::from_secs(10)).unwrap();
        assert_eq!(answer.mv, Ok(Some(Move::Place(cell))));
    }

    #[test]
    fn the_latest_progress_is_readable_while_searching_and_not_after_a_cancel() {
        let mut w = quiet();
        let (go_tx, go_rx) = channel::<()>();
        let (sent_tx, sent_rx) = channel::<()>();
        w.start(Job {
            run: Box::new(move |stop, report| {
                for depth in 1..=3 {
                    report(&Progress {
                        work: crate::ai::Work::Depth(depth),
                        ..Progress::default()
                    });
                }
                sent_tx.send(()).unwrap();
                let _ = go_rx.recv_timeout(Duration::from_secs(10));
                while !stop.is_stopped() {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Ok(Some(Move::Pass))
            }),
        });
        sent_rx.recv_timeout(Duration::from_secs(10)).unwrap();
        assert_eq!(
            w.wait_for_progress(Duration::from_secs(10)).map(|p| p.work),
            Some(crate::ai::Work::Depth(3))
        );
        assert_eq!(
            w.progress().map(|p| p.work),
            Some(crate::ai::Work::Depth(3)),
            "only the latest is kept"
        );
        w.cancel();
        go_tx.send(()).unwrap();
        assert_eq!(
            w.progress(),
            None,
            "a cancelled search's progress is not shown"
        );
    }

    /// A job that writes `value` into its slot, waits for its stop flag, then writes
    /// `value + 1000` into the same slot and says so on `late`.
    fn writer(
        value: u32,
        starts: Arc<AtomicUsize>,
        late: Sender<()>,
    ) -> impl FnOnce(Slot<u32>) -> Job {
        move |slot| {
            starts.fetch_add(1, Ordering::SeqCst);
            Job {
                run: Box::new(move |stop, _| {
                    *lock(&slot) = Some(value);
                    while !stop.is_stopped() {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    *lock(&slot) = Some(value + 1000);
                    let _ = late.send(());
                    Ok(None)
                }),
            }
        }
    }

    #[test]
    fn background_work_stays_on_its_key_and_a_new_key_gets_a_fresh_slot() {
        let mut bg: Background<&str, u32> = Background::new(Arc::new(|| {}));
        let starts = Arc::new(AtomicUsize::new(0));
        let (late_tx, late_rx) = channel();
        bg.keep_on("a", writer(1, Arc::clone(&starts), late_tx.clone()));
        bg.keep_on("a", writer(2, Arc::clone(&starts), late_tx.clone()));
        assert_eq!(
            starts.load(Ordering::SeqCst),
            1,
            "the same key keeps its job"
        );
        let deadline = Instant::now() + Duration::from_secs(10);
        while bg.latest(&"a").is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(bg.latest(&"a"), Some(1));
        assert_eq!(bg.latest(&"b"), None, "values are only for their key");
        assert!(bg.is_busy());

        // The job for "b" writes nothing until told, so whatever its slot holds before that
        // came from elsewhere.
        let (go_tx, go_rx) = channel::<()>();
        bg.keep_on("b", |slot: Slot<u32>| Job {
            run: Box::new(move |_, _| {
                go_rx.recv_timeout(Duration::from_secs(10)).unwrap();
                *lock(&slot) = Some(3);
                Ok(None)
            }),
        });
        late_rx
            .recv_timeout(Duration::from_secs(10))
            .expect("the cancelled job wrote its late value");
        assert_eq!(
            bg.latest(&"b"),
            None,
            "the cancelled job's late 1001 went to its own slot"
        );
        go_tx.send(()).unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        while bg.latest(&"b").is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(bg.latest(&"b"), Some(3));
        bg.stop();
        assert!(!bg.is_busy());
        assert_eq!(bg.latest(&"b"), None);
    }
}
