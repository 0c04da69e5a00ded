//! Writing a game file: boardplay's own text, or GGF for a path ending `.ggf`.

use std::path::Path;

use crate::app::disk::write_atomically;
use crate::app::session::Game;
use crate::core::Supported;
use crate::core::othello::final_margin;
use crate::formats::{Header, Place, Record, ggf};

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
pub fn save_game(game: &Game, path: &Path, players: Players) -> Result<(), GameFileError> {
    let text = match Format::for_path(path) {
        Format::Boardplay => format_game(game),
        Format::Ggf => format_ggf(game, players)?,
        Format::Wthor => return Err(GameFileError::WthorWrite),
    };
    write_atomically(path, text.as_bytes()).map_err(|e| GameFileError::io(path, e))
}

/// The GGF text of an Othello game: the whole game, its starting position, and its result
/// once it is over. A game read from a file keeps the players, place and date the file
/// gave; `players` name the sides of a game started here.
pub fn format_ggf(game: &Game, players: Players) -> Result<String, GameFileError> {
    let Supported::Othello(size) = game.board() else {
        return Err(GameFileError::NotOthello);
    };
    let mut end = game.clone();
    end.jump(game.moves().len());
    let result = if game.is_finished() {
        // Black's final margin, the empty cells to the winner, as GGS writes it.
        let cells = (size.get() * size.get()) as u32;
        format!("{:+}.00", final_margin(end.view().counts, cells))
    } else {
        String::new()
    };
    let header = game.header().cloned().unwrap_or_else(|| Header {
        black: players.black.to_string(),
        white: players.white.to_string(),
        event: "boardplay".into(),
        date: String::new(),
    });
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
    }))
}
