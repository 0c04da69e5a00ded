//! A transposition table for the depth-limited searches: one slot per index, keyed by the
//! full 64-bit position key, so a collision of indices is told apart and simply replaced.

use crate::core::Move;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exactly the score.
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The position key.
    pub key: u64,
    /// The score found.
    pub score: i32,
    /// The depth searched below the position.
    pub depth: u8,
    /// How `score` relates to the value.
    pub bound: Bound,
    /// The best move found, tried first next time.
    pub best: Option<Move>,
}

/// A fixed-size, always-replace transposition table.
#[derive(Clone, Debug)]
pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Table {
        Table {
            slots: vec![None; 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores an entry, replacing what was in its slot unless that holds the same position
    /// searched deeper.
    #[inline]
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        if let Some(old) = slot
            && old.key == entry.key
            && old.depth > entry.depth
        {
            return;
        }
        *slot = Some(entry);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }
}
