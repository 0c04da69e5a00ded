//! The window's layout (issue 34): at 800x600, 960x680 and 1280x900, with the database panel
//! open, a game on a clock, Analysis mode and then a finished game's review, the whole
//! board, both clocks and the status line are in sight: inside the window and clear of the
//! database panel beside them. A long notice (a file in a folder with a long name) is cut
//! short, and does not widen the board.

#![cfg(feature = "gui")]

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use boardplay::app::BoardplayApp;
use boardplay::app::document::settings::{Display, Settings};
use boardplay::core::{GameKind, TimeControl};
use egui::{Rect, pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::ui::{harness_at, menu, new_app, people, temp_dir, type_path};

/// The window sizes the layout is checked at: a small laptop, the default, a large window.
const SIZES: [(f32, f32); 3] = [(800.0, 600.0), (960.0, 680.0), (1280.0, 900.0)];

/// Three games on a 5-minute clock, from NTest's test games (tests/data/README.md).
fn games_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/othello/testgames-first-3.ggf")
}

/// The window at `size` for two people on a 5 min + 2 s clock in Analysis mode, with the
/// three games opened (so the database panel shows) from a folder with a long name.
fn database_open(size: (f32, f32)) -> Harness<'static, BoardplayApp> {
    let dir = temp_dir(&format!("layout-{}x{}", size.0, size.1));
    let folder = dir.join("a folder with a rather long name so that the notice is long");
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("testgames-first-3.ggf");
    std::fs::copy(games_file(), &file).unwrap();
    let mut app = new_app(dir.join("settings.ron"));
    app.set_settings(Settings {
        clock: Some(TimeControl::new(300, 2).unwrap()),
        display: Display {
            analysis: true,
            ..Display::default()
        },
        ..people(GameKind::Othello, 8)
    });
    let mut h = harness_at(app, vec2(size.0, size.1));
    h.run();
    menu(&mut h, "File", "Open game...");
    type_path(&mut h, &file, "Open");
    h.get_by_label_contains("testgames-first-3.ggf holds 3 games: pick one");
    h
}

/// Where the board, the clocks and the status line may be: the window left of the
/// database panel (whose heading starts at the panel's inner edge).
fn central(h: &Harness<'_, BoardplayApp>, size: (f32, f32)) -> Rect {
    let panel = h.get_by_label("Database").rect().left();
    Rect::from_min_max(pos2(0.0, 0.0), pos2(panel.min(size.0), size.1))
}

/// Asserts that the widget whose name contains `part` lies wholly in `area`; returns its
/// rectangle.
fn in_sight(h: &Harness<'_, BoardplayApp>, part: &str, area: Rect, when: &str) -> Rect {
    let rect = h.get_by_label_contains(part).rect();
    assert!(
        area.contains_rect(rect),
        "{when}: \"{part}\" at {rect:?} is not wholly in {area:?}"
    );
    rect
}

/// The board's corners, both clocks and the status line's turn or result in sight.
fn board_clocks_and_status(h: &Harness<'_, BoardplayApp>, size: (f32, f32), when: &str) {
    let area = central(h, size);
    // The board's whole area: the central panel's, which must not reach under the
    // database panel.
    in_sight(h, "Othello 8x8 board", area, when);
    let a1 = in_sight(h, "a1, ", area, when);
    let h8 = in_sight(h, "h8, ", area, when);
    assert!(
        h8.left() > a1.right() && h8.top() > a1.bottom(),
        "{when}: the board is laid out a1 top left, h8 bottom right"
    );
    in_sight(h, "Black's clock ", area, when);
    in_sight(h, "White's clock ", area, when);
    let over = h.query_by_label_contains("Game over: ").is_some();
    let status = if over { "Game over: " } else { " to move" };
    in_sight(h, status, area, when);
    // The status area's button: New game after the game (the last one laid out, after the
    // side panel's), Pause on a clock.
    let button = if over {
        h.get_all_by_label("New game").last().unwrap()
    } else {
        h.get_by_label("Pause")
    };
    let rect = button.rect();
    assert!(
        area.contains_rect(rect) && rect.left() > a1.left() - 100.0,
        "{when}: the status area's button at {rect:?} is not wholly in {area:?}"
    );
}

#[test]
fn the_board_clocks_and_status_line_stay_in_sight_beside_the_database() {
    for size in SIZES {
        let mut h = database_open(size);
        let when = format!("{}x{}, a game on a clock", size.0, size.1);
        // Analysis mode's legend is a row of the status area (the analysis of the start
        // goes on deepening, so it is not waited for).
        for _ in 0..600 {
            if h.query_by_label_contains("Analysis: ").is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
            h.step();
        }
        board_clocks_and_status(&h, size, &when);
        in_sight(&h, "Analysis: ", central(&h, size), &when);
        // The long notice is cut short inside the central area, its whole text kept.
        in_sight(&h, "holds 3 games: pick one", central(&h, size), &when);

        // The first game, finished and on its clock, with its review in the side panel.
        h.get_by_label_contains("1. Saio1200").click();
        h.run();
        h.get_by_label_contains("Game 1 of 3 from");
        assert!(h.state().game().is_finished());
        assert!(h.state_mut().wait_for_review(Duration::from_secs(120)));
        h.run();
        let when = format!("{}x{}, a finished game's review", size.0, size.1);
        board_clocks_and_status(&h, size, &when);
        // The review's words under the chart wrap in the side panel, left of the board.
        let a1 = h.get_by_label_contains("a1, ").rect();
        let words = h.get_by_label_contains("ahead above the line").rect();
        assert!(
            words.left() >= 0.0 && words.right() <= a1.left(),
            "{when}: the review's words at {words:?} reach the board at {a1:?}"
        );
    }
}
