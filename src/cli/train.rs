//! `boardplay train`: trains the 8x8 pattern evaluation from self-play (the pipeline of
//! [`crate::ai::train`]) and writes its weight file.
//!
//! ```text
//! boardplay train --games 20000 --out weights/othello-8x8.bpw
//! ```
//!
//! The defaults are the run recorded in docs/ai.md; `--games 300 --max-empties 24` is a
//! configuration of a few minutes. Nothing but the weight file is written.

use std::io::Write;
use std::path::PathBuf;

use super::CliError;
use crate::ai::eval::weights::encode;
use crate::ai::train::{Config, train};

/// Options of `boardplay train`.
#[derive(Clone, Debug, clap::Args)]
pub struct TrainArgs {
    /// Where to write the weights.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Self-play games (a tenth held out for the test).
    #[arg(long, default_value_t = Config::default().games)]
    pub games: u64,
    /// Seeds the games and the samples.
    #[arg(long, default_value_t = Config::default().seed)]
    pub seed: u64,
    /// Threads.
    #[arg(long, default_value_t = Config::default().threads)]
    pub threads: usize,
    /// Exact labels up to this many empties (a multiple of 4).
    #[arg(long, default_value_t = Config::default().exact_empties)]
    pub exact_empties: u32,
    /// Plies of the labelling search above that.
    #[arg(long, default_value_t = Config::default().depth)]
    pub depth: u32,
    /// At most this many training positions a phase.
    #[arg(long, default_value_t = Config::default().max_per_phase)]
    pub max_per_phase: usize,
    /// Train the phases up to this many empties only.
    #[arg(long, default_value_t = Config::default().max_empties)]
    pub max_empties: u32,
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
    if !args.exact_empties.is_multiple_of(4) || args.exact_empties > 24 {
        return Err(CliError::Usage(
            "--exact-empties must be a multiple of 4, at most 24".into(),
        ));
    }
    if args.games < 10 || args.threads == 0 || args.depth == 0 {
        return Err(CliError::Usage(
            "--games must be at least 10, --threads and --depth at least 1".into(),
        ));
    }
    let cfg = Config {
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        exact_empties: args.exact_empties,
        depth: args.depth,
        max_per_phase: args.max_per_phase,
        max_empties: args.max_empties.min(60),
        test_positions: args.test_positions,
        epochs: args.epochs,
        l2: args.l2,
        ..Config::default()
    };
    writeln!(out, "train: {cfg:?}").ok();
    let trained = train(&cfg, &mut |line| {
        writeln!(out, "{line}").ok();
        out.flush().ok();
    });
    std::fs::write(&args.out, encode(&trained.weights))
        .map_err(|e| CliError::Io(format!("cannot write {}: {e}", args.out.display())))?;
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
