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
