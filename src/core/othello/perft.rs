//! Othello perft straight on the bitboards, with bulk counting at the last ply.

#[cfg(target_arch = "x86_64")]
use super::movegen::{Avx2, Avx512};
use super::movegen::{Isa, Portable, flips, mobility, reply_count};
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

/// The instruction sets of the perft copies, slowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Level {
    /// Plain Rust, for every CPU.
    Portable,
    /// x86-64-v3: AVX2, BMI1/2, LZCNT, POPCNT.
    #[cfg(target_arch = "x86_64")]
    Avx2,
    /// x86-64-v3 with AVX-512 VL, CD and VBMI2.
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

/// The AVX2 token if this CPU has every instruction of the fast path.
#[cfg(target_arch = "x86_64")]
pub(crate) fn x86_64_v3() -> Option<Avx2> {
    let rest = std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2");
    Avx2::detect().filter(|_| rest)
}

/// The AVX-512 token if this CPU has every instruction of the fastest path.
#[cfg(target_arch = "x86_64")]
pub(crate) fn x86_64_v4() -> Option<Avx512> {
    x86_64_v3().and(Avx512::detect())
}

/// The fastest level this CPU runs, lowered by the environment variable `BOARDPLAY_ISA`
/// (`portable` or `avx2`), which lets one machine time and check the slower paths.
fn best_level() -> Level {
    static BEST: std::sync::OnceLock<Level> = std::sync::OnceLock::new();
    *BEST.get_or_init(|| {
        let cap = match std::env::var("BOARDPLAY_ISA").as_deref() {
            Ok("portable") => Level::Portable,
            #[cfg(target_arch = "x86_64")]
            Ok("avx2") => Level::Avx2,
            _ => Level::MAX,
        };
        let detected = {
            #[cfg(target_arch = "x86_64")]
            {
                if x86_64_v4().is_some() {
                    Level::Avx512
                } else if x86_64_v3().is_some() {
                    Level::Avx2
                } else {
                    Level::Portable
                }
            }
            #[cfg(not(target_arch = "x86_64"))]
            Level::Portable
        };
        detected.min(cap)
    })
}

impl Level {
    #[cfg(target_arch = "x86_64")]
    const MAX: Level = Level::Avx512;
    #[cfg(not(target_arch = "x86_64"))]
    const MAX: Level = Level::Portable;
}

/// The fastest copy of the generator this CPU runs (within `BOARDPLAY_ISA`), with its token.
#[derive(Clone, Copy, Debug)]
enum Fastest {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512),
}

fn fastest() -> Fastest {
    static FASTEST: std::sync::OnceLock<Fastest> = std::sync::OnceLock::new();
    *FASTEST.get_or_init(|| {
        let level = best_level();
        #[cfg(target_arch = "x86_64")]
        if level >= Level::Avx512
            && let Some(avx512) = x86_64_v4()
        {
            return Fastest::Avx512(avx512);
        }
        #[cfg(target_arch = "x86_64")]
        if level >= Level::Avx2
            && let Some(avx2) = x86_64_v3()
        {
            return Fastest::Avx2(avx2);
        }
        let _ = level;
        Fastest::Portable
    })
}

/// Defines `$name`, which runs `$generic` with the fastest instructions this CPU has: the
/// move generator of the public methods, on boards of several words, where the vector code
/// is worth a call that cannot be inlined.
macro_rules! dispatched {
    ($(#[$doc:meta])* $name:ident, $generic:ident, ($($arg:ident: $ty:ty),*)) => {
        $(#[$doc])*
        pub(crate) fn $name<S: Size>($($arg: $ty),*) -> S::Bits {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
                fn v3<S: Size>(isa: Avx2, $($arg: $ty),*) -> S::Bits {
                    super::movegen::$generic::<S, Avx2>(isa, $($arg),*)
                }
                #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512vl,avx512cd,avx512vbmi2,avx512vpopcntdq")]
                fn v4<S: Size>(isa: Avx512, $($arg: $ty),*) -> S::Bits {
                    super::movegen::$generic::<S, Avx512>(isa, $($arg),*)
                }
                match fastest() {
                    // SAFETY: the token exists only if the CPU has every feature of `v4`.
                    Fastest::Avx512(isa) => return unsafe { v4::<S>(isa, $($arg),*) },
                    // SAFETY: as above, for `v3`.
                    Fastest::Avx2(isa) => return unsafe { v3::<S>(isa, $($arg),*) },
                    Fastest::Portable => {}
                }
            }
            super::movegen::$generic::<S, Portable>(Portable, $($arg),*)
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

/// Perft of `p` to move against `o` with the copy of `level`, or the fastest copy below it
/// that this CPU runs: the tests check every copy.
#[cfg(test)]
pub(crate) fn perft_at<S: Size>(level: Level, p: S::Bits, o: S::Bits, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    #[cfg(target_arch = "x86_64")]
    if level >= Level::Avx512
        && let Some(avx512) = x86_64_v4()
    {
        // SAFETY: the CPU supports every feature the function was compiled with.
        return unsafe { perft_x86_64_v4::<S, Avx512>(avx512, p, o, depth) };
    }
    #[cfg(target_arch = "x86_64")]
    if level >= Level::Avx2
        && let Some(avx2) = x86_64_v3()
    {
        // SAFETY: the CPU supports every feature the function was compiled with.
        return unsafe { perft_x86_64_v3::<S, Avx2>(avx2, p, o, depth) };
    }
    let _ = level;
    perft_baseline::<S, Portable>(Portable, p, o, depth)
}

impl<S: Size> Othello<S> {
    /// The number of leaves of the game tree `depth` plies deep. A forced pass uses a ply, and
    /// a game that ends before `depth` counts once (the convention of the published tables).
    ///
    /// Runs the copy of the counter for the best instruction set this CPU has (AVX-512 or
    /// AVX2 on x86-64, plain Rust elsewhere); the environment variable `BOARDPLAY_ISA` set to
    /// `avx2` or `portable` caps it, to time or check the slower copies.
    pub fn perft(&self, depth: u32) -> u64 {
        let (p, o) = (self.player(), self.opponent());
        if depth == 0 {
            return 1;
        }
        match fastest() {
            // SAFETY: the token exists only if the CPU has every feature of the copy.
            #[cfg(target_arch = "x86_64")]
            Fastest::Avx512(isa) => unsafe { perft_x86_64_v4::<S, Avx512>(isa, p, o, depth) },
            // SAFETY: as above.
            #[cfg(target_arch = "x86_64")]
            Fastest::Avx2(isa) => unsafe { perft_x86_64_v3::<S, Avx2>(isa, p, o, depth) },
            Fastest::Portable => perft_baseline::<S, Portable>(Portable, p, o, depth),
        }
    }
}
