//! What a learned pattern evaluation of one board size offers its training and its weight
//! file: the layout of its weights (phases, weights a phase), the features of a position (the
//! weights it sums) and its score. [`PatternEval`](super::pattern::PatternEval) is the 8x8 one,
//! [`WideEval`](super::pattern12::WideEval) the 12x12 one.

use crate::core::othello::{Othello, Size};

/// The weights do not fit the layout: how many there were and how many were expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{got} weights, expected {expected}")]
pub struct WrongLength {
    /// Weights given.
    pub got: usize,
    /// Weights the layout has.
    pub expected: usize,
}

/// A pattern evaluation: a sum of weights, one a feature, from the weight set of the
/// position's phase (its number of empties, [`Learned::EMPTIES_PER_PHASE`] a phase).
pub trait Learned: Sized + Send + Sync {
    /// The board size it scores.
    type S: Size;
    /// Weight sets.
    const PHASES: usize;
    /// Empties a phase: phase `k` holds positions of `k * E + 1 ..= (k + 1) * E` empties (the
    /// last phase also every position with more).
    const EMPTIES_PER_PHASE: u32;
    /// Weights a phase.
    const PHASE_LEN: usize;

    /// The weight set of a position with `empties` empty cells.
    fn phase(empties: u32) -> usize {
        ((empties.max(1) - 1) / Self::EMPTIES_PER_PHASE).min(Self::PHASES as u32 - 1) as usize
    }

    /// The features of `pos`, as indices into its phase's weights, already mapped to the
    /// weights they share under the board's symmetries.
    fn features(pos: &Othello<Self::S>) -> Vec<u32>;

    /// The evaluation of `PHASES * PHASE_LEN` weights (hundredths of a disc), phase by phase;
    /// weights that symmetry ties together take one value.
    fn from_weights(weights: Vec<i16>) -> Result<Self, WrongLength>;

    /// The weights, phase by phase, as the evaluation uses them (shared ones made equal).
    fn weights(&self) -> &[i16];

    /// The score of `pos` for the side to move, in hundredths of a disc: the sum of its
    /// features' weights.
    fn score(&self, pos: &Othello<Self::S>) -> i32;
}
