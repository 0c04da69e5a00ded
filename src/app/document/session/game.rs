//! [`Session`]: a game of any kind and size, with its history, its revision and, for a game
//! read from a file, who played it.

use std::sync::atomic::{AtomicU64, Ordering};

use std::time::Duration;

use crate::ai::clock::OnClock;
use crate::core::{
    Move, Outcome, ParseError, PlayError, Side, Supported, TimeControl, Variant, notation,
};
use crate::formats::Header;

use super::typed::{
    self, EditHistory, Erased, HistoryVisitor, NewHistory, ReadHistory, Visiting, edit_history,
    read_history,
};
use super::*;
use strum::VariantArray;

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
pub struct Session {
    board: Supported,
    /// The game's [`History`], of the position type of `board`: only [`Session::read_history`]
    /// and [`Session::edit_history`] see it.
    history: Erased,
    revision: Revision,
    /// Who played it, where and when, for a game read from a file; `None` for one started
    /// here.
    header: Option<Header>,
    /// Computer-against-computer play of this game is held (see
    /// [`crate::app::view::command::Action::Pause`]). A new game starts in play; a game put aside
    /// and brought back is as it was.
    paused: bool,
    /// The time control, the time each move took and a time that ran out.
    timing: ClockRecord,
    /// For the moves of the main line, from the first: true where the computer played it
    /// from its opening book (moves past the end of the list were not).
    from_book: Vec<bool>,
}

impl Clone for Session {
    fn clone(&self) -> Self {
        Session {
            board: self.board,
            history: read_history!(self, |h| -> Erased { Box::new(h.clone()) }),
            revision: self.revision,
            header: self.header.clone(),
            paused: self.paused,
            timing: self.timing.clone(),
            from_book: self.from_book.clone(),
        }
    }
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("variant", &self.variant())
            .field("moves", &self.move_list())
            .field("cursor", &self.cursor())
            .finish()
    }
}

impl Session {
    /// A new game on `board`.
    pub fn new(board: Supported) -> Session {
        Session::on(board, crate::ai::visit_supported(board, NewHistory))
    }

    fn on(board: Supported, history: Erased) -> Session {
        Session {
            board,
            history,
            revision: Revision::new(),
            header: None,
            paused: false,
            timing: ClockRecord::default(),
            from_book: Vec::new(),
        }
    }

    /// A game on `board` after the move list `moves` (see [`notation::play_moves`]).
    pub fn from_moves(board: Supported, moves: &str) -> Result<Session, ParseError> {
        Session::with_moves(board, &notation::parse_moves(moves)?)
    }

    /// A game on `board` after `moves`, already read (see [`notation::play_parsed`]).
    pub fn with_moves(board: Supported, moves: &[Move]) -> Result<Session, ParseError> {
        Session::new(board).replay(moves.to_vec())
    }

    /// A game from this one's starting position after `moves`.
    fn replay(&self, moves: Vec<Move>) -> Result<Session, ParseError> {
        let history = read_history!(self, (moves: Vec<Move>) |h| -> Result<Erased, ParseError> {
            let (played, _) = notation::play_parsed(h.start(), &moves)?;
            let mut history = History::new(*h.start());
            for mv in played {
                history.play(mv).expect("play_parsed checked every move");
            }
            Ok(Box::new(history))
        })?;
        Ok(Session::on(self.board, history))
    }

    /// A game on `board` from a set-up position given as a board string (see
    /// [`Position::parse_board`]).
    pub fn from_board(board: Supported, start: &str) -> Result<Session, ParseError> {
        let (fresh, start) = (Session::new(board), start.to_owned());
        let history = read_history!(fresh, (start: String) |h| -> Result<Erased, ParseError> {
            Ok(Box::new(History::new(h.start().parse_board(&start)?)))
        })?;
        Ok(Session::on(board, history))
    }

    /// A game on `board` from the set-up position `start`, then `moves`, already read.
    pub fn from_board_and_moves(
        board: Supported,
        start: &str,
        moves: &[Move],
    ) -> Result<Session, ParseError> {
        Session::from_board(board, start)?.replay(moves.to_vec())
    }

    /// The board string of the starting position, if the game did not start from the
    /// standard one (it was set up).
    pub fn start_board(&self) -> Option<String> {
        read_history!(self, |h| -> Option<String> {
            let start = h.start();
            (*start != start.start()).then(|| start.to_board_string())
        })
    }

    /// This game with the players, place and date its file names.
    pub fn with_header(self, header: Header) -> Session {
        Session {
            header: Some(header),
            ..self
        }
    }

    /// True while computer-against-computer play of this game is held.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Holds (`true`) or lets go on (`false`) computer-against-computer play of this game.
    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
    }

    /// Who played the game, where and when, if it was read from a file that says so.
    pub fn header(&self) -> Option<&Header> {
        self.header.as_ref()
    }

    /// The game and board.
    pub fn variant(&self) -> Variant {
        self.board.variant()
    }

    /// The game and board, as the rules core plays it.
    pub fn board(&self) -> Supported {
        self.board
    }

    /// The shown position, ready to paint. Where a side's time ran out (at the end of the
    /// game) the game is over: the other side has won, and no move is left to play.
    pub fn view(&self) -> BoardView {
        let mut view = read_history!(self, |h| -> BoardView {
            BoardView::of(h.current(), h.cursor.checked_sub(1).map(|i| h.moves[i]))
        });
        if let Some(out) = self.timeout() {
            view.outcome = Outcome::Won(out.opponent());
            view.timeout = Some(out);
            view.legal.clear();
            view.flips.clear();
            view.must_pass = false;
        }
        view
    }

    /// The last position of the game, whichever is shown, as [`Session::view`] gives it: how
    /// the game ended, on time or by the rules.
    pub fn end_view(&self) -> BoardView {
        let mut end = self.clone();
        end.jump(self.moves().len());
        end.view()
    }

    /// The board string of the shown position.
    pub fn board_string(&self) -> String {
        read_history!(self, |h| -> String { h.current().to_board_string() })
    }

    /// Every move of the game, including those after the shown position.
    pub fn moves(&self) -> &[Move] {
        read_history!(self, |h| -> &'h [Move] { h.moves() })
    }

    /// How many moves lead to the shown position.
    pub fn cursor(&self) -> usize {
        read_history!(self, |h| -> usize { h.cursor })
    }

    /// The moves up to the shown position, as a compact move list ("f5d6c3").
    pub fn move_list(&self) -> String {
        notation::format_moves(&self.moves()[..self.cursor()])
    }

    /// The side to move in the shown position.
    pub fn side_to_move(&self) -> Side {
        self.side_to_move_at(self.cursor())
    }

    /// The side to move after the first `index` moves of the main line.
    fn side_to_move_at(&self, index: usize) -> Side {
        read_history!(self, (index: usize) |h| -> Side { h.positions[index].side_to_move() })
    }

    /// True if moves after the shown position can be redone.
    pub fn at_end(&self) -> bool {
        self.cursor() == self.moves().len()
    }

    /// Why `mv` cannot be played in the shown position, if it cannot.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        read_history!(self, (mv: Move) |h| -> Result<(), PlayError> { h.current().check(mv) })
    }

    /// Plays `mv` at the shown position. Nothing is dropped: the game's own next move goes
    /// along the game, and another move starts a new main line, the old one kept as a
    /// variation (see [`History::play`]).
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.play_spending(mv, Duration::ZERO)
    }

    /// [`Session::play`] of a move that took `spent` on its side's clock. A move that starts a
    /// new line keeps the time; the game's own next move played again keeps the one it had.
    /// After a time ran out, no move is played at the end of the game.
    pub fn play_spending(&mut self, mv: Move, spent: Duration) -> Result<(), PlayError> {
        self.play_timed(mv, spent, false)
    }

    /// [`Session::play_spending`] as play goes on against the computer or on clocks: `mv`
    /// becomes the last move of the main line even where it is the game's own next move,
    /// what followed kept as a variation (see [`History::play_last`]), so that the computer
    /// replies and the clocks run from here.
    pub fn play_on(&mut self, mv: Move, spent: Duration) -> Result<(), PlayError> {
        self.play_timed(mv, spent, true)
    }

    /// Plays `mv`, which took `spent`, along the game ([`History::play`]) or as its last
    /// move (`last`, [`History::play_last`]).
    fn play_timed(&mut self, mv: Move, spent: Duration, last: bool) -> Result<(), PlayError> {
        if self.timeout().is_some() {
            return Err(PlayError::GameOver);
        }
        let at = self.cursor();
        let changed = edit_history!(self, (mv: Move, last: bool) |h| -> Result<bool, PlayError> {
            if last {
                h.play_last(mv).map(|()| true)
            } else {
                h.play(mv)
            }
        })?;
        if changed {
            self.revision = Revision::new();
            self.timing.rewrite(at, Some(spent));
            self.from_book.truncate(at);
        }
        Ok(())
    }

    /// The other lines of play kept beside the main line, in the order they leave it.
    pub fn variations(&self) -> Vec<Variation> {
        read_history!(self, |h| -> Vec<Variation> { h.variations() })
    }

    /// Keeps the move list `moves`, a whole line from the start, as a variation beside the
    /// main line, as a game read back from a file had it.
    pub fn add_variation(&mut self, moves: &str) -> Result<(), ParseError> {
        let moves = notation::parse_moves(moves)?;
        edit_history!(self, (moves: Vec<Move>) |h| -> Result<(), ParseError> {
            let (played, _) = notation::play_parsed(h.start(), &moves)?;
            h.variations.push(played);
            Ok(())
        })?;
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
        let old = self.moves().to_vec();
        edit_history!(self, (index: usize) |h| -> () {
            if index < h.variations.len() {
                let shared = h.variations[index]
                    .iter()
                    .zip(&h.moves)
                    .take_while(|(a, b)| a == b)
                    .count();
                h.open(index);
                // Shown: the variation's first own move.
                h.cursor = (shared + 1).min(h.moves.len());
            }
        });
        self.revision = Revision::new();
        let shared = old
            .iter()
            .zip(self.moves())
            .take_while(|(a, b)| a == b)
            .count();
        self.timing.rewrite(shared, None);
        self.from_book.truncate(shared);
    }

    /// The whole main line as a compact move list, whichever position is shown: what a saved
    /// game holds.
    pub fn main_line(&self) -> String {
        notation::format_moves(self.moves())
    }

    /// Shows the position after the first `index` moves (0 = the start).
    pub fn jump(&mut self, index: usize) {
        edit_history!(self, (index: usize) |h| -> () { h.cursor = index.min(h.moves.len()) });
    }

    /// Where undo goes: the latest earlier position where a person is to move, so that
    /// against the computer a person's move and the reply are taken back together. With no
    /// person at the board, one move back. `None` if there is nowhere to go.
    pub fn undo_target(&self, is_person: impl Fn(Side) -> bool) -> Option<usize> {
        let cursor = self.cursor();
        if !Side::VARIANTS.iter().copied().any(&is_person) {
            return cursor.checked_sub(1);
        }
        (0..cursor)
            .rev()
            .find(|&i| is_person(self.side_to_move_at(i)))
    }

    /// Where redo goes: the next later position where a person is to move (replaying the
    /// computer's reply with the person's move), or the end of the game if there is none.
    pub fn redo_target(&self, is_person: impl Fn(Side) -> bool) -> Option<usize> {
        let (cursor, len) = (self.cursor(), self.moves().len());
        if cursor == len {
            return None;
        }
        if !Side::VARIANTS.iter().copied().any(&is_person) {
            return Some(cursor + 1);
        }
        Some(
            (cursor + 1..=len)
                .find(|&i| is_person(self.side_to_move_at(i)))
                .unwrap_or(len),
        )
    }

    /// Runs `visitor` on the game's history as the history of its own position type: the
    /// one place a game chosen at run time meets its type, for the searches built from its
    /// positions (`app/jobs/searches.rs`).
    pub fn visit_history<V: HistoryVisitor>(&self, visitor: V) -> V::Output {
        self.read_history(Visiting(visitor))
    }

    /// Runs `query` on the game's history as the history of its own position type (see
    /// [`read_history!`]).
    fn read_history<'h, R: ReadHistory<'h>>(&'h self, query: R) -> R::Output {
        typed::read(self.board, &*self.history, query)
    }

    /// Makes `change` to the game's history as the history of its own position type (see
    /// [`edit_history!`]).
    fn edit_history<E: EditHistory>(&mut self, change: E) -> E::Output {
        typed::edit(self.board, &mut *self.history, change)
    }

    /// True if the game has ended (at its last move, whichever position is shown), by the
    /// rules or on time.
    pub fn is_finished(&self) -> bool {
        let by_rules = read_history!(self, |h| -> bool {
            h.positions[h.moves.len()].outcome().is_over()
        });
        by_rules || self.timing.out().is_some()
    }

    /// This game played on `control` (none: without clocks), no move having taken any time.
    pub fn with_time_control(self, control: Option<TimeControl>) -> Session {
        Session {
            timing: ClockRecord::new(control),
            ..self
        }
    }

    /// This game with its clocks as a file gives them: the time control, the time each move
    /// of the main line took, and whose time ran out at its end.
    pub fn with_timing(self, timing: ClockRecord) -> Session {
        Session { timing, ..self }
    }

    /// The time control, the time each move took and a time that ran out.
    pub fn timing(&self) -> &ClockRecord {
        &self.timing
    }

    /// The time control, if the game is played on clocks.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.timing.control()
    }

    /// The time each side had left in the shown position (first, second), before its side
    /// to move starts thinking; `None` for a game without clocks.
    pub fn clocks(&self) -> Option<[Duration; 2]> {
        let ply = self.cursor();
        let mover = |i| self.side_to_move_at(i);
        Some(
            [Side::First, Side::Second]
                .map(|side| self.timing.left(ply, mover, side).unwrap_or_default()),
        )
        .filter(|_| self.time_control().is_some())
    }

    /// What the side to move in the shown position has on its clock, for a computer that
    /// plans its move to it; `None` for a game without clocks.
    pub fn on_clock(&self) -> Option<OnClock> {
        let control = self.time_control()?;
        let left = self.clocks()?[self.side_to_move().index()];
        Some(OnClock {
            left,
            increment: control.gain(),
        })
    }

    /// The side whose time ran out, if the shown position is where it did (the end of the
    /// game).
    pub fn timeout(&self) -> Option<Side> {
        self.timing.out().filter(|_| self.at_end())
    }

    /// `side`, to move at the end of the game, has no time left: it loses.
    pub fn run_out_of_time(&mut self, side: Side) {
        if self.at_end() && self.time_control().is_some() {
            self.timing.run_out(side);
        }
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
    pub fn restart(&self) -> Session {
        Session {
            board: self.board,
            history: read_history!(self, |h| -> Erased { Box::new(History::new(*h.start())) }),
            revision: Revision::new(),
            header: None,
            paused: false,
            timing: ClockRecord::new(self.timing.control()),
            from_book: Vec::new(),
        }
    }

    /// Notes that the last move of the main line was played by the computer from its
    /// opening book (the move list tags it).
    pub fn note_last_from_book(&mut self) {
        let Some(last) = self.moves().len().checked_sub(1) else {
            return;
        };
        self.from_book.resize(last, false);
        self.from_book.push(true);
    }

    /// The moves of the main line (by index) the computer played from its opening book.
    pub fn book_plies(&self) -> Vec<usize> {
        let n = self.moves().len();
        (0..n.min(self.from_book.len()))
            .filter(|&i| self.from_book[i])
            .collect()
    }

    /// True for a game that holds nothing a new game would not: no move, and the standard
    /// starting position.
    pub fn is_fresh(&self) -> bool {
        read_history!(self, |h| -> bool {
            h.moves.is_empty() && h.variations.is_empty() && *h.start() == h.start().start()
        })
    }

    /// A short description for lists: "Othello 8x8, 34 moves".
    pub fn summary(&self) -> String {
        let n = self.moves().len();
        let plural = if n == 1 { "" } else { "s" };
        format!("{}, {n} move{plural}", self.variant())
    }
}
