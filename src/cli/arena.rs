//! `boardplay arena`: a match between two players, alternating colours over varied
//! openings, with the score, an Elo difference, and each player's budget and move times.
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
//! Elo difference (A - B): +0 +/- 1385 (95%)
//! A move time: 60 moves, median 31.2 ms, slowest 1.204 s, none over the limit of 3 s
//! B move time: 60 moves, median 29.8 ms, slowest 980.1 ms, none over the limit of 3 s
//! A and B move time: 120 moves, median 30.5 ms, slowest 1.204 s, none over the limit of 3 s
//! time: 8.1 s
//! ```
//!
//! A move's time is that of the player's `choose` call, timed by the arena; times are
//! written in ns, µs, ms or s ("45 ns", "3.1 ms", "1.204 s"). The clause on the limit is
//! there only for players with a time limit ("2 over the limit of 3 s" when some were
//! over). The "A and B" line, printed only when A and B are the same player, counts the
//! moves of both sides.

use std::fmt;
use std::io::Write;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::estimate::{self, Estimate};
use super::meter::Meter;
use super::{BoardArgs, CliError, JobArgs, ThreadsArgs};
use crate::ai::{Context, Game, GameVisitor, PlayerSpec, Stop};
use crate::core::{GameKind, Outcome, Side, Variant};

/// Options of `boardplay arena`.
#[derive(Clone, Debug, clap::Args)]
pub struct ArenaArgs {
    /// The game and board (--board sets the position every opening starts from).
    #[command(flatten)]
    pub board: BoardArgs,
    /// Player A, who has Black (X) in the first game and colours alternate after: a level
    /// (beginner, easy, medium, hard, expert, perfect) or random, minimax:DEPTH,
    /// alphabeta:DEPTH, mcts:ITERATIONS, exact.
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
    /// Random moves that make each opening (default: 4 for Othello, 1 for tic-tac-toe).
    #[arg(long)]
    pub opening_moves: Option<u32>,
    /// Print a line per game.
    #[arg(long)]
    pub verbose: bool,
    /// Long jobs.
    #[command(flatten)]
    pub job: JobArgs,
    /// Threads each player searches on (they move in turn, never at once).
    #[command(flatten)]
    pub threads: ThreadsArgs,
}

struct Arena<'a> {
    args: &'a ArenaArgs,
    variant: Variant,
    a: PlayerSpec,
    b: PlayerSpec,
    stop: &'a Stop,
    out: &'a mut dyn Write,
}

/// The result of a match, from player A's point of view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchResult {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// Sum over games of A's discs (marks) minus B's at the end.
    pub disc_diff: i64,
    /// How long A took over each of its moves.
    pub a_times: MoveTimes,
    /// How long B took over each of its moves.
    pub b_times: MoveTimes,
}

/// The thinking times of one player's moves, in the order played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveTimes(Vec<Duration>);

impl MoveTimes {
    /// Adds a move's time.
    pub fn record(&mut self, time: Duration) {
        self.0.push(time);
    }

    /// Adds the times of `other`.
    pub fn extend(&mut self, other: &MoveTimes) {
        self.0.extend_from_slice(&other.0);
    }

    /// Moves timed.
    pub fn count(&self) -> usize {
        self.0.len()
    }

    /// The median time (the mean of the middle two for an even count); `None` if no move
    /// was timed.
    pub fn median(&self) -> Option<Duration> {
        crate::stats::median(&self.0)
    }

    /// The longest time; `None` if no move was timed.
    pub fn slowest(&self) -> Option<Duration> {
        self.0.iter().max().copied()
    }

    /// Moves that took longer than `limit`.
    pub fn over(&self, limit: Duration) -> usize {
        self.0.iter().filter(|t| **t > limit).count()
    }

    /// The summary the arena prints after "A move time: ": "812 moves, median 3.1 ms,
    /// slowest 48.2 ms", and with a limit ", none over the limit of 3 s".
    pub fn summary(&self, limit: Option<Duration>) -> String {
        let (Some(median), Some(slowest)) = (self.median(), self.slowest()) else {
            return "0 moves".into();
        };
        let mut text = format!(
            "{} moves, median {}, slowest {}",
            self.count(),
            Seconds(median),
            Seconds(slowest)
        );
        if let Some(limit) = limit {
            let over = match self.over(limit) {
                0 => "none".to_string(),
                n => n.to_string(),
            };
            text += &format!(", {over} over the limit of {}", Seconds(limit));
        }
        text
    }
}

/// A duration written for people and scripts alike: "45 ns", "0.4 µs", "3.1 ms", "2.981 s"
/// (and whole seconds as "3 s").
struct Seconds(Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.0;
        if t < Duration::from_micros(1) {
            write!(f, "{} ns", t.as_nanos())
        } else if t < Duration::from_millis(1) {
            write!(f, "{:.1} µs", t.as_secs_f64() * 1e6)
        } else if t < Duration::from_secs(1) {
            write!(f, "{:.1} ms", t.as_secs_f64() * 1e3)
        } else if t.subsec_nanos() == 0 {
            write!(f, "{} s", t.as_secs())
        } else {
            write!(f, "{:.3} s", t.as_secs_f64())
        }
    }
}

impl MatchResult {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score: wins plus half the draws, over games.
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games().max(1))
    }

    /// The Elo difference of A over B and its 95% error bar, from the score's standard
    /// error (a score of 0 or 1 is taken as half a game from it).
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let s = self.score();
        let var = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let se = (var / n).sqrt();
        let sc = s.clamp(0.5 / n, 1.0 - 0.5 / n);
        let elo = |x: f64| -400.0 * (1.0 / x - 1.0).log10();
        let lo = elo((sc - 1.96 * se).clamp(0.5 / n, 1.0 - 0.5 / n));
        let hi = elo((sc + 1.96 * se).clamp(0.5 / n, 1.0 - 0.5 / n));
        (elo(sc), (hi - lo) / 2.0)
    }
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
        let othello = args.board.game() == GameKind::Othello;
        let opening_moves = args.opening_moves.unwrap_or(if othello { 4 } else { 1 });
        let stop = self.stop;
        let (a_move, b_move) = (
            estimate::move_time(self.a, &start, othello, stop),
            estimate::move_time(self.b, &start, othello, stop),
        );
        let moves = f64::from(estimate::empties(&start));
        let slower = if a_move.seconds >= b_move.seconds {
            ("A", &a_move)
        } else {
            ("B", &b_move)
        };
        Estimate {
            seconds: f64::from(args.games) * moves / 2.0 * (a_move.seconds + b_move.seconds),
            basis: format!(
                "{} games of up to {moves} moves; {}: {}",
                args.games, slower.0, slower.1.basis
            ),
        }
        .check(&format!("this arena on {}", self.variant), args.job.force)?;
        let mut a = self.a.make(&start, args.seed);
        let mut b = self.b.make(&start, args.seed.wrapping_add(1));
        let threads = args.threads.count();
        let out = self.out;
        writeln!(
            out,
            "arena: {}, {} games, seed {}",
            self.variant, args.games, args.seed
        )
        .ok();
        let (a_budget, b_budget) = (self.a.budget(&start), self.b.budget(&start));
        writeln!(out, "A: {} ({})", describe(self.a), a.name()).ok();
        writeln!(out, "A budget: {a_budget}").ok();
        writeln!(out, "B: {} ({})", describe(self.b), b.name()).ok();
        writeln!(out, "B budget: {b_budget}").ok();
        let t0 = Instant::now();
        let mut result = MatchResult::default();
        let mut opening = start;
        let meter = Meter::bar(
            u64::from(args.games),
            "games [{wide_bar}] {pos}/{len} ({eta} left)",
        );
        'games: for game in 0..args.games {
            meter.set(u64::from(game));
            if game % 2 == 0 {
                // A new opening for each pair of games, played with both colours.
                let mut rng = SmallRng::seed_from_u64(args.seed ^ (u64::from(game) << 20));
                opening = start;
                for _ in 0..opening_moves {
                    let n = opening.move_count();
                    if n == 0 {
                        break;
                    }
                    let mv = opening.legal_moves().nth(rng.random_range(0..n));
                    if let Some(mv) = mv {
                        opening = opening.play_unchecked(mv);
                    }
                }
                if opening.outcome().is_over() {
                    opening = start;
                }
            }
            let a_side = if game % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            let mut pos = opening;
            let mut moves = 0;
            while !pos.outcome().is_over() {
                let mut report = |_: &crate::ai::Progress| {};
                let mut ctx = Context::new(stop, &mut report).with_threads(threads);
                let (player, times) = if pos.side_to_move() == a_side {
                    (&mut a, &mut result.a_times)
                } else {
                    (&mut b, &mut result.b_times)
                };
                let thinking = Instant::now();
                let chosen = player.choose(&pos, &mut ctx);
                if stop.is_stopped() {
                    // Ctrl+C: the unfinished game does not count.
                    break 'games;
                }
                times.record(thinking.elapsed());
                let mv = chosen.ok_or_else(|| {
                    CliError::Failed(format!(
                        "{} gave no move in an unfinished game",
                        player.name()
                    ))
                })?;
                pos = pos.play(mv).map_err(|e| {
                    CliError::Failed(format!(
                        "{} played the illegal move {mv} in {}: {e}",
                        player.name(),
                        pos.to_board_string()
                    ))
                })?;
                moves += 1;
            }
            let counts = pos.counts();
            let diff = i64::from(counts[a_side.index()]) - i64::from(counts[(!a_side).index()]);
            result.disc_diff += diff;
            let word = match pos.outcome() {
                Outcome::Won(w) if w == a_side => {
                    result.wins += 1;
                    "A wins"
                }
                Outcome::Won(_) => {
                    result.losses += 1;
                    "B wins"
                }
                _ => {
                    result.draws += 1;
                    "draw"
                }
            };
            if args.verbose {
                meter.suspend(|| {
                    writeln!(
                        out,
                        "game {:>4}: A has {}, {moves} moves, {word}, {diff:+}",
                        game + 1,
                        a_side.symbol()
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
        if n > 0 {
            let (elo, err) = result.elo();
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
            // Rounded to a whole number, a tiny negative difference would print as "-0".
            let elo = if elo.round() == 0.0 { 0.0 } else { elo };
            writeln!(out, "Elo difference (A - B): {elo:+.0} +/- {err:.0} (95%)").ok();
        }
        let a_times = result.a_times.summary(a_budget.time_limit);
        writeln!(out, "A move time: {a_times}").ok();
        let b_times = result.b_times.summary(b_budget.time_limit);
        writeln!(out, "B move time: {b_times}").ok();
        if self.a == self.b {
            // One player on both sides: its times over the whole match.
            let mut both = result.a_times.clone();
            both.extend(&result.b_times);
            let both = both.summary(a_budget.time_limit);
            writeln!(out, "A and B move time: {both}").ok();
        }
        writeln!(out, "time: {:.1} s", t0.elapsed().as_secs_f64()).ok();
        if stop.is_stopped() {
            return Err(CliError::Interrupted);
        }
        Ok(result)
    }
}

fn describe(spec: PlayerSpec) -> String {
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
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn times(list: &[u64]) -> MoveTimes {
        let mut t = MoveTimes::default();
        for &n in list {
            t.record(ms(n));
        }
        t
    }

    #[test]
    fn no_moves_have_no_median_and_no_slowest() {
        let t = MoveTimes::default();
        assert_eq!(t.count(), 0);
        assert_eq!(t.median(), None);
        assert_eq!(t.slowest(), None);
        assert_eq!(t.over(ms(1)), 0);
        assert_eq!(t.summary(Some(ms(3000))), "0 moves");
    }

    #[test]
    fn the_median_of_an_odd_count_is_the_middle_time() {
        let t = times(&[30, 10, 20]);
        assert_eq!(t.median(), Some(ms(20)));
        assert_eq!(t.slowest(), Some(ms(30)));
        assert_eq!(times(&[7]).median(), Some(ms(7)));
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        let t = times(&[40, 10, 30, 20]);
        assert_eq!(t.median(), Some(ms(25)));
        assert_eq!(t.slowest(), Some(ms(40)));
        assert_eq!(times(&[1, 2]).median(), Some(Duration::from_micros(1500)));
    }

    #[test]
    fn times_of_two_players_combine() {
        let mut t = times(&[10, 30]);
        t.extend(&times(&[20]));
        assert_eq!(t.count(), 3);
        assert_eq!(t.median(), Some(ms(20)));
        assert_eq!(t.slowest(), Some(ms(30)));
    }

    #[test]
    fn moves_over_a_limit_are_counted() {
        let t = times(&[2998, 3000, 3001, 20]);
        assert_eq!(t.over(ms(3000)), 1);
        assert_eq!(
            t.summary(Some(ms(3000))),
            "4 moves, median 2.999 s, slowest 3.001 s, 1 over the limit of 3 s"
        );
        assert_eq!(
            times(&[1, 2, 3]).summary(Some(ms(3000))),
            "3 moves, median 2.0 ms, slowest 3.0 ms, none over the limit of 3 s"
        );
    }

    #[test]
    fn durations_are_written_in_fitting_units() {
        let text = |t: Duration| Seconds(t).to_string();
        assert_eq!(text(Duration::from_nanos(45)), "45 ns");
        assert_eq!(text(Duration::from_nanos(1400)), "1.4 µs");
        assert_eq!(text(Duration::from_micros(3100)), "3.1 ms");
        assert_eq!(text(ms(2981)), "2.981 s");
        assert_eq!(text(ms(3000)), "3 s");
        assert_eq!(times(&[]).summary(None), "0 moves");
        assert_eq!(
            times(&[5, 1]).summary(None),
            "2 moves, median 3.0 ms, slowest 5.0 ms"
        );
    }
}
