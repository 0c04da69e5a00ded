//! Tic-tac-toe: a line-counting evaluation and symmetry-aware keys.

use std::cell::RefCell;
use std::sync::Arc;

use crate::core::Bits;
use crate::core::tictactoe::TicTacToe;
use crate::core::{Position, Side};

/// Sum over the winning lines still open to one side only, each worth 4 to the power of
/// the marks already on it, for the side to move minus its opponent. A line with marks of
/// both sides can never be completed and counts for nobody.
pub fn evaluate(pos: &TicTacToe) -> i32 {
    let me = pos.side_to_move();
    let (mine, theirs) = (pos.marks(me), pos.marks(!me));
    let mut score: i64 = 0;
    for &line in pos.geometry().lines() {
        let (a, b) = ((line & mine).count(), (line & theirs).count());
        if b == 0 {
            score += 1 << (2 * a);
        } else if a == 0 {
            score -= 1 << (2 * b);
        }
    }
    // Far inside the proven range even on the largest boards.
    score.clamp(-100_000, 100_000) as i32
}

/// Where a symmetry sends the cell at (row, col).
type CellMap = Box<dyn Fn(i64, i64) -> (i64, i64)>;

/// The board symmetries of one shape as lookup tables: for each symmetry and each byte of a
/// mask, the image of every value of that byte, so a mask maps in a few lookups.
#[derive(Debug)]
pub struct Symmetries {
    rows: usize,
    cols: usize,
    /// `tables[s][byte][value]`.
    tables: Vec<Vec<[u64; 256]>>,
}

impl Symmetries {
    fn new(rows: usize, cols: usize) -> Symmetries {
        let (r, c) = (rows as i64, cols as i64);
        // Cell (row, col) goes to the returned (row, col). A square has the 8 symmetries of the
        // dihedral group; a rectangle only the 4 that keep its shape.
        let mut maps: Vec<CellMap> = vec![
            Box::new(|i, j| (i, j)),
            Box::new(move |i, j| (i, c - 1 - j)),
            Box::new(move |i, j| (r - 1 - i, j)),
            Box::new(move |i, j| (r - 1 - i, c - 1 - j)),
        ];
        if rows == cols {
            maps.push(Box::new(|i, j| (j, i)));
            maps.push(Box::new(move |i, j| (j, r - 1 - i)));
            maps.push(Box::new(move |i, j| (c - 1 - j, i)));
            maps.push(Box::new(move |i, j| (c - 1 - j, r - 1 - i)));
        }
        let cells = rows * cols;
        let bytes = cells.div_ceil(8);
        let tables = maps
            .iter()
            .map(|f| {
                (0..bytes)
                    .map(|byte| {
                        let mut t = [0u64; 256];
                        for (v, out) in t.iter_mut().enumerate() {
                            for bit in 0..8 {
                                let cell = byte * 8 + bit;
                                if v >> bit & 1 == 1 && cell < cells {
                                    let (i, j) = f((cell / cols) as i64, (cell % cols) as i64);
                                    *out |= 1 << (i * c + j);
                                }
                            }
                        }
                        t
                    })
                    .collect()
            })
            .collect();
        Symmetries { rows, cols, tables }
    }

    #[inline]
    fn map(&self, s: usize, mask: u64) -> u64 {
        self.tables[s]
            .iter()
            .enumerate()
            .fold(0, |acc, (b, t)| acc | t[(mask >> (8 * b)) as usize & 255])
    }
}

thread_local! {
    /// The last shape's symmetries: a search works on one shape at a time.
    static SYMMETRIES: RefCell<Option<Arc<Symmetries>>> = const { RefCell::new(None) };
}

/// The symmetries of a board shape, made once per thread and shape.
pub fn symmetries(rows: usize, cols: usize) -> Arc<Symmetries> {
    SYMMETRIES.with(|cell| {
        let mut slot = cell.borrow_mut();
        match &*slot {
            Some(s) if s.rows == rows && s.cols == cols => s.clone(),
            _ => {
                let s = Arc::new(Symmetries::new(rows, cols));
                *slot = Some(s.clone());
                s
            }
        }
    })
}

/// The smallest hash over the images of the position under the board's symmetries: equal for
/// positions that are rotations or reflections of each other.
pub fn canonical_key(pos: &TicTacToe) -> u64 {
    symmetries(pos.rows(), pos.cols()).key(pos)
}

impl Symmetries {
    /// True if these are the symmetries of the position's board shape.
    pub fn fits(&self, pos: &TicTacToe) -> bool {
        (self.rows, self.cols) == (pos.rows(), pos.cols())
    }

    /// The canonical key of a position of this shape (see [`canonical_key`]).
    #[inline]
    pub fn key(&self, pos: &TicTacToe) -> u64 {
        let (x, o) = (pos.marks(Side::First), pos.marks(Side::Second));
        let g = pos.geometry();
        let shape = (g.rows() << 8 | g.cols() << 4 | g.k()) as u64;
        // The least image (as a pair of masks) is the same for every symmetric position;
        // only it is hashed.
        let (bx, bo) = (0..self.tables.len())
            .map(|s| (self.map(s, x), self.map(s, o)))
            .min()
            .unwrap_or((x, o));
        bx.mix() ^ bo.mix().rotate_left(32) ^ shape
    }
}

/// The images of the position's marks under every symmetry, for tests.
pub fn images(pos: &TicTacToe) -> Vec<(u64, u64)> {
    let sym = symmetries(pos.rows(), pos.cols());
    let (x, o) = (pos.marks(Side::First), pos.marks(Side::Second));
    (0..sym.tables.len())
        .map(|s| (sym.map(s, x), sym.map(s, o)))
        .collect()
}
