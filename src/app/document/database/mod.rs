//! The database: the games of the files open in the list (WTHOR years, GGF collections, as
//! many as are opened), asked about the position on the board. It answers how many games
//! reached the position, how they ended for Black, and each move played next with its
//! count and its score for Black; it lists the games behind a move, and finds games by the
//! words of their players, tournament, date and result.
//!
//! Positions are matched as positions, so games that reach one by different move orders
//! (transpositions) all count, and with the four turns of the board that leave the start
//! position as it is (see [`symmetry`]): a game that opened d3 and one that opened f5 meet in
//! the same positions, and the answer gives each move as it is on the board shown.
//!
//! Each file's games are indexed once, when the file is read (on the reading thread, see
//! [`DatabaseFile::build`]); a question is then a binary search and a short replay of the
//! games found. No window here: the list and its answer are painted by `database_panel`.

mod answer;
mod index;
pub mod symmetry;

#[cfg(test)]
mod tests;

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::OnceLock;

use crate::core::Move;
use crate::core::othello::{Othello8, names};
use crate::core::{OthelloSize, Position};
use crate::formats::Record;

use crate::app::document::files::Listed;

pub use answer::{Answer, Found, NextMove, Score};
pub use index::{GameIndex, Hit, LeftOut};
pub use symmetry::Turn;

/// One file's games, their lines in a list, what Find looks in, and their index.
#[derive(Debug)]
pub struct DatabaseFile {
    /// The file they were read from.
    pub path: PathBuf,
    /// The games, in the file's order.
    pub records: Vec<Record>,
    /// What the list says about the file besides its games: cut short, names files
    /// missing, games left out of the answers.
    pub notes: Vec<String>,
    /// Each game's line in the list, made once.
    titles: Vec<String>,
    /// What Find looks in: each game's players, event, date and result in lower case, one
    /// field a line so that no word runs from one into the next.
    fields: Vec<String>,
    /// Each game's opening, named once when the file is read (see [`opening_of`]).
    openings: Vec<Option<&'static str>>,
    index: GameIndex,
}

impl DatabaseFile {
    /// The games read from `path`, listed and indexed; `watch` hears how many games are
    /// indexed after each, and may break off (then `None`). Called on the reading thread:
    /// indexing 100,000 games takes about a second.
    pub fn build(
        path: PathBuf,
        listed: Listed,
        watch: &mut dyn FnMut(usize) -> ControlFlow<()>,
    ) -> Option<DatabaseFile> {
        let mut notes = listed.notes();
        let records = listed.records;
        let index = GameIndex::build(&records, watch)?;
        if let Some((first, why)) = index.left_out().first() {
            let n = index.left_out().len();
            let games = if n == 1 { "game is" } else { "games are" };
            notes.push(format!(
                "{n} {games} not in the answers for positions (game {}: {why}).",
                first + 1
            ));
        }
        let titles = records
            .iter()
            .enumerate()
            .map(|(i, r)| format!("{}. {} ({} moves)", i + 1, r.title(), r.moves.len()))
            .collect();
        let fields = records
            .iter()
            .map(|r| {
                [&r.black, &r.white, &r.event, &r.date, &r.when(), &r.result]
                    .map(|f| f.to_lowercase())
                    .join("\n")
            })
            .collect();
        let openings = records.iter().map(opening_of).collect();
        Some(DatabaseFile {
            path,
            records,
            notes,
            titles,
            fields,
            openings,
            index,
        })
    }

    /// The file's name, without its folder.
    pub fn name(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// The line of game `game` in a list: "12. Tamenori – Nicolet, Paris 2004, 40-24 (60
    /// moves)".
    pub fn title(&self, game: usize) -> &str {
        self.titles.get(game).map_or("", String::as_str)
    }

    /// The opening of game `game`, if it is a named one.
    pub fn opening(&self, game: usize) -> Option<&'static str> {
        self.openings.get(game).copied().flatten()
    }

    /// True if each of `words` (lower case) is part of some field of game `game`: a
    /// player's name, the event, the date or the result.
    fn matches(&self, game: usize, words: &[String]) -> bool {
        let fields = &self.fields[game];
        words.iter().all(|w| fields.contains(w.as_str()))
    }
}

/// The opening of the game of `record`, if it is an 8x8 game that reaches a named line
/// (matched through transpositions and symmetries, from whatever start it gives): only its
/// positions of at most as many discs as the longest named line leaves are looked at, so a
/// file of 100,000 games is named in a fraction of a second.
fn opening_of(record: &Record) -> Option<&'static str> {
    static MOST_DISCS: OnceLock<u32> = OnceLock::new();
    let most = *MOST_DISCS.get_or_init(|| {
        let longest = names::openings().iter().map(|o| o.moves.len()).max();
        4 + longest.unwrap_or(0) as u32
    });
    if record.size != OthelloSize::S8 {
        return None;
    }
    let mut pos = match &record.start {
        Some(board) => Othello8::start().parse_board(board).ok()?,
        None => Othello8::start(),
    };
    let discs = |p: &Othello8| p.counts().iter().sum::<u32>();
    let mut name = names::name_of_position(&pos);
    for &mv in &record.moves {
        if discs(&pos) >= most {
            break;
        }
        let Ok(next) = pos.play(mv) else { break };
        pos = next;
        name = names::name_of_position(&pos).or(name);
    }
    name
}

/// A game of the database: its file's place among the open files, and its place there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameRef {
    /// The file.
    pub file: usize,
    /// The game in the file.
    pub game: usize,
}

/// A game to open from the database, and where: a game found through the position shown
/// opens at that position (after `at`'s number of moves, passes counted), turned as it was
/// found, so the board shows the position as it was; one picked from all the games opens as
/// a file's game does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick {
    /// The game.
    pub game: GameRef,
    /// Where to open it: the moves before the position, and the turn it was found under.
    pub at: Option<(usize, Turn)>,
}

/// The files open in the list, and their games.
#[derive(Debug, Default)]
pub struct Database {
    files: Vec<DatabaseFile>,
}

impl Database {
    /// Adds a file's games. A file already open (the same path) is replaced by its new
    /// reading, in its place; true if it was.
    pub fn add(&mut self, file: DatabaseFile) -> bool {
        match self.files.iter_mut().find(|f| f.path == file.path) {
            Some(open) => {
                *open = file;
                true
            }
            None => {
                self.files.push(file);
                false
            }
        }
    }

    /// The open files, in the order they were opened.
    pub fn files(&self) -> &[DatabaseFile] {
        &self.files
    }

    /// Closes the file at `index` (the games of the others keep their places).
    pub fn remove(&mut self, index: usize) {
        if index < self.files.len() {
            self.files.remove(index);
        }
    }

    /// True if no file is open.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Every game of every open file.
    pub fn len(&self) -> usize {
        self.files.iter().map(|f| f.records.len()).sum()
    }

    /// The game `game` refers to.
    pub fn record(&self, game: GameRef) -> Option<&Record> {
        self.files.get(game.file)?.records.get(game.game)
    }

    /// The opening of `game`, if it is a named one.
    pub fn opening(&self, game: GameRef) -> Option<&'static str> {
        self.files.get(game.file)?.opening(game.game)
    }

    /// The line of `game` in a list, with its file's name first when several are open.
    pub fn title(&self, game: GameRef) -> String {
        let Some(file) = self.files.get(game.file) else {
            return String::new();
        };
        if self.files.len() > 1 {
            format!("{}: {}", file.name(), file.title(game.game))
        } else {
            file.title(game.game).to_string()
        }
    }

    /// What the database says about `pos`: the games of every open file through it.
    pub fn answer(&self, pos: &Othello8) -> Answer {
        let found = self
            .files
            .iter()
            .enumerate()
            .flat_map(|(file, f)| {
                f.index
                    .reached(pos)
                    .into_iter()
                    .map(move |hit| Found { file, hit })
            })
            .collect();
        Answer::from_found(found)
    }

    /// The words of a Find (lower case, split at spaces).
    pub fn words(find: &str) -> Vec<String> {
        find.split_whitespace().map(str::to_lowercase).collect()
    }

    /// True if `game` has each of `words` (see [`Database::words`]) in some field: a
    /// player's name, the event, the date or the result ("tamenori 2004", "nicolet
    /// tamenori").
    pub fn matches(&self, game: GameRef, words: &[String]) -> bool {
        self.files
            .get(game.file)
            .is_some_and(|f| game.game < f.records.len() && f.matches(game.game, words))
    }

    /// Every game, file by file, that has each of `words` in some field.
    pub fn find(&self, words: &[String]) -> Vec<GameRef> {
        self.files
            .iter()
            .enumerate()
            .flat_map(|(file, f)| {
                (0..f.records.len())
                    .filter(|&game| f.matches(game, words))
                    .map(move |game| GameRef { file, game })
            })
            .collect()
    }
}

/// `record` turned by `turn`: its moves and its start position, if it has one. A game found
/// through a turned image of the position shown is opened turned, so the board shows that
/// position as it was.
pub fn turned(record: &Record, turn: Turn) -> Record {
    let moves = record.moves.iter().map(|&m| turn.of_move(m)).collect();
    let start = record.start.as_ref().map(|board| {
        match crate::core::notation::parse_board(board, 64) {
            Ok((cells, side)) => {
                let mut out = vec!['-'; 64];
                for (i, cell) in cells.iter().enumerate() {
                    let Move::Place(to) =
                        turn.of_move(Move::Place(crate::core::Cell::from_index(i, 8)))
                    else {
                        continue;
                    };
                    out[to.index(8)] = cell.map_or('-', crate::core::Side::symbol);
                }
                let mut text: String = out.into_iter().collect();
                if let Some(side) = side {
                    text.push(' ');
                    text.push(side.symbol());
                }
                text
            }
            // Not a board of 64 cells: only 8x8 games are found by position.
            Err(_) => board.clone(),
        }
    });
    Record {
        moves,
        start,
        ..record.clone()
    }
}
