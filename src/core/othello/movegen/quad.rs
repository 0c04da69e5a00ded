//! [`Quad`]: four bitboards, one per line direction, stored word by word so that word `k` of
//! all four is one vector of the instruction set.

use std::marker::PhantomData;

use super::Isa;
use crate::core::othello::Size;

/// Four bitboards of size `S`, one per direction, word by word: word `k` of all four lanes is
/// one `I::V`. Only the first `S::WORDS` words are used.
pub(super) struct Quad<S: Size, I: Isa> {
    words: [I::V; 4],
    pub(super) isa: I,
    size: PhantomData<S>,
}

impl<S: Size, I: Isa> Clone for Quad<S, I> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: Size, I: Isa> Copy for Quad<S, I> {}

// Plain index loops: closures handed to a helper would not be inlined into the vector code.
#[allow(
    clippy::needless_range_loop,
    reason = "indices pair words of several operands and of neighbouring words"
)]
impl<S: Size, I: Isa> Quad<S, I> {
    #[inline(always)]
    pub(super) fn new(isa: I, words: [I::V; 4]) -> Self {
        Quad {
            words,
            isa,
            size: PhantomData,
        }
    }

    /// The same board in every lane.
    #[inline(always)]
    pub(super) fn splat(isa: I, b: S::Bits) -> Self {
        let w = S::to_words(b);
        let mut words = [isa.splat(0); 4];
        for k in 0..S::WORDS {
            words[k] = isa.splat(w[k]);
        }
        Self::new(isa, words)
    }

    /// One board per lane.
    #[inline(always)]
    pub(super) fn lanes(isa: I, l: [S::Bits; 4]) -> Self {
        let l = [
            S::to_words(l[0]),
            S::to_words(l[1]),
            S::to_words(l[2]),
            S::to_words(l[3]),
        ];
        let mut words = [isa.splat(0); 4];
        for k in 0..S::WORDS {
            words[k] = isa.lanes([l[0][k], l[1][k], l[2][k], l[3][k]]);
        }
        Self::new(isa, words)
    }

    #[inline(always)]
    pub(super) fn and(self, rhs: Self) -> Self {
        let mut words = self.words;
        for k in 0..S::WORDS {
            words[k] = self.isa.and(self.words[k], rhs.words[k]);
        }
        Self::new(self.isa, words)
    }

    #[inline(always)]
    pub(super) fn or(self, rhs: Self) -> Self {
        let mut words = self.words;
        for k in 0..S::WORDS {
            words[k] = self.isa.or(self.words[k], rhs.words[k]);
        }
        Self::new(self.isa, words)
    }

    /// `self | (a & b)`.
    #[inline(always)]
    pub(super) fn or_and(self, a: Self, b: Self) -> Self {
        let mut words = self.words;
        for k in 0..S::WORDS {
            words[k] = self.isa.or_and(self.words[k], a.words[k], b.words[k]);
        }
        Self::new(self.isa, words)
    }

    /// Lane `j` moved towards higher cells by `n[j]` (`1..64`), carrying across words.
    #[inline(always)]
    pub(super) fn shl(self, n: [u32; 4]) -> Self {
        let isa = self.isa;
        let mut words = self.words;
        words[0] = isa.shl(self.words[0], n);
        for k in 1..S::WORDS {
            words[k] = isa.shl_from(self.words[k], self.words[k - 1], n);
        }
        Self::new(isa, words)
    }

    /// Lane `j` moved towards lower cells by `n[j]` (`1..64`), carrying across words.
    #[inline(always)]
    pub(super) fn shr(self, n: [u32; 4]) -> Self {
        let isa = self.isa;
        let mut words = self.words;
        for k in 0..S::WORDS - 1 {
            words[k] = isa.shr_from(self.words[k], self.words[k + 1], n);
        }
        words[S::WORDS - 1] = isa.shr(self.words[S::WORDS - 1], n);
        Self::new(isa, words)
    }

    /// The lanes whose lane in `test` holds some cell; the others emptied.
    #[cfg(test)]
    #[inline(always)]
    pub(super) fn keep_where_any(self, test: Self) -> Self {
        let isa = self.isa;
        let mut any = test.words[0];
        for k in 1..S::WORDS {
            any = isa.or(any, test.words[k]);
        }
        let mut words = self.words;
        for k in 0..S::WORDS {
            words[k] = isa.keep_nonzero(self.words[k], any);
        }
        Self::new(isa, words)
    }

    #[inline(always)]
    pub(super) fn xor(self, rhs: Self) -> Self {
        let mut words = self.words;
        for k in 0..S::WORDS {
            words[k] = self.isa.xor(self.words[k], rhs.words[k]);
        }
        Self::new(self.isa, words)
    }

    /// The union of the four lanes, in every lane.
    #[inline(always)]
    pub(super) fn union_splat(self) -> Self {
        let mut words = self.words;
        for k in 0..S::WORDS {
            words[k] = self.isa.or_lanes_splat(self.words[k]);
        }
        Self::new(self.isa, words)
    }

    /// The union of the four lanes.
    #[inline(always)]
    pub(super) fn union(self) -> S::Bits {
        let mut w = [0; 4];
        for k in 0..S::WORDS {
            w[k] = self.isa.or_lanes(self.words[k]);
        }
        S::from_words(w)
    }
}
