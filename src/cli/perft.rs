//! `boardplay perft`: leaf counts by depth, with time and speed.

use std::io::Write;
use std::time::{Duration, Instant};

use super::{BoardArgs, CliError};
use crate::ai::{Game, GameVisitor};

/// Options of `boardplay perft`.
#[derive(Clone, Debug, clap::Args)]
pub struct PerftArgs {
    /// The game and board.
    #[command(flatten)]
    pub board: BoardArgs,
    /// Count every depth from 1 up to this one.
    #[arg(long, default_value_t = 6)]
    pub depth: u32,
}

struct PerftReport<'a> {
    board: Option<&'a str>,
    depth: u32,
    out: &'a mut dyn Write,
}

impl GameVisitor for PerftReport<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: Game>(self, start: G) -> Result<(), CliError> {
        let pos = match self.board {
            Some(text) => start.parse_board(text)?,
            None => start,
        };
        let out = self.out;
        let w = |out: &mut dyn Write, s: String| writeln!(out, "{s}").ok();
        w(out, format!("position: {}", pos.to_board_string()));
        w(
            out,
            format!(
                "{:>5} {:>18} {:>11} {:>16}",
                "depth", "leaves", "seconds", "leaves/s"
            ),
        );
        let mut total_time = Duration::ZERO;
        let mut total_leaves = 0u64;
        for depth in 1..=self.depth {
            let t = Instant::now();
            let leaves = pos.perft(depth);
            let dt = t.elapsed();
            total_time += dt;
            total_leaves += leaves;
            w(
                out,
                format!(
                    "{depth:>5} {leaves:>18} {:>11.3} {:>16.0}",
                    dt.as_secs_f64(),
                    leaves as f64 / dt.as_secs_f64().max(1e-9)
                ),
            );
        }
        w(
            out,
            format!(
                "total {total_leaves:>18} {:>11.3} {:>16.0}",
                total_time.as_secs_f64(),
                total_leaves as f64 / total_time.as_secs_f64().max(1e-9)
            ),
        );
        Ok(())
    }
}

/// Runs `boardplay perft`.
pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let variant = args.board.variant()?;
    writeln!(out, "perft: {variant}").ok();
    crate::ai::visit(
        variant,
        PerftReport {
            board: args.board.board.as_deref(),
            depth: args.depth,
            out,
        },
    )?
}
