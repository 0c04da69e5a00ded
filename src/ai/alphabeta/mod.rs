//! Negamax alpha-beta: principal variation search with iterative deepening, a transposition
//! table keyed by [`Game::canonical_key`] (so tic-tac-toe shares results between symmetric
//! positions) at nodes two plies or more above the leaves, and move ordering by the table's
//! move, killer moves and the history heuristic.
//!
//! Scores are exact minimax values of the depth searched: a table entry only cuts off a
//! search of the same depth, so the search returns what plain minimax would, faster; the tests
//! check this on random positions of every game.

use std::sync::Arc;

use super::Stop;
use super::game::{Game, PROVEN};
use super::trace::{NoObserver, Observer};
use super::tt::{Entry, Table};
use crate::core::Move;

mod ordering;
mod parallel;
mod player;
mod watch;

use ordering::{history_index, key_move};

pub use parallel::Helpers;
pub use player::AlphaBetaPlayer;

/// Larger than any score.
pub const INFINITY: i32 = 2 * PROVEN;

/// Deepest iteration of an unbounded (time or node) budget, and the deepest depth a player
/// may be given (see [`PlayerSpec`](super::PlayerSpec)).
pub const MAX_DEPTH: u32 = 64;

/// How often (in nodes) the search looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// The most an iteration is predicted to take over the one before it: early iterations that
/// the transposition table answers at once would otherwise predict far too much.
const MAX_GROWTH: f64 = 16.0;

/// Plies to go from which the transposition table is read and written.
const TT_MIN_DEPTH: u32 = 2;

/// The plies of ProbCut's shallow search for a `depth`-ply search: a third of the depth,
/// rounded down, then up to the depth's parity (an odd depth ends on the other side's move,
/// which evaluations see differently: across parities the shallow value lies 2-3 discs off
/// on average, `boardplay probcut`). 6 for 16 plies; until 2026-11-29 about half (8).
pub fn shallow_depth(depth: u32) -> u32 {
    let third = depth / 3;
    third + (depth - third) % 2
}

/// The alpha-beta search engine, reusable across moves (its tables persist).
#[derive(Debug)]
pub struct AlphaBeta {
    /// Shared with the helpers of a parallel search.
    tt: Arc<Table>,
    /// Two killer moves per ply: quiet moves that caused a cut-off at that ply before.
    killers: Vec<[Option<Move>; 2]>,
    /// Each ply's list of move keys (see `ordering.rs`), kept so that a node allocates
    /// nothing.
    key_lists: Vec<Vec<u64>>,
    /// Cut-off counts by cell index (and pass, last), weighted by depth squared.
    history: Vec<u32>,
    nodes: u64,
    max_nodes: u64,
    /// Read every [`CHECK_EVERY`] nodes; a time budget is its deadline.
    stop: Option<Stop>,
    aborted: bool,
    /// Leaves scored by [`Game::evaluate_learned`] instead of [`Game::evaluate`].
    learned: bool,
    /// ProbCut: how many standard deviations (see [`Game::probcut_sigma`]) beyond a
    /// null window a shallow search's value must be to cut; `None`: a full-width search.
    cut_sigmas: Option<f32>,
    /// A helper of a parallel search starts at this root move (see [`AlphaBeta::helpers`]).
    rotate: usize,
    /// What a drawn finished game is worth to the side the search is for (the side to move
    /// where it started), in score units (centi-discs in Othello): 0, a draw is even, unless
    /// a contempt is set ([`AlphaBeta::with_contempt`]).
    draw: i32,
}

impl Default for AlphaBeta {
    fn default() -> Self {
        AlphaBeta::new(18)
    }
}

impl AlphaBeta {
    /// An engine with a transposition table of `2^tt_bits` entries.
    pub fn new(tt_bits: u32) -> AlphaBeta {
        AlphaBeta::sharing(Arc::new(Table::new(tt_bits)))
    }

    /// A fresh full-width engine on `tt`.
    fn sharing(tt: Arc<Table>) -> AlphaBeta {
        AlphaBeta {
            tt,
            killers: Vec::new(),
            key_lists: Vec::new(),
            history: vec![0; 257],
            nodes: 0,
            max_nodes: u64::MAX,
            stop: None,
            aborted: false,
            learned: false,
            cut_sigmas: None,
            rotate: 0,
            draw: 0,
        }
    }

    /// Scores leaves with the game's learned evaluation (see [`Game::evaluate_learned`]).
    pub fn with_learned_eval(mut self, learned: bool) -> AlphaBeta {
        self.learned = learned;
        self
    }

    /// Selective search: ProbCut at null-window nodes of 3 plies or more where the game has
    /// measured spreads, cutting `sigmas` standard deviations beyond the window (`None`: none;
    /// then every value is the exact minimax value of its depth).
    pub fn with_probcut(mut self, sigmas: Option<f32>) -> AlphaBeta {
        self.cut_sigmas = sigmas;
        self
    }

    /// Contempt for draws, as NBoard's `set contempt` gives it: a drawn finished game reached
    /// by the search is worth `-contempt` score units (centi-discs in Othello) to the side
    /// the search is for, and `contempt` to the other, so with a positive contempt the
    /// search avoids a draw for anything better than that loss. Proven wins and losses stay
    /// beyond any contempt (a draw still ranks between them), so an exact solve, whose
    /// values are all proven, chooses as without one.
    pub fn with_contempt(mut self, contempt: i32) -> AlphaBeta {
        self.draw = -contempt;
        self
    }

    /// The score of a finished game `ply` plies from where the search started, for its side
    /// to move: its own, a draw valued by the contempt (see [`AlphaBeta::with_contempt`]).
    /// Every ply, a pass too, changes the side to move, so an even ply is the search's side.
    fn terminal<G: Game>(&self, pos: &G, ply: usize) -> i32 {
        match pos.terminal_score() {
            0 if ply.is_multiple_of(2) => self.draw,
            0 => -self.draw,
            score => score,
        }
    }

    /// A fresh engine that shares this one's table and searches the same way: a helper of a
    /// parallel search.
    pub fn helper(&self) -> AlphaBeta {
        AlphaBeta {
            learned: self.learned,
            cut_sigmas: self.cut_sigmas,
            draw: self.draw,
            ..AlphaBeta::sharing(self.tt.clone())
        }
    }

    /// Positions visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `pos` searched exactly `depth` plies deep, and a best move (none if the
    /// game is over). Unlimited; the same value as [`minimax`](super::minimax::minimax).
    pub fn search_depth<G: Game>(&mut self, pos: &G, depth: u32) -> (i32, Option<Move>) {
        self.reset_limits(u64::MAX);
        let mut best = None;
        let mut value = 0;
        for d in 1..=depth.max(1) {
            let (v, mv) = self.root(pos, d, best, &mut |_, _| {});
            value = v;
            best = mv.or(best);
        }
        if depth == 0 {
            value = self.search_node(
                pos,
                &pos.carry(),
                0,
                -INFINITY,
                INFINITY,
                0,
                &mut NoObserver,
            );
        }
        (value, best)
    }

    /// The value of `pos` searched exactly `depth` plies deep (0: the evaluation), or `None`
    /// if `stop` was raised first. No iterative deepening inside: callers that deepen step
    /// by step (the analysis) reuse this engine, so the table of the last depth orders the
    /// next one.
    pub fn value_at_depth<G: Game>(&mut self, pos: &G, depth: u32, stop: &Stop) -> Option<i32> {
        self.reset_limits(u64::MAX);
        self.stop = Some(stop.clone());
        let value = self.search_node(
            pos,
            &pos.carry(),
            depth,
            -INFINITY,
            INFINITY,
            0,
            &mut NoObserver,
        );
        self.stop = None;
        (!self.aborted).then_some(value)
    }

    fn reset_limits(&mut self, max_nodes: u64) {
        self.nodes = 0;
        self.max_nodes = max_nodes;
        self.aborted = false;
    }

    /// Searches the root `depth` plies deep, trying `first` first. Returns the value and the
    /// best move; after an abort, the best move among the root moves fully searched (if any).
    /// `on_best` hears each new best root move.
    fn root<G: Game>(
        &mut self,
        pos: &G,
        depth: u32,
        first: Option<Move>,
        on_best: &mut dyn FnMut(Move, i32),
    ) -> (i32, Option<Move>) {
        self.root_with(pos, depth, first, on_best, &mut NoObserver)
    }

    /// [`AlphaBeta::root`] telling `obs` of every node below the root (see
    /// [`trace`](super::trace)).
    pub(crate) fn root_with<G: Game, O: Observer<G>>(
        &mut self,
        pos: &G,
        depth: u32,
        first: Option<Move>,
        on_best: &mut dyn FnMut(Move, i32),
        obs: &mut O,
    ) -> (i32, Option<Move>) {
        let carry = pos.carry();
        let mut moves = self.ordered_moves(pos, &carry, first, depth);
        if moves.is_empty() {
            return (self.terminal(pos, 0), None);
        }
        if let Some(f) = first
            && let Some(i) = moves.iter().position(|m| *m == f)
        {
            moves[..=i].rotate_right(1);
        }
        let r = self.rotate % moves.len();
        moves.rotate_left(r);
        let (mut alpha, beta) = (-INFINITY, INFINITY);
        let mut best = None;
        for (i, &mv) in moves.iter().enumerate() {
            let child = pos.play_unchecked(mv);
            let cc = pos.carry_to(&carry, &child);
            let mut v;
            if i == 0 {
                v = -self.search_node(&child, &cc, depth - 1, -beta, -alpha, 1, obs);
            } else {
                v = -self.search_node(&child, &cc, depth - 1, -alpha - 1, -alpha, 1, obs);
                if v > alpha && !self.aborted {
                    v = -self.search_node(&child, &cc, depth - 1, -beta, -alpha, 1, obs);
                }
            }
            if self.aborted {
                break;
            }
            if v > alpha {
                alpha = v;
                best = Some(mv);
                on_best(mv, v);
            }
        }
        if !self.aborted {
            let key = pos.canonical_key();
            self.tt.store(Entry::of_search(
                key, alpha, -INFINITY, INFINITY, depth, best,
            ));
        }
        (alpha, best)
    }

    /// The principal variation after a search of `pos`: `first` (the root's best move), then
    /// [`table_line`](AlphaBeta::table_line) from the position it leads to, at most `len`
    /// moves in all.
    pub fn principal_variation<G: Game>(&self, pos: &G, first: Move, len: usize) -> Vec<Move> {
        let mut pv = vec![first];
        pv.extend(self.table_line(&pos.play_unchecked(first), len.saturating_sub(1)));
        pv
    }

    /// The line the table expects from `pos`: the best move it keeps for `pos`, then for the
    /// position that move leads to, and so on, at most `len` moves. The walk stops at a
    /// position the table does not hold, at a move that is not legal there (a stale entry)
    /// and at a position met twice; it is empty for games whose table keys are shared by
    /// symmetric positions (their stored moves may be in another orientation).
    pub fn table_line<G: Game>(&self, pos: &G, len: usize) -> Vec<Move> {
        let mut line = Vec::new();
        if !G::KEY_IS_POSITION {
            return line;
        }
        let mut at = *pos;
        let mut seen = Vec::new();
        while line.len() < len && !seen.contains(&at.hash_key()) {
            seen.push(at.hash_key());
            let Some(mv) = self.tt.probe(at.canonical_key()).and_then(|e| e.best) else {
                break;
            };
            if !at.is_legal(mv) {
                break;
            }
            line.push(mv);
            at = at.play_unchecked(mv);
        }
        line
    }

    /// A node searched by the fastest copy of the search this CPU runs: the one compiled
    /// for x86-64-v3 (POPCNT, BMI, AVX2: the move generation, the evaluation's counts and the
    /// carried indices' sums in wider vectors) where the move generator found those
    /// instructions, else the plain one. Both visit the same positions.
    #[allow(clippy::too_many_arguments)]
    fn search_node<G: Game, O: Observer<G>>(
        &mut self,
        pos: &G,
        carry: &G::Carry,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
        obs: &mut O,
    ) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if crate::core::othello::runs_x86_64_v3() {
            return self.pvs::<true, G, O>(pos, carry, depth, alpha, beta, ply, obs);
        }
        self.pvs::<false, G, O>(pos, carry, depth, alpha, beta, ply, obs)
    }

    /// One node of the search in copy `FAST` (see [`AlphaBeta::search_node`]), told to `obs`
    /// (entered with its window, left with its value); with [`NoObserver`] this is the plain
    /// search.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn pvs<const FAST: bool, G: Game, O: Observer<G>>(
        &mut self,
        pos: &G,
        carry: &G::Carry,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
        obs: &mut O,
    ) -> i32 {
        obs.enter(pos, depth, Some((alpha, beta)));
        #[cfg(target_arch = "x86_64")]
        let v = if FAST {
            // SAFETY: the FAST copy is entered only where `search_node` found every feature
            // `node_v3` is compiled with.
            unsafe { self.node_v3(pos, carry, depth, alpha, beta, ply, obs) }
        } else {
            self.node_base(pos, carry, depth, alpha, beta, ply, obs)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let v = self.node_base(pos, carry, depth, alpha, beta, ply, obs);
        obs.leave(v);
        v
    }

    /// The plain copy of a node.
    #[allow(clippy::too_many_arguments)]
    fn node_base<G: Game, O: Observer<G>>(
        &mut self,
        pos: &G,
        carry: &G::Carry,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
        obs: &mut O,
    ) -> i32 {
        self.pvs_node::<false, G, O>(pos, carry, depth, alpha, beta, ply, obs)
    }

    /// The x86-64-v3 copy of a node (the features of the move generator's AVX2 copy).
    #[cfg(target_arch = "x86_64")]
    #[allow(clippy::too_many_arguments)]
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
    fn node_v3<G: Game, O: Observer<G>>(
        &mut self,
        pos: &G,
        carry: &G::Carry,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
        obs: &mut O,
    ) -> i32 {
        self.pvs_node::<true, G, O>(pos, carry, depth, alpha, beta, ply, obs)
    }

    /// The body of a node, inlined into each copy (see [`AlphaBeta::search_node`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn pvs_node<const FAST: bool, G: Game, O: Observer<G>>(
        &mut self,
        pos: &G,
        carry: &G::Carry,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        obs: &mut O,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && self.out_of_budget() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        // A leaf needs no move list and no table: only whether the game is over.
        if depth == 0 {
            return match pos.leaf_value(carry, self.learned) {
                Some(v) => v,
                None => self.terminal(pos, ply),
            };
        }
        // Nodes one ply above the leaves are many and cheap: their entries would only push
        // out the deeper nodes' from the table (30 XOT openings at 17 plies, selective: 14%
        // fewer positions without them; with the table's buckets of two, 17% fewer and 21%
        // less time).
        let use_tt = depth >= TT_MIN_DEPTH;
        let key = if use_tt { pos.canonical_key() } else { 0 };
        let mut tt_move = None;
        if use_tt && let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if self.usable(e.depth, depth)
                && let Some(score) = e.answer(alpha, beta)
            {
                obs.table_hit();
                return score;
            }
        }
        // ProbCut, off the principal variation: a shallow search far enough beyond the
        // window answers for the deep one (before the moves are ordered, which a cut spares).
        // An estimate never stands for a proven result: no cut above a window that would be
        // a proven win, nor below one that would be a proven loss. But the cuts the other
        // way stay: once a line wins, its siblings are asked whether they win by more, and
        // without them that question was searched full width (30 WTHOR 2021 positions at 30
        // empties, 16 plies: 124 M positions, 87 M of them in one won position, against
        // 38 M).
        if let Some(sigmas) = self.cut_sigmas
            && beta - alpha == 1
            && let Some(sigma) = pos.probcut_sigma(depth)
        {
            let margin = (sigmas * sigma as f32) as i32;
            let shallow = shallow_depth(depth);
            let high = beta + margin;
            if beta < PROVEN / 2
                && self.pvs::<FAST, G, O>(pos, carry, shallow, high - 1, high, ply, obs) >= high
            {
                return beta;
            }
            let low = alpha - margin;
            if alpha > -PROVEN / 2
                && self.pvs::<FAST, G, O>(pos, carry, shallow, low, low + 1, ply, obs) <= low
            {
                return alpha;
            }
            if self.aborted {
                return 0;
            }
        }
        let mut keys = self.key_list(ply);
        self.move_keys(pos, carry, tt_move, ply, depth, &mut keys);
        if keys.is_empty() {
            self.give_back(ply, keys);
            return self.terminal(pos, ply);
        }
        let cols = pos.cols();
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..keys.len() {
            if i == 1 {
                // The first move did not cut off: the others in order (see `move_keys`).
                keys[1..].sort_unstable();
            }
            let mv = key_move(keys[i], cols);
            let child = pos.play_unchecked(mv);
            let cc = pos.carry_to(carry, &child);
            let mut v;
            if i == 0 {
                v = -self.pvs::<FAST, G, O>(&child, &cc, depth - 1, -beta, -alpha, ply + 1, obs);
            } else {
                v = -self.pvs::<FAST, G, O>(
                    &child,
                    &cc,
                    depth - 1,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    obs,
                );
                if v > alpha && v < beta && !self.aborted {
                    v = -self.pvs::<FAST, G, O>(
                        &child,
                        &cc,
                        depth - 1,
                        -beta,
                        -alpha,
                        ply + 1,
                        obs,
                    );
                }
            }
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        let k = &mut self.killers[ply];
                        if k[0] != Some(mv) {
                            k[1] = k[0];
                            k[0] = Some(mv);
                        }
                        let h = &mut self.history[history_index(mv, cols)];
                        *h = h.saturating_add(depth * depth);
                        if O::WATCHES_CUTS {
                            let rest = &mut keys[i + 1..];
                            rest.sort_unstable();
                            let skipped: Vec<Move> =
                                rest.iter().map(|&k| key_move(k, cols)).collect();
                            obs.cut(pos, depth, &skipped);
                        }
                        break;
                    }
                }
            }
        }
        self.give_back(ply, keys);
        if use_tt {
            self.tt
                .store(Entry::of_search(key, best, alpha0, beta, depth, best_move));
        }
        best
    }

    /// Whether a table entry searched `stored` plies deep answers for a `depth`-ply search: a
    /// full-width search takes only its own depth's value, so that it returns plain
    /// minimax's; a selective one, already an estimate, takes a deeper search's too.
    #[inline(always)]
    fn usable(&self, stored: u8, depth: u32) -> bool {
        match self.cut_sigmas {
            None => u32::from(stored) == depth,
            Some(_) => u32::from(stored) >= depth,
        }
    }

    fn out_of_budget(&self) -> bool {
        self.nodes >= self.max_nodes || self.stop.as_ref().is_some_and(Stop::is_stopped)
    }
}
