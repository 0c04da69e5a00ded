//! The database's answer for a position (issue 25): 100,000 seeded random games, indexed as
//! when a file is opened, then asked about positions from the start (every game reaches it)
//! to late in a game (one does). Run with
//! `cargo bench --no-default-features --bench database`.
//!
//! First it prints the CPU time of building the index (done once, on the reading thread)
//! and of each answer, then divan's wall-clock samples of each answer.
//! `BOARDPLAY_WTHOR=DIR` also opens every `.wtb` file in DIR (with its names files) into one
//! database and prints the CPU time of answers along its first game.

mod common;

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::OnceLock;

use boardplay::app::document::database::{Database, DatabaseFile};
use boardplay::app::document::files::{Listed, Opened, open_file};
use boardplay::core::othello::Othello8;
use boardplay::core::{Move, Position, notation};
use boardplay::formats::{Record, wthor};
use common::{cpu_time, random_games, thread_cpu_seconds, wthor_folder};

fn main() {
    divan::main();
}

/// The games as the WTHOR reader gives them (passes left out, as the format does).
fn records(games: &[Vec<Move>]) -> Vec<Record> {
    let mut bytes = wthor::build::header(games.len(), 2001, false);
    for moves in games {
        let text: String = moves
            .iter()
            .filter(|m| **m != Move::Pass)
            .map(Move::to_string)
            .collect();
        bytes.extend(wthor::build::game(0, 1, 2, 33, &text));
    }
    wthor::read(&bytes, &wthor::Names::default()).unwrap()
}

fn database(games: &[Vec<Move>]) -> Database {
    let listed = Listed {
        records: records(games),
        cut: None,
        names_missing: Vec::new(),
    };
    let file = cpu_time("indexing 100,000 games", || {
        DatabaseFile::build(PathBuf::from("big.wtb"), listed, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap()
    });
    let mut db = Database::default();
    db.add(file);
    db
}

/// The positions asked about: the start, after 1, 2 and 4 moves of the first game, after
/// 10, 20, 30 and 50 moves of it, and one no game reaches.
fn positions(games: &[Vec<Move>]) -> Vec<(String, Othello8)> {
    let first = &games[0];
    let mut out: Vec<(String, Othello8)> = [0, 1, 2, 4, 10, 20, 30, 50]
        .into_iter()
        .map(|ply| {
            let (_, pos) = notation::play_parsed(&Othello8::start(), &first[..ply]).unwrap();
            (format!("ply {ply}"), pos)
        })
        .collect();
    let f5: Move = "f5".parse().unwrap();
    out.push(("nowhere".into(), Othello8::start().play(f5).unwrap().pass()));
    out
}

/// The database of 100,000 games and the positions asked about, made once.
fn made() -> &'static (Database, Vec<(String, Othello8)>) {
    static MADE: OnceLock<(Database, Vec<(String, Othello8)>)> = OnceLock::new();
    MADE.get_or_init(|| {
        let games = random_games(100_000);
        let db = database(&games);
        let asked = positions(&games);
        for (name, pos) in &asked {
            let answer = cpu_time(&format!("answer at {name}"), || db.answer(pos));
            eprintln!(
                "  ({} games, {} next moves)",
                answer.reached.games,
                answer.moves.len()
            );
        }
        (db, asked)
    })
}

/// One position's answer, by its place in [`positions`]: 0 is the start (all 100,000
/// games), 8 a position no game reaches.
#[divan::bench(args = [0, 1, 2, 3, 4, 5, 6, 7, 8], sample_count = 20, sample_size = 1)]
fn answer_100000_games(bencher: divan::Bencher, which: usize) {
    let (db, asked) = made();
    let pos = asked[which].1;
    bencher.bench(|| db.answer(divan::black_box(&pos)).reached.games);
}

/// Every `.wtb` file of the folder `BOARDPLAY_WTHOR` names, opened as the window opens
/// them, asked about the positions of its first game from the start to move 30; nothing
/// when the variable is not set.
#[divan::bench(sample_count = 1, sample_size = 1)]
fn answer_wthor_folder() {
    let Some((_, files)) = wthor_folder() else {
        return;
    };
    let mut db = Database::default();
    cpu_time(
        &format!("opening and indexing {} files", files.len()),
        || {
            for path in &files {
                let Ok(Opened::List(listed)) = open_file(path) else {
                    panic!("{} is a list", path.display());
                };
                let file =
                    DatabaseFile::build(path.clone(), listed, &mut |_| ControlFlow::Continue(()));
                db.add(file.unwrap());
            }
        },
    );
    let first = &db.files()[0].records[0];
    let (played, _) = notation::play_parsed(&Othello8::start(), &first.moves).unwrap();
    let mut slowest = 0.0_f64;
    for ply in [0, 1, 2, 3, 4, 6, 8, 10, 12, 15, 20, 30] {
        let (_, pos) = notation::play_parsed(&Othello8::start(), &played[..ply]).unwrap();
        let start = thread_cpu_seconds();
        let answer = db.answer(&pos);
        let spent = thread_cpu_seconds() - start;
        slowest = slowest.max(spent);
        eprintln!(
            "WTHOR, {} games: after {ply} moves, {} games, {} next moves: {:.1} ms of CPU time",
            db.len(),
            answer.reached.games,
            answer.moves.len(),
            spent * 1000.0
        );
    }
    eprintln!("slowest: {:.1} ms", slowest * 1000.0);
}
