//! WTHOR, the database of tournament games published by the Fédération Française d'Othello.
//!
//! A games file (`.wtb`) is a 16-byte header and then one 68-byte record a game, all numbers
//! little-endian:
//!
//! | bytes | header |
//! |---|---|
//! | 0-3 | creation date: century, year, month, day |
//! | 4-7 | number of games |
//! | 8-9 | number of records of a names file (0 here) |
//! | 10-11 | year of the games |
//! | 12 | board size: 0 or 8 for 8x8 (10 is 10x10, not read here) |
//! | 13-15 | game type, depth of the theoretical score, reserved |
//!
//! | bytes | game |
//! |---|---|
//! | 0-1, 2-3, 4-5 | tournament, Black's and White's numbers in the names files |
//! | 6, 7 | Black's discs at the end, and the theoretical score |
//! | 8-67 | the moves, one byte each: 10 x row + column (`11` is a1, `56` f5), 0 after the last |
//!
//! Passes are not written. Players' and tournaments' names are in two more files of the
//! archive (`WTHOR.JOU`, `WTHOR.TRN`): the same header, then 20-byte and 26-byte records
//! holding a name each, in Latin-1, padded with zero bytes.

use std::ops::ControlFlow;

use super::{Collection, FormatError, Notes, Place, Progress, Record, Timing, Watch, cell_at};
use crate::core::{Move, OthelloSize};

/// The size of the header of every WTHOR file.
pub const HEADER: usize = 16;
/// The size of a game record of an 8x8 games file.
pub const GAME: usize = 68;
/// The name of the players' names file, beside the games files.
pub const PLAYERS_FILE: &str = "WTHOR.JOU";
/// The name of the tournaments' names file, beside the games files.
pub const TOURNAMENTS_FILE: &str = "WTHOR.TRN";
/// The size of a player's record in `WTHOR.JOU`.
pub const PLAYER: usize = 20;
/// The size of a tournament's record in `WTHOR.TRN`.
pub const TOURNAMENT: usize = 26;

/// The names a games file refers to by number; empty when the names files are not at hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// Players, by number (`WTHOR.JOU`).
    pub players: Vec<String>,
    /// Tournaments, by number (`WTHOR.TRN`).
    pub tournaments: Vec<String>,
}

/// Reads the names of a names file whose records are `record` bytes long. A name is what
/// comes before its first zero byte, read as Latin-1.
pub fn read_names(bytes: &[u8], record: usize) -> Vec<String> {
    bytes
        .get(HEADER..)
        .unwrap_or_default()
        .chunks_exact(record)
        .map(|r| {
            r.iter()
                .take_while(|&&b| b != 0)
                .map(|&b| char::from(b))
                .collect::<String>()
                .trim()
                .to_string()
        })
        .collect()
}

/// Reads every game of a WTHOR games file. Errors name the byte where the file goes wrong;
/// a file cut short is an error here (see [`read_watched`] for the games before the cut).
pub fn read(bytes: &[u8], names: &Names) -> Result<Vec<Record>, FormatError> {
    let games = read_watched(bytes, names, &mut |_| ControlFlow::Continue(()))?;
    // A watcher that always goes on leaves the games read.
    games.map_or(Ok(Vec::new()), Collection::whole)
}

/// Reads a WTHOR games file, telling `watch` how far it has got after each game; `None` if
/// `watch` breaks off the reading.
///
/// A file that ends inside a game (it holds fewer whole records than its header announces)
/// gives the complete games before the cut, with the cut named in [`Collection::cut`]; one
/// cut before its first game is complete is an error. Errors name the byte where the file
/// goes wrong.
pub fn read_watched(
    bytes: &[u8],
    names: &Names,
    watch: Watch<'_>,
) -> Result<Option<Collection>, FormatError> {
    if bytes.len() < HEADER {
        return Err(FormatError::new(
            Place::Byte(bytes.len()),
            format!(
                "the file ends inside the {HEADER}-byte header of a WTHOR file ({} bytes)",
                bytes.len()
            ),
        ));
    }
    let count = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
    let year = u16::from_le_bytes([bytes[10], bytes[11]]);
    match bytes[12] {
        0 | 8 => {}
        10 => {
            return Err(FormatError::new(
                Place::Byte(12),
                "this WTHOR file holds 10x10 games; only 8x8 files are read",
            ));
        }
        other => {
            return Err(FormatError::new(
                Place::Byte(12),
                format!("the board size is {other}, not 8 (is this a WTHOR games file?)"),
            ));
        }
    }
    let body = bytes.len() - HEADER;
    let whole = body / GAME;
    let cut = (whole < count).then(|| {
        FormatError::new(
            Place::Byte(bytes.len()),
            format!(
                "the file ends inside game {} of the {count} its header announces \
                 (a file of {count} games has {} bytes, this one {})",
                whole + 1,
                HEADER + count * GAME,
                bytes.len()
            ),
        )
    });
    if let Some(cut) = &cut
        && whole == 0
    {
        return Err(cut.clone());
    }
    if body > count * GAME {
        return Err(FormatError::new(
            Place::Byte(HEADER + count * GAME),
            format!(
                "{} bytes follow the last of the {count} games the header announces",
                body - count * GAME
            ),
        ));
    }
    if count == 0 {
        return Err(FormatError::new(Place::Byte(4), "the file holds no game"));
    }
    let complete = whole.min(count);
    let mut records = Vec::with_capacity(complete);
    for i in 0..complete {
        records.push(game(bytes, HEADER + i * GAME, year, names)?);
        let progress = Progress {
            bytes: HEADER + (i + 1) * GAME,
            games: i + 1,
        };
        if watch(progress).is_break() {
            return Ok(None);
        }
    }
    Ok(Some(Collection { records, cut }))
}

/// The game whose record starts at byte `at`.
fn game(bytes: &[u8], at: usize, year: u16, names: &Names) -> Result<Record, FormatError> {
    let number = |offset: usize| {
        usize::from(u16::from_le_bytes([
            bytes[at + offset],
            bytes[at + offset + 1],
        ]))
    };
    let name = |list: &[String], n: usize, what: &str| {
        list.get(n)
            .filter(|s| !s.is_empty())
            .cloned()
            .unwrap_or_else(|| format!("{what} {n}"))
    };
    let black_discs = bytes[at + 6];
    if black_discs > 64 {
        return Err(FormatError::new(
            Place::Byte(at + 6),
            format!("Black's score is {black_discs}, more than the 64 cells"),
        ));
    }
    let (mut moves, mut places) = (Vec::new(), Vec::new());
    let mut ended = None;
    for i in 0..60 {
        let place = at + 8 + i;
        let b = bytes[place];
        if b == 0 {
            ended.get_or_insert(place);
            continue;
        }
        if let Some(end) = ended {
            return Err(FormatError::new(
                Place::Byte(place),
                format!("a move ({b}) after the end of the game at byte {end}"),
            ));
        }
        let (row, col) = (usize::from(b / 10), usize::from(b % 10));
        if !(1..=8).contains(&row) || !(1..=8).contains(&col) {
            return Err(FormatError::new(
                Place::Byte(place),
                format!("{b} is not a move (10 x row + column, both from 1 to 8)"),
            ));
        }
        moves.push(Move::Place(cell_at(col - 1, row - 1)));
        places.push(Place::Byte(place));
    }
    let event = name(&names.tournaments, number(0), "tournament");
    Ok(Record {
        size: OthelloSize::S8,
        start: None,
        moves,
        places,
        place: Place::Byte(at),
        black: name(&names.players, number(2), "player"),
        white: name(&names.players, number(4), "player"),
        event,
        date: year.to_string(),
        result: format!("{black_discs}-{}", 64 - black_discs),
        timing: Timing::default(),
        notes: Notes::default(),
    })
}

/// Test helpers: WTHOR files built byte by byte, as the format description gives them.
#[cfg(any(test, feature = "testing"))]
pub mod build {
    use super::{GAME, HEADER};

    /// A header for a file of `records` records (games, or names when `names` is set).
    pub fn header(records: usize, year: u16, names: bool) -> Vec<u8> {
        let mut h = vec![20, 26, 11, 24];
        let (games, named) = if names { (0, records) } else { (records, 0) };
        h.extend_from_slice(&(games as u32).to_le_bytes());
        h.extend_from_slice(&(named as u16).to_le_bytes());
        h.extend_from_slice(&year.to_le_bytes());
        h.extend_from_slice(&[8, 0, 22, 0]);
        debug_assert_eq!(h.len(), HEADER);
        h
    }

    /// A game record: tournament, players, Black's discs, and moves written as "f5d6...".
    pub fn game(tournament: u16, black: u16, white: u16, discs: u8, moves: &str) -> Vec<u8> {
        let mut g = Vec::with_capacity(GAME);
        for n in [tournament, black, white] {
            g.extend_from_slice(&n.to_le_bytes());
        }
        g.extend_from_slice(&[discs, discs]);
        let b = moves.as_bytes();
        for pair in b.chunks(2) {
            let col = pair[0] - b'a' + 1;
            let row = pair[1] - b'0';
            g.push(10 * row + col);
        }
        g.resize(GAME, 0);
        g
    }

    /// A names file: the header, then each name in a record of `record` bytes.
    pub fn names(names: &[&str], record: usize) -> Vec<u8> {
        let mut f = header(names.len(), 0, true);
        for n in names {
            let mut r = n.as_bytes().to_vec();
            r.resize(record, 0);
            f.extend_from_slice(&r);
        }
        f
    }
}

#[cfg(test)]
mod tests {
    use super::build::{game, header, names};
    use super::*;
    use crate::core::Cell;

    fn file(games: &[Vec<u8>]) -> Vec<u8> {
        let mut f = header(games.len(), 2001, false);
        for g in games {
            f.extend_from_slice(g);
        }
        f
    }

    #[test]
    fn reads_games_and_their_names() {
        let bytes = file(&[game(1, 0, 2, 36, "f5d6c3d3c4"), game(0, 2, 1, 30, "f5f6")]);
        assert_eq!(bytes.len(), HEADER + 2 * GAME);
        // The first move of the first game is byte 24: f5 is 56.
        assert_eq!(bytes[24], 56);
        let names = Names {
            players: read_names(
                &names(&["Tastet Marc", "Shaman Brian", "Rose"], PLAYER),
                PLAYER,
            ),
            tournaments: read_names(
                &names(&["Paris", "Championnat de France"], TOURNAMENT),
                TOURNAMENT,
            ),
        };
        let games = read(&bytes, &names).unwrap();
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert_eq!(g.moves.len(), 5);
        assert_eq!(g.moves[0], Move::Place(Cell::new(5, 4)));
        assert_eq!(g.moves[2], Move::Place(Cell::new(2, 2)));
        assert_eq!(g.places[1], Place::Byte(25));
        assert_eq!(
            (g.black.as_str(), g.white.as_str()),
            ("Tastet Marc", "Rose")
        );
        assert_eq!(g.event, "Championnat de France");
        assert_eq!(g.date, "2001");
        assert_eq!(g.result, "36-28");
        assert_eq!(
            g.title(),
            "Tastet Marc \u{2013} Rose, Championnat de France 2001, 36-28"
        );
        // Without the names files, the numbers stand in.
        let plain = read(&bytes, &Names::default()).unwrap();
        assert_eq!(plain[1].black, "player 2");
        assert_eq!(plain[1].event, "tournament 0");
        assert_eq!(plain[1].place, Place::Byte(HEADER + GAME));
    }

    #[test]
    fn a_file_cut_short_keeps_the_games_before_the_cut() {
        let games = [
            game(0, 0, 1, 40, "f5d6c3d3c4"),
            game(1, 1, 2, 25, "f5f6e6f4"),
            game(0, 2, 0, 32, "f5d6"),
        ];
        let bytes = file(&games);
        let all = read(&bytes, &Names::default()).unwrap();
        for end in 0..=bytes.len() {
            let result = read_watched(&bytes[..end], &Names::default(), &mut |_| {
                ControlFlow::Continue(())
            });
            // Whole records after the 16-byte header, counted here by hand.
            let whole = end.saturating_sub(16) / 68;
            match result {
                Ok(Some(read)) if end == bytes.len() => {
                    assert_eq!(read.records, all);
                    assert_eq!(read.cut, None);
                }
                Ok(Some(read)) => {
                    assert_eq!(read.records, all[..whole], "cut at {end}");
                    let cut = read.cut.expect("a cut is named");
                    assert_eq!(cut.place, Place::Byte(end));
                    assert!(
                        cut.message
                            .starts_with(&format!("the file ends inside game {}", whole + 1)),
                        "{cut}"
                    );
                }
                Ok(None) => unreachable!("the watcher never stops"),
                Err(e) => {
                    assert_eq!(whole, 0, "cut at {end}: {e}");
                    assert_eq!(e.place, Place::Byte(end));
                }
            }
        }
        // A strict read refuses a file cut short, naming the cut.
        let e = read(&bytes[..100], &Names::default()).unwrap_err();
        assert_eq!(e.place, Place::Byte(100));
        assert!(e.message.contains("inside game 2 of the 3"), "{e}");
    }

    #[test]
    fn bad_files_name_the_byte() {
        let good = file(&[game(0, 0, 0, 32, "f5d6"), game(0, 0, 0, 32, "f5")]);
        let cut = |n: usize| good[..n].to_vec();
        let with = |at: usize, b: u8| {
            let mut f = good.clone();
            f[at] = b;
            f
        };
        let mut longer = good.clone();
        longer.extend_from_slice(&[0, 0, 0]);
        let cases = [
            (cut(10), 10, "header"),
            (cut(70), 70, "inside game 1 of the 2"),
            (longer, HEADER + 2 * GAME, "3 bytes follow"),
            (with(12, 10), 12, "10x10"),
            (with(12, 3), 12, "board size is 3"),
            (with(HEADER + 9, 99), HEADER + 9, "99 is not a move"),
            (
                with(HEADER + 8 + 5, 34),
                HEADER + 8 + 5,
                "after the end of the game",
            ),
            (with(HEADER + 6, 65), HEADER + 6, "more than the 64"),
            (file(&[]), 4, "no game"),
        ];
        for (bytes, byte, words) in cases {
            let e = read(&bytes, &Names::default()).unwrap_err();
            assert_eq!(e.place, Place::Byte(byte), "{e}");
            assert!(e.to_string().contains(words), "{e}");
        }
    }
}
