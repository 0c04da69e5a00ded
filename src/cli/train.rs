//! `boardplay train`: trains a pattern evaluation (8x8 or 12x12) from self-play (the pipeline
//! of [`crate::ai::train`]) and writes its weight file.
//!
//! ```text
//! boardplay train --games 20000 --out weights/othello-8x8.bpw
//! boardplay train --size 12 --out weights/othello-12x12.bpw
//! ```
//!
//! The defaults of each size are its run recorded in docs/ai.md; `--games 300 --max-empties
//! 24` is a configuration of a few minutes. Nothing but the weight file is written.

use std::io::Write;
use std::path::PathBuf;

use super::{CliError, files};
use crate::ai::eval::learned::Learned;
use crate::ai::eval::pattern::PatternEval;
use crate::ai::eval::pattern12::WideEval;
use crate::ai::eval::weights::{decode, encode};
use crate::ai::train::selfplay::Discs;
use crate::ai::train::{Config, Sources, train};
use crate::core::othello::{Othello, Size};
use crate::core::{Bits, Move};
use crate::formats::wthor;

/// Options of `boardplay train`; those not given take the size's defaults
/// ([`Config::for_size`]).
#[derive(Clone, Debug, clap::Args)]
pub struct TrainArgs {
    /// Where to write the weights.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The board: 8 or 12.
    #[arg(long, default_value_t = 8)]
    pub size: usize,
    /// Self-play games (a tenth held out for the test).
    #[arg(long, default_value_t = Config::default().games)]
    pub games: u64,
    /// Seeds the games and the samples.
    #[arg(long, default_value_t = Config::default().seed)]
    pub seed: u64,
    /// Threads.
    #[arg(long, default_value_t = Config::default().threads)]
    pub threads: usize,
    /// Exact labels up to this many empties (a multiple of the phase width: 4 on 8x8, 10 on
    /// 12x12) [default: 16 on 8x8, 10 on 12x12].
    #[arg(long)]
    pub exact_empties: Option<u32>,
    /// Plies of the labelling search above that.
    #[arg(long, default_value_t = Config::default().depth)]
    pub depth: u32,
    /// Plies of the learned evaluation's search that plays the self-play games (0: the
    /// hand-written evaluation one ply deep, the quickest).
    #[arg(long, default_value_t = Config::default().selfplay_plies)]
    pub selfplay_plies: u32,
    /// At most this many training positions a phase.
    #[arg(long, default_value_t = Config::default().max_per_phase)]
    pub max_per_phase: usize,
    /// At most this many in a phase of exact labels.
    #[arg(long, default_value_t = Config::default().max_exact_per_phase)]
    pub max_exact_per_phase: usize,
    /// WTHOR games files (`.wtb`), or folders of them, whose games' positions join the
    /// training set (8x8 only); repeatable.
    #[arg(long, value_name = "PATH")]
    pub wthor: Vec<PathBuf>,
    /// Start every phase's fit from these weights (a warm start from an earlier run).
    #[arg(long, value_name = "FILE")]
    pub warm: Option<PathBuf>,
    /// Keep the `--warm` weights of the phases of exact labels (up to `--exact-empties`)
    /// instead of solving and fitting them again.
    #[arg(long, requires = "warm")]
    pub keep_exact: bool,
    /// Train the phases up to this many empties only [default: all].
    #[arg(long)]
    pub max_empties: Option<u32>,
    /// Held-out positions to test on (each solved exactly).
    #[arg(long, default_value_t = Config::default().test_positions)]
    pub test_positions: usize,
    /// Passes of gradient descent a phase.
    #[arg(long, default_value_t = Config::default().epochs)]
    pub epochs: u32,
    /// L2 regularisation.
    #[arg(long, default_value_t = Config::default().l2)]
    pub l2: f32,
}

/// Runs the training and writes the weights.
pub fn run(args: &TrainArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match args.size {
        8 => run_for::<PatternEval>(args, out),
        12 => run_for::<WideEval>(args, out),
        n => Err(CliError::Usage(format!(
            "--size {n}: learned evaluations exist for 8 and 12 only"
        ))),
    }
}

fn run_for<L: Learned>(args: &TrainArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let base = Config::for_size(args.size);
    let width = L::EMPTIES_PER_PHASE;
    let exact_empties = args.exact_empties.unwrap_or(base.exact_empties);
    if !exact_empties.is_multiple_of(width) || exact_empties > 24 {
        return Err(CliError::Usage(format!(
            "--exact-empties must be a multiple of {width}, at most 24"
        )));
    }
    let cfg = Config {
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        exact_empties,
        depth: args.depth,
        selfplay_plies: args.selfplay_plies,
        max_per_phase: args.max_per_phase,
        max_exact_per_phase: args.max_exact_per_phase,
        keep_exact: args.keep_exact,
        max_empties: args
            .max_empties
            .map_or(base.max_empties, |m| m.min(base.max_empties)),
        test_positions: args.test_positions,
        epochs: args.epochs,
        l2: args.l2,
        ..base
    };
    if cfg.games < 10 || cfg.threads == 0 || cfg.depth == 0 {
        return Err(CliError::Usage(
            "--games must be at least 10, --threads and --depth at least 1".into(),
        ));
    }
    let sources = Sources {
        games: read_wthor::<L>(&args.wthor)?,
        warm: match &args.warm {
            Some(path) => {
                let bytes = files::read_bytes(path, files::WEIGHTS_LIMIT, "--warm")?;
                Some(
                    decode::<L>(&bytes)
                        .map_err(|e| CliError::Usage(format!("--warm {}: {e}", path.display())))?,
                )
            }
            None => None,
        },
    };
    writeln!(out, "train: size {}, {cfg:?}", args.size).ok();
    if !args.wthor.is_empty() {
        writeln!(
            out,
            "read {} games ({} positions) from WTHOR files",
            sources.games.len(),
            sources.games.iter().map(Vec::len).sum::<usize>()
        )
        .ok();
    }
    let trained = train::<L>(&cfg, &sources, &mut |line| {
        writeln!(out, "{line}").ok();
        out.flush().ok();
    });
    std::fs::write(&args.out, encode::<L>(&trained.weights))
        .map_err(|e| CliError::io(format!("cannot write {}", args.out.display()), e))?;
    writeln!(
        out,
        "positions {}, test positions {}, mean abs error learned {:.2}, hand-written {:.2} (as {:.5} * eval + {:.2}); weights written to {}",
        trained.positions,
        trained.test_positions,
        trained.mae_learned,
        trained.mae_hand,
        trained.hand_scale.0,
        trained.hand_scale.1,
        args.out.display()
    )
    .ok();
    Ok(())
}

/// The positions of every game in the WTHOR files at `paths` (files, or folders whose `.wtb`
/// files are read in name order), each game replayed from the start, the side to move first.
/// A game with a move that is not legal is kept up to that move.
pub(super) fn read_wthor<L: Learned>(paths: &[PathBuf]) -> Result<Vec<Vec<Discs<L::S>>>, CliError> {
    if paths.is_empty() {
        return Ok(Vec::new());
    }
    if L::S::N != 8 {
        return Err(CliError::Usage(
            "--wthor: WTHOR files hold 8x8 games; train --size 8".into(),
        ));
    }
    let games = wthor_games(paths, "--wthor")?;
    let games: Vec<_> = games.iter().map(|moves| replay::<L::S>(moves)).collect();
    if games.is_empty() {
        return Err(CliError::Usage("--wthor: the files hold no game".into()));
    }
    Ok(games)
}

/// The moves of every game in the WTHOR files at `paths` (files, or folders whose `.wtb`
/// files are read in name order); `option` names the option in errors.
pub(super) fn wthor_games(paths: &[PathBuf], option: &str) -> Result<Vec<Vec<Move>>, CliError> {
    let io = |path: &std::path::Path, e: std::io::Error| {
        CliError::io(format!("cannot read {}", path.display()), e)
    };
    let mut found = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut in_folder: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| io(path, e))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("wtb")))
                .collect();
            if in_folder.is_empty() {
                return Err(CliError::Usage(format!(
                    "{option} {}: the folder holds no WTHOR file (.wtb)",
                    path.display()
                )));
            }
            in_folder.sort();
            found.extend(in_folder);
        } else {
            found.push(path.clone());
        }
    }
    let mut games = Vec::new();
    for file in &found {
        let bytes = files::read_bytes(file, files::WTHOR_LIMIT, option)?;
        let records = wthor::read(&bytes, &wthor::Names::default())
            .map_err(|e| CliError::Usage(format!("{option} {}: {e}", file.display())))?;
        games.extend(records.into_iter().map(|r| r.moves));
    }
    Ok(games)
}

/// The positions before each move of `moves` from the start, passes played where the side to
/// move has none (WTHOR leaves them out); stops at the first move that is not legal.
fn replay<S: Size>(moves: &[Move]) -> Vec<Discs<S>> {
    let mut pos = Othello::<S>::start();
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        let Move::Place(cell) = mv else { continue };
        if pos.moves_bits().is_zero() {
            pos = pos.pass();
        }
        let sq = cell.index(S::N);
        if !pos.moves_bits().has(sq) {
            break;
        }
        out.push((pos.player(), pos.opponent()));
        pos = pos.play_index(sq);
    }
    out
}
