//! The database's answers for positions (issue 25), checked against a plain scan written
//! here: every game replayed move by move, every position compared cell by cell with the
//! position asked about and its images under the four turns of the board that keep the
//! start, and the counts, margins and wins, draws and losses added up by hand.
//!
//! The games are seeded random games, many sharing their first moves (so positions are met
//! by many games and by different move orders), some played turned, some unfinished, some
//! with passes; they are written as a WTHOR database (passes left out, results as discs) and
//! as a GGF collection (passes written, results as margins, some missing) and opened as the
//! window opens them.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::Path;

use boardplay::app::document::database::{Answer, Database, DatabaseFile};
use boardplay::app::document::files::{Opened, open_file};
use boardplay::core::othello::{Othello8, final_discs};
use boardplay::core::{Cell, Move, Position, Side};
use boardplay::formats::wthor;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// A game as generated: its moves as played (passes in), and Black's final margin when the
/// file will give it or the game is over.
struct Generated {
    moves: Vec<Move>,
    margin: Option<i32>,
    finished: bool,
    final_counts: [u32; 2],
}

/// A turn of the board, cell by cell: (column, row) to where it goes.
type CellTurn = fn(u8, u8) -> (u8, u8);

/// The four turns that keep the start.
const TURNS: [CellTurn; 4] = [
    |c, r| (c, r),
    |c, r| (7 - c, 7 - r),
    |c, r| (r, c),
    |c, r| (7 - r, 7 - c),
];

fn turn_move(turn: usize, mv: Move) -> Move {
    match mv {
        Move::Pass => Move::Pass,
        Move::Place(cell) => {
            let (c, r) = TURNS[turn](cell.col, cell.row);
            Move::Place(Cell::new(c, r))
        }
    }
}

/// A position as its 64 cells and the side to move.
type Plain = ([Option<Side>; 64], Side);

fn plain(pos: &Othello8) -> Plain {
    let mut cells = [None; 64];
    for (i, c) in cells.iter_mut().enumerate() {
        *c = pos.at(Cell::from_index(i, 8));
    }
    (cells, pos.side_to_move())
}

fn turn_plain(turn: usize, (cells, side): &Plain) -> Plain {
    let mut out = [None; 64];
    for (i, c) in cells.iter().enumerate() {
        let (col, row) = TURNS[turn]((i % 8) as u8, (i / 8) as u8);
        out[usize::from(row) * 8 + usize::from(col)] = *c;
    }
    (out, *side)
}

/// `n` seeded games: the first plies often the first legal move (so games meet), then
/// random; about one in four turned, one in ten stopped early.
fn generate(n: usize, seed: u64) -> Vec<Generated> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let turn = if rng.random_range(0..4) == 0 {
                rng.random_range(1..4)
            } else {
                0
            };
            let stop = (rng.random_range(0..10) == 0).then(|| rng.random_range(1..50));
            let mut pos = Othello8::start();
            let mut moves = Vec::new();
            loop {
                if stop == Some(moves.len()) || pos.outcome().is_over() {
                    break;
                }
                let legal: Vec<Move> = pos.legal_moves().collect();
                let mv = if moves.len() < 10 && rng.random_range(0..3) > 0 {
                    legal[0]
                } else {
                    legal[rng.random_range(0..legal.len())]
                };
                pos = pos.play(mv).unwrap();
                moves.push(turn_move(turn, mv));
            }
            let finished = pos.outcome().is_over();
            let counts = pos.counts();
            let [black, white] = final_discs(counts, 64);
            Generated {
                moves,
                margin: finished.then_some(black as i32 - white as i32),
                finished,
                final_counts: counts,
            }
        })
        .collect()
}

fn move_text(moves: &[Move], with_passes: bool) -> String {
    moves
        .iter()
        .filter(|m| with_passes || **m != Move::Pass)
        .map(|m| m.to_string())
        .collect()
}

/// The games as a WTHOR database: unfinished games get Black's discs on the board as
/// their listed score, which the scan then takes as their margin too.
fn write_wthor(path: &Path, games: &mut [Generated]) {
    let mut bytes = wthor::build::header(games.len(), 2001, false);
    for g in games.iter_mut() {
        let black = match g.margin {
            Some(m) => ((64 + m) / 2) as u8,
            None => {
                // WTHOR lists discs out of 64: the unfinished game is scored as listed.
                let [b, _] = g.final_counts;
                g.margin = Some(b as i32 - (64 - b as i32));
                b as u8
            }
        };
        bytes.extend(wthor::build::game(
            0,
            0,
            1,
            black,
            &move_text(&g.moves, false),
        ));
    }
    std::fs::write(path, bytes).unwrap();
}

/// The games as a GGF collection, numbered as GGS writes a match; one game in three has no
/// result written (its margin is then the final position's, if it is over).
fn write_ggf(path: &Path, games: &mut [Generated]) {
    let mut text = String::new();
    for (i, g) in games.iter_mut().enumerate() {
        let re = if i % 3 == 0 {
            g.margin = if g.finished { g.margin } else { None };
            String::new()
        } else {
            let m = g.margin.unwrap_or(0);
            g.margin = Some(m);
            format!("RE[{m:+}.000]")
        };
        text.push_str(&format!(
            "{} (;GM[Othello]PC[test]PB[b{i}]PW[w{i}]TY[8]{re}",
            i + 1
        ));
        for (ply, mv) in g.moves.iter().enumerate() {
            let colour = if ply % 2 == 0 { 'B' } else { 'W' };
            text.push_str(&format!("{colour}[{mv}]"));
        }
        text.push_str(";)\n");
    }
    std::fs::write(path, text).unwrap();
}

/// What the plain scan finds for `query`: games that reached it, and per next move (in the
/// query's orientation, `None` where the game ends) the games, margin sum, wins, draws and
/// losses.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    games: usize,
    margin_sum: i64,
    wins: usize,
    draws: usize,
    losses: usize,
}

impl Tally {
    fn add(&mut self, margin: Option<i32>) {
        self.games += 1;
        if let Some(m) = margin {
            self.margin_sum += i64::from(m);
            if m > 0 {
                self.wins += 1;
            } else if m == 0 {
                self.draws += 1;
            } else {
                self.losses += 1;
            }
        }
    }
}

fn scan(files: &[&[Generated]], query: &Othello8) -> (Tally, BTreeMap<Option<String>, Tally>) {
    let q = plain(query);
    let mut all = Tally::default();
    let mut by_move: BTreeMap<Option<String>, Tally> = BTreeMap::new();
    for games in files {
        for g in *games {
            let mut pos = Othello8::start();
            for ply in 0..=g.moves.len() {
                let here = plain(&pos);
                let turn = (0..4).find(|&t| turn_plain(t, &here) == q);
                if let Some(t) = turn {
                    let next = g.moves.get(ply).map(|&m| turn_move(t, m).to_string());
                    all.add(g.margin);
                    by_move.entry(next).or_default().add(g.margin);
                    // A position is met once a game: every move adds a disc or passes.
                    break;
                }
                if let Some(&mv) = g.moves.get(ply) {
                    pos = pos.play(mv).unwrap();
                }
            }
        }
    }
    (all, by_move)
}

fn tally(score: &boardplay::app::document::database::Score) -> Tally {
    Tally {
        games: score.games,
        margin_sum: score.margin_sum,
        wins: score.wins,
        draws: score.draws,
        losses: score.losses,
    }
}

fn open(path: &Path) -> DatabaseFile {
    let Ok(Opened::List(listed)) = open_file(path) else {
        panic!("{} is listed", path.display())
    };
    DatabaseFile::build(path.to_path_buf(), listed, &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap()
}

fn check(answer: &Answer, expected: &(Tally, BTreeMap<Option<String>, Tally>), what: &str) {
    let (all, by_move) = expected;
    assert_eq!(tally(&answer.reached), *all, "{what}");
    let mut got: BTreeMap<Option<String>, Tally> = answer
        .moves
        .iter()
        .map(|m| (Some(m.mv.to_string()), tally(&m.score)))
        .collect();
    if answer.ended.games > 0 {
        got.insert(None, tally(&answer.ended));
    }
    assert_eq!(got, *by_move, "{what}");
    assert_eq!(answer.games.len(), all.games, "{what}");
    // The most played move first.
    assert!(
        answer
            .moves
            .windows(2)
            .all(|w| w[0].score.games >= w[1].score.games),
        "{what}"
    );
}

#[test]
fn counts_and_scores_agree_with_a_plain_scan_of_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut wthor_games = generate(400, 1);
    let mut ggf_games = generate(400, 2);
    let (wtb, ggf) = (
        dir.path().join("WTH_2001.wtb"),
        dir.path().join("match.ggf"),
    );
    write_wthor(&wtb, &mut wthor_games);
    write_ggf(&ggf, &mut ggf_games);
    let mut db = Database::default();
    db.add(open(&wtb));
    db.add(open(&ggf));
    assert_eq!(db.len(), 800);
    assert!(
        ggf_games
            .iter()
            .chain(&wthor_games)
            .any(|g| g.moves.contains(&Move::Pass)),
        "some games pass"
    );

    // The positions asked about: the start, and positions of games at many plies (turned
    // too), some after a pass, and one no game reaches.
    let mut queries = vec![Othello8::start()];
    let mut rng = SmallRng::seed_from_u64(3);
    for g in wthor_games.iter().chain(&ggf_games).step_by(7) {
        let ply = rng.random_range(0..=g.moves.len());
        let pos = g.moves[..ply]
            .iter()
            .fold(Othello8::start(), |p, &m| p.play(m).unwrap());
        queries.push(pos);
    }
    let passing = ggf_games
        .iter()
        .find(|g| g.moves.contains(&Move::Pass))
        .unwrap();
    let at = passing.moves.iter().position(|&m| m == Move::Pass).unwrap();
    for ply in [at, at + 1] {
        queries.push(
            passing.moves[..ply]
                .iter()
                .fold(Othello8::start(), |p, &m| p.play(m).unwrap()),
        );
    }
    let nowhere = Othello8::start()
        .play("f5".parse().unwrap())
        .unwrap()
        .pass();
    queries.push(nowhere);

    let files: [&[Generated]; 2] = [&wthor_games, &ggf_games];
    let mut met_by_many = 0;
    for (i, query) in queries.iter().enumerate() {
        let expected = scan(&files, query);
        if expected.0.games >= 20 {
            met_by_many += 1;
        }
        check(&db.answer(query), &expected, &format!("query {i}"));
    }
    assert_eq!(db.answer(&nowhere).reached.games, 0);
    assert_eq!(db.answer(&Othello8::start()).reached.games, 800);
    assert!(
        met_by_many >= 5,
        "positions met by many games were asked about"
    );
}

#[test]
fn transpositions_and_turned_games_meet_in_one_position() {
    let dir = tempfile::tempdir().unwrap();
    // Three games: the second a transposition of the first (c3 and c4 swapped), the third
    // the first turned half a turn.
    let text = "1 (;GM[Othello]PB[a]PW[b]RE[+10.000]B[f5]W[d6]B[c3]W[d3]B[c4]W[f4];)\n\
                2 (;GM[Othello]PB[c]PW[d]RE[-4.000]B[f5]W[d6]B[c4]W[d3]B[c3]W[f3];)\n\
                3 (;GM[Othello]PB[e]PW[f]RE[+0.000]B[c4]W[e3]B[f6]W[e6]B[f5]W[c5];)\n";
    let path = dir.path().join("three.ggf");
    std::fs::write(&path, text).unwrap();
    let mut db = Database::default();
    db.add(open(&path));
    let after = |moves: &str| {
        boardplay::core::notation::play_moves(&Othello8::start(), moves)
            .unwrap()
            .1
    };
    let pos = after("f5d6c3d3c4");
    assert_eq!(pos, after("f5d6c4d3c3"), "a transposition");
    let answer = db.answer(&pos);
    assert_eq!(answer.reached.games, 3);
    assert_eq!(
        (
            answer.reached.wins,
            answer.reached.draws,
            answer.reached.losses
        ),
        (1, 1, 1)
    );
    assert_eq!(answer.reached.mean(), Some(2.0));
    // Next: f4 (game 1, and game 3's c5 turned back), f3 (game 2).
    let moves: Vec<(String, usize)> = answer
        .moves
        .iter()
        .map(|m| (m.mv.to_string(), m.score.games))
        .collect();
    assert_eq!(moves, [("f4".to_string(), 2), ("f3".to_string(), 1)]);
    let behind_f4: Vec<usize> = answer
        .games_with(Some("f4".parse().unwrap()))
        .map(|f| f.hit.game)
        .collect();
    assert_eq!(behind_f4, [0, 2]);
}
