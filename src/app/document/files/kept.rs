//! The game kept beside the settings for the next start.

use std::path::{Path, PathBuf};

use crate::app::document::disk::write_atomically;
use crate::app::document::session::Session;

use super::opening::text_of;
use super::*;

/// The comment that names, in a kept game, the file the game was opened from or saved to.
const FILE_NOTE: &str = "# file: ";

/// Keeps `game` at `path` (boardplay's own text) for the next start, whole: its variations,
/// the position shown, and the file it belongs to, if any, in a comment (see [`kept_game`]).
pub fn keep_game(game: &Session, path: &Path, file: Option<&Path>) -> Result<(), GameFileError> {
    let mut text = format_game(game);
    for line in game.variation_lines() {
        text.push_str(&format!("variation: {line}\n"));
    }
    // The position on the screen, not the last move: a restart shows what was left.
    text.push_str(&format!("shown: {}\n", game.cursor()));
    if let Some(file) = file.and_then(Path::to_str) {
        text.push_str(&format!("{FILE_NOTE}{file}\n"));
    }
    write_atomically(path, text.as_bytes()).map_err(|e| GameFileError::io(path, e))
}

/// A game kept by [`keep_game`], and the file it belongs to if it named one.
pub fn kept_game(path: &Path) -> Result<(Session, Option<PathBuf>), GameFileError> {
    let text = text_of(read(path, Format::Boardplay)?)?;
    let game = parse_game(&text)?;
    let file = text
        .lines()
        .find_map(|l| l.strip_prefix(FILE_NOTE))
        .map(|f| PathBuf::from(f.trim()));
    Ok((game, file))
}
