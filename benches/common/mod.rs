//! What the benchmarks share: the same random legal games for every run.

use boardplay::core::othello::Othello8;
use boardplay::core::{Move, Position};

/// `n` random legal 8x8 games, passes included, the same for every run.
pub fn random_games(n: usize) -> Vec<Vec<Move>> {
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = move |below: usize| {
        // xorshift64*: enough to pick moves.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % below
    };
    (0..n)
        .map(|_| {
            let mut pos = Othello8::start();
            let mut moves = Vec::new();
            loop {
                let legal: Vec<Move> = pos.legal_moves().collect();
                if legal.is_empty() {
                    break moves;
                }
                let mv = legal[next(legal.len())];
                pos = pos.play_unchecked(mv);
                moves.push(mv);
            }
        })
        .collect()
}
