//! `boardplay nboard`: the engine speaks the NBoard protocol (version 2) on standard input
//! and output, so the NBoard program and other Othello GUIs can use it as their engine.
//!
//! The GUI sends one command a line; the engine answers on its own lines:
//!
//! | command | answer |
//! | --- | --- |
//! | `nboard 2` | `set myname boardplay` |
//! | `set depth N` | `set myname boardplayN`: midgame searches of N plies, exact from 2N empties (at most 24) |
//! | `set game GGF` | (none) the position at the end of the game |
//! | `set contempt N` | (none) N centi-discs of contempt for draws: a draw the midgame search reaches is worth -N centi-discs to the engine (see [`AlphaBeta::with_contempt`](crate::ai::AlphaBeta::with_contempt)) |
//! | `move F5/eval/time` | (none) the move played on the position |
//! | `go` | `search` lines as it deepens, `nodestats N T`, then `=== F5/+2.00/0.53` |
//! | `hint N` | the N best moves with their values, `search F5 +2.00 0 DEPTH` lines after every depth, `100%` for an exact value |
//! | `ping N` | `pong N`, after any search has stopped |
//! | `learn` | `learned` (the engine keeps no book: nothing else is done) |
//! | `quit` | the engine ends (so does the end of input) |
//!
//! A line that cannot be read (a bad depth, an illegal move, a broken game) gets a `status
//! Error: ...` line and changes nothing; an unknown command gets a `status` line saying it was
//! ignored. A command that arrives while the engine thinks stops the search first (the GUI
//! sends `ping` before it changes the position), and the answer of a stopped `go` is still
//! sent, as the protocol's `pong` lets the GUI tell stale answers apart.

use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::{CliError, ThreadsArgs};
use crate::ai::analysis::analyse;
use crate::ai::{Context, Game, GameVisitor, Level, Progress, Stop, Work, visit};
use crate::core::{Move, OthelloSize, Variant, notation};
use crate::formats::{Place, Record, ggf};

/// Options of `boardplay nboard` (none yet: the GUI sets everything through the protocol).
#[derive(Clone, Debug, clap::Args)]
pub struct NboardArgs {
    /// Threads.
    #[command(flatten)]
    pub threads: ThreadsArgs,
}

/// The deepest midgame search `set depth` takes.
const MAX_DEPTH: u32 = 60;

/// The most empties `set depth` solves exactly from (solves beyond take minutes).
const MAX_EXACT: u32 = 24;

/// The largest contempt `set contempt` takes, in centi-discs: the whole board.
const MAX_CONTEMPT: i32 = 6400;

/// The engine's name, as `set myname` gives it.
const NAME: &str = "boardplay";

/// Runs the protocol on standard input and output until `quit` or the end of input.
pub fn run(args: &NboardArgs, out: &mut dyn Write) -> Result<(), CliError> {
    serve(
        std::io::BufReader::new(std::io::stdin()),
        args.threads.count(),
        out,
    )
}

/// The engine's state between commands.
struct Session {
    /// The game the commands are about: its board, start position and moves.
    game: Record,
    /// Midgame plies.
    depth: u32,
    /// Threads a search runs on.
    threads: usize,
    /// Contempt for draws, in centi-discs (`set contempt`).
    contempt: i32,
}

impl Session {
    fn new(threads: usize) -> Session {
        Session {
            game: standard_game(),
            depth: 12,
            threads,
            contempt: 0,
        }
    }

    /// Empties from which the engine solves exactly at its depth.
    fn exact_from(&self) -> u32 {
        (2 * self.depth).min(MAX_EXACT)
    }
}

/// The board of a game.
fn variant_of(game: &Record) -> Variant {
    Variant::Othello {
        size: game.size.get(),
    }
}

/// An 8x8 game with no moves yet.
fn standard_game() -> Record {
    Record::new(OthelloSize::S8, Place::Line(1))
}

/// Serves the protocol on `input` (read on a thread of its own, so that a command can stop a
/// search) and `out`, until `quit` or the end of input, searching on `threads` threads.
pub fn serve<R: BufRead + Send>(
    input: R,
    threads: usize,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let searching: Arc<Mutex<Option<Stop>>> = Arc::new(Mutex::new(None));
    let (send, lines) = mpsc::channel::<String>();
    std::thread::scope(|scope| {
        let reader_stop = Arc::clone(&searching);
        scope.spawn(move || {
            for line in input.lines() {
                let Ok(line) = line else { break };
                // The GUI wants something else: whatever runs stops first.
                if let Some(stop) = reader_stop.lock().map(|s| s.clone()).ok().flatten() {
                    stop.stop();
                }
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut session = Session::new(threads);
        for line in lines {
            match respond(&mut session, line.trim(), &searching, out) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => return Err(CliError::io("writing to the GUI", e)),
            }
        }
        // The reader thread ends with the input; a GUI that quits closes it.
        Ok(())
    })
}

/// Answers one line; `Ok(false)` ends the session.
fn respond(
    session: &mut Session,
    line: &str,
    searching: &Arc<Mutex<Option<Stop>>>,
    out: &mut dyn Write,
) -> std::io::Result<bool> {
    let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    match command {
        "" => {}
        "nboard" => writeln!(out, "set myname {NAME}")?,
        "quit" => return Ok(false),
        "ping" => writeln!(out, "pong {rest}")?,
        "learn" => writeln!(out, "learned")?,
        "set" => {
            let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            match what {
                "depth" => match value.trim().parse::<u32>() {
                    Ok(d) if (1..=MAX_DEPTH).contains(&d) => {
                        session.depth = d;
                        writeln!(out, "set myname {NAME}{d}")?;
                    }
                    _ => error(
                        out,
                        format!("set depth: '{value}' is not a depth from 1 to {MAX_DEPTH}"),
                    )?,
                },
                "game" => match read_game(value) {
                    Ok(game) => session.game = game,
                    Err(e) => error(out, format!("set game: {e}"))?,
                },
                "contempt" => match value.trim().parse::<f64>() {
                    Ok(c) if c.abs() <= f64::from(MAX_CONTEMPT) => {
                        session.contempt = c.round() as i32;
                    }
                    _ => error(
                        out,
                        format!(
                            "set contempt: '{value}' is not a number of centi-discs from \
                             -{MAX_CONTEMPT} to {MAX_CONTEMPT}"
                        ),
                    )?,
                },
                _ => writeln!(out, "status {NAME} ignored an unknown setting: {what}")?,
            }
        }
        "move" => match add_move(&session.game, rest) {
            Ok(game) => session.game = game,
            Err(e) => error(out, format!("move {rest}: {e}"))?,
        },
        "go" => think(session, Task::Go, searching, out)?,
        "hint" => match rest.parse::<usize>() {
            Ok(n) if n >= 1 => think(session, Task::Hint(n), searching, out)?,
            _ => error(out, format!("hint: '{rest}' is not a number of moves"))?,
        },
        // NBoard 1.1 sends a bare move instead of `move F5`.
        _ if parse_move(command).is_ok() && rest.is_empty() => {
            match add_move(&session.game, command) {
                Ok(game) => session.game = game,
                Err(e) => error(out, format!("move {command}: {e}"))?,
            }
        }
        _ => writeln!(out, "status {NAME} ignored an unknown command: {command}")?,
    }
    out.flush()?;
    Ok(true)
}

fn error(out: &mut dyn Write, message: String) -> std::io::Result<()> {
    writeln!(out, "status Error: {message}")
}

/// The game of a `set game` line: one GGF game, whose moves are all legal.
fn read_game(text: &str) -> Result<Record, String> {
    let mut records = ggf::read(text).map_err(|e| e.to_string())?;
    if records.len() != 1 {
        return Err(format!("expected one game, found {}", records.len()));
    }
    let game = records.remove(0);
    position_of(&game)?;
    Ok(game)
}

/// The move of `move F5/1.23/0.5` (eval and time after the move are not needed).
fn parse_move(text: &str) -> Result<Move, String> {
    let mv = text.split('/').next().unwrap_or_default();
    match notation::parse_moves(mv)
        .map_err(|e| e.to_string())?
        .as_slice()
    {
        [mv] => Ok(*mv),
        _ => Err(format!("'{mv}' is not one move")),
    }
}

/// `game` with the move of `text` played after its last one, if it is legal there.
fn add_move(game: &Record, text: &str) -> Result<Record, String> {
    let mut next = game.clone();
    next.moves.push(parse_move(text)?);
    next.places.push(game.place);
    position_of(&next)?;
    Ok(next)
}

/// Checks that the game's moves can be played (the position itself is built again for each
/// search, on the board's own type).
fn position_of(game: &Record) -> Result<(), String> {
    struct Check<'a>(&'a Record);
    impl GameVisitor for Check<'_> {
        type Output = Result<(), String>;
        fn visit<G: Game>(self, start: G) -> Result<(), String> {
            play_record(start, self.0).map(|_| ())
        }
    }
    visit(variant_of(game), Check(game)).map_err(|e| e.to_string())?
}

/// The position at the end of `game`, from `start` (its board's start position): the
/// game's own start position if it gives one, then its moves, with any pass it leaves out.
fn play_record<G: Game>(start: G, game: &Record) -> Result<G, String> {
    let pos = match &game.start {
        Some(board) => start.parse_board(board).map_err(|e| e.to_string())?,
        None => start,
    };
    notation::play_parsed(&pos, &game.moves)
        .map(|(_, end)| end)
        .map_err(|e| e.to_string())
}

/// What the engine is asked to think about.
#[derive(Clone, Copy)]
enum Task {
    /// Its move (`go`).
    Go,
    /// The values of the best `n` moves (`hint n`).
    Hint(usize),
}

/// Runs `task` on the session's position, streaming its answer to `out`.
fn think(
    session: &Session,
    task: Task,
    searching: &Arc<Mutex<Option<Stop>>>,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let stop = Stop::new();
    if let Ok(mut s) = searching.lock() {
        *s = Some(stop.clone());
    }
    struct Think<'a> {
        session: &'a Session,
        task: Task,
        stop: &'a Stop,
        out: &'a mut dyn Write,
    }
    impl GameVisitor for Think<'_> {
        type Output = std::io::Result<()>;
        fn visit<G: Game>(self, start: G) -> std::io::Result<()> {
            let pos = match play_record(start, &self.session.game) {
                Ok(pos) => pos,
                Err(e) => return error(self.out, e),
            };
            if pos.legal_moves().next().is_none() {
                return error(self.out, "the game is over".into());
            }
            match self.task {
                Task::Go => go(&pos, self.session, self.stop, self.out),
                Task::Hint(n) => hint(&pos, n, self.session.depth, self.stop, self.out),
            }
        }
    }
    let result = visit(
        variant_of(&session.game),
        Think {
            session,
            task,
            stop: &stop,
            out,
        },
    );
    if let Ok(mut s) = searching.lock() {
        *s = None;
    }
    match result {
        Ok(r) => r,
        Err(e) => error(out, e.to_string()),
    }
}

/// A move as NBoard writes it: `F5`, or `PA` for a pass.
fn move_text(mv: Move) -> String {
    match mv {
        Move::Pass => "PA".into(),
        Move::Place(_) => mv.to_string().to_uppercase(),
    }
}

fn go<G: Game>(
    pos: &G,
    session: &Session,
    stop: &Stop,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(out, "status {NAME} is thinking")?;
    out.flush()?;
    let begun = Instant::now();
    let mut player =
        Level::expert_to_depth(pos, session.depth, session.exact_from(), session.contempt);
    let mut last: Option<Progress> = None;
    let mut written = Ok(());
    let mut report = |p: &Progress| {
        if let (Some(best), Some(score)) = (p.best, p.score) {
            let depth = match p.work {
                Work::Solved(_) => "100%".to_string(),
                Work::Depth(d) => d.to_string(),
                _ => return,
            };
            written = std::mem::replace(&mut written, Ok(()))
                .and_then(|()| {
                    writeln!(
                        out,
                        "search {} {:+.2} 0 {depth}",
                        move_text(best),
                        score as f64
                    )
                })
                .and_then(|()| out.flush());
        }
        last = Some(p.clone());
    };
    // Expert always answers (only engines fail).
    let chosen = player
        .choose(
            pos,
            &mut Context::new(stop, &mut report).with_threads(session.threads),
        )
        .ok()
        .flatten();
    written?;
    let mv = chosen.unwrap_or_else(|| pos.legal_moves().next().expect("checked: a legal move"));
    let secs = begun.elapsed().as_secs_f64();
    let nodes = last.as_ref().map_or(0, |p| p.nodes);
    writeln!(out, "nodestats {nodes} {secs:.2}")?;
    match last.and_then(|p| p.score.filter(|_| p.best == Some(mv))) {
        Some(score) => writeln!(out, "=== {}/{:+.2}/{secs:.2}", move_text(mv), score as f64)?,
        // A forced move, played without a search.
        None => writeln!(out, "=== {}", move_text(mv))?,
    }
    writeln!(out, "status")
}

fn hint<G: Game>(
    pos: &G,
    n: usize,
    depth: u32,
    stop: &Stop,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(out, "status {NAME} is analysing")?;
    out.flush()?;
    let mut written = Ok(());
    analyse(pos, depth, stop, &mut |analysis| {
        let mut values: Vec<_> = analysis.values.iter().collect();
        values.sort_by_key(|v| std::cmp::Reverse(v.score));
        for v in values.into_iter().take(n) {
            let depth = if v.exact {
                "100%".to_string()
            } else {
                analysis.depth.to_string()
            };
            written = std::mem::replace(&mut written, Ok(()))
                .and_then(|()| {
                    writeln!(
                        out,
                        "search {} {:+.2} 0 {depth}",
                        move_text(v.mv),
                        G::chart_value(v.score)
                    )
                })
                .and_then(|()| out.flush());
        }
    });
    written?;
    writeln!(out, "status")
}
