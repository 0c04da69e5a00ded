//! What the generic searches need to know about a game beyond its rules: how to score a
//! finished game, how to guess at an unfinished one, which positions are the same up to
//! symmetry, and how to solve a position exactly when that is affordable.

use super::solver::{othello_endgame, tictactoe as ttt_solver};
use super::{Context, eval};
use crate::core::othello::{Othello, Size};
use crate::core::tictactoe::TicTacToe;
use crate::core::{Move, Position};

/// Scores at or beyond this magnitude are proven results; heuristic evaluations stay below it.
pub const PROVEN: i32 = 1_000_000;

/// The exact result of a position, from the side to move's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The value on the search scale of [`Game`] (see [`Game::display_score`] for the game's
    /// own units).
    pub score: i32,
    /// Every move that reaches the value (just one if only one was asked for).
    pub best: Vec<Move>,
    /// Positions visited.
    pub nodes: u64,
}

/// A game the generic searches can play: the rules of [`Position`] plus scoring.
///
/// Scores are from the point of view of the side to move, on one scale for the whole game:
/// proven results have magnitude at least [`PROVEN`], heuristic ones less, so a search always
/// prefers a proven win to a promising position.
pub trait Game: Position {
    /// The score of a finished game.
    fn terminal_score(&self) -> i32;

    /// A heuristic score of an unfinished game, strictly between `-PROVEN` and `PROVEN`.
    fn evaluate(&self) -> i32;

    /// The learned evaluation where the game has one (8x8 Othello: the pattern evaluation
    /// trained by `boardplay train`), else [`evaluate`](Game::evaluate). Same scale.
    fn evaluate_learned(&self) -> i32 {
        self.evaluate()
    }

    /// A transposition-table key that is the same for positions equal up to a symmetry of the
    /// board (and which therefore have the same value). By default just the hash.
    fn canonical_key(&self) -> u64 {
        self.hash_key()
    }

    /// Empty cells: the measure of how far an exact solution is.
    fn empty_cells(&self) -> u32;

    /// Solves the position exactly: its value and the best moves (every best move if
    /// `all_best`). `None` if the game is over or the search was stopped.
    fn solve(&self, ctx: &mut Context<'_>, all_best: bool) -> Option<Solution>;

    /// A score in the game's own units for display: the disc difference in Othello (exact,
    /// or the evaluation's estimate), and for tic-tac-toe the number of moves to the end of a
    /// won (positive) or lost (negative) game, 0 for a draw or an unproven position.
    fn display_score(score: i32) -> i32;

    /// A score as words: "+6", "win in 3 moves", "draw".
    fn describe(score: i32) -> String;

    /// A score as a number to chart, in the game's units: the disc difference in Othello
    /// (fractional for an estimate); in tic-tac-toe +1 for a win, -1 for a loss, 0 for a draw
    /// or an unproven position.
    fn chart_value(score: i32) -> f32;
}

/// The tic-tac-toe scale: a side that completes a line with `m` marks on the board in total
/// scores `PROVEN + CELLS_CAP - m` (so faster wins score more and slower losses lose less).
const TTT_CAP: i32 = 100;

impl Game for TicTacToe {
    fn terminal_score(&self) -> i32 {
        match self.winner() {
            // The side that just moved won, so the side to move has lost.
            Some(_) => -(PROVEN + TTT_CAP - self.counts().iter().sum::<u32>() as i32),
            None => 0,
        }
    }

    fn evaluate(&self) -> i32 {
        eval::tictactoe::evaluate(self)
    }

    fn canonical_key(&self) -> u64 {
        eval::tictactoe::canonical_key(self)
    }

    fn empty_cells(&self) -> u32 {
        self.empties().count_ones()
    }

    fn solve(&self, ctx: &mut Context<'_>, all_best: bool) -> Option<Solution> {
        ttt_solver::TicTacToeSolver::new().solve(self, ctx, all_best)
    }

    fn display_score(score: i32) -> i32 {
        if score.abs() < PROVEN {
            return 0;
        }
        // Moves (plies) from now to the end are not known from the score alone, which counts
        // marks from the empty board; callers that know the position use `ttt_moves_to_end`.
        score.signum() * (PROVEN + TTT_CAP - score.abs())
    }

    fn describe(score: i32) -> String {
        if score == 0 {
            "draw".into()
        } else if score.abs() < PROVEN {
            format!("{score:+} (estimate)")
        } else {
            let marks = PROVEN + TTT_CAP - score.abs();
            let word = if score > 0 { "win" } else { "loss" };
            format!("{word} with {marks} marks on the board")
        }
    }

    fn chart_value(score: i32) -> f32 {
        if score.abs() >= PROVEN {
            score.signum() as f32
        } else {
            0.0
        }
    }
}

/// Plies from `pos` to the end of the game for a proven tic-tac-toe score, counting the
/// winning move: the "in how many moves" of a solved position.
pub fn ttt_moves_to_end(pos: &TicTacToe, score: i32) -> Option<u32> {
    if score.abs() < PROVEN {
        return None;
    }
    let marks_at_end = (PROVEN + TTT_CAP - score.abs()) as u32;
    Some(marks_at_end - pos.counts().iter().sum::<u32>())
}

/// Othello scores: a finished game with disc difference `d` (empties to the winner) scores
/// `sign(d) * PROVEN + d * DISC`; evaluations are in the same `DISC` units.
pub const DISC: i32 = 100;

/// The search score of an Othello game that ends with disc difference `d`.
pub fn othello_exact(d: i32) -> i32 {
    d.signum() * PROVEN + d * DISC
}

impl<S: Size> Game for Othello<S> {
    fn terminal_score(&self) -> i32 {
        othello_exact(self.final_score())
    }

    fn evaluate(&self) -> i32 {
        eval::othello::evaluate(self)
    }

    fn evaluate_learned(&self) -> i32 {
        eval::othello::evaluate_learned(self)
    }

    fn empty_cells(&self) -> u32 {
        use crate::core::Bits;
        self.empties().count()
    }

    fn solve(&self, ctx: &mut Context<'_>, all_best: bool) -> Option<Solution> {
        let r = othello_endgame::solve(self, ctx, all_best)?;
        Some(Solution {
            score: othello_exact(r.score),
            best: r.best,
            nodes: r.nodes,
        })
    }

    fn display_score(score: i32) -> i32 {
        if score.abs() >= PROVEN {
            (score - score.signum() * PROVEN) / DISC
        } else {
            score / DISC
        }
    }

    fn describe(score: i32) -> String {
        let d = Self::display_score(score);
        if score.abs() >= PROVEN || score == 0 {
            format!("{d:+}")
        } else {
            format!("{:+.1} (estimate)", f64::from(score) / f64::from(DISC))
        }
    }

    fn chart_value(score: i32) -> f32 {
        if score.abs() >= PROVEN {
            Self::display_score(score) as f32
        } else {
            score as f32 / DISC as f32
        }
    }
}

/// Runs `body` with `g` bound to `pos` as its concrete game type `G` (tic-tac-toe, or
/// Othello of any size), and gives `Some(body)`; `None` if `pos` is of another type.
///
/// Code generic over [`Position`] uses it to reach the [`Game`] trait, which only the
/// concrete types implement. The list of types is written here once.
macro_rules! with_game {
    ($pos:expr, |$g:ident: $t:ident| $body:expr) => {
        'found: {
            let pos: &dyn ::std::any::Any = $pos;
            $crate::ai::game::with_game!(@each pos, 'found, $g, $t, $body;
                $crate::core::tictactoe::TicTacToe,
                $crate::core::othello::Othello<$crate::core::othello::Size4>,
                $crate::core::othello::Othello<$crate::core::othello::Size6>,
                $crate::core::othello::Othello<$crate::core::othello::Size8>,
                $crate::core::othello::Othello<$crate::core::othello::Size10>,
                $crate::core::othello::Othello<$crate::core::othello::Size12>,
                $crate::core::othello::Othello<$crate::core::othello::Size14>,
                $crate::core::othello::Othello<$crate::core::othello::Size16>);
            None
        }
    };
    (@each $pos:ident, $label:lifetime, $g:ident, $t:ident, $body:expr; $($ty:ty),*) => {$(
        {
            type $t = $ty;
            if let Some($g) = $pos.downcast_ref::<$t>() {
                break $label Some($body);
            }
        }
    )*};
}
pub(crate) use with_game;

/// A player of the concrete game `G` as a player of `P`, which must be the same type.
pub(crate) fn same_player<G: Position, P: Position>(
    player: Box<dyn super::Player<G>>,
) -> Option<Box<dyn super::Player<P>>> {
    let boxed: Box<dyn std::any::Any> = Box::new(player);
    boxed
        .downcast::<Box<dyn super::Player<P>>>()
        .ok()
        .map(|p| *p)
}
