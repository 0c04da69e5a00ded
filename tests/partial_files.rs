//! Files cut short (issue 25): a WTHOR database or a GGF collection that ends inside a game
//! lists the complete games before the cut and says where the file ends; a WTHOR database
//! without its names files says so. Checked on the first 20 games of the real `WTH_2004.wtb`
//! (`tests/data/wthor`, see the README there), whose header still announces all 9,113, so
//! the excerpt is itself a file cut short, and on that excerpt cut at every byte.

use std::path::{Path, PathBuf};

use boardplay::app::document::files::{Listed, Opened, game_from_record, open_file};
use boardplay::core::othello::final_discs;
use boardplay::formats::Place;

/// The excerpt: the header and the first 20 records of WTHOR's 2004 file, as published.
fn excerpt() -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/wthor/WTH_2004-first-20.wtb");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `bytes` written as `name` in a fresh folder of their own, and opened as a list.
fn open_alone(name: &str, bytes: &[u8]) -> Result<Listed, String> {
    let dir = tempfile::tempdir().unwrap();
    let path: PathBuf = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    match open_file(&path) {
        Ok(Opened::List(listed)) => Ok(listed),
        Ok(Opened::Game(_)) => Err("one game on the board, not a list".into()),
        Err(e) => Err(e.to_string()),
    }
}

#[test]
fn the_real_excerpt_lists_its_twenty_games_and_says_it_is_cut_and_unnamed() {
    let bytes = excerpt();
    assert_eq!(bytes.len(), 16 + 20 * 68);
    let listed = open_alone("WTH_2004.wtb", &bytes).unwrap();
    assert_eq!(listed.records.len(), 20);
    let cut = listed
        .cut
        .clone()
        .expect("the header announces 9,113 games");
    assert_eq!(cut.place, Place::Byte(1376));
    assert!(
        cut.message
            .starts_with("the file ends inside game 21 of the 9113"),
        "{cut}"
    );
    assert_eq!(listed.names_missing, ["WTHOR.JOU", "WTHOR.TRN"]);
    let notes = listed.notes();
    assert!(
        notes[0].starts_with("The file is cut short (byte 1376"),
        "{notes:?}"
    );
    assert!(notes[0].ends_with("the 20 complete games before the cut are listed."));
    assert!(notes[1].starts_with("WTHOR.JOU and WTHOR.TRN are not beside it"));
    // The first game as the published file has it: Vecchi (95) against Halvorsen (2049) in
    // the Australian National (116), 41-23.
    let first = &listed.records[0];
    assert_eq!(
        (
            first.black.as_str(),
            first.white.as_str(),
            first.event.as_str()
        ),
        ("player 95", "player 2049", "tournament 116")
    );
    assert_eq!(
        (first.date.as_str(), first.result.as_str()),
        ("2004", "41-23")
    );
    // Every game plays to its end by the rules, and the one result rule gives the score
    // the database lists.
    for record in &listed.records {
        let game = game_from_record(record).unwrap();
        assert!(game.is_finished(), "{}", record.title());
        let [black, white] = final_discs(game.view().counts, 64);
        assert_eq!(
            format!("{black}-{white}"),
            record.result,
            "{}",
            record.title()
        );
    }
}

#[test]
fn the_real_excerpt_cut_anywhere_keeps_the_games_before_the_cut() {
    let bytes = excerpt();
    let whole = open_alone("WTH_2004.wtb", &bytes).unwrap().records;
    for end in [0_usize, 15, 16, 50, 83, 84, 85, 100, 152, 500, 1000, 1375] {
        let complete = end.saturating_sub(16) / 68;
        match open_alone("WTH_2004.wtb", &bytes[..end]) {
            Ok(listed) => {
                assert_eq!(listed.records, whole[..complete], "cut at {end}");
                let cut = listed.cut.expect("named");
                assert_eq!(cut.place, Place::Byte(end));
                let words = format!("the file ends inside game {} of the 9113", complete + 1);
                assert!(cut.message.starts_with(&words), "{cut}");
            }
            Err(e) => {
                assert_eq!(complete, 0, "cut at {end}: {e}");
                assert!(e.contains(&format!("byte {end}")), "{e}");
            }
        }
    }
}

#[test]
fn a_ggf_collection_cut_anywhere_keeps_the_games_before_the_cut() {
    // A match file as GGS writes one, games numbered, one of them a synchro pair.
    let text = "1 (;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[alice]PW[bob]TY[8]\
                RE[+4.000]B[F5//0.01]W[d6/-1.50/0.02]B[C3]W[D3];)\n\
                2 (;GM[Othello]PC[GGS/os]PB[carol]PW[dave]TY[s8]RE[-2.000:r]B[e6//1.2]\
                W[F4];)(;GM[Othello]PC[GGS/os]PB[dave]PW[carol]TY[s8]RE[+2.000]B[D3]W[C3];)\n\
                3 (;GM[Othello]PC[GGS/os]PB[erin]PW[frank]TY[8]RE[+0.000]B[C4]W[E3]B[F6];)\n";
    let whole = open_alone("match.ggf", text.as_bytes()).unwrap().records;
    assert_eq!(whole.len(), 4);
    for end in 0..text.len() {
        let part = &text[..end];
        // Games whose `;)` is in the part are whole; counted here by hand.
        let complete = part.matches(";)").count();
        let tail = part.rsplit_once(";)").map_or(part, |(_, t)| t);
        match open_alone("match.ggf", part.as_bytes()) {
            Ok(listed) => {
                assert_eq!(listed.records, whole[..complete], "{part:?}");
                assert_eq!(listed.cut.is_some(), !tail.trim().is_empty(), "{part:?}");
            }
            // One game and no cut goes on the board.
            Err(e) if e.starts_with("one game") => {
                assert_eq!((complete, tail.trim()), (1, ""), "{part:?}")
            }
            Err(e) => assert_eq!(complete, 0, "{part:?}: {e}"),
        }
    }
}
