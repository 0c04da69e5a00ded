//! AI benchmarks: perfect 4x4 tic-tac-toe from the empty board, the Othello endgame solver
//! on FFO positions, Othello evaluations per second (learned and hand-written), and MCTS
//! iterations per second on every game and a range of sizes.
//! Run with `cargo bench --no-default-features --bench ai`.

use std::path::Path;

use boardplay::ai::solver::othello_endgame::solve;
use boardplay::ai::train::selfplay;
use boardplay::ai::{Budget, Context, MctsPlayer, PerfectPlayer, Player, Stop};
use boardplay::ai::{Game, GameVisitor};
use boardplay::core::Side;
use boardplay::core::othello::{Othello, Othello8, Othello12, Size, Size12};
use boardplay::core::tictactoe::TicTacToe;
use boardplay::core::{Position, Variant};
use divan::Bencher;
use divan::counter::ItemsCount;

fn main() {
    // `BOARDPLAY_ISA=portable` or `avx2` times a slower copy of the move generator.
    boardplay::cli::limit_instruction_set_from_env().unwrap_or_else(|e| panic!("{e}"));
    divan::main();
}

#[divan::bench(sample_count = 10)]
fn tictactoe_4x4_perfect_from_empty(bencher: Bencher) {
    let start = TicTacToe::square(4).unwrap();
    bencher.bench_local(|| {
        // A new player each time: no table carried over from an earlier run.
        let mut p = PerfectPlayer::new();
        let stop = Stop::new();
        let mut report = |_: &boardplay::ai::Progress| {};
        p.choose(&start, &mut Context::new(&stop, &mut report))
    });
}

/// FFO position `id`, from the test data (tests/data/README.md says where it comes from).
fn ffo(id: u32) -> Othello8 {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/othello/ffo-01-39.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let line = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(&id.to_string()))
        .unwrap_or_else(|| panic!("FFO #{id} is not in {}", path.display()));
    let cols: Vec<&str> = line.split_whitespace().collect();
    Othello8::start()
        .parse_board(&format!("{} {}", cols[1], cols[2]))
        .unwrap()
}

#[divan::bench(args = [21, 23, 27, 29, 31], sample_count = 5)]
fn othello_endgame_ffo(bencher: Bencher, id: u32) {
    let pos = ffo(id);
    bencher.bench_local(|| {
        let stop = Stop::new();
        let mut report = |_: &boardplay::ai::Progress| {};
        solve(&pos, &mut Context::new(&stop, &mut report), true)
    });
}

/// Evaluations per second on 8x8, over the 39 FFO positions (20-36 empties).
#[divan::bench(args = ["learned", "hand"], sample_count = 20)]
fn othello_evaluations(bencher: Bencher, eval: &str) {
    evaluations(bencher, eval == "learned", (1..=39).map(ffo).collect());
}

/// Evaluations per second on 12x12, over every tenth position of five self-play games.
#[divan::bench(args = ["learned", "hand"], sample_count = 20)]
fn othello_evaluations_12x12(bencher: Bencher, eval: &str) {
    let positions: Vec<Othello12> = (0..5)
        .flat_map(|i| selfplay::play::<Size12>(7, i, Default::default()))
        .step_by(10)
        .map(|(p, o)| Othello12::from_bits(p, o, Side::First))
        .collect();
    evaluations(bencher, eval == "learned", positions);
}

fn evaluations<S: Size>(bencher: Bencher, learned: bool, positions: Vec<Othello<S>>) {
    bencher
        .counter(ItemsCount::new(positions.len()))
        .bench_local(|| {
            positions
                .iter()
                .map(|p| {
                    let p = divan::black_box(p);
                    if learned {
                        p.evaluate_learned()
                    } else {
                        p.evaluate()
                    }
                })
                .fold(0i32, i32::wrapping_add)
        });
}

const ITERATIONS: u64 = 2000;

struct Mcts<'a, 'b>(Bencher<'a, 'b>);

impl GameVisitor for Mcts<'_, '_> {
    type Output = ();
    fn visit<G: Game>(self, start: G) {
        self.0.counter(ItemsCount::new(ITERATIONS)).bench_local(|| {
            let mut p = MctsPlayer::<G>::new(Budget::Iterations(ITERATIONS), 1);
            p.run(&start, ITERATIONS);
        });
    }
}

/// MCTS iterations (each a selection, an expansion, a playout to the end and a back-up)
/// per second from the start position.
#[divan::bench(args = ["ttt-3x3", "ttt-4x4", "othello-6", "othello-8", "othello-10", "othello-12"], sample_count = 5)]
fn mcts_iterations(bencher: Bencher, game: &str) {
    let variant = match game {
        "ttt-3x3" => Variant::TIC_TAC_TOE_3,
        "ttt-4x4" => Variant::TIC_TAC_TOE_4,
        "othello-6" => Variant::Othello { size: 6 },
        "othello-8" => Variant::OTHELLO_8,
        "othello-10" => Variant::Othello { size: 10 },
        _ => Variant::OTHELLO_12,
    };
    boardplay::ai::visit(variant, Mcts(bencher)).unwrap();
}

/// The opening book: loading the shipped book (reading and sorting its positions), the
/// first choice from the standard start (which negamaxes the whole book below it), and a
/// lookup of the moves of a position it holds (the Tiger's, every legal move's position
/// looked up in it) and the choice among them.
#[divan::bench(sample_count = 10)]
fn book_load(bencher: Bencher) {
    let bytes = boardplay::ai::book::Book::shipped().to_bytes();
    bencher.bench_local(|| boardplay::ai::book::Book::from_bytes(divan::black_box(&bytes)));
}

#[divan::bench(sample_count = 10)]
fn book_load_and_first_choice(bencher: Bencher) {
    use rand::SeedableRng;
    let bytes = boardplay::ai::book::Book::shipped().to_bytes();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    bencher.bench_local(|| {
        let book = boardplay::ai::book::Book::from_bytes(divan::black_box(&bytes)).unwrap();
        book.choose(&Othello8::start(), 1, &mut rng)
    });
}

#[divan::bench(sample_count = 100)]
fn book_lookup(bencher: Bencher) {
    use rand::SeedableRng;
    let book = boardplay::ai::book::Book::shipped();
    let tiger = boardplay::core::notation::play_moves(&Othello8::start(), "f5 d6 c3 d3 c4")
        .unwrap()
        .1;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    bencher.bench_local(|| book.choose(divan::black_box(&tiger), 2, &mut rng));
}
