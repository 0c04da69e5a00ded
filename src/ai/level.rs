//! Difficulty levels: named choices of player and budget for each game and size, and the
//! factory the window and the command line make players with.
//!
//! | level | tic-tac-toe | Othello up to 8x8 | Othello 10x10 and up |
//! | --- | --- | --- | --- |
//! | Beginner | random moves | random moves | random moves |
//! | Easy | minimax, 1 ply (takes a win it sees) | MCTS, 200 iterations | the same |
//! | Medium | minimax, 2 plies (also blocks) | minimax, 3 plies | the same |
//! | Hard | MCTS, 20,000 iterations | alpha-beta, 6 plies, exact from 14 empties | 4 plies, exact from 10 |
//! | Expert | alpha-beta, 4 plies | alpha-beta, 9 plies (at most 3 s), exact from 20 empties | 6 plies, exact from 14 |
//! | Perfect | exact solver (boards of up to 16 cells) | exact solver on 4x4 and 6x6 | - |
//!
//! Perfect is offered only where the game is solved from the first move ([`Level::available`]).
//! Asked for anyway on a bigger Othello board, it gives the strongest player there is:
//! alpha-beta for up to 5 s a move (11 plies up to 8x8, 7 above) and exact play from 22
//! (8x8) or 16 empties.

use std::any::{Any, TypeId};
use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::alphabeta::AlphaBetaPlayer;
use super::game::{Game, Solution, same_player, with_game};
use super::mcts::MctsPlayer;
use super::minimax::MinimaxPlayer;
use super::{Budget, Context, Player, Progress, RandomPlayer};
use crate::core::tictactoe::TicTacToe;
use crate::core::{Move, Position};

/// A difficulty level, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Level {
    /// Random moves.
    Beginner,
    /// Sees a move or two ahead.
    Easy,
    /// A short search.
    Medium,
    /// A real search; exact near the end of an Othello game.
    Hard,
    /// The deepest search in a few seconds; exact in the Othello endgame.
    Expert,
    /// Never makes a mistake (where the game is small enough to solve; else the strongest).
    Perfect,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 6] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Perfect,
    ];

    /// The levels offered for a game: all but Perfect where the game cannot be solved
    /// exactly in reasonable time (tic-tac-toe above 16 cells; Othello above 6x6, where the
    /// strongest level is Expert-with-more-time, named Perfect only on solved boards).
    pub fn available<P: Position>(start: &P) -> Vec<Level> {
        let solvable = start.cell_count() <= 16
            || (TypeId::of::<P>() != TypeId::of::<TicTacToe>() && start.cell_count() <= 36);
        Level::ALL
            .into_iter()
            .filter(|l| *l != Level::Perfect || solvable)
            .collect()
    }

    /// The next weaker level, if any.
    pub fn below(self) -> Option<Level> {
        let i = Level::ALL.iter().position(|l| *l == self)?;
        i.checked_sub(1).map(|j| Level::ALL[j])
    }

    /// Reads a level name, any case.
    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.to_string().eq_ignore_ascii_case(text.trim()))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Beginner => "Beginner",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
            Level::Perfect => "Perfect",
        })
    }
}

/// Plays the game's exact solution: every move is best, the fastest win and the slowest
/// loss first. Used by Perfect where the game can be solved from the start.
#[derive(Debug, Default)]
pub struct PerfectPlayer {
    ttt: Option<super::solver::tictactoe::TicTacToeSolver>,
}

impl PerfectPlayer {
    /// A perfect player.
    pub fn new() -> PerfectPlayer {
        PerfectPlayer::default()
    }

    fn solve<G: Game>(&mut self, pos: &G, ctx: &mut Context<'_>) -> Option<Solution> {
        // Tic-tac-toe keeps its table from move to move, so later moves are instant.
        if let Some(t) = (pos as &dyn Any).downcast_ref::<TicTacToe>() {
            return self.ttt.get_or_insert_default().solve(t, ctx, false);
        }
        pos.solve(ctx, false)
    }
}

impl<G: Game> Player<G> for PerfectPlayer {
    fn name(&self) -> String {
        "Perfect".into()
    }

    fn choose(&mut self, pos: &G, ctx: &mut Context<'_>) -> Option<Move> {
        let first = pos.legal_moves().next()?;
        let sol = self.solve(pos, ctx);
        let mv = sol.and_then(|s| s.best.first().copied()).unwrap_or(first);
        if !pos.is_legal(mv) {
            return Some(first);
        }
        (ctx.report)(&Progress {
            best: Some(mv),
            ..Progress::default()
        });
        Some(mv)
    }
}

/// The player of `level` for a game the AI knows (see [`Game`]); `seed` fixes its random
/// choices.
pub fn make_player<G: Game>(level: Level, start: &G, seed: u64) -> Box<dyn Player<G>> {
    let is_ttt = TypeId::of::<G>() == TypeId::of::<TicTacToe>();
    let cells = start.cell_count();
    if is_ttt {
        match level {
            Level::Beginner => Box::new(RandomPlayer::new(seed)),
            Level::Easy => Box::new(MinimaxPlayer::new(1)),
            Level::Medium => Box::new(MinimaxPlayer::new(2)),
            Level::Hard => Box::new(MctsPlayer::new(Budget::Iterations(20_000), seed)),
            Level::Expert => Box::new(AlphaBetaPlayer::new(Budget::Depth(4))),
            Level::Perfect if cells <= 16 => Box::new(PerfectPlayer::new()),
            Level::Perfect => {
                Box::new(AlphaBetaPlayer::new(Budget::Time(Duration::from_secs(3))).max_depth(12))
            }
        }
    } else {
        // Bigger boards search slower (wider bitboards, more moves): shallower, and exact
        // from fewer empties, to keep moves within a few seconds.
        let small = cells <= 64;
        let (hard, expert, top) = if small { (6, 9, 11) } else { (4, 6, 7) };
        let (hard_exact, expert_exact) = if small { (14, 20) } else { (10, 14) };
        match level {
            Level::Beginner => Box::new(RandomPlayer::new(seed)),
            Level::Easy => Box::new(MctsPlayer::new(Budget::Iterations(200), seed)),
            Level::Medium => Box::new(MinimaxPlayer::new(3)),
            Level::Hard => {
                Box::new(AlphaBetaPlayer::new(Budget::Depth(hard)).solve_from(hard_exact))
            }
            Level::Expert => Box::new(
                AlphaBetaPlayer::new(Budget::Time(Duration::from_secs(3)))
                    .max_depth(expert)
                    .solve_from(expert_exact),
            ),
            Level::Perfect if cells <= 36 => Box::new(PerfectPlayer::new()),
            Level::Perfect => Box::new(
                AlphaBetaPlayer::new(Budget::Time(Duration::from_secs(5)))
                    .max_depth(top)
                    .solve_from(expert_exact + 2),
            ),
        }
    }
}

/// A player named on the command line or in settings: a level, or one algorithm with a
/// budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerSpec {
    /// The player of a difficulty level.
    Level(Level),
    /// Uniformly random moves.
    Random,
    /// Plain minimax to this depth.
    Minimax(u32),
    /// Alpha-beta to this depth.
    AlphaBeta(u32),
    /// MCTS with this many iterations.
    Mcts(u64),
    /// The exact solver (slow on boards too big to solve).
    Perfect,
}

impl PlayerSpec {
    /// Reads "hard", "random", "minimax:3", "alphabeta:6", "mcts:5000" or "perfect".
    pub fn parse(text: &str) -> Option<PlayerSpec> {
        let t = text.trim().to_ascii_lowercase();
        let (name, arg) = t
            .split_once(':')
            .map_or((t.as_str(), None), |(a, b)| (a, Some(b)));
        let num = |default: u64| arg.map_or(Some(default), |a| a.parse().ok());
        Some(match name {
            "random" => PlayerSpec::Random,
            "minimax" => PlayerSpec::Minimax(num(3)? as u32),
            "alphabeta" | "alpha-beta" | "ab" => PlayerSpec::AlphaBeta(num(6)? as u32),
            "mcts" => PlayerSpec::Mcts(num(10_000)?),
            "exact" | "solver" => PlayerSpec::Perfect,
            _ if arg.is_none() => PlayerSpec::Level(Level::parse(name)?),
            _ => return None,
        })
    }

    /// The player for a game the AI knows.
    pub fn make<G: Game>(self, start: &G, seed: u64) -> Box<dyn Player<G>> {
        match self {
            PlayerSpec::Level(level) => make_player(level, start, seed),
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Minimax(d) => Box::new(MinimaxPlayer::new(d)),
            PlayerSpec::AlphaBeta(d) => Box::new(AlphaBetaPlayer::new(Budget::Depth(d))),
            PlayerSpec::Mcts(n) => Box::new(MctsPlayer::new(Budget::Iterations(n), seed)),
            PlayerSpec::Perfect => Box::new(PerfectPlayer::new()),
        }
    }

    /// The player for any position type of this crate (see [`player_for`]).
    pub fn make_any<P: Position>(self, start: &P, seed: u64) -> Box<dyn Player<P>> {
        with_game!(start, |g: G| same_player(self.make::<G>(g, seed)))
            .flatten()
            .unwrap_or_else(|| Box::new(RandomPlayer::new(seed)))
    }
}

/// The player of `level` for any position type of this crate (tic-tac-toe, Othello of every
/// size): the entry point for code that is generic over [`Position`], such as a
/// [`VariantVisitor`](crate::core::VariantVisitor). A position type this crate does not
/// define gets the random player.
pub fn player_for<P: Position>(level: Level, start: &P, seed: u64) -> Box<dyn Player<P>> {
    PlayerSpec::Level(level).make_any(start, seed)
}

/// An exact solution in words, for the command line and analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    /// The value in the game's units: the disc difference in Othello; in tic-tac-toe +n for
    /// a win and -n for a loss in n moves (plies, the last one included), 0 for a draw.
    pub score: i32,
    /// The value in words.
    pub text: String,
    /// Every best move.
    pub best: Vec<Move>,
    /// Positions visited.
    pub nodes: u64,
}

/// Solves any position of this crate's games exactly with every best move; `None` if the
/// game is over, the search was stopped, or the position type is not this crate's.
pub fn solve_any<P: Position>(pos: &P, ctx: &mut Context<'_>) -> Option<SolveReport> {
    if let Some(t) = (pos as &dyn Any).downcast_ref::<TicTacToe>() {
        let sol = t.solve(ctx, true)?;
        let moves = super::game::ttt_moves_to_end(t, sol.score);
        let (score, text) = match moves {
            Some(n) if sol.score > 0 => (n as i32, format!("win in {n}")),
            Some(n) => (-(n as i32), format!("loss in {n}")),
            None => (0, "draw".to_string()),
        };
        return Some(SolveReport {
            score,
            text,
            best: sol.best,
            nodes: sol.nodes,
        });
    }
    with_game!(pos, |g: G| {
        let sol = g.solve(ctx, true)?;
        let d = <G as Game>::display_score(sol.score);
        SolveReport {
            score: d,
            text: format!("{d:+}"),
            best: sol.best,
            nodes: sol.nodes,
        }
    })
}
