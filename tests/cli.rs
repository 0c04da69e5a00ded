//! The command line, run as a program: `boardplay perft` prints the leaf count of every depth,
//! and refuses bad options with a clear message on stderr and exit code 2, never a panic. Jobs
//! far beyond reach are refused with an estimate, long ones announced, and Ctrl+C (SIGINT) stops
//! any of them with status 130 and what was done so far.

mod common;

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};

use boardplay::core::othello::Othello8;
use boardplay::core::{Position, perft::perft};

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn boardplay(args: &[&str]) -> Run {
    let (code, stdout, stderr) = common::run_boardplay(args);
    Run {
        code,
        stdout,
        stderr,
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
    fails_clearly(&["perft", "--board", "bad"], &["3 characters", "--size"]);
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
        "arena",
        "--game",
        "othello",
        "--size",
        "4",
        "--player-a",
        "expert",
        "--player-b",
        "beginner",
        "--games",
        "2",
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
        "arena", "--game", "ttt", "-a", "medium", "-b", "medium", "--games", "2",
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

/// The lines of an arena's report that do not depend on time.
fn match_lines(stdout: &str) -> Vec<&str> {
    stdout.lines().filter(|l| !l.contains("time")).collect()
}

#[test]
fn arena_players_are_a_and_b_and_the_colour_names_still_work() {
    let args = |a: &str, b: &str| {
        [
            "arena", "--game", "ttt", a, "medium", b, "easy", "--games", "6", "--seed", "3",
        ]
        .map(String::from)
    };
    let long = succeeds(
        &args("--player-a", "--player-b")
            .each_ref()
            .map(String::as_str),
    );
    let lines = match_lines(&long.stdout);
    assert!(
        lines.iter().any(|l| l.starts_with("A: Medium")),
        "{}",
        long.stdout
    );
    assert!(
        lines.iter().any(|l| l.starts_with("B: Easy")),
        "{}",
        long.stdout
    );
    assert!(
        lines.iter().any(|l| l.starts_with("games 6: ")),
        "{}",
        long.stdout
    );
    for (a, b) in [("-a", "-b"), ("--black", "--white")] {
        let run = succeeds(&args(a, b).each_ref().map(String::as_str));
        assert_eq!(match_lines(&run.stdout), lines, "{a} {b}");
    }
    let help = succeeds(&["arena", "--help"]).stdout;
    assert!(
        help.contains("--player-a") && help.contains("--player-b"),
        "{help}"
    );
    assert!(
        !help.contains("--black"),
        "the old names are hidden: {help}"
    );
}

#[test]
fn bad_player_descriptions_are_refused_with_the_reason() {
    let arena = |a: &str, words: &[&str]| {
        fails_clearly(&["arena", "--game", "ttt", "-a", a, "-b", "random"], words);
    };
    // Numbers that would wrap around in a narrower type are refused with their range.
    arena(
        "alphabeta:4294967297",
        &["alpha-beta depth", "from 1 to 64"],
    );
    arena("minimax:4294967296", &["minimax depth", "from 1 to 64"]);
    arena("mcts:0", &["MCTS iterations", "from 1 to"]);
    arena("mcts:0ms", &["milliseconds", "from 1 to"]);
    // A name that takes no number refuses one rather than ignoring it.
    arena("random:5", &["'random' takes no argument", "'5'"]);
    arena("exact:7", &["'exact' takes no argument"]);
    arena("minimax:three", &["must be a number", "'three'"]);
    arena("grandmaster", &["unknown player 'grandmaster'"]);
    // Player B is checked as well, and named.
    fails_clearly(
        &[
            "arena",
            "--game",
            "ttt",
            "-a",
            "random",
            "-b",
            "alphabeta:99",
        ],
        &["\"alphabeta:99\"", "from 1 to 64"],
    );
    // Times and the old colour names read as documented.
    let run = succeeds(&[
        "arena",
        "--game",
        "ttt",
        "--black",
        "alphabeta:20ms",
        "--white",
        "mcts:1s",
        "--games",
        "1",
    ]);
    assert!(run.stdout.contains("alphabeta:20ms"), "{}", run.stdout);
}

#[test]
fn an_arena_from_a_finished_position_is_refused() {
    // X has three in a row.
    let run = fails_clearly(
        &[
            "arena",
            "--game",
            "ttt",
            "--board",
            "XXX OO- --- O",
            "-a",
            "random",
            "-b",
            "random",
        ],
        &["the position is already over"],
    );
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    // A full Othello board: neither side has a move.
    fails_clearly(
        &[
            "arena",
            "--game",
            "othello",
            "--board",
            "XXXXXXXX XXXXXXXX OOOOOOOO OOOOOOOO XXXXXXXX XXXXXXXX OOOOOOOO OOOOOOOO O",
            "-a",
            "random",
            "-b",
            "random",
        ],
        &["the position is already over"],
    );
}

#[test]
fn a_board_for_another_game_says_what_it_was_read_as() {
    // A tic-tac-toe board asked to be Othello: 3x3 is no Othello board.
    fails_clearly(
        &["perft", "--game", "othello", "--board", "X-- -O- --- X"],
        &["read as Othello", "3x3", "4 to 16"],
    );
    // The same without --game: Othello is the default, and the error says how to ask for
    // tic-tac-toe.
    fails_clearly(
        &["perft", "--board", "X-- -O- --- X"],
        &["read as Othello", "default game", "--game tictactoe"],
    );
    // Asked for as tic-tac-toe, it is tic-tac-toe.
    let run = succeeds(&[
        "perft",
        "--game",
        "tictactoe",
        "--board",
        "X-- -O- --- X",
        "--depth",
        "1",
    ]);
    assert!(run.stdout.contains("tic-tac-toe 3x3"), "{}", run.stdout);
    assert_eq!(leaf_counts(&run.stdout), vec![(1, 7)]);
    // A side to move but no square size: the error names the count, the game and --size.
    fails_clearly(
        &["perft", "--board", "XO- X"],
        &["4 characters", "no square board", "--size", "Othello"],
    );
    // A size given that the board does not have.
    fails_clearly(
        &[
            "perft",
            "--game",
            "ttt",
            "--size",
            "4",
            "--board",
            "X-- -O- --- X",
        ],
        &["read as tic-tac-toe 4x4", "9 cells", "16"],
    );
}

/// Refused before any work: exit 2, an estimate of the time, and the way to force it.
fn refused_as_far_beyond_reach(args: &[&str]) -> Run {
    let run = fails_clearly(args, &["far beyond reach", "--force", "about "]);
    assert!(run.stdout.is_empty(), "nothing was run: {}", run.stdout);
    run
}

#[test]
fn perft_far_beyond_reach_is_refused_with_an_estimate() {
    let run = refused_as_far_beyond_reach(&["perft", "--size", "8", "--depth", "40"]);
    // 8x8 Othello has about 10^30 leaves and more at depth 40: years, whatever the machine.
    assert!(run.stderr.contains("years"), "{}", run.stderr);
    assert!(run.stderr.contains("leaves"), "{}", run.stderr);
}

#[test]
fn solving_from_the_start_of_big_boards_is_refused_with_an_estimate() {
    let empty = |cells: usize| format!("{} X", "-".repeat(cells));
    let run = refused_as_far_beyond_reach(&[
        "solve",
        "--game",
        "tictactoe",
        "--size",
        "8",
        "--board",
        &empty(64),
    ]);
    assert!(run.stderr.contains("64 empties"), "{}", run.stderr);
    let start16 = format!(
        "{}OX{}XO{} X",
        "-".repeat(16 * 7 + 7),
        "-".repeat(14),
        "-".repeat(16 * 7 + 7)
    );
    let run = refused_as_far_beyond_reach(&["solve", "--size", "16", "--board", &start16]);
    assert!(run.stderr.contains("252 empties"), "{}", run.stderr);
}

#[test]
fn an_arena_far_beyond_reach_is_refused_with_an_estimate() {
    // Minimax to the end of an Othello game, every move of every game.
    refused_as_far_beyond_reach(&["arena", "-a", "minimax:64", "-b", "random"]);
    // The exact solver playing Othello 8x8 from the first move.
    refused_as_far_beyond_reach(&["arena", "-a", "exact", "-b", "random", "--games", "2"]);
    // The same players on 3x3 tic-tac-toe are quick: the estimate is of the job asked.
    let run = succeeds(&[
        "arena",
        "--game",
        "ttt",
        "-a",
        "minimax:64",
        "-b",
        "exact",
        "--games",
        "2",
    ]);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
}

/// A running `boardplay`, its output read as it comes.
struct Running {
    child: Child,
    stdout: BufReader<std::process::ChildStdout>,
    stderr: BufReader<std::process::ChildStderr>,
    seen_out: String,
    seen_err: String,
}

impl Running {
    fn start(args: &[&str]) -> Running {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardplay"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the boardplay binary runs");
        Running {
            stdout: BufReader::new(child.stdout.take().unwrap()),
            stderr: BufReader::new(child.stderr.take().unwrap()),
            child,
            seen_out: String::new(),
            seen_err: String::new(),
        }
    }

    /// Reads stdout up to the first line that `wanted` accepts; panics if it ends first.
    fn stdout_until(&mut self, wanted: impl Fn(&str) -> bool) {
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).unwrap();
            assert!(n > 0, "stdout ended early: {}", self.seen_out);
            self.seen_out += &line;
            if wanted(&line) {
                return;
            }
        }
    }

    /// Reads stderr up to the first line that `wanted` accepts; `false` if it ends first.
    fn stderr_until(&mut self, wanted: impl Fn(&str) -> bool) -> bool {
        loop {
            let mut line = String::new();
            if self.stderr.read_line(&mut line).unwrap() == 0 {
                return false;
            }
            self.seen_err += &line;
            if wanted(&line) {
                return true;
            }
        }
    }

    /// Sends Ctrl+C (SIGINT).
    #[cfg(target_os = "linux")]
    fn interrupt(&self) {
        let pid = libc::pid_t::try_from(self.child.id()).unwrap();
        // SAFETY: kill has no memory effects; the child is ours and not yet waited for.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    }

    /// Waits for the end, reading the rest of both outputs; kills the process and fails if
    /// it takes more than a minute after being asked to stop.
    fn finish(mut self) -> Run {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if std::time::Instant::now() > deadline {
                self.child.kill().ok();
                panic!("did not stop: {}\n{}", self.seen_out, self.seen_err);
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        };
        self.stdout.read_to_string(&mut self.seen_out).unwrap();
        self.stderr.read_to_string(&mut self.seen_err).unwrap();
        Run {
            code: status.code(),
            stdout: self.seen_out,
            stderr: self.seen_err,
        }
    }
}

#[cfg(target_os = "linux")]
#[test]
fn perft_deeper_than_any_game_counts_to_the_longest_and_says_how_long() {
    let mut run = Running::start(&[
        "perft", "--game", "ttt", "--size", "4", "--depth", "1000000",
    ]);
    assert!(
        run.stderr_until(|l| l.contains("counting to depth 16")),
        "{}",
        run.seen_err
    );
    // Then either refused (more than a day on this machine) or announced with its estimate,
    // and stopped here by Ctrl+C.
    run.stderr_until(|l| l.contains("will take") || l.contains("far beyond reach"));
    let refused = run.seen_err.contains("far beyond reach");
    if !refused {
        run.interrupt();
    }
    let run = run.finish();
    assert!(run.stderr.contains("tic-tac-toe 4x4"), "{}", run.stderr);
    assert!(run.stderr.contains("about "), "{}", run.stderr);
    assert_eq!(
        run.code,
        Some(if refused { 2 } else { 130 }),
        "{}",
        run.stderr
    );
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_stops_perft_with_the_depths_counted() {
    let mut run = Running::start(&["perft", "--size", "8", "--depth", "40", "--force"]);
    // The counts of depth 1 to 11 take well under a second; by depth 12 the progress bar would
    // be up on a terminal.
    run.stdout_until(|l| l.trim_start().starts_with("11 "));
    run.stdout_until(|l| l.trim_start().starts_with("12 "));
    run.interrupt();
    let run = run.finish();
    assert_eq!(run.code, Some(130), "{}\n{}", run.stdout, run.stderr);
    let counts = leaf_counts(&run.stdout);
    assert!(counts.len() >= 12, "{}", run.stdout);
    assert_eq!(counts[..11], common::othello_perft_expected(8, 11)[..]);
    assert!(
        !run.stdout.contains("total"),
        "no total of an unfinished count"
    );
    // Forced, the estimate is still stated; no progress bar on a pipe.
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stderr);
    assert!(
        lines[0].starts_with("note: perft to depth 40"),
        "{}",
        run.stderr
    );
    assert!(lines[0].contains("years"), "{}", run.stderr);
    assert_eq!(lines[1], "interrupted");
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_stops_a_solve() {
    let board = format!("{} X", "-".repeat(64));
    let mut run = Running::start(&[
        "solve", "--game", "ttt", "--size", "8", "--board", &board, "--force",
    ]);
    run.stdout_until(|l| l.starts_with("solve: tic-tac-toe 8x8"));
    run.interrupt();
    let run = run.finish();
    assert_eq!(run.code, Some(130), "{}\n{}", run.stdout, run.stderr);
    assert!(run.stderr.ends_with("interrupted\n"), "{}", run.stderr);
    assert!(!run.stdout.contains("value:"), "{}", run.stdout);
}

#[cfg(target_os = "linux")]
#[test]
fn a_long_arena_is_announced_and_ctrl_c_reports_the_games_played() {
    // Perfect on 8x8 Othello is the strongest search at 5 s a move: hours for 100 games.
    let mut run = Running::start(&["arena", "-a", "perfect", "-b", "random"]);
    assert!(
        run.stderr_until(|l| l.starts_with("note: this arena on Othello 8x8 will take about")),
        "{}",
        run.seen_err
    );
    assert!(run.seen_err.contains(" h "), "hours: {}", run.seen_err);
    run.stdout_until(|l| l.starts_with("B budget:"));
    run.interrupt();
    let run = run.finish();
    assert_eq!(run.code, Some(130), "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("interrupted after 0 of 100 games"),
        "{}",
        run.stdout
    );
    assert!(run.stderr.ends_with("interrupted\n"), "{}", run.stderr);
}

/// FFO positions #1-#6 as OBF lines, each with the published value of its best moves only.
fn ffo_obf() -> String {
    common::ffo_positions()
        .iter()
        .filter(|p| p.id <= 6)
        .map(|p| {
            let values: String = p
                .best_moves
                .iter()
                .map(|m| format!(" {}:{:+};", m.to_uppercase(), p.score))
                .collect();
            format!("{} {};{values}\n", p.board, p.side)
        })
        .collect()
}

#[test]
fn test_positions_scores_the_engine_against_published_answers() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ffo-1-6.obf");
    std::fs::write(&file, format!("% FFO #1-#6\n{}", ffo_obf())).unwrap();
    let path = file.to_str().unwrap();
    // Expert solves 14 empties exactly: every move is a best one and every score exact.
    let run = succeeds(&["test-positions", "--file", path, "--time", "10000"]);
    let last = run.stdout.lines().last().unwrap_or("");
    assert_eq!(
        last,
        "positions 6, best move 100.0%, top-3 100.0%, mean abs error 0.00 discs, mean disc loss 0.00",
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("engine g8 +18.0  exact +18"),
        "{}",
        run.stdout
    );
    // A shallow search with the hand-written evaluation runs the same way.
    let run = succeeds(&[
        "test-positions",
        "--file",
        path,
        "--depth",
        "2",
        "--eval",
        "hand",
    ]);
    assert!(
        run.stdout
            .lines()
            .last()
            .unwrap_or("")
            .starts_with("positions 6, best move ")
    );

    // The shipped known-answer sets read, and give a value for every legal move, with
    // positions of the empties their names say.
    for (name, count, empties) in [("known-20-24", 48, 20..=24), ("known-24-28", 24, 24..=28)] {
        let shipped = format!(
            "{}/benches/positions/{name}.obf",
            env!("CARGO_MANIFEST_DIR")
        );
        let run = succeeds(&["test-positions", "--file", &shipped, "--depth", "1"]);
        assert!(
            run.stdout
                .lines()
                .last()
                .unwrap_or("")
                .starts_with(&format!("positions {count}, ")),
            "{}",
            run.stdout
        );
        let text = std::fs::read_to_string(&shipped).unwrap();
        for line in text.lines().filter(|l| !l.starts_with('%')) {
            let (board, values) = line.split_once(';').unwrap();
            let pos = Othello8::start().parse_board(board).unwrap();
            assert!(empties.contains(&board.matches('-').count()), "{line}");
            assert_eq!(
                values.matches(':').count(),
                pos.legal_moves().count(),
                "{line}"
            );
        }
    }

    // On a clock: FFO #1-#6 have 14 empties, well inside the solving zone, so with a
    // minute left every move is exact.
    let run = succeeds(&["test-positions", "--file", path, "--game-left", "60000"]);
    assert_eq!(
        run.stdout.lines().last().unwrap_or(""),
        "positions 6, best move 100.0%, top-3 100.0%, mean abs error 0.00 discs, mean disc loss 0.00",
        "{}",
        run.stdout
    );

    fails_clearly(&["test-positions", "--file", path], &["--time", "--depth"]);
    fails_clearly(
        &[
            "test-positions",
            "--file",
            path,
            "--time",
            "100",
            "--game-left",
            "1000",
        ],
        &["--game-left", "--time"],
    );
    std::fs::write(&file, "--XX X;\n").unwrap();
    fails_clearly(
        &["test-positions", "--file", path, "--depth", "3"],
        &["line 1", "no square board"],
    );
}

/// Values out of the board's range, for moves that are not legal, or for a pass where there
/// are moves, and bytes that are not text, are refused with their line (issue 23): before,
/// `F5:+2147483647` wrapped and printed a loss of -1, and `A1:+64` was taken as given.
#[test]
fn test_positions_refuses_values_that_cannot_be_with_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.obf");
    let path = file.to_str().unwrap();
    // The start position, Black (X) to move: d3, c4, f5 and e6 are legal.
    let start = format!("{0}---OX------XO---{0} X;", "-".repeat(24));
    let cases = [
        (
            "F5:+2147483647;",
            "line 2: F5:+2147483647: a value is from -64 to +64 discs on 8x8",
        ),
        (
            "F5:+0; A1:+64;",
            "line 2: a value for A1 (+64), which is not a legal move here",
        ),
        (
            "F5:+0; PA:+0;",
            "line 2: a value for a pass (PA:+0) where there are 4 legal moves",
        ),
    ];
    for (values, words) in cases {
        std::fs::write(&file, format!("% start\n{start} {values}\n")).unwrap();
        fails_clearly(
            &["test-positions", "--file", path, "--depth", "1"],
            &[words],
        );
    }
    let mut bytes = format!("% start\n{start} F5:+0;\n").into_bytes();
    bytes.extend_from_slice(b"% caf\xE9\n");
    std::fs::write(&file, bytes).unwrap();
    fails_clearly(
        &["test-positions", "--file", path, "--depth", "1"],
        &["line 3: byte", "is not UTF-8 text"],
    );
    // The same position with values for legal moves only is scored.
    std::fs::write(&file, format!("{start} F5:+0; D3:+0; C4:+0; E6:+0;\n")).unwrap();
    let run = succeeds(&["test-positions", "--file", path, "--depth", "1"]);
    assert!(run.stdout.contains("loss 0"), "{}", run.stdout);
}

#[test]
fn solve_finds_every_best_move_or_with_one_best_the_first() {
    // FFO #1-#6 at 14 empties, with the published scores and every best move (#4 and #6
    // have two); the file's own format, checked by `solve` itself.
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/othello/ffo-01-39.txt");
    let path = path.to_str().unwrap();
    let run = succeeds(&["solve", "--file", path, "--ids", "1-6"]);
    assert!(
        run.stdout.contains("h8,a5") || run.stdout.contains("a5,h8"),
        "{}",
        run.stdout
    );
    let run = succeeds(&["solve", "--file", path, "--ids", "1-6", "--one-best"]);
    let rows: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.trim_end().ends_with(" ok"))
        .collect();
    assert_eq!(rows.len(), 6, "{}", run.stdout);
    for row in rows {
        let best = row.split_whitespace().nth(3).unwrap();
        assert!(!best.contains(','), "one best move a row: {row}");
    }
    // A file whose best move is wrong fails, naming it.
    let dir = tempfile::tempdir().unwrap();
    let wrong = dir.path().join("wrong.txt");
    let line = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .find(|l| l.starts_with("1 "))
        .unwrap()
        .replace(" g8 ", " a1 ");
    std::fs::write(&wrong, line).unwrap();
    fails_clearly(
        &["solve", "--file", wrong.to_str().unwrap(), "--one-best"],
        &["best move g8 but the file says a1"],
    );
}

#[test]
fn probcut_prints_the_spreads_of_both_searches() {
    let run = succeeds(&[
        "probcut",
        "--games",
        "30",
        "--per-bucket",
        "2",
        "--depth",
        "4",
    ]);
    assert!(
        run.stdout.contains("endgame: exact score minus"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("midgame: a deep search's value"),
        "{}",
        run.stdout
    );
    // Three buckets of three shallow depths, then three buckets of depths 3 and 4.
    let rows: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.trim_start().starts_with(char::is_numeric))
        .collect();
    assert_eq!(rows.len(), 9 + 6, "{}", run.stdout);
    assert!(rows[0].contains("exact"), "{}", rows[0]);
    fails_clearly(&["probcut", "--per-bucket", "1"], &["--per-bucket"]);
    fails_clearly(&["probcut", "--threads", "0"], &["--threads"]);
}

#[test]
fn train_writes_weights_for_both_learned_sizes_and_refuses_others() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("w12.bpw");
    let out_arg = out.to_str().unwrap();
    let run = succeeds(&[
        "train",
        "--size",
        "12",
        "--games",
        "30",
        "--max-empties",
        "20",
        "--test-positions",
        "3",
        "--out",
        out_arg,
    ]);
    assert!(
        run.stdout.contains("phase 1 (11-20 empties)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("weights written to"), "{}", run.stdout);
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(&bytes[..4], b"BPW1");
    // 14 phases of 151,378 weights.
    assert_eq!(u32::from_le_bytes(bytes[4..8].try_into().unwrap()), 14);
    assert_eq!(
        u32::from_le_bytes(bytes[8..12].try_into().unwrap()),
        151_378
    );
    fails_clearly(
        &["train", "--size", "10", "--out", out_arg],
        &["--size 10", "8 and 12"],
    );
    fails_clearly(
        &[
            "train",
            "--size",
            "12",
            "--exact-empties",
            "8",
            "--out",
            out_arg,
        ],
        &["--exact-empties", "multiple of 10"],
    );
}

#[test]
fn train_learns_from_wthor_games_and_starts_warm() {
    use boardplay::formats::wthor::build;
    let dir = tempfile::tempdir().unwrap();
    // Two games of a WTHOR file: 10 and 6 moves, each a position before every move.
    let mut wtb = build::header(2, 2001, false);
    wtb.extend(build::game(0, 0, 0, 40, "f5d6c3d3c4f4f6f3e6e7"));
    wtb.extend(build::game(0, 0, 0, 40, "f5f6e6f4e3c5"));
    let games = dir.path().join("WTH_2001.wtb");
    std::fs::write(&games, wtb).unwrap();
    let out = dir.path().join("w8.bpw");
    let out_arg = out.to_str().unwrap();
    let small = |extra: &[&str]| {
        let mut args = vec![
            "train",
            "--games",
            "30",
            "--max-empties",
            "20",
            "--test-positions",
            "3",
            "--out",
            out_arg,
        ];
        args.extend_from_slice(extra);
        args.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    // A folder is read for its .wtb files.
    let folder = dir.path().to_str().unwrap().to_string();
    let args = small(&["--wthor", &folder]);
    let run = succeeds(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(
        run.stdout
            .contains("read 2 games (16 positions) from WTHOR files"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("weights written to"), "{}", run.stdout);
    // The weights just written start the next run.
    let warm = dir.path().join("warm.bpw");
    std::fs::copy(&out, &warm).unwrap();
    let args = small(&["--warm", warm.to_str().unwrap()]);
    succeeds(&args.iter().map(String::as_str).collect::<Vec<_>>());

    let args = small(&["--size", "12", "--wthor", &folder]);
    fails_clearly(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        &["--wthor", "8x8"],
    );
    let args = small(&["--size", "12", "--warm", warm.to_str().unwrap()]);
    fails_clearly(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        &["--warm"],
    );
    std::fs::write(&games, b"not a wthor file").unwrap();
    let args = small(&["--wthor", games.to_str().unwrap()]);
    fails_clearly(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        &["WTH_2001.wtb"],
    );
}

/// A fresh folder for one test's files.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("boardplay-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn files_that_are_not_regular_files_are_refused_at_once_with_the_option_named() {
    // Read as before, /dev/zero filled memory (3 GB in 3 s) and a named pipe blocked for
    // good: now every file option reads only a regular file of a believable size.
    let dir = folder("devices");
    #[cfg(target_os = "linux")]
    let fifo = {
        use std::os::unix::ffi::OsStrExt;
        let path = dir.join("pipe");
        let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
        // SAFETY: `c` is a valid NUL-terminated path for the call.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
        path.display().to_string()
    };
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["solve", "--file", "/dev/zero"],
            "--file /dev/zero: it is a character device, not a file",
        ),
        (
            vec!["test-positions", "--file", "/dev/zero", "--depth", "1"],
            "--file /dev/zero: it is a character device",
        ),
        (
            vec![
                "arena",
                "-a",
                "random",
                "-b",
                "random",
                "--openings",
                "/dev/zero",
            ],
            "--openings /dev/zero: it is a character device",
        ),
        (
            vec!["probcut", "--wthor", "/dev/zero"],
            "--wthor /dev/zero: it is a character device",
        ),
        (
            vec!["train", "--out", "/tmp/never.bpw", "--warm", "/dev/zero"],
            "--warm /dev/zero: it is a character device",
        ),
        #[cfg(target_os = "linux")]
        (
            vec!["solve", "--file", fifo.as_str()],
            "it is a named pipe (FIFO), not a file",
        ),
    ];
    for (args, says) in cases {
        let started = std::time::Instant::now();
        let (code, out, err) = common::run_boardplay(&args);
        assert_eq!(code, Some(2), "{args:?}: {out}{err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "{args:?}"
        );
    }
}

#[test]
fn a_line_that_is_not_utf8_is_named_and_an_empty_wthor_folder_is_refused() {
    let dir = folder("text");
    let file = dir.join("positions.txt");
    std::fs::write(&file, b"# a comment\n20 bad\xffline\n").unwrap();
    let (code, _, err) = common::run_boardplay(&["solve", "--file", file.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("line 2 is not UTF-8 text (its byte 7 is not)"),
        "{err}"
    );
    let empty = folder("no-wthor");
    let (code, out, err) = common::run_boardplay(&["probcut", "--wthor", empty.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("the folder holds no WTHOR file (.wtb)"),
        "{err}"
    );
}

#[test]
fn a_mistyped_command_is_refused_not_opened_as_a_game_file() {
    let (code, out, err) = common::run_boardplay(&["slove", "--board", "x"]);
    assert_eq!(code, Some(2), "{out}{err}");
    let (code, out, err) = common::run_boardplay(&["slove"]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("'slove' is neither a command (perft, solve,"),
        "{err}"
    );
}

#[test]
fn test_positions_at_a_fixed_depth_counts_nodes_and_the_selective_search_visits_fewer() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mid.obf");
    // Two midgame positions (an XOT-like opening and a later one), Black to move.
    std::fs::write(
        &file,
        "----------XXO----OXXOO---OXOOXX---XOOX-----OO------------------- X;\n\
         --O--O-----OOX----OOXX---OOOXXX----OXX-----OX------------------- X;\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let nodes = |extra: &[&str]| -> u64 {
        let mut args = vec![
            "test-positions",
            "--file",
            path,
            "--depth",
            "7",
            "--threads",
            "1",
        ];
        args.extend_from_slice(extra);
        let run = succeeds(&args);
        // Each line's count, summed, is the summary's.
        let per_line: u64 = run
            .stdout
            .lines()
            .filter_map(|l| l.split("(depth 7, ").nth(1))
            .map(|rest| rest.trim_end_matches(" nodes)").parse::<u64>().unwrap())
            .sum();
        let total: u64 = run
            .stdout
            .lines()
            .last()
            .unwrap()
            .rsplit("nodes ")
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(per_line, total, "{}", run.stdout);
        total
    };
    let full = nodes(&[]);
    let selective = nodes(&["--selective"]);
    assert!(selective < full, "selective {selective}, full width {full}");
}

/// The midgame search has a copy compiled for x86-64-v3 and a plain one; `BOARDPLAY_ISA`
/// caps the copy in use (on a CPU without the instructions every cap runs the plain copy).
/// Each copy plays the same moves with the same values through the same positions.
#[test]
fn every_copy_of_the_midgame_search_visits_the_same_positions() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/positions/balanced-30.obf"
    );
    let run = |isa: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_boardplay"))
            .args(["test-positions", "--file", file, "--depth", "10"])
            .args(["--selective", "--threads", "1", "--book", "off"])
            .env("BOARDPLAY_ISA", isa)
            .output()
            .expect("the boardplay binary runs");
        assert!(out.status.success(), "{isa}: {out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let plain = run("portable");
    assert_eq!(plain.matches(" nodes)").count(), 30, "{plain}");
    for isa in ["avx2", "avx512"] {
        assert_eq!(run(isa), plain, "{isa}");
    }
}
