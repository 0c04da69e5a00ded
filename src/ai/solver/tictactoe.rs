//! The exact tic-tac-toe solver: negamax alpha-beta over the whole game tree, with a
//! transposition table keyed up to symmetry, immediate wins and forced blocks found before
//! any search, and a cut-off when even a win on the next move could not beat alpha.
//!
//! Scores follow [`Game`] for tic-tac-toe: a win completed with `m` marks on the board is
//! worth `PROVEN + 100 - m`, so the solver prefers the fastest win and the slowest loss.

use std::time::Instant;

use std::sync::Arc;

use crate::ai::eval::tictactoe::{Symmetries, symmetries};
use crate::ai::game::{Game, PROVEN, Solution};
use crate::ai::{Context, Progress, Stop, Work};
use crate::core::Bits;
use crate::core::tictactoe::TicTacToe;
use crate::core::{Move, Position};

const CAP: i32 = 100;
const CHECK_EVERY: u64 = 1 << 12;

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    lower: i32,
    upper: i32,
}

/// An exact tic-tac-toe solver. Its table persists between calls, so a player that keeps
/// one answers later moves of a game almost at once.
#[derive(Clone, Debug)]
pub struct TicTacToeSolver {
    tt: Vec<Entry>,
    mask: usize,
    nodes: u64,
    stop: Option<Stop>,
    aborted: bool,
    /// The symmetries of the shape being solved, kept at hand for the keys.
    symmetries: Option<Arc<Symmetries>>,
}

/// The most empty cells from which a solve gives its whole principal variation.
const PV_SEARCHED: u32 = 9;

impl Default for TicTacToeSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl TicTacToeSolver {
    /// A solver with an empty table.
    pub fn new() -> TicTacToeSolver {
        let bits = 18;
        TicTacToeSolver {
            tt: vec![Entry::default(); 1 << bits],
            mask: (1 << bits) - 1,
            nodes: 0,
            stop: None,
            aborted: false,
            symmetries: None,
        }
    }

    /// The exact value of `pos` for the side to move, and its best moves (all of them if
    /// `all_best`, else the first in cell order). `None` if the game is over or stopped.
    pub fn solve(
        &mut self,
        pos: &TicTacToe,
        ctx: &mut Context<'_>,
        all_best: bool,
    ) -> Option<Solution> {
        let start = Instant::now();
        let moves: Vec<Move> = pos.legal_moves().collect();
        if moves.is_empty() {
            return None;
        }
        self.nodes = 0;
        self.aborted = false;
        self.stop = Some(ctx.stop.clone());
        let inf = 2 * PROVEN;
        let value = self.negamax(pos, -inf, inf);
        let mut best = Vec::new();
        for &mv in &moves {
            if self.aborted || (!all_best && !best.is_empty()) {
                break;
            }
            // Does this move reach the value? A null window around it answers.
            let v = -self.negamax(&pos.play_unchecked(mv), -value - 1, -value + 1);
            if v == value {
                best.push(mv);
            }
        }
        let pv = match best.first() {
            Some(&first) if !self.aborted => self.principal_variation(pos, first),
            _ => Vec::new(),
        };
        self.stop = None;
        if self.aborted || best.is_empty() {
            return None;
        }
        (ctx.report)(&Progress {
            work: Work::Solved(pos.empty_cells()),
            best: best.first().copied(),
            score: Some(TicTacToe::display_score(value)),
            exact: true,
            nodes: self.nodes,
            elapsed: start.elapsed(),
            pv: pv.clone(),
        });
        Some(Solution {
            score: value,
            best,
            nodes: self.nodes,
            pv,
        })
    }

    /// `first`, then the best reply of each position after it (the first in cell order), to
    /// the end of the game: each found by searching every move, so only from
    /// [`PV_SEARCHED`] empty cells on (3x3 from the start); before that, `first` alone.
    fn principal_variation(&mut self, pos: &TicTacToe, first: Move) -> Vec<Move> {
        let mut pv = vec![first];
        if pos.empty_cells() > PV_SEARCHED {
            return pv;
        }
        let inf = 2 * PROVEN;
        let mut at = pos.play_unchecked(first);
        while !self.aborted {
            let moves: Vec<Move> = at.legal_moves().collect();
            let mut best: Option<(i32, Move)> = None;
            for mv in moves {
                let v = -self.negamax(&at.play_unchecked(mv), -inf, inf);
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, mv));
                }
            }
            let Some((_, mv)) = best else { break };
            pv.push(mv);
            at = at.play_unchecked(mv);
        }
        pv
    }

    /// Positions visited by the last solve.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn negamax(&mut self, pos: &TicTacToe, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY)
            && self.stop.as_ref().is_some_and(Stop::is_stopped)
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if pos.is_over() {
            return pos.terminal_score();
        }
        let marks = pos.counts().iter().sum::<u32>() as i32;
        // The best conceivable result is a win with the next mark.
        let ceiling = PROVEN + CAP - (marks + 1);
        if alpha >= ceiling {
            return ceiling;
        }
        beta = beta.min(ceiling);
        let sym = match &self.symmetries {
            Some(s) if s.fits(pos) => s.clone(),
            _ => {
                let s = symmetries(pos.rows(), pos.cols());
                self.symmetries = Some(s.clone());
                s
            }
        };
        let key = sym.key(pos);
        let slot = key as usize & self.mask;
        let e = self.tt[slot];
        if e.key == key {
            if e.lower >= beta || e.lower == e.upper {
                return e.lower;
            }
            if e.upper <= alpha {
                return e.upper;
            }
            alpha = alpha.max(e.lower);
            beta = beta.min(e.upper);
        }
        let g = pos.geometry();
        let me = pos.side_to_move();
        let (mine, theirs) = (pos.marks(me), pos.marks(!me));
        let empties = pos.empties();
        // A win now is the best there is.
        if empties.iter().any(|c| g.wins_through(mine | 1 << c, c)) {
            return ceiling;
        }
        // If the opponent threatens to win, only blocking moves can avoid losing next move.
        let threats: u64 = empties
            .iter()
            .filter(|&c| g.wins_through(theirs | 1 << c, c))
            .fold(0, |acc, c| acc | 1 << c);
        let candidates = if threats != 0 { threats } else { empties };
        // A side without a line still open to it can no longer win: that bounds the value
        // by a draw, and settles it when neither side can win.
        let open = |other: u64| g.lines().iter().any(|l| l & other == 0);
        let (i_can, they_can) = (open(theirs), open(mine));
        if !i_can && !they_can {
            return 0;
        }
        if !i_can {
            if alpha >= 0 {
                return 0;
            }
            beta = beta.min(0);
        }
        if !they_can {
            if beta <= 0 {
                return 0;
            }
            alpha = alpha.max(0);
        }
        let alpha0 = alpha;
        // Cells on many lines still open to the side to move first.
        let mut order = [(0u32, 0usize); 64];
        let count = candidates.count() as usize;
        for (k, c) in candidates.iter().enumerate() {
            let open = g
                .lines_through(c)
                .iter()
                .filter(|l| *l & theirs == 0)
                .count();
            order[k] = (u32::MAX - open as u32, c);
        }
        order[..count].sort_unstable();
        let mut best = -2 * PROVEN;
        for &(_, c) in &order[..count] {
            let v = -self.negamax(&pos.play_index(c), -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let (lower, upper) = if best <= alpha0 {
            (-2 * PROVEN, best)
        } else if best >= beta {
            (best, 2 * PROVEN)
        } else {
            (best, best)
        };
        self.tt[slot] = Entry { key, lower, upper };
        best
    }
}

/// The exact value of a tic-tac-toe position by plain negamax over every move, with no
/// pruning, table or shortcut: the reference the solver is tested against (only in the
/// tests' builds, the `testing` feature).
#[cfg(any(test, feature = "testing"))]
pub fn solve_plain(pos: &TicTacToe) -> i32 {
    if pos.outcome().is_over() {
        return pos.terminal_score();
    }
    pos.legal_moves()
        .map(|mv| -solve_plain(&pos.play_unchecked(mv)))
        .max()
        .unwrap_or(0)
}
