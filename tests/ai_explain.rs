//! Watching the searches think (issue 36): the recorded trees' counts are the known counts
//! of the tic-tac-toe game tree and the searches' own counters, alpha-beta's value is
//! minimax's, MCTS's root visits add up, the principal variation has the search's depth and
//! value, and the comparison finds the published score of an FFO position.
//! Run in release: `cargo test --release --test ai_explain`.

use std::process::Command;
use std::time::{Duration, Instant};

use boardplay::ai::game::Game;
use boardplay::ai::mcts::MctsPlayer;
use boardplay::ai::minimax::minimax_first;
use boardplay::ai::trace::{
    Algorithm, CompareBudget, Step, compare, count_tree, principal_variation, watch_alphabeta,
    watch_mcts, watch_minimax,
};
use boardplay::ai::{Budget, Stop};
use boardplay::core::othello::{Othello, Othello8, Size4, Size6};
use boardplay::core::tictactoe::TicTacToe;
use boardplay::core::{Position, Side};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// The number of nodes (root included) and of finished games of the full 3x3 tic-tac-toe
/// game tree: the published counts (OEIS A061526 sums to 549,946; 255,168 games, e.g.
/// Schaefer's tic-tac-toe analysis), not computed here.
const TTT_NODES: u64 = 549_946;
const TTT_GAMES: u64 = 255_168;

fn ttt() -> TicTacToe {
    TicTacToe::new(3, 3, 3).unwrap()
}

/// A position fewer than `most` random plies from `start`, the game not over.
fn random_walk<P: Position>(start: P, rng: &mut SmallRng, most: u32) -> P {
    let mut pos = start;
    for _ in 0..rng.random_range(0..most) {
        let n = pos.move_count();
        if n == 0 || pos.outcome().is_over() {
            break;
        }
        let mv = pos.legal_moves().nth(rng.random_range(0..n)).unwrap();
        let next = pos.play_unchecked(mv);
        if next.outcome().is_over() {
            break;
        }
        pos = next;
    }
    pos
}

#[test]
fn minimax_from_the_empty_board_visits_the_whole_tictactoe_tree() {
    let (value, nodes, tree) = watch_minimax(&ttt(), 9, 600_000);
    assert_eq!(nodes, TTT_NODES, "minimax's own counter");
    assert_eq!(tree.visited, TTT_NODES, "the recording's count");
    assert_eq!(tree.nodes.len() as u64, TTT_NODES, "every node kept");
    assert_eq!(tree.terminals, TTT_GAMES);
    assert_eq!(
        tree.nodes.iter().filter(|n| n.terminal).count() as u64,
        TTT_GAMES
    );
    assert_eq!(value, 0, "tic-tac-toe is a draw");
    // Level by level: 1, 9, 72, 504, ... (9!/(9-k)! until games end at five marks).
    assert_eq!(&tree.level_counts()[..5], &[1, 9, 72, 504, 3024]);
    println!("minimax, empty 3x3 board, depth 9: {nodes} nodes");
}

#[test]
fn at_the_cap_the_tree_keeps_its_first_part_whole_and_counts_the_rest() {
    let (_, nodes, tree) = watch_minimax(&ttt(), 9, 1000);
    assert_eq!(nodes, TTT_NODES);
    assert_eq!(tree.visited, TTT_NODES);
    assert_eq!(tree.terminals, TTT_GAMES);
    assert_eq!(tree.nodes.len(), 1000);
    assert_eq!(tree.dropped, TTT_NODES - 1000);
    let hidden: u64 = tree.nodes.iter().map(|n| n.hidden_children).sum();
    assert!(hidden > 0 && hidden <= tree.dropped);
    for (i, n) in tree.nodes.iter().enumerate().skip(1) {
        let p = n.parent.unwrap() as usize;
        assert!(p < i, "a parent is entered before its child");
        assert!(tree.nodes[p].children.contains(&(i as u32)));
    }
}

#[test]
fn alphabeta_from_the_empty_board_counts_far_fewer_nodes_and_its_tree_matches_its_counter() {
    let (found, nodes, tree) = watch_alphabeta(&ttt(), 9, 18, 600_000, &Stop::new());
    let (value, best) = found.unwrap();
    assert_eq!(value, 0);
    assert!(best.is_some());
    // The root is node 0 of the tree, which the engine's counter leaves out.
    assert_eq!(tree.visited, nodes + 1);
    assert_eq!(tree.nodes.len() as u64, nodes + 1);
    assert!(nodes * 20 < TTT_NODES, "alpha-beta searched {nodes}");
    println!("alpha-beta, empty 3x3 board, depth 9: {nodes} nodes below the root");
}

/// Checks alpha-beta's recorded search of `pos` against plain minimax at `depth`, and the
/// recording against the counters.
fn check_against_minimax<G: Game>(pos: &G, depth: u32) {
    let (mm, mm_nodes, mm_tree) = watch_minimax(pos, depth, 2000);
    let mut plain = 0;
    let reference = minimax_first(pos, depth, &mut plain);
    let reference = match pos.side_to_move() {
        Side::First => reference,
        Side::Second => -reference,
    };
    assert_eq!(mm, reference);
    assert_eq!(mm_nodes, plain);
    assert_eq!(mm_tree.visited, plain);
    let (found, ab_nodes, ab_tree) = watch_alphabeta(pos, depth, 16, 2000, &Stop::new());
    let (ab, _) = found.unwrap();
    assert_eq!(ab, mm, "depth {depth}: {}", pos.to_board_string());
    assert_eq!(ab_tree.visited, ab_nodes + 1);
    assert_eq!(ab_tree.nodes[0].value, Some(ab));
    // Each cut's saving is the minimax count of the skipped moves' subtrees, counted here
    // by minimax's own counter.
    for node in ab_tree.nodes.iter().filter(|n| n.cut.is_some()).take(20) {
        // A cut on the last move skips nothing, and saves nothing.
        let cut = node.cut.as_ref().unwrap();
        let mut expected = 0;
        for &mv in &cut.skipped {
            minimax_first(&node.pos.play_unchecked(mv), node.depth - 1, &mut expected);
        }
        assert_eq!(cut.saved, Some(expected));
        let (alpha, beta) = node.window.unwrap();
        assert!(alpha < beta);
        assert!(node.value.unwrap() >= beta, "a cut node failed high");
    }
}

#[test]
fn alphabeta_equals_minimax_on_random_tictactoe_positions_at_every_depth() {
    let mut rng = SmallRng::seed_from_u64(36);
    for _ in 0..12 {
        let pos = random_walk(ttt(), &mut rng, 6);
        for depth in 1..=pos.empty_cells() {
            check_against_minimax(&pos, depth);
        }
    }
}

#[test]
fn alphabeta_equals_minimax_on_random_small_othello_positions_at_depths_1_to_5() {
    let mut rng = SmallRng::seed_from_u64(37);
    for _ in 0..6 {
        let pos = random_walk(Othello::<Size4>::start(), &mut rng, 6);
        for depth in 1..=5 {
            check_against_minimax(&pos, depth);
        }
        let pos = random_walk(Othello::<Size6>::start(), &mut rng, 12);
        for depth in 1..=4 {
            check_against_minimax(&pos, depth);
        }
    }
}

#[test]
fn the_steps_replay_every_node_entered_cut_and_left_in_order() {
    let pos = ttt().parse_board("X...O.... X").unwrap();
    let (_, nodes, tree) = watch_alphabeta(&pos, 7, 16, 100_000, &Stop::new());
    let steps = tree.steps();
    let enters = steps.iter().filter(|s| matches!(s, Step::Enter(_))).count();
    let leaves = steps.iter().filter(|s| matches!(s, Step::Leave(_))).count();
    let cuts = steps.iter().filter(|s| matches!(s, Step::Cut(_))).count();
    assert_eq!(enters as u64, nodes + 1);
    assert_eq!(leaves as u64, nodes + 1);
    assert!(cuts > 0);
    assert_eq!(cuts, tree.nodes.iter().filter(|n| n.cut.is_some()).count());
    assert_eq!(steps.first(), Some(&Step::Enter(0)));
    assert_eq!(steps.last(), Some(&Step::Leave(0)));
    // Entered in the order they were recorded, which is the search's order.
    let order: Vec<u32> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Enter(n) => Some(*n),
            _ => None,
        })
        .collect();
    assert!(order.windows(2).all(|w| w[1] == w[0] + 1));
    // A cut comes just before its node is left.
    for w in steps.windows(2) {
        if let Step::Cut(n) = w[0] {
            assert_eq!(w[1], Step::Leave(n));
        }
    }
}

#[test]
fn mcts_root_visits_are_the_sum_of_its_moves_visits_and_the_iterations() {
    let pos = Othello8::start();
    let mut player = MctsPlayer::new(Budget::Iterations(2000), 7);
    let mut seen = Vec::new();
    let last = watch_mcts(&mut player, &pos, 2000, 500, &Stop::new(), &mut |s| {
        seen.push(s.clone())
    });
    let at: Vec<u64> = seen.iter().map(|s| s.iterations).collect();
    assert_eq!(at, vec![500, 1000, 1500, 2000]);
    for s in &seen {
        let sum: u64 = s.moves.iter().map(|m| u64::from(m.visits)).sum();
        assert_eq!(sum, s.iterations);
        assert_eq!(u64::from(s.root_visits), s.iterations);
        assert_eq!(s.moves.len(), 4, "the four opening moves");
        let most = s.moves.iter().map(|m| m.visits).max().unwrap();
        let best = s.moves.iter().find(|m| Some(m.mv) == s.best).unwrap();
        assert_eq!(best.visits, most);
        assert!(s.tree_depth >= 1);
    }
    assert_eq!(&last, seen.last().unwrap());
    // A stop raised at once: no iterations, nothing chosen.
    let stop = Stop::new();
    stop.stop();
    let s = watch_mcts(
        &mut MctsPlayer::new(Budget::Iterations(10), 1),
        &pos,
        10,
        1,
        &stop,
        &mut |_| {},
    );
    assert_eq!(s.iterations, 0);
    assert_eq!(s.best, None);
}

/// The value at the end of `line` from `pos`, for the side to move at `pos`.
fn value_at_end<G: Game>(pos: &G, line: &[boardplay::core::Move]) -> i32 {
    let mut at = *pos;
    for &mv in line {
        assert!(at.is_legal(mv));
        at = at.play_unchecked(mv);
    }
    let v = if at.move_count() == 0 {
        at.terminal_score()
    } else {
        at.evaluate()
    };
    if line.len().is_multiple_of(2) { v } else { -v }
}

#[test]
fn the_principal_variation_has_the_search_depth_and_its_leaf_has_the_search_value() {
    let mut rng = SmallRng::seed_from_u64(38);
    for _ in 0..8 {
        let pos = random_walk(ttt(), &mut rng, 5);
        let depth = pos.empty_cells();
        let pv = principal_variation(&pos, depth, &Stop::new()).unwrap();
        let (mm, _, _) = watch_minimax(&pos, depth, 1);
        assert_eq!(pv.value, mm);
        let mut end = pos;
        for &mv in &pv.moves {
            end = end.play_unchecked(mv);
        }
        assert!(end.outcome().is_over(), "a full-depth line ends the game");
        assert_eq!(value_at_end(&pos, &pv.moves), pv.value);
    }
    for _ in 0..4 {
        let pos = random_walk(Othello::<Size6>::start(), &mut rng, 10);
        for depth in 1..=5 {
            let pv = principal_variation(&pos, depth, &Stop::new()).unwrap();
            let (mm, _, _) = watch_minimax(&pos, depth, 1);
            assert_eq!(pv.value, mm);
            let mut end = pos;
            for &mv in &pv.moves {
                end = end.play_unchecked(mv);
            }
            assert!(pv.moves.len() as u32 == depth || end.move_count() == 0);
            assert_eq!(value_at_end(&pos, &pv.moves), pv.value);
        }
    }
}

#[test]
fn the_comparison_on_an_ffo_position_finds_the_published_score() {
    // FFO #1 (tests/data/othello/ffo-01-39.txt): black to move, +18 by g8, 14 empties.
    let pos = Othello8::start()
        .parse_board("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
        .unwrap();
    let budget = CompareBudget {
        depth: 3,
        iterations: 3000,
        solve_empties: 14,
        seed: 1,
    };
    let c = compare(&pos, &budget, &Stop::new());
    let names: Vec<Algorithm> = c.results.iter().map(|r| r.algorithm).collect();
    assert_eq!(
        names,
        [
            Algorithm::Random,
            Algorithm::Minimax,
            Algorithm::AlphaBeta,
            Algorithm::Mcts,
            Algorithm::Solver
        ]
    );
    let solver = c.get(Algorithm::Solver).unwrap();
    assert_eq!(Othello8::display_score(solver.value.unwrap()), 18);
    assert_eq!(solver.mv.map(|m| m.to_string()), Some("g8".into()));
    assert_eq!(c.minimax_equals_alphabeta, Some(true));
    for r in &c.results {
        assert!(!r.stopped);
        assert!(r.mv.is_some_and(|m| pos.is_legal(m)), "{:?}", r.algorithm);
    }
    assert_eq!(c.get(Algorithm::Mcts).unwrap().nodes, 3000);
}

#[test]
fn a_raised_stop_ends_the_comparison_at_once() {
    let stop = Stop::new();
    stop.stop();
    let budget = CompareBudget {
        depth: 9,
        iterations: 10_000_000,
        solve_empties: 64,
        seed: 1,
    };
    let start = Instant::now();
    let c = compare(&Othello8::start(), &budget, &stop);
    assert!(start.elapsed() < Duration::from_secs(5));
    for r in c
        .results
        .iter()
        .filter(|r| r.algorithm != Algorithm::Random)
    {
        assert!(r.stopped, "{:?}", r.algorithm);
    }
    assert_eq!(c.minimax_equals_alphabeta, None);
}

#[test]
fn count_tree_stops_at_its_limit() {
    assert_eq!(count_tree(&ttt(), 9, u64::MAX), Some(TTT_NODES));
    assert_eq!(count_tree(&ttt(), 9, TTT_NODES), Some(TTT_NODES));
    assert_eq!(count_tree(&ttt(), 9, TTT_NODES - 1), None);
}

fn explain(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_boardplay"))
        .arg("explain")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn the_command_line_prints_the_trees_the_steps_mcts_and_the_comparison() {
    let (code, out, err) = explain(&["tree", "--game", "tictactoe", "--search", "minimax"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("549946 nodes (root included), 255168 finished games"),
        "{out}"
    );
    let (code, out, err) = explain(&["tree", "--game", "tictactoe", "--levels", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("window ("), "{out}");
    let (code, out, err) = explain(&[
        "steps",
        "--game",
        "tictactoe",
        "--board",
        "XO.XO.... X",
        "--lines",
        "40",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("enter") && out.contains("leave") && out.contains("cut"),
        "{out}"
    );
    let (code, out, err) = explain(&["mcts", "--iterations", "1000", "--every", "500"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("after 500 iterations (root visits 500)"),
        "{out}"
    );
    assert!(out.contains("plays "), "{out}");
    let (code, out, err) = explain(&["compare", "--game", "tictactoe", "--board", "X...O.... X"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("same value at depth 7 (they must): yes"),
        "{out}"
    );
    let (code, out, err) = explain(&["pv", "--game", "tictactoe", "--board", "X...O.... X"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("alpha-beta (depth 7)") && out.contains("solver (exact)"),
        "{out}"
    );
    let (code, _, err) = explain(&["tree", "--game", "tictactoe", "--board", "XXXOO.... O"]);
    assert_eq!(code, 2);
    assert!(err.contains("already over"), "{err}");
}
