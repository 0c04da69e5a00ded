//! Othello perft straight on the bitboards, with bulk counting at the last ply.

#[cfg(target_arch = "x86_64")]
use super::movegen::Avx2;
use super::movegen::{Isa, Portable, flips, mobility};
use super::{Bits, Othello, Size};

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

/// The AVX2 token if this CPU has every instruction of the fast path.
#[cfg(target_arch = "x86_64")]
pub(crate) fn x86_64_v3() -> Option<Avx2> {
    let rest = std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2");
    Avx2::detect().filter(|_| rest)
}

impl<S: Size> Othello<S> {
    /// The number of leaves of the game tree `depth` plies deep. A forced pass uses a ply, and
    /// a game that ends before `depth` counts once (the convention of the published tables).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = x86_64_v3() {
            // SAFETY: the CPU supports every feature the function was compiled with.
            return unsafe {
                perft_x86_64_v3::<S, Avx2>(avx2, self.player(), self.opponent(), depth)
            };
        }
        perft_baseline::<S, Portable>(Portable, self.player(), self.opponent(), depth)
    }
}
