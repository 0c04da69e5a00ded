//! The rules core: tic-tac-toe and Othello on bitboards, behind one shared vocabulary.
//!
//! Nothing here knows about windows, threads, randomness or files. Every game implements
//! [`Position`], so the computer players, the perft counter and the window are written once
//! for all games and sizes.
//!
//! ```
//! use boardplay::core::{Move, Outcome, Position, othello::Othello8};
//!
//! let start = Othello8::start();
//! let f5: Move = start.parse_move("f5").unwrap();
//! let after = start.play(f5).unwrap();
//! assert_eq!(after.counts(), [4, 1]);
//! assert_eq!(after.outcome(), Outcome::Ongoing);
//! ```

mod bits;
mod cell;
mod clock;
mod error;
pub mod notation;
pub mod othello;
pub mod perft;
mod position;
mod side;
pub mod start;
pub mod tictactoe;
mod variant;

pub use bits::{BitIter, Bits, Wide};
pub use cell::{Cell, Move};
pub use clock::{TimeControl, TimeControlError};
pub use error::{ParseError, PlayError};
pub use position::{Outcome, Position};
pub use side::Side;
pub use variant::{GameKind, OthelloSize, Supported, Variant, VariantVisitor};
