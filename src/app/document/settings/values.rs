//! Reading one field's value of a settings file, and noting what cannot be read: a plain
//! value through RON as a whole, a struct (the display options) field by field like the
//! file itself, so a bad `theme` keeps the `coordinates` beside it.

use std::cell::OnceCell;
use std::collections::HashMap;
use std::path::PathBuf;

use serde::de::DeserializeOwned;

use crate::ai::EngineSpec;
use crate::ai::book::BookOptions;
use crate::core::{GameKind, TimeControl};

use super::scan::{Item, Lines, split_struct};
use super::*;

/// What reading a settings text found beside the values: the problems, each with its
/// field, and the fields the app does not know.
pub(super) struct Notes<'t> {
    /// The whole text, for lines.
    text: &'t str,
    /// Where its lines start, found when first needed.
    lines: OnceCell<Lines>,
    /// The problems, in the order found.
    pub problems: Vec<FieldProblem>,
    /// The fields not known, as found.
    pub unknown: UnknownFields,
}

impl<'t> Notes<'t> {
    pub(super) fn new(text: &'t str) -> Notes<'t> {
        Notes {
            text,
            lines: OnceCell::new(),
            problems: Vec::new(),
            unknown: UnknownFields::default(),
        }
    }

    /// Notes a problem of `field` at byte `at` of the text: "line 4: ...".
    pub(super) fn at(&mut self, field: &'static str, at: usize, message: impl Into<String>) {
        let line = self.line(at);
        self.problems.push(FieldProblem {
            field,
            message: format!("line {line}: {}", message.into()),
        });
    }

    /// Notes a problem of `field` with no place in the text.
    pub(super) fn note(&mut self, field: &'static str, message: impl Into<String>) {
        self.problems.push(FieldProblem {
            field,
            message: message.into(),
        });
    }

    /// The line of byte `at`.
    pub(super) fn line(&self, at: usize) -> usize {
        self.lines.get_or_init(|| Lines::new(self.text)).line(at)
    }

    /// True if `item` can be read: its value is all there, and all text. Otherwise notes
    /// why not under `field`.
    pub(super) fn whole(&mut self, field: &'static str, item: &Item<'_>) -> bool {
        if !item.complete {
            self.at(field, item.at, "the file ends inside its value: not read");
            false
        } else if let Some(i) = item.value.find('\0') {
            self.at(
                field,
                item.value_at + i,
                "its value holds a byte that is not text: not read",
            );
            false
        } else {
            true
        }
    }

    /// Reads `item`'s value into `slot` through RON, or notes why not (the slot keeps its
    /// value).
    pub(super) fn read_plain<T: DeserializeOwned>(
        &mut self,
        slot: &mut T,
        field: &'static str,
        item: &Item<'_>,
    ) {
        if !self.whole(field, item) {
            return;
        }
        match ron::from_str::<T>(item.value) {
            Ok(value) => *slot = value,
            Err(e) => self.at(field, item.value_at, e.code.to_string()),
        }
    }

    /// Keeps an item of a field the app does not know, named `name`, if it is whole.
    pub(super) fn keep_unknown(&mut self, name: String, item: &Item<'_>) {
        if item.complete && !item.value.contains('\0') {
            self.unknown.keep(name, item.value);
        } else {
            self.at(
                "unknown field",
                item.at,
                format!("'{name}' is cut off or not text"),
            );
        }
    }
}

/// Keeps track of the fields of one struct seen so far, to name one given twice.
#[derive(Default)]
pub(super) struct Seen<'a>(HashMap<&'a str, usize>);

impl<'a> Seen<'a> {
    /// Notes `item` as seen; if its field was seen before, tells `notes` (the last is used).
    pub(super) fn see(&mut self, field: &'static str, item: &Item<'a>, notes: &mut Notes<'_>) {
        let line = notes.line(item.at);
        if let Some(first) = self.0.insert(item.name, line) {
            notes.at(
                field,
                item.at,
                format!("given twice (first on line {first}); the last is used"),
            );
        }
    }
}

/// A field's value, read from its text onto what is there.
pub(super) trait FieldValue {
    /// Reads `item`'s value onto `self`, noting under `field` what cannot be read.
    fn read_onto(&mut self, field: &'static str, item: &Item<'_>, notes: &mut Notes<'_>);
}

/// Values read through RON as a whole.
macro_rules! plain_values {
    ($($ty:ty),+) => {
        $(
            impl FieldValue for $ty {
                fn read_onto(&mut self, field: &'static str, item: &Item<'_>, notes: &mut Notes<'_>) {
                    notes.read_plain(self, field, item);
                }
            }
        )+
    };
}

plain_values!(
    GameKind,
    usize,
    u64,
    PlayerChoice,
    Option<[f32; 2]>,
    Option<usize>,
    Option<TimeControl>,
    Vec<PathBuf>,
    Vec<EngineSpec>,
    Vec<(GameKind, [PlayerChoice; 2])>,
    BookOptions
);

impl FieldValue for Display {
    /// The display options, each on its own.
    fn read_onto(&mut self, field: &'static str, item: &Item<'_>, notes: &mut Notes<'_>) {
        let Some((inner, close)) = split_struct(item.value, item.value_at) else {
            // Not a struct: RON names what it is.
            notes.read_plain(self, field, item);
            return;
        };
        for damage in &inner.damage {
            notes.at(field, damage.at, damage.message.clone());
        }
        let mut seen = Seen::default();
        for sub in &inner.items {
            let (name, slot): (&'static str, Option<&mut bool>) = match sub.name {
                "legal_dots" => ("display.legal_dots", Some(&mut self.legal_dots)),
                "coordinates" => ("display.coordinates", Some(&mut self.coordinates)),
                "last_move" => ("display.last_move", Some(&mut self.last_move)),
                "analysis" => ("display.analysis", Some(&mut self.analysis)),
                "book_marks" => ("display.book_marks", Some(&mut self.book_marks)),
                "theme" => ("display.theme", None),
                other => {
                    notes.keep_unknown(format!("{field}.{other}"), sub);
                    continue;
                }
            };
            seen.see(name, sub, notes);
            match slot {
                Some(flag) => notes.read_plain(flag, name, sub),
                None => notes.read_plain(&mut self.theme, name, sub),
            }
        }
        if let Some(close) = close {
            let after = item.value[close + 1..].trim();
            if !after.is_empty() && !after.starts_with("//") && !after.starts_with("/*") {
                notes.at(
                    field,
                    item.value_at + close + 1,
                    format!("text after its ')' is ignored: '{after}'"),
                );
            }
        } else if item.complete {
            notes.at(field, item.at, "its ')' is missing");
        }
    }
}
