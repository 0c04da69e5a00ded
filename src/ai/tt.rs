//! A transposition table for the depth-limited searches: buckets of two slots, keyed by the
//! full 64-bit position key, so a collision of indices is told apart; a new entry replaces
//! the shallower of the two.
//!
//! The threads of a parallel search share one table without locks: each entry is a
//! [`Slot`], which tells a torn write from an entry.

use super::slot::{Packed, Slot, zeroed_slots};
use crate::core::{Cell, Move};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

impl Packed for Entry {
    fn key(&self) -> u64 {
        self.key
    }

    /// The score, the depth, the bound and the move (0: none, 1: the pass, else a flag above
    /// the cell's column and row).
    fn data(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let best: u64 = match self.best {
            None => 0,
            Some(Move::Pass) => 1,
            Some(Move::Place(c)) => 0x100 | u64::from(c.col) << 4 | u64::from(c.row),
        };
        u64::from(self.score as u32) | u64::from(self.depth) << 32 | bound << 40 | best << 42
    }

    /// The entry of `key` with `data`; `None` for an empty slot (no bound).
    fn from_words(key: u64, data: u64) -> Option<Entry> {
        let bound = match (data >> 40) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let best = match data >> 42 {
            0 => None,
            1 => Some(Move::Pass),
            b => Some(Move::Place(Cell::new(
                ((b >> 4) & 0xf) as u8,
                (b & 0xf) as u8,
            ))),
        };
        Some(Entry {
            key,
            score: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound,
            best,
        })
    }
}

/// A fixed-size transposition table in buckets of two neighbouring slots, shareable between
/// threads.
#[derive(Debug)]
pub struct Table {
    slots: Vec<Slot<Entry>>,
    /// Clears the low bit: the first slot of a bucket.
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots (at least two).
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits.max(1);
        let slots = zeroed_slots(len);
        Table {
            slots,
            mask: (len - 1) & !1,
        }
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let at = key as usize & self.mask;
        self.slots[at]
            .get(key)
            .or_else(|| self.slots[at | 1].get(key))
    }

    /// Stores an entry: over the entry of the same position unless that one was searched
    /// deeper, else over the shallower of the bucket's two entries, so that a deep result
    /// survives the many shallow ones stored after it.
    #[inline]
    pub fn store(&self, entry: Entry) {
        let at = entry.key as usize & self.mask;
        let (a, b) = (self.slots[at].read(), self.slots[at | 1].read());
        let depth = |e: Option<Entry>| e.map_or(0, |e| e.depth);
        let slot = match (a, b) {
            (Some(old), _) | (_, Some(old)) if old.key == entry.key && old.depth > entry.depth => {
                return;
            }
            (Some(old), _) if old.key == entry.key => at,
            (_, Some(old)) if old.key == entry.key => at | 1,
            _ if depth(a) > depth(b) => at | 1,
            _ => at,
        };
        self.slots[slot].write(entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_back_as_stored_and_a_torn_one_as_a_miss() {
        let t = Table::new(6);
        let moves = [
            None,
            Some(Move::Pass),
            Some(Move::Place(Cell::new(0, 0))),
            Some(Move::Place(Cell::new(15, 15))),
            Some(Move::Place(Cell::new(3, 11))),
        ];
        for (i, best) in moves.into_iter().enumerate() {
            for (score, bound) in [
                (i32::MIN / 2, Bound::Upper),
                (-1, Bound::Exact),
                (2_000_000, Bound::Lower),
            ] {
                let e = Entry {
                    key: 0xdead_beef_0000_0000 + i as u64,
                    score,
                    depth: 63,
                    bound,
                    best,
                };
                t.store(e);
                assert_eq!(t.probe(e.key), Some(e));
                assert_eq!(t.probe(e.key ^ 1 << 40), None);
            }
        }
        let key = 0xdead_beef_0000_0004;
        let slot = &t.slots[key as usize & t.mask];
        slot.tear(slot.read().unwrap().data() ^ 1);
        assert_eq!(t.probe(key), None);
    }

    #[test]
    fn a_shallower_result_does_not_replace_a_deeper_one_of_the_same_position() {
        let t = Table::new(4);
        let deep = Entry {
            key: 7,
            score: 5,
            depth: 6,
            bound: Bound::Exact,
            best: None,
        };
        t.store(deep);
        t.store(Entry { depth: 2, ..deep });
        assert_eq!(t.probe(7), Some(deep));
        t.store(Entry { depth: 9, ..deep });
        assert_eq!(t.probe(7).map(|e| e.depth), Some(9));
    }

    #[test]
    fn a_bucket_keeps_its_deepest_entry_and_replaces_the_shallower() {
        // Keys 7, 23, 39 and 55 share the bucket of slots 6 and 7 of a 16-slot table.
        let t = Table::new(4);
        let at = |key: u64, depth: u8| Entry {
            key,
            score: 0,
            depth,
            bound: Bound::Lower,
            best: None,
        };
        t.store(at(7, 3));
        t.store(at(23, 6));
        assert!(t.probe(7).is_some() && t.probe(23).is_some());
        for (key, depth) in [(39, 2), (55, 1), (71, 5)] {
            t.store(at(key, depth));
            assert_eq!(t.probe(key), Some(at(key, depth)));
            assert_eq!(t.probe(23), Some(at(23, 6)), "after {key}");
        }
        assert_eq!(t.probe(7), None);
        assert_eq!(t.probe(39), None);
    }
}
