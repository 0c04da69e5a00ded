//! `boardplay probcut`: measures the spreads that ProbCut's cut-off margins rest on (see
//! [`crate::ai::train::probcut`]) and prints them as tables.
//!
//! ```text
//! boardplay probcut --seed 4242 --games 400 --per-bucket 40
//! ```

use std::io::Write;

use super::CliError;
use super::train::read_wthor;
use crate::ai::eval::pattern::PatternEval;
use crate::ai::train::probcut::{Spread, endgame_spreads, midgame_spreads, self_play_games};

/// Options of `boardplay probcut`.
#[derive(Clone, Debug, clap::Args)]
pub struct ProbcutArgs {
    /// Seeds the self-play games (training uses seed 1: keep this one different).
    #[arg(long, default_value_t = 4242)]
    pub seed: u64,
    /// Self-play games to take positions from (one a game and bucket of empties).
    #[arg(long, default_value_t = 400)]
    pub games: u64,
    /// Take the positions from these WTHOR files (or folders of `.wtb` files) instead of
    /// self-play: the positions of real games, as a match reaches them.
    #[arg(long, num_args = 1..)]
    pub wthor: Vec<std::path::PathBuf>,
    /// Positions a bucket of empties.
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u64).range(2..))]
    pub per_bucket: u64,
    /// Deepest midgame search measured (from 3 plies).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(3..=12))]
    pub depth: u32,
    /// Threads.
    #[arg(long, default_value_t = crate::ai::train::Config::default().threads)]
    pub threads: usize,
}

fn write_rows(out: &mut dyn Write, title: &str, rows: &[Spread]) {
    writeln!(out, "{title}").ok();
    writeln!(
        out,
        "{:>9} {:>6} {:>8} {:>6} {:>7} {:>6}",
        "empties", "deep", "shallow", "count", "mean", "sd"
    )
    .ok();
    for r in rows {
        let deep = r.deep.map_or("exact".to_string(), |d| d.to_string());
        writeln!(
            out,
            "{:>9} {deep:>6} {:>8} {:>6} {:>+7.2} {:>6.2}",
            format!("{}-{}", r.empties.0, r.empties.1),
            r.shallow,
            r.count,
            r.mean,
            r.sd
        )
        .ok();
    }
}

/// Runs `boardplay probcut`.
pub fn run(args: &ProbcutArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.threads == 0 {
        return Err(CliError::Usage("--threads must be at least 1".into()));
    }
    let per = args.per_bucket as usize;
    let games = if args.wthor.is_empty() {
        self_play_games(args.seed, args.games)
    } else {
        read_wthor::<PatternEval>(&args.wthor)?
    };
    let rows = endgame_spreads(&games, &[(10, 13), (14, 17), (18, 21)], per, args.threads);
    write_rows(
        out,
        "endgame: exact score minus a shallow search's value, discs",
        &rows,
    );
    let rows = midgame_spreads(
        &games,
        &[(22, 31), (32, 41), (42, 51)],
        per,
        3..=args.depth,
        args.threads,
    );
    write_rows(
        out,
        "midgame: a deep search's value minus a shallow one's, discs",
        &rows,
    );
    Ok(())
}
