//! A game of the arena on a clock and with a time a move: what each move is allowed, and
//! a side that runs over losing.

use std::time::{Duration, Instant};

use clap::Parser;

use super::*;
use crate::ai::{EngineError, RandomPlayer};
use crate::core::othello::Othello8;
use crate::core::{Move, Position};

#[derive(Parser)]
struct Wrap {
    #[command(flatten)]
    args: ArenaArgs,
}

fn args(extra: &[&str]) -> ArenaArgs {
    let words = ["arena", "-a", "random", "-b", "random"]
        .into_iter()
        .chain(extra.iter().copied());
    Wrap::try_parse_from(words).unwrap().args
}

/// A player that takes `took` over every move whatever it is allowed (it does not look at
/// its stop flag), and notes the time it was allowed, if any.
struct Overrun {
    took: Duration,
    allowed: Vec<Option<Duration>>,
}

impl Player<Othello8> for Overrun {
    fn name(&self) -> String {
        "Overrun".into()
    }

    fn choose(
        &mut self,
        pos: &Othello8,
        ctx: &mut Context<'_>,
    ) -> Result<Option<Move>, EngineError> {
        let t = Instant::now();
        self.allowed
            .push(ctx.stop.deadline().map(|d| d.saturating_duration_since(t)));
        while t.elapsed() < self.took {
            std::hint::spin_loop();
        }
        Ok(pos.legal_moves().next())
    }
}

fn game(args: &ArenaArgs, a: &mut Overrun) -> GameEnd {
    let mut b = RandomPlayer::new(1);
    let players = Players {
        a,
        b: &mut b,
        a_side: Side::First,
    };
    let mut result = MatchResult::default();
    play_game(Othello8::start(), players, args, &Stop::new(), &mut result)
        .unwrap()
        .unwrap()
}

#[test]
fn a_side_that_runs_over_its_clock_loses_by_the_whole_board() {
    let mut a = Overrun {
        took: Duration::from_millis(20),
        allowed: Vec::new(),
    };
    let end = game(&args(&["--clock", "10"]), &mut a);
    assert_eq!(end.out_of_time, Some(Side::First));
    assert_eq!(end.outcome, Outcome::Won(Side::Second));
    assert_eq!(end.diff, -64);
    assert_eq!(end.moves, 0);
}

#[test]
fn each_move_is_allowed_the_time_a_move_or_its_share_of_the_clock() {
    let mut a = Overrun {
        took: Duration::ZERO,
        allowed: Vec::new(),
    };
    let end = game(&args(&["--time", "50"]), &mut a);
    assert_eq!(end.out_of_time, None);
    assert!(!a.allowed.is_empty());
    assert!(
        a.allowed
            .iter()
            .all(|t| t.is_some_and(|t| t <= Duration::from_millis(50))),
        "{:?}",
        a.allowed
    );
    // 10 s a game: from the start, 10 s over 18 moves before the solving zone (60 empties
    // down to 24) and a reserve of 6 (ai::clock), about 0.417 s; never more than what is left.
    let mut a = Overrun {
        took: Duration::ZERO,
        allowed: Vec::new(),
    };
    game(&args(&["--clock", "10000"]), &mut a);
    let first = a.allowed[0].unwrap();
    assert!(first <= Duration::from_millis(417), "{first:?}");
    assert!(first >= Duration::from_millis(400), "{first:?}");
    assert!(
        a.allowed
            .iter()
            .all(|t| t.is_some_and(|t| t <= Duration::from_secs(10)))
    );
    // Without either, no limit beyond the player's own.
    let mut a = Overrun {
        took: Duration::ZERO,
        allowed: Vec::new(),
    };
    game(&args(&[]), &mut a);
    assert!(a.allowed.iter().all(Option::is_none));
}
