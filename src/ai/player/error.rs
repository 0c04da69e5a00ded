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
         minimax[:DEPTH], alphabeta[:DEPTH], mcts[:ITERATIONS], exact, expert-hand, \
         expert-full-width or engine:COMMAND)"
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
    /// An engine with no command (`engine:`).
    #[error("an engine needs the command that starts it: engine:COMMAND")]
    NoCommand,
    /// An engine command that is no line of text: too long, or with a line break or NUL.
    #[error("an engine's command must be one line of at most 4096 bytes, with no NUL")]
    BadCommand,
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
