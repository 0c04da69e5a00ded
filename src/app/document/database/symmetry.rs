//! The turns of the 8x8 board that leave Othello's start position as it is, and the key
//! under which a position and its turned images are found together.
//!
//! The start (White on d4 and e5, Black on e4 and d5) is its own image under four of the
//! board's eight symmetries: the identity, the half turn, and the mirrors in the two long
//! diagonals. Each turns a game from the start into another game from the start (f5, e6, d3
//! and c4 are one opening move), so the database counts a position and these images of it
//! as one. The other four (the quarter turns and the mirrors in the middle lines) turn the
//! start into its colours swapped, and a game from the start never reaches their images
//! with the same side to move by the same play: they are left out.

use strum::VariantArray;

use crate::ai::eval::symmetry::transpose;
use crate::core::othello::Othello8;
use crate::core::{Cell, Move, Position, Side};

/// One of the four symmetries of the start position. Each is its own inverse. Listed (in
/// `VARIANTS`) the identity first: a position that is its own image under several is matched
/// by the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::VariantArray)]
pub enum Turn {
    /// The board as it is.
    Same,
    /// Half a turn: a1 to h8, f5 to c4.
    Half,
    /// The mirror in the a1-h8 diagonal: b1 to a2, f5 to e6.
    Diagonal,
    /// The mirror in the h1-a8 diagonal: a1 to h8, f5 to d3.
    AntiDiagonal,
}

impl Turn {
    /// The cells of a bitboard (bit `8 * row + col`) under this turn.
    #[inline]
    pub fn bits(self, x: u64) -> u64 {
        match self {
            Turn::Same => x,
            // Cell i goes to 63 - i: row and column both mirrored.
            Turn::Half => x.reverse_bits(),
            Turn::Diagonal => transpose(x),
            Turn::AntiDiagonal => transpose(x).reverse_bits(),
        }
    }

    /// The position under this turn: the same side to move.
    #[inline]
    pub fn position(self, pos: &Othello8) -> Othello8 {
        Othello8::from_bits(
            self.bits(pos.player()),
            self.bits(pos.opponent()),
            pos.side_to_move(),
        )
    }

    /// A move under this turn (a pass stays a pass).
    pub fn of_move(self, mv: Move) -> Move {
        match mv {
            Move::Pass => Move::Pass,
            Move::Place(cell) => {
                let bit = self.bits(1 << cell.index(8));
                Move::Place(Cell::from_index(bit.trailing_zeros() as usize, 8))
            }
        }
    }
}

/// The key of a position: the same for the position and its images under the four turns,
/// different (but for a rare clash, which the caller checks) for any other. 32 bits: the
/// index holds one a position of each game, and a clash only costs a look that finds
/// another position.
pub fn key(pos: &Othello8) -> u32 {
    let (black, white) = match pos.side_to_move() {
        Side::First => (pos.player(), pos.opponent()),
        Side::Second => (pos.opponent(), pos.player()),
    };
    let canonical = Turn::VARIANTS
        .iter()
        .map(|t| (t.bits(black), t.bits(white)))
        .min()
        .unwrap_or((black, white));
    let side = match pos.side_to_move() {
        Side::First => 0,
        Side::Second => 0x9E37_79B9_7F4A_7C15,
    };
    (mix(canonical.0 ^ mix(canonical.1 ^ side)) >> 32) as u32
}

/// A 64-bit mixer (splitmix64's finaliser): every bit of the input moves every bit of the
/// output.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::notation;

    fn cell(name: &str) -> Move {
        Move::Place(name.parse().unwrap())
    }

    #[test]
    fn each_turn_moves_cells_where_geometry_says_and_keeps_the_start() {
        // The four first moves of Othello are one under these turns.
        assert_eq!(Turn::Same.of_move(cell("f5")), cell("f5"));
        assert_eq!(Turn::Half.of_move(cell("f5")), cell("c4"));
        assert_eq!(Turn::Diagonal.of_move(cell("f5")), cell("e6"));
        assert_eq!(Turn::AntiDiagonal.of_move(cell("f5")), cell("d3"));
        assert_eq!(Turn::Diagonal.of_move(cell("b1")), cell("a2"));
        assert_eq!(Turn::Half.of_move(cell("a1")), cell("h8"));
        assert_eq!(Turn::AntiDiagonal.of_move(cell("a1")), cell("h8"));
        assert_eq!(Turn::AntiDiagonal.of_move(cell("h1")), cell("h1"));
        assert_eq!(Turn::Half.of_move(Move::Pass), Move::Pass);
        let start = Othello8::start();
        for turn in Turn::VARIANTS {
            assert_eq!(turn.position(&start), start, "{turn:?}");
            // Each is its own inverse.
            for i in 0..64 {
                let c = Move::Place(Cell::from_index(i, 8));
                assert_eq!(turn.of_move(turn.of_move(c)), c);
            }
        }
    }

    #[test]
    fn a_position_and_its_turned_images_share_a_key() {
        let play = |moves: &str| notation::play_moves(&Othello8::start(), moves).unwrap().1;
        let pos = play("f5d6c3d3c4");
        for turn in Turn::VARIANTS {
            // The game played turned reaches the turned position.
            let turned_moves: String = notation::parse_moves("f5d6c3d3c4")
                .unwrap()
                .into_iter()
                .map(|m| turn.of_move(m).to_string())
                .collect();
            let turned = play(&turned_moves);
            assert_eq!(turned, turn.position(&pos));
            assert_eq!(key(&turned), key(&pos));
        }
        // Other positions, and the same discs with the other side to move, differ.
        assert_ne!(key(&play("f5d6c3d3")), key(&pos));
        assert_ne!(key(&play("f5f6")), key(&play("f5d6")));
        assert_ne!(key(&pos.pass()), key(&pos));
    }
}
