//! The "How it thinks" view's searches, each on a worker of its own (see
//! [`Background`]): the tree of minimax and alpha-beta, Monte Carlo as it runs, the
//! principal variations and the comparison. Only the part the view shows searches; each
//! follows the shown position and its own settings, is stopped when the position changes
//! or the view closes, and keeps its last report while another part is shown. Monte Carlo,
//! the one that runs for long, is held while the computer's own search runs (see [`hold`]),
//! and so is the start of the tree's search, which would otherwise run beside the
//! computer's at every move of a game against it.

pub mod hold;
pub mod reports;

use std::sync::Arc;
use std::time::Duration;

use crate::ai::trace::{self, CompareBudget};
use crate::ai::{Budget, Game, MctsPlayer, Progress, Stop};
use crate::app::document::session::{History, HistoryVisitor, Session, Shown};
use crate::app::jobs::worker::{Background, Job, Slot};
use hold::{HeldBy, Hold};
use reports::{CompareReport, MctsReport, PvReport, TreeRefusal, TreeReport};

/// What the tree part asks for: the depth of both searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeAsk {
    /// Plies.
    pub depth: u32,
}

/// What the Monte Carlo part asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MctsAsk {
    /// Iterations.
    pub iterations: u64,
    /// The playouts' seed (a new one runs the search again).
    pub seed: u64,
}

/// What the principal-variation part asks for: alpha-beta's depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PvAsk {
    /// Plies.
    pub depth: u32,
}

/// The tree part's answer: the trees, or why there are none.
pub type TreeAnswer = Result<Arc<TreeReport>, TreeRefusal>;

/// The comparison's answer: the table, or why there is none.
pub type CompareAnswer = Result<Arc<CompareReport>, TreeRefusal>;

/// The part of the view shown, and what it asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// The search trees.
    Tree(TreeAsk),
    /// Monte Carlo on the board.
    Mcts(MctsAsk),
    /// The principal variations.
    Pv(PvAsk),
    /// Every algorithm compared.
    Compare(CompareBudget),
}

/// The view's searches.
pub struct Thinking {
    tree: Background<(Shown, TreeAsk), TreeAnswer>,
    mcts: Background<(Shown, MctsAsk), MctsReport>,
    pv: Background<(Shown, PvAsk), Arc<PvReport>>,
    compare: Background<(Shown, CompareBudget), CompareAnswer>,
    /// Holds Monte Carlo, and the tree's search before it starts, while the computer's own
    /// search runs.
    hold: Arc<Hold>,
}

impl Thinking {
    /// Nothing searched; `wake` asks the window for a repaint.
    pub fn new(wake: &Arc<dyn Fn() + Send + Sync>) -> Thinking {
        Thinking {
            tree: Background::new(Arc::clone(wake)),
            mcts: Background::new(Arc::clone(wake)),
            pv: Background::new(Arc::clone(wake)),
            compare: Background::new(Arc::clone(wake)),
            hold: Arc::default(),
        }
    }

    /// Holds the Monte Carlo search and the start of the tree's (`Some`, and why) or lets
    /// them run (`None`); the window says so every frame.
    pub fn hold(&self, by: Option<HeldBy>) {
        self.hold.set(by);
    }

    /// Why the Monte Carlo search (or a tree search not yet started) is held, if it is.
    pub fn held_by(&self) -> Option<HeldBy> {
        self.hold.by()
    }

    /// Keeps the part `ask` names searching the shown position of `game`; the other parts
    /// keep their reports while those are about the shown position, and stop otherwise.
    pub fn follow(&mut self, game: &Session, ask: Ask) {
        let shown = game.shown();
        let stale = |key: Option<Shown>| key.is_some_and(|k| k != shown);
        if stale(self.tree.key().map(|k| k.0)) {
            self.tree.stop();
        }
        if stale(self.mcts.key().map(|k| k.0)) {
            self.mcts.stop();
        }
        if stale(self.pv.key().map(|k| k.0)) {
            self.pv.stop();
        }
        if stale(self.compare.key().map(|k| k.0)) {
            self.compare.stop();
        }
        match ask {
            Ask::Tree(a) => self.tree.keep_on((shown, a), |slot| {
                game.visit_history(TreeJob(a, slot, Arc::clone(&self.hold)))
            }),
            Ask::Mcts(a) => self.mcts.keep_on((shown, a), |slot| {
                game.visit_history(MctsJob(a, slot, Arc::clone(&self.hold)))
            }),
            Ask::Pv(a) => self
                .pv
                .keep_on((shown, a), |slot| game.visit_history(PvJob(a, slot))),
            Ask::Compare(a) => self
                .compare
                .keep_on((shown, a), |slot| game.visit_history(CompareJob(a, slot))),
        }
    }

    /// Stops every search and forgets the reports (the view closed).
    pub fn stop(&mut self) {
        self.tree.stop();
        self.mcts.stop();
        self.pv.stop();
        self.compare.stop();
    }

    /// The trees for `shown` at `ask`, once searched.
    pub fn tree(&self, shown: Shown, ask: TreeAsk) -> Option<TreeAnswer> {
        self.tree.latest(&(shown, ask))
    }

    /// Monte Carlo's latest snapshot for `shown` at `ask`.
    pub fn mcts(&self, shown: Shown, ask: MctsAsk) -> Option<MctsReport> {
        self.mcts.latest(&(shown, ask))
    }

    /// The principal variations for `shown` at `ask`, once found.
    pub fn pv(&self, shown: Shown, ask: PvAsk) -> Option<Arc<PvReport>> {
        self.pv.latest(&(shown, ask))
    }

    /// The comparison for `shown` within `budget`, once run.
    pub fn compare(&self, shown: Shown, budget: CompareBudget) -> Option<CompareAnswer> {
        self.compare.latest(&(shown, budget))
    }

    /// True while the part `ask` names is searching.
    pub fn is_busy(&self, ask: Ask) -> bool {
        match ask {
            Ask::Tree(_) => self.tree.is_busy(),
            Ask::Mcts(_) => self.mcts.is_busy(),
            Ask::Pv(_) => self.pv.is_busy(),
            Ask::Compare(_) => self.compare.is_busy(),
        }
    }

    /// Waits up to `timeout` for each part until every search it started has ended,
    /// stopped ones included; true if they all have.
    #[cfg(feature = "testing")]
    pub fn wait_until_idle(&self, timeout: Duration) -> bool {
        self.tree.wait_until_idle(timeout)
            & self.mcts.wait_until_idle(timeout)
            & self.pv.wait_until_idle(timeout)
            & self.compare.wait_until_idle(timeout)
    }

    /// Blocks until every part's search has finished, for at most `timeout` each.
    #[cfg(feature = "testing")]
    pub fn wait(&mut self, timeout: Duration) {
        self.tree.wait(timeout);
        self.mcts.wait(timeout);
        self.pv.wait(timeout);
        self.compare.wait(timeout);
    }
}

/// Writes `value` into `slot`.
fn put<T>(slot: &Slot<T>, value: T) {
    *slot
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(value);
}

/// A job that runs `work` on the position and leaves what it gives in the slot.
fn job(work: impl FnOnce(&Stop, &mut dyn FnMut(&Progress)) + Send + 'static) -> Job {
    Job {
        run: Box::new(move |stop, report| {
            work(stop, report);
            Ok(None)
        }),
    }
}

struct TreeJob(TreeAsk, Slot<TreeAnswer>, Arc<Hold>);

impl HistoryVisitor for TreeJob {
    type Output = Job;
    fn visit<G: Game>(self, history: &History<G>) -> Job {
        let (pos, TreeJob(ask, slot, hold)) = (*history.current(), self);
        job(move |stop, _| {
            // Held from the start, it begins when let go; once begun, its one bounded
            // search (a few thousand positions on Othello) runs to the end.
            hold.wait(stop);
            if stop.is_stopped() {
                return;
            }
            let answer = reports::tree_report(&pos, ask.depth, stop).map(Arc::new);
            // A stopped search's answer is for nobody.
            if !stop.is_stopped() {
                put(&slot, answer);
            }
        })
    }
}

/// Snapshots of Monte Carlo's root per run at least: often enough to look live.
const MCTS_SNAPSHOTS: u64 = 50;

/// Iterations between two looks at the hold: on 12x12 Othello (about 11,500 iterations a
/// second) a hold takes effect within 9 ms.
const MCTS_HOLD_CHECK: u64 = 100;

struct MctsJob(MctsAsk, Slot<MctsReport>, Arc<Hold>);

impl HistoryVisitor for MctsJob {
    type Output = Job;
    fn visit<G: Game>(self, history: &History<G>) -> Job {
        let (pos, MctsJob(ask, slot, hold)) = (*history.current(), self);
        job(move |stop, report| {
            // Held from the start, it begins when let go.
            hold.wait(stop);
            let mut player = MctsPlayer::new(Budget::Iterations(ask.iterations), ask.seed);
            // The first snapshot soon, whatever the budget; a whole number of looks at the
            // hold apart.
            let every = (ask.iterations / MCTS_SNAPSHOTS).clamp(100, 2_000) / MCTS_HOLD_CHECK
                * MCTS_HOLD_CHECK;
            // The time held, which the snapshots' search time leaves out.
            let mut held = Duration::ZERO;
            let publish =
                |s: &trace::MctsSnapshot, held: Duration, report: &mut dyn FnMut(&Progress)| {
                    let mut snapshot = s.clone();
                    snapshot.elapsed = snapshot.elapsed.saturating_sub(held);
                    put(
                        &slot,
                        MctsReport {
                            snapshot,
                            budget: ask.iterations,
                        },
                    );
                    // The worker wakes the window for a report, at most ten times a second.
                    report(&Progress::default());
                };
            trace::watch_mcts(
                &mut player,
                &pos,
                ask.iterations,
                MCTS_HOLD_CHECK,
                stop,
                &mut |s| {
                    // The last snapshot (the budget run, or the search stopped between looks)
                    // is never held.
                    let last = s.iterations >= ask.iterations
                        || s.iterations == 0
                        || !s.iterations.is_multiple_of(MCTS_HOLD_CHECK);
                    if last {
                        publish(s, held, report);
                    } else if hold.by().is_some() {
                        // Shown as it stands while it waits.
                        publish(s, held, report);
                        held += hold.wait(stop);
                    } else if s.iterations.is_multiple_of(every) {
                        publish(s, held, report);
                    }
                },
            );
        })
    }
}

struct PvJob(PvAsk, Slot<Arc<PvReport>>);

impl HistoryVisitor for PvJob {
    type Output = Job;
    fn visit<G: Game>(self, history: &History<G>) -> Job {
        let (pos, PvJob(ask, slot)) = (*history.current(), self);
        job(move |stop, _| {
            let found = reports::pv_report(&pos, ask.depth, stop);
            if !stop.is_stopped() {
                put(&slot, Arc::new(found));
            }
        })
    }
}

struct CompareJob(CompareBudget, Slot<CompareAnswer>);

impl HistoryVisitor for CompareJob {
    type Output = Job;
    fn visit<G: Game>(self, history: &History<G>) -> Job {
        let (pos, CompareJob(budget, slot)) = (*history.current(), self);
        job(move |stop, _| {
            let found = reports::compare_report(&pos, &budget, stop).map(Arc::new);
            if !stop.is_stopped() {
                put(&slot, found);
            }
        })
    }
}
