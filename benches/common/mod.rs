//! What the benchmarks share: the same random legal games for every run.

use std::path::PathBuf;

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

/// Runs `f` once and prints the CPU time the thread spent in it (a figure that holds on a busy
/// machine, where wall-clock samples do not).
pub fn cpu_time<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = thread_cpu_seconds();
    let value = f();
    eprintln!("{what}: {:.3} s of CPU time", thread_cpu_seconds() - start);
    value
}

/// The CPU time this thread has spent, in seconds (elsewhere than on Linux: the wall clock).
#[cfg(target_os = "linux")]
pub fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// The wall clock, where the thread's CPU time is not read.
#[cfg(not(target_os = "linux"))]
pub fn thread_cpu_seconds() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

/// The folder `BOARDPLAY_WTHOR` names and its `.wtb` files, sorted; `None` when the variable is
/// not set (the benchmarks of the real WTHOR database then do nothing).
pub fn wthor_folder() -> Option<(PathBuf, Vec<PathBuf>)> {
    let dir = PathBuf::from(std::env::var_os("BOARDPLAY_WTHOR")?);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("wtb")))
        .collect();
    files.sort();
    Some((dir, files))
}
