//! How many discs the last move of an 8x8 game flips, counted without computing which.
//!
//! With one empty cell left, every other cell holds a disc, so the player's discs alone say
//! the whole board: the opponent owns the rest. Each of the four lines through the empty
//! cell (its row, its column, its two diagonals) is gathered into one byte of the player's
//! discs, and a table gives the flips along that line for every byte and place on it.
//! Cells of a byte that are off a short diagonal read as the opponent's, which is harmless:
//! they lie past the board's edge, where no disc of the player can close a run.

/// `FLIPS[i][line]`: the discs flipped along an 8-cell line by a disc placed on cell `i`,
/// where bit `k` of `line` is set when cell `k` holds the player's disc and every other cell
/// but `i` holds the opponent's.
static FLIPS: [[u8; 256]; 8] = flips_table();

const fn flips_table() -> [[u8; 256]; 8] {
    let mut t = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            let mut count = 0;
            // Towards higher cells: the opponent's discs up to the first of the player's.
            let mut k = i + 1;
            while k < 8 && line & (1 << k) == 0 {
                k += 1;
            }
            if k < 8 {
                count += k - i - 1;
            }
            let mut k = i as i32 - 1;
            while k >= 0 && line & (1 << k) == 0 {
                k -= 1;
            }
            if k >= 0 {
                count += i - k as usize - 1;
            }
            t[i][line] = count as u8;
            line += 1;
        }
        i += 1;
    }
    t
}

/// The lines through each cell: the masks of its two diagonals (down-right and down-left).
struct Diagonals {
    down_right: u64,
    down_left: u64,
}

static DIAGONALS: [Diagonals; 64] = diagonals();

const fn diagonals() -> [Diagonals; 64] {
    let mut out = [const {
        Diagonals {
            down_right: 0,
            down_left: 0,
        }
    }; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut k: i32 = 0;
        while k < 64 {
            let (kr, kc) = (k / 8, k % 8);
            if kr - r == kc - c {
                out[sq].down_right |= 1 << k;
            }
            if kr - r == c - kc {
                out[sq].down_left |= 1 << k;
            }
            k += 1;
        }
        sq += 1;
    }
    out
}

/// The discs flipped when the owner of `p` plays on cell `sq` of an 8x8 board whose every
/// other cell holds a disc (the opponent's where `p` has none). 0 if the move is illegal.
#[inline(always)]
pub(crate) fn last_flip_count(p: u64, sq: usize) -> u32 {
    let (r, c) = (sq / 8, sq % 8);
    let d = &DIAGONALS[sq];
    // One bit a column: a diagonal has one cell in each column it crosses, and the product
    // adds the rows' bytes into the top byte without carries.
    const ROWS: u64 = 0x0101_0101_0101_0101;
    let row = (p >> (8 * r)) as u8;
    // One bit a row: the column's cell of row k lands on bit k of the top byte.
    let col = (((p >> c) & ROWS).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
    let down_right = ((p & d.down_right).wrapping_mul(ROWS) >> 56) as u8;
    let down_left = ((p & d.down_left).wrapping_mul(ROWS) >> 56) as u8;
    u32::from(FLIPS[c][usize::from(row)])
        + u32::from(FLIPS[r][usize::from(col)])
        + u32::from(FLIPS[c][usize::from(down_right)])
        + u32::from(FLIPS[c][usize::from(down_left)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::othello::{Size8, flips};

    /// 200,000 boards of pseudo-random discs (a fixed xorshift, no dependency), each
    /// with one empty cell: the count equals the size of the move generator's flips, for the
    /// side to move and for its opponent.
    #[test]
    fn counts_equal_the_move_generators_flips_on_full_boards() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let sq = (x >> 58) as usize;
            let bit = 1u64 << sq;
            let p = x & !bit;
            let o = !p & !bit;
            assert_eq!(
                last_flip_count(p, sq),
                flips::<Size8>(p, o, sq).count_ones(),
                "p {p:#018x} sq {sq}"
            );
            assert_eq!(
                last_flip_count(o, sq),
                flips::<Size8>(o, p, sq).count_ones(),
                "o {o:#018x} sq {sq}"
            );
        }
    }

    #[test]
    fn every_cell_alone_among_the_opponents_discs_flips_nothing_and_one_friend_closes_a_run() {
        for sq in 0..64 {
            assert_eq!(last_flip_count(0, sq), 0);
        }
        // a1 empty, the player on h8 only: the long diagonal's six cells between flip.
        assert_eq!(last_flip_count(1 << 63, 0), 6);
        // a1 empty, the player on h1 and a8: six along the row and six along the column.
        assert_eq!(last_flip_count(1 << 7 | 1 << 56, 0), 12);
    }
}
