//! Move ordering of the alpha-beta search: the table's move first, then, far enough from
//! the leaves, by the evaluation of each move's position; nearer them by killer moves and the
//! history heuristic, which cost nothing. Each move is one integer key (score, then cell), and
//! a node sorts its keys only once its first move has not cut off. And the per-ply key lists a
//! node reuses.

use super::AlphaBeta;
use crate::ai::game::Game;
use crate::core::{Cell, Move};

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
    pub(super) fn ordered_moves<G: Game>(
        &mut self,
        pos: &G,
        carry: &G::Carry,
        tt_move: Option<Move>,
        depth: u32,
    ) -> Vec<Move> {
        let mut keys = Vec::new();
        self.move_keys(pos, carry, tt_move, 0, depth, &mut keys);
        keys.sort_unstable();
        keys.iter().map(|&k| key_move(k, pos.cols())).collect()
    }

    /// The legal moves as sort keys (see [`ordered_moves`](AlphaBeta::ordered_moves) for
    /// the order; [`key_move`] reads a key's move), the first in that order in front and the
    /// others not sorted: a node sorts them only once its first move has not cut off, so
    /// the many nodes that cut on their first move never sort.
    #[inline(always)]
    pub(super) fn move_keys<G: Game>(
        &mut self,
        pos: &G,
        carry: &G::Carry,
        tt_move: Option<Move>,
        ply: usize,
        depth: u32,
        keys: &mut Vec<u64>,
    ) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; 2]);
        }
        let killers = self.killers[ply];
        let cols = pos.cols();
        let by_eval = depth >= ORDER_BY_EVAL;
        keys.clear();
        // A plain loop rather than `extend`, so that the move generation and the children's
        // evaluations are compiled into the node's copy (see `search_node`), not into a
        // shared generic function.
        for mv in pos.legal_moves() {
            let s = if Some(mv) == tt_move {
                FIRST
            } else if by_eval {
                let child = pos.play_unchecked(mv);
                // The child, searched soon with a table probe, has its bucket fetched now.
                self.tt.prefetch(child.canonical_key());
                -i64::from(self.child_value(pos, carry, &child))
            } else if Some(mv) == killers[0] {
                FIRST - 1
            } else if Some(mv) == killers[1] {
                FIRST - 2
            } else {
                i64::from(self.history[history_index(mv, cols)])
            };
            keys.push(sort_key(s, mv, cols));
        }
        // The smallest key in front; the node sorts the rest if it needs them.
        if let Some(at) = keys
            .iter()
            .enumerate()
            .min_by_key(|&(_, k)| *k)
            .map(|(i, _)| i)
        {
            keys.swap(0, at);
        }
    }

    /// A list of move keys for `ply` to fill, reusing an earlier one's memory; give it back
    /// with [`AlphaBeta::give_back`].
    pub(super) fn key_list(&mut self, ply: usize) -> Vec<u64> {
        if self.key_lists.len() <= ply {
            self.key_lists.resize_with(ply + 1, Vec::new);
        }
        std::mem::take(&mut self.key_lists[ply])
    }

    pub(super) fn give_back(&mut self, ply: usize, keys: Vec<u64>) {
        self.key_lists[ply] = keys;
    }
}

/// The ordering score of the table's move: above every other (killers just below it;
/// histories are `u32`, evaluations `i32`).
const FIRST: i64 = 1 << 40;

/// A move's sort key: one integer that sorts ascending as `score` descending, then as the
/// cell's index ascending (the order the moves are generated in, so that searches stay
/// reproducible); the move in its low 16 bits. Sorting pairs of a score and a move cost a
/// sixth of the search's time (16-byte elements shifted one at a time).
#[inline(always)]
fn sort_key(score: i64, mv: Move, cols: usize) -> u64 {
    let code = match mv {
        Move::Place(c) => c.index(cols) as u64 + 1,
        Move::Pass => 0,
    };
    debug_assert!(score.abs() <= FIRST && code <= 0xffff);
    ((FIRST - score) as u64) << 16 | code
}

/// The move of a key made by [`sort_key`].
#[inline(always)]
pub(super) fn key_move(key: u64, cols: usize) -> Move {
    match key & 0xffff {
        0 => Move::Pass,
        code => Move::Place(Cell::from_index(code as usize - 1, cols)),
    }
}

pub(super) fn history_index(mv: Move, cols: usize) -> usize {
    match mv {
        Move::Place(c) => c.index(cols).min(255),
        Move::Pass => 256,
    }
}
