//! Writing a game file: boardplay's own text, or GGF for a path ending `.ggf`.

use std::path::Path;
use std::time::Duration;

use crate::app::document::disk::write_atomically;
use crate::app::document::session::Session;
use crate::core::Move;
use crate::core::othello::final_margin;
use crate::core::{Side, Supported};
use crate::formats::{Header, Notes, Place, Record, Timing, ggf};

use super::*;

/// The GGF names of the two players of a game written by boardplay ("" for none).
#[derive(Clone, Copy, Debug, Default)]
pub struct Players<'a> {
    /// Black's (the first side's) name.
    pub black: &'a str,
    /// White's name.
    pub white: &'a str,
}

/// True if a game can be written to `path` by its name: a WTHOR database (`.wtb`) is read,
/// never written.
pub fn can_write(path: &Path) -> bool {
    Format::for_path(path) != Format::Wthor
}

/// Writes `game` to `path` (atomically): GGF for a path ending `.ggf`, boardplay's own text
/// otherwise. `players` name the sides in GGF.
pub fn save_game(game: &Session, path: &Path, players: Players) -> Result<(), GameFileError> {
    let text = match Format::for_path(path) {
        Format::Boardplay => format_game(game),
        Format::Ggf => format_ggf(game, players)?,
        Format::Wthor => return Err(GameFileError::WthorWrite),
    };
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(folder) = folder
        && !folder.is_dir()
    {
        return Err(GameFileError::NoFolder(folder.to_path_buf()));
    }
    write_atomically(path, text.as_bytes()).map_err(|e| GameFileError::io(path, e))
}

/// The GGF text of an Othello game: the whole game, its starting position, and its result
/// once it is over. A game read from a file keeps the players, place and date the file
/// gave; `players` name the sides of a game started here.
pub fn format_ggf(game: &Session, players: Players) -> Result<String, GameFileError> {
    let Supported::Othello(size) = game.board() else {
        return Err(GameFileError::NotOthello);
    };
    let mut end = game.clone();
    end.jump(game.moves().len());
    let cells = (size.get() * size.get()) as u32;
    let result = match game.timing().out() {
        // Lost on time: every disc to the winner, flagged `t` as GGS does.
        Some(Side::First) => format!("-{cells}.00:t"),
        Some(Side::Second) => format!("+{cells}.00:t"),
        // Black's final margin, the empty cells to the winner, as GGS writes it.
        None if game.is_finished() => format!("{:+}.00", final_margin(end.view().counts, cells)),
        None => String::new(),
    };
    let header = game.header().cloned().unwrap_or_else(|| Header {
        black: players.black.to_string(),
        white: players.white.to_string(),
        event: "boardplay".into(),
        date: String::new(),
        from: None,
    });
    let (result, notes) = match header.from.as_deref() {
        Some(file) => kept_from(file, game.moves(), result),
        None => (result, Notes::default()),
    };
    Ok(ggf::write(&Record {
        size,
        start: Some(game.restart().board_string()),
        moves: game.moves().to_vec(),
        places: Vec::new(),
        place: Place::Line(1),
        black: header.black,
        white: header.white,
        event: header.event,
        date: header.date,
        result,
        timing: Timing {
            control: game.time_control(),
            move_ms: move_ms(game),
        },
        notes,
    }))
}

/// What a game read from `file` keeps of it when saved as GGF with `moves`: the ratings and
/// the game type always; each move's evaluation as far as the moves are still the file's;
/// the result as the file wrote it (a komi's "-22.87", a resignation's ":r") while the game
/// is the file's whole game, else `result`, the one the board gives.
fn kept_from(file: &Record, moves: &[Move], result: String) -> (String, Notes) {
    let same = moves
        .iter()
        .zip(&file.moves)
        .take_while(|(a, b)| a == b)
        .count();
    let mut evals: Vec<String> = file.notes.evals.iter().take(same).cloned().collect();
    if evals.iter().all(String::is_empty) {
        evals.clear();
    }
    let notes = Notes {
        sides: Vec::new(),
        evals,
        ratings: file.notes.ratings.clone(),
        kind: file.notes.kind.clone(),
    };
    // GGF's result is a signed number, perhaps with a flag (WTHOR's "34-30" is not one).
    let ggf_result = file
        .result
        .split(':')
        .next()
        .is_some_and(|n| n.trim().parse::<f64>().is_ok());
    if moves == file.moves.as_slice() && ggf_result {
        (file.result.clone(), notes)
    } else {
        (result, notes)
    }
}

/// The time each move of a game on clocks took, in milliseconds (as many as it has moves);
/// none for a game without clocks.
fn move_ms(game: &Session) -> Vec<u32> {
    if game.time_control().is_none() {
        return Vec::new();
    }
    let spent = game.timing().spent();
    (0..game.moves().len())
        .map(|i| {
            let ms = spent.get(i).map_or(0, Duration::as_millis);
            u32::try_from(ms).unwrap_or(u32::MAX)
        })
        .collect()
}
