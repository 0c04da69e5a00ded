//! `boardplay book`: build the opening book from tournament games, extend it, and show a
//! position's book moves (see [`crate::ai::book`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Subcommand;

use super::{CliError, ThreadsArgs, files, train};
use crate::ai::Stop;
use crate::ai::book::Book;
use crate::ai::book::build::{self, Valuing};
use crate::core::notation;
use crate::core::othello::Othello8;
use crate::formats::book::BookEntry;

/// Options of `boardplay book`.
#[derive(Clone, Debug, clap::Args)]
pub struct BookArgs {
    /// What to do with the book.
    #[command(subcommand)]
    pub action: BookAction,
}

/// `book build`, `book extend`, `book show`.
#[derive(Clone, Debug, Subcommand)]
pub enum BookAction {
    /// Add to a book file the positions that tournament games reach often, each valued by a
    /// search. Resumable: positions the file already holds are kept and not searched again,
    /// and the file is written after every batch, so a run broken off continues where it
    /// stopped.
    Build(BuildArgs),
    /// Add to a book file the lines self-play leaves it by: games played from the start on
    /// the book's moves (a random one within --variety discs of the best, drawn from
    /// --seed), each followed out of the book for --plies moves of the search's choice,
    /// every position valued.
    Extend(ExtendArgs),
    /// Search again, deeper, the positions the book plays: those games from the start reach
    /// on book moves within --variety discs of the best, fewest discs first, in rounds (the
    /// values negamaxed again after each, which may bring other positions into play) until
    /// none is shallower than --depth or --max-positions are done. Resumable: a position
    /// already as deep is not searched again.
    Deepen(DeepenArgs),
    /// Search every position of a book file again at the depth it was searched to, with
    /// this build's engine, so that its values are again what a fresh search gives after a
    /// change to the search (exact entries are kept: a solve does not change). Each depth's
    /// positions in turn, the file written after every batch; a run broken off leaves some
    /// positions searched again, and a new run searches them all.
    Revalue(RevalueArgs),
    /// Show a position's book moves, their values and the opening's name.
    Show(ShowArgs),
}

/// How the positions are valued.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct ValuingArgs {
    /// Plies of the search that values each position (Expert's: selective, with the learned
    /// evaluation).
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,
    /// Positions with at most this many empties are solved exactly instead.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(0..=30))]
    pub exact_from: u32,
    /// Positions valued between two writes of the file.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..))]
    pub batch: u64,
    #[command(flatten)]
    pub threads: ThreadsArgs,
}

/// Options of `book build`.
#[derive(Clone, Debug, clap::Args)]
pub struct BuildArgs {
    /// WTHOR games files (.wtb), or folders of them.
    #[arg(long, value_name = "PATH", required = true, num_args = 1..)]
    pub wthor: Vec<PathBuf>,
    /// The book file to add to (made if missing).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Moves from the start within which positions are taken.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=60))]
    pub plies: u64,
    /// Positions are taken that at least this many games reach (mirrors counted as one).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    pub min_games: u32,
    #[command(flatten)]
    pub valuing: ValuingArgs,
}

/// Options of `book extend`.
#[derive(Clone, Debug, clap::Args)]
pub struct ExtendArgs {
    /// The book file to add to.
    #[arg(long, value_name = "FILE")]
    pub book: PathBuf,
    /// Self-play games.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Seeds the random choices among book moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Book moves within this many discs of the best are chosen among.
    #[arg(long, default_value_t = 2)]
    pub variety: u32,
    /// Moves of the search's choice played out of the book, each position added.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=20))]
    pub plies: u64,
    #[command(flatten)]
    pub valuing: ValuingArgs,
}

/// Options of `book deepen`.
#[derive(Clone, Debug, clap::Args)]
pub struct DeepenArgs {
    /// The book file to deepen.
    #[arg(long, value_name = "FILE")]
    pub book: PathBuf,
    /// Book moves within this many discs of the best are followed (for both sides).
    #[arg(long, default_value_t = crate::ai::book::DEFAULT_VARIETY)]
    pub variety: u32,
    /// The most positions searched in this run.
    #[arg(long, default_value_t = 1000)]
    pub max_positions: u64,
    #[command(flatten)]
    pub valuing: ValuingArgs,
}

/// Options of `book revalue`.
#[derive(Clone, Debug, clap::Args)]
pub struct RevalueArgs {
    /// The book file to search again.
    #[arg(long, value_name = "FILE")]
    pub book: PathBuf,
    /// Positions valued between two writes of the file.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..))]
    pub batch: u64,
    #[command(flatten)]
    pub threads: ThreadsArgs,
}

/// Options of `book show`.
#[derive(Clone, Debug, clap::Args)]
pub struct ShowArgs {
    /// The moves from the start to the position, written together or apart ("f5d6c3", "f5
    /// d6 c3"); none: the start.
    #[arg(default_value = "")]
    pub moves: String,
    /// A book file to read instead of the shipped book.
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
}

/// Runs `boardplay book`.
pub fn run(args: &BookArgs, stop: &Stop, out: &mut dyn Write) -> Result<(), CliError> {
    match &args.action {
        BookAction::Build(a) => run_build(a, stop, out),
        BookAction::Extend(a) => run_extend(a, stop, out),
        BookAction::Deepen(a) => run_deepen(a, stop, out),
        BookAction::Revalue(a) => run_revalue(a, stop, out),
        BookAction::Show(a) => run_show(a, out),
    }
}

fn valuing(args: &ValuingArgs) -> Valuing {
    Valuing {
        depth: args.depth,
        exact_from: args.exact_from,
    }
}

/// The book in the file at `path`; an empty book if there is no file.
fn load(path: &Path, option: &str) -> Result<Book, CliError> {
    if !path.exists() {
        return Ok(Book::default());
    }
    let bytes = files::read_bytes(path, files::WEIGHTS_LIMIT, option)?;
    Book::from_bytes(&bytes)
        .map_err(|e| CliError::Usage(format!("{option} {}: {e}", path.display())))
}

/// Writes `book` to `path` whole or not at all.
fn save(book: &Book, path: &Path) -> Result<(), CliError> {
    files::write_whole(path, &book.to_bytes())
}

/// What a valuing run asks of the book as it stands and of how many positions were valued
/// so far: the positions (as bitboards of the side to move and its opponent) to value next.
type NextPositions<'a> = dyn FnMut(&Book, usize) -> Vec<(u64, u64)> + 'a;

/// Values positions into the book at `path` (holding `book`) round after round: each round
/// values what `next` asks of the book as it stands and of how many were valued so far
/// (nothing: done), writing the file after each batch; then reports the figures. `total`:
/// the positions the run expects to value, for its progress lines.
fn value_into(
    mut book: Book,
    total: usize,
    next: &mut NextPositions<'_>,
    args: &ValuingArgs,
    path: &Path,
    stop: &Stop,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let began = Instant::now();
    let mut valued = 0usize;
    let mut failed = None;
    loop {
        let todo = next(&book, valued);
        if todo.is_empty() || stop.is_stopped() {
            break;
        }
        build::value_all(
            &todo,
            valuing(args),
            args.threads.count(),
            args.batch as usize,
            stop,
            &mut |entries: &[BookEntry]| {
                if failed.is_some() {
                    return;
                }
                book = book.merged(entries.iter().copied());
                valued += entries.len();
                if let Err(e) = save(&book, path) {
                    failed = Some(e);
                    stop.stop();
                }
                writeln!(
                    out,
                    "{valued} of {total} valued, {:.0} s",
                    began.elapsed().as_secs_f64()
                )
                .ok();
            },
        );
        if let Some(e) = failed {
            return Err(e);
        }
    }
    let size = std::fs::metadata(path).map_or(0, |m| m.len());
    writeln!(
        out,
        "{}: {} positions ({} new or deeper), {} bytes; searched to {} plies (exact from {} empties) in {:.1} s on {} thread(s)",
        path.display(),
        book.len(),
        valued,
        size,
        args.depth,
        args.exact_from,
        began.elapsed().as_secs_f64(),
        args.threads.count()
    )
    .ok();
    if stop.is_stopped() {
        return Err(CliError::Interrupted);
    }
    Ok(())
}

/// [`value_into`] with one round: `todo`.
fn value_list(
    book: Book,
    todo: Vec<(u64, u64)>,
    args: &ValuingArgs,
    path: &Path,
    stop: &Stop,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let total = todo.len();
    let mut once = Some(todo);
    let mut next = |_: &Book, _: usize| once.take().unwrap_or_default();
    value_into(book, total, &mut next, args, path, stop, out)
}

/// The book at `path`, which must exist (`option` names it in the error).
fn existing(path: &Path, option: &str) -> Result<Book, CliError> {
    if !path.exists() {
        return Err(CliError::Usage(format!(
            "{option} {}: no such file (book build makes one)",
            path.display()
        )));
    }
    load(path, option)
}

fn run_deepen(args: &DeepenArgs, stop: &Stop, out: &mut dyn Write) -> Result<(), CliError> {
    let book = existing(&args.book, "--book")?;
    let depth = args.valuing.depth;
    let max = args.max_positions as usize;
    let batch = args.valuing.batch as usize;
    let variety = args.variety;
    let mut next = |book: &Book, valued: usize| -> Vec<(u64, u64)> {
        build::played_positions(book, variety)
            .into_iter()
            .filter(|&(p, o)| {
                let pos = Othello8::from_bits(p, o, crate::core::Side::First);
                book.entry(&pos).is_some_and(|e| {
                    e.flags & crate::formats::book::EXACT == 0 && u32::from(e.depth) < depth
                })
            })
            .take(batch.min(max.saturating_sub(valued)))
            .collect()
    };
    let played = build::played_positions(&book, variety).len();
    writeln!(
        out,
        "{played} positions of {} played within {variety} discs of the best; deepening to {depth} plies, at most {max}",
        args.book.display()
    )
    .ok();
    value_into(book, max, &mut next, &args.valuing, &args.book, stop, out)
}

fn run_revalue(args: &RevalueArgs, stop: &Stop, out: &mut dyn Write) -> Result<(), CliError> {
    let book = existing(&args.book, "--book")?;
    let mut by_depth: std::collections::BTreeMap<u8, Vec<(u64, u64)>> = Default::default();
    for e in book.entries() {
        if e.flags & crate::formats::book::EXACT == 0 {
            by_depth
                .entry(e.depth)
                .or_default()
                .push((e.player, e.opponent));
        }
    }
    for (depth, todo) in by_depth {
        writeln!(
            out,
            "{} positions searched to {depth} plies: searching them again",
            todo.len()
        )
        .ok();
        let valuing = ValuingArgs {
            depth: u32::from(depth),
            exact_from: 0,
            batch: args.batch,
            threads: args.threads,
        };
        let book = existing(&args.book, "--book")?;
        value_list(book, todo, &valuing, &args.book, stop, out)?;
    }
    Ok(())
}

fn run_build(args: &BuildArgs, stop: &Stop, out: &mut dyn Write) -> Result<(), CliError> {
    let games = train::wthor_games(&args.wthor, "--wthor")?;
    if games.is_empty() {
        return Err(CliError::Usage("--wthor: the files hold no game".into()));
    }
    let book = load(&args.out, "--out")?;
    let found = build::frequent_positions(&games, args.plies as usize, args.min_games);
    let todo: Vec<(u64, u64)> = found
        .iter()
        .copied()
        .filter(|&(p, o)| !book.contains(&Othello8::from_bits(p, o, crate::core::Side::First)))
        .collect();
    writeln!(
        out,
        "{} games; {} positions within {} moves reached by at least {} of them; {} already in {}, {} to value",
        games.len(),
        found.len(),
        args.plies,
        args.min_games,
        found.len() - todo.len(),
        args.out.display(),
        todo.len()
    )
    .ok();
    value_list(book, todo, &args.valuing, &args.out, stop, out)
}

fn run_extend(args: &ExtendArgs, stop: &Stop, out: &mut dyn Write) -> Result<(), CliError> {
    let book = existing(&args.book, "--book")?;
    let todo = build::self_play_lines(
        &book,
        args.games,
        args.seed,
        args.variety,
        args.plies as usize,
        valuing(&args.valuing),
        args.valuing.threads.count(),
        stop,
    );
    writeln!(
        out,
        "{} self-play games (seed {}) leave the book at {} positions not in it",
        args.games,
        args.seed,
        todo.len()
    )
    .ok();
    value_list(book, todo, &args.valuing, &args.book, stop, out)
}

fn run_show(args: &ShowArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let moves = notation::parse_moves(&args.moves).map_err(CliError::Parse)?;
    let pos = super::openings::play(&Othello8::start(), &moves)
        .map_err(|e| CliError::Usage(format!("the moves: {e}")))?;
    let book = match &args.book {
        Some(path) => std::sync::Arc::new(load(path, "--book")?),
        None => crate::ai::book::user::current(),
    };
    match crate::core::othello::names::name_of_game(&moves) {
        Some(name) => writeln!(out, "opening: {name}").ok(),
        None => writeln!(out, "opening: no named line").ok(),
    };
    match book.value(&pos) {
        None => {
            writeln!(out, "not in the book ({} positions)", book.len()).ok();
        }
        Some(value) => {
            writeln!(out, "in the book, worth {value:+} to the side to move").ok();
            for m in book.moves(&pos) {
                let note = if m.in_book { "" } else { "  (leaves the book)" };
                writeln!(out, "{} {:+}{note}", m.mv, m.value).ok();
            }
        }
    }
    Ok(())
}

/// Whether Expert plays from the opening book, for the commands that choose players.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct BookChoiceArgs {
    /// Expert plays its first moves from the opening book (8x8 Othello), at once.
    #[arg(long, value_enum, default_value_t = OnOff::On, value_name = "on|off")]
    pub book: OnOff,
    /// Expert plays a random book move among those within this many discs of the best (0:
    /// always the best), so that its games differ.
    #[arg(long, default_value_t = crate::ai::book::DEFAULT_VARIETY, value_name = "DISCS",
          value_parser = clap::value_parser!(u32).range(0..=64))]
    pub book_variety: u32,
}

/// On or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OnOff {
    /// On.
    On,
    /// Off.
    Off,
}

impl BookChoiceArgs {
    /// The book options these flags give.
    pub fn options(&self) -> crate::ai::book::BookOptions {
        crate::ai::book::BookOptions {
            on: self.book == OnOff::On,
            variety: self.book_variety,
        }
    }
}
