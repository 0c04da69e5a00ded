//! Time over a whole game: how much of what is left on a side's clock one move may take, and
//! from how many empties it tries to solve exactly.
//!
//! The plan is the one classic Othello engines follow: the midgame shares out what is left
//! evenly over the side's moves still to come before the endgame plus a reserve for the
//! endgame counted as [`ENDGAME_MOVES`] moves more (so every midgame move gets the same time,
//! and the endgame starts with its share of the clock); the first exact solve (where the result is decided) gets a large share of what is
//! left, and later solves, which are small, the same share of what little is left then. Each
//! move is planned from the clock and the board alone, so a program asked one move at a time
//! in a fresh process spreads its time just as a long-running one does.
//!
//! With an increment ([`plan_on`]), most of what a move will give back is spent on it. A
//! player on a clock ([`PlayerSpec::make_on_clock`](super::PlayerSpec::make_on_clock))
//! takes its time from the plan if its budget is one of time, and whatever its budget never
//! takes more than half of what is left ([`Capped`]).

use std::time::{Duration, Instant};

use super::game::Game;
use super::{Context, EngineError, Player, search_deadline};
use crate::core::Move;

/// The endgame's reserve, counted in midgame moves: with 12 midgame moves to play (an XOT
/// opening: 52 empties, solving from 28), it keeps a third of the clock for the solves. It
/// was 10 (45%) until 2026-11-27: against NTest nothing was lost from 24 empties on while the
/// discs went in the midgame, where NTest spent half as much again as Expert (docs/ai.md,
/// "Search and time").
pub const ENDGAME_MOVES: u32 = 6;

/// The part of what is left that a move in the solving zone may take.
const SOLVE_SHARE: f64 = 0.4;

/// Empties above the level's own solving depth from which a move on a clock tries to solve:
/// a clock lets the engine spend on the decisive solve what it saved in the midgame. Where
/// the exact solve does not finish in time, the move of its surest finished selective pass is
/// played (see [`AlphaBetaPlayer`](super::AlphaBetaPlayer)). Against NTest (docs/ai.md), 4
/// lost 0.6-0.7 discs a game less than 2, on two sets of 40 openings.
pub const EXTRA_SOLVE_EMPTIES: u32 = 4;

/// What one move may take and from how many empties it solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovePlan {
    /// Time for this move.
    pub time: Duration,
    /// Solve exactly when the position has at most this many empties.
    pub exact_from: u32,
}

/// The plan for a move with `left` on the clock and `empties` empty cells, for a player that
/// solves exactly from `exact_from` empties when it has no clock.
pub fn plan(left: Duration, empties: u32, exact_from: u32) -> MovePlan {
    let solve_zone = exact_from + EXTRA_SOLVE_EMPTIES;
    let time = if empties <= solve_zone {
        left.mul_f64(SOLVE_SHARE)
    } else {
        // This side's moves before the solving zone: one every two empties.
        let moves = (empties - solve_zone).div_ceil(2).max(1);
        left / (moves + ENDGAME_MOVES)
    };
    MovePlan {
        time,
        exact_from: solve_zone,
    }
}

/// The part of the increment a move may spend: it comes back once the move is played.
const INCREMENT_SHARE: f64 = 0.8;

/// What a side has on its clock when it is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnClock {
    /// The time left.
    pub left: Duration,
    /// What the clock gains after the move.
    pub increment: Duration,
}

/// The plan for a move on `clock` with `empties` empty cells, for a player that solves
/// exactly from `exact_from` empties when it has no clock: [`plan`] of the time left, and
/// [`INCREMENT_SHARE`] of the increment, but never more than half of what is left.
pub fn plan_on(clock: OnClock, empties: u32, exact_from: u32) -> MovePlan {
    let base = plan(clock.left, empties, exact_from);
    let time = (base.time + clock.increment.mul_f64(INCREMENT_SHARE)).min(clock.left / 2);
    MovePlan { time, ..base }
}

/// A player whose moves never take more than `cap`, whatever its own budget: its search is
/// stopped there and answers with its best move so far.
pub struct Capped<G: Game> {
    player: Box<dyn Player<G>>,
    cap: Duration,
}

impl<G: Game> Capped<G> {
    /// `player`, stopped after `cap` on every move.
    pub fn new(player: Box<dyn Player<G>>, cap: Duration) -> Capped<G> {
        Capped { player, cap }
    }
}

impl<G: Game> Player<G> for Capped<G> {
    fn name(&self) -> String {
        self.player.name()
    }

    fn choose(&mut self, pos: &G, ctx: &mut Context<'_>) -> Result<Option<Move>, EngineError> {
        let stop = ctx
            .stop
            .with_deadline(search_deadline(Instant::now(), self.cap));
        let mut capped = Context {
            stop: &stop,
            report: &mut *ctx.report,
            threads: ctx.threads,
            to_play: ctx.to_play,
        };
        self.player.choose(pos, &mut capped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays a game's worth of moves on a clock, each taking all the time it was given.
    fn spend(total: Duration, from_empties: u32) -> Vec<(u32, Duration)> {
        let mut left = total;
        let mut spent = Vec::new();
        for empties in (1..=from_empties).rev().step_by(2) {
            let p = plan(left, empties, 20);
            spent.push((empties, p.time));
            left -= p.time;
        }
        spent
    }

    #[test]
    fn a_game_never_spends_more_than_its_clock() {
        let total = Duration::from_secs(10);
        let spent: Duration = spend(total, 52).iter().map(|&(_, t)| t).sum();
        assert!(spent <= total, "{spent:?}");
    }

    #[test]
    fn the_midgame_leaves_a_reserve_for_the_solves() {
        let total = Duration::from_secs(10);
        let spent = spend(total, 52);
        let midgame: Duration = spent
            .iter()
            .filter(|&&(e, _)| e > 20 + EXTRA_SOLVE_EMPTIES)
            .map(|&(_, t)| t)
            .sum();
        let first_solve = spent
            .iter()
            .find(|&&(e, _)| e <= 20 + EXTRA_SOLVE_EMPTIES)
            .map(|&(_, t)| t)
            .unwrap();
        // 14 midgame moves (52 to 26 empties) of 14 + 6 shares: 70% of the clock.
        assert!(midgame <= total.mul_f64(0.71), "{midgame:?}");
        assert!(midgame >= total.mul_f64(0.69), "{midgame:?}");
        // The first solve gets the largest share of the game: 40% of the 30% left.
        assert!(spent.iter().all(|&(_, t)| t <= first_solve));
        assert!(first_solve >= total.mul_f64(0.119), "{first_solve:?}");
    }

    #[test]
    fn midgame_moves_share_alike() {
        let total = Duration::from_secs(10);
        let spent = spend(total, 52);
        let mid: Vec<Duration> = spent
            .iter()
            .filter(|&&(e, _)| e > 20 + EXTRA_SOLVE_EMPTIES)
            .map(|&(_, t)| t)
            .collect();
        let (lo, hi) = (mid.iter().min().unwrap(), mid.iter().max().unwrap());
        assert!(
            hi.as_secs_f64() < 1.01 * lo.as_secs_f64(),
            "{lo:?} to {hi:?}"
        );
    }

    #[test]
    fn a_clock_solves_a_little_earlier_than_the_level() {
        let p = plan(Duration::from_secs(4), 22, 20);
        assert_eq!(p.exact_from, 24);
        assert_eq!(p.time, Duration::from_secs(4).mul_f64(SOLVE_SHARE));
    }

    #[test]
    fn an_increment_is_mostly_spent_but_never_more_than_half_the_clock() {
        let clock = |left: u64, increment: u64| OnClock {
            left: Duration::from_secs(left),
            increment: Duration::from_secs(increment),
        };
        // Without an increment, the plan of the time left.
        assert_eq!(
            plan_on(clock(60, 0), 40, 20),
            plan(Duration::from_secs(60), 40, 20)
        );
        let with = plan_on(clock(60, 2), 40, 20);
        let without = plan(Duration::from_secs(60), 40, 20);
        assert_eq!(
            with.time,
            without.time + Duration::from_secs(2).mul_f64(0.8)
        );
        assert_eq!(with.exact_from, without.exact_from);
        // Almost out of time: half of what is left, whatever the increment.
        assert_eq!(plan_on(clock(2, 10), 40, 20).time, Duration::from_secs(1));
    }

    #[test]
    fn a_game_with_an_increment_keeps_time_on_the_clock() {
        // Each move takes all it was given; the increment comes back after it.
        let mut left = Duration::from_secs(10);
        let increment = Duration::from_secs(1);
        for empties in (1..=52).rev().step_by(2) {
            let p = plan_on(OnClock { left, increment }, empties, 20);
            assert!(p.time <= left / 2);
            left = left - p.time + increment;
        }
        assert!(left >= increment, "{left:?}");
    }
}
