//! Every reader on a fixed corpus of mutants (issue 23): files of each format in the shapes
//! real programs write (boardplay's own game files, GGS and NBoard GGF, a WTHOR database, the
//! shipped OBF positions, settings files), each changed a few thousand ways by a seeded
//! mutator (bytes flipped, the format's own punctuation put in, bytes dropped or repeated,
//! the file cut). Nothing may panic; each mutant gives a game (or a list of them) or a typed
//! error that names its place (line or byte); settings always come back usable.
//!
//! The corpus is the same every run (a fixed seed), so a failure names a mutant that can be
//! read again: the test prints its format, seed file and number.

use std::path::PathBuf;

use boardplay::app::document::files::{GameFileError, game_from_record, parse_game};
use boardplay::app::document::settings::{MAX_DELAY_MS, RECENT_GAMES, Settings};
use boardplay::formats::{FormatError, Place, ggf, obf, wthor};

/// Mutants made from each seed file.
const MUTANTS: usize = 3_000;

/// xorshift64*: the same mutants every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// Bytes that mean something to one of the formats, put in by the mutator.
const SPECIAL: &[&[u8]] = &[
    b"[",
    b"]",
    b"(",
    b")",
    b";",
    b";)",
    b"(;",
    b":",
    b",",
    b"\\",
    b"\n",
    b"\0",
    b"\xFF",
    b"\xEF\xBB\xBF",
    b"\xC3",
    b"-",
    b"+",
    b"9",
    b"0",
    b"99999999999",
    b"PA",
    b"pass",
    b"X",
    b"O",
    b"*",
    b" ",
    b"#",
    b"%",
    b"//",
    b"/*",
    b"\"",
    b"'",
    b"moves:",
    b"size:",
    b"game:",
    b"B[",
    b"W[",
    b"BO[",
    b"TY[",
    b"display: (",
    b"r#\"",
];

/// The `n`-th mutant of `seed`: one to four changes, the same for the same `n`.
fn mutant(seed: &[u8], n: usize) -> Vec<u8> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (n as u64).wrapping_mul(0x1000_0000_01B3));
    let mut bytes = seed.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(7) {
            0 if !bytes.is_empty() => {
                let i = at.min(bytes.len() - 1);
                bytes[i] ^= 1 << rng.below(8);
            }
            1 if !bytes.is_empty() => {
                let i = at.min(bytes.len() - 1);
                bytes[i] = rng.below(256) as u8;
            }
            2 => {
                let special = SPECIAL[rng.below(SPECIAL.len())];
                bytes.splice(at..at, special.iter().copied());
            }
            3 => {
                let end = (at + 1 + rng.below(16)).min(bytes.len());
                bytes.drain(at.min(end)..end);
            }
            4 => {
                let end = (at + 1 + rng.below(64)).min(bytes.len());
                let copy = bytes[at.min(end)..end].to_vec();
                bytes.splice(at..at, copy);
            }
            5 => bytes.truncate(at),
            _ => {
                // A digit changed into another number, often a large one.
                if let Some(i) = bytes[at.min(bytes.len())..]
                    .iter()
                    .position(u8::is_ascii_digit)
                {
                    let i = at + i;
                    let number = ["0", "7", "65", "255", "4294967296", "-1"][rng.below(6)];
                    bytes.splice(i..=i, number.bytes());
                }
            }
        }
    }
    bytes
}

/// Runs `check` on every mutant of every seed, naming the mutant of a failure.
fn each_mutant(format: &str, seeds: &[Vec<u8>], check: impl Fn(&[u8])) {
    for (s, seed) in seeds.iter().enumerate() {
        check(seed);
        for n in 0..MUTANTS {
            let bytes = mutant(seed, n);
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&bytes)));
            if outcome.is_err() {
                panic!(
                    "{format}, seed {s}, mutant {n} failed: {:?}",
                    String::from_utf8_lossy(&bytes)
                );
            }
        }
    }
}

/// True if `error` starts with its place, as every reader's errors do.
fn placed(error: &str) -> bool {
    error.starts_with("line ") || error.starts_with("byte ")
}

fn check_format_error(e: &FormatError) {
    let text = e.to_string();
    assert!(placed(&text), "{text}");
    match e.place {
        Place::Line(n) | Place::LineColumn { line: n, .. } => assert!(n >= 1, "{text}"),
        Place::Byte(_) => {}
    }
}

/// A record played into a game, or an error with its place.
fn check_record(record: &boardplay::formats::Record) {
    if let Err(e) = game_from_record(record) {
        assert!(placed(&e.to_string()), "{e}");
    }
}

#[test]
fn boardplay_game_files_give_a_game_or_an_error_on_its_line() {
    let seeds = [
        "# boardplay game\ngame: othello\nsize: 8\nmoves: f5d6c3d3c4f4f6f3e6e7\n",
        "game: othello\nsize: 8\nblack: Tastet Marc\nwhite: Shaman Brian\nevent: Paris\n\
         date: 2001\nmoves: f5d6c3d3c4\nvariation: f5f6e6f4\nvariation: f5d6c5\nshown: 3\n\
         # file: /home/someone/games/paris.ggf\n",
        "game: othello\nsize: 6\nboard: ------ ------ --OX-- --XO-- ------ ------ X\n\
         moves: c2c1\n",
        "game: tictactoe\nsize: 4\nk: 3\nmoves: b2 a1 c3 d4\n",
        "game: othello\nsize: 12\nmoves: f6 e8 d7\nshown: 1\n",
    ];
    let seeds: Vec<Vec<u8>> = seeds.iter().map(|s| s.as_bytes().to_vec()).collect();
    each_mutant("own format", &seeds, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        if let Err(e) = parse_game(&text) {
            // Only a line left out has no place: it is nowhere.
            if !matches!(e, GameFileError::Missing(_)) {
                assert!(placed(&e.to_string()), "{e}");
            }
        }
    });
}

#[test]
fn ggf_files_give_games_or_an_error_at_its_line_and_column() {
    let seeds = [
        // A GGS match file as NTest and NBoard save it.
        "1 (;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[alice]PW[bob]RB[2100.0]\
         RW[1999.5]TI[15:00//02:00]TY[8]RE[+4.000]BO[8 -------- -------- -------- ---O*--- \
         ---*O--- -------- -------- -------- *]B[F5//0.01]W[d6/-1.50/0.02]B[C3]W[pass];)\n\
         2 (;GM[Othello]PC[GGS/os]PB[carol]PW[dave]TY[s8]RE[-2.000:r]B[e6//1.2]W[PA//0.38];)\
         (;GM[Othello]PC[GGS/os]PB[dave]PW[carol]TY[s8]RE[+2.000]B[D3]W[pa]B[PA];)\n",
        // NBoard's games, comments and escapes.
        "(;GM[Othello]PC[NBoard]DT[2014-02-05 20:51:03 GMT]PB[Ntest4]PW[me \\] you]RE[?]TI[0]\
         TY[8]B[F5/1.00/0.50]C[book move \\] still]W[f6]KM[0]B[E6];)\n\
         (;GM[Othello]\nPB[x]\nPW[y]\nB[f5]\nW[Pass]\n;)\n",
        // A 10x10 game from a set-up position, as GGS writes other sizes.
        "(;GM[Othello]PC[GGS/os]PB[a]PW[b]TY[10]BO[10 ---------- ---------- ---------- \
         ---------- ----O*---- ----*O---- ---------- ---------- ---------- ---------- *]\
         B[F6]W[D5];)\n",
    ];
    let seeds: Vec<Vec<u8>> = seeds.iter().map(|s| s.as_bytes().to_vec()).collect();
    each_mutant("GGF", &seeds, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        match ggf::read(&text) {
            Ok(records) => records.iter().for_each(check_record),
            Err(e) => check_format_error(&e),
        }
    });
}

#[test]
fn wthor_databases_give_games_or_an_error_at_its_byte() {
    use wthor::build::{game, header};
    let mut file = header(3, 2004, false);
    for (i, moves) in [
        "f5d6c3d3c4f4f6f3e6e7d7c5b6",
        "f5f6e6f4e3c5c4d3",
        "f5d6c5f4e3f6d3e6",
    ]
    .iter()
    .enumerate()
    {
        file.extend(game(i as u16, 2 * i as u16, 2 * i as u16 + 1, 40, moves));
    }
    let names = wthor::Names {
        players: (0..6).map(|i| format!("player {i}")).collect(),
        tournaments: vec!["Paris".into(), "Tokyo".into(), "Prague".into()],
    };
    each_mutant("WTHOR", &[file], |bytes| {
        match wthor::read(bytes, &names) {
            Ok(records) => records.iter().for_each(check_record),
            Err(e) => check_format_error(&e),
        }
        let _ = wthor::read_names(bytes, wthor::PLAYER);
    });
}

#[test]
fn obf_files_give_positions_or_an_error_on_its_line() {
    let shipped = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/positions");
    let seeds: Vec<Vec<u8>> = ["known-20-24.obf", "known-24-28.obf"]
        .iter()
        .map(|name| std::fs::read(shipped.join(name)).unwrap())
        // The first lines: every kind of line, a shorter file.
        .map(|bytes| {
            bytes
                .split_inclusive(|&b| b == b'\n')
                .take(4)
                .flatten()
                .copied()
                .collect()
        })
        .collect();
    each_mutant("OBF", &seeds, |bytes| match obf::read_bytes(bytes) {
        Ok(problems) => {
            for p in problems {
                let cells = (p.size * p.size) as i32;
                assert!(p.values.iter().all(|&(_, v)| (-cells..=cells).contains(&v)));
            }
        }
        Err(e) => check_format_error(&e),
    });
}

#[test]
fn settings_files_always_give_usable_settings() {
    let mut changed = Settings {
        size: 12,
        computer_delay_ms: 1_200,
        window_size: Some([900.0, 700.0]),
        recent_games: vec!["/games/a.ggf".into(), "b, (c).txt".into()],
        ..Settings::default()
    };
    changed.display.coordinates = false;
    let seeds = [
        Settings::default().to_ron(),
        changed.to_ron(),
        "(game: TicTacToe, size: 4, first: Computer(AlphaBeta(Depth(5))), \
         display: (theme: Dark), newer: [1, 2])"
            .to_string(),
    ];
    let seeds: Vec<Vec<u8>> = seeds.iter().map(|s| s.as_bytes().to_vec()).collect();
    each_mutant("settings", &seeds, |bytes| {
        let (s, _) = Settings::from_read(std::path::Path::new("s.ron"), Ok(bytes.to_vec()));
        // What the window uses is always there.
        assert!(s.game.square(s.size).is_ok(), "{s:?}");
        assert!(s.recent_games.len() <= RECENT_GAMES);
        assert!(s.computer_delay_ms <= MAX_DELAY_MS);
        if let Some([w, h]) = s.window_size {
            assert!(w.is_finite() && h.is_finite() && w >= 100.0 && h >= 100.0);
        }
        // And what it writes reads back the same.
        assert_eq!(Settings::from_ron(&s.to_ron()).0, s);
    });
}
