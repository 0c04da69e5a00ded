//! The weight files of the pattern evaluations, and the weights shipped in the binary.
//!
//! Formats: the magic `BPW1` or `BPW2`, the number of phases and the weights a phase (two
//! little-endian `u32`), then the weights as little-endian `i16`. In `BPW1` a run of zeros
//! (weights that no training position touched) is written as `i16::MIN` followed by the run's
//! length (`u16`); `i16::MIN` itself is never a weight: weights are clamped to
//! `-i16::MAX..=i16::MAX`. `BPW2` holds every weight as it is, so that the program can use the
//! 8x8 weights built into it where they lie, without decoding them: a process that plays one
//! move (as the match tools run Expert) then starts in a few milliseconds less.

use std::borrow::Cow;
use std::sync::OnceLock;

use super::learned::Learned;
use super::pattern::PatternEval;
use super::pattern12::WideEval;

const MAGIC: &[u8; 4] = b"BPW1";
/// The magic of the format without runs.
const MAGIC_RAW: &[u8; 4] = b"BPW2";
const RUN: i16 = i16::MIN;
/// The header's size: the magic and two `u32`.
const HEADER: usize = 12;

/// Bytes aligned to eight, so that a file built into the binary can be read as `i16` in place.
#[repr(C, align(8))]
struct Aligned<B: ?Sized>(B);

/// The 8x8 weights trained by `boardplay train` and refitted by `boardplay fit` (see
/// docs/ai.md), built into the binary, in the format without runs.
static SHIPPED_8: &Aligned<[u8]> = &Aligned(*include_bytes!("../../../weights/othello-8x8.bpw"));
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
    let mut out = header::<L>(MAGIC, 16 + weights.len() / 4);
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

/// The file's bytes for `weights` of evaluation `L` in the format without runs (`BPW2`).
pub fn encode_raw<L: Learned>(weights: &[i16]) -> Vec<u8> {
    let mut out = header::<L>(MAGIC_RAW, HEADER + 2 * weights.len());
    for &w in weights {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out
}

/// A file's header for evaluation `L` with `magic`, in a buffer of `capacity` bytes.
fn header<L: Learned>(magic: &[u8; 4], capacity: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(capacity);
    out.extend_from_slice(magic);
    out.extend_from_slice(&(L::PHASES as u32).to_le_bytes());
    out.extend_from_slice(&(L::PHASE_LEN as u32).to_le_bytes());
    out
}

/// The weights of a `BPW2` file of evaluation `L` where they lie in `bytes`, if they can be
/// read in place: the file is one [`decode`] reads, the weights are aligned for `i16`, the
/// machine is little-endian. `None` otherwise.
fn in_place<L: Learned>(bytes: &[u8]) -> Option<&[i16]> {
    let (body, true) = body::<L>(bytes).ok()? else {
        return None;
    };
    if !cfg!(target_endian = "little") {
        return None;
    }
    // SAFETY: every bit pattern of two bytes is an `i16`; `align_to` puts in the middle part
    // only what is aligned for `i16`, and the weights are used only if that is all of them.
    let (before, weights, after) = unsafe { body.align_to::<i16>() };
    (before.is_empty() && after.is_empty() && weights.len() == L::PHASES * L::PHASE_LEN)
        .then_some(weights)
}

/// The weights in `bytes` (either format), checked against the layout of evaluation `L`.
pub fn decode<L: Learned>(bytes: &[u8]) -> Result<Vec<i16>, WeightsError> {
    let (body, raw) = body::<L>(bytes)?;
    let want = L::PHASES * L::PHASE_LEN;
    if raw {
        if body.len() < 2 * want {
            return Err(WeightsError::Truncated);
        }
        if body.len() > 2 * want {
            return Err(WeightsError::TrailingBytes);
        }
        return Ok(body
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect());
    }
    decode_runs(body, want)
}

/// What follows the header of a file of evaluation `L`, and whether it is `BPW2` (no runs);
/// the header checked against `L`'s layout.
fn body<L: Learned>(bytes: &[u8]) -> Result<(&[u8], bool), WeightsError> {
    let (rest, raw) = match (bytes.strip_prefix(MAGIC), bytes.strip_prefix(MAGIC_RAW)) {
        (Some(rest), _) => (rest, false),
        (_, Some(rest)) => (rest, true),
        _ => return Err(WeightsError::NotAWeightFile),
    };
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
    Ok((&rest[8..], raw))
}

/// The `want` weights of a `BPW1` body.
fn decode_runs(body: &[u8], want: usize) -> Result<Vec<i16>, WeightsError> {
    // Zeros first (fresh zeroed memory costs nothing to make), then the values between the
    // runs: the file is mostly runs of zeros.
    let mut weights = vec![0i16; want];
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

/// The shipped 8x8 evaluation, on first use: its weights where the binary holds them (decoded
/// into memory only on a machine that cannot read them in place).
pub fn shipped() -> &'static PatternEval {
    static EVAL: OnceLock<PatternEval> = OnceLock::new();
    EVAL.get_or_init(|| {
        let weights = match in_place::<PatternEval>(&SHIPPED_8.0) {
            Some(weights) => Cow::Borrowed(weights),
            None => Cow::Owned(
                decode::<PatternEval>(&SHIPPED_8.0)
                    .expect("the shipped weights are checked by the tests"),
            ),
        };
        PatternEval::from_symmetric(weights).expect("the layout was checked")
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
        let weights = decode::<PatternEval>(&SHIPPED_8.0).unwrap();
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
        let weights = decode::<PatternEval>(&SHIPPED_8.0).unwrap();
        let symmetric = PatternEval::new(weights.clone())
            .unwrap()
            .weights()
            .to_vec();
        if std::env::var_os("BOARDPLAY_WRITE_WEIGHTS").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/weights/othello-8x8.bpw");
            std::fs::write(path, encode_raw::<PatternEval>(&symmetric)).unwrap();
            return;
        }
        assert!(
            symmetric == weights,
            "run once with BOARDPLAY_WRITE_WEIGHTS=1"
        );
        assert_eq!(shipped().weights(), &weights[..]);
    }

    #[test]
    fn the_shipped_8x8_weights_are_read_where_the_binary_holds_them() {
        // No copy on a little-endian machine: the evaluation's weights are the file's bytes.
        let file = &SHIPPED_8.0;
        assert!(
            file.starts_with(MAGIC_RAW),
            "the shipped file is read in place only without zero runs: run \
             the_shipped_8x8_weights_are_already_symmetric once with BOARDPLAY_WRITE_WEIGHTS=1"
        );
        let weights = shipped().weights();
        if cfg!(target_endian = "little") {
            assert_eq!(weights.as_ptr().cast::<u8>(), file[HEADER..].as_ptr());
        }
        assert_eq!(weights, &decode::<PatternEval>(file).unwrap()[..]);
    }

    #[test]
    fn both_formats_read_back_the_same_weights() {
        let mut weights = vec![0i16; PHASES * PHASE_LEN];
        for (i, w) in weights.iter_mut().enumerate().step_by(11).take(500) {
            *w = (i % 3001) as i16 - 1500;
        }
        let raw = encode_raw::<PatternEval>(&weights);
        assert_eq!(raw.len(), HEADER + 2 * weights.len());
        assert_eq!(decode::<PatternEval>(&raw), Ok(weights.clone()));
        assert_eq!(
            decode::<PatternEval>(&encode::<PatternEval>(&weights)),
            Ok(weights)
        );
        assert_eq!(
            decode::<PatternEval>(&raw[..raw.len() - 1]),
            Err(WeightsError::Truncated)
        );
        let mut long = raw.clone();
        long.push(0);
        assert_eq!(
            decode::<PatternEval>(&long),
            Err(WeightsError::TrailingBytes)
        );
        assert!(matches!(
            decode::<WideEval>(&raw),
            Err(WeightsError::WrongLayout { phases: 15, .. })
        ));
        // Read in place only where the layout is the evaluation's.
        assert!(in_place::<WideEval>(&raw).is_none());
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
