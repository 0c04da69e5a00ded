//! `boardplay explain`: the searches made visible without the window: the tree minimax or
//! alpha-beta searched (indented, with windows and cuts), alpha-beta step by step, the
//! root of a Monte Carlo search as it runs, the principal variation, and every algorithm
//! compared on one position.

use std::io::Write;

use super::{BoardArgs, CliError};
use crate::ai::game::PROVEN;
use crate::ai::mcts::MctsPlayer;
use crate::ai::trace::{
    self, Algorithm, CompareBudget, DEFAULT_CAP, MctsSnapshot, Step, Tree, TreeNode,
};
use crate::ai::{Budget, Game, GameVisitor, Stop};
use crate::core::Variant;

/// What `explain` shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum View {
    /// The search tree, indented: each node's move, value and (alpha-beta) window, cuts
    /// with the moves skipped and the nodes they saved; node counts by level.
    Tree,
    /// Alpha-beta (or minimax) one node at a time: enter with the window, cut, leave with
    /// the value.
    Steps,
    /// Monte Carlo tree search's root as the iterations run: visits and win rate of each
    /// move, the tree's depth, the move it would play.
    Mcts,
    /// The principal variation of alpha-beta to the depth, and the solver's when the
    /// position is within --solve-empties.
    Pv,
    /// Random, minimax, alpha-beta, MCTS and the solver on the position: move, value, nodes
    /// and time, and whether they agree where they must.
    Compare,
}

/// The search a tree or steps show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Search {
    /// Plain minimax: every move to the depth.
    Minimax,
    /// The players' alpha-beta (principal variation search with a transposition table).
    Alphabeta,
}

/// Options of `boardplay explain`.
#[derive(Clone, Debug, clap::Args)]
pub struct ExplainArgs {
    /// What to show.
    #[arg(value_enum)]
    pub view: View,
    /// The game and board.
    #[command(flatten)]
    pub board: BoardArgs,
    /// The search of tree and steps.
    #[arg(long, value_enum, default_value_t = Search::Alphabeta)]
    pub search: Search,
    /// Plies for minimax and alpha-beta (default: to the end of the game for tic-tac-toe,
    /// 3 for Othello).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Tree: levels below the root to print (the counts by level cover them all).
    #[arg(long, default_value_t = 2)]
    pub levels: usize,
    /// Tree and steps: the most lines printed.
    #[arg(long, default_value_t = 200)]
    pub lines: usize,
    /// Tree and steps: the most nodes kept; the search goes on past it, counted.
    #[arg(long, default_value_t = DEFAULT_CAP)]
    pub cap: usize,
    /// MCTS and compare: iterations.
    #[arg(long, default_value_t = 10_000)]
    pub iterations: u64,
    /// MCTS: print the root every this many iterations (default: a tenth of them).
    #[arg(long)]
    pub every: Option<u64>,
    /// Compare and pv: solve exactly when at most this many cells are empty (default: the
    /// game's reach, as analyses solve).
    #[arg(long)]
    pub solve_empties: Option<u32>,
    /// Random and MCTS seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

struct Explain<'a> {
    args: &'a ExplainArgs,
    variant: Variant,
    stop: &'a Stop,
    out: &'a mut dyn Write,
}

fn io(e: std::io::Error) -> CliError {
    CliError::io("cannot write the report", e)
}

/// A value for print: the game's short label for a proven one, else the number.
fn label<G: Game>(pos: &G, v: i32) -> String {
    if v.abs() >= PROVEN {
        format!("{} ({v})", pos.move_label(v, true))
    } else {
        v.to_string()
    }
}

fn bound(v: i32) -> String {
    if v <= -crate::ai::alphabeta::INFINITY {
        "-inf".into()
    } else if v >= crate::ai::alphabeta::INFINITY {
        "+inf".into()
    } else {
        v.to_string()
    }
}

fn describe_node<G: Game>(node: &TreeNode<G>) -> String {
    let mut s = node.mv.map_or("root".to_string(), |m| m.to_string());
    if node.mv.is_none() && node.parent.is_some() {
        s = "probcut probe".into();
    }
    match node.value {
        Some(v) => s += &format!("  value {}", label(&node.pos, v)),
        None => s += "  (stopped)",
    }
    if let Some((a, b)) = node.window {
        s += &format!("  window ({}, {})", bound(a), bound(b));
    }
    if node.from_table {
        s += "  from the table";
    }
    if node.terminal {
        s += "  game over";
    }
    if let Some(cut) = &node.cut {
        let moves: Vec<String> = cut.skipped.iter().map(|m| m.to_string()).collect();
        let saved = cut
            .saved
            .map_or("too many to count".into(), |n| format!("{n} nodes"));
        s += &format!("  CUT: skipped {} (saved {saved})", moves.join(" "));
    }
    if node.hidden_children > 0 {
        s += &format!("  +{} children past the cap", node.hidden_children);
    }
    s
}

impl Explain<'_> {
    fn tree<G: Game>(&mut self, pos: &G, depth: u32) -> Result<(), CliError> {
        let args = self.args;
        let (name, tree, counted) = match args.search {
            Search::Minimax => {
                let (_, nodes, tree) = trace::watch_minimax(pos, depth, args.cap);
                ("minimax", tree, nodes)
            }
            Search::Alphabeta => {
                let (_, nodes, tree) = trace::watch_alphabeta(pos, depth, 18, args.cap, self.stop);
                ("alpha-beta", tree, nodes + 1)
            }
        };
        if self.stop.is_raised() {
            return Err(CliError::Interrupted);
        }
        writeln!(
            self.out,
            "{name}, depth {depth}: {} nodes (root included), {} finished games; values for the side to move, proven results beyond {PROVEN}",
            tree.visited, tree.terminals
        )
        .map_err(io)?;
        debug_assert_eq!(tree.visited, counted);
        if tree.dropped > 0 {
            writeln!(
                self.out,
                "{} nodes past the cap of {} were counted, not kept",
                tree.dropped, args.cap
            )
            .map_err(io)?;
        }
        let levels: Vec<String> = tree.level_counts().iter().map(u64::to_string).collect();
        writeln!(self.out, "nodes kept by level: {}", levels.join(" ")).map_err(io)?;
        match self.args.view {
            View::Steps => self.print_steps(&tree),
            _ => self.print_tree(&tree),
        }
    }

    fn print_tree<G: Game>(&mut self, tree: &Tree<G>) -> Result<(), CliError> {
        let mut lines = 0;
        let mut stack = vec![(0u32, 0usize)];
        while let Some((n, level)) = stack.pop() {
            if lines == self.args.lines {
                writeln!(self.out, "... (--lines {} reached)", self.args.lines).map_err(io)?;
                break;
            }
            let node = &tree.nodes[n as usize];
            writeln!(self.out, "{}{}", "  ".repeat(level), describe_node(node)).map_err(io)?;
            lines += 1;
            if level < self.args.levels {
                stack.extend(node.children.iter().rev().map(|&c| (c, level + 1)));
            }
        }
        Ok(())
    }

    fn print_steps<G: Game>(&mut self, tree: &Tree<G>) -> Result<(), CliError> {
        for (i, step) in tree.steps().iter().enumerate() {
            if i == self.args.lines {
                writeln!(self.out, "... (--lines {} reached)", self.args.lines).map_err(io)?;
                break;
            }
            let (word, n) = match *step {
                Step::Enter(n) => ("enter", n),
                Step::Cut(n) => ("cut  ", n),
                Step::Leave(n) => ("leave", n),
            };
            let node = &tree.nodes[n as usize];
            let path: Vec<String> = tree.path(n).iter().map(|m| m.to_string()).collect();
            let path = if path.is_empty() {
                "root".into()
            } else {
                path.join(" ")
            };
            let detail = match *step {
                Step::Enter(_) => node.window.map_or(String::new(), |(a, b)| {
                    format!("window ({}, {})", bound(a), bound(b))
                }),
                Step::Cut(_) => describe_node(node)
                    .split("CUT: ")
                    .nth(1)
                    .unwrap_or("")
                    .to_string(),
                Step::Leave(_) => node.value.map_or("(stopped)".into(), |v| {
                    format!("value {}", label(&node.pos, v))
                }),
            };
            writeln!(self.out, "{:>5} {word} {path:<24} {detail}", i + 1).map_err(io)?;
        }
        Ok(())
    }

    fn mcts<G: Game>(&mut self, pos: &G) -> Result<(), CliError> {
        let args = self.args;
        let every = args.every.unwrap_or((args.iterations / 10).max(1));
        let mut player = MctsPlayer::new(Budget::Iterations(args.iterations), args.seed);
        let out = &mut *self.out;
        let mut failed = None;
        let last = trace::watch_mcts(
            &mut player,
            pos,
            args.iterations,
            every,
            self.stop,
            &mut |s| {
                if let Err(e) = print_snapshot(out, s) {
                    failed.get_or_insert(e);
                }
            },
        );
        if let Some(e) = failed {
            return Err(io(e));
        }
        if let Some(best) = last.best {
            writeln!(
                self.out,
                "plays {best}: the most visited move (visits are where the search spent its effort)"
            )
            .map_err(io)?;
        }
        Ok(())
    }

    fn pv<G: Game>(&mut self, pos: &G, depth: u32) -> Result<(), CliError> {
        let reach = self.args.solve_empties.unwrap_or(pos.solve_reach());
        let lines = [
            Some((
                "alpha-beta",
                depth,
                trace::principal_variation(pos, depth, self.stop),
            )),
            (pos.empty_cells() <= reach).then(|| ("solver", 0, trace::solver_line(pos, self.stop))),
        ];
        for (name, depth, line) in lines.into_iter().flatten() {
            let Some(line) = line else {
                writeln!(self.out, "{name}: nothing (game over or stopped)").map_err(io)?;
                continue;
            };
            let moves: Vec<String> = line.moves.iter().map(|m| m.to_string()).collect();
            let how = if line.exact {
                "exact".into()
            } else {
                format!("depth {depth}")
            };
            writeln!(
                self.out,
                "{name} ({how}): value {}  pv {}  ({} nodes)",
                label(pos, line.value),
                moves.join(" "),
                line.nodes
            )
            .map_err(io)?;
        }
        Ok(())
    }

    fn compare<G: Game>(&mut self, pos: &G, depth: u32) -> Result<(), CliError> {
        let args = self.args;
        let budget = CompareBudget {
            depth,
            iterations: args.iterations,
            solve_empties: args.solve_empties.unwrap_or(pos.solve_reach()),
            seed: args.seed,
        };
        let c = trace::compare(pos, &budget, self.stop);
        writeln!(
            self.out,
            "{:<11} {:<6} {:>22} {:>12} {:>10}",
            "algorithm", "move", "value", "nodes", "time"
        )
        .map_err(io)?;
        for r in &c.results {
            let mv = r.mv.map_or("-".into(), |m| m.to_string());
            let value = match (r.algorithm, r.value) {
                (_, None) => "-".into(),
                (Algorithm::Mcts, Some(v)) => format!("{v}% wins"),
                (_, Some(v)) => label(pos, v),
            };
            let stopped = if r.stopped { " (stopped)" } else { "" };
            writeln!(
                self.out,
                "{:<11} {mv:<6} {value:>22} {:>12} {:>8.3} s{stopped}",
                r.algorithm.name(),
                r.nodes,
                r.time.as_secs_f64()
            )
            .map_err(io)?;
        }
        let say = |x: Option<bool>| match x {
            Some(true) => "yes",
            Some(false) => "NO",
            None => "not checked",
        };
        writeln!(
            self.out,
            "minimax and alpha-beta give the same value at depth {depth} (they must): {}",
            say(c.minimax_equals_alphabeta)
        )
        .map_err(io)?;
        writeln!(
            self.out,
            "proven values equal the solver's, the true value (they must): {}",
            say(c.proven_equal_true)
        )
        .map_err(io)?;
        if c.minimax_equals_alphabeta == Some(false) || c.proven_equal_true == Some(false) {
            return Err(CliError::Failed(
                "the algorithms disagree where they must not".into(),
            ));
        }
        Ok(())
    }
}

fn print_snapshot(out: &mut dyn Write, s: &MctsSnapshot) -> std::io::Result<()> {
    writeln!(
        out,
        "after {} iterations (root visits {}), tree depth {}, best {}:",
        s.iterations,
        s.root_visits,
        s.tree_depth,
        s.best.map_or("-".into(), |m| m.to_string())
    )?;
    for m in &s.moves {
        let rate = m
            .win_rate
            .map_or("-".into(), |r| format!("{:.1}%", r * 100.0));
        writeln!(
            out,
            "  {:<5} {:>9} visits  {rate:>6} wins",
            m.mv.to_string(),
            m.visits
        )?;
    }
    Ok(())
}

impl GameVisitor for Explain<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: Game>(mut self, start: G) -> Result<(), CliError> {
        let pos = self.args.board.position(start, self.variant)?;
        if pos.outcome().is_over() {
            return Err(CliError::Usage(
                "the position is already over, nothing to search".into(),
            ));
        }
        let default_depth = match self.args.board.game() {
            crate::core::GameKind::TicTacToe => pos.empty_cells(),
            crate::core::GameKind::Othello => 3,
        };
        let depth = self.args.depth.unwrap_or(default_depth).max(1);
        match self.args.view {
            View::Tree | View::Steps => self.tree(&pos, depth),
            View::Mcts => self.mcts(&pos),
            View::Pv => self.pv(&pos, depth),
            View::Compare => self.compare(&pos, depth),
        }
    }
}

/// Runs `boardplay explain`.
pub fn run(args: &ExplainArgs, stop: &Stop, out: &mut dyn Write) -> Result<(), CliError> {
    let variant = args.board.variant()?;
    crate::ai::visit(
        variant,
        Explain {
            args,
            variant,
            stop,
            out,
        },
    )?
}
