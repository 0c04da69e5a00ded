//! The weight files of the pattern evaluations, and the weights shipped in the binary.
//!
//! Format: the magic `BPW1`, the number of phases and the weights a phase (two little-endian
//! `u32`), then the weights as little-endian `i16`, where a run of zeros (weights that no
//! training position touched) is written as `i16::MIN` followed by the run's length (`u16`).
//! `i16::MIN` itself is never a weight: weights are clamped to `-i16::MAX..=i16::MAX`.

use std::sync::OnceLock;

use super::learned::Learned;
use super::pattern::PatternEval;
use super::pattern12::WideEval;

const MAGIC: &[u8; 4] = b"BPW1";
const RUN: i16 = i16::MIN;

/// The 8x8 weights trained by `boardplay train` (see docs/ai.md), built into the binary.
const SHIPPED_8: &[u8] = include_bytes!("../../../weights/othello-8x8.bpw");
/// The 12x12 weights trained by `boardplay train --size 12`.
const SHIPPED_12: &[u8] = include_bytes!("../../../weights/othello-12x12.bpw");

/// Why a weight file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// It does not start with the magic bytes.
    #[error("not a weight file (no BPW1 magic)")]
    NotAWeightFile,
    /// It ends in the middle of the weights.
    #[error("the weight file is truncated")]
    Truncated,
    /// Its layout (phases, weights a phase) is not the evaluation's.
    #[error(
        "the weight file has {phases} phases of {per_phase} weights, expected {} of {}",
        expected.0,
        expected.1
    )]
    WrongLayout {
        /// Phases in the file.
        phases: u32,
        /// Weights a phase in the file.
        per_phase: u32,
        /// Phases and weights a phase of the evaluation.
        expected: (usize, usize),
    },
    /// Bytes follow the last weight.
    #[error("bytes after the last weight")]
    TrailingBytes,
}

/// The file's bytes for `weights` of evaluation `L` (`L::PHASES * L::PHASE_LEN` of them,
/// phase by phase).
pub fn encode<L: Learned>(weights: &[i16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + weights.len() / 4);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(L::PHASES as u32).to_le_bytes());
    out.extend_from_slice(&(L::PHASE_LEN as u32).to_le_bytes());
    let mut i = 0;
    while i < weights.len() {
        if weights[i] == 0 {
            let run = weights[i..]
                .iter()
                .take(usize::from(u16::MAX))
                .take_while(|&&w| w == 0)
                .count();
            out.extend_from_slice(&RUN.to_le_bytes());
            out.extend_from_slice(&(run as u16).to_le_bytes());
            i += run;
        } else {
            out.extend_from_slice(&weights[i].max(-i16::MAX).to_le_bytes());
            i += 1;
        }
    }
    out
}

/// The weights in `bytes`, checked against the layout of evaluation `L`.
pub fn decode<L: Learned>(bytes: &[u8]) -> Result<Vec<i16>, WeightsError> {
    let rest = bytes
        .strip_prefix(MAGIC)
        .ok_or(WeightsError::NotAWeightFile)?;
    let word = |at: usize| -> Result<u32, WeightsError> {
        let b = rest.get(at..at + 4).ok_or(WeightsError::Truncated)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let (phases, per_phase) = (word(0)?, word(4)?);
    if phases as usize != L::PHASES || per_phase as usize != L::PHASE_LEN {
        return Err(WeightsError::WrongLayout {
            phases,
            per_phase,
            expected: (L::PHASES, L::PHASE_LEN),
        });
    }
    let want = L::PHASES * L::PHASE_LEN;
    // Zeros first (fresh zeroed memory costs nothing to make), then the values between the
    // runs: the file is mostly runs of zeros.
    let mut weights = vec![0i16; want];
    let body = &rest[8..];
    let pair = |at: usize| -> Option<i16> {
        body.get(at..at + 2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
    };
    let (mut at, mut filled) = (0, 0);
    while filled < want {
        let v = pair(at).ok_or(WeightsError::Truncated)?;
        at += 2;
        if v == RUN {
            let run = pair(at).ok_or(WeightsError::Truncated)? as u16 as usize;
            at += 2;
            if filled + run > want {
                return Err(WeightsError::TrailingBytes);
            }
            filled += run;
        } else {
            weights[filled] = v;
            filled += 1;
        }
    }
    if at < body.len() {
        return Err(WeightsError::TrailingBytes);
    }
    Ok(weights)
}

fn load<L: Learned>(bytes: &[u8]) -> L {
    // A test reads the same bytes, so a bad file fails the tests, not the program.
    let weights = decode::<L>(bytes).expect("the shipped weights are checked by the tests");
    L::from_weights(weights).expect("decode checked the layout")
}

/// The shipped 8x8 evaluation, decoded on first use.
pub fn shipped() -> &'static PatternEval {
    static EVAL: OnceLock<PatternEval> = OnceLock::new();
    EVAL.get_or_init(|| {
        let weights =
            decode::<PatternEval>(SHIPPED_8).expect("the shipped weights are checked by the tests");
        PatternEval::from_symmetric(weights).expect("decode checked the layout")
    })
}

/// The shipped 12x12 evaluation, decoded on first use.
pub fn shipped_12() -> &'static WideEval {
    static EVAL: OnceLock<WideEval> = OnceLock::new();
    EVAL.get_or_init(|| load(SHIPPED_12))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::pattern::{PHASE_LEN, PHASES};
    use crate::core::othello::{Othello, Size12};

    #[test]
    fn the_shipped_weights_load() {
        let weights = decode::<PatternEval>(SHIPPED_8).unwrap();
        assert_eq!(weights.len(), PHASES * PHASE_LEN);
        assert_eq!(shipped().weights().len(), weights.len());
        let weights = decode::<WideEval>(SHIPPED_12).unwrap();
        assert_eq!(weights.len(), WideEval::PHASES * WideEval::PHASE_LEN);
        assert_eq!(shipped_12().weights().len(), weights.len());
        // Trained, not empty: every phase has weights, and the 12x12 start is valued within
        // a small part of the board's 144 discs. Not at even: in self-play of the learned
        // evaluation 4 plies deep from the start, the second player won 56 and 60 of 100
        // games (the weights of 2026-11-29 and those before; docs/ai.md), and the shipped
        // weights say -6.0 for the side to move.
        for phase in weights.chunks(WideEval::PHASE_LEN) {
            assert!(phase.iter().filter(|&&w| w != 0).count() > 1000);
        }
        let start = shipped_12().evaluate(&Othello::<Size12>::start());
        assert!(start.abs() < 1200, "{start}");
    }

    #[test]
    fn the_shipped_8x8_weights_are_already_symmetric() {
        // `shipped` skips the symmetry pass of `PatternEval::new`, which must change nothing.
        // `BOARDPLAY_WRITE_WEIGHTS=1` writes the file again with the shared weights made
        // equal (what `PatternEval::new` would use), for a file written before training did.
        let weights = decode::<PatternEval>(SHIPPED_8).unwrap();
        let symmetric = PatternEval::new(weights.clone())
            .unwrap()
            .weights()
            .to_vec();
        if std::env::var_os("BOARDPLAY_WRITE_WEIGHTS").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/weights/othello-8x8.bpw");
            std::fs::write(path, encode::<PatternEval>(&symmetric)).unwrap();
            return;
        }
        assert!(
            symmetric == weights,
            "run once with BOARDPLAY_WRITE_WEIGHTS=1"
        );
        assert_eq!(shipped().weights(), &weights[..]);
    }

    #[test]
    fn weights_survive_a_round_trip() {
        let mut weights = vec![0i16; PHASES * PHASE_LEN];
        for (i, w) in weights.iter_mut().enumerate().step_by(7).take(150) {
            *w = (i % 2001) as i16 - 1000;
        }
        weights[3] = i16::MAX;
        // More zeros in a row than one run holds.
        weights[100_000] = 5;
        assert_eq!(
            decode::<PatternEval>(&encode::<PatternEval>(&weights)),
            Ok(weights)
        );
    }

    #[test]
    fn bad_files_are_errors() {
        let good = encode::<PatternEval>(&vec![1; PHASES * PHASE_LEN]);
        assert_eq!(
            decode::<PatternEval>(b"nope"),
            Err(WeightsError::NotAWeightFile)
        );
        assert_eq!(
            decode::<PatternEval>(&good[..good.len() - 1]),
            Err(WeightsError::Truncated)
        );
        let mut long = good.clone();
        long.extend_from_slice(&[0, 0]);
        assert_eq!(
            decode::<PatternEval>(&long),
            Err(WeightsError::TrailingBytes)
        );
        // An 8x8 file is not a 12x12 one.
        assert!(matches!(
            decode::<WideEval>(&good),
            Err(WeightsError::WrongLayout { phases: 15, .. })
        ));
        let mut other = good;
        other[4] = 3;
        assert!(matches!(
            decode::<PatternEval>(&other),
            Err(WeightsError::WrongLayout { phases: 3, .. })
        ));
    }
}
