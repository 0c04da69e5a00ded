//! The exact Othello endgame solver, for every board size.
//!
//! Negamax alpha-beta on the bitboards of [`Othello`], with the usual endgame techniques:
//! - at the root, windows two discs wide around the learned evaluation's estimate (MTD(f)
//!   steps), after selective passes on 8x8 from 18 empties: the same search with ProbCut
//!   (a shallow search's value far beyond the window cuts), least sure first, each leaving
//!   the best moves in the table for the next and for the exact pass;
//! - principal variation search: after the first move, null-window searches that only ask
//!   "better than the best so far?", re-searched when the answer is yes;
//! - ordering: from 20 empties by a 2-ply midgame search, from 16 by a 1-ply one plus the
//!   replies left, from 6 fastest first (moves that leave the opponent fewest replies first:
//!   they make the smallest trees); the transposition table's move before them all; at the
//!   root, a 6-ply midgame search;
//! - a transposition table of score bounds and best moves, keyed by the discs, in buckets of
//!   two entries (a new entry replaces the one of fewer empties), each child's bucket
//!   prefetched while the moves are ordered, in huge pages where Linux grants them;
//! - stability cut-offs: the opponent's stable discs bound the best reachable score (counted
//!   only for windows beyond a margin that grows with the empties);
//! - near the end, no ordering work but parity: empties in regions with an odd number of
//!   empties first (the last move in a region is an advantage), and dedicated code for the
//!   last two moves.
//!
//! The recursive functions exist twice, compiled for the baseline CPU and with the
//! instructions of x86-64-v3 (popcnt, BMI, AVX2) picked at run time, as in perft. They use the
//! rules core's move generator, which is forced inline on boards of one word, so it is compiled
//! with the same instructions.

use std::time::Instant;

use crate::ai::eval::othello::{Masks, neighbours, stable_discs};
use crate::ai::{Context, Progress, Stop, Work};
use crate::core::Bits;
use crate::core::othello::{self, Othello, Size};
use crate::core::{Move, Position};

/// The exact result of an Othello position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndgameResult {
    /// Final disc difference for the side to move under perfect play, empties to the winner.
    pub score: i32,
    /// The best moves (every one if asked for, else one); the pass if it is the only move.
    pub best: Vec<Move>,
    /// Positions visited.
    pub nodes: u64,
}

/// At most this many empties: no table, no ordering, parity only. Ordering from 6 empties up
/// saves more nodes (a fifth on FFO #20-#39) than it costs per node.
const SHALLOW: u32 = 5;
/// At least this many empties: the transposition table is used.
const TT_MIN: u32 = 8;
/// At least this many empties: moves are ordered by a short midgame search.
const SORT_BY_SEARCH: u32 = 20;
/// The depth of that search. Starting it lower (16 or 18 empties) did not pay.
const SORT_DEPTH: u32 = 2;
/// At least this many empties (and fewer than [`SORT_BY_SEARCH`]): moves are ordered by a
/// one-ply search plus [`REPLY_WEIGHT`] for each reply left to the opponent. On FFO #20-#39
/// this cost 149 M nodes where mobility alone cost 177 M (from 14 empties: 157 M, from 18:
/// 167 M).
const SORT_BY_EVAL: u32 = 16;
/// Hundredths of a disc a reply costs in that order (1, 2 and 4 discs: 159, 153, 148 M
/// nodes).
const REPLY_WEIGHT: i32 = 300;
/// The depth of the midgame search that orders the root moves.
const ROOT_SORT_DEPTH: u32 = 6;
/// More than this many empties: enhanced transposition cut-offs are tried.
const ETC_MIN: u32 = 12;
/// At least this many empties: stability cut-offs are tried.
const STABILITY_MIN: u32 = 7;
/// The level of table entries from exact searches, above every selective one.
const EXACT: u8 = u8::MAX;
/// The selective passes before an exact solve of at least [`SELECTIVE_MIN`] empties on 8x8:
/// (level, cut-off distance in standard deviations), least sure first. On FFO #20-#39 these
/// three passes and ProbCut from 8 empties cost 177 M nodes where none cost 263 M; two
/// passes (1 and 2 deviations), four, or five all cost more.
const SELECTIVE_PASSES: [(u8, f32); 3] = [(1, 1.0), (2, 1.5), (3, 2.5)];
/// At least this many empties at the root: selective passes first fill the table with moves.
const SELECTIVE_MIN: u32 = 18;
/// At least this many empties: a selective pass tries a ProbCut.
const PROBCUT_MIN: u32 = 8;
/// How many windows a selective pass tries: its answers need not agree with each other.
const SELECTIVE_TESTS: u32 = 6;

/// The stop flag is read every this many nodes.
const CHECK_EVERY: u64 = 1 << 14;
/// The midgame searches that order the root read it every this many positions: each
/// position costs an evaluation, far more than a solver node.
const INTERRUPT_EVERY: u64 = 1 << 10;

/// A table entry: the value of the position with these discs lies in `lower..=upper`.
#[derive(Clone, Copy, Debug, Default)]
struct TtEntry {
    key: u64,
    lower: i16,
    upper: i16,
    /// Cell index of the best move, plus one (0: none).
    best: u16,
    empties: u8,
    /// How sure the bounds are: [`EXACT`], or the selectivity of the search that found them.
    level: u8,
}

/// A table of `len` empty entries. On Linux, in huge pages where the kernel grants them: the
/// table is far bigger than what the CPU's page cache of small pages covers, so nearly every
/// probe would also wait for a page walk.
fn table(len: usize) -> Vec<TtEntry> {
    let mut tt: Vec<TtEntry> = Vec::with_capacity(len);
    #[cfg(target_os = "linux")]
    {
        // The advice must come before the first write, which is when pages are given; it
        // covers the whole 2 MiB pages inside the allocation.
        const HUGE: usize = 1 << 21;
        let start = tt.as_ptr() as usize;
        let end = start + len * std::mem::size_of::<TtEntry>();
        let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if to > from {
            // SAFETY: the range lies inside the allocation, is page-aligned, and the advice
            // changes no contents (there are none yet); failure only loses the speed-up.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
    tt.resize(len, TtEntry::default());
    tt
}

/// The state of one solve.
pub(crate) struct Solver<S: Size> {
    tt: Vec<TtEntry>,
    tt_mask: usize,
    nodes: u64,
    next_check: u64,
    stop: Stop,
    aborted: bool,
    masks: Masks<S::Bits>,
    /// The board's four quadrants, for parity.
    quadrants: [S::Bits; 4],
    /// The four corners.
    corners: S::Bits,
    /// Number of cells: the largest possible score.
    cells: i32,
    /// The cells around each cell: a move there needs an opponent disc among them.
    around: Vec<S::Bits>,
    /// [`EXACT`], or the level of the selective pass under way.
    level: u8,
    /// In a selective pass, how many standard deviations beyond the window a shallow
    /// search's value must be to cut.
    cut_sigmas: f32,
}

impl<S: Size> Solver<S> {
    fn new(stop: Stop, tt_bits: u32) -> Solver<S> {
        let n = S::N;
        let mut quadrants = [S::Bits::ZERO; 4];
        for i in 0..n * n {
            let (r, c) = (i / n, i % n);
            quadrants[usize::from(r >= n / 2) * 2 + usize::from(c >= n / 2)] |= S::Bits::bit(i);
        }
        Solver {
            tt: table(1 << tt_bits),
            // Buckets of two neighbouring entries: the mask clears the low bit.
            tt_mask: ((1 << tt_bits) - 1) & !1,
            nodes: 0,
            next_check: CHECK_EVERY,
            stop,
            aborted: false,
            masks: Masks::of::<S>(),
            quadrants,
            corners: S::Bits::bit(0)
                | S::Bits::bit(n - 1)
                | S::Bits::bit(n * (n - 1))
                | S::Bits::bit(n * n - 1),
            cells: (n * n) as i32,
            around: (0..n * n)
                .map(|i| neighbours::<S>(S::Bits::bit(i), &Masks::of::<S>()))
                .collect(),
            level: EXACT,
            cut_sigmas: 0.0,
        }
    }

    /// ProbCut, in a selective pass: the value of a shallow search with the learned
    /// evaluation predicts the exact score with an error whose spread was measured (see
    /// [`probcut_sigma`]); a value that many standard deviations beyond the window is taken
    /// as a cut-off.
    #[inline]
    fn probcut(&self, pos: &Othello<S>, alpha: i32, beta: i32, n: u32) -> Option<i32> {
        let (depth, sigma) = probcut_sigma(n);
        let margin = (self.cut_sigmas * sigma * 100.0) as i32;
        if depth == 0 {
            // The evaluation alone: one call answers both sides.
            let v = crate::ai::eval::othello::evaluate_learned(pos);
            return if beta < self.cells && v >= beta * 100 + margin {
                Some(beta)
            } else if alpha > -self.cells && v <= alpha * 100 - margin {
                Some(alpha)
            } else {
                None
            };
        }
        if beta < self.cells {
            let bound = beta * 100 + margin;
            if midgame_value(pos, depth, bound - 1, bound, &mut Never) >= bound {
                return Some(beta);
            }
        }
        if alpha > -self.cells {
            let bound = alpha * 100 - margin;
            if midgame_value(pos, depth, bound, bound + 1, &mut Never) <= bound {
                return Some(alpha);
            }
        }
        None
    }

    #[inline(always)]
    fn key(pos: &Othello<S>) -> u64 {
        pos.player().mix()
            ^ pos
                .opponent()
                .mix()
                .rotate_left(29)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// The table's entry for the position of `key`, if it holds one.
    #[inline(always)]
    fn probe(&self, key: u64) -> Option<TtEntry> {
        let slot = key as usize & self.tt_mask;
        let (a, b) = (self.tt[slot], self.tt[slot | 1]);
        if a.key == key {
            Some(a)
        } else if b.key == key {
            Some(b)
        } else {
            None
        }
    }

    /// Asks the CPU to bring the bucket of `key` into the cache, so that a probe soon after
    /// does not wait for memory (the table is far bigger than the caches).
    #[inline(always)]
    fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = key as usize & self.tt_mask;
            // SAFETY: a prefetch never faults, and the pointer is inside the table anyway.
            unsafe {
                use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
                _mm_prefetch::<_MM_HINT_T0>(self.tt.as_ptr().add(slot).cast::<i8>());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Stores `e` in its bucket: over the entry of the same position if there is one, else
    /// over the one of fewer empties, whose subtree was cheaper to search again.
    #[inline(always)]
    fn store(&mut self, e: TtEntry) {
        let slot = e.key as usize & self.tt_mask;
        let (a, b) = (self.tt[slot], self.tt[slot | 1]);
        let at = if a.key == e.key {
            slot
        } else if b.key == e.key || a.empties > b.empties {
            slot | 1
        } else {
            slot
        };
        self.tt[at] = e;
    }

    /// Cells of the quadrants holding an odd number of empties.
    #[inline(always)]
    fn odd_regions(&self, empties: S::Bits) -> S::Bits {
        let mut odd = S::Bits::ZERO;
        for q in self.quadrants {
            if (empties & q).count() & 1 == 1 {
                odd |= q;
            }
        }
        odd
    }

    /// A bound outside `alpha..beta` from stable discs, if there is one: the opponent's
    /// stable discs stay theirs, which caps our score, and ours stay ours, which floors it.
    /// The stable discs are only counted when the disc counts say the bound could reach the
    /// window, which is rare except in lopsided positions.
    #[inline(always)]
    fn stability_cut(&self, pos: &Othello<S>, alpha: i32, beta: i32, n: u32) -> Option<i32> {
        let (p, o) = (pos.player(), pos.opponent());
        // As in Edax: with few empties, stable discs rarely decide a window unless it is
        // lopsided, so the count is only tried beyond a margin that grows with the empties
        // (2 n - 2 discs on 8x8, in proportion on other boards).
        let margin = (2 * n as i32 - 2) * self.cells / 64;
        if alpha >= margin && self.cells - 2 * o.count() as i32 <= alpha {
            // Corners are stable: often enough without the full count.
            let cap = self.cells - 2 * (o & self.corners).count() as i32;
            if cap <= alpha {
                return Some(cap);
            }
            let cap = self.cells - 2 * stable_discs::<S>(o, p, &self.masks).count() as i32;
            if cap <= alpha {
                return Some(cap);
            }
        }
        if -beta >= margin && 2 * p.count() as i32 - self.cells >= beta {
            let floor = 2 * (p & self.corners).count() as i32 - self.cells;
            if floor >= beta {
                return Some(floor);
            }
            let floor = 2 * stable_discs::<S>(p, o, &self.masks).count() as i32 - self.cells;
            if floor >= beta {
                return Some(floor);
            }
        }
        None
    }

    /// The score of a finished game for the side to move, empties to the winner.
    #[inline(always)]
    fn final_score(&self, pos: &Othello<S>) -> i32 {
        let (p, o) = (pos.player().count() as i32, pos.opponent().count() as i32);
        let e = self.cells - p - o;
        match p.cmp(&o) {
            std::cmp::Ordering::Greater => p - o + e,
            std::cmp::Ordering::Less => p - o - e,
            std::cmp::Ordering::Equal => 0,
        }
    }
}

/// Defines the recursive search; instantiated once per instruction set (see the module doc).
macro_rules! solver_fns {
    ($($attr:meta),*) => {
        use super::*;

        /// The exact value of `pos`, if inside `alpha..beta`; else a bound on the same side.
        $(#[$attr])*
        pub(super) fn search<S: Size>(
            s: &mut Solver<S>,
            pos: &Othello<S>,
            alpha: i32,
            beta: i32,
        ) -> i32 {
            let n = pos.empties().count();
            if n <= SHALLOW {
                shallow(s, pos, alpha, beta, n, false)
            } else {
                deep(s, pos, alpha, beta, n, false)
            }
        }

        /// The value of the last move, on the one empty cell `sq`.
        $(#[$attr])*
        fn last1<S: Size>(s: &mut Solver<S>, pos: &Othello<S>, sq: usize) -> i32 {
            s.nodes += 1;
            let p = pos.player().count() as i32;
            let f = flips_of(pos, sq).count() as i32;
            if f > 0 {
                return 2 * (p + f + 1) - s.cells;
            }
            let g = flips_of(&pos.pass(), sq).count() as i32;
            if g > 0 {
                return 2 * (p - g) - s.cells;
            }
            // Nobody can play: the empty cell goes to the winner.
            let o = s.cells - 1 - p;
            match p.cmp(&o) {
                std::cmp::Ordering::Greater => p - o + 1,
                std::cmp::Ordering::Less => p - o - 1,
                std::cmp::Ordering::Equal => 0,
            }
        }

        /// Two empties, `alpha..beta`: both moves straight to [`last1`], without the sets of
        /// candidates and of odd regions that two cells do not need (they are searched in
        /// cell order, which is also what parity order gives for two cells).
        $(#[$attr])*
        fn last2<S: Size>(
            s: &mut Solver<S>,
            pos: &Othello<S>,
            alpha: i32,
            beta: i32,
            passed: bool,
        ) -> i32 {
            s.nodes += 1;
            let empties = pos.empties();
            let x1 = empties.first();
            let x2 = empties.without_first().first();
            let o = pos.opponent();
            let mut best = -s.cells - 1;
            if !(o & s.around[x1]).is_zero() {
                let f = flips_of(pos, x1);
                if !f.is_zero() {
                    best = -last1(s, &play_with(pos, x1, f), x2);
                    if best >= beta {
                        return best;
                    }
                }
            }
            if !(o & s.around[x2]).is_zero() {
                let f = flips_of(pos, x2);
                if !f.is_zero() {
                    return best.max(-last1(s, &play_with(pos, x2, f), x1));
                }
            }
            if best > -s.cells - 1 {
                return best;
            }
            if passed {
                return s.final_score(pos);
            }
            -last2(s, &pos.pass(), -beta, -alpha, true)
        }

        /// Few empties: moves in parity order, no table, no sorting.
        $(#[$attr])*
        fn shallow<S: Size>(
            s: &mut Solver<S>,
            pos: &Othello<S>,
            mut alpha: i32,
            beta: i32,
            n: u32,
            passed: bool,
        ) -> i32 {
            let empties = pos.empties();
            if n == 1 {
                return last1(s, pos, empties.first());
            }
            if n == 2 {
                return last2(s, pos, alpha, beta, passed);
            }
            s.nodes += 1;
            if n >= 4
                && let Some(bound) = s.stability_cut(pos, alpha, beta, n)
            {
                return bound;
            }
            // Only cells next to an opponent disc can be moves.
            let candidates = empties & neighbours::<S>(pos.opponent(), &s.masks);
            let odd = s.odd_regions(empties);
            let mut best = -s.cells - 1;
            for set in [candidates & odd, candidates & !odd] {
                for sq in set.iter() {
                    let f = flips_of(pos, sq);
                    if f.is_zero() {
                        continue;
                    }
                    let child = play_with(pos, sq, f);
                    let v = -shallow(s, &child, -beta, -alpha, n - 1, false);
                    if v > best {
                        best = v;
                        if v > alpha {
                            alpha = v;
                            if alpha >= beta {
                                return best;
                            }
                        }
                    }
                }
            }
            if best > -s.cells - 1 {
                return best;
            }
            if passed {
                // Neither side can move: the game is over.
                return s.final_score(pos);
            }
            -shallow(s, &pos.pass(), -beta, -alpha, n, true)
        }

        /// Many empties: fastest-first ordering, the table, stability cut-offs.
        $(#[$attr])*
        fn deep<S: Size>(
            s: &mut Solver<S>,
            pos: &Othello<S>,
            mut alpha: i32,
            mut beta: i32,
            n: u32,
            passed: bool,
        ) -> i32 {
            s.nodes += 1;
            if s.nodes >= s.next_check {
                s.next_check = s.nodes + CHECK_EVERY;
                if s.stop.is_stopped() {
                    s.aborted = true;
                }
            }
            if s.aborted {
                return 0;
            }
            if n >= STABILITY_MIN
                && let Some(bound) = s.stability_cut(pos, alpha, beta, n)
            {
                return bound;
            }
            let use_tt = n >= TT_MIN;
            let key = Solver::<S>::key(pos);
            let mut tt_move = usize::MAX;
            if use_tt && let Some(e) = s.probe(key) {
                // Bounds from a search less sure than this one only give their move.
                let (lo, hi) = if e.level >= s.level {
                    (i32::from(e.lower), i32::from(e.upper))
                } else {
                    (-s.cells, s.cells)
                };
                if lo >= beta || lo == hi {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
                if e.best > 0 {
                    tt_move = usize::from(e.best - 1);
                }
            }
            if s.level < EXACT
                && n >= PROBCUT_MIN
                && let Some(cut) = s.probcut(pos, alpha, beta, n)
            {
                return cut;
            }
            let moves = moves_of(pos);
            if moves.is_zero() {
                if passed {
                    return s.final_score(pos);
                }
                return -deep(s, &pos.pass(), -beta, -alpha, n, true);
            }
            // Ordering by a search makes such a node cost up to thousands of evaluations
            // (more on big boards): too many to wait for the periodic look at the flag.
            if n >= SORT_BY_SEARCH && s.stop.is_stopped() {
                s.aborted = true;
                return 0;
            }
            let alpha0 = alpha;
            let mut best = -s.cells - 1;
            let mut best_sq = usize::MAX;

            // Fastest first: fewest opponent replies, corners a little earlier; the table's
            // move before everything. Each entry is the sort key above the cell index (eight bits: 256 cells at
            // most), so that one integer sort orders by key, then by cell; no positions are
            // kept, because filling a list of them at every node costs more than playing each
            // move again.
            let mut list = [0u64; 64];
            let mut child_keys = [0u64; 64];
            let sorted = moves.count() as usize <= list.len();
            let count = (moves.count() as usize).min(list.len());
            for (k, sq) in moves.iter().enumerate().take(count) {
                let key = if sq == tt_move {
                    if n > TT_MIN && sorted {
                        let ck = Solver::<S>::key(&play_of(pos, sq));
                        child_keys[k] = ck;
                        s.prefetch(ck);
                    }
                    i32::MIN
                } else if !sorted {
                    // Boards far too open to solve are never sorted; they still get an answer.
                    0
                } else {
                    let child = play_of(pos, sq);
                    if n > TT_MIN {
                        // The child's probe, or the cut-off test below, will want its bucket.
                        let ck = Solver::<S>::key(&child);
                        child_keys[k] = ck;
                        s.prefetch(ck);
                    }
                    if n >= SORT_BY_SEARCH {
                        // Near the root the tree below each move is large: a short
                        // midgame search orders better than mobility alone.
                        shallow_value(&child, SORT_DEPTH)
                    } else if n >= SORT_BY_EVAL {
                        // Lower, one ply of it, with the replies still counted: a small
                        // tree below matters as much as a good move.
                        shallow_value(&child, 1)
                            + moves_of(&child).count() as i32 * REPLY_WEIGHT
                    } else {
                        // Replies on corners count twice: they are the ones that hurt.
                        let replies_bits = moves_of(&child);
                        let replies = (replies_bits.count()
                            + (replies_bits & s.corners).count()) as i32;
                        let corner = i32::from(is_corner::<S>(sq));
                        // Potential mobility breaks ties: empties next to our discs are
                        // where the opponent's moves will come from.
                        let frontier = (neighbours::<S>(child.opponent(), &s.masks)
                            & child.empties())
                        .count() as i32;
                        replies * 16 + frontier - corner * 12
                    }
                };
                list[k] = ((i64::from(key) - i64::from(i32::MIN)) as u64) << 8 | sq as u64;
            }
            list[..count].sort_unstable();
            // Enhanced transposition cut-off: a child already known to refute the window
            // ends the search before any of it is repeated.
            if n > ETC_MIN && sorted {
                for &ck in &child_keys[..count] {
                    if let Some(e) = s.probe(ck)
                        && e.level >= s.level
                        && -i32::from(e.upper) >= beta
                    {
                        return -i32::from(e.upper);
                    }
                }
            }
            let mut searched = 0;
            for &e in &list[..count] {
                let sq = (e & 0xff) as usize;
                let child = play_of(pos, sq);
                let v = if searched == 0 {
                    -child_search(s, &child, -beta, -alpha, n - 1)
                } else {
                    let v = -child_search(s, &child, -alpha - 1, -alpha, n - 1);
                    if v > alpha && v < beta && !s.aborted {
                        -child_search(s, &child, -beta, -alpha, n - 1)
                    } else {
                        v
                    }
                };
                searched += 1;
                if s.aborted {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_sq = sq;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            break;
                        }
                    }
                }
            }
            // Keep the bigger of two different subtrees: it cost more to find.
            if use_tt {
                let (lower, upper) = if best <= alpha0 {
                    (-s.cells, best)
                } else if best >= beta {
                    (best, s.cells)
                } else {
                    (best, best)
                };
                s.store(TtEntry {
                    key,
                    lower: lower as i16,
                    upper: upper as i16,
                    best: (best_sq + 1) as u16,
                    empties: n as u8,
                    level: s.level,
                });
            }
            best
        }

        $(#[$attr])*
        fn child_search<S: Size>(
            s: &mut Solver<S>,
            pos: &Othello<S>,
            alpha: i32,
            beta: i32,
            n: u32,
        ) -> i32 {
            if n <= SHALLOW {
                shallow(s, pos, alpha, beta, n, false)
            } else {
                deep(s, pos, alpha, beta, n, false)
            }
        }
    };
}

/// The depth of ProbCut's shallow search at `n` empties, and the standard deviation, in
/// discs, of the exact score minus its value, from `boardplay probcut` (docs/ai.md): 7.5
/// for the evaluation alone at 10-17 empties, 7.2 for a 2-ply search at 14-21 (6.4 and
/// 7.9), 7.3 for 4 plies at 18-21, taken for every position beyond.
fn probcut_sigma(n: u32) -> (u32, f32) {
    match n {
        0..16 => (0, 7.5),
        16..22 => (2, 7.2),
        _ => (4, 7.3),
    }
}

/// Above any evaluation.
const INF: i32 = i32::MAX / 2;

/// When a midgame search gives up: never inside the solver's tree, whose own looks at the
/// stop flag suffice; now and then at the root, whose searches are long on big boards.
trait Interrupt {
    /// True if the search must return at once (its value is then meaningless).
    fn due(&mut self) -> bool;
}

/// Never interrupts, at no cost.
struct Never;

impl Interrupt for Never {
    #[inline(always)]
    fn due(&mut self) -> bool {
        false
    }
}

/// Looks at a stop flag every [`INTERRUPT_EVERY`]th time it is asked, and stays due once
/// raised.
struct Every<'a> {
    stop: &'a Stop,
    asked: u64,
    due: bool,
}

impl Interrupt for Every<'_> {
    fn due(&mut self) -> bool {
        self.asked += 1;
        if !self.due && self.asked.is_multiple_of(INTERRUPT_EVERY) {
            self.due = self.stop.is_stopped();
        }
        self.due
    }
}

/// A short alpha-beta search with the midgame evaluation, for move ordering (from the side to
/// move's point of view, in evaluation units); 0 if `interrupt` fell due.
fn midgame_value<S: Size, I: Interrupt>(
    pos: &Othello<S>,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    interrupt: &mut I,
) -> i32 {
    if interrupt.due() {
        return 0;
    }
    if depth == 0 {
        return crate::ai::eval::othello::evaluate_learned(pos);
    }
    let moves = pos.moves_bits();
    if moves.is_zero() {
        if pos.opponent_moves_bits().is_zero() {
            return pos.final_score() * 100;
        }
        return -midgame_value(&pos.pass(), depth - 1, -beta, -alpha, interrupt);
    }
    let mut best = -INF;
    for sq in moves.iter() {
        let v = -midgame_value(&pos.play_index(sq), depth - 1, -beta, -alpha, interrupt);
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The value of `pos`, in hundredths of a disc for the side to move, by a `depth`-ply search
/// with the learned evaluation: what the solver's ProbCut and move ordering see.
pub fn shallow_value<S: Size>(pos: &Othello<S>, depth: u32) -> i32 {
    midgame_value(pos, depth, -INF, INF, &mut Never)
}

/// The position after the side to move plays `sq`, flipping `f` (already computed).
#[inline(always)]
fn play_with<S: Size>(pos: &Othello<S>, sq: usize, f: S::Bits) -> Othello<S> {
    Othello::from_bits(
        pos.opponent() ^ f,
        pos.player() ^ f ^ S::Bits::bit(sq),
        !pos.side_to_move(),
    )
}

// The core's move generator, whose 8x8-and-smaller code is forced inline, so that it is
// compiled into the recursive search with the search's CPU features.

#[inline(always)]
fn flips_of<S: Size>(pos: &Othello<S>, sq: usize) -> S::Bits {
    othello::flips::<S>(pos.player(), pos.opponent(), sq)
}

#[inline(always)]
fn moves_of<S: Size>(pos: &Othello<S>) -> S::Bits {
    othello::mobility::<S>(pos.player(), pos.opponent())
}

#[inline(always)]
fn play_of<S: Size>(pos: &Othello<S>, sq: usize) -> Othello<S> {
    play_with(pos, sq, flips_of(pos, sq))
}

#[inline(always)]
fn is_corner<S: Size>(sq: usize) -> bool {
    let n = S::N;
    sq == 0 || sq == n - 1 || sq == n * (n - 1) || sq == n * n - 1
}

#[cfg(target_arch = "x86_64")]
mod fast {
    solver_fns!(target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2"));
}

mod base {
    solver_fns!();
}

/// True if this CPU has the instructions of the fast path.
#[cfg(target_arch = "x86_64")]
fn has_x86_64_v3() -> bool {
    std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("avx2")
}

impl<S: Size> Solver<S> {
    /// One pass over the root moves, in `order`, with the window `alpha..beta`: the best
    /// value (a bound if outside the window) and the move that gave it, which then moves to
    /// the front of `order`. `None` if the search was stopped.
    fn root(
        &mut self,
        pos: &Othello<S>,
        order: &mut [Move],
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, Move)> {
        let mut best = (-self.cells - 1, 0);
        for (k, &mv) in order.iter().enumerate() {
            let v = -self.search(&pos.play_unchecked(mv), -beta, -alpha.max(best.0));
            if self.aborted {
                return None;
            }
            if v > best.0 {
                best = (v, k);
                if v >= beta {
                    break;
                }
            }
        }
        order[..=best.1].rotate_right(1);
        Some((best.0, order[0]))
    }

    /// The value of `pos` by windows two discs wide (scores are even: a value strictly inside
    /// the window is the score), the first around `guess` and each next one around the
    /// bound the last returned, as in MTD(f); with the move that reached it, which is then
    /// first in `order`. At most `tests` windows (a selective pass's answers need not agree,
    /// so its guesses could wander): the last value found then. `None` if stopped.
    fn aspire(
        &mut self,
        pos: &Othello<S>,
        order: &mut [Move],
        mut guess: i32,
        tests: Option<u32>,
    ) -> Option<(i32, Move)> {
        let mut tried = 0;
        loop {
            let (v, mv) = self.root(pos, order, guess - 1, guess + 1)?;
            tried += 1;
            if v == guess || tests.is_some_and(|t| tried >= t) {
                return Some((v.clamp(-self.cells, self.cells), mv));
            }
            guess = v;
        }
    }

    /// The value of `pos` within `alpha..beta` (a bound outside it), by the fastest code.
    fn search(&mut self, pos: &Othello<S>, alpha: i32, beta: i32) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if has_x86_64_v3() {
            // SAFETY: the CPU supports every feature the function was compiled with.
            return unsafe { fast::search(self, pos, alpha, beta) };
        }
        base::search(self, pos, alpha, beta)
    }
}

/// Size of the solver's table: 2^21 entries of 16 bytes, in buckets of two (2^23 entries
/// saved under 1% of the nodes).
const TT_BITS: u32 = 21;

/// Solves `pos` exactly. `None` if the game is over or the stop flag of `ctx` was raised or
/// its deadline passed (looked at every few thousand positions, and at every position of
/// 20 empties or more, which cost more). Reports progress after each root move.
pub fn solve<S: Size>(
    pos: &Othello<S>,
    ctx: &mut Context<'_>,
    all_best: bool,
) -> Option<EndgameResult> {
    let start = Instant::now();
    let moves: Vec<Move> = pos.legal_moves().collect();
    if moves.is_empty() {
        return None;
    }
    let mut s = Solver::<S>::new(ctx.stop.clone(), TT_BITS);
    let cells = s.cells;
    // Root order: by a midgame search a few plies deep. The first move is searched with the
    // full window, and every later one must at least be proved no better, so a good first
    // move saves much; a few thousand evaluations cost nothing next to the solve.
    // On big open boards these searches are long enough to need their own looks at the flag.
    let mut interrupt = Every {
        stop: ctx.stop,
        asked: 0,
        due: false,
    };
    let mut order: Vec<(i32, Move)> = Vec::with_capacity(moves.len());
    for &mv in &moves {
        let child = pos.play_unchecked(mv);
        let v = midgame_value(&child, ROOT_SORT_DEPTH, -INF, INF, &mut interrupt);
        if interrupt.due || ctx.stop.is_stopped() {
            return None;
        }
        order.push((v, mv));
    }
    order.sort_by_key(|&(k, _)| k);
    let estimate = -order[0].0;
    let mut order: Vec<Move> = order.iter().map(|&(_, mv)| mv).collect();

    // Aspiration: the midgame search's value, in hundredths of a disc, guesses the score, and
    // windows two discs wide test it (scores are even: a value strictly inside the window is
    // the score), each failure moving the guess to the bound it returned, as MTD(f) does.
    // With a good evaluation the first or second test hits, and every test is far cheaper
    // than a search of the full window.
    let mut guess = ((estimate + 100).div_euclid(200) * 2).clamp(-cells, cells);
    let mut report = |s: &Solver<S>, best: Move, score: i32, exact: bool| {
        (ctx.report)(&Progress {
            work: Work::Solved(pos.empties().count()),
            best: Some(best),
            score: Some(score),
            exact,
            nodes: s.nodes,
            elapsed: start.elapsed(),
        })
    };
    if S::N == 8 && pos.empties().count() >= SELECTIVE_MIN {
        // Selective passes, least sure first: each is far cheaper than the exact search,
        // and leaves in the table the best moves the next one tries first.
        for (level, sigmas) in SELECTIVE_PASSES {
            (s.level, s.cut_sigmas) = (level, sigmas);
            let (v, mv) = s.aspire(pos, &mut order, guess, Some(SELECTIVE_TESTS))?;
            report(&s, mv, v, false);
            guess = v;
        }
        s.level = EXACT;
    }
    let (score, first) = s.aspire(pos, &mut order, guess, None)?;
    let mut best = vec![first];
    if all_best {
        // Every other move that reaches the score: a window just below it asks.
        for &mv in order.iter().filter(|&&mv| mv != first) {
            let v = -s.search(&pos.play_unchecked(mv), -score - 1, -score + 1);
            if s.aborted {
                return None;
            }
            if v == score {
                best.push(mv);
            }
        }
    }
    report(&s, first, score, true);
    let cols = S::N;
    best.sort_by_key(|mv| match mv {
        Move::Place(c) => c.index(cols),
        Move::Pass => 0,
    });
    Some(EndgameResult {
        score,
        best,
        nodes: s.nodes,
    })
}

/// The exact score of `pos` (disc difference for the side to move, empties to the winner;
/// the game need not have moves left), with a table of `2^tt_bits` entries: for the many small
/// solves of training, where the full table would cost more to clear than to use.
/// From [`SELECTIVE_MIN`] empties, where a solve takes long enough, the full root procedure
/// of [`solve`] (its own table) is faster.
pub fn exact_score<S: Size>(pos: &Othello<S>, tt_bits: u32) -> i32 {
    if pos.empties().count() >= SELECTIVE_MIN {
        let stop = Stop::new();
        let mut report = |_: &Progress| {};
        if let Some(r) = solve(pos, &mut Context::new(&stop, &mut report), false) {
            return r.score;
        }
    }
    let mut s = Solver::<S>::new(Stop::new(), tt_bits);
    let cells = s.cells;
    s.search(pos, -cells - 1, cells + 1)
}

/// The exact value of `pos` by plain alpha-beta over the [`Position`] interface, with none of
/// the solver's enhancements: the reference the solver is tested against.
pub fn solve_plain<S: Size>(pos: &Othello<S>, mut alpha: i32, beta: i32) -> i32 {
    let mut any = false;
    let mut best = i32::MIN;
    for mv in pos.legal_moves() {
        any = true;
        let v = -solve_plain(&pos.play_unchecked(mv), -beta, -alpha);
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    if any { best } else { pos.final_score() }
}
