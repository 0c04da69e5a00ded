//! [`EngineSpec`]: an NBoard engine as a player description: the command that starts it,
//! the depth it is set to and its time a move; its text form and its checks.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// The depth an engine is set to (`set depth`) unless told otherwise.
pub const DEFAULT_DEPTH: u32 = 20;

/// The time an engine has for a move unless told otherwise: Expert's.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(3);

/// The deepest `set depth` sent: NBoard's own limit (the moves of a game).
pub const MAX_ENGINE_DEPTH: u32 = 60;

/// The longest command taken: a line a person types, not a file.
pub const MAX_COMMAND_LEN: usize = 4096;

/// An engine that speaks the NBoard protocol, as a player: the command that starts it, the
/// depth it is set to and its time a move.
///
/// As text: `engine:COMMAND`, or with a depth and/or a time before the command,
/// `engine:DEPTH:COMMAND`, `engine:TIME:COMMAND`, `engine:DEPTH,TIME:COMMAND` (times as
/// `2s` or `500ms`): `engine:16,2s:edax -q`. In a settings file, as serde writes it:
/// `Engine((command: "edax -q", depth: 16, move_ms: 2000))`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EngineSpec {
    /// The command line, run by the system's shell (`sh -c` on Unix, `cmd /C` on Windows),
    /// so it is written as in a terminal, quotes and all.
    pub command: Arc<str>,
    /// The depth sent with `set depth` (NBoard's midgame depth; the engine picks its
    /// endgame depth).
    #[serde(default = "default_depth")]
    pub depth: u32,
    /// The time for a move: when it is up the engine is asked for its move at once
    /// (`ping`), and one that still does not answer is given up on. In settings files
    /// `move_ms`, whole milliseconds.
    #[serde(rename = "move_ms", with = "crate::ai::millis")]
    #[serde(default = "default_move_time")]
    pub move_time: Duration,
}

fn default_depth() -> u32 {
    DEFAULT_DEPTH
}

fn default_move_time() -> Duration {
    DEFAULT_MOVE_TIME
}

impl EngineSpec {
    /// The engine started by `command`, at the default depth and time.
    pub fn new(command: &str) -> EngineSpec {
        EngineSpec {
            command: command.trim().into(),
            depth: DEFAULT_DEPTH,
            move_time: DEFAULT_MOVE_TIME,
        }
    }

    /// The program's file name: what names the engine until it has said its own name. The
    /// command is read as a shell reads it: the program is the first word of its last
    /// command (after `&&`, `||`, `;` or `|`), past variables set before it (`N=1`) and
    /// `exec`: `cd /x && ./ntest x` names `ntest`.
    pub fn program(&self) -> &str {
        let mut last: &str = &self.command;
        for separator in ["&&", "||", ";", "|"] {
            if let Some((_, after)) = last.rsplit_once(separator)
                && !after.trim().is_empty()
            {
                last = after;
            }
        }
        let first = last
            .split_whitespace()
            .find(|word| !word.contains('=') && *word != "exec")
            .unwrap_or_default();
        let first = first.trim_matches(|c| c == '"' || c == '\'');
        first.rsplit(['/', '\\']).next().unwrap_or(first)
    }

    /// What names the engine: the name it last gave (see [`super::known_name`]), else its
    /// program's file name.
    pub fn name(&self) -> String {
        super::known_name(&self.command).unwrap_or_else(|| self.program().to_string())
    }
}

/// Writes what follows `engine:` in the text form, which [`PlayerSpec`](crate::ai::PlayerSpec)'s
/// text form reads back: `16,2000ms:edax -q`.
impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = crate::ai::millis::whole(self.move_time);
        write!(f, "{},{ms}ms:{}", self.depth, self.command)
    }
}
