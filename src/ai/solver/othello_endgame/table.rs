//! The transposition table: score bounds and best moves keyed by the discs, in buckets of
//! two entries, in huge pages where Linux grants them. One table is shared by every thread
//! of a solve without locks: each entry is a [`Slot`], which tells a torn write from an
//! entry.

use crate::ai::slot::{Packed, Slot, zeroed_slots};
use crate::core::Bits;
use crate::core::othello::{Othello, Size};

use super::*;

/// A table entry: the value of the position with these discs lies in `lower..=upper`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct TtEntry {
    pub(super) key: u64,
    pub(super) lower: i16,
    pub(super) upper: i16,
    /// Cell index of the best move, plus one (0: none).
    pub(super) best: u16,
    pub(super) empties: u8,
    /// How sure the bounds are: [`EXACT`], or the selectivity of the search that found them.
    pub(super) level: u8,
}

impl Packed for TtEntry {
    fn key(&self) -> u64 {
        self.key
    }

    fn data(&self) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.best) << 32
            | u64::from(self.empties) << 48
            | u64::from(self.level) << 56
    }

    /// Always an entry: an empty slot reads as the entry of key 0 with no bounds' width.
    #[inline(always)]
    fn from_words(key: u64, data: u64) -> Option<TtEntry> {
        Some(TtEntry {
            key,
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            best: (data >> 32) as u16,
            empties: (data >> 48) as u8,
            level: (data >> 56) as u8,
        })
    }
}

/// The entry `slot` holds (every pair of words is one).
#[inline(always)]
fn entry(slot: &Slot<TtEntry>) -> TtEntry {
    slot.read().unwrap_or_default()
}

/// The table, shared by the threads of one solve.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<Slot<TtEntry>>,
    /// Buckets of two neighbouring entries: the mask clears the low bit.
    mask: usize,
}

impl Table {
    /// A table of `2^bits` empty entries. On Linux, in huge pages where the kernel grants
    /// them: the table is far bigger than what the CPU's page cache of small pages covers, so
    /// nearly every probe would also wait for a page walk.
    pub(super) fn new(bits: u32) -> Table {
        let len = 1usize << bits;
        let slots: Vec<Slot<TtEntry>> = zeroed_slots(len);
        #[cfg(target_os = "linux")]
        {
            // The advice must come before the first write, which is when pages are given (a
            // large zeroed allocation is fresh pages, untouched); it covers the whole 2 MiB
            // pages inside the allocation.
            const HUGE: usize = 1 << 21;
            let start = slots.as_ptr() as usize;
            let end = start + len * std::mem::size_of::<Slot<TtEntry>>();
            let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
            if to > from {
                // SAFETY: the range lies inside the allocation, is page-aligned, and the
                // advice changes no contents (there are none yet); failure only loses the
                // speed-up.
                unsafe {
                    libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
                }
            }
        }
        Table {
            slots,
            mask: (len - 1) & !1,
        }
    }

    /// Entries the table holds room for.
    pub(super) fn len(&self) -> usize {
        self.slots.len()
    }

    /// The entry stored for `key`, if the table holds one.
    #[inline(always)]
    pub(super) fn probe(&self, key: u64) -> Option<TtEntry> {
        let slot = key as usize & self.mask;
        let a = entry(&self.slots[slot]);
        if a.key == key {
            return Some(a);
        }
        let b = entry(&self.slots[slot | 1]);
        (b.key == key).then_some(b)
    }

    /// Asks the CPU to bring the bucket of `key` into the cache, so that a probe soon after
    /// does not wait for memory (the table is far bigger than the caches).
    #[inline(always)]
    pub(super) fn prefetch(&self, key: u64) {
        self.slots[key as usize & self.mask].prefetch();
    }

    /// Stores `e` in its bucket: over the entry of the same position if there is one, else
    /// over the one of fewer empties, whose subtree was cheaper to search again.
    #[inline(always)]
    pub(super) fn store(&self, e: TtEntry) {
        let slot = e.key as usize & self.mask;
        let (a, b) = (entry(&self.slots[slot]), entry(&self.slots[slot | 1]));
        let at = if a.key == e.key {
            slot
        } else if b.key == e.key || a.empties > b.empties {
            slot | 1
        } else {
            slot
        };
        self.slots[at].write(e);
    }
}

impl<S: Size> Solver<S> {
    #[inline(always)]
    pub(super) fn key(pos: &Othello<S>) -> u64 {
        pos.player().mix()
            ^ pos
                .opponent()
                .mix()
                .rotate_left(29)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// The table's entry for the position of `key`, if it holds one.
    #[inline(always)]
    pub(super) fn probe(&self, key: u64) -> Option<TtEntry> {
        self.tt.probe(key)
    }

    /// See [`Table::prefetch`].
    #[inline(always)]
    pub(super) fn prefetch(&self, key: u64) {
        self.tt.prefetch(key);
    }

    /// See [`Table::store`].
    #[inline(always)]
    pub(super) fn store(&mut self, e: TtEntry) {
        self.tt.store(e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_as_stored_and_a_torn_one_as_a_miss() {
        let t = Table::new(4);
        let e = TtEntry {
            key: 0x1234_5678_9abc_def1,
            lower: -64,
            upper: 22,
            best: 65,
            empties: 21,
            level: EXACT,
        };
        t.store(e);
        assert_eq!(t.probe(e.key), Some(e));
        assert_eq!(t.probe(e.key ^ 2), None);
        // Half of another write: the data of one entry under the check word of another.
        t.slots[e.key as usize & t.mask].tear(TtEntry { lower: 0, ..e }.data());
        assert_eq!(t.probe(e.key), None);
    }
}
