//! Labels for training positions, in discs for the side to move: the exact score where the
//! solver reaches, else the value of a short search whose leaves are scored by the weights
//! already fitted for the later phases (bootstrapping back from the endgame).

use crate::ai::eval::learned::Learned;
use crate::ai::solver::othello_endgame::{exact_score, solve};
use crate::ai::{Context, Progress, Stop};
use crate::core::Bits;
use crate::core::Side;
use crate::core::othello::{Othello, Size};

use super::selfplay::Discs;

/// Table size of the training solves: a few megabytes, enough for 20 empties.
const TT_BITS: u32 = 16;

/// The position of `discs`, the side to move as the first player.
pub(super) fn position<S: Size>((p, o): Discs<S>) -> Othello<S> {
    Othello::from_bits(p, o, Side::First)
}

/// The exact final disc difference for the side to move.
pub fn exact<S: Size>(discs: Discs<S>) -> f32 {
    exact_score(&position::<S>(discs), TT_BITS) as f32
}

/// The exact final disc difference for the side to move, by the full solver (its big table
/// and ordered root): for the few deep positions of the test.
pub fn exact_deep<S: Size>(discs: Discs<S>) -> f32 {
    let stop = Stop::new();
    let mut report = |_: &Progress| {};
    match solve(
        &position::<S>(discs),
        &mut Context::new(&stop, &mut report),
        false,
    ) {
        Some(r) => r.score as f32,
        None => exact::<S>(discs),
    }
}

/// The value of a `depth`-ply alpha-beta search from `discs`, leaves scored by `eval`, in
/// discs.
pub fn searched<L: Learned>(discs: Discs<L::S>, depth: u32, eval: &L) -> f32 {
    negamax(&position(discs), depth, -INF, INF, eval, false) as f32 / 100.0
}

const INF: i32 = i32::MAX / 2;

/// Plies to go from which [`negamax`] orders its moves.
const ORDER_FROM: u32 = 3;

fn negamax<L: Learned>(
    pos: &Othello<L::S>,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    eval: &L,
    passed: bool,
) -> i32 {
    let moves = pos.moves_bits();
    if moves.is_zero() {
        if passed {
            return pos.final_score() * 100;
        }
        // A pass is no ply: the leaf is where a move would have been.
        return -negamax(&pos.pass(), depth, -beta, -alpha, eval, true);
    }
    if depth == 0 {
        return eval.score(pos);
    }
    // Far from the leaves, the moves that leave the opponent fewest replies first ("fastest
    // first"): the same value, found with fewer nodes.
    let mut children: Vec<(u32, Othello<L::S>)> = moves
        .iter()
        .map(|sq| {
            let child = pos.play_index(sq);
            let mobility = if depth >= ORDER_FROM {
                child.moves_bits().count()
            } else {
                0
            };
            (mobility, child)
        })
        .collect();
    if depth >= ORDER_FROM {
        children.sort_by_key(|&(mobility, _)| mobility);
    }
    let mut best = -INF;
    for (_, child) in &children {
        let v = -negamax(child, depth - 1, -beta, -alpha, eval, false);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::pattern::{PHASE_LEN, PHASES, PatternEval};
    use crate::ai::solver::othello_endgame::solve_plain;
    use crate::core::othello::{Othello8, Size8};

    #[test]
    fn exact_labels_are_the_plain_solvers_scores() {
        // The last 10 empties of a self-play game.
        let game = super::super::selfplay::play::<Size8>(3, 1, Default::default());
        for &discs in game.iter().rev().take(10) {
            let pos = position::<Size8>(discs);
            assert_eq!(exact::<Size8>(discs), solve_plain(&pos, -65, 65) as f32);
        }
    }

    /// Plain minimax to `depth` plies, a pass being no ply: the reference for [`negamax`],
    /// which prunes and orders.
    fn minimax(pos: &Othello8, depth: u32, eval: &PatternEval, passed: bool) -> i32 {
        let moves = pos.moves_bits();
        if moves == 0 {
            if passed {
                return pos.final_score() * 100;
            }
            return -minimax(&pos.pass(), depth, eval, true);
        }
        if depth == 0 {
            return eval.score(pos);
        }
        moves
            .iter()
            .map(|sq| -minimax(&pos.play_index(sq), depth - 1, eval, false))
            .max()
            .unwrap()
    }

    #[test]
    fn searched_labels_are_plain_minimax_values() {
        use crate::ai::eval::weights::shipped;
        // Positions along a self-play game, at depths past the ordering's threshold.
        let game = super::super::selfplay::play::<Size8>(7, 3, Default::default());
        for &discs in game.iter().step_by(6) {
            let pos = position::<Size8>(discs);
            for depth in 1..=4 {
                assert_eq!(
                    searched(discs, depth, shipped()),
                    minimax(&pos, depth, shipped(), false) as f32 / 100.0,
                    "{discs:?} at depth {depth}"
                );
            }
        }
    }

    #[test]
    fn a_search_with_no_weights_sees_only_finished_games() {
        let zero = PatternEval::new(vec![0; PHASES * PHASE_LEN]).unwrap();
        let start = Othello8::start();
        assert_eq!(searched((start.player(), start.opponent()), 3, &zero), 0.0);
        // Two plies from the end, a search to the end is exact.
        let game = super::super::selfplay::play::<Size8>(3, 2, Default::default());
        let &last = game.last().unwrap();
        let empties = 64 - (last.0 | last.1).count_ones();
        assert_eq!(searched(last, empties, &zero), exact::<Size8>(last));
    }
}
