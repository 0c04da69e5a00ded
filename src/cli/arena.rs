//! `boardplay arena`: a match between two players, alternating colours over varied
//! openings, with the score and an Elo difference.

use std::io::Write;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::{BoardArgs, CliError};
use crate::ai::level::PlayerSpec;
use crate::ai::{Context, Stop};
use crate::core::{Outcome, Position, Side, VariantVisitor};

/// Options of `boardplay arena`.
#[derive(Clone, Debug, clap::Args)]
pub struct ArenaArgs {
    /// The game and board (--board sets the position every opening starts from).
    #[command(flatten)]
    pub board: BoardArgs,
    /// Player A, who has Black (X) in the first game: a level (beginner, easy, medium, hard,
    /// expert, perfect) or random, minimax:DEPTH, alphabeta:DEPTH, mcts:ITERATIONS, exact.
    #[arg(long)]
    pub black: String,
    /// Player B, who has White (O) in the first game.
    #[arg(long)]
    pub white: String,
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
}

struct Arena<'a> {
    args: &'a ArenaArgs,
    a: PlayerSpec,
    b: PlayerSpec,
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

impl VariantVisitor for Arena<'_> {
    type Output = Result<MatchResult, CliError>;

    fn visit<P: Position>(self, start: P) -> Result<MatchResult, CliError> {
        let args = self.args;
        let start = match &args.board.board {
            Some(text) => start.parse_board(text)?,
            None => start,
        };
        let othello = start.move_count() > 0 && args.board.game == super::GameArg::Othello;
        let opening_moves = args.opening_moves.unwrap_or(if othello { 4 } else { 1 });
        let mut a = self.a.make_any(&start, args.seed);
        let mut b = self.b.make_any(&start, args.seed.wrapping_add(1));
        let out = self.out;
        writeln!(out, "A: {} ({})", describe(self.a), a.name()).ok();
        writeln!(out, "B: {} ({})", describe(self.b), b.name()).ok();
        let t0 = Instant::now();
        let mut result = MatchResult::default();
        let mut opening = start;
        let stop = Stop::new();
        for game in 0..args.games {
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
                let mut ctx = Context::new(&stop, &mut report);
                let player = if pos.side_to_move() == a_side {
                    &mut a
                } else {
                    &mut b
                };
                let mv = player.choose(&pos, &mut ctx).ok_or_else(|| {
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
                writeln!(
                    out,
                    "game {:>4}: A has {}, {moves} moves, {word}, {diff:+}",
                    game + 1,
                    a_side.symbol()
                )
                .ok();
            }
        }
        let (elo, err) = result.elo();
        let n = result.games();
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
            result.disc_diff as f64 / f64::from(n.max(1))
        )
        .ok();
        writeln!(out, "Elo difference (A - B): {elo:+.0} +/- {err:.0} (95%)").ok();
        writeln!(out, "time: {:.1} s", t0.elapsed().as_secs_f64()).ok();
        Ok(result)
    }
}

fn describe(spec: PlayerSpec) -> String {
    match spec {
        PlayerSpec::Level(l) => l.to_string(),
        other => format!("{other:?}"),
    }
}

/// Runs `boardplay arena`.
pub fn run(args: &ArenaArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let parse = |s: &str| {
        PlayerSpec::parse(s).ok_or_else(|| {
            CliError::Usage(format!(
                "unknown player {s:?}: use a level (beginner, easy, medium, hard, expert, perfect) or random, minimax:D, alphabeta:D, mcts:N, exact"
            ))
        })
    };
    let (a, b) = (parse(&args.black)?, parse(&args.white)?);
    if args.games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    let variant = args.board.variant()?;
    writeln!(
        out,
        "arena: {variant}, {} games, seed {}",
        args.games, args.seed
    )
    .ok();
    variant.visit(Arena { args, a, b, out })?.map(|_| ())
}
