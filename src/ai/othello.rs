//! What the searches know of Othello beyond its rules: the score scale (disc difference),
//! the evaluation of [`eval::othello`], and the endgame solver.

use super::eval::pattern::Indices;
use super::game::{Game, PROVEN, Solution};
use super::solver::othello_endgame;
use super::{Context, eval};
use crate::core::othello::{Othello, Size};
use crate::core::{GameKind, Position};

/// Othello scores: a finished game with disc difference `d` (empties to the winner) scores
/// `sign(d) * PROVEN + d * DISC`; evaluations are in the same `DISC` units.
pub const DISC: i32 = 100;

/// The search score of an Othello game that ends with disc difference `d`.
pub fn othello_exact(d: i32) -> i32 {
    d.signum() * PROVEN + d * DISC
}

impl<S: Size> Game for Othello<S> {
    const KIND: GameKind = GameKind::Othello;

    /// The endgame solver's table, kept from one solve to the next by those that solve
    /// many related positions (the analysis, the perfect player).
    type Solver = othello_endgame::KeptTable;

    fn terminal_score(&self) -> i32 {
        othello_exact(self.final_score())
    }

    fn evaluate(&self) -> i32 {
        eval::othello::evaluate(self)
    }

    fn evaluate_learned(&self) -> i32 {
        eval::evaluate_learned(self)
    }

    /// The 8x8 pattern indices (on other sizes nothing is carried: they stay zero).
    type Carry = Indices;

    fn carry(&self) -> Indices {
        match eval::words8(self) {
            Some((p, o)) => Indices::new(p, o),
            None => Indices::ZERO,
        }
    }

    #[inline(always)]
    fn carry_to(&self, carry: &Indices, child: &Othello<S>) -> Indices {
        match (eval::words8(self), eval::words8(child)) {
            (Some((p, o)), Some((_, after))) => carry.after_move(p, o, after),
            _ => *carry,
        }
    }

    #[inline(always)]
    fn evaluate_learned_carried(&self, carry: &Indices) -> i32 {
        eval::evaluate_learned_carried(self, carry)
    }

    #[inline(always)]
    fn leaf_value(&self, carry: &Indices, learned: bool) -> Option<i32> {
        eval::leaf_value(self, carry, learned)
    }

    /// Measured on 8x8 only (`boardplay probcut --depth 9`, docs/ai.md): about 4.1 discs at
    /// 22-31 empties, 2.6 at 32-41 and 2.2 beyond, for every pair of depths from 3 to 9
    /// plies with the check at about half the depth; deeper searches are given the same.
    /// With the check at a third (2026-11-29) the spreads measure somewhat wider (docs/ai.md)
    /// and the searches keep these values, which played better against NTest than the half.
    fn probcut_sigma(&self, depth: u32) -> Option<i32> {
        use crate::core::Bits;
        if S::N != 8 || depth < 3 {
            return None;
        }
        let sigma = match self.empties().count() {
            0..32 => 410,
            32..42 => 260,
            _ => 220,
        };
        Some(sigma * DISC / 100)
    }

    fn empty_cells(&self) -> u32 {
        use crate::core::Bits;
        self.empties().count()
    }

    fn solve_with(
        &self,
        kept: &mut othello_endgame::KeptTable,
        ctx: &mut Context<'_>,
        all_best: bool,
    ) -> Option<Solution> {
        let r = othello_endgame::solve_kept(self, ctx, all_best, kept)?;
        Some(Solution {
            score: othello_exact(r.score),
            best: r.best,
            nodes: r.nodes,
            pv: r.pv,
        })
    }

    /// What the solver does in well under a second a move on this machine class, as Expert
    /// solves before its move: 20 empties on boards of up to 64 cells, 14 beyond (wider
    /// bitboards, more moves).
    fn solve_reach(&self) -> u32 {
        if self.cell_count() <= 64 { 20 } else { 14 }
    }

    /// 12 empties: some 10^4 positions (docs/ai.md, FFO and match positions), on any board.
    fn quick_solve(&self) -> u32 {
        12
    }

    /// Up to 6x6: bigger boards are not solved from the start in reasonable time.
    fn solvable_from(start: &Othello<S>) -> bool {
        start.cell_count() <= 36
    }

    fn exact_value(&self, score: i32) -> (i32, String) {
        let d = Self::display_score(score);
        (d, format!("{d:+}"))
    }

    fn move_label(&self, score: i32, _exact: bool) -> String {
        format!("{:+}", Self::display_score(score))
    }

    /// The disc difference: exact for a proven score, else the estimate, which an evaluation
    /// may put beyond what the board can hold, limited to the board's cells.
    fn display_score(score: i32) -> i32 {
        Self::chart_value(score).round() as i32
    }

    fn describe(score: i32) -> String {
        if score.abs() >= PROVEN || score == 0 {
            format!("{:+}", Self::display_score(score))
        } else {
            format!("{:+.1} (estimate)", Self::chart_value(score))
        }
    }

    fn chart_value(score: i32) -> f32 {
        if score.abs() >= PROVEN {
            ((score - score.signum() * PROVEN) / DISC) as f32
        } else {
            let cells = (S::N * S::N) as f32;
            (score as f32 / DISC as f32).clamp(-cells, cells)
        }
    }
}
