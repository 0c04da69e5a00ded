//! Helpers shared by the integration tests: readers for the reference data in `tests/data`,
//! and slow but obviously correct reference rules to compare the bitboards against.
//!
//! Each test file uses only part of this module.
#![allow(dead_code)]

pub mod reference;
#[cfg(feature = "gui")]
pub mod ui;

use std::path::{Path, PathBuf};
use std::process::Command;

use boardplay::core::othello::Othello8;
use boardplay::core::{Move, Position};

/// The command that runs the tests' tiny NBoard engine (`tests/fake_engines/first_move.py`,
/// by python3) in `mode` (see the script), logging its starts to `log` if given.
pub fn fake_engine(mode: &str, log: Option<&PathBuf>) -> String {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fake_engines/first_move.py");
    let mut command = format!("python3 '{}' {mode}", script.display());
    if let Some(log) = log {
        command += &format!(" '{}'", log.display());
    }
    command
}

/// The first legal move from a1, row by row: what the fake engine plays.
pub fn first_legal(pos: &Othello8) -> Move {
    pos.legal_moves()
        .min_by_key(|m| m.cell().map(|c| (c.row, c.col)))
        .unwrap()
}

/// Runs the `boardplay` binary with `args` to its end: its exit code, standard output and
/// standard error. A panic would print a backtrace, which the tests make sure none does.
pub fn run_boardplay(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_boardplay"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("the boardplay binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The text of a reference data file, by its path inside `tests/data` (see the README there
/// for where each file comes from). Panics, naming the file, if it cannot be read: a test
/// that cannot find its reference numbers must fail, not pass silently.
pub fn read_data(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(relative);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read reference data {}: {e}", path.display()))
}

/// The lines of a data file that carry data: without comments (`#`) and blank lines.
pub fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// One row of perft.txt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftRow {
    /// Board side.
    pub size: usize,
    /// Plies.
    pub depth: u32,
    /// Leaves.
    pub leaves: u64,
}

/// Every row of `othello/perft.txt`.
pub fn othello_perft_table() -> Vec<PerftRow> {
    let text = read_data("othello/perft.txt");
    let rows: Vec<PerftRow> = data_lines(&text)
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(
                f.len(),
                3,
                "perft.txt: expected 'size depth count': {line:?}"
            );
            let num = |s: &str| -> u64 {
                s.parse()
                    .unwrap_or_else(|_| panic!("perft.txt: bad number {s:?} in {line:?}"))
            };
            PerftRow {
                size: num(f[0]) as usize,
                depth: num(f[1]) as u32,
                leaves: num(f[2]),
            }
        })
        .collect();
    assert!(!rows.is_empty(), "perft.txt has no data rows");
    rows
}

/// The reference leaf counts of `size` for depths 1 to `max_depth`, which must all be listed.
pub fn othello_perft_expected(size: usize, max_depth: u32) -> Vec<(u32, u64)> {
    let table = othello_perft_table();
    (1..=max_depth)
        .map(|depth| {
            let row = table
                .iter()
                .find(|r| r.size == size && r.depth == depth)
                .unwrap_or_else(|| {
                    panic!("perft.txt lists no count for {size}x{size} depth {depth}")
                });
            (depth, row.leaves)
        })
        .collect()
}

/// One position of the FFO endgame test set.
#[derive(Clone, Debug)]
pub struct FfoPosition {
    /// Its number, 1 to 39.
    pub id: u32,
    /// 64 cells from a1, `X`, `O` or `-`.
    pub board: String,
    /// `X` or `O`.
    pub side: char,
    /// Final disc difference for the side to move under perfect play.
    pub score: i32,
    /// Every best move, as written ("g8").
    pub best_moves: Vec<String>,
    /// Empty cells, as listed.
    pub empties: usize,
}

impl FfoPosition {
    /// The board string with the side to move, as the `--board` option takes it.
    pub fn board_string(&self) -> String {
        format!("{} {}", self.board, self.side)
    }
}

/// FFO position `id` of `othello/ffo-01-39.txt`; panics, naming it, if it is not there.
pub fn ffo(id: u32) -> FfoPosition {
    ffo_positions()
        .into_iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("FFO #{id} is not in the file"))
}

/// Every position of `othello/ffo-01-39.txt`.
pub fn ffo_positions() -> Vec<FfoPosition> {
    let text = read_data("othello/ffo-01-39.txt");
    data_lines(&text)
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(f.len(), 6, "ffo file: expected 6 columns: {line:?}");
            let bad = |what: &str| -> ! { panic!("ffo file: bad {what} in {line:?}") };
            let side = f[2].chars().next().unwrap_or_else(|| bad("side"));
            FfoPosition {
                id: f[0].parse().unwrap_or_else(|_| bad("id")),
                board: f[1].to_string(),
                side,
                score: f[3].parse().unwrap_or_else(|_| bad("score")),
                best_moves: f[4].split(',').map(str::to_string).collect(),
                empties: f[5].parse().unwrap_or_else(|_| bad("empties")),
            }
        })
        .collect()
}

/// The numbers of a facts.txt section, keyed by (rows, cols, k).
#[derive(Clone, Debug, Default)]
pub struct Facts {
    entries: Vec<((usize, usize, usize), String, String)>,
}

impl Facts {
    /// Reads `tictactoe/facts.txt`. A comment line ending in a shape such as `(4,4,3)` starts
    /// the section of that shape; each data line is a key and its value.
    pub fn load() -> Facts {
        let text = read_data("tictactoe/facts.txt");
        let mut facts = Facts::default();
        let mut shape = None;
        for line in text.lines().map(str::trim) {
            if let Some(comment) = line.strip_prefix('#') {
                if let Some(s) = parse_shape_suffix(comment) {
                    shape = Some(s);
                }
                continue;
            }
            if line.is_empty() {
                continue;
            }
            let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            if let Some(shape) = shape {
                facts
                    .entries
                    .push((shape, key.to_string(), value.trim().to_string()));
            }
        }
        facts
    }

    /// The raw value of `key` for a shape.
    pub fn value(&self, shape: (usize, usize, usize), key: &str) -> &str {
        self.entries
            .iter()
            .find(|(s, k, _)| *s == shape && k == key)
            .map(|(_, _, v)| v.as_str())
            .unwrap_or_else(|| panic!("facts.txt has no '{key}' for {shape:?}"))
    }

    /// The leading numbers of the value of `key` (up to the first word that is not one).
    pub fn numbers(&self, shape: (usize, usize, usize), key: &str) -> Vec<u64> {
        let nums: Vec<u64> = self
            .value(shape, key)
            .split_whitespace()
            .map_while(|w| w.parse().ok())
            .collect();
        assert!(
            !nums.is_empty(),
            "facts.txt: '{key}' for {shape:?} has no number"
        );
        nums
    }

    /// The single number of `key`.
    pub fn number(&self, shape: (usize, usize, usize), key: &str) -> u64 {
        self.numbers(shape, key)[0]
    }

    /// The numbers named in the parenthesis of `key`, as in `958 (X 626, O 316, draw 16)`:
    /// returns (X, O, draw).
    pub fn split(&self, shape: (usize, usize, usize), key: &str) -> (u64, u64, u64) {
        let value = self.value(shape, key);
        let inner = value
            .split_once('(')
            .and_then(|(_, rest)| rest.split_once(')'))
            .map(|(inner, _)| inner)
            .unwrap_or_else(|| {
                panic!("facts.txt: '{key}' for {shape:?} has no (X .., O .., draw ..)")
            });
        let mut found = [None; 3];
        for part in inner.split(',') {
            let mut words = part.split_whitespace();
            let (Some(name), Some(n)) = (words.next(), words.next()) else {
                continue;
            };
            let slot = match name {
                "X" => 0,
                "O" => 1,
                "draw" => 2,
                _ => continue,
            };
            found[slot] = n.parse().ok();
        }
        match found {
            [Some(x), Some(o), Some(d)] => (x, o, d),
            _ => panic!("facts.txt: cannot read the split of '{key}' for {shape:?}: {value:?}"),
        }
    }
}

/// `(r,c,k)` at the end of a heading comment.
fn parse_shape_suffix(comment: &str) -> Option<(usize, usize, usize)> {
    let inner = comment.trim().strip_suffix(')')?;
    let (_, inner) = inner.rsplit_once('(')?;
    let nums: Vec<usize> = inner
        .split(',')
        .map(|n| n.trim().parse().ok())
        .collect::<Option<_>>()?;
    match nums[..] {
        [r, c, k] => Some((r, c, k)),
        _ => None,
    }
}
