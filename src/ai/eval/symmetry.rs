//! The eight symmetries of the 8x8 board, which the patterns share with the rules core: see
//! [`crate::core::othello::symmetry`].

pub use crate::core::othello::symmetry::{flip_vertical, images, mirror_horizontal, transpose};
