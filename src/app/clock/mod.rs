//! The game's clocks in the app, side by side:
//!
//! - [`record`]: what a game keeps of its clocks: its time control, the time each move took,
//!   and the side whose time ran out.
//! - `running`: the running clock of the side to move, on egui's clock.
//! - `view`: the clocks on screen, and the choice of a time control.
//!
//! Two more parts live with what they serve: when the window charges a move its time is
//! `window/clock.rs`, and the clock lines of game files are `document/files/clock_lines.rs`.
//! Below the app, `core/clock.rs` holds the time controls and `ai/clock.rs` turns a clock into
//! a time for one move.

pub mod record;
#[cfg(feature = "gui")]
pub(crate) mod running;
#[cfg(feature = "gui")]
pub(crate) mod view;
