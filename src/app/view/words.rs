//! The game's words for people: the names of the sides, results, and why a move was refused.
//! Plain functions of the rules core's values, shared by the board, the panel, the status
//! area and the review chart.

use crate::app::document::settings::PlayerChoice;
use crate::core::othello::final_discs;
use crate::core::{Outcome, PlayError, Side, Variant};

/// A player as the drop-down and game files show it: "Person", "Medium", "Alpha-beta,
/// depth 5".
pub fn choice_text(choice: &PlayerChoice) -> String {
    match choice {
        PlayerChoice::Person => "Person".into(),
        PlayerChoice::Computer(c) => c.label(),
    }
}

/// `text` as a sentence, its first letter a capital: an error's text ("the engine ... stopped")
/// at the head of a notice.
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The name of a side in `variant`: Black and White in Othello, X and O in tic-tac-toe.
pub fn side_name(variant: Variant, side: Side) -> &'static str {
    match (variant, side) {
        (Variant::Othello { .. }, Side::First) => "Black",
        (Variant::Othello { .. }, Side::Second) => "White",
        (Variant::TicTacToe { .. }, Side::First) => "X",
        (Variant::TicTacToe { .. }, Side::Second) => "O",
    }
}

/// The result in words: "Black wins 40-24", "X wins", "Draw". `counts` are the discs on
/// the board; an Othello score is the final one, the empty cells to the winner
/// ([`final_discs`]): "Black wins 63-1 (2 empty cells to the winner)".
pub fn result_text(variant: Variant, outcome: Outcome, counts: [u32; 2]) -> String {
    let cells = (variant.rows() * variant.cols()) as u32;
    let empty = cells.saturating_sub(counts[0] + counts[1]);
    let (final_counts, note) = match (variant, outcome, empty) {
        (Variant::TicTacToe { .. }, ..) | (_, _, 0) => (counts, String::new()),
        (_, Outcome::Drawn, _) => (
            final_discs(counts, cells),
            format!(" ({empty} empty cells shared)"),
        ),
        _ => (
            final_discs(counts, cells),
            format!(
                " ({empty} empty cell{} to the winner)",
                if empty == 1 { "" } else { "s" }
            ),
        ),
    };
    let score = |a: u32, b: u32| match variant {
        Variant::Othello { .. } => format!(" {a}-{b}{note}"),
        Variant::TicTacToe { .. } => String::new(),
    };
    match outcome {
        Outcome::Ongoing => String::new(),
        Outcome::Won(side) => {
            let (w, l) = (
                final_counts[side.index()],
                final_counts[side.opponent().index()],
            );
            format!("{} wins{}", side_name(variant, side), score(w, l))
        }
        Outcome::Drawn => format!("Draw{}", score(final_counts[0], final_counts[1])),
    }
}

/// The result of a game lost on time by `out`: "White wins on time" (the notice that comes
/// with it says whose time ran out).
pub fn on_time_text(variant: Variant, out: Side) -> String {
    format!("{} wins on time", side_name(variant, out.opponent()))
}

/// Why a move was refused, in the game's own words (Black and White, not X and O).
pub fn explain(error: PlayError, variant: Variant) -> String {
    match error {
        PlayError::GameOver => "The game is over: start a new game".into(),
        PlayError::NoFlips(cell) => {
            format!("{cell} is not a legal move: it does not flip any discs")
        }
        PlayError::MustPass(side) => {
            format!(
                "{} has no legal move and must pass",
                side_name(variant, side)
            )
        }
        PlayError::CannotPass => "Passing is only allowed with no legal move".into(),
        // The rules core's own words: "d4 is already taken", "k3 is not on the board".
        PlayError::Occupied(_) | PlayError::OffBoard(_) => error.to_string(),
    }
}

/// `n` with commas between thousands: "100,000" (see [`crate::stats::thousands`]).
pub fn thousands(n: usize) -> String {
    crate::stats::thousands(n as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_set_apart() {
        assert_eq!(thousands(100_000), "100,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(0), "0");
    }

    #[test]
    fn results_read_like_the_tutorials() {
        let o = Variant::OTHELLO_8;
        assert_eq!(
            result_text(o, Outcome::Won(Side::First), [40, 24]),
            "Black wins 40-24"
        );
        assert_eq!(
            result_text(o, Outcome::Won(Side::Second), [20, 44]),
            "White wins 44-20"
        );
        assert_eq!(result_text(o, Outcome::Drawn, [32, 32]), "Draw 32-32");
        // Empty cells go to the winner (WTHOR lists 2004's game 313, 61-1 on the board with
        // two cells empty, as 63-1), and are shared in a draw.
        assert_eq!(
            result_text(o, Outcome::Won(Side::First), [61, 1]),
            "Black wins 63-1 (2 empty cells to the winner)"
        );
        assert_eq!(
            result_text(o, Outcome::Won(Side::Second), [1, 62]),
            "White wins 63-1 (1 empty cell to the winner)"
        );
        assert_eq!(
            result_text(o, Outcome::Drawn, [30, 30]),
            "Draw 32-32 (4 empty cells shared)"
        );
        let t = Variant::TIC_TAC_TOE_3;
        assert_eq!(result_text(t, Outcome::Won(Side::First), [3, 2]), "X wins");
        assert_eq!(result_text(t, Outcome::Drawn, [5, 4]), "Draw");
    }
}
