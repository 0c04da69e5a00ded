//! The positions of a game, the moves between them, and the lines of play left as
//! variations: undo, redo and jumps move the shown position.

use crate::core::{Move, PlayError, Position};

/// The positions of a game and the moves between them, and the other lines of play that
/// were left by playing a different move at an earlier position.
#[derive(Clone, Debug)]
pub struct History<P: Position> {
    /// `positions[i]` is the position after the first `i` moves of the main line.
    pub(super) positions: Vec<P>,
    /// The main line: the line being played, which a saved game keeps.
    pub(super) moves: Vec<Move>,
    /// The index of the position shown.
    pub(super) cursor: usize,
    /// The other lines, each a whole move list from the start.
    pub(super) variations: Vec<Vec<Move>>,
}

/// A line of play kept beside the main line: where it leaves it, and its moves from there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// Which variation this is, for [`Session::open_variation`].
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

    /// The position the game started from.
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// The positions of the main line, the start first.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The moves of the main line.
    pub fn moves(&self) -> &[Move] {
        &self.moves
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

    /// Plays `mv` at the shown position as the last move of the main line, as play goes on
    /// against the computer or on clocks: the moves after the shown position, if any (the
    /// game's own next move among them), are kept as a variation, so that the game goes on
    /// from here. A variation the new main line holds whole is dropped: it holds nothing
    /// more.
    pub fn play_last(&mut self, mv: Move) -> Result<(), PlayError> {
        let next = self.current().play(mv)?;
        let at = self.cursor;
        if at < self.moves.len() {
            let old = std::mem::take(&mut self.moves);
            self.moves = old[..at].to_vec();
            if !self.variations.contains(&old) {
                self.variations.push(old);
            }
        }
        self.positions.truncate(at + 1);
        self.positions.push(next);
        self.moves.push(mv);
        self.cursor = at + 1;
        let main = &self.moves;
        self.variations
            .retain(|v| v.len() > main.len() || main[..v.len()] != v[..]);
        Ok(())
    }

    /// Makes variation `i` the main line; the main line becomes a variation. The cursor
    /// stays if the new line goes through the shown position, else goes back to where the
    /// lines part.
    pub(super) fn open(&mut self, i: usize) {
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
