//! The rays of every cell, precomputed at compile time: the cells reached from a cell along
//! each of the eight directions, which the flip routines walk from the played cell.

use crate::core::othello::Size;

/// The eight directions as (column step, row step): the four towards higher cell indices in
/// lane order (along a row, the two diagonals, a column), then their opposites in that order.
const DIRECTIONS: [(i64, i64); 8] = [
    (1, 0),
    (-1, 1),
    (1, 1),
    (0, 1),
    (-1, 0),
    (1, -1),
    (-1, -1),
    (0, -1),
];

/// The cells reached from cell `sq` of the `n` x `n` board along direction `d` of
/// [`DIRECTIONS`], as the words of a bitboard.
const fn ray(n: usize, sq: usize, d: usize) -> [u64; 4] {
    let (dc, dr) = DIRECTIONS[d];
    let (mut c, mut r) = ((sq % n) as i64 + dc, (sq / n) as i64 + dr);
    let mut out = [0u64; 4];
    while c >= 0 && r >= 0 && c < n as i64 && r < n as i64 {
        let i = r as usize * n + c as usize;
        out[i / 64] |= 1 << (i % 64);
        c += dc;
        r += dr;
    }
    out
}

/// The rays of every cell as lanes: for cell `sq` of a board of `W` words, rows `2 W sq ..`
/// hold the `W` words of its four rays towards higher indices (a ray per lane), then the `W`
/// words of the four opposite rays.
static LANE_RAYS_4: [[u64; 4]; 16 * 2] = lane_rays_of(4, 1);
static LANE_RAYS_6: [[u64; 4]; 36 * 2] = lane_rays_of(6, 1);
static LANE_RAYS_8: [[u64; 4]; 64 * 2] = lane_rays_of(8, 1);
static LANE_RAYS_10: [[u64; 4]; 100 * 4] = lane_rays_of(10, 2);
static LANE_RAYS_12: [[u64; 4]; 144 * 6] = lane_rays_of(12, 3);
static LANE_RAYS_14: [[u64; 4]; 196 * 8] = lane_rays_of(14, 4);
static LANE_RAYS_16: [[u64; 4]; 256 * 8] = lane_rays_of(16, 4);

const fn lane_rays_of<const LEN: usize>(n: usize, w: usize) -> [[u64; 4]; LEN] {
    let mut out = [[0u64; 4]; LEN];
    let mut sq = 0;
    while sq < n * n {
        let mut d = 0;
        while d < 8 {
            let words = ray(n, sq, d);
            let mut k = 0;
            while k < w {
                out[2 * w * sq + (d / 4) * w + k][d % 4] = words[k];
                k += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    out
}

/// The lane rays of the board of `S` (see [`LANE_RAYS_4`]).
#[inline(always)]
pub(super) fn lane_rays<S: Size>() -> &'static [[u64; 4]] {
    match S::N {
        4 => &LANE_RAYS_4,
        6 => &LANE_RAYS_6,
        8 => &LANE_RAYS_8,
        10 => &LANE_RAYS_10,
        12 => &LANE_RAYS_12,
        14 => &LANE_RAYS_14,
        _ => &LANE_RAYS_16,
    }
}

/// For each cell of a board of at most 64 cells, the cells reached from it along each of the
/// eight directions: the four towards higher indices first, then their opposites. A cell's
/// rays fill one cache line.
#[repr(align(64))]
pub(super) struct Rays(pub(super) [[u64; 8]; 64]);

/// [`Rays`] for the 4x4, 6x6 and 8x8 boards.
pub(super) static RAYS: [Rays; 3] = [rays(4), rays(6), rays(8)];

const fn rays(n: usize) -> Rays {
    let mut out = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < n * n {
        let mut d = 0;
        while d < 8 {
            out[sq][d] = ray(n, sq, d)[0];
            d += 1;
        }
        sq += 1;
    }
    Rays(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On one word both tables hold the same rays: the eight of a cell in the same order.
    #[test]
    fn the_one_word_tables_agree() {
        for (k, lanes) in [&LANE_RAYS_4[..], &LANE_RAYS_6[..], &LANE_RAYS_8[..]]
            .into_iter()
            .enumerate()
        {
            for (sq, rays) in RAYS[k].0.iter().enumerate().take(lanes.len() / 2) {
                let from_lanes: Vec<u64> = lanes[2 * sq..2 * sq + 2].concat();
                assert_eq!(rays[..], from_lanes[..], "board {k}, cell {sq}");
            }
        }
    }

    /// A corner's rays: along the edge row, the edge column and the long diagonal.
    #[test]
    fn the_rays_of_a1_on_4x4() {
        // a1 is cell 0; b1 c1 d1 are 1 2 3, a2 a3 a4 are 4 8 12, b2 c3 d4 are 5 10 15.
        let a1 = RAYS[0].0[0];
        assert_eq!(a1[0], 0b1110);
        assert_eq!(a1[1], 0);
        assert_eq!(a1[2], 1 << 5 | 1 << 10 | 1 << 15);
        assert_eq!(a1[3], 1 << 4 | 1 << 8 | 1 << 12);
        assert_eq!(a1[4..], [0; 4]);
    }
}
