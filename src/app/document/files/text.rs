//! boardplay's own game file text, and pasted move lists.

use crate::app::document::session::Session;
use crate::core::{GameKind, ParseError, Supported, Variant, notation};
use crate::formats::{FormatError, Header, Place};

use super::clock_lines::{TimingLines, timing_lines};
use super::*;

/// The name of a game in files.
fn game_word(variant: Variant) -> &'static str {
    match variant {
        Variant::TicTacToe { .. } => "tictactoe",
        Variant::Othello { .. } => "othello",
    }
}

/// The game file text for `game`: its variant and its moves up to the shown position.
pub fn format_game(game: &Session) -> String {
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
    if let Some(header) = game.header() {
        for (key, value) in header_lines(header) {
            if !value.is_empty() {
                text.push_str(&format!("{key}: {value}\n"));
            }
        }
    }
    text.push_str(&timing_lines(game));
    text.push_str(&format!("moves: {}\n", game.main_line()));
    text
}

/// The lines of a game file that name who played a game read from another file, where and
/// when.
fn header_lines(header: &Header) -> [(&'static str, &str); 4] {
    [
        ("black", &header.black),
        ("white", &header.white),
        ("event", &header.event),
        ("date", &header.date),
    ]
}

/// Reads a game file's text.
pub fn parse_game(text: &str) -> Result<Session, GameFileError> {
    let (mut game, mut size, mut k, mut moves) = (None, None, None, String::new());
    // The lines of `size:` and `k:`, where a board the rules do not support is named.
    let (mut size_line, mut k_line) = (0, 0);
    let mut moves_line = 0;
    let mut board = None;
    let (mut shown, mut variations) = (None, Vec::new());
    let mut header: Option<Header> = None;
    let mut timing = TimingLines::default();
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
                    .map_err(|_| GameFileError::UnknownGame(value.to_string()).at_line(i + 1))?;
                game = Some(kind)
            }
            "size" => (size, size_line) = (Some(number(value, i + 1)?), i + 1),
            "k" => (k, k_line) = (Some(number(value, i + 1)?), i + 1),
            "moves" => (moves, moves_line) = (value.to_string(), i + 1),
            "board" => board = Some((value.to_string(), i + 1)),
            "shown" => shown = Some((value.parse::<usize>().map_err(|_| bad())?, i + 1)),
            "variation" => variations.push((value.to_string(), i + 1)),
            key @ ("black" | "white" | "event" | "date") => {
                let header = header.get_or_insert_default();
                let field = match key {
                    "black" => &mut header.black,
                    "white" => &mut header.white,
                    "event" => &mut header.event,
                    _ => &mut header.date,
                };
                *field = value.to_string();
            }
            key => {
                if !timing.read(key, value, i + 1)? {
                    return Err(bad());
                }
            }
        }
    }
    let game = game.ok_or(GameFileError::Missing("game"))?;
    let size = size.ok_or(GameFileError::Missing("size"))?;
    let supported = match (game, k) {
        (GameKind::TicTacToe, Some(k)) => Variant::TicTacToe {
            rows: size,
            cols: size,
            k,
        }
        .check()
        // A size the rules support with a k they do not is the k line's fault.
        .map_err(|e| {
            let line = if game.square(size).is_ok() {
                k_line
            } else {
                size_line
            };
            GameFileError::from(e).at_line(line)
        })?,
        _ => game
            .square(size)
            .map_err(|e| GameFileError::from(e).at_line(size_line))?,
    };
    // A board or a move that breaks the rules is named with its line.
    let at = |line: usize| {
        move |e: ParseError| {
            GameFileError::Format(FormatError {
                place: Place::Line(line),
                message: e.to_string(),
            })
        }
    };
    let mut game = match board {
        Some((board, line)) => {
            Session::from_board(supported, &board).map_err(at(line))?;
            let moves = notation::parse_moves(&moves).map_err(at(moves_line))?;
            Session::from_board_and_moves(supported, &board, &moves).map_err(at(moves_line))?
        }
        None => Session::from_moves(supported, &moves).map_err(at(moves_line))?,
    };
    let timing = timing.timing(game.moves().len())?;
    game = game.with_timing(timing);
    for (variation, line) in variations {
        game.add_variation(&variation).map_err(at(line))?;
    }
    if let Some((shown, line)) = shown {
        let last = game.moves().len();
        if shown > last {
            return Err(GameFileError::Format(FormatError {
                place: Place::Line(line),
                message: format!(
                    "the position shown, after move {shown}, is past the last move ({last})"
                ),
            }));
        }
        game.jump(shown);
    }
    Ok(match header {
        Some(header) => game.with_header(header),
        None => game,
    })
}

/// A size or k at line `line`.
fn number(value: &str, line: usize) -> Result<usize, GameFileError> {
    value
        .parse()
        .map_err(|_| GameFileError::BadSize(value.to_string()).at_line(line))
}

/// Reads pasted text: a whole game file, or a move list for a game of `variant`.
pub fn parse_paste(text: &str, board: Supported) -> Result<Session, GameFileError> {
    let looks_like_file = text
        .lines()
        .any(|l| l.trim_start().to_ascii_lowercase().starts_with("game:"));
    if looks_like_file {
        parse_game(text)
    } else if text.trim().is_empty() {
        Err(GameFileError::Rules(ParseError::Empty))
    } else {
        Ok(Session::from_moves(board, text)?)
    }
}
