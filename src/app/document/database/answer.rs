//! What the database says about a position: how many games reached it, how they ended for
//! Black, and each move played next with the same for the games that played it.

use crate::core::Move;

use super::index::{Hit, code};

/// How a set of games ended for Black.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// The games.
    pub games: usize,
    /// Black's wins, draws and losses among those whose result is known.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// Black's losses.
    pub losses: usize,
    /// The sum of Black's final disc margins over the games whose result is known.
    pub margin_sum: i64,
}

impl Score {
    /// Adds a game, whose Black margin is `margin` if known.
    pub fn add(&mut self, margin: Option<i32>) {
        self.games += 1;
        if let Some(m) = margin {
            self.margin_sum += i64::from(m);
            match m.signum() {
                1 => self.wins += 1,
                0 => self.draws += 1,
                _ => self.losses += 1,
            }
        }
    }

    /// The games whose result is known.
    pub fn scored(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// Black's mean final disc margin over the games whose result is known.
    pub fn mean(&self) -> Option<f64> {
        let n = self.scored();
        (n > 0).then(|| self.margin_sum as f64 / n as f64)
    }
}

/// A move played from the position, and how the games that played it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NextMove {
    /// The move, on the board as it is shown.
    pub mv: Move,
    /// The games that played it.
    pub score: Score,
}

/// A game through the position: its file (by its place among the open files) and what the
/// file's index found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The file's place among the open files.
    pub file: usize,
    /// The game, and how it reached the position.
    pub hit: Hit,
}

/// The database's answer for a position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Answer {
    /// Every game that reached the position, and how they ended for Black.
    pub reached: Score,
    /// The moves played next, the most played first (then in board order).
    pub moves: Vec<NextMove>,
    /// The games that ended in the position (the board full, no move for either side, or
    /// a game stopped there).
    pub ended: Score,
    /// The games, file by file in the files' order.
    pub games: Vec<Found>,
}

impl Answer {
    /// The answer made of the games `found` through the position.
    pub fn from_found(games: Vec<Found>) -> Answer {
        let mut reached = Score::default();
        let mut ended = Score::default();
        let mut moves: Vec<NextMove> = Vec::new();
        for found in &games {
            let Hit { next, margin, .. } = found.hit;
            reached.add(margin);
            let Some(mv) = next else {
                ended.add(margin);
                continue;
            };
            match moves.iter_mut().find(|m| m.mv == mv) {
                Some(m) => m.score.add(margin),
                None => {
                    let mut score = Score::default();
                    score.add(margin);
                    moves.push(NextMove { mv, score });
                }
            }
        }
        moves.sort_by_key(|m| (std::cmp::Reverse(m.score.games), code(m.mv)));
        Answer {
            reached,
            moves,
            ended,
            games,
        }
    }

    /// The games that played `mv` next (all of them for `None`).
    pub fn games_with(&self, mv: Option<Move>) -> impl Iterator<Item = &Found> {
        self.games
            .iter()
            .filter(move |f| mv.is_none() || f.hit.next == mv)
    }
}
