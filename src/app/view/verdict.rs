//! The review's verdict under its chart: who won and how, and what that says of the moves.
//! A lost game is never called well played: where no move of the loser's lost much by the
//! review's measure, the verdict says so and names what did it instead (many small losses,
//! a position already worse at the start, or the clock).

use crate::ai::review::{MoveReview, Review};
use crate::core::{Outcome, Side, Variant};

use crate::app::document::session::BoardView;
use crate::app::view::chart::{marked_moves, min_loss};
use crate::app::view::words::{result_text, side_name};

/// The verdict on a finished game: `end` is its last position (its outcome, a time that ran
/// out, its discs), `review` the finished review of its moves.
pub fn verdict(review: &Review, variant: Variant, end: &BoardView) -> String {
    let marked = marked_moves(review, variant);
    let (result, loser) = match (end.timeout, end.outcome) {
        (Some(out), _) => (
            format!(
                "{} won on time: {}'s time ran out.",
                side_name(variant, out.opponent()),
                side_name(variant, out)
            ),
            Some(out),
        ),
        (None, Outcome::Won(winner)) => (
            format!("{}.", result_text(variant, end.outcome, end.counts)),
            Some(winner.opponent()),
        ),
        (None, outcome) => (
            format!("{}.", result_text(variant, outcome, end.counts)),
            None,
        ),
    };
    let moves = if !marked.is_empty() {
        "The moves that cost the most:".to_string()
    } else {
        match loser {
            None => "No move lost much: well played by both.".to_string(),
            Some(loser) => unmarked_loss(review, variant, loser, end.timeout.is_some()),
        }
    };
    format!("{result} {moves}")
}

/// Why `loser` lost although none of its moves lost much: on time (`on_time`), many small
/// losses, or a position that was already worse at the start.
fn unmarked_loss(review: &Review, variant: Variant, loser: Side, on_time: bool) -> String {
    let name = side_name(variant, loser);
    if on_time {
        return format!("No move lost much before that: {name} lost on time.");
    }
    let theirs: Vec<(usize, &MoveReview)> = review
        .moves
        .iter()
        .enumerate()
        .filter(|(_, m)| m.side == loser)
        .collect();
    let total: f32 = theirs.iter().map(|(_, m)| m.loss).sum();
    let worst = theirs
        .iter()
        // The biggest loss; among equal ones, the earliest.
        .max_by(|a, b| a.1.loss.total_cmp(&b.1.loss).then(b.0.cmp(&a.0)))
        .filter(|(_, m)| m.loss > 0.0);
    if let (Variant::Othello { .. }, Some((i, m))) = (variant, worst)
        && total >= min_loss(variant)
    {
        let about = if theirs.iter().all(|(_, m)| m.exact) {
            ""
        } else {
            "about "
        };
        return format!(
            "No single move of {name}'s lost much, but together they lost {about}{} discs \
             (the most, {}, at {}. {}): the game was lost by many small errors.",
            total.round(),
            m.loss.round(),
            i + 1,
            m.mv
        );
    }
    let winner = side_name(variant, loser.opponent());
    let start = review.start.unwrap_or(0.0);
    let for_winner = if loser == Side::First { -start } else { start };
    if for_winner > 0.0 {
        format!(
            "No move of {name}'s lost much by the review's measure: {winner} was ahead from \
             the start, and stayed ahead."
        )
    } else {
        format!(
            "No move of {name}'s lost much by the review's measure: {winner}'s play was \
             stronger than its search sees."
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::document::session::Session;
    use crate::core::GameKind;

    const OTHELLO: Variant = Variant::Othello { size: 8 };

    /// A finished review of moves by alternating sides (Black first), each losing `losses`.
    fn review(losses: &[f32], exact: bool) -> Review {
        let moves: Vec<MoveReview> = losses
            .iter()
            .enumerate()
            .map(|(i, &loss)| MoveReview {
                mv: "f5".parse().unwrap(),
                side: if i % 2 == 0 {
                    Side::First
                } else {
                    Side::Second
                },
                value: 0.0,
                loss,
                best: None,
                exact,
            })
            .collect();
        Review {
            start: Some(0.0),
            total: moves.len(),
            moves,
            done: true,
        }
    }

    /// The end of an Othello game with `counts` on a full board, won or drawn by the counts.
    fn end(counts: [u32; 2], timeout: Option<Side>) -> BoardView {
        let mut view = Session::new(GameKind::Othello.standard()).view();
        view.counts = counts;
        view.outcome = match counts[0].cmp(&counts[1]) {
            std::cmp::Ordering::Greater => Outcome::Won(Side::First),
            std::cmp::Ordering::Less => Outcome::Won(Side::Second),
            std::cmp::Ordering::Equal => Outcome::Drawn,
        };
        view.timeout = timeout;
        if let Some(out) = timeout {
            view.outcome = Outcome::Won(out.opponent());
        }
        view
    }

    #[test]
    fn a_loss_by_many_small_errors_is_not_called_well_played() {
        // Black loses 27-37; none of its moves lost 4 discs, but 3 + 2 + 3 + 2 = 10 in all.
        let r = review(&[3.0, 0.0, 2.0, 1.0, 3.0, 0.0, 2.0, 0.0], true);
        let text = verdict(&r, OTHELLO, &end([27, 37], None));
        assert_eq!(
            text,
            "White wins 37-27. No single move of Black's lost much, but together they lost \
             10 discs (the most, 3, at 1. f5): the game was lost by many small errors."
        );
        assert!(!text.contains("well played"));
    }

    #[test]
    fn a_loss_with_no_loss_at_all_says_who_won_and_that_the_search_saw_none() {
        let r = review(&[0.0, 1.0, 0.0, 2.0], false);
        let text = verdict(&r, OTHELLO, &end([27, 37], None));
        assert_eq!(
            text,
            "White wins 37-27. No move of Black's lost much by the review's measure: \
             White's play was stronger than its search sees."
        );
        let ahead = Review {
            start: Some(-2.0),
            ..r
        };
        assert!(
            verdict(&ahead, OTHELLO, &end([27, 37], None))
                .ends_with("White was ahead from the start, and stayed ahead.")
        );
    }

    #[test]
    fn a_loss_on_time_names_it() {
        let r = review(&[0.0, 1.0, 0.0], true);
        let text = verdict(&r, OTHELLO, &end([40, 20], Some(Side::First)));
        assert_eq!(
            text,
            "White won on time: Black's time ran out. No move lost much before that: Black \
             lost on time."
        );
    }

    #[test]
    fn a_draw_without_costly_moves_is_well_played_and_marked_moves_are_introduced() {
        let r = review(&[0.0, 1.0, 0.0, 0.0], true);
        assert_eq!(
            verdict(&r, OTHELLO, &end([32, 32], None)),
            "Draw 32-32. No move lost much: well played by both."
        );
        let r = review(&[0.0, 6.0, 0.0, 0.0], true);
        assert_eq!(
            verdict(&r, OTHELLO, &end([40, 24], None)),
            "Black wins 40-24. The moves that cost the most:"
        );
    }
}
