//! Making a book: the positions that tournament games reach often ([`frequent_positions`]),
//! each valued by Expert's search to a fixed depth ([`value_position`]), in batches whose
//! results the caller saves as it goes ([`value_all`]), so that a run broken off continues
//! where it stopped and a later run adds to a book without redoing what it holds.
//!
//! Nothing here is random and each position is valued by a fresh search of its own, so a
//! book depends only on its games and settings: not on the thread count, nor on where an
//! earlier run was broken off.

use std::collections::{HashMap, HashSet};

use super::Book;
use crate::ai::alphabeta::AlphaBeta;
use crate::ai::game::Game;
use crate::ai::{Context, PROBCUT_SIGMAS, Stop};
use crate::core::othello::Othello8;
use crate::core::othello::symmetry::canonical;
use crate::core::{Bits, Move, Position, Side};
use crate::formats::book::{BookEntry, EXACT, NO_MOVE};

/// How a book is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Valuing {
    /// Plies of the midgame search (Expert's: selective, the learned evaluation).
    pub depth: u32,
    /// Positions with at most this many empties are solved exactly instead.
    pub exact_from: u32,
}

/// The positions before each of the first `max_plies` moves of the games, and after the
/// last of them, in canonical form: those that at least `min_games` of the games reach
/// (counting a position and its mirrors as one), fewest discs first. A game stops at its
/// first move that is not legal; passes are played where the side to move has no move
/// (WTHOR leaves them out).
pub fn frequent_positions(
    games: &[Vec<Move>],
    max_plies: usize,
    min_games: u32,
) -> Vec<(u64, u64)> {
    let mut counts: HashMap<(u64, u64), u32> = HashMap::new();
    for game in games {
        let mut pos = Othello8::start();
        let mut seen = Vec::with_capacity(max_plies + 1);
        for ply in 0..=max_plies {
            let (p, o, _) = canonical(pos.player(), pos.opponent());
            if !seen.contains(&(p, o)) {
                seen.push((p, o));
            }
            let Some(Move::Place(cell)) = game.get(ply).copied() else {
                break;
            };
            if pos.moves_bits() == 0 {
                pos = pos.pass();
            }
            let sq = cell.index(8);
            if !pos.moves_bits().has(sq) {
                break;
            }
            pos = pos.play_index(sq);
        }
        for key in seen {
            *counts.entry(key).or_default() += 1;
        }
    }
    let mut kept: Vec<(u64, u64)> = counts
        .into_iter()
        .filter(|&(_, n)| n >= min_games)
        .map(|(k, _)| k)
        .collect();
    kept.sort_by_key(|&(p, o)| ((p | o).count_ones(), p, o));
    kept
}

/// The book entry of the position whose side to move has `player` and the other side
/// `opponent`: a search `valuing.depth` plies deep with Expert's selective search and
/// learned evaluation, or the exact solver within `valuing.exact_from` empties. `None` if
/// `stop` ended an exact solve first.
pub fn value_position(
    player: u64,
    opponent: u64,
    valuing: Valuing,
    stop: &Stop,
) -> Option<BookEntry> {
    let pos = Othello8::from_bits(player, opponent, Side::First);
    let cell = |mv: Option<Move>| match mv {
        Some(Move::Place(c)) => c.index(8) as u8,
        _ => NO_MOVE,
    };
    let entry = |value: i32, best, depth, flags| BookEntry {
        player,
        opponent,
        value: Othello8::display_score(value).clamp(-64, 64) as i8,
        best,
        depth,
        flags,
    };
    if pos.empty_cells() <= valuing.exact_from {
        let sol = pos.solve(&mut Context::new(stop, &mut |_| {}), false)?;
        return Some(entry(sol.score, cell(sol.best.first().copied()), 0, EXACT));
    }
    let mut engine = AlphaBeta::new(18)
        .with_learned_eval(true)
        .with_probcut(Some(PROBCUT_SIGMAS));
    let (value, best) = engine.search_depth(&pos, valuing.depth);
    Some(entry(value, cell(best), valuing.depth.min(255) as u8, 0))
}

/// Values every position of `todo` ([`value_position`]) on `threads` threads, `batch`
/// positions at a time, handing each batch's entries to `done` in `todo`'s order (to be
/// saved: the run's progress). Returns early, after the last whole batch, once `stop` is
/// raised.
pub fn value_all(
    todo: &[(u64, u64)],
    valuing: Valuing,
    threads: usize,
    batch: usize,
    stop: &Stop,
    done: &mut dyn FnMut(&[BookEntry]),
) {
    for chunk in todo.chunks(batch.max(1)) {
        if stop.is_stopped() {
            return;
        }
        let entries: Vec<Option<BookEntry>> =
            crate::ai::train::parallel_map(chunk, threads, |&(p, o)| {
                value_position(p, o, valuing, stop)
            });
        let entries: Vec<BookEntry> = entries.into_iter().flatten().collect();
        if stop.is_stopped() && entries.len() < chunk.len() {
            // An exact solve cut short: keep the batch's finished entries only.
            done(&entries);
            return;
        }
        done(&entries);
    }
}

/// The positions that `games` self-play games leave `book` by, canonical, fewest discs
/// first, each once: each game starts at the standard start and plays a book move (a random
/// one within `variety` discs of the best, drawn from `seed` and the game's number) while
/// the book holds the position; from the first position it does not hold, it plays the
/// search's best move `plies - 1` times, every position on the way (the first included)
/// taken if the book does not hold it. Games run on `threads` threads; the result does not
/// depend on how many.
#[allow(clippy::too_many_arguments)]
pub fn self_play_lines(
    book: &Book,
    games: u64,
    seed: u64,
    variety: u32,
    plies: usize,
    valuing: Valuing,
    threads: usize,
    stop: &Stop,
) -> Vec<(u64, u64)> {
    let numbers: Vec<u64> = (0..games).collect();
    let lines = crate::ai::train::parallel_map(&numbers, threads, |&game| {
        let mut rng = crate::ai::train::selfplay::game_rng(seed, game);
        let mut pos = Othello8::start();
        let mut found = Vec::new();
        while !pos.outcome().is_over() {
            if pos.moves_bits() == 0 {
                pos = pos.pass();
                continue;
            }
            match book.choose(&pos, variety, &mut rng) {
                Some(choice) => pos = pos.play_unchecked(choice.mv),
                None => break,
            }
        }
        for _ in 0..plies {
            if pos.outcome().is_over() || stop.is_stopped() {
                break;
            }
            if pos.moves_bits() == 0 {
                pos = pos.pass();
            }
            let (p, o, _) = canonical(pos.player(), pos.opponent());
            if !book.contains(&pos) {
                found.push((p, o));
            }
            let Some(entry) = value_position(pos.player(), pos.opponent(), valuing, stop) else {
                break;
            };
            if entry.best == NO_MOVE {
                break;
            }
            pos = pos.play_index(usize::from(entry.best));
        }
        found
    });
    let mut all: Vec<(u64, u64)> = lines.into_iter().flatten().collect();
    all.sort_by_key(|&(p, o)| ((p | o).count_ones(), p, o));
    all.dedup();
    all
}

/// The entries a game teaches: its positions with at least `min_empties` empty cells that
/// `book` does not hold, each once, valued as `valuing` says (what NBoard's `learn` asks
/// of an engine). Stops early, with what it has, once `stop` is raised.
pub fn learn_game(
    book: &Book,
    positions: &[Othello8],
    min_empties: u32,
    valuing: Valuing,
    stop: &Stop,
) -> Vec<BookEntry> {
    let mut keys: Vec<(u64, u64)> = Vec::new();
    for pos in positions {
        if pos.empty_cells() < min_empties || pos.moves_bits() == 0 || book.contains(pos) {
            continue;
        }
        let (p, o, _) = canonical(pos.player(), pos.opponent());
        if !keys.contains(&(p, o)) {
            keys.push((p, o));
        }
    }
    keys.iter()
        .map_while(|&(p, o)| {
            (!stop.is_stopped())
                .then(|| value_position(p, o, valuing, stop))
                .flatten()
        })
        .collect()
}

/// The positions of `book` that games from the start reach when both sides play book moves
/// within `variety` discs of the best (the moves a player of that variety draws among, and
/// the replies the book expects), canonical, fewest discs first, each once: where deeper
/// values pay ([`crate::ai::book::TRUSTED_DEPTH`]). Passes are played where the side to
/// move has no move.
pub fn played_positions(book: &Book, variety: u32) -> Vec<(u64, u64)> {
    let mut seen: HashSet<(u64, u64)> = HashSet::new();
    let mut todo = vec![Othello8::start()];
    while let Some(mut pos) = todo.pop() {
        if pos.moves_bits() == 0 {
            if pos.outcome().is_over() {
                continue;
            }
            pos = pos.pass();
        }
        let (p, o, _) = canonical(pos.player(), pos.opponent());
        if !book.contains(&pos) || !seen.insert((p, o)) {
            continue;
        }
        let moves = book.moves(&pos);
        let Some(best) = moves.first().map(|m| m.value) else {
            continue;
        };
        for m in moves {
            if m.in_book && m.value >= best - variety as i32 {
                todo.push(pos.play_unchecked(m.mv));
            }
        }
    }
    let mut all: Vec<(u64, u64)> = seen.into_iter().collect();
    all.sort_by_key(|&(p, o)| ((p | o).count_ones(), p, o));
    all
}
