//! Difficulty levels: named choices of player and budget for each game and size, and the
//! factory the window and the command line make players with.
//!
//! Each cell states the level's budget as [`Level::budget`] words it for the user:
//!
//! | level | tic-tac-toe | Othello up to 8x8 | Othello 10x10 and up |
//! | --- | --- | --- | --- |
//! | Beginner | random moves | random moves | random moves |
//! | Easy | minimax, 1 ply (takes a win it sees) | MCTS, 200 iterations | MCTS, 200 iterations |
//! | Medium | minimax, 2 plies (also blocks) | minimax, 3 plies | minimax, 3 plies |
//! | Hard | MCTS, 20,000 iterations | alpha-beta, 6 plies, exact from 14 empties | alpha-beta, 4 plies, exact from 10 empties |
//! | Expert | alpha-beta, 4 plies | alpha-beta, at most 3 s a move, exact from 20 empties | alpha-beta, at most 3 s a move, exact from 14 empties |
//! | Perfect | exact solver (boards of up to 16 cells) | exact solver (4x4 and 6x6) | - |
//!
//! Perfect is offered only where the game is solved from the first move ([`Level::available`]).
//! Asked for anyway on a bigger board, it gives the strongest player there is: on Othello
//! alpha-beta, at most 5 s a move, exact from 22 empties (up to 8x8; 16 empties above); on
//! tic-tac-toe alpha-beta, at most 3 s a move (up to 12 plies). The timed Othello levels have no
//! depth cap: they deepen until the next iteration is predicted not to finish in time.
//!
//! Only the levels with a time in their budget have a limit on the time of a move
//! ([`StatedBudget::time_limit`]), which they keep also when they solve exactly (the solve
//! stops at the deadline, and the move of a short search made first is played instead).
//! The others have a budget of work: how long it takes depends on the machine and the
//! position.

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

/// The budget a player works within, as stated to the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatedBudget {
    /// In words: "MCTS, 200 iterations", "alpha-beta, at most 3 s a move,
    /// exact from 20 empties".
    pub text: String,
    /// The longest a move may take, if the budget is one of time; `None` for a budget of
    /// work (plies, iterations, an exact solve), whose time depends on the machine.
    pub time_limit: Option<Duration>,
}

impl fmt::Display for StatedBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl Level {
    /// What the player of this level may spend on a move on the board of `start`: the
    /// budget in words, and its time limit if it has one.
    pub fn budget<P: Position>(self, start: &P) -> StatedBudget {
        PlayerSpec::Level(self).budget(start)
    }
}

/// A player and its budget: the one table both the players and the budgets stated to the
/// user are made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Recipe {
    Random,
    Minimax(u32),
    Mcts(u64),
    /// Alpha-beta to a depth; exact from this many empties (0: never).
    AlphaBeta {
        depth: u32,
        exact_from: u32,
    },
    /// Alpha-beta for at most `time` a move, up to `max_depth` plies if capped; exact from
    /// this many empties (0: never).
    /// Leaves are scored by the learned evaluation where the game has one (`learned`).
    TimedAlphaBeta {
        time: Duration,
        max_depth: Option<u32>,
        exact_from: u32,
        learned: bool,
    },
    Perfect,
}

impl Recipe {
    /// The recipe of `level` on a board of `cells` cells of tic-tac-toe (`ttt`) or Othello.
    fn of_level(level: Level, ttt: bool, cells: usize) -> Recipe {
        let timed = |secs, max_depth: Option<u32>, exact_from| Recipe::TimedAlphaBeta {
            time: Duration::from_secs(secs),
            max_depth,
            exact_from,
            learned: true,
        };
        if ttt {
            return match level {
                Level::Beginner => Recipe::Random,
                Level::Easy => Recipe::Minimax(1),
                Level::Medium => Recipe::Minimax(2),
                Level::Hard => Recipe::Mcts(20_000),
                Level::Expert => Recipe::AlphaBeta {
                    depth: 4,
                    exact_from: 0,
                },
                Level::Perfect if cells <= 16 => Recipe::Perfect,
                Level::Perfect => timed(3, Some(12), 0),
            };
        }
        // Bigger boards search slower (wider bitboards, more moves): shallower, and exact
        // from fewer empties, to keep moves within a few seconds.
        let small = cells <= 64;
        let hard = if small { 6 } else { 4 };
        let (hard_exact, expert_exact) = if small { (14, 20) } else { (10, 14) };
        match level {
            Level::Beginner => Recipe::Random,
            Level::Easy => Recipe::Mcts(200),
            Level::Medium => Recipe::Minimax(3),
            Level::Hard => Recipe::AlphaBeta {
                depth: hard,
                exact_from: hard_exact,
            },
            Level::Expert => timed(3, None, expert_exact),
            Level::Perfect if cells <= 36 => Recipe::Perfect,
            Level::Perfect => timed(5, None, expert_exact + 2),
        }
    }

    fn make<G: Game>(self, seed: u64) -> Box<dyn Player<G>> {
        match self {
            Recipe::Random => Box::new(RandomPlayer::new(seed)),
            Recipe::Minimax(d) => Box::new(MinimaxPlayer::new(d)),
            Recipe::Mcts(n) => Box::new(MctsPlayer::new(Budget::Iterations(n), seed)),
            Recipe::AlphaBeta { depth, exact_from } => {
                Box::new(AlphaBetaPlayer::new(Budget::Depth(depth)).solve_from(exact_from))
            }
            Recipe::TimedAlphaBeta {
                time,
                max_depth,
                exact_from,
                learned,
            } => {
                let player = AlphaBetaPlayer::new(Budget::Time(time))
                    .solve_from(exact_from)
                    .learned_eval(learned);
                Box::new(match max_depth {
                    Some(d) => player.max_depth(d),
                    None => player,
                })
            }
            Recipe::Perfect => Box::new(PerfectPlayer::new()),
        }
    }

    fn budget(self) -> StatedBudget {
        let exact = |empties: u32| {
            if empties > 0 {
                format!(", exact from {empties} empties")
            } else {
                String::new()
            }
        };
        let (text, time_limit) = match self {
            Recipe::Random => ("random moves".to_string(), None),
            Recipe::Minimax(d) => (format!("minimax, {}", plies(d)), None),
            Recipe::Mcts(n) => (format!("MCTS, {} iterations", thousands(n)), None),
            Recipe::AlphaBeta { depth, exact_from } => (
                format!("alpha-beta, {}{}", plies(depth), exact(exact_from)),
                None,
            ),
            Recipe::TimedAlphaBeta {
                time,
                max_depth,
                exact_from,
                learned,
            } => (
                format!(
                    "alpha-beta, at most {} a move{}{}{}",
                    seconds(time),
                    max_depth.map_or(String::new(), |d| format!(" (up to {})", plies(d))),
                    exact(exact_from),
                    if learned {
                        ""
                    } else {
                        ", hand-written evaluation"
                    }
                ),
                Some(time),
            ),
            Recipe::Perfect => ("exact solver".to_string(), None),
        };
        StatedBudget { text, time_limit }
    }
}

fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".into()
    } else {
        format!("{n} plies")
    }
}

/// `20000` as "20,000".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "3 s", "0.5 s", "2.25 s".
fn seconds(t: Duration) -> String {
    let text = format!("{:.3}", t.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text} s")
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
/// choices. [`Level::budget`] states its budget.
pub fn make_player<G: Game>(level: Level, start: &G, seed: u64) -> Box<dyn Player<G>> {
    PlayerSpec::Level(level).make(start, seed)
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
    /// Expert with the hand-written evaluation instead of the learned one ("expert-hand"):
    /// the opponent the learned evaluation was measured against.
    ExpertHand,
}

impl PlayerSpec {
    /// Reads "hard", "random", "minimax:3", "alphabeta:6", "mcts:5000", "perfect" or
    /// "expert-hand".
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
            "expert-hand" => PlayerSpec::ExpertHand,
            _ if arg.is_none() => PlayerSpec::Level(Level::parse(name)?),
            _ => return None,
        })
    }

    fn recipe<P: Position>(self, start: &P) -> Recipe {
        match self {
            PlayerSpec::Level(level) => Recipe::of_level(
                level,
                TypeId::of::<P>() == TypeId::of::<TicTacToe>(),
                start.cell_count(),
            ),
            PlayerSpec::Random => Recipe::Random,
            PlayerSpec::Minimax(d) => Recipe::Minimax(d.max(1)),
            PlayerSpec::AlphaBeta(d) => Recipe::AlphaBeta {
                depth: d.max(1),
                exact_from: 0,
            },
            PlayerSpec::Mcts(n) => Recipe::Mcts(n),
            PlayerSpec::Perfect => Recipe::Perfect,
            PlayerSpec::ExpertHand => match PlayerSpec::Level(Level::Expert).recipe(start) {
                Recipe::TimedAlphaBeta {
                    time,
                    max_depth,
                    exact_from,
                    ..
                } => Recipe::TimedAlphaBeta {
                    time,
                    max_depth,
                    exact_from,
                    learned: false,
                },
                other => other,
            },
        }
    }

    /// The player for a game the AI knows.
    pub fn make<G: Game>(self, start: &G, seed: u64) -> Box<dyn Player<G>> {
        self.recipe(start).make(seed)
    }

    /// What this player may spend on a move on the board of `start`: the budget in words,
    /// and its time limit if it has one.
    pub fn budget<P: Position>(self, start: &P) -> StatedBudget {
        self.recipe(start).budget()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::othello::{Othello, Size8, Size12};

    /// The module documentation's table, which must state every budget as players do.
    fn module_doc() -> String {
        include_str!("level.rs")
            .lines()
            .take_while(|l| l.starts_with("//!"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn check_doc<P: Position>(start: &P, levels: &[Level]) {
        let doc = module_doc();
        for &level in levels {
            let b = level.budget(start);
            assert!(
                doc.contains(&b.text),
                "{level} on {}: {b} is not in the module doc",
                start.cell_count()
            );
        }
    }

    #[test]
    fn the_module_doc_states_every_budget() {
        let ttt3 = TicTacToe::classic();
        let ttt4 = TicTacToe::square(4).unwrap();
        let o8 = Othello::<Size8>::start();
        let o12 = Othello::<Size12>::start();
        check_doc(&ttt3, &Level::available(&ttt3));
        check_doc(&ttt4, &Level::available(&ttt4));
        check_doc(&TicTacToe::square(5).unwrap(), &[Level::Perfect]);
        // Perfect is not offered on 8x8, but the doc names what it gives there.
        check_doc(&o8, &Level::ALL);
        check_doc(&o12, &Level::available(&o12));
    }

    #[test]
    fn budgets_are_stated_in_words_with_their_time_limits() {
        let o8 = Othello::<Size8>::start();
        let o12 = Othello::<Size12>::start();
        let ttt = TicTacToe::classic();
        assert_eq!(Level::Beginner.budget(&o8).text, "random moves");
        assert_eq!(Level::Easy.budget(&ttt).text, "minimax, 1 ply");
        assert_eq!(Level::Hard.budget(&ttt).text, "MCTS, 20,000 iterations");
        assert_eq!(
            Level::Hard.budget(&o8).text,
            "alpha-beta, 6 plies, exact from 14 empties"
        );
        let expert = Level::Expert.budget(&o12);
        assert_eq!(
            expert.to_string(),
            "alpha-beta, at most 3 s a move, exact from 14 empties"
        );
        assert_eq!(expert.time_limit, Some(Duration::from_secs(3)));
        assert_eq!(
            Level::Perfect.budget(&o8).time_limit,
            Some(Duration::from_secs(5))
        );
        for level in [Level::Beginner, Level::Easy, Level::Medium, Level::Hard] {
            assert_eq!(level.budget(&o8).time_limit, None, "{level}");
        }
        assert_eq!(Level::Perfect.budget(&ttt).text, "exact solver");
        assert_eq!(Level::Perfect.budget(&ttt).time_limit, None);
    }

    #[test]
    fn named_players_state_their_budgets() {
        let o8 = Othello::<Size8>::start();
        let text = |s: &str| PlayerSpec::parse(s).unwrap().budget(&o8).text;
        assert_eq!(text("alphabeta:1"), "alpha-beta, 1 ply");
        assert_eq!(text("minimax:0"), "minimax, 1 ply");
        assert_eq!(text("mcts:1234567"), "MCTS, 1,234,567 iterations");
        assert_eq!(text("random"), "random moves");
        assert_eq!(text("exact"), "exact solver");
        assert_eq!(text("expert"), Level::Expert.budget(&o8).text);
    }

    #[test]
    fn numbers_and_times_are_written_plainly() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(20_000), "20,000");
        assert_eq!(seconds(Duration::from_secs(3)), "3 s");
        assert_eq!(seconds(Duration::from_millis(500)), "0.5 s");
        assert_eq!(seconds(Duration::from_millis(2250)), "2.25 s");
    }
}
