//! Which game on which board: a runtime description that picks the compile-time types, and
//! the one place where game names and board sizes are read from text.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::ParseError;
use super::othello::{Othello, Size, Size4, Size6, Size8, Size10, Size12, Size14, Size16};
use super::tictactoe::TicTacToe;

/// Which game, whatever the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, strum::VariantArray)]
pub enum GameKind {
    /// Tic-tac-toe, also on bigger boards (an m,n,k-game).
    TicTacToe,
    /// Othello (Reversi).
    Othello,
}

impl GameKind {
    /// The name shown to people.
    pub fn label(self) -> &'static str {
        match self {
            GameKind::TicTacToe => "Tic-tac-toe",
            GameKind::Othello => "Othello",
        }
    }

    /// The usual board: 3x3 tic-tac-toe, 8x8 Othello.
    pub fn default_size(self) -> usize {
        match self {
            GameKind::TicTacToe => 3,
            GameKind::Othello => 8,
        }
    }

    /// The usual board of this game (see [`GameKind::default_size`]), which is always
    /// supported.
    pub fn standard(self) -> Supported {
        match self {
            GameKind::TicTacToe => Supported::TicTacToe(TicTacToe::classic()),
            GameKind::Othello => Supported::OTHELLO_8,
        }
    }

    /// This game on a `size` x `size` board (tic-tac-toe: `size` in a row), checked.
    pub fn square(self, size: usize) -> Result<Supported, ParseError> {
        match self {
            GameKind::TicTacToe => Variant::TicTacToe {
                rows: size,
                cols: size,
                k: size,
            },
            GameKind::Othello => Variant::Othello { size },
        }
        .check()
    }
}

/// Reads a game's name, any case: "tic-tac-toe", "tictactoe", "ttt", "noughts-and-crosses";
/// "othello", "reversi".
impl FromStr for GameKind {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<GameKind, ParseError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "tic-tac-toe" | "tictactoe" | "tic_tac_toe" | "ttt" | "noughts-and-crosses" => {
                Ok(GameKind::TicTacToe)
            }
            "othello" | "reversi" => Ok(GameKind::Othello),
            "" => Err(ParseError::Empty),
            _ => Err(ParseError::UnknownGame(text.trim().to_string())),
        }
    }
}

/// A game and board, as chosen at run time (in settings, on the command line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Tic-tac-toe on `rows` x `cols` cells where `k` in a row wins.
    TicTacToe {
        /// Rows, 3 to 8.
        rows: usize,
        /// Columns, 3 to 8.
        cols: usize,
        /// Marks in a row to win, 3 up to the longer side.
        k: usize,
    },
    /// Othello on a `size` x `size` board (even, 4 to 16).
    Othello {
        /// Rows and columns.
        size: usize,
    },
}

/// Code that runs on the start position of a [`Variant`], with its concrete position type.
///
/// Rust has no generic closures; this trait is the closure. It has one method per game, not
/// one generic over [`Position`], so that a visitor sees the concrete types and can ask more
/// of them than the rules: the AI's `Game` trait, which the core cannot name, is implemented
/// for `TicTacToe` and every `Othello<S>`, so `crate::ai::GameVisitor` adapts this trait
/// with no downcast. A new game is a new method here, and every visitor that does not handle
/// it fails to compile.
pub trait VariantVisitor {
    /// What the code returns.
    type Output;
    /// Runs on a tic-tac-toe start position.
    fn tic_tac_toe(self, start: TicTacToe) -> Self::Output;
    /// Runs on an Othello start position, of the board size `S`.
    fn othello<S: Size>(self, start: Othello<S>) -> Self::Output;
}

impl Variant {
    /// Classic 3x3 tic-tac-toe.
    pub const TIC_TAC_TOE_3: Variant = Variant::TicTacToe {
        rows: 3,
        cols: 3,
        k: 3,
    };
    /// 4x4 tic-tac-toe, four in a row.
    pub const TIC_TAC_TOE_4: Variant = Variant::TicTacToe {
        rows: 4,
        cols: 4,
        k: 4,
    };
    /// Standard 8x8 Othello.
    pub const OTHELLO_8: Variant = Variant::Othello { size: 8 };
    /// 12x12 Othello.
    pub const OTHELLO_12: Variant = Variant::Othello { size: 12 };

    /// The game.
    pub fn kind(self) -> GameKind {
        match self {
            Variant::TicTacToe { .. } => GameKind::TicTacToe,
            Variant::Othello { .. } => GameKind::Othello,
        }
    }

    /// Rows of the board.
    pub fn rows(self) -> usize {
        match self {
            Variant::TicTacToe { rows, .. } => rows,
            Variant::Othello { size } => size,
        }
    }

    /// Columns of the board.
    pub fn cols(self) -> usize {
        match self {
            Variant::TicTacToe { cols, .. } => cols,
            Variant::Othello { size } => size,
        }
    }

    /// Checks that the board is supported.
    pub fn validate(self) -> Result<Variant, ParseError> {
        self.check().map(|_| self)
    }

    /// The board read once: what the rules core plays on for this variant, or why it does
    /// not support it.
    pub fn check(self) -> Result<Supported, ParseError> {
        Ok(match self {
            Variant::TicTacToe { rows, cols, k } => {
                Supported::TicTacToe(TicTacToe::new(rows, cols, k)?)
            }
            Variant::Othello { size } => Supported::Othello(OthelloSize::try_from(size)?),
        })
    }

    /// Runs `visitor` on the start position, with the position type of this variant.
    pub fn visit<V: VariantVisitor>(self, visitor: V) -> Result<V::Output, ParseError> {
        Ok(self.check()?.visit(visitor))
    }
}

/// The Othello boards the rules core plays: the even sizes from 4x4 to 16x16. Reading a
/// number into one ([`TryFrom<usize>`]) is the one check of an Othello size; code that holds
/// one always has a board to play on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OthelloSize {
    /// 4x4.
    S4,
    /// 6x6.
    S6,
    /// 8x8, the standard board.
    S8,
    /// 10x10.
    S10,
    /// 12x12.
    S12,
    /// 14x14.
    S14,
    /// 16x16.
    S16,
}

impl OthelloSize {
    /// Rows (and columns) of the board.
    pub const fn get(self) -> usize {
        match self {
            OthelloSize::S4 => 4,
            OthelloSize::S6 => 6,
            OthelloSize::S8 => 8,
            OthelloSize::S10 => 10,
            OthelloSize::S12 => 12,
            OthelloSize::S14 => 14,
            OthelloSize::S16 => 16,
        }
    }

    /// Runs `visitor` on the start position of this size, with its position type.
    fn visit<V: VariantVisitor>(self, visitor: V) -> V::Output {
        match self {
            OthelloSize::S4 => visitor.othello(Othello::<Size4>::start()),
            OthelloSize::S6 => visitor.othello(Othello::<Size6>::start()),
            OthelloSize::S8 => visitor.othello(Othello::<Size8>::start()),
            OthelloSize::S10 => visitor.othello(Othello::<Size10>::start()),
            OthelloSize::S12 => visitor.othello(Othello::<Size12>::start()),
            OthelloSize::S14 => visitor.othello(Othello::<Size14>::start()),
            OthelloSize::S16 => visitor.othello(Othello::<Size16>::start()),
        }
    }
}

impl TryFrom<usize> for OthelloSize {
    type Error = ParseError;

    fn try_from(size: usize) -> Result<OthelloSize, ParseError> {
        Ok(match size {
            4 => OthelloSize::S4,
            6 => OthelloSize::S6,
            8 => OthelloSize::S8,
            10 => OthelloSize::S10,
            12 => OthelloSize::S12,
            14 => OthelloSize::S14,
            16 => OthelloSize::S16,
            _ => {
                return Err(ParseError::BadSize(format!(
                    "Othello boards are even sizes from 4 to 16, not {size}x{size}"
                )));
            }
        })
    }
}

/// A game and board the rules core supports, its board read once (by [`Variant::check`],
/// or one of the usual boards): a game can always be started on it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Supported {
    /// Tic-tac-toe: the empty board, with its shape and winning lines.
    TicTacToe(TicTacToe),
    /// Othello of a supported size.
    Othello(OthelloSize),
}

impl Supported {
    /// Standard 8x8 Othello.
    pub const OTHELLO_8: Supported = Supported::Othello(OthelloSize::S8);
    /// 12x12 Othello.
    pub const OTHELLO_12: Supported = Supported::Othello(OthelloSize::S12);

    /// The variant as numbers, for display, files and settings.
    pub fn variant(self) -> Variant {
        match self {
            Supported::TicTacToe(start) => {
                let geometry = start.geometry();
                Variant::TicTacToe {
                    rows: geometry.rows(),
                    cols: geometry.cols(),
                    k: geometry.k(),
                }
            }
            Supported::Othello(size) => Variant::Othello { size: size.get() },
        }
    }

    /// Runs `visitor` on the start position, with its position type: it cannot fail.
    pub fn visit<V: VariantVisitor>(self, visitor: V) -> V::Output {
        match self {
            Supported::TicTacToe(start) => visitor.tic_tac_toe(start),
            Supported::Othello(size) => size.visit(visitor),
        }
    }
}

impl From<Supported> for Variant {
    fn from(supported: Supported) -> Variant {
        supported.variant()
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Variant::TicTacToe { rows, cols, k } if rows == cols && k == rows => {
                write!(f, "tic-tac-toe {cols}x{rows}")
            }
            Variant::TicTacToe { rows, cols, k } => {
                write!(f, "tic-tac-toe {cols}x{rows}, {k} in a row")
            }
            Variant::Othello { size } => write!(f, "Othello {size}x{size}"),
        }
    }
}

/// Reads a game and board as [`Display`](fmt::Display) writes them, any case: a game name
/// (see [`GameKind`]'s aliases), then optionally a size, `8` or `8x8` (columns by rows), then
/// for tic-tac-toe optionally `, 4 in a row`. "othello" is 8x8 Othello, "ttt 4" is 4x4
/// tic-tac-toe with 4 in a row, "tic-tac-toe 5x4, 3 in a row" is what it says. Without a
/// `k`, tic-tac-toe needs the longer side in a row. The result is checked.
impl FromStr for Variant {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Variant, ParseError> {
        let text = text.trim().to_ascii_lowercase();
        let (board, k) = match text.split_once(',') {
            Some((board, rest)) => {
                let k = rest.trim().strip_suffix("in a row").ok_or_else(|| {
                    ParseError::BadSize(format!(
                        "expected '<k> in a row' after the comma, not '{}'",
                        rest.trim()
                    ))
                })?;
                (board, Some(number(k.trim())?))
            }
            None => (text.as_str(), None),
        };
        let mut words = board.split_whitespace();
        let kind: GameKind = words.next().unwrap_or("").parse()?;
        let size = words.next();
        if let Some(extra) = words.next() {
            return Err(ParseError::BadSize(format!(
                "unexpected '{extra}' after the size"
            )));
        }
        let (cols, rows) = match size {
            None => (kind.default_size(), kind.default_size()),
            Some(size) => match size.split_once('x') {
                Some((c, r)) => (number(c)?, number(r)?),
                None => (number(size)?, number(size)?),
            },
        };
        match kind {
            GameKind::TicTacToe => Variant::TicTacToe {
                rows,
                cols,
                k: k.unwrap_or(rows.max(cols)),
            }
            .validate(),
            GameKind::Othello if k.is_some() => Err(ParseError::BadSize(
                "Othello has no 'in a row': only a size".into(),
            )),
            GameKind::Othello if rows != cols => Err(ParseError::BadSize(format!(
                "Othello boards are square, not {cols}x{rows}"
            ))),
            GameKind::Othello => Variant::Othello { size: rows }.validate(),
        }
    }
}

fn number(text: &str) -> Result<usize, ParseError> {
    text.parse()
        .map_err(|_| ParseError::BadSize(format!("'{text}' is not a board size")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::VariantArray;

    fn read(text: &str) -> Result<Variant, ParseError> {
        text.parse()
    }

    #[test]
    fn every_game_name_and_alias_is_read_in_any_case() {
        for name in ["othello", "Reversi", " OTHELLO "] {
            assert_eq!(read(name), Ok(Variant::OTHELLO_8), "{name}");
        }
        for name in [
            "tic-tac-toe",
            "TicTacToe",
            "ttt",
            "tic_tac_toe",
            "noughts-and-crosses",
        ] {
            assert_eq!(read(name), Ok(Variant::TIC_TAC_TOE_3), "{name}");
        }
        assert_eq!(read("chess"), Err(ParseError::UnknownGame("chess".into())));
        assert_eq!(read("  "), Err(ParseError::Empty));
    }

    #[test]
    fn sizes_and_lines_follow_the_name() {
        assert_eq!(read("othello 12"), Ok(Variant::OTHELLO_12));
        assert_eq!(read("reversi 6x6"), Ok(Variant::Othello { size: 6 }));
        assert_eq!(read("ttt 4"), Ok(Variant::TIC_TAC_TOE_4));
        assert_eq!(
            read("tic-tac-toe 5x4, 3 in a row"),
            Ok(Variant::TicTacToe {
                rows: 4,
                cols: 5,
                k: 3
            })
        );
    }

    #[test]
    fn what_display_writes_reads_back() {
        let variants = [
            Variant::TIC_TAC_TOE_3,
            Variant::TicTacToe {
                rows: 3,
                cols: 7,
                k: 4,
            },
            Variant::Othello { size: 4 },
            Variant::Othello { size: 16 },
        ];
        for v in variants {
            assert_eq!(read(&v.to_string()), Ok(v), "{v}");
        }
    }

    #[test]
    fn boards_the_rules_do_not_support_are_refused_with_the_reason() {
        for text in [
            "othello 7",
            "othello 18",
            "othello 8x6",
            "othello, 4 in a row",
        ] {
            let e = read(text).unwrap_err();
            assert!(matches!(e, ParseError::BadSize(_)), "{text}: {e:?}");
        }
        assert!(matches!(read("ttt 9"), Err(ParseError::BadSize(_))));
        assert!(matches!(read("ttt big"), Err(ParseError::BadSize(_))));
        assert!(matches!(
            read("ttt 3, 4 in a row"),
            Err(ParseError::BadSize(_))
        ));
        assert!(matches!(read("ttt 3 3"), Err(ParseError::BadSize(_))));
    }

    #[test]
    fn othello_sizes_are_the_even_ones_from_4_to_16() {
        for size in 0..=20 {
            match OthelloSize::try_from(size) {
                Ok(checked) => {
                    assert!(size % 2 == 0 && (4..=16).contains(&size), "{size}");
                    assert_eq!(checked.get(), size);
                    assert_eq!(
                        Variant::Othello { size }.check(),
                        Ok(Supported::Othello(checked))
                    );
                }
                Err(e) => {
                    assert!(size % 2 == 1 || !(4..=16).contains(&size), "{size}");
                    assert_eq!(
                        e.to_string(),
                        format!(
                            "unsupported board: Othello boards are even sizes from 4 to 16, \
                             not {size}x{size}"
                        )
                    );
                }
            }
        }
    }

    #[test]
    fn a_checked_board_gives_back_its_variant() {
        for text in [
            "othello 4",
            "othello 16",
            "ttt 3",
            "tic-tac-toe 5x4, 3 in a row",
        ] {
            let variant = read(text).unwrap();
            assert_eq!(variant.check().unwrap().variant(), variant, "{text}");
        }
    }

    #[test]
    fn each_game_has_its_usual_board() {
        assert_eq!(
            GameKind::TicTacToe.square(3).map(Supported::variant),
            Ok(Variant::TIC_TAC_TOE_3)
        );
        assert_eq!(GameKind::Othello.square(8), Ok(Supported::OTHELLO_8));
        assert!(GameKind::Othello.square(7).is_err());
        for &kind in GameKind::VARIANTS {
            assert_eq!(
                kind.square(kind.default_size()).unwrap().variant().kind(),
                kind
            );
            assert_eq!(kind.standard().variant().kind(), kind);
            assert_eq!(kind.square(kind.default_size()), Ok(kind.standard()));
        }
    }
}
