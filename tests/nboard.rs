//! `boardplay nboard`, driven as NBoard drives an engine: a line at a time on its standard
//! input, each answer read before the next command is sent (as a GUI does, waiting for
//! `pong`, `===` or the last hint). Values are checked against the plain reference solver.

use std::io::{BufRead, BufReader, Write};

use proptest::prelude::*;
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
    /// `None` once the test has closed it.
    input: Option<ChildStdin>,
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
            input: Some(input),
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let input = self.input.as_mut().expect("the input is open");
        input.write_all(bytes).unwrap();
        input.flush().unwrap();
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

/// A GGF game from the standard start with `moves` (GGF spelling: "F5 F6 E6"), each given
/// the colour that plays it; a pass is left out (the colours show it: B[..] twice), as the
/// engine must put it in.
fn ggf(moves: &str) -> String {
    let mut text = String::from(
        "(;GM[Othello]PC[NBoard]PB[a]PW[b]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]",
    );
    let mut pos = Othello8::start();
    for mv in moves.split_whitespace() {
        let (played, after) = notation::play_moves(&pos, mv).unwrap();
        let mover = if played.len() == 2 {
            !pos.side_to_move()
        } else {
            pos.side_to_move()
        };
        let side = if mover == boardplay::core::Side::First {
            'B'
        } else {
            'W'
        };
        text.push_str(&format!("{side}[{mv}]"));
        pos = after;
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

/// The moves of a principal variation as the engine writes it (`F5D6PAC3`), checked to be
/// playable one after the other from `pos` (a pass where the side to move has none).
fn playable_line(pos: &Othello8, pv: &str) -> Vec<Move> {
    let moves = notation::parse_moves(pv).unwrap_or_else(|e| panic!("{pv}: {e}"));
    let mut at = *pos;
    for &mv in &moves {
        at = at
            .play(mv)
            .unwrap_or_else(|e| panic!("{pv}: {mv} cannot be played: {e}"));
    }
    moves
}

/// The `search` lines of `lines`: the principal variation, the value and the depth field.
fn search_lines(lines: &[String]) -> Vec<(String, f64, String)> {
    lines
        .iter()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w.first() == Some(&"search"))
                .then(|| (w[1].into(), w[2].parse().unwrap(), w[4].into()))
        })
        .collect()
}

/// The FFO test's position #37 (22 empties, Black to move) as a GGF game, and its published
/// exact value and best move.
fn ffo_37() -> (String, Othello8, i32, Move) {
    let line = include_str!("data/othello/ffo-01-39.txt")
        .lines()
        .find(|l| l.starts_with("37 "))
        .unwrap()
        .to_string();
    let w: Vec<&str> = line.split_whitespace().collect();
    let board = w[1];
    let pos = Othello8::start()
        .parse_board(&format!("{board} {}", w[2]))
        .unwrap();
    let cells = board.replace('X', "*");
    let side = if w[2] == "X" { '*' } else { 'O' };
    let game = format!("(;GM[Othello]PC[FFO]TY[8]BO[8 {cells} {side}];)");
    (
        game,
        pos,
        w[3].parse().unwrap(),
        notation::parse_moves(w[4]).unwrap()[0],
    )
}

#[test]
fn go_calls_a_value_exact_only_when_it_is_and_every_line_carries_a_playable_line() {
    // FFO #37: the selective passes before the exact solve give other values (-13, -17...);
    // only the exact one may be written 100%, and it is the published -20.
    let (game, pos, score, best) = ffo_37();
    let mut e = Engine::start();
    e.send("nboard 2");
    e.send("set depth 12");
    e.send(&format!("set game {game}"));
    e.sync(1);
    e.send("go");
    let lines = e.until(|l| l == "status");
    let searches = search_lines(&lines);
    assert!(searches.len() >= 2, "{lines:?}");
    for (pv, value, depth) in &searches {
        playable_line(&pos, pv);
        if depth == "100%" {
            assert_eq!(*value, f64::from(score), "{lines:?}");
        } else {
            // A selective solve says how sure it is: empties solved at a confidence.
            let (empties, percent) = depth.split_once('@').unwrap_or_else(|| panic!("{depth}"));
            assert_eq!(empties, "22");
            let percent: u32 = percent.strip_suffix('%').unwrap().parse().unwrap();
            assert!((50..100).contains(&percent), "{depth}");
        }
    }
    let (pv, value, depth) = searches.last().unwrap();
    assert_eq!((depth.as_str(), *value), ("100%", f64::from(score)));
    assert_eq!(playable_line(&pos, pv)[0], best);
    assert!(
        searches
            .iter()
            .any(|(_, v, d)| d != "100%" && *v != f64::from(score)),
        "the selective passes differ from the exact value here: {lines:?}"
    );
}

#[test]
fn hints_carry_playable_lines() {
    let pos = position_after("f5 d6 c3 d3 c4");
    let mut e = Engine::start();
    e.send("nboard 2");
    e.send("set depth 6");
    e.send(&format!("set game {}", ggf("F5 D6 C3 D3 C4")));
    e.sync(1);
    e.send("hint 3");
    let lines = e.until(|l| l == "status");
    let searches = search_lines(&lines);
    assert!(!searches.is_empty(), "{lines:?}");
    for (pv, _, depth) in &searches {
        let line = playable_line(&pos, pv);
        let plies: usize = depth.parse().unwrap();
        assert!(
            !line.is_empty() && line.len() <= plies,
            "{pv} at depth {depth}"
        );
    }
    // At depth 6 the lines are longer than the move alone.
    assert!(searches.iter().any(|(pv, ..)| pv.len() > 2), "{lines:?}");
}

/// Waits up to `limit` for the engine's process to end; its exit status if it did.
fn ended_within(e: &mut Engine, limit: Duration) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if let Some(status) = e.child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

#[test]
fn quit_ends_the_engine_at_once_while_its_input_stays_open() {
    let mut e = Engine::start();
    e.send("nboard 2");
    e.send("set depth 40");
    e.send(&format!("set game {}", ggf("F5 D6")));
    e.send("go");
    e.until(|l| l.starts_with("status boardplay is thinking"));
    e.send("quit");
    let status = ended_within(&mut e, Duration::from_secs(10));
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
}

#[test]
fn the_end_of_its_input_stops_a_search_and_ends_the_engine() {
    let mut e = Engine::start();
    e.send("nboard 2");
    e.send("set depth 40");
    e.send(&format!("set game {}", ggf("F5 D6")));
    e.send("go");
    e.until(|l| l.starts_with("status boardplay is thinking"));
    // The GUI is gone: its end of the pipe closes.
    e.input = None;
    let status = ended_within(&mut e, Duration::from_secs(10));
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
}

#[test]
fn a_line_that_is_not_utf8_is_answered_with_an_error_and_the_engine_goes_on() {
    let mut e = Engine::start();
    e.send("nboard 2");
    e.sync(1);
    e.send_bytes(b"set depth \xff\xfe\n");
    let lines = e.sync(2);
    assert_eq!(
        lines,
        ["status Error: line 3 is not UTF-8 text (byte 11): it was ignored"]
    );
    e.send("set depth 2");
    assert_eq!(e.until(|_| true), ["set myname boardplay2"]);
}

#[test]
fn set_game_refuses_a_move_given_to_the_wrong_colour_and_sizes_that_disagree() {
    let mut e = Engine::start();
    e.send("nboard 2");
    e.send("set depth 2");
    e.send(&format!("set game {}", ggf("F5 D6")));
    e.sync(1);
    let start = "---------------------------O*------*O---------------------------";
    for (game, says) in [
        // White's F5 from the start, where Black is to move.
        (
            format!("(;GM[Othello]TY[8]BO[8 {start} *]W[F5];)"),
            "move 1: f5 is given to White, but Black is to move",
        ),
        (
            format!("(;GM[Othello]TY[8]BO[8 {start} *]B[F5]B[D6];)"),
            "move 2: d6 is given to Black, but White is to move",
        ),
        (
            format!("(;GM[Othello]SZ[10]BO[8 {start} *];)"),
            "BO says the board is 8x8, but SZ says 10x10",
        ),
    ] {
        e.send(&format!("set game {game}"));
        let lines = e.sync(2);
        assert_eq!(lines.len(), 1, "{game}: {lines:?}");
        assert!(
            lines[0].starts_with("status Error: set game: "),
            "{lines:?}"
        );
        assert!(lines[0].contains(says), "{says} in {lines:?}");
    }
    // The game is still the one set before: after f5 d6, Black to move.
    let (mv, _) = e.go();
    let played = notation::parse_moves(&mv).unwrap()[0];
    assert!(position_after("f5 d6").is_legal(played), "{mv}");
}

/// A whole game in GGF, each side taking its first legal move (passes written, as GGF
/// does), and every position of it.
fn first_moves_game() -> (String, Vec<Othello8>) {
    let mut pos = Othello8::start();
    let mut all = vec![pos];
    let mut text = String::from(
        "(;GM[Othello]PC[NBoard]PB[a]PW[b]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]",
    );
    while let Some(mv) = pos.legal_moves().next() {
        let colour = if pos.side_to_move() == boardplay::core::Side::First {
            'B'
        } else {
            'W'
        };
        let word = if mv == Move::Pass {
            "PA".to_string()
        } else {
            mv.to_string().to_uppercase()
        };
        text.push_str(&format!("{colour}[{word}]"));
        pos = pos.play(mv).unwrap();
        all.push(pos);
    }
    text.push_str(";)");
    (text, all)
}

#[test]
fn analyze_values_every_position_from_the_last_and_a_ping_stops_it() {
    let (game, all) = first_moves_game();
    let mut e = Engine::start();
    e.send("nboard 2");
    // Exact from 12 empties.
    e.send("set depth 6");
    e.send(&format!("set game {game}"));
    e.sync(1);
    e.send("analyze");
    let lines = e.until(|l| l == "status");
    let values: Vec<(usize, f64)> = lines
        .iter()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w.first() == Some(&"analysis")).then(|| (w[1].parse().unwrap(), w[2].parse().unwrap()))
        })
        .collect();
    // One value a position, the last first; passes count as moves.
    let numbers: Vec<usize> = values.iter().map(|&(n, _)| n).collect();
    assert_eq!(
        numbers,
        (0..all.len()).rev().collect::<Vec<_>>(),
        "{lines:?}"
    );
    for &(n, value) in &values {
        let pos = &all[n];
        if pos.empties().count() <= 12 {
            let exact = solve_plain(pos, -64, 64);
            assert_eq!(value, f64::from(exact), "position {n}: {lines:?}");
        } else {
            assert!(value.abs() <= 64.0, "position {n}: {value}");
        }
    }
    // A deep analysis stops at a ping, within seconds.
    e.send("set depth 30");
    e.send("analyze");
    e.until(|l| l.starts_with("status boardplay is analysing"));
    let asked = Instant::now();
    e.sync(2);
    assert!(asked.elapsed() < Duration::from_secs(20));
}

#[test]
fn a_session_as_nboard_runs_it_is_answered_line_by_line() {
    // What NBoard's own code sends, in its order: the handshake, the depth, a game with
    // moves and their Java-style times, a contempt, moves as the game goes on, a hint, a
    // ping during a search, learn, analyze, and quit.
    let mut e = Engine::start();
    e.send("nboard 2");
    assert_eq!(e.until(|_| true), ["set myname boardplay"]);
    e.send("set depth 6");
    assert_eq!(e.until(|_| true), ["set myname boardplay6"]);
    e.send("set contempt 0");
    e.send(
        "set game (;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]\
         TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\
         B[F5//1.0]W[F6/-0.5/2.123]B[D3]W[C5];)",
    );
    assert!(e.sync(1).is_empty());
    e.send("move E6/1.50/3.1415926");
    e.send("move F4//0.001");
    assert!(e.sync(2).is_empty());
    let pos = position_after("f5 f6 d3 c5 e6 f4");
    e.send("hint 2");
    let lines = e.until(|l| l == "status");
    for (pv, ..) in search_lines(&lines) {
        playable_line(&pos, &pv);
    }
    e.send("go");
    e.until(|l| l.starts_with("status boardplay is thinking"));
    let lines = e.sync(3);
    let answer = lines.iter().find_map(|l| l.strip_prefix("=== ")).unwrap();
    let played = notation::parse_moves(answer.split('/').next().unwrap()).unwrap()[0];
    assert!(pos.is_legal(played), "{answer}");
    e.send("learn");
    assert_eq!(e.until(|_| true), ["learned"]);
    e.send("analyze");
    let lines = e.until(|l| l == "status");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("analysis ")).count(),
        7,
        "{lines:?}"
    );
    e.send("quit");
    assert!(ended_within(&mut e, Duration::from_secs(10)).is_some_and(|s| s.success()));
}

/// A line no engine can act on: a command with a bad argument, an unknown command, a broken
/// game, bytes that are not UTF-8. Never a newline inside.
fn bad_line() -> impl Strategy<Value = Vec<u8>> {
    let text = prop_oneof![
        "set depth (-[0-9]{1,3}|0|6[1-9]|[7-9][0-9]|[a-z]{1,5})",
        "move [i-z][0-9]{1,2}",
        "hint (-[0-9]{1,2}|0|[a-z]{1,4})",
        "set game \\(;GM\\[Othello\\][A-Z]{0,3}(\\[[a-z0-9 ]{0,10})?",
        "set contempt ([a-z]{1,4}|-?[7-9][0-9]{4})",
        "[r-z]{3,8}( [a-z0-9]{0,6})?",
    ]
    .prop_map(String::into_bytes);
    let not_text = prop::collection::vec(
        any::<u8>().prop_filter("no newline", |b| *b != b'\n'),
        0..20,
    )
    .prop_map(|mut bytes| {
        bytes.insert(0, 0xff);
        bytes
    });
    prop_oneof![3 => text, 1 => not_text]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn hostile_lines_each_get_an_error_and_never_end_the_engine(lines in prop::collection::vec(bad_line(), 1..10)) {
        let mut e = Engine::start();
        e.send("nboard 2");
        e.sync(0);
        for (i, line) in lines.iter().enumerate() {
            e.send_bytes(line);
            e.send_bytes(b"\n");
            let answer = e.sync(i as u32 + 1);
            prop_assert!(
                answer.len() == 1 && answer[0].starts_with("status Error: "),
                "{:?}: {:?}", String::from_utf8_lossy(line), answer
            );
        }
        prop_assert!(e.child.try_wait().unwrap().is_none());
        // Still the standard start, at its depth: it plays.
        let (mv, _) = e.go();
        prop_assert!(Othello8::start().is_legal(notation::parse_moves(&mv).unwrap()[0]));
    }
}
