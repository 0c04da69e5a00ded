//! The eight symmetries of the 8x8 board on its bitboards (bit `8 * row + col`, a1 = bit 0):
//! the identity, the mirrors and the rotations, each a few shifts and masks.

/// Rows upside down (row r to row 7 - r).
#[inline(always)]
pub fn flip_vertical(x: u64) -> u64 {
    x.swap_bytes()
}

/// Columns mirrored (column c to column 7 - c): the bits of each byte reversed.
#[inline(always)]
pub fn mirror_horizontal(x: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let x = ((x >> 1) & K1) | ((x & K1) << 1);
    let x = ((x >> 2) & K2) | ((x & K2) << 2);
    ((x >> 4) & K4) | ((x & K4) << 4)
}

/// Mirrored in the a1-h8 diagonal (row r, column c to row c, column r): three rounds of
/// swapping blocks, 4x4, then 2x2, then single cells.
#[inline(always)]
pub fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The board under each of the eight symmetries; the identity first.
#[inline(always)]
pub fn images(x: u64) -> [u64; 8] {
    let t = transpose(x);
    let (v, h, tv, th) = (
        flip_vertical(x),
        mirror_horizontal(x),
        flip_vertical(t),
        mirror_horizontal(t),
    );
    [x, v, h, flip_vertical(h), t, tv, th, flip_vertical(th)]
}

/// The canonical form of a position (the discs of the side to move, then of the other side)
/// under the eight symmetries: the smallest pair of images, and the index (into [`images`])
/// of a symmetry that gives it. A position and its mirrors and rotations share it.
#[inline]
pub fn canonical(player: u64, opponent: u64) -> (u64, u64, usize) {
    let (p, o) = (images(player), images(opponent));
    let mut best = (p[0], o[0], 0);
    for k in 1..8 {
        if (p[k], o[k]) < (best.0, best.1) {
            best = (p[k], o[k], k);
        }
    }
    best
}

/// The image of a bitboard under the symmetry with this index into [`images`].
#[inline]
pub fn image(x: u64, symmetry: usize) -> u64 {
    images(x)[symmetry & 7]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(row: u32, col: u32) -> u64 {
        1 << (8 * row + col)
    }

    #[test]
    fn each_symmetry_moves_a_cell_where_geometry_says() {
        // b1 (row 0, column 1): flipped to b8, mirrored to g1, transposed to a2.
        assert_eq!(flip_vertical(cell(0, 1)), cell(7, 1));
        assert_eq!(mirror_horizontal(cell(0, 1)), cell(0, 6));
        assert_eq!(transpose(cell(0, 1)), cell(1, 0));
        for r in 0..8 {
            for c in 0..8 {
                assert_eq!(transpose(cell(r, c)), cell(c, r));
                assert_eq!(mirror_horizontal(cell(r, c)), cell(r, 7 - c));
            }
        }
    }

    #[test]
    fn every_image_of_a_position_has_its_canonical_form() {
        // Black c4 d4 e4, White d5: asymmetric under every symmetry but none.
        let (p, o) = (cell(3, 2) | cell(3, 3) | cell(3, 4), cell(4, 3));
        let (cp, co, k) = canonical(p, o);
        assert_eq!((image(p, k), image(o, k)), (cp, co));
        for s in 0..8 {
            let (ip, io) = (image(p, s), image(o, s));
            assert_eq!(canonical(ip, io).0, cp);
            assert_eq!(canonical(ip, io).1, co);
        }
        // A different position has another form.
        let other = canonical(p, o | cell(0, 0));
        assert_ne!((other.0, other.1), (cp, co));
    }

    #[test]
    fn the_eight_images_of_an_asymmetric_cell_are_distinct() {
        let imgs = images(cell(0, 1));
        for i in 0..8 {
            for j in 0..i {
                assert_ne!(imgs[i], imgs[j]);
            }
        }
        // Images of a board are the union of the images of its cells.
        let b = cell(0, 1) | cell(2, 5) | cell(7, 7);
        let parts = [images(cell(0, 1)), images(cell(2, 5)), images(cell(7, 7))];
        for (k, img) in images(b).into_iter().enumerate() {
            assert_eq!(img, parts[0][k] | parts[1][k] | parts[2][k]);
        }
    }
}
