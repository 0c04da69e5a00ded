//! The Othello evaluation, written once for every board size, and the stable-disc count
//! that the endgame solver shares.
//!
//! Terms, from the side to move's point of view, in hundredths of a disc
//! ([`DISC`](crate::ai::game::DISC)): mobility (moves now), potential mobility (empty cells next
//! to the opponent's discs: moves later), corners, the X and C cells next to an empty corner
//! (which give the corner away), stable discs, parity (who gets the last move of the game),
//! and the disc count, whose weight grows from slightly negative in the opening (few discs
//! means few targets for the opponent) to dominant at the end.

use crate::core::Bits;
use crate::core::othello::{Othello, Size};

/// Edge masks of a board size, made from the size's constants. For `u64` boards the
/// compiler folds these to constants.
#[derive(Clone, Copy, Debug)]
pub struct Masks<B> {
    /// Column a.
    pub first_col: B,
    /// The last column.
    pub last_col: B,
    /// Row 1.
    pub first_row: B,
    /// The last row.
    pub last_row: B,
}

impl<B: Bits> Masks<B> {
    /// The masks of size `S`.
    #[inline(always)]
    pub fn of<S: Size<Bits = B>>() -> Masks<B> {
        let edges = S::FULL & !S::INNER_COLS;
        // The cell after a last-column cell is the first-column cell of the next row.
        let first_col = (edges.shl(1) & edges) | B::bit(0);
        Masks {
            first_col,
            last_col: edges & !first_col,
            first_row: S::FULL & !S::FULL.shl(S::N as u32),
            last_row: S::FULL & !S::FULL.shr(S::N as u32),
        }
    }

    /// The four line directions as a shift towards higher indices, with the cells whose
    /// neighbour that way is off the board, and the cells whose neighbour the other way is.
    #[inline(always)]
    fn axes(&self, n: u32) -> [(u32, B, B); 4] {
        let m = self;
        [
            (1, m.last_col, m.first_col),
            (n, m.last_row, m.first_row),
            (n + 1, m.last_col | m.last_row, m.first_col | m.first_row),
            (n - 1, m.first_col | m.last_row, m.last_col | m.first_row),
        ]
    }
}

/// The cells next to any cell of `x` (in all eight directions), within the board.
#[inline(always)]
pub fn neighbours<S: Size>(x: S::Bits, m: &Masks<S::Bits>) -> S::Bits {
    let n = S::N as u32;
    let not_last = x & !m.last_col;
    let not_first = x & !m.first_col;
    (not_last.shl(1)
        | not_first.shr(1)
        | x.shl(n)
        | x.shr(n)
        | not_last.shl(n + 1)
        | not_first.shr(n + 1)
        | not_first.shl(n - 1)
        | not_last.shr(n - 1))
        & S::FULL
}

/// Discs of `own` that can never be flipped, whatever is played: along each of the four
/// lines through it, the line is full, or a neighbour on it is the board's edge or a stable
/// disc of the same colour. This finds most stable discs (not all), never a flippable one.
#[inline(always)]
pub fn stable_discs<S: Size>(own: S::Bits, opp: S::Bits, m: &Masks<S::Bits>) -> S::Bits {
    let filled = own | opp;
    let axes = m.axes(S::N as u32);
    // Cells whose whole line along each axis is filled: a hole spreads one step a round.
    let mut ok = [S::Bits::ZERO; 4];
    for (k, &(d, fwd_edge, bwd_edge)) in axes.iter().enumerate() {
        let mut f = filled;
        for _ in 1..S::N {
            f &= (f.shr(d) | fwd_edge) & (f.shl(d) | bwd_edge);
        }
        ok[k] = f | fwd_edge | bwd_edge;
    }
    let mut stable = S::Bits::ZERO;
    loop {
        let mut s = own;
        for (k, &(d, _, _)) in axes.iter().enumerate() {
            s &= ok[k] | stable.shr(d) | stable.shl(d);
        }
        if s == stable {
            return stable;
        }
        stable = s;
    }
}

/// The corners and, for each, its X cell (diagonal neighbour) and C cells (edge neighbours).
#[inline(always)]
fn corner_cells<S: Size>() -> [(usize, usize, [usize; 2]); 4] {
    let n = S::N;
    let last = n * n - 1;
    [
        (0, n + 1, [1, n]),
        (n - 1, 2 * n - 2, [n - 2, 2 * n - 1]),
        (
            last - (n - 1),
            last - 2 * n + 2,
            [last - n + 2, last - 2 * n + 1],
        ),
        (last, last - n - 1, [last - 1, last - n]),
    ]
}

/// The heuristic score of an unfinished position for the side to move, in hundredths of a
/// disc.
pub fn evaluate<S: Size>(pos: &Othello<S>) -> i32 {
    let m = Masks::<S::Bits>::of::<S>();
    let (p, o) = (pos.player(), pos.opponent());
    let empties = pos.empties();
    let cells = (S::N * S::N) as i32;
    let filled = cells - empties.count() as i32;
    // Game phase in 1/1000: 0 at the start, 1000 on a full board.
    let phase = filled * 1000 / cells;
    let scale = |x: i32| x * 8 / S::N as i32;

    let (mp, mo) = (
        pos.moves_bits().count() as i32,
        pos.opponent_moves_bits().count() as i32,
    );
    let mobility = 100 * (mp - mo);

    let near_o = (neighbours::<S>(o, &m) & empties).count() as i32;
    let near_p = (neighbours::<S>(p, &m) & empties).count() as i32;
    let potential = 35 * (near_o - near_p);

    let mut corners = 0;
    for (c, x, cs) in corner_cells::<S>() {
        let side = |b: S::Bits| i32::from(b.has(c));
        corners += 800 * (side(p) - side(o));
        if empties.has(c) {
            let own = |i: usize| i32::from(p.has(i)) - i32::from(o.has(i));
            corners -= 300 * own(x) + 80 * (own(cs[0]) + own(cs[1]));
        }
    }

    let stable = 150
        * scale(
            stable_discs::<S>(p, o, &m).count() as i32 - stable_discs::<S>(o, p, &m).count() as i32,
        );

    // Parity matters once regions are small: the side to move plays last if the count of
    // empties is odd.
    let parity = if phase > 700 {
        if empties.count() % 2 == 1 { 100 } else { -100 }
    } else {
        0
    };

    let discs_weight = (140 * i64::from(phase).pow(3) / 1_000_000_000) as i32 - 20;
    let discs = discs_weight * (p.count() as i32 - o.count() as i32);

    (scale(mobility) + scale(potential) + corners + stable + parity + discs)
        .clamp(-500_000, 500_000)
}
