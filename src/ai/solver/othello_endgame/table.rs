//! The transposition table: score bounds and best moves keyed by the discs, in buckets of
//! two entries, in huge pages where Linux grants them.

use crate::core::Bits;
use crate::core::othello::{Othello, Size};

use super::*;

/// A table entry: the value of the position with these discs lies in `lower..=upper`.
#[derive(Clone, Copy, Debug, Default)]
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

/// A table of `len` empty entries. On Linux, in huge pages where the kernel grants them: the
/// table is far bigger than what the CPU's page cache of small pages covers, so nearly every
/// probe would also wait for a page walk.
pub(super) fn table(len: usize) -> Vec<TtEntry> {
    let mut tt: Vec<TtEntry> = Vec::with_capacity(len);
    #[cfg(target_os = "linux")]
    {
        // The advice must come before the first write, which is when pages are given; it
        // covers the whole 2 MiB pages inside the allocation.
        const HUGE: usize = 1 << 21;
        let start = tt.as_ptr() as usize;
        let end = start + len * std::mem::size_of::<TtEntry>();
        let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if to > from {
            // SAFETY: the range lies inside the allocation, is page-aligned, and the advice
            // changes no contents (there are none yet); failure only loses the speed-up.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
    tt.resize(len, TtEntry::default());
    tt
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
        let slot = key as usize & self.tt_mask;
        let (a, b) = (self.tt[slot], self.tt[slot | 1]);
        if a.key == key {
            Some(a)
        } else if b.key == key {
            Some(b)
        } else {
            None
        }
    }

    /// Asks the CPU to bring the bucket of `key` into the cache, so that a probe soon after
    /// does not wait for memory (the table is far bigger than the caches).
    #[inline(always)]
    pub(super) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = key as usize & self.tt_mask;
            // SAFETY: a prefetch never faults, and the pointer is inside the table anyway.
            unsafe {
                use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
                _mm_prefetch::<_MM_HINT_T0>(self.tt.as_ptr().add(slot).cast::<i8>());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Stores `e` in its bucket: over the entry of the same position if there is one, else
    /// over the one of fewer empties, whose subtree was cheaper to search again.
    #[inline(always)]
    pub(super) fn store(&mut self, e: TtEntry) {
        let slot = e.key as usize & self.tt_mask;
        let (a, b) = (self.tt[slot], self.tt[slot | 1]);
        let at = if a.key == e.key {
            slot
        } else if b.key == e.key || a.empties > b.empties {
            slot | 1
        } else {
            slot
        };
        self.tt[at] = e;
    }
}
