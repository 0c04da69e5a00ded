//! Monte Carlo tree search: UCT with random playouts to the end of the game.
//!
//! The tree is kept between moves: when asked about a position two plies below the last
//! root (our move and the reply), the search carries on from that node, so work spent on
//! the line actually played is not thrown away.

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::{Budget, Context, EngineError, Player, Progress, Work, search_deadline};
use crate::core::{Move, Outcome, Position, Side};

/// The exploration constant of UCT (sqrt 2, for rewards in 0..=1).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;
/// The tree is cleared before it grows past this many nodes.
const MAX_NODES: usize = 2_000_000;
/// How often (in iterations) the stop flag and the deadline are read.
const CHECK_EVERY: u64 = 16;
/// How often (in iterations) progress is reported.
const REPORT_EVERY: u64 = 4096;

#[derive(Clone, Debug)]
struct Node<P> {
    pos: P,
    /// The move that led here from the parent.
    mv: Option<Move>,
    parent: u32,
    children: Vec<u32>,
    /// Moves not yet expanded into children.
    untried: Vec<Move>,
    visits: u32,
    /// Sum of rewards for the side that made `mv` (1 win, 0.5 draw, 0 loss).
    reward: f64,
}

const NO_PARENT: u32 = u32::MAX;

/// The MCTS player.
#[derive(Clone, Debug)]
pub struct MctsPlayer<P> {
    nodes: Vec<Node<P>>,
    root: u32,
    rng: SmallRng,
    budget: Budget,
}

impl<P: Position> MctsPlayer<P> {
    /// A player with an iteration or time budget (a node budget counts iterations; a depth
    /// budget means that many thousand iterations), its playouts fixed by `seed`.
    pub fn new(budget: Budget, seed: u64) -> MctsPlayer<P> {
        MctsPlayer {
            nodes: Vec::new(),
            root: 0,
            rng: SmallRng::seed_from_u64(seed),
            budget,
        }
    }

    fn new_node(&mut self, pos: P, mv: Option<Move>, parent: u32) -> u32 {
        let untried = pos.legal_moves().collect();
        self.nodes.push(Node {
            pos,
            mv,
            parent,
            children: Vec::new(),
            untried,
            visits: 0,
            reward: 0.0,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Makes `pos` the root: a node within two plies of the old root if one matches
    /// (keeping its subtree), else a fresh tree.
    fn set_root(&mut self, pos: &P) {
        if !self.nodes.is_empty() && self.nodes.len() < MAX_NODES {
            let r = self.root as usize;
            let mut found = None;
            if self.nodes[r].pos == *pos {
                found = Some(self.root);
            }
            for &c in &self.nodes[r].children {
                if found.is_some() {
                    break;
                }
                for &g in &self.nodes[c as usize].children {
                    if self.nodes[g as usize].pos == *pos {
                        found = Some(g);
                        break;
                    }
                }
            }
            if let Some(f) = found {
                self.root = f;
                self.nodes[f as usize].parent = NO_PARENT;
                return;
            }
        }
        self.nodes.clear();
        self.root = self.new_node(*pos, None, NO_PARENT);
    }

    /// One iteration: select, expand (unless the tree is full), play out, back up.
    fn iterate(&mut self) {
        // Selection: descend through fully expanded nodes by UCT.
        let mut n = self.root;
        loop {
            let node = &self.nodes[n as usize];
            if !node.untried.is_empty() || node.children.is_empty() {
                break;
            }
            let ln = f64::from(node.visits).ln();
            let mut best = (f64::MIN, node.children[0]);
            for &c in &node.children {
                let ch = &self.nodes[c as usize];
                let v = f64::from(ch.visits);
                let uct = ch.reward / v + EXPLORATION * (ln / v).sqrt();
                if uct > best.0 {
                    best = (uct, c);
                }
            }
            n = best.1;
        }
        // Expansion: one untried move, chosen at random.
        let node = &self.nodes[n as usize];
        if !node.untried.is_empty() && self.nodes.len() < MAX_NODES {
            let k = self.rng.random_range(0..node.untried.len());
            let mv = self.nodes[n as usize].untried.swap_remove(k);
            let child_pos = self.nodes[n as usize].pos.play_unchecked(mv);
            let c = self.new_node(child_pos, Some(mv), n);
            self.nodes[n as usize].children.push(c);
            n = c;
        }
        // Playout: random moves to the end.
        let mut pos = self.nodes[n as usize].pos;
        loop {
            let count = pos.move_count();
            if count == 0 {
                break;
            }
            let mv = pos
                .legal_moves()
                .nth(self.rng.random_range(0..count))
                .unwrap_or(Move::Pass);
            pos = pos.play_unchecked(mv);
        }
        let outcome = pos.outcome();
        // Back-up: each node's reward is for the side that moved into it.
        let mut cur = n;
        loop {
            let parent = self.nodes[cur as usize].parent;
            let mover = if parent == NO_PARENT || cur == self.root {
                None
            } else {
                Some(self.nodes[parent as usize].pos.side_to_move())
            };
            let node = &mut self.nodes[cur as usize];
            node.visits += 1;
            if let Some(side) = mover {
                node.reward += reward(outcome, side);
            }
            if cur == self.root || parent == NO_PARENT {
                break;
            }
            cur = parent;
        }
    }

    /// The most visited root move, its visits and mean reward.
    fn best(&self) -> Option<(Move, u32, f64)> {
        let root = &self.nodes[self.root as usize];
        root.children
            .iter()
            .map(|&c| &self.nodes[c as usize])
            .max_by_key(|c| c.visits)
            .and_then(|c| Some((c.mv?, c.visits, c.reward / f64::from(c.visits.max(1)))))
    }
}

fn reward(outcome: Outcome, side: Side) -> f64 {
    match outcome {
        Outcome::Won(w) if w == side => 1.0,
        Outcome::Won(_) => 0.0,
        _ => 0.5,
    }
}

impl<P: Position> Player<P> for MctsPlayer<P> {
    fn name(&self) -> String {
        match self.budget {
            Budget::Time(t) => format!("MCTS, {:.1} s", t.as_secs_f64()),
            Budget::Iterations(n) | Budget::Nodes(n) => format!("MCTS, {n} iterations"),
            Budget::Depth(d) => format!("MCTS, {} iterations", u64::from(d) * 1000),
        }
    }

    fn choose(&mut self, pos: &P, ctx: &mut Context<'_>) -> Result<Option<Move>, EngineError> {
        let start = Instant::now();
        let Some(first) = pos.legal_moves().next() else {
            return Ok(None);
        };
        if pos.move_count() == 1 {
            return Ok(Some(first));
        }
        let (iterations, stop) = match self.budget {
            Budget::Iterations(n) | Budget::Nodes(n) => (n, ctx.stop.clone()),
            Budget::Depth(d) => (u64::from(d) * 1000, ctx.stop.clone()),
            Budget::Time(t) => (u64::MAX, ctx.stop.with_deadline(search_deadline(start, t))),
        };
        self.set_root(pos);
        let mut done = 0u64;
        while done < iterations {
            // The flag (and with a time budget the clock) is read every few iterations: an
            // iteration takes from a fraction of a microsecond to a few hundred.
            if done.is_multiple_of(CHECK_EVERY) && stop.is_stopped() {
                break;
            }
            self.iterate();
            done += 1;
            if done.is_multiple_of(REPORT_EVERY) {
                self.report(ctx, done, start.elapsed());
            }
        }
        self.report(ctx, done, start.elapsed());
        let mv = self.best().map(|(mv, _, _)| mv).unwrap_or(first);
        Ok(Some(if pos.is_legal(mv) { mv } else { first }))
    }
}

impl<P: Position> MctsPlayer<P> {
    fn report(&self, ctx: &mut Context<'_>, done: u64, elapsed: Duration) {
        if let Some((mv, _, mean)) = self.best() {
            (ctx.report)(&Progress {
                work: Work::Iterations(done),
                best: Some(mv),
                // The win rate of the best move in percent, centred on 0.
                score: Some((mean * 100.0).round() as i32 - 50),
                exact: false,
                nodes: done,
                elapsed,
                pv: vec![mv],
            });
        }
    }

    /// Runs `iterations` iterations from `pos` without choosing, for benchmarks.
    pub fn run(&mut self, pos: &P, iterations: u64) {
        self.set_root(pos);
        for _ in 0..iterations {
            self.iterate();
        }
    }
}

/// What a learner's view reads of the tree (see [`trace`](super::trace)).
impl<P: Position> MctsPlayer<P> {
    /// Makes `pos` the root, keeping a matching subtree, as a move's search starts.
    pub(crate) fn start_at(&mut self, pos: &P) {
        self.set_root(pos);
    }

    /// The move it would play now: the most visited root move.
    pub(crate) fn best_move(&self) -> Option<Move> {
        self.best().map(|(mv, _, _)| mv)
    }

    /// One iteration from the root.
    pub(crate) fn iterate_once(&mut self) {
        self.iterate();
    }

    /// The root's visits; each child's move, visits and summed reward (for the side that
    /// moved, 1 a win, 0.5 a draw); and the tree's depth below the root, in plies.
    pub(crate) fn root_stats(&self) -> (u32, Vec<(Move, u32, f64)>, u32) {
        let Some(root) = self.nodes.get(self.root as usize) else {
            return (0, Vec::new(), 0);
        };
        let children = root
            .children
            .iter()
            .map(|&c| &self.nodes[c as usize])
            .filter_map(|c| Some((c.mv?, c.visits, c.reward)))
            .collect();
        let mut depth = 0;
        let mut stack = vec![(self.root, 0u32)];
        while let Some((n, d)) = stack.pop() {
            depth = depth.max(d);
            stack.extend(self.nodes[n as usize].children.iter().map(|&c| (c, d + 1)));
        }
        (root.visits, children, depth)
    }
}
