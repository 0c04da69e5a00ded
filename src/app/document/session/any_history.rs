//! The object-safe face of a [`History`] of any game and size, so that [`Session`] can hold
//! one whatever was chosen at run time.

use std::any::Any;

use crate::ai::Game as AiGame;
use crate::core::{Cell, Move, ParseError, PlayError, Side, notation};

use super::*;

/// A game and board picked at run time, with its history. Object-safe, so [`Session`] can hold
/// any position type.
pub(super) trait AnyHistory: Send {
    fn boxed_clone(&self) -> Box<dyn AnyHistory>;
    fn len(&self) -> usize;
    fn cursor(&self) -> usize;
    fn set_cursor(&mut self, index: usize);
    fn moves(&self) -> &[Move];
    fn side_to_move_at(&self, index: usize) -> Side;
    fn view(&self) -> BoardView;
    fn check(&self, mv: Move) -> Result<(), PlayError>;
    fn play(&mut self, mv: Move) -> Result<bool, PlayError>;
    fn play_last(&mut self, mv: Move) -> Result<(), PlayError>;
    fn variations(&self) -> Vec<Variation>;
    fn open_variation(&mut self, index: usize);
    fn board_string(&self) -> String;
    fn replay(&self, moves: &[Move]) -> Result<Box<dyn AnyHistory>, ParseError>;
    fn add_variation(&mut self, moves: &str) -> Result<(), ParseError>;
    fn setup(&self, board: &str) -> Result<Box<dyn AnyHistory>, ParseError>;
    /// The history itself, for [`Session::visit_history`] to give it its type back.
    fn as_any(&self) -> &dyn Any;
    fn is_finished(&self) -> bool;
    fn restart(&self) -> Box<dyn AnyHistory>;
    fn is_fresh(&self) -> bool;
    fn start_board(&self) -> Option<String>;
}

impl<G: AiGame> AnyHistory for History<G> {
    fn boxed_clone(&self) -> Box<dyn AnyHistory> {
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
            timeout: None,
        }
    }
    fn check(&self, mv: Move) -> Result<(), PlayError> {
        self.current().check(mv)
    }
    fn play(&mut self, mv: Move) -> Result<bool, PlayError> {
        History::play(self, mv)
    }
    fn play_last(&mut self, mv: Move) -> Result<(), PlayError> {
        History::play_last(self, mv)
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
    fn replay(&self, moves: &[Move]) -> Result<Box<dyn AnyHistory>, ParseError> {
        let start = self.positions[0];
        let (played, _) = notation::play_parsed(&start, moves)?;
        let mut history = History::new(start);
        for mv in played {
            history.play(mv).expect("play_parsed checked every move");
        }
        Ok(Box::new(history))
    }
    fn add_variation(&mut self, moves: &str) -> Result<(), ParseError> {
        let (played, _) = notation::play_moves(&self.positions[0], moves)?;
        self.variations.push(played);
        Ok(())
    }
    fn setup(&self, board: &str) -> Result<Box<dyn AnyHistory>, ParseError> {
        Ok(Box::new(History::new(
            self.positions[0].parse_board(board)?,
        )))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn is_finished(&self) -> bool {
        self.positions[self.moves.len()].outcome().is_over()
    }
    fn restart(&self) -> Box<dyn AnyHistory> {
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
