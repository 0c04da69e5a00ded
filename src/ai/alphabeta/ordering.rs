//! Move ordering of the alpha-beta search: the table's move first, then, far enough from
//! the leaves, by the evaluation of each move's position; nearer them by killer moves and the
//! history heuristic, which cost nothing. And the per-ply move lists a node reuses.

use super::AlphaBeta;
use crate::ai::game::Game;
use crate::core::Move;

/// Plies to go from which moves are ordered by the evaluation of their positions (below it,
/// by killers and history, which cost nothing).
const ORDER_BY_EVAL: u32 = 3;

impl AlphaBeta {
    /// The evaluation of `child`, a position one move from `pos`, whose carry is `carry`.
    #[inline(always)]
    fn child_value<G: Game>(&self, pos: &G, carry: &G::Carry, child: &G) -> i32 {
        if self.learned {
            child.evaluate_learned_carried(&pos.carry_to(carry, child))
        } else {
            child.evaluate()
        }
    }

    /// The legal moves, best-looking first: the table's move, then, `depth` plies from the
    /// leaves, by what the evaluation says of each move's position when there are at least
    /// [`ORDER_BY_EVAL`] plies to go (where a good first move saves the most), else by
    /// killers and history.
    #[inline(always)]
    pub(super) fn ordered_moves<G: Game>(
        &mut self,
        pos: &G,
        carry: &G::Carry,
        tt_move: Option<Move>,
        ply: usize,
        depth: u32,
        moves: &mut Vec<Move>,
    ) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; 2]);
        }
        let killers = self.killers[ply];
        let cols = pos.cols();
        let by_eval = depth >= ORDER_BY_EVAL;
        let mut scored = std::mem::take(&mut self.scored);
        scored.clear();
        // A plain loop rather than `extend`, so that the children's evaluations are compiled
        // into the node's copy (see `search_node`), not into a shared generic function.
        for mv in pos.legal_moves() {
            let s = if Some(mv) == tt_move {
                i64::MAX
            } else if by_eval {
                -i64::from(self.child_value(pos, carry, &pos.play_unchecked(mv)))
            } else if Some(mv) == killers[0] {
                i64::MAX - 1
            } else if Some(mv) == killers[1] {
                i64::MAX - 2
            } else {
                i64::from(self.history[history_index(mv, cols)])
            };
            scored.push((s, mv));
        }
        // Stable, so equal moves keep cell order and searches stay reproducible.
        scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        moves.clear();
        moves.extend(scored.iter().map(|&(_, mv)| mv));
        self.scored = scored;
    }

    /// A move list for `ply` to fill, reusing an earlier one's memory; give it back with
    /// [`AlphaBeta::give_back`].
    pub(super) fn move_list(&mut self, ply: usize) -> Vec<Move> {
        if self.move_lists.len() <= ply {
            self.move_lists.resize_with(ply + 1, Vec::new);
        }
        std::mem::take(&mut self.move_lists[ply])
    }

    pub(super) fn give_back(&mut self, ply: usize, moves: Vec<Move>) {
        self.move_lists[ply] = moves;
    }
}

pub(super) fn history_index(mv: Move, cols: usize) -> usize {
    match mv {
        Move::Place(c) => c.index(cols).min(255),
        Move::Pass => 256,
    }
}
