//! Cut-offs that end a search early: ProbCut in the selective passes, and stability
//! (the opponent's stable discs bound the best reachable score).

use crate::ai::eval::othello::stable_discs;
use crate::core::Bits;
use crate::core::othello::{Othello, Size};

use super::*;

impl<S: Size> Solver<S> {
    /// ProbCut, in a selective pass: the value of a shallow search with the learned
    /// evaluation predicts the exact score with an error whose spread was measured (see
    /// [`probcut_sigma`]); a value that many standard deviations beyond the window is taken
    /// as a cut-off.
    #[inline]
    pub(super) fn probcut(&self, pos: &Othello<S>, alpha: i32, beta: i32, n: u32) -> Option<i32> {
        let (depth, sigma) = probcut_sigma(n);
        let margin = (self.cut_sigmas * sigma * 100.0) as i32;
        if depth == 0 {
            // The evaluation alone: one call answers both sides.
            let v = crate::ai::eval::evaluate_learned(pos);
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

    /// A bound outside `alpha..beta` from stable discs, if there is one: the opponent's
    /// stable discs stay theirs, which caps our score, and ours stay ours, which floors it.
    /// The stable discs are only counted when the disc counts say the bound could reach the
    /// window, which is rare except in lopsided positions.
    #[inline(always)]
    pub(super) fn stability_cut(
        &self,
        pos: &Othello<S>,
        alpha: i32,
        beta: i32,
        n: u32,
    ) -> Option<i32> {
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
}

/// The depth of ProbCut's shallow search at `n` empties, and the standard deviation, in
/// discs, of the exact score minus its value, from `boardplay probcut` (docs/ai.md): 7.5
/// for the evaluation alone at 10-17 empties, 7.2 for a 2-ply search at 14-21 (6.4 and
/// 7.9), 7.3 for 4 plies at 18-21, taken for every position beyond.
pub(super) fn probcut_sigma(n: u32) -> (u32, f32) {
    match n {
        0..16 => (0, 7.5),
        16..22 => (2, 7.2),
        _ => (4, 7.3),
    }
}
