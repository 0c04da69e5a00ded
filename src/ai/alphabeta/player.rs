//! The alpha-beta player: iterative deepening within a budget of depth, nodes or time, on
//! one thread or with lazy SMP helpers, handing over to the game's exact solver near the end.

use std::time::{Duration, Instant};

use super::{AlphaBeta, MAX_DEPTH, MAX_GROWTH};
use crate::ai::game::{Game, PROVEN};
use crate::ai::{Budget, Context, EngineError, Player, Progress, Stop, Work, search_deadline};
use crate::core::Move;

/// The alpha-beta player: iterative deepening within a [`Budget`], optionally handing over to
/// the game's exact solver when few empty cells remain.
#[derive(Debug)]
pub struct AlphaBetaPlayer {
    engine: AlphaBeta,
    budget: Budget,
    max_depth: u32,
    solve_empties: u32,
}

impl AlphaBetaPlayer {
    /// A player with `budget` (depth, nodes or time) and no exact solving.
    pub fn new(budget: Budget) -> AlphaBetaPlayer {
        AlphaBetaPlayer {
            engine: AlphaBeta::default(),
            budget,
            max_depth: MAX_DEPTH,
            solve_empties: 0,
        }
    }

    /// Caps the depth of time and node budgets.
    pub fn max_depth(mut self, depth: u32) -> AlphaBetaPlayer {
        self.max_depth = depth.max(1);
        self
    }

    /// Scores leaves with the game's learned evaluation where it has one.
    pub fn learned_eval(mut self, learned: bool) -> AlphaBetaPlayer {
        self.engine.learned = learned;
        self
    }

    /// Searches selectively: ProbCut `sigmas` standard deviations beyond the window (see
    /// [`AlphaBeta::with_probcut`]).
    pub fn probcut(mut self, sigmas: Option<f32>) -> AlphaBetaPlayer {
        self.engine.cut_sigmas = sigmas;
        self
    }

    /// Contempt for draws (see [`AlphaBeta::with_contempt`]).
    pub fn contempt(mut self, contempt: i32) -> AlphaBetaPlayer {
        self.engine = self.engine.with_contempt(contempt);
        self
    }

    /// Solves exactly (and so plays perfectly) from `empties` empty cells on.
    pub fn solve_from(mut self, empties: u32) -> AlphaBetaPlayer {
        self.solve_empties = empties;
        self
    }
}

impl<G: Game> Player<G> for AlphaBetaPlayer {
    fn name(&self) -> String {
        let budget = match self.budget {
            Budget::Depth(d) => format!("depth {d}"),
            Budget::Nodes(n) => format!("{n} nodes"),
            Budget::Iterations(n) => format!("{n} nodes"),
            Budget::Time(t) => format!("{:.1} s", t.as_secs_f64()),
        };
        if self.solve_empties > 0 {
            format!(
                "Alpha-beta, {budget}, exact from {} empties",
                self.solve_empties
            )
        } else {
            format!("Alpha-beta, {budget}")
        }
    }

    fn choose(&mut self, pos: &G, ctx: &mut Context<'_>) -> Result<Option<Move>, EngineError> {
        let start = Instant::now();
        let Some(fallback) = pos.legal_moves().next() else {
            return Ok(None);
        };
        if pos.move_count() == 1 {
            return Ok(Some(fallback));
        }
        let (max_nodes, max_depth, limit) = match self.budget {
            Budget::Depth(d) => (u64::MAX, d.max(1), None),
            Budget::Nodes(n) | Budget::Iterations(n) => (n, self.max_depth, None),
            Budget::Time(t) => (u64::MAX, self.max_depth, Some(t)),
        };
        // A time budget is a deadline on the stop flag, which the search and the solver
        // both read as they go.
        let stop = match limit {
            Some(t) => ctx.stop.with_deadline(search_deadline(start, t)),
            None => ctx.stop.clone(),
        };
        let solve = pos.empty_cells() <= self.solve_empties;
        // A solve that takes about a millisecond is not cut short by the clock, nor preceded
        // by a search to fall back on: with a few milliseconds left, a move played without
        // it can lose a won ending (only the owner's stop ends it).
        let quick = solve && pos.empty_cells() <= pos.quick_solve();
        let stop = if quick { stop.flag_only() } else { stop };
        let mut best = None;
        if !quick && (!solve || limit.is_some()) {
            // Before a timed solve, a search of a tenth of the time finds the move to play
            // should the solve not finish in the rest.
            let search_stop = match limit {
                Some(t) if solve => stop.with_deadline(start + t / 10),
                _ => stop.clone(),
            };
            best = self.deepen_parallel(
                pos,
                &search_stop,
                max_nodes,
                max_depth,
                ctx.threads,
                ctx.report,
                start,
            );
        }
        // The best move of the surest selective pass the solve finished, should the exact
        // pass not finish: a search to the end of the game, with ProbCut's cuts, sees
        // further than the midgame search of a tenth of the time.
        let mut selective = None;
        let mut watch = |p: &Progress| {
            if matches!(p.work, Work::Selective { .. }) {
                selective = p.best;
            }
            (ctx.report)(p);
        };
        if solve
            && let Some(sol) = pos.solve(
                &mut Context::new(&stop, &mut watch)
                    .with_threads(ctx.threads)
                    .to_play(),
                false,
            )
            && let Some(&mv) = sol.best.first()
        {
            (ctx.report)(&Progress {
                work: Work::Solved(pos.empty_cells()),
                best: Some(mv),
                score: Some(G::display_score(sol.score)),
                exact: true,
                nodes: sol.nodes,
                elapsed: start.elapsed(),
                pv: sol.pv.clone(),
            });
            return Ok(Some(mv));
        }
        Ok(Some(
            selective
                .or(best)
                .filter(|mv| pos.is_legal(*mv))
                .unwrap_or(fallback),
        ))
    }
}

impl AlphaBetaPlayer {
    /// [`AlphaBetaPlayer::deepen`] with `threads - 1` helpers (see [`AlphaBeta::with_helpers`]).
    #[allow(clippy::too_many_arguments)]
    fn deepen_parallel<G: Game>(
        &mut self,
        pos: &G,
        stop: &Stop,
        max_nodes: u64,
        max_depth: u32,
        threads: usize,
        report: &mut dyn FnMut(&Progress),
        start: Instant,
    ) -> Option<Move> {
        let helpers = self.engine.helpers(pos, threads, max_depth, stop);
        let best = self.deepen(pos, stop, max_nodes, max_depth, report, start);
        drop(helpers);
        best
    }

    /// Iterative deepening up to `max_depth` plies or `max_nodes` nodes, until `stop` is
    /// raised (or its deadline passes): the best move of the deepest search, or of the
    /// root moves searched in full by the one that was cut short.
    fn deepen<G: Game>(
        &mut self,
        pos: &G,
        stop: &Stop,
        max_nodes: u64,
        max_depth: u32,
        report: &mut dyn FnMut(&Progress),
        start: Instant,
    ) -> Option<Move> {
        let engine = &mut self.engine;
        engine.reset_limits(max_nodes);
        engine.stop = Some(stop.clone());
        let mut best = None;
        // How long the last iterations took, latest last.
        let mut times: Vec<Duration> = Vec::new();
        for depth in 1..=max_depth {
            let began = Instant::now();
            let (v, mv) = engine.root(pos, depth, best, &mut |_, _| {});
            if let Some(mv) = mv {
                best = Some(mv);
            }
            if engine.aborted {
                break;
            }
            times.push(began.elapsed());
            report(&Progress {
                work: Work::Depth(depth),
                best,
                score: Some(G::display_score(v)),
                exact: v.abs() >= PROVEN,
                nodes: engine.nodes,
                elapsed: start.elapsed(),
                pv: best.map_or_else(Vec::new, |mv| {
                    engine.principal_variation(pos, mv, depth as usize)
                }),
            });
            // A proven result will not change with depth; nor will a game shorter than it.
            if v.abs() >= PROVEN || depth > pos.empty_cells() {
                break;
            }
            if let Some(deadline) = stop.deadline()
                && !may_start(start, Instant::now(), deadline, next_iteration(&times))
            {
                break;
            }
        }
        engine.stop = None;
        best
    }
}

/// The share of a move's time before which the next iteration starts even if it is not
/// predicted to finish. A cut-short iteration is not time lost: it searches the last best
/// move first and changes its choice only to a move searched in full and found better.
/// Against the rule of starting only what is predicted to finish, Expert on a clock left a
/// tenth of its game's time unused (docs/ai.md, "Search and time").
const START_ANYWAY: f64 = 0.5;

/// True if an iteration predicted to take `next` may start at `now` in a move begun at
/// `start` that must end by `deadline`: before [`START_ANYWAY`] of the move's time has
/// passed, always; after that, only if it is predicted to finish in time.
fn may_start(start: Instant, now: Instant, deadline: Instant, next: Duration) -> bool {
    let allotted = deadline.saturating_duration_since(start);
    now < start + allotted.mul_f64(START_ANYWAY) || now + next <= deadline
}

/// The predicted time of the next iteration of a search whose iterations took `times`: the
/// last one's times the largest growth of the last two steps (which differ between odd and
/// even depths), at least doubling and at most [`MAX_GROWTH`] times.
fn next_iteration(times: &[Duration]) -> Duration {
    let Some(&last) = times.last() else {
        return Duration::ZERO;
    };
    let growth = times
        .windows(2)
        .rev()
        .take(2)
        .map(|w| w[1].as_secs_f64() / w[0].as_secs_f64().max(1e-9))
        .fold(2.0, f64::max)
        .min(MAX_GROWTH);
    last.mul_f64(growth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_iteration_starts_early_in_a_move_even_if_it_may_not_finish() {
        let start = Instant::now();
        let deadline = start + Duration::from_millis(100);
        // May an iteration predicted to take `next` ms start `at` ms into a 100 ms move?
        let may = |at: u64, next: u64| {
            may_start(
                start,
                start + Duration::from_millis(at),
                deadline,
                Duration::from_millis(next),
            )
        };
        // A tenth and four tenths of the way: it starts, predicted to overrun or not.
        assert!(may(10, 500));
        assert!(may(40, 500));
        // Past half of the move's time only what is predicted to finish starts.
        assert!(!may(60, 500));
        assert!(may(60, 30));
        assert!(!may(80, 30));
    }
}
