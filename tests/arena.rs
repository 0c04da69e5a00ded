//! Matches people trust: `boardplay arena` plays a list of openings each with both colours
//! (a list in the XOT list's shape, `--openings`, or by default on 8x8 the project's
//! balanced set), gives each move at most `--time` and each side `--clock` for a game, and
//! names a bad list by its line.

mod common;

use std::path::PathBuf;

use boardplay::core::notation;
use boardplay::core::othello::Othello8;

fn file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardplay-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Three openings written as the XOT list writes them: eight moves a line, no spaces.
const SAMPLE: &str = "f5d6c3d3c4f4c5b3\nf5f6e6f4e3d6c5c4\nf5d6c5f4e3c6d3f6\n";

/// The (line, A's colour) of each game of a verbose report.
fn games(out: &str) -> Vec<(usize, char)> {
    out.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("game ")?;
            let colour = rest.split("A has ").nth(1)?.chars().next()?;
            let line = rest.split("opening of line ").nth(1)?;
            let line = line.split(',').next()?.parse().ok()?;
            Some((line, colour))
        })
        .collect()
}

#[test]
fn every_opening_of_a_list_is_played_with_both_colours() {
    // The sample is a real list: each line plays from the start.
    for line in SAMPLE.lines() {
        let moves = notation::parse_moves(line).unwrap();
        assert_eq!(moves.len(), 8);
        assert!(
            notation::play_parsed(&Othello8::start(), &moves).is_ok(),
            "{line}"
        );
    }
    let list = file("xot-sample.txt", SAMPLE);
    let list = list.to_str().unwrap();
    let (code, out, err) = common::run_boardplay(&[
        "arena",
        "-a",
        "random",
        "-b",
        "random",
        "--openings",
        list,
        "--games",
        "6",
        "--verbose",
    ]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(
        out.contains(&format!("openings: 3 from {list}, each with both colours")),
        "{out}"
    );
    let played = games(&out);
    assert_eq!(played.len(), 6, "{out}");
    for pair in played.chunks(2) {
        assert_eq!(pair[0].0, pair[1].0, "a pair plays one opening: {out}");
        assert_eq!((pair[0].1, pair[1].1), ('X', 'O'), "{out}");
    }
    let mut lines: Vec<usize> = played.iter().map(|g| g.0).collect();
    lines.sort();
    lines.dedup();
    assert_eq!(lines, [1, 2, 3], "each opening once: {out}");
}

#[test]
fn a_list_that_does_not_fit_is_named_by_its_line() {
    let bad = file("bad.txt", "f5d6c3d3c4f4c5b3\n# a comment\nf5d6a1\n");
    let (code, _, err) = common::run_boardplay(&[
        "arena",
        "-a",
        "random",
        "-b",
        "random",
        "--openings",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("line 3: move 3 (a1) cannot be played"),
        "{err}"
    );
    let (code, _, err) = common::run_boardplay(&[
        "arena",
        "-a",
        "random",
        "-b",
        "random",
        "--openings",
        "/no/such/list.txt",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("/no/such/list.txt"), "{err}");
    // A list and random openings do not go together.
    let (code, _, _) = common::run_boardplay(&[
        "arena",
        "-a",
        "random",
        "-b",
        "random",
        "--openings",
        "x",
        "--opening-moves",
        "3",
    ]);
    assert_eq!(code, Some(2));
}

#[test]
fn on_8x8_the_balanced_set_is_the_default_and_elsewhere_random_openings() {
    let (code, out, err) =
        common::run_boardplay(&["arena", "-a", "random", "-b", "random", "--games", "2"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("openings: 100 from the project's balanced set (openings/othello-8x8.txt)"),
        "{out}"
    );
    let (code, out, err) = common::run_boardplay(&[
        "arena", "--size", "6", "-a", "random", "-b", "random", "--games", "2",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("openings: 4 random moves"), "{out}");
}

/// The slowest move of a side, in seconds, from its "move time" line.
fn slowest(out: &str, side: &str) -> f64 {
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{side} move time: ")))
        .unwrap();
    let text = line.split("slowest ").nth(1).unwrap();
    let text = text.split(',').next().unwrap();
    let (number, unit) = text.split_once(' ').unwrap();
    let n: f64 = number.parse().unwrap();
    match unit {
        "s" => n,
        "ms" => n / 1e3,
        "µs" => n / 1e6,
        _ => n / 1e9,
    }
}

#[test]
fn a_time_a_move_holds_a_player_that_would_take_longer() {
    // Alpha-beta for 5 s a move, held to 20 ms: not a speed figure, a guard that the limit is
    // obeyed (unheld, these games take minutes).
    let (code, out, err) = common::run_boardplay(&[
        "arena",
        "-a",
        "alphabeta:5s",
        "-b",
        "random",
        "--games",
        "2",
        "--time",
        "20",
        "--threads",
        "1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("time a move: at most 20 ms"), "{out}");
    assert!(slowest(&out, "A") < 2.5, "{out}");
    // The limit the times are held to is --time's, shorter than the player's own 5 s.
    assert!(out.contains("over the limit of 20.0 ms"), "{out}");
    assert!(!out.contains("limit of 5"), "{out}");
}

#[test]
fn a_game_that_ends_early_gives_the_empty_cells_to_the_winner() {
    // Black's one move (any of three) takes White's last disc: the game ends with 59 empty
    // cells, which the world federation's rules (and WTHOR, GGS, the engines) count for the
    // winner: 64-0, not 5-0.
    let empty = "-".repeat(8);
    let board = format!("{e}{e}{e}---XX------XO---{e}{e}{e} X", e = empty);
    let (code, out, err) = common::run_boardplay(&[
        "arena",
        "-a",
        "random",
        "-b",
        "random",
        "--board",
        &board,
        "--games",
        "2",
        "--verbose",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("game    1: A has X, 1 moves, A wins, +64"),
        "{out}"
    );
    assert!(
        out.contains("game    2: A has O, 1 moves, B wins, -64"),
        "{out}"
    );
}

#[test]
fn a_clock_is_shared_out_over_a_sides_moves() {
    let (code, out, err) = common::run_boardplay(&[
        "arena",
        "-a",
        "alphabeta:5s",
        "-b",
        "random",
        "--games",
        "2",
        "--clock",
        "2000",
        "--threads",
        "1",
        "--verbose",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("clock: 2000 ms a game for each side"), "{out}");
    assert!(slowest(&out, "A") < 2.0, "{out}");
}

/// The opening lines (moves and value) of a list that `boardplay openings` wrote.
fn opening_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.starts_with('#')).collect()
}

#[test]
fn the_balanced_set_is_made_again_by_its_command_on_two_threads() {
    // The shipped set was made on one thread; openings valued two at a time must be kept in
    // the same order, with the same values.
    let out = file("balanced-3.txt", "");
    let (code, _, err) = common::run_boardplay(&[
        "openings",
        "--out",
        out.to_str().unwrap(),
        "--count",
        "3",
        "--moves",
        "8",
        "--depth",
        "16",
        "--within",
        "2",
        "--seed",
        "1",
        "--threads",
        "2",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let made = std::fs::read_to_string(&out).unwrap();
    let shipped = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("openings/othello-8x8.txt"),
    )
    .unwrap();
    assert_eq!(opening_lines(&made), opening_lines(&shipped)[..3]);
}
