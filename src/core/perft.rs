//! Perft for any game: counts the leaves of the game tree to a fixed depth.
//!
//! A finished game reached before the full depth counts once, and a forced pass uses a ply
//! (the convention of the published Othello tables). Othello also has a faster counter on its
//! bitboards, [`Othello::perft`](super::othello::Othello::perft); tests check that both agree.

use super::Position;

/// Leaves of the game tree below `pos`, `depth` plies deep.
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let count = pos.move_count() as u64;
    if count == 0 {
        return 1;
    }
    if depth == 1 {
        return count;
    }
    pos.legal_moves()
        .map(|mv| perft(&pos.play_unchecked(mv), depth - 1))
        .sum()
}
