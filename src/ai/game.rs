//! What the generic searches need to know about a game beyond its rules: how to score a
//! finished game, how to guess at an unfinished one, which positions are the same up to
//! symmetry, and how to solve a position exactly when that is affordable; and the one way
//! from a [`Variant`] chosen at run time to the concrete [`Game`] type, [`visit`].
//!
//! The games implement [`Game`] in their own files ([`tictactoe`](super::tictactoe),
//! [`othello`](super::othello)), beside their solvers, so this file depends on no game.

use super::Context;
use crate::core::othello::{Othello, Size};
use crate::core::tictactoe::TicTacToe;
use crate::core::{GameKind, Move, ParseError, Position, Supported, Variant, VariantVisitor};

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
    /// The principal variation: a best move first, then the best replies, as far as the
    /// solver gives them (see [`Progress::pv`](crate::ai::Progress::pv)).
    pub pv: Vec<Move>,
}

/// A game the generic searches can play: the rules of [`Position`] plus scoring.
///
/// Scores are from the point of view of the side to move, on one scale for the whole game:
/// proven results have magnitude at least [`PROVEN`], heuristic ones less, so a search always
/// prefers a proven win to a promising position.
pub trait Game: Position {
    /// Which game this is: what the difficulty levels are tuned by (see
    /// [`Level`](super::Level)).
    const KIND: GameKind;

    /// What the exact solver keeps from one solve to the next (its table), so a player that
    /// solves every move keeps it: `()` where nothing is worth keeping.
    type Solver: Default + Send;

    /// The score of a finished game.
    fn terminal_score(&self) -> i32;

    /// A heuristic score of an unfinished game, strictly between `-PROVEN` and `PROVEN`.
    fn evaluate(&self) -> i32;

    /// The learned evaluation where the game has one (8x8 and 12x12 Othello: the pattern
    /// evaluations trained by `boardplay train`), else [`evaluate`](Game::evaluate). Same scale.
    fn evaluate_learned(&self) -> i32 {
        self.evaluate()
    }

    /// What a search carries from a position to its children so that evaluating each costs
    /// less than from scratch (8x8 Othello: its pattern indices,
    /// [`Indices`](crate::ai::eval::pattern::Indices)); `()` where nothing is carried.
    type Carry: Copy + Send;

    /// This position's carry, worked out from scratch.
    fn carry(&self) -> Self::Carry;

    /// The carry of `child`, a position one move (or a pass) from this one, whose carry is
    /// `carry`.
    fn carry_to(&self, carry: &Self::Carry, child: &Self) -> Self::Carry;

    /// [`evaluate_learned`](Game::evaluate_learned), with this position's carry.
    fn evaluate_learned_carried(&self, carry: &Self::Carry) -> i32 {
        let _ = carry;
        self.evaluate_learned()
    }

    /// A search's leaf, with its carry: `None` if the game is over (the search scores it as
    /// finished), else the learned evaluation if `learned`, else
    /// [`evaluate`](Game::evaluate). A game whose evaluation already generates the moves
    /// answers both at once.
    fn leaf_value(&self, carry: &Self::Carry, learned: bool) -> Option<i32> {
        let _ = carry;
        if self.move_count() == 0 {
            None
        } else if learned {
            Some(self.evaluate_learned())
        } else {
            Some(self.evaluate())
        }
    }

    /// A transposition-table key that is the same for positions equal up to a symmetry of the
    /// board (and which therefore have the same value). By default just the hash.
    fn canonical_key(&self) -> u64 {
        self.hash_key()
    }

    /// True if [`canonical_key`](Game::canonical_key) names the position itself, so a best
    /// move a table keeps under it is a move of this position, and a principal variation
    /// can be read from the table. False where symmetric positions share a key (their
    /// stored moves are in another orientation).
    const KEY_IS_POSITION: bool = true;

    /// ProbCut for a `depth`-ply search of this position with the learned evaluation: the
    /// standard deviation, in score units, of that search's value minus the value of a
    /// [`shallow_depth`](super::alphabeta::shallow_depth)`(depth)`-ply one, where it was
    /// measured (`boardplay probcut`); `None` elsewhere, the default.
    fn probcut_sigma(&self, depth: u32) -> Option<i32> {
        let _ = depth;
        None
    }

    /// Empty cells: the measure of how far an exact solution is.
    fn empty_cells(&self) -> u32;

    /// Solves the position exactly with `solver`: its value and the best moves (every best
    /// move if `all_best`). `None` if the game is over or the search was stopped.
    fn solve_with(
        &self,
        solver: &mut Self::Solver,
        ctx: &mut Context<'_>,
        all_best: bool,
    ) -> Option<Solution>;

    /// [`solve_with`](Game::solve_with) a fresh solver.
    fn solve(&self, ctx: &mut Context<'_>, all_best: bool) -> Option<Solution> {
        self.solve_with(&mut Self::Solver::default(), ctx, all_best)
    }

    /// The most empty cells at which an analysis solves every move exactly, as the players
    /// that solve before their move do.
    fn solve_reach(&self) -> u32;

    /// The most empty cells at which an exact solve takes about a millisecond on one core:
    /// a player on a clock solves such a position whatever time it has left, since a move
    /// played without the solve can throw a won ending away. 0 where no such bound is known.
    fn quick_solve(&self) -> u32 {
        0
    }

    /// True if the game is solved from this start position in reasonable time, so a perfect
    /// player can be offered.
    fn solvable_from(start: &Self) -> bool;

    /// A proven score in the game's units and in words, for the exact value of a position:
    /// the disc difference ("+6") in Othello; in tic-tac-toe +n for a win and -n for a loss
    /// in n moves, this one included ("win in 3"), 0 for a draw ("draw").
    fn exact_value(&self, score: i32) -> (i32, String);

    /// A move's value short enough to write on its cell: "+18" or "-2" (disc difference in
    /// Othello), "W3" / "D" / "L2" (tic-tac-toe: win or loss in that many moves, this one
    /// included, or a draw), "?" for an unproven tic-tac-toe value. `self` is the position
    /// the move is played from; `score` is from its mover's point of view.
    fn move_label(&self, score: i32, exact: bool) -> String;

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

/// Code that runs on the start position of a [`Variant`] as its concrete [`Game`] type: the
/// players, analyses and reviews need [`Game`], not just the rules.
pub trait GameVisitor {
    /// What the code returns.
    type Output;
    /// Runs on the start position of the variant.
    fn visit<G: Game>(self, start: G) -> Self::Output;
}

/// Runs `visitor` on the start position of `variant`, as its [`Game`] type; the error says
/// why the rules core does not support the board.
///
/// The core's [`VariantVisitor`] has a method for each game, with its concrete type, and every
/// such type implements [`Game`]: so this is the core's one dispatch (one match on the
/// variant, and no list of types repeated here), and a game without a [`Game`]
/// implementation, or one the dispatch does not cover, does not compile.
pub fn visit<V: GameVisitor>(variant: Variant, visitor: V) -> Result<V::Output, ParseError> {
    variant.visit(AsGame(visitor))
}

/// Runs `visitor` on the start position of a board already checked, as its [`Game`] type:
/// [`visit`] that cannot fail.
pub fn visit_supported<V: GameVisitor>(board: Supported, visitor: V) -> V::Output {
    board.visit(AsGame(visitor))
}

struct AsGame<V>(V);

impl<V: GameVisitor> VariantVisitor for AsGame<V> {
    type Output = V::Output;
    fn tic_tac_toe(self, start: TicTacToe) -> V::Output {
        self.0.visit(start)
    }
    fn othello<S: Size>(self, start: Othello<S>) -> V::Output {
        self.0.visit(start)
    }
}
