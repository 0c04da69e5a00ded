//! Find, titles and notes; the turned games. The answers for positions are checked against
//! a plain scan of every game in `tests/database.rs`.

use std::ops::ControlFlow;
use std::path::PathBuf;

use super::*;
use crate::app::document::files::game_from_record;
use crate::core::{Position, notation};
use crate::formats::{ggf, wthor};

fn listed(records: Vec<Record>) -> Listed {
    Listed {
        records,
        cut: None,
        names_missing: Vec::new(),
    }
}

fn file(name: &str, records: Vec<Record>) -> DatabaseFile {
    DatabaseFile::build(PathBuf::from(name), listed(records), &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap()
}

/// The games Find lets through for `find`, as (file, game) pairs.
fn found(db: &Database, find: &str) -> Vec<(usize, usize)> {
    db.find(&Database::words(find))
        .into_iter()
        .map(|g| (g.file, g.game))
        .collect()
}

#[test]
fn find_takes_words_in_any_order_each_from_any_field_names_and_years() {
    // A WTHOR year as the list gets it: players, tournament and year in fields apart.
    use wthor::build;
    let mut bytes = build::header(3, 2004, false);
    bytes.extend(build::game(0, 0, 1, 40, "f5d6"));
    bytes.extend(build::game(1, 2, 0, 30, "f5f6"));
    bytes.extend(build::game(1, 1, 2, 36, "f5f4"));
    let names = wthor::Names {
        players: vec![
            "Tamenori Makoto".into(),
            "Nicolet Stephane".into(),
            "Shaman Brian".into(),
        ],
        tournaments: vec!["Championnat de France".into(), "Paris Open".into()],
    };
    let records = wthor::read(&bytes, &names).unwrap();
    let mut db = Database::default();
    db.add(file("WTH_2004.wtb", records));
    for (find, games) in [
        ("", vec![0, 1, 2]),
        ("Tamenori", vec![0, 1]),
        ("Nicolet Stephane", vec![0, 2]),
        ("Tamenori 2004", vec![0, 1]),
        ("2004 tamenori", vec![0, 1]),
        ("Tamenori Nicolet", vec![0]),
        ("Nicolet Tamenori", vec![0]),
        ("shaman paris", vec![1, 2]),
        ("Tamenori 2005", vec![]),
        ("Tamenori Open Shaman", vec![1]),
        // Words match within a field, never across two.
        ("makoto nicolet stephane", vec![0]),
        ("france2004", vec![]),
    ] {
        let games: Vec<(usize, usize)> = games.into_iter().map(|g| (0, g)).collect();
        assert_eq!(found(&db, find), games, "{find}");
    }

    // A GGF collection opened beside it: Find looks in both files, and in the year of a
    // GGS date, whether written out or in Unix seconds.
    let text = "(;GM[Othello]PB[Ann]PW[Bob]DT[2003.12.15_13:24:03.MST]B[f5];)\
                (;GM[Othello]PB[Cy]PW[ANNA]DT[1055887545]B[f5];)\
                (;GM[Othello]PB[Di]PW[Ed]DT[2014-02-05 20:51:03 GMT]B[f5];)";
    db.add(file("games.ggf", ggf::read(text).unwrap()));
    assert_eq!(found(&db, " ann "), vec![(1, 0), (1, 1)]);
    assert_eq!(found(&db, "2003"), vec![(1, 0), (1, 1)]);
    assert_eq!(found(&db, "anna 2003-06-17"), vec![(1, 1)]);
    assert_eq!(found(&db, "2014 di"), vec![(1, 2)]);
    assert_eq!(found(&db, "tamenori 2004 makoto"), vec![(0, 0), (0, 1)]);
    // The list names the day, not the seconds, and each game's file once two are open.
    assert_eq!(
        db.title(GameRef { file: 1, game: 1 }),
        "games.ggf: 2. Cy \u{2013} ANNA, 2003-06-17 (1 moves)"
    );
    assert_eq!(db.len(), 6);
    // The same file opened again takes its own place, not a second one.
    assert!(db.add(file("games.ggf", ggf::read(text).unwrap())));
    assert_eq!(db.files().len(), 2);
}

#[test]
fn games_the_index_cannot_hold_are_named_in_the_notes() {
    let text = "(;GM[Othello]B[f5];)(;GM[Othello]TY[10]B[f6];)(;GM[Othello]B[f5]W[f5];)";
    let f = file("mixed.ggf", ggf::read(text).unwrap());
    assert_eq!(f.index.len(), 1);
    assert_eq!(
        f.notes,
        ["2 games are not in the answers for positions (game 2: a 10x10 game)."]
    );
}

#[test]
fn a_game_found_turned_opens_turned_at_the_position_shown() {
    // The board shows d3 c3 (a turned f5 f4... game); the file's game opened f5.
    let text = "(;GM[Othello]PB[a]PW[b]RE[+2.000]B[f5]W[f4]B[e3]W[f6];)";
    let mut db = Database::default();
    db.add(file("one.ggf", ggf::read(text).unwrap()));
    let start = Othello8::start();
    let (_, shown) = notation::play_moves(&start, "c4c5").unwrap();
    let answer = db.answer(&shown);
    assert_eq!(answer.reached.games, 1);
    let hit = answer.games[0].hit;
    assert_eq!((hit.game, hit.ply, hit.turn), (0, 2, Turn::Half));
    // The next move as it is on the board shown: e3 turned is d6.
    assert_eq!(hit.next, Some("d6".parse::<Move>().unwrap()));
    let record = turned(db.record(GameRef { file: 0, game: 0 }).unwrap(), hit.turn);
    let game = game_from_record(&record).unwrap();
    assert_eq!(game.move_list(), "c4c5d6c3");
    assert_eq!(record.black, "a");
    // A set-up start is turned too.
    let text = "(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---**--- ----*--- \
                -------- -------- O]W[f4];)";
    let record = &ggf::read(text).unwrap()[0];
    let turned = turned(record, Turn::Half);
    let game = game_from_record(&turned).unwrap();
    assert_eq!(game.move_list(), "c5");
    let board = Othello8::start()
        .parse_board(turned.start.as_deref().unwrap())
        .unwrap();
    let original = Othello8::start()
        .parse_board(record.start.as_deref().unwrap())
        .unwrap();
    assert_eq!(board, Turn::Half.position(&original));
}
