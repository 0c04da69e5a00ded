//! GGF read in each form GGS, NBoard and NTest write, its errors, and round trips. The
//! samples are written here in the shapes of those programs' files.

use super::*;
use crate::core::{Cell, Move, OthelloSize, Side, TimeControl};
use crate::formats::{Notes, Place, Record, Timing};

const START_8: &str = "---------------------------O*------*O--------------------------- *";

/// A GGS match file as NTest and NBoard save it: a number before each game, two games
/// after one number for a synchro match, moves with `/eval/time`, every pass spelling.
const MATCH: &str = "\
1 (;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[alice]PW[bob]RB[2100.0]RW[1999.5]\
TI[15:00//02:00]TY[8]RE[+4.000]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- \
-------- -------- *]B[F5//0.01]W[d6/-1.50/0.02]B[C3]W[pass];)
2 (;GM[Othello]PC[GGS/os]PB[carol]PW[dave]TY[s8]RE[-2.000:r]B[e6//1.2]W[PA//0.38];)\
(;GM[Othello]PC[GGS/os]PB[dave]PW[carol]TY[s8]RE[+2.000]B[D3]W[pa]B[PA];)
";

/// Games one after another as NBoard saves them, with comments, times, unknown
/// properties and escapes, on one line and then on several.
const PLAIN: &str = "\
(;GM[Othello]PC[NBoard]DT[2014-02-05 20:51:03 GMT]PB[Ntest4]PW[me \\] you]RE[?]TI[0]TY[8]\
B[F5/1.00/0.50]C[book move \\] still the comment]W[f6]KM[0]B[E6];)\
(;GM[Othello]TY[8]TB[5:00]TW[5:00]b[f5]w[F4]XX[unknown \\[escaped\\] value];)

(;GM[Othello]
PB[x]
PW[y]
B[f5]
W[Pass]
;)
";

fn cell(name: &str) -> Move {
    Move::Place(name.parse::<Cell>().unwrap())
}

fn at(line: usize, column: usize) -> Place {
    Place::LineColumn { line, column }
}

#[test]
fn numbered_games_of_a_match_file_are_read() {
    let games = read(MATCH).unwrap();
    assert_eq!(games.len(), 3);
    let g = &games[0];
    assert_eq!(g.size, OthelloSize::S8);
    assert_eq!((g.black.as_str(), g.white.as_str()), ("alice", "bob"));
    assert_eq!(g.event, "GGS/os");
    assert_eq!(g.date, "2003.12.15_13:24:03.MST");
    assert_eq!(g.result, "+4.000");
    assert_eq!(
        g.moves,
        vec![cell("f5"), cell("d6"), cell("c3"), Move::Pass]
    );
    // The board with its rows apart is the standard start, in the core's letters.
    assert_eq!(g.start.as_deref(), Some(START_8.replace('*', "X").as_str()));
    assert_eq!(g.place, at(1, 3));
    let (b, w) = (&games[1], &games[2]);
    assert_eq!((b.black.as_str(), b.white.as_str()), ("carol", "dave"));
    assert_eq!(b.result, "-2.000:r");
    assert_eq!(b.moves, vec![cell("e6"), Move::Pass]);
    assert_eq!(b.place, at(2, 3));
    assert_eq!((w.black.as_str(), w.white.as_str()), ("dave", "carol"));
    assert_eq!(w.moves, vec![cell("d3"), Move::Pass, Move::Pass]);
    let second_line = MATCH.lines().nth(1).unwrap();
    let column = second_line.find(";)(;").unwrap() + 3;
    assert_eq!(w.place, at(2, column));
}

#[test]
fn games_one_after_another_with_comments_times_and_escapes_are_read() {
    let games = read(PLAIN).unwrap();
    assert_eq!(games.len(), 3);
    let g = &games[0];
    assert_eq!((g.black.as_str(), g.white.as_str()), ("Ntest4", "me ] you"));
    assert_eq!(g.event, "NBoard");
    assert_eq!(g.date, "2014-02-05 20:51:03 GMT");
    assert_eq!(g.result, "?");
    assert_eq!(g.start, None);
    assert_eq!(g.moves, vec![cell("f5"), cell("f6"), cell("e6")]);
    let line = PLAIN.lines().next().unwrap();
    assert_eq!(games[1].moves, vec![cell("f5"), cell("f4")]);
    assert_eq!(games[1].place, at(1, line.find(";)(;").unwrap() + 3));
    let h = &games[2];
    assert_eq!((h.black.as_str(), h.white.as_str()), ("x", "y"));
    assert_eq!(h.moves, vec![cell("f5"), Move::Pass]);
    assert_eq!(h.place, at(3, 1));
    assert_eq!(h.places, vec![at(6, 1), at(7, 1)]);
}

#[test]
fn every_pass_spelling_and_move_case_is_read() {
    for pass in [
        "pass",
        "PASS",
        "PA",
        "pa",
        "Pa",
        "PA//0.38",
        "pass/1.0/2.5",
        " PA ",
    ] {
        let text = format!("(;GM[Othello]B[d3]W[{pass}];)");
        let games = read(&text).unwrap();
        assert_eq!(games[0].moves, vec![cell("d3"), Move::Pass], "{pass}");
    }
    for f5 in ["F5", "f5", "F5//1.2", "f5/-3.50/0.01", "f5/2.0"] {
        let text = format!("(;GM[Othello]B[{f5}];)");
        assert_eq!(read(&text).unwrap()[0].moves, vec![cell("f5")], "{f5}");
    }
}

#[test]
fn sizes_come_from_ty_sz_or_bo_and_must_agree() {
    let text = "(;GM[Othello]TY[s12r]B[f5];)\n\n(;GM[Othello]TY[4]BO[4 -----O*--*O----- *];)";
    let games = read(text).unwrap();
    assert_eq!(games[0].size, OthelloSize::S12);
    assert_eq!(games[1].size, OthelloSize::S4);
    assert_eq!(games[1].place, at(3, 1));
    assert_eq!(
        read("(;GM[Othello]SZ[10];)").unwrap()[0].size,
        OthelloSize::S10
    );
    // A game that names two sizes is refused where the second is named, not read as either.
    let board_8 = format!("BO[8 {START_8}]");
    for (text, place) in [
        (format!("(;GM[Othello]SZ[10]{board_8};)"), at(1, 20)),
        (format!("(;GM[Othello]{board_8}TY[10];)"), at(1, 86)),
        (
            "(;GM[Othello]TY[8]BO[4 -----O*--*O----- *];)".to_string(),
            at(1, 19),
        ),
    ] {
        let e = read(&text).unwrap_err();
        assert_eq!(e.place, place, "{text}: {e}");
        assert!(e.message.contains("says the board is"), "{e}");
    }
}

#[test]
fn colours_evaluations_ratings_and_the_type_are_kept_and_written_back() {
    // As GGS writes a game with komi (TY[8kr20]: 8x8, komi, random start of 20 discs).
    let text = "(;GM[Othello]PC[GGS/os]PB[a]PW[b]RB[2196.37]RW[1800]TY[8k]RE[-22.87]\
                B[F5/8.03/1.2]W[d6//0.02]B[c3/-1.5];)";
    let g = read(text).unwrap().remove(0);
    assert_eq!(g.notes.sides, vec![Side::First, Side::Second, Side::First]);
    assert_eq!(g.notes.evals, vec!["8.03", "", "-1.5"]);
    assert_eq!(g.notes.ratings, ["2196.37".to_string(), "1800".to_string()]);
    assert_eq!(g.notes.kind, "8k");
    assert_eq!(g.result, "-22.87");
    let written = write(&g);
    for part in [
        "RB[2196.37]",
        "RW[1800]",
        "TY[8k]",
        "RE[-22.87]",
        "B[F5/8.03/1.200]",
        "W[D6//0.020]",
        "B[C3/-1.5/0.000]",
    ] {
        assert!(written.contains(part), "{part} in {written}");
    }
    assert_round_trip(&g);
}

#[test]
fn a_missing_bracket_is_named_where_it_belongs() {
    // The `]` after W's value is left out: the move after it is not swallowed.
    let text = "(;GM[Othello]\nB[F5]W[D6/8.03B[C3]W[E6];)";
    let e = read(text).unwrap_err();
    assert_eq!(e.place, at(2, 15), "{e}");
    assert!(
        e.message.contains(
            "value of W (opened at line 2, column 7) is not closed: ']' is missing before B["
        ),
        "{e}"
    );
    assert_eq!(e.to_string(), format!("line 2: {} (column 15)", e.message));
    // Columns count characters, not bytes.
    let e = read("(;GM[Othello]PB[Müller]B[F5]W[D6/8.03B[C3];)").unwrap_err();
    assert_eq!(e.place, at(1, 38), "{e}");
    // At the end of a game, the next game's first property is where it shows.
    let e = read("1 (;GM[Othello]B[F5]W[D6;)\n2 (;GM[Othello]B[F5];)").unwrap_err();
    assert_eq!(e.place, at(2, 5), "{e}");
    assert!(e.message.contains("']' is missing before GM["), "{e}");
}

#[test]
fn bad_files_name_the_line_and_column() {
    let cases = [
        (
            "hello",
            at(1, 1),
            "expected '(;' to start a game, found 'hello'",
        ),
        (
            "1 (;GM[Othello]B[F5];)\n2 hello",
            at(2, 3),
            "expected '(;' to start game 2, found 'hello'",
        ),
        (
            "(;GM[Othello]\nB[F5]\nW[z9];)",
            at(3, 1),
            "W[z9] is not a move",
        ),
        ("(;GM[Chess]B[e4];)", at(1, 3), "not an Othello game"),
        (
            "(;GM[Othello]\nB[F5]W[F",
            at(2, 7),
            "the value of W is not closed with ']': the file ends inside it",
        ),
        (
            "(;GM[Othello]\nB[F5]\n",
            at(3, 1),
            "ends inside the game that starts on line 1",
        ),
        (
            "(;GM[Othello]B F5];)",
            at(1, 16),
            "the property B has no value",
        ),
        (
            "(;GM[Othello]B[F5]]W[D6];)",
            at(1, 19),
            "expected a property",
        ),
        ("(;GM[Othello]\n\nBO[8 ---- *];)", at(3, 1), "BO is not 8x8"),
        ("(;GM[Othello]TY[7]\n;)", at(1, 14), "size"),
        ("(;GM[Othello] 12 ;)", at(1, 15), "expected a property"),
    ];
    for (text, place, words) in cases {
        let e = read(text).unwrap_err();
        assert_eq!(e.place, place, "{text:?}: {e}");
        assert!(e.to_string().contains(words), "{text:?}: {e}");
    }
    let e = read(" \n ").unwrap_err();
    assert_eq!(
        (e.place, e.message.as_str()),
        (Place::Line(1), "the file holds no game")
    );
}

#[test]
fn a_file_cut_short_keeps_the_games_before_the_cut() {
    use std::ops::ControlFlow;
    let text = format!("{MATCH}{PLAIN}");
    let all = read(&text).unwrap();
    assert_eq!(all.len(), 6);
    for end in (0..=text.len()).filter(|&e| text.is_char_boundary(e)) {
        let part = &text[..end];
        // The games whose `;)` is in the part are whole (no value in these files holds
        // one); anything but space after the last of them is a game cut short.
        let whole = part.matches(";)").count();
        let tail = part.rsplit_once(";)").map_or(part, |(_, tail)| tail);
        let read = read_watched(part, &mut |_| ControlFlow::Continue(()));
        match read {
            Ok(Some(games)) => {
                assert_eq!(games.records, all[..whole], "{part:?}");
                assert_eq!(games.cut.is_some(), !tail.trim().is_empty(), "{part:?}");
                if let Some(cut) = games.cut {
                    assert!(
                        cut.message.contains("end"),
                        "a cut says the file ends: {part:?}: {cut}"
                    );
                    assert!(matches!(cut.place, Place::LineColumn { .. }), "{cut}");
                }
            }
            Ok(None) => unreachable!("the watcher never stops the reading"),
            Err(e) => assert_eq!(whole, 0, "{part:?}: {e}"),
        }
    }
    // Cut inside game 5 (on line 3, after game 4): four games, and the cut's place.
    let cut_at = text.find("b[f5]w[F4]").unwrap() + 4;
    let games = read_watched(&text[..cut_at], &mut |_| ControlFlow::Continue(()))
        .unwrap()
        .unwrap();
    assert_eq!(games.records.len(), 4);
    let cut = games.cut.unwrap();
    assert_eq!(cut.place, at(3, 189), "{cut}");
    assert_eq!(
        cut.message,
        "the value of b is not closed with ']': the file ends inside it"
    );
    // A strict read refuses the file, with the same cut.
    assert_eq!(read(&text[..cut_at]).unwrap_err(), cut);
}

/// The game read back from its written text is the same game with the same names.
fn assert_round_trip(game: &Record) {
    let text = write(game);
    let back = read(&text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .remove(0);
    assert_eq!(back.size, game.size, "{text}");
    assert_eq!(back.moves, game.moves, "{text}");
    assert_eq!(back.start, game.start, "{text}");
    for (a, b) in [
        (&back.black, &game.black),
        (&back.white, &game.white),
        (&back.event, &game.event),
        (&back.date, &game.date),
        (&back.result, &game.result),
    ] {
        assert_eq!(a, b, "{text}");
    }
    assert_eq!(back.timing, game.timing, "{text}");
    assert_eq!(back.notes.evals, game.notes.evals, "{text}");
    assert_eq!(back.notes.ratings, game.notes.ratings, "{text}");
    if !game.notes.kind.is_empty() {
        assert_eq!(back.notes.kind, game.notes.kind, "{text}");
    }
    if !game.notes.sides.is_empty() {
        assert_eq!(back.notes.sides, game.notes.sides, "{text}");
    }
}

#[test]
fn every_game_reads_back_the_same_after_writing() {
    for text in [MATCH, PLAIN] {
        for game in read(text).unwrap() {
            assert_round_trip(&game);
        }
    }
    let record = Record {
        size: OthelloSize::S8,
        start: Some(START_8.replace('*', "X")),
        moves: vec![cell("f5"), Move::Pass],
        places: Vec::new(),
        place: Place::Line(1),
        black: "Person".into(),
        white: "Computer [Expert] \\ 2".into(),
        event: "boardplay".into(),
        date: "2026.11.25".into(),
        result: "+2.00".into(),
        timing: Default::default(),
        notes: Default::default(),
    };
    let text = write(&record);
    assert!(
        text.starts_with("(;GM[Othello]PC[boardplay]PB[Person]PW[Computer \\[Expert\\] \\\\ 2]"),
        "{text}"
    );
    assert!(text.contains(&format!("BO[8 {START_8}]")), "{text}");
    assert!(text.contains("B[F5]W[PA];)"), "{text}");
    assert_round_trip(&record);
}

#[test]
fn the_clock_and_each_moves_time_are_read_and_written() {
    // As GGS writes them: fifteen minutes and two of extension, which boardplay leaves out;
    // a time on some moves, none on others.
    let text = "(;GM[Othello]PB[a]PW[b]TI[15:00//02:00]TY[8]B[F5//1.2]W[d6/-1.5/0.02]B[C3];)";
    let g = read(text).unwrap().remove(0);
    assert_eq!(
        g.timing,
        Timing {
            control: Some(TimeControl::new(900, 0).unwrap()),
            move_ms: vec![1200, 20, 0],
        }
    );
    // A game with no times has none, and a clock that cannot be played is left out.
    let g = read("(;GM[Othello]TI[0:00]B[F5];)").unwrap().remove(0);
    assert_eq!(g.timing, Timing::default());
    // Written and read back: the same clock and times.
    let record = Record {
        result: "+64.00:t".into(),
        timing: Timing {
            control: Some(TimeControl::new(180, 2).unwrap()),
            move_ms: vec![1250, 0],
        },
        ..read(MATCH).unwrap().remove(0)
    };
    let notes = Notes {
        sides: record.notes.sides[..2].to_vec(),
        evals: record.notes.evals[..2].to_vec(),
        ..record.notes.clone()
    };
    let record = Record {
        moves: record.moves[..2].to_vec(),
        places: record.places[..2].to_vec(),
        notes,
        ..record
    };
    let text = write(&record);
    assert!(text.contains("TI[03:00/00:02/0]"), "{text}");
    assert!(text.contains("//1.250]"), "{text}");
    assert_round_trip(&record);
}
