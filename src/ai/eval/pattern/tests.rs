//! The pattern evaluation's shapes, symmetry, features and counts, checked against slow
//! cell-by-cell versions.

use super::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn random_weights(seed: u64) -> PatternEval {
    let mut rng = SmallRng::seed_from_u64(seed);
    PatternEval::new(
        (0..PHASES * PHASE_LEN)
            .map(|_| rng.random_range(-300..=300))
            .collect(),
    )
    .unwrap()
}

fn random_position(rng: &mut SmallRng) -> (u64, u64) {
    let filled: u64 = rng.random();
    let own: u64 = rng.random();
    (filled & own, filled & !own)
}

#[test]
fn every_shape_is_placed_as_often_as_the_board_allows() {
    let counts: Vec<usize> = places().iter().map(Vec::len).collect();
    assert_eq!(counts, [4, 8, 4, 4, 4, 4, 2, 4, 4, 4, 4]);
    assert_eq!(counts.iter().sum::<usize>() + COUNTS.len() + 1, FEATURES);
}

#[test]
fn shapes_read_the_cells_they_are_named_for() {
    let cells =
        |shape: Shape| -> Vec<usize> { (0..64).filter(|&c| shape.extract(1 << c) != 0).collect() };
    assert_eq!(cells(Shape::EdgeX), [0, 1, 2, 3, 4, 5, 6, 7, 9, 14]);
    assert_eq!(cells(Shape::Corner3x3), [0, 1, 2, 8, 9, 10, 16, 17, 18]);
    assert_eq!(cells(Shape::Diag8), [0, 9, 18, 27, 36, 45, 54, 63]);
    assert_eq!(cells(Shape::Diag4), [32, 41, 50, 59]);
    // A full board reads as every cell's bit.
    for shape in SHAPES {
        assert_eq!(
            shape.extract(u64::MAX),
            (1 << shape.cells()) - 1,
            "{shape:?}"
        );
    }
}

#[test]
fn a_position_and_its_mirror_images_score_the_same() {
    let mut rng = SmallRng::seed_from_u64(7);
    for seed in 0..3 {
        let eval = random_weights(seed);
        for _ in 0..200 {
            let (p, o) = random_position(&mut rng);
            let v = eval.evaluate(p, o);
            let (ip, io) = (images(p), images(o));
            for s in 1..8 {
                assert_eq!(eval.evaluate(ip[s], io[s]), v, "image {s}");
            }
        }
    }
}

#[test]
fn the_score_is_the_sum_of_the_features_weights() {
    let eval = random_weights(11);
    let mut rng = SmallRng::seed_from_u64(3);
    for _ in 0..100 {
        let (p, o) = random_position(&mut rng);
        let start = phase(64 - (p | o).count_ones()) * PHASE_LEN;
        let sum: i32 = features(p, o)
            .iter()
            .map(|&f| i32::from(eval.weights()[start + f as usize]))
            .sum();
        assert_eq!(eval.evaluate(p, o), sum);
        // The variant that also gives the moves: the same score, and the rules' moves.
        let moves = Othello::<Size8>::from_bits(p, o, Side::First).moves_bits();
        assert_eq!(eval.evaluate_with_moves(p, o), (sum, moves));
        // With the pattern indices a search carries: the same score.
        let idx = Indices::new(p, o);
        assert_eq!(eval.evaluate_indexed_moves(p, o, &idx), sum);
        let over =
            moves == 0 && Othello::<Size8>::from_bits(p, o, Side::First).opponent_moves_bits() == 0;
        assert_eq!(
            eval.evaluate_indexed_unless_over(p, o, &idx),
            (!over).then_some(sum)
        );
    }
}

#[test]
fn counts_are_the_moves_and_the_empty_neighbours_counted_cell_by_cell() {
    // Neighbours and moves found the slow way: every cell and direction in turn.
    let on = |x: u64, r: i32, c: i32| {
        (0..8).contains(&r) && (0..8).contains(&c) && x >> (r * 8 + c) & 1 == 1
    };
    let dirs = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    let next_to = |x: u64, empty: u64| -> usize {
        (0..64)
            .filter(|&i| empty >> i & 1 == 1)
            .filter(|&i| dirs.iter().any(|&(dr, dc)| on(x, i / 8 + dr, i % 8 + dc)))
            .count()
    };
    let moves = |me: u64, them: u64| -> usize {
        (0..64)
            .filter(|&i| (me | them) >> i & 1 == 0)
            .filter(|&i| {
                dirs.iter().any(|&(dr, dc)| {
                    let (mut r, mut c, mut seen) = (i / 8 + dr, i % 8 + dc, 0);
                    while on(them, r, c) {
                        (r, c, seen) = (r + dr, c + dc, seen + 1);
                    }
                    seen > 0 && on(me, r, c)
                })
            })
            .count()
    };
    let mut rng = SmallRng::seed_from_u64(5);
    for _ in 0..300 {
        let (p, o) = random_position(&mut rng);
        let empty = !(p | o);
        let want = [
            moves(p, o),
            moves(o, p),
            next_to(o, empty),
            next_to(p, empty),
        ];
        let got = count_features(p, o);
        for k in 0..4 {
            assert_eq!(
                got[k],
                COUNT_OFFSETS[k] + want[k].min(COUNTS[k] - 1),
                "count {k}"
            );
        }
    }
}

#[test]
fn phases_follow_the_empties_four_at_a_time() {
    assert_eq!(phase(1), 0);
    assert_eq!(phase(4), 0);
    assert_eq!(phase(5), 1);
    assert_eq!(phase(60), 14);
    assert_eq!(phase(64), 14);
    for e in 0..=64 {
        assert_eq!(<PatternEval as Learned>::phase(e), phase(e), "{e} empties");
    }
}
