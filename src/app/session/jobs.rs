//! The background work about a game: the computer's move, Analysis mode and the review,
//! each a [`Job`] for a worker built from the game's history.

use std::sync::PoisonError;

use crate::ai::analysis::{Analysis, analyse_on};
use crate::ai::review::{Review, review};
use crate::ai::{Context, Game as AiGame, PlayerSpec, Progress, Stop, Work};
use crate::app::worker::{Job, Slot};

use super::*;

/// Where a review job leaves its latest snapshot for the window.
pub type ReviewSink = Slot<Review>;

/// Where an analysis job leaves its latest snapshot for the window.
pub type AnalysisSink = Slot<Analysis>;

/// The computer's move in the position shown, by the player `computer` describes, searching
/// on `threads` threads.
pub(super) fn computer_job<G: AiGame>(
    history: &History<G>,
    computer: &PlayerSpec,
    seed: u64,
    threads: usize,
) -> Job {
    let pos = *history.current();
    let mut player = computer.make(&history.positions[0], seed);
    Job {
        run: Box::new(move |stop: &Stop, report: &mut dyn FnMut(&Progress)| {
            player.choose(&pos, &mut Context::new(stop, report).with_threads(threads))
        }),
    }
}

/// Analysis mode for the position shown: the value of every legal move, deepening, solving
/// on `threads` threads.
pub(super) fn analysis_job<G: AiGame>(
    history: &History<G>,
    max_depth: u32,
    threads: usize,
    sink: AnalysisSink,
) -> Job {
    let pos = *history.current();
    Job {
        run: Box::new(move |stop: &Stop, report: &mut dyn FnMut(&Progress)| {
            analyse_on(&pos, max_depth, threads, stop, &mut |analysis| {
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

/// The review of the whole game, position by position.
pub(super) fn review_job<G: AiGame>(history: &History<G>, depth: u32, sink: ReviewSink) -> Job {
    let positions = history.positions.clone();
    let moves = history.moves.clone();
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
