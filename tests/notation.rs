//! Notation: cells, moves, move lists and board strings, as text goes in and out of the
//! rules core, and the FFO test file read through it. No input may panic.

mod common;

use std::str::FromStr;

use boardplay::core::notation::{format_moves, parse_board, parse_moves, play_moves};
use boardplay::core::othello::{
    Othello, Othello8, Size, Size4, Size6, Size8, Size10, Size12, Size14, Size16,
};
use boardplay::core::tictactoe::TicTacToe;
use boardplay::core::{Cell, Move, Outcome, ParseError, PlayError, Position, Side};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

fn cell(text: &str) -> Cell {
    Cell::from_str(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn place(text: &str) -> Move {
    Move::Place(cell(text))
}

fn ttt(rows: usize, cols: usize, k: usize) -> TicTacToe {
    TicTacToe::new(rows, cols, k).unwrap()
}

// ---- Cells ----

#[test]
fn cells_are_a_column_letter_and_a_row_number_from_the_top_left() {
    assert_eq!(cell("a1"), Cell::new(0, 0));
    assert_eq!(cell("h8"), Cell::new(7, 7));
    assert_eq!(cell("f5"), Cell::new(5, 4));
    assert_eq!(cell("l12"), Cell::new(11, 11));
    assert_eq!(cell("p16"), Cell::new(15, 15));
    assert_eq!(cell("a16"), Cell::new(0, 15));
    assert_eq!(cell("p1"), Cell::new(15, 0));
    assert_eq!(cell("H8"), cell("h8"), "upper case letters");
    assert_eq!(cell(" f5\n"), cell("f5"), "surrounding whitespace");
}

#[test]
fn every_cell_writes_and_reads_back() {
    for col in 0..16 {
        for row in 0..16 {
            let c = Cell::new(col, row);
            assert_eq!(cell(&c.to_string()), c);
            assert_eq!(c.to_string().to_uppercase().parse::<Cell>(), Ok(c));
        }
    }
    assert_eq!(Cell::new(15, 15).to_string(), "p16");
    assert_eq!(Cell::new(0, 0).to_string(), "a1");
}

#[test]
fn bad_cells_are_refused() {
    for bad in [
        "", " ", "z9", "q1", "a0", "a17", "a99", "a100", "5f", "f", "5", "ff5", "f5x", "f 5", "-1",
        "é1", "a١",
    ] {
        match Cell::from_str(bad) {
            Err(ParseError::BadCell(_)) => {}
            other => panic!("{bad:?} should be a bad cell, got {other:?}"),
        }
    }
}

// ---- Moves ----

#[test]
fn moves_are_cells_or_a_pass() {
    for pass in ["pa", "PA", "Pa", "--", "pass", "PASS", " pa "] {
        assert_eq!(Move::from_str(pass), Ok(Move::Pass), "{pass:?}");
    }
    assert_eq!(Move::from_str("f5"), Ok(place("f5")));
    assert_eq!(Move::from_str("F5"), Ok(place("f5")));
    assert_eq!(
        Move::from_str("p16"),
        Ok(place("p16")),
        "column p is a cell, not a pass"
    );
    assert_eq!(Move::Pass.to_string(), "pass");
    assert_eq!(place("f5").to_string(), "f5");
    for bad in ["", "p", "pas", "passs", "---", "-", "z1", "f0"] {
        assert!(Move::from_str(bad).is_err(), "{bad:?} is not a move");
    }
}

#[test]
fn a_position_reads_only_moves_on_its_board() {
    let othello = Othello8::start();
    assert_eq!(othello.parse_move("h8"), Ok(place("h8")));
    assert_eq!(othello.parse_move("pa"), Ok(Move::Pass));
    assert_eq!(
        othello.parse_move("i9"),
        Err(ParseError::OffBoard {
            cell: cell("i9"),
            rows: 8,
            cols: 8
        })
    );
    assert!(matches!(
        othello.parse_move("a9"),
        Err(ParseError::OffBoard { .. })
    ));
    let wide = ttt(3, 5, 3);
    assert_eq!(wide.parse_move("e3"), Ok(place("e3")));
    assert_eq!(
        wide.parse_move("a4"),
        Err(ParseError::OffBoard {
            cell: cell("a4"),
            rows: 3,
            cols: 5
        })
    );
    assert!(matches!(
        wide.parse_move("f1"),
        Err(ParseError::OffBoard { .. })
    ));
    assert_eq!(
        Othello::<Size16>::start().parse_move("p16"),
        Ok(place("p16"))
    );
}

// ---- Move lists ----

#[test]
fn move_lists_may_run_together_or_be_separated_and_numbered() {
    let expected = vec![
        place("f5"),
        place("d6"),
        place("c3"),
        place("d3"),
        place("c4"),
    ];
    for text in [
        "f5d6c3d3c4",
        "f5 d6 c3 d3 c4",
        "F5D6C3D3C4",
        "1. f5 2. d6 3. c3 4. d3 5. c4",
        "1.f5 2.d6 3.c3 4.d3 5.c4",
        "f5, d6, c3; d3\nc4",
        "  f5\td6 c3 d3 c4  ",
    ] {
        assert_eq!(parse_moves(text), Ok(expected.clone()), "{text:?}");
    }
    assert_eq!(parse_moves("f5 d6 c3"), Ok(expected[..3].to_vec()));
    assert_eq!(parse_moves(""), Ok(vec![]));
    assert_eq!(
        parse_moves("a10b10p16"),
        Ok(vec![place("a10"), place("b10"), place("p16")])
    );
    assert_eq!(
        parse_moves("f5 pa d6 -- PASS c3"),
        Ok(vec![
            place("f5"),
            Move::Pass,
            place("d6"),
            Move::Pass,
            Move::Pass,
            place("c3")
        ])
    );
    assert_eq!(format_moves(&expected), "f5d6c3d3c4");
    assert_eq!(parse_moves(&format_moves(&expected)), Ok(expected));
}

#[test]
fn an_unreadable_move_is_named_with_its_ply() {
    assert_eq!(
        parse_moves("f5 d6 zz c3"),
        Err(ParseError::BadMoveText {
            ply: 3,
            text: "zz".into()
        })
    );
    for (text, ply) in [
        ("x9", 1),
        ("f5 ?", 2),
        ("1. f5 2. d6 3. q1", 3),
        ("f5d6c3d0", 4),
    ] {
        match parse_moves(text) {
            Err(ParseError::BadMoveText { ply: p, .. }) => assert_eq!(p, ply, "{text:?}"),
            other => panic!("{text:?} should name ply {ply}, got {other:?}"),
        }
    }
    let message = parse_moves("f5 d6 zz").unwrap_err().to_string();
    assert!(message.contains('3') && message.contains("zz"), "{message}");
}

#[test]
fn move_lists_play_from_a_position() {
    let start = Othello8::start();
    let (moves, pos) = play_moves(&start, "f5d6c3d3c4").unwrap();
    assert_eq!(moves.len(), 5);
    let by_hand = moves.iter().fold(start, |p, mv| p.play(*mv).unwrap());
    assert_eq!(pos, by_hand);
    assert_eq!(
        play_moves(&start, "1. F5 2. D6 3. C3 4. D3 5. C4")
            .unwrap()
            .1,
        pos
    );
    assert_eq!(play_moves(&start, ""), Ok((vec![], start)));
}

#[test]
fn an_illegal_move_is_named_with_its_ply_and_reason() {
    let start = Othello8::start();
    let illegal = |text: &str| match play_moves(&start, text) {
        Err(ParseError::IllegalMove { ply, mv, reason }) => (ply, mv, reason),
        other => panic!("{text:?} should be illegal, got {other:?}"),
    };
    assert_eq!(
        illegal("f5 f5"),
        (2, place("f5"), PlayError::Occupied(cell("f5")))
    );
    assert_eq!(
        illegal("f5 d6 a1"),
        (3, place("a1"), PlayError::NoFlips(cell("a1")))
    );
    assert_eq!(illegal("pa"), (1, Move::Pass, PlayError::CannotPass));
    let message = play_moves(&start, "f5 d6 a1").unwrap_err().to_string();
    assert!(
        message.contains("move 3") && message.contains("a1"),
        "{message}"
    );

    let board = ttt(3, 3, 3);
    let illegal = |text: &str| match play_moves(&board, text) {
        Err(ParseError::IllegalMove { ply, reason, .. }) => (ply, reason),
        other => panic!("{text:?} should be illegal, got {other:?}"),
    };
    assert_eq!(illegal("b2 b2"), (2, PlayError::Occupied(cell("b2"))));
    assert_eq!(illegal("a1 pa"), (2, PlayError::CannotPass));
    assert_eq!(illegal("a1 a2 b1 b2 c1 c3"), (6, PlayError::GameOver));
}

#[test]
fn off_board_cells_in_a_move_list_are_refused() {
    let off =
        |pos: &dyn Fn(&str) -> Result<(), ParseError>, text: &str, at: usize, c: &str| match pos(
            text,
        ) {
            Err(ParseError::IllegalMove { ply, mv, reason }) => {
                assert_eq!((ply, mv), (at, Move::Place(cell(c))), "{text:?}");
                assert_eq!(reason, PlayError::OffBoard(cell(c)), "{text:?}");
            }
            other => panic!("{text:?} should be off the board, got {other:?}"),
        };
    let othello = |t: &str| play_moves(&Othello8::start(), t).map(|_| ());
    off(&othello, "f5 i9", 2, "i9");
    off(&othello, "f5 d6 a9", 3, "a9");
    let four = |t: &str| play_moves(&Othello::<Size4>::start(), t).map(|_| ());
    off(&four, "e1", 1, "e1");
    let board = |t: &str| play_moves(&ttt(3, 3, 3), t).map(|_| ());
    off(&board, "a1 d1", 2, "d1");
}

/// The first line of play (in move order) with a forced pass, as moves from the start.
fn first_line_with_a_pass<P: Position>(pos: &P, line: &mut Vec<Move>) -> bool {
    for mv in pos.legal_moves() {
        line.push(mv);
        let next = pos.play_unchecked(mv);
        if mv == Move::Pass && next.move_count() > 0 {
            // Follow with the opponent's first move so the pass is inside the list.
            line.push(next.legal_moves().next().unwrap());
            return true;
        }
        if first_line_with_a_pass(&next, line) {
            return true;
        }
        line.pop();
    }
    false
}

#[test]
fn a_pass_left_out_of_a_move_list_is_put_back() {
    let start = Othello::<Size4>::start();
    let mut line = Vec::new();
    assert!(
        first_line_with_a_pass(&start, &mut line),
        "4x4 games have passes"
    );
    let with_passes = format_moves(&line);
    let without: String = line
        .iter()
        .filter(|mv| **mv != Move::Pass)
        .map(|mv| format!("{mv} "))
        .collect();
    let (played, pos) = play_moves(&start, &with_passes).unwrap();
    assert_eq!(played, line);
    let (played_without, pos_without) = play_moves(&start, &without).unwrap();
    assert_eq!(played_without, line, "{without:?} gets its pass back");
    assert_eq!(pos_without, pos);
}

// ---- Board strings ----

const OTHELLO4_START: &str = "---- -OX- -XO- ---- X";

#[test]
fn board_strings_of_every_size_write_and_read_back() {
    fn othello<S: Size>() {
        let start = Othello::<S>::start();
        let text = start.to_board_string();
        assert_eq!(text.len(), S::N * S::N + 2, "{text}");
        assert!(text.ends_with(" X"));
        assert_eq!(start.parse_board(&text), Ok(start));
        let after = start.play_unchecked(start.legal_moves().next().unwrap());
        assert_eq!(start.parse_board(&after.to_board_string()), Ok(after));
        assert!(after.to_board_string().ends_with(" O"));
    }
    othello::<Size4>();
    othello::<Size6>();
    othello::<Size8>();
    othello::<Size10>();
    othello::<Size12>();
    othello::<Size14>();
    othello::<Size16>();
    for rows in 3..=8 {
        for cols in 3..=8 {
            for k in [3, rows.max(cols)] {
                let empty = ttt(rows, cols, k);
                let text = empty.to_board_string();
                assert_eq!(text, format!("{} X", "-".repeat(rows * cols)));
                assert_eq!(empty.parse_board(&text), Ok(empty));
                let after = empty.play(place("b2")).unwrap();
                assert_eq!(empty.parse_board(&after.to_board_string()), Ok(after));
                assert_eq!(
                    empty.parse_board(&after.to_board_string().replace(" O", "")),
                    Ok(after),
                    "tic-tac-toe can tell whose turn it is"
                );
            }
        }
    }
}

#[test]
fn board_strings_allow_whitespace_between_cells_and_either_empty_mark() {
    let four = Othello::<Size4>::start();
    let start = four.parse_board(OTHELLO4_START).unwrap();
    assert_eq!(start, four);
    for text in [
        "----\n-OX-\n-XO-\n----\nX",
        "  ----\r\n  -OX-\r\n  -XO-\r\n  ----\r\n  X\n",
        "----\t-OX-\t-XO-\t----X",
        "---- -OX- -XO- ----X",
        "....\n.OX.\n.XO.\n....\nX",
        "---- -ox- -xo- ---- x",
        "---- -O*- -*O- ---- *",
        "- - - - - O X - - X O - - - - - X",
    ] {
        assert_eq!(four.parse_board(text), Ok(start), "{text:?}");
    }
    let classic = ttt(3, 3, 3);
    let x_then_o = classic
        .play(place("a1"))
        .unwrap()
        .play(place("b2"))
        .unwrap();
    for text in [
        "X--\n-O-\n---",
        "X-- -O- ---",
        "X - - - O - - - -",
        "X - -\n- O -\n- - -\nX",
        "x.. .o. ...",
    ] {
        assert_eq!(classic.parse_board(text), Ok(x_then_o), "{text:?}");
    }
    assert_eq!(parse_board("X - - - O - - - -", 9).unwrap().1, None);
    assert_eq!(
        parse_board("X--\n-O-\n--- O", 9).unwrap().1,
        Some(Side::Second)
    );
}

#[test]
fn an_othello_board_must_say_whose_move_it_is() {
    let four = Othello::<Size4>::start();
    for text in [
        "---- -OX- -XO- ----",
        "----\n-OX-\n-XO-\n----\n",
        "- - - - - O X - - X O - - - - -",
    ] {
        assert_eq!(
            four.parse_board(text),
            Err(ParseError::MissingSideToMove),
            "{text:?}"
        );
    }
    assert_eq!(
        four.parse_board("---- -OX- -XO- ---- Z"),
        Err(ParseError::BadSideToMove("Z".into()))
    );
}

#[test]
fn a_board_string_with_the_wrong_number_of_cells_says_how_many() {
    let four = Othello::<Size4>::start();
    let wrong = |text: &str, expected: usize, found: usize| {
        assert_eq!(
            four.parse_board(text),
            Err(ParseError::WrongLength { expected, found }),
            "{text:?}"
        );
    };
    wrong("---- -OX- -XO- --- X", 16, 15);
    wrong("---- -OX- -XO- ----- X", 16, 17);
    wrong("---- -OX- -XO- ------ X", 16, 18);
    wrong("---- -OX- -XO- ---", 16, 15);
    wrong("bad", 16, 3);
    assert_eq!(four.parse_board(""), Err(ParseError::Empty));
    assert_eq!(four.parse_board(" \n\t "), Err(ParseError::Empty));
    let eight = Othello8::start();
    assert_eq!(
        eight.parse_board(OTHELLO4_START),
        Err(ParseError::WrongLength {
            expected: 64,
            found: 16
        })
    );
    assert_eq!(
        ttt(3, 3, 3).parse_board("X-- -O- --"),
        Err(ParseError::WrongLength {
            expected: 9,
            found: 8
        })
    );
    let message = eight.parse_board("bad").unwrap_err().to_string();
    assert!(message.contains("64") && message.contains('3'), "{message}");
}

#[test]
fn a_bad_character_is_named_with_its_cell_index() {
    let four = Othello::<Size4>::start();
    assert_eq!(
        four.parse_board("---- -O?- -XO- ---- X"),
        Err(ParseError::BadChar { ch: '?', index: 6 })
    );
    assert_eq!(
        four.parse_board("#--- -OX- -XO- ---- X"),
        Err(ParseError::BadChar { ch: '#', index: 0 })
    );
    assert_eq!(
        ttt(3, 3, 3).parse_board("X-- -O- --é"),
        Err(ParseError::BadChar { ch: 'é', index: 8 })
    );
}

#[test]
fn an_othello_board_with_an_empty_centre_is_impossible() {
    let four = Othello::<Size4>::start();
    for text in [
        "---- -O-- -XO- ---- X",
        "---- ---- ---- ---- X",
        "XXXX XXXX XX-X XXXX O",
    ] {
        match four.parse_board(text) {
            Err(ParseError::Impossible(why)) => assert!(why.contains("centre"), "{why}"),
            other => panic!("{text:?} should be impossible, got {other:?}"),
        }
    }
    assert!(matches!(
        Othello8::start().parse_board(&format!("{} X", "-".repeat(64))),
        Err(ParseError::Impossible(_))
    ));
}

#[test]
fn impossible_tictactoe_boards_are_refused() {
    let classic = ttt(3, 3, 3);
    let impossible = |pos: &TicTacToe, text: &str, words: &[&str]| match pos.parse_board(text) {
        Err(ParseError::Impossible(why)) => {
            for w in words {
                assert!(why.contains(w), "{text:?}: {why:?} should mention {w:?}");
            }
        }
        other => panic!("{text:?} should be impossible, got {other:?}"),
    };
    impossible(&classic, "OO- --- ---", &["X", "O"]); // too many O
    impossible(&classic, "XX- --- ---", &["X", "O"]); // too many X
    impossible(&classic, "XXX OO- O--", &[]); // O moved too often for X's line to stand
    impossible(&classic, "XXX OOO X--", &["both"]); // both have a line
    impossible(&classic, "XXX OO- O-- O", &[]);
    impossible(&classic, "OOO XX- XX-", &["O"]); // O has a line but X moved last
    impossible(&classic, "XXX O-- OO-", &["X"]); // X has a line but O moved last
    // Two lines with no common cell: no single last move made both.
    let five = ttt(5, 5, 3);
    impossible(&five, "XXX-- OO-OO XXX-- ----- O----", &["X"]);
    // The side to move disagrees with the marks.
    impossible(&classic, "X-- --- --- X", &["O"]);
    impossible(&classic, "X-- -O- --- O", &["X"]);

    // Lines through one last mark are a real finish.
    let double = classic.parse_board("XXX XOO XOO").unwrap();
    assert_eq!(double.outcome(), Outcome::Won(Side::First));
    let won = classic.parse_board("XXX OO- --- O").unwrap();
    assert_eq!(won.outcome(), Outcome::Won(Side::First));
    let full = classic.parse_board("XOX XOO OXX").unwrap();
    assert_eq!(full.outcome(), Outcome::Drawn);
}

// ---- The FFO test file ----

/// The exact final disc difference for the side to move (empties to the winner).
fn solve(pos: &Othello8) -> i32 {
    if pos.outcome().is_over() {
        return pos.final_score();
    }
    pos.legal_moves()
        .map(|mv| -solve(&pos.play_unchecked(mv)))
        .max()
        .unwrap()
}

#[test]
fn every_ffo_position_reads_as_an_8x8_board_with_legal_best_moves() {
    let proto = Othello8::start();
    let positions = common::ffo_positions();
    assert_eq!(
        positions.iter().map(|p| p.id).collect::<Vec<_>>(),
        (1..=39).collect::<Vec<_>>()
    );
    for ffo in &positions {
        let pos = proto
            .parse_board(&ffo.board_string())
            .unwrap_or_else(|e| panic!("FFO #{}: {e}", ffo.id));
        let side = Side::from_symbol(ffo.side).unwrap();
        assert_eq!(pos.side_to_move(), side, "FFO #{}", ffo.id);
        let [x, o] = pos.counts();
        assert_eq!(64 - x - o, ffo.empties as u32, "FFO #{} empties", ffo.id);
        assert_eq!(pos.to_board_string(), ffo.board_string(), "FFO #{}", ffo.id);
        assert_eq!(pos.outcome(), Outcome::Ongoing, "FFO #{}", ffo.id);
        for best in &ffo.best_moves {
            let mv = pos
                .parse_move(best)
                .unwrap_or_else(|e| panic!("FFO #{} best move {best}: {e}", ffo.id));
            assert_eq!(pos.check(mv), Ok(()), "FFO #{} best move {best}", ffo.id);
        }
    }
}

/// #20 has 6 empties, few enough to solve here: its listed score and best move hold.
#[test]
fn ffo_20_solves_to_its_listed_score() {
    let ffo = common::ffo_positions()
        .into_iter()
        .find(|p| p.id == 20)
        .unwrap();
    let pos = Othello8::start().parse_board(&ffo.board_string()).unwrap();
    assert_eq!(solve(&pos), ffo.score);
    for best in &ffo.best_moves {
        let after = pos.play(pos.parse_move(best).unwrap()).unwrap();
        assert_eq!(-solve(&after), ffo.score, "best move {best}");
    }
}

// ---- Nothing panics ----

/// Feeds `text` to every reader; each must return, Ok or Err.
fn read_everything(text: &str) {
    let _ = Cell::from_str(text);
    let _ = Move::from_str(text);
    let _ = parse_moves(text);
    for cells in [9, 16, 64, 256] {
        let _ = parse_board(text, cells);
    }
    fn with<P: Position>(start: P, text: &str) {
        let _ = start.parse_move(text);
        let _ = start.parse_board(text);
        let _ = play_moves(&start, text);
    }
    with(Othello::<Size4>::start(), text);
    with(Othello::<Size6>::start(), text);
    with(Othello::<Size8>::start(), text);
    with(Othello::<Size10>::start(), text);
    with(Othello::<Size12>::start(), text);
    with(Othello::<Size14>::start(), text);
    with(Othello::<Size16>::start(), text);
    for (rows, cols, k) in [
        (3, 3, 3),
        (4, 4, 4),
        (4, 4, 3),
        (3, 5, 3),
        (8, 8, 5),
        (8, 3, 8),
    ] {
        with(ttt(rows, cols, k), text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn no_text_makes_a_reader_panic(text in ".{0,80}") {
        read_everything(&text);
    }

    #[test]
    fn no_notation_like_text_makes_a_reader_panic(
        text in "[a-qA-Q0-9xXoOpPsS*.,;\\- \n\t]{0,300}"
    ) {
        read_everything(&text);
    }

    #[test]
    fn no_board_of_the_right_length_makes_a_reader_panic(
        cells in "[XO\\-]{9}|[XO\\-.]{16}|[XO\\-]{64}|[XO\\-]{256}",
        side in "( [XOxoZ-])?",
    ) {
        read_everything(&format!("{cells}{side}"));
    }

    #[test]
    fn random_move_lists_play_or_say_why_not(
        moves in proptest::collection::vec("[a-i][1-9]|pa", 0..40),
    ) {
        let text = moves.join(" ");
        read_everything(&text);
        let start = Othello8::start();
        match play_moves(&start, &text) {
            Ok((played, _)) => prop_assert!(played.len() >= moves.len()),
            Err(ParseError::IllegalMove { ply, .. }) => prop_assert!(ply >= 1 && ply <= moves.len()),
            Err(e) => prop_assert!(false, "unexpected error {e:?} for {text:?}"),
        }
    }
}

/// A random game written as a move list plays back to the same moves and position; with its
/// passes left out (Othello), they are put back.
fn game_written_and_read<P: Position>(start: P, seeds: &[u64]) -> Result<(), TestCaseError> {
    let mut pos = start;
    let mut line = Vec::new();
    for seed in seeds {
        let moves: Vec<Move> = pos.legal_moves().collect();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(seed % moves.len() as u64) as usize];
        line.push(mv);
        pos = pos.play_unchecked(mv);
    }
    let text = format_moves(&line);
    prop_assert_eq!(play_moves(&start, &text), Ok((line.clone(), pos)));
    let spaced: Vec<String> = line
        .iter()
        .map(|mv| mv.to_string().to_uppercase())
        .collect();
    prop_assert_eq!(
        play_moves(&start, &spaced.join(" ")),
        Ok((line.clone(), pos))
    );
    let without_passes: String = line
        .iter()
        .filter(|mv| **mv != Move::Pass)
        .map(Move::to_string)
        .collect();
    prop_assert_eq!(play_moves(&start, &without_passes), Ok((line, pos)));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_games_write_and_read_back_as_move_lists(
        board in 0usize..6,
        seeds in proptest::collection::vec(any::<u64>(), 300),
    ) {
        match board {
            0 => game_written_and_read(Othello::<Size4>::start(), &seeds)?,
            1 => game_written_and_read(Othello::<Size8>::start(), &seeds)?,
            2 => game_written_and_read(Othello::<Size12>::start(), &seeds)?,
            3 => game_written_and_read(Othello::<Size16>::start(), &seeds)?,
            4 => game_written_and_read(ttt(3, 3, 3), &seeds)?,
            _ => game_written_and_read(ttt(8, 8, 5), &seeds)?,
        }
    }
}
