//! One entry of a transposition table shared by the threads of a search without locks, for
//! both tables (the depth-limited searches' [`super::tt`] and the Othello endgame solver's):
//! two words, the entry's data and its key mixed with that data (Hyatt's "lockless"
//! hashing), so a reader that meets half of another thread's write sees a key that does not
//! match and takes it for a miss.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// An entry that a [`Slot`] holds: a 64-bit key, and everything else packed in one word.
pub trait Packed: Copy {
    /// The position's key.
    fn key(&self) -> u64;
    /// Everything but the key, in one word.
    fn data(&self) -> u64;
    /// The entry of `key` with `data`; `None` where the words hold no entry (an empty slot,
    /// for a table that can tell one).
    fn from_words(key: u64, data: u64) -> Option<Self>;
}

/// One entry's two words: the key mixed with the data, and the data. Sixteen bytes aligned
/// to sixteen, so that no entry straddles two cache lines.
#[repr(C, align(16))]
pub struct Slot<E> {
    check: AtomicU64,
    data: AtomicU64,
    entry: PhantomData<E>,
}

impl<E> Default for Slot<E> {
    fn default() -> Self {
        Slot {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
            entry: PhantomData,
        }
    }
}

impl<E> std::fmt::Debug for Slot<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Slot")
            .field("check", &self.check)
            .field("data", &self.data)
            .finish()
    }
}

impl<E: Packed> Slot<E> {
    /// The entry the slot holds, under the key its words give (a torn write gives a key no
    /// position has).
    #[inline(always)]
    pub fn read(&self) -> Option<E> {
        let (check, data) = (self.check.load(Relaxed), self.data.load(Relaxed));
        E::from_words(check ^ data, data)
    }

    /// The entry the slot holds for `key`, if it holds one.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Option<E> {
        let (check, data) = (self.check.load(Relaxed), self.data.load(Relaxed));
        if check ^ data != key {
            return None;
        }
        E::from_words(key, data)
    }

    /// Asks the CPU to bring the slot into the cache, so that a probe soon after does not
    /// wait for memory (the tables are bigger than the caches).
    #[inline(always)]
    pub fn prefetch(&self) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch never faults, and the pointer is a reference's.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(self).cast::<i8>());
        }
    }

    /// Puts `entry` in the slot, over what it held.
    #[inline(always)]
    pub fn write(&self, entry: E) {
        let data = entry.data();
        self.data.store(data, Relaxed);
        self.check.store(entry.key() ^ data, Relaxed);
    }

    /// Writes `data` under the check word of the entry held, as another thread's write
    /// half done would leave it.
    #[cfg(test)]
    pub(crate) fn tear(&self, data: u64) {
        self.data.store(data, Relaxed);
    }
}

/// `len` empty slots, as the allocator gives zeroed memory: a large table comes from fresh
/// pages the kernel zeroes only when a search first touches them, so making a table costs
/// nothing until it is used (filling 32 MB entry by entry took 20-50 ms, more than a whole
/// move of a quick game, before the search could start).
pub fn zeroed_slots<E>(len: usize) -> Vec<Slot<E>> {
    if len == 0 {
        return Vec::new();
    }
    let layout = std::alloc::Layout::array::<Slot<E>>(len).expect("a table that fits in memory");
    // SAFETY: the layout is not zero-sized (len > 0, a slot is 16 bytes); all-zero bytes are
    // a valid slot (two atomic words of 0 and a marker); the pointer comes from the global
    // allocator with the layout of `len` slots, as `Vec::from_raw_parts` requires of a
    // vector of length and capacity `len`.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<Slot<E>>();
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Vec::from_raw_parts(ptr, len, len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An entry whose data is any word, and none where it is zero.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Word(u64, u64);

    impl Packed for Word {
        fn key(&self) -> u64 {
            self.0
        }
        fn data(&self) -> u64 {
            self.1
        }
        fn from_words(key: u64, data: u64) -> Option<Word> {
            (data != 0).then_some(Word(key, data))
        }
    }

    #[test]
    fn an_entry_reads_back_under_its_key_and_a_torn_one_under_none() {
        let slot = Slot::<Word>::default();
        assert_eq!(slot.read(), None);
        let e = Word(0x0123_4567_89ab_cdef, 0xfeed);
        slot.write(e);
        assert_eq!(slot.read(), Some(e));
        assert_eq!(slot.get(e.0), Some(e));
        assert_eq!(slot.get(e.0 ^ 1), None);
        slot.tear(0xbeef);
        assert_eq!(slot.get(e.0), None);
        // The words of a torn write name a key: 0xfeed ^ 0xbeef mixed into the real one.
        assert_eq!(slot.read(), Some(Word(e.0 ^ 0xfeed ^ 0xbeef, 0xbeef)));
        assert_eq!(std::mem::size_of::<Slot<Word>>(), 16);
        assert_eq!(std::mem::align_of::<Slot<Word>>(), 16);
    }

    #[test]
    fn zeroed_slots_are_empty_and_take_entries() {
        for len in [0, 1, 1 << 16] {
            let slots = zeroed_slots::<Word>(len);
            assert_eq!(slots.len(), len);
            assert!(slots.iter().all(|s| s.read().is_none()));
        }
        let slots = zeroed_slots::<Word>(1 << 10);
        slots[1000].write(Word(7, 9));
        assert_eq!(slots[1000].get(7), Some(Word(7, 9)));
        assert_eq!(slots[999].read(), None);
    }
}
