//! [`Stop`]: the flag that cancels a search from another thread, or at a deadline.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A cancellation flag shared between a search and whoever may stop it, with an optional
/// deadline after which it counts as raised.
///
/// Searches read it every few thousand positions, so a deadline set here is kept to within
/// that much work: this is how time budgets are enforced, without a timer thread.
#[derive(Clone, Debug, Default)]
pub struct Stop {
    flag: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl Stop {
    /// A flag that is not raised and has no deadline.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks every search holding this flag, or one derived from it by
    /// [`with_deadline`](Stop::with_deadline), to return as soon as it can.
    pub fn stop(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// True once [`stop`](Stop::stop) has been called, or once the deadline has passed.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// True if the flag was raised by its owner ([`Stop::stop`]), not just by a deadline
    /// passing: the search is no longer wanted, rather than out of time.
    pub fn is_raised(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    /// A flag raised with this one that is also raised from `deadline` on (or from this
    /// one's own deadline, if that comes first). Stopping either stops both.
    pub fn with_deadline(&self, deadline: Instant) -> Stop {
        Stop {
            flag: self.flag.clone(),
            deadline: Some(self.deadline.map_or(deadline, |d| d.min(deadline))),
        }
    }

    /// The same flag without a deadline: for work too small to be worth cutting short,
    /// which only its owner's [`stop`](Stop::stop) should end.
    pub fn flag_only(&self) -> Stop {
        Stop {
            flag: self.flag.clone(),
            deadline: None,
        }
    }

    /// The deadline, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }
}

/// The deadline of a search that started at `start` and must answer within `limit`: the limit
/// less a reserve of 2% (at most 20 ms) for noticing the deadline and unwinding.
pub(crate) fn search_deadline(start: Instant, limit: Duration) -> Instant {
    start + limit - (limit / 50).min(Duration::from_millis(20))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_flag_is_raised_by_its_deadline_or_by_a_call() {
        let now = Instant::now();
        let stop = Stop::new();
        assert!(!stop.is_stopped());
        assert_eq!(stop.deadline(), None);
        assert!(stop.with_deadline(now).is_stopped());
        let later = stop.with_deadline(now + Duration::from_secs(3600));
        assert!(!later.is_stopped());
        assert_eq!(later.deadline(), Some(now + Duration::from_secs(3600)));
        // The earlier deadline wins, whichever way round.
        assert_eq!(later.with_deadline(now).deadline(), Some(now));
        let earlier = stop.with_deadline(now);
        assert_eq!(
            earlier
                .with_deadline(now + Duration::from_secs(1))
                .deadline(),
            Some(now)
        );
        // A derived flag shares the call.
        stop.stop();
        assert!(later.is_stopped());
    }

    #[test]
    fn the_flag_alone_has_no_deadline_and_is_raised_with_its_owner() {
        let owner = Stop::new();
        let timed = owner.with_deadline(Instant::now());
        assert!(timed.is_stopped());
        let alone = timed.flag_only();
        assert_eq!(alone.deadline(), None);
        assert!(!alone.is_stopped());
        owner.stop();
        assert!(alone.is_stopped());
    }
}
