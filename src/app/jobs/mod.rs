//! The work in the background, so the window never waits: each job runs on a thread of its
//! own, can be cancelled, and its answer is dropped if the game moved on meanwhile.
//!
//! - `worker`: a search on a thread, cancellable, stale answers dropped; the others run on it.
//! - `searches`: the searches about a game, each built from its position by one function:
//!   the computer's move, the hint, Analysis mode, the review.
//! - `computer_turn`: the computer's turn: its search, its answer held for the move delay,
//!   and computer-against-computer play paused or stepped.
//! - `hint`: a hint for the person to move.
//! - `studies`: Analysis mode's values for the shown position, and the review of a finished
//!   game.
//! - `engine_check`: an engine chosen for a side, started at once to learn its name.
//! - `thinking`: the "How it thinks" view's searches: the trees, Monte Carlo, the principal
//!   variations, every algorithm compared.
//! - `file_reading`: a game file read on a thread of its own, with its progress and Cancel.

#[cfg(feature = "gui")]
pub(crate) mod computer_turn;
#[cfg(feature = "gui")]
pub(crate) mod engine_check;
#[cfg(feature = "gui")]
pub(crate) mod file_reading;
#[cfg(feature = "gui")]
pub(crate) mod hint;
pub(crate) mod searches;
#[cfg(feature = "gui")]
pub(crate) mod studies;
#[cfg(feature = "gui")]
pub mod thinking;
// The window runs the workers; without it the session still builds the jobs they run.
pub(crate) mod worker;
