//! Self-play games for training: a random opening of varied length, then a quick player
//! (the best move by the hand-written evaluation one ply deep, with some random moves) to the
//! end. Each game depends only on the seed and its number, so any thread may play it.

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use crate::ai::eval::othello::evaluate;
use crate::core::Bits;
use crate::core::othello::{Othello, Size, Size8};

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
}

impl Default for Style {
    fn default() -> Self {
        Style {
            opening: (2, 16),
            random_percent: 10,
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
}
