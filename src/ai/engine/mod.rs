//! Another Othello program as a player: an engine run as a command that speaks the NBoard
//! protocol (version 2), the GUI's side of what `boardplay nboard` serves.
//!
//! The engine is started once, on its player's first move (`nboard 2`, then a `ping` it must
//! answer within [`START_TIME`](process::START_TIME)), and kept: the player keeps it for its
//! next moves, and when the player goes (the window makes one for each move) it waits,
//! idle, for the next player of the same command. For each move the player sends `set
//! depth` (when it changed), `set game` with the position as a GGF game, a `ping` to be sure
//! the engine has caught up, then `go`; the engine's `search` and `nodestats` lines become
//! the [`Progress`] the window shows for every player, and its `=== MOVE` answer is checked
//! against the rules.
//!
//! Time: NBoard has no time a move (an engine is given a depth, and a GUI may send its
//! clock inside the GGF game, which Edax does not read). So when the move's time is up the
//! player sends `ping`, which engines answer only once they have stopped searching, with
//! their best move first (Edax, and `boardplay nboard`, send `===` before `pong`); if no
//! `===` comes, the best move of the last `search` line is played. An engine that has not
//! answered by then and half its time again (at least a second, at most ten) is given up.
//!
//! Every failure is an [`EngineError`]: a command that cannot start, an engine that ends,
//! does not answer in time, answers what is no move, or plays an illegal one. The engine's
//! process is ended with it; the next move starts it again.

mod error;
mod process;
mod protocol;
mod spec;
#[cfg(test)]
mod tests;

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use self::process::Process;
use self::protocol::{Said, Sureness, read_line};
use super::{Context, Game, Player, Progress, Work};
use crate::core::{GameKind, Move};

pub use error::EngineError;
pub use spec::{DEFAULT_DEPTH, DEFAULT_MOVE_TIME, EngineSpec, MAX_COMMAND_LEN, MAX_ENGINE_DEPTH};

/// The names engines gave (`set myname`), by the command that started them, for labels
/// shown before a player of the command has moved again.
static NAMES: Mutex<Vec<(Arc<str>, String)>> = Mutex::new(Vec::new());

/// The name the engine started by `command` last gave, if one has run.
pub fn known_name(command: &str) -> Option<String> {
    let names = NAMES.lock().unwrap_or_else(PoisonError::into_inner);
    names
        .iter()
        .find(|(c, _)| &**c == command)
        .map(|(_, n)| n.clone())
}

fn remember_name(command: &Arc<str>, name: &str) {
    let mut names = NAMES.lock().unwrap_or_else(PoisonError::into_inner);
    match names.iter_mut().find(|(c, _)| c == command) {
        Some((_, n)) => name.clone_into(n),
        None => names.push((Arc::clone(command), name.to_string())),
    }
}

/// Starts the engine of `spec` (or finds it idle), sets its depth and keeps it idle for
/// the first move: its name, or why it cannot play. The window checks an engine this way
/// when one is chosen.
pub fn probe(spec: &EngineSpec) -> Result<String, EngineError> {
    let mut process = Process::take_or_start(&spec.command, spec.program())?;
    let ready = set_depth(&mut process, spec.depth).and_then(|()| {
        let deadline = Instant::now() + process::START_TIME;
        match process.sync(deadline, |_| {})? {
            true => Ok(()),
            false => Err(process.timeout("to its depth", process::START_TIME)),
        }
    });
    match ready {
        Ok(()) => {
            let name = process.name.clone();
            remember_name(&spec.command, &name);
            process.keep();
            Ok(name)
        }
        Err(e) => {
            process.end();
            Err(e)
        }
    }
}

/// An NBoard engine playing: see the [module](self) documentation.
pub struct EnginePlayer {
    spec: EngineSpec,
    process: Option<Process>,
}

impl EnginePlayer {
    /// The player of `spec`; its engine starts at its first move.
    pub fn new(spec: EngineSpec) -> EnginePlayer {
        EnginePlayer {
            spec,
            process: None,
        }
    }

    /// What an engine is given after its time for a move before it is given up: half its
    /// time again, at least a second, at most ten.
    fn grace(&self) -> Duration {
        (self.spec.move_time / 2).clamp(Duration::from_secs(1), Duration::from_secs(10))
    }
}

impl Drop for EnginePlayer {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            process.keep();
        }
    }
}

impl<G: Game> Player<G> for EnginePlayer {
    fn name(&self) -> String {
        match &self.process {
            Some(p) => p.name.clone(),
            None => self.spec.name(),
        }
    }

    fn choose(&mut self, pos: &G, ctx: &mut Context<'_>) -> Result<Option<Move>, EngineError> {
        if pos.outcome().is_over() {
            return Ok(None);
        }
        if G::KIND != GameKind::Othello {
            return Err(EngineError::Unsupported {
                engine: Player::<G>::name(self),
            });
        }
        // A pass is no choice: the engine is not asked (NBoard does not ask either).
        if pos.legal_moves().next() == Some(Move::Pass) {
            return Ok(Some(Move::Pass));
        }
        let mut process = match self.process.take() {
            Some(p) => p,
            None => Process::take_or_start(&self.spec.command, self.spec.program())?,
        };
        let grace = self.grace();
        match ask(&mut process, &self.spec, grace, pos, ctx) {
            Ok(mv) => {
                remember_name(&self.spec.command, &process.name);
                self.process = Some(process);
                Ok(Some(mv))
            }
            Err(e) => {
                process.end();
                Err(e)
            }
        }
    }
}

fn set_depth(process: &mut Process, depth: u32) -> Result<(), EngineError> {
    if process.depth != Some(depth) {
        process.send(&format!("set depth {depth}"))?;
        process.depth = Some(depth);
    }
    Ok(())
}

/// The engine's move in `pos`, as the module documentation describes.
fn ask<G: Game>(
    process: &mut Process,
    spec: &EngineSpec,
    grace: Duration,
    pos: &G,
    ctx: &mut Context<'_>,
) -> Result<Move, EngineError> {
    set_depth(process, spec.depth)?;
    process.send(&format!("set game {}", protocol::position_game(pos)))?;
    // Whatever it still had to say about an earlier command is read here.
    if !process.sync(Instant::now() + grace, |_| {})? {
        return Err(process.timeout("a ping before its move", grace));
    }
    process.send("go")?;
    let begun = Instant::now();
    let time_up = begun + spec.move_time;
    let mut progress = Progress::default();
    // A move that is no move at all is a bad answer; one off the board or not legal here,
    // an illegal move.
    let checked = |process: &Process, text: &str, line: &str| {
        let mv: Move = text.parse().map_err(|_| EngineError::BadAnswer {
            engine: process.name.clone(),
            line: line.to_string(),
        })?;
        // A cell off the board is not legal either.
        if !pos.is_legal(mv) {
            return Err(EngineError::IllegalMove {
                engine: process.name.clone(),
                mv: text.to_string(),
                board: pos.to_board_string(),
            });
        }
        Ok(mv)
    };
    // Until its move, or its time is up, or the search is no longer wanted.
    while let Ok(line) = process.next_line(time_up, Some(ctx.stop))? {
        match read_line(&line) {
            Said::Move { mv, .. } => return checked(process, &mv, &line),
            Said::NoMove => {
                return Err(EngineError::BadAnswer {
                    engine: process.name.clone(),
                    line,
                });
            }
            Said::Search {
                best,
                pv,
                eval,
                sure,
            } => {
                // A best move that is not legal here is not shown (the answer is checked).
                if let Ok(mv) = checked(process, &best, &line) {
                    let empties = pos.empty_cells();
                    progress.best = Some(mv);
                    progress.score = eval.map(|e| e.round() as i32);
                    progress.exact = sure == Sureness::Exact;
                    progress.pv = if pv.first() == Some(&mv) {
                        pv
                    } else {
                        vec![mv]
                    };
                    progress.work = match sure {
                        Sureness::Exact => Work::Solved(empties),
                        Sureness::WinLoss => Work::Selective {
                            empties,
                            percent: 100,
                        },
                        Sureness::Probable { depth, percent } => Work::Selective {
                            empties: depth.unwrap_or(empties),
                            percent: percent.min(99),
                        },
                        Sureness::Plies(d) => Work::Depth(d),
                        Sureness::Unknown => progress.work,
                    };
                }
                progress.elapsed = begun.elapsed();
                (ctx.report)(&progress);
            }
            Said::NodeStats { nodes } => {
                progress.nodes = nodes;
                progress.elapsed = begun.elapsed();
                (ctx.report)(&progress);
            }
            Said::Name(_) | Said::Pong(_) | Said::Other => {}
        }
    }
    // Its time is up, or the search is no longer wanted: the move now.
    let mut answer = None;
    let synced = process.sync(Instant::now() + grace, |line| {
        if answer.is_none()
            && let Said::Move { mv, .. } = read_line(line)
        {
            answer = Some((mv, line.to_string()));
        }
    })?;
    if !synced {
        return Err(process.timeout("for its move", begun.elapsed()));
    }
    match answer {
        Some((mv, line)) => checked(process, &mv, &line),
        // Stopped by its owner (a take-back, a new game): the answer is not played, any
        // legal move does.
        None if ctx.stop.is_raised() => {
            pos.legal_moves()
                .next()
                .ok_or_else(|| EngineError::BadAnswer {
                    engine: process.name.clone(),
                    line: "(no move in a finished game)".into(),
                })
        }
        // Out of time with no move of its own: nobody plays for it, whatever its search
        // lines said.
        None => Err(process.timeout("for its move", begun.elapsed())),
    }
}
