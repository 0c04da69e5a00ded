//! Figures for people: the median and percentiles of measured times, as the arena reports
//! its move times and `--frame-stats` its frame times, and counts written with their
//! thousands set apart. One definition for the command line and the app alike.

use std::cmp::Ordering;
use std::time::Duration;

/// A measured quantity: totally ordered, with a midpoint for the median of an even count.
pub trait Measure: Copy {
    /// The order of `self` and `other` (for `f64`, its total order).
    fn order(&self, other: &Self) -> Ordering;
    /// The value halfway between `a` and `b`.
    fn midpoint(a: Self, b: Self) -> Self;
}

impl Measure for Duration {
    fn order(&self, other: &Self) -> Ordering {
        self.cmp(other)
    }

    fn midpoint(a: Self, b: Self) -> Self {
        (a + b) / 2
    }
}

impl Measure for f64 {
    fn order(&self, other: &Self) -> Ordering {
        self.total_cmp(other)
    }

    fn midpoint(a: Self, b: Self) -> Self {
        f64::midpoint(a, b)
    }
}

fn sorted<T: Measure>(values: &[T]) -> Vec<T> {
    let mut sorted = values.to_vec();
    sorted.sort_unstable_by(T::order);
    sorted
}

/// The middle value, or the mean of the middle two for an even count; `None` for no values.
pub fn median<T: Measure>(values: &[T]) -> Option<T> {
    let sorted = sorted(values);
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some(T::midpoint(sorted[n / 2 - 1], sorted[n / 2])),
    }
}

/// The `p`th percentile (`p` from 0 to 100) by nearest rank: the smallest value with at
/// least `p` percent of the values at or below it. `None` for no values.
pub fn percentile<T: Measure>(values: &[T], p: u32) -> Option<T> {
    let sorted = sorted(values);
    // The rank, from 1, is p% of the count rounded up; in integers, so that 7% of 100 is 7.
    let rank = (p.min(100) as usize * sorted.len()).div_ceil(100);
    sorted.get(rank.max(1) - 1).copied()
}

/// `n` with commas between thousands: "100,000".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_values_have_no_median_and_no_percentile() {
        assert_eq!(median::<f64>(&[]), None);
        assert_eq!(percentile::<Duration>(&[], 50), None);
    }

    #[test]
    fn the_median_is_the_middle_value_or_the_mean_of_the_middle_two() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        let ms = Duration::from_millis;
        assert_eq!(median(&[ms(1), ms(2)]), Some(Duration::from_micros(1500)));
        assert_eq!(median(&[ms(7)]), Some(ms(7)));
    }

    #[test]
    fn a_percentile_is_the_value_at_its_nearest_rank() {
        // 100 down to 1: the pth percentile is p itself.
        let values: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        assert_eq!(percentile(&values, 99), Some(99.0));
        assert_eq!(percentile(&values, 50), Some(50.0));
        assert_eq!(percentile(&values, 7), Some(7.0));
        assert_eq!(percentile(&values, 100), Some(100.0));
        // The 0th is the smallest value.
        assert_eq!(percentile(&values, 0), Some(1.0));
        let ten: Vec<f64> = (1..=10).map(f64::from).collect();
        // 99% of ten values is 9.9: rank 10, the largest; 25% is 2.5: rank 3.
        assert_eq!(percentile(&ten, 99), Some(10.0));
        assert_eq!(percentile(&ten, 25), Some(3.0));
    }
}
