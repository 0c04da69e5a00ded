//! The settings text taken apart into its fields before any value is read, so that damage
//! loses only what it touches: a struct `(name: value, ...)` is split at its top-level
//! commas by a small scanner that knows RON's strings, characters, comments and brackets.
//! Each value is then read on its own (see `reading.rs`).
//!
//! A value that runs into the end of the text (a file cut off) has no comma or `)` after
//! it and is not trusted: `size: 12` cut to `size: 1` would read as something else. An item
//! that is not `name: value` is skipped up to the next comma and named. A NUL character
//! stands for a byte that is not text (see [`text_of`]); a value that holds one is not read.

/// One `name: value` of a struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Item<'a> {
    /// The field's name.
    pub name: &'a str,
    /// Where the name starts, in bytes from the start of the whole text.
    pub at: usize,
    /// The value's text, space around it included.
    pub value: &'a str,
    /// Where the value starts, in bytes from the start of the whole text.
    pub value_at: usize,
    /// False when the text ends inside the value (no `,` or `)` follows it).
    pub complete: bool,
}

/// Something in a struct's text that is not a readable item, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Damage {
    /// Where it starts, in bytes from the start of the whole text.
    pub at: usize,
    /// What is wrong, in words.
    pub message: String,
}

/// A struct's text taken apart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Struct<'a> {
    /// The items, in the order of the text.
    pub items: Vec<Item<'a>>,
    /// What could not be read as an item.
    pub damage: Vec<Damage>,
}

/// The text of a settings file's bytes: a UTF-8 byte-order mark at the start dropped, and
/// every byte that is not UTF-8 turned into a NUL character, so that byte offsets stay
/// those of the file and damage is seen where it is.
pub(super) fn text_of(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        text.extend(std::iter::repeat_n('\0', chunk.invalid().len()));
    }
    text
}

/// Where the lines of a text start, found once, so that naming the line of each of many
/// items or problems stays linear in the text.
pub(super) struct Lines(Vec<usize>);

impl Lines {
    /// The line starts of `text`.
    pub(super) fn new(text: &str) -> Lines {
        let breaks = text.bytes().enumerate().filter(|&(_, b)| b == b'\n');
        Lines(
            std::iter::once(0)
                .chain(breaks.map(|(i, _)| i + 1))
                .collect(),
        )
    }

    /// The 1-based line of byte `at`.
    pub(super) fn line(&self, at: usize) -> usize {
        self.0.partition_point(|&start| start <= at)
    }
}

/// Takes apart the struct that starts `text` (after space and comments, an optional name
/// and its `(`); `offset` is where `text` starts in the whole text. `None` if `text` does
/// not start a struct. The `Option` of the closing `)` tells a struct cut off (`None`) from
/// one closed at that byte of `text`.
pub(super) fn split_struct(text: &str, offset: usize) -> Option<(Struct<'_>, Option<usize>)> {
    let mut s = Scanner { text, at: 0 };
    s.skip_space();
    let name = s.take_name();
    if !name.is_empty() {
        s.skip_space();
    }
    if s.peek() != Some(b'(') {
        return None;
    }
    s.at += 1;
    let mut result = Struct::default();
    loop {
        s.skip_space();
        match s.peek() {
            None => return Some((result, None)),
            Some(b')') => return Some((result, Some(s.at))),
            Some(b',') => {
                // An empty item (",,"): nothing lost, nothing to read.
                s.at += 1;
                continue;
            }
            Some(_) => {}
        }
        let at = s.at;
        let name = s.take_name();
        s.skip_space();
        if name.is_empty() || s.peek() != Some(b':') {
            // Skipped up to the next comma of this struct, and named.
            let (skipped_end, end) = s.value_end();
            let skipped = text[at..skipped_end].trim_end();
            let mut found: String = skipped.chars().take(24).collect();
            if found.len() < skipped.len() {
                found.push_str("...");
            }
            result.damage.push(Damage {
                at: offset + at,
                message: format!("'{}' is not 'name: value'", found.replace('\0', "\u{FFFD}")),
            });
            if end == End::Text {
                return Some((result, None));
            }
            continue;
        }
        s.at += 1;
        let value_at = s.at;
        let (value_end, end) = s.value_end();
        result.items.push(Item {
            name,
            at: offset + at,
            value: &text[value_at..value_end],
            value_at: offset + value_at,
            complete: end != End::Text,
        });
        if end == End::Text {
            return Some((result, None));
        }
    }
}

/// What ends a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// A comma (passed).
    Comma,
    /// The struct's `)` (not passed).
    Close,
    /// The end of the text.
    Text,
}

struct Scanner<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Scanner<'a> {
    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes().get(self.at).copied()
    }

    /// Skips space and comments.
    fn skip_space(&mut self) {
        loop {
            while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
                self.at += 1;
            }
            if !self.skip_comment() {
                return;
            }
        }
    }

    /// Skips a comment here, if there is one (to the end of the text if it is not closed).
    fn skip_comment(&mut self) -> bool {
        let rest = &self.bytes()[self.at..];
        if rest.starts_with(b"//") {
            self.at += rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
            true
        } else if rest.starts_with(b"/*") {
            // Block comments nest in RON.
            let mut depth = 0;
            let mut i = 0;
            while i < rest.len() {
                if rest[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if rest[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            self.at += i;
            true
        } else {
            false
        }
    }

    /// A name here (letters, digits, `_`), possibly empty.
    fn take_name(&mut self) -> &'a str {
        let from = self.at;
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            self.at += 1;
        }
        &self.text[from..self.at]
    }

    /// Goes to the end of the value here: where it ends, and by what. Brackets, strings,
    /// characters and comments are passed whole, so only a comma or `)` of this struct
    /// ends it.
    fn value_end(&mut self) -> (usize, End) {
        let mut depth = 0usize;
        loop {
            if self.skip_comment() {
                continue;
            }
            let Some(b) = self.peek() else {
                return (self.at, End::Text);
            };
            match b {
                b',' if depth == 0 => {
                    let end = self.at;
                    self.at += 1;
                    return (end, End::Comma);
                }
                b')' if depth == 0 => return (self.at, End::Close),
                b'(' | b'[' | b'{' => {
                    depth += 1;
                    self.at += 1;
                }
                b')' | b']' | b'}' => {
                    depth = depth.saturating_sub(1);
                    self.at += 1;
                }
                b'"' => self.skip_quoted(b'"'),
                b'\'' => self.skip_quoted(b'\''),
                b'r' if self.raw_string_ahead() => self.skip_raw_string(),
                _ => self.at += 1,
            }
        }
    }

    /// Skips a string or character opened here by `quote`, escapes included (to the end of
    /// the text if it is not closed).
    fn skip_quoted(&mut self, quote: u8) {
        self.at += 1;
        while let Some(b) = self.peek() {
            self.at += 1;
            if b == b'\\' {
                self.at = (self.at + 1).min(self.text.len());
            } else if b == quote {
                return;
            }
        }
    }

    /// True if a raw string (`r"..."`, `r#"..."#`) starts here, not a name with an `r`.
    fn raw_string_ahead(&self) -> bool {
        let before = self.at.checked_sub(1).map(|i| self.bytes()[i]);
        if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return false;
        }
        let rest = &self.bytes()[self.at + 1..];
        let hashes = rest.iter().take_while(|&&b| b == b'#').count();
        rest.get(hashes) == Some(&b'"')
    }

    /// Skips a raw string opened here (to the end of the text if it is not closed).
    fn skip_raw_string(&mut self) {
        let rest = &self.bytes()[self.at + 1..];
        let hashes = rest.iter().take_while(|&&b| b == b'#').count();
        let mut close = vec![b'"'];
        close.extend(std::iter::repeat_n(b'#', hashes));
        let body = self.at + 1 + hashes + 1;
        let tail = &self.bytes()[body.min(self.text.len())..];
        self.at = match tail
            .windows(close.len())
            .position(|w| w == close.as_slice())
        {
            Some(i) => body + i + close.len(),
            None => self.text.len(),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<(&str, &str, bool)> {
        let (s, _) = split_struct(text, 0).unwrap();
        s.items
            .iter()
            .map(|i| (i.name, i.value.trim(), i.complete))
            .collect()
    }

    #[test]
    fn items_are_split_at_the_structs_own_commas() {
        let text = "// c\nSettings( a: 1, b: (x: \"p, q)\", y: [1, 2]) /* ) */, c: r#\"a\"b,\"#, \
                    d: 'x', e: ',',)";
        assert_eq!(
            names(text),
            [
                ("a", "1", true),
                ("b", "(x: \"p, q)\", y: [1, 2]) /* ) */", true),
                ("c", "r#\"a\"b,\"#", true),
                ("d", "'x'", true),
                ("e", "','", true),
            ]
        );
        let (_, close) = split_struct(text, 0).unwrap();
        assert_eq!(close, Some(text.len() - 1));
    }

    #[test]
    fn a_value_cut_off_is_not_complete_and_junk_is_named() {
        assert_eq!(
            names("(a: 1, b: 12"),
            [("a", "1", true), ("b", "12", false)]
        );
        assert_eq!(split_struct("(a: 1, b: 12", 0).unwrap().1, None);
        let (s, close) = split_struct("(a: 1, 7 junk, c: 3)", 10).unwrap();
        assert_eq!(s.items.len(), 2);
        assert_eq!(s.damage[0].at, 17);
        assert_eq!(s.damage[0].message, "'7 junk' is not 'name: value'");
        assert!(close.is_some());
        assert_eq!(split_struct("[1, 2]", 0), None);
    }

    #[test]
    fn bytes_that_are_not_text_become_nul_in_place() {
        let text = text_of(b"\xEF\xBB\xBF(a: \xFF\xFE1)");
        assert_eq!(text, "(a: \0\x001)");
    }

    #[test]
    fn lines_are_counted_from_one_and_a_break_ends_its_line() {
        let lines = Lines::new("ab\ncde\n\nf");
        let of = |at| lines.line(at);
        assert_eq!(
            [of(0), of(2), of(3), of(6), of(7), of(8), of(9), of(99)],
            [1, 1, 2, 2, 3, 4, 4, 4]
        );
    }
}
