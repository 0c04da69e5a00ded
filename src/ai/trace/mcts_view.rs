//! Monte Carlo tree search watched: the root's statistics, taken between batches of
//! iterations on the searching thread.

use std::time::{Duration, Instant};

use crate::ai::Stop;
use crate::ai::mcts::MctsPlayer;
use crate::core::{Move, Position};

/// One legal move of the root, as the search sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsMoveStats {
    /// The move.
    pub mv: Move,
    /// Iterations that went through it.
    pub visits: u32,
    /// Its mean reward for the side to move at the root, 0 to 1 (a draw counts half), or
    /// `None` before its first visit.
    pub win_rate: Option<f64>,
}

/// The root of a running Monte Carlo search.
///
/// The invariant: every iteration passes through the root and, unless the root's game is
/// over, through exactly one of its children (the first iterations each expand a new one),
/// so the children's `visits` sum to `root_visits`, which is `iterations` for a fresh tree
/// ([`watch_mcts`] on a new player) plus the visits kept from earlier moves otherwise. (The
/// exception: a tree grown to its limit of two million nodes with root moves still
/// unexpanded, which no budget a view offers reaches.)
#[derive(Clone, Debug, PartialEq)]
pub struct MctsSnapshot {
    /// Iterations run by this search so far.
    pub iterations: u64,
    /// The root's visits (this search's iterations and any kept from earlier moves).
    pub root_visits: u32,
    /// Every legal move of the root, in the position's move order; moves not yet expanded
    /// have no visits.
    pub moves: Vec<MctsMoveStats>,
    /// The deepest node below the root, in plies.
    pub tree_depth: u32,
    /// The move it would play now: the most visited (the player's choice, ties broken as
    /// it breaks them), which is how the player chooses, since visits are where UCT has spent its
    /// effort, and they are steadier than any move's win rate.
    pub best: Option<Move>,
    /// Time since the search started.
    pub elapsed: Duration,
}

impl MctsSnapshot {
    fn of<P: Position>(player: &MctsPlayer<P>, pos: &P, iterations: u64, start: Instant) -> Self {
        let (root_visits, children, tree_depth) = player.root_stats();
        let moves: Vec<MctsMoveStats> = pos
            .legal_moves()
            .map(|mv| {
                let found = children.iter().find(|c| c.0 == mv);
                MctsMoveStats {
                    mv,
                    visits: found.map_or(0, |c| c.1),
                    win_rate: found.filter(|c| c.1 > 0).map(|c| c.2 / f64::from(c.1)),
                }
            })
            .collect();
        let best = player.best_move();
        MctsSnapshot {
            iterations,
            root_visits,
            moves,
            tree_depth,
            best,
            elapsed: start.elapsed(),
        }
    }
}

/// Runs `player` on `pos` for `iterations` iterations (or until `stop`), calling `on` with a
/// snapshot of the root every `every` iterations (at least 1) and once at the end, whose
/// snapshot it returns. The same search as the player's move (it keeps a subtree of its
/// last root that matches `pos`): a view runs this on a worker and paints each snapshot.
pub fn watch_mcts<P: Position>(
    player: &mut MctsPlayer<P>,
    pos: &P,
    iterations: u64,
    every: u64,
    stop: &Stop,
    on: &mut dyn FnMut(&MctsSnapshot),
) -> MctsSnapshot {
    let start = Instant::now();
    let every = every.max(1);
    player.start_at(pos);
    let mut done = 0;
    if !pos.outcome().is_over() {
        while done < iterations && !(done.is_multiple_of(16) && stop.is_stopped()) {
            player.iterate_once();
            done += 1;
            if done.is_multiple_of(every) && done < iterations {
                on(&MctsSnapshot::of(player, pos, done, start));
            }
        }
    }
    let last = MctsSnapshot::of(player, pos, done, start);
    on(&last);
    last
}
