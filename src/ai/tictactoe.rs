//! What the searches know of tic-tac-toe beyond its rules: the score scale (faster wins
//! score more), the evaluation and symmetric keys of [`eval::tictactoe`], and the exact
//! solver, whose table a player keeps from move to move.

use super::game::{Game, PROVEN, Solution};
use super::solver::tictactoe::TicTacToeSolver;
use super::{Context, eval};
use crate::core::tictactoe::TicTacToe;
use crate::core::{GameKind, Position};

/// The tic-tac-toe scale: a side that completes a line with `m` marks on the board in total
/// scores `PROVEN + CELLS_CAP - m` (so faster wins score more and slower losses lose less).
const TTT_CAP: i32 = 100;

impl Game for TicTacToe {
    const KIND: GameKind = GameKind::TicTacToe;

    /// The solver's table serves every later move of a game, which it makes instant.
    type Solver = TicTacToeSolver;

    type Carry = ();

    fn carry(&self) {}

    fn carry_to(&self, _: &(), _: &TicTacToe) {}

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

    const KEY_IS_POSITION: bool = false;

    fn empty_cells(&self) -> u32 {
        self.empties().count_ones()
    }

    fn solve_with(
        &self,
        solver: &mut TicTacToeSolver,
        ctx: &mut Context<'_>,
        all_best: bool,
    ) -> Option<Solution> {
        solver.solve(self, ctx, all_best)
    }

    fn solve_reach(&self) -> u32 {
        16
    }

    fn solvable_from(start: &TicTacToe) -> bool {
        start.cell_count() <= 16
    }

    fn exact_value(&self, score: i32) -> (i32, String) {
        match ttt_moves_to_end(self, score) {
            Some(n) if score > 0 => (n as i32, format!("win in {n}")),
            Some(n) => (-(n as i32), format!("loss in {n}")),
            None => (0, "draw".to_string()),
        }
    }

    fn move_label(&self, score: i32, exact: bool) -> String {
        match ttt_moves_to_end(self, score) {
            Some(n) if score > 0 => format!("W{n}"),
            Some(n) => format!("L{n}"),
            None if exact => "D".to_string(),
            None => "?".to_string(),
        }
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
