//! The NBoard protocol from the GUI's side: what an engine's lines say, and a position as
//! the GGF game `set game` sends.
//!
//! An engine answers on lines of its own: `set myname NAME`, `status ...`, `nodestats
//! NODES SECONDS`, `search PV EVAL 0 DEPTH` (DEPTH `100%` once exact), `pong N`, and for
//! its move `=== MOVE/EVAL/TIME` (Edax writes `=== MOVE EVAL TIME`). Lines it may send that
//! the player has no use for (`status`, `learned`, anything unknown) are passed over, as
//! the protocol asks of both sides.

use crate::core::{Position, Side, notation};

/// What one line of an engine says.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Said {
    /// `set myname NAME`: the engine's name.
    Name(String),
    /// `=== MOVE...`: its move as written, and its value for the side to move if given.
    Move {
        /// The move's text (`F5`, `d6`, `PA`).
        mv: String,
        /// Discs, for the side to move.
        eval: Option<f64>,
    },
    /// A `===` line with no move on it.
    NoMove,
    /// `search PV EVAL 0 DEPTH`: the best line so far.
    Search {
        /// The line's first move, as written.
        best: String,
        /// Discs, for the side to move.
        eval: Option<f64>,
        /// The depth searched, `None` if not a number.
        depth: Option<u32>,
        /// True for `100%`: the value is exact.
        exact: bool,
    },
    /// `nodestats NODES SECONDS`.
    NodeStats {
        /// Positions searched.
        nodes: u64,
    },
    /// `pong N`.
    Pong(String),
    /// Anything else.
    Other,
}

/// Reads one line of an engine.
pub(super) fn read_line(line: &str) -> Said {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    match word {
        "===" => {
            // `F5/+2.00/0.53` or `F5 +2.00 0.53`, each part after the move optional.
            let mut parts = rest.split(|c: char| c == '/' || c.is_whitespace());
            match parts.next().filter(|mv| !mv.is_empty()) {
                Some(mv) => Said::Move {
                    mv: mv.to_string(),
                    eval: parts.find(|p| !p.is_empty()).and_then(|e| e.parse().ok()),
                },
                None => Said::NoMove,
            }
        }
        "pong" => Said::Pong(rest.to_string()),
        "nodestats" => match rest.split_whitespace().next().map(str::parse) {
            Some(Ok(nodes)) => Said::NodeStats { nodes },
            _ => Said::Other,
        },
        "search" => {
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let Some(best) = fields.first().and_then(|pv| first_move(pv)) else {
                return Said::Other;
            };
            let depth_field = fields.get(3).copied().unwrap_or_default();
            let digits: String = depth_field
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            Said::Search {
                best,
                eval: fields.get(1).and_then(|e| e.parse().ok()),
                depth: digits.parse().ok(),
                exact: depth_field.starts_with("100%"),
            }
        }
        "set" => match rest.split_once(char::is_whitespace) {
            Some(("myname", name)) if !name.trim().is_empty() => {
                Said::Name(name.trim().to_string())
            }
            _ => Said::Other,
        },
        _ => Said::Other,
    }
}

/// The first move of a principal variation written as one word (`F5D6C3`, `PAd3`).
fn first_move(pv: &str) -> Option<String> {
    let first = notation::parse_moves(pv).ok()?.into_iter().next()?;
    Some(first.to_string())
}

/// The GGF game of one position, with no moves, as `set game` sends it: `BO` gives the
/// cells (`*` Black, `O` White, `-` empty, row by row from a1) and the side to move.
/// Meant for Othello; any other game is written the same way and refused by the engine.
pub(super) fn position_game<P: Position>(pos: &P) -> String {
    let letter = |side: Option<Side>| match side {
        Some(Side::First) => '*',
        Some(Side::Second) => 'O',
        None => '-',
    };
    let mut cells = String::with_capacity(pos.cell_count());
    for row in 0..pos.rows() {
        for col in 0..pos.cols() {
            cells.push(letter(pos.at(crate::core::Cell::new(col as u8, row as u8))));
        }
    }
    let n = pos.rows();
    let side = letter(Some(pos.side_to_move()));
    format!("(;GM[Othello]PC[boardplay]TY[{n}]BO[{n} {cells} {side}];)")
}
