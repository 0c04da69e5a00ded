//! The one description of a computer player, [`PlayerSpec`]: a difficulty level, or one
//! algorithm with its budget. The window's seats, the settings file and the command line all
//! name players with it, and [`PlayerSpec::make`] is the one place players are made.
//!
//! As text (the command line, [`FromStr`](std::str::FromStr) and [`Display`](fmt::Display)):
//!
//! | text | player |
//! | --- | --- |
//! | `beginner` `easy` `medium` `hard` `expert` `perfect` | the level (see [`Level`]) |
//! | `random` | uniformly random moves |
//! | `minimax[:DEPTH]` | minimax, DEPTH plies (default 3) |
//! | `alphabeta[:DEPTH]`, `alphabeta:SECONDSs`, `alphabeta:MSms` (also `alpha-beta`, `ab`) | alpha-beta to a depth (default 6) or for a time a move |
//! | `mcts[:ITERATIONS]`, `mcts:SECONDSs`, `mcts:MSms` | Monte Carlo tree search (default 10,000 iterations) |
//! | `exact` (also `solver`) | the exact solver, on any board |
//! | `expert-hand` | Expert with the hand-written evaluation instead of the learned one |
//! | `expert-full-width` | Expert without selective search (ProbCut) |
//! | `engine:COMMAND`, `engine:DEPTH:COMMAND`, `engine:TIME:COMMAND`, `engine:DEPTH,TIME:COMMAND` | another program, an engine that speaks the NBoard protocol, started by COMMAND (as a terminal runs it; its case kept): `set depth DEPTH` (default [`DEFAULT_DEPTH`](super::engine::DEFAULT_DEPTH)) and TIME a move (`2s`, `500ms`; default 3 s), see [`EngineSpec`] |
//!
//! Depths are 1 to [`MAX_DEPTH`], iterations 1 to [`MAX_ITERATIONS`] and times 1 ms to
//! [`MAX_TIME_MS`] ms; a name that takes no argument refuses one. What follows the colon is
//! the place for further options (an evaluation to search with, say).
//!
//! In a settings file the same players are written as serde writes [`PlayerSpec`]:
//! `Level(Medium)`, `Random`, `Minimax(3)`, `AlphaBeta(Depth(5))`, `AlphaBeta(TimeMs(1000))`,
//! `Mcts(Iterations(10000))`, `Mcts(TimeMs(1000))`, `Perfect`, `ExpertHand`,
//! `ExpertFullWidth`, `Engine((command: "edax -q", depth: 20, move_ms: 3000))`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::core::Variant;

use super::Player;
use super::book::{BookOptions, with_book};
use super::clock::{self, OnClock};
use super::engine::{EnginePlayer, EngineSpec, MAX_COMMAND_LEN, MAX_ENGINE_DEPTH};
use super::game::Game;
use super::level::Level;
use super::millis;
use super::recipe::StatedBudget;

pub use super::alphabeta::MAX_DEPTH;
pub(in crate::ai) use super::recipe::Recipe;
pub use super::recipe::{AlphaBetaLimit, MctsLimit};
pub use error::PlayerSpecError;

mod error;
#[cfg(test)]
mod tests;
mod text;

use super::recipe::seconds;

/// The most MCTS iterations a player may be given: its tree keeps a node for each, and this
/// many already fill gigabytes.
pub const MAX_ITERATIONS: u64 = 100_000_000;

/// The longest time a move may be given, in milliseconds: an hour.
pub const MAX_TIME_MS: u64 = 3_600_000;

/// A computer player: a difficulty level, or one algorithm with its budget. See the module
/// documentation for its text and settings forms.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerSpec {
    /// The player of a difficulty level ([`Level::available`] lists those of a board).
    Level(Level),
    /// A uniformly random legal move. Settings files written before the levels existed say
    /// `Computer(Random)`; they load as this player, which plays like Beginner.
    Random,
    /// Textbook minimax to this depth.
    Minimax(u32),
    /// Alpha-beta with a depth or time limit.
    AlphaBeta(AlphaBetaLimit),
    /// Monte Carlo tree search with an iteration or time limit.
    Mcts(MctsLimit),
    /// The exact solver. Offered in the window only where the game is solved from the first
    /// move; elsewhere it may take a very long time.
    Perfect,
    /// Expert with the hand-written evaluation instead of the learned one: the opponent the
    /// learned evaluation is measured against.
    ExpertHand,
    /// Expert without ProbCut (every move searched to the full depth): the opponent that
    /// measures what selective search buys.
    ExpertFullWidth,
    /// Another program: an engine that speaks the NBoard protocol (Othello only).
    Engine(EngineSpec),
}

/// What a [`PlayerSpec`] is made from.
enum Source<'a> {
    /// One of boardplay's own players.
    Recipe(Recipe),
    /// Another program, run as it says.
    Engine(&'a EngineSpec),
}

impl PlayerSpec {
    /// The player of this description for a game, with its random choices fixed by `seed`;
    /// Expert with the opening book as [`BookOptions::default`] says.
    pub fn make<G: Game>(&self, start: &G, seed: u64) -> Box<dyn Player<G>> {
        self.make_with_book(start, seed, BookOptions::default())
    }

    /// [`PlayerSpec::make`] with the opening book as `book` says (for the players that use
    /// it, [`PlayerSpec::uses_book`]).
    pub fn make_with_book<G: Game>(
        &self,
        start: &G,
        seed: u64,
        book: BookOptions,
    ) -> Box<dyn Player<G>> {
        let player = match self.source(start) {
            Source::Recipe(recipe) => recipe.make(seed),
            Source::Engine(engine) => Box::new(EnginePlayer::new(engine.clone())),
        };
        with_book(player, self.uses_book(), book, seed)
    }

    /// True for the players that play from the opening book where it holds the position
    /// (8x8 Othello): the Expert level, and Perfect where it is Expert with more time. The
    /// variants of Expert that measure its evaluation and selective search do not.
    pub fn uses_book(&self) -> bool {
        matches!(self, PlayerSpec::Level(Level::Expert | Level::Perfect))
    }

    /// The player of this description for the move in `pos` with `clock` on its clock (the
    /// game started at `start`): a player whose budget is one of time takes the time
    /// [`clock::plan_on`] gives it (and solves from where the plan says), instead of its
    /// fixed time a move; whatever its budget, the move never takes more than half of what is
    /// left ([`clock::Capped`]). An engine is given the planned time as its time a move.
    /// Also returns the time planned, for a player with a budget of time.
    pub fn make_on_clock<G: Game>(
        &self,
        start: &G,
        pos: &G,
        seed: u64,
        clock: OnClock,
    ) -> (Box<dyn Player<G>>, Option<Duration>) {
        self.make_on_clock_with_book(start, pos, seed, clock, BookOptions::default())
    }

    /// [`PlayerSpec::make_on_clock`] with the opening book as `book` says: a book move is
    /// played at once, and the time it saves is left on the clock for later moves.
    pub fn make_on_clock_with_book<G: Game>(
        &self,
        start: &G,
        pos: &G,
        seed: u64,
        clock: OnClock,
        book: BookOptions,
    ) -> (Box<dyn Player<G>>, Option<Duration>) {
        let (player, planned) = self.on_clock(start, pos, seed, clock);
        (with_book(player, self.uses_book(), book, seed), planned)
    }

    fn on_clock<G: Game>(
        &self,
        start: &G,
        pos: &G,
        seed: u64,
        clock: OnClock,
    ) -> (Box<dyn Player<G>>, Option<Duration>) {
        let empties = pos.empty_cells();
        let recipe = match self.source(start) {
            Source::Recipe(recipe) => recipe,
            Source::Engine(engine) => {
                let plan = clock::plan_on(clock, empties, 0);
                let engine = EngineSpec {
                    move_time: plan.time,
                    ..engine.clone()
                };
                let player =
                    clock::Capped::new(Box::new(EnginePlayer::new(engine)), clock.left / 2);
                return (Box::new(player), Some(plan.time));
            }
        };
        let (recipe, planned) = match recipe {
            Recipe::AlphaBeta {
                limit: AlphaBetaLimit::Time(_),
                max_depth,
                exact_from,
                learned,
                selective,
            } => {
                let plan = clock::plan_on(clock, empties, exact_from);
                let recipe = Recipe::AlphaBeta {
                    limit: AlphaBetaLimit::Time(plan.time),
                    max_depth,
                    exact_from: plan.exact_from,
                    learned,
                    selective,
                };
                (recipe, Some(plan.time))
            }
            Recipe::Mcts(MctsLimit::Time(_)) => {
                let plan = clock::plan_on(clock, empties, 0);
                (Recipe::Mcts(MctsLimit::Time(plan.time)), Some(plan.time))
            }
            // The players without a budget of time: named one by one, so that a new timed
            // one cannot fall through here and ignore the clock.
            untimed @ (Recipe::Random
            | Recipe::Minimax(_)
            | Recipe::Perfect
            | Recipe::Mcts(MctsLimit::Iterations(_))
            | Recipe::AlphaBeta {
                limit: AlphaBetaLimit::Depth(_),
                ..
            }) => (untimed, None),
        };
        let player = clock::Capped::new(recipe.make(seed), clock.left / 2);
        (Box::new(player), planned)
    }

    /// What this player may spend on a move on the board of `start`: the budget in words,
    /// and its time limit if it has one.
    pub fn budget<G: Game>(&self, start: &G) -> StatedBudget {
        let mut budget = match self.source(start) {
            Source::Recipe(recipe) => recipe.budget(),
            Source::Engine(engine) => {
                return StatedBudget {
                    text: format!(
                        "NBoard engine, depth {}, at most {} a move",
                        engine.depth,
                        seconds(engine.move_time)
                    ),
                    time_limit: Some(engine.move_time),
                };
            }
        };
        match self {
            PlayerSpec::ExpertHand => budget.text.push_str(", hand-written evaluation"),
            PlayerSpec::ExpertFullWidth => budget.text.push_str(", full width"),
            _ => {}
        }
        budget
    }

    /// The name shown to people: the level's name, or the algorithm with its budget.
    pub fn label(&self) -> String {
        match *self {
            PlayerSpec::Level(level) => level.to_string(),
            PlayerSpec::Random => "Random".into(),
            PlayerSpec::Minimax(d) => format!("Minimax, depth {d}"),
            PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(d)) => format!("Alpha-beta, depth {d}"),
            PlayerSpec::AlphaBeta(AlphaBetaLimit::Time(time)) => {
                format!("Alpha-beta, {}", seconds(time))
            }
            PlayerSpec::Mcts(MctsLimit::Iterations(n)) => format!("MCTS, {n} iterations"),
            PlayerSpec::Mcts(MctsLimit::Time(time)) => format!("MCTS, {}", seconds(time)),
            PlayerSpec::Perfect => "Perfect (solver)".into(),
            PlayerSpec::ExpertHand => "Expert (hand-written evaluation)".into(),
            PlayerSpec::ExpertFullWidth => "Expert (full width)".into(),
            // The name it gave when it last ran, else its program's.
            PlayerSpec::Engine(ref engine) => engine.name(),
        }
    }

    /// True if the window offers this player for `variant`: the Perfect level and the
    /// solver only where the game is solved from the first move.
    pub fn is_offered(&self, variant: Variant) -> bool {
        match self {
            PlayerSpec::Level(Level::Perfect) | PlayerSpec::Perfect => {
                Level::offered(variant).contains(&Level::Perfect)
            }
            PlayerSpec::Engine(_) => matches!(variant, Variant::Othello { .. }),
            _ => true,
        }
    }

    /// This description if every number is within its range, else what is not. Text is
    /// checked as it is read; a settings file is checked with this.
    pub fn check(self) -> Result<PlayerSpec, PlayerSpecError> {
        let within = |what, n: u64, min, max| {
            if (min..=max).contains(&n) {
                Ok(())
            } else {
                Err(PlayerSpecError::OutOfRange {
                    what,
                    text: n.to_string(),
                    min,
                    max,
                })
            }
        };
        let time = |t| within("time in milliseconds", millis::whole(t), 1, MAX_TIME_MS);
        match &self {
            PlayerSpec::Minimax(d) => within("minimax depth", (*d).into(), 1, MAX_DEPTH.into())?,
            PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(d)) => {
                within("alpha-beta depth", (*d).into(), 1, MAX_DEPTH.into())?
            }
            PlayerSpec::Mcts(MctsLimit::Iterations(n)) => {
                within("number of MCTS iterations", *n, 1, MAX_ITERATIONS)?
            }
            PlayerSpec::AlphaBeta(AlphaBetaLimit::Time(t))
            | PlayerSpec::Mcts(MctsLimit::Time(t)) => time(*t)?,
            PlayerSpec::Engine(engine) => {
                let command = engine.command.trim();
                if command.is_empty() {
                    return Err(PlayerSpecError::NoCommand);
                }
                if command.len() > MAX_COMMAND_LEN || command.contains(['\n', '\r', '\0']) {
                    return Err(PlayerSpecError::BadCommand);
                }
                let depth = engine.depth.into();
                within("engine depth", depth, 1, MAX_ENGINE_DEPTH.into())?;
                time(engine.move_time)?;
            }
            PlayerSpec::Level(_)
            | PlayerSpec::Random
            | PlayerSpec::Perfect
            | PlayerSpec::ExpertHand
            | PlayerSpec::ExpertFullWidth => {}
        }
        Ok(self)
    }

    /// What the player is made from: a recipe, or the engine this describes.
    fn source<G: Game>(&self, start: &G) -> Source<'_> {
        Source::Recipe(match *self {
            PlayerSpec::Engine(ref engine) => return Source::Engine(engine),
            PlayerSpec::Level(level) => level.recipe(start),
            PlayerSpec::Random => Recipe::Random,
            PlayerSpec::Minimax(d) => Recipe::Minimax(d),
            PlayerSpec::AlphaBeta(limit) => Recipe::AlphaBeta {
                limit,
                max_depth: None,
                exact_from: 0,
                learned: false,
                selective: false,
            },
            PlayerSpec::Mcts(limit) => Recipe::Mcts(limit),
            PlayerSpec::Perfect => Recipe::Perfect,
            PlayerSpec::ExpertHand | PlayerSpec::ExpertFullWidth => {
                match Level::Expert.recipe(start) {
                    Recipe::AlphaBeta {
                        limit,
                        max_depth,
                        exact_from,
                        learned,
                        ..
                    } => Recipe::AlphaBeta {
                        limit,
                        max_depth,
                        exact_from,
                        learned: learned && *self == PlayerSpec::ExpertFullWidth,
                        selective: false,
                    },
                    // Expert without its own search: played as it is.
                    other @ (Recipe::Random
                    | Recipe::Minimax(_)
                    | Recipe::Mcts(_)
                    | Recipe::Perfect) => other,
                }
            }
        })
    }
}
