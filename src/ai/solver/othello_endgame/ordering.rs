//! Move ordering: parity regions near the end, and the short midgame searches that order
//! the moves further from it and at the root.

use crate::ai::Stop;
use crate::core::Bits;
use crate::core::othello::{Othello, Size};

use super::*;

impl<S: Size> Solver<S> {
    /// Cells of the quadrants holding an odd number of empties.
    #[inline(always)]
    pub(super) fn odd_regions(&self, empties: S::Bits) -> S::Bits {
        let mut odd = S::Bits::ZERO;
        for q in self.quadrants {
            if (empties & q).count() & 1 == 1 {
                odd |= q;
            }
        }
        odd
    }
}

/// Above any evaluation.
pub(super) const INF: i32 = i32::MAX / 2;

/// When a midgame search gives up: never inside the solver's tree, whose own looks at the
/// stop flag suffice; now and then at the root, whose searches are long on big boards.
pub(super) trait Interrupt {
    /// True if the search must return at once (its value is then meaningless).
    fn due(&mut self) -> bool;
}

/// Never interrupts, at no cost.
pub(super) struct Never;

impl Interrupt for Never {
    #[inline(always)]
    fn due(&mut self) -> bool {
        false
    }
}

/// Looks at a stop flag every [`INTERRUPT_EVERY`]th time it is asked, and stays due once
/// raised.
pub(super) struct Every<'a> {
    pub(super) stop: &'a Stop,
    pub(super) asked: u64,
    pub(super) due: bool,
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
pub(super) fn midgame_value<S: Size, I: Interrupt>(
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
        return crate::ai::eval::evaluate_learned(pos);
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
