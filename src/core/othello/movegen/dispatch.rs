//! The run-time choice of instruction set: the fastest copy of the generator this CPU runs,
//! unless the program caps it ([`limit_instruction_set`]) to time or check a slower one.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use strum::VariantArray;

#[cfg(target_arch = "x86_64")]
use super::{Avx2, Avx512};
use super::{Portable, flips, mobility};
use crate::core::othello::Size;

/// The instruction sets the move generator and perft are compiled for, slowest first
/// (`VARIANTS` lists them in that order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, strum::VariantArray)]
pub enum InstructionSet {
    /// Plain Rust, for every CPU.
    Portable,
    /// x86-64-v3: AVX2, BMI1/2, LZCNT, POPCNT.
    Avx2,
    /// x86-64-v3 with AVX-512 VL, CD, VBMI2 and VPOPCNTDQ.
    Avx512,
}

impl InstructionSet {
    /// The name [`FromStr`] reads: `portable`, `avx2` or `avx512`.
    pub fn name(self) -> &'static str {
        match self {
            InstructionSet::Portable => "portable",
            InstructionSet::Avx2 => "avx2",
            InstructionSet::Avx512 => "avx512",
        }
    }
}

impl fmt::Display for InstructionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an [`InstructionSet`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an instruction set (use portable, avx2 or avx512)")]
pub struct UnknownInstructionSet(pub String);

impl FromStr for InstructionSet {
    type Err = UnknownInstructionSet;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        InstructionSet::VARIANTS
            .iter()
            .copied()
            .find(|set| set.name() == s)
            .ok_or_else(|| UnknownInstructionSet(s.to_string()))
    }
}

/// The AVX2 token if this CPU has every instruction of the x86-64-v3 copies.
#[cfg(target_arch = "x86_64")]
pub(crate) fn x86_64_v3() -> Option<Avx2> {
    let rest = std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2");
    Avx2::detect().filter(|_| rest)
}

/// The AVX-512 token if this CPU has every instruction of the fastest copies.
#[cfg(target_arch = "x86_64")]
pub(crate) fn x86_64_v4() -> Option<Avx512> {
    x86_64_v3().and(Avx512::detect())
}

/// The copy of the generator in use, with its token.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Fastest {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512),
}

impl Fastest {
    /// The fastest copy this CPU runs at or below `max`.
    pub(crate) fn at_most(max: InstructionSet) -> Fastest {
        #[cfg(target_arch = "x86_64")]
        if max >= InstructionSet::Avx512
            && let Some(avx512) = x86_64_v4()
        {
            return Fastest::Avx512(avx512);
        }
        #[cfg(target_arch = "x86_64")]
        if max >= InstructionSet::Avx2
            && let Some(avx2) = x86_64_v3()
        {
            return Fastest::Avx2(avx2);
        }
        let _ = max;
        Fastest::Portable
    }

    /// True for a copy compiled for x86-64-v3 or above (POPCNT, LZCNT, BMI1, BMI2, AVX2):
    /// the AVX-512 copy runs only where the AVX2 one does too.
    pub(crate) fn is_x86_64_v3(self) -> bool {
        !matches!(self, Fastest::Portable)
    }

    fn set(self) -> InstructionSet {
        match self {
            Fastest::Portable => InstructionSet::Portable,
            #[cfg(target_arch = "x86_64")]
            Fastest::Avx2(_) => InstructionSet::Avx2,
            #[cfg(target_arch = "x86_64")]
            Fastest::Avx512(_) => InstructionSet::Avx512,
        }
    }
}

/// The copy in use, chosen once per process.
static CHOSEN: OnceLock<Fastest> = OnceLock::new();

/// The copy of the generator in use: the fastest this CPU runs, within the cap of
/// [`limit_instruction_set`].
#[inline]
pub(crate) fn fastest() -> Fastest {
    *CHOSEN.get_or_init(|| Fastest::at_most(InstructionSet::Avx512))
}

/// True if the copy in use runs x86-64-v3 instructions (see [`Fastest::is_x86_64_v3`]): the
/// one CPU check, within the cap of [`limit_instruction_set`], for code with copies of its
/// own for those instructions (the endgame solver's search).
#[inline]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn runs_x86_64_v3() -> bool {
    fastest().is_x86_64_v3()
}

/// Caps the instruction set of the Othello move generator and perft at `max`, so that one
/// machine can time or check the slower copies; returns the set in use, the fastest this CPU
/// runs within the cap. The choice is made once per process, by the first call of this
/// function or the first move generated, whichever comes first: a program calls it at its
/// start, and a later call changes nothing.
pub fn limit_instruction_set(max: InstructionSet) -> InstructionSet {
    CHOSEN.get_or_init(|| Fastest::at_most(max)).set()
}

/// Defines `$name`, which runs `$generic` with the copy in use: the move generator of the
/// public methods, on boards of several words, where the vector code is worth a call that
/// cannot be inlined.
macro_rules! dispatched {
    ($(#[$doc:meta])* $name:ident, $generic:ident, ($($arg:ident: $ty:ty),*)) => {
        $(#[$doc])*
        pub(crate) fn $name<S: Size>($($arg: $ty),*) -> S::Bits {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
                fn v3<S: Size>(isa: Avx2, $($arg: $ty),*) -> S::Bits {
                    $generic::<S, Avx2>(isa, $($arg),*)
                }
                #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512vl,avx512cd,avx512vbmi2,avx512vpopcntdq")]
                fn v4<S: Size>(isa: Avx512, $($arg: $ty),*) -> S::Bits {
                    $generic::<S, Avx512>(isa, $($arg),*)
                }
                match fastest() {
                    // SAFETY: the token exists only if the CPU has every feature of `v4`.
                    Fastest::Avx512(isa) => return unsafe { v4::<S>(isa, $($arg),*) },
                    // SAFETY: as above, for `v3`.
                    Fastest::Avx2(isa) => return unsafe { v3::<S>(isa, $($arg),*) },
                    Fastest::Portable => {}
                }
            }
            $generic::<S, Portable>(Portable, $($arg),*)
        }
    };
}

dispatched!(
    /// The legal placements for the side owning `p` against `o`.
    mobility_dispatched,
    mobility,
    (p: S::Bits, o: S::Bits)
);
dispatched!(
    /// The discs of `o` flipped when the owner of `p` plays on the empty cell `sq`.
    flips_dispatched,
    flips,
    (p: S::Bits, o: S::Bits, sq: usize)
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instruction_sets_read_their_names_and_nothing_else() {
        for &set in InstructionSet::VARIANTS {
            assert_eq!(set.name().parse(), Ok(set));
        }
        assert_eq!(
            "AVX2".parse::<InstructionSet>(),
            Err(UnknownInstructionSet("AVX2".into()))
        );
        assert_eq!(
            "sse".parse::<InstructionSet>().unwrap_err().to_string(),
            "'sse' is not an instruction set (use portable, avx2 or avx512)"
        );
    }

    #[test]
    fn only_the_copies_above_portable_run_x86_64_v3() {
        assert!(!Fastest::at_most(InstructionSet::Portable).is_x86_64_v3());
        #[cfg(target_arch = "x86_64")]
        for max in [InstructionSet::Avx2, InstructionSet::Avx512] {
            assert_eq!(
                Fastest::at_most(max).is_x86_64_v3(),
                x86_64_v3().is_some(),
                "{max}"
            );
        }
    }

    #[test]
    fn a_cap_never_picks_a_faster_copy() {
        for &max in InstructionSet::VARIANTS {
            assert!(Fastest::at_most(max).set() <= max);
        }
        assert_eq!(
            Fastest::at_most(InstructionSet::Portable).set(),
            InstructionSet::Portable
        );
    }
}
