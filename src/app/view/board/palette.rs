//! The board's colours, for each game and theme.

use egui::Color32;

use crate::core::{Side, Variant};

/// The hint's ring: gold, unlike anything else on either board.
pub(super) const HINT_RING: Color32 = Color32::from_rgb(0xff, 0xc1, 0x07);
/// Behind the best analysis value: yellow.
pub(super) const BEST_VALUE: Color32 = Color32::from_rgb(0xff, 0xeb, 0x3b);
/// The ring on the computer's best move so far: light blue.
pub(super) const BEST_RING: Color32 = Color32::from_rgb(0x29, 0xb6, 0xf6);

/// The ring around the better move, in the review of a costly one.
pub(super) const BETTER_RING: Color32 = Color32::from_rgb(0x66, 0xe0, 0x6a);

/// The board's colours, which the review chart shares.
pub(in crate::app) struct Palette {
    pub(in crate::app) background: Color32,
    pub(in crate::app) grid: Color32,
    pub(in crate::app) first: Color32,
    pub(in crate::app) second: Color32,
    pub(in crate::app) outline: Color32,
    pub(in crate::app) dot: Color32,
    pub(in crate::app) marker: Color32,
    pub(in crate::app) coordinates: Color32,
    pub(in crate::app) focus: Color32,
    /// The stroke through a winning line.
    pub(in crate::app) win: Color32,
}

impl Palette {
    pub(in crate::app) fn new(variant: Variant, visuals: &egui::Visuals) -> Palette {
        let dark = visuals.dark_mode;
        match variant {
            Variant::Othello { .. } => Palette {
                background: if dark {
                    Color32::from_rgb(0x1f, 0x5e, 0x34)
                } else {
                    Color32::from_rgb(0x2e, 0x8b, 0x4a)
                },
                grid: Color32::from_rgb(0x12, 0x3d, 0x20),
                first: Color32::from_rgb(0x1a, 0x1a, 0x1a),
                second: Color32::from_rgb(0xf2, 0xf2, 0xf2),
                outline: Color32::from_rgb(0x0c, 0x0c, 0x0c),
                dot: Color32::from_black_alpha(110),
                marker: Color32::from_rgb(0xe5, 0x39, 0x35),
                coordinates: visuals.text_color(),
                focus: Color32::from_rgb(0xff, 0xd5, 0x4f),
                win: Color32::from_rgb(0xff, 0xd5, 0x4f),
            },
            Variant::TicTacToe { .. } => Palette {
                background: visuals.extreme_bg_color,
                grid: visuals.text_color(),
                first: Color32::from_rgb(0x1e, 0x88, 0xe5),
                second: Color32::from_rgb(0xe5, 0x39, 0x35),
                outline: Color32::TRANSPARENT,
                dot: visuals.weak_text_color().gamma_multiply(0.6),
                marker: visuals.selection.bg_fill.gamma_multiply(0.35),
                coordinates: visuals.text_color(),
                focus: visuals.selection.stroke.color,
                win: Color32::from_rgb(0x43, 0xa0, 0x47).gamma_multiply(0.85),
            },
        }
    }

    pub(in crate::app) fn side(&self, side: Side) -> Color32 {
        match side {
            Side::First => self.first,
            Side::Second => self.second,
        }
    }
}
