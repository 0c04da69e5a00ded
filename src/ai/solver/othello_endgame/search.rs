//! The recursive search, defined once by a macro and compiled twice (for the baseline CPU
//! and for x86-64-v3, picked at run time), and the root's passes over the moves.

use crate::ai::eval::othello::neighbours;
use crate::core::Bits;
use crate::core::othello::{self, Othello, Size};
use crate::core::{Move, Position};

use super::*;

impl<S: Size> Solver<S> {
    /// The score of a finished game for the side to move, empties to the winner.
    #[inline(always)]
    pub(super) fn final_score(&self, pos: &Othello<S>) -> i32 {
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
            let (f, g) = if S::N == 8 {
                // The board is full but for `sq`: the player's discs say it all, and the
                // flips can be counted a line at a time without being found.
                let mine = S::to_words(pos.player())[0];
                let f = othello::last_flip_count(mine, sq) as i32;
                let g = if f > 0 {
                    0
                } else {
                    othello::last_flip_count(!mine & !(1u64 << sq), sq) as i32
                };
                (f, g)
            } else {
                let f = flips_of(pos, sq).count() as i32;
                let g = if f > 0 { 0 } else { flips_of(&pos.pass(), sq).count() as i32 };
                (f, g)
            };
            if f > 0 {
                return 2 * (p + f + 1) - s.cells;
            }
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
                if s.split.is_some() {
                    s.next_check = s.nodes + CHECK_SPLIT;
                    s.aborted |= s.cut_above();
                } else {
                    s.next_check = s.nodes + CHECK_EVERY;
                }
                s.aborted |= s.stop.is_stopped();
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
                        // Lower, the evaluation of the move's position, with the replies
                        // still counted: a small tree below matters as much as a good move.
                        let (v, replies) = crate::ai::eval::evaluate_learned_with_moves(&child);
                        v + replies.count() as i32 * REPLY_WEIGHT
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
            // The first move in front; the others are sorted only if it does not cut off,
            // which spares the sort at most nodes of a null-window search.
            if let Some(at) = (0..count).min_by_key(|&k| list[k]) {
                list.swap(0, at);
            }
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
            for k in 0..count {
                if k == 1 {
                    list[1..count].sort_unstable();
                }
                let e = list[k];
                // Young brothers wait: once the first move has not cut off, the others may
                // be shared with idle threads.
                if searched == 1 && n >= SPLIT_MIN && count - k >= 2 && s.can_split() {
                    let mut rest = [0usize; 64];
                    for (r, &e) in rest.iter_mut().zip(&list[k..count]) {
                        *r = (e & 0xff) as usize;
                    }
                    (best, best_sq) =
                        s.split(pos, &rest[..count - k], alpha, beta, (best, best_sq), n);
                    if s.aborted {
                        return 0;
                    }
                    break;
                }
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

/// The position after the side to move plays `sq`, flipping `f` (already computed).
#[inline(always)]
pub(super) fn play_with<S: Size>(pos: &Othello<S>, sq: usize, f: S::Bits) -> Othello<S> {
    Othello::from_bits(
        pos.opponent() ^ f,
        pos.player() ^ f ^ S::Bits::bit(sq),
        !pos.side_to_move(),
    )
}

// The core's move generator, whose 8x8-and-smaller code is forced inline, so that it is
// compiled into the recursive search with the search's CPU features.

#[inline(always)]
pub(super) fn flips_of<S: Size>(pos: &Othello<S>, sq: usize) -> S::Bits {
    othello::flips::<S>(pos.player(), pos.opponent(), sq)
}

#[inline(always)]
pub(super) fn moves_of<S: Size>(pos: &Othello<S>) -> S::Bits {
    othello::mobility::<S>(pos.player(), pos.opponent())
}

#[inline(always)]
pub(super) fn play_of<S: Size>(pos: &Othello<S>, sq: usize) -> Othello<S> {
    play_with(pos, sq, flips_of(pos, sq))
}

#[inline(always)]
pub(super) fn is_corner<S: Size>(sq: usize) -> bool {
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

impl<S: Size> Solver<S> {
    /// One pass over the root moves, in `order`, with the window `alpha..beta`: the best
    /// value (a bound if outside the window) and the move that gave it, which then moves to
    /// the front of `order`. `None` if the search was stopped.
    pub(super) fn root(
        &mut self,
        pos: &Othello<S>,
        order: &mut [Move],
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, Move)> {
        let mut best = (-self.cells - 1, 0);
        let cols = S::N;
        for (k, &mv) in order.iter().enumerate() {
            // The other moves shared with idle threads, as at any node (a pass is the only
            // move when it is one).
            if k == 1 && order.len() > 2 && self.can_split() {
                let rest: Vec<usize> = order[1..]
                    .iter()
                    .filter_map(|m| m.cell().map(|c| c.index(cols)))
                    .collect();
                let first = order[0].cell().map_or(0, |c| c.index(cols));
                let n = pos.empties().count();
                let (v, sq) = self.split(pos, &rest, alpha.max(best.0), beta, (best.0, first), n);
                if self.aborted {
                    return None;
                }
                let at = order
                    .iter()
                    .position(|m| m.cell().map(|c| c.index(cols)) == Some(sq));
                best = (v, at.unwrap_or(0));
                break;
            }
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
    pub(super) fn aspire(
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
    pub(super) fn search(&mut self, pos: &Othello<S>, alpha: i32, beta: i32) -> i32 {
        // The move generator's one check, which honours the instruction-set cap
        // (`limit_instruction_set`): the fast path's features are those of its AVX2 copy.
        #[cfg(target_arch = "x86_64")]
        if othello::runs_x86_64_v3() {
            // SAFETY: the CPU supports every feature the function was compiled with
            // (popcnt, lzcnt, bmi1, bmi2, avx2), as the move generator found.
            return unsafe { fast::search(self, pos, alpha, beta) };
        }
        base::search(self, pos, alpha, beta)
    }
}
