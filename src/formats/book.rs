//! boardplay's opening book file (`.bpb`): positions of the 8x8 board, each with the value a
//! search gave it, in a compact binary form.
//!
//! All numbers little-endian:
//!
//! | bytes | header |
//! |---|---|
//! | 0-7 | `BPBOOK1\n` |
//! | 8-11 | number of entries |
//!
//! | bytes | entry (20 bytes) |
//! |---|---|
//! | 0-7 | discs of the side to move (bit `8 * row + col`, a1 = bit 0) |
//! | 8-15 | discs of the other side |
//! | 16 | the searched value for the side to move, in discs (signed) |
//! | 17 | the searched best move's cell index, or 255 for none |
//! | 18 | the depth searched (plies); 0 for a value from the exact solver |
//! | 19 | flags: bit 0, the value is exact |
//!
//! The entries are sorted by their discs (the side to move's, then the other's), each
//! position stored once, in the canonical form of its eight symmetric images (see
//! [`crate::core::othello::symmetry::canonical`]); the reader checks that, so a lookup may
//! search the list by halves.

use thiserror::Error;

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"BPBOOK1\n";
/// The header's size.
pub const HEADER: usize = 12;
/// One entry's size.
pub const ENTRY: usize = 20;
/// No best move.
pub const NO_MOVE: u8 = 255;
/// The flag of an exact value.
pub const EXACT: u8 = 1;

/// One position of a book and what the search said of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BookEntry {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the other side.
    pub opponent: u64,
    /// The searched value for the side to move, in discs.
    pub value: i8,
    /// The searched best move's cell index (in this entry's orientation), or [`NO_MOVE`].
    pub best: u8,
    /// The plies searched; 0 for an exact solve.
    pub depth: u8,
    /// [`EXACT`] or 0.
    pub flags: u8,
}

impl BookEntry {
    /// The position's key: the discs of the side to move, then of the other side.
    pub fn key(&self) -> (u64, u64) {
        (self.player, self.opponent)
    }
}

/// Why a book file could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BookError {
    /// The file does not start as a book does.
    #[error("not a boardplay book file (it does not start with BPBOOK1)")]
    NotABook,
    /// The file is shorter or longer than its header says.
    #[error(
        "the header announces {announced} entries ({expected} bytes), the file has {actual} bytes"
    )]
    Length {
        /// Entries the header announces.
        announced: usize,
        /// The bytes those need.
        expected: usize,
        /// The bytes there are.
        actual: usize,
    },
    /// An entry is out of order or repeats the one before it.
    #[error("entry {0} is not after the one before it (entries are sorted, each once)")]
    Order(usize),
    /// An entry's discs overlap, or its best move is no cell of the board.
    #[error("entry {0} is no position: {1}")]
    Bad(usize, &'static str),
}

/// Reads a book file's entries, checked: sorted, each once, each a position.
///
/// # Errors
///
/// A [`BookError`] naming what is wrong and where.
pub fn read(bytes: &[u8]) -> Result<Vec<BookEntry>, BookError> {
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err(BookError::NotABook);
    }
    let announced = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize;
    let expected = announced
        .checked_mul(ENTRY)
        .and_then(|n| n.checked_add(HEADER))
        .unwrap_or(usize::MAX);
    if bytes.len() != expected {
        return Err(BookError::Length {
            announced,
            expected,
            actual: bytes.len(),
        });
    }
    let mut entries: Vec<BookEntry> = Vec::with_capacity(announced);
    for (i, chunk) in bytes[HEADER..].chunks_exact(ENTRY).enumerate() {
        let word = |at: usize| u64::from_le_bytes(chunk[at..at + 8].try_into().unwrap_or([0; 8]));
        let entry = BookEntry {
            player: word(0),
            opponent: word(8),
            value: chunk[16] as i8,
            best: chunk[17],
            depth: chunk[18],
            flags: chunk[19],
        };
        if entry.player & entry.opponent != 0 {
            return Err(BookError::Bad(i, "a cell holds discs of both sides"));
        }
        if entry.best != NO_MOVE && entry.best >= 64 {
            return Err(BookError::Bad(i, "its best move is no cell of the board"));
        }
        if entries.last().is_some_and(|last| last.key() >= entry.key()) {
            return Err(BookError::Order(i));
        }
        entries.push(entry);
    }
    Ok(entries)
}

/// The bytes of a book file holding `entries`, which are sorted by [`BookEntry::key`] and
/// each there once (as [`read`] wants them).
pub fn write(entries: &[BookEntry]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + ENTRY * entries.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
    for e in entries {
        out.extend_from_slice(&e.player.to_le_bytes());
        out.extend_from_slice(&e.opponent.to_le_bytes());
        out.push(e.value as u8);
        out.push(e.best);
        out.push(e.depth);
        out.push(e.flags);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(player: u64, opponent: u64, value: i8) -> BookEntry {
        BookEntry {
            player,
            opponent,
            value,
            best: 19,
            depth: 12,
            flags: 0,
        }
    }

    #[test]
    fn entries_come_back_as_written() {
        let entries = vec![entry(1, 2, -3), entry(1, 4, 64), entry(8, 0, -64)];
        let bytes = write(&entries);
        assert_eq!(bytes.len(), HEADER + 3 * ENTRY);
        assert_eq!(read(&bytes), Ok(entries));
    }

    #[test]
    fn a_bad_file_is_an_error_that_says_what_is_wrong() {
        assert_eq!(read(b"GARBAGE!...."), Err(BookError::NotABook));
        let good = write(&[entry(1, 2, 0), entry(1, 4, 0)]);
        assert!(matches!(
            read(&good[..good.len() - 1]),
            Err(BookError::Length { announced: 2, .. })
        ));
        let swapped = write(&[entry(1, 4, 0), entry(1, 2, 0)]);
        assert_eq!(read(&swapped), Err(BookError::Order(1)));
        let twice = write(&[entry(1, 2, 0), entry(1, 2, 0)]);
        assert_eq!(read(&twice), Err(BookError::Order(1)));
        let overlap = write(&[entry(3, 2, 0)]);
        assert!(matches!(read(&overlap), Err(BookError::Bad(0, _))));
        let mut off_board = entry(1, 2, 0);
        off_board.best = 64;
        assert!(matches!(
            read(&write(&[off_board])),
            Err(BookError::Bad(0, _))
        ));
        // A header announcing more entries than memory holds is refused, not allocated.
        let mut huge = write(&[]);
        huge[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(read(&huge), Err(BookError::Length { .. })));
    }
}
