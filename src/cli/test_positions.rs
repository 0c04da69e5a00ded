//! `boardplay test-positions`: the engine on positions whose answers are known, and
//! `boardplay known-answers`, which makes such positions.
//!
//! ```text
//! boardplay test-positions --file benches/positions/known-20-24.obf --time 1000
//! boardplay test-positions --file F.obf --depth 8 --eval hand
//! boardplay known-answers --games 60 --empties 20-24 --seed 20261124 --out F.obf
//! ```
//!
//! Each position of an OBF file (see [`crate::formats::obf`]) is searched; its line gives the
//! engine's move and score and, where the file has the exact values of the moves, the best
//! value and what the engine's move loses. The last line sums up:
//! `positions N, best move B%, top-3 T%, mean abs error E discs, mean disc loss L`.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use rand::Rng;

use super::book::BookChoiceArgs;
use super::meter::Meter;
use super::{CliError, ThreadsArgs, files};
use crate::ai::alphabeta::AlphaBeta;
use crate::ai::book::{BookOptions, with_book};
use crate::ai::clock::{self, MovePlan};
use crate::ai::train::known::known_answers;
use crate::ai::train::selfplay::Style;
use crate::ai::{Context, Game, GameVisitor, Level, PROBCUT_SIGMAS, Progress, Stop, Work, visit};
use crate::core::{Move, Variant, notation};
use crate::formats::obf::{self, Problem};

/// Which evaluation scores the search's leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EvalChoice {
    /// The pattern evaluation learned from self-play (8x8 and 12x12 Othello; the hand-written
    /// one elsewhere).
    Learned,
    /// The hand-written evaluation.
    Hand,
}

/// Options of `boardplay test-positions`.
#[derive(Clone, Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("budget").required(true).args(["time", "depth", "game_left"])))]
pub struct TestPositionsArgs {
    /// The positions: OBF lines, `<cells> <X|O>;` then optionally `MOVE:VALUE;` for legal
    /// moves (Edax's problem files).
    #[arg(long, value_name = "FILE")]
    pub file: PathBuf,
    /// Expert's search with this many milliseconds a position (it solves exactly from its
    /// own number of empties on).
    #[arg(long, value_name = "MS")]
    pub time: Option<u64>,
    /// Expert on a clock with this many milliseconds left for the rest of the game: it plans
    /// each move's time and its exact solve from the clock and the board
    /// ([`crate::ai::clock`]); a match gives both programs the same time a game this way.
    #[arg(long, value_name = "MS")]
    pub game_left: Option<u64>,
    /// A search of this many plies, no exact solving.
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: Option<u32>,
    /// With `--depth`: search as Expert does, with its selective search (ProbCut), instead of
    /// full width.
    #[arg(long, requires = "depth")]
    pub selective: bool,
    /// The evaluation at the leaves.
    #[arg(long, value_enum, default_value_t = EvalChoice::Learned)]
    pub eval: EvalChoice,
    /// Threads.
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// The opening book of the timed searches (--time, --game-left).
    #[command(flatten)]
    pub book: BookChoiceArgs,
    /// Seeds the choice among book moves (with the position: the same seed plays the same
    /// book moves). Without it a seed is drawn from the clock for each run, so a match that
    /// asks a fresh process for each move still varies its games; give one to repeat a
    /// run's choices.
    #[arg(long)]
    pub seed: Option<u64>,
    /// A file counting the games this player began, a line each: at its first move of a
    /// game (4 or 5 discs on the board) a line is added, and the number of lines is mixed
    /// into --seed (0 if not given), so that a match asking one process a move still varies its book moves
    /// from game to game (reproducibly when the games are played one at a time). Made if
    /// missing.
    #[arg(long, value_name = "FILE")]
    pub book_games: Option<PathBuf>,
}

/// Options of `boardplay known-answers`.
#[derive(Clone, Debug, clap::Args)]
pub struct KnownAnswersArgs {
    /// Where to write the OBF lines.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Self-play games to take a position from (one each).
    #[arg(long, default_value_t = 60)]
    pub games: u64,
    /// Empty cells of the positions: "20-24", or one number.
    #[arg(long, default_value = "20-24")]
    pub empties: String,
    /// Seeds the games (training uses seed 1: keep this one different).
    #[arg(long, default_value_t = 20_261_124)]
    pub seed: u64,
    /// Plies of the learned search that plays the games (0: the hand-written evaluation one
    /// ply deep, as the training's first games; 2 or more: games closer to real play).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=8))]
    pub search_plies: u32,
    /// Chance, in percent, that a move after the opening is random.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=100))]
    pub random_percent: u32,
    /// Games played and solved at once (the positions are the same on any number).
    #[command(flatten)]
    pub threads: ThreadsArgs,
}

/// What the engine did on one position.
struct Outcome {
    mv: Move,
    score: f32,
    /// How far a timed search got (its last report), shown after the move.
    reached: Option<(Work, u64)>,
}

/// The running totals of the summary line.
#[derive(Default)]
struct Totals {
    positions: usize,
    scored: usize,
    best: usize,
    top3: usize,
    error: f64,
    loss: f64,
    /// Positions the fixed-depth searches visited (the main thread's count).
    nodes: Option<u64>,
}

impl Totals {
    fn summary(&self) -> String {
        let pct = |n: usize| 100.0 * n as f64 / self.scored.max(1) as f64;
        let mean = |x: f64| x / self.scored.max(1) as f64;
        format!(
            "positions {}, best move {:.1}%, top-3 {:.1}%, mean abs error {:.2} discs, mean disc loss {:.2}{}",
            self.positions,
            pct(self.best),
            pct(self.top3),
            mean(self.error),
            mean(self.loss),
            self.nodes.map_or(String::new(), |n| format!(", nodes {n}"))
        )
    }
}

/// Scores the engine on the positions of the file.
pub fn run(args: &TestPositionsArgs, stop: &Stop, out: &mut dyn Write) -> Result<(), CliError> {
    let bytes = files::read_bytes(&args.file, files::OBF_LIMIT, "--file")?;
    let problems = obf::read_bytes(&bytes)
        .map_err(|e| CliError::Usage(format!("{}: {e}", args.file.display())))?;
    let Some(first) = problems.first() else {
        return Err(CliError::Usage(format!(
            "{}: no position in the file",
            args.file.display()
        )));
    };
    let size = first.size;
    if let Some(other) = problems.iter().find(|p| p.size != size) {
        return Err(CliError::Usage(format!(
            "{}: {}: a {n}x{n} board among {size}x{size} ones",
            args.file.display(),
            other.place,
            n = other.size
        )));
    }
    let variant = Variant::Othello { size }.validate()?;
    visit(
        variant,
        Test {
            problems: &problems,
            args,
            stop,
            out,
        },
    )?
}

struct Test<'a> {
    problems: &'a [Problem],
    args: &'a TestPositionsArgs,
    stop: &'a Stop,
    out: &'a mut dyn Write,
}

impl GameVisitor for Test<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: Game>(self, start: G) -> Result<(), CliError> {
        let learned = self.args.eval == EvalChoice::Learned;
        // Every board, and every move the file gives a value for, is checked before any
        // search starts.
        let positions = self
            .problems
            .iter()
            .map(|p| {
                let pos = start
                    .parse_board(&p.board)
                    .map_err(|e| CliError::Usage(format!("{}: {e}", p.place)))?;
                check_values(&pos, p)?;
                Ok(pos)
            })
            .collect::<Result<Vec<G>, CliError>>()?;
        let meter = Meter::bar(
            positions.len() as u64,
            "{pos}/{len} positions [{wide_bar}] ({eta} left)",
        );
        let mut totals = Totals::default();
        for (i, (problem, pos)) in self.problems.iter().zip(&positions).enumerate() {
            if self.stop.is_stopped() {
                break;
            }
            if pos.legal_moves().next().is_none() {
                writeln!(
                    self.out,
                    "{:>4} {}: no legal move, skipped",
                    i + 1,
                    problem.place
                )
                .map_err(io)?;
                continue;
            }
            let outcome = match self.args.depth {
                Some(depth) => {
                    let mut engine = AlphaBeta::default()
                        .with_learned_eval(learned)
                        .with_probcut(self.args.selective.then_some(PROBCUT_SIGMAS));
                    let (score, mv) = engine.search_depth_on(pos, depth, self.args.threads.count());
                    let mv = mv.unwrap_or_else(|| pos.legal_moves().next().expect("checked"));
                    Outcome {
                        mv,
                        score: G::chart_value(score),
                        reached: Some((Work::Depth(depth), engine.nodes())),
                    }
                }
                None => {
                    let plan = match self.args.game_left {
                        Some(left) => clock::plan(
                            Duration::from_millis(left),
                            pos.empty_cells(),
                            Level::Expert.exact_from(pos),
                        ),
                        None => MovePlan {
                            time: Duration::from_millis(self.args.time.unwrap_or(1000)),
                            exact_from: Level::Expert.exact_from(pos),
                        },
                    };
                    let seed = book_seed(self.args, pos)?;
                    let book = (self.args.book.options(), seed);
                    timed(
                        pos,
                        plan,
                        learned,
                        book,
                        self.args.threads.count(),
                        self.stop,
                    )
                }
            };
            totals.positions += 1;
            // A fixed depth's count, the same from run to run at one thread (a timed
            // search's is not, so the summary leaves it out).
            if let (Some(_), Some((_, nodes))) = (self.args.depth, outcome.reached) {
                totals.nodes = Some(totals.nodes.unwrap_or(0) + nodes);
            }
            let mut line = format!(
                "{:>4} {} {} engine {} {:+.1}",
                i + 1,
                problem.place,
                notation::format_board(pos),
                outcome.mv,
                outcome.score
            );
            if let (Some(best), Some(value)) = (problem.best_value(), problem.value_of(outcome.mv))
            {
                let better = problem.values.iter().filter(|&&(_, v)| v > value).count();
                totals.scored += 1;
                totals.best += usize::from(value == best);
                totals.top3 += usize::from(better < 3);
                totals.error += (f64::from(outcome.score) - f64::from(best)).abs();
                // Values are within the board's discs (see `obf::read`): no overflow.
                let loss = i64::from(best) - i64::from(value);
                totals.loss += loss as f64;
                line.push_str(&format!(
                    "  exact {best:+}, its move {value:+}, loss {loss}"
                ));
            }
            // How far a timed search got, last (the values above keep their places).
            match outcome.reached {
                Some((Work::Depth(d), nodes)) => {
                    line.push_str(&format!("  (depth {d}, {nodes} nodes)"))
                }
                Some((Work::Solved(e), nodes)) => {
                    line.push_str(&format!("  (solved {e} empties, {nodes} nodes)"))
                }
                Some((Work::Book, _)) => line.push_str("  (book)"),
                _ => {}
            }
            meter.suspend(|| writeln!(self.out, "{line}")).map_err(io)?;
            meter.set(i as u64 + 1);
        }
        drop(meter);
        writeln!(self.out, "{}", totals.summary()).map_err(io)?;
        if self.stop.is_stopped() {
            return Err(CliError::Interrupted);
        }
        Ok(())
    }
}

/// Refuses a value the file gives for a move that is not legal in the position, and one for
/// a pass (`PA`) where there are moves, naming the line.
fn check_values<G: Game>(pos: &G, problem: &Problem) -> Result<(), CliError> {
    let legal: Vec<Move> = pos.legal_moves().collect();
    for &(mv, value) in &problem.values {
        let refused = match mv {
            Move::Pass if !legal.is_empty() => Some(format!(
                "a value for a pass (PA:{value:+}) where there are {} legal moves",
                legal.len()
            )),
            Move::Pass => None,
            Move::Place(_) if !legal.contains(&mv) => Some(format!(
                "a value for {} ({value:+}), which is not a legal move here",
                mv.to_string().to_ascii_uppercase()
            )),
            Move::Place(_) => None,
        };
        if let Some(why) = refused {
            return Err(CliError::Usage(format!("{}: {why}", problem.place)));
        }
    }
    Ok(())
}

/// Expert's choice with the time and solving depth of `plan`, and the score it last reported
/// for that move.
fn timed<G: Game>(
    pos: &G,
    plan: MovePlan,
    learned: bool,
    (book, seed): (BookOptions, u64),
    threads: usize,
    stop: &Stop,
) -> Outcome {
    let mut player = with_book(Level::expert_with(pos, plan, learned), true, book, seed);
    let mut last: Option<(Option<Move>, i32)> = None;
    let mut reached = None;
    let mut report = |p: &Progress| {
        if let Some(score) = p.score {
            last = Some((p.best, score));
        }
        reached = Some((p.work, p.nodes));
    };
    // Expert always answers (only engines fail).
    let chosen = player
        .choose(
            pos,
            &mut Context::new(stop, &mut report).with_threads(threads),
        )
        .ok()
        .flatten();
    let mv = chosen.unwrap_or_else(|| pos.legal_moves().next().expect("a legal move"));
    let score = match last {
        Some((best, score)) if best.is_none_or(|b| b == mv) => score as f32,
        // A move with no score of its own (the only legal move): what a short search says.
        _ => {
            let mut engine = AlphaBeta::default().with_learned_eval(learned);
            let child = pos.play(mv).expect("a legal move");
            -G::chart_value(engine.search_depth(&child, 4).0)
        }
    };
    Outcome { mv, score, reached }
}

/// The seed of the book's choice for `pos`: --seed (else one drawn from the clock), or with
/// --book-games, --seed (else 0) with the number of games the file counts mixed in (a line
/// added to it first at the player's first move of a game).
fn book_seed<G: Game>(args: &TestPositionsArgs, pos: &G) -> Result<u64, CliError> {
    let Some(path) = &args.book_games else {
        return Ok(args.seed.unwrap_or_else(crate::ai::seed_from_clock));
    };
    let err = |e| CliError::io(format!("--book-games {}", path.display()), e);
    let [a, b] = pos.counts();
    if a + b <= 5 {
        // Appending is one write, so processes started at once each add their own line.
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| f.write_all(b"\n"))
            .map_err(err)?;
    }
    let games = match std::fs::metadata(path) {
        Ok(m) => m.len(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => 0,
        Err(e) => return Err(err(e)),
    };
    Ok(crate::ai::train::selfplay::game_rng(args.seed.unwrap_or(0), games).next_u64())
}

fn io(e: std::io::Error) -> CliError {
    CliError::io("cannot write the report", e)
}

/// Writes positions from self-play with every legal move solved exactly.
pub fn make(args: &KnownAnswersArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let bad = || {
        CliError::Usage(format!(
            "--empties must be a number or a range such as 20-24, not '{}'",
            args.empties
        ))
    };
    let (low, high) = match args.empties.split_once('-') {
        Some((a, b)) => (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        ),
        None => {
            let n = args.empties.trim().parse().map_err(|_| bad())?;
            (n, n)
        }
    };
    if low > high || high > 40 {
        return Err(CliError::Usage(
            "--empties: a range from low to high, at most 40 empties".into(),
        ));
    }
    let threads = args.threads.count();
    let style = Style {
        search_plies: args.search_plies,
        random_percent: args.random_percent,
        ..Style::default()
    };
    let known = known_answers(args.seed, args.games, (low, high), style, threads);
    let mut text = format!(
        "% boardplay known-answers --games {} --empties {low}-{high} --seed {} --search-plies {} --random-percent {}\n",
        args.games, args.seed, args.search_plies, args.random_percent
    );
    for k in &known {
        text.push_str(&obf::write(&notation::format_board(&k.position), &k.values));
        text.push('\n');
    }
    std::fs::write(&args.out, text)
        .map_err(|e| CliError::io(format!("cannot write {}", args.out.display()), e))?;
    writeln!(
        out,
        "{} positions written to {}",
        known.len(),
        args.out.display()
    )
    .map_err(io)
}
