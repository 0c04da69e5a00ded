//! `boardplay perft`: leaf counts by depth, with time and speed.
//!
//! The count is split over the first plies of the tree, down to subtrees of a few
//! milliseconds each, so that Ctrl+C is noticed at once and the bar can say how far each depth
//! has gone; each subtree is counted by the position's own `perft`.

use std::io::Write;
use std::time::{Duration, Instant};

use super::estimate::{self, Estimate};
use super::meter::Meter;
use super::{BoardArgs, CliError, JobArgs};
use crate::ai::{Game, GameVisitor, Stop};
use crate::core::{GameKind, Position, Variant};

/// Options of `boardplay perft`.
#[derive(Clone, Debug, clap::Args)]
pub struct PerftArgs {
    /// The game and board.
    #[command(flatten)]
    pub board: BoardArgs,
    /// Count every depth from 1 up to this one (up to the longest game possible).
    #[arg(long, default_value_t = 6)]
    pub depth: u32,
    /// Long jobs.
    #[command(flatten)]
    pub job: JobArgs,
}

struct PerftReport<'a> {
    args: &'a PerftArgs,
    variant: Variant,
    stop: &'a Stop,
    out: &'a mut dyn Write,
}

/// A subtree this small (in estimated leaves, relative to the leaves a second) is counted
/// in one call: about 5 ms of work between two looks at the stop flag.
const SUBTREE_SECONDS: f64 = 0.005;

impl GameVisitor for PerftReport<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: Game>(self, start: G) -> Result<(), CliError> {
        let args = self.args;
        let pos = args.board.position(start, self.variant)?;
        let longest = estimate::longest_game(
            estimate::empties(&pos),
            args.board.game() == GameKind::Othello,
        );
        let depth = args.depth.min(longest);
        if depth < args.depth {
            eprintln!(
                "note: no game lasts more than {longest} plies from this position; counting to depth {depth}"
            );
        }
        let leaves = estimate::perft_leaves(&pos, depth);
        let rate = estimate::perft_rate(&pos, &leaves);
        if let Some(rate) = rate {
            let total: f64 = leaves.iter().sum();
            Estimate {
                seconds: total / rate,
                basis: format!(
                    "{} at {}/s",
                    estimate::count_words(total, "leaves"),
                    estimate::count_words(rate, "leaves")
                ),
            }
            .check(
                &format!("perft to depth {depth} of {}", self.variant),
                args.job.force,
            )?;
        }
        // Subtrees up to this depth are counted in one call.
        let split = match rate {
            Some(rate) => leaves
                .iter()
                .position(|l| *l > rate * SUBTREE_SECONDS)
                .map_or(depth, |i| (i as u32).max(1)),
            None => depth,
        };

        let out = self.out;
        writeln!(out, "perft: {}", self.variant).ok();
        writeln!(out, "position: {}", pos.to_board_string()).ok();
        writeln!(
            out,
            "{:>5} {:>18} {:>11} {:>16}",
            "depth", "leaves", "seconds", "leaves/s"
        )
        .ok();
        let meter = Meter::bar(1_000_000, "{msg} [{wide_bar}] {percent}% ({eta} left)");
        let mut total_time = Duration::ZERO;
        let mut total_leaves = 0u64;
        for d in 1..=depth {
            meter.message(format!("depth {d}/{depth}"));
            meter.set(0);
            let t = Instant::now();
            let mut done = 0.0;
            let mut advance = |share: f64| {
                done += share;
                meter.set((done * 1e6) as u64);
            };
            let counted = count(&pos, d, split, 1.0, self.stop, &mut advance);
            let dt = t.elapsed();
            let Some(leaves) = counted else {
                return Err(CliError::Interrupted);
            };
            total_time += dt;
            total_leaves += leaves;
            meter.suspend(|| {
                writeln!(
                    out,
                    "{d:>5} {leaves:>18} {:>11.3} {:>16.0}",
                    dt.as_secs_f64(),
                    leaves as f64 / dt.as_secs_f64().max(1e-9)
                )
                .ok()
            });
        }
        drop(meter);
        writeln!(
            out,
            "total {total_leaves:>18} {:>11.3} {:>16.0}",
            total_time.as_secs_f64(),
            total_leaves as f64 / total_time.as_secs_f64().max(1e-9)
        )
        .ok();
        Ok(())
    }
}

/// Perft of `pos` to `depth`, as `pos.perft(depth)`, split into calls to `perft` of at most
/// `split` plies; `share` (of the whole count at this depth) is reported to `advance` when
/// done, each move below taken as an equal part. `None` if stopped.
fn count<P: Position>(
    pos: &P,
    depth: u32,
    split: u32,
    share: f64,
    stop: &Stop,
    advance: &mut dyn FnMut(f64),
) -> Option<u64> {
    if stop.is_stopped() {
        return None;
    }
    let moves = pos.move_count();
    if depth <= split || moves == 0 {
        let leaves = pos.perft(depth);
        advance(share);
        return Some(leaves);
    }
    let mut sum = 0;
    for mv in pos.legal_moves() {
        let child = pos.play_unchecked(mv);
        sum += count(
            &child,
            depth - 1,
            split,
            share / moves as f64,
            stop,
            advance,
        )?;
    }
    Some(sum)
}

/// Runs `boardplay perft`.
pub fn run(args: &PerftArgs, stop: &Stop, out: &mut dyn Write) -> Result<(), CliError> {
    let variant = args.board.variant()?;
    crate::ai::visit(
        variant,
        PerftReport {
            args,
            variant,
            stop,
            out,
        },
    )?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::othello::Othello8;
    use crate::core::tictactoe::TicTacToe;

    fn split_count<P: Position>(pos: &P, depth: u32, split: u32) -> Option<u64> {
        let mut shares = 0.0;
        let n = count(pos, depth, split, 1.0, &Stop::new(), &mut |s| shares += s);
        assert!(
            (shares - 1.0).abs() < 1e-9,
            "the shares add up to the whole"
        );
        n
    }

    #[test]
    fn a_split_count_is_the_plain_perft() {
        let o = Othello8::start();
        for depth in 1..=6 {
            for split in 1..=depth {
                assert_eq!(
                    split_count(&o, depth, split),
                    Some(crate::core::perft::perft(&o, depth))
                );
            }
        }
        let t = TicTacToe::new(3, 3, 3).unwrap();
        for split in 1..=9 {
            assert_eq!(split_count(&t, 9, split), Some(255_168));
        }
    }

    #[test]
    fn a_raised_stop_flag_ends_the_count() {
        let stop = Stop::new();
        stop.stop();
        let n = count(&Othello8::start(), 8, 2, 1.0, &stop, &mut |_| {});
        assert_eq!(n, None);
    }
}
