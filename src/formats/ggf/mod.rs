//! GGF, the Generic Game Format of the Generic Game Server (GGS), as GGS, NBoard and NTest
//! write it.
//!
//! A game is `(;` properties `;)`, a property a name and a bracketed value:
//!
//! ```text
//! 1 (;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[alice]PW[bob]RB[2100.0]
//!  RW[1999.5]TI[15:00//02:00]TY[8]RE[+4.000]
//!  BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]
//!  B[F5//1.2]W[d6/-1.5/0.02]B[C3]W[pass];)
//! ```
//!
//! `BO` is the board size, the cells row by row from a1 (`*` Black, `O` White, `-` empty,
//! rows apart or not) and the side to move; `B` and `W` are Black's and White's moves, in
//! either case, each optionally followed by `/evaluation/time`, with a pass written `PA`,
//! `pa` or `pass`; `RE` is the result in Black's view (`+4.000`, `-2.00:r` for a resignation).
//! In a value, `\` makes the next character plain (`\]` is a `]`).
//!
//! A file holds any number of games: one after another, with or without space between them,
//! or numbered as GGS, NBoard and NTest save a match (`1 (;...;)`, and `2 (;...;)(;...;)` for
//! the two games of a synchro match). The time control `TI` (see [`clock`]) and each move's
//! time are read; properties this reader does not use (each side's time `TB`, `TW`,
//! comments `C`, ratings, anything else) are skipped.
//!
//! Reading is one pass over the text, so its time grows with the file and no faster.

pub mod clock;
mod reader;
mod writer;

#[cfg(test)]
mod tests;

pub use reader::{read, read_watched};
pub use writer::write;
