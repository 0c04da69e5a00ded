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

use std::time::Duration;

/// The endgame's reserve, counted in midgame moves: with 15 midgame moves to play (an XOT
/// opening), it keeps 40% of the clock for the solves.
pub const ENDGAME_MOVES: u32 = 10;

/// The part of what is left that a move in the solving zone may take.
const SOLVE_SHARE: f64 = 0.4;

/// Empties above the level's own solving depth from which a move on a clock tries to solve:
/// a clock lets the engine spend on the decisive solve what it saved in the midgame.
pub const EXTRA_SOLVE_EMPTIES: u32 = 2;

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
            .filter(|&&(e, _)| e > 22)
            .map(|&(_, t)| t)
            .sum();
        let first_solve = spent
            .iter()
            .find(|&&(e, _)| e <= 22)
            .map(|&(_, t)| t)
            .unwrap();
        assert!(midgame <= total.mul_f64(0.61), "{midgame:?}");
        assert!(midgame >= total.mul_f64(0.5), "{midgame:?}");
        // The first solve gets the largest share of the game.
        assert!(spent.iter().all(|&(_, t)| t <= first_solve));
        assert!(first_solve >= total.mul_f64(0.15), "{first_solve:?}");
    }

    #[test]
    fn midgame_moves_share_alike() {
        let total = Duration::from_secs(10);
        let spent = spend(total, 52);
        let mid: Vec<Duration> = spent
            .iter()
            .filter(|&&(e, _)| e > 22)
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
        assert_eq!(p.exact_from, 22);
        assert_eq!(p.time, Duration::from_secs(4).mul_f64(SOLVE_SHARE));
    }
}
