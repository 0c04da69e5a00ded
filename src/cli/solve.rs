//! `boardplay solve`: the exact value and every best move of a position, or of each
//! position of a file (one a line: id, board, side to move, and optionally the expected
//! score and best moves, which are then checked).

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::estimate::{self, empties};
use super::meter::Meter;
use super::{BoardArgs, CliError, JobArgs, ThreadsArgs, files};
use crate::ai::perfect::{SolveReport, solve_report};
use crate::ai::{Context, Game, GameVisitor, Progress, Stop};
use crate::core::{Move, Variant};

/// Options of `boardplay solve`.
#[derive(Clone, Debug, clap::Args)]
pub struct SolveArgs {
    /// The game and board (the position to solve is --board).
    #[command(flatten)]
    pub board: BoardArgs,
    /// Solve every position of this file instead: lines of `id board side [score [moves]]`,
    /// `#` starts a comment (the format of tests/data/othello/ffo-01-39.txt).
    #[arg(long, value_name = "FILE", conflicts_with = "board")]
    pub file: Option<PathBuf>,
    /// With --file, only these ids: "20-39", "1,3,5", "20-25,30".
    #[arg(long, value_name = "RANGES")]
    pub ids: Option<String>,
    /// Find the value and one best move, not every best move: the work Zebra and Edax do
    /// when they solve. A file's best moves are then checked to contain the one found.
    #[arg(long)]
    pub one_best: bool,
    /// Long jobs.
    #[command(flatten)]
    pub job: JobArgs,
    /// Threads.
    #[command(flatten)]
    pub threads: ThreadsArgs,
}

/// One position to solve, with what the file expects.
struct Job {
    id: String,
    board: String,
    expected_score: Option<i32>,
    expected_moves: Option<Vec<String>>,
}

struct Solve<'a> {
    jobs: Vec<Job>,
    variant: Variant,
    args: &'a SolveArgs,
    stop: &'a Stop,
    out: &'a mut dyn Write,
}

impl GameVisitor for Solve<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: Game>(self, start: G) -> Result<(), CliError> {
        let out = self.out;
        let many = self.jobs.len() > 1;
        // Bad board strings are reported before any work starts.
        let positions = self
            .jobs
            .iter()
            .map(|job| {
                start.parse_board(&job.board).map_err(|e| {
                    CliError::Usage(format!("{}: read as {}: {e}", job.id, self.variant))
                })
            })
            .collect::<Result<Vec<G>, CliError>>()?;
        if let [pos] = positions.as_slice()
            && self.args.file.is_none()
        {
            if pos.outcome().is_over() {
                return Err(CliError::Usage(
                    "the position is already over, nothing to solve".into(),
                ));
            }
            estimate::solve_time(pos, self.stop).check(
                &format!("solving this position of {}", self.variant),
                self.args.job.force,
            )?;
        }
        let meter = if many {
            Meter::bar(
                positions.len() as u64,
                "solving {msg} [{wide_bar}] {pos}/{len} ({eta} left)",
            )
        } else {
            Meter::spinner()
        };
        writeln!(out, "solve: {}", self.variant).ok();
        let (mut total_nodes, mut total_time) = (0u64, Duration::ZERO);
        let mut worst: Option<(String, Duration)> = None;
        let mut failures = Vec::new();
        if many {
            writeln!(
                out,
                "{:>4} {:>3} {:>6} {:<16} {:>14} {:>9} {:>12}  check",
                "id", "emp", "score", "best", "nodes", "seconds", "nodes/s"
            )
            .ok();
        }
        let mut done = 0;
        for (n, (job, pos)) in self.jobs.iter().zip(&positions).enumerate() {
            let empties = empties(pos);
            if many {
                meter.set(n as u64);
                meter.message(format!("{} ({empties} empties)", job.id));
            } else {
                meter.message(format!("solving {empties} empties"));
            }
            let mut report = |p: &Progress| {
                if !many {
                    meter.message(format!(
                        "solving {empties} empties: {}",
                        estimate::count_words(p.nodes as f64, "nodes")
                    ));
                }
            };
            let mut ctx =
                Context::new(self.stop, &mut report).with_threads(self.args.threads.count());
            let t = Instant::now();
            let solved = solve_report(pos, &mut ctx, !self.args.one_best);
            let dt = t.elapsed();
            if self.stop.is_stopped() {
                break;
            }
            let rep: SolveReport = solved.ok_or_else(|| {
                CliError::Usage(format!("{}: the game is over, nothing to solve", job.id))
            })?;
            done += 1;
            total_nodes += rep.nodes;
            total_time += dt;
            if worst.as_ref().is_none_or(|(_, w)| dt > *w) {
                worst = Some((job.id.clone(), dt));
            }
            let best: Vec<String> = rep.best.iter().map(Move::to_string).collect();
            let check = check(job, &rep, &best, self.args.one_best);
            if let Some(problem) = &check {
                failures.push(format!("{}: {problem}", job.id));
            }
            let nps = rep.nodes as f64 / dt.as_secs_f64().max(1e-9);
            let text = if many {
                format!(
                    "{:>4} {:>3} {:>6} {:<16} {:>14} {:>9.3} {:>12.0}  {}\n",
                    job.id,
                    empties,
                    rep.text,
                    best.join(","),
                    rep.nodes,
                    dt.as_secs_f64(),
                    nps,
                    check.as_deref().unwrap_or(if job.expected_score.is_some() {
                        "ok"
                    } else {
                        "-"
                    })
                )
            } else {
                format!(
                    "position: {}\nempties:  {empties}\nvalue:    {} (for the side to move)\n\
                     best:     {}\nnodes:    {}\ntime:     {:.3} s ({nps:.0} nodes/s)\n",
                    pos.to_board_string(),
                    rep.text,
                    best.join(" "),
                    rep.nodes,
                    dt.as_secs_f64()
                )
            };
            meter.suspend(|| out.write_all(text.as_bytes()).ok());
        }
        drop(meter);
        let interrupted = self.stop.is_stopped();
        if many && done > 0 {
            let of = if interrupted {
                format!(" of {}", self.jobs.len())
            } else {
                String::new()
            };
            writeln!(
                out,
                "total: {done}{of} positions, {} nodes, {:.3} s, {:.0} nodes/s",
                total_nodes,
                total_time.as_secs_f64(),
                total_nodes as f64 / total_time.as_secs_f64().max(1e-9)
            )
            .ok();
            if let Some((id, w)) = worst {
                writeln!(out, "slowest: {id} ({:.3} s)", w.as_secs_f64()).ok();
            }
        }
        if interrupted {
            return Err(CliError::Interrupted);
        }
        if failures.is_empty() {
            Ok(())
        } else {
            Err(CliError::Failed(format!(
                "{} result(s) differ from the file: {}",
                failures.len(),
                failures.join("; ")
            )))
        }
    }
}

/// What differs from the file's expectations, if anything.
fn check(job: &Job, rep: &SolveReport, best: &[String], one_best: bool) -> Option<String> {
    let expected = job.expected_score?;
    if expected != rep.score {
        return Some(format!(
            "score {} but the file says {expected:+}",
            rep.score
        ));
    }
    let moves = job.expected_moves.as_ref()?;
    let mut want: Vec<String> = moves.iter().map(|m| m.to_ascii_lowercase()).collect();
    let mut got: Vec<String> = best.to_vec();
    want.sort();
    got.sort();
    if one_best {
        return got
            .iter()
            .find(|m| !want.contains(m))
            .map(|m| format!("best move {m} but the file says {}", want.join(",")));
    }
    if want != got {
        return Some(format!(
            "best moves {} but the file says {}",
            got.join(","),
            want.join(",")
        ));
    }
    None
}

/// Parses "20-39", "1,3,5-7" into a membership test.
fn parse_ids(text: &str) -> Result<Vec<(u64, u64)>, CliError> {
    let bad = || {
        CliError::Usage(format!(
            "--ids: expected ranges like 20-39 or 1,3,5, not {text:?}"
        ))
    };
    text.split(',')
        .map(|part| {
            let part = part.trim();
            let (a, b) = part.split_once('-').unwrap_or((part, part));
            let a: u64 = a.trim().parse().map_err(|_| bad())?;
            let b: u64 = b.trim().parse().map_err(|_| bad())?;
            if a > b {
                return Err(bad());
            }
            Ok((a, b))
        })
        .collect()
}

fn read_jobs(path: &std::path::Path, ids: Option<&str>) -> Result<Vec<Job>, CliError> {
    let text = files::read_text(path, files::TEXT_LIMIT, "--file")?;
    let ranges = ids.map(parse_ids).transpose()?;
    let mut jobs = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split_whitespace().collect();
        if cols.len() < 3 {
            return Err(CliError::Usage(format!(
                "{}:{}: expected `id board side ...`, found {line:?}",
                path.display(),
                n + 1
            )));
        }
        if let Some(r) = &ranges {
            let id: Option<u64> = cols[0].trim_start_matches('#').parse().ok();
            if !id.is_some_and(|id| r.iter().any(|(a, b)| (*a..=*b).contains(&id))) {
                continue;
            }
        }
        jobs.push(Job {
            id: cols[0].to_string(),
            board: format!("{} {}", cols[1], cols[2]),
            expected_score: cols
                .get(3)
                .and_then(|s| s.trim_start_matches('+').parse().ok()),
            expected_moves: cols
                .get(4)
                .map(|s| s.split(',').map(str::to_string).collect()),
        });
    }
    if jobs.is_empty() {
        return Err(CliError::Usage(format!(
            "no positions to solve in {}",
            path.display()
        )));
    }
    Ok(jobs)
}

/// Runs `boardplay solve`.
pub fn run(args: &SolveArgs, stop: &Stop, out: &mut dyn Write) -> Result<(), CliError> {
    let jobs = match (&args.file, &args.board.board) {
        (Some(path), _) => read_jobs(path, args.ids.as_deref())?,
        (None, Some(board)) => vec![Job {
            id: "-".into(),
            board: board.clone(),
            expected_score: None,
            expected_moves: None,
        }],
        (None, None) => {
            return Err(CliError::Usage(
                "give a position with --board \"<cells> <side>\" or a file with --file".into(),
            ));
        }
    };
    let mut board = args.board.clone();
    if board.board.is_none() {
        board.board = jobs.first().map(|j| j.board.clone());
    }
    let variant = board.variant()?;
    crate::ai::visit(
        variant,
        Solve {
            jobs,
            variant,
            args,
            stop,
            out,
        },
    )?
}
