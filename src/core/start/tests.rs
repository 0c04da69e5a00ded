use super::*;
use crate::core::othello::{Othello, Othello8, Size6};
use crate::core::tictactoe::TicTacToe;
use crate::core::{Cell, notation};

#[test]
fn starts_read_and_write_as_the_command_line_gives_them() {
    for text in ["standard", "alternate", "balanced", "file:openings/x.txt"] {
        let start: Start = text.parse().unwrap();
        assert_eq!(start.to_string(), text);
    }
    assert_eq!("Alternate".parse(), Ok(Start::Alternate));
    assert_eq!("file:".parse::<Start>(), Err(StartError::NoPath));
    assert!(matches!(
        "xot".parse::<Start>(),
        Err(StartError::Unknown(_))
    ));
}

#[test]
fn the_alternate_start_has_the_centre_in_columns_not_crossed() {
    let alt = Start::Alternate.base(&Othello8::start()).unwrap();
    // Black (X) on d4 and d5, White (O) on e4 and e5, Black to move: the rows 4 and 5 read
    // "...XO..." each.
    let board = notation::format_board(&alt);
    assert_eq!(&board[24..32], "---XO---");
    assert_eq!(&board[32..40], "---XO---");
    assert_eq!(alt.side_to_move(), Side::First);
    // Black's moves there: c3, c6, and the two beyond White's column? Only the cells that
    // flank a white disc: f3, f4? By the rules, Black at d4/d5 takes e4 or e5 from f4, f5,
    // f3 (over e4 diagonally from d5) and f6 (over e5 from d4).
    let mut moves: Vec<String> = alt.legal_moves().map(|m| m.to_string()).collect();
    moves.sort();
    assert_eq!(moves, ["f3", "f4", "f5", "f6"]);
    // On 6x6 the same in the centre.
    let six = Start::Alternate.base(&Othello::<Size6>::start()).unwrap();
    assert_eq!(six.at(Cell::new(2, 2)), Some(Side::First));
    assert_eq!(six.at(Cell::new(3, 3)), Some(Side::Second));
    // Tic-tac-toe has no alternate start.
    assert_eq!(
        Start::Alternate.base(&TicTacToe::classic()),
        Err(StartError::NotOthello("alternate"))
    );
}

#[test]
fn lists_are_the_balanced_set_or_a_file_each_line_checked() {
    let start = Othello8::start();
    assert_eq!(Start::Standard.list(&start, None), Ok(None));
    let balanced = Start::Balanced.list(&start, None).unwrap().unwrap();
    assert!(balanced.len() >= 50);
    assert!(balanced.iter().all(|(_, moves)| moves.len() == 8));
    let text = "# two\nf5d6c3d3c4 # the Tiger\n\nf5f6\n";
    let list = Start::File("x".into())
        .list(&start, Some(text))
        .unwrap()
        .unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0].0, 2);
    assert_eq!(list[1].0, 4);
    let bad = Start::File("x".into()).list(&start, Some("f5d6\nf5f5\n"));
    assert!(matches!(bad, Err(StartError::Unplayable { line: 2, .. })));
    let unreadable = Start::File("x".into()).list(&start, Some("f5d6\nz9\n"));
    assert!(matches!(unreadable, Err(StartError::Line { line: 2, .. })));
    assert_eq!(
        Start::File("x".into()).list(&start, Some("# none\n")),
        Err(StartError::Empty)
    );
    assert_eq!(
        Start::Balanced.list(&Othello::<Size6>::start(), None),
        Err(StartError::NotEightByEight(6))
    );
}
