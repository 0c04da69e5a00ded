//! Difficulty levels: named choices of player and budget for each game and size. A level is
//! one kind of [`PlayerSpec`](super::PlayerSpec), which makes the players.
//!
//! Each cell states the level's budget as [`Level::budget`] words it for the user:
//!
//! | level | tic-tac-toe | Othello up to 8x8 | Othello 10x10 and up |
//! | --- | --- | --- | --- |
//! | Beginner | random moves | random moves | random moves |
//! | Easy | minimax, 1 ply (takes a win it sees) | MCTS, 200 iterations | MCTS, 200 iterations |
//! | Medium | minimax, 2 plies (also blocks) | minimax, 3 plies | minimax, 3 plies |
//! | Hard | MCTS, 20,000 iterations | alpha-beta, 6 plies, exact from 14 empties | alpha-beta, 4 plies, exact from 10 empties |
//! | Expert | alpha-beta, 4 plies | alpha-beta, at most 3 s a move, exact from 20 empties | alpha-beta, at most 3 s a move, exact from 14 empties |
//! | Perfect | exact solver (boards of up to 16 cells) | exact solver (4x4 and 6x6) | - |
//!
//! Perfect is offered only where the game is solved from the first move ([`Level::available`]).
//! Asked for anyway on a bigger board, it gives the strongest player there is: on Othello
//! alpha-beta, at most 5 s a move, exact from 22 empties (up to 8x8; 16 empties above); on
//! tic-tac-toe alpha-beta, at most 3 s a move (up to 12 plies). The timed Othello levels have no
//! depth cap: they deepen until the next iteration is predicted not to finish in time.
//!
//! Only the levels with a time in their budget have a limit on the time of a move
//! ([`StatedBudget::time_limit`]), which they keep also when they solve exactly (the solve
//! stops at the deadline, and the move of a short search made first is played instead).
//! The others have a budget of work: how long it takes depends on the machine and the
//! position.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::Player;
use super::game::{Game, GameVisitor, visit};
use super::recipe::{AlphaBetaLimit, MctsLimit, Recipe, StatedBudget};
use crate::core::{GameKind, Variant};
use strum::VariantArray;

/// A difficulty level, weakest first.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    strum::VariantArray,
)]
pub enum Level {
    /// Random moves.
    Beginner,
    /// Sees a move or two ahead.
    Easy,
    /// A short search.
    Medium,
    /// A real search; exact near the end of an Othello game.
    Hard,
    /// The deepest search in a few seconds; exact in the Othello endgame.
    Expert,
    /// Never makes a mistake (where the game is small enough to solve; else the strongest).
    Perfect,
}

impl Level {
    /// The levels offered for a game: all but Perfect where the game cannot be solved
    /// exactly in reasonable time (see [`Game::solvable_from`]; above that the strongest
    /// level is Expert-with-more-time, named Perfect only on solved boards).
    pub fn available<G: Game>(start: &G) -> Vec<Level> {
        let solvable = G::solvable_from(start);
        Level::VARIANTS
            .iter()
            .copied()
            .filter(|l| *l != Level::Perfect || solvable)
            .collect()
    }

    /// [`Level::available`] for the start of `variant`; every level if the rules core does
    /// not support the board.
    pub fn offered(variant: Variant) -> Vec<Level> {
        struct Offered;
        impl GameVisitor for Offered {
            type Output = Vec<Level>;
            fn visit<G: Game>(self, start: G) -> Vec<Level> {
                Level::available(&start)
            }
        }
        visit(variant, Offered).unwrap_or_else(|_| Level::VARIANTS.to_vec())
    }

    /// [`Level::budget`] on the start of `variant`; `None` if the rules core does not support
    /// the board.
    pub fn budget_on(self, variant: Variant) -> Option<StatedBudget> {
        struct Stated(Level);
        impl GameVisitor for Stated {
            type Output = StatedBudget;
            fn visit<G: Game>(self, start: G) -> StatedBudget {
                self.0.budget(&start)
            }
        }
        visit(variant, Stated(self)).ok()
    }

    /// The next weaker level, if any.
    pub fn below(self) -> Option<Level> {
        let i = Level::VARIANTS.iter().position(|l| *l == self)?;
        i.checked_sub(1).map(|j| Level::VARIANTS[j])
    }

    /// Reads a level name, any case.
    pub fn parse(text: &str) -> Option<Level> {
        Level::VARIANTS
            .iter()
            .copied()
            .find(|l| l.to_string().eq_ignore_ascii_case(text.trim()))
    }

    /// Expert's player on the board of `start` with the time and solving depth of `plan` in
    /// place of its own, scoring leaves with the learned evaluation or the hand-written one:
    /// what `boardplay test-positions --time` and `--game-left` measure.
    pub fn expert_with<G: Game>(
        start: &G,
        plan: crate::ai::clock::MovePlan,
        learned: bool,
    ) -> Box<dyn Player<G>> {
        match Level::Expert.recipe(start) {
            Recipe::AlphaBeta { max_depth, .. } => Recipe::AlphaBeta {
                limit: AlphaBetaLimit::Time(plan.time),
                max_depth,
                exact_from: plan.exact_from,
                learned,
                selective: learned,
            },
            // Expert without its own search: played as it is.
            other @ (Recipe::Random | Recipe::Minimax(_) | Recipe::Mcts(_) | Recipe::Perfect) => {
                other
            }
        }
        .make(0)
    }

    /// Expert's player on the board of `start` searching `depth` plies in the midgame (with
    /// its selective search and learned evaluation) and solving exactly from `exact_from`
    /// empties, with no time limit and `contempt` for draws (see
    /// [`AlphaBeta::with_contempt`](super::AlphaBeta::with_contempt)): the engine other
    /// programs drive by depth (`boardplay nboard`'s `set depth` and `set contempt`).
    pub fn expert_to_depth<G: Game>(
        start: &G,
        depth: u32,
        exact_from: u32,
        contempt: i32,
    ) -> Box<dyn Player<G>> {
        match Level::Expert.recipe(start) {
            Recipe::AlphaBeta { .. } => Box::new(
                Recipe::alpha_beta(AlphaBetaLimit::Depth(depth), None, exact_from, true, true)
                    .contempt(contempt),
            ),
            other @ (Recipe::Random | Recipe::Minimax(_) | Recipe::Mcts(_) | Recipe::Perfect) => {
                other.make(0)
            }
        }
    }

    /// The number of empties from which this level solves exactly on the board of `start`
    /// (0 where it never does).
    pub fn exact_from<G: Game>(self, start: &G) -> u32 {
        match self.recipe(start) {
            Recipe::AlphaBeta { exact_from, .. } => exact_from,
            _ => 0,
        }
    }

    /// The player and budget of this level on the board of `start`: the table of the module
    /// documentation.
    pub(super) fn recipe<G: Game>(self, start: &G) -> Recipe {
        let cells = start.cell_count();
        // The timed players score leaves with the learned evaluation where the game has one.
        let timed = |secs, max_depth, exact_from| Recipe::AlphaBeta {
            limit: AlphaBetaLimit::Time(Duration::from_secs(secs)),
            max_depth,
            exact_from,
            learned: true,
            selective: true,
        };
        let deep = |depth, exact_from| Recipe::AlphaBeta {
            limit: AlphaBetaLimit::Depth(depth),
            max_depth: None,
            exact_from,
            learned: false,
            selective: false,
        };
        let mcts = |n| Recipe::Mcts(MctsLimit::Iterations(n));
        match G::KIND {
            GameKind::TicTacToe => match self {
                Level::Beginner => Recipe::Random,
                Level::Easy => Recipe::Minimax(1),
                Level::Medium => Recipe::Minimax(2),
                Level::Hard => mcts(20_000),
                Level::Expert => deep(4, 0),
                Level::Perfect if cells <= 16 => Recipe::Perfect,
                Level::Perfect => timed(3, Some(12), 0),
            },
            GameKind::Othello => {
                // Bigger boards search slower (wider bitboards, more moves): shallower, and
                // exact from fewer empties, to keep moves within a few seconds.
                let small = cells <= 64;
                let hard = if small { 6 } else { 4 };
                let (hard_exact, expert_exact) = if small { (14, 20) } else { (10, 14) };
                match self {
                    Level::Beginner => Recipe::Random,
                    Level::Easy => mcts(200),
                    Level::Medium => Recipe::Minimax(3),
                    Level::Hard => deep(hard, hard_exact),
                    Level::Expert => timed(3, None, expert_exact),
                    Level::Perfect if cells <= 36 => Recipe::Perfect,
                    Level::Perfect => timed(5, None, expert_exact + 2),
                }
            }
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Beginner => "Beginner",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
            Level::Perfect => "Perfect",
        })
    }
}

impl Level {
    /// What the player of this level may spend on a move on the board of `start`: the
    /// budget in words, and its time limit if it has one.
    pub fn budget<G: Game>(self, start: &G) -> StatedBudget {
        self.recipe(start).budget()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::othello::{Othello, Size4, Size6, Size8, Size10, Size12, Size14, Size16};
    use crate::core::tictactoe::TicTacToe;
    use std::time::Duration;

    /// The table of the module documentation, which tells users what each level spends: a
    /// row per level, a cell per column of boards (tic-tac-toe, Othello up to 8x8, Othello
    /// 10x10 and up).
    fn documented_table() -> Vec<(Level, [String; 3])> {
        include_str!("level.rs")
            .lines()
            .take_while(|l| l.starts_with("//!"))
            .filter_map(|l| {
                let cells: Vec<&str> = l.trim_start_matches("//!").trim().split('|').collect();
                // "| Hard | a | b | c |" splits into 6 parts, empty at both ends.
                let [_, level, a, b, c, _] = cells.as_slice() else {
                    return None;
                };
                let level = Level::parse(level)?;
                Some((level, [a, b, c].map(|s| s.trim().to_string())))
            })
            .collect()
    }

    /// The budget of `level` on `start` against its documented cell: the same words, or the
    /// same words followed by a note in brackets ("(takes a win it sees)").
    fn check<G: Game>(start: &G, column: usize) {
        let table = documented_table();
        assert_eq!(
            table.iter().map(|(l, _)| *l).collect::<Vec<_>>(),
            Level::VARIANTS,
            "the documentation has a row for every level"
        );
        for (level, cells) in table {
            let cell = &cells[column];
            let offered = Level::available(start).contains(&level);
            if cell == "-" {
                assert!(
                    !offered,
                    "{level} is offered on {} cells",
                    start.cell_count()
                );
                continue;
            }
            // Perfect's cell holds the solver; on boards too big for it the paragraph below
            // the table says what it gives instead.
            if level == Level::Perfect && !offered {
                continue;
            }
            let stated = level.budget(start).text;
            assert!(
                cell == &stated || cell.starts_with(&format!("{stated} (")),
                "{level} on {} cells: the documentation says '{cell}', the player has '{stated}'",
                start.cell_count()
            );
        }
    }

    #[test]
    fn every_budget_is_the_one_the_documentation_table_states() {
        check(&TicTacToe::classic(), 0);
        check(&TicTacToe::square(4).unwrap(), 0);
        check(&TicTacToe::new(4, 3, 3).unwrap(), 0);
        check(&Othello::<Size4>::start(), 1);
        check(&Othello::<Size6>::start(), 1);
        check(&Othello::<Size8>::start(), 1);
        check(&Othello::<Size10>::start(), 2);
        check(&Othello::<Size12>::start(), 2);
        check(&Othello::<Size14>::start(), 2);
        check(&Othello::<Size16>::start(), 2);
    }

    #[test]
    fn perfect_is_offered_where_the_game_is_solved_from_the_start() {
        // From the README: tic-tac-toe (up to 4x4), Othello 4x4 and 6x6.
        assert!(Level::available(&TicTacToe::square(4).unwrap()).contains(&Level::Perfect));
        assert!(!Level::available(&TicTacToe::square(5).unwrap()).contains(&Level::Perfect));
        assert!(Level::available(&Othello::<Size6>::start()).contains(&Level::Perfect));
        assert!(!Level::available(&Othello::<Size8>::start()).contains(&Level::Perfect));
        assert_eq!(Level::available(&Othello::<Size8>::start()).len(), 5);
        assert_eq!(Level::offered(Variant::TIC_TAC_TOE_3), Level::VARIANTS);
        assert!(!Level::offered(Variant::OTHELLO_8).contains(&Level::Perfect));
        assert!(Level::offered(Variant::Othello { size: 6 }).contains(&Level::Perfect));
        assert_eq!(
            Level::Hard.budget_on(Variant::OTHELLO_8),
            Some(Level::Hard.budget(&Othello::<Size8>::start()))
        );
    }

    #[test]
    fn budgets_are_stated_in_words_with_their_time_limits() {
        let o8 = Othello::<Size8>::start();
        let o12 = Othello::<Size12>::start();
        let ttt = TicTacToe::classic();
        assert_eq!(Level::Beginner.budget(&o8).text, "random moves");
        assert_eq!(Level::Easy.budget(&ttt).text, "minimax, 1 ply");
        assert_eq!(Level::Hard.budget(&ttt).text, "MCTS, 20,000 iterations");
        assert_eq!(
            Level::Hard.budget(&o8).text,
            "alpha-beta, 6 plies, exact from 14 empties"
        );
        let expert = Level::Expert.budget(&o12);
        assert_eq!(
            expert.to_string(),
            "alpha-beta, at most 3 s a move, exact from 14 empties"
        );
        assert_eq!(expert.time_limit, Some(Duration::from_secs(3)));
        assert_eq!(
            Level::Perfect.budget(&o8).text,
            "alpha-beta, at most 5 s a move, exact from 22 empties"
        );
        assert_eq!(
            Level::Perfect.budget(&o8).time_limit,
            Some(Duration::from_secs(5))
        );
        assert_eq!(
            Level::Perfect.budget(&TicTacToe::square(5).unwrap()).text,
            "alpha-beta, at most 3 s a move (up to 12 plies)"
        );
        for level in [Level::Beginner, Level::Easy, Level::Medium, Level::Hard] {
            assert_eq!(level.budget(&o8).time_limit, None, "{level}");
        }
        assert_eq!(Level::Perfect.budget(&ttt).text, "exact solver");
        assert_eq!(Level::Perfect.budget(&ttt).time_limit, None);
    }

    #[test]
    fn levels_read_in_any_case_and_step_down() {
        for &level in Level::VARIANTS {
            assert_eq!(Level::parse(&level.to_string().to_uppercase()), Some(level));
        }
        assert_eq!(Level::parse("grandmaster"), None);
        assert_eq!(Level::Easy.below(), Some(Level::Beginner));
        assert_eq!(Level::Beginner.below(), None);
    }
}
