//! Known-answer positions: one position a self-play game, at a chosen number of empties, with
//! every legal move solved exactly. `boardplay test-positions` scores the engine on them.
//!
//! The games are played as the training games are ([`super::selfplay`]), but from their own
//! seed, so that none of them was trained on.

use rand::RngExt;

use super::parallel_map;
use super::selfplay::{Style, game_rng, play};
use crate::ai::solver::othello_endgame::exact_score;
use crate::core::othello::{Othello8, Size8};
use crate::core::{Bits, Cell, Move, Side};

/// Table size of the solves: enough for 30 empties without a big allocation each.
const TT_BITS: u32 = 20;

/// A position with the exact value of each of its legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Known {
    /// The position; the side to move is written as X.
    pub position: Othello8,
    /// Each legal move and its exact value in discs for the side to move.
    pub values: Vec<(Move, i32)>,
}

/// Positions from `count` self-play games seeded with `seed` and played in `style`, each with
/// between `empties.0` and `empties.1` empty cells (a game with none in that range gives
/// none), every legal move solved exactly on up to `threads` threads.
pub fn known_answers(
    seed: u64,
    count: u64,
    empties: (u32, u32),
    style: Style,
    threads: usize,
) -> Vec<Known> {
    let games: Vec<u64> = (0..count).collect();
    let picked: Vec<(u64, u64)> = games
        .iter()
        .filter_map(|&i| {
            let fitting: Vec<(u64, u64)> = play::<Size8>(seed, i, style)
                .into_iter()
                .filter(|&(p, o)| (empties.0..=empties.1).contains(&(64 - (p | o).count_ones())))
                .collect();
            if fitting.is_empty() {
                return None;
            }
            // A second stream of the game's generator picks the position.
            let mut rng = game_rng(seed ^ 0x6b6e_6f77_6e00, i);
            Some(fitting[rng.random_range(0..fitting.len())])
        })
        .collect();
    parallel_map(&picked, threads, |&(p, o)| {
        let position = Othello8::from_bits(p, o, Side::First);
        let values = position
            .moves_bits()
            .iter()
            .map(|sq| {
                let mv = Move::Place(Cell::from_index(sq, 8));
                (mv, -exact_score(&position.play_index(sq), TT_BITS))
            })
            .collect();
        Known { position, values }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::solver::othello_endgame::solve_plain;
    use crate::core::Position;

    #[test]
    fn every_legal_move_gets_its_exact_value() {
        let known = known_answers(99, 6, (10, 12), Style::default(), 2);
        assert!(known.len() >= 4, "most games pass through 10-12 empties");
        for k in &known {
            let empties = k.position.empties().count();
            assert!((10..=12).contains(&empties));
            assert_eq!(k.values.len(), k.position.legal_moves().count());
            // The best move's value is the position's exact score, by the plain reference
            // solver (not the solver under test).
            let best = k.values.iter().map(|&(_, v)| v).max().unwrap();
            assert_eq!(best, solve_plain(&k.position, -65, 65));
        }
        assert_eq!(
            known,
            known_answers(99, 6, (10, 12), Style::default(), 1),
            "the same for any threads"
        );
    }
}
