//! The text form of a [`PlayerSpec`]: read ([`FromStr`]) and written
//! ([`Display`](fmt::Display)), as the command line and the window name players.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::ai::level::Level;

use super::*;
use crate::ai::engine::{EngineSpec, MAX_ENGINE_DEPTH};
use crate::ai::millis;

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, PlayerSpecError> {
        let text = text.trim();
        // An engine's command keeps its case.
        if let Some((name, rest)) = text.split_once(':')
            && name.trim().eq_ignore_ascii_case("engine")
        {
            return engine(rest);
        }
        let text = text.to_ascii_lowercase();
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
                Some(a) => match time(a)? {
                    Some(time) => AlphaBetaLimit::Time(time),
                    None => AlphaBetaLimit::Depth(number("alpha-beta depth", a, MAX_DEPTH.into())?),
                },
            }),
            "mcts" => PlayerSpec::Mcts(match argument {
                None => MctsLimit::Iterations(10_000),
                Some(a) => match time(a)? {
                    Some(time) => MctsLimit::Time(time),
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

/// What follows `engine:`: an optional `DEPTH`, `TIME` or `DEPTH,TIME` and a colon, then
/// the command.
fn engine(text: &str) -> Result<PlayerSpec, PlayerSpecError> {
    let mut spec = EngineSpec::new(text);
    if let Some((budget, command)) = text.split_once(':')
        && is_engine_budget(budget)
    {
        spec.command = command.trim().into();
        for item in budget.split(',') {
            let item = item.trim().to_ascii_lowercase();
            match time(&item)? {
                Some(time) => spec.move_time = time,
                None => spec.depth = number("engine depth", &item, MAX_ENGINE_DEPTH.into())?,
            }
        }
    }
    PlayerSpec::Engine(spec).check()
}

/// True if `text` is a depth, a time or both (`16`, `2s`, `500ms`, `16,2s`): the budget
/// before an engine's command, which no command looks like.
fn is_engine_budget(text: &str) -> bool {
    let items: Vec<&str> = text.split(',').map(str::trim).collect();
    items.len() <= 2
        && items.iter().all(|item| {
            let digits = item.trim_end_matches(['s', 'm', 'S', 'M']);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        })
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

/// A time written `2s` or `500ms`, `None` if the text is no time.
fn time(text: &str) -> Result<Option<Duration>, PlayerSpecError> {
    let what = "time in milliseconds";
    if let Some(ms) = text.strip_suffix("ms") {
        return number(what, ms, MAX_TIME_MS).map(|ms| Some(Duration::from_millis(ms)));
    }
    match text.strip_suffix('s') {
        Some(s) => {
            let secs = number("time in seconds", s, MAX_TIME_MS / 1000)?;
            Ok(Some(Duration::from_secs(secs)))
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
            PlayerSpec::AlphaBeta(AlphaBetaLimit::Time(time)) => {
                write!(f, "alphabeta:{}ms", millis::whole(time))
            }
            PlayerSpec::Mcts(MctsLimit::Iterations(n)) => write!(f, "mcts:{n}"),
            PlayerSpec::Mcts(MctsLimit::Time(time)) => write!(f, "mcts:{}ms", millis::whole(time)),
            PlayerSpec::Perfect => f.write_str("exact"),
            PlayerSpec::ExpertHand => f.write_str("expert-hand"),
            PlayerSpec::ExpertFullWidth => f.write_str("expert-full-width"),
            PlayerSpec::Engine(ref engine) => write!(f, "engine:{engine}"),
        }
    }
}
