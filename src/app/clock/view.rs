//! The clocks on screen: each side's time beside its name and count in the status line, and
//! the choice of a time control in the side panel (presets, and a custom one in a small
//! window). It returns [`Command`]s.

use std::time::Duration;

use egui::{RichText, Ui};

use crate::core::{Side, TimeControl, Variant};

use crate::app::view::command::Command;
use crate::app::view::words::side_name;

/// The clocks as the status line shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockFaces {
    /// The time each side has left (first, second).
    pub left: [Duration; 2],
    /// The side whose clock is running, if one is.
    pub running: Option<Side>,
    /// The side whose time ran out, if one's did.
    pub out: Option<Side>,
}

/// From this much time left, the clock shows tenths of a second, and in the warning colour.
const SHORT: Duration = Duration::from_secs(10);

/// A clock's time: "1:05:00", "4:59", and "0:09.5" under ten seconds. Rounded down, as
/// clocks are: a clock shows 0:00 only once its time is up.
pub fn time_text(left: Duration) -> String {
    let secs = left.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if left < SHORT {
        format!("{m}:{s:02}.{}", left.subsec_millis() / 100)
    } else {
        format!("{m}:{s:02}")
    }
}

/// How long until a running clock with `left` shows another time (or runs out).
pub fn next_change(left: Duration) -> Duration {
    let step = if left <= SHORT {
        Duration::from_millis(100)
    } else {
        Duration::from_secs(1)
    };
    let into = Duration::from_nanos((left.as_nanos() % step.as_nanos()) as u64);
    if into.is_zero() { step } else { into }
}

/// Each side's name, its disc count in Othello, and its clock, in the status line's first
/// row. The running clock is highlighted; one with little time left is in the warning
/// colour. Each clock's accessible name says whose it is: "Black's clock 4:59".
pub fn sides(ui: &mut Ui, variant: Variant, counts: [u32; 2], faces: &ClockFaces) {
    // In a row laid out from the right, the pieces go in the other order, so they read
    // left to right all the same.
    let backwards = ui.layout().prefer_right_to_left();
    let mut sides = [Side::First, Side::Second];
    if backwards {
        sides.reverse();
    }
    for (i, side) in sides.into_iter().enumerate() {
        if i > 0 {
            ui.label("·");
        }
        if backwards {
            clock(ui, variant, faces, side);
            count(ui, variant, counts, side);
        } else {
            count(ui, variant, counts, side);
            clock(ui, variant, faces, side);
        }
    }
}

/// A side's name, with its disc count in Othello.
fn count(ui: &mut Ui, variant: Variant, counts: [u32; 2], side: Side) {
    let name = side_name(variant, side);
    match variant {
        Variant::Othello { .. } => ui.label(format!("{name} {}", counts[side.index()])),
        Variant::TicTacToe { .. } => ui.label(name),
    };
}

/// A side's clock, highlighted while it runs, in the warning colour with little time left.
fn clock(ui: &mut Ui, variant: Variant, faces: &ClockFaces, side: Side) {
    let name = side_name(variant, side);
    let left = faces.left[side.index()];
    let text = time_text(left);
    let mut rich = RichText::new(&text).monospace().size(16.0).strong();
    if faces.out == Some(side) || left < SHORT {
        rich = rich.color(ui.visuals().warn_fg_color);
    }
    let running = faces.running == Some(side);
    let frame = egui::Frame::new()
        .inner_margin(egui::Margin::symmetric(6, 1))
        .corner_radius(4)
        .fill(if running {
            ui.visuals().selection.bg_fill
        } else {
            ui.visuals().faint_bg_color
        });
    let response = frame.show(ui, |ui| ui.label(rich)).response;
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Label, true, format!("{name}'s clock {text}"))
    });
}

/// The label of a time control in the panel's choice: "No clock", "3 min + 2 s".
fn choice_text(control: Option<TimeControl>) -> String {
    control.map_or_else(|| "No clock".to_string(), |c| c.to_string())
}

/// The side panel's choice of a time control: no clock, a preset, or a custom one (a small
/// window asks for its minutes and increment). `current` is the game's; a choice starts a
/// new game on it (see [`Command::SetClock`]).
pub fn choice(ui: &mut Ui, current: Option<TimeControl>, commands: &mut Vec<Command>) {
    let custom_id = ui.make_persistent_id("custom-clock");
    let mut custom: Option<(u32, u32)> = ui.data(|d| d.get_temp(custom_id)).flatten();
    ui.horizontal(|ui| {
        let label = ui.label(RichText::new("Clock").strong());
        let combo = egui::ComboBox::from_id_salt("clock")
            .selected_text(choice_text(current))
            .show_ui(ui, |ui| {
                let none = std::iter::once(None);
                for control in none.chain(TimeControl::PRESETS.map(Some)) {
                    let selected = current == control;
                    if ui
                        .selectable_label(selected, choice_text(control))
                        .clicked()
                        && !selected
                    {
                        commands.push(Command::SetClock(control));
                    }
                }
                if ui.selectable_label(false, "Custom...").clicked() {
                    let (seconds, increment) =
                        current.map_or((600, 0), |c| (c.seconds, c.increment));
                    custom = Some((seconds.div_ceil(60), increment));
                }
            });
        combo
            .response
            .labelled_by(label.id)
            .on_hover_text("Each side's time for a game; the side whose time runs out loses");
    });
    if let Some((minutes, increment)) = &mut custom {
        let mut open = true;
        let mut done = false;
        egui::Window::new("Time control")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .show(ui.ctx(), |ui| {
                ui.label("Each side's clock, and what it gains after each of its moves:");
                egui::Grid::new("custom-clock-grid").show(ui, |ui| {
                    ui.label("Minutes");
                    let limit = TimeControl::LONGEST / 60;
                    let minutes_field = ui.add(egui::DragValue::new(minutes).range(1..=limit));
                    minutes_field.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::SpinButton, true, "Minutes")
                    });
                    ui.end_row();
                    ui.label("Increment (seconds)");
                    let most = TimeControl::MOST_INCREMENT;
                    let increment_field = ui.add(egui::DragValue::new(increment).range(0..=most));
                    increment_field.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::SpinButton, true, "Increment")
                    });
                    ui.end_row();
                });
                ui.horizontal(|ui| {
                    if ui.button("Start a game").clicked() {
                        if let Ok(control) = TimeControl::new(*minutes * 60, *increment) {
                            commands.push(Command::SetClock(Some(control)));
                        }
                        done = true;
                    }
                    if ui.button("Cancel").clicked() {
                        done = true;
                    }
                });
            });
        // Escape cancels, as in every small window.
        let escape = ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
        if done || !open || escape {
            custom = None;
        }
    }
    ui.data_mut(|d| d.insert_temp(custom_id, custom));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_like_clocks() {
        let ms = Duration::from_millis;
        assert_eq!(time_text(ms(300_000)), "5:00");
        assert_eq!(time_text(ms(299_999)), "4:59");
        assert_eq!(time_text(ms(3_900_000)), "1:05:00");
        assert_eq!(time_text(ms(9_999)), "0:09.9");
        assert_eq!(time_text(ms(10_000)), "0:10");
        assert_eq!(time_text(ms(50)), "0:00.0");
        assert_eq!(time_text(Duration::ZERO), "0:00.0");
    }

    #[test]
    fn a_running_clock_is_painted_again_when_its_text_changes() {
        let ms = Duration::from_millis;
        assert_eq!(next_change(ms(300_000)), ms(1000));
        assert_eq!(next_change(ms(299_250)), ms(250));
        assert_eq!(next_change(ms(9_950)), ms(50));
        assert_eq!(next_change(ms(9_900)), ms(100));
    }
}
