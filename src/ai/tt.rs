//! A transposition table for the depth-limited searches: buckets of two slots, keyed by the
//! full 64-bit position key, so a collision of indices is told apart; a new entry replaces
//! the shallower of the two.
//!
//! The threads of a parallel search share one table without locks: each entry is a
//! [`Slot`], which tells a torn write from an entry.

use super::slot::{Packed, Slot, zeroed_slots};
use crate::core::{Cell, Move};

/// The largest score magnitude a table keeps: scores are stored in 22 bits.
const SCORE_LIMIT: i32 = (1 << 21) - 1;

/// One stored search result: bounds on the position's value at a depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position key.
    pub key: u64,
    /// The value is at least this (a search that failed high, or an exact one).
    pub lower: i32,
    /// The value is at most this (a search that failed low, or an exact one).
    pub upper: i32,
    /// The depth searched below the position.
    pub depth: u8,
    /// The best move found, tried first next time.
    pub best: Option<Move>,
}

impl Entry {
    /// The entry of a fail-soft search of the window `(alpha, beta)` that returned `score`:
    /// an upper bound at or below `alpha`, a lower one at or above `beta`, else exact.
    pub fn of_search(
        key: u64,
        score: i32,
        alpha: i32,
        beta: i32,
        depth: u32,
        best: Option<Move>,
    ) -> Entry {
        let (lower, upper) = if score <= alpha {
            (-SCORE_LIMIT, score)
        } else if score >= beta {
            (score, SCORE_LIMIT)
        } else {
            (score, score)
        };
        Entry {
            key,
            lower,
            upper,
            depth: depth as u8,
            best,
        }
    }

    /// The value this entry answers for a search of the window `(alpha, beta)`, if it does:
    /// a lower bound at or above `beta`, an upper one at or below `alpha`, or an exact value.
    #[inline]
    pub fn answer(&self, alpha: i32, beta: i32) -> Option<i32> {
        if self.lower >= beta || self.lower == self.upper {
            Some(self.lower)
        } else if self.upper <= alpha {
            Some(self.upper)
        } else {
            None
        }
    }
}

/// A score's 22 bits.
fn pack_score(score: i32) -> u64 {
    u64::from((score.clamp(-SCORE_LIMIT, SCORE_LIMIT) as u32) & 0x3f_ffff)
}

/// The score of 22 bits.
fn unpack_score(bits: u64) -> i32 {
    ((bits as u32) << 10) as i32 >> 10
}

impl Packed for Entry {
    fn key(&self) -> u64 {
        self.key
    }

    /// The bounds (22 bits each), the depth, the move (0: none, 1: the pass, else a flag above
    /// the cell's column and row) and a flag that tells an entry from an empty slot.
    fn data(&self) -> u64 {
        let best: u64 = match self.best {
            None => 0,
            Some(Move::Pass) => 1,
            Some(Move::Place(c)) => 0x100 | u64::from(c.col) << 4 | u64::from(c.row),
        };
        pack_score(self.lower)
            | pack_score(self.upper) << 22
            | u64::from(self.depth) << 44
            | best << 52
            | 1 << 63
    }

    /// The entry of `key` with `data`; `None` for an empty slot (no flag).
    fn from_words(key: u64, data: u64) -> Option<Entry> {
        if data >> 63 == 0 {
            return None;
        }
        let best = match (data >> 52) & 0x3ff {
            0 => None,
            1 => Some(Move::Pass),
            b => Some(Move::Place(Cell::new(
                ((b >> 4) & 0xf) as u8,
                (b & 0xf) as u8,
            ))),
        };
        Some(Entry {
            key,
            lower: unpack_score(data),
            upper: unpack_score(data >> 22),
            depth: (data >> 44) as u8,
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

    /// Brings the bucket of `key` into the cache for a probe soon after (see
    /// [`Slot::prefetch`]).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        self.slots[key as usize & self.mask].prefetch();
    }

    /// Stores an entry: over the entry of the same position unless that one was searched
    /// deeper (at the same depth the two entries' bounds are joined), else over the shallower
    /// of the bucket's two entries, so that a deep result survives the many shallow ones
    /// stored after it.
    #[inline]
    pub fn store(&self, mut entry: Entry) {
        let at = entry.key as usize & self.mask;
        let (a, b) = (self.slots[at].read(), self.slots[at | 1].read());
        let depth = |e: Option<Entry>| e.map_or(0, |e| e.depth);
        let (slot, old) = match (a, b) {
            (Some(old), _) | (_, Some(old)) if old.key == entry.key && old.depth > entry.depth => {
                return;
            }
            (Some(old), _) if old.key == entry.key => (at, Some(old)),
            (_, Some(old)) if old.key == entry.key => (at | 1, Some(old)),
            _ if depth(a) > depth(b) => (at | 1, None),
            _ => (at, None),
        };
        if let Some(old) = old
            && old.depth == entry.depth
        {
            let (lower, upper) = (old.lower.max(entry.lower), old.upper.min(entry.upper));
            // A selective search's bounds may disagree; the newer result then stands alone.
            if lower <= upper {
                (entry.lower, entry.upper) = (lower, upper);
            }
            entry.best = entry.best.or(old.best);
        }
        self.slots[slot].write(entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, lower: i32, upper: i32, depth: u8) -> Entry {
        Entry {
            key,
            lower,
            upper,
            depth,
            best: None,
        }
    }

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
            for (lower, upper) in [
                (-SCORE_LIMIT, -1_999_999),
                (-1, -1),
                (2_000_000, SCORE_LIMIT),
                (-5, 7),
            ] {
                let e = Entry {
                    best,
                    ..entry(0xdead_beef_0000_0000 + i as u64, lower, upper, 63)
                };
                t.store(Entry { depth: 64, ..e });
                t.store(e);
                assert_ne!(
                    t.probe(e.key),
                    Some(e),
                    "a shallower entry does not replace"
                );
                let t2 = Table::new(6);
                t2.store(e);
                assert_eq!(t2.probe(e.key), Some(e));
                assert_eq!(t2.probe(e.key ^ 1 << 40), None);
            }
        }
        let t = Table::new(6);
        let key = 0xdead_beef_0000_0004;
        t.store(entry(key, 3, 3, 5));
        let slot = &t.slots[key as usize & t.mask];
        slot.tear(slot.read().unwrap().data() ^ 1);
        assert_eq!(t.probe(key), None);
    }

    #[test]
    fn a_search_result_is_a_bound_by_its_window_and_answers_what_it_can() {
        let e = Entry::of_search(1, 10, 10, 20, 4, None);
        assert_eq!((e.lower, e.upper), (-SCORE_LIMIT, 10), "failed low");
        assert_eq!(e.answer(10, 11), Some(10));
        assert_eq!(e.answer(9, 10), None);
        let e = Entry::of_search(1, 25, 10, 20, 4, None);
        assert_eq!((e.lower, e.upper), (25, SCORE_LIMIT), "failed high");
        assert_eq!(e.answer(24, 25), Some(25));
        assert_eq!(e.answer(25, 26), None);
        let e = Entry::of_search(1, 15, 10, 20, 4, None);
        assert_eq!(e.answer(-100, 100), Some(15), "exact");
    }

    #[test]
    fn bounds_of_one_position_at_one_depth_are_joined() {
        let t = Table::new(4);
        t.store(Entry::of_search(7, 30, 0, 30, 5, Some(Move::Pass)));
        t.store(Entry::of_search(7, 40, 40, 41, 5, None));
        let e = t.probe(7).unwrap();
        assert_eq!((e.lower, e.upper, e.best), (30, 40, Some(Move::Pass)));
        assert_eq!(e.answer(29, 30), Some(30));
        assert_eq!(e.answer(40, 41), Some(40));
        assert_eq!(e.answer(34, 35), None);
        // Bounds that disagree (a selective search): the newer stands.
        t.store(Entry::of_search(7, 20, 20, 21, 5, None));
        assert_eq!(
            t.probe(7).map(|e| (e.lower, e.upper)),
            Some((-SCORE_LIMIT, 20))
        );
        // A deeper result replaces the bounds, whatever they were.
        t.store(Entry::of_search(7, 50, 50, 51, 6, None));
        assert_eq!(
            t.probe(7).map(|e| (e.lower, e.upper)),
            Some((-SCORE_LIMIT, 50))
        );
    }

    #[test]
    fn a_shallower_result_does_not_replace_a_deeper_one_of_the_same_position() {
        let t = Table::new(4);
        let deep = entry(7, 5, 5, 6);
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
        let at = |key: u64, depth: u8| entry(key, 0, SCORE_LIMIT, depth);
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
