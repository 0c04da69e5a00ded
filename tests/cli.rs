//! The command line, run as a program: `boardplay perft` prints the leaf count of every depth,
//! and refuses bad options with a clear message on stderr and exit code 2, never a panic.

mod common;

use std::process::{Command, Output};

use boardplay::core::othello::Othello8;
use boardplay::core::{Position, perft::perft};

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn boardplay(args: &[&str]) -> Run {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(env!("CARGO_BIN_EXE_boardplay"))
        .args(args)
        // A panic would print a backtrace: the tests below make sure none does.
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("the boardplay binary runs");
    Run {
        code: status.code(),
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    }
}

/// The (depth, leaves) rows of a perft report.
fn leaf_counts(stdout: &str) -> Vec<(u32, u64)> {
    stdout
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let depth = words.next()?.parse().ok()?;
            let leaves = words.next()?.parse().ok()?;
            Some((depth, leaves))
        })
        .collect()
}

fn succeeds(args: &[&str]) -> Run {
    let run = boardplay(args);
    assert_eq!(
        run.code,
        Some(0),
        "boardplay {args:?} failed:\n{}\n{}",
        run.stdout,
        run.stderr
    );
    run
}

/// Fails with exit code 2 and a one-line reason on stderr that mentions every word of `words`.
fn fails_clearly(args: &[&str], words: &[&str]) -> Run {
    let run = boardplay(args);
    assert_eq!(
        run.code,
        Some(2),
        "boardplay {args:?} should exit with 2:\n{}\n{}",
        run.stdout,
        run.stderr
    );
    let lower = run.stderr.to_lowercase();
    assert!(
        lower.starts_with("error"),
        "no error message: {:?}",
        run.stderr
    );
    for bad in ["panicked", "backtrace", "rust_backtrace"] {
        assert!(!lower.contains(bad), "{args:?} panicked: {}", run.stderr);
    }
    for word in words {
        assert!(
            run.stderr.contains(word),
            "{args:?}: {:?} should mention {word:?}",
            run.stderr
        );
    }
    run
}

#[test]
fn othello_perft_prints_the_reference_counts() {
    let run = succeeds(&["perft", "--game", "othello", "--size", "8", "--depth", "6"]);
    assert_eq!(
        leaf_counts(&run.stdout),
        common::othello_perft_expected(8, 6)
    );
    assert!(run.stdout.contains("Othello 8x8"), "{}", run.stdout);
}

#[test]
fn tictactoe_perft_counts_every_game_at_depth_9() {
    let run = succeeds(&[
        "perft",
        "--game",
        "tictactoe",
        "--size",
        "3",
        "--depth",
        "9",
    ]);
    let counts = leaf_counts(&run.stdout);
    assert_eq!(counts.len(), 9, "{}", run.stdout);
    let games = common::Facts::load().number((3, 3, 3), "games");
    assert_eq!(counts[8], (9, games), "{}", run.stdout);
    assert_eq!(counts[0], (1, 9));
    assert_eq!(counts[1], (2, 72));
}

#[test]
fn perft_from_a_board_string() {
    let ffo = &common::ffo_positions()[0];
    assert_eq!(ffo.id, 1);
    let board = ffo.board_string();
    assert!(
        board.starts_with('-'),
        "FFO #1 starts with empty cells: {board}"
    );
    let run = succeeds(&["perft", "--board", &board, "--depth", "3"]);
    let pos = Othello8::start().parse_board(&board).unwrap();
    let expected: Vec<(u32, u64)> = (1..=3).map(|d| (d, perft(&pos, d))).collect();
    assert_eq!(leaf_counts(&run.stdout), expected, "{}", run.stdout);
    assert!(
        run.stdout.contains(&board),
        "the position is echoed: {}",
        run.stdout
    );
    // The `--board=` form too.
    let run = succeeds(&["perft", &format!("--board={board}"), "--depth", "2"]);
    assert_eq!(leaf_counts(&run.stdout), expected[..2]);
}

#[test]
fn the_board_size_is_read_from_the_board_string() {
    let run = succeeds(&[
        "perft",
        "--game",
        "tictactoe",
        "--board",
        "X-- -O- ---",
        "--depth",
        "2",
    ]);
    assert_eq!(leaf_counts(&run.stdout), vec![(1, 7), (2, 42)]);
    let run = succeeds(&["perft", "--board", "---- -OX- -XO- ---- X", "--depth", "3"]);
    assert!(run.stdout.contains("Othello 4x4"), "{}", run.stdout);
    let start = boardplay::core::othello::Othello::<boardplay::core::othello::Size4>::start();
    let expected: Vec<(u32, u64)> = (1..=3).map(|d| (d, start.perft(d))).collect();
    assert_eq!(leaf_counts(&run.stdout), expected);
}

#[test]
fn an_unsupported_othello_size_is_named() {
    fails_clearly(&["perft", "--game", "othello", "--size", "7"], &["7x7"]);
    fails_clearly(&["perft", "--game", "othello", "--size", "18"], &["18"]);
}

#[test]
fn a_k_longer_than_the_board_is_refused() {
    fails_clearly(
        &["perft", "--game", "tictactoe", "--size", "3", "--k", "4"],
        &["k", "4"],
    );
    fails_clearly(&["perft", "--game", "tictactoe", "--size", "9"], &["9"]);
    fails_clearly(&["perft", "--game", "othello", "--k", "3"], &["--k"]);
}

#[test]
fn a_bad_board_string_is_explained() {
    fails_clearly(&["perft", "--board", "bad"], &["3", "64"]);
    fails_clearly(
        &[
            "perft",
            "--game",
            "othello",
            "--size",
            "4",
            "--board",
            "---- -O?- -XO- ---- X",
        ],
        &["'?'"],
    );
    fails_clearly(
        &[
            "perft",
            "--game",
            "othello",
            "--size",
            "4",
            "--board",
            "---- -OX- -XO- ----",
        ],
        &["side to move"],
    );
}

#[test]
fn an_unknown_flag_is_refused() {
    let run = fails_clearly(&["perft", "--bogus"], &["--bogus"]);
    assert!(run.stdout.is_empty());
    fails_clearly(&["perft", "--depth", "many"], &["many"]);
    fails_clearly(&["perft", "--game", "chess"], &["chess"]);
}

#[test]
fn arena_states_budgets_and_move_times() {
    let run = succeeds(&[
        "arena", "--game", "othello", "--size", "4", "--black", "expert", "--white", "beginner",
        "--games", "2",
    ]);
    let out = &run.stdout;
    assert!(
        out.contains("A budget: alpha-beta, at most 3 s a move, exact from 20 empties\n"),
        "{out}"
    );
    assert!(out.contains("B budget: random moves\n"), "{out}");
    for side in ["A", "B"] {
        let line = out
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{side} move time: ")))
            .unwrap_or_else(|| panic!("no {side} move time in {out}"));
        let words: Vec<&str> = line.split(", ").collect();
        assert!(words[0].ends_with(" moves"), "{line}");
        assert!(words[0].trim_end_matches(" moves").parse::<u32>().unwrap() > 0);
        assert!(words[1].starts_with("median "), "{line}");
        assert!(words[2].starts_with("slowest "), "{line}");
        // Only the player with a time limit is measured against it.
        assert_eq!(words.len(), if side == "A" { 4 } else { 3 }, "{line}");
    }
    // Both sides' times together only when one player plays both.
    assert!(!out.contains("A and B move time"), "{out}");
    let run = succeeds(&[
        "arena", "--game", "ttt", "--black", "medium", "--white", "medium", "--games", "2",
    ]);
    let both = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("A and B move time: "))
        .unwrap_or_else(|| panic!("no A and B move time in {}", run.stdout));
    let (count, rest) = both.split_once(" moves, median ").expect(both);
    assert!(
        count.parse::<u32>().unwrap() >= 2 && rest.contains(", slowest "),
        "{both}"
    );
}
