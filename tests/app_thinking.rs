//! The "How it thinks" view in the window: the search trees on tic-tac-toe (counts, a cut
//! node opened, alpha-beta stepped), Monte Carlo's heat map on Othello 8x8 and the
//! comparison table on an FFO position. Expected values come from outside the searches:
//! the full tic-tac-toe game tree (549,946 positions, 255,168 finished games), the reference
//! rules of tests/common/reference.rs, the published FFO scores.

#![cfg(feature = "gui")]

mod common;

use std::time::Duration;

use boardplay::ai::trace;
use boardplay::ai::{Level, PlayerSpec, Stop};
use boardplay::app::BoardplayApp;
use boardplay::app::document::settings::{PlayerChoice, Settings};
use boardplay::core::tictactoe::TicTacToe;
use boardplay::core::{Cell, GameKind, Move};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use common::reference::{RefTicTacToe, Reference};
use common::ui::{click, key, menu, people, text, window};
use egui::{Key, Modifiers};

const WAIT: Duration = Duration::from_secs(120);

/// Waits for the view's searches and lets the window show what they found.
fn settle(h: &mut Harness<'_, BoardplayApp>) {
    h.state_mut().wait_for_thinking(WAIT);
    h.run();
}

/// The window with two people at `game` on `size`, the view open on `part`, settled.
fn thinking(name: &str, game: GameKind, size: usize, part: &str) -> Harness<'static, BoardplayApp> {
    let mut h = window(name, people(game, size));
    menu(&mut h, "View", "How it thinks");
    settle(&mut h);
    if part != "Search tree" {
        click(&mut h, part);
        settle(&mut h);
    }
    h
}

/// Every label shown, in order.
fn labels(h: &Harness<'_, BoardplayApp>) -> Vec<String> {
    // A label widget's text is its value, and again its text run's.
    h.query_all_by(|_| true)
        .filter(|n| n.accesskit_node().role() != egui::accesskit::Role::TextRun)
        .map(|n| text(&n))
        .filter(|t| !t.is_empty())
        .collect()
}

/// The number in "12,345 something".
fn number(s: &str) -> u64 {
    let digits: String = s
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no number in {s:?}"))
}

/// Positions in the whole game tree below `pos`, `pos` included, by the reference rules.
fn reference_nodes(pos: &RefTicTacToe) -> u64 {
    1 + pos
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut next = pos.clone();
            next.play(mv);
            reference_nodes(&next)
        })
        .sum::<u64>()
}

#[test]
fn the_tree_counts_are_the_searches_and_the_whole_game_tree() {
    let h = thinking("think-counts", GameKind::TicTacToe, 3, "Search tree");
    let shown = labels(&h);
    let positions: Vec<u64> = shown
        .iter()
        .filter(|l| l.ends_with(" positions") && l.split_whitespace().count() == 2)
        .map(|l| number(l))
        .collect();
    // Minimax from the empty board visits the whole game tree.
    assert_eq!(positions.first(), Some(&549_946), "{shown:?}");
    let row = shown.iter().position(|l| l == "finished games").unwrap();
    assert_eq!(number(&shown[row + 1]), 255_168);
    // Alpha-beta's count is its own counter's (which leaves the root out) plus the root.
    let start = TicTacToe::new(3, 3, 3).unwrap();
    let (_, counted, tree) = trace::watch_alphabeta(&start, 9, 16, 1_000_000, &Stop::new());
    assert_eq!(positions.get(1), Some(&(counted + 1)), "{shown:?}");
    assert_eq!(tree.visited, counted + 1);
    assert!(counted + 1 < 549_946 / 100, "alpha-beta visits far fewer");
}

#[test]
fn a_cut_node_opens_on_its_skipped_moves_and_what_they_saved() {
    let mut h = thinking("think-cut", GameKind::TicTacToe, 3, "Search tree");
    assert!(
        !labels(&h)
            .iter()
            .any(|l| l.ends_with("cut, never searched")),
        "nothing cut is shown before a cut node is opened"
    );
    // The root's children are shown; the first one cut is opened.
    let header = labels(&h)
        .into_iter()
        .find(|l| l.contains(", cut ") && l.contains(": draw for O"))
        .expect("a child of the root was cut");
    let cut_count: usize = header
        .split(", cut ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let first: Cell = header.split(':').next().unwrap().parse().unwrap();
    click(&mut h, &header);
    let skipped: Vec<Cell> = labels(&h)
        .iter()
        .filter_map(|l| l.strip_suffix(": cut, never searched"))
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(skipped.len(), cut_count, "{header}");
    // The saving is the minimax tree below each skipped move, by the reference rules.
    let mut after = RefTicTacToe::new(3, 3, 3);
    after.play(Move::Place(first));
    let expected: u64 = skipped
        .iter()
        .map(|&c| {
            let mut next = after.clone();
            next.play(Move::Place(c));
            reference_nodes(&next)
        })
        .sum();
    h.get_by_label(&format!(
        "The value reached beta: the cut saved {} positions",
        boardplay::stats::thousands(expected)
    ));
}

#[test]
fn stepping_alpha_beta_walks_down_the_first_line_then_narrows_the_window() {
    let mut h = thinking("think-step", GameKind::TicTacToe, 3, "Search tree");
    let step_line = |h: &Harness<'_, BoardplayApp>| {
        labels(h)
            .into_iter()
            .find(|l| l.starts_with("Step ") && l.contains(" of "))
            .expect("the step shown")
    };
    let first = step_line(&h);
    assert!(
        first.starts_with("Step 1 of ") && first.ends_with(": enter root, window (-inf, +inf)"),
        "{first}"
    );
    // The steps: each node kept entered and left, and each cut said.
    let start = TicTacToe::new(3, 3, 3).unwrap();
    let (_, _, tree) = trace::watch_alphabeta(&start, 9, 16, 1_000_000, &Stop::new());
    let cuts = tree.nodes.iter().filter(|n| n.cut.is_some()).count();
    let total = 2 * tree.nodes.len() + cuts;
    assert!(first.starts_with(&format!("Step 1 of {total}:")), "{first}");
    // Principal variation search takes the first move of each node with the whole window,
    // so the search goes down with (-inf, +inf) until its first leaf comes back...
    let mut shown = Vec::new();
    for _ in 0..40 {
        click(&mut h, "Step");
        shown.push(step_line(&h));
    }
    let first_leave = shown.iter().position(|l| l.contains(": leave ")).unwrap();
    for line in &shown[..first_leave] {
        assert!(line.ends_with("window (-inf, +inf)"), "{line}");
    }
    // ... then every later move is tried with a window narrowed by that value.
    let narrowed = shown[first_leave..]
        .iter()
        .find(|l| l.contains(": enter "))
        .expect("another node entered");
    assert!(
        !narrowed.contains("-inf") && !narrowed.contains("+inf"),
        "{narrowed}"
    );
    // The current node is last on the stack of open nodes, which starts at the root.
    h.get_by_label("root (-inf, +inf)");
    click(&mut h, "Back");
    assert_eq!(step_line(&h), shown[shown.len() - 2]);
}

#[test]
fn the_mcts_heat_map_visits_add_up_to_the_iterations() {
    let h = thinking("think-mcts", GameKind::Othello, 8, "MCTS");
    let shown = labels(&h);
    let done = shown
        .iter()
        .find(|l| l.starts_with("Iterations: "))
        .expect("the iterations shown");
    let iterations: u64 = number(done.trim_start_matches("Iterations: "));
    assert_eq!(done, "Iterations: 200,000 of 200,000");
    let visits: Vec<u64> = shown
        .iter()
        .filter(|l| l.ends_with(" visits"))
        .map(|l| number(l))
        .collect();
    // The four legal moves of the start.
    assert_eq!(visits.len(), 4, "{shown:?}");
    assert_eq!(visits.iter().sum::<u64>(), iterations);
}

#[test]
fn the_comparison_on_ffo_1_shows_the_published_score() {
    let ffo = common::ffo(1);
    let mut h = window("think-ffo", people(GameKind::Othello, 8));
    let file = format!(
        "game: othello\nsize: 8\nboard: {}\nmoves:\n",
        ffo.board_string()
    );
    h.event(egui::Event::Paste(file));
    h.run();
    h.get_by_label("Played 0 pasted moves");
    menu(&mut h, "View", "How it thinks");
    settle(&mut h);
    click(&mut h, "Compare");
    settle(&mut h);
    let shown = labels(&h);
    let row = shown
        .iter()
        .position(|l| l == "solver")
        .expect("the solver's row");
    assert_eq!(shown[row + 1], ffo.best_moves[0], "{shown:?}");
    assert_eq!(shown[row + 2], format!("{:+} discs", ffo.score));
    let agree = shown
        .iter()
        .position(|l| l.starts_with("Minimax and alpha-beta give the same value"))
        .unwrap();
    assert_eq!(shown[agree + 1], "yes");
    // The best line: the solver's, from the same position.
    click(&mut h, "Best line");
    settle(&mut h);
    let shown = labels(&h);
    let solver = shown
        .iter()
        .find(|l| l.starts_with("Solver, exact: "))
        .unwrap_or_else(|| panic!("{shown:?}"));
    assert!(
        solver.starts_with(&format!("Solver, exact: {:+} discs for Black (", ffo.score)),
        "{solver}"
    );
}

#[test]
fn monte_carlo_follows_the_position_and_stops_when_the_view_closes() {
    let mut h = thinking("think-follow", GameKind::Othello, 8, "MCTS");
    click(&mut h, "f5, empty, legal move");
    settle(&mut h);
    let shown = labels(&h);
    let visits: Vec<u64> = shown
        .iter()
        .filter(|l| l.ends_with(" visits"))
        .map(|l| number(l))
        .collect();
    // White's three answers to f5: d6, f4 and f6.
    assert_eq!(visits.len(), 3, "{shown:?}");
    assert_eq!(visits.iter().sum::<u64>(), 200_000);
    // A search far too long to wait for...
    h.get_by_role(egui::accesskit::Role::SpinButton)
        .set_value_accesskit(2_000_000.0);
    h.run();
    assert!(
        !h.state()
            .wait_for_thinking_to_end(Duration::from_millis(300)),
        "the long search runs"
    );
    // ... ends as the view closes.
    key(&mut h, Modifiers::COMMAND, Key::T);
    assert!(
        h.query_by_label("How it thinks").is_none(),
        "the view closed"
    );
    assert!(h.state().wait_for_thinking_to_end(Duration::from_secs(3)));
}

/// The Monte Carlo iterations the view shows (0 before its first report).
fn iterations_shown(h: &Harness<'_, BoardplayApp>) -> u64 {
    labels(h)
        .iter()
        .find_map(|l| l.strip_prefix("Iterations: ").map(number))
        .unwrap_or(0)
}

/// Steps frames, 20 ms apart in real time, until `done` holds (at most 30 s).
fn step_until(
    h: &mut Harness<'_, BoardplayApp>,
    done: impl Fn(&Harness<'_, BoardplayApp>) -> bool,
) {
    for _ in 0..1500 {
        h.step();
        if done(h) {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("not reached in 30 s: {:?}", labels(h));
}

/// What a held part of the view says.
const PAUSED: &str = "Paused while the computer thinks, so as not to slow it: the search goes \
                      on when its turn ends.";

#[test]
fn monte_carlo_waits_while_the_computer_thinks_and_goes_on_when_its_turn_ends() {
    let mut h = thinking("think-held", GameKind::Othello, 8, "MCTS");
    // Two million iterations: about six seconds of search, which this test never waits out.
    h.get_by_role(egui::accesskit::Role::SpinButton)
        .set_value_accesskit(2_000_000.0);
    h.run();
    step_until(&mut h, |h| iterations_shown(h) > 0);
    // The computer takes Black, to move here: its turn lasts as long as the test (its move
    // waits out a ten-minute delay), on the same position, so the same search is held.
    let both_people = people(GameKind::Othello, 8);
    h.state_mut().set_settings(Settings {
        first: PlayerChoice::Computer(PlayerSpec::Level(Level::Easy)),
        computer_delay_ms: 600_000,
        ..both_people.clone()
    });
    h.step();
    assert!(h.state().is_thinking());
    // Within a hundred iterations it waits; then its count stays where it stopped.
    std::thread::sleep(Duration::from_millis(200));
    h.step();
    let held = iterations_shown(&h);
    std::thread::sleep(Duration::from_millis(400));
    h.step();
    assert_eq!(
        iterations_shown(&h),
        held,
        "no iteration while the computer thinks"
    );
    assert!(
        held < 2_000_000,
        "the search was held before its end ({held})"
    );
    assert!(labels(&h).iter().any(|l| l == PAUSED), "{:?}", labels(&h));
    assert!(!labels(&h).iter().any(|l| l == "Searching..."));
    // The people take the board back: the computer's turn ends, the same search goes on.
    h.state_mut().set_settings(both_people);
    step_until(&mut h, |h| iterations_shown(h) > held);
    assert!(!h.state().is_thinking());
    assert!(!labels(&h).iter().any(|l| l == PAUSED), "{:?}", labels(&h));
    // A new position on the computer's turn waits from its start: nothing counted.
    computer_answers_f5_in_ten_minutes(&mut h);
    std::thread::sleep(Duration::from_millis(300));
    h.step();
    assert_eq!(iterations_shown(&h), 0, "{:?}", labels(&h));
    assert!(labels(&h).iter().any(|l| l == PAUSED), "{:?}", labels(&h));
    key(&mut h, Modifiers::COMMAND, Key::T);
    assert!(h.state().wait_for_thinking_to_end(Duration::from_secs(3)));
}

/// The computer takes White, a person plays f5, and the computer's turn begins: it answers
/// after a ten-minute delay, so its turn lasts as long as the test.
fn computer_answers_f5_in_ten_minutes(h: &mut Harness<'static, BoardplayApp>) {
    h.state_mut().set_settings(Settings {
        second: PlayerChoice::Computer(PlayerSpec::Level(Level::Easy)),
        computer_delay_ms: 600_000,
        ..people(GameKind::Othello, 8)
    });
    click(h, "f5, empty, legal move");
    assert!(h.state().is_thinking());
}

/// The tree part's search does not run beside the computer's: on the computer's turn it
/// waits, says so, and runs once the turn ends.
#[test]
fn the_tree_search_waits_while_the_computer_thinks_and_runs_when_its_turn_ends() {
    let mut h = thinking("think-tree-held", GameKind::Othello, 8, "Search tree");
    assert!(labels(&h).iter().any(|l| l == "positions visited"));
    computer_answers_f5_in_ten_minutes(&mut h);
    std::thread::sleep(Duration::from_millis(500));
    h.step();
    let shown = labels(&h);
    assert!(shown.iter().any(|l| l == PAUSED), "{shown:?}");
    assert!(
        !shown.iter().any(|l| l == "positions visited"),
        "no tree searched while the computer thinks: {shown:?}"
    );
    assert!(!shown.iter().any(|l| l == "Searching..."), "{shown:?}");
    // The people take the board back: the computer's turn ends and the tree is searched.
    h.state_mut().set_settings(people(GameKind::Othello, 8));
    step_until(&mut h, |h| {
        labels(h).iter().any(|l| l == "positions visited")
    });
    assert!(!h.state().is_thinking());
    let shown = labels(&h);
    assert!(!shown.iter().any(|l| l == PAUSED), "{shown:?}");
    // Minimax's first level is White's three answers to f5: d6, f4 and f6.
    let level = shown.iter().position(|l| l == "level 1").expect("level 1");
    assert_eq!(shown[level + 1], "3", "{shown:?}");
    key(&mut h, Modifiers::COMMAND, Key::T);
    assert!(h.state().wait_for_thinking_to_end(Duration::from_secs(3)));
}

/// At the window's default size (960x680) the view's search tree part, whose tables are wider
/// than the panel, stays in its panel beside the board: its words start right of the board's
/// last column, where they once ran under the board and were cut off on the left.
#[test]
fn the_view_stays_beside_the_board_in_the_default_window() {
    let app =
        common::ui::new_app(common::ui::temp_dir("thinking-default-size").join("settings.ron"));
    let mut h = common::ui::harness_at(app, egui::vec2(960.0, 680.0));
    h.state_mut().set_settings(people(GameKind::Othello, 8));
    h.run();
    menu(&mut h, "View", "How it thinks");
    settle(&mut h);
    let board_right = h.get_by_label_contains("h1, ").rect().right();
    for words in [
        "positions visited",
        "Step through alpha-beta",
        "Browse the tree of",
    ] {
        let rect = h.get_by_label_contains(words).rect();
        assert!(
            rect.left() >= board_right,
            "\"{words}\" at {rect:?} starts left of the board's edge at {board_right}"
        );
    }
}
