//! The random player: a uniformly random legal move.

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::{Context, EngineError, Player, Progress};
use crate::core::{Move, Position};

/// Plays a uniformly random legal move. Seeded, so games are reproducible.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: SmallRng,
}

impl RandomPlayer {
    /// A random player whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl<P: Position> Player<P> for RandomPlayer {
    fn name(&self) -> String {
        "Random".into()
    }

    fn choose(&mut self, pos: &P, ctx: &mut Context<'_>) -> Result<Option<Move>, EngineError> {
        let count = pos.move_count();
        let Some(mv) = (count > 0)
            .then(|| pos.legal_moves().nth(self.rng.random_range(0..count)))
            .flatten()
        else {
            return Ok(None);
        };
        (ctx.report)(&Progress {
            best: Some(mv),
            nodes: 1,
            ..Progress::default()
        });
        Ok(Some(mv))
    }
}
