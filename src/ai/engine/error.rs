//! Why an engine player gave no move: the one way a [`Player`](crate::ai::Player) can fail.

use std::fmt;
use std::time::Duration;

/// Why a player that runs another program (an NBoard engine) gave no move. The engine's
/// process is ended with the error, and the next move starts it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The game is not one the NBoard protocol plays (it speaks Othello only).
    Unsupported {
        /// The engine, as [`EngineError::engine`] names it.
        engine: String,
    },
    /// The command could not be started (no such program, no permission).
    Start {
        /// The command.
        command: String,
        /// What the system said.
        error: String,
    },
    /// The engine's process ended, or closed its output, before it answered.
    Exited {
        /// The engine.
        engine: String,
        /// How it ended ("exit status 1", "killed by signal 9"), if it has.
        status: Option<String>,
        /// The last lines it wrote on its standard error, if any.
        stderr: String,
    },
    /// No answer within the time allowed: the engine is ended.
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
    BadAnswer {
        /// The engine.
        engine: String,
        /// The line.
        line: String,
    },
    /// A move that is not legal in the position it was asked about.
    IllegalMove {
        /// The engine.
        engine: String,
        /// The move as the engine wrote it.
        mv: String,
        /// The position, as a board string.
        board: String,
    },
}

impl EngineError {
    /// The engine the error is about: its name, or the command it was started with.
    pub fn engine(&self) -> &str {
        match self {
            EngineError::Start { command, .. } => command,
            EngineError::Unsupported { engine }
            | EngineError::Exited { engine, .. }
            | EngineError::Timeout { engine, .. }
            | EngineError::BadAnswer { engine, .. }
            | EngineError::IllegalMove { engine, .. } => engine,
        }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Unsupported { engine } => write!(
                f,
                "the engine {engine} cannot play this game: NBoard engines play Othello"
            ),
            EngineError::Start { command, error } => {
                write!(f, "the engine '{command}' could not be started: {error}")
            }
            EngineError::Exited {
                engine,
                status,
                stderr,
            } => {
                write!(f, "the engine {engine} stopped")?;
                if let Some(status) = status {
                    write!(f, " ({status})")?;
                }
                if !stderr.is_empty() {
                    write!(f, "; it said: {stderr}")?;
                }
                Ok(())
            }
            EngineError::Timeout {
                engine,
                asked,
                waited,
                last_line,
            } => {
                write!(
                    f,
                    "the engine {engine} did not answer {asked} within {:.1} s",
                    waited.as_secs_f64()
                )?;
                match last_line {
                    Some(line) => write!(f, " (its last line: '{line}')"),
                    None => write!(f, " (it wrote nothing)"),
                }
            }
            EngineError::BadAnswer { engine, line } => {
                write!(f, "the engine {engine} answered '{line}', which is no move")
            }
            EngineError::IllegalMove { engine, mv, board } => {
                write!(
                    f,
                    "the engine {engine} played {mv}, which is not legal in {board}"
                )
            }
        }
    }
}

impl std::error::Error for EngineError {}
