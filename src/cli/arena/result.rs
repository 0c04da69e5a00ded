//! A match's result: the games won, drawn and lost, the disc difference, each player's move
//! times, and the Elo difference with its 95% interval.

use std::fmt;
use std::time::Duration;

/// The result of a match, from player A's point of view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchResult {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// Sum over games of A's discs (marks) minus B's at the end.
    pub disc_diff: i64,
    /// How long A took over each of its moves.
    pub a_times: MoveTimes,
    /// How long B took over each of its moves.
    pub b_times: MoveTimes,
}

/// The thinking times of one player's moves, in the order played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveTimes(Vec<Duration>);

impl MoveTimes {
    /// Adds a move's time.
    pub fn record(&mut self, time: Duration) {
        self.0.push(time);
    }

    /// Adds the times of `other`.
    pub fn extend(&mut self, other: &MoveTimes) {
        self.0.extend_from_slice(&other.0);
    }

    /// Moves timed.
    pub fn count(&self) -> usize {
        self.0.len()
    }

    /// The median time (the mean of the middle two for an even count); `None` if no move
    /// was timed.
    pub fn median(&self) -> Option<Duration> {
        crate::stats::median(&self.0)
    }

    /// The longest time; `None` if no move was timed.
    pub fn slowest(&self) -> Option<Duration> {
        self.0.iter().max().copied()
    }

    /// Moves that took longer than `limit`.
    pub fn over(&self, limit: Duration) -> usize {
        self.0.iter().filter(|t| **t > limit).count()
    }

    /// The summary the arena prints after "A move time: ": "812 moves, median 3.1 ms,
    /// slowest 48.2 ms", and with a limit ", none over the limit of 3 s".
    pub fn summary(&self, limit: Option<Duration>) -> String {
        let (Some(median), Some(slowest)) = (self.median(), self.slowest()) else {
            return "0 moves".into();
        };
        let mut text = format!(
            "{} moves, median {}, slowest {}",
            self.count(),
            Seconds(median),
            Seconds(slowest)
        );
        if let Some(limit) = limit {
            let over = match self.over(limit) {
                0 => "none".to_string(),
                n => n.to_string(),
            };
            text += &format!(", {over} over the limit of {}", Seconds(limit));
        }
        text
    }
}

/// A duration written for people and scripts alike: "45 ns", "0.4 µs", "3.1 ms", "2.981 s"
/// (and whole seconds as "3 s").
struct Seconds(Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.0;
        if t < Duration::from_micros(1) {
            write!(f, "{} ns", t.as_nanos())
        } else if t < Duration::from_millis(1) {
            write!(f, "{:.1} µs", t.as_secs_f64() * 1e6)
        } else if t < Duration::from_secs(1) {
            write!(f, "{:.1} ms", t.as_secs_f64() * 1e3)
        } else if t.subsec_nanos() == 0 {
            write!(f, "{} s", t.as_secs())
        } else {
            write!(f, "{:.3} s", t.as_secs_f64())
        }
    }
}

impl MatchResult {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score: wins plus half the draws, over games.
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games().max(1))
    }

    /// The Elo difference of A over B and its 95% interval: the interval is Wilson's for
    /// A's score, as if each game were won or lost (a draw counts half, and draws make the
    /// true interval a little narrower), so a match one side won every game of still has an
    /// interval, open at the winner's end.
    pub fn elo(&self) -> Elo {
        let n = f64::from(self.games().max(1));
        let s = self.score();
        let (low, high) = wilson(s, n, Z95);
        Elo {
            estimate: elo_of(s),
            low: elo_of(low),
            high: elo_of(high),
        }
    }
}

/// The normal quantile of a two-sided 95% interval, as such intervals are usually quoted.
const Z95: f64 = 1.96;

/// The Wilson score interval of a proportion `p` seen in `n` trials, for the normal quantile
/// `z`: (p + z²/2n ± z √(p(1-p)/n + z²/4n²)) / (1 + z²/n), which stays inside 0..1 and is
/// not empty at p = 0 or 1.
pub fn wilson(p: f64, n: f64, z: f64) -> (f64, f64) {
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference of a player that scores `p` against another: -400 log10(1/p - 1),
/// infinite at a score of 0 or 1.
pub fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// An Elo difference and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// From the score itself.
    pub estimate: f64,
    /// The interval's low end.
    pub low: f64,
    /// Its high end.
    pub high: f64,
}

/// "+52, -21 to +128", "+inf, +166 to +inf": whole points, signed, infinities as such.
impl fmt::Display for Elo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let points = |x: f64| {
            if x.is_infinite() {
                if x > 0.0 {
                    "+inf".into()
                } else {
                    "-inf".into()
                }
            } else {
                // Rounded to a whole number, a tiny negative difference would print as "-0".
                let x = if x.round() == 0.0 { 0.0 } else { x };
                format!("{x:+.0}")
            }
        };
        write!(
            f,
            "{}, {} to {}",
            points(self.estimate),
            points(self.low),
            points(self.high)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn times(list: &[u64]) -> MoveTimes {
        let mut t = MoveTimes::default();
        for &n in list {
            t.record(ms(n));
        }
        t
    }

    #[test]
    fn no_moves_have_no_median_and_no_slowest() {
        let t = MoveTimes::default();
        assert_eq!(t.count(), 0);
        assert_eq!(t.median(), None);
        assert_eq!(t.slowest(), None);
        assert_eq!(t.over(ms(1)), 0);
        assert_eq!(t.summary(Some(ms(3000))), "0 moves");
    }

    #[test]
    fn the_median_of_an_odd_count_is_the_middle_time() {
        let t = times(&[30, 10, 20]);
        assert_eq!(t.median(), Some(ms(20)));
        assert_eq!(t.slowest(), Some(ms(30)));
        assert_eq!(times(&[7]).median(), Some(ms(7)));
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        let t = times(&[40, 10, 30, 20]);
        assert_eq!(t.median(), Some(ms(25)));
        assert_eq!(t.slowest(), Some(ms(40)));
        assert_eq!(times(&[1, 2]).median(), Some(Duration::from_micros(1500)));
    }

    #[test]
    fn times_of_two_players_combine() {
        let mut t = times(&[10, 30]);
        t.extend(&times(&[20]));
        assert_eq!(t.count(), 3);
        assert_eq!(t.median(), Some(ms(20)));
        assert_eq!(t.slowest(), Some(ms(30)));
    }

    #[test]
    fn moves_over_a_limit_are_counted() {
        let t = times(&[2998, 3000, 3001, 20]);
        assert_eq!(t.over(ms(3000)), 1);
        assert_eq!(
            t.summary(Some(ms(3000))),
            "4 moves, median 2.999 s, slowest 3.001 s, 1 over the limit of 3 s"
        );
        assert_eq!(
            times(&[1, 2, 3]).summary(Some(ms(3000))),
            "3 moves, median 2.0 ms, slowest 3.0 ms, none over the limit of 3 s"
        );
    }

    fn match_of(wins: u32, draws: u32, losses: u32) -> MatchResult {
        MatchResult {
            wins,
            draws,
            losses,
            ..MatchResult::default()
        }
    }

    fn near(a: f64, b: f64, within: f64) -> bool {
        (a - b).abs() <= within
    }

    #[test]
    fn the_wilson_interval_matches_values_worked_by_hand() {
        // z = 1.96, z² = 3.8416. Ten wins of ten: centre (1 + 0.19208) / 1.38416 = 0.861230,
        // half 1.96 / 1.38416 x sqrt(3.8416 / 400) = 1.416021 x 0.098 = 0.138770, so 0.722460
        // to 1.
        let (low, high) = wilson(1.0, 10.0, 1.96);
        assert!(near(low, 0.722460, 1e-6), "{low}");
        assert_eq!(high, 1.0);
        // Five of ten: centre 0.5, half 1.416021 x sqrt(0.025 + 0.009604) = 0.263410.
        let (low, high) = wilson(0.5, 10.0, 1.96);
        assert!(
            near(low, 0.236590, 1e-6) && near(high, 0.763410, 1e-6),
            "{low} {high}"
        );
    }

    #[test]
    fn elo_comes_from_the_score_and_its_interval() {
        // -400 log10(1/0.722460 - 1) = -400 log10(0.384160) = +166.2.
        let all = match_of(10, 0, 0).elo();
        assert_eq!(all.estimate, f64::INFINITY);
        assert!(near(all.low, 166.2, 0.1), "{all:?}");
        assert_eq!(all.high, f64::INFINITY);
        assert_eq!(all.to_string(), "+inf, +166 to +inf");
        let none = match_of(0, 0, 10).elo();
        assert_eq!(none.to_string(), "-inf, -inf to -166");
        // Even: 0, and -400 log10(1/0.763410 - 1) = -400 log10(0.309912) = +203.5 either way.
        let even = match_of(4, 2, 4).elo();
        assert_eq!(even.to_string(), "+0, -204 to +204");
        // 75% of 20 (15-0-5): -400 log10(1/3) = +190.8.
        let three_in_four = match_of(15, 0, 5).elo();
        assert!(
            near(three_in_four.estimate, 190.85, 0.01),
            "{three_in_four:?}"
        );
        assert!(three_in_four.low > 0.0, "{three_in_four:?}");
    }

    #[test]
    fn durations_are_written_in_fitting_units() {
        let text = |t: Duration| Seconds(t).to_string();
        assert_eq!(text(Duration::from_nanos(45)), "45 ns");
        assert_eq!(text(Duration::from_nanos(1400)), "1.4 µs");
        assert_eq!(text(Duration::from_micros(3100)), "3.1 ms");
        assert_eq!(text(ms(2981)), "2.981 s");
        assert_eq!(text(ms(3000)), "3 s");
        assert_eq!(times(&[]).summary(None), "0 moves");
        assert_eq!(
            times(&[5, 1]).summary(None),
            "2 moves, median 3.0 ms, slowest 5.0 ms"
        );
    }
}
