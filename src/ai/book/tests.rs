use super::*;
use crate::core::Position;

/// A small book by hand: the start valued 0, f5 valued (for White) -1, f5 d6 valued +1 for
/// Black, and f5 f6 valued -3 for Black.
fn tiny() -> (Book, Othello8) {
    let start = Othello8::start();
    let at = |moves: &[&str]| {
        let mut pos = start;
        for m in moves {
            pos = pos.play(pos.parse_move(m).unwrap()).unwrap();
        }
        pos
    };
    let entry = |pos: Othello8, value: i8| BookEntry {
        player: pos.player(),
        opponent: pos.opponent(),
        value,
        best: NO_MOVE,
        depth: 10,
        flags: 0,
    };
    let book = Book::new([
        entry(start, 0),
        entry(at(&["f5"]), -1),
        entry(at(&["f5", "d6"]), 1),
        entry(at(&["f5", "f6"]), -3),
    ]);
    (book, start)
}

#[test]
fn values_are_negamaxed_through_the_book_and_mirrors_share_an_entry() {
    let (book, start) = tiny();
    // The four first moves are mirrors of each other: one entry, the first move's.
    assert_eq!(book.len(), 4);
    let f5 = start.play(start.parse_move("f5").unwrap()).unwrap();
    let d3 = start.play(start.parse_move("d3").unwrap()).unwrap();
    // After f5, White's best book reply is f6 (Black -3, so White +3): f5 is worth 3 to
    // White, more than its searched -1.
    assert_eq!(book.value(&f5), Some(3));
    assert_eq!(book.value(&d3), Some(3));
    // The start: Black's every first move leads to f5's image, worth -3 to Black; its own
    // search said 0, which stays the best.
    assert_eq!(book.value(&start), Some(0));
    let moves = book.moves(&f5);
    assert_eq!(moves[0].mv, f5.parse_move("f6").unwrap());
    assert_eq!(moves[0].value, 3);
    assert_eq!(moves[1].mv, f5.parse_move("d6").unwrap());
    assert_eq!(moves[1].value, -1);
    // From d3, the mirror of f5, the mirrored replies are the book's.
    let replies: Vec<String> = book.moves(&d3).iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(replies, ["c3", "c5"]);
}

#[test]
fn a_book_comes_back_from_its_bytes() {
    let (book, start) = tiny();
    let again = Book::from_bytes(&book.to_bytes()).unwrap();
    assert_eq!(again.entries(), book.entries());
    assert_eq!(again.value(&start), book.value(&start));
}

/// A book by hand where White has two replies to f5 within a disc of each other: d6 (Black
/// -1 after it) searched `d6_depth` plies deep, f6 (Black -2) searched `f6_depth` plies deep.
fn two_replies(d6_depth: u8, f6_depth: u8) -> (Book, Othello8) {
    let start = Othello8::start();
    let f5 = start.play(start.parse_move("f5").unwrap()).unwrap();
    let after = |m: &str| f5.play(f5.parse_move(m).unwrap()).unwrap();
    let entry = |pos: Othello8, value: i8, depth: u8| BookEntry {
        player: pos.player(),
        opponent: pos.opponent(),
        value,
        best: NO_MOVE,
        depth,
        flags: 0,
    };
    let book = Book::new([
        entry(f5, -9, 16),
        entry(after("d6"), -2, d6_depth),
        entry(after("f6"), -1, f6_depth),
    ]);
    (book, f5)
}

#[test]
fn variety_draws_only_among_moves_whose_values_are_trusted() {
    let draws = |book: &Book, pos: &Othello8| {
        let mut seen: Vec<String> = (0..64)
            .map(|seed| {
                let mut rng = <SmallRng as rand::SeedableRng>::seed_from_u64(seed);
                book.choose(pos, 1, &mut rng).unwrap().mv.to_string()
            })
            .collect();
        seen.sort();
        seen.dedup();
        seen
    };
    // Both replies searched deep enough: 64 draws play both.
    let (book, f5) = two_replies(TRUSTED_DEPTH, 16);
    assert_eq!(draws(&book, &f5), ["d6", "f6"]);
    // d6, the best (+2 for White), searched shallower than TRUSTED_DEPTH: still played, as
    // the best is, beside f6, trusted and within a disc.
    let (book, f5) = two_replies(10, 16);
    assert_eq!(draws(&book, &f5), ["d6", "f6"]);
    // A shallow move is never drawn beside the trusted best one.
    let (book, f5) = two_replies(16, 10);
    assert_eq!(draws(&book, &f5), ["d6"]);
}

#[test]
fn the_played_positions_are_those_near_best_moves_reach() {
    // tiny(): after f5, White's f6 (+3) is the best and d6 (-1) four discs worse.
    let (book, start) = tiny();
    let key = |pos: &Othello8| {
        let (p, o, _) = crate::core::othello::symmetry::canonical(pos.player(), pos.opponent());
        (p, o)
    };
    let f5 = start.play(start.parse_move("f5").unwrap()).unwrap();
    let f6 = f5.play(f5.parse_move("f6").unwrap()).unwrap();
    let d6 = f5.play(f5.parse_move("d6").unwrap()).unwrap();
    let played = build::played_positions(&book, 1);
    assert_eq!(played, [key(&start), key(&f5), key(&f6)]);
    let mut wide = build::played_positions(&book, 4);
    wide.sort();
    let mut all = vec![key(&start), key(&f5), key(&f6), key(&d6)];
    all.sort();
    assert_eq!(wide, all);
}
