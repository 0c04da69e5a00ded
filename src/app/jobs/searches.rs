//! The searches about a game, each a [`Job`] for a worker built from the game's history by
//! one function: the computer's move, the hint, Analysis mode and the review. Each meets
//! the game's own position type through [`Session::visit_history`], the one place a game
//! chosen at run time is matched to its type; a new kind of search is one more function
//! here.

use std::sync::PoisonError;
use std::time::Duration;

use crate::ai::analysis::{Analysis, MoveValue, keep_analysing, value_of_move};
use crate::ai::book::BookOptions;
use crate::ai::clock::OnClock;
use crate::ai::review::{Review, review};
use crate::ai::{Context, Game as AiGame, PlayerSpec, Progress, Stop, Work};
use crate::app::document::session::{History, HistoryVisitor, Session};
use crate::core::{GameKind, Move};

use super::worker::{Job, Slot};

/// Where a review job leaves its latest snapshot for the window.
pub type ReviewSink = Slot<Review>;

/// Where an analysis job leaves its latest snapshot for the window.
pub type AnalysisSink = Slot<Analysis>;

/// Where a hint job leaves the value of its move.
pub type HintSink = Slot<HintValue>;

/// The value of a hint's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintValue {
    /// The move's value in the game's units, as Analysis mode writes it ("+4", "W3", "D").
    pub value: MoveValue,
    /// The plies searched for it, or `None` if it is exact (or from the book).
    pub depth: Option<u32>,
    /// True if the move and its value are the opening book's.
    pub from_book: bool,
}

/// How deep a hint's move is valued when its player says nothing of its depth (MCTS) and
/// the position is beyond the solver's reach.
const HINT_VALUE_DEPTH: u32 = 4;

/// The computer's move in the position shown, by the player `computer` describes, searching
/// on `threads` threads, with `clock` on its clock if the game has clocks (see
/// [`PlayerSpec::make_on_clock`]) and the opening book as `book` says (for Expert); and the
/// time it planned for the move, if it planned one.
pub fn computer_job(
    game: &Session,
    computer: &PlayerSpec,
    seed: u64,
    threads: usize,
    clock: Option<OnClock>,
    book: BookOptions,
) -> (Job, Option<Duration>) {
    struct Computer<'a>(&'a PlayerSpec, u64, usize, Option<OnClock>, BookOptions);
    impl HistoryVisitor for Computer<'_> {
        type Output = (Job, Option<Duration>);
        fn visit<G: AiGame>(self, history: &History<G>) -> Self::Output {
            let Computer(computer, seed, threads, clock, book) = self;
            let pos = *history.current();
            let start = history.start();
            let (mut player, planned) = match clock {
                Some(clock) => computer.make_on_clock_with_book(start, &pos, seed, clock, book),
                None => (computer.make_with_book(start, seed, book), None),
            };
            let job = Job {
                run: Box::new(move |stop: &Stop, report: &mut dyn FnMut(&Progress)| {
                    player.choose(&pos, &mut Context::new(stop, report).with_threads(threads))
                }),
            };
            (job, planned)
        }
    }
    game.visit_history(Computer(computer, seed, threads, clock, book))
}

/// How many empties beyond [`AiGame::solve_reach`] a hint on Othello still solves: the
/// exact solver finishes 8x8 positions of 22 empties in seconds, where the Hard level would
/// only search 6 plies and could contradict Analysis mode's exact values.
const HINT_SOLVE_MARGIN: u32 = 2;

/// The most empties at which a hint solves `pos` rather than asking its player: the
/// solver's reach, and on Othello [`HINT_SOLVE_MARGIN`] more.
fn hint_solves_from<G: AiGame>(pos: &G) -> u32 {
    match G::KIND {
        GameKind::Othello => pos.solve_reach() + HINT_SOLVE_MARGIN,
        GameKind::TicTacToe => pos.solve_reach(),
    }
}

/// A hint in the position shown, on `threads` threads, its value into `sink`. Within the
/// solver's reach (see [`hint_solves_from`]) the position is solved: the hint is a best
/// move, with its exact value, as Analysis mode finds it. Where the opening book holds the
/// position and `book` has it on (the computer's book setting), the hint is the book's best
/// move with the book's value, as the computer would play from it with no variety. Beyond,
/// it is the move `hinter` chooses, valued exactly where the player proved its move, else at
/// the depth the player searched. That value is worked out once the move is known, by [`value_of_move`], since a
/// player's reports are in units of its own (an MCTS win rate, a tic-tac-toe score without
/// the moves to the end).
pub fn hint_job(
    game: &Session,
    hinter: &PlayerSpec,
    seed: u64,
    threads: usize,
    book: BookOptions,
    sink: HintSink,
) -> Job {
    struct Hint<'a>(&'a PlayerSpec, u64, usize, BookOptions, HintSink);
    impl HistoryVisitor for Hint<'_> {
        type Output = Job;
        fn visit<G: AiGame>(self, history: &History<G>) -> Job {
            let Hint(hinter, seed, threads, book, sink) = self;
            // The book's best move (no variety) before whichever player hints.
            let best_only = BookOptions { variety: 0, ..book };
            let player = crate::ai::book::with_book(
                hinter.make(history.start(), seed),
                true,
                best_only,
                seed,
            );
            typed_hint_job(*history.current(), player, threads, sink)
        }
    }
    game.visit_history(Hint(hinter, seed, threads, book, sink))
}

fn typed_hint_job<G: AiGame>(
    pos: G,
    mut player: Box<dyn crate::ai::Player<G>>,
    threads: usize,
    sink: HintSink,
) -> Job {
    Job {
        run: Box::new(move |stop: &Stop, report: &mut dyn FnMut(&Progress)| {
            if pos.empty_cells() <= hint_solves_from(&pos) {
                return Ok(solved_hint(&pos, threads, stop, report, &sink));
            }
            let mut last: Option<Progress> = None;
            let mv = {
                let mut heard = |p: &Progress| {
                    last = Some(p.clone());
                    report(p);
                };
                player.choose(
                    &pos,
                    &mut Context::new(stop, &mut heard).with_threads(threads),
                )?
            };
            let Some(mv) = mv else {
                return Ok(None);
            };
            let said = last.filter(|p| p.best == Some(mv));
            if let Some(p) = said.as_ref().filter(|p| p.work == Work::Book) {
                let discs = p.score.unwrap_or_default();
                let value = MoveValue {
                    mv,
                    score: discs * crate::ai::othello::DISC,
                    exact: false,
                    label: format!("{discs:+}"),
                    pv: p.pv.clone(),
                };
                *sink.lock().unwrap_or_else(PoisonError::into_inner) = Some(HintValue {
                    value,
                    depth: None,
                    from_book: true,
                });
                return Ok(Some(mv));
            }
            let depth = match said {
                Some(p) if p.exact => None,
                Some(Progress {
                    work: Work::Depth(d),
                    ..
                }) => Some(d),
                _ => Some(HINT_VALUE_DEPTH),
            };
            if let Some(value) = value_of_move(&pos, mv, depth, threads, stop) {
                *sink.lock().unwrap_or_else(PoisonError::into_inner) = Some(HintValue {
                    value,
                    depth,
                    from_book: false,
                });
            }
            Ok(Some(mv))
        }),
    }
}

/// The hint in `pos` by solving it: a best move, its exact value into `sink`. `None` if the
/// game is over there or `stop` was raised first.
fn solved_hint<G: AiGame>(
    pos: &G,
    threads: usize,
    stop: &Stop,
    report: &mut dyn FnMut(&Progress),
    sink: &HintSink,
) -> Option<Move> {
    let solution = pos.solve(&mut Context::new(stop, report).with_threads(threads), false)?;
    let mv = *solution.best.first()?;
    let value = MoveValue {
        mv,
        score: solution.score,
        exact: true,
        label: pos.move_label(solution.score, true),
        pv: solution.pv,
    };
    *sink.lock().unwrap_or_else(PoisonError::into_inner) = Some(HintValue {
        value,
        depth: None,
        from_book: false,
    });
    Some(mv)
}

/// Analysis mode for the position shown: the value of every legal move, deepening with no
/// cap until every value is exact (see [`keep_analysing`]), on `threads` threads.
pub fn analysis_job(game: &Session, threads: usize, sink: AnalysisSink) -> Job {
    struct Analyse(usize, AnalysisSink);
    impl HistoryVisitor for Analyse {
        type Output = Job;
        fn visit<G: AiGame>(self, history: &History<G>) -> Job {
            let Analyse(threads, sink) = self;
            typed_analysis_job(*history.current(), threads, sink)
        }
    }
    game.visit_history(Analyse(threads, sink))
}

fn typed_analysis_job<G: AiGame>(pos: G, threads: usize, sink: AnalysisSink) -> Job {
    Job {
        run: Box::new(move |stop: &Stop, report: &mut dyn FnMut(&Progress)| {
            keep_analysing(&pos, threads, stop, &mut |analysis| {
                // The snapshot goes to the window's slot; the progress report only
                // wakes the window (the worker keeps one progress, not a table).
                *sink.lock().unwrap_or_else(PoisonError::into_inner) = Some(analysis.clone());
                report(&Progress {
                    work: Work::Depth(analysis.depth),
                    ..Progress::default()
                });
            });
            Ok(None)
        }),
    }
}

/// The review of the whole game, every move to the last (see [`review`]), position by
/// position, searched `depth` plies where it cannot be solved: it writes each snapshot into
/// `sink` and answers no move.
pub fn review_job(game: &Session, depth: u32, sink: ReviewSink) -> Job {
    struct Reviewing(u32, ReviewSink);
    impl HistoryVisitor for Reviewing {
        type Output = Job;
        fn visit<G: AiGame>(self, history: &History<G>) -> Job {
            let Reviewing(depth, sink) = self;
            typed_review_job(
                history.positions().to_vec(),
                history.moves().to_vec(),
                depth,
                sink,
            )
        }
    }
    game.visit_history(Reviewing(depth, sink))
}

fn typed_review_job<G: AiGame>(
    positions: Vec<G>,
    moves: Vec<Move>,
    depth: u32,
    sink: ReviewSink,
) -> Job {
    Job {
        run: Box::new(move |stop: &Stop, report: &mut dyn FnMut(&Progress)| {
            review(&positions, &moves, depth, stop, &mut |review| {
                *sink.lock().unwrap_or_else(PoisonError::into_inner) = Some(review.clone());
                report(&Progress {
                    work: Work::Moves(review.moves.len()),
                    ..Progress::default()
                });
            });
            Ok(None)
        }),
    }
}
