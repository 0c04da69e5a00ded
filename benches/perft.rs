//! Othello perft throughput, in leaves per second: `cargo bench --no-default-features --bench
//! perft`. Each sample is one full count, and a few samples suffice since a count runs long.

use boardplay::core::othello::{Othello, Size8, Size12};
use divan::Bencher;
use divan::counter::ItemsCount;

fn main() {
    // `BOARDPLAY_ISA=portable` or `avx2` times a slower copy of the move generator.
    boardplay::cli::limit_instruction_set_from_env().unwrap_or_else(|e| panic!("{e}"));
    divan::main();
}

/// Benches the perft of the start position of size `S`, counting its leaves as items.
fn perft<S: boardplay::core::othello::Size>(bencher: Bencher, depth: u32) {
    let start = Othello::<S>::start();
    let leaves = start.perft(depth);
    bencher
        .counter(ItemsCount::new(leaves))
        .bench(|| divan::black_box(start).perft(divan::black_box(depth)));
}

#[divan::bench(args = [9, 11], sample_count = 5, sample_size = 1)]
fn othello_8x8(bencher: Bencher, depth: u32) {
    perft::<Size8>(bencher, depth);
}

#[divan::bench(args = [8, 9, 10], sample_count = 5, sample_size = 1)]
fn othello_12x12(bencher: Bencher, depth: u32) {
    perft::<Size12>(bencher, depth);
}

/// The perft of [`boardplay::core::perft`], through the `Position` methods the players use
/// (legal moves, playing them), rather than the bitboard counter.
fn generic_perft<S: boardplay::core::othello::Size>(bencher: Bencher, depth: u32) {
    let start = Othello::<S>::start();
    let leaves = boardplay::core::perft::perft(&start, depth);
    bencher
        .counter(ItemsCount::new(leaves))
        .bench(|| boardplay::core::perft::perft(&divan::black_box(start), divan::black_box(depth)));
}

#[divan::bench(args = [8], sample_count = 5, sample_size = 1)]
fn position_8x8(bencher: Bencher, depth: u32) {
    generic_perft::<Size8>(bencher, depth);
}

#[divan::bench(args = [8], sample_count = 5, sample_size = 1)]
fn position_12x12(bencher: Bencher, depth: u32) {
    generic_perft::<Size12>(bencher, depth);
}
