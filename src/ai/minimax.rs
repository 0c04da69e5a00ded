//! Plain minimax, as the textbook teaches it: the first player maximises, the second
//! minimises, every move is searched to the depth limit, nothing is pruned or remembered.
//! It is slow on purpose: it is a player, and the reference the fast searches are tested
//! against.

use std::time::Instant;

use super::game::{Game, PROVEN};
use super::trace::{NoObserver, Observer};
use super::{Budget, Context, EngineError, Player, Progress, Work};
use crate::core::{Move, Side};

/// The minimax value of `pos` searched `depth` plies deep, from the first player's point of
/// view. `nodes` counts the positions visited.
pub fn minimax_first<G: Game>(pos: &G, depth: u32, nodes: &mut u64) -> i32 {
    minimax_first_with(pos, depth, nodes, &mut NoObserver)
}

/// [`minimax_first`] telling `obs` of every node (see [`trace`](super::trace)): entered with
/// no window, left with its value from the side to move's point of view.
#[inline(always)]
pub fn minimax_first_with<G: Game, O: Observer<G>>(
    pos: &G,
    depth: u32,
    nodes: &mut u64,
    obs: &mut O,
) -> i32 {
    obs.enter(pos, depth, None);
    let v = minimax_node(pos, depth, nodes, obs);
    obs.leave(match pos.side_to_move() {
        Side::First => v,
        Side::Second => -v,
    });
    v
}

fn minimax_node<G: Game, O: Observer<G>>(pos: &G, depth: u32, nodes: &mut u64, obs: &mut O) -> i32 {
    *nodes += 1;
    let from_first = |score: i32| match pos.side_to_move() {
        Side::First => score,
        Side::Second => -score,
    };
    if pos.outcome().is_over() {
        return from_first(pos.terminal_score());
    }
    if depth == 0 {
        return from_first(pos.evaluate());
    }
    let values = pos
        .legal_moves()
        .map(|mv| minimax_first_with(&pos.play_unchecked(mv), depth - 1, nodes, obs));
    match pos.side_to_move() {
        Side::First => values.max(),
        Side::Second => values.min(),
    }
    .unwrap_or(0)
}

/// The minimax value of `pos` searched `depth` plies deep, from the side to move's point of
/// view (the convention of the other searches).
pub fn minimax<G: Game>(pos: &G, depth: u32) -> i32 {
    let mut nodes = 0;
    let v = minimax_first(pos, depth, &mut nodes);
    match pos.side_to_move() {
        Side::First => v,
        Side::Second => -v,
    }
}

/// The minimax player: searches every move to a fixed depth and plays the best (the first
/// in cell order among equals).
#[derive(Clone, Debug)]
pub struct MinimaxPlayer {
    depth: u32,
}

impl MinimaxPlayer {
    /// A player searching `depth` plies.
    pub fn new(depth: u32) -> MinimaxPlayer {
        MinimaxPlayer {
            depth: depth.max(1),
        }
    }

    /// A player for a budget: the depth of a [`Budget::Depth`], else 3 plies.
    pub fn with_budget(budget: Budget) -> MinimaxPlayer {
        match budget {
            Budget::Depth(d) => MinimaxPlayer::new(d),
            _ => MinimaxPlayer::new(3),
        }
    }
}

impl<G: Game> Player<G> for MinimaxPlayer {
    fn name(&self) -> String {
        format!("Minimax, depth {}", self.depth)
    }

    fn choose(&mut self, pos: &G, ctx: &mut Context<'_>) -> Result<Option<Move>, EngineError> {
        let start = Instant::now();
        let mut nodes = 0;
        let mut best: Option<(Move, i32)> = None;
        for mv in pos.legal_moves() {
            // Cancelling between root moves is prompt enough: each root move of a textbook
            // search is small at the depths it is given.
            if ctx.stop.is_stopped() && best.is_some() {
                break;
            }
            let child = pos.play_unchecked(mv);
            let v = minimax_first(&child, self.depth - 1, &mut nodes);
            let v = match pos.side_to_move() {
                Side::First => v,
                Side::Second => -v,
            };
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((mv, v));
                (ctx.report)(&Progress {
                    work: Work::Depth(self.depth),
                    best: Some(mv),
                    score: Some(G::display_score(v)),
                    exact: v.abs() >= PROVEN,
                    nodes,
                    elapsed: start.elapsed(),
                    pv: vec![mv],
                });
            }
        }
        Ok(best.map(|(mv, _)| mv))
    }
}
