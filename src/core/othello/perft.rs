//! Othello perft straight on the bitboards, with bulk counting at the last ply.

#[cfg(test)]
use super::movegen::InstructionSet;
#[cfg(target_arch = "x86_64")]
use super::movegen::{Avx2, Avx512};
use super::movegen::{Fastest, Isa, Portable, fastest, flips, mobility, reply_count};
use super::{Othello, Size};
use crate::core::Bits;

/// Defines the recursive counter over the vector operations of `isa`; instantiated once for
/// any CPU and once with the extra instructions (popcnt, BMI, AVX2) picked at run time, since
/// a recursive function only gets them if it carries them itself.
macro_rules! perft_fn {
    ($name:ident $(, #[$attr:meta])*) => {
        $(#[$attr])*
        fn $name<S: Size, I: Isa>(isa: I, p: S::Bits, o: S::Bits, depth: u32) -> u64 {
            let moves = mobility::<S, I>(isa, p, o);
            if depth == 1 {
                // Each move is a leaf; with none, the pass or the finished game is one leaf.
                return u64::from(moves.count().max(1));
            }
            if moves.is_zero() {
                if mobility::<S, I>(isa, o, p).is_zero() {
                    return 1;
                }
                return $name::<S, I>(isa, o, p, depth - 1);
            }
            let mut total = 0;
            if depth == 2 {
                // The children's counts inline: a call per child costs as much as its count.
                for sq in moves.iter() {
                    total += u64::from(reply_count::<S, I>(isa, p, o, sq));
                }
                return total;
            }
            for sq in moves.iter() {
                let f = flips::<S, I>(isa, p, o, sq);
                total += $name::<S, I>(isa, o ^ f, p ^ f ^ S::Bits::bit(sq), depth - 1);
            }
            total
        }
    };
}

perft_fn!(perft_baseline);
#[cfg(target_arch = "x86_64")]
perft_fn!(perft_x86_64_v3, #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]);
#[cfg(target_arch = "x86_64")]
perft_fn!(
    perft_x86_64_v4,
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512vl,avx512cd,avx512vbmi2,avx512vpopcntdq")]
);

/// Perft of `p` to move against `o` with the copy of `set`, or the fastest copy below it
/// that this CPU runs: the tests check every copy.
#[cfg(test)]
pub(crate) fn perft_at<S: Size>(set: InstructionSet, p: S::Bits, o: S::Bits, depth: u32) -> u64 {
    perft_with::<S>(Fastest::at_most(set), p, o, depth)
}

/// Perft of `p` to move against `o` with the copy `copy`.
fn perft_with<S: Size>(copy: Fastest, p: S::Bits, o: S::Bits, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    match copy {
        // SAFETY: the token exists only if the CPU has every feature of the copy.
        #[cfg(target_arch = "x86_64")]
        Fastest::Avx512(isa) => unsafe { perft_x86_64_v4::<S, Avx512>(isa, p, o, depth) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Fastest::Avx2(isa) => unsafe { perft_x86_64_v3::<S, Avx2>(isa, p, o, depth) },
        Fastest::Portable => perft_baseline::<S, Portable>(Portable, p, o, depth),
    }
}

impl<S: Size> Othello<S> {
    /// The number of leaves of the game tree `depth` plies deep. A forced pass uses a ply, and
    /// a game that ends before `depth` counts once (the convention of the published tables).
    ///
    /// Runs the copy of the counter for the best instruction set this CPU has (AVX-512 or
    /// AVX2 on x86-64, plain Rust elsewhere), within the cap of
    /// [`limit_instruction_set`](super::limit_instruction_set).
    pub fn perft(&self, depth: u32) -> u64 {
        perft_with::<S>(fastest(), self.player(), self.opponent(), depth)
    }
}
