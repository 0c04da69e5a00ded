//! The plain reference solver that the fast one is tested against: only in the tests' builds
//! (the `testing` feature), never in the app's.

use crate::core::Position;
use crate::core::othello::{Othello, Size};

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
