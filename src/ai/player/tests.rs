//! The player description's tests: every name and budget read, refused with its reason,
//! and written back.

use std::time::Duration;

use crate::ai::level::Level;
use crate::core::othello::{Othello, Size8};

use super::*;
use crate::ai::recipe::seconds;
use strum::VariantArray;

fn read(text: &str) -> Result<PlayerSpec, PlayerSpecError> {
    text.parse()
}

#[test]
fn every_name_reads_with_its_default_budget() {
    assert_eq!(read("Hard"), Ok(PlayerSpec::Level(Level::Hard)));
    assert_eq!(read(" perfect "), Ok(PlayerSpec::Level(Level::Perfect)));
    assert_eq!(read("random"), Ok(PlayerSpec::Random));
    assert_eq!(read("exact"), Ok(PlayerSpec::Perfect));
    assert_eq!(read("solver"), Ok(PlayerSpec::Perfect));
    assert_eq!(read("minimax"), Ok(PlayerSpec::Minimax(3)));
    let ab6 = Ok(PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(6)));
    for name in ["alphabeta", "alpha-beta", "AB"] {
        assert_eq!(read(name), ab6, "{name}");
    }
    assert_eq!(
        read("mcts"),
        Ok(PlayerSpec::Mcts(MctsLimit::Iterations(10_000)))
    );
}

#[test]
fn budgets_read_as_depths_iterations_or_times() {
    assert_eq!(read("minimax:4"), Ok(PlayerSpec::Minimax(4)));
    assert_eq!(
        read("alphabeta:64"),
        Ok(PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(64)))
    );
    assert_eq!(
        read("alphabeta:2s"),
        Ok(PlayerSpec::AlphaBeta(AlphaBetaLimit::Time(
            Duration::from_millis(2000)
        )))
    );
    assert_eq!(
        read("mcts:250ms"),
        Ok(PlayerSpec::Mcts(MctsLimit::Time(Duration::from_millis(
            250
        ))))
    );
    assert_eq!(
        read("mcts:5000"),
        Ok(PlayerSpec::Mcts(MctsLimit::Iterations(5000)))
    );
}

#[test]
fn numbers_that_would_wrap_are_refused_with_the_range() {
    // 2^32 + 1 and 2^32: as u32 they would be depth 1 and depth 0.
    for text in ["alphabeta:4294967297", "minimax:4294967296"] {
        let e = read(text).unwrap_err();
        assert!(
            matches!(
                e,
                PlayerSpecError::OutOfRange {
                    min: 1,
                    max: 64,
                    ..
                }
            ),
            "{text}: {e:?}"
        );
        assert!(e.to_string().contains("from 1 to 64"), "{e}");
    }
    // Beyond u64 altogether.
    let e = read("mcts:99999999999999999999999").unwrap_err();
    assert!(matches!(e, PlayerSpecError::OutOfRange { .. }), "{e:?}");
    assert!(read("alphabeta:65").is_err());
    assert!(read("mcts:100000001").is_err());
    assert!(read("mcts:3601s").is_err());
}

#[test]
fn zero_is_no_budget_and_is_refused() {
    for text in [
        "mcts:0",
        "minimax:0",
        "alphabeta:0",
        "mcts:0ms",
        "alphabeta:0s",
    ] {
        let e = read(text).unwrap_err();
        assert!(
            matches!(e, PlayerSpecError::OutOfRange { min: 1, .. }),
            "{text}: {e:?}"
        );
    }
}

#[test]
fn arguments_that_would_be_ignored_are_refused() {
    for (text, name) in [
        ("random:5", "random"),
        ("exact:7", "exact"),
        ("hard:3", "hard"),
    ] {
        assert_eq!(
            read(text),
            Err(PlayerSpecError::NoArgument {
                name: name.into(),
                argument: text[name.len() + 1..].into()
            })
        );
    }
    assert!(
        read("random:5")
            .unwrap_err()
            .to_string()
            .contains("'random' takes no argument")
    );
}

#[test]
fn unknown_names_and_words_for_numbers_are_named() {
    assert_eq!(
        read("grandmaster"),
        Err(PlayerSpecError::Unknown("grandmaster".into()))
    );
    assert_eq!(read(""), Err(PlayerSpecError::Empty));
    for text in ["minimax:three", "mcts:-5", "alphabeta:", "mcts:1.5s"] {
        let e = read(text).unwrap_err();
        assert!(
            matches!(e, PlayerSpecError::NotANumber { .. }),
            "{text}: {e:?}"
        );
    }
}

#[test]
fn the_text_form_reads_back() {
    let mut specs: Vec<PlayerSpec> = Level::VARIANTS
        .iter()
        .copied()
        .map(PlayerSpec::Level)
        .collect::<Vec<_>>();
    specs.extend([
        PlayerSpec::ExpertHand,
        PlayerSpec::ExpertFullWidth,
        PlayerSpec::Random,
        PlayerSpec::Minimax(2),
        PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(7)),
        PlayerSpec::AlphaBeta(AlphaBetaLimit::Time(Duration::from_millis(1500))),
        PlayerSpec::Mcts(MctsLimit::Iterations(300)),
        PlayerSpec::Mcts(MctsLimit::Time(Duration::from_millis(40))),
        PlayerSpec::Perfect,
    ]);
    for spec in specs {
        assert_eq!(read(&spec.to_string()), Ok(spec.clone()), "{spec}");
    }
}

#[test]
fn named_players_state_their_budgets() {
    let o8 = Othello::<Size8>::start();
    let text = |s: &str| read(s).unwrap().budget(&o8);
    assert_eq!(text("alphabeta:1").text, "alpha-beta, 1 ply");
    assert_eq!(text("minimax:2").text, "minimax, 2 plies");
    assert_eq!(text("mcts:1234567").text, "MCTS, 1,234,567 iterations");
    assert_eq!(text("random").text, "random moves");
    assert_eq!(text("exact").text, "exact solver");
    assert_eq!(text("expert"), Level::Expert.budget(&o8));
    let hand = text("expert-hand");
    assert_eq!(
        hand.text,
        "alpha-beta, at most 3 s a move, exact from 20 empties, hand-written evaluation"
    );
    assert_eq!(hand.time_limit, Level::Expert.budget(&o8).time_limit);
    let full = text("expert-full-width");
    assert_eq!(
        full.text,
        "alpha-beta, at most 3 s a move, exact from 20 empties, full width"
    );
    assert_eq!(full.time_limit, Level::Expert.budget(&o8).time_limit);
    let timed = text("alphabeta:1500ms");
    assert_eq!(timed.text, "alpha-beta, at most 1.5 s a move");
    assert_eq!(timed.time_limit, Some(Duration::from_millis(1500)));
    assert_eq!(text("mcts:2s").text, "MCTS, at most 2 s a move");
}

#[test]
fn players_are_named_as_their_descriptions() {
    // The players' own names come from their implementations, not from here.
    let o8 = Othello::<Size8>::start();
    let name = |s: &str| read(s).unwrap().make(&o8, 1).name();
    assert_eq!(name("random"), "Random");
    assert_eq!(name("minimax:2"), "Minimax, depth 2");
    assert_eq!(name("alphabeta:5"), "Alpha-beta, depth 5");
    assert_eq!(name("mcts:300"), "MCTS, 300 iterations");
    assert_eq!(name("exact"), "Perfect");
    assert_eq!(name("hard"), "Alpha-beta, depth 6, exact from 14 empties");
}

#[test]
fn times_are_written_plainly() {
    assert_eq!(seconds(Duration::from_secs(3)), "3 s");
    assert_eq!(seconds(Duration::from_millis(500)), "0.5 s");
    assert_eq!(seconds(Duration::from_millis(2250)), "2.25 s");
}

#[test]
fn on_a_clock_a_timed_player_plans_its_move_and_every_player_answers() {
    use crate::ai::clock::{OnClock, plan_on};
    use crate::ai::{Context, Progress, Stop};
    use crate::core::Position;
    let start = Othello::<Size8>::start();
    let clock = OnClock {
        left: Duration::from_secs(90),
        increment: Duration::from_secs(2),
    };
    let expert_from = Level::Expert.exact_from(&start);
    for (spec, planned) in [
        (
            PlayerSpec::Level(Level::Expert),
            Some(plan_on(clock, 60, expert_from).time),
        ),
        (
            PlayerSpec::AlphaBeta(AlphaBetaLimit::Time(Duration::from_millis(5000))),
            Some(plan_on(clock, 60, 0).time),
        ),
        (
            PlayerSpec::Mcts(MctsLimit::Time(Duration::from_millis(5000))),
            Some(plan_on(clock, 60, 0).time),
        ),
        // A budget of work stays as it was: no time planned.
        (PlayerSpec::Level(Level::Hard), None),
        (PlayerSpec::Random, None),
    ] {
        let (_, got) = spec.make_on_clock(&start, &start, 1, clock);
        assert_eq!(got, planned, "{spec:?}");
    }
    // Whatever its budget, a player on a clock with little left answers with a legal move.
    let short = OnClock {
        left: Duration::from_millis(40),
        increment: Duration::ZERO,
    };
    let deep = PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(30));
    let (mut player, _) = deep.make_on_clock(&start, &start, 1, short);
    let stop = Stop::new();
    let mut quiet = |_: &Progress| {};
    let mv = player.choose(&start, &mut Context::new(&stop, &mut quiet));
    assert!(matches!(mv, Ok(Some(mv)) if start.is_legal(mv)));
}
