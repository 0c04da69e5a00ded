//! Openings for matches: the list files `arena --openings` reads, the balanced set the
//! project ships for 8x8 Othello, and `boardplay openings`, which makes such a set.
//!
//! A list has one opening a line, its moves from the start position written together
//! (`f5d6c3d3c4f4c5b3`), as the XOT list of Othello engine matches is written; blank lines
//! and everything after a `#` are left out, so a file can say where it comes from and give
//! each opening's value.
//!
//! The shipped set was made by `boardplay openings` (its command is in the file's header):
//! random 8-move openings, one per position up to the board's symmetries, kept when a
//! search of the project's engine (Expert's evaluation and selective search, to the depth
//! named) gives the side to move a value within the margin named of even.

use std::io::Write;
use std::path::PathBuf;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::{CliError, ThreadsArgs};
use crate::ai::train::parallel_map;
use crate::ai::{AlphaBeta, Game, PROBCUT_SIGMAS};
use crate::core::othello::Othello8;
use crate::core::{Move, Position, start};

pub use crate::core::start::{BALANCED_8X8, BALANCED_8X8_PATH, play_line as play};

/// The openings of a list: each line's moves, with its line number; an unreadable line is
/// an error that names it (see [`crate::core::start::read_lines`]).
pub fn read(text: &str) -> Result<Vec<(usize, Vec<Move>)>, CliError> {
    start::read_lines(text).map_err(|e| CliError::Usage(e.to_string()))
}

/// Options of `boardplay openings`.
#[derive(Clone, Debug, clap::Args)]
pub struct OpeningsArgs {
    /// The file to write (the list `arena --openings` reads).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Openings to find.
    #[arg(long, default_value_t = 100)]
    pub count: usize,
    /// Moves in each opening, from the start position.
    #[arg(long, default_value_t = 8)]
    pub moves: usize,
    /// Plies of the search that values each opening.
    #[arg(long, default_value_t = 14)]
    pub depth: u32,
    /// The largest value, in discs either way, of an opening that is kept.
    #[arg(long, default_value_t = 2.0)]
    pub within: f32,
    /// Seeds the random openings tried.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Openings valued at once, each on a thread of its own (the set made is the same on any
    /// number).
    #[command(flatten)]
    pub threads: ThreadsArgs,
}

/// Runs `boardplay openings`: tries random openings of 8x8 Othello until `count` are kept,
/// and writes them with the command that made them.
pub fn run(
    args: &OpeningsArgs,
    stop: &crate::ai::Stop,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if args.count == 0 || args.moves == 0 || !(1..=30).contains(&args.depth) {
        return Err(CliError::Usage(
            "--count and --moves must be at least 1, --depth from 1 to 30".into(),
        ));
    }
    let start = Othello8::start();
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let mut seen = std::collections::HashSet::new();
    let mut kept: Vec<(String, f32)> = Vec::new();
    let mut tried = 0usize;
    let threads = args.threads.count();
    // Far more tries than any sensible margin needs: a margin too small to be met ends.
    while kept.len() < args.count && tried < 1000 * args.count && !stop.is_stopped() {
        // A batch of new openings, drawn in the seed's order, valued on the threads (each
        // search on one: helpers sharing a table could change a selective search's value),
        // then kept in the order drawn: the same set on any number of threads.
        // Each new opening with the draws before it that failed or repeated one seen.
        let (mut batch, mut skipped, mut drawn) = (Vec::new(), 0, 0);
        while batch.len() < 4 * threads && tried + drawn < 1000 * args.count {
            drawn += 1;
            match random_opening(&start, args.moves, &mut rng) {
                Some((moves, pos)) if seen.insert(pos.canonical_key()) => {
                    batch.push((skipped, moves, pos));
                    skipped = 0;
                }
                _ => skipped += 1,
            }
        }
        if batch.is_empty() {
            tried += skipped;
        }
        let values = parallel_map(&batch, threads, |(_, _, pos)| {
            let mut engine = AlphaBeta::default()
                .with_learned_eval(true)
                .with_probcut(Some(PROBCUT_SIGMAS));
            let (score, _) = engine.search_depth(pos, args.depth);
            Othello8::chart_value(score)
        });
        for ((skipped, moves, _), value) in batch.iter().zip(values) {
            if kept.len() == args.count {
                break;
            }
            tried += skipped + 1;
            if value.abs() <= args.within {
                let text: String = moves.iter().map(Move::to_string).collect();
                writeln!(out, "{text} {value:+.2} ({} tried)", tried).ok();
                kept.push((text, value));
            }
        }
    }
    if stop.is_stopped() {
        return Err(CliError::Interrupted);
    }
    let mut text = format!(
        "# Balanced 8x8 Othello openings: {} openings of {} moves from the start, one per \
         position up to symmetry,\n# each valued within {} discs of even by a {}-ply search \
         of boardplay's engine (learned evaluation, ProbCut),\n# {} random openings tried. \
         Made by:\n#   boardplay openings --out {} --count {} --moves {} --depth {} --within {} \
         --seed {}\n# The value after each is for the side to move (Black after 8 moves).\n",
        kept.len(),
        args.moves,
        args.within,
        args.depth,
        tried,
        args.out.display(),
        args.count,
        args.moves,
        args.depth,
        args.within,
        args.seed,
    );
    for (moves, value) in &kept {
        text.push_str(&format!("{moves} # {value:+.2}\n"));
    }
    std::fs::write(&args.out, text)
        .map_err(|e| CliError::io(format!("cannot write {}", args.out.display()), e))?;
    writeln!(
        out,
        "wrote {} openings to {} ({tried} tried)",
        kept.len(),
        args.out.display()
    )
    .ok();
    Ok(())
}

/// `n` random legal moves from `start` with no pass among them, and where they lead; `None`
/// if a pass or the end came first.
fn random_opening<P: Position>(start: &P, n: usize, rng: &mut SmallRng) -> Option<(Vec<Move>, P)> {
    let mut pos = *start;
    let mut moves = Vec::with_capacity(n);
    for _ in 0..n {
        let count = pos.move_count();
        let mv = pos.legal_moves().nth(rng.random_range(0..count.max(1)))?;
        if mv == Move::Pass {
            return None;
        }
        pos = pos.play_unchecked(mv);
        moves.push(mv);
    }
    (!pos.outcome().is_over()).then_some((moves, pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::notation;

    #[test]
    fn a_list_reads_a_line_an_opening_and_names_a_bad_line() {
        let text = "# a header\n\nf5d6c3d3c4f4c5b3 # +1.00\nF5F6E6F4\n";
        let openings = read(text).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].0, 3);
        assert_eq!(openings[0].1.len(), 8);
        assert_eq!(openings[1].1[1], "f6".parse().unwrap());
        let e = read("f5d6\nf5z9\n").unwrap_err().to_string();
        assert!(e.starts_with("line 2: "), "{e}");
        assert!(read("# only a comment\n").is_err());
    }

    #[test]
    fn an_opening_with_an_illegal_move_is_named() {
        let start = Othello8::start();
        let moves = notation::parse_moves("f5a1").unwrap();
        let e = play(&start, &moves).unwrap_err().to_string();
        assert!(e.contains("move 2 (a1)"), "{e}");
        assert!(play(&start, &notation::parse_moves("f5d6").unwrap()).is_ok());
    }

    #[test]
    fn the_shipped_set_is_legal_and_balanced() {
        let start = Othello8::start();
        let openings = read(BALANCED_8X8).unwrap();
        assert!(openings.len() >= 50, "{}", openings.len());
        let mut seen = std::collections::HashSet::new();
        for (line, moves) in &openings {
            assert_eq!(moves.len(), 8, "line {line}");
            let pos = play(&start, moves).unwrap_or_else(|e| panic!("line {line}: {e}"));
            assert!(
                seen.insert(pos.canonical_key()),
                "line {line} repeats a position"
            );
        }
        assert!(BALANCED_8X8.contains("boardplay openings --out"));
    }
}
