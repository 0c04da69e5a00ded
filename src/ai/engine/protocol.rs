//! The NBoard protocol from the GUI's side: what an engine's lines say, and a position as
//! the GGF game `set game` sends.
//!
//! An engine answers on lines of its own: `set myname NAME`, `status ...`, `nodestats
//! NODES SECONDS`, `search PV EVAL 0 DEPTH` (see [`Sureness`] for DEPTH), `pong N`, and for
//! its move `=== MOVE/EVAL/TIME` (Edax writes `=== MOVE EVAL TIME`). Lines it may send that
//! the player has no use for (`status`, `learned`, anything unknown) are passed over, as
//! the protocol asks of both sides.

use crate::core::{Move, Position, Side, notation};

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
        /// The whole line, where it reads as moves (`F5D6C3`).
        pv: Vec<Move>,
        /// Discs, for the side to move.
        eval: Option<f64>,
        /// How sure the value is.
        sure: Sureness,
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

/// How sure a `search` line's value is, as its DEPTH field says (NBoard's own reading):
/// `12` plies, `22@73%` or NTest's `70%` a selective solve sure to that percent, `100%W` a
/// proven win, loss or draw whose margin is not exact, `100%` an exact value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Sureness {
    /// Plies searched.
    Plies(u32),
    /// A selective solve to the end, sure to `percent`; the empties solved if given.
    Probable {
        /// The depth before the `@`, if given (the empties solved).
        depth: Option<u32>,
        /// The confidence.
        percent: u32,
    },
    /// A win, loss or draw proven; the margin is not exact.
    WinLoss,
    /// The exact value.
    Exact,
    /// A depth that cannot be read.
    Unknown,
}

impl Sureness {
    /// Reads a DEPTH field.
    fn read(field: &str) -> Sureness {
        let digits = |s: &str| -> Option<u32> {
            let d: String = s.chars().take_while(char::is_ascii_digit).collect();
            d.parse().ok()
        };
        match field.split_once('@') {
            Some((depth, percent)) => {
                match percent.strip_suffix('%').and_then(|p| p.parse().ok()) {
                    Some(percent) => Sureness::Probable {
                        depth: digits(depth),
                        percent,
                    },
                    None => Sureness::Unknown,
                }
            }
            None => match (field, digits(field)) {
                ("100%", _) => Sureness::Exact,
                (f, Some(100)) if f.starts_with("100%") => Sureness::WinLoss,
                (f, Some(n)) if f[n.to_string().len()..].starts_with('%') => Sureness::Probable {
                    depth: None,
                    percent: n,
                },
                (_, Some(n)) => Sureness::Plies(n),
                (_, None) => Sureness::Unknown,
            },
        }
    }
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
            let pv = fields
                .first()
                .and_then(|pv| notation::parse_moves(pv).ok())
                .unwrap_or_default();
            Said::Search {
                best,
                pv,
                eval: fields.get(1).and_then(|e| e.parse().ok()),
                sure: Sureness::read(fields.get(3).copied().unwrap_or_default()),
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
