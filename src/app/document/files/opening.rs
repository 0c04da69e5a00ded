//! Reading a game file of any format: one game, or a list to pick from.

use std::ops::ControlFlow;
use std::path::Path;
use std::time::Duration;

use crate::app::document::disk::{self, ReadError};
use crate::app::document::session::{ClockRecord, Session};
use crate::core::{ParseError, Side, Supported};
use crate::formats::{FormatError, Header, Place, Progress, Record, ggf, wthor};

use super::*;

/// What a game file holds.
#[derive(Debug)]
pub enum Opened {
    /// One game, read and checked.
    Game(Session),
    /// Several games (a GGF collection, a WTHOR database), or the games of a file cut
    /// short: one is picked with [`game_from_record`].
    List(Listed),
}

/// The games of a file of several, and what a list of them must say about the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// The games, in the file's order (for a file cut short, the complete ones before the
    /// cut).
    pub records: Vec<Record>,
    /// Where the file was cut short, if it was.
    pub cut: Option<FormatError>,
    /// The names files of a WTHOR database that are not beside it (`WTHOR.JOU`,
    /// `WTHOR.TRN`): its players or tournaments are then known only by number.
    pub names_missing: Vec<&'static str>,
}

impl Listed {
    /// What a list of these games says about the file besides them, a sentence each: where
    /// it was cut short, and the names files that are missing.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if let Some(cut) = &self.cut {
            let kept = match self.records.len() {
                1 => "the complete game before the cut is listed".to_string(),
                n => format!("the {n} complete games before the cut are listed"),
            };
            notes.push(format!("The file is cut short ({cut}): {kept}."));
        }
        let (names, what) = match self.names_missing.as_slice() {
            [] => return notes,
            [one] if *one == wthor::PLAYERS_FILE => (one.to_string(), "players are"),
            [one] => (one.to_string(), "tournaments are"),
            more => (more.join(" and "), "players and tournaments are"),
        };
        let verb = if self.names_missing.len() == 1 {
            "is"
        } else {
            "are"
        };
        notes.push(format!(
            "{names} {verb} not beside it: its {what} shown by their numbers in those files."
        ));
        notes
    }
}

/// How far the reading of a game file has got (see [`open_file_watched`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// The bytes read from the disk, or, once all are in, the bytes of them read as games.
    pub bytes: u64,
    /// The file's size.
    pub total: u64,
    /// The games read so far (0 while the bytes come from the disk).
    pub games: usize,
    /// True once every byte is in and the games are being read.
    pub reading_games: bool,
    /// True once the games are read and are being indexed by position for the database;
    /// `games` counts those indexed.
    pub indexing: bool,
}

impl Reading {
    /// The indexing of a file's games: `done` of `total`.
    pub fn indexing(done: usize, total: usize) -> Reading {
        Reading {
            bytes: total as u64,
            total: total as u64,
            games: done,
            reading_games: true,
            indexing: true,
        }
    }
}

/// Reads the file at `path`: boardplay's own text, GGF or WTHOR. A WTHOR file's players and
/// tournaments are named from `WTHOR.JOU` and `WTHOR.TRN` when they are in the same folder.
/// What is not a regular file, or is larger than any file of its format, is refused before
/// it is read.
pub fn open_file(path: &Path) -> Result<Opened, GameFileError> {
    open_file_watched(path, &mut |_| ControlFlow::Continue(()))
}

/// [`open_file`], telling `watch` how far it has got: after each megabyte read from the
/// disk, then after each game of a file of several. When `watch` breaks off, the reading
/// ends with [`GameFileError::Stopped`].
pub fn open_file_watched(
    path: &Path,
    watch: &mut dyn FnMut(Reading) -> ControlFlow<()>,
) -> Result<Opened, GameFileError> {
    let stopped = || GameFileError::Stopped(path.to_path_buf());
    let (limit, name) = Format::read_limit(path);
    let bytes = disk::read_file_watched(path, limit, &mut |read, total| {
        watch(Reading {
            bytes: read,
            total,
            games: 0,
            reading_games: false,
            indexing: false,
        })
    })
    .map_err(|e| read_error(path, name, e))?
    .ok_or_else(stopped)?;
    let total = bytes.len() as u64;
    let format = Format::of(path, &bytes);
    if total > format.max_bytes() {
        return Err(GameFileError::TooLarge {
            path: path.to_path_buf(),
            size: total,
            limit: format.max_bytes(),
            format: format.name(),
        });
    }
    let mut games_watch = |p: Progress| {
        watch(Reading {
            bytes: p.bytes as u64,
            total,
            games: p.games,
            reading_games: true,
            indexing: false,
        })
    };
    let listed = match format {
        Format::Boardplay => return parse_game(&text_of(bytes)?).map(Opened::Game),
        Format::Ggf => {
            let text = String::from_utf8_lossy(&bytes);
            let read = ggf::read_watched(&text, &mut games_watch)
                .map_err(GameFileError::Format)?
                .ok_or_else(stopped)?;
            Listed {
                records: read.records,
                cut: read.cut,
                names_missing: Vec::new(),
            }
        }
        Format::Wthor => {
            let players = beside(path, wthor::PLAYERS_FILE);
            let tournaments = beside(path, wthor::TOURNAMENTS_FILE);
            let names_missing = [
                (wthor::PLAYERS_FILE, players.is_none()),
                (wthor::TOURNAMENTS_FILE, tournaments.is_none()),
            ]
            .into_iter()
            .filter_map(|(name, missing)| missing.then_some(name))
            .collect();
            let names = wthor::Names {
                players: players
                    .map(|b| wthor::read_names(&b, wthor::PLAYER))
                    .unwrap_or_default(),
                tournaments: tournaments
                    .map(|b| wthor::read_names(&b, wthor::TOURNAMENT))
                    .unwrap_or_default(),
            };
            let read = wthor::read_watched(&bytes, &names, &mut games_watch)
                .map_err(GameFileError::Format)?
                .ok_or_else(stopped)?;
            Listed {
                records: read.records,
                cut: read.cut,
                names_missing,
            }
        }
    };
    // One whole game goes on the board; a file cut short is listed, so the cut is said.
    match <[Record; 1]>::try_from(listed.records) {
        Ok([record]) if listed.cut.is_none() => game_from_record(&record).map(Opened::Game),
        Ok(one) => Ok(Opened::List(Listed {
            records: one.into(),
            ..listed
        })),
        Err(records) => Ok(Opened::List(Listed { records, ..listed })),
    }
}

/// Reads the game file at `path`, which must hold one game.
pub fn open_game(path: &Path) -> Result<Session, GameFileError> {
    match open_file(path)? {
        Opened::Game(game) => Ok(game),
        Opened::List(listed) => game_from_record(&listed.records[0]),
    }
}

/// The text of a game file's bytes, or the byte where they stop being UTF-8 text.
pub(super) fn text_of(bytes: Vec<u8>) -> Result<String, GameFileError> {
    String::from_utf8(bytes).map_err(|e| GameFileError::At {
        place: Place::Byte(e.utf8_error().valid_up_to()),
        error: Box::new(GameFileError::NotText),
    })
}

/// The bytes of a file of `format` at `path`, refused before reading if it is not a regular
/// file or is larger than any file of its format.
pub(super) fn read(path: &Path, format: Format) -> Result<Vec<u8>, GameFileError> {
    disk::read_file(path, format.max_bytes()).map_err(|e| read_error(path, format.name(), e))
}

/// The error of a game file at `path` that was not read; `format` names what it was read
/// as ("a GGF file").
fn read_error(path: &Path, format: &'static str, e: ReadError) -> GameFileError {
    let path = path.to_path_buf();
    match e {
        ReadError::Io(e) => GameFileError::io(&path, e),
        ReadError::NotAFile(kind) => GameFileError::NotAFile { path, kind },
        ReadError::TooLarge { size, limit } => GameFileError::TooLarge {
            path,
            size,
            limit,
            format,
        },
    }
}

/// The most bytes a WTHOR names file is read from: its header and 65,535 records (its count
/// has two bytes) of the longer kind, a tournament's.
const MAX_NAMES_BYTES: u64 = (wthor::HEADER + 65_535 * wthor::TOURNAMENT) as u64;

/// The bytes of the file named `name` (in any case: `WTHOR.JOU`, `wthor.jou`) in the folder
/// of `path`, if there is one that is a regular file of a names file's size.
fn beside(path: &Path, name: &str) -> Option<Vec<u8>> {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    let entries = std::fs::read_dir(folder.unwrap_or(Path::new("."))).ok()?;
    entries
        .flatten()
        .find(|e| e.file_name().to_string_lossy().eq_ignore_ascii_case(name))
        .and_then(|e| disk::read_file(&e.path(), MAX_NAMES_BYTES).ok())
}

/// Plays a game read from a GGF or WTHOR file, naming the line or byte of a move that
/// breaks the rules. The game keeps the record's players, place and date.
pub fn game_from_record(record: &Record) -> Result<Session, GameFileError> {
    let at = |e: ParseError| {
        let place = match &e {
            ParseError::IllegalMove { ply, .. } | ParseError::BadMoveText { ply, .. } => {
                record.place_of(*ply)
            }
            _ => record.place,
        };
        GameFileError::Format(FormatError {
            place,
            message: e.to_string(),
        })
    };
    let board = Supported::Othello(record.size);
    let standard = Session::new(board).board_string();
    match &record.start {
        Some(start) if *start != standard => {
            Session::from_board_and_moves(board, start, &record.moves)
        }
        _ => Session::with_moves(board, &record.moves),
    }
    .map(|game| {
        let header = Header {
            from: Some(Box::new(record.clone())),
            ..record.header()
        };
        game.with_header(header).with_timing(timing_of(record))
    })
    .map_err(at)
}

/// The clocks of a game read from a GGF file: its time control, the time of each move, and
/// whose time ran out where its result says the game was lost on time (`RE[+64.00:t]`: in
/// Black's view, so a `+` means White's time ran out).
fn timing_of(record: &Record) -> ClockRecord {
    let spent = record
        .timing
        .move_ms
        .iter()
        .map(|&ms| Duration::from_millis(ms.into()))
        .collect();
    let result = record.result.trim();
    let out = match (result.ends_with(":t"), result.chars().next()) {
        (true, Some('+')) => Some(Side::Second),
        (true, Some('-')) => Some(Side::First),
        _ => None,
    };
    ClockRecord::with(record.timing.control, spent, out)
}
