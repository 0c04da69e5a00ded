//! The command line: `boardplay` opens the window; `boardplay perft ...` counts game trees.
//!
//! Parsing is done by clap; each subcommand lives in its own module and returns its report
//! as text or a typed error, so `main` only prints.

mod arena;
mod book;
mod estimate;
mod explain;
mod files;
mod interrupt;
mod meter;
mod nboard;
mod openings;
mod perft;
mod probcut;
mod shard;
mod solve;
mod test_positions;
mod train;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::ai::Stop;
use crate::core::{GameKind, ParseError, Position, Variant};

pub use interrupt::stop_on_ctrl_c;

/// Command-line arguments.
#[derive(Debug, Parser)]
#[command(
    name = "boardplay",
    version,
    about = "Tic-tac-toe and Othello against a friend or the computer.",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// Settings file to read and write (default: ./settings.ron if present, else the user's
    /// config directory).
    #[arg(long, global = true, value_name = "PATH")]
    pub settings: Option<PathBuf>,

    /// Print timing figures when the window closes: time from start to the first painted
    /// frame, and the longest frame while the computer thinks.
    #[arg(long)]
    pub frame_stats: bool,

    /// A game file to open in the window (the window puts back the game from last time
    /// without one).
    #[arg(value_name = "GAME_FILE")]
    pub game: Option<PathBuf>,

    /// What to do; with none, the game window opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaves of the game tree at each depth, with time and leaves per second.
    Perft(perft::PerftArgs),
    /// Solve a position exactly: its value for the side to move and every best move.
    Solve(solve::SolveArgs),
    /// Play a match between two levels or players and report the result and Elo difference.
    Arena(arena::ArenaArgs),
    /// Train an Othello pattern evaluation (8x8 or 12x12) from self-play and write its weights.
    Train(train::TrainArgs),
    /// Label positions of tournament or self-play games by deep searches (exactly near the
    /// end) into a shard of training data that later runs add to; a shard begun with the same
    /// options is continued.
    Label(shard::LabelArgs),
    /// Fit the 8x8 evaluation again on shards of labelled positions (`label`), starting from
    /// and pulled towards the shipped weights, and write the weights.
    Fit(shard::FitArgs),
    /// Score the engine on positions with known answers (OBF lines with the exact value of
    /// each move): its move and score on each, then best-move rate, error and disc loss.
    TestPositions(test_positions::TestPositionsArgs),
    /// Write known-answer positions: one from each of some self-play games, every legal
    /// move solved exactly (OBF lines for test-positions).
    KnownAnswers(test_positions::KnownAnswersArgs),
    /// Measure how far shallow searches' values lie from deeper ones' and from exact scores:
    /// the spreads behind the searches' ProbCut margins.
    Probcut(probcut::ProbcutArgs),
    /// Speak the NBoard protocol on standard input and output, as the engine of NBoard or
    /// another Othello GUI.
    Nboard(nboard::NboardArgs),
    /// Make a list of balanced 8x8 Othello openings for `arena --openings`: random openings
    /// kept when the engine's search finds them within a few discs of even.
    Openings(openings::OpeningsArgs),
    /// The opening book: build it from tournament games, extend it by self-play, show a
    /// position's book moves and the opening's name.
    Book(book::BookArgs),
    /// Watch the algorithms think: the tree minimax or alpha-beta searched (windows, cuts
    /// and the nodes they saved), alpha-beta step by step, MCTS's root as it runs, the
    /// principal variation, and every algorithm compared on the position.
    Explain(explain::ExplainArgs),
}

/// The board options shared by subcommands.
#[derive(Clone, Debug, clap::Args)]
pub struct BoardArgs {
    /// The game: othello (also reversi; the default) or tictactoe (also tic-tac-toe, ttt).
    #[arg(long, value_parser = |s: &str| s.parse::<GameKind>())]
    pub game: Option<GameKind>,
    /// Rows and columns (Othello: even, 4-16, default 8; tic-tac-toe: 3-8, default 3).
    /// With --board and no --size, the size is read from the board string.
    #[arg(long)]
    pub size: Option<usize>,
    /// Tic-tac-toe: rows, when the board is not square (default: the size).
    #[arg(long)]
    pub rows: Option<usize>,
    /// Tic-tac-toe: columns, when the board is not square (default: the size).
    #[arg(long)]
    pub cols: Option<usize>,
    /// Tic-tac-toe: marks in a row to win (default: the longer side).
    #[arg(long)]
    pub k: Option<usize>,
    /// Start from this board string instead of the start position: one character a cell row
    /// by row from a1 (X, O, - or .), then the side to move (X or O).
    // A board string may well start with empty cells: "--XX...".
    #[arg(long, allow_hyphen_values = true)]
    pub board: Option<String>,
}

impl BoardArgs {
    /// The game asked for, or the default one.
    pub fn game(&self) -> GameKind {
        self.game.unwrap_or(GameKind::Othello)
    }

    /// The variant these options describe, checked. Without --size, the size of a square
    /// board is read from --board; an error then says which game and size the board was read
    /// as.
    pub fn variant(&self) -> Result<Variant, CliError> {
        let inferred = match (self.size, &self.board) {
            (None, Some(board)) if self.rows.is_none() && self.cols.is_none() => {
                let cells = cell_count(board);
                let Some(size) = infer_size(cells) else {
                    return Err(CliError::Usage(format!(
                        "--board has {cells} characters, which fit no square board from 3x3 \
                         to 16x16 (n x n cells and the side to move); give --size to read it \
                         as {}{} of that size",
                        self.game_name(),
                        self.read_as_note()
                    )));
                };
                Some((size, cells))
            }
            _ => None,
        };
        let size = match (self.size, inferred) {
            (Some(s), _) => s,
            (None, Some((s, _))) => s,
            (None, None) => self.default_size(),
        };
        let variant = self.variant_of_size(size)?;
        variant.validate().map_err(|e| match inferred {
            Some((size, cells)) => CliError::Usage(format!(
                "--board has {cells} characters, so a {size}x{size} board, read as {}{}: {e}",
                self.game_name(),
                self.read_as_note()
            )),
            None => CliError::Parse(e),
        })
    }

    /// The position --board describes, on the board of `start`; `start` itself without
    /// --board. A bad board string is an error that names the game and size it was read as.
    pub fn position<P: Position>(&self, start: P, variant: Variant) -> Result<P, CliError> {
        match &self.board {
            Some(text) => start.parse_board(text).map_err(|e| {
                CliError::Usage(format!(
                    "--board read as {variant}{}: {e}",
                    self.read_as_note()
                ))
            }),
            None => Ok(start),
        }
    }

    /// Says that the game was not asked for, when it was not.
    fn read_as_note(&self) -> &'static str {
        match self.game {
            Some(_) => "",
            None => " (the default game; --game tictactoe for tic-tac-toe)",
        }
    }

    fn game_name(&self) -> &'static str {
        match self.game() {
            GameKind::Othello => "Othello",
            GameKind::TicTacToe => "tic-tac-toe",
        }
    }

    fn variant_of_size(&self, size: usize) -> Result<Variant, CliError> {
        Ok(match self.game() {
            GameKind::Othello => {
                if self.k.is_some() || self.rows.is_some() || self.cols.is_some() {
                    return Err(CliError::Usage(
                        "--k, --rows and --cols apply to tic-tac-toe only; Othello boards are square (--size)".into(),
                    ));
                }
                Variant::Othello { size }
            }
            GameKind::TicTacToe => {
                let rows = self.rows.unwrap_or(size);
                let cols = self.cols.unwrap_or(size);
                Variant::TicTacToe {
                    rows,
                    cols,
                    k: self.k.unwrap_or(rows.max(cols)),
                }
            }
        })
    }

    fn default_size(&self) -> usize {
        self.game().default_size()
    }
}

/// The characters of a board string, whitespace left out.
fn cell_count(board: &str) -> usize {
    board.split_whitespace().map(|t| t.chars().count()).sum()
}

/// The side of the square board whose board string has this many characters, if one fits
/// (with or without the side to move, whose absence the board's parser then names).
fn infer_size(chars: usize) -> Option<usize> {
    (3..=16).find(|n| chars == n * n || chars == n * n + 1)
}

/// Checks the window's game file argument: a bare word that names no file (`boardplay
/// slove`) is a command mistyped, not a game file to open, and is refused with the commands'
/// names.
///
/// # Errors
///
/// [`CliError::Usage`] for such a word.
pub fn check_game_file(path: &std::path::Path) -> Result<(), CliError> {
    let bare = path.extension().is_none() && path.components().count() == 1;
    if !bare || path.exists() {
        return Ok(());
    }
    let commands: Vec<String> = <Cli as clap::CommandFactory>::command()
        .get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(|c| c.get_name().to_string())
        .collect();
    Err(CliError::Usage(format!(
        "'{}' is neither a command ({}) nor a game file; see boardplay --help",
        path.display(),
        commands.join(", ")
    )))
}

/// Options of the commands that may run for long.
#[derive(Clone, Debug, clap::Args)]
pub struct JobArgs {
    /// Run even a job estimated to take more than a day, which is otherwise refused.
    #[arg(long)]
    pub force: bool,
}

/// The thread count of a command that searches.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct ThreadsArgs {
    /// Threads to search on (default: every core). 1 gives the fair one-core figures of the
    /// strength and speed tables.
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
}

/// The most threads a search is given: more than any machine this runs on has cores.
pub const MAX_THREADS: usize = 256;

impl ThreadsArgs {
    /// The threads asked for, else every core the system offers (1 if it cannot say).
    pub fn count(&self) -> usize {
        self.threads.unwrap_or_else(all_cores)
    }
}

/// The cores the system offers this process (1 if it cannot say).
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Why `--threads` was refused (clap shows it after the option's name).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum ThreadsError {
    #[error("must be from 1 to {MAX_THREADS}")]
    OutOfRange,
    #[error("'{0}' is not a number of threads")]
    NotANumber(String),
}

fn parse_threads(text: &str) -> Result<usize, ThreadsError> {
    match text.trim().parse::<usize>() {
        Ok(n @ 1..=MAX_THREADS) => Ok(n),
        Ok(_) => Err(ThreadsError::OutOfRange),
        Err(_) => Err(ThreadsError::NotANumber(text.to_string())),
    }
}

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad text: a board, a move, a size.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// Options that do not fit together.
    #[error("{0}")]
    Usage(String),
    /// A file could not be read or written.
    #[error("{context}: {source}")]
    Io {
        /// What was being done ("cannot read weights.bpw").
        context: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file named on the command line could not be read: missing, not a regular file (a
    /// folder, a named pipe, `/dev/zero`), or larger than any file of its kind.
    #[error("{file}: {source}")]
    File {
        /// The option and the path ("--file ffo.txt").
        file: String,
        /// Why it was not read.
        source: crate::file_read::ReadError,
    },
    /// The command ran, but its results are wrong (a solved score differs from a file's).
    #[error("{0}")]
    Failed(String),
    /// Stopped by Ctrl+C; what was done so far has been written.
    #[error("interrupted")]
    Interrupted,
}

impl CliError {
    /// A failed read or write, with what was being done.
    pub fn io(context: impl Into<String>, source: std::io::Error) -> CliError {
        CliError::Io {
            context: context.into(),
            source,
        }
    }

    /// The exit status for this error: 130 after Ctrl+C (128 + SIGINT, as shells report
    /// it), else 2.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Interrupted => 130,
            _ => 2,
        }
    }
}

/// Runs a subcommand, writing its report to `out`; raising `stop` (Ctrl+C) ends it early
/// with what was done so far and [`CliError::Interrupted`].
pub fn run(command: &Command, stop: &Stop, out: &mut dyn std::io::Write) -> Result<(), CliError> {
    match command {
        Command::Perft(args) => perft::run(args, stop, out),
        Command::Solve(args) => solve::run(args, stop, out),
        Command::Arena(args) => arena::run(args, stop, out),
        Command::Openings(args) => openings::run(args, stop, out),
        Command::Train(args) => train::run(args, out),
        Command::Label(args) => shard::label(args, stop, out),
        Command::Fit(args) => shard::fit(args, out),
        Command::TestPositions(args) => test_positions::run(args, stop, out),
        Command::KnownAnswers(args) => test_positions::make(args, out),
        Command::Probcut(args) => probcut::run(args, out),
        Command::Nboard(args) => nboard::run(args, out),
        Command::Book(args) => book::run(args, stop, out),
        Command::Explain(args) => explain::run(args, stop, out),
    }
}

/// Caps the instruction set of the Othello move generator as the environment variable
/// `BOARDPLAY_ISA` says (`portable`, `avx2` or `avx512`; unset or empty: no cap), to time or
/// check the slower copies on one machine. The program and the benchmarks call this first,
/// before any move is generated (see [`limit_instruction_set`]).
///
/// [`limit_instruction_set`]: crate::core::othello::limit_instruction_set
pub fn limit_instruction_set_from_env() -> Result<(), CliError> {
    let name = std::env::var("BOARDPLAY_ISA").unwrap_or_default();
    if !name.is_empty() {
        let set = name
            .parse()
            .map_err(|e| CliError::Usage(format!("BOARDPLAY_ISA: {e}")))?;
        crate::core::othello::limit_instruction_set(set);
    }
    Ok(())
}
