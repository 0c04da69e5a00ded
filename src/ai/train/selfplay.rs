//! Self-play games for training: a random opening of varied length, then a quick player to
//! the end, with some random moves: the best move by the hand-written evaluation one ply
//! deep, or (`Style::search_plies`) a short search with the learned evaluation, whose games
//! look more like those of strong players. Each game depends only on the seed and its
//! number, so any thread may play it.

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use crate::ai::alphabeta::AlphaBeta;
use crate::ai::eval::othello::evaluate;
use crate::core::othello::{Othello, Size, Size8};
use crate::core::{Bits, Move};

/// A position as the side to move's discs and the opponent's (8x8 unless said).
pub type Discs<S = Size8> = (<S as Size>::Bits, <S as Size>::Bits);

/// The random generator of game `index` of a run seeded with `seed`.
pub fn game_rng(seed: u64, index: u64) -> SmallRng {
    // SplitMix64's finaliser spreads neighbouring indices over the whole seed space.
    let mut z = seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    SmallRng::seed_from_u64(z ^ (z >> 31))
}

/// How the games are played.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Fewest and most random moves that open a game.
    pub opening: (u32, u32),
    /// Chance, in percent, that a later move is random too.
    pub random_percent: u32,
    /// Plies of the learned evaluation's search that picks the other moves; 0: the
    /// hand-written evaluation's best move one ply deep.
    pub search_plies: u32,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            opening: (2, 16),
            random_percent: 10,
            search_plies: 0,
        }
    }
}

/// Plays game `index` and returns every position in it where the side to move has a move.
pub fn play<S: Size>(seed: u64, index: u64, style: Style) -> Vec<Discs<S>> {
    let mut rng = game_rng(seed, index);
    let opening = rng.random_range(style.opening.0..=style.opening.1);
    let mut pos = Othello::<S>::start();
    let mut out = Vec::with_capacity(S::N * S::N);
    let mut ply = 0;
    // A small table: a game's searches are a few plies deep.
    let mut engine = (style.search_plies > 0).then(|| AlphaBeta::new(12).with_learned_eval(true));
    loop {
        let moves = pos.moves_bits();
        if moves.is_zero() {
            if pos.opponent_moves_bits().is_zero() {
                return out;
            }
            pos = pos.pass();
            continue;
        }
        out.push((pos.player(), pos.opponent()));
        let cells: Vec<usize> = moves.iter().collect();
        let random = ply < opening || rng.random_range(0..100) < style.random_percent;
        let sq = if random {
            cells[rng.random_range(0..cells.len())]
        } else if let Some(engine) = engine.as_mut() {
            match engine.search_depth(&pos, style.search_plies).1 {
                Some(Move::Place(cell)) => cell.index(S::N),
                _ => cells[0],
            }
        } else {
            // The move after which the opponent's position looks worst.
            *cells
                .iter()
                .min_by_key(|&&sq| {
                    let child = pos.play_index(sq);
                    if child.moves_bits().is_zero() && child.opponent_moves_bits().is_zero() {
                        -child.final_score() * 10_000
                    } else {
                        evaluate(&child)
                    }
                })
                .unwrap_or(&cells[0])
        };
        pos = pos.play_index(sq);
        ply += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::othello::{Othello8, Size12};

    #[test]
    fn games_are_reproducible_and_varied() {
        let style = Style::default();
        let play = play::<Size8>;
        assert_eq!(play(1, 5, style), play(1, 5, style));
        assert_ne!(play(1, 5, style), play(1, 6, style));
        assert_ne!(play(1, 5, style), play(2, 5, style));
        let game = play(1, 5, style);
        // Every position holds the discs of a real game: four at the start, one more a move.
        assert_eq!(
            game[0],
            (Othello8::start().player(), Othello8::start().opponent())
        );
        for (p, o) in &game {
            assert_eq!(p & o, 0);
        }
        assert!(game.len() > 40, "{}", game.len());
        // 12x12 games too, to near their end.
        let game = super::play::<Size12>(1, 5, style);
        assert_eq!(game[0].0, Othello::<Size12>::start().player());
        assert!(game.len() > 120, "{}", game.len());
    }

    #[test]
    fn searched_games_follow_the_search_and_are_reproducible() {
        let searched = Style {
            random_percent: 0,
            search_plies: 2,
            ..Style::default()
        };
        let game = play::<Size8>(1, 5, searched);
        assert_eq!(game, play::<Size8>(1, 5, searched));
        // Same opening as the hand-written player's game, then other moves.
        let quick = play::<Size8>(
            1,
            5,
            Style {
                random_percent: 0,
                ..Style::default()
            },
        );
        assert_ne!(game, quick);
        // After the opening, each move is a 2-ply search's choice (replayed here).
        let opening = game_rng(1, 5).random_range(2..=16u32) as usize;
        let mut engine = AlphaBeta::new(12).with_learned_eval(true);
        for w in game[opening..].windows(2).take(10) {
            let pos = Othello8::from_bits(w[0].0, w[0].1, crate::core::Side::First);
            let Some(Move::Place(cell)) = engine.search_depth(&pos, 2).1 else {
                panic!("a move")
            };
            let next = pos.play_index(cell.index(8));
            // The next position is the opponent's to move, or ours again after a pass.
            let got = (next.player(), next.opponent());
            assert!(
                got == w[1] || (next.opponent(), next.player()) == w[1],
                "{w:?}"
            );
        }
    }
}
