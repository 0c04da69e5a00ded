//! The engine player's reading of NBoard lines, its GGF of a position (read back by the
//! GGF reader of [`crate::formats`]), and its description's text and settings forms.

use super::protocol::{Said, Sureness, position_game, read_line};
use super::*;
use crate::ai::{PlayerSpec, PlayerSpecError};
use crate::core::othello::{Othello, Othello8, Size10};
use crate::core::{Position, notation};
use crate::formats::ggf;

fn said_move(mv: &str, eval: Option<f64>) -> Said {
    Said::Move {
        mv: mv.into(),
        eval,
    }
}

#[test]
fn answers_read_in_both_forms_engines_write() {
    // The protocol's form, and Edax's.
    assert_eq!(read_line("=== F5/+2.00/0.53"), said_move("F5", Some(2.0)));
    assert_eq!(read_line("=== d6 -1.00 0.0"), said_move("d6", Some(-1.0)));
    assert_eq!(read_line("=== PA"), said_move("PA", None));
    assert_eq!(read_line("==="), Said::NoMove);
    assert_eq!(read_line("  === F5  "), said_move("F5", None));
}

#[test]
fn search_lines_give_the_line_its_value_and_how_sure_it_is() {
    let moves = |text: &str| notation::parse_moves(text).unwrap();
    assert_eq!(
        read_line("search F5D6C3 +1.50 0 12"),
        Said::Search {
            best: "f5".into(),
            pv: moves("f5d6c3"),
            eval: Some(1.5),
            sure: Sureness::Plies(12),
        }
    );
    assert_eq!(
        read_line("search c4 -3.00 0 100%"),
        Said::Search {
            best: "c4".into(),
            pv: moves("c4"),
            eval: Some(-3.0),
            sure: Sureness::Exact,
        }
    );
    assert_eq!(
        read_line("search PAd3 +0.00 0 8"),
        Said::Search {
            best: "pass".into(),
            pv: moves("pass d3"),
            eval: Some(0.0),
            sure: Sureness::Plies(8),
        }
    );
    // As NTest writes them (its Depth class reads the same): a proven win or loss whose
    // margin is not exact, a probable solve with its confidence, and Edax's depth@percent.
    for (field, sure) in [
        ("100%W", Sureness::WinLoss),
        (
            "70%",
            Sureness::Probable {
                depth: None,
                percent: 70,
            },
        ),
        (
            "97%",
            Sureness::Probable {
                depth: None,
                percent: 97,
            },
        ),
        (
            "22@73%",
            Sureness::Probable {
                depth: Some(22),
                percent: 73,
            },
        ),
        ("100%", Sureness::Exact),
        ("7", Sureness::Plies(7)),
        ("deep", Sureness::Unknown),
    ] {
        match read_line(&format!("search F5 +2.00 0 {field}")) {
            Said::Search { sure: read, .. } => assert_eq!(read, sure, "{field}"),
            other => panic!("{field}: {other:?}"),
        }
    }
    // A search line with no move in it says nothing the player uses.
    assert_eq!(read_line("search"), Said::Other);
}

#[test]
fn names_pongs_and_node_counts_are_read_and_the_rest_passed_over() {
    assert_eq!(
        read_line("set myname Edax 4.6"),
        Said::Name("Edax 4.6".into())
    );
    assert_eq!(read_line("pong 7"), Said::Pong("7".into()));
    assert_eq!(
        read_line("nodestats 35805 0.00"),
        Said::NodeStats { nodes: 35805 }
    );
    for other in [
        "status Edax is thinking",
        "learned",
        "set myname",
        "nodestats many",
        "whatever",
        "",
    ] {
        assert_eq!(read_line(other), Said::Other, "{other:?}");
    }
}

#[test]
fn a_position_is_sent_as_a_ggf_game_the_ggf_reader_reads_back() {
    let start = Othello8::start();
    let (_, pos) =
        notation::play_parsed(&start, &notation::parse_moves("f5d6c3").unwrap()).unwrap();
    let text = position_game(&pos);
    assert!(text.starts_with("(;GM[Othello]"), "{text}");
    assert!(text.contains("TY[8]BO[8 "), "{text}");
    let records = ggf::read(&text).unwrap();
    assert_eq!(records.len(), 1);
    let read = start
        .parse_board(records[0].start.as_deref().unwrap())
        .unwrap();
    assert_eq!(read, pos);
    assert!(records[0].moves.is_empty());
    // White to move after three moves: the side is the last letter of BO.
    assert!(text.ends_with(" O];)"), "{text}");
    // Other sizes write their own.
    let ten = Othello::<Size10>::start();
    assert!(position_game(&ten).contains("TY[10]BO[10 "));
}

fn read(text: &str) -> Result<PlayerSpec, PlayerSpecError> {
    text.parse()
}

fn engine(command: &str, depth: u32, move_ms: u64) -> PlayerSpec {
    PlayerSpec::Engine(EngineSpec {
        command: command.into(),
        depth,
        move_time: Duration::from_millis(move_ms),
    })
}

#[test]
fn an_engine_reads_with_its_command_as_written_and_optional_depth_and_time() {
    let d = DEFAULT_DEPTH;
    let t = 3000;
    assert_eq!(
        read("engine:Edax -q -ui nboard"),
        Ok(engine("Edax -q -ui nboard", d, t))
    );
    assert_eq!(read("ENGINE: edax "), Ok(engine("edax", d, t)));
    assert_eq!(read("engine:16:edax"), Ok(engine("edax", 16, t)));
    assert_eq!(read("engine:2s:edax"), Ok(engine("edax", d, 2000)));
    assert_eq!(read("engine:16,500ms:edax"), Ok(engine("edax", 16, 500)));
    // A colon inside the command is the command's.
    assert_eq!(
        read("engine:edax --log c:/edax.log"),
        Ok(engine("edax --log c:/edax.log", d, t))
    );
}

#[test]
fn an_engine_without_a_command_or_with_a_budget_out_of_range_is_refused() {
    assert_eq!(read("engine:"), Err(PlayerSpecError::NoCommand));
    assert_eq!(read("engine:12:"), Err(PlayerSpecError::NoCommand));
    for text in ["engine:0:edax", "engine:61:edax", "engine:0ms:edax"] {
        assert!(
            matches!(read(text), Err(PlayerSpecError::OutOfRange { .. })),
            "{text}"
        );
    }
    let long = format!("engine:{}", "x".repeat(MAX_COMMAND_LEN + 1));
    assert_eq!(read(&long), Err(PlayerSpecError::BadCommand));
    assert!(
        read("engine:")
            .unwrap_err()
            .to_string()
            .contains("engine:COMMAND")
    );
}

#[test]
fn an_engine_is_written_back_as_it_reads_in_text_and_in_settings() {
    let spec = engine("edax -q -l 12", 16, 2500);
    assert_eq!(spec.to_string(), "engine:16,2500ms:edax -q -l 12");
    assert_eq!(read(&spec.to_string()), Ok(spec.clone()));
    let ron = ron::to_string(&spec).unwrap();
    assert_eq!(
        ron,
        r#"Engine((command:"edax -q -l 12",depth:16,move_ms:2500))"#
    );
    assert_eq!(ron::from_str::<PlayerSpec>(&ron).unwrap(), spec);
    // Depth and time may be left out of a settings file.
    assert_eq!(
        ron::from_str::<PlayerSpec>(r#"Engine((command: "edax"))"#).unwrap(),
        engine("edax", DEFAULT_DEPTH, 3000)
    );
}

#[test]
fn an_engine_is_named_by_its_program_until_it_has_said_its_name() {
    let spec = EngineSpec::new("/opt/edax/bin/lEdax-x86-64-v3 -q");
    assert_eq!(spec.program(), "lEdax-x86-64-v3");
    // Commands as a terminal runs them: the program is that of the last command.
    for (command, program) in [
        ("cd /opt/ntest && ./ntest x", "ntest"),
        ("N=1 exec ./mEdax -nboard", "mEdax"),
        ("cd a; edax", "edax"),
        ("cat moves.txt | /opt/ntest -q", "ntest"),
    ] {
        assert_eq!(EngineSpec::new(command).program(), program, "{command}");
    }
    assert_eq!(PlayerSpec::Engine(spec.clone()).label(), "lEdax-x86-64-v3");
    remember_name(&spec.command, "Edax20");
    assert_eq!(PlayerSpec::Engine(spec).label(), "Edax20");
    assert!(!PlayerSpec::Engine(EngineSpec::new("edax")).is_offered(
        crate::core::Variant::TicTacToe {
            rows: 3,
            cols: 3,
            k: 3
        }
    ));
}

#[test]
fn a_command_that_starts_nothing_is_a_clear_error() {
    let mut player = EnginePlayer::new(EngineSpec::new("/no/such/engine --nboard"));
    let stop = crate::ai::Stop::new();
    let mut report = |_: &Progress| {};
    let mut ctx = Context::new(&stop, &mut report);
    let e = Player::<Othello8>::choose(&mut player, &Othello8::start(), &mut ctx).unwrap_err();
    // The shell starts, and says the program is not there.
    assert!(
        matches!(e, EngineError::Exited { .. } | EngineError::Start { .. }),
        "{e:?}"
    );
    let text = e.to_string();
    assert!(text.contains("no/such/engine"), "{text}");
}
