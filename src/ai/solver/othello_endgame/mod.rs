//! The exact Othello endgame solver, for every board size.
//!
//! Negamax alpha-beta on the bitboards of [`Othello`], with the usual endgame techniques:
//! - at the root, windows two discs wide around the learned evaluation's estimate (MTD(f)
//!   steps), after selective passes on 8x8 from 18 empties: the same search with ProbCut
//!   (a shallow search's value far beyond the window cuts), least sure first, each leaving
//!   the best moves in the table for the next and for the exact pass;
//! - principal variation search: after the first move, null-window searches that only ask
//!   "better than the best so far?", re-searched when the answer is yes;
//! - ordering: from 20 empties by a 2-ply midgame search, from 14 by the evaluation plus the
//!   replies left, from 6 fastest first (moves that leave the opponent fewest replies first:
//!   they make the smallest trees); the transposition table's move before them all; at the
//!   root, a 6-ply midgame search;
//! - a transposition table of score bounds and best moves, keyed by the discs, in buckets of
//!   two entries (a new entry replaces the one of fewer empties), each child's bucket
//!   prefetched while the moves are ordered, in huge pages where Linux grants them;
//! - stability cut-offs: the opponent's stable discs bound the best reachable score (counted
//!   only for windows beyond a margin that grows with the empties);
//! - near the end, no ordering work but parity: empties in regions with an odd number of
//!   empties first (the last move in a region is an advantage), and dedicated code for the
//!   last two moves.
//!
//! The recursive functions exist twice, compiled for the baseline CPU and with the
//! instructions of x86-64-v3 (popcnt, BMI, AVX2) picked at run time, as in perft. They use the
//! rules core's move generator, which is forced inline on boards of one word, so it is compiled
//! with the same instructions.

use std::sync::Arc;
use std::time::Instant;

use crate::ai::eval::othello::{Masks, neighbours};
use crate::ai::{Context, Progress, Stop, Work};
use crate::core::Bits;
use crate::core::othello::{Othello, Size};
use crate::core::{Move, Position};

mod cutoffs;
mod ordering;
mod parallel;
#[cfg(any(test, feature = "testing"))]
mod plain;
mod search;
mod table;

pub use ordering::shallow_value;
#[cfg(any(test, feature = "testing"))]
pub use plain::solve_plain;

use ordering::*;
use parallel::{Pool, SPLIT_MIN, SplitPoint};
use table::*;

/// The exact result of an Othello position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndgameResult {
    /// Final disc difference for the side to move under perfect play, empties to the winner.
    pub score: i32,
    /// The best moves (every one if asked for, else one); the pass if it is the only move.
    pub best: Vec<Move>,
    /// Positions visited.
    pub nodes: u64,
    /// The principal variation: the first best move, then the best replies as the solve's
    /// table holds them, completed by exact searches near the end.
    pub pv: Vec<Move>,
}

/// At most this many empties: no table, no ordering, parity only. Ordering from 6 empties up
/// saves more nodes (a fifth on FFO #20-#39) than it costs per node.
const SHALLOW: u32 = 5;
/// At least this many empties: the transposition table is used.
const TT_MIN: u32 = 8;
/// At least this many empties: moves are ordered by a short midgame search.
const SORT_BY_SEARCH: u32 = 20;
/// The depth of that search. Starting it lower (16 or 18 empties) did not pay.
const SORT_DEPTH: u32 = 2;
/// At least this many empties (and fewer than [`SORT_BY_SEARCH`]): moves are ordered by the
/// learned evaluation of the position after each plus [`REPLY_WEIGHT`] for each reply left to
/// the opponent. On FFO #20-#39 a one-ply search there instead, from 16 empties, cost 149 M
/// nodes where mobility alone cost 177 M; later (2026-11-27, issue 39) the evaluation alone
/// from 14 empties cost 74 M nodes where the one-ply search from 16 cost 87 M, and 13% less
/// time (3% less on the held-out set: the one-ply search costs an evaluation for every reply
/// of every move). From 12 or 13 empties: fewer nodes, more time on the held-out set.
const SORT_BY_EVAL: u32 = 14;
/// Hundredths of a disc a reply costs in that order (1, 2 and 4 discs: 159, 153, 148 M
/// nodes).
const REPLY_WEIGHT: i32 = 300;
/// The depth of the midgame search that orders the root moves (and guesses the score). On
/// FFO #20-#39, 2 to 5 plies order as well as 6 (73-75 M nodes), and 4 takes 6% less time:
/// the unordered full-window search of 6 plies costs about 10 ms a position.
const ROOT_SORT_DEPTH: u32 = 4;
/// More than this many empties: enhanced transposition cut-offs are tried.
const ETC_MIN: u32 = 12;
/// At least this many empties: stability cut-offs are tried.
const STABILITY_MIN: u32 = 7;
/// The level of table entries from exact searches, above every selective one.
const EXACT: u8 = u8::MAX;
/// The selective passes before an exact solve of at least [`SELECTIVE_MIN`] empties on 8x8:
/// (level, cut-off distance in standard deviations), least sure first. On FFO #20-#39 these
/// three passes and ProbCut from 8 empties cost 177 M nodes where none cost 263 M; two
/// passes (1 and 2 deviations), four, or five all cost more.
const SELECTIVE_PASSES: [(u8, f32); 3] = [(1, 1.0), (2, 1.5), (3, 2.5)];
/// At least this many empties at the root: selective passes first fill the table with moves.
const SELECTIVE_MIN: u32 = 18;
/// At least this many empties: a selective pass tries a ProbCut.
const PROBCUT_MIN: u32 = 8;
/// How many windows a selective pass tries: its answers need not agree with each other.
const SELECTIVE_TESTS: u32 = 6;

/// The stop flag is read every this many nodes.
const CHECK_EVERY: u64 = 1 << 14;
/// Under a split point, the flag and the cut-offs above are read every this many nodes: a
/// cut-off there makes the rest of the work useless.
const CHECK_SPLIT: u64 = 1 << 10;
/// The midgame searches that order the root read it every this many positions: each
/// position costs an evaluation, far more than a solver node.
const INTERRUPT_EVERY: u64 = 1 << 10;

/// The state of one solve.
pub(crate) struct Solver<S: Size> {
    tt: Arc<Table>,
    /// The other threads of the solve, if there are any.
    pool: Option<Arc<Pool<S>>>,
    /// The split point whose move this thread is searching, if any.
    split: Option<Arc<SplitPoint<S>>>,
    nodes: u64,
    next_check: u64,
    stop: Stop,
    aborted: bool,
    masks: Masks<S::Bits>,
    /// The board's four quadrants, for parity.
    quadrants: [S::Bits; 4],
    /// The four corners.
    corners: S::Bits,
    /// Number of cells: the largest possible score.
    cells: i32,
    /// The cells around each cell: a move there needs an opponent disc among them.
    around: Vec<S::Bits>,
    /// [`EXACT`], or the level of the selective pass under way.
    level: u8,
    /// In a selective pass, how many standard deviations beyond the window a shallow
    /// search's value must be to cut.
    cut_sigmas: f32,
}

impl<S: Size> Solver<S> {
    fn new(stop: Stop, tt: Arc<Table>, pool: Option<Arc<Pool<S>>>) -> Solver<S> {
        let n = S::N;
        let mut quadrants = [S::Bits::ZERO; 4];
        for i in 0..n * n {
            let (r, c) = (i / n, i % n);
            quadrants[usize::from(r >= n / 2) * 2 + usize::from(c >= n / 2)] |= S::Bits::bit(i);
        }
        Solver {
            tt,
            pool,
            split: None,
            nodes: 0,
            next_check: CHECK_EVERY,
            stop,
            aborted: false,
            masks: Masks::of::<S>(),
            quadrants,
            corners: S::Bits::bit(0)
                | S::Bits::bit(n - 1)
                | S::Bits::bit(n * (n - 1))
                | S::Bits::bit(n * n - 1),
            cells: (n * n) as i32,
            around: (0..n * n)
                .map(|i| neighbours::<S>(S::Bits::bit(i), &Masks::of::<S>()))
                .collect(),
            level: EXACT,
            cut_sigmas: 0.0,
        }
    }
}

/// Size of the solver's largest table: 2^21 entries of 16 bytes, in buckets of two (2^23
/// entries saved under 1% of the nodes).
const TT_BITS: u32 = 21;

/// The table a solve of `empties` empty cells is given: 2^(empties + 3) entries, from 2^14
/// to 2^[`TT_BITS`]. A solve of 14 empties (some 10^5 positions) needs no 32 MB table, and
/// making one would cost a move of a quick game more than the solve (its pages are zeroed
/// as they are first touched, and a small solve touches them all).
fn table_bits(empties: u32) -> u32 {
    (empties + 3).clamp(14, TT_BITS)
}

/// Solves `pos` exactly on `ctx.threads` threads. `None` if the game is over or the stop flag
/// of `ctx` was raised or its deadline passed (looked at every few thousand positions, and at
/// every position of 20 empties or more, which cost more). Reports progress after each pass.
/// The score and the best moves do not depend on the number of threads (with one best move
/// asked for and several equal, which one is found may).
pub fn solve<S: Size>(
    pos: &Othello<S>,
    ctx: &mut Context<'_>,
    all_best: bool,
) -> Option<EndgameResult> {
    solve_kept(pos, ctx, all_best, &mut KeptTable::default())
}

/// A transposition table kept from one solve to the next (see [`solve_kept`]): empty until
/// the first solve makes it.
#[derive(Debug, Default)]
pub struct KeptTable(Option<Arc<Table>>);

/// [`solve`] with the table `kept` from earlier solves, and kept for later ones. The table's
/// bounds hold whatever position they came from, so solves of positions that share
/// subtrees (the moves of one position, or a solve stopped and started again) find much of
/// their work done.
pub fn solve_kept<S: Size>(
    pos: &Othello<S>,
    ctx: &mut Context<'_>,
    all_best: bool,
    kept: &mut KeptTable,
) -> Option<EndgameResult> {
    pos.legal_moves().next()?;
    // A kept table smaller than this solve wants is replaced by one of the size it wants
    // (the first solve of a game is its largest, so a game makes its table once).
    let bits = table_bits(pos.empties().count());
    let tt = match &kept.0 {
        Some(t) if t.len() >= 1 << bits => t.clone(),
        _ => kept.0.insert(Arc::new(Table::new(bits))).clone(),
    };
    solve_on(pos, ctx, all_best, tt)
}

/// [`solve`] with the table `tt`, of a position with a legal move.
fn solve_on<S: Size>(
    pos: &Othello<S>,
    ctx: &mut Context<'_>,
    all_best: bool,
    tt: Arc<Table>,
) -> Option<EndgameResult> {
    let start = Instant::now();
    let threads = ctx.threads.max(1);
    if threads == 1 {
        let mut s = Solver::<S>::new(ctx.stop.clone(), tt, None);
        return s.solve_root(pos, ctx, all_best, start, &|| 0);
    }
    let pool = Arc::new(Pool::<S>::new());
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|_| {
                let mut s = Solver::<S>::new(ctx.stop.clone(), tt.clone(), Some(pool.clone()));
                let pool = &pool;
                scope.spawn(move || {
                    s.serve(pool);
                    s.nodes
                })
            })
            .collect();
        let mut s = Solver::<S>::new(ctx.stop.clone(), tt.clone(), Some(pool.clone()));
        let result = s.solve_root(pos, ctx, all_best, start, &|| pool.nodes());
        pool.finish();
        let helper_nodes: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
        result.map(|r| EndgameResult {
            nodes: r.nodes + helper_nodes,
            ..r
        })
    })
}

impl<S: Size> Solver<S> {
    /// The root of [`solve`] on this thread (helpers, if any, serving its split points);
    /// `others` counts the positions the helpers have visited so far, for the progress
    /// reports.
    fn solve_root(
        &mut self,
        pos: &Othello<S>,
        ctx: &mut Context<'_>,
        all_best: bool,
        start: Instant,
        others: &dyn Fn() -> u64,
    ) -> Option<EndgameResult> {
        let s = self;
        let cells = s.cells;
        let moves: Vec<Move> = pos.legal_moves().collect();
        // Root order: by a midgame search a few plies deep. The first move is searched with
        // the full window, and every later one must at least be proved no better, so a good
        // first move saves much; a few thousand evaluations cost nothing next to the solve.
        // On big open boards these searches are long enough to need their own looks at the
        // flag.
        let mut interrupt = Every {
            stop: ctx.stop,
            asked: 0,
            due: false,
        };
        let mut order: Vec<(i32, Move)> = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let child = pos.play_unchecked(mv);
            let v = midgame_value(&child, ROOT_SORT_DEPTH, -INF, INF, &mut interrupt);
            if interrupt.due || ctx.stop.is_stopped() {
                return None;
            }
            order.push((v, mv));
        }
        order.sort_by_key(|&(k, _)| k);
        let estimate = -order[0].0;
        let mut order: Vec<Move> = order.iter().map(|&(_, mv)| mv).collect();

        // Aspiration: the midgame search's value, in hundredths of a disc, guesses the score,
        // and windows two discs wide test it (scores are even: a value strictly inside the
        // window is the score), each failure moving the guess to the bound it returned, as
        // MTD(f) does. With a good evaluation the first or second test hits, and every test
        // is far cheaper than a search of the full window.
        let mut guess = ((estimate + 100).div_euclid(200) * 2).clamp(-cells, cells);
        let empties = pos.empties().count();
        let mut report = |s: &Solver<S>, best: Move, score: i32, work: Work| {
            (ctx.report)(&Progress {
                work,
                best: Some(best),
                score: Some(score),
                exact: work == Work::Solved(empties),
                nodes: s.nodes + others(),
                elapsed: start.elapsed(),
                pv: s.principal_variation(pos, best),
            })
        };
        if S::N == 8 && empties >= SELECTIVE_MIN {
            // Selective passes, least sure first: each is far cheaper than the exact search,
            // and leaves in the table the best moves the next one tries first.
            for (level, sigmas) in SELECTIVE_PASSES {
                (s.level, s.cut_sigmas) = (level, sigmas);
                let (v, mv) = s.aspire(pos, &mut order, guess, Some(SELECTIVE_TESTS))?;
                let percent = confidence_percent(sigmas);
                report(s, mv, v, Work::Selective { empties, percent });
                guess = v;
            }
            s.level = EXACT;
        }
        if ctx.to_play && ctx.stop.deadline().is_some() && empties >= SELECTIVE_MIN {
            // A move to play on a clock, whose exact pass may not finish. Who wins is what
            // decides a game, and proving it is a single window around a draw, far cheaper
            // than the margin: a move that keeps the result, the surest move short of the
            // exact one. The selective passes' best move is tried first, and kept if it does.
            // (A solve for values to show, or one timed to estimate a solve's cost, does not
            // stop here.)
            let (v, mv) = s.root(pos, &mut order, -1, 1)?;
            // The value shown: the selective passes' if the proof agrees with it, else the
            // nearest score the proof allows (a win by two, a draw, a loss by two).
            let shown = if v.signum() == guess.signum() {
                guess
            } else {
                2 * v.signum()
            };
            let percent = 100;
            report(
                s,
                mv,
                shown.clamp(-cells, cells),
                Work::Selective { empties, percent },
            );
        }
        let (score, first) = s.aspire(pos, &mut order, guess, None)?;
        let mut best = vec![first];
        if all_best {
            // Every other move that reaches the score: a window just below it asks.
            for &mv in order.iter().filter(|&&mv| mv != first) {
                let v = -s.search(&pos.play_unchecked(mv), -score - 1, -score + 1);
                if s.aborted {
                    return None;
                }
                if v == score {
                    best.push(mv);
                }
            }
        }
        report(s, first, score, Work::Solved(empties));
        let pv = s.principal_variation(pos, first);
        let cols = S::N;
        best.sort_by_key(|mv| match mv {
            Move::Place(c) => c.index(cols),
            Move::Pass => 0,
        });
        Some(EndgameResult {
            score,
            best,
            nodes: s.nodes,
            pv,
        })
    }

    /// The principal variation from `pos` after a solve whose best move there is `first`:
    /// the best move the table keeps for each position after it (from a search of this
    /// solve's sureness), then, from [`PV_SEARCHED`] empties on, a best move found by exact
    /// searches of each move, to the end of the game.
    fn principal_variation(&self, pos: &Othello<S>, first: Move) -> Vec<Move> {
        let mut pv = vec![first];
        let mut at = pos.play_unchecked(first);
        loop {
            let moves: Vec<Move> = at.legal_moves().collect();
            let mv = match moves.as_slice() {
                [] => break,
                [only] => *only,
                _ if at.empties().count() <= PV_SEARCHED => {
                    let value = |&mv: &Move| -exact_score(&at.play_unchecked(mv), 10);
                    match moves.iter().max_by_key(|mv| value(mv)) {
                        Some(&mv) => mv,
                        None => break,
                    }
                }
                _ => {
                    let stored = self
                        .probe(Self::key(&at))
                        .filter(|e| e.level >= self.level && e.best > 0)
                        .map(|e| {
                            Move::Place(crate::core::Cell::from_index(
                                usize::from(e.best - 1),
                                S::N,
                            ))
                        });
                    match stored {
                        Some(mv) if moves.contains(&mv) => mv,
                        _ => break,
                    }
                }
            };
            pv.push(mv);
            at = at.play_unchecked(mv);
        }
        pv
    }
}

/// From this many empties on, the principal variation is found by exact searches of every
/// move (each well under a millisecond), where the table may no longer hold the positions.
const PV_SEARCHED: u32 = 10;

/// The confidence of a selective pass whose cuts lie `sigmas` standard deviations beyond the
/// window: the normal distribution's share below `sigmas`, in percent (1.0: 84, 2.5: 99).
fn confidence_percent(sigmas: f32) -> u32 {
    // Abramowitz and Stegun 7.1.26 for erf, within 1.5e-7.
    let x = f64::from(sigmas) / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = (1.0 - poly * (-x * x).exp()).copysign(x);
    (50.0 * (1.0 + erf)).round() as u32
}

/// The exact score of `pos` (disc difference for the side to move, empties to the winner;
/// the game need not have moves left), with a table of `2^tt_bits` entries: for the many small
/// solves of training, where the full table would cost more to clear than to use.
/// From [`SELECTIVE_MIN`] empties, where a solve takes long enough, the full root procedure
/// of [`solve`] (its own table) is faster.
pub fn exact_score<S: Size>(pos: &Othello<S>, tt_bits: u32) -> i32 {
    if pos.empties().count() >= SELECTIVE_MIN {
        let stop = Stop::new();
        let mut report = |_: &Progress| {};
        if let Some(r) = solve(pos, &mut Context::new(&stop, &mut report), false) {
            return r.score;
        }
    }
    let mut s = Solver::<S>::new(Stop::new(), Arc::new(Table::new(tt_bits)), None);
    let cells = s.cells;
    s.search(pos, -cells - 1, cells + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::othello::Size8;

    /// The start position played on by each side's first legal move until `empties` are left.
    fn first_moves_to(empties: u32) -> Othello<Size8> {
        let mut pos = Othello::<Size8>::start();
        while pos.empties().count() > empties {
            let mv = pos
                .legal_moves()
                .next()
                .expect("a game of first moves lasts");
            pos = pos.play_unchecked(mv);
        }
        pos
    }

    #[test]
    fn a_small_solve_gets_a_small_table_and_a_larger_one_a_larger_table() {
        let stop = Stop::new();
        let mut report = |_: &Progress| {};
        let mut kept = KeptTable::default();
        let small = first_moves_to(12);
        let plain = solve(&small, &mut Context::new(&stop, &mut report), false).unwrap();
        let kept_small = solve_kept(
            &small,
            &mut Context::new(&stop, &mut report),
            false,
            &mut kept,
        );
        assert_eq!(kept_small.unwrap().score, plain.score);
        let len = kept.0.as_ref().unwrap().len();
        assert_eq!(
            len,
            1 << 15,
            "12 empties: 2^15 entries (256 KB), not 2^21 (32 MB)"
        );
        // A larger solve replaces it with a larger table; a smaller one then keeps that.
        let mut solve_into_kept = |pos: &Othello<Size8>| {
            solve_kept(pos, &mut Context::new(&stop, &mut report), false, &mut kept).unwrap();
            kept.0.as_ref().unwrap().len()
        };
        assert_eq!(solve_into_kept(&first_moves_to(17)), 1 << 20);
        assert_eq!(solve_into_kept(&small), 1 << 20);
    }
}
