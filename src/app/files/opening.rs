//! Reading a game file of any format: one game, or a list to pick from.

use std::path::Path;

use crate::app::session::Game;
use crate::core::{ParseError, Supported};
use crate::formats::{FormatError, Record, ggf, wthor};

use super::*;

/// What a game file holds.
#[derive(Debug)]
pub enum Opened {
    /// One game, read and checked.
    Game(Game),
    /// Several games (a GGF collection, a WTHOR database): one is picked with
    /// [`game_from_record`].
    List(Vec<Record>),
}

/// Reads the file at `path`: boardplay's own text, GGF or WTHOR. A WTHOR file's players and
/// tournaments are named from `WTHOR.JOU` and `WTHOR.TRN` when they are in the same folder.
pub fn open_file(path: &Path) -> Result<Opened, GameFileError> {
    let bytes = read(path)?;
    let records = match Format::of(path, &bytes) {
        Format::Boardplay => {
            let text = String::from_utf8(bytes).map_err(|_| GameFileError::Io {
                path: path.to_path_buf(),
                message: "not a text file (boardplay reads its own game files, .ggf and .wtb)"
                    .into(),
            })?;
            return parse_game(&text).map(Opened::Game);
        }
        Format::Ggf => {
            let text = String::from_utf8_lossy(&bytes);
            ggf::read(&text).map_err(GameFileError::Format)?
        }
        Format::Wthor => {
            let names = wthor::Names {
                players: beside(path, "wthor.jou")
                    .map(|b| wthor::read_names(&b, wthor::PLAYER))
                    .unwrap_or_default(),
                tournaments: beside(path, "wthor.trn")
                    .map(|b| wthor::read_names(&b, wthor::TOURNAMENT))
                    .unwrap_or_default(),
            };
            wthor::read(&bytes, &names).map_err(GameFileError::Format)?
        }
    };
    match <[Record; 1]>::try_from(records) {
        Ok([record]) => game_from_record(&record).map(Opened::Game),
        Err(records) => Ok(Opened::List(records)),
    }
}

/// Reads the game file at `path`, which must hold one game.
pub fn open_game(path: &Path) -> Result<Game, GameFileError> {
    match open_file(path)? {
        Opened::Game(game) => Ok(game),
        Opened::List(records) => game_from_record(&records[0]),
    }
}

pub(super) fn read(path: &Path) -> Result<Vec<u8>, GameFileError> {
    std::fs::read(path).map_err(|e| GameFileError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// The bytes of the file named `name` (in any case) in the folder of `path`, if there is one.
fn beside(path: &Path, name: &str) -> Option<Vec<u8>> {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    let entries = std::fs::read_dir(folder.unwrap_or(Path::new("."))).ok()?;
    entries
        .flatten()
        .find(|e| e.file_name().to_string_lossy().eq_ignore_ascii_case(name))
        .and_then(|e| std::fs::read(e.path()).ok())
}

/// Plays a game read from a GGF or WTHOR file, naming the line or byte of a move that
/// breaks the rules. The game keeps the record's players, place and date.
pub fn game_from_record(record: &Record) -> Result<Game, GameFileError> {
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
    let standard = Game::new(board).board_string();
    match &record.start {
        Some(start) if *start != standard => {
            Game::from_board_and_moves(board, start, &record.moves)
        }
        _ => Game::with_moves(board, &record.moves),
    }
    .map(|game| game.with_header(record.header()))
    .map_err(at)
}
