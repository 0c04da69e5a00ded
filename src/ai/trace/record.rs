//! Recording a search as a tree, and the two searches a learner watches: plain minimax and
//! the players' alpha-beta.

use super::Observer;
use crate::ai::Stop;
use crate::ai::alphabeta::AlphaBeta;
use crate::ai::game::Game;
use crate::ai::minimax::minimax_first_with;
use crate::core::{Move, Side};

/// The nodes a [`Recorder`] keeps by default: about 100 MB of Othello nodes at most.
pub const DEFAULT_CAP: usize = 1_000_000;

/// The most nodes counted, in all, to say what the cuts of one recording saved; cuts beyond
/// it have `saved: None`.
const SAVED_LIMIT: u64 = 50_000_000;

/// A cut-off: the moves a node never searched because its value reached beta, and how many
/// nodes plain minimax would have searched below them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    /// The moves not searched, in the order the search would have tried them.
    pub skipped: Vec<Move>,
    /// The nodes of their subtrees to the search's depth (each skipped move's position
    /// included), as plain minimax counts them; `None` if counting them was too much work.
    pub saved: Option<u64>,
}

/// One node of a recorded search.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeNode<G> {
    /// The position.
    pub pos: G,
    /// The move from the parent's position to this one; `None` at the root, and for
    /// alpha-beta's shallow ProbCut searches of the parent's own position.
    pub mv: Option<Move>,
    /// The parent's index in [`Tree::nodes`]; `None` at the root.
    pub parent: Option<u32>,
    /// The children's indices, in the order they were searched (a position searched twice,
    /// as alpha-beta re-searches a move whose null window failed high, appears twice).
    pub children: Vec<u32>,
    /// Plies left to search below this node.
    pub depth: u32,
    /// Alpha-beta's (alpha, beta) on entry, from the side to move's point of view; `None`
    /// for minimax.
    pub window: Option<(i32, i32)>,
    /// The value the search returned, from the side to move's point of view (`None` only if
    /// the search was stopped before it left the node).
    pub value: Option<i32>,
    /// True if the transposition table answered, without search.
    pub from_table: bool,
    /// Set if the node was cut off.
    pub cut: Option<Cut>,
    /// True if the game is over here.
    pub terminal: bool,
    /// Children the search visited that the tree had no room for (see [`Tree::dropped`]).
    pub hidden_children: u64,
}

/// A recorded search: the tree as a flat arena in the order the nodes were entered (so
/// index 0 is the root and a node's descendants follow it), and counts that are kept even
/// beyond the cap.
#[derive(Clone, Debug, PartialEq)]
pub struct Tree<G> {
    /// The nodes kept, at most the recorder's cap.
    pub nodes: Vec<TreeNode<G>>,
    /// Nodes the search visited (kept or not).
    pub visited: u64,
    /// Of those, finished games.
    pub terminals: u64,
    /// Nodes visited that were not kept because the cap was reached: their counts are in
    /// `visited`, `terminals` and their parents' `hidden_children`; their subtrees are not
    /// kept either, so the tree is the first part of the search, whole.
    pub dropped: u64,
}

/// One step of a recorded search, for replaying it a node at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The search arrives at node `index` (its window is the node's).
    Enter(u32),
    /// Node `index` is cut off: its other moves are skipped.
    Cut(u32),
    /// The search leaves node `index` with its value.
    Leave(u32),
}

impl<G> Tree<G> {
    /// The root, if anything was recorded.
    pub fn root(&self) -> Option<&TreeNode<G>> {
        self.nodes.first()
    }

    /// The steps of the search in order: each kept node entered, its children's steps, its
    /// cut (if any), then left. Replaying them one at a time shows alpha-beta's window
    /// narrowing as values come back.
    pub fn steps(&self) -> Vec<Step> {
        let mut steps = Vec::with_capacity(self.nodes.len() * 2);
        if self.nodes.is_empty() {
            return steps;
        }
        // Depth-first without recursion: (node, next child to visit).
        let mut stack = vec![(0u32, 0usize)];
        steps.push(Step::Enter(0));
        while let Some(&mut (n, ref mut next)) = stack.last_mut() {
            let node = &self.nodes[n as usize];
            if let Some(&c) = node.children.get(*next) {
                *next += 1;
                steps.push(Step::Enter(c));
                stack.push((c, 0));
            } else {
                if node.cut.is_some() {
                    steps.push(Step::Cut(n));
                }
                steps.push(Step::Leave(n));
                stack.pop();
            }
        }
        steps
    }

    /// The moves from the root to node `index`.
    pub fn path(&self, index: u32) -> Vec<Move> {
        let mut path = Vec::new();
        let mut at = Some(index);
        while let Some(i) = at {
            let node = &self.nodes[i as usize];
            path.extend(node.mv);
            at = node.parent;
        }
        path.reverse();
        path
    }

    /// The nodes at each level below the root (level 0 is the root).
    pub fn level_counts(&self) -> Vec<u64> {
        let mut level = vec![0usize; self.nodes.len()];
        let mut counts = Vec::new();
        for (i, node) in self.nodes.iter().enumerate() {
            let l = node.parent.map_or(0, |p| level[p as usize] + 1);
            level[i] = l;
            if counts.len() <= l {
                counts.resize(l + 1, 0);
            }
            counts[l] += 1;
        }
        counts
    }
}

/// An [`Observer`] that keeps what it is told as a [`Tree`], at most `cap` nodes.
#[derive(Clone, Debug)]
pub struct Recorder<G> {
    tree: Tree<G>,
    cap: usize,
    /// The nodes entered and not yet left: their index, or `None` for one not kept.
    open: Vec<Option<u32>>,
    /// Nodes counted so far for the cuts' savings.
    saved_work: u64,
}

impl<G: Game> Recorder<G> {
    /// A recorder keeping at most `cap` nodes (at least the root).
    pub fn new(cap: usize) -> Recorder<G> {
        Recorder {
            tree: Tree {
                nodes: Vec::new(),
                visited: 0,
                terminals: 0,
                dropped: 0,
            },
            cap: cap.max(1),
            open: Vec::new(),
            saved_work: 0,
        }
    }

    /// The tree recorded.
    pub fn into_tree(self) -> Tree<G> {
        self.tree
    }

    fn current(&mut self) -> Option<&mut TreeNode<G>> {
        let i = (*self.open.last()?)?;
        Some(&mut self.tree.nodes[i as usize])
    }
}

impl<G: Game> Observer<G> for Recorder<G> {
    const WATCHES_CUTS: bool = true;

    fn enter(&mut self, pos: &G, depth: u32, window: Option<(i32, i32)>) {
        let terminal = pos.outcome().is_over();
        self.tree.visited += 1;
        self.tree.terminals += u64::from(terminal);
        let parent = self.open.last().copied();
        // A node whose parent was not kept is not kept either: the tree stays whole.
        let kept = match parent {
            Some(None) => false,
            _ => self.tree.nodes.len() < self.cap,
        };
        if !kept {
            self.tree.dropped += 1;
            if let Some(Some(p)) = parent {
                self.tree.nodes[p as usize].hidden_children += 1;
            }
            self.open.push(None);
            return;
        }
        let parent = parent.flatten();
        let mv = parent.and_then(|p| {
            let from = &self.tree.nodes[p as usize].pos;
            from.legal_moves().find(|&m| from.play_unchecked(m) == *pos)
        });
        let index = self.tree.nodes.len() as u32;
        self.tree.nodes.push(TreeNode {
            pos: *pos,
            mv,
            parent,
            children: Vec::new(),
            depth,
            window,
            value: None,
            from_table: false,
            cut: None,
            terminal,
            hidden_children: 0,
        });
        if let Some(p) = parent {
            self.tree.nodes[p as usize].children.push(index);
        }
        self.open.push(Some(index));
    }

    fn leave(&mut self, value: i32) {
        if let Some(node) = self.current() {
            node.value = Some(value);
        }
        self.open.pop();
    }

    fn table_hit(&mut self) {
        if let Some(node) = self.current() {
            node.from_table = true;
        }
    }

    fn cut(&mut self, pos: &G, depth: u32, skipped: &[Move]) {
        if self.current().is_none() {
            return;
        }
        let mut saved = Some(0u64);
        for &mv in skipped {
            let left = SAVED_LIMIT.saturating_sub(self.saved_work);
            let count = count_tree(&pos.play_unchecked(mv), depth.saturating_sub(1), left);
            self.saved_work += count.unwrap_or(left);
            saved = saved.zip(count).map(|(a, b)| a + b);
        }
        if let Some(node) = self.current() {
            node.cut = Some(Cut {
                skipped: skipped.to_vec(),
                saved,
            });
        }
    }
}

/// The nodes plain minimax visits searching `pos` `depth` plies deep (`pos` included), or
/// `None` if there are more than `limit`.
pub fn count_tree<G: Game>(pos: &G, depth: u32, limit: u64) -> Option<u64> {
    fn go<G: Game>(pos: &G, depth: u32, left: &mut u64) -> bool {
        if *left == 0 {
            return false;
        }
        *left -= 1;
        if depth == 0 || pos.outcome().is_over() {
            return true;
        }
        pos.legal_moves()
            .all(|mv| go(&pos.play_unchecked(mv), depth - 1, left))
    }
    let mut left = limit;
    go(pos, depth, &mut left).then_some(limit - left)
}

/// Plain minimax of `pos` to `depth` plies (the players' [`minimax`](crate::ai::minimax)),
/// recorded: its value from the side to move's point of view, the nodes its own counter
/// counted, and the tree (at most `cap` nodes kept). The tree's `visited` equals the count.
pub fn watch_minimax<G: Game>(pos: &G, depth: u32, cap: usize) -> (i32, u64, Tree<G>) {
    let mut rec = Recorder::new(cap);
    let mut nodes = 0;
    let v = minimax_first_with(pos, depth, &mut nodes, &mut rec);
    let v = match pos.side_to_move() {
        Side::First => v,
        Side::Second => -v,
    };
    (v, nodes, rec.into_tree())
}

/// What [`watch_alphabeta`] found.
pub type AlphaBetaWatch<G> = (Option<(i32, Option<Move>)>, u64, Tree<G>);

/// The players' alpha-beta (principal variation search with a fresh transposition table,
/// `2^tt_bits` entries) of `pos` to `depth` plies, in one pass from the root (the players
/// deepen one ply at a time up to it, and the last pass is this one with a table the earlier
/// ones filled), recorded. Returns the value and best move (`None` if `stop` was raised),
/// the search's own node count, and the tree: the root is the tree's node 0, which the
/// engine's counter leaves out, so `tree.visited == nodes + 1`.
pub fn watch_alphabeta<G: Game>(
    pos: &G,
    depth: u32,
    tt_bits: u32,
    cap: usize,
    stop: &Stop,
) -> AlphaBetaWatch<G> {
    let mut engine = AlphaBeta::new(tt_bits);
    let mut rec = Recorder::new(cap);
    let inf = crate::ai::alphabeta::INFINITY;
    rec.enter(pos, depth, Some((-inf, inf)));
    let result = engine.watched_root(pos, depth.max(1), stop, &mut rec);
    rec.leave(result.map_or(0, |(v, _)| v));
    let mut tree = rec.into_tree();
    if result.is_none()
        && let Some(root) = tree.nodes.first_mut()
    {
        root.value = None;
    }
    (result, engine.nodes(), tree)
}
