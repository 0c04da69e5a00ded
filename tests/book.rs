//! The opening book and the openings' names: the shipped book's moves are legal and its
//! values those a fresh search gives; a book is built the same whatever the threads and
//! however its runs are broken up, and searched again to this build's values; Expert plays from it (`test-positions`, with variety that
//! a seed fixes); NBoard's `learn` adds a game that is there after a restart; and the
//! names are found through transpositions and the board's eight symmetries.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use boardplay::ai::Stop;
use boardplay::ai::book::Book;
use boardplay::ai::book::build::{Valuing, value_position};
use boardplay::core::othello::Othello8;
use boardplay::core::othello::names::{self, NAMES, name_of_game, name_of_position};
use boardplay::core::othello::symmetry::images;
use boardplay::core::{Move, Position, Side, notation};
use boardplay::formats::book::NO_MOVE;

fn at(moves: &str) -> Othello8 {
    notation::play_moves(&Othello8::start(), moves).unwrap().1
}

#[test]
fn the_shipped_book_holds_the_start_and_only_legal_moves() {
    let book = Book::shipped();
    assert!(
        book.len() > 1000,
        "the shipped book has {} positions",
        book.len()
    );
    assert!(book.contains(&Othello8::start()));
    for entry in book.entries() {
        let pos = Othello8::from_bits(entry.player, entry.opponent, Side::First);
        if entry.best != NO_MOVE {
            assert!(pos.moves_bits() & (1 << entry.best) != 0, "{entry:?}");
        }
        for m in book.moves(&pos) {
            assert!(
                pos.is_legal(m.mv),
                "{} in {}",
                m.mv,
                notation::format_board(&pos)
            );
        }
    }
}

#[test]
fn the_shipped_books_values_are_those_a_fresh_search_gives() {
    let book = Book::shipped();
    let entries = book.entries();
    // Every 500th position: the same search (its depth as the entry says) from scratch.
    for entry in entries.iter().step_by(500) {
        let valuing = Valuing {
            depth: u32::from(entry.depth),
            exact_from: 0,
        };
        let fresh = value_position(entry.player, entry.opponent, valuing, &Stop::new()).unwrap();
        assert_eq!(fresh.value, entry.value, "{entry:?}");
        assert_eq!(fresh.best, entry.best, "{entry:?}");
    }
}

#[test]
fn the_books_values_are_negamaxed_from_its_searched_ones() {
    // A position's value is its own searched value or better: the best of its moves
    // that stay in the book, negated, each checked here from the entries themselves.
    let book = Book::shipped();
    for entry in book.entries().iter().step_by(97) {
        let pos = Othello8::from_bits(entry.player, entry.opponent, Side::First);
        let value = book.value(&pos).unwrap();
        let children = pos
            .legal_moves()
            .filter_map(|mv| book.value(&pos.play(mv).unwrap()).map(|v| -v));
        let expected = children.fold(i32::from(entry.value), i32::max);
        assert_eq!(value, expected, "{}", notation::format_board(&pos));
    }
}

#[test]
fn every_named_line_is_legal_and_the_well_known_ones_are_there() {
    let openings = names::read(NAMES).expect("every line of the names file is legal");
    assert_eq!(openings.len(), names::openings().len());
    assert!(openings.len() >= 70);
    for (name, moves) in [
        ("Tiger", "f5 d6 c3 d3 c4"),
        ("Rose", "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7"),
        ("Buffalo (Kenichi Variation)", "f5 f6 e6 f4 c3"),
        ("Cow", "f5 f6 e6 f4 e3"),
        ("Heath (Tobidashi)", "f5 f6 e6 f4 g5"),
        ("Snake (Peasant)", "f5 f6 e6 f4 g6"),
        ("Perpendicular", "f5 d6"),
        ("Parallel", "f5 f4"),
        ("Diagonal", "f5 f6"),
    ] {
        let found = openings.iter().find(|o| o.name == name).unwrap();
        let written: Vec<String> = found.moves.iter().map(Move::to_string).collect();
        assert_eq!(written.join(" "), moves, "{name}");
    }
}

#[test]
fn a_game_is_named_by_the_longest_line_it_reaches() {
    let moves = |text: &str| notation::parse_moves(text).unwrap();
    assert_eq!(name_of_game(&moves("f5 d6 c3 d3 c4")), Some("Tiger"));
    // Past the Tiger into Leader's Tiger, and a move beyond it.
    assert_eq!(
        name_of_game(&moves("f5 d6 c3 d3 c4 f4 e6 f6")),
        Some("Leader's Tiger")
    );
    // Past the Tiger into no longer line: still the Tiger.
    assert_eq!(name_of_game(&moves("f5 d6 c3 d3 c4 b4")), Some("Tiger"));
    assert_eq!(name_of_game(&moves("f5")), None);
    assert_eq!(name_of_game(&[]), None);
}

#[test]
fn names_are_found_through_transpositions() {
    // The Tiger's Black moves (f5 c3 c4) and White's (d6 d3) in every other order that is
    // legal reach its position, and are named the Tiger.
    let tiger = at("f5 d6 c3 d3 c4");
    let black = [
        ["f5", "c3", "c4"],
        ["f5", "c4", "c3"],
        ["c3", "f5", "c4"],
        ["c3", "c4", "f5"],
        ["c4", "f5", "c3"],
        ["c4", "c3", "f5"],
    ];
    let white = [["d6", "d3"], ["d3", "d6"]];
    let mut others = 0;
    for b in &black {
        for w in &white {
            let text = format!("{} {} {} {} {}", b[0], w[0], b[1], w[1], b[2]);
            let Ok((_, pos)) = notation::play_moves(&Othello8::start(), &text) else {
                continue;
            };
            if pos == tiger && text != "f5 d6 c3 d3 c4" {
                others += 1;
                let mv = notation::parse_moves(&text).unwrap();
                assert_eq!(name_of_game(&mv), Some("Tiger"), "{text}");
            }
        }
    }
    assert!(others >= 1, "no other order of the Tiger's moves is legal");
}

#[test]
fn names_are_found_in_all_eight_symmetric_images() {
    for (name, moves) in [
        ("Tiger", "f5 d6 c3 d3 c4"),
        ("Buffalo (Kenichi Variation)", "f5 f6 e6 f4 c3"),
    ] {
        let pos = at(moves);
        let (p, o) = (images(pos.player()), images(pos.opponent()));
        for k in 0..8 {
            let image = Othello8::from_bits(p[k], o[k], pos.side_to_move());
            assert_eq!(name_of_position(&image), Some(name), "image {k} of {name}");
        }
    }
    // d3 c5 ... is the f5 d6 ... line in the mirror of the h1-a8 diagonal: f5 to d3, d6 to
    // c5, c3 to f6, d3 to f5, c4 to e6.
    let mirrored = notation::parse_moves("d3 c5 f6 f5 e6").unwrap();
    assert_eq!(name_of_game(&mirrored), Some("Tiger"));
}

#[test]
fn a_book_is_built_the_same_on_any_threads_and_in_broken_up_runs() {
    let dir = tempfile::tempdir().unwrap();
    let wthor = format!(
        "{}/tests/data/wthor/WTH_2005-first-200.wtb",
        env!("CARGO_MANIFEST_DIR")
    );
    let build = |out: &str, plies: &str, threads: &str| {
        let (code, stdout, stderr) = common::run_boardplay(&[
            "book",
            "build",
            "--wthor",
            &wthor,
            "--out",
            out,
            "--plies",
            plies,
            "--min-games",
            "3",
            "--depth",
            "4",
            "--threads",
            threads,
            "--batch",
            "5",
        ]);
        assert_eq!(code, Some(0), "{stdout}{stderr}");
        stdout
    };
    let one = dir.path().join("one.bpb");
    let two = dir.path().join("two.bpb");
    let first = build(one.to_str().unwrap(), "8", "1");
    assert!(first.contains("positions"), "{first}");
    build(two.to_str().unwrap(), "5", "2");
    // The second run keeps the first's positions and adds the rest.
    let second = build(two.to_str().unwrap(), "8", "2");
    assert!(second.contains("already in"), "{second}");
    let bytes = std::fs::read(&one).unwrap();
    assert_eq!(bytes, std::fs::read(&two).unwrap());
    let book = Book::from_bytes(&bytes).unwrap();
    assert!(book.len() > 20);
    // A run with nothing left to value values nothing.
    let again = build(one.to_str().unwrap(), "8", "1");
    assert!(again.contains("(0 new or deeper)"), "{again}");

    // Deepened to 6 plies: the same bytes in one run as in two broken-up ones, the start
    // (always played) searched 6 deep, and a later run with nothing left searches nothing.
    let deepen = |book: &std::path::Path, most: &str| {
        let (code, stdout, stderr) = common::run_boardplay(&[
            "book",
            "deepen",
            "--book",
            book.to_str().unwrap(),
            "--depth",
            "6",
            "--variety",
            "1",
            "--max-positions",
            most,
            "--batch",
            "3",
            "--threads",
            "1",
        ]);
        assert_eq!(code, Some(0), "{stdout}{stderr}");
        stdout
    };
    let whole = deepen(&one, "1000");
    assert!(!whole.contains("(0 new or deeper)"), "{whole}");
    // Broken off after a whole batch (3 positions), as Ctrl+C leaves a run.
    deepen(&two, "3");
    deepen(&two, "1000");
    let bytes = std::fs::read(&one).unwrap();
    assert_eq!(bytes, std::fs::read(&two).unwrap());
    let deep = Book::from_bytes(&bytes).unwrap();
    assert_eq!(deep.len(), book.len(), "deepening adds no position");
    assert_eq!(deep.entry(&Othello8::start()).unwrap().depth, 6);
    assert!(deepen(&one, "1000").contains("(0 new or deeper)"));

    // Values gone wrong (as an older engine's would be) are searched again, each at its own
    // depth (4 or 6 plies here), back to this build's: the same bytes.
    let wrong: Vec<_> = deep
        .entries()
        .iter()
        .map(|e| boardplay::formats::book::BookEntry {
            value: e.value.saturating_add(2),
            ..*e
        })
        .collect();
    let stale = dir.path().join("stale.bpb");
    std::fs::write(&stale, Book::default().merged(wrong).to_bytes()).unwrap();
    assert_ne!(std::fs::read(&stale).unwrap(), bytes);
    let (code, stdout, stderr) = common::run_boardplay(&[
        "book",
        "revalue",
        "--book",
        stale.to_str().unwrap(),
        "--threads",
        "2",
        "--batch",
        "4",
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("searched to 6 plies"), "{stdout}");
    assert_eq!(std::fs::read(&stale).unwrap(), bytes);

    let missing = dir.path().join("missing.bpb");
    let (code, _, stderr) =
        common::run_boardplay(&["book", "deepen", "--book", missing.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("no such file"), "{stderr}");
}

#[test]
fn bad_book_commands_get_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.bpb");
    std::fs::write(&junk, b"not a book at all").unwrap();
    let (code, _, stderr) =
        common::run_boardplay(&["book", "show", "--book", junk.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("not a boardplay book file"), "{stderr}");
    let (code, _, stderr) = common::run_boardplay(&["book", "show", "f5 f5"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("move 2"), "{stderr}");
    assert!(!stderr.contains("panicked"));
}

/// The move line of `test-positions` on `board` with `args`.
fn expert_move(dir: &std::path::Path, board: &Othello8, args: &[&str]) -> String {
    let file = dir.join("pos.obf");
    std::fs::write(&file, format!("{};\n", notation::format_board(board))).unwrap();
    let mut all = vec![
        "test-positions",
        "--file",
        file.to_str().unwrap(),
        "--game-left",
        "20000",
        "--threads",
        "1",
    ];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = common::run_boardplay(&all);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    stdout
        .lines()
        .find(|l| l.contains(" engine "))
        .unwrap()
        .to_string()
}

#[test]
fn expert_plays_from_the_book_at_once_unless_told_not_to() {
    let dir = tempfile::tempdir().unwrap();
    let start = Othello8::start();
    let line = expert_move(dir.path(), &start, &[]);
    assert!(line.ends_with("(book)"), "{line}");
    let off = expert_move(dir.path(), &start, &["--book", "off"]);
    assert!(!off.contains("(book)"), "{off}");
    // The Tiger's position: its move is one of the book's, within the variety of the best.
    let tiger = at("f5 d6 c3 d3 c4");
    let line = expert_move(dir.path(), &tiger, &["--book-variety", "0"]);
    let best = Book::shipped().moves(&tiger)[0];
    assert!(
        line.contains(&format!("engine {} ", best.mv)),
        "{line} (best {best:?})"
    );
}

#[test]
fn the_books_variety_differs_by_seed_and_repeats_for_one() {
    let dir = tempfile::tempdir().unwrap();
    let start = Othello8::start();
    let moves: Vec<String> = (0..8)
        .map(|seed| {
            let s = seed.to_string();
            expert_move(dir.path(), &start, &["--seed", &s, "--book-variety", "4"])
        })
        .collect();
    let mut distinct = moves.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() >= 2, "eight seeds, one move: {moves:?}");
    assert_eq!(
        expert_move(dir.path(), &start, &["--seed", "3", "--book-variety", "4"]),
        moves[3]
    );
    // Without --seed each run draws its own (a match asking a fresh process for each move
    // still varies its games): eight runs, one move, has a chance of (1/4)^7 with the four
    // first moves of equal value.
    let unseeded: Vec<String> = (0..8)
        .map(|_| expert_move(dir.path(), &start, &["--book-variety", "4"]))
        .collect();
    let mut distinct = unseeded.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() >= 2, "eight runs, one move: {unseeded:?}");
    // With no variety every seed plays the best.
    let best: Vec<String> = (0..3)
        .map(|seed| {
            expert_move(
                dir.path(),
                &start,
                &["--seed", &seed.to_string(), "--book-variety", "0"],
            )
        })
        .collect();
    assert!(best.iter().all(|l| *l == best[0]), "{best:?}");
    // A game counter file varies the games of one seed: its first move counts a game.
    let games = dir.path().join("games");
    let g = games.to_str().unwrap();
    let first: Vec<String> = (0..8)
        .map(|_| {
            expert_move(
                dir.path(),
                &start,
                &["--book-games", g, "--book-variety", "4"],
            )
        })
        .collect();
    assert_eq!(std::fs::read_to_string(&games).unwrap().lines().count(), 8);
    let mut distinct = first.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() >= 2, "eight games, one move: {first:?}");
}

/// Runs `boardplay nboard` on `lines` with the user book at `user_book`; its output.
fn nboard(user_book: &std::path::Path, lines: &[String]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardplay"))
        .args([
            "nboard",
            "--threads",
            "1",
            "--user-book",
            user_book.to_str().unwrap(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let output = BufReader::new(child.stdout.take().unwrap());
    let mut seen = Vec::new();
    let mut lines_out = output.lines();
    for line in lines {
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
        // Each command is answered before the next is sent, as a GUI waits.
        let (word, _) = line.split_once(' ').unwrap_or((line, ""));
        let answer = match word {
            "go" => Some("==="),
            "learn" => Some("learned"),
            "ping" => Some("pong"),
            _ => None,
        };
        if let Some(answer) = answer {
            for l in lines_out.by_ref() {
                let l = l.unwrap();
                seen.push(l.clone());
                if l.starts_with(answer) {
                    break;
                }
            }
        }
    }
    drop(input);
    child.wait().unwrap();
    seen.join("\n")
}

#[test]
fn learn_adds_a_game_that_is_in_the_book_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let user = dir.path().join("learned.bpb");
    // A game no book holds: the first legal move from a1 each time.
    let mut pos = Othello8::start();
    let mut moves = Vec::new();
    for _ in 0..12 {
        let mv = common::first_legal(&pos);
        moves.push(mv);
        pos = pos.play(mv).unwrap();
    }
    let ggf = |moves: &[Move]| {
        let mut text = String::from(
            "(;GM[Othello]PB[a]PW[b]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]",
        );
        let mut pos = Othello8::start();
        for mv in moves {
            let side = if pos.side_to_move() == Side::First {
                'B'
            } else {
                'W'
            };
            text.push_str(&format!("{side}[{}]", mv.to_string().to_uppercase()));
            pos = pos.play(*mv).unwrap();
        }
        text + ";)"
    };
    let middle = format!("set game {}", ggf(&moves[..8]));
    assert!(
        !Book::shipped().contains(&at(&moves[..8]
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(" ")))
    );
    // Before learning: the engine searches.
    let before = nboard(
        &user,
        &[
            "nboard 2".into(),
            "set depth 4".into(),
            middle.clone(),
            "go".into(),
        ],
    );
    assert!(!before.contains(" book"), "{before}");
    let learned = nboard(
        &user,
        &[
            "nboard 2".into(),
            "set depth 4".into(),
            format!("set game {}", ggf(&moves)),
            "learn".into(),
        ],
    );
    assert!(learned.contains("learned"), "{learned}");
    assert!(!learned.contains("Error"), "{learned}");
    assert!(user.exists());
    // A new engine, the same user book: the game's position is played from the book.
    let after = nboard(
        &user,
        &["nboard 2".into(), "set depth 4".into(), middle, "go".into()],
    );
    assert!(
        after
            .lines()
            .any(|l| l.starts_with("search ") && l.ends_with(" book")),
        "{after}"
    );
    // The file holds the game's positions the shipped book lacks (each once), and no other.
    let user_book = Book::from_bytes(&std::fs::read(&user).unwrap()).unwrap();
    let mut pos = Othello8::start();
    let mut lacking = vec![pos];
    for mv in &moves {
        pos = pos.play(*mv).unwrap();
        lacking.push(pos);
    }
    lacking.retain(|p| !Book::shipped().contains(p));
    assert!(!lacking.is_empty());
    assert!(lacking.iter().all(|p| user_book.contains(p)));
    let expected = Book::new(lacking.iter().map(|p| boardplay::formats::book::BookEntry {
        player: p.player(),
        opponent: p.opponent(),
        value: 0,
        best: NO_MOVE,
        depth: 0,
        flags: 0,
    }));
    assert_eq!(user_book.len(), expected.len());
}
