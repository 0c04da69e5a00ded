//! Othello perft throughput, in leaves per second: `cargo bench --no-default-features --bench
//! perft`. Each sample is one full count, and a few samples suffice since a count runs long.

use boardplay::core::othello::{Othello, Size8, Size12};
use divan::Bencher;
use divan::counter::ItemsCount;

fn main() {
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
