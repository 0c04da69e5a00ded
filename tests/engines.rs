//! Other programs as players: an NBoard engine run as a command, driven by boardplay's
//! engine player. The engines are a small script of the tests' own
//! (`tests/fake_engines/first_move.py`, run by python3: it plays the first legal move, or
//! misbehaves as asked) and `boardplay nboard` itself. Each failure is a typed error that
//! names the engine and what went wrong; none hangs (every wait has a time limit) and none
//! panics.

mod common;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use boardplay::ai::clock::OnClock;
use boardplay::ai::engine::EngineError;
use boardplay::ai::{Context, EngineSpec, Player, PlayerSpec, Progress, Stop};
use boardplay::core::othello::Othello8;
use boardplay::core::{Move, Position, notation};

use common::{fake_engine as fake, first_legal};

/// A fresh file path for a test's start log.
fn log_path(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "boardplay-engines-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}.log"))
}

fn starts(log: &PathBuf) -> usize {
    std::fs::read_to_string(log).map_or(0, |t| t.lines().count())
}

fn spec(command: &str, move_ms: u64) -> EngineSpec {
    EngineSpec {
        command: command.into(),
        depth: 4,
        move_time: Duration::from_millis(move_ms),
    }
}

/// The engine's answer in `pos`, and the progress it reported, with `stop`.
fn ask(
    player: &mut dyn Player<Othello8>,
    pos: &Othello8,
    stop: &Stop,
) -> (Result<Option<Move>, EngineError>, Vec<Progress>) {
    let mut seen = Vec::new();
    let mut report = |p: &Progress| seen.push(p.clone());
    let answer = player.choose(pos, &mut Context::new(stop, &mut report));
    (answer, seen)
}

fn positions() -> Vec<Othello8> {
    let start = Othello8::start();
    ["", "f5", "f5d6c3", "f5f6e6f4e3c5c4e3"]
        .iter()
        .filter_map(|moves| {
            let moves = notation::parse_moves(moves).ok()?;
            notation::play_parsed(&start, &moves).ok().map(|(_, p)| p)
        })
        .collect()
}

#[test]
fn an_engine_plays_its_move_reports_progress_and_is_started_once() {
    let log = log_path("once");
    let engine = PlayerSpec::Engine(spec(&fake("first", Some(&log)), 5000));
    let mut player = engine.make(&Othello8::start(), 1);
    let stop = Stop::new();
    for pos in positions() {
        let (answer, progress) = ask(player.as_mut(), &pos, &stop);
        assert_eq!(
            answer,
            Ok(Some(first_legal(&pos))),
            "{}",
            pos.to_board_string()
        );
        let last = progress.last().expect("progress reported");
        assert_eq!(last.best, Some(first_legal(&pos)));
        assert_eq!(last.score, Some(0));
        assert_eq!(last.nodes, 1);
    }
    assert_eq!(player.name(), "FirstMove");
    assert_eq!(engine.label(), "FirstMove");
    // The window makes a player for each move: the engine waits for it, started once.
    drop(player);
    let mut again = engine.make(&Othello8::start(), 2);
    let pos = positions()[1];
    assert_eq!(
        ask(again.as_mut(), &pos, &stop).0,
        Ok(Some(first_legal(&pos)))
    );
    assert_eq!(starts(&log), 1, "one process for every move");
}

#[test]
fn an_engine_is_asked_for_its_move_when_its_time_is_up_or_when_stopped() {
    // It answers only when a ping asks for the move now.
    let mut player = PlayerSpec::Engine(spec(&fake("slow", None), 300)).make(&Othello8::start(), 1);
    let pos = positions()[2];
    let t = Instant::now();
    let (answer, _) = ask(player.as_mut(), &pos, &Stop::new());
    assert_eq!(answer, Ok(Some(first_legal(&pos))));
    assert!(
        t.elapsed() >= Duration::from_millis(300),
        "{:?}",
        t.elapsed()
    );
    // A stop (a deadline here, as the arena's --time sets) asks for it sooner.
    let mut player =
        PlayerSpec::Engine(spec(&fake("slow", None), 60_000)).make(&Othello8::start(), 1);
    let stop = Stop::new().with_deadline(Instant::now() + Duration::from_millis(200));
    let t = Instant::now();
    let (answer, _) = ask(player.as_mut(), &pos, &stop);
    assert_eq!(answer, Ok(Some(first_legal(&pos))));
    assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
}

#[test]
fn on_a_clock_an_engine_is_given_its_planned_time_not_its_time_a_move() {
    // Its own time a move is a minute; on a clock of 10 s it is asked for its move (it answers
    // only when asked) once the planned share is up, well before half the clock.
    let engine = PlayerSpec::Engine(spec(&fake("slow", None), 60_000));
    let pos = positions()[2];
    let clock = OnClock {
        left: Duration::from_secs(10),
        increment: Duration::ZERO,
    };
    let (mut player, planned) = engine.make_on_clock(&Othello8::start(), &pos, 1, clock);
    let planned = planned.expect("an engine's time is planned");
    assert!(planned < clock.left / 2, "{planned:?}");
    let t = Instant::now();
    let (answer, _) = ask(player.as_mut(), &pos, &Stop::new());
    assert_eq!(answer, Ok(Some(first_legal(&pos))));
    assert!(t.elapsed() >= planned, "{:?} {planned:?}", t.elapsed());
    assert!(
        t.elapsed() < clock.left / 2,
        "{:?} {planned:?}",
        t.elapsed()
    );
}

#[test]
fn a_pass_is_played_without_asking_the_engine() {
    // White has no move here; the engine would not be started for it.
    let pos = Othello8::start()
        .parse_board("XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXO XXXXXX-- O")
        .unwrap();
    assert_eq!(pos.legal_moves().collect::<Vec<_>>(), [Move::Pass]);
    let mut player = PlayerSpec::Engine(spec("/no/such/engine", 1000)).make(&pos, 1);
    assert_eq!(
        ask(player.as_mut(), &pos, &Stop::new()).0,
        Ok(Some(Move::Pass))
    );
}

/// The error of the fake engine in `mode` asked for a move from the start.
fn failure(mode: &str, move_ms: u64) -> (EngineError, Duration) {
    let mut player =
        PlayerSpec::Engine(spec(&fake(mode, None), move_ms)).make(&Othello8::start(), 1);
    let t = Instant::now();
    let (answer, _) = ask(player.as_mut(), &Othello8::start(), &Stop::new());
    (answer.expect_err(mode), t.elapsed())
}

#[test]
fn an_engine_that_exits_at_once_is_named_with_its_status_and_last_words() {
    let (e, _) = failure("exit", 1000);
    match &e {
        EngineError::Exited { status, stderr, .. } => {
            assert_eq!(status.as_deref(), Some("exit status 3"));
            assert_eq!(stderr, "cannot find my weights");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        e.to_string(),
        "the engine python3 stopped (exit status 3); it said: cannot find my weights"
    );
}

#[test]
fn an_engine_that_never_answers_times_out() {
    let (e, took) = failure("silent", 200);
    assert!(
        matches!(
            e,
            EngineError::Timeout {
                asked: "to start",
                last_line: None,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(
        e.to_string()
            .contains("did not answer to start within 5.0 s"),
        "{e}"
    );
    assert!(took < Duration::from_secs(30), "{took:?}");
    let for_its_move = |e: &EngineError| {
        matches!(
            e,
            EngineError::Timeout {
                asked: "for its move",
                ..
            }
        )
    };
    // One that takes the game and then hangs, not even answering a ping: given its time
    // and a second more.
    let (e, took) = failure("hang", 200);
    assert!(for_its_move(&e), "{e:?}");
    assert!(took >= Duration::from_millis(1200), "{took:?}");
    // One that answers pings but never gives a move.
    let (e, _) = failure("no-move", 200);
    assert!(for_its_move(&e), "{e:?}");
}

#[test]
fn an_illegal_move_or_an_answer_that_is_no_move_is_refused() {
    let (e, _) = failure("illegal", 1000);
    assert_eq!(
        e,
        EngineError::IllegalMove {
            engine: "FirstMove".into(),
            mv: "A1".into(),
            board: Othello8::start().to_board_string(),
        }
    );
    assert!(
        e.to_string().contains("played A1, which is not legal"),
        "{e}"
    );
    let (e, _) = failure("garbage", 1000);
    assert_eq!(
        e,
        EngineError::BadAnswer {
            engine: "FirstMove".into(),
            line: "=== hello".into(),
        }
    );
}

#[test]
fn an_engine_that_failed_is_started_again_for_the_next_move() {
    let log = log_path("again");
    let engine = PlayerSpec::Engine(spec(&fake("illegal", Some(&log)), 1000));
    for _ in 0..2 {
        let mut player = engine.make(&Othello8::start(), 1);
        assert!(
            ask(player.as_mut(), &Othello8::start(), &Stop::new())
                .0
                .is_err()
        );
    }
    assert_eq!(starts(&log), 2);
}

#[test]
fn an_arena_plays_against_an_engine_and_against_boardplay_as_one() {
    let b = format!("engine:4,5s:{}", fake("first", None));
    let (code, out, err) =
        common::run_boardplay(&["arena", "-a", "random", "-b", &b, "--games", "2"]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(out.contains("B: engine:4,5000ms:python3"), "{out}");
    assert!(
        out.contains("B budget: NBoard engine, depth 4, at most 5 s a move"),
        "{out}"
    );
    assert!(out.contains("games 2: "), "{out}");
    // boardplay's own engine, through its NBoard side, at depth 1.
    let me = env!("CARGO_BIN_EXE_boardplay");
    let b = format!("engine:1,5s:'{me}' nboard --threads 1");
    let (code, out, err) = common::run_boardplay(&[
        "arena",
        "-a",
        "random",
        "-b",
        &b,
        "--games",
        "2",
        "--seed",
        "5",
        "--threads",
        "1",
    ]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(out.contains("games 2: "), "{out}");
}

#[test]
fn an_arena_stops_with_the_games_played_and_the_engines_failure() {
    let b = format!("engine:{}", fake("exit", None));
    let (code, out, err) =
        common::run_boardplay(&["arena", "-a", "random", "-b", &b, "--games", "4"]);
    assert_eq!(code, Some(2), "{out}\n{err}");
    assert!(out.contains("stopped after 0 of 4 games"), "{out}");
    assert!(
        err.contains("game 1: B (python3): the engine python3 stopped (exit status 3); it said: cannot find my weights"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    // An illegal move: its answer named.
    let b = format!("engine:{}", fake("illegal", None));
    let (code, out, err) =
        common::run_boardplay(&["arena", "-a", "random", "-b", &b, "--games", "4"]);
    assert_eq!(code, Some(2), "{out}\n{err}");
    assert!(err.contains("played A1, which is not legal"), "{err}");
}

/// The processes still running whose command line holds `marker`.
#[cfg(target_os = "linux")]
fn running_with(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        if let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) {
            let text = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            if text.contains(marker) {
                found.push(text);
            }
        }
    }
    found
}

#[test]
fn every_hostile_engine_ends_an_arena_with_its_failure_named_and_leaves_no_process() {
    // Each misbehaviour, in an arena with a short time a move: the match stops with the
    // failure named and exit status 2, no move is played for the engine, and nothing the
    // engine's command started is left running.
    for (mode, says) in [
        ("silent", "did not answer to start"),
        ("no-move", "did not answer for its move"),
        ("hang", "did not answer for its move"),
        ("child", "did not answer for its move"),
        ("binary", "did not answer for its move"),
        ("flood", "did not answer for its move"),
        ("garbage", "answered '=== hello', which is no move"),
        ("illegal", "played A1, which is not legal"),
        ("wrong-side", "which is not legal"),
        ("exit", "stopped (exit status 3)"),
    ] {
        let log = log_path(mode);
        let b = format!("engine:{}", fake(mode, Some(&log)));
        let (code, out, err) = common::run_boardplay(&[
            "arena", "-a", "random", "-b", &b, "--games", "2", "--time", "300",
        ]);
        assert_eq!(code, Some(2), "{mode}: {out}\n{err}");
        assert!(out.contains("stopped after 0 of 2 games"), "{mode}: {out}");
        assert!(err.contains(says), "{mode}: {err}");
        assert!(!err.contains("panicked"), "{mode}: {err}");
        // The time it was given is the time said: --time's 300 ms and the second of grace
        // a ping is given, not its own 3 s a move.
        if let Some(within) = err.split("within ").nth(1) {
            let seconds: f64 = within.split(' ').next().unwrap().parse().unwrap();
            assert!(seconds < 2.0 || mode == "silent", "{mode}: {err}");
        }
        #[cfg(target_os = "linux")]
        {
            // A killed process group is gone a moment after the kill is sent: the kernel
            // takes it down asynchronously, so look again for up to two seconds.
            let marker = log.display().to_string();
            let mut left = running_with(&marker);
            for _ in 0..20 {
                if left.is_empty() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(100));
                left = running_with(&marker);
            }
            assert!(left.is_empty(), "{mode}: still running: {left:?}");
        }
    }
}

#[test]
fn an_engine_run_as_a_terminal_runs_it_is_named_by_its_program() {
    // `cd DIR && ...`, as a person writes it: the shell runs it whole, and the engine is
    // named by the program it starts until it says its own name.
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake_engines");
    let spec = EngineSpec {
        command: format!("cd '{}' && python3 first_move.py first", script.display()).into(),
        depth: 4,
        move_time: Duration::from_secs(5),
    };
    assert_eq!(spec.program(), "python3");
    let mut player = PlayerSpec::Engine(spec).make(&Othello8::start(), 1);
    let (answer, _) = ask(player.as_mut(), &Othello8::start(), &Stop::new());
    assert_eq!(answer.unwrap(), Some(first_legal(&Othello8::start())));
    assert_eq!(player.name(), "FirstMove");
}
