//! What the "How it thinks" view shows, worked out on a worker from the shown position: the
//! search trees of minimax and alpha-beta, Monte Carlo's root as it runs, the principal
//! variations and the comparison of every algorithm. Each is built in the game's own
//! position type and handed to the view without it: values already in words, boards as
//! cells.

use crate::ai::Game;
use crate::ai::game::PROVEN;
use crate::ai::trace::{self, Comparison, Cut, MctsSnapshot, PvLine, Step, Tree};
use crate::core::{Cell, GameKind, Move, Side};

/// The most positions minimax may visit for the tree view: beyond it the view asks for a
/// smaller depth (the full tic-tac-toe tree, 549,946 positions, is well within it).
pub const TREE_LIMIT: u64 = 3_000_000;

/// The most nodes of a search tree kept for browsing; the rest are counted, not kept.
pub const TREE_CAP: usize = 600_000;

/// A position as the view draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Who holds each cell, row by row from a1.
    pub cells: Vec<Option<Side>>,
    /// The side to move.
    pub to_move: Side,
}

impl Board {
    /// The board of `pos`.
    pub fn of<G: Game>(pos: &G) -> Board {
        let (rows, cols) = (pos.rows(), pos.cols());
        Board {
            rows,
            cols,
            cells: (0..rows * cols)
                .map(|i| pos.at(Cell::from_index(i, cols)))
                .collect(),
            to_move: pos.side_to_move(),
        }
    }
}

/// One node of a recorded search, as the view shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeInfo {
    /// The move that led here (`None` at the root and for a ProbCut probe).
    pub mv: Option<Move>,
    /// The children, in the order searched.
    pub children: Vec<u32>,
    /// Plies left below it.
    pub depth: u32,
    /// Alpha-beta's window on entry, for the side to move; `None` for minimax.
    pub window: Option<(i32, i32)>,
    /// The value returned, in words, for the side to move (`None` if stopped).
    pub value: Option<String>,
    /// The value in the search's own units.
    pub raw: Option<i32>,
    /// Answered by the transposition table.
    pub from_table: bool,
    /// The moves cut off here, and the positions that saved.
    pub cut: Option<Cut>,
    /// The game is over here.
    pub terminal: bool,
    /// Children visited but not kept (past the cap).
    pub hidden_children: u64,
    /// The position.
    pub board: Board,
}

/// A recorded search tree, whatever the game: its nodes are read one at a time, as the
/// view opens them.
pub trait AnyTree: Send + Sync {
    /// Nodes kept.
    fn len(&self) -> usize;
    /// Node `index` (0 is the root), which must be below [`AnyTree::len`].
    fn node(&self, index: u32) -> NodeInfo;
    /// The moves from the root to node `index`.
    fn path(&self, index: u32) -> Vec<Move>;
    /// The parent of node `index`.
    fn parent(&self, index: u32) -> Option<u32>;
}

impl<G: Game> AnyTree for Tree<G> {
    fn len(&self) -> usize {
        self.nodes.len()
    }

    fn node(&self, index: u32) -> NodeInfo {
        let n = &self.nodes[index as usize];
        NodeInfo {
            mv: n.mv,
            children: n.children.clone(),
            depth: n.depth,
            window: n.window,
            value: n.value.map(|v| value_text(&n.pos, n.depth, v)),
            raw: n.value,
            from_table: n.from_table,
            cut: n.cut.clone(),
            terminal: n.terminal,
            hidden_children: n.hidden_children,
            board: Board::of(&n.pos),
        }
    }

    fn path(&self, index: u32) -> Vec<Move> {
        Tree::path(self, index)
    }

    fn parent(&self, index: u32) -> Option<u32> {
        self.nodes[index as usize].parent
    }
}

/// A value for the side to move at `pos`, searched `depth` plies, in words: proven results
/// as the game says them ("win with 5 marks on the board", "+18 discs"), estimates marked.
pub fn value_text<G: Game>(pos: &G, depth: u32, v: i32) -> String {
    let to_the_end = depth >= pos.empty_cells() || pos.outcome().is_over();
    match G::KIND {
        GameKind::Othello if v.abs() < PROVEN && !(v == 0 && to_the_end) => {
            format!("{:+.1} discs (estimate)", G::chart_value(v))
        }
        GameKind::Othello => format!("{:+} discs", G::display_score(v)),
        GameKind::TicTacToe if v == 0 && !to_the_end => "0 (estimate)".to_string(),
        GameKind::TicTacToe => G::describe(v),
    }
}

/// One search of the tree view: its counts and its tree.
pub struct SearchTree {
    /// Nodes visited, root included (the search's own counter, and the tree's count).
    pub visited: u64,
    /// The search's own node counter, as the players count (alpha-beta leaves the root
    /// out).
    pub counted: u64,
    /// Finished games among them.
    pub terminals: u64,
    /// Nodes past the cap, counted and not kept.
    pub dropped: u64,
    /// Nodes kept at each level (0 is the root).
    pub levels: Vec<u64>,
    /// The value of the root, in words.
    pub value: String,
    /// The tree.
    pub tree: Box<dyn AnyTree>,
}

/// Trees of more nodes than this are freed on a thread of their own: freeing the whole
/// tic-tac-toe tree (549,946 nodes) takes about 10 ms, which the window would otherwise
/// spend in one frame when the position changes.
const FREE_ASIDE: usize = 20_000;

impl Drop for SearchTree {
    fn drop(&mut self) {
        if self.tree.len() > FREE_ASIDE {
            let empty = Tree::<crate::core::tictactoe::TicTacToe> {
                nodes: Vec::new(),
                visited: 0,
                terminals: 0,
                dropped: 0,
            };
            let tree = std::mem::replace(&mut self.tree, Box::new(empty));
            // Without a thread, it is freed here after all.
            let _ = std::thread::Builder::new()
                .name("boardplay-free".into())
                .spawn(move || drop(tree));
        }
    }
}

/// Minimax and alpha-beta on one position to one depth.
pub struct TreeReport {
    /// The depth searched.
    pub depth: u32,
    /// Plain minimax.
    pub minimax: SearchTree,
    /// The players' alpha-beta.
    pub alphabeta: SearchTree,
    /// Alpha-beta's steps, for the step mode.
    pub steps: Vec<Step>,
    /// The positions the cuts saved in all (`None` where some were too many to count).
    pub saved: Option<u64>,
}

/// Why the tree view shows no tree.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeRefusal {
    /// Minimax would visit too many positions at this depth.
    #[error(
        "minimax to depth {depth} would visit more than {limit} positions: choose a smaller depth"
    )]
    TooBig {
        /// The depth asked for.
        depth: u32,
        /// [`TREE_LIMIT`].
        limit: u64,
    },
    /// The search was stopped.
    #[error("stopped")]
    Stopped,
}

/// The tree view's searches of `pos` to `depth`, or why not.
pub fn tree_report<G: Game>(
    pos: &G,
    depth: u32,
    stop: &crate::ai::Stop,
) -> Result<TreeReport, TreeRefusal> {
    let depth = depth.max(1);
    if trace::count_tree(pos, depth, TREE_LIMIT).is_none() {
        return Err(TreeRefusal::TooBig {
            depth,
            limit: TREE_LIMIT,
        });
    }
    let (mm_value, mm_nodes, mm_tree) = trace::watch_minimax(pos, depth, TREE_CAP);
    let (found, ab_nodes, ab_tree) = trace::watch_alphabeta(pos, depth, 16, TREE_CAP, stop);
    let (ab_value, _) = found.ok_or(TreeRefusal::Stopped)?;
    let saved = ab_tree
        .nodes
        .iter()
        .filter_map(|n| n.cut.as_ref())
        .try_fold(0u64, |sum, cut| cut.saved.map(|s| sum + s));
    let summary = |tree: Tree<G>, counted: u64, value: i32| SearchTree {
        visited: tree.visited,
        counted,
        terminals: tree.terminals,
        dropped: tree.dropped,
        levels: tree.level_counts(),
        value: value_text(pos, depth, value),
        tree: Box::new(tree),
    };
    let steps = ab_tree.steps();
    Ok(TreeReport {
        depth,
        minimax: summary(mm_tree, mm_nodes, mm_value),
        alphabeta: summary(ab_tree, ab_nodes, ab_value),
        steps,
        saved,
    })
}

/// Monte Carlo's root as the view shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsReport {
    /// The snapshot.
    pub snapshot: MctsSnapshot,
    /// The iterations it is to run.
    pub budget: u64,
}

/// A principal variation with its value in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The line.
    pub line: PvLine,
    /// Its value for the side to move, in words.
    pub value: String,
}

/// The principal variations of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvReport {
    /// Alpha-beta's, and the depth it searched.
    pub search: Option<(Line, u32)>,
    /// The solver's, where the position is within its reach.
    pub solver: Option<Line>,
    /// The most empty cells the solver takes.
    pub solver_reach: u32,
}

/// The principal variations of `pos`: alpha-beta's to `depth`, the solver's within reach.
pub fn pv_report<G: Game>(pos: &G, depth: u32, stop: &crate::ai::Stop) -> PvReport {
    let depth = depth.max(1);
    let search = trace::principal_variation(pos, depth, stop).map(|line| {
        let value = value_text(pos, depth, line.value);
        (Line { line, value }, depth)
    });
    let reach = pos.solve_reach();
    let solver = (pos.empty_cells() <= reach)
        .then(|| trace::solver_line(pos, stop))
        .flatten()
        .map(|line| Line {
            value: value_text(pos, u32::MAX, line.value),
            line,
        });
    PvReport {
        search,
        solver,
        solver_reach: reach,
    }
}

/// Every algorithm on a position, with the values in words.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareReport {
    /// The comparison.
    pub comparison: Comparison,
    /// Each result's value in words, in the order of the results.
    pub values: Vec<String>,
    /// The depth of minimax and alpha-beta.
    pub depth: u32,
    /// The most empty cells the solver takes.
    pub solver_reach: u32,
}

/// [`trace::compare`] on `pos` within `budget` (the solver within its own reach, whatever
/// the budget says), its values in words; refused where minimax would visit more than
/// [`TREE_LIMIT`] positions, since it cannot be stopped mid-move.
pub fn compare_report<G: Game>(
    pos: &G,
    budget: &trace::CompareBudget,
    stop: &crate::ai::Stop,
) -> Result<CompareReport, TreeRefusal> {
    let depth = budget.depth.max(1);
    if trace::count_tree(pos, depth, TREE_LIMIT).is_none() {
        return Err(TreeRefusal::TooBig {
            depth,
            limit: TREE_LIMIT,
        });
    }
    let budget = trace::CompareBudget {
        depth,
        solve_empties: pos.solve_reach(),
        ..*budget
    };
    let comparison = trace::compare(pos, &budget, stop);
    let values = comparison
        .results
        .iter()
        .map(|r| match (r.algorithm, r.value) {
            (_, None) => "-".to_string(),
            (trace::Algorithm::Mcts, Some(v)) => format!("{v}% wins"),
            (trace::Algorithm::Solver, Some(v)) => value_text(pos, u32::MAX, v),
            (_, Some(v)) => value_text(pos, depth, v),
        })
        .collect();
    Ok(CompareReport {
        comparison,
        values,
        depth,
        solver_reach: budget.solve_empties,
    })
}
