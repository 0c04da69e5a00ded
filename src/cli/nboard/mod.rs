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
//! | `go` | `search PV EVAL 0 DEPTH` lines as it deepens, `nodestats N T`, then `=== F5/+2.00/0.53` |
//! | `hint N` | the N best moves, a `search PV EVAL 0 DEPTH` line each after every depth |
//! | `analyze` | `analysis N EVAL` for every position of the game, the last first (N: moves played before it) |
//! | `ping N` | `pong N`, after any search has stopped |
//! | `learn` | `learned`, once the game's positions (those with at least 24 empties that the book does not hold) are valued at the engine's depth and added to the user's book (see [`crate::ai::book::user`]), which is there again at the next start |
//! | `quit` | the engine ends at once (the end of the input stops any search, then ends it) |
//!
//! PV is the principal variation as one word (`F5D6C3`, a pass `PA`); DEPTH says how sure
//! EVAL is (see [`think`]): plies (`12`), a selective solve (`22@93%`), a proven win, loss
//! or draw whose margin is not exact (`100%W`), or exact (`100%`).
//!
//! A line that cannot be read (a bad depth, an illegal move, a move given to the side not to
//! move, a game whose size properties disagree, a line that is not UTF-8) gets a `status
//! Error: ...` line and changes nothing; so does an unknown command or setting. A command that arrives while the engine thinks stops the search first (the GUI
//! sends `ping` before it changes the position), and the answer of a stopped `go` is still
//! sent, as the protocol's `pong` lets the GUI tell stale answers apart.

use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use super::book::BookChoiceArgs;
use super::{CliError, ThreadsArgs};
use crate::ai::Stop;
use crate::ai::book::BookOptions;
use crate::core::OthelloSize;
use crate::formats::{Place, Record};

mod game;
mod learn;
mod think;

use game::{add_move, parse_move, read_game};
use think::{Task, think};

/// Options of `boardplay nboard` (the GUI sets the rest through the protocol).
#[derive(Clone, Debug, clap::Args)]
pub struct NboardArgs {
    /// Threads.
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// The opening book (`go` plays from it, `learn` adds to the user's).
    #[command(flatten)]
    pub book: BookChoiceArgs,
    /// Seeds the choice among book moves; each `go` of a session draws anew.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The user's book file, which `learn` adds to and the engine reads with the shipped
    /// book (default: book-learned.bpb in the user's data folder).
    #[arg(long, value_name = "FILE")]
    pub user_book: Option<std::path::PathBuf>,
}

/// The fewest empties of a position `learn` adds to the book.
use crate::ai::book::FEWEST_EMPTIES as LEARN_MIN_EMPTIES;

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
    if let Some(path) = &args.user_book {
        crate::ai::book::user::use_path(path.clone());
    }
    let mut session = Session::new(args.threads.count());
    session.book = args.book.options();
    session.seed = args.seed;
    serve(std::io::BufReader::new(std::io::stdin()), session, out)
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
    /// The opening book's use.
    book: BookOptions,
    /// Seeds the book's choices, with the number of `go`s before.
    seed: u64,
    /// `go`s so far.
    goes: u64,
}

impl Session {
    fn new(threads: usize) -> Session {
        Session {
            game: standard_game(),
            depth: 12,
            threads,
            contempt: 0,
            book: BookOptions::default(),
            seed: 0,
            goes: 0,
        }
    }

    /// Empties from which the engine solves exactly at its depth.
    fn exact_from(&self) -> u32 {
        (2 * self.depth).min(MAX_EXACT)
    }
}

/// An 8x8 game with no moves yet.
fn standard_game() -> Record {
    Record::new(OthelloSize::S8, Place::Line(1))
}

/// What the input's reader and the searches share: the running search's stop flag, and
/// whether the input has ended.
#[derive(Default)]
struct Searching {
    stop: Option<Stop>,
    ended: bool,
}

impl Searching {
    /// Stops the running search, if any.
    fn stop(&self) {
        if let Some(stop) = &self.stop {
            stop.stop();
        }
    }
}

/// One line of input: its text, or where a line that is not UTF-8 text went wrong.
enum Input {
    Line(String),
    NotText {
        /// The line, from 1.
        line: usize,
        /// The first byte of the line that is not UTF-8, from 1.
        byte: usize,
    },
}

/// Serves the protocol on `input` (read on a thread of its own, so that a command can stop a
/// search) and `out`, until `quit` or the end of the input, as `session` is set.
///
/// `quit` ends the engine at once, whatever the input does next (the reader, waiting for a
/// line that may never come, is not waited for); the end of the input stops any search, and
/// the engine ends once its answer is written. A line that is not UTF-8 text is answered
/// with a `status Error:` line, as any other line the engine cannot read.
fn serve<R: BufRead + Send + 'static>(
    mut input: R,
    mut session: Session,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let searching: Arc<Mutex<Searching>> = Arc::default();
    let (send, lines) = mpsc::channel::<Input>();
    let reader_side = Arc::clone(&searching);
    let with = move |f: &dyn Fn(&mut Searching)| {
        if let Ok(mut s) = reader_side.lock() {
            f(&mut s);
        }
    };
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        for number in 1.. {
            bytes.clear();
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            // The GUI wants something else: whatever runs stops first.
            with(&|s| s.stop());
            let line = match String::from_utf8(std::mem::take(&mut bytes)) {
                Ok(text) => Input::Line(text),
                Err(e) => Input::NotText {
                    line: number,
                    byte: e.utf8_error().valid_up_to() + 1,
                },
            };
            if send.send(line).is_err() {
                return;
            }
        }
        // The end of the input: nobody is left to read an answer, so nothing is worth
        // thinking on.
        with(&|s| {
            s.ended = true;
            s.stop();
        });
    });
    for line in lines {
        let answered = match line {
            Input::Line(text) => respond(&mut session, text.trim(), &searching, out),
            Input::NotText { line, byte } => error(
                out,
                format!("line {line} is not UTF-8 text (byte {byte}): it was ignored"),
            )
            .and_then(|()| out.flush())
            .map(|()| true),
        };
        match answered {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => return Err(CliError::io("writing to the GUI", e)),
        }
    }
    Ok(())
}

/// Answers one line; `Ok(false)` ends the session.
fn respond(
    session: &mut Session,
    line: &str,
    searching: &Arc<Mutex<Searching>>,
    out: &mut dyn Write,
) -> std::io::Result<bool> {
    let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    match command {
        "" => {}
        "nboard" => writeln!(out, "set myname {NAME}")?,
        "quit" => return Ok(false),
        "ping" => writeln!(out, "pong {rest}")?,
        "learn" => {
            match learn::learn(session, searching) {
                Ok(_) => {}
                Err(e) => error(out, format!("learn: {e}"))?,
            }
            writeln!(out, "learned")?
        }
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
                _ => error(out, format!("set {what}: an unknown setting, ignored"))?,
            }
        }
        "move" => match add_move(&session.game, rest) {
            Ok(game) => session.game = game,
            Err(e) => error(out, format!("move {rest}: {e}"))?,
        },
        "go" => {
            session.goes += 1;
            think(session, Task::Go, searching, out)?
        }
        "hint" => match rest.parse::<usize>() {
            Ok(n) if n >= 1 => think(session, Task::Hint(n), searching, out)?,
            _ => error(out, format!("hint: '{rest}' is not a number of moves"))?,
        },
        "analyze" => think(session, Task::Analyze, searching, out)?,
        // NBoard 1.1 sends a bare move instead of `move F5`.
        _ if parse_move(command).is_ok() && rest.is_empty() => {
            match add_move(&session.game, command) {
                Ok(game) => session.game = game,
                Err(e) => error(out, format!("move {command}: {e}"))?,
            }
        }
        _ => error(out, format!("{command}: an unknown command, ignored"))?,
    }
    out.flush()?;
    Ok(true)
}

fn error(out: &mut dyn Write, message: String) -> std::io::Result<()> {
    writeln!(out, "status Error: {message}")
}
