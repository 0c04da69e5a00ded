//! The one description of a computer player, [`PlayerSpec`]: a difficulty level, or one
//! algorithm with its budget. The window's seats, the settings file and the command line all
//! name players with it, and [`PlayerSpec::make`] is the one place players are made.
//!
//! As text (the command line, [`FromStr`] and [`Display`](fmt::Display)):
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
//!
//! Depths are 1 to [`MAX_DEPTH`], iterations 1 to [`MAX_ITERATIONS`] and times 1 ms to
//! [`MAX_TIME_MS`] ms; a name that takes no argument refuses one. What follows the colon is
//! the place for further options (an evaluation to search with, say).
//!
//! In a settings file the same players are written as serde writes [`PlayerSpec`]:
//! `Level(Medium)`, `Random`, `Minimax(3)`, `AlphaBeta(Depth(5))`, `AlphaBeta(TimeMs(1000))`,
//! `Mcts(Iterations(10000))`, `Mcts(TimeMs(1000))`, `Perfect`, `ExpertHand`,
//! `ExpertFullWidth`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::alphabeta::AlphaBetaPlayer;
use super::game::Game;
use super::level::{Level, StatedBudget};
use super::mcts::MctsPlayer;
use super::minimax::MinimaxPlayer;
use super::perfect::PerfectPlayer;
use super::{Budget, Player, RandomPlayer};
use crate::core::Variant;

pub use super::alphabeta::MAX_DEPTH;

/// How many standard deviations beyond the window ProbCut cuts in the players that search
/// with the learned evaluation.
const PROBCUT_SIGMAS: f32 = 1.5;

/// The most MCTS iterations a player may be given: its tree keeps a node for each, and this
/// many already fill gigabytes.
pub const MAX_ITERATIONS: u64 = 100_000_000;

/// The longest time a move may be given, in milliseconds: an hour.
pub const MAX_TIME_MS: u64 = 3_600_000;

/// How long alpha-beta searches a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AlphaBetaLimit {
    /// This many plies deep.
    Depth(u32),
    /// Deepening for this many milliseconds.
    TimeMs(u64),
}

/// How long Monte Carlo tree search runs for a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MctsLimit {
    /// This many iterations.
    Iterations(u64),
    /// This many milliseconds.
    TimeMs(u64),
}

/// A computer player: a difficulty level, or one algorithm with its budget. See the module
/// documentation for its text and settings forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
}

/// Why a player description was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpecError {
    /// Nothing to read.
    Empty,
    /// A name that is no level and no algorithm.
    Unknown(String),
    /// A name that takes nothing after a colon was given something.
    NoArgument {
        /// The name ("random").
        name: String,
        /// What followed the colon.
        argument: String,
    },
    /// An argument that is not a number (with `s` or `ms` for a time, where allowed).
    NotANumber {
        /// What it should have been ("alpha-beta depth").
        what: &'static str,
        /// The text.
        text: String,
    },
    /// A number outside its range.
    OutOfRange {
        /// What it is ("alpha-beta depth").
        what: &'static str,
        /// The number as written.
        text: String,
        /// The least allowed.
        min: u64,
        /// The most allowed.
        max: u64,
    },
}

impl fmt::Display for PlayerSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpecError::Empty => f.write_str("no player given"),
            PlayerSpecError::Unknown(name) => write!(
                f,
                "unknown player '{name}' (expected beginner, easy, medium, hard, expert, \
                 perfect, random, minimax[:DEPTH], alphabeta[:DEPTH], mcts[:ITERATIONS], exact, \
                 expert-hand or expert-full-width)"
            ),
            PlayerSpecError::NoArgument { name, argument } => {
                write!(f, "'{name}' takes no argument, but was given '{argument}'")
            }
            PlayerSpecError::NotANumber { what, text } => {
                write!(f, "the {what} must be a number, not '{text}'")
            }
            PlayerSpecError::OutOfRange {
                what,
                text,
                min,
                max,
            } => write!(f, "the {what} must be from {min} to {max}, not {text}"),
        }
    }
}

impl std::error::Error for PlayerSpecError {}

impl PlayerSpec {
    /// The player of this description for a game, with its random choices fixed by `seed`.
    pub fn make<G: Game>(self, start: &G, seed: u64) -> Box<dyn Player<G>> {
        self.recipe(start).make(seed)
    }

    /// What this player may spend on a move on the board of `start`: the budget in words,
    /// and its time limit if it has one.
    pub fn budget<G: Game>(self, start: &G) -> StatedBudget {
        let mut budget = self.recipe(start).budget();
        match self {
            PlayerSpec::ExpertHand => budget.text.push_str(", hand-written evaluation"),
            PlayerSpec::ExpertFullWidth => budget.text.push_str(", full width"),
            _ => {}
        }
        budget
    }

    /// The name shown to people: the level's name, or the algorithm with its budget.
    pub fn label(self) -> String {
        match self {
            PlayerSpec::Level(level) => level.to_string(),
            PlayerSpec::Random => "Random".into(),
            PlayerSpec::Minimax(d) => format!("Minimax, depth {d}"),
            PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(d)) => format!("Alpha-beta, depth {d}"),
            PlayerSpec::AlphaBeta(AlphaBetaLimit::TimeMs(ms)) => {
                format!("Alpha-beta, {}", seconds(Duration::from_millis(ms)))
            }
            PlayerSpec::Mcts(MctsLimit::Iterations(n)) => format!("MCTS, {n} iterations"),
            PlayerSpec::Mcts(MctsLimit::TimeMs(ms)) => {
                format!("MCTS, {}", seconds(Duration::from_millis(ms)))
            }
            PlayerSpec::Perfect => "Perfect (solver)".into(),
            PlayerSpec::ExpertHand => "Expert (hand-written evaluation)".into(),
            PlayerSpec::ExpertFullWidth => "Expert (full width)".into(),
        }
    }

    /// True if the window offers this player for `variant`: the Perfect level and the
    /// solver only where the game is solved from the first move.
    pub fn is_offered(self, variant: Variant) -> bool {
        match self {
            PlayerSpec::Level(Level::Perfect) | PlayerSpec::Perfect => {
                Level::offered(variant).contains(&Level::Perfect)
            }
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
        let time = |ms| within("time in milliseconds", ms, 1, MAX_TIME_MS);
        match self {
            PlayerSpec::Minimax(d) => within("minimax depth", d.into(), 1, MAX_DEPTH.into())?,
            PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(d)) => {
                within("alpha-beta depth", d.into(), 1, MAX_DEPTH.into())?
            }
            PlayerSpec::Mcts(MctsLimit::Iterations(n)) => {
                within("number of MCTS iterations", n, 1, MAX_ITERATIONS)?
            }
            PlayerSpec::AlphaBeta(AlphaBetaLimit::TimeMs(ms))
            | PlayerSpec::Mcts(MctsLimit::TimeMs(ms)) => time(ms)?,
            PlayerSpec::Level(_)
            | PlayerSpec::Random
            | PlayerSpec::Perfect
            | PlayerSpec::ExpertHand
            | PlayerSpec::ExpertFullWidth => {}
        }
        Ok(self)
    }

    fn recipe<G: Game>(self, start: &G) -> Recipe {
        match self {
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
                        learned: learned && self == PlayerSpec::ExpertFullWidth,
                        selective: false,
                    },
                    other => other,
                }
            }
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, PlayerSpecError> {
        let text = text.trim().to_ascii_lowercase();
        if text.is_empty() {
            return Err(PlayerSpecError::Empty);
        }
        let (name, argument) = match text.split_once(':') {
            Some((name, argument)) => (name.trim(), Some(argument.trim())),
            None => (text.as_str(), None),
        };
        let no_argument = |spec| match argument {
            None => Ok(spec),
            Some(argument) => Err(PlayerSpecError::NoArgument {
                name: name.to_string(),
                argument: argument.to_string(),
            }),
        };
        let spec = match name {
            "random" => no_argument(PlayerSpec::Random)?,
            "exact" | "solver" => no_argument(PlayerSpec::Perfect)?,
            "expert-hand" => no_argument(PlayerSpec::ExpertHand)?,
            "expert-full-width" => no_argument(PlayerSpec::ExpertFullWidth)?,
            "minimax" => match argument {
                None => PlayerSpec::Minimax(3),
                Some(a) => PlayerSpec::Minimax(number("minimax depth", a, MAX_DEPTH.into())?),
            },
            "alphabeta" | "alpha-beta" | "ab" => PlayerSpec::AlphaBeta(match argument {
                None => AlphaBetaLimit::Depth(6),
                Some(a) => match milliseconds(a)? {
                    Some(ms) => AlphaBetaLimit::TimeMs(ms),
                    None => AlphaBetaLimit::Depth(number("alpha-beta depth", a, MAX_DEPTH.into())?),
                },
            }),
            "mcts" => PlayerSpec::Mcts(match argument {
                None => MctsLimit::Iterations(10_000),
                Some(a) => match milliseconds(a)? {
                    Some(ms) => MctsLimit::TimeMs(ms),
                    None => MctsLimit::Iterations(number(
                        "number of MCTS iterations",
                        a,
                        MAX_ITERATIONS,
                    )?),
                },
            }),
            _ => match Level::parse(name) {
                Some(level) => no_argument(PlayerSpec::Level(level))?,
                None => return Err(PlayerSpecError::Unknown(name.to_string())),
            },
        };
        spec.check()
    }
}

/// A number of type `T` in 1..=`max`; the range is in the error.
fn number<T: TryFrom<u64>>(what: &'static str, text: &str, max: u64) -> Result<T, PlayerSpecError> {
    let out_of_range = || PlayerSpecError::OutOfRange {
        what,
        text: text.to_string(),
        min: 1,
        max,
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PlayerSpecError::NotANumber {
            what,
            text: text.to_string(),
        });
    }
    // All digits: a parse failure is an overflow.
    let n: u64 = text.parse().map_err(|_| out_of_range())?;
    if !(1..=max).contains(&n) {
        return Err(out_of_range());
    }
    T::try_from(n).map_err(|_| out_of_range())
}

/// A time written `2s` or `500ms` in milliseconds, `None` if the text is no time.
fn milliseconds(text: &str) -> Result<Option<u64>, PlayerSpecError> {
    let what = "time in milliseconds";
    if let Some(ms) = text.strip_suffix("ms") {
        return number(what, ms, MAX_TIME_MS).map(Some);
    }
    match text.strip_suffix('s') {
        Some(s) => {
            let secs: u64 = number("time in seconds", s, MAX_TIME_MS / 1000)?;
            Ok(Some(secs * 1000))
        }
        None => Ok(None),
    }
}

/// Writes the text form, which [`FromStr`] reads back.
impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlayerSpec::Level(level) => write!(f, "{}", level.to_string().to_ascii_lowercase()),
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Minimax(d) => write!(f, "minimax:{d}"),
            PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(d)) => write!(f, "alphabeta:{d}"),
            PlayerSpec::AlphaBeta(AlphaBetaLimit::TimeMs(ms)) => write!(f, "alphabeta:{ms}ms"),
            PlayerSpec::Mcts(MctsLimit::Iterations(n)) => write!(f, "mcts:{n}"),
            PlayerSpec::Mcts(MctsLimit::TimeMs(ms)) => write!(f, "mcts:{ms}ms"),
            PlayerSpec::Perfect => f.write_str("exact"),
            PlayerSpec::ExpertHand => f.write_str("expert-hand"),
            PlayerSpec::ExpertFullWidth => f.write_str("expert-full-width"),
        }
    }
}

/// A player and its budget: what both the players and the budgets stated to the user are
/// made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Recipe {
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
    pub(super) fn make<G: Game>(self, seed: u64) -> Box<dyn Player<G>> {
        let time = |ms| Budget::Time(Duration::from_millis(ms));
        match self {
            Recipe::Random => Box::new(RandomPlayer::new(seed)),
            Recipe::Minimax(d) => Box::new(MinimaxPlayer::new(d)),
            Recipe::Mcts(MctsLimit::Iterations(n)) => {
                Box::new(MctsPlayer::new(Budget::Iterations(n), seed))
            }
            Recipe::Mcts(MctsLimit::TimeMs(ms)) => Box::new(MctsPlayer::new(time(ms), seed)),
            Recipe::AlphaBeta {
                limit,
                max_depth,
                exact_from,
                learned,
                selective,
            } => {
                let budget = match limit {
                    AlphaBetaLimit::Depth(d) => Budget::Depth(d),
                    AlphaBetaLimit::TimeMs(ms) => time(ms),
                };
                let player = AlphaBetaPlayer::new(budget)
                    .solve_from(exact_from)
                    .learned_eval(learned)
                    .probcut(selective.then_some(PROBCUT_SIGMAS));
                Box::new(match max_depth {
                    Some(d) => player.max_depth(d),
                    None => player,
                })
            }
            Recipe::Perfect => Box::new(PerfectPlayer::<G>::new()),
        }
    }

    pub(super) fn budget(self) -> StatedBudget {
        let exact = |empties: u32| {
            if empties > 0 {
                format!(", exact from {empties} empties")
            } else {
                String::new()
            }
        };
        let at_most = |ms| seconds(Duration::from_millis(ms));
        let (text, time_limit) = match self {
            Recipe::Random => ("random moves".to_string(), None),
            Recipe::Minimax(d) => (format!("minimax, {}", plies(d)), None),
            Recipe::Mcts(MctsLimit::Iterations(n)) => {
                (format!("MCTS, {} iterations", thousands(n)), None)
            }
            Recipe::Mcts(MctsLimit::TimeMs(ms)) => (
                format!("MCTS, at most {} a move", at_most(ms)),
                Some(Duration::from_millis(ms)),
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
                limit: AlphaBetaLimit::TimeMs(ms),
                max_depth,
                exact_from,
                ..
            } => (
                format!(
                    "alpha-beta, at most {} a move{}{}",
                    at_most(ms),
                    max_depth.map_or(String::new(), |d| format!(" (up to {})", plies(d))),
                    exact(exact_from),
                ),
                Some(Duration::from_millis(ms)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::othello::{Othello, Size8};

    fn read(text: &str) -> Result<PlayerSpec, PlayerSpecError> {
        text.parse()
    }

    #[test]
    fn every_name_reads_with_its_default_budget() {
        assert_eq!(read("Hard"), Ok(PlayerSpec::Level(Level::Hard)));
        assert_eq!(read(" perfect "), Ok(PlayerSpec::Level(Level::Perfect)));
        assert_eq!(read("random"), Ok(PlayerSpec::Random));
        assert_eq!(read("exact"), Ok(PlayerSpec::Perfect));
        assert_eq!(read("solver"), Ok(PlayerSpec::Perfect));
        assert_eq!(read("minimax"), Ok(PlayerSpec::Minimax(3)));
        let ab6 = Ok(PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(6)));
        for name in ["alphabeta", "alpha-beta", "AB"] {
            assert_eq!(read(name), ab6, "{name}");
        }
        assert_eq!(
            read("mcts"),
            Ok(PlayerSpec::Mcts(MctsLimit::Iterations(10_000)))
        );
    }

    #[test]
    fn budgets_read_as_depths_iterations_or_times() {
        assert_eq!(read("minimax:4"), Ok(PlayerSpec::Minimax(4)));
        assert_eq!(
            read("alphabeta:64"),
            Ok(PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(64)))
        );
        assert_eq!(
            read("alphabeta:2s"),
            Ok(PlayerSpec::AlphaBeta(AlphaBetaLimit::TimeMs(2000)))
        );
        assert_eq!(
            read("mcts:250ms"),
            Ok(PlayerSpec::Mcts(MctsLimit::TimeMs(250)))
        );
        assert_eq!(
            read("mcts:5000"),
            Ok(PlayerSpec::Mcts(MctsLimit::Iterations(5000)))
        );
    }

    #[test]
    fn numbers_that_would_wrap_are_refused_with_the_range() {
        // 2^32 + 1 and 2^32: as u32 they would be depth 1 and depth 0.
        for text in ["alphabeta:4294967297", "minimax:4294967296"] {
            let e = read(text).unwrap_err();
            assert!(
                matches!(
                    e,
                    PlayerSpecError::OutOfRange {
                        min: 1,
                        max: 64,
                        ..
                    }
                ),
                "{text}: {e:?}"
            );
            assert!(e.to_string().contains("from 1 to 64"), "{e}");
        }
        // Beyond u64 altogether.
        let e = read("mcts:99999999999999999999999").unwrap_err();
        assert!(matches!(e, PlayerSpecError::OutOfRange { .. }), "{e:?}");
        assert!(read("alphabeta:65").is_err());
        assert!(read("mcts:100000001").is_err());
        assert!(read("mcts:3601s").is_err());
    }

    #[test]
    fn zero_is_no_budget_and_is_refused() {
        for text in [
            "mcts:0",
            "minimax:0",
            "alphabeta:0",
            "mcts:0ms",
            "alphabeta:0s",
        ] {
            let e = read(text).unwrap_err();
            assert!(
                matches!(e, PlayerSpecError::OutOfRange { min: 1, .. }),
                "{text}: {e:?}"
            );
        }
    }

    #[test]
    fn arguments_that_would_be_ignored_are_refused() {
        for (text, name) in [
            ("random:5", "random"),
            ("exact:7", "exact"),
            ("hard:3", "hard"),
        ] {
            assert_eq!(
                read(text),
                Err(PlayerSpecError::NoArgument {
                    name: name.into(),
                    argument: text[name.len() + 1..].into()
                })
            );
        }
        assert!(
            read("random:5")
                .unwrap_err()
                .to_string()
                .contains("'random' takes no argument")
        );
    }

    #[test]
    fn unknown_names_and_words_for_numbers_are_named() {
        assert_eq!(
            read("grandmaster"),
            Err(PlayerSpecError::Unknown("grandmaster".into()))
        );
        assert_eq!(read(""), Err(PlayerSpecError::Empty));
        for text in ["minimax:three", "mcts:-5", "alphabeta:", "mcts:1.5s"] {
            let e = read(text).unwrap_err();
            assert!(
                matches!(e, PlayerSpecError::NotANumber { .. }),
                "{text}: {e:?}"
            );
        }
    }

    #[test]
    fn the_text_form_reads_back() {
        let mut specs: Vec<PlayerSpec> = Level::ALL.map(PlayerSpec::Level).to_vec();
        specs.extend([
            PlayerSpec::ExpertHand,
            PlayerSpec::ExpertFullWidth,
            PlayerSpec::Random,
            PlayerSpec::Minimax(2),
            PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(7)),
            PlayerSpec::AlphaBeta(AlphaBetaLimit::TimeMs(1500)),
            PlayerSpec::Mcts(MctsLimit::Iterations(300)),
            PlayerSpec::Mcts(MctsLimit::TimeMs(40)),
            PlayerSpec::Perfect,
        ]);
        for spec in specs {
            assert_eq!(read(&spec.to_string()), Ok(spec), "{spec}");
        }
    }

    #[test]
    fn named_players_state_their_budgets() {
        let o8 = Othello::<Size8>::start();
        let text = |s: &str| read(s).unwrap().budget(&o8);
        assert_eq!(text("alphabeta:1").text, "alpha-beta, 1 ply");
        assert_eq!(text("minimax:2").text, "minimax, 2 plies");
        assert_eq!(text("mcts:1234567").text, "MCTS, 1,234,567 iterations");
        assert_eq!(text("random").text, "random moves");
        assert_eq!(text("exact").text, "exact solver");
        assert_eq!(text("expert"), Level::Expert.budget(&o8));
        let hand = text("expert-hand");
        assert_eq!(
            hand.text,
            "alpha-beta, at most 3 s a move, exact from 20 empties, hand-written evaluation"
        );
        assert_eq!(hand.time_limit, Level::Expert.budget(&o8).time_limit);
        let full = text("expert-full-width");
        assert_eq!(
            full.text,
            "alpha-beta, at most 3 s a move, exact from 20 empties, full width"
        );
        assert_eq!(full.time_limit, Level::Expert.budget(&o8).time_limit);
        let timed = text("alphabeta:1500ms");
        assert_eq!(timed.text, "alpha-beta, at most 1.5 s a move");
        assert_eq!(timed.time_limit, Some(Duration::from_millis(1500)));
        assert_eq!(text("mcts:2s").text, "MCTS, at most 2 s a move");
    }

    #[test]
    fn players_are_named_as_their_descriptions() {
        // The players' own names come from their implementations, not from here.
        let o8 = Othello::<Size8>::start();
        let name = |s: &str| read(s).unwrap().make(&o8, 1).name();
        assert_eq!(name("random"), "Random");
        assert_eq!(name("minimax:2"), "Minimax, depth 2");
        assert_eq!(name("alphabeta:5"), "Alpha-beta, depth 5");
        assert_eq!(name("mcts:300"), "MCTS, 300 iterations");
        assert_eq!(name("exact"), "Perfect");
        assert_eq!(name("hard"), "Alpha-beta, depth 6, exact from 14 empties");
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
