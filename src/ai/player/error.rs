//! Why a player description was refused.

use std::fmt;

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
    /// An engine with no command (`engine:`).
    NoCommand,
    /// An engine command that is no line of text: too long, or with a line break or NUL.
    BadCommand,
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
                 expert-hand, expert-full-width or engine:COMMAND)"
            ),
            PlayerSpecError::NoArgument { name, argument } => {
                write!(f, "'{name}' takes no argument, but was given '{argument}'")
            }
            PlayerSpecError::NoCommand => {
                f.write_str("an engine needs the command that starts it: engine:COMMAND")
            }
            PlayerSpecError::BadCommand => f.write_str(
                "an engine's command must be one line of at most 4096 bytes, with no NUL",
            ),
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
