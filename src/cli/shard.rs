//! `boardplay label` and `boardplay fit`: training data kept from run to run
//! ([`crate::ai::train::shard`]). `label` labels positions of tournament or self-play games by
//! deep searches into a shard file, continuing the file if it was begun with the same
//! settings; `fit` fits the 8x8 weights again on every shard given.
//!
//! ```text
//! boardplay label --wthor WTHOR_DIR --seed 1 --out data/s1.bps
//! boardplay fit --shards data/s1.bps data/s2.bps --out weights/othello-8x8.bpw
//! ```

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::{CliError, files};
use crate::ai::Stop;
use crate::ai::eval::pattern::PatternEval;
use crate::ai::eval::weights::{decode, encode};
use crate::ai::train::fit::FitSettings;
use crate::ai::train::parallel_map;
use crate::ai::train::selfplay::{self, Discs, Style};
use crate::ai::train::shard::{
    fit_shards, label_all, pick, positions_fingerprint, weights_fingerprint,
};
use crate::core::othello::Size8;
use crate::formats::shard::{self, Labelled, ShardHeader};

/// The most a shard may hold: some twelve million positions.
const SHARD_LIMIT: u64 = 256_000_000;

/// Options of `boardplay label`.
#[derive(Clone, Debug, clap::Args)]
pub struct LabelArgs {
    /// The shard to write, or to continue if it was begun with the same settings.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// WTHOR games files (`.wtb`), or folders of them, whose positions are labelled;
    /// repeatable.
    #[arg(long, value_name = "PATH")]
    pub wthor: Vec<PathBuf>,
    /// Self-play games (of Expert's learned evaluation, `--selfplay-plies` deep, from random
    /// openings) whose positions are labelled too.
    #[arg(long, default_value_t = 0)]
    pub selfplay: u64,
    /// Plies of the self-play games' searches.
    #[arg(long, default_value_t = 2)]
    pub selfplay_plies: u32,
    /// Seeds the sample of positions and the self-play games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// At most this many positions of each phase (four empties).
    #[arg(long, default_value_t = 20_000)]
    pub per_phase: usize,
    /// Fewest empties of a position labelled.
    #[arg(long, default_value_t = 13)]
    pub min_empties: u32,
    /// Most empties of a position labelled.
    #[arg(long, default_value_t = 56)]
    pub max_empties: u32,
    /// Plies of the labelling searches.
    #[arg(long, default_value_t = 10)]
    pub depth: u32,
    /// Positions with at most this many empties are solved exactly instead.
    #[arg(long, default_value_t = 20)]
    pub exact_from: u32,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Positions labelled between two writes of the file.
    #[arg(long, default_value_t = 256)]
    pub batch: usize,
}

/// Options of `boardplay fit`.
#[derive(Clone, Debug, clap::Args)]
pub struct FitArgs {
    /// The shards to fit on (`boardplay label`).
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    pub shards: Vec<PathBuf>,
    /// Where to write the weights.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The weights to start from and to pull towards [default: the shipped ones].
    #[arg(long, value_name = "FILE")]
    pub warm: Option<PathBuf>,
    /// Phases with fewer positions keep the starting weights.
    #[arg(long, default_value_t = 2_000)]
    pub min_positions: usize,
    /// Passes of gradient descent a phase.
    #[arg(long, default_value_t = 100)]
    pub epochs: u32,
    /// Regularisation towards the starting weights, in positions' worth of evidence: strong,
    /// because a shard holds far fewer positions than the starting weights were fitted on (on
    /// 11,000 positions a phase, 4 made the held-out error worse, 4.17 -> 4.48 discs; 1,000
    /// made it better, 4.17 -> 4.13; docs/ai.md).
    #[arg(long, default_value_t = 1000.0)]
    pub l2: f32,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// Labels the positions the options pick into the shard, batch by batch, writing the file
/// after each; Ctrl+C ends the run after the batch under way, and a run with the same
/// options continues it.
pub fn label(args: &LabelArgs, stop: &Stop, out: &mut dyn Write) -> Result<(), CliError> {
    if args.threads == 0 || args.depth == 0 || args.batch == 0 || args.per_phase == 0 {
        return Err(CliError::Usage(
            "--threads, --depth, --batch and --per-phase must be at least 1".into(),
        ));
    }
    if args.min_empties > args.max_empties || args.max_empties > 60 || args.depth > 60 {
        return Err(CliError::Usage(
            "--min-empties must be at most --max-empties, which is at most 60; --depth at most 60"
                .into(),
        ));
    }
    if args.exact_from > 30 {
        return Err(CliError::Usage(
            "--exact-from: at most 30 empties (beyond, one solve takes minutes)".into(),
        ));
    }
    if args.wthor.is_empty() && args.selfplay == 0 {
        return Err(CliError::Usage(
            "no games to take positions from: give --wthor or --selfplay".into(),
        ));
    }
    let mut games = super::train::read_wthor::<PatternEval>(&args.wthor)?;
    let style = Style {
        search_plies: args.selfplay_plies,
        ..Style::default()
    };
    let indices: Vec<u64> = (0..args.selfplay).collect();
    games.extend(parallel_map(&indices, args.threads, |&i| {
        selfplay::play::<Size8>(args.seed, i, style)
    }));
    let positions = pick(
        &games,
        args.seed,
        args.per_phase,
        (args.min_empties, args.max_empties),
    );
    let header = ShardHeader {
        seed: args.seed,
        positions: positions_fingerprint(&positions),
        weights: weights_fingerprint(),
        count: u32::try_from(positions.len())
            .map_err(|_| CliError::Usage("too many positions for one shard".into()))?,
        depth: args.depth as u8,
        exact_from: args.exact_from as u8,
    };
    let mut records = begun(&args.out, &header)?;
    writeln!(
        out,
        "label: {} games, {} positions picked ({} already labelled in {}), depth {}, exact from {} empties",
        games.len(),
        positions.len(),
        records.len(),
        args.out.display(),
        args.depth,
        args.exact_from
    )
    .ok();
    let begun_at = Instant::now();
    let first = records.len();
    while records.len() < positions.len() {
        if stop.is_stopped() {
            return Err(CliError::Interrupted);
        }
        let todo: &[Discs<Size8>] =
            &positions[records.len()..(records.len() + args.batch).min(positions.len())];
        records.extend(label_all(todo, args.depth, args.exact_from, args.threads));
        files::write_whole(&args.out, &shard::write(&header, &records))?;
        let done = records.len() - first;
        writeln!(
            out,
            "labelled {} of {} ({:.1} ms a position)",
            records.len(),
            positions.len(),
            begun_at.elapsed().as_secs_f64() * 1000.0 / done as f64
        )
        .ok();
        out.flush().ok();
    }
    writeln!(
        out,
        "done: {} positions in {}",
        records.len(),
        args.out.display()
    )
    .ok();
    Ok(())
}

/// The records already in the shard at `path` if it was begun with `header`; none if there is
/// no file; an error if it was made with other settings.
fn begun(path: &Path, header: &ShardHeader) -> Result<Vec<Labelled>, CliError> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let (found, records) = read_shard(path, "--out")?;
    if found != *header {
        return Err(CliError::Usage(format!(
            "--out {}: the shard was begun with other settings (seed {}, {} positions, depth {}, exact from {}, or other games or weights); continue it with the same options or write another file",
            path.display(),
            found.seed,
            found.count,
            found.depth,
            found.exact_from
        )));
    }
    Ok(records)
}

fn read_shard(path: &Path, option: &str) -> Result<(ShardHeader, Vec<Labelled>), CliError> {
    let bytes = files::read_bytes(path, SHARD_LIMIT, option)?;
    shard::read(&bytes).map_err(|e| CliError::Usage(format!("{option} {}: {e}", path.display())))
}

/// Fits the weights on every shard given and writes them, with each phase's held-out error
/// before and after.
pub fn fit(args: &FitArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.threads == 0 {
        return Err(CliError::Usage("--threads must be at least 1".into()));
    }
    let mut records = Vec::new();
    for path in &args.shards {
        let (_, found) = read_shard(path, "--shards")?;
        writeln!(out, "{}: {} positions", path.display(), found.len()).ok();
        records.extend(found);
    }
    let start = match &args.warm {
        Some(path) => {
            let bytes = files::read_bytes(path, files::WEIGHTS_LIMIT, "--warm")?;
            decode::<PatternEval>(&bytes)
                .map_err(|e| CliError::Usage(format!("--warm {}: {e}", path.display())))?
        }
        None => crate::ai::eval::weights::shipped().weights().to_vec(),
    };
    let settings = FitSettings {
        epochs: args.epochs,
        l2: args.l2,
        rate: 0.5,
        threads: args.threads,
    };
    let (weights, report) = fit_shards(&records, &start, args.min_positions, settings);
    for r in &report {
        let test = if r.held_out == 0 {
            "none held out".to_string()
        } else {
            format!(
                "{} held out: mean abs error {:.2} -> {:.2} discs",
                r.held_out, r.before, r.after
            )
        };
        writeln!(
            out,
            "phase {} ({}-{} empties): {} positions fitted, {test}",
            r.phase,
            4 * r.phase + 1,
            4 * r.phase + 4,
            r.trained,
        )
        .ok();
    }
    if report.is_empty() {
        writeln!(
            out,
            "no phase has {} positions: the weights are the starting ones",
            args.min_positions
        )
        .ok();
    }
    std::fs::write(&args.out, encode::<PatternEval>(&weights))
        .map_err(|e| CliError::io(format!("cannot write {}", args.out.display()), e))?;
    writeln!(out, "weights written to {}", args.out.display()).ok();
    Ok(())
}
