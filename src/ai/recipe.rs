//! [`Recipe`]: what a player is made from, which both the players and the budgets stated
//! to the person come from; the limits a player description names; and [`StatedBudget`].
//! Both the levels ([`super::level`]) and the player descriptions ([`super::player`]) use
//! it, and it uses neither.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::ai::alphabeta::AlphaBetaPlayer;
use crate::ai::game::Game;
use crate::ai::mcts::MctsPlayer;
use crate::ai::minimax::MinimaxPlayer;
use crate::ai::perfect::PerfectPlayer;
use crate::ai::{Budget, Player, RandomPlayer};
use crate::stats::thousands;

/// How many standard deviations beyond the window ProbCut cuts in the players that search
/// with the learned evaluation.
pub const PROBCUT_SIGMAS: f32 = 1.5;

/// How long alpha-beta searches a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AlphaBetaLimit {
    /// This many plies deep.
    Depth(u32),
    /// Deepening for this long (in settings files `TimeMs(1500)`, whole milliseconds).
    #[serde(rename = "TimeMs")]
    Time(#[serde(with = "crate::ai::millis")] Duration),
}

/// How long Monte Carlo tree search runs for a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MctsLimit {
    /// This many iterations.
    Iterations(u64),
    /// This long (in settings files `TimeMs(750)`, whole milliseconds).
    #[serde(rename = "TimeMs")]
    Time(#[serde(with = "crate::ai::millis")] Duration),
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

/// A player and its budget: what both the players and the budgets stated to the user are
/// made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::ai) enum Recipe {
    Random,
    Minimax(u32),
    Mcts(MctsLimit),
    /// Alpha-beta; a time limit may cap the depth; exact from this many empties (0: never);
    /// leaves scored by the learned evaluation where the game has one (`learned`);
    /// ProbCut where its spreads were measured (`selective`).
    AlphaBeta {
        limit: AlphaBetaLimit,
        max_depth: Option<u32>,
        exact_from: u32,
        learned: bool,
        selective: bool,
    },
    Perfect,
}

impl Recipe {
    pub(in crate::ai) fn make<G: Game>(self, seed: u64) -> Box<dyn Player<G>> {
        match self {
            Recipe::Random => Box::new(RandomPlayer::new(seed)),
            Recipe::Minimax(d) => Box::new(MinimaxPlayer::new(d)),
            Recipe::Mcts(MctsLimit::Iterations(n)) => {
                Box::new(MctsPlayer::new(Budget::Iterations(n), seed))
            }
            Recipe::Mcts(MctsLimit::Time(time)) => {
                Box::new(MctsPlayer::new(Budget::Time(time), seed))
            }
            Recipe::AlphaBeta {
                limit,
                max_depth,
                exact_from,
                learned,
                selective,
            } => Box::new(Recipe::alpha_beta(
                limit, max_depth, exact_from, learned, selective,
            )),
            Recipe::Perfect => Box::new(PerfectPlayer::<G>::new()),
        }
    }

    /// The alpha-beta player of a [`Recipe::AlphaBeta`] with these fields, unboxed, for a
    /// caller that sets more on it.
    pub(in crate::ai) fn alpha_beta(
        limit: AlphaBetaLimit,
        max_depth: Option<u32>,
        exact_from: u32,
        learned: bool,
        selective: bool,
    ) -> AlphaBetaPlayer {
        let budget = match limit {
            AlphaBetaLimit::Depth(d) => Budget::Depth(d),
            AlphaBetaLimit::Time(time) => Budget::Time(time),
        };
        let player = AlphaBetaPlayer::new(budget)
            .solve_from(exact_from)
            .learned_eval(learned)
            .probcut(selective.then_some(PROBCUT_SIGMAS));
        match max_depth {
            Some(d) => player.max_depth(d),
            None => player,
        }
    }

    pub(in crate::ai) fn budget(self) -> StatedBudget {
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
            Recipe::Mcts(MctsLimit::Iterations(n)) => {
                (format!("MCTS, {} iterations", thousands(n)), None)
            }
            Recipe::Mcts(MctsLimit::Time(time)) => (
                format!("MCTS, at most {} a move", seconds(time)),
                Some(time),
            ),
            Recipe::AlphaBeta {
                limit: AlphaBetaLimit::Depth(d),
                exact_from,
                ..
            } => (
                format!("alpha-beta, {}{}", plies(d), exact(exact_from)),
                None,
            ),
            Recipe::AlphaBeta {
                limit: AlphaBetaLimit::Time(time),
                max_depth,
                exact_from,
                ..
            } => (
                format!(
                    "alpha-beta, at most {} a move{}{}",
                    seconds(time),
                    max_depth.map_or(String::new(), |d| format!(" (up to {})", plies(d))),
                    exact(exact_from),
                ),
                Some(time),
            ),
            Recipe::Perfect => ("exact solver".to_string(), None),
        };
        StatedBudget { text, time_limit }
    }
}

pub(in crate::ai) fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".into()
    } else {
        format!("{n} plies")
    }
}

/// "3 s", "0.5 s", "2.25 s".
pub(in crate::ai) fn seconds(t: Duration) -> String {
    let text = format!("{:.3}", t.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text} s")
}
