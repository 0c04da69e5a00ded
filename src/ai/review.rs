//! Game review: after a game, how the evaluation went move by move, and where each side lost
//! the most.
//!
//! Every position of the game is analysed as [`analyse`] does it (every legal move valued,
//! exact within the solvers' reach, else by alpha-beta to a fixed depth). The value of the
//! move played is the position's value after it; the gap to the best move's value is what
//! the move lost. Both values come from one search of one position at one depth, so the loss
//! is never an artefact of comparing searches of different depths. Values are in the game's
//! chart units ([`Game::chart_value`]): discs for Othello, +1 / 0 / -1 for tic-tac-toe.

use super::Stop;
use super::analysis::analyse;
use super::game::Game;
use crate::core::{Move, Side};
use strum::VariantArray;

/// One move of the game as the review values it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The move played.
    pub mv: Move,
    /// The side that played it.
    pub side: Side,
    /// The value of the position after the move, from the first player's point of view
    /// (Black, X), in chart units.
    pub value: f32,
    /// How much worse the move was than the best one, for the side that played it, in chart
    /// units (0 for a best move).
    pub loss: f32,
    /// A best move, when the move played was not one.
    pub best: Option<Move>,
    /// True if both values are proven, so the loss is exact.
    pub exact: bool,
}

/// A review, as far as it has gone.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Review {
    /// The value of the starting position, from the first player's point of view.
    pub start: Option<f32>,
    /// One entry per move reviewed so far, in the order of the game.
    pub moves: Vec<MoveReview>,
    /// Moves in the game.
    pub total: usize,
    /// True once every move has been reviewed.
    pub done: bool,
}

impl Review {
    /// The moves where each side lost the most: for each side, up to `per_side` moves that
    /// lost at least `min_loss`, the biggest loss first. Returns indices into
    /// [`moves`](Review::moves), sorted by move number.
    pub fn biggest_losses(&self, per_side: usize, min_loss: f32) -> Vec<usize> {
        let mut marked = Vec::new();
        for &side in Side::VARIANTS {
            let mut theirs: Vec<usize> = (0..self.moves.len())
                .filter(|&i| self.moves[i].side == side && self.moves[i].loss >= min_loss)
                .collect();
            // The biggest loss first; among equal losses, the earlier move.
            theirs.sort_by(|&a, &b| self.moves[b].loss.total_cmp(&self.moves[a].loss));
            marked.extend(theirs.into_iter().take(per_side));
        }
        marked.sort_unstable();
        marked
    }

    /// The value after `ply` moves (0: the start), from the first player's point of view, if
    /// reviewed.
    pub fn value_after(&self, ply: usize) -> Option<f32> {
        match ply {
            0 => self.start,
            _ => self.moves.get(ply - 1).map(|m| m.value),
        }
    }
}

/// Reviews a game: `positions[i]` is the position after the first `i` of `moves`. Each
/// position is analysed to `depth` plies where it cannot be solved. `report` hears the review
/// after each move. Returns the finished review, or `None` if `stop` was raised or the
/// positions and moves do not fit together.
///
/// # Panics
///
/// If a position before the last of `positions` has no legal move: positions and moves
/// of one game, as the callers give them, never do.
pub fn review<G: Game>(
    positions: &[G],
    moves: &[Move],
    depth: u32,
    stop: &Stop,
    report: &mut dyn FnMut(&Review),
) -> Option<Review> {
    if positions.len() != moves.len() + 1 {
        return None;
    }
    let mut review = Review {
        total: moves.len(),
        done: moves.is_empty(),
        ..Review::default()
    };
    for (i, &mv) in moves.iter().enumerate() {
        let pos = &positions[i];
        let side = pos.side_to_move();
        let analysis = analyse(pos, depth, stop, &mut |_| {})?;
        let played = analysis.value(mv)?;
        let best = analysis
            .values
            .iter()
            .max_by_key(|v| v.score)
            .expect("a position with a move played has legal moves");
        // From the mover's point of view, in chart units.
        let (best_value, played_value) = (G::chart_value(best.score), G::chart_value(played.score));
        let first_view = |v: f32| if side == Side::First { v } else { -v };
        if i == 0 {
            review.start = Some(first_view(best_value));
        }
        review.moves.push(MoveReview {
            mv,
            side,
            value: first_view(played_value),
            loss: (best_value - played_value).max(0.0),
            best: (best.score > played.score).then_some(best.mv),
            exact: best.exact && played.exact,
        });
        review.done = i + 1 == moves.len();
        report(&review);
    }
    Some(review)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Position;
    use crate::core::notation::play_moves;
    use crate::core::othello::{Othello, Othello8, Size6};
    use crate::core::tictactoe::TicTacToe;

    fn positions<P: Position>(start: P, moves: &str) -> (Vec<P>, Vec<Move>) {
        let (played, _) = play_moves(&start, moves).unwrap();
        let mut all = vec![start];
        for &mv in &played {
            all.push(all.last().unwrap().play(mv).unwrap());
        }
        (all, played)
    }

    #[test]
    fn a_tic_tac_toe_blunder_is_found_and_the_best_move_named() {
        let start = TicTacToe::new(3, 3, 3).unwrap();
        // After X b2, O a1, X a3, X threatens c1 (a3-b2-c1); O's c3 does not block it.
        let (all, moves) = positions(start, "b2 a1 a3 c3");
        let r = review(&all, &moves, 9, &Stop::new(), &mut |_| {}).unwrap();
        assert!(r.done);
        assert_eq!(r.start, Some(0.0), "tic-tac-toe is a draw");
        let last = &r.moves[3];
        assert_eq!(last.side, Side::Second);
        assert_eq!(last.loss, 1.0, "a draw thrown into a loss");
        assert_eq!(last.value, 1.0, "X now wins");
        assert_eq!(last.best, Some("c1".parse().unwrap()));
        assert!(last.exact);
        assert_eq!(r.biggest_losses(3, 1.0), vec![3]);
        // Every other move kept the draw.
        for m in &r.moves[..3] {
            assert_eq!(m.loss, 0.0, "{m:?}");
            assert_eq!(m.best, None);
        }
    }

    #[test]
    fn exact_othello_values_agree_with_the_solver_move_by_move() {
        // The last moves of a game on 6x6 are within solving reach: the value after each
        // move must be the exact score of the position it leads to.
        let start = Othello::<Size6>::start();
        let mut pos = start;
        let mut line = Vec::new();
        // A deterministic game: always the first legal move.
        while !pos.outcome().is_over() {
            let mv = pos.legal_moves().next().unwrap();
            line.push(mv);
            pos = pos.play(mv).unwrap();
        }
        let text = crate::core::notation::format_moves(&line);
        let (all, moves) = positions(start, &text);
        let tail = all.len() - 9;
        let r = review(&all[tail..], &moves[tail..], 4, &Stop::new(), &mut |_| {}).unwrap();
        for (k, m) in r.moves.iter().enumerate() {
            let after = &all[tail + k + 1];
            let exact = if after.outcome().is_over() {
                after.final_score() as f32
            } else {
                let sol = after
                    .solve(
                        &mut super::super::Context::new(&Stop::new(), &mut |_| {}),
                        false,
                    )
                    .unwrap();
                <Othello<Size6> as Game>::chart_value(sol.score)
            };
            // `exact` is from the side to move after the move; `value` from Black's side.
            let black = if after.side_to_move() == Side::First {
                exact
            } else {
                -exact
            };
            assert!(m.exact);
            assert_eq!(m.value, black, "move {} ({})", tail + k + 1, m.mv);
            assert!(m.loss >= 0.0);
            assert_eq!(m.best.is_some(), m.loss > 0.0);
        }
    }

    #[test]
    fn a_stopped_review_gives_nothing_and_mismatched_input_is_refused() {
        let start = Othello8::start();
        let (all, moves) = positions(start, "f5d6c3d3c4");
        let stop = Stop::new();
        stop.stop();
        assert_eq!(review(&all, &moves, 4, &stop, &mut |_| {}), None);
        assert_eq!(
            review(&all, &moves[..2], 4, &Stop::new(), &mut |_| {}),
            None
        );
        let mut seen = 0;
        let r = review(&all, &moves, 2, &Stop::new(), &mut |r| {
            seen += 1;
            assert_eq!(r.moves.len(), seen);
        })
        .unwrap();
        assert_eq!(r.moves.len(), 5);
        assert_eq!(r.total, 5);
        assert!(r.done);
        assert!(r.moves.iter().all(|m| m.loss >= 0.0));
    }
}
