//! A game in progress: every position since the start, the moves between them, and which one
//! is shown. Undo, redo and jumping move the shown position; playing another move from an
//! earlier position keeps the old line as a variation. No window here, so all of it is tested
//! directly.
//!
//! [`History`] is generic over the AI's game (the rules core's [`Position`] with scoring), so
//! it can make players, analyses and reviews of its own type; [`Game`] hides that type behind
//! a small object-safe trait, so the window holds one `Game` whatever game and size was
//! chosen at run time.

use std::sync::PoisonError;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::ai::analysis::{Analysis, analyse};
use crate::ai::review::{Review, review};
use crate::ai::{Context, Game as AiGame, GameVisitor, PlayerSpec, Progress, Stop, Work};
use crate::core::{Cell, Move, Outcome, ParseError, PlayError, Position, Side, Variant, notation};
use crate::formats::Header;

use super::settings::PlayerChoice;
use super::worker::{Job, Slot};

/// The positions of a game and the moves between them, and the other lines of play that
/// were left by playing a different move at an earlier position.
#[derive(Clone, Debug)]
pub struct History<P: Position> {
    /// `positions[i]` is the position after the first `i` moves of the main line.
    positions: Vec<P>,
    /// The main line: the line being played, which a saved game keeps.
    moves: Vec<Move>,
    /// The index of the position shown.
    cursor: usize,
    /// The other lines, each a whole move list from the start.
    variations: Vec<Vec<Move>>,
}

/// A line of play kept beside the main line: where it leaves it, and its moves from there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// Which variation this is, for [`Game::open_variation`].
    pub index: usize,
    /// How many moves it shares with the main line: its first own move is move `from + 1`.
    pub from: usize,
    /// Its moves after the shared ones.
    pub moves: Vec<Move>,
}

impl<P: Position> History<P> {
    /// A game from `start`.
    pub fn new(start: P) -> Self {
        History {
            positions: vec![start],
            moves: Vec::new(),
            cursor: 0,
            variations: Vec::new(),
        }
    }

    /// The position shown.
    pub fn current(&self) -> &P {
        &self.positions[self.cursor]
    }

    /// Plays `mv` at the shown position. The game's own next move, or the next move of a
    /// variation, goes along that line; any other move starts a new main line, and the moves
    /// it replaces are kept as a variation. Returns true if the main line changed.
    pub fn play(&mut self, mv: Move) -> Result<bool, PlayError> {
        let next = self.current().play(mv)?;
        let at = self.cursor;
        if self.moves.get(at) == Some(&mv) {
            self.cursor += 1;
            return Ok(false);
        }
        let shared = &self.moves[..at];
        if let Some(i) = self
            .variations
            .iter()
            .position(|v| v.len() > at && v[..at] == *shared && v[at] == mv)
        {
            self.open(i);
            self.cursor = at + 1;
            return Ok(true);
        }
        if at < self.moves.len() {
            let old = std::mem::take(&mut self.moves);
            self.moves = old[..at].to_vec();
            self.variations.push(old);
        }
        self.positions.truncate(at + 1);
        self.positions.push(next);
        self.moves.push(mv);
        self.cursor = at + 1;
        Ok(true)
    }

    /// Makes variation `i` the main line; the main line becomes a variation. The cursor
    /// stays if the new line goes through the shown position, else goes back to where the
    /// lines part.
    fn open(&mut self, i: usize) {
        std::mem::swap(&mut self.moves, &mut self.variations[i]);
        let shared = self
            .moves
            .iter()
            .zip(&self.variations[i])
            .take_while(|(a, b)| a == b)
            .count();
        self.positions.truncate(shared + 1);
        for k in shared..self.moves.len() {
            let next = self.positions[k]
                .play(self.moves[k])
                .expect("a variation holds only moves that were played");
            self.positions.push(next);
        }
        self.cursor = self.cursor.min(shared);
    }

    /// The variations, each with where it leaves the main line, in the order they leave it.
    pub fn variations(&self) -> Vec<Variation> {
        let mut list: Vec<Variation> = self
            .variations
            .iter()
            .enumerate()
            .map(|(index, line)| {
                let from = line
                    .iter()
                    .zip(&self.moves)
                    .take_while(|(a, b)| a == b)
                    .count();
                Variation {
                    index,
                    from,
                    moves: line[from..].to_vec(),
                }
            })
            .collect();
        list.sort_by_key(|v| (v.from, v.index));
        list
    }
}

/// A game and board picked at run time, with its history. Object-safe, so [`Game`] can hold
/// any position type.
trait Record: Send {
    fn boxed_clone(&self) -> Box<dyn Record>;
    fn len(&self) -> usize;
    fn cursor(&self) -> usize;
    fn set_cursor(&mut self, index: usize);
    fn moves(&self) -> &[Move];
    fn side_to_move_at(&self, index: usize) -> Side;
    fn view(&self) -> BoardView;
    fn check(&self, mv: Move) -> Result<(), PlayError>;
    fn play(&mut self, mv: Move) -> Result<bool, PlayError>;
    fn variations(&self) -> Vec<Variation>;
    fn open_variation(&mut self, index: usize);
    fn board_string(&self) -> String;
    fn replay(&self, moves: &str) -> Result<Box<dyn Record>, ParseError>;
    fn add_variation(&mut self, moves: &str) -> Result<(), ParseError>;
    fn setup(&self, board: &str) -> Result<Box<dyn Record>, ParseError>;
    fn computer_job(&self, computer: PlayerSpec, seed: u64) -> Job;
    fn analysis_job(&self, max_depth: u32, sink: AnalysisSink) -> Job;
    fn review_job(&self, depth: u32, sink: ReviewSink) -> Job;
    fn is_finished(&self) -> bool;
    fn restart(&self) -> Box<dyn Record>;
    fn is_fresh(&self) -> bool;
    fn start_board(&self) -> Option<String>;
}

impl<G: AiGame> Record for History<G> {
    fn boxed_clone(&self) -> Box<dyn Record> {
        Box::new(self.clone())
    }
    fn len(&self) -> usize {
        self.moves.len()
    }
    fn cursor(&self) -> usize {
        self.cursor
    }
    fn set_cursor(&mut self, index: usize) {
        self.cursor = index.min(self.moves.len());
    }
    fn moves(&self) -> &[Move] {
        &self.moves
    }
    fn side_to_move_at(&self, index: usize) -> Side {
        self.positions[index].side_to_move()
    }
    fn view(&self) -> BoardView {
        let pos = self.current();
        let (rows, cols) = (pos.rows(), pos.cols());
        let cells = (0..rows * cols)
            .map(|i| pos.at(Cell::from_index(i, cols)))
            .collect();
        let mut legal = Vec::new();
        let mut flips = Vec::new();
        let mut must_pass = false;
        let (mover, other) = (
            Some(pos.side_to_move()),
            Some(pos.side_to_move().opponent()),
        );
        for mv in pos.legal_moves() {
            match mv {
                Move::Place(cell) => {
                    let next = pos.play_unchecked(mv);
                    legal.push(cell);
                    flips.push(
                        (0..rows * cols)
                            .map(|i| Cell::from_index(i, cols))
                            .filter(|&c| pos.at(c) == other && next.at(c) == mover)
                            .collect(),
                    );
                }
                Move::Pass => must_pass = true,
            }
        }
        BoardView {
            rows,
            cols,
            cells,
            legal,
            flips,
            must_pass,
            winning: pos.winning_lines(),
            to_move: pos.side_to_move(),
            outcome: pos.outcome(),
            counts: pos.counts(),
            last_move: self.cursor.checked_sub(1).map(|i| self.moves[i]),
        }
    }
    fn check(&self, mv: Move) -> Result<(), PlayError> {
        self.current().check(mv)
    }
    fn play(&mut self, mv: Move) -> Result<bool, PlayError> {
        History::play(self, mv)
    }
    fn variations(&self) -> Vec<Variation> {
        History::variations(self)
    }
    fn open_variation(&mut self, index: usize) {
        if index < self.variations.len() {
            let shared = self.variations[index]
                .iter()
                .zip(&self.moves)
                .take_while(|(a, b)| a == b)
                .count();
            self.open(index);
            // Shown: the variation's first own move.
            self.cursor = (shared + 1).min(self.moves.len());
        }
    }
    fn board_string(&self) -> String {
        self.current().to_board_string()
    }
    fn replay(&self, moves: &str) -> Result<Box<dyn Record>, ParseError> {
        let start = self.positions[0];
        let (played, _) = notation::play_moves(&start, moves)?;
        let mut history = History::new(start);
        for mv in played {
            history.play(mv).expect("play_moves checked every move");
        }
        Ok(Box::new(history))
    }
    fn add_variation(&mut self, moves: &str) -> Result<(), ParseError> {
        let (played, _) = notation::play_moves(&self.positions[0], moves)?;
        self.variations.push(played);
        Ok(())
    }
    fn setup(&self, board: &str) -> Result<Box<dyn Record>, ParseError> {
        Ok(Box::new(History::new(
            self.positions[0].parse_board(board)?,
        )))
    }
    fn computer_job(&self, computer: PlayerSpec, seed: u64) -> Job {
        let pos = *self.current();
        let mut player = computer.make(&self.positions[0], seed);
        Job {
            name: player.name(),
            run: Box::new(move |stop: &Stop, report: &mut dyn FnMut(&Progress)| {
                player.choose(&pos, &mut Context::new(stop, report))
            }),
        }
    }
    fn analysis_job(&self, max_depth: u32, sink: AnalysisSink) -> Job {
        let pos = *self.current();
        Job {
            name: "Analysis".into(),
            run: Box::new(move |stop: &Stop, report: &mut dyn FnMut(&Progress)| {
                analyse(&pos, max_depth, stop, &mut |analysis| {
                    // The snapshot goes to the window's slot; the progress report only
                    // wakes the window (the worker keeps one progress, not a table).
                    *sink.lock().unwrap_or_else(PoisonError::into_inner) = Some(analysis.clone());
                    report(&Progress {
                        work: Work::Depth(analysis.depth),
                        ..Progress::default()
                    });
                });
                None
            }),
        }
    }
    fn review_job(&self, depth: u32, sink: ReviewSink) -> Job {
        let positions = self.positions.clone();
        let moves = self.moves.clone();
        Job {
            name: "Review".into(),
            run: Box::new(move |stop: &Stop, report: &mut dyn FnMut(&Progress)| {
                review(&positions, &moves, depth, stop, &mut |review| {
                    *sink.lock().unwrap_or_else(PoisonError::into_inner) = Some(review.clone());
                    report(&Progress {
                        work: Work::Moves(review.moves.len()),
                        ..Progress::default()
                    });
                });
                None
            }),
        }
    }
    fn is_finished(&self) -> bool {
        self.positions[self.moves.len()].outcome().is_over()
    }
    fn restart(&self) -> Box<dyn Record> {
        Box::new(History::new(self.positions[0]))
    }
    fn is_fresh(&self) -> bool {
        self.moves.is_empty()
            && self.variations.is_empty()
            && self.positions[0] == self.positions[0].start()
    }
    fn start_board(&self) -> Option<String> {
        let start = self.positions[0];
        (start != start.start()).then(|| start.to_board_string())
    }
}

/// Where a review job leaves its latest snapshot for the window.
pub type ReviewSink = Slot<Review>;

/// Where an analysis job leaves its latest snapshot for the window.
pub type AnalysisSink = Slot<Analysis>;

/// What the board shows: the shown position taken apart for painting, with no rules left in
/// it to apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Who holds each cell, row by row from a1.
    pub cells: Vec<Option<Side>>,
    /// The cells the side to move may play.
    pub legal: Vec<Cell>,
    /// For each legal cell, in the same order, the pieces playing there would flip.
    pub flips: Vec<Vec<Cell>>,
    /// The winning lines, each from end to end, once a game won by a line is over.
    pub winning: Vec<Vec<Cell>>,
    /// True when the side to move has no placement and must pass.
    pub must_pass: bool,
    /// Whose turn it is.
    pub to_move: Side,
    /// How the game stands.
    pub outcome: Outcome,
    /// Discs or marks of each side.
    pub counts: [u32; 2],
    /// The move that led here, if any.
    pub last_move: Option<Move>,
}

impl BoardView {
    /// Who holds `cell`.
    pub fn at(&self, cell: Cell) -> Option<Side> {
        self.cells[cell.index(self.cols)]
    }

    /// True if the side to move may play on `cell`.
    pub fn is_legal(&self, cell: Cell) -> bool {
        self.legal.contains(&cell)
    }

    /// The pieces a move on `cell` would flip (none if it is not a legal move).
    pub fn flips(&self, cell: Cell) -> &[Cell] {
        self.legal
            .iter()
            .position(|&c| c == cell)
            .map_or(&[], |i| &self.flips[i])
    }
}

/// One version of a game's moves, cheap to keep and compare: a game gets a new revision
/// whenever its moves change, and a copy keeps it. Revisions are never reused in a run, so
/// equal revisions mean the same game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Revision(u64);

impl Revision {
    fn new() -> Revision {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        Revision(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

/// Which position is shown: a revision of a game and how many of its moves lead there.
/// Equal means the same position reached by the same moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shown {
    /// The game's revision.
    pub revision: Revision,
    /// Moves up to the shown position.
    pub cursor: usize,
}

/// A game of any kind and size, with undo, redo and jumps through its history.
pub struct Game {
    variant: Variant,
    record: Box<dyn Record>,
    revision: Revision,
    /// Who played it, where and when, for a game read from a file; `None` for one started
    /// here.
    header: Option<Header>,
}

impl Clone for Game {
    fn clone(&self) -> Self {
        Game {
            variant: self.variant,
            record: self.record.boxed_clone(),
            revision: self.revision,
            header: self.header.clone(),
        }
    }
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("variant", &self.variant)
            .field("moves", &self.move_list())
            .field("cursor", &self.cursor())
            .finish()
    }
}

struct NewRecord;

impl GameVisitor for NewRecord {
    type Output = Box<dyn Record>;
    fn visit<G: AiGame>(self, start: G) -> Box<dyn Record> {
        Box::new(History::new(start))
    }
}

impl Game {
    /// A new game of `variant`, or why the rules core does not support it.
    pub fn new(variant: Variant) -> Result<Game, ParseError> {
        Ok(Game {
            variant,
            record: crate::ai::visit(variant, NewRecord)?,
            revision: Revision::new(),
            header: None,
        })
    }

    /// A game of `variant` after the move list `moves` (see [`notation::play_moves`]).
    pub fn from_moves(variant: Variant, moves: &str) -> Result<Game, ParseError> {
        let fresh = Game::new(variant)?;
        Ok(Game {
            variant,
            record: fresh.record.replay(moves)?,
            revision: Revision::new(),
            header: None,
        })
    }

    /// A game of `variant` from a set-up position given as a board string (see
    /// [`Position::parse_board`]).
    pub fn from_board(variant: Variant, board: &str) -> Result<Game, ParseError> {
        let fresh = Game::new(variant)?;
        Ok(Game {
            variant,
            record: fresh.record.setup(board)?,
            revision: Revision::new(),
            header: None,
        })
    }

    /// A game of `variant` from the set-up position `board`, then the move list `moves`.
    pub fn from_board_and_moves(
        variant: Variant,
        board: &str,
        moves: &str,
    ) -> Result<Game, ParseError> {
        let set_up = Game::from_board(variant, board)?;
        Ok(Game {
            variant,
            record: set_up.record.replay(moves)?,
            revision: Revision::new(),
            header: None,
        })
    }

    /// The board string of the starting position, if the game did not start from the
    /// standard one (it was set up).
    pub fn start_board(&self) -> Option<String> {
        self.record.start_board()
    }

    /// This game with the players, place and date its file names.
    pub fn with_header(self, header: Header) -> Game {
        Game {
            header: Some(header),
            ..self
        }
    }

    /// Who played the game, where and when, if it was read from a file that says so.
    pub fn header(&self) -> Option<&Header> {
        self.header.as_ref()
    }

    /// The game and board.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The shown position, ready to paint.
    pub fn view(&self) -> BoardView {
        self.record.view()
    }

    /// The board string of the shown position.
    pub fn board_string(&self) -> String {
        self.record.board_string()
    }

    /// Every move of the game, including those after the shown position.
    pub fn moves(&self) -> &[Move] {
        self.record.moves()
    }

    /// How many moves lead to the shown position.
    pub fn cursor(&self) -> usize {
        self.record.cursor()
    }

    /// The moves up to the shown position, as a compact move list ("f5d6c3").
    pub fn move_list(&self) -> String {
        notation::format_moves(&self.moves()[..self.cursor()])
    }

    /// The side to move in the shown position.
    pub fn side_to_move(&self) -> Side {
        self.record.side_to_move_at(self.cursor())
    }

    /// True if moves after the shown position can be redone.
    pub fn at_end(&self) -> bool {
        self.cursor() == self.record.len()
    }

    /// Why `mv` cannot be played in the shown position, if it cannot.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        self.record.check(mv)
    }

    /// Plays `mv` at the shown position. Nothing is dropped: the game's own next move goes
    /// along the game, and another move starts a new main line, the old one kept as a
    /// variation (see [`History::play`]).
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.record.play(mv)? {
            self.revision = Revision::new();
        }
        Ok(())
    }

    /// The other lines of play kept beside the main line, in the order they leave it.
    pub fn variations(&self) -> Vec<Variation> {
        self.record.variations()
    }

    /// Keeps the move list `moves`, a whole line from the start, as a variation beside the
    /// main line, as a game read back from a file had it.
    pub fn add_variation(&mut self, moves: &str) -> Result<(), ParseError> {
        self.record.add_variation(moves)?;
        self.revision = Revision::new();
        Ok(())
    }

    /// Every variation as a whole move list from the start, in the order they were made.
    pub fn variation_lines(&self) -> Vec<String> {
        let mut variations = self.variations();
        variations.sort_by_key(|v| v.index);
        variations
            .iter()
            .map(|v| {
                let mut line = self.moves()[..v.from].to_vec();
                line.extend(&v.moves);
                notation::format_moves(&line)
            })
            .collect()
    }

    /// Makes a variation (by its [`Variation::index`]) the main line, showing its first own
    /// move; the main line is kept as a variation.
    pub fn open_variation(&mut self, index: usize) {
        self.record.open_variation(index);
        self.revision = Revision::new();
    }

    /// The whole main line as a compact move list, whichever position is shown: what a saved
    /// game holds.
    pub fn main_line(&self) -> String {
        notation::format_moves(self.moves())
    }

    /// Shows the position after the first `index` moves (0 = the start).
    pub fn jump(&mut self, index: usize) {
        self.record.set_cursor(index);
    }

    /// Where undo goes: the latest earlier position where a person is to move, so that
    /// against the computer a person's move and the reply are taken back together. With no
    /// person at the board, one move back. `None` if there is nowhere to go.
    pub fn undo_target(&self, is_person: impl Fn(Side) -> bool) -> Option<usize> {
        let cursor = self.cursor();
        if !Side::BOTH.into_iter().any(&is_person) {
            return cursor.checked_sub(1);
        }
        (0..cursor)
            .rev()
            .find(|&i| is_person(self.record.side_to_move_at(i)))
    }

    /// Where redo goes: the next later position where a person is to move (replaying the
    /// computer's reply with the person's move), or the end of the game if there is none.
    pub fn redo_target(&self, is_person: impl Fn(Side) -> bool) -> Option<usize> {
        let (cursor, len) = (self.cursor(), self.record.len());
        if cursor == len {
            return None;
        }
        if !Side::BOTH.into_iter().any(&is_person) {
            return Some(cursor + 1);
        }
        Some(
            (cursor + 1..=len)
                .find(|&i| is_person(self.record.side_to_move_at(i)))
                .unwrap_or(len),
        )
    }

    /// A search for the computer's move in the shown position, to run on a worker thread.
    pub fn computer_job(&self, computer: PlayerSpec, seed: u64) -> Job {
        self.record.computer_job(computer, seed)
    }

    /// The analysis of the shown position (see [`analyse`]), to run on a worker thread:
    /// it writes each snapshot into `sink` and answers no move.
    pub fn analysis_job(&self, max_depth: u32, sink: AnalysisSink) -> Job {
        self.record.analysis_job(max_depth, sink)
    }

    /// The review of the whole game, every move to the last (see [`review`]), searched
    /// `depth` plies where it cannot be solved, to run on a worker thread: it writes each
    /// snapshot into `sink` and answers no move.
    pub fn review_job(&self, depth: u32, sink: ReviewSink) -> Job {
        self.record.review_job(depth, sink)
    }

    /// True if the game has ended (at its last move, whichever position is shown).
    pub fn is_finished(&self) -> bool {
        self.record.is_finished()
    }

    /// This version of the game's moves, whichever position is shown (see [`Revision`]).
    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// Which position is shown, in which version of the game.
    pub fn shown(&self) -> Shown {
        Shown {
            revision: self.revision,
            cursor: self.cursor(),
        }
    }

    /// A new game of the same game and board from the same starting position.
    pub fn restart(&self) -> Game {
        Game {
            variant: self.variant,
            record: self.record.restart(),
            revision: Revision::new(),
            header: None,
        }
    }

    /// True for a game that holds nothing a new game would not: no move, and the standard
    /// starting position.
    pub fn is_fresh(&self) -> bool {
        self.record.is_fresh()
    }

    /// A short description for lists: "Othello 8x8, 34 moves".
    pub fn summary(&self) -> String {
        let n = self.moves().len();
        let plural = if n == 1 { "" } else { "s" };
        format!("{}, {n} move{plural}", self.variant)
    }
}

/// A game put aside when another was started, with the players it was played by.
#[derive(Clone, Debug)]
pub struct SetAside {
    /// The game, at the position that was shown.
    pub game: Game,
    /// Who played each side (first, second).
    pub players: [PlayerChoice; 2],
}

/// The games put aside around the one being played, so that starting a new game (or changing
/// the game, the board or the players, which start one) loses nothing: Undo at the start of a
/// game goes back to the game before it, and Redo at the end of a game on to the game after
/// it. Fresh games (no move, the standard start) are not kept: there is nothing in them to
/// lose.
#[derive(Clone, Debug, Default)]
pub struct Shelf {
    /// Earlier games, the most recent last.
    earlier: Vec<SetAside>,
    /// Later games (left by going back), the nearest last.
    later: Vec<SetAside>,
}

impl Shelf {
    /// Puts `current` aside because a new game starts after it. Games that were ahead (left
    /// by going back) stay reachable: they now come before the new game, in the order they
    /// were played.
    pub fn start_new(&mut self, current: SetAside) {
        keep(&mut self.earlier, current);
        while let Some(next) = self.later.pop() {
            self.earlier.push(next);
        }
    }

    /// The game before `current`, which is kept as the game after it; `None` (and `current`
    /// dropped) if there is no earlier game.
    pub fn back(&mut self, current: SetAside) -> Option<SetAside> {
        let previous = self.earlier.pop()?;
        keep(&mut self.later, current);
        Some(previous)
    }

    /// The game after `current`, which is kept as the game before it; `None` if there is no
    /// later game.
    pub fn forward(&mut self, current: SetAside) -> Option<SetAside> {
        let next = self.later.pop()?;
        keep(&mut self.earlier, current);
        Some(next)
    }

    /// The game Undo would go back to, if any.
    pub fn previous(&self) -> Option<&SetAside> {
        self.earlier.last()
    }

    /// The game Redo would go on to, if any.
    pub fn next(&self) -> Option<&SetAside> {
        self.later.last()
    }
}

fn keep(stack: &mut Vec<SetAside>, game: SetAside) {
    if !game.game.is_fresh() {
        stack.push(game);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{AlphaBetaLimit, MctsLimit};

    fn cell(s: &str) -> Move {
        s.parse().unwrap()
    }

    fn othello(moves: &str) -> Game {
        Game::from_moves(Variant::OTHELLO_8, moves).unwrap()
    }

    #[test]
    fn playing_then_undoing_and_redoing_walks_the_history() {
        let mut g = othello("f5d6c3");
        assert_eq!(g.cursor(), 3);
        assert_eq!(g.undo_target(|_| true), Some(2));
        g.jump(2);
        assert_eq!(g.move_list(), "f5d6");
        assert_eq!(g.view().last_move, Some(cell("d6")));
        assert_eq!(g.redo_target(|_| true), Some(3));
        g.jump(3);
        assert_eq!(g.move_list(), "f5d6c3");
        assert_eq!(g.redo_target(|_| true), None);
    }

    #[test]
    fn a_new_move_after_undo_keeps_the_old_line_as_a_variation() {
        let mut g = othello("f5d6c3");
        g.jump(1);
        g.play(cell("f6")).unwrap();
        assert_eq!(g.moves(), &[cell("f5"), cell("f6")]);
        assert!(g.at_end());
        assert_eq!(g.redo_target(|_| true), None);
        assert_eq!(
            g.variations(),
            [Variation {
                index: 0,
                from: 1,
                moves: vec![cell("d6"), cell("c3")]
            }]
        );
        // Opening it makes it the main line again, showing its first own move, and keeps
        // the f6 line in its place.
        g.open_variation(0);
        assert_eq!(g.main_line(), "f5d6c3");
        assert_eq!(g.cursor(), 2);
        assert_eq!(g.redo_target(|_| true), Some(3));
        assert_eq!(g.variations()[0].moves, [cell("f6")]);
        // Playing a variation's move on the board goes into it, and no line is doubled.
        g.jump(1);
        g.play(cell("f6")).unwrap();
        assert_eq!(g.main_line(), "f5f6");
        assert_eq!(g.variations().len(), 1);
        assert_eq!(g.variations()[0].moves, [cell("d6"), cell("c3")]);
    }

    #[test]
    fn playing_the_games_own_next_move_keeps_the_rest_of_the_game() {
        let mut g = othello("f5d6c3d3");
        let revision = g.revision();
        g.jump(1);
        g.play(cell("d6")).unwrap();
        assert_eq!(g.cursor(), 2);
        assert_eq!(g.main_line(), "f5d6c3d3");
        assert!(g.variations().is_empty());
        assert_eq!(g.revision(), revision, "the moves did not change");
    }

    #[test]
    fn an_illegal_move_changes_nothing_and_says_why() {
        let mut g = othello("f5");
        let before = g.board_string();
        assert_eq!(
            g.play(cell("a1")),
            Err(PlayError::NoFlips("a1".parse().unwrap()))
        );
        assert_eq!(
            g.play(cell("d4")),
            Err(PlayError::Occupied("d4".parse().unwrap()))
        );
        assert_eq!(g.board_string(), before);
        assert_eq!(g.moves().len(), 1);
    }

    #[test]
    fn undo_against_the_computer_takes_back_the_reply_too() {
        // Black (First) is the person, White the computer.
        let person = |s: Side| s == Side::First;
        let mut g = othello("f5d6c3d3");
        // Four moves: B f5, W d6, B c3, W d3: Black is to move at 4, 2 and 0.
        assert_eq!(g.side_to_move(), Side::First);
        g.jump(4);
        assert_eq!(g.undo_target(person), Some(2));
        g.jump(2);
        assert_eq!(g.undo_target(person), Some(0));
        assert_eq!(g.redo_target(person), Some(4));
    }

    #[test]
    fn undo_while_the_computer_is_to_move_takes_back_the_persons_move() {
        let person = |s: Side| s == Side::First;
        let g = othello("f5d6c3");
        // White (the computer) is to move after c3; undo goes to Black's turn before c3.
        assert_eq!(g.undo_target(person), Some(2));
    }

    #[test]
    fn with_the_computer_first_the_first_reply_cannot_be_undone_alone() {
        let person = |s: Side| s == Side::Second;
        let g = othello("f5");
        assert_eq!(g.undo_target(person), None);
        let g = othello("f5d6c3");
        assert_eq!(g.undo_target(person), Some(1));
    }

    #[test]
    fn computer_against_computer_undoes_one_move() {
        let nobody = |_: Side| false;
        let g = othello("f5d6");
        assert_eq!(g.undo_target(nobody), Some(1));
    }

    #[test]
    fn the_view_shows_legal_cells_and_counts() {
        let g = Game::new(Variant::OTHELLO_8).unwrap();
        let v = g.view();
        let mut legal: Vec<String> = v.legal.iter().map(|c| c.to_string()).collect();
        legal.sort();
        assert_eq!(legal, ["c4", "d3", "e6", "f5"]);
        assert_eq!(v.counts, [2, 2]);
        assert_eq!(v.to_move, Side::First);
        assert!(!v.must_pass);
    }

    #[test]
    fn a_forced_pass_is_shown_and_recorded() {
        // Black to move on 4x4 with every empty cell next to Black only: no flips anywhere.
        let mut g =
            Game::from_board(Variant::Othello { size: 4 }, "OOOO OOOO OXXO ---- X").unwrap();
        let v = g.view();
        assert!(v.must_pass);
        assert!(v.legal.is_empty());
        g.play(Move::Pass).unwrap();
        assert_eq!(g.move_list(), "pass");
        assert_eq!(g.side_to_move(), Side::Second);
    }

    #[test]
    fn the_revision_changes_with_the_moves_and_the_shown_position_with_the_cursor() {
        let mut g = othello("f5d6c3");
        let first = g.revision();
        let copy = g.clone();
        assert_eq!(copy.shown(), g.shown(), "a copy is the same game");
        assert_ne!(othello("f5d6c3").revision(), first, "another game is not");
        g.jump(1);
        assert_eq!(g.revision(), first, "jumps change no move");
        assert_ne!(g.shown(), copy.shown());
        g.jump(2);
        g.play(cell("c3")).unwrap();
        assert_eq!(g.shown(), copy.shown(), "the last move played again");
        g.jump(1);
        g.play(cell("f6")).unwrap();
        assert_ne!(g.revision(), first, "a new main line");
        assert_eq!(g.move_list(), "f5f6");
        let before = g.shown();
        assert!(g.play(cell("a1")).is_err());
        assert_eq!(g.shown(), before, "a refused move changes nothing");
        g.jump(0);
        g.play(cell("d3")).unwrap();
        assert_ne!(g.revision(), before.revision);
    }

    #[test]
    fn a_bad_move_list_leaves_no_game() {
        let e = Game::from_moves(Variant::OTHELLO_8, "f5 zz").unwrap_err();
        assert!(matches!(e, ParseError::BadMoveText { ply: 2, .. }));
        let e = Game::from_moves(Variant::TIC_TAC_TOE_3, "a1 a1").unwrap_err();
        assert!(matches!(e, ParseError::IllegalMove { ply: 2, .. }));
    }

    #[test]
    fn the_computer_job_returns_a_legal_move() {
        let g = othello("f5");
        for computer in [
            PlayerSpec::Random,
            PlayerSpec::Level(crate::ai::Level::Medium),
            PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(3)),
            PlayerSpec::Mcts(MctsLimit::Iterations(300)),
        ] {
            let job = g.computer_job(computer, 7);
            let mut reports = 0;
            let mv = (job.run)(&Stop::new(), &mut |_| reports += 1).unwrap();
            assert!(g.check(mv).is_ok(), "{computer:?}");
            if computer != PlayerSpec::Random {
                assert!(reports > 0, "{} reports its progress", job.name);
            }
        }
    }

    fn aside(moves: &str, players: [PlayerChoice; 2]) -> SetAside {
        SetAside {
            game: othello(moves),
            players,
        }
    }

    const PEOPLE: [PlayerChoice; 2] = [PlayerChoice::Person, PlayerChoice::Person];
    const VS_RANDOM: [PlayerChoice; 2] = [
        PlayerChoice::Person,
        PlayerChoice::Computer(PlayerSpec::Random),
    ];

    #[test]
    fn new_games_are_shelved_and_come_back_in_order() {
        let mut shelf = Shelf::default();
        assert!(shelf.previous().is_none());
        shelf.start_new(aside("f5d6", PEOPLE));
        shelf.start_new(aside("f5f6e6", VS_RANDOM));
        assert_eq!(shelf.previous().unwrap().game.move_list(), "f5f6e6");
        // Back from a new game with one move: the new game is kept for Redo.
        let back = shelf.back(aside("c4", PEOPLE)).unwrap();
        assert_eq!(back.game.move_list(), "f5f6e6");
        assert_eq!(back.players, VS_RANDOM);
        assert_eq!(shelf.next().unwrap().game.move_list(), "c4");
        let back = shelf.back(back).unwrap();
        assert_eq!(back.game.move_list(), "f5d6");
        assert!(shelf.previous().is_none());
        let fwd = shelf.forward(back).unwrap();
        assert_eq!(fwd.game.move_list(), "f5f6e6");
        let fwd = shelf.forward(fwd).unwrap();
        assert_eq!(fwd.game.move_list(), "c4");
        assert!(shelf.forward(fwd.clone()).is_none());
    }

    #[test]
    fn an_empty_game_is_not_kept_and_games_ahead_are_not_lost() {
        let mut shelf = Shelf::default();
        shelf.start_new(aside("", PEOPLE));
        assert!(
            shelf.previous().is_none(),
            "nothing to lose in an empty game"
        );
        shelf.start_new(aside("f5", PEOPLE));
        shelf.start_new(aside("d3", PEOPLE));
        // Back to d3, then to f5, leaving d3 ahead; then a new game from f5.
        let d3 = shelf.back(aside("", PEOPLE)).unwrap();
        assert!(shelf.next().is_none(), "the empty game is not kept");
        let f5 = shelf.back(d3).unwrap();
        assert_eq!(shelf.next().unwrap().game.move_list(), "d3");
        shelf.start_new(f5);
        assert!(shelf.next().is_none());
        let mut seen = Vec::new();
        let mut current = aside("", PEOPLE);
        while let Some(previous) = shelf.back(current) {
            seen.push(previous.game.move_list());
            current = previous;
        }
        assert_eq!(seen, ["d3", "f5"], "both games are still there");
    }

    #[test]
    fn a_restart_keeps_the_starting_position_and_the_game_knows_when_it_ended() {
        let g = Game::from_board(Variant::Othello { size: 4 }, "OOOO OOOO OXXO ---- X").unwrap();
        let mut played = g.clone();
        played.play(Move::Pass).unwrap();
        let fresh = played.restart();
        assert_eq!(fresh.board_string(), g.board_string());
        assert!(fresh.moves().is_empty());
        assert!(!fresh.is_fresh(), "a set-up position is worth keeping");
        assert!(othello("").is_fresh());
        assert!(!othello("f5").is_fresh());
        assert_ne!(played.revision(), fresh.revision());
        let mut over = othello("");
        assert!(!over.is_finished());
        over = Game::from_moves(Variant::Othello { size: 4 }, "").unwrap();
        while !over.view().outcome.is_over() {
            let mv = over
                .view()
                .legal
                .first()
                .map_or(Move::Pass, |c| Move::Place(*c));
            over.play(mv).unwrap();
        }
        assert!(over.is_finished());
        over.jump(1);
        assert!(over.is_finished(), "whichever position is shown");
        assert_eq!(
            over.summary(),
            format!("Othello 4x4, {} moves", over.moves().len())
        );
    }
}
