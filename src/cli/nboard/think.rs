//! What the engine thinks about: its move (`go`), the best moves (`hint N`) and the values
//! of a whole game (`analyze`), streamed as NBoard reads them.
//!
//! Every `search` line carries the principal variation (`F5D6C3`, a pass as `PA`), the value
//! for the side to move, and how sure it is, as NBoard's `Depth` reads it: plies searched
//! (`12`), a selective solve to the end sure to some percent (`22@93%`), a proven win, loss
//! or draw whose margin is not exact (`100%W`), or an exact value (`100%`).

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::game::{positions, variant_of};
use super::{Searching, Session, error};
use rand::Rng;

use crate::ai::analysis::analyse;
use crate::ai::book::with_book;
use crate::ai::game::PROVEN;
use crate::ai::{Context, Game, GameVisitor, Level, Progress, Stop, Work, visit};
use crate::core::{Move, Side};

/// What the engine is asked to think about.
#[derive(Clone, Copy)]
pub(super) enum Task {
    /// Its move (`go`).
    Go,
    /// The values of the best `n` moves (`hint n`).
    Hint(usize),
    /// The value of every position of the game (`analyze`).
    Analyze,
}

/// Runs `task` on the session's game, streaming its answer to `out`. A stop (a line that
/// arrives meanwhile, or the end of the input) ends the search early; the answer so far is
/// still sent.
pub(super) fn think(
    session: &Session,
    task: Task,
    searching: &Arc<Mutex<Searching>>,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let stop = Stop::new();
    if let Ok(mut s) = searching.lock() {
        // Input that has ended will send no more: nothing is left to wait for.
        if s.ended {
            stop.stop();
        }
        s.stop = Some(stop.clone());
    }
    struct Think<'a> {
        session: &'a Session,
        task: Task,
        stop: &'a Stop,
        out: &'a mut dyn Write,
    }
    impl GameVisitor for Think<'_> {
        type Output = std::io::Result<()>;
        fn visit<G: Game>(self, start: G) -> std::io::Result<()> {
            let all = match positions(start, &self.session.game) {
                Ok(all) => all,
                Err(e) => return error(self.out, e.to_string()),
            };
            if let Task::Analyze = self.task {
                return analyze(&all, self.session, self.stop, self.out);
            }
            let pos = *all.last().expect("a game has its start position");
            if pos.legal_moves().next().is_none() {
                return error(self.out, "the game is over".into());
            }
            match self.task {
                Task::Hint(n) => hint(&pos, n, self.session.depth, self.stop, self.out),
                _ => go(&pos, self.session, self.stop, self.out),
            }
        }
    }
    let result = visit(
        variant_of(&session.game),
        Think {
            session,
            task,
            stop: &stop,
            out,
        },
    );
    if let Ok(mut s) = searching.lock() {
        s.stop = None;
    }
    match result {
        Ok(r) => r,
        Err(e) => error(out, e.to_string()),
    }
}

/// A move as NBoard writes it: `F5`, or `PA` for a pass.
fn move_text(mv: Move) -> String {
    match mv {
        Move::Pass => "PA".into(),
        Move::Place(_) => mv.to_string().to_uppercase(),
    }
}

/// A principal variation as one word, as NBoard reads it (its first move is the move):
/// `F5D6C3`, a pass as `PA`.
pub(super) fn pv_text(pv: &[Move]) -> String {
    pv.iter().map(|&mv| move_text(mv)).collect()
}

/// How sure a value is, as NBoard's depth field says it (see the [module](self)).
fn depth_label(work: Work, exact: bool, score: i32, empties: u32) -> Option<String> {
    Some(match work {
        Work::Solved(_) if exact => "100%".into(),
        Work::Selective { percent, .. } if percent >= 100 => "100%W".into(),
        Work::Selective { empties, percent } => format!("{empties}@{percent}%"),
        // A search that proves a win or a loss before the end of every line knows who wins,
        // not by how much; one that reaches the end of every line (a ply per empty, and as
        // many again for passes) knows the margin.
        Work::Depth(d) if d > 2 * empties + 1 || (exact && d > empties) => "100%".into(),
        Work::Depth(_) if exact || score.abs() >= PROVEN => "100%W".into(),
        Work::Depth(d) => d.to_string(),
        Work::Book => "book".into(),
        _ => return None,
    })
}

fn go<G: Game>(
    pos: &G,
    session: &Session,
    stop: &Stop,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(out, "status {} is thinking", super::NAME)?;
    out.flush()?;
    let begun = Instant::now();
    let player = Level::expert_to_depth(pos, session.depth, session.exact_from(), session.contempt);
    let seed = crate::ai::train::selfplay::game_rng(session.seed, session.goes).next_u64();
    let mut player = with_book(player, true, session.book, seed);
    let mut last: Option<Progress> = None;
    let mut written = Ok(());
    let empties = pos.empty_cells();
    let mut report = |p: &Progress| {
        if let (Some(best), Some(score)) = (p.best, p.score)
            && let Some(depth) = depth_label(p.work, p.exact, 0, empties)
        {
            let pv = if p.pv.first() == Some(&best) {
                pv_text(&p.pv)
            } else {
                move_text(best)
            };
            written = std::mem::replace(&mut written, Ok(()))
                .and_then(|()| writeln!(out, "search {pv} {:+.2} 0 {depth}", score as f64))
                .and_then(|()| out.flush());
        }
        last = Some(p.clone());
    };
    // Expert always answers (only engines fail).
    let chosen = player
        .choose(
            pos,
            &mut Context::new(stop, &mut report).with_threads(session.threads),
        )
        .ok()
        .flatten();
    written?;
    let mv = chosen.unwrap_or_else(|| pos.legal_moves().next().expect("checked: a legal move"));
    let secs = begun.elapsed().as_secs_f64();
    let nodes = last.as_ref().map_or(0, |p| p.nodes);
    writeln!(out, "nodestats {nodes} {secs:.2}")?;
    match last.and_then(|p| p.score.filter(|_| p.best == Some(mv))) {
        Some(score) => writeln!(out, "=== {}/{:+.2}/{secs:.2}", move_text(mv), score as f64)?,
        // A forced move, played without a search.
        None => writeln!(out, "=== {}", move_text(mv))?,
    }
    writeln!(out, "status")
}

fn hint<G: Game>(
    pos: &G,
    n: usize,
    depth: u32,
    stop: &Stop,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(out, "status {} is analysing", super::NAME)?;
    out.flush()?;
    let mut written = Ok(());
    let empties = pos.empty_cells();
    analyse(pos, depth, stop, &mut |analysis| {
        let mut values: Vec<_> = analysis.values.iter().collect();
        values.sort_by_key(|v| std::cmp::Reverse(v.score));
        for v in values.into_iter().take(n) {
            let work = if v.exact {
                Work::Solved(empties)
            } else {
                Work::Depth(analysis.depth)
            };
            let depth = depth_label(work, v.exact, v.score, empties).unwrap_or_default();
            written = std::mem::replace(&mut written, Ok(()))
                .and_then(|()| {
                    writeln!(
                        out,
                        "search {} {:+.2} 0 {depth}",
                        pv_text(&v.pv),
                        G::chart_value(v.score)
                    )
                })
                .and_then(|()| out.flush());
        }
    });
    written?;
    writeln!(out, "status")
}

/// NBoard's "Analyze game": the value of every position of the game for its side to move,
/// from the last back to the first (so the solver's work near the end helps the positions
/// before it), one `analysis N EVAL` line each, N the moves played before it (passes
/// count). A stop (NBoard sends `ping` when it wants something else) ends it.
fn analyze<G: Game>(
    all: &[G],
    session: &Session,
    stop: &Stop,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(out, "status {} is analysing the game", super::NAME)?;
    out.flush()?;
    // The position after the one being valued, and its value for its own side to move.
    let mut after: Option<(u64, Side, f64)> = None;
    for (n, pos) in all.iter().enumerate().rev() {
        if stop.is_stopped() {
            break;
        }
        let value = if pos.legal_moves().next().is_none() {
            Some(f64::from(G::chart_value(pos.terminal_score())))
        } else {
            let mut player =
                Level::expert_to_depth(pos, session.depth, session.exact_from(), session.contempt);
            let mut last = None;
            let mut report = |p: &Progress| {
                if p.score.is_some() {
                    last = p.score;
                }
            };
            let mut ctx = Context::new(stop, &mut report).with_threads(session.threads);
            let chosen = player.choose(pos, &mut ctx).ok().flatten();
            // A forced move is played without a search: its value is that of the position
            // it leads to, which the game reaches next.
            last.map(f64::from).or_else(|| {
                let next = pos.play_unchecked(chosen?);
                let (key, side, v) = after?;
                (key == next.hash_key()).then_some(if side == pos.side_to_move() { v } else { -v })
            })
        };
        if stop.is_stopped() {
            break;
        }
        after = value.map(|v| (pos.hash_key(), pos.side_to_move(), v));
        if let Some(value) = value {
            writeln!(out, "analysis {n} {value:+.2}")?;
            out.flush()?;
        }
    }
    writeln!(out, "status")
}
