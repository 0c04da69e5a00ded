//! The board's tests: layout geometry, accessible names, hit testing.

use egui::{Pos2, Rect, Vec2};

use crate::app::document::session::Session;
use crate::core::{GameKind, Side, Supported, Variant};

use super::*;

#[test]
fn the_board_is_square_and_inside_its_area() {
    for (w, h) in [(800.0, 600.0), (200.0, 900.0), (90.0, 60.0)] {
        let area = Rect::from_min_size(Pos2::new(10.0, 20.0), Vec2::new(w, h));
        let l = Layout::fit(area, 8, 8, true);
        assert!((l.board.width() - l.board.height()).abs() < 1e-3);
        assert!(area.contains_rect(l.board), "{w}x{h}");
    }
}

#[test]
fn cells_tile_the_board_from_a1_at_the_top_left() {
    let area = Rect::from_min_size(Pos2::ZERO, Vec2::new(400.0, 400.0));
    let l = Layout::fit(area, 8, 8, false);
    let a1 = l.cell_rect("a1".parse().unwrap());
    let h8 = l.cell_rect("h8".parse().unwrap());
    assert_eq!(a1.min, l.board.min);
    assert!((h8.max - l.board.max).length() < 1e-3);
    let d3 = l.cell_rect("d3".parse().unwrap());
    assert!((d3.min - (l.board.min + Vec2::new(3.0, 2.0) * l.cell)).length() < 1e-3);
}

#[test]
fn an_animation_holds_the_placed_cell_and_the_flipped_discs() {
    let before = Session::from_moves(Supported::OTHELLO_8, "f5").unwrap();
    let after = Session::from_moves(Supported::OTHELLO_8, "f5d6").unwrap();
    let a = Animation::between(&before.view(), &after.view());
    assert_eq!(a.placed, Some("d6".parse().unwrap()));
    assert_eq!(a.flipped, [("d5".parse().unwrap(), Side::First)]);
}

#[test]
fn cells_have_names_that_say_what_is_there() {
    let game = Session::from_moves(Supported::OTHELLO_8, "f5").unwrap();
    let view = game.view();
    let label = |s: &str| cell_label(&view, Variant::OTHELLO_8, s.parse().unwrap());
    assert_eq!(label("f5"), "f5, black, last move");
    assert_eq!(label("d4"), "d4, white");
    assert_eq!(label("f4"), "f4, empty, legal move");
    assert_eq!(label("a1"), "a1, empty");
    let ttt = Session::from_moves(GameKind::TicTacToe.standard(), "b2").unwrap();
    let view = ttt.view();
    assert_eq!(
        cell_label(&view, Variant::TIC_TAC_TOE_3, "b2".parse().unwrap()),
        "b2, X, last move"
    );
}

#[test]
fn a_value_on_a_ringed_cell_is_written_inside_the_ring() {
    let ctx = egui::Context::default();
    ctx.begin_pass(egui::RawInput::default());
    // Cells from a 12x12 board in a small window to an 8x8 board in a large one.
    for cell in [30.0_f32, 45.0, 60.0, 80.0, 110.0] {
        let rect = Rect::from_min_size(Pos2::new(100.0, 50.0), Vec2::splat(cell));
        let inner = cell * RING_RADIUS - ring_width(cell, 0.08) / 2.0;
        for label in ["+18", "-20", "+64", "-64", "W9", "L2", "D"] {
            let font = egui::FontId::proportional(value_font_size(rect, true));
            let galley =
                ctx.fonts_mut(|f| f.layout_no_wrap(label.to_string(), font, egui::Color32::WHITE));
            let text = value_rect(rect, galley.size(), true);
            // The underline of an exact value, 1 point below, 1.5 wide.
            let marked = text.union(Rect::from_min_max(
                Pos2::new(text.min.x, text.max.y),
                Pos2::new(text.max.x, text.max.y + 1.75),
            ));
            for corner in [
                marked.left_top(),
                marked.right_top(),
                marked.left_bottom(),
                marked.right_bottom(),
            ] {
                let out = (corner - rect.center()).length();
                assert!(
                    out < inner,
                    "{label} on a {cell} pt cell reaches {out:.1} pt, the ring starts at {inner:.1}"
                );
            }
            // Unringed, the value is at the top, where a ring would cross it.
            let font = egui::FontId::proportional(value_font_size(rect, false));
            let galley =
                ctx.fonts_mut(|f| f.layout_no_wrap(label.to_string(), font, egui::Color32::WHITE));
            let top = value_rect(rect, galley.size(), false);
            assert!(rect.contains_rect(top.shrink(0.5)), "{label} in its cell");
        }
    }
}
