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
//! [`crate::core::notation`]) before its moves. The game kept for the next start (see
//! [`keep_game`]) also has a `shown:` line, how many moves lead to the position shown (a file
//! without one shows its last move), and a `variation:` line for each other line of play, a
//! whole move list from the start. Lines starting with `#` are comments. Reading
//! checks every move with the rules core and names the first bad one; nothing is changed until
//! the whole text has been read.
//!
//! Othello games are also read from GGF (`.ggf`, or any text starting `(;`) and WTHOR
//! (`.wtb`) files, and written as GGF to a path ending `.ggf` (see [`crate::formats`]). A file
//! of several games is [`Opened::List`]: the person picks one.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::core::{GameKind, ParseError, Variant, notation};
use crate::formats::{FormatError, Header, Place, Record, ggf, wthor};

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
    /// A GGF or WTHOR file that could not be read, or whose game breaks the rules there.
    Format(FormatError),
    /// Only Othello games can be written as GGF.
    NotOthello,
    /// WTHOR files are read, not written.
    WthorWrite,
}

impl fmt::Display for GameFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameFileError::Io { path, message } => write!(f, "{}: {message}", path.display()),
            GameFileError::Missing(key) => write!(f, "the '{key}:' line is missing"),
            GameFileError::BadLine(n, line) => {
                write!(
                    f,
                    "line {n} is not 'game:', 'size:', 'k:', 'board:', 'moves:', 'shown:' or \
                     'variation:': {line}"
                )
            }
            GameFileError::UnknownGame(g) => {
                write!(f, "unknown game '{g}' (use tictactoe or othello)")
            }
            GameFileError::BadSize(s) => write!(f, "'{s}' is not a board size"),
            GameFileError::Rules(e) => e.fmt(f),
            GameFileError::Format(e) => e.fmt(f),
            GameFileError::NotOthello => {
                f.write_str("GGF files hold Othello games: save this game as a .txt file")
            }
            GameFileError::WthorWrite => {
                f.write_str("WTHOR files are read, not written: save as .ggf or .txt")
            }
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
    if let Some(header) = game.header() {
        for (key, value) in header_lines(header) {
            if !value.is_empty() {
                text.push_str(&format!("{key}: {value}\n"));
            }
        }
    }
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
pub fn parse_game(text: &str) -> Result<Game, GameFileError> {
    let (mut game, mut size, mut k, mut moves) = (None, None, None, String::new());
    let mut moves_line = 0;
    let mut board = None;
    let (mut shown, mut variations) = (None, Vec::new());
    let mut header: Option<Header> = None;
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
            Game::from_board(variant, &board).map_err(at(line))?;
            Game::from_board_and_moves(variant, &board, &moves).map_err(at(moves_line))?
        }
        None => Game::from_moves(variant, &moves).map_err(at(moves_line))?,
    };
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

/// The comment that names, in a kept game, the file the game was opened from or saved to.
const FILE_NOTE: &str = "# file: ";

/// Keeps `game` at `path` (boardplay's own text) for the next start, whole: its variations,
/// the position shown, and the file it belongs to, if any, in a comment (see [`kept_game`]).
pub fn keep_game(game: &Game, path: &Path, file: Option<&Path>) -> Result<(), GameFileError> {
    let mut text = format_game(game);
    for line in game.variation_lines() {
        text.push_str(&format!("variation: {line}\n"));
    }
    // The position on the screen, not the last move: a restart shows what was left.
    text.push_str(&format!("shown: {}\n", game.cursor()));
    if let Some(file) = file.and_then(Path::to_str) {
        text.push_str(&format!("{FILE_NOTE}{file}\n"));
    }
    write_atomically(path, text.as_bytes()).map_err(|e| GameFileError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// A game kept by [`keep_game`], and the file it belongs to if it named one.
pub fn kept_game(path: &Path) -> Result<(Game, Option<PathBuf>), GameFileError> {
    let text = String::from_utf8_lossy(&read(path)?).into_owned();
    let game = parse_game(&text)?;
    let file = text
        .lines()
        .find_map(|l| l.strip_prefix(FILE_NOTE))
        .map(|f| PathBuf::from(f.trim()));
    Ok((game, file))
}

/// The formats a game file can be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// boardplay's own text (above).
    Boardplay,
    /// GGF text.
    Ggf,
    /// A WTHOR games database.
    Wthor,
}

impl Format {
    /// The format of a file to be written at `path`, by its extension.
    fn for_path(path: &Path) -> Format {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if ext.eq_ignore_ascii_case("ggf") {
            Format::Ggf
        } else if ext.eq_ignore_ascii_case("wtb") {
            Format::Wthor
        } else {
            Format::Boardplay
        }
    }

    /// The format of a file read from `path`: by its extension, or a text that starts like
    /// a GGF game.
    fn of(path: &Path, bytes: &[u8]) -> Format {
        match Format::for_path(path) {
            Format::Boardplay if bytes.trim_ascii_start().starts_with(b"(;") => Format::Ggf,
            format => format,
        }
    }
}

/// The GGF names of the two players of a game written by boardplay ("" for none).
#[derive(Clone, Copy, Debug, Default)]
pub struct Players<'a> {
    /// Black's (the first side's) name.
    pub black: &'a str,
    /// White's name.
    pub white: &'a str,
}

/// Writes `game` to `path` (atomically): GGF for a path ending `.ggf`, boardplay's own text
/// otherwise. `players` name the sides in GGF.
pub fn save_game(game: &Game, path: &Path, players: Players) -> Result<(), GameFileError> {
    let text = match Format::for_path(path) {
        Format::Boardplay => format_game(game),
        Format::Ggf => format_ggf(game, players)?,
        Format::Wthor => return Err(GameFileError::WthorWrite),
    };
    write_atomically(path, text.as_bytes()).map_err(|e| GameFileError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// The GGF text of an Othello game: the whole game, its starting position, and its result
/// once it is over. A game read from a file keeps the players, place and date the file
/// gave; `players` name the sides of a game started here.
pub fn format_ggf(game: &Game, players: Players) -> Result<String, GameFileError> {
    let variant = game.variant();
    if !matches!(variant, Variant::Othello { .. }) {
        return Err(GameFileError::NotOthello);
    }
    let mut end = game.clone();
    end.jump(game.moves().len());
    let result = if game.is_finished() {
        let [black, white] = end.view().counts;
        format!("{:+.2}", f64::from(black) - f64::from(white))
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
        variant,
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

fn read(path: &Path) -> Result<Vec<u8>, GameFileError> {
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
    let moves = notation::format_moves(&record.moves);
    let standard = Game::new(record.variant).map_err(at)?.board_string();
    match &record.start {
        Some(board) if *board != standard => {
            Game::from_board_and_moves(record.variant, board, &moves)
        }
        _ => Game::from_moves(record.variant, &moves),
    }
    .map(|game| game.with_header(record.header()))
    .map_err(at)
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
        assert_eq!(
            parse_game("game: othello\nsize: 8\nmoves: f5 f5")
                .unwrap_err()
                .to_string(),
            "line 3: move 2: f5 is illegal: f5 is already taken"
        );
        let cut = parse_game("game: othello\nsize: 8\n\nmoves: f5 d").unwrap_err();
        assert!(cut.to_string().starts_with("line 4: "), "{cut}");
        let board = parse_game("game: othello\nsize: 4\nboard: ---- -XO- X\nmoves:").unwrap_err();
        assert!(board.to_string().starts_with("line 3: "), "{board}");
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
        save_game(&game, &path, Players::default()).unwrap();
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

    #[test]
    fn a_kept_game_remembers_its_file() {
        let dir = tempfile::tempdir().unwrap();
        let kept = dir.path().join("last-game.txt");
        let game = Game::from_moves(Variant::OTHELLO_8, "f5d6").unwrap();
        let file = dir.path().join("my game.ggf");
        keep_game(&game, &kept, Some(&file)).unwrap();
        let (back, named) = kept_game(&kept).unwrap();
        assert_eq!(back.move_list(), "f5d6");
        assert_eq!(named, Some(file));
        keep_game(&game, &kept, None).unwrap();
        assert_eq!(kept_game(&kept).unwrap().1, None);
    }

    #[test]
    fn a_kept_game_keeps_the_position_shown_and_its_variations() {
        let dir = tempfile::tempdir().unwrap();
        let kept = dir.path().join("last-game.txt");
        let mut game = Game::from_moves(Variant::OTHELLO_8, "f5d6c3d3").unwrap();
        game.jump(2);
        game.play("c5".parse().unwrap()).unwrap();
        game.jump(1);
        keep_game(&game, &kept, None).unwrap();
        let (back, _) = kept_game(&kept).unwrap();
        assert_eq!(back.main_line(), "f5d6c5");
        assert_eq!(back.cursor(), 1);
        assert_eq!(back.variation_lines(), ["f5d6c3d3"]);
        // A file without the line shows its last move; one past the end is named.
        assert_eq!(
            parse_game("game: othello\nsize: 8\nmoves: f5d6")
                .unwrap()
                .cursor(),
            2
        );
        let past = parse_game("game: othello\nsize: 8\nmoves: f5d6\nshown: 3").unwrap_err();
        assert!(past.to_string().starts_with("line 4: "), "{past}");
    }

    #[test]
    fn a_game_from_another_file_keeps_who_played_it_where_and_when() {
        let header = Header {
            black: "cruel+".into(),
            white: "Saio1200".into(),
            event: "GGS/os".into(),
            date: "2003.12.15".into(),
        };
        let game = Game::from_moves(Variant::OTHELLO_8, "f5d6").unwrap();
        let text = format_game(&game.clone().with_header(header.clone()));
        assert!(text.contains("black: cruel+\nwhite: Saio1200\n"), "{text}");
        assert_eq!(parse_game(&text).unwrap().header(), Some(&header));
        assert_eq!(parse_game(&format_game(&game)).unwrap().header(), None);
    }

    fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn ggf_files_open_and_save() {
        let dir = tempfile::tempdir().unwrap();
        let one = write(
            dir.path(),
            "one.ggf",
            b"(;GM[Othello]PB[a]PW[b]TY[8]B[F5]W[D6]B[C3];)",
        );
        let Opened::Game(game) = open_file(&one).unwrap() else {
            panic!("one game is opened directly")
        };
        assert_eq!(game.move_list(), "f5d6c3");
        // Saved as GGF with the file's players, not the window's, and read back the same.
        let out = dir.path().join("out.GGF");
        let players = Players {
            black: "Person",
            white: "Expert",
        };
        save_game(&game, &out, players).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.contains("PB[a]PW[b]"), "{text}");
        // A game played here is saved with the window's players.
        let here = Game::from_moves(Variant::OTHELLO_8, "f5d6c3").unwrap();
        let text = format_ggf(&here, players).unwrap();
        assert!(text.contains("PC[boardplay]PB[Person]PW[Expert]"), "{text}");
        assert!(
            !text.contains("RE["),
            "an unfinished game has no result: {text}"
        );
        assert_eq!(open_game(&out).unwrap().move_list(), "f5d6c3");
        // A text starting "(;" is GGF whatever its name; two games make a list.
        let two = write(
            dir.path(),
            "two.txt",
            b" (;GM[Othello]B[F5];)\n(;GM[Othello]B[E6];)",
        );
        let Opened::List(records) = open_file(&two).unwrap() else {
            panic!("two games are listed")
        };
        assert_eq!(game_from_record(&records[1]).unwrap().move_list(), "e6");
    }

    #[test]
    fn a_finished_game_saves_its_result_and_a_set_up_start_its_board() {
        // Black wins 4x4 Othello quickly from this position: every disc is Black's after b1.
        let variant = Variant::Othello { size: 4 };
        let game = Game::from_board_and_moves(variant, "---- -XO- -XX- ---- X", "d2").unwrap();
        assert!(game.is_finished());
        let text = format_ggf(&game, Players::default()).unwrap();
        assert!(text.contains("RE[+5.00]"), "{text}");
        assert!(text.contains("BO[4 -----*O--**----- *]"), "{text}");
        let back = game_from_record(&ggf::read(&text).unwrap()[0]).unwrap();
        assert_eq!(back.start_board(), game.start_board());
        assert_eq!(back.move_list(), game.move_list());
    }

    #[test]
    fn formats_that_cannot_hold_a_game_say_so() {
        let dir = tempfile::tempdir().unwrap();
        let ttt = Game::from_moves(Variant::TIC_TAC_TOE_3, "b2").unwrap();
        let ggf = dir.path().join("t.ggf");
        assert_eq!(
            save_game(&ttt, &ggf, Players::default()),
            Err(GameFileError::NotOthello)
        );
        let wtb = dir.path().join("t.wtb");
        let othello = Game::from_moves(Variant::OTHELLO_8, "f5").unwrap();
        assert_eq!(
            save_game(&othello, &wtb, Players::default()),
            Err(GameFileError::WthorWrite)
        );
        assert!(!ggf.exists() && !wtb.exists());
    }

    #[test]
    fn wthor_files_list_their_games_with_the_names_beside_them() {
        use crate::formats::wthor::{self, build};
        let dir = tempfile::tempdir().unwrap();
        let mut bytes = build::header(2, 1998, false);
        bytes.extend(build::game(1, 1, 0, 40, "f5d6c3d3c4"));
        bytes.extend(build::game(0, 0, 1, 20, "f5f6e6"));
        let path = write(dir.path(), "WTH_1998.wtb", &bytes);
        write(
            dir.path(),
            "WTHOR.JOU",
            &build::names(&["Murakami", "Tamenori"], wthor::PLAYER),
        );
        write(
            dir.path(),
            "wthor.trn",
            &build::names(&["Open", "Worlds"], wthor::TOURNAMENT),
        );
        let Opened::List(records) = open_file(&path).unwrap() else {
            panic!("a database is listed")
        };
        assert_eq!(
            records[0].title(),
            "Tamenori \u{2013} Murakami, Worlds 1998, 40-24"
        );
        assert_eq!(game_from_record(&records[1]).unwrap().move_list(), "f5f6e6");
    }

    #[test]
    fn wthor_games_get_their_passes_back() {
        use crate::formats::wthor::build;
        // A game with a pass: Black has no move after White's c1, and White plays e3.
        let moves = "d3c3b3b2f5a3a1c1e3";
        let with_passes = Game::from_moves(Variant::OTHELLO_8, moves).unwrap();
        assert!(with_passes.move_list().contains("pass"), "{with_passes:?}");
        let record = &crate::formats::wthor::read(
            &[
                build::header(1, 2000, false),
                build::game(0, 0, 0, 0, moves),
            ]
            .concat(),
            &Default::default(),
        )
        .unwrap()[0];
        let game = game_from_record(record).unwrap();
        assert_eq!(game.move_list(), with_passes.move_list());
    }

    #[test]
    fn an_illegal_move_names_its_line_or_byte() {
        let dir = tempfile::tempdir().unwrap();
        let ggf = write(dir.path(), "bad.ggf", b"(;GM[Othello]\nB[F5]\nW[F5];)");
        let e = open_file(&ggf).unwrap_err().to_string();
        assert!(e.starts_with("line 3: move 2: f5 is illegal"), "{e}");
        use crate::formats::wthor::build;
        let mut bytes = build::header(1, 2000, false);
        bytes.extend(build::game(0, 0, 0, 32, "f5d6a1"));
        let wtb = write(dir.path(), "bad.wtb", &bytes);
        let e = open_file(&wtb).unwrap_err().to_string();
        assert!(e.starts_with("byte 26: move 3: a1 is illegal"), "{e}");
        let cut = write(dir.path(), "cut.wtb", &bytes[..50]);
        let e = open_file(&cut).unwrap_err().to_string();
        assert!(e.starts_with("byte 50: the file ends inside game 1"), "{e}");
    }
}
