//! Why an engine player gave no move: the one way a [`Player`](crate::ai::Player) can fail.

use std::time::Duration;

/// Why a player that runs another program (an NBoard engine) gave no move. The engine's
/// process is ended with the error, and the next move starts it again.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The game is not one the NBoard protocol plays (it speaks Othello only).
    #[error("the engine {engine} cannot play this game: NBoard engines play Othello")]
    Unsupported {
        /// The engine: its name, or its program's.
        engine: String,
    },
    /// The command could not be started (no such program, no permission).
    #[error("the engine '{command}' could not be started: {error}")]
    Start {
        /// The command.
        command: String,
        /// What the system said.
        error: String,
    },
    /// The engine's process ended, or closed its output, before it answered.
    #[error("the engine {engine} stopped{}{}", parenthesised(status), said(stderr))]
    Exited {
        /// The engine.
        engine: String,
        /// How it ended ("exit status 1", "killed by signal 9"), if it has.
        status: Option<String>,
        /// The last lines it wrote on its standard error, if any.
        stderr: String,
    },
    /// No answer within the time allowed: the engine is ended.
    #[error(
        "the engine {engine} did not answer {asked} within {:.1} s ({})",
        waited.as_secs_f64(),
        last_words(last_line)
    )]
    Timeout {
        /// The engine.
        engine: String,
        /// What it was asked ("to start", "for its move").
        asked: &'static str,
        /// How long it was given.
        waited: Duration,
        /// The last line it wrote, if any.
        last_line: Option<String>,
    },
    /// An answer that cannot be read (`=== hello`).
    #[error("the engine {engine} answered '{line}', which is no move")]
    BadAnswer {
        /// The engine.
        engine: String,
        /// The line.
        line: String,
    },
    /// A move that is not legal in the position it was asked about.
    #[error("the engine {engine} played {mv}, which is not legal in {board}")]
    IllegalMove {
        /// The engine.
        engine: String,
        /// The move as the engine wrote it.
        mv: String,
        /// The position, as a board string.
        board: String,
    },
}

fn parenthesised(status: &Option<String>) -> String {
    status.as_ref().map_or(String::new(), |s| format!(" ({s})"))
}

fn said(stderr: &str) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        format!("; it said: {stderr}")
    }
}

fn last_words(line: &Option<String>) -> String {
    match line {
        Some(line) => format!("its last line: '{line}'"),
        None => "it wrote nothing".into(),
    }
}
