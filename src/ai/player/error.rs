//! Why a player description was refused.

/// Why a player description was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerSpecError {
    /// Nothing to read.
    #[error("no player given")]
    Empty,
    /// A name that is no level and no algorithm.
    #[error(
        "unknown player '{0}' (expected beginner, easy, medium, hard, expert, perfect, random, \
         minimax[:DEPTH], alphabeta[:DEPTH], mcts[:ITERATIONS], exact, expert-hand or \
         expert-full-width)"
    )]
    Unknown(String),
    /// A name that takes nothing after a colon was given something.
    #[error("'{name}' takes no argument, but was given '{argument}'")]
    NoArgument {
        /// The name ("random").
        name: String,
        /// What followed the colon.
        argument: String,
    },
    /// An argument that is not a number (with `s` or `ms` for a time, where allowed).
    #[error("the {what} must be a number, not '{text}'")]
    NotANumber {
        /// What it should have been ("alpha-beta depth").
        what: &'static str,
        /// The text.
        text: String,
    },
    /// A number outside its range.
    #[error("the {what} must be from {min} to {max}, not {text}")]
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
