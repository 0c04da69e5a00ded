//! The settings' tests: defaults, every kind of broken file, saving and reading back.

use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::ai::{AlphaBetaLimit, MctsLimit};
use crate::ai::{Level, PlayerSpec};
use crate::core::{GameKind, TimeControl};

use super::*;
use strum::VariantArray;

fn fields(problem: Option<Problem>) -> Vec<&'static str> {
    match problem {
        Some(Problem::Fields(f)) => f.into_iter().map(|p| p.field).collect(),
        other => panic!("expected field problems, got {other:?}"),
    }
}

#[test]
fn settings_round_trip_through_text() {
    let s = Settings {
        game: GameKind::TicTacToe,
        size: 4,
        first: PlayerChoice::Computer(PlayerSpec::Level(Level::Perfect)),
        second: PlayerChoice::Computer(PlayerSpec::Mcts(MctsLimit::Time(Duration::from_millis(
            750,
        )))),
        display: Display {
            theme: Theme::Dark,
            legal_dots: false,
            ..Display::default()
        },
        computer_delay_ms: 0,
        window_size: Some([800.0, 600.0]),
        recent_games: vec![PathBuf::from("games/last.txt"), PathBuf::from("b.txt")],
        threads: Some(3),
        ..Settings::default()
    };
    let (back, problem) = Settings::from_ron(&s.to_ron());
    assert_eq!(problem, None);
    assert_eq!(back, s);
}

#[test]
fn the_default_time_control_round_trips_and_a_bad_one_is_named() {
    for clock in [None, Some(TimeControl::new(300, 0).unwrap())]
        .into_iter()
        .chain(TimeControl::PRESETS.map(Some))
    {
        let s = Settings {
            clock,
            ..Settings::default()
        };
        let text = s.to_ron();
        let (back, problem) = Settings::from_ron(&text);
        assert_eq!(problem, None, "{text}");
        assert_eq!(back, s);
    }
    let (s, _) = Settings::from_ron("(clock: Some((seconds: 180, increment: 2)))");
    assert_eq!(s.clock, Some(TimeControl::new(180, 2).unwrap()));
    // Out of range, or not a time control: named, and no clock; the other fields stay.
    for bad in [
        "Some((seconds: 0, increment: 0))",
        "Some((seconds: 60, increment: 99999))",
        "Some(5)",
    ] {
        let (s, problem) = Settings::from_ron(&format!("(clock: {bad}, computer_delay_ms: 7)"));
        let problem = problem.expect("named").to_string();
        assert!(problem.contains("clock"), "{bad}: {problem}");
        assert_eq!((s.clock, s.computer_delay_ms), (None, 7), "{bad}");
    }
}

#[test]
fn the_thread_count_is_kept_within_its_range_and_defaults_to_all_cores_but_one() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(Settings::default().search_threads(), (cores - 1).max(1));
    for (written, want) in [
        ("Some(0)", 1),
        ("Some(2)", 2),
        ("Some(100000)", MAX_THREADS),
    ] {
        let (s, problem) = Settings::from_ron(&format!("(threads: {written})"));
        assert_eq!(problem, None, "{written}");
        assert_eq!(s.search_threads(), want, "{written}");
    }
    let (s, problem) = Settings::from_ron("(threads: -3, computer_delay_ms: 7)");
    assert!(problem.is_some(), "a negative count is named");
    assert_eq!((s.threads, s.computer_delay_ms), (None, 7));
}

#[test]
fn every_kind_of_computer_round_trips() {
    let mut computers: Vec<PlayerSpec> = Level::VARIANTS
        .iter()
        .copied()
        .map(PlayerSpec::Level)
        .collect::<Vec<_>>();
    computers.extend([
        PlayerSpec::Random,
        PlayerSpec::Minimax(4),
        PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(7)),
        PlayerSpec::AlphaBeta(AlphaBetaLimit::Time(Duration::from_millis(1500))),
        PlayerSpec::Mcts(MctsLimit::Iterations(5000)),
        PlayerSpec::Mcts(MctsLimit::Time(Duration::from_millis(300))),
        PlayerSpec::Perfect,
    ]);
    for c in computers {
        let s = Settings {
            game: GameKind::TicTacToe,
            size: 3,
            first: PlayerChoice::Computer(c.clone()),
            second: PlayerChoice::Computer(c.clone()),
            ..Settings::default()
        };
        let (back, problem) = Settings::from_ron(&s.to_ron());
        assert_eq!(problem, None, "{c:?}");
        assert_eq!(back, s);
    }
}

#[test]
fn files_from_before_the_levels_still_load() {
    // What the app wrote before levels existed: the random player, kept as it was.
    let (s, problem) = Settings::from_ron(
        "(game: Othello, size: 8, first: Computer(Random), second: Person, \
         computer_delay_ms: 400)",
    );
    assert_eq!(problem, None);
    assert_eq!(s.first, PlayerChoice::Computer(PlayerSpec::Random));
    assert_eq!(s.second, PlayerChoice::Person);
    assert_eq!(s.computer_delay_ms, 400);
}

#[test]
fn the_perfect_level_on_a_board_too_big_to_solve_becomes_expert() {
    let (s, problem) = Settings::from_ron(
        "(game: Othello, size: 12, first: Computer(Level(Perfect)), \
         second: Computer(Perfect))",
    );
    assert_eq!(problem, None);
    let expert = PlayerChoice::Computer(PlayerSpec::Level(Level::Expert));
    assert_eq!((s.first, s.second), (expert.clone(), expert));
    let (s, _) = Settings::from_ron("(game: TicTacToe, size: 4, first: Computer(Perfect))");
    assert_eq!(s.first, PlayerChoice::Computer(PlayerSpec::Perfect));
}

#[test]
fn players_are_written_as_before_the_one_player_description() {
    // What earlier versions of the app wrote for each kind of player still loads.
    let (s, problem) = Settings::from_ron(
        "(game: Othello, size: 8, first: Computer(AlphaBeta(Depth(5))), \
         second: Computer(Mcts(Iterations(10000))))",
    );
    assert_eq!(problem, None);
    assert_eq!(
        s.players(),
        [
            PlayerChoice::Computer(PlayerSpec::AlphaBeta(AlphaBetaLimit::Depth(5))),
            PlayerChoice::Computer(PlayerSpec::Mcts(MctsLimit::Iterations(10_000)))
        ]
    );
    let (s, problem) = Settings::from_ron(
        "(first: Computer(AlphaBeta(TimeMs(1000))), second: Computer(Minimax(3)))",
    );
    assert_eq!(problem, None);
    assert_eq!(
        s.first,
        PlayerChoice::Computer(PlayerSpec::AlphaBeta(AlphaBetaLimit::Time(
            Duration::from_millis(1000)
        )))
    );
    assert_eq!(s.second, PlayerChoice::Computer(PlayerSpec::Minimax(3)));
}

#[test]
fn players_out_of_range_or_of_no_kind_are_named_and_replaced() {
    // A depth of 0; and alpha-beta by iterations, which no version of the app offered.
    let (s, problem) = Settings::from_ron(
        "(first: Computer(Minimax(0)), second: Computer(AlphaBeta(Iterations(5))), \
         computer_delay_ms: 0)",
    );
    let problem = problem.unwrap();
    let mut named = fields(Some(problem.clone()));
    named.sort();
    assert_eq!(named, ["first", "second"]);
    assert!(problem.to_string().contains("from 1 to 64"), "{problem}");
    assert_eq!(s.players(), Settings::default().players());
    assert_eq!(s.computer_delay_ms, 0, "the good fields are kept");
}

#[test]
fn a_partial_file_keeps_the_defaults_for_what_it_leaves_out() {
    let (s, problem) =
        Settings::from_ron("(game: TicTacToe, size: 4, display: (coordinates: false))");
    assert_eq!(problem, None);
    assert_eq!(s.game, GameKind::TicTacToe);
    assert_eq!(s.size, 4);
    assert!(!s.display.coordinates);
    assert!(
        s.display.legal_dots,
        "left-out display fields keep their defaults"
    );
    assert_eq!(s.second, Settings::default().second);
}

#[test]
fn unknown_fields_do_not_stop_newer_files_from_loading() {
    let (s, problem) = Settings::from_ron("(size: 12, colour_of_the_sky: \"blue\")");
    assert_eq!(problem, None);
    assert_eq!(s.size, 12);
    assert_eq!(s.unknown.0.len(), 1, "kept (see damage_tests)");
}

#[test]
fn an_othello_size_the_core_rejects_falls_back_to_the_default_size() {
    let (s, problem) = Settings::from_ron("(game: Othello, size: 7, computer_delay_ms: 0)");
    assert_eq!(fields(problem), ["size"]);
    assert_eq!(s.size, 8);
    assert_eq!(s.computer_delay_ms, 0, "the good fields are kept");
}

#[test]
fn an_unknown_game_and_wrong_types_are_named_and_replaced() {
    let (s, problem) = Settings::from_ron("(game: Chess, size: \"big\", first: Person)");
    assert_eq!(fields(problem.clone()), ["game", "size"]);
    assert!(problem.unwrap().to_string().contains("Chess"));
    assert_eq!(s.game, Settings::default().game);
    assert_eq!(s.first, PlayerChoice::Person);
}

#[test]
fn out_of_range_delay_and_window_are_refused() {
    let (s, problem) =
        Settings::from_ron("(computer_delay_ms: 999999, window_size: Some((-5.0, 10.0)))");
    assert_eq!(fields(problem), ["computer_delay_ms", "window_size"]);
    assert_eq!(s, Settings::default());
}

#[test]
fn bad_syntax_and_empty_text_give_the_defaults() {
    let (s, problem) = Settings::from_ron("game: Othello, size: 8");
    assert!(matches!(problem, Some(Problem::Syntax(_))));
    assert_eq!(s, Settings::default());
    // A file cut off keeps what comes before the cut (see `damage_tests`).
    let (s, problem) = Settings::from_ron("(game: TicTacToe, size: 4");
    assert_eq!(fields(problem), ["size", "file"]);
    assert_eq!((s.game, s.size), (GameKind::TicTacToe, 3));
    let (s, problem) = Settings::from_ron("  \n");
    assert_eq!(problem, Some(Problem::Empty));
    assert_eq!(s, Settings::default());
}

#[test]
fn files_save_atomically_and_load_back() {
    let dir = std::env::temp_dir().join(format!("boardplay-settings-{}", std::process::id()));
    let path = dir.join("nested").join(FILE_NAME);
    let s = Settings {
        size: 12,
        ..Settings::default()
    };
    s.save(&path).unwrap();
    let (back, error) = Settings::load(&path);
    assert_eq!(error, None);
    assert_eq!(back, s);
    let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        leftovers,
        [std::ffi::OsString::from(FILE_NAME)],
        "no temporary file is left"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_file_means_defaults_without_a_message() {
    let (s, error) = Settings::load(Path::new("/nonexistent/boardplay/settings.ron"));
    assert_eq!(error, None);
    assert_eq!(s, Settings::default());
}

#[test]
fn folders_binary_files_and_unreadable_files_are_reported() {
    let dir = std::env::temp_dir().join(format!("boardplay-broken-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("settings.ron")).unwrap();
    let (s, error) = Settings::load(&dir.join("settings.ron"));
    assert_eq!(error.unwrap().problem, Problem::IsDirectory);
    assert_eq!(s, Settings::default());

    let binary = dir.join("binary.ron");
    std::fs::write(&binary, [0u8, 159, 146, 150, 0, 1, 2]).unwrap();
    let (_, error) = Settings::load(&binary);
    let error = error.unwrap();
    assert_eq!(error.problem, Problem::NotText);
    assert!(
        error.to_string().contains("binary.ron"),
        "the message names the file"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn a_pipe_or_a_device_is_refused_before_reading() {
    let dir = tempfile::tempdir().unwrap();
    // Read as before, the pipe blocked the start for good, and /dev/zero ran out of memory.
    let fifo = crate::app::document::disk::tests::make_fifo(dir.path(), "settings.ron");
    let (s, error) = Settings::load(&fifo);
    let error = error.unwrap();
    assert_eq!(
        error.problem,
        Problem::NotAFile(crate::app::document::disk::FileKind::Fifo)
    );
    assert!(
        error
            .to_string()
            .contains("settings.ron was not used: it is a named pipe (FIFO), not a file"),
        "{error}"
    );
    assert_eq!(s, Settings::default());
    let zero = dir.path().join("zero.ron");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let (_, error) = Settings::load(&zero);
    assert_eq!(
        error.unwrap().problem,
        Problem::NotAFile(crate::app::document::disk::FileKind::CharDevice)
    );
}

#[test]
fn a_file_larger_than_any_settings_file_is_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.ron");
    std::fs::File::create(&path)
        .unwrap()
        .set_len(5_000_000)
        .unwrap();
    let (s, error) = Settings::load(&path);
    let error = error.unwrap();
    assert_eq!(
        error.problem,
        Problem::TooLarge {
            size: 5_000_000,
            limit: 1_000_000
        }
    );
    assert!(
        error
            .to_string()
            .contains("it is 5 MB, more than a settings file can be (1 MB), and was not read"),
        "{error}"
    );
    assert_eq!(s, Settings::default());
}

#[cfg(unix)]
#[test]
fn saving_goes_through_a_link_and_keeps_the_files_permissions() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.ron");
    std::fs::write(&real, "()").unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o644)).unwrap();
    let link = dir.path().join("s.ron");
    symlink("real.ron", &link).unwrap();
    let s = Settings {
        size: 12,
        ..Settings::default()
    };
    s.save(&link).unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(Settings::load(&real), (s, None));
    let mode = std::fs::metadata(&real).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o644, "not turned into 0600");
}

#[test]
fn a_refused_read_is_reported_with_the_systems_words() {
    let path = Path::new("/home/someone/.config/boardplay/settings.ron");
    let refused = io::Error::from(io::ErrorKind::PermissionDenied);
    let (s, error) = Settings::from_read(path, Err(refused));
    let error = error.unwrap();
    assert!(matches!(error.problem, Problem::Read(_)));
    let text = error.to_string();
    assert!(text.contains("settings.ron"), "{text}");
    assert!(text.contains("cannot be read: permission denied"), "{text}");
    assert_eq!(s, Settings::default());
}

/// The config folder the app would use, asked of a fresh copy of this test binary with
/// `env` set and `cwd` as its folder (the environment is the process's: changing it here
/// would race with other tests).
#[cfg(target_os = "linux")]
fn config_path_in_child(cwd: &Path, env: &[(&str, &Path)]) -> String {
    let mut child = std::process::Command::new(std::env::current_exe().unwrap());
    child
        .args([
            "--exact",
            "app::document::settings::tests::print_the_settings_path",
            "--nocapture",
        ])
        .current_dir(cwd)
        .env_remove("XDG_CONFIG_HOME")
        .env("BOARDPLAY_PRINT_SETTINGS_PATH", "1");
    for (name, value) in env {
        child.env(name, value);
    }
    let out = child.output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.strip_prefix("settings path: "))
        .unwrap_or_else(|| panic!("no path printed: {text}"))
        .to_string()
}

/// Run by [`config_path_in_child`]; does nothing in an ordinary test run.
#[test]
fn print_the_settings_path() {
    if std::env::var_os("BOARDPLAY_PRINT_SETTINGS_PATH").is_some() {
        println!("settings path: {}", resolve_path(None).display());
    }
}

#[cfg(target_os = "linux")]
#[test]
fn the_config_directory_follows_the_xdg_base_directory_specification() {
    let dir = tempfile::tempdir().unwrap();
    let (home, xdg) = (dir.path().join("home"), dir.path().join("xdg"));
    // The expected paths are those of the specification and the README, written out.
    assert_eq!(
        config_path_in_child(dir.path(), &[("HOME", &home), ("XDG_CONFIG_HOME", &xdg)]),
        format!("{}/boardplay/settings.ron", xdg.display())
    );
    assert_eq!(
        config_path_in_child(dir.path(), &[("HOME", &home)]),
        format!("{}/.config/boardplay/settings.ron", home.display())
    );
    // A relative XDG_CONFIG_HOME is invalid by the specification and ignored.
    assert_eq!(
        config_path_in_child(
            dir.path(),
            &[("HOME", &home), ("XDG_CONFIG_HOME", Path::new("relative"))]
        ),
        format!("{}/.config/boardplay/settings.ron", home.display())
    );
    // A settings.ron in the current folder wins.
    std::fs::write(dir.path().join(FILE_NAME), "()").unwrap();
    assert_eq!(
        config_path_in_child(dir.path(), &[("HOME", &home), ("XDG_CONFIG_HOME", &xdg)]),
        FILE_NAME
    );
}

#[test]
fn an_explicit_path_is_used_as_given() {
    assert_eq!(
        resolve_path(Some(PathBuf::from("/x/y.ron"))),
        PathBuf::from("/x/y.ron")
    );
}

#[test]
fn the_file_text_has_a_comment_above_every_field() {
    let text = Settings::default().to_ron();
    let lines: Vec<&str> = text.lines().collect();
    let mut seen = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        // Top-level fields are indented by four spaces exactly.
        if let Some(rest) = line.strip_prefix("    ")
            && !rest.starts_with(' ')
            && !rest.starts_with("//")
            && let Some((name, _)) = rest.split_once(':')
        {
            assert!(
                lines[i - 1].trim_start().starts_with("//"),
                "no comment above {name}"
            );
            seen.push(name.to_string());
        }
    }
    assert_eq!(
        seen,
        [
            "game",
            "size",
            "first",
            "second",
            "display",
            "computer_delay_ms",
            "window_size",
            "recent_games",
            "threads",
            "clock",
            "engines",
            "players_by_game",
            "book"
        ]
    );
}

#[test]
fn the_settings_file_at_the_top_of_the_repository_holds_the_defaults() {
    let text = include_str!("../../../../settings.ron");
    let (settings, problem) = Settings::from_ron(text);
    assert!(problem.is_none(), "{problem:?}");
    assert_eq!(settings, Settings::default());
    // Saved as it is, the file does not change: run from a checkout, the app rewrites it
    // only when a setting changes.
    assert_eq!(text, Settings::default().to_ron());
}

#[test]
fn recent_games_are_newest_first_once_each_and_at_most_eight() {
    let mut s = Settings::default();
    for i in 0..10 {
        s.remember_game_file(Path::new(&format!("g{i}.txt")));
    }
    s.remember_game_file(Path::new("g5.txt"));
    let names: Vec<String> = s
        .recent_games
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    assert_eq!(
        names,
        [
            "g5.txt", "g9.txt", "g8.txt", "g7.txt", "g6.txt", "g4.txt", "g3.txt", "g2.txt"
        ]
    );
}

#[test]
fn a_message_names_the_first_dozen_problems_and_counts_the_rest() {
    // Each line a problem of its own: an unknown theme, on lines 2 to 31.
    let text = format!("(\n{})", "display: (theme: Purple),\n".repeat(30));
    let (settings, problem) = Settings::from_ron(&text);
    assert_eq!(settings.display.theme, Settings::default().display.theme);
    let Some(Problem::Fields(all)) = &problem else {
        panic!("expected field problems, got {problem:?}");
    };
    // 30 unknown themes and 29 repeats of the field.
    assert_eq!(all.len(), 59);
    let message = problem.unwrap().to_string();
    assert_eq!(message.matches("display").count(), NAMED_PROBLEMS);
    assert!(message.ends_with("; and 47 more problems"), "{message}");
    assert!(message.starts_with("display.theme: line 2: "), "{message}");
}
