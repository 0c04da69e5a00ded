//! The computer's turn: its search on a worker thread, its answer held until the move delay
//! has passed, and computer-against-computer play paused or stepped. The window decides when
//! the computer is to move and plays the answer; this keeps the turn in between.

use std::sync::Arc;
use std::time::Duration;

use crate::ai::Progress;

use crate::ai::PlayerSpec;
use crate::app::document::session::Shown;
use crate::app::jobs::worker::{Answer, Job, Worker};

/// The computer's search in progress, as the worker last reported it.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The player's name: "Medium: Minimax, depth 3".
    pub player: String,
    /// The latest report, once there is one.
    pub progress: Option<Progress>,
    /// The time it planned for its move on its clock, if it plays on one with a budget of
    /// time.
    pub planned: Option<Duration>,
}

/// What a search of the computer's is for: the position shown and the player to move there.
/// A search is wanted only while both stay the same; the window says which turn is wanted
/// each frame ([`ComputerTurn::follow`]), and a search for another one is dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The position the search is about.
    pub shown: Shown,
    /// The player who moves there, as the person chose it.
    pub player: PlayerSpec,
}

/// A search under way.
#[derive(Clone, Debug)]
struct Thinking {
    /// When it started, in egui's clock (seconds).
    since: f64,
    /// The position and player it is for.
    turn: Turn,
    /// The answer, once the worker has sent it; played when the delay has passed.
    answer: Option<Answer>,
    /// When the answer was first seen, in egui's clock: the computer's clock stops there.
    answered_at: Option<f64>,
    /// The time planned on the computer's clock, if any (see [`Thought::planned`]).
    planned: Option<Duration>,
}

/// The computer's turn: at most one search at a time, tied to the turn it is for, and the
/// one step allowed while play is paused. Whether play is paused belongs to the game (see
/// [`crate::app::document::session::Session::is_paused`]).
///
/// A turn whose player failed (an engine that ended or did not answer) is not started again
/// by itself: nobody plays it until the person retries ([`ComputerTurn::start`], Game >
/// Computer move) or the position or the player changes.
pub struct ComputerTurn {
    worker: Worker,
    thinking: Option<Thinking>,
    /// While paused, the computer may play one move in this position.
    step: Option<Shown>,
    /// The turn whose player failed, while it is still the turn wanted.
    failed: Option<Turn>,
}

impl ComputerTurn {
    /// No search; `wake` asks the window for a repaint (see [`Worker::new`]).
    pub fn new(wake: Arc<dyn Fn() + Send + Sync>) -> ComputerTurn {
        ComputerTurn {
            worker: Worker::new(wake),
            thinking: None,
            step: None,
            failed: None,
        }
    }

    /// True while the computer is choosing a move (or waiting out its delay).
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// True while the computer is choosing a move for the position `shown` (or waiting out
    /// its delay to play it).
    pub fn is_thinking_about(&self, shown: Shown) -> bool {
        self.thinking
            .as_ref()
            .is_some_and(|t| t.turn.shown == shown)
    }

    /// Keeps the search on `wanted`, the turn the computer has now (`None` when no computer
    /// is to move in the position shown): a search for any other position or player is
    /// stopped, and its answer, even one already come, is never played.
    pub fn follow(&mut self, wanted: Option<&Turn>) {
        if self
            .thinking
            .as_ref()
            .is_some_and(|t| Some(&t.turn) != wanted)
        {
            self.stop();
        }
        if self.failed.as_ref() != wanted {
            self.failed = None;
        }
    }

    /// Starts the search `job` for `turn` at `now` (egui's clock), dropping any search under
    /// way; a turn that failed is tried again. `planned` is the time it planned on its
    /// clock, if any.
    pub fn start(&mut self, job: Job, turn: Turn, now: f64, planned: Option<Duration>) {
        self.failed = None;
        self.worker.start(job);
        self.thinking = Some(Thinking {
            since: now,
            turn,
            answer: None,
            answered_at: None,
            planned,
        });
    }

    /// When the answer of the search for `shown` was first seen (egui's clock), if it has
    /// come: the computer's clock stops there, whatever its move delay.
    pub fn answered_at(&self, shown: Shown) -> Option<f64> {
        self.thinking
            .as_ref()
            .filter(|t| t.turn.shown == shown)
            .and_then(|t| t.answered_at)
    }

    /// Stops the search under way, if any; its answer will never be played. Only for the
    /// window closing: otherwise [`ComputerTurn::follow`] drops what is no longer wanted.
    pub fn stop(&mut self) {
        if self.thinking.take().is_some() {
            self.worker.cancel();
        }
    }

    /// The answer to play now: it has come, `delay` seconds have passed since its search
    /// started, and play is not held. While computer-against-computer play is paused
    /// (`paused`), a search may finish but its move waits, unless one step was asked for in
    /// its position. A failure is told at once, and its turn is not started again (see
    /// [`ComputerTurn`]).
    pub fn due(&mut self, now: f64, delay: f64, paused: bool) -> Option<Answer> {
        let thinking = self.thinking.as_mut()?;
        let held = paused && self.step != Some(thinking.turn.shown);
        if thinking.answer.is_none() {
            thinking.answer = self.worker.poll();
        }
        let failed = thinking.answer.as_ref()?.mv.is_err();
        thinking.answered_at.get_or_insert(now);
        if !failed && (now - thinking.since < delay || held) {
            return None;
        }
        let thinking = self.thinking.take()?;
        if failed {
            self.failed = Some(thinking.turn);
        } else {
            self.step = None;
        }
        thinking.answer
    }

    /// True if a search may start in `shown`: none is under way, play is not held
    /// (`paused`, and no step asked for there), and the player did not fail there.
    pub fn may_start(&self, shown: Shown, paused: bool) -> bool {
        self.thinking.is_none() && self.failed.is_none() && (!paused || self.step == Some(shown))
    }

    /// Seconds until the answer that has come may be played (0 or less once it may); `None`
    /// while no answer waits.
    pub fn time_left(&self, now: f64, delay: f64) -> Option<f64> {
        let thinking = self.thinking.as_ref()?;
        thinking.answer.as_ref()?;
        Some(delay - (now - thinking.since))
    }

    /// The search as the status line and board show it, while it runs.
    pub fn thought(&self) -> Option<Thought> {
        let thinking = self.thinking.as_ref()?;
        // The description the person chose ("Expert", "Alpha-beta, depth 5"), not the
        // player's own longer name, which would repeat it.
        Some(Thought {
            player: thinking.turn.player.label(),
            progress: self.worker.progress(),
            planned: thinking.planned,
        })
    }

    /// While paused, lets one move be played in the position `shown`.
    pub fn step(&mut self, shown: Shown) {
        self.step = Some(shown);
    }

    /// Blocks until the search under way has reported progress, for at most `timeout`; true
    /// if it has.
    #[cfg(feature = "testing")]
    pub fn wait_for_progress(&self, timeout: Duration) -> bool {
        self.thinking.is_some() && self.worker.wait_for_progress(timeout).is_some()
    }

    /// Blocks until every search started, dropped ones included, has ended (their answers
    /// sent), for at most `timeout`; true if they have.
    #[cfg(feature = "testing")]
    pub fn wait_until_idle(&self, timeout: Duration) -> bool {
        self.worker.wait_until_idle(timeout)
    }

    /// Blocks until the search's answer has arrived, for at most `timeout`; true if it has.
    #[cfg(feature = "testing")]
    pub fn wait(&mut self, timeout: Duration) -> bool {
        match &mut self.thinking {
            Some(Thinking {
                answer: Some(_), ..
            }) => true,
            Some(thinking) => match self.worker.wait(timeout) {
                Some(answer) => {
                    thinking.answer = Some(answer);
                    true
                }
                None => false,
            },
            None => false,
        }
    }
}

/// The seeds of the computer's random choices: every search (a move or a hint) takes the
/// next one, so a run is repeated by starting from the same seed, as tests do.
#[derive(Clone, Copy, Debug)]
pub struct Seeds(u64);

impl Seeds {
    /// Seeds that start from the clock: a different game every run.
    pub fn from_clock() -> Seeds {
        Seeds(crate::ai::seed_from_clock())
    }

    /// Seeds that start from `seed`.
    #[cfg(feature = "testing")]
    pub fn starting_at(seed: u64) -> Seeds {
        Seeds(seed)
    }

    /// The next seed, from a simple linear congruential generator.
    pub fn draw(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::channel;
    use std::time::{Duration, Instant};

    use super::*;
    use crate::ai::Stop;
    use crate::app::document::session::Session;
    use crate::core::{GameKind, Move};

    /// A job that waits for `go`, then answers `mv`.
    fn job(go: std::sync::mpsc::Receiver<()>, mv: Move) -> Job {
        Job {
            run: Box::new(move |_: &Stop, _| {
                Ok(go.recv_timeout(Duration::from_secs(10)).ok().map(|()| mv))
            }),
        }
    }

    fn turn(game: &Session, player: PlayerSpec) -> Turn {
        Turn {
            shown: game.shown(),
            player,
        }
    }

    /// Polls `due` until an answer comes or ten seconds pass.
    fn answer(computer: &mut ComputerTurn) -> Option<Answer> {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Some(answer) = computer.due(0.0, 0.0, false) {
                return Some(answer);
            }
            std::thread::yield_now();
        }
        None
    }

    /// Waits, holding the answer as paused play does, until it has come; true if it has.
    fn arrived(computer: &mut ComputerTurn) -> bool {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            let _ = computer.due(0.0, 0.0, true);
            if computer.time_left(0.0, 0.0).is_some() {
                return true;
            }
            std::thread::yield_now();
        }
        false
    }

    #[test]
    fn a_search_for_the_turn_still_wanted_is_kept_and_answers() {
        let game = Session::new(GameKind::TicTacToe.standard());
        let mut computer = ComputerTurn::new(Arc::new(|| {}));
        let (go, wait) = channel();
        let wanted = turn(&game, PlayerSpec::Random);
        computer.start(job(wait, Move::Pass), wanted.clone(), 0.0, None);
        computer.follow(Some(&wanted));
        assert!(computer.is_thinking_about(game.shown()));
        go.send(()).unwrap();
        assert_eq!(
            answer(&mut computer).map(|a| a.mv),
            Some(Ok(Some(Move::Pass)))
        );
        assert!(!computer.is_thinking());
    }

    #[test]
    fn a_search_is_dropped_when_the_position_or_the_player_changes() {
        let mut game = Session::new(GameKind::TicTacToe.standard());
        let mut computer = ComputerTurn::new(Arc::new(|| {}));

        // Another player in the same position.
        let (go, wait) = channel();
        computer.start(
            job(wait, Move::Pass),
            turn(&game, PlayerSpec::Random),
            0.0,
            None,
        );
        computer.follow(Some(&turn(
            &game,
            PlayerSpec::Level(crate::ai::Level::Hard),
        )));
        assert!(!computer.is_thinking());
        let _ = go.send(());
        assert_eq!(computer.due(0.0, 0.0, false), None);

        // The same player in another position: the answer that had come is never played.
        let (go, wait) = channel();
        let before = turn(&game, PlayerSpec::Random);
        computer.start(job(wait, Move::Pass), before, 0.0, None);
        go.send(()).unwrap();
        assert!(arrived(&mut computer), "the answer came");
        game.play(Move::Place("b2".parse().unwrap())).unwrap();
        computer.follow(Some(&turn(&game, PlayerSpec::Random)));
        assert!(!computer.is_thinking());
        assert_eq!(computer.due(0.0, 0.0, false), None);

        // Nobody's turn (a person to move, or the game over).
        let (_go, wait) = channel();
        computer.start(
            job(wait, Move::Pass),
            turn(&game, PlayerSpec::Random),
            0.0,
            None,
        );
        computer.follow(None);
        assert!(!computer.is_thinking());
    }

    #[test]
    fn while_paused_an_answer_waits_unless_a_step_was_asked_in_its_position() {
        let game = Session::new(GameKind::TicTacToe.standard());
        let mut computer = ComputerTurn::new(Arc::new(|| {}));
        let (go, wait) = channel();
        computer.start(
            job(wait, Move::Pass),
            turn(&game, PlayerSpec::Random),
            0.0,
            None,
        );
        go.send(()).unwrap();
        assert!(arrived(&mut computer));
        assert_eq!(computer.due(0.0, 0.0, true), None, "held while paused");
        assert!(!computer.may_start(game.shown(), true));
        computer.step(game.shown());
        assert_eq!(
            computer.due(0.0, 0.0, true).map(|a| a.mv),
            Some(Ok(Some(Move::Pass)))
        );
        assert_eq!(computer.due(0.0, 0.0, true), None);
    }
}
