//! Damaged settings files lose only what the damage touches (issue 23): a file cut off, a
//! byte-order mark, trailing text, a field given twice, a NUL or a byte that is not UTF-8,
//! an unknown value of an enum; fields the app does not know are kept and written back;
//! lists are cut to their size. A property test cuts valid files at every byte.

use std::path::{Path, PathBuf};

use proptest::prelude::*;

use crate::ai::{Level, PlayerSpec};
use crate::core::{GameKind, TimeControl};

use super::*;
use strum::VariantArray;

fn named(problem: &Option<Problem>) -> Vec<&'static str> {
    match problem {
        Some(Problem::Fields(f)) => f.iter().map(|p| p.field).collect(),
        other => panic!("expected field problems, got {other:?}"),
    }
}

/// Settings that differ from the defaults in every field, written by the app.
fn everything_changed() -> Settings {
    Settings {
        game: GameKind::Othello,
        size: 12,
        first: PlayerChoice::Computer(PlayerSpec::Level(Level::Hard)),
        second: PlayerChoice::Person,
        display: Display {
            legal_dots: false,
            coordinates: false,
            last_move: false,
            theme: Theme::Dark,
            analysis: true,
            book_marks: true,
        },
        computer_delay_ms: 1_200,
        window_size: Some([900.0, 700.0]),
        recent_games: vec![PathBuf::from("/games/a.ggf"), PathBuf::from("b, (c).txt")],
        threads: Some(3),
        clock: Some(TimeControl::new(180, 2).unwrap()),
        engines: vec![crate::ai::EngineSpec::new("edax -q \"a, (b)\"")],
        players_by_game: vec![(
            GameKind::TicTacToe,
            [
                PlayerChoice::Person,
                PlayerChoice::Computer(PlayerSpec::Level(Level::Perfect)),
            ],
        )],
        book: crate::ai::book::BookOptions {
            on: false,
            variety: 4,
        },
        unknown: UnknownFields::default(),
    }
}

#[test]
fn a_file_cut_off_keeps_the_fields_before_the_cut() {
    let text = everything_changed().to_ron();
    let cut = text.find("computer_delay_ms: 1200").unwrap() + "computer_delay_ms: 12".len();
    let (s, problem) = Settings::from_ron(&text[..cut]);
    let want = everything_changed();
    assert_eq!(
        (s.size, s.first, s.second, s.display),
        (want.size, want.first, want.second, want.display)
    );
    assert_eq!(
        s.computer_delay_ms, 500,
        "a value cut off ('12' of 1200) is not taken"
    );
    assert_eq!(s.window_size, None);
    assert_eq!(named(&problem), ["computer_delay_ms", "file"]);
}

#[test]
fn a_byte_order_mark_is_read_past() {
    let want = everything_changed();
    let text = format!("\u{FEFF}{}", want.to_ron());
    assert_eq!(Settings::from_ron(&text), (want.clone(), None));
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(want.to_ron().as_bytes());
    let (s, error) = Settings::from_read(Path::new("s.ron"), Ok(bytes));
    assert_eq!((s, error), (want, None));
}

#[test]
fn trailing_text_is_named_and_the_fields_kept() {
    let (s, problem) = Settings::from_ron("(size: 12, computer_delay_ms: 0)\nsize: 8)");
    assert_eq!((s.size, s.computer_delay_ms), (12, 0));
    assert_eq!(named(&problem), ["file"]);
    assert!(
        problem
            .unwrap()
            .to_string()
            .contains("line 2: text after the settings' closing ')' is ignored")
    );
}

#[test]
fn a_field_given_twice_takes_the_last_and_keeps_the_others() {
    let (s, problem) = Settings::from_ron("(size: 12,\n computer_delay_ms: 0,\n size: 8)");
    assert_eq!((s.size, s.computer_delay_ms), (8, 0));
    assert_eq!(named(&problem), ["size"]);
    let text = problem.unwrap().to_string();
    assert!(
        text.contains("size: line 3: given twice (first on line 1); the last is used"),
        "{text}"
    );
}

/// Issue 34: the size given twice was named as a problem of `size`, and a size with a
/// problem was taken as lost: the game's default size was used, not the last one given.
#[test]
fn a_size_given_twice_takes_the_last_as_the_message_says() {
    let (s, problem) = Settings::from_ron("(size: 8,\n game: Othello,\n size: 12)");
    assert_eq!(s.size, 12);
    assert_eq!(named(&problem), ["size"]);
    let text = problem.unwrap().to_string();
    assert!(text.contains("the last is used"), "{text}");
    let (s, _) = Settings::from_ron("(game: TicTacToe, size: 3, size: 4)");
    assert_eq!(s.size, 4);
    // The last cannot be read: the one before it stays, as for any other field.
    let (s, problem) = Settings::from_ron(
        "(size: 12, size: twelve, computer_delay_ms: 0, \
                                            computer_delay_ms: zero)",
    );
    assert_eq!((s.size, s.computer_delay_ms), (12, 0));
    assert_eq!(
        named(&problem),
        ["size", "size", "computer_delay_ms", "computer_delay_ms"]
    );
}

#[test]
fn a_nul_or_a_byte_that_is_not_text_loses_only_its_field() {
    let (s, problem) = Settings::from_ron("(size: 12, computer_delay_ms: 1\x0000, game: Othello)");
    assert_eq!(s.size, 12);
    assert_eq!(s.computer_delay_ms, 500);
    assert_eq!(named(&problem), ["computer_delay_ms"]);
    // A byte of no UTF-8 inside a path: that list is not read, the rest is.
    let mut bytes = b"(recent_games: [\"a\xFF.txt\"], size: 12,\n".to_vec();
    bytes.extend_from_slice(b"\0\0 window_size: None, computer_delay_ms: 0)");
    let (s, error) = Settings::from_read(Path::new("s.ron"), Ok(bytes));
    assert_eq!((s.size, s.computer_delay_ms), (12, 0));
    assert!(s.recent_games.is_empty());
    let problem = Some(error.unwrap().problem);
    // The NULs where a field's name belongs are damage of the file, named first.
    assert_eq!(named(&problem), ["file", "recent_games"]);
}

#[test]
fn an_unknown_theme_keeps_the_display_options_beside_it() {
    let (s, problem) = Settings::from_ron(
        "(display: (coordinates: false, theme: Purple, last_move: false), size: 12)",
    );
    assert!(!s.display.coordinates, "coordinates: false is kept");
    assert!(!s.display.last_move);
    assert_eq!(s.display.theme, Theme::System);
    assert_eq!(s.size, 12);
    assert_eq!(named(&problem), ["display.theme"]);
    assert!(problem.unwrap().to_string().contains("Purple"));
}

#[test]
fn unknown_fields_are_kept_and_written_back() {
    let text = "(size: 12, colour_of_the_sky: \"blue\", \
                display: (coordinates: false, sound: On(volume: 3)), \
                plugins: [\n  \"a\",\n  \"b\",\n])";
    let (s, problem) = Settings::from_ron(text);
    assert_eq!(problem, None);
    assert_eq!(s.size, 12);
    assert!(!s.display.coordinates);
    assert_eq!(
        s.unknown.0,
        [
            ("colour_of_the_sky".to_string(), "\"blue\"".to_string()),
            ("display.sound".to_string(), "On(volume: 3)".to_string()),
            (
                "plugins".to_string(),
                "[\n  \"a\",\n  \"b\",\n]".to_string()
            ),
        ]
    );
    let written = s.to_ron();
    assert!(
        written.contains("    colour_of_the_sky: \"blue\",\n"),
        "{written}"
    );
    assert!(
        written.contains("        sound: On(volume: 3),\n"),
        "{written}"
    );
    // Read back, the file is the same settings, the unknown fields included.
    assert_eq!(Settings::from_ron(&written), (s.clone(), None));

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.ron");
    std::fs::write(&path, text).unwrap();
    let (mut loaded, _) = Settings::load(&path);
    loaded.computer_delay_ms = 0;
    loaded.save(&path).unwrap();
    let again = std::fs::read_to_string(&path).unwrap();
    assert!(again.contains("colour_of_the_sky: \"blue\""), "{again}");
    assert!(again.contains("sound: On(volume: 3)"), "{again}");
}

#[test]
fn recent_games_are_cut_to_eight_on_load() {
    let list: Vec<String> = (0..10_000).map(|i| format!("\"g{i}.txt\"")).collect();
    let (s, problem) = Settings::from_ron(&format!("(recent_games: [{}])", list.join(",")));
    assert_eq!(s.recent_games.len(), 8);
    assert_eq!(s.recent_games[0], PathBuf::from("g0.txt"));
    assert_eq!(s.recent_games[7], PathBuf::from("g7.txt"));
    assert_eq!(named(&problem), ["recent_games"]);
    assert!(s.to_ron().matches(".txt").count() == 8);
}

/// Where each field's item of a settings text written by the app ends (just past its
/// comma), by its name: top-level fields (`size`), the display's (`display.theme`), and
/// unknown ones. Found from the layout of the text: a top-level item starts on a line
/// indented by four spaces and ends on the first line at that indent ending with a comma;
/// a display item is a line indented by eight.
fn item_ends(text: &str) -> Vec<(String, usize)> {
    let mut ends = Vec::new();
    let mut open: Option<String> = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        let indent = body.len() - body.trim_start().len();
        let content = body.trim_start();
        let name = content
            .split_once(':')
            .map(|(n, _)| n)
            .filter(|n| n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
        let comma = offset + body.len();
        if indent == 4 && !content.starts_with("//") {
            if let (None, Some(name)) = (&open, name) {
                open = Some(name.to_string());
            }
            if content.ends_with(',') {
                ends.push((open.take().unwrap(), comma));
            }
        } else if indent == 8
            && let (Some(outer), Some(name)) = (&open, name)
            && content.ends_with(',')
        {
            ends.push((format!("{outer}.{name}"), comma));
        }
        offset += line.len();
    }
    ends
}

/// The value of the field `name` (as [`item_ends`] names them) of `s`, as text.
fn value_of(s: &Settings, name: &str) -> String {
    match name {
        "game" => format!("{:?}", s.game),
        "size" => s.size.to_string(),
        "first" => format!("{:?}", s.first),
        "second" => format!("{:?}", s.second),
        "display" => format!("{:?}", s.display),
        "display.legal_dots" => s.display.legal_dots.to_string(),
        "display.coordinates" => s.display.coordinates.to_string(),
        "display.last_move" => s.display.last_move.to_string(),
        "display.theme" => format!("{:?}", s.display.theme),
        "display.analysis" => s.display.analysis.to_string(),
        "computer_delay_ms" => s.computer_delay_ms.to_string(),
        "window_size" => format!("{:?}", s.window_size),
        "recent_games" => format!("{:?}", s.recent_games),
        unknown => format!(
            "{:?}",
            s.unknown
                .0
                .iter()
                .find(|(n, _)| n == unknown)
                .map(|(_, v)| v)
        ),
    }
}

fn any_settings() -> impl Strategy<Value = Settings> {
    let players = prop::sample::select(vec![
        PlayerChoice::Person,
        PlayerChoice::Computer(PlayerSpec::Level(Level::Easy)),
        PlayerChoice::Computer(PlayerSpec::Level(Level::Expert)),
        PlayerChoice::Computer(PlayerSpec::Random),
    ]);
    let boards = prop::sample::select(vec![
        (GameKind::Othello, 8),
        (GameKind::Othello, 12),
        (GameKind::TicTacToe, 3),
        (GameKind::TicTacToe, 4),
    ]);
    let themes = prop::sample::select(Theme::VARIANTS.to_vec());
    (
        boards,
        players.clone(),
        players,
        (any::<[bool; 5]>(), themes),
        0..=5_000u64,
        prop::option::of((100u16..3000, 100u16..3000)),
        prop::collection::vec("[a-z é,()\\[\\]\"'\\\\/*#]{0,12}", 0..=8),
        any::<bool>(),
    )
        .prop_map(
            |(board, first, second, (flags, theme), delay, window, recent, unknown)| {
                // The other game's players, or none, without one more strategy.
                let players_by_game = (delay % 2 == 0)
                    .then(|| (GameKind::TicTacToe, [first.clone(), second.clone()]))
                    .into_iter()
                    .collect();
                let mut s = Settings {
                    game: board.0,
                    size: board.1,
                    first,
                    second,
                    display: Display {
                        legal_dots: flags[0],
                        coordinates: flags[1],
                        last_move: flags[2],
                        theme,
                        analysis: flags[3],
                        book_marks: flags[4],
                    },
                    computer_delay_ms: delay,
                    window_size: window.map(|(w, h)| [f32::from(w), f32::from(h)]),
                    recent_games: recent.into_iter().map(PathBuf::from).collect(),
                    // Some counts and the default, without one more strategy.
                    threads: (delay % 3 != 0).then_some(delay as usize % 7 + 1),
                    // The presets and no clock, without one more strategy.
                    clock: TimeControl::PRESETS.get(delay as usize % 9).copied(),
                    engines: Vec::new(),
                    players_by_game,
                    book: crate::ai::book::BookOptions {
                        on: delay % 5 != 0,
                        variety: (delay % 9) as u32,
                    },
                    unknown: UnknownFields::default(),
                };
                if unknown {
                    s.unknown.keep("newer".into(), "(a: \"x, y)\", b: [1, 2])");
                    s.unknown.keep("display.sound".into(), "On(3)");
                }
                s.fit_players(s.variant());
                s
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Cut at every byte, a file the app wrote keeps every field whose item ends before the
    /// cut, and the whole file reads back exactly.
    #[test]
    fn a_file_cut_at_any_byte_keeps_every_field_before_the_cut(s in any_settings()) {
        let text = s.to_ron();
        prop_assert_eq!(Settings::from_ron(&text), (s.clone(), None));
        let ends = item_ends(&text);
        prop_assert!(ends.len() >= 13, "{:?}", ends);
        for cut in 0..text.len() {
            let (back, _) = Settings::from_read(Path::new("s.ron"), Ok(text.as_bytes()[..cut].to_vec()));
            for (name, end) in &ends {
                if *end <= cut {
                    prop_assert_eq!(
                        value_of(&back, name),
                        value_of(&s, name),
                        "{} lost when cut at byte {}", name, cut
                    );
                }
            }
        }
    }
}
