//! The database beside the board (issue 25), as a person uses it: two files opened (a WTHOR
//! year and a GGF collection), the answer for the position on the board read from the
//! panel, a move clicked for its games, a game opened at the position, a file closed.
//!
//! The games are written here so that the expected answers can be worked out by hand: the
//! GGF games are WTHOR's openings played turned (d3 for f5, e6 for f5), which the database
//! counts as the same positions.

#![cfg(feature = "gui")]

mod common;

use boardplay::app::BoardplayApp;
use boardplay::core::GameKind;
use boardplay::formats::wthor::{self, build};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::ui::{click, harness, menu, new_app, people, temp_dir, type_path};

/// Opens `path` with File > Open game... and the path box, waiting for the reading.
fn open(h: &mut Harness<'_, BoardplayApp>, path: &std::path::Path) {
    menu(h, "File", "Open game...");
    type_path(h, path, "Open");
}

#[test]
fn two_files_answer_for_the_position_and_a_move_lists_its_games() {
    let dir = temp_dir("database");
    let mut app = new_app(dir.join("settings.ron"));
    app.set_settings(people(GameKind::Othello, 8));
    let mut h = harness(app);
    h.run();

    // WTHOR 2004: f5 d6 c3 won by Black 40-24 (+16), f5 d6 c5 lost 30-34 (-4), f5 f6 e6
    // drawn 32-32.
    let mut bytes = build::header(3, 2004, false);
    bytes.extend(build::game(0, 0, 1, 40, "f5d6c3"));
    bytes.extend(build::game(0, 1, 2, 30, "f5d6c5"));
    bytes.extend(build::game(1, 2, 0, 32, "f5f6e6"));
    let wtb = dir.join("WTH_2004.wtb");
    std::fs::write(&wtb, bytes).unwrap();
    let players = build::names(&["Tamenori", "Nicolet", "Shaman"], wthor::PLAYER);
    std::fs::write(dir.join("WTHOR.JOU"), players).unwrap();
    let tournaments = build::names(&["Paris", "Tokyo"], wthor::TOURNAMENT);
    std::fs::write(dir.join("WTHOR.TRN"), tournaments).unwrap();
    // GGF: d3 c5 f6 (f5 d6 c3 turned in the h1-a8 diagonal) won by 10; f5 d6 c3 lost by
    // 2; e6 f4 e3 (f5 d6 c5 in the a1-h8 diagonal), unfinished and with no result.
    let ggf = dir.join("match.ggf");
    std::fs::write(
        &ggf,
        "1 (;GM[Othello]PC[GGS/os]PB[alice]PW[bob]TY[8]RE[+10.000]B[d3]W[c5]B[f6];)\n\
         2 (;GM[Othello]PC[GGS/os]PB[carol]PW[dave]TY[8]RE[-2.000]B[f5]W[d6]B[c3];)\n\
         3 (;GM[Othello]PC[GGS/os]PB[erin]PW[frank]TY[8]B[e6]W[f4]B[e3];)\n",
    )
    .unwrap();

    open(&mut h, &wtb);
    h.get_by_label_contains("WTH_2004.wtb holds 3 games: pick one");
    open(&mut h, &ggf);
    h.get_by_label_contains("match.ggf holds 3 games: pick one (added to the database");
    h.get_by_label("WTH_2004.wtb: 3 games");
    h.get_by_label("match.ggf: 3 games");
    assert_eq!(
        h.state().game().move_list(),
        "",
        "nothing is on the board yet"
    );

    // At the start: six games; five results, +16 -4 0 +10 -2, mean +4.0; 2 won, 1 drawn,
    // 2 lost. The moves as played: f5 four times (+2.5), d3 and e6 once each.
    h.get_by_label(
        "6 games reached this position. Black +4.0 discs on average (2 won, 1 drawn, 2 lost).",
    );
    h.get_by_label("f5");
    h.get_by_label("d3");
    h.get_by_label("e6");
    h.get_by_label("+2.5");
    h.get_by_label("1-1-2");

    // After f5 all six meet (d3 and e6 are f5 turned). Next: d6 five times (+16 -4 -2 +10,
    // one unknown: +5.0, 2-0-2), f6 once (the draw).
    click(&mut h, "f5, empty, legal move");
    h.get_by_label(
        "6 games reached this position. Black +4.0 discs on average (2 won, 1 drawn, 2 lost).",
    );
    h.get_by_label("d6");
    h.get_by_label("f6");
    h.get_by_label("+5.0");
    h.get_by_label("2-0-2");
    assert!(
        h.query_by_label("d3").is_none(),
        "d3 is shown as the f5 it is"
    );

    // A click on d6 lists its five games; the draw's game is not among them.
    click(&mut h, "d6");
    h.get_by_label("After d6");
    h.get_by_label_contains("WTH_2004.wtb: 1. Tamenori");
    h.get_by_label_contains("match.ggf: 3. erin");
    assert!(
        h.query_by_label_contains("WTH_2004.wtb: 3. Shaman")
            .is_none()
    );
    // Find narrows them, in both files.
    let find = h.get_by_label("Find:");
    find.focus();
    find.type_text("alice");
    h.run();
    assert!(h.query_by_label_contains("WTH_2004.wtb: 1.").is_none());

    // Its game opens at the position on the board: the GGF game played d3 c5 f6, found
    // turned, comes turned, after its first move.
    click(
        &mut h,
        "match.ggf: 1. alice \u{2013} bob, GGS/os, +10.000 (3 moves)",
    );
    let game = h.state().game();
    assert_eq!(game.main_line(), "f5d6c3");
    assert_eq!(game.cursor(), 1);
    h.get_by_label_contains("Game 1 of 3 from");
    h.get_by_label_contains("shown after move 1 (turned to match the board)");
    // The database stays, with its answer for the same position.
    h.get_by_label("After d6");

    // Closing the WTHOR year leaves the GGF games: three.
    click(&mut h, "Close WTH_2004.wtb");
    assert!(h.query_by_label("WTH_2004.wtb: 3 games").is_none());
    h.get_by_label(
        "3 games reached this position. Black +4.0 discs on average (1 won, 0 drawn, 1 lost).",
    );
    // Close puts the database away.
    click(&mut h, "Close");
    assert!(h.query_by_label("Database").is_none());
}
