//! Reading files: a GGF collection of 100,000 games as GGS writes them, a WTHOR database of
//! 124,000 games (the size of the whole published archive), boardplay's own game file with
//! 10,000 variations, an OBF file of 100,000 positions, all made here from random legal games,
//! and a settings file of 1 MB damaged on every line. Run with
//! `cargo bench --no-default-features --bench formats`.
//! `BOARDPLAY_WTHOR=DIR` also times reading every `.wtb` file in DIR with its names files.
//!
//! Each benchmark first prints the CPU time of one read (the thread's own time, which
//! other work on a busy machine does not inflate), then divan's wall-clock samples.

mod common;

use boardplay::app::document::files::parse_game;
use boardplay::app::document::settings::Settings;
use boardplay::core::othello::Othello8;
use boardplay::core::{Move, Position, notation};
use boardplay::formats::{ggf, obf, wthor};
use common::{cpu_time, random_games, wthor_folder};
use divan::Bencher;
use divan::counter::{BytesCount, ItemsCount};

fn main() {
    divan::main();
}

/// The games as a GGS match file: numbered, with ratings, clocks, the board, and each move
/// with an evaluation and a time.
fn ggf_collection(games: &[Vec<Move>]) -> String {
    let mut text = String::new();
    for (i, moves) in games.iter().enumerate() {
        text.push_str(&format!(
            "{} (;GM[Othello]PC[GGS/os]DT[2010.10.17_05:23:05.MDT]PB[player{}]PW[player{}]\
             RB[2082.33]RW[1669.67]TI[10:00//02:00]TY[8]RE[+6.000]BO[8 -------- -------- \
             -------- ---O*--- ---*O--- -------- -------- -------- *]",
            i + 1,
            i % 997,
            i % 991
        ));
        for (ply, mv) in moves.iter().enumerate() {
            let colour = if ply % 2 == 0 { 'B' } else { 'W' };
            match mv {
                Move::Pass => text.push_str(&format!("{colour}[pass]")),
                Move::Place(cell) => text.push_str(&format!("{colour}[{cell}/1.25/0.01]")),
            }
        }
        text.push_str(";)\n");
    }
    text
}

/// The games as a WTHOR games file (passes left out, as the format does).
fn wthor_file(games: &[Vec<Move>]) -> Vec<u8> {
    let mut bytes = vec![20, 26, 11, 25];
    bytes.extend_from_slice(&(games.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&[0, 0, 0xD4, 0x07, 8, 0, 22, 0]);
    for (i, moves) in games.iter().enumerate() {
        for n in [i % 300, i % 2000, (i + 7) % 2000] {
            bytes.extend_from_slice(&(n as u16).to_le_bytes());
        }
        bytes.extend_from_slice(&[33, 33]);
        let mut record: Vec<u8> = moves
            .iter()
            .filter_map(|mv| match mv {
                Move::Pass => None,
                Move::Place(c) => Some(10 * (c.row + 1) + c.col + 1),
            })
            .collect();
        record.resize(60, 0);
        bytes.extend_from_slice(&record);
    }
    bytes
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn ggf_100000_games(bencher: Bencher) {
    let text = ggf_collection(&random_games(100_000));
    let games = cpu_time("GGF, 100,000 games", || ggf::read(&text).unwrap().len());
    eprintln!("({games} games, {} MB)", text.len() / 1_000_000);
    bencher.counter(BytesCount::new(text.len())).bench(|| {
        let games = ggf::read(divan::black_box(&text)).unwrap();
        assert_eq!(games.len(), 100_000);
        games
    });
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn wthor_124000_games(bencher: Bencher) {
    let bytes = wthor_file(&random_games(124_000));
    cpu_time("WTHOR, 124,000 games", || {
        wthor::read(&bytes, &wthor::Names::default()).unwrap().len()
    });
    bencher.counter(ItemsCount::new(124_000_usize)).bench(|| {
        let games = wthor::read(divan::black_box(&bytes), &wthor::Names::default()).unwrap();
        assert_eq!(games.len(), 124_000);
        games
    });
}

/// Every `.wtb` file of the folder `BOARDPLAY_WTHOR` names, read with its names files, as
/// opening them one by one would; nothing when the variable is not set.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn wthor_database_folder(bencher: Bencher) {
    let Some((dir, files)) = wthor_folder() else {
        return;
    };
    let read = |name: &str| std::fs::read(dir.join(name)).unwrap_or_default();
    let (jou, trn) = (read("WTHOR.JOU"), read("WTHOR.TRN"));
    let all: Vec<Vec<u8>> = files.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let count: usize = all
        .iter()
        .map(|b| wthor::read(b, &wthor::Names::default()).map_or(0, |g| g.len()))
        .sum();
    let read_all = || {
        let names = wthor::Names {
            players: wthor::read_names(&jou, wthor::PLAYER),
            tournaments: wthor::read_names(&trn, wthor::TOURNAMENT),
        };
        all.iter()
            .map(|b| wthor::read(b, &names).map_or(0, |g| g.len()))
            .sum::<usize>()
    };
    cpu_time(
        &format!("WTHOR, {} files, {count} games", all.len()),
        read_all,
    );
    bencher.counter(ItemsCount::new(count)).bench(read_all);
}

/// boardplay's own game file: one game, and a variation from every ply of 10,000 others (the
/// file the app keeps on close has this shape, only smaller).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn own_game_file_10000_variations(bencher: Bencher) {
    let games = random_games(10_001);
    let mut text = format!(
        "game: othello\nsize: 8\nmoves: {}\n",
        notation::format_moves(&games[0])
    );
    for moves in &games[1..] {
        text.push_str(&format!("variation: {}\n", notation::format_moves(moves)));
    }
    text.push_str("shown: 20\n");
    cpu_time("own game file, 10,000 variations", || {
        parse_game(&text).unwrap()
    });
    eprintln!("({} MB)", text.len() / 1_000_000);
    bencher
        .counter(BytesCount::new(text.len()))
        .bench(|| parse_game(divan::black_box(&text)).unwrap());
}

/// An OBF file of 100,000 positions, each with the values of three moves.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn obf_100000_positions(bencher: Bencher) {
    let mut text = String::new();
    for (i, moves) in random_games(100_000).iter().enumerate() {
        let mut pos = Othello8::start();
        for &mv in &moves[..(20 + i % 30).min(moves.len())] {
            pos = pos.play_unchecked(mv);
        }
        text.push_str(&notation::format_board(&pos));
        text.push(';');
        for mv in pos.legal_moves().take(3) {
            text.push_str(&format!(
                " {}:{:+};",
                mv.to_string().to_uppercase(),
                (i % 65) as i64 - 32
            ));
        }
        text.push('\n');
    }
    let read = cpu_time("OBF, 100,000 positions", || obf::read(&text).unwrap().len());
    assert_eq!(read, 100_000);
    bencher
        .counter(ItemsCount::new(100_000_usize))
        .bench(|| obf::read(divan::black_box(&text)).unwrap());
}

/// A settings file of 1 MB whose every line is a field with a value that cannot be used:
/// each problem is named by its line, so finding lines must not start from the top each
/// time.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn settings_1mb_damaged(bencher: Bencher) {
    let mut text = String::from("(\n");
    while text.len() < 1_000_000 {
        text.push_str("    display: (theme: Purple, coordinates: maybe),\n");
    }
    text.push(')');
    cpu_time("settings, 1 MB damaged on every line", || {
        Settings::from_ron(&text)
    });
    bencher
        .counter(BytesCount::new(text.len()))
        .bench(|| Settings::from_ron(divan::black_box(&text)));
}
