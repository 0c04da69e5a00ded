//! `boardplay arena`: a match between two players, each opening played with both colours,
//! with the score, an Elo difference, and each player's budget and move times.
//!
//! The openings: `--start` ([`Start`]: `standard` or `alternate`, each with
//! `--opening-moves` random moves, 0 by default; `balanced`; or `file:PATH`, a list one
//! opening a line as the XOT list is written, as `--openings PATH` also gives it); by default
//! on 8x8 Othello the project's balanced set, else `--opening-moves` random moves (4 for
//! Othello, 1 for tic-tac-toe) from the standard start. A list is taken in an order shuffled by the seed, each
//! opening for two games, A with Black in the first. `--time MS` gives each move at most
//! that long (the players' own limits still hold); `--clock MS` gives each side that long
//! for a game, shared out over its moves as Expert shares its own clock ([`crate::ai::clock`]),
//! and a side that runs over loses the game (counted as 64-0 on 8x8, as servers score a
//! loss on time). A player that fails (an engine that ends, does not answer or plays an
//! illegal move) stops the match: the games finished are reported, then the failure.
//!
//! The report's lines, stable for scripts (`scripts/strength-table.sh`,
//! `scripts/move-time-table.sh`):
//!
//! ```text
//! A: Expert (Alpha-beta, 3.0 s, exact from 20 empties)
//! A budget: alpha-beta, at most 3 s a move, exact from 20 empties
//! ...
//! games 2: A wins 1, draws 0, losses 1; A's score 50.0%
//! mean disc difference (A - B): +2.00
//! Elo difference (A - B): +0, -382 to +382 (95%)
//! A move time: 60 moves, median 31.2 ms, slowest 1.204 s, none over the limit of 3 s
//! B move time: 60 moves, median 29.8 ms, slowest 980.1 ms, none over the limit of 3 s
//! A and B move time: 120 moves, median 30.5 ms, slowest 1.204 s, none over the limit of 3 s
//! time: 8.1 s
//! ```
//!
//! The Elo line gives the difference from A's score, then its 95% interval (Wilson's, see
//! [`MatchResult::elo`]); a side that won every game is `+inf` ahead, with a finite low end.
//! A move's time is that of the player's `choose` call, timed by the arena; times are
//! written in ns, µs, ms or s ("45 ns", "3.1 ms", "1.204 s"). The clause on the limit is
//! there only for players with a time limit ("2 over the limit of 3 s" when some were
//! over). The "A and B" line, printed only when A and B are the same player, counts the
//! moves of both sides.

mod result;

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::book::BookChoiceArgs;
use super::estimate::{self, Estimate};
use super::files;
use super::meter::Meter;
use super::openings::{self, BALANCED_8X8, BALANCED_8X8_PATH};
use super::{BoardArgs, CliError, JobArgs, ThreadsArgs};
use crate::ai::{Context, Game, GameVisitor, Player, PlayerSpec, Stop, clock};
use crate::core::othello::final_margin;
use crate::core::start::{Start, StartError};
use crate::core::{GameKind, Outcome, Side, Variant};

use result::MatchResult;

/// Options of `boardplay arena`.
#[derive(Clone, Debug, clap::Args)]
pub struct ArenaArgs {
    /// The game and board (--board sets the position every opening starts from).
    #[command(flatten)]
    pub board: BoardArgs,
    /// Player A, who has Black (X) in the first game and colours alternate after: a level
    /// (beginner, easy, medium, hard, expert, perfect) or random, minimax:DEPTH,
    /// alphabeta:DEPTH, mcts:ITERATIONS, exact, or engine:COMMAND (another program that
    /// speaks the NBoard protocol).
    // --black and --white were the names before the colours alternated.
    #[arg(short = 'a', long, value_name = "PLAYER", alias = "black")]
    pub player_a: String,
    /// Player B, who has White (O) in the first game.
    #[arg(short = 'b', long, value_name = "PLAYER", alias = "white")]
    pub player_b: String,
    /// Games to play; colours alternate, each opening is played once with each colour.
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Seeds the openings and the players' random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A list of openings, one a line (moves from the start, as the XOT list writes them);
    /// default on 8x8 Othello: the project's balanced set.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["opening_moves", "start"])]
    pub openings: Option<PathBuf>,
    /// Where the games start: standard, alternate (Othello's parallel centre), each with
    /// --opening-moves random moves (default 0); balanced (the project's balanced openings,
    /// 8x8 Othello); or file:PATH (an openings list, as --openings). The window's new game
    /// offers the same starts.
    #[arg(long, value_name = "START", value_parser = |s: &str| s.parse::<Start>())]
    pub start: Option<Start>,
    /// Random moves that make each opening, instead of a list (default where no list
    /// applies: 4 for Othello, 1 for tic-tac-toe).
    #[arg(long)]
    pub opening_moves: Option<u32>,
    /// The longest a move may take, in milliseconds, for both sides.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub time: Option<u64>,
    /// Each side's time for a whole game, in milliseconds; a side that runs over loses.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    pub clock: Option<u64>,
    /// Print a line per game.
    #[arg(long)]
    pub verbose: bool,
    /// Long jobs.
    #[command(flatten)]
    pub job: JobArgs,
    /// Threads each player searches on (they move in turn, never at once).
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// Expert's opening book.
    #[command(flatten)]
    pub book: BookChoiceArgs,
}

struct Arena<'a> {
    args: &'a ArenaArgs,
    variant: Variant,
    a: PlayerSpec,
    b: PlayerSpec,
    stop: &'a Stop,
    out: &'a mut dyn Write,
}

/// Where the games start.
enum Openings<P> {
    /// Positions after the openings of a list, in the order they are played, each with its
    /// line; and the list's name.
    List(String, Vec<(usize, P)>),
    /// This many random moves from this position.
    Random(u32, P),
}

impl<P: Game> Openings<P> {
    /// The openings of `args` for a match on the board of `start` (the game's standard
    /// position, or --board's).
    fn of(args: &ArenaArgs, start: &P, variant: Variant) -> Result<Openings<P>, CliError> {
        let othello = variant.kind() == GameKind::Othello;
        let bad = |e: StartError| CliError::Usage(format!("--start: {e}"));
        let choice = match (&args.start, &args.openings) {
            (Some(choice), _) => Some(choice.clone()),
            (None, Some(path)) => Some(Start::File(path.clone())),
            (None, None) => None,
        };
        let (name, text) = match choice {
            Some(choice @ (Start::Standard | Start::Alternate)) => {
                let base = choice.base(start).map_err(bad)?;
                return Ok(Openings::Random(args.opening_moves.unwrap_or(0), base));
            }
            Some(_) if args.opening_moves.is_some() => {
                return Err(CliError::Usage(
                    "--opening-moves goes with the standard or alternate start, not a list".into(),
                ));
            }
            Some(Start::Balanced) => {
                if !othello || variant.rows() != 8 {
                    return Err(bad(StartError::NotEightByEight(variant.rows())));
                }
                (
                    format!("the project's balanced set ({BALANCED_8X8_PATH})"),
                    BALANCED_8X8.to_string(),
                )
            }
            Some(Start::File(path)) => {
                let option = if args.start.is_some() {
                    "--start file:"
                } else {
                    "--openings"
                };
                let text = files::read_text(&path, files::TEXT_LIMIT, option)?;
                (path.display().to_string(), text)
            }
            None => match args.opening_moves {
                Some(n) => return Ok(Openings::Random(n, *start)),
                None if othello && variant.rows() == 8 && args.board.board.is_none() => (
                    format!("the project's balanced set ({BALANCED_8X8_PATH})"),
                    BALANCED_8X8.to_string(),
                ),
                None => return Ok(Openings::Random(if othello { 4 } else { 1 }, *start)),
            },
        };
        let lines = openings::read(&text)
            .map_err(|e| CliError::Usage(format!("--openings {name}: {e}")))?;
        let mut positions = Vec::with_capacity(lines.len());
        for (line, moves) in lines {
            let pos = openings::play(start, &moves).map_err(|e| {
                CliError::Usage(format!("--openings {name}: line {line}: {e} on {variant}"))
            })?;
            positions.push((line, pos));
        }
        positions.shuffle(&mut SmallRng::seed_from_u64(args.seed));
        Ok(Openings::List(name, positions))
    }

    /// The opening of the `pair`-th pair of games, and its line in the list if it has one.
    fn get(&self, pair: u32, seed: u64) -> (P, Option<usize>) {
        match self {
            Openings::List(_, positions) => {
                let (line, pos) = positions[pair as usize % positions.len()];
                (pos, Some(line))
            }
            Openings::Random(n, start) => {
                let mut rng = SmallRng::seed_from_u64(seed ^ (u64::from(2 * pair) << 20));
                let mut opening = *start;
                for _ in 0..*n {
                    let count = opening.move_count();
                    if count == 0 {
                        break;
                    }
                    if let Some(mv) = opening.legal_moves().nth(rng.random_range(0..count)) {
                        opening = opening.play_unchecked(mv);
                    }
                }
                if opening.outcome().is_over() {
                    opening = *start;
                }
                (opening, None)
            }
        }
    }

    fn describe(&self) -> String {
        match self {
            Openings::List(name, positions) => {
                format!("{} from {name}, each with both colours", positions.len())
            }
            Openings::Random(0, _) => "none, every game from the same start".into(),
            Openings::Random(n, _) => format!("{n} random moves, each opening with both colours"),
        }
    }
}

/// How one game ended, from A's side.
struct GameEnd {
    /// A's discs less B's at the end (a loss on time: the whole board).
    diff: i64,
    /// The result.
    outcome: Outcome,
    /// The side that ran out of time, if one did.
    out_of_time: Option<Side>,
    /// Moves played.
    moves: u32,
}

impl GameVisitor for Arena<'_> {
    type Output = Result<MatchResult, CliError>;

    fn visit<G: Game>(self, start: G) -> Result<MatchResult, CliError> {
        let args = self.args;
        let start = args.board.position(start, self.variant)?;
        if start.outcome().is_over() {
            return Err(CliError::Usage(
                "--board: the position is already over, no game can be played from it".into(),
            ));
        }
        let openings = Openings::of(args, &start, self.variant)?;
        let othello = args.board.game() == GameKind::Othello;
        let stop = self.stop;
        let (a_move, b_move) = (
            estimate::move_time(&self.a, &start, othello, stop),
            estimate::move_time(&self.b, &start, othello, stop),
        );
        let moves = f64::from(estimate::empties(&start));
        let cap = args.time.map_or(f64::INFINITY, |ms| ms as f64 / 1000.0);
        let (a_seconds, b_seconds) = (a_move.seconds.min(cap), b_move.seconds.min(cap));
        let slower = if a_seconds >= b_seconds {
            ("A", &a_move)
        } else {
            ("B", &b_move)
        };
        Estimate {
            seconds: f64::from(args.games) * moves / 2.0 * (a_seconds + b_seconds),
            basis: format!(
                "{} games of up to {moves} moves; {}: {}",
                args.games, slower.0, slower.1.basis
            ),
        }
        .check(&format!("this arena on {}", self.variant), args.job.force)?;
        let book = args.book.options();
        let mut a = self.a.make_with_book(&start, args.seed, book);
        let mut b = self
            .b
            .make_with_book(&start, args.seed.wrapping_add(1), book);
        let out = self.out;
        writeln!(
            out,
            "arena: {}, {} games, seed {}",
            self.variant, args.games, args.seed
        )
        .ok();
        writeln!(out, "openings: {}", openings.describe()).ok();
        if let Some(ms) = args.time {
            writeln!(out, "time a move: at most {ms} ms").ok();
        }
        if let Some(ms) = args.clock {
            writeln!(out, "clock: {ms} ms a game for each side").ok();
        }
        let (a_budget, b_budget) = (self.a.budget(&start), self.b.budget(&start));
        writeln!(out, "A: {} ({})", describe(&self.a), a.name()).ok();
        writeln!(out, "A budget: {a_budget}").ok();
        writeln!(out, "B: {} ({})", describe(&self.b), b.name()).ok();
        writeln!(out, "B budget: {b_budget}").ok();
        let t0 = Instant::now();
        let mut result = MatchResult::default();
        let meter = Meter::bar(
            u64::from(args.games),
            "games [{wide_bar}] {pos}/{len} ({eta} left)",
        );
        let mut failure = None;
        for game in 0..args.games {
            meter.set(u64::from(game));
            // Each opening for a pair of games, A with Black in the first.
            let (opening, line) = openings.get(game / 2, args.seed);
            let a_side = if game % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            let players = Players {
                a: a.as_mut(),
                b: b.as_mut(),
                a_side,
            };
            let end = match play_game(opening, players, args, stop, &mut result) {
                Ok(Some(end)) => end,
                // Ctrl+C: the unfinished game does not count.
                Ok(None) => break,
                Err(e) => {
                    failure = Some(format!("game {}: {e}", game + 1));
                    break;
                }
            };
            result.disc_diff += end.diff;
            let mut word = match end.outcome {
                Outcome::Won(w) if w == a_side => {
                    result.wins += 1;
                    "A wins".to_string()
                }
                Outcome::Won(_) => {
                    result.losses += 1;
                    "B wins".to_string()
                }
                _ => {
                    result.draws += 1;
                    "draw".to_string()
                }
            };
            if let Some(side) = end.out_of_time {
                let who = if side == a_side { "A" } else { "B" };
                word += &format!(" ({who} out of time)");
            }
            if args.verbose {
                let from = line.map_or(String::new(), |l| format!(", opening of line {l}"));
                meter.suspend(|| {
                    writeln!(
                        out,
                        "game {:>4}: A has {}{from}, {} moves, {word}, {:+}",
                        game + 1,
                        a_side.symbol(),
                        end.moves,
                        end.diff
                    )
                    .ok()
                });
            }
        }
        drop(meter);
        let n = result.games();
        if stop.is_stopped() {
            writeln!(out, "interrupted after {n} of {} games", args.games).ok();
        }
        if failure.is_some() {
            writeln!(out, "stopped after {n} of {} games", args.games).ok();
        }
        if n > 0 {
            writeln!(
                out,
                "games {n}: A wins {}, draws {}, losses {}; A's score {:.1}%",
                result.wins,
                result.draws,
                result.losses,
                100.0 * result.score()
            )
            .ok();
            writeln!(
                out,
                "mean disc difference (A - B): {:+.2}",
                result.disc_diff as f64 / f64::from(n)
            )
            .ok();
            writeln!(out, "Elo difference (A - B): {} (95%)", result.elo()).ok();
        }
        // A move's limit is the player's own or --time's, whichever is shorter.
        let time = args.time.map(Duration::from_millis);
        let limit = |own: Option<Duration>| match (own, time) {
            (Some(own), Some(time)) => Some(own.min(time)),
            (own, time) => own.or(time),
        };
        let (a_limit, b_limit) = (limit(a_budget.time_limit), limit(b_budget.time_limit));
        let a_times = result.a_times.summary(a_limit);
        writeln!(out, "A move time: {a_times}").ok();
        let b_times = result.b_times.summary(b_limit);
        writeln!(out, "B move time: {b_times}").ok();
        if self.a == self.b {
            // One player on both sides: its times over the whole match.
            let mut both = result.a_times.clone();
            both.extend(&result.b_times);
            let both = both.summary(a_limit);
            writeln!(out, "A and B move time: {both}").ok();
        }
        writeln!(out, "time: {:.1} s", t0.elapsed().as_secs_f64()).ok();
        if let Some(failure) = failure {
            return Err(CliError::Failed(failure));
        }
        if stop.is_stopped() {
            return Err(CliError::Interrupted);
        }
        Ok(result)
    }
}

/// The two players of a game, and A's colour in it.
struct Players<'p, G> {
    a: &'p mut dyn Player<G>,
    b: &'p mut dyn Player<G>,
    a_side: Side,
}

/// Plays one game from `opening`, each move's time recorded in `result`; `None` if the
/// match was stopped (Ctrl+C) in it. A player that gives no move is an error that names it.
fn play_game<G: Game>(
    opening: G,
    players: Players<'_, G>,
    args: &ArenaArgs,
    stop: &Stop,
    result: &mut MatchResult,
) -> Result<Option<GameEnd>, CliError> {
    let Players { a, b, a_side } = players;
    let threads = args.threads.count();
    let clock = args.clock.map(Duration::from_millis);
    // What each side has left on its clock, by side index.
    let mut left = [clock, clock];
    let mut pos = opening;
    let mut moves = 0;
    while !pos.outcome().is_over() {
        let mover = pos.side_to_move();
        let (player, times, name) = if mover == a_side {
            (&mut *a, &mut result.a_times, "A")
        } else {
            (&mut *b, &mut result.b_times, "B")
        };
        let thinking = Instant::now();
        let mut allowed = args.time.map(Duration::from_millis);
        if let Some(left) = left[mover.index()] {
            let planned = clock::plan(left, pos.empty_cells(), 20).time;
            allowed = Some(allowed.map_or(planned, |t| t.min(planned)));
        }
        let move_stop = match allowed {
            Some(t) => stop.with_deadline(thinking + t),
            None => stop.clone(),
        };
        let mut report = |_: &crate::ai::Progress| {};
        let mut ctx = Context::new(&move_stop, &mut report).with_threads(threads);
        let chosen = player.choose(&pos, &mut ctx);
        if stop.is_stopped() {
            return Ok(None);
        }
        let took = thinking.elapsed();
        times.record(took);
        let who = |e: &dyn std::fmt::Display| format!("{name} ({}): {e}", player.name());
        let mv = chosen
            .map_err(|e| CliError::Failed(who(&e)))?
            .ok_or_else(|| CliError::Failed(who(&"no move in an unfinished game")))?;
        if let Some(clock) = &mut left[mover.index()] {
            match clock.checked_sub(took) {
                Some(rest) => *clock = rest,
                None => {
                    let cells = (pos.rows() * pos.cols()) as i64;
                    let diff = if mover == a_side { -cells } else { cells };
                    return Ok(Some(GameEnd {
                        diff,
                        outcome: Outcome::Won(!mover),
                        out_of_time: Some(mover),
                        moves,
                    }));
                }
            }
        }
        pos = pos.play(mv).map_err(|e| {
            CliError::Failed(who(&format!(
                "the illegal move {mv} in {}: {e}",
                pos.to_board_string()
            )))
        })?;
        moves += 1;
    }
    let counts = pos.counts();
    let diff = match G::KIND {
        // Othello's one rule: the empty cells of a game that ends early go to the winner.
        GameKind::Othello => {
            let cells = (pos.rows() * pos.cols()) as u32;
            let black = i64::from(final_margin(counts, cells));
            if a_side == Side::First { black } else { -black }
        }
        GameKind::TicTacToe => {
            i64::from(counts[a_side.index()]) - i64::from(counts[(!a_side).index()])
        }
    };
    Ok(Some(GameEnd {
        diff,
        outcome: pos.outcome(),
        out_of_time: None,
        moves,
    }))
}

fn describe(spec: &PlayerSpec) -> String {
    match spec {
        PlayerSpec::Level(l) => l.to_string(),
        other => other.to_string(),
    }
}

/// Runs `boardplay arena`.
pub fn run(args: &ArenaArgs, stop: &Stop, out: &mut dyn Write) -> Result<(), CliError> {
    let parse = |s: &str| {
        s.parse::<PlayerSpec>()
            .map_err(|e| CliError::Usage(format!("player {s:?}: {e}")))
    };
    let (a, b) = (parse(&args.player_a)?, parse(&args.player_b)?);
    if args.games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    let variant = args.board.variant()?;
    crate::ai::visit(
        variant,
        Arena {
            args,
            variant,
            a,
            b,
            stop,
            out,
        },
    )?
    .map(|_| ())
}

#[cfg(test)]
mod tests;
