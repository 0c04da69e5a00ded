//! Games as text: a small game file (game, size, move list) and pasted move lists.
//!
//! ```text
//! # boardplay game
//! game: othello
//! size: 8
//! moves: f5d6c3d3c4
//! ```
//!
//! A game from a set-up position has a `board:` line (a board string, see
//! [`crate::core::notation`]) before its moves. Lines starting with `#` are comments. Reading checks every move with the rules core and
//! names the first bad one; nothing is changed until the whole text has been read.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::core::{GameKind, ParseError, Variant};

use super::session::Game;
use super::settings::write_atomically;

/// Why a game could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameFileError {
    /// The file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        message: String,
    },
    /// A required line (`game:`, `size:`) is missing.
    Missing(&'static str),
    /// A line that is not `key: value`, or a key this format does not have.
    BadLine(usize, String),
    /// The game is neither tic-tac-toe nor Othello.
    UnknownGame(String),
    /// The size is not a number.
    BadSize(String),
    /// The board or the moves do not fit the rules.
    Rules(ParseError),
}

impl fmt::Display for GameFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameFileError::Io { path, message } => write!(f, "{}: {message}", path.display()),
            GameFileError::Missing(key) => write!(f, "the '{key}:' line is missing"),
            GameFileError::BadLine(n, line) => {
                write!(
                    f,
                    "line {n} is not 'game:', 'size:', 'board:' or 'moves:': {line}"
                )
            }
            GameFileError::UnknownGame(g) => {
                write!(f, "unknown game '{g}' (use tictactoe or othello)")
            }
            GameFileError::BadSize(s) => write!(f, "'{s}' is not a board size"),
            GameFileError::Rules(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GameFileError {}

impl From<ParseError> for GameFileError {
    fn from(e: ParseError) -> Self {
        GameFileError::Rules(e)
    }
}

/// The name of a game in files.
fn game_word(variant: Variant) -> &'static str {
    match variant {
        Variant::TicTacToe { .. } => "tictactoe",
        Variant::Othello { .. } => "othello",
    }
}

/// The game file text for `game`: its variant and its moves up to the shown position.
pub fn format_game(game: &Game) -> String {
    let variant = game.variant();
    let mut text = format!(
        "# boardplay game\ngame: {}\nsize: {}\n",
        game_word(variant),
        variant.rows()
    );
    if let Variant::TicTacToe { rows, k, .. } = variant
        && k != rows
    {
        text.push_str(&format!("k: {k}\n"));
    }
    if let Some(board) = game.start_board() {
        text.push_str(&format!("board: {board}\n"));
    }
    text.push_str(&format!("moves: {}\n", game.main_line()));
    text
}

/// Reads a game file's text.
pub fn parse_game(text: &str) -> Result<Game, GameFileError> {
    let (mut game, mut size, mut k, mut moves) = (None, None, None, String::new());
    let mut board = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || GameFileError::BadLine(i + 1, line.chars().take(40).collect());
        let (key, value) = line.split_once(':').ok_or_else(bad)?;
        let value = value.trim();
        match key.trim().to_ascii_lowercase().as_str() {
            "game" => {
                let kind: GameKind = value
                    .parse()
                    .map_err(|_| GameFileError::UnknownGame(value.to_string()))?;
                game = Some(kind)
            }
            "size" => size = Some(number(value)?),
            "k" => k = Some(number(value)?),
            "moves" => moves = value.to_string(),
            "board" => board = Some(value.to_string()),
            _ => return Err(bad()),
        }
    }
    let game = game.ok_or(GameFileError::Missing("game"))?;
    let size = size.ok_or(GameFileError::Missing("size"))?;
    let variant = match (game, k) {
        (GameKind::TicTacToe, Some(k)) => Variant::TicTacToe {
            rows: size,
            cols: size,
            k,
        }
        .validate()?,
        _ => game.square(size)?,
    };
    Ok(match board {
        Some(board) => Game::from_board_and_moves(variant, &board, &moves)?,
        None => Game::from_moves(variant, &moves)?,
    })
}

fn number(value: &str) -> Result<usize, GameFileError> {
    value
        .parse()
        .map_err(|_| GameFileError::BadSize(value.to_string()))
}

/// Reads pasted text: a whole game file, or a move list for a game of `variant`.
pub fn parse_paste(text: &str, variant: Variant) -> Result<Game, GameFileError> {
    let looks_like_file = text
        .lines()
        .any(|l| l.trim_start().to_ascii_lowercase().starts_with("game:"));
    if looks_like_file {
        parse_game(text)
    } else if text.trim().is_empty() {
        Err(GameFileError::Rules(ParseError::Empty))
    } else {
        Ok(Game::from_moves(variant, text)?)
    }
}

/// Writes `game` to `path` (atomically).
pub fn save_game(game: &Game, path: &Path) -> Result<(), GameFileError> {
    write_atomically(path, format_game(game).as_bytes()).map_err(|e| GameFileError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// Reads the game file at `path`.
pub fn open_game(path: &Path) -> Result<Game, GameFileError> {
    let io = |message: String| GameFileError::Io {
        path: path.to_path_buf(),
        message,
    };
    let bytes = std::fs::read(path).map_err(|e| io(e.to_string()))?;
    let text = String::from_utf8(bytes).map_err(|_| io("not a text file".into()))?;
    parse_game(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_file_round_trips() {
        let game = Game::from_moves(Variant::OTHELLO_8, "f5d6c3d3c4").unwrap();
        let text = format_game(&game);
        assert!(text.contains("game: othello\nsize: 8\nmoves: f5d6c3d3c4"));
        let back = parse_game(&text).unwrap();
        assert_eq!(back.variant(), Variant::OTHELLO_8);
        assert_eq!(back.move_list(), "f5d6c3d3c4");
    }

    #[test]
    fn the_file_holds_the_whole_game_whichever_move_is_shown() {
        let mut game = Game::from_moves(Variant::TIC_TAC_TOE_3, "b2 a1 c3").unwrap();
        game.jump(2);
        let back = parse_game(&format_game(&game)).unwrap();
        assert_eq!(back.move_list(), "b2a1c3");
        assert_eq!(back.variant(), Variant::TIC_TAC_TOE_3);
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        assert_eq!(
            parse_game("size: 8\nmoves: f5").unwrap_err(),
            GameFileError::Missing("game")
        );
        assert_eq!(
            parse_game("game: chess\nsize: 8").unwrap_err(),
            GameFileError::UnknownGame("chess".into())
        );
        assert!(matches!(
            parse_game("game: othello\nsize: 7").unwrap_err(),
            GameFileError::Rules(ParseError::BadSize(_))
        ));
        assert!(matches!(
            parse_game("game: othello\nsize: 8\nmoves: f5 f5").unwrap_err(),
            GameFileError::Rules(ParseError::IllegalMove { ply: 2, .. })
        ));
        assert!(matches!(
            parse_game("hello there").unwrap_err(),
            GameFileError::BadLine(1, _)
        ));
    }

    #[test]
    fn a_paste_is_a_move_list_or_a_whole_file() {
        let g = parse_paste("1. f5 2. d6 3. c3", Variant::OTHELLO_8).unwrap();
        assert_eq!(g.move_list(), "f5d6c3");
        let g = parse_paste("game: tictactoe\nsize: 4\nmoves: a1", Variant::OTHELLO_8).unwrap();
        assert_eq!(g.variant(), Variant::TIC_TAC_TOE_4);
        assert!(parse_paste("   ", Variant::OTHELLO_8).is_err());
        assert!(parse_paste("f5 a1", Variant::OTHELLO_8).is_err());
    }

    #[test]
    fn saving_and_opening_a_file() {
        let path = std::env::temp_dir().join(format!("boardplay-game-{}.txt", std::process::id()));
        let game = Game::from_moves(Variant::OTHELLO_12, "f5").unwrap();
        save_game(&game, &path).unwrap();
        let back = open_game(&path).unwrap();
        assert_eq!(back.variant(), Variant::OTHELLO_12);
        assert_eq!(back.move_list(), "f5");
        std::fs::remove_file(&path).unwrap();
        assert!(matches!(open_game(&path), Err(GameFileError::Io { .. })));
    }

    #[test]
    fn a_game_from_a_set_up_position_keeps_its_start() {
        let board = "---- -XO- -OX- ---- O";
        let variant = Variant::Othello { size: 4 };
        let game = Game::from_board_and_moves(variant, board, "a2").unwrap();
        let text = format_game(&game);
        assert!(text.contains("board: "), "{text}");
        let back = parse_game(&text).unwrap();
        assert_eq!(back.start_board(), game.start_board());
        assert_eq!(back.main_line(), "a2");
        assert_eq!(back.board_string(), game.board_string());
        // A standard start writes no board line.
        let plain = Game::from_moves(variant, "b1").unwrap();
        assert!(!format_game(&plain).contains("board:"));
    }
}
