//! The shape of a tic-tac-toe board and its winning lines.

use std::sync::Mutex;

use crate::core::ParseError;

/// Smallest number of rows or columns.
pub const MIN_SIDE: usize = 3;
/// Largest number of rows or columns (the board must fit a `u64`).
pub const MAX_SIDE: usize = 8;

/// A board shape with its winning lines as bit masks (bit `row * cols + col`).
#[derive(Debug)]
pub struct Geometry {
    rows: usize,
    cols: usize,
    k: usize,
    full: u64,
    lines: Vec<u64>,
    /// `through[start[c]..start[c + 1]]` are the lines through cell `c`.
    through: Vec<u64>,
    start: Vec<usize>,
}

/// Every geometry made so far. A geometry is made once and lives for the whole program, so
/// positions can refer to it and stay `Copy`; there are at most a few hundred shapes.
static MADE: Mutex<Vec<&'static Geometry>> = Mutex::new(Vec::new());

impl Geometry {
    /// The geometry of a `rows` x `cols` board where `k` in a row wins.
    pub fn new(rows: usize, cols: usize, k: usize) -> Result<&'static Geometry, ParseError> {
        let side_ok = |n: usize| (MIN_SIDE..=MAX_SIDE).contains(&n);
        if !side_ok(rows) || !side_ok(cols) {
            return Err(ParseError::BadSize(format!(
                "tic-tac-toe boards have {MIN_SIDE} to {MAX_SIDE} rows and columns, not {cols}x{rows}"
            )));
        }
        if k < 3 || k > rows.max(cols) {
            return Err(ParseError::BadSize(format!(
                "on a {cols}x{rows} board, k (marks in a row to win) must be 3 to {}, not {k}",
                rows.max(cols)
            )));
        }
        Ok(Geometry::interned(rows, cols, k))
    }

    /// The classic 3x3 board, three in a row: supported, so it needs no check.
    pub(super) fn classic() -> &'static Geometry {
        Geometry::interned(3, 3, 3)
    }

    /// The one geometry of a shape already checked, made the first time it is asked for.
    fn interned(rows: usize, cols: usize, k: usize) -> &'static Geometry {
        // A poisoned lock only means another thread panicked while holding it; the list
        // itself is always valid.
        let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(g) = made
            .iter()
            .find(|g| (g.rows, g.cols, g.k) == (rows, cols, k))
        {
            return g;
        }
        let g: &'static Geometry = Box::leak(Box::new(Geometry::build(rows, cols, k)));
        made.push(g);
        g
    }

    fn build(rows: usize, cols: usize, k: usize) -> Geometry {
        let mut lines = Vec::new();
        // Right, down, down-right, down-left.
        for (dr, dc) in [(0i64, 1i64), (1, 0), (1, 1), (1, -1)] {
            for r in 0..rows as i64 {
                for c in 0..cols as i64 {
                    let (er, ec) = (r + dr * (k as i64 - 1), c + dc * (k as i64 - 1));
                    if er < 0 || er >= rows as i64 || ec < 0 || ec >= cols as i64 {
                        continue;
                    }
                    let mask = (0..k as i64)
                        .map(|i| 1u64 << ((r + dr * i) * cols as i64 + c + dc * i))
                        .fold(0, |a, b| a | b);
                    lines.push(mask);
                }
            }
        }
        let cells = rows * cols;
        let mut through = Vec::new();
        let mut start = Vec::with_capacity(cells + 1);
        for cell in 0..cells {
            start.push(through.len());
            through.extend(lines.iter().filter(|l| *l >> cell & 1 != 0));
        }
        start.push(through.len());
        let full = if cells == 64 {
            u64::MAX
        } else {
            (1 << cells) - 1
        };
        Geometry {
            rows,
            cols,
            k,
            full,
            lines,
            through,
            start,
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Marks in a row needed to win.
    pub fn k(&self) -> usize {
        self.k
    }

    /// All cells as a mask.
    #[inline]
    pub fn full(&self) -> u64 {
        self.full
    }

    /// Every winning line as a mask.
    pub fn lines(&self) -> &[u64] {
        &self.lines
    }

    /// The winning lines through cell index `cell`.
    #[inline]
    pub fn lines_through(&self, cell: usize) -> &[u64] {
        &self.through[self.start[cell]..self.start[cell + 1]]
    }

    /// True if `marks` contain a complete line through cell index `cell`.
    #[inline]
    pub fn wins_through(&self, marks: u64, cell: usize) -> bool {
        self.lines_through(cell)
            .iter()
            .any(|line| line & !marks == 0)
    }

    /// The complete lines in `marks`.
    pub fn complete_lines(&self, marks: u64) -> impl Iterator<Item = u64> + '_ {
        self.lines.iter().copied().filter(move |&l| marks & l == l)
    }
}
