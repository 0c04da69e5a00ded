//! `boardplay nboard`, driven as NBoard drives an engine: a line at a time on its standard
//! input, each answer read before the next command is sent (as a GUI does, waiting for
//! `pong`, `===` or the last hint). Values are checked against the plain reference solver.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use boardplay::ai::solver::othello_endgame::solve_plain;
use boardplay::core::othello::Othello8;
use boardplay::core::{Bits, Move, Position, notation};

/// The engine, its input, and its output lines as they come (read on a thread, so that a
/// wait can have a deadline).
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardplay"))
            .arg("nboard")
            .env("RUST_BACKTRACE", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the boardplay binary runs");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in output.lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// The lines up to and including the first that `last` accepts; fails after a minute.
    fn until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no answer in time; so far: {:?} {got:?}", self.seen));
            self.seen.push(line.clone());
            got.push(line.clone());
            if last(&line) {
                return got;
            }
        }
    }

    /// Sends `ping n` and returns every line before its `pong n`.
    fn sync(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        let mut lines = self.until(|l| l == format!("pong {n}"));
        lines.pop();
        lines
    }

    /// Sends `go` and returns the move and value of its `===` line (read up to the empty
    /// `status` line that ends the answer).
    fn go(&mut self) -> (String, Option<f64>) {
        self.send("go");
        let lines = self.until(|l| l == "status");
        let answer = lines
            .iter()
            .find_map(|l| l.strip_prefix("=== "))
            .unwrap_or_else(|| panic!("no move in {lines:?}"))
            .to_string();
        let mut parts = answer.split('/');
        let mv = parts.next().unwrap().to_string();
        let value = parts.next().map(|v| v.parse().unwrap());
        (mv, value)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// A GGF game from the standard start with `moves` (GGF spelling: "F5 F6 E6").
fn ggf(moves: &str) -> String {
    let mut text = String::from(
        "(;GM[Othello]PC[NBoard]PB[a]PW[b]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]",
    );
    for (i, mv) in moves.split_whitespace().enumerate() {
        let side = if i % 2 == 0 { 'B' } else { 'W' };
        text.push_str(&format!("{side}[{mv}]"));
    }
    text.push_str(";)");
    text
}

fn position_after(moves: &str) -> Othello8 {
    notation::play_moves(&Othello8::start(), moves).unwrap().1
}

#[test]
fn it_names_itself_takes_a_game_and_plays_a_legal_move() {
    let mut e = Engine::start();
    e.send("nboard 2");
    assert_eq!(e.until(|_| true), ["set myname boardplay"]);
    e.send("set depth 4");
    assert_eq!(e.until(|_| true), ["set myname boardplay4"]);
    e.send(&format!("set game {}", ggf("F5 F6 E6 F4")));
    e.send("move E3/0.00/1.2");
    assert!(e.sync(1).is_empty(), "no answer to set game and move");
    let (mv, value) = e.go();
    let pos = position_after("f5 f6 e6 f4 e3");
    let played = notation::parse_moves(&mv).unwrap()[0];
    assert!(pos.is_legal(played), "{mv} is not legal after f5f6e6f4e3");
    assert!(value.is_some_and(|v| v.abs() < 64.0), "{value:?}");
    // The answer is not played: the GUI sends it back as a move.
    e.send(&format!("move {mv}"));
    assert!(e.sync(2).is_empty());
}

#[test]
fn near_the_end_its_move_and_hints_are_exact() {
    // A game played to 12 empties (passes left out, as the engine must add them); the exact
    // values from the plain reference solver.
    let (moves, pos) = first_moves_to_12_empties();
    let values: Vec<(Move, i32)> = pos
        .legal_moves()
        .map(|mv| (mv, -solve_plain(&pos.play(mv).unwrap(), -64, 64)))
        .collect();
    let best = values.iter().map(|&(_, v)| v).max().unwrap();

    let mut e = Engine::start();
    e.send("nboard 2");
    e.send("set depth 6");
    e.send(&format!("set game {}", ggf(&moves)));
    e.sync(1);
    let (mv, value) = e.go();
    let played = notation::parse_moves(&mv).unwrap()[0];
    let its = values.iter().find(|&&(m, _)| m == played).unwrap().1;
    assert_eq!(its, best, "{mv} is not a best move: {values:?}");
    assert_eq!(value, Some(f64::from(best)));

    e.send("hint 2");
    // Every move is solved: the last two lines are the two best, exact.
    let lines = e.until(|l| l == "status");
    let hints: Vec<(String, f64, String)> = lines
        .iter()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w.first() == Some(&"search"))
                .then(|| (w[1].into(), w[2].parse().unwrap(), w[4].into()))
        })
        .collect();
    let exact: Vec<_> = hints.iter().filter(|h| h.2 == "100%").collect();
    assert!(!exact.is_empty(), "{lines:?}");
    let mut sorted: Vec<i32> = values.iter().map(|&(_, v)| v).collect();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let last_two: Vec<f64> = exact.iter().rev().take(2).map(|h| h.1).collect();
    let mut last_two_sorted = last_two.clone();
    last_two_sorted.sort_by(|a, b| b.total_cmp(a));
    assert_eq!(
        last_two_sorted,
        sorted
            .iter()
            .take(2)
            .map(|&v| f64::from(v))
            .collect::<Vec<_>>(),
        "{lines:?}"
    );
}

#[test]
fn bad_lines_get_an_error_and_the_engine_goes_on() {
    let mut e = Engine::start();
    e.send("nboard 2");
    e.send("set depth 3");
    e.sync(1);
    for bad in [
        "set depth zero",
        "set depth 0",
        "move z9",
        "move A1",
        "set game (;GM[Othello]B[F5",
        "hint many",
        "set contempt lots",
        "set contempt 6401",
    ] {
        e.send(bad);
        let lines = e.sync(2);
        assert!(
            lines.len() == 1 && lines[0].starts_with("status Error: "),
            "{bad}: {lines:?}"
        );
    }
    e.send("frobnicate 3");
    let lines = e.sync(3);
    assert!(
        lines.len() == 1 && lines[0].contains("unknown command"),
        "{lines:?}"
    );
    // Nothing was changed: the start position, at depth 3.
    let (mv, _) = e.go();
    let played = notation::parse_moves(&mv).unwrap()[0];
    assert!(Othello8::start().is_legal(played), "{mv}");
    e.send("learn");
    assert_eq!(e.until(|_| true), ["learned"]);
    // A contempt in centi-discs is taken without an answer, whole or not, either way.
    for contempt in ["set contempt 50", "set contempt -6400", "set contempt 12.5"] {
        e.send(contempt);
        assert!(e.sync(4).is_empty(), "{contempt}");
    }
}

#[test]
fn a_ping_stops_a_long_search() {
    let mut e = Engine::start();
    e.send("nboard 2");
    e.send("set depth 40");
    e.send(&format!("set game {}", ggf("F5 D6")));
    e.sync(1);
    e.send("go");
    e.until(|l| l.starts_with("status boardplay is thinking"));
    let asked = Instant::now();
    // The search answers (its best so far) before the pong, and within seconds.
    let lines = e.sync(2);
    assert!(asked.elapsed() < Duration::from_secs(20), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("=== ")), "{lines:?}");
}

#[test]
fn a_side_with_no_move_passes() {
    // White (O) to move has no move; Black has g8. GGF: `*` Black, `O` White.
    let board = format!("{}XOOOOO-- O", "XXXXXXXX".repeat(7));
    let pos = Othello8::start().parse_board(&board).unwrap();
    assert_eq!(pos.legal_moves().collect::<Vec<_>>(), [Move::Pass]);
    let mut e = Engine::start();
    e.send("nboard 2");
    e.send(&format!(
        "set game (;GM[Othello]PB[a]PW[b]TY[8]BO[8 {}*OOOOO-- O];)",
        "********".repeat(7)
    ));
    e.sync(1);
    assert_eq!(e.go().0, "PA");
    // After the pass, Black's one move.
    e.send("move PA");
    e.sync(2);
    assert_eq!(e.go().0, "G8");
}

/// The game of `near_the_end_its_move_and_hints_are_exact`: each side takes its first legal
/// move until 12 empties are left with a choice; the moves in GGF spelling, and the position.
fn first_moves_to_12_empties() -> (String, Othello8) {
    let mut pos = Othello8::start();
    let mut game = Vec::new();
    while pos.empties().count() > 12 || pos.legal_moves().count() < 2 {
        let mv = pos.legal_moves().next().unwrap();
        pos = pos.play(mv).unwrap();
        if mv != Move::Pass {
            game.push(mv.to_string().to_uppercase());
        }
    }
    if pos.is_legal(Move::Pass) {
        pos = pos.play(Move::Pass).unwrap();
    }
    (game.join(" "), pos)
}

#[test]
fn a_scripted_session_set_game_go_hint_3_a_bad_line_and_ping() {
    // One session as a GUI runs it, every answer checked; the values from the plain solver.
    let (moves, pos) = first_moves_to_12_empties();
    let mut values: Vec<i32> = pos
        .legal_moves()
        .map(|mv| -solve_plain(&pos.play(mv).unwrap(), -64, 64))
        .collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    assert!(values.len() >= 3, "the position has {} moves", values.len());

    let mut e = Engine::start();
    e.send("nboard 2");
    assert_eq!(e.until(|_| true), ["set myname boardplay"]);
    e.send("set depth 8");
    assert_eq!(e.until(|_| true), ["set myname boardplay8"]);
    e.send(&format!("set game {}", ggf(&moves)));
    assert!(e.sync(1).is_empty(), "set game has no answer");

    // go: a status line, search lines, nodestats, the move with its exact value, status.
    e.send("go");
    let lines = e.until(|l| l == "status");
    assert!(lines[0].starts_with("status "), "{lines:?}");
    let nodestats: Vec<&str> = lines[lines.len() - 3].split_whitespace().collect();
    assert_eq!(nodestats[0], "nodestats", "{lines:?}");
    assert!(nodestats[1].parse::<u64>().unwrap() > 0, "{lines:?}");
    assert!(nodestats[2].parse::<f64>().is_ok(), "{lines:?}");
    let answer = lines[lines.len() - 2].strip_prefix("=== ").unwrap();
    let parts: Vec<&str> = answer.split('/').collect();
    let played = notation::parse_moves(parts[0]).unwrap()[0];
    assert!(pos.is_legal(played), "{answer}");
    assert_eq!(
        parts[1].parse::<f64>().unwrap(),
        f64::from(values[0]),
        "{answer}"
    );
    assert!(parts[2].parse::<f64>().is_ok(), "{answer}");

    // hint 3: search lines as it deepens; the last three, exact (100%), are the three best.
    e.send("hint 3");
    let lines = e.until(|l| l == "status");
    assert!(lines[0].starts_with("status "), "{lines:?}");
    let exact: Vec<f64> = lines
        .iter()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w.first() == Some(&"search") && w[4] == "100%").then(|| w[2].parse().unwrap())
        })
        .collect();
    let mut last_three: Vec<f64> = exact.iter().rev().take(3).copied().collect();
    last_three.sort_by(|a, b| b.total_cmp(a));
    let best_three: Vec<f64> = values.iter().take(3).map(|&v| f64::from(v)).collect();
    assert_eq!(last_three, best_three, "{lines:?}");

    // A bad line: an error on the protocol's terms, and the engine goes on.
    e.send("move Z9");
    let lines = e.sync(2);
    assert!(
        lines.len() == 1 && lines[0].starts_with("status Error: "),
        "{lines:?}"
    );
    e.send("ping 3");
    assert_eq!(e.until(|_| true), ["pong 3"]);
    // The game is as it was: the same best value.
    assert_eq!(e.go().1, Some(f64::from(values[0])));
}
