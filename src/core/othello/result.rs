//! The result of a finished Othello game, by the one rule the World Othello Federation's
//! rules, the WTHOR database, GGS's GGF files and every engine follow: the cells still
//! empty when the game ends go to the winner, and are shared in a draw.
//!
//! Everything that shows or stores a final score goes through here: the status line, the
//! review, the game files' result fields, WTHOR's listed scores, and the searches' exact
//! values ([`Othello::final_score`](super::Othello::final_score)).

/// The final score of an Othello game that ended with `discs` on the board (Black's, then
/// White's) on a board of `cells` cells: the empty cells go to the winner, and are shared
/// in a draw. A game that ends 61-1 on the board with two cells empty is won 63-1.
///
/// ```
/// use boardplay::core::othello::final_discs;
/// assert_eq!(final_discs([61, 1], 64), [63, 1]);
/// assert_eq!(final_discs([1, 62], 64), [1, 63]);
/// assert_eq!(final_discs([30, 30], 64), [32, 32]);
/// assert_eq!(final_discs([40, 24], 64), [40, 24]);
/// ```
///
/// # Panics
///
/// If there are more discs than cells.
#[inline]
pub fn final_discs(discs: [u32; 2], cells: u32) -> [u32; 2] {
    let [black, white] = discs;
    let empty = cells
        .checked_sub(black + white)
        .expect("no more discs than cells");
    match black.cmp(&white) {
        std::cmp::Ordering::Greater => [black + empty, white],
        std::cmp::Ordering::Less => [black, white + empty],
        std::cmp::Ordering::Equal => [black + empty / 2, white + empty - empty / 2],
    }
}

/// Black's final margin (Black's final discs less White's, see [`final_discs`]): what GGF
/// writes as the result and what the exact solver finds for Black.
///
/// ```
/// use boardplay::core::othello::final_margin;
/// assert_eq!(final_margin([61, 1], 64), 62);
/// assert_eq!(final_margin([1, 62], 64), -62);
/// assert_eq!(final_margin([30, 30], 64), 0);
/// ```
#[inline]
pub fn final_margin(discs: [u32; 2], cells: u32) -> i32 {
    let [black, white] = final_discs(discs, cells);
    black as i32 - white as i32
}
