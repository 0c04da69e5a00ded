//! Tic-tac-toe counts: games, reachable positions and results, walked with the library's own
//! moves and compared with the counts of `tests/data/tictactoe/facts.txt`.
//!
//! A game is a distinct move sequence from the empty board to a finished position; a position
//! is a board reachable by legal play, the empty board and finished boards included.

mod common;

use boardplay::core::tictactoe::TicTacToe;
use boardplay::core::{Outcome, Position, Side, perft::perft};
use common::Facts;

const CLASSIC: (usize, usize, usize) = (3, 3, 3);
const FOUR_K4: (usize, usize, usize) = (4, 4, 4);
const FOUR_K3: (usize, usize, usize) = (4, 4, 3);

fn empty_board((rows, cols, k): (usize, usize, usize)) -> TicTacToe {
    TicTacToe::new(rows, cols, k).expect("a supported shape")
}

/// Finished games below `pos`, by result: [X wins, O wins, draws].
fn count_games(pos: &TicTacToe, totals: &mut [u64; 3]) {
    match pos.outcome() {
        Outcome::Won(Side::First) => totals[0] += 1,
        Outcome::Won(Side::Second) => totals[1] += 1,
        Outcome::Drawn => totals[2] += 1,
        Outcome::Ongoing => {
            for mv in pos.legal_moves() {
                count_games(&pos.play(mv).expect("a generated move is legal"), totals);
            }
        }
    }
}

#[test]
fn classic_3x3_games_and_their_results() {
    let facts = Facts::load();
    let mut totals = [0; 3];
    count_games(&empty_board(CLASSIC), &mut totals);
    assert_eq!(
        totals[0],
        facts.number(CLASSIC, "games_x_wins"),
        "games X wins"
    );
    assert_eq!(
        totals[1],
        facts.number(CLASSIC, "games_o_wins"),
        "games O wins"
    );
    assert_eq!(
        totals[2],
        facts.number(CLASSIC, "games_drawn"),
        "drawn games"
    );
    let games = facts.number(CLASSIC, "games");
    assert_eq!(totals.iter().sum::<u64>(), games, "all games");
    // No game lasts more than 9 plies, so perft at depth 9 counts every game once.
    let start = empty_board(CLASSIC);
    assert_eq!(start.perft(9), games);
    assert_eq!(perft(&start, 9), games);
    assert_eq!(
        start.perft(12),
        games,
        "deeper than the longest game changes nothing"
    );
}

/// Reachable positions, layer by layer: how many first appear at each ply, and the finished
/// ones by result.
struct Reachable {
    by_ply: Vec<u64>,
    terminal: [u64; 3],
}

impl Reachable {
    fn total(&self) -> u64 {
        self.by_ply.iter().sum()
    }
}

/// Walks every position reachable from the empty board. A position is identified exactly by
/// its base-3 code (0 empty, 1 X, 2 O per cell); a bit set over all codes marks those seen.
/// Every position at ply `p` has `p` marks, so each one is found in exactly one layer.
fn reachable(shape: (usize, usize, usize)) -> Reachable {
    let start = empty_board(shape);
    let cells = start.cell_count();
    let pow3: Vec<u64> = (0..cells).map(|i| 3u64.pow(i as u32)).collect();
    let code = |pos: &TicTacToe| -> u64 {
        let (x, o) = (pos.marks(Side::First), pos.marks(Side::Second));
        (0..cells)
            .map(|i| pow3[i] * ((x >> i & 1) + 2 * (o >> i & 1)))
            .sum()
    };
    let mut seen = vec![0u64; (3usize.pow(cells as u32)).div_ceil(64)];
    let mut mark = |c: u64| -> bool {
        let (word, bit) = ((c / 64) as usize, c % 64);
        let new = seen[word] >> bit & 1 == 0;
        seen[word] |= 1 << bit;
        new
    };
    mark(code(&start));
    let mut result = Reachable {
        by_ply: Vec::new(),
        terminal: [0; 3],
    };
    let mut layer = vec![start];
    while !layer.is_empty() {
        result.by_ply.push(layer.len() as u64);
        let mut next = Vec::new();
        for pos in &layer {
            match pos.outcome() {
                Outcome::Won(Side::First) => result.terminal[0] += 1,
                Outcome::Won(Side::Second) => result.terminal[1] += 1,
                Outcome::Drawn => result.terminal[2] += 1,
                Outcome::Ongoing => {
                    for mv in pos.legal_moves() {
                        let child = pos.play_unchecked(mv);
                        if mark(code(&child)) {
                            next.push(child);
                        }
                    }
                }
            }
        }
        layer = next;
    }
    result
}

fn check_reachable(shape: (usize, usize, usize), by_ply: bool, terminal: bool) {
    let facts = Facts::load();
    let found = reachable(shape);
    if by_ply {
        assert_eq!(
            found.by_ply,
            facts.numbers(shape, "positions_by_ply"),
            "{shape:?}: positions by ply"
        );
    }
    assert_eq!(
        found.total(),
        facts.number(shape, "positions"),
        "{shape:?}: reachable positions"
    );
    if terminal {
        let (x, o, d) = facts.split(shape, "terminal_positions");
        assert_eq!(
            found.terminal,
            [x, o, d],
            "{shape:?}: finished positions X/O/draw"
        );
        assert_eq!(
            found.terminal.iter().sum::<u64>(),
            facts.number(shape, "terminal_positions"),
            "{shape:?}: finished positions"
        );
    }
}

#[test]
fn classic_3x3_reachable_positions() {
    check_reachable(CLASSIC, true, true);
}

/// THE SLOW TEST of the suite: walks all 9.7 million positions of 4x4, four in a row.
#[test]
fn four_by_four_four_in_a_row_reachable_positions() {
    check_reachable(FOUR_K4, true, true);
}

#[test]
fn four_by_four_three_in_a_row_reachable_positions() {
    check_reachable(FOUR_K3, false, false);
}

/// The result under perfect play, for the side to move: 1 win, 0 draw, -1 loss.
fn negamax(pos: &TicTacToe) -> i32 {
    match pos.outcome() {
        Outcome::Won(side) if side == pos.side_to_move() => 1,
        Outcome::Won(_) => -1,
        Outcome::Drawn => 0,
        Outcome::Ongoing => pos
            .legal_moves()
            .map(|mv| -negamax(&pos.play_unchecked(mv)))
            .max()
            .expect("an unfinished game has a move"),
    }
}

#[test]
fn classic_3x3_is_a_draw_after_every_first_move() {
    let facts = Facts::load();
    assert!(
        facts.value(CLASSIC, "value").starts_with("draw"),
        "facts.txt says 3x3 is a draw"
    );
    let start = empty_board(CLASSIC);
    assert_eq!(negamax(&start), 0);
    for mv in start.legal_moves() {
        assert_eq!(negamax(&start.play_unchecked(mv)), 0, "after {mv}");
    }
}

/// Probabilities of [X wins, O wins, draw] when both sides pick uniformly among legal moves.
fn random_play(pos: &TicTacToe) -> [f64; 3] {
    match pos.outcome() {
        Outcome::Won(Side::First) => [1.0, 0.0, 0.0],
        Outcome::Won(Side::Second) => [0.0, 1.0, 0.0],
        Outcome::Drawn => [0.0, 0.0, 1.0],
        Outcome::Ongoing => {
            let n = pos.move_count() as f64;
            let mut p = [0.0; 3];
            for mv in pos.legal_moves() {
                let q = random_play(&pos.play_unchecked(mv));
                for i in 0..3 {
                    p[i] += q[i] / n;
                }
            }
            p
        }
    }
}

#[test]
fn classic_3x3_random_play_probabilities() {
    let text = common::read_data("tictactoe/facts.txt");
    let line = text
        .lines()
        .find(|l| l.starts_with("3x3 ") && l.contains("P(X wins)"))
        .expect("facts.txt lists the random-play probabilities of 3x3");
    let prob = |label: &str| -> f64 {
        let rest = &line[line.find(label).expect(label) + label.len()..];
        rest.split_whitespace().next().unwrap().parse().unwrap()
    };
    let expected = [prob("P(X wins)"), prob("P(O wins)"), prob("P(draw)")];
    let found = random_play(&empty_board(CLASSIC));
    for i in 0..3 {
        assert!(
            (found[i] - expected[i]).abs() < 1e-6,
            "random play: found {found:?}, facts.txt {expected:?}"
        );
    }
}

/// The 3x3 positions up to rotation and reflection: each counted once by its smallest image.
#[test]
fn classic_3x3_positions_up_to_symmetry() {
    let facts = Facts::load();
    let start = empty_board(CLASSIC);
    // The eight symmetries of the square, as maps of (row, col).
    let images = |r: usize, c: usize| -> [(usize, usize); 8] {
        let (rr, rc) = (2 - r, 2 - c);
        [
            (r, c),
            (c, rr),
            (rr, rc),
            (rc, r),
            (r, rc),
            (rr, c),
            (c, r),
            (rc, rr),
        ]
    };
    let mut seen = std::collections::HashSet::new();
    let mut canonical = std::collections::HashSet::new();
    let mut stack = vec![start];
    while let Some(pos) = stack.pop() {
        let board = pos.to_board_string();
        if !seen.insert(board.clone()) {
            continue;
        }
        let cells: Vec<char> = board.chars().take(9).collect();
        let smallest = (0..8)
            .map(|s| {
                let mut image = ['-'; 9];
                for (i, ch) in cells.iter().enumerate() {
                    let (r, c) = images(i / 3, i % 3)[s];
                    image[r * 3 + c] = *ch;
                }
                image
            })
            .min()
            .unwrap();
        canonical.insert(smallest);
        stack.extend(pos.legal_moves().map(|mv| pos.play_unchecked(mv)));
    }
    assert_eq!(seen.len() as u64, facts.number(CLASSIC, "positions"));
    assert_eq!(
        canonical.len() as u64,
        facts.number(CLASSIC, "positions_up_to_symmetry")
    );
}

/// True if X wins within `plies` more plies whatever O does.
fn x_forces_win(pos: &TicTacToe, plies: u32) -> bool {
    match pos.outcome() {
        Outcome::Won(Side::First) => true,
        Outcome::Ongoing if plies > 0 => {
            let mut children = pos.legal_moves().map(|mv| pos.play_unchecked(mv));
            if pos.side_to_move() == Side::First {
                children.any(|child| x_forces_win(&child, plies - 1))
            } else {
                children.all(|child| x_forces_win(&child, plies - 1))
            }
        }
        _ => false,
    }
}

/// 4x4, three in a row: X wins, fastest from a centre cell, by ply 5.
#[test]
fn four_by_four_three_in_a_row_is_a_first_player_win_by_ply_5() {
    let facts = Facts::load();
    let value = facts.value(FOUR_K3, "value");
    assert!(value.starts_with("first player wins"), "{value}");
    assert!(
        value.contains("centre") && value.contains("ply 5"),
        "{value}"
    );
    let start = empty_board(FOUR_K3);
    assert!(x_forces_win(&start, 5));
    assert!(!x_forces_win(&start, 4), "X has only two marks after ply 4");
    for centre in ["b2", "c2", "b3", "c3"] {
        let after = start.play(start.parse_move(centre).unwrap()).unwrap();
        assert!(x_forces_win(&after, 4), "X wins by ply 5 after {centre}");
    }
}
