//! Heuristic evaluations: one file a game, and the learned pattern evaluations of Othello
//! (8x8 and 12x12: what they share, their patterns, the 8x8 board's symmetries, their weight
//! files).

pub mod learned;
pub mod othello;
pub mod pattern;
pub mod pattern12;
pub mod symmetry;
pub mod tictactoe;
pub mod weights;

use crate::core::othello::{Othello, Size};
use pattern::Indices;

/// The learned pattern evaluation on 8x8 (see [`pattern`]) and 12x12
/// ([`pattern12`]), the hand-written one on other sizes; in hundredths of a disc, for
/// the side to move.
#[inline]
pub fn evaluate_learned<S: Size>(pos: &Othello<S>) -> i32 {
    let v = if let Some((p, o)) = words8(pos) {
        weights::shipped().evaluate(p, o)
    } else if S::N == 12 {
        weights::shipped_12().evaluate(pos)
    } else {
        return othello::evaluate(pos);
    };
    v.clamp(-LIMIT, LIMIT)
}

/// [`evaluate_learned`] and the side to move's moves, which the 8x8 evaluation generates
/// anyway: one move generation where a caller wants both.
pub fn evaluate_learned_with_moves<S: Size>(pos: &Othello<S>) -> (i32, S::Bits) {
    if let Some((p, o)) = words8(pos) {
        let (v, moves) = weights::shipped().evaluate_with_moves(p, o);
        return (v.clamp(-LIMIT, LIMIT), S::from_words([moves, 0, 0, 0]));
    }
    (evaluate_learned(pos), pos.moves_bits())
}

/// The most a learned evaluation may say, in hundredths of a disc.
const LIMIT: i32 = 500_000;

/// The discs of the side to move and of the other side on an 8x8 board; `None` on other
/// sizes.
#[inline(always)]
pub fn words8<S: Size>(pos: &Othello<S>) -> Option<(u64, u64)> {
    (S::N == 8).then(|| (S::to_words(pos.player())[0], S::to_words(pos.opponent())[0]))
}

/// [`evaluate_learned`] with the position's pattern indices carried by a search (see
/// [`Indices`]; unused on sizes other than 8x8).
#[inline(always)]
pub fn evaluate_learned_carried<S: Size>(pos: &Othello<S>, idx: &Indices) -> i32 {
    match words8(pos) {
        Some((p, o)) => weights::shipped()
            .evaluate_indexed_moves(p, o, idx)
            .clamp(-LIMIT, LIMIT),
        None => evaluate_learned(pos),
    }
}

/// A search's leaf (see [`Game::leaf_value`](crate::ai::Game::leaf_value)): `None` if the game
/// is over, else the learned evaluation if `learned`, else the hand-written one. On 8x8 the
/// learned evaluation reads the pattern indices the search carried (`idx`), and its own move
/// generation also answers whether the game is over.
#[inline(always)]
pub fn leaf_value<S: Size>(pos: &Othello<S>, idx: &Indices, learned: bool) -> Option<i32> {
    if learned && let Some((p, o)) = words8(pos) {
        return weights::shipped()
            .evaluate_indexed_unless_over(p, o, idx)
            .map(|v| v.clamp(-LIMIT, LIMIT));
    }
    use crate::core::Bits;
    if pos.moves_bits().is_zero() && pos.opponent_moves_bits().is_zero() {
        return None;
    }
    Some(if learned {
        evaluate_learned(pos)
    } else {
        othello::evaluate(pos)
    })
}
