//! The game files' tests: every format read, written and read back, and bad files named.

use std::path::{Path, PathBuf};

use crate::app::document::session::Session;
use crate::core::{GameKind, OthelloSize, ParseError, Supported, Variant};
use crate::formats::{Header, ggf};

use super::*;

#[test]
fn a_game_file_round_trips() {
    let game = Session::from_moves(Supported::OTHELLO_8, "f5d6c3d3c4").unwrap();
    let text = format_game(&game);
    assert!(text.contains("game: othello\nsize: 8\nmoves: f5d6c3d3c4"));
    let back = parse_game(&text).unwrap();
    assert_eq!(back.variant(), Variant::OTHELLO_8);
    assert_eq!(back.move_list(), "f5d6c3d3c4");
}

#[test]
fn the_file_holds_the_whole_game_whichever_move_is_shown() {
    let mut game = Session::from_moves(GameKind::TicTacToe.standard(), "b2 a1 c3").unwrap();
    game.jump(2);
    let back = parse_game(&format_game(&game)).unwrap();
    assert_eq!(back.move_list(), "b2a1c3");
    assert_eq!(back.variant(), Variant::TIC_TAC_TOE_3);
}

#[test]
fn bad_files_say_what_is_wrong() {
    assert_eq!(
        parse_game("size: 8\nmoves: f5").unwrap_err(),
        GameFileError::Missing("game")
    );
    assert_eq!(
        parse_game("game: chess\nsize: 8").unwrap_err(),
        GameFileError::UnknownGame("chess".into()).at_line(1)
    );
    match parse_game("game: othello\nsize: 7").unwrap_err() {
        GameFileError::At {
            place: crate::formats::Place::Line(2),
            error,
        } => assert!(matches!(
            *error,
            GameFileError::Rules(ParseError::BadSize(_))
        )),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        parse_game("game: othello\nsize: 8\nmoves: f5 f5")
            .unwrap_err()
            .to_string(),
        "line 3: move 2: f5 is illegal: f5 is already taken"
    );
    let cut = parse_game("game: othello\nsize: 8\n\nmoves: f5 d").unwrap_err();
    assert!(cut.to_string().starts_with("line 4: "), "{cut}");
    let board = parse_game("game: othello\nsize: 4\nboard: ---- -XO- X\nmoves:").unwrap_err();
    assert!(board.to_string().starts_with("line 3: "), "{board}");
    assert!(matches!(
        parse_game("hello there").unwrap_err(),
        GameFileError::BadLine(1, _)
    ));
}

#[test]
fn a_paste_is_a_move_list_or_a_whole_file() {
    let g = parse_paste("1. f5 2. d6 3. c3", Supported::OTHELLO_8).unwrap();
    assert_eq!(g.move_list(), "f5d6c3");
    let g = parse_paste("game: tictactoe\nsize: 4\nmoves: a1", Supported::OTHELLO_8).unwrap();
    assert_eq!(g.variant(), Variant::TIC_TAC_TOE_4);
    assert!(parse_paste("   ", Supported::OTHELLO_8).is_err());
    assert!(parse_paste("f5 a1", Supported::OTHELLO_8).is_err());
}

#[test]
fn saving_and_opening_a_file() {
    let path = std::env::temp_dir().join(format!("boardplay-game-{}.txt", std::process::id()));
    let game = Session::from_moves(Supported::OTHELLO_12, "f5").unwrap();
    save_game(&game, &path, Players::default()).unwrap();
    let back = open_game(&path).unwrap();
    assert_eq!(back.variant(), Variant::OTHELLO_12);
    assert_eq!(back.move_list(), "f5");
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(open_game(&path), Err(GameFileError::Io { .. })));
}

#[test]
fn a_game_from_a_set_up_position_keeps_its_start() {
    let board = "---- -XO- -OX- ---- O";
    let variant = Supported::Othello(OthelloSize::S4);
    let game = Session::from_board_and_moves(variant, board, &[cell("a2")]).unwrap();
    let text = format_game(&game);
    assert!(text.contains("board: "), "{text}");
    let back = parse_game(&text).unwrap();
    assert_eq!(back.start_board(), game.start_board());
    assert_eq!(back.main_line(), "a2");
    assert_eq!(back.board_string(), game.board_string());
    // A standard start writes no board line.
    let plain = Session::from_moves(variant, "b1").unwrap();
    assert!(!format_game(&plain).contains("board:"));
}

#[test]
fn a_kept_game_remembers_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("last-game.txt");
    let game = Session::from_moves(Supported::OTHELLO_8, "f5d6").unwrap();
    let file = dir.path().join("my game.ggf");
    keep_game(&game, &kept, Some(&file)).unwrap();
    let (back, named) = kept_game(&kept).unwrap();
    assert_eq!(back.move_list(), "f5d6");
    assert_eq!(named, Some(file));
    keep_game(&game, &kept, None).unwrap();
    assert_eq!(kept_game(&kept).unwrap().1, None);
}

#[test]
fn a_kept_game_keeps_the_position_shown_and_its_variations() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("last-game.txt");
    let mut game = Session::from_moves(Supported::OTHELLO_8, "f5d6c3d3").unwrap();
    game.jump(2);
    game.play("c5".parse().unwrap()).unwrap();
    game.jump(1);
    keep_game(&game, &kept, None).unwrap();
    let (back, _) = kept_game(&kept).unwrap();
    assert_eq!(back.main_line(), "f5d6c5");
    assert_eq!(back.cursor(), 1);
    assert_eq!(back.variation_lines(), ["f5d6c3d3"]);
    // A file without the line shows its last move; one past the end is named.
    assert_eq!(
        parse_game("game: othello\nsize: 8\nmoves: f5d6")
            .unwrap()
            .cursor(),
        2
    );
    let past = parse_game("game: othello\nsize: 8\nmoves: f5d6\nshown: 3").unwrap_err();
    assert!(past.to_string().starts_with("line 4: "), "{past}");
}

#[test]
fn a_game_from_another_file_keeps_who_played_it_where_and_when() {
    let header = Header {
        black: "cruel+".into(),
        white: "Saio1200".into(),
        event: "GGS/os".into(),
        date: "2003.12.15".into(),
        from: None,
    };
    let game = Session::from_moves(Supported::OTHELLO_8, "f5d6").unwrap();
    let text = format_game(&game.clone().with_header(header.clone()));
    assert!(text.contains("black: cruel+\nwhite: Saio1200\n"), "{text}");
    assert_eq!(parse_game(&text).unwrap().header(), Some(&header));
    assert_eq!(parse_game(&format_game(&game)).unwrap().header(), None);
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn ggf_files_open_and_save() {
    let dir = tempfile::tempdir().unwrap();
    let one = write(
        dir.path(),
        "one.ggf",
        b"(;GM[Othello]PB[a]PW[b]TY[8]B[F5]W[D6]B[C3];)",
    );
    let Opened::Game(game) = open_file(&one).unwrap() else {
        panic!("one game is opened directly")
    };
    assert_eq!(game.move_list(), "f5d6c3");
    // Saved as GGF with the file's players, not the window's, and read back the same.
    let out = dir.path().join("out.GGF");
    let players = Players {
        black: "Person",
        white: "Expert",
    };
    save_game(&game, &out, players).unwrap();
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("PB[a]PW[b]"), "{text}");
    // A game played here is saved with the window's players.
    let here = Session::from_moves(Supported::OTHELLO_8, "f5d6c3").unwrap();
    let text = format_ggf(&here, players).unwrap();
    assert!(text.contains("PC[boardplay]PB[Person]PW[Expert]"), "{text}");
    assert!(
        !text.contains("RE["),
        "an unfinished game has no result: {text}"
    );
    assert_eq!(open_game(&out).unwrap().move_list(), "f5d6c3");
    // A text starting "(;" is GGF whatever its name; two games make a list.
    let two = write(
        dir.path(),
        "two.txt",
        b" (;GM[Othello]B[F5];)\n(;GM[Othello]B[E6];)",
    );
    let Opened::List(listed) = open_file(&two).unwrap() else {
        panic!("two games are listed")
    };
    assert_eq!(listed.notes(), Vec::<String>::new());
    assert_eq!(
        game_from_record(&listed.records[1]).unwrap().move_list(),
        "e6"
    );
    // So is a match file whose games are numbered, as GGS, NBoard and NTest write them.
    let numbered = write(
        dir.path(),
        "match.txt",
        b"1 (;GM[Othello]B[F5];)\n2 (;GM[Othello]B[D3];)(;GM[Othello]B[C4];)\n",
    );
    let Opened::List(listed) = open_file(&numbered).unwrap() else {
        panic!("three games are listed")
    };
    assert_eq!(listed.records.len(), 3);
    assert_eq!(
        game_from_record(&listed.records[2]).unwrap().move_list(),
        "c4"
    );
    // A number needs space before its game to be a game number.
    let txt = Path::new("own.txt");
    assert_eq!(Format::of(txt, b" 12\n(;"), Format::Ggf);
    assert_eq!(Format::of(txt, b"12(;"), Format::Boardplay);
    assert_eq!(Format::of(txt, b"game: othello"), Format::Boardplay);
}

#[test]
fn a_finished_game_saves_its_result_and_a_set_up_start_its_board() {
    // Black wins 4x4 Othello quickly from this position: every disc is Black's after d2,
    // 5-0 on the board, and the 11 empty cells are Black's too.
    let variant = Supported::Othello(OthelloSize::S4);
    let game =
        Session::from_board_and_moves(variant, "---- -XO- -XX- ---- X", &[cell("d2")]).unwrap();
    assert!(game.is_finished());
    let text = format_ggf(&game, Players::default()).unwrap();
    assert!(text.contains("RE[+16.00]"), "{text}");
    assert!(text.contains("BO[4 -----*O--**----- *]"), "{text}");
    let back = game_from_record(&ggf::read(&text).unwrap()[0]).unwrap();
    assert_eq!(back.start_board(), game.start_board());
    assert_eq!(back.move_list(), game.move_list());
}

#[test]
fn formats_that_cannot_hold_a_game_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let ttt = Session::from_moves(GameKind::TicTacToe.standard(), "b2").unwrap();
    let ggf = dir.path().join("t.ggf");
    assert_eq!(
        save_game(&ttt, &ggf, Players::default()),
        Err(GameFileError::NotOthello)
    );
    let wtb = dir.path().join("t.wtb");
    let othello = Session::from_moves(Supported::OTHELLO_8, "f5").unwrap();
    assert_eq!(
        save_game(&othello, &wtb, Players::default()),
        Err(GameFileError::WthorWrite)
    );
    assert!(!ggf.exists() && !wtb.exists());
}

#[test]
fn wthor_files_list_their_games_with_the_names_beside_them() {
    use crate::formats::wthor::{self, build};
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = build::header(2, 1998, false);
    bytes.extend(build::game(1, 1, 0, 40, "f5d6c3d3c4"));
    bytes.extend(build::game(0, 0, 1, 20, "f5f6e6"));
    let path = write(dir.path(), "WTH_1998.wtb", &bytes);
    write(
        dir.path(),
        "WTHOR.JOU",
        &build::names(&["Murakami", "Tamenori"], wthor::PLAYER),
    );
    write(
        dir.path(),
        "wthor.trn",
        &build::names(&["Open", "Worlds"], wthor::TOURNAMENT),
    );
    let Opened::List(listed) = open_file(&path).unwrap() else {
        panic!("a database is listed")
    };
    assert_eq!(
        listed.records[0].title(),
        "Tamenori \u{2013} Murakami, Worlds 1998, 40-24"
    );
    assert_eq!(
        game_from_record(&listed.records[1]).unwrap().move_list(),
        "f5f6e6"
    );
    assert!(listed.names_missing.is_empty() && listed.notes().is_empty());

    // Without its names files, the list says so: the numbers are not names.
    let alone = tempfile::tempdir().unwrap();
    let path = write(alone.path(), "WTH_1998.wtb", &bytes);
    let Opened::List(listed) = open_file(&path).unwrap() else {
        panic!("a database is listed")
    };
    assert_eq!(listed.records[0].black, "player 1");
    assert_eq!(listed.names_missing, ["WTHOR.JOU", "WTHOR.TRN"]);
    assert_eq!(
        listed.notes(),
        [
            "WTHOR.JOU and WTHOR.TRN are not beside it: its players and tournaments are shown \
          by their numbers in those files."
        ]
    );
    write(
        alone.path(),
        "WTHOR.JOU",
        &build::names(&["Murakami", "Tamenori"], wthor::PLAYER),
    );
    let Opened::List(listed) = open_file(&path).unwrap() else {
        panic!("a database is listed")
    };
    assert_eq!(
        listed.notes(),
        [
            "WTHOR.TRN is not beside it: its tournaments are shown by their numbers in those \
          files."
        ]
    );
}

#[test]
fn a_file_cut_short_lists_its_complete_games_and_says_where_it_ends() {
    use crate::formats::wthor::build;
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = build::header(3, 1998, false);
    bytes.extend(build::game(1, 1, 0, 40, "f5d6c3d3c4"));
    bytes.extend(build::game(0, 0, 1, 20, "f5f6e6"));
    bytes.extend(build::game(0, 0, 1, 20, "f5f4"));
    // Cut inside game 2: game 1 is listed (not put on the board), with the cut.
    let path = write(dir.path(), "cut.wtb", &bytes[..100]);
    let Opened::List(listed) = open_file(&path).unwrap() else {
        panic!("a file cut short is listed")
    };
    assert_eq!(listed.records.len(), 1);
    assert_eq!(
        listed.notes()[0],
        "The file is cut short (byte 100: the file ends inside game 2 of the 3 its header \
         announces (a file of 3 games has 220 bytes, this one 100)): the complete game before \
         the cut is listed."
    );
    // Cut inside game 3: two games.
    let path = write(dir.path(), "cut.wtb", &bytes[..200]);
    let Opened::List(listed) = open_file(&path).unwrap() else {
        panic!("a file cut short is listed")
    };
    assert_eq!(listed.records.len(), 2);
    assert!(listed.notes()[0].contains("byte 200: the file ends inside game 3"));
    // A GGF collection cut inside its third game.
    let text = "1 (;GM[Othello]B[F5];)\n2 (;GM[Othello]B[D3];)(;GM[Othello]B[C4]W[";
    let path = write(dir.path(), "cut.ggf", text.as_bytes());
    let Opened::List(listed) = open_file(&path).unwrap() else {
        panic!("a file cut short is listed")
    };
    assert_eq!(listed.records.len(), 2);
    assert_eq!(
        listed.notes(),
        [
            "The file is cut short (line 2: the value of W is not closed with ']': the file \
          ends inside it (column 42)): the 2 complete games before the cut are listed."
        ]
    );
    // Cut inside the first game: nothing to list, an error.
    let path = write(dir.path(), "cut.ggf", &text.as_bytes()[..18]);
    assert!(open_file(&path).is_err());
}

#[test]
fn wthor_games_get_their_passes_back() {
    use crate::formats::wthor::build;
    // A game with a pass: Black has no move after White's c1, and White plays e3.
    let moves = "d3c3b3b2f5a3a1c1e3";
    let with_passes = Session::from_moves(Supported::OTHELLO_8, moves).unwrap();
    assert!(with_passes.move_list().contains("pass"), "{with_passes:?}");
    let record = &crate::formats::wthor::read(
        &[
            build::header(1, 2000, false),
            build::game(0, 0, 0, 0, moves),
        ]
        .concat(),
        &Default::default(),
    )
    .unwrap()[0];
    let game = game_from_record(record).unwrap();
    assert_eq!(game.move_list(), with_passes.move_list());
}

#[test]
fn an_illegal_move_names_its_line_or_byte() {
    let dir = tempfile::tempdir().unwrap();
    let ggf = write(dir.path(), "bad.ggf", b"(;GM[Othello]\nB[F5]\nW[F5];)");
    let e = open_file(&ggf).unwrap_err().to_string();
    assert!(e.starts_with("line 3: move 2: f5 is illegal"), "{e}");
    use crate::formats::wthor::build;
    let mut bytes = build::header(1, 2000, false);
    bytes.extend(build::game(0, 0, 0, 32, "f5d6a1"));
    let wtb = write(dir.path(), "bad.wtb", &bytes);
    let e = open_file(&wtb).unwrap_err().to_string();
    assert!(e.starts_with("byte 26: move 3: a1 is illegal"), "{e}");
    let cut = write(dir.path(), "cut.wtb", &bytes[..50]);
    let e = open_file(&cut).unwrap_err().to_string();
    assert!(e.starts_with("byte 50: the file ends inside game 1"), "{e}");
}

/// The move on `name` ("a2").
fn cell(name: &str) -> crate::core::Move {
    crate::core::Move::Place(name.parse().unwrap())
}

#[test]
fn every_error_of_the_own_format_names_its_line_or_byte() {
    let cases = [
        ("game: chess\nsize: 8", "line 1: unknown game 'chess'"),
        (
            "# a game\ngame: othello\nsize: NaN",
            "line 3: 'NaN' is not a board size",
        ),
        ("game: othello\n\nsize: 7\nmoves: f5", "line 3: "),
        ("size: 3\ngame: tictactoe\nk: 9", "line 3: "),
        ("game: tictactoe\nk: 3\nsize: 99", "line 3: "),
        (
            "game: othello\nsize: 8\nk: x",
            "line 3: 'x' is not a board size",
        ),
        ("game: othello\nsize: 8\nshown: -1", "line 3 "),
        ("game: othello\nsize: 8\nmoves: f5 f5", "line 3: move 2"),
    ];
    for (text, start) in cases {
        let e = parse_game(text).unwrap_err().to_string();
        assert!(e.starts_with(start), "{text:?}: {e}");
    }
    // The size the rules refuse is named as the core names it, on its line.
    let e = parse_game("game: othello\n\nsize: 7")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("line 3: ") && e.contains("7x7"), "{e}");

    // Bytes that are not UTF-8 are named by the first of them.
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "game.txt", b"game: othello\nsize: \xFF8\n");
    let e = open_file(&path).unwrap_err();
    assert_eq!(
        e.to_string(),
        "byte 20: not a text file (boardplay reads its own game files, .ggf and .wtb)"
    );
    assert!(matches!(
        kept_game(&path).unwrap_err(),
        GameFileError::At {
            place: crate::formats::Place::Byte(20),
            ..
        }
    ));
}

#[test]
fn saving_a_ggf_game_as_ggf_keeps_what_its_file_said() {
    // As GGS writes a game with komi: each move's evaluation, the ratings, the game type
    // and the result as written (-22.87 is not a disc count the board gives).
    let text = "(;GM[Othello]PC[GGS/os]DT[2003.12.15]PB[Saio1200]PW[Saio3000]RB[2196.37]\
                RW[2200.35]TY[8k]RE[-22.87]B[F5/8.03/1.2]W[D6/-1.50/0.5]B[C3//0.2];)";
    let record = &ggf::read(text).unwrap()[0];
    let game = game_from_record(record).unwrap();
    let saved = format_ggf(&game, Players::default()).unwrap();
    for part in [
        "RB[2196.37]",
        "RW[2200.35]",
        "TY[8k]",
        "RE[-22.87]",
        "B[F5/8.03",
        "W[D6/-1.50",
    ] {
        assert!(saved.contains(part), "{part} in {saved}");
    }
    // A move played after the file's last: its evaluations stay where the moves are the
    // file's, and the file's result is no longer this game's.
    let mut longer = game.clone();
    longer.play("d3".parse().unwrap()).unwrap();
    let saved = format_ggf(&longer, Players::default()).unwrap();
    assert!(
        saved.contains("B[F5/8.03") && saved.contains("RB[2196.37]"),
        "{saved}"
    );
    assert!(!saved.contains("RE[-22.87]"), "{saved}");
    // Another line from move 2: only the first move's evaluation is still about this game.
    let mut other = game_from_record(record).unwrap();
    other.jump(1);
    other.play("f6".parse().unwrap()).unwrap();
    let saved = format_ggf(&other, Players::default()).unwrap();
    assert!(saved.contains("B[F5/8.03"), "{saved}");
    assert!(!saved.contains("-1.50"), "{saved}");
}

#[test]
fn saving_into_a_folder_that_does_not_exist_is_refused_and_makes_no_folder() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-such").join("folder").join("game.ggf");
    let game = Session::from_moves(Supported::OTHELLO_8, "f5d6").unwrap();
    let e = save_game(&game, &path, Players::default()).unwrap_err();
    assert_eq!(
        e,
        GameFileError::NoFolder(path.parent().unwrap().to_path_buf())
    );
    assert!(
        e.to_string()
            .contains("does not exist: the game was not saved"),
        "{e}"
    );
    assert!(!dir.path().join("no-such").exists());
    // Into a folder that is there, it is written.
    let here = dir.path().join("game.ggf");
    save_game(&game, &here, Players::default()).unwrap();
    assert!(here.is_file());
}
