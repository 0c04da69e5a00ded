//! The principal variation with its value, for any position of either game.

use crate::ai::alphabeta::AlphaBeta;
use crate::ai::game::Game;
use crate::ai::trace::NoObserver;
use crate::ai::{Context, Stop};
use crate::core::Move;

/// A position's value and the line the search expects from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// The value for the side to move, on the search scale of [`Game`] (see
    /// [`Game::display_score`]).
    pub value: i32,
    /// The moves, best first; passes included.
    pub moves: Vec<Move>,
    /// True for an exact solve's line; false for a search to a depth.
    pub exact: bool,
    /// Positions visited in all.
    pub nodes: u64,
}

/// The principal variation of `pos` searched `depth` plies by the players' alpha-beta
/// (full width, the hand-written evaluation), with its value; `None` if `stop` was raised
/// first or the game is over.
///
/// The engine's own line ([`AlphaBeta::principal_variation`]) walks the transposition
/// table, which overwrites entries and, in tic-tac-toe, keys symmetric positions alike, so
/// it is often shorter than the depth. This line is found by search instead: the best move
/// of a `depth`-ply search, then of a `depth - 1`-ply search of the position it leads to,
/// and so on (one engine, so each search starts from the table of the last). It therefore
/// has the search's depth, unless the game ends first, and the evaluation (or the score of
/// the finished game) at its end is the value for the side to move there, as minimax
/// defines it: the line's value carried down the tree.
pub fn principal_variation<G: Game>(pos: &G, depth: u32, stop: &Stop) -> Option<PvLine> {
    if pos.outcome().is_over() {
        return None;
    }
    let mut engine = AlphaBeta::new(16);
    let mut at = *pos;
    let mut moves = Vec::new();
    let mut value = None;
    let mut nodes = 0;
    for left in (1..=depth.max(1)).rev() {
        if at.outcome().is_over() {
            break;
        }
        let (v, mv) = engine.watched_root(&at, left, stop, &mut NoObserver)?;
        nodes += engine.nodes();
        value.get_or_insert(v);
        let mv = mv?;
        moves.push(mv);
        at = at.play_unchecked(mv);
    }
    Some(PvLine {
        value: value?,
        moves,
        exact: false,
        nodes,
    })
}

/// The exact solver's value and line for `pos` (see [`Game::solve`]); `None` if the game is
/// over or `stop` was raised. Only worth asking within [`Game::solve_reach`] empty cells.
pub fn solver_line<G: Game>(pos: &G, stop: &Stop) -> Option<PvLine> {
    let mut quiet = |_: &crate::ai::Progress| {};
    let mut ctx = Context::new(stop, &mut quiet);
    let s = pos.solve(&mut ctx, false)?;
    Some(PvLine {
        value: s.score,
        moves: s.pv,
        exact: true,
        nodes: s.nodes,
    })
}
