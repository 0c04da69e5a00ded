//! The opening in the window (issue 38), as a person meets it: the book marks on the board,
//! the opening's name in the status line and the move list, "book" where the computer
//! played from its book, the database naming each game's opening, a new game from the
//! alternate start or from a list file (a bad one said, not a panic), and the book's
//! settings kept in the settings file.
//!
//! Expected values come from elsewhere than the window: the book's moves and values from the
//! shipped book through the AI's API, the names from the public move sequences of
//! `openings/names.txt`.

#![cfg(feature = "gui")]

mod common;

use std::path::PathBuf;
use std::time::Duration;

use boardplay::ai::book::{Book, BookOptions, user};
use boardplay::ai::{Level, PlayerSpec};
use boardplay::app::BoardplayApp;
use boardplay::app::document::settings::{PlayerChoice, Settings};
use boardplay::core::othello::{Othello8, names};
use boardplay::core::{GameKind, Move, Position, Side, notation};
use boardplay::formats::wthor::{self, build};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::ui::{click, harness, menu, new_app, open_menu, people, temp_dir, text, type_path};

/// The app for `name`'s test with `settings`, in a window, settled; the user's own book
/// kept out (a file that does not exist), so the book is the shipped one.
fn window_with(name: &str, settings: Settings) -> Harness<'static, BoardplayApp> {
    let dir = temp_dir(name);
    user::use_path(dir.join("no-user-book.bpb"));
    let mut app = new_app(dir.join("settings.ron"));
    app.set_settings(settings);
    let mut h = harness(app);
    h.run();
    h
}

/// Clicks the cells of `moves` in turn, as the person at the board.
fn play(h: &mut Harness<'_, BoardplayApp>, moves: &str) {
    for mv in moves.split_whitespace() {
        click(h, &format!("{mv}, empty, legal move"));
    }
}

/// A value as the marks write it.
/// Steps the window until the computer has answered the person's first move (two moves
/// played), waiting for its search whenever it thinks.
fn wait_for_reply(h: &mut Harness<'_, BoardplayApp>) {
    for _ in 0..400 {
        if h.state().game().moves().len() == 2 {
            break;
        }
        if h.state().is_thinking() {
            assert!(h.state_mut().wait_for_computer(Duration::from_secs(60)));
        }
        h.step();
    }
}

fn signed(value: i32) -> String {
    if value > 0 {
        format!("+{value}")
    } else {
        value.to_string()
    }
}

#[test]
fn book_marks_show_the_shipped_book_s_values_on_the_start_position() {
    let mut h = window_with("book-marks", people(GameKind::Othello, 8));
    assert!(
        h.query_by_label_contains(", book ").is_none(),
        "off by default"
    );
    menu(&mut h, "View", "Book marks");
    assert!(
        h.state().settings().display.book_marks,
        "the toggle is a setting"
    );
    assert!(h.state().wait_for_book(Duration::from_secs(30)));
    h.run();

    let expected = Book::shipped().moves(&Othello8::start());
    assert_eq!(expected.len(), 4, "the book holds the four first moves");
    let best = expected.iter().map(|m| m.value).max().unwrap();
    for m in &expected {
        let mut label = format!("{}, empty, legal move, book {}", m.mv, signed(m.value));
        if m.value == best {
            label.push_str(", book's best");
        }
        h.get_by_label(&label);
    }
    // After f5 the marks follow the new position, White's moves with White's values.
    h.get_by_label_contains("f5, empty, legal move, book")
        .click();
    h.run();
    let after = Othello8::start()
        .play(Move::Place("f5".parse().unwrap()))
        .unwrap();
    for m in Book::shipped().moves(&after) {
        h.get_by_label_contains(&format!(
            "{}, empty, legal move, book {}",
            m.mv,
            signed(m.value)
        ));
    }
    // Off again: no marks.
    menu(&mut h, "View", "Book marks");
    assert!(h.query_by_label_contains(", book ").is_none());
}

#[test]
fn the_tiger_is_named_in_the_status_line_and_the_move_list() {
    let tiger = names::openings()
        .iter()
        .find(|o| o.name == "Tiger")
        .expect("the names file names the Tiger");
    let line: Vec<String> = tiger.moves.iter().map(Move::to_string).collect();
    assert_eq!(line.join(" "), "f5 d6 c3 d3 c4");

    let mut h = window_with("tiger", people(GameKind::Othello, 8));
    play(&mut h, "f5 d6 c3 d3");
    assert!(h.query_by_label("Opening: Tiger").is_none(), "not yet");
    play(&mut h, "c4");
    h.get_by_label("Opening: Tiger");
    h.get_by_label("Opening: Tiger (move 5)");
    // Back before it, no Tiger; forward again, the Tiger.
    click(&mut h, "4. d3");
    assert!(h.query_by_label("Opening: Tiger").is_none());
    click(&mut h, "5. c4");
    h.get_by_label("Opening: Tiger");
}

#[test]
fn a_move_the_computer_played_from_its_book_says_book() {
    let settings = Settings {
        second: PlayerChoice::Computer(PlayerSpec::Level(Level::Expert)),
        ..people(GameKind::Othello, 8)
    };
    let mut h = window_with("book-move", settings);
    play(&mut h, "f5");
    wait_for_reply(&mut h);
    h.run();
    let reply = h.state().game().moves()[1];
    let after = Othello8::start()
        .play(Move::Place("f5".parse().unwrap()))
        .unwrap();
    let book: Vec<Move> = Book::shipped().moves(&after).iter().map(|m| m.mv).collect();
    assert!(
        book.contains(&reply),
        "{reply} is one of the book's {book:?}"
    );
    h.get_by_label(&format!("White played {reply} from its opening book"));
    let tags = h.query_all_by_label("book").count();
    assert_eq!(tags, 1, "one move of the list is tagged");
    // The person's own move is not tagged: with the book off, neither is the computer's.
    let settings = Settings {
        second: PlayerChoice::Computer(PlayerSpec::Level(Level::Expert)),
        book: BookOptions {
            on: false,
            ..BookOptions::default()
        },
        ..people(GameKind::Othello, 8)
    };
    let mut h = window_with("book-off", settings);
    play(&mut h, "f5");
    wait_for_reply(&mut h);
    h.run();
    assert_eq!(h.state().game().moves().len(), 2);
    assert!(h.query_by_label_contains("from its opening book").is_none());
    assert!(h.query_by_label("book").is_none());
}

#[test]
fn a_new_game_from_the_alternate_start() {
    let mut h = window_with("alternate", people(GameKind::Othello, 8));
    play(&mut h, "f5");
    open_menu(&mut h, "Game");
    click(&mut h, "New game from");
    click(&mut h, "Alternate start");
    h.get_by_label("New game from the alternate start");
    // Black on d4 and d5, White on e4 and e5, Black to move: as the rules define it.
    for (cell, who) in [
        ("d4", "black"),
        ("d5", "black"),
        ("e4", "white"),
        ("e5", "white"),
    ] {
        h.get_by_label_contains(&format!("{cell}, {who}"));
    }
    let game = h.state().game();
    assert!(game.moves().is_empty());
    assert_eq!(game.side_to_move(), Side::First);
    assert!(game.start_board().is_some(), "a set-up start, saved as one");
}

/// Chooses Game > New game from > Opening from a list file... and types `path`.
fn new_game_from_list(h: &mut Harness<'_, BoardplayApp>, path: &std::path::Path) {
    open_menu(h, "Game");
    click(h, "New game from");
    click(h, "Opening from a list file…");
    type_path(h, path, "Open");
}

#[test]
fn a_new_game_from_a_list_file_and_a_bad_one() {
    let list =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/othello/openings-named-3.txt");
    let lines: Vec<Vec<Move>> = std::fs::read_to_string(&list)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| notation::parse_moves(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);

    let mut h = window_with("list", people(GameKind::Othello, 8));
    new_game_from_list(&mut h, &list);
    let moves = h.state().game().moves().to_vec();
    assert!(lines.contains(&moves), "{moves:?} is a line of the list");
    h.get_by_label_contains("New game from opening");
    assert!(
        h.state().game().start_board().is_none(),
        "played from the standard start"
    );

    // A line that cannot be played: said, with its number; the game stays.
    let dir = temp_dir("list-bad");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "f5d6c3\n# a comment\nf5d6d6\n").unwrap();
    new_game_from_list(&mut h, &bad);
    let message = h.get_by_label_contains("No new game from the file:");
    assert!(text(&message).contains("line 3"), "{}", text(&message));
    assert_eq!(
        h.state().game().moves(),
        moves.as_slice(),
        "nothing changed"
    );
    // A file that is no text at all.
    let binary = dir.join("binary.txt");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x80]).unwrap();
    new_game_from_list(&mut h, &binary);
    h.get_by_label_contains("is not a text file of openings");
}

#[test]
fn the_database_names_each_game_s_opening() {
    let dir = temp_dir("book-database");
    let mut app = new_app(dir.join("settings.ron"));
    app.set_settings(people(GameKind::Othello, 8));
    let mut h = harness(app);
    h.run();
    // The Tiger as the names file gives it, the Tiger mirrored and transposed (d3 c5 f6 f5
    // e6), and the Rose.
    let mut bytes = build::header(3, 2004, false);
    bytes.extend(build::game(0, 0, 1, 40, "f5d6c3d3c4f4"));
    bytes.extend(build::game(0, 1, 2, 30, "d3c5f6f5e6"));
    bytes.extend(build::game(1, 2, 0, 32, "f5d6c5f4e3c6d3f6e6d7"));
    let wtb = dir.join("WTH_2004.wtb");
    std::fs::write(&wtb, bytes).unwrap();
    std::fs::write(
        dir.join("WTHOR.JOU"),
        build::names(&["Tamenori", "Nicolet", "Shaman"], wthor::PLAYER),
    )
    .unwrap();
    std::fs::write(
        dir.join("WTHOR.TRN"),
        build::names(&["Paris", "Tokyo"], wthor::TOURNAMENT),
    )
    .unwrap();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &wtb, "Open");
    assert_eq!(h.query_all_by_label("Tiger").count(), 2);
    assert_eq!(h.query_all_by_label("Rose").count(), 1);

    // The WTHOR extract: its games' openings, each game's moves decoded here from WTHOR's
    // published layout (a 16-byte header, then 68-byte records: 8 bytes of tournament,
    // players and score, then 60 moves written 10 * row + column from 11 for a1, 0 after
    // the last) and named by the names' own lookup.
    let extract =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/wthor/WTH_2004-first-20.wtb");
    let bytes = std::fs::read(&extract).unwrap();
    let named: Vec<&str> = bytes[16..]
        .chunks_exact(68)
        .take(5)
        .filter_map(|record| {
            let moves: Vec<Move> = record[8..]
                .iter()
                .take_while(|&&b| b != 0)
                .map(|&b| {
                    let cell = format!("{}{}", char::from(b'a' + b % 10 - 1), b / 10);
                    Move::Place(cell.parse().unwrap())
                })
                .collect();
            names::name_of_game(&moves)
        })
        .collect();
    assert!(
        !named.is_empty(),
        "some of the 20 games open with a named line"
    );
    let mut h = harness(new_app(dir.join("settings-2.ron")));
    h.state_mut().set_settings(people(GameKind::Othello, 8));
    h.run();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &extract, "Open");
    for name in &named {
        assert!(h.query_all_by_label(name).count() >= 1, "{name} is listed");
    }

    // GGF games give their start board (BO[...]), the standard one here: named all the same.
    // The first opens d3 c5 f6 f5 e6, the Tiger turned, and goes on.
    let ggf =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/othello/testgames-first-3.ggf");
    let first_line = std::fs::read_to_string(&ggf)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    let moves: Vec<Move> = first_line
        .split(']')
        .filter_map(|part| {
            let mv = part.rsplit_once("B[").or_else(|| part.rsplit_once("W["))?.1;
            mv.split('/').next()?.parse().ok()
        })
        .collect();
    assert_eq!(moves.len(), 60);
    let name = names::name_of_game(&moves).expect("the first game is named");
    let mut h = harness(new_app(dir.join("settings-3.ron")));
    h.state_mut().set_settings(people(GameKind::Othello, 8));
    h.run();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &ggf, "Open");
    assert!(h.query_all_by_label(name).count() >= 1, "{name} is listed");
}

#[test]
fn the_book_settings_round_trip_and_old_files_without_them_load() {
    let s = Settings {
        book: BookOptions {
            on: false,
            variety: 5,
        },
        ..Settings::default()
    };
    let mut s = s;
    s.display.book_marks = true;
    let (back, problem) = Settings::from_ron(&s.to_ron());
    assert_eq!(problem, None);
    assert_eq!(back, s);
    assert!(s.to_ron().contains("book_marks: true"));

    // A file written before the book: both take their defaults (marks off, book on with a
    // variety of 1 disc), and nothing is said to be wrong.
    let old = "(\n    game: Othello,\n    size: 8,\n    display: (\n        legal_dots: true,\n        \
               coordinates: false,\n        last_move: true,\n        theme: Dark,\n        \
               analysis: false,\n    ),\n    computer_delay_ms: 300,\n)\n";
    let (read, problem) = Settings::from_ron(old);
    assert_eq!(problem, None);
    assert!(!read.display.book_marks);
    assert!(!read.display.coordinates, "the rest is read");
    assert_eq!(
        read.book,
        BookOptions {
            on: true,
            variety: 1
        }
    );
    // Half a book setting keeps the default for the other half.
    let (read, problem) = Settings::from_ron("(book: (variety: 0))");
    assert_eq!(problem, None);
    assert_eq!(
        read.book,
        BookOptions {
            on: true,
            variety: 0
        }
    );
    // A wrong one is named, and the default kept.
    let (read, problem) = Settings::from_ron("(book: (on: maybe))");
    assert!(problem.is_some());
    assert_eq!(read.book, BookOptions::default());
}

#[test]
fn the_window_plays_with_the_book_setting() {
    // Variety 0: Expert's reply to f5 is the book's best, whatever the seed.
    let settings = Settings {
        second: PlayerChoice::Computer(PlayerSpec::Level(Level::Expert)),
        book: BookOptions {
            on: true,
            variety: 0,
        },
        ..people(GameKind::Othello, 8)
    };
    let mut h = window_with("book-variety-0", settings);
    play(&mut h, "f5");
    wait_for_reply(&mut h);
    let after = Othello8::start()
        .play(Move::Place("f5".parse().unwrap()))
        .unwrap();
    let best = Book::shipped().moves(&after)[0].mv;
    assert_eq!(h.state().game().moves()[1], best);
}

#[test]
fn a_book_tag_belongs_to_the_game_not_to_its_moves() {
    // Expert (White) answers f5 from its book: that move is tagged.
    let settings = Settings {
        second: PlayerChoice::Computer(PlayerSpec::Level(Level::Expert)),
        ..people(GameKind::Othello, 8)
    };
    let mut h = window_with("book-tag-game", settings);
    play(&mut h, "f5");
    wait_for_reply(&mut h);
    h.run();
    let reply = h.state().game().moves()[1];
    assert_eq!(h.query_all_by_label("book").count(), 1);
    // A new game between two people, the same two moves played by hand: no move of it came
    // from the book, so none is tagged.
    h.state_mut().set_settings(people(GameKind::Othello, 8));
    click(&mut h, "New game");
    assert!(h.state().game().moves().is_empty());
    play(&mut h, &format!("f5 {reply}"));
    h.run();
    assert_eq!(h.state().game().moves().len(), 2);
    assert!(
        h.query_by_label("book").is_none(),
        "the moves of another game are not the computer's book moves"
    );
}

#[test]
fn a_hint_follows_the_book_setting() {
    // Book on (the default): the hint at the start is one of the book's best moves, said to
    // come from the book, with the book's value.
    let mut h = window_with("hint-book", people(GameKind::Othello, 8));
    click(&mut h, "Hint");
    assert!(h.state_mut().wait_for_hint(Duration::from_secs(60)));
    h.run();
    let hint = h.state().hint().expect("a hint");
    let moves = Book::shipped().moves(&Othello8::start());
    let best = moves[0].value;
    assert!(
        moves.iter().any(|m| m.mv == hint && m.value == best),
        "{hint} is one of the book's best: {moves:?}"
    );
    h.get_by_label(&format!(
        "Hint for Black: {hint} ({best:+} discs, from the opening book)"
    ));
    // Book off: the hint is searched, as the computer would with the book off.
    let settings = Settings {
        book: BookOptions {
            on: false,
            ..BookOptions::default()
        },
        ..people(GameKind::Othello, 8)
    };
    let mut h = window_with("hint-no-book", settings);
    click(&mut h, "Hint");
    assert!(h.state_mut().wait_for_hint(Duration::from_secs(60)));
    h.run();
    let hint = h.state().hint().expect("a hint");
    h.get_by_label_contains(&format!("Hint for Black: {hint} ("));
    assert!(h.query_by_label_contains("from the opening book").is_none());
}
