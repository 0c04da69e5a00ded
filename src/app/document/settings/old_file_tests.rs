//! A settings file an earlier build wrote is read as it meant, and written back the same
//! way: the players' times (`AlphaBeta(TimeMs(1500))`, `Mcts(TimeMs(750))`, an engine's
//! `move_ms: 2500`) became [`Duration`]s in the code, not in the file.

use std::time::Duration;

use crate::ai::{AlphaBetaLimit, EngineSpec, MctsLimit, PlayerSpec};
use crate::core::{GameKind, TimeControl};

use super::*;

/// `tests/data/settings/written-by-bd914f3.ron`: written by the build of commit bd914f3
/// (File > Save settings now), before the times were `Duration`s.
fn old_file() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/settings/written-by-bd914f3.ron"
    );
    std::fs::read_to_string(path).unwrap()
}

/// The lines of a settings text that are not comments.
fn values(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect()
}

#[test]
fn a_file_an_earlier_build_wrote_reads_its_times_and_is_written_back_the_same_way() {
    let text = old_file();
    let (settings, problem) = Settings::from_ron(&text);
    assert_eq!(problem, None);
    // The numbers of the file, as times.
    let ms = Duration::from_millis;
    assert_eq!(
        settings.second,
        PlayerChoice::Computer(PlayerSpec::AlphaBeta(AlphaBetaLimit::Time(ms(1500))))
    );
    assert_eq!(
        settings.engines,
        [EngineSpec {
            command: "edax -q".into(),
            depth: 16,
            move_time: ms(2500),
        }]
    );
    assert_eq!(
        settings.players_by_game,
        [(
            GameKind::TicTacToe,
            [
                PlayerChoice::Computer(PlayerSpec::Mcts(MctsLimit::Time(ms(750)))),
                PlayerChoice::Person
            ]
        )]
    );
    assert_eq!(settings.clock, Some(TimeControl::new(300, 2).unwrap()));
    // Written again, every value line of the old file is there, in its order (fields added
    // since may come between them), and it reads back to the same settings.
    let written = settings.to_ron();
    let new_lines = values(&written);
    let mut rest = new_lines.iter();
    for line in values(&text) {
        assert!(
            rest.any(|new| *new == line),
            "{line:?} is not written back in order:\n{written}"
        );
    }
    assert_eq!(Settings::from_ron(&written), (settings, None));
}
