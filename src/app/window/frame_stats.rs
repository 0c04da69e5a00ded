//! `--frame-stats`: how long the window takes to show its first frame, and how long frames
//! take, above all while the computer thinks or Analysis mode searches. Frame times are eframe's CPU time per frame
//! (the app's UI code plus tessellation and painting, without waiting for vsync).

use std::time::{Duration, Instant};

use crate::core::Variant;
use crate::stats;

#[derive(Clone, Debug, Default)]
struct Spread {
    seconds: Vec<f64>,
}

impl Spread {
    fn add(&mut self, seconds: f64) {
        self.seconds.push(seconds);
    }

    fn describe(&self) -> String {
        let (Some(median), Some(p99)) = (
            stats::median(&self.seconds),
            stats::percentile(&self.seconds, 99),
        ) else {
            return "no frames".into();
        };
        let slowest = (0..self.seconds.len())
            .max_by(|&a, &b| self.seconds[a].total_cmp(&self.seconds[b]))
            .unwrap_or(0);
        format!(
            "{} frames, median {:.2} ms, 99th percentile {:.2} ms, longest {:.2} ms (frame {})",
            self.seconds.len(),
            median * 1e3,
            p99 * 1e3,
            self.seconds[slowest] * 1e3,
            slowest + 2
        )
    }
}

/// What runs in the background during a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Busy {
    /// The computer is choosing a move.
    pub thinking: bool,
    /// Analysis mode is searching the shown position.
    pub analysing: bool,
}

impl Busy {
    /// Words for the report, or `None` when nothing runs.
    fn describe(self) -> Option<&'static str> {
        match (self.thinking, self.analysing) {
            (true, true) => Some("while the computer thinks and analysis runs"),
            (true, false) => Some("while the computer thinks"),
            (false, true) => Some("while analysis runs"),
            (false, false) => None,
        }
    }
}

/// Frame timing, fed once a frame by the window.
pub struct FrameStats {
    started: Instant,
    first_ui: Option<Duration>,
    first_painted: Option<Duration>,
    /// What the previous frame showed: what ran in the background, on which board.
    previous: Option<(Busy, Variant)>,
    all: Spread,
    busy: Vec<((&'static str, Variant), Spread)>,
    /// The app's own UI code (layout and painting commands, before tessellation), per frame.
    ui_code: Spread,
    /// When the first and the last frame of `all` were recorded: frames painted a second.
    span: Option<(Instant, Instant)>,
}

impl FrameStats {
    /// Starts counting from `started` (the start of the process).
    pub fn new(started: Instant) -> FrameStats {
        FrameStats {
            started,
            first_ui: None,
            first_painted: None,
            previous: None,
            all: Spread::default(),
            busy: Vec::new(),
            ui_code: Spread::default(),
            span: None,
        }
    }

    /// Records the previous frame's CPU time, as eframe reports it at the start of a frame.
    pub fn previous_frame(&mut self, cpu_seconds: Option<f32>) {
        let (Some(cpu), Some((busy, variant))) = (cpu_seconds, self.previous) else {
            return;
        };
        let cpu = f64::from(cpu);
        if self.first_painted.is_none()
            && let Some(first_ui) = self.first_ui
        {
            // The first frame (fonts, shaders) is the start-up figure, not a steady frame.
            self.first_painted = Some(first_ui + Duration::from_secs_f64(cpu));
            return;
        }
        self.all.add(cpu);
        let at = Instant::now();
        self.span = Some((self.span.map_or(at, |(first, _)| first), at));
        if let Some(what) = busy.describe() {
            let key = (what, variant);
            match self.busy.iter_mut().find(|(k, _)| *k == key) {
                Some((_, spread)) => spread.add(cpu),
                None => {
                    let mut spread = Spread::default();
                    spread.add(cpu);
                    self.busy.push((key, spread));
                }
            }
        }
    }

    /// Notes what this frame shows and how long the app's UI code took; the whole frame's
    /// time arrives with the next frame.
    pub fn this_frame(&mut self, frame_start: Instant, busy: Busy, variant: Variant) {
        if self.first_ui.is_none() {
            self.first_ui = Some(frame_start - self.started);
        } else {
            self.ui_code.add(frame_start.elapsed().as_secs_f64());
        }
        self.previous = Some((busy, variant));
    }

    /// The figures, for printing when the window closes.
    pub fn report(&self) -> String {
        let ms = |d: Option<Duration>| {
            d.map_or("not reached".into(), |d| {
                format!("{:.0} ms", d.as_secs_f64() * 1e3)
            })
        };
        // Frames painted a second, between the first and the last recorded.
        let rate = match self.span {
            Some((first, last)) if last > first => format!(
                ", {:.1} a second",
                (self.all.seconds.len() - 1) as f64 / (last - first).as_secs_f64()
            ),
            _ => String::new(),
        };
        let mut out = format!(
            "frame stats: start to first painted frame: {} (first UI pass began at {})\n\
             frame stats: all frames after the first: {}{rate}\n\
             frame stats: the app's UI code alone: {}\n",
            ms(self.first_painted),
            ms(self.first_ui),
            self.all.describe(),
            self.ui_code.describe()
        );
        for ((what, variant), spread) in &self.busy {
            out.push_str(&format!(
                "frame stats: {what}, {variant}: {}\n",
                spread.describe()
            ));
        }
        out.pop();
        out
    }
}
