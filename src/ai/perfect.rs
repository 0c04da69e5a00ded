//! Exact play: the perfect player, and an exact solution in words for the command line.

use super::game::Game;
use super::{Context, EngineError, Player, Progress};
use crate::core::Move;

/// Plays the game's exact solution: every move is best, the fastest win and the slowest
/// loss first. Used by Perfect where the game can be solved from the start.
pub struct PerfectPlayer<G: Game> {
    /// Kept from move to move (the tic-tac-toe table makes later moves instant).
    solver: G::Solver,
}

impl<G: Game> Default for PerfectPlayer<G> {
    fn default() -> Self {
        PerfectPlayer {
            solver: G::Solver::default(),
        }
    }
}

impl<G: Game> PerfectPlayer<G> {
    /// A perfect player.
    pub fn new() -> PerfectPlayer<G> {
        PerfectPlayer::default()
    }
}

impl<G: Game> Player<G> for PerfectPlayer<G> {
    fn name(&self) -> String {
        "Perfect".into()
    }

    fn choose(&mut self, pos: &G, ctx: &mut Context<'_>) -> Result<Option<Move>, EngineError> {
        let Some(first) = pos.legal_moves().next() else {
            return Ok(None);
        };
        let sol = pos.solve_with(&mut self.solver, ctx, false);
        let mv = sol.and_then(|s| s.best.first().copied()).unwrap_or(first);
        if !pos.is_legal(mv) {
            return Ok(Some(first));
        }
        (ctx.report)(&Progress {
            best: Some(mv),
            ..Progress::default()
        });
        Ok(Some(mv))
    }
}

/// An exact solution in words, for the command line and analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    /// The value in the game's units: the disc difference in Othello; in tic-tac-toe +n for
    /// a win and -n for a loss in n moves (plies, the last one included), 0 for a draw.
    pub score: i32,
    /// The value in words.
    pub text: String,
    /// The best moves: every one, or the first found.
    pub best: Vec<Move>,
    /// Positions visited.
    pub nodes: u64,
}

/// Solves `pos` exactly with every best move (`all_best`), or with the first one found;
/// `None` if the game is over or the search was stopped.
pub fn solve_report<G: Game>(
    pos: &G,
    ctx: &mut Context<'_>,
    all_best: bool,
) -> Option<SolveReport> {
    let sol = pos.solve(ctx, all_best)?;
    let (score, text) = pos.exact_value(sol.score);
    Some(SolveReport {
        score,
        text,
        best: sol.best,
        nodes: sol.nodes,
    })
}
