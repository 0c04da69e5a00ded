//! The solver on several threads: young brothers wait (YBWC). A node of at least
//! [`SPLIT_MIN`] empties whose first move did not cut off offers its other moves to idle
//! threads (a split point); the thread that opened it and every thread that joins take moves
//! from it one at a time, share the best value found so far (so each searches with the
//! narrowest window known), and stop at once when one of them cuts off. A thread that has
//! run out of moves at its split point while others still search there helps at the split
//! points they open below it, so it never waits while there is work beneath it.
//!
//! Every thread has its own [`Solver`] and all share one [`Table`], so what one proves the
//! others find. The value of a node does not depend on which thread searched which move: a
//! fail-soft bound is a bound whatever window it was searched with, so the solver's results
//! are the same for any number of threads (the tests check FFO positions on 1, 2 and 4).

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::core::othello::{Othello, Size};

use super::search::play_of;
use super::*;

/// At least this many empties: a node may become a split point. Below, a subtree is too
/// small to pay for the handing over.
pub(super) const SPLIT_MIN: u32 = 12;

/// A node whose remaining moves are shared between threads.
pub(super) struct SplitPoint<S: Size> {
    pos: Othello<S>,
    /// Empties of `pos`.
    n: u32,
    beta: i32,
    /// The moves left after the first, in the order the node sorted them.
    moves: Vec<usize>,
    /// The index of the next move to take.
    next: AtomicUsize,
    /// The best value so far and its move; `alpha` mirrors the window's lower end for
    /// reading without the lock.
    best: Mutex<(i32, usize)>,
    alpha: AtomicI32,
    /// Raised on a cut-off: everyone searching below stops.
    done: AtomicBool,
    /// Threads other than its owner working here.
    helpers: AtomicUsize,
    /// The selective pass under way (see [`Solver::level`]) and its cut-off distance.
    level: u8,
    cut_sigmas: f32,
    /// The split point whose move the owner was searching when it opened this one.
    parent: Option<Arc<SplitPoint<S>>>,
}

impl<S: Size> SplitPoint<S> {
    fn has_moves(&self) -> bool {
        !self.done.load(Ordering::Relaxed) && self.next.load(Ordering::Relaxed) < self.moves.len()
    }

    /// True if `ancestor` is this split point or one above it.
    fn is_below(&self, ancestor: &SplitPoint<S>) -> bool {
        let mut at = Some(self);
        while let Some(sp) = at {
            if std::ptr::eq(sp, ancestor) {
                return true;
            }
            at = sp.parent.as_deref();
        }
        false
    }

    /// True if this split point or one above it has cut off.
    fn cut_above(&self) -> bool {
        let mut at = Some(self);
        while let Some(sp) = at {
            if sp.done.load(Ordering::Relaxed) {
                return true;
            }
            at = sp.parent.as_deref();
        }
        false
    }
}

/// The threads of one solve: the split points on offer and who is idle.
pub(super) struct Pool<S: Size> {
    offers: Mutex<Vec<Arc<SplitPoint<S>>>>,
    /// How many split points are on offer, read without the lock by threads looking for work.
    posted: AtomicUsize,
    /// Threads waiting for work: helpers between split points, and owners waiting for the
    /// helpers at theirs.
    idle: AtomicUsize,
    /// The solve is over: helpers go home.
    finished: AtomicBool,
    /// Positions the helpers have visited, counted when they leave a split point.
    nodes: AtomicU64,
}

impl<S: Size> Pool<S> {
    pub(super) fn new() -> Pool<S> {
        Pool {
            offers: Mutex::new(Vec::new()),
            posted: AtomicUsize::new(0),
            idle: AtomicUsize::new(0),
            finished: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
        }
    }

    /// Positions the helpers have visited in the split points they have left.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Arc<SplitPoint<S>>>> {
        // A panic while holding the lock would end the solve anyway; the list stays usable.
        self.offers.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Ends the solve: every helper returns.
    pub(super) fn finish(&self) {
        self.finished.store(true, Ordering::Relaxed);
    }

    fn post(&self, sp: Arc<SplitPoint<S>>) {
        let mut offers = self.lock();
        offers.push(sp);
        self.posted.store(offers.len(), Ordering::Release);
    }

    fn withdraw(&self, sp: &Arc<SplitPoint<S>>) {
        let mut offers = self.lock();
        offers.retain(|o| !Arc::ptr_eq(o, sp));
        self.posted.store(offers.len(), Ordering::Release);
    }

    /// The split point with the most work left that `accept` allows (nearest the root),
    /// joined: counted among its helpers before the lock is released, so that its owner
    /// waits for this thread.
    fn join(&self, accept: impl Fn(&SplitPoint<S>) -> bool) -> Option<Arc<SplitPoint<S>>> {
        if self.posted.load(Ordering::Acquire) == 0 {
            return None;
        }
        let offers = self.lock();
        let sp = offers
            .iter()
            .filter(|sp| sp.has_moves() && !sp.cut_above() && accept(sp))
            .max_by_key(|sp| sp.n)?;
        sp.helpers.fetch_add(1, Ordering::AcqRel);
        Some(sp.clone())
    }
}

impl<S: Size> Solver<S> {
    /// True if another thread is idle, so a split would be taken up.
    #[inline(always)]
    pub(super) fn can_split(&self) -> bool {
        self.pool
            .as_ref()
            .is_some_and(|p| p.idle.load(Ordering::Relaxed) > 0)
    }

    /// True if a split point this thread works under has cut off: its work is not wanted.
    pub(super) fn cut_above(&self) -> bool {
        self.split.as_ref().is_some_and(|sp| sp.cut_above())
    }

    /// Searches the moves `moves` of `pos` (`n` empties, the first move already searched
    /// with the result `best` at `best_sq`, the window now `alpha..beta`) together with
    /// whichever threads are idle. Returns the best value and its move, as the node's own
    /// loop would; [`Solver::aborted`] is set if the search was stopped from above.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn split(
        &mut self,
        pos: &Othello<S>,
        moves: &[usize],
        alpha: i32,
        beta: i32,
        best: (i32, usize),
        n: u32,
    ) -> (i32, usize) {
        let Some(pool) = self.pool.clone() else {
            unreachable!("a split needs a pool: can_split said so");
        };
        let sp = Arc::new(SplitPoint {
            pos: *pos,
            n,
            beta,
            moves: moves.to_vec(),
            next: AtomicUsize::new(0),
            best: Mutex::new(best),
            alpha: AtomicI32::new(alpha),
            done: AtomicBool::new(false),
            helpers: AtomicUsize::new(0),
            level: self.level,
            cut_sigmas: self.cut_sigmas,
            parent: self.split.clone(),
        });
        pool.post(sp.clone());
        let outer = self.split.replace(sp.clone());
        self.take_moves(&sp);
        // No one joins from now on; wait for those who did, helping them below meanwhile.
        pool.withdraw(&sp);
        pool.idle.fetch_add(1, Ordering::Relaxed);
        let mut spins = 0;
        while sp.helpers.load(Ordering::Acquire) > 0 {
            if let Some(below) = pool.join(|o| o.is_below(&sp) && !std::ptr::eq(o, &*sp)) {
                pool.idle.fetch_sub(1, Ordering::Relaxed);
                self.help(&below);
                pool.idle.fetch_add(1, Ordering::Relaxed);
                spins = 0;
            } else {
                back_off(&mut spins);
            }
        }
        pool.idle.fetch_sub(1, Ordering::Relaxed);
        self.split = outer;
        // A cut-off here is a result, not a reason to stop; one above, or the stop flag, is.
        self.aborted = self.stop.is_stopped() || self.cut_above();
        *sp.best.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Searches moves of `sp` until none is left, one cuts off, or the search is stopped.
    fn take_moves(&mut self, sp: &SplitPoint<S>) {
        let (level, cut_sigmas) = (self.level, self.cut_sigmas);
        (self.level, self.cut_sigmas) = (sp.level, sp.cut_sigmas);
        loop {
            let i = sp.next.fetch_add(1, Ordering::Relaxed);
            if i >= sp.moves.len() || sp.done.load(Ordering::Relaxed) || self.aborted {
                break;
            }
            let sq = sp.moves[i];
            let child = play_of(&sp.pos, sq);
            let alpha = sp.alpha.load(Ordering::Relaxed);
            if alpha >= sp.beta {
                break;
            }
            let mut v = -self.search(&child, -alpha - 1, -alpha);
            if v > alpha && v < sp.beta && !self.aborted {
                v = -self.search(&child, -sp.beta, -alpha);
            }
            if self.aborted {
                break;
            }
            let mut best = sp.best.lock().unwrap_or_else(|e| e.into_inner());
            if v > best.0 {
                *best = (v, sq);
                if v > sp.alpha.load(Ordering::Relaxed) {
                    sp.alpha.store(v, Ordering::Relaxed);
                    if v >= sp.beta {
                        sp.done.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
        (self.level, self.cut_sigmas) = (level, cut_sigmas);
    }

    /// Works at `sp`, which this thread has joined (see [`Pool::join`]), then leaves it.
    fn help(&mut self, sp: &Arc<SplitPoint<S>>) {
        let outer = self.split.replace(sp.clone());
        self.take_moves(sp);
        self.split = outer;
        self.aborted = self.stop.is_stopped() || self.cut_above();
        sp.helpers.fetch_sub(1, Ordering::AcqRel);
    }

    /// A helper thread's life: join split points as they are offered until the solve ends.
    pub(super) fn serve(&mut self, pool: &Pool<S>) {
        pool.idle.fetch_add(1, Ordering::Relaxed);
        let mut spins = 0;
        while !pool.finished.load(Ordering::Relaxed) {
            if let Some(sp) = pool.join(|_| true) {
                pool.idle.fetch_sub(1, Ordering::Relaxed);
                let before = self.nodes;
                self.help(&sp);
                pool.nodes.fetch_add(self.nodes - before, Ordering::Relaxed);
                pool.idle.fetch_add(1, Ordering::Relaxed);
                spins = 0;
            } else {
                back_off(&mut spins);
            }
        }
    }
}

/// Waiting for work: spinning at first (a split point is taken up within a microsecond, as
/// small subtrees need), then giving the core away now and then.
fn back_off(spins: &mut u32) {
    *spins += 1;
    if *spins < 4096 {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}
