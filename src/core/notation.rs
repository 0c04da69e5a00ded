//! Text forms shared by every game: board strings and move lists.
//!
//! A board string has one character a cell, row by row from a1: `X` (also `x`, `*`) for the
//! first side, `O` (also `o`) for the second, `-` or `.` for an empty cell. Whitespace between
//! cells is ignored. The side to move follows: `X` or `O`, as in the OBF/FFO files.
//!
//! A move list is a run of moves such as `f5d6c3`; spaces, commas and move numbers (`1.`)
//! may separate them. A pass is written `pass`; `pa`, `PA` and `--` are read as well.

use super::{Cell, Move, ParseError, Position, Side};

/// Formats the board string of `pos`: cells, a space, the side to move.
pub fn format_board<P: Position>(pos: &P) -> String {
    let mut s = String::with_capacity(pos.cell_count() + 2);
    for row in 0..pos.rows() {
        for col in 0..pos.cols() {
            s.push(match pos.at(Cell::new(col as u8, row as u8)) {
                Some(side) => side.symbol(),
                None => '-',
            });
        }
    }
    s.push(' ');
    s.push(pos.side_to_move().symbol());
    s
}

/// Reads the cells and the optional side to move of a board string with `cell_count` cells.
pub fn parse_board(
    text: &str,
    cell_count: usize,
) -> Result<(Vec<Option<Side>>, Option<Side>), ParseError> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let Some((&last, init)) = tokens.split_last() else {
        return Err(ParseError::Empty);
    };
    // The side to move is a last token of one character, or one character past the cells.
    // When every cell is written apart, a last token of one character may be a cell too, and
    // only the count tells.
    let cells_apart = tokens.iter().all(|t| t.chars().count() == 1);
    let (mut board, mut side): (Vec<char>, Option<char>) =
        if !init.is_empty() && last.chars().count() == 1 && !cells_apart {
            (init.concat().chars().collect(), last.chars().next())
        } else {
            (tokens.concat().chars().collect(), None)
        };
    if side.is_none() && board.len() == cell_count + 1 {
        side = board.pop();
    }
    let to_move = match side {
        None => None,
        Some(c) => Some(Side::from_symbol(c).ok_or(ParseError::BadSideToMove(c.to_string()))?),
    };
    let found = board.len();
    if found != cell_count {
        return Err(ParseError::WrongLength {
            expected: cell_count,
            found,
        });
    }
    let cells = board
        .into_iter()
        .enumerate()
        .map(|(index, ch)| match ch {
            'X' | 'x' | '*' => Ok(Some(Side::First)),
            'O' | 'o' => Ok(Some(Side::Second)),
            '-' | '.' => Ok(None),
            _ => Err(ParseError::BadChar { ch, index }),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((cells, to_move))
}

/// Splits a move list into moves, without checking them against a board.
/// Errors name the 1-based ply of the first unreadable move.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, ParseError> {
    let mut moves = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',' || c == ';');
        if rest.is_empty() {
            return Ok(moves);
        }
        // A move number such as "12." is skipped.
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && rest[digits..].starts_with('.') {
            rest = &rest[digits + 1..];
            continue;
        }
        let ply = moves.len() + 1;
        let lower = rest.get(..2).map(str::to_ascii_lowercase);
        if rest.starts_with("--") || lower.as_deref() == Some("pa") {
            let skip = if rest
                .get(..4)
                .is_some_and(|w| w.eq_ignore_ascii_case("pass"))
            {
                4
            } else {
                2
            };
            moves.push(Move::Pass);
            rest = &rest[skip..];
            continue;
        }
        match Cell::parse_prefix(rest) {
            Ok((cell, used)) => {
                moves.push(Move::Place(cell));
                rest = &rest[used..];
            }
            Err(_) => {
                let text: String = rest
                    .chars()
                    .take_while(|c| !c.is_whitespace() && *c != ',')
                    .take(8)
                    .collect();
                return Err(ParseError::BadMoveText { ply, text });
            }
        }
    }
}

/// Plays a move list from `start`, returning the moves as played and the final position.
///
/// A pass the list leaves out is put in where the side to move has no legal move and the
/// next move is the opponent's (game records often omit passes); the returned moves show it.
/// The first unreadable or illegal move is named with its ply.
pub fn play_moves<P: Position>(start: &P, text: &str) -> Result<(Vec<Move>, P), ParseError> {
    play_parsed(start, &parse_moves(text)?)
}

/// Plays moves already read (from a move list or a game file's records) from `start`, as
/// [`play_moves`] does: a pass the moves leave out is put in, and the first illegal move is
/// named with its ply (its 1-based place in `moves`).
pub fn play_parsed<P: Position>(start: &P, moves: &[Move]) -> Result<(Vec<Move>, P), ParseError> {
    let mut pos = *start;
    let mut played = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        let ply = i + 1;
        // A pass the record left out: the side to move has none, so the move is the opponent's.
        if matches!(mv, Move::Place(cell) if pos.contains(cell)) && pos.check(Move::Pass).is_ok() {
            played.push(Move::Pass);
            pos = pos.play_unchecked(Move::Pass);
        }
        pos = pos
            .play(mv)
            .map_err(|reason| ParseError::IllegalMove { ply, mv, reason })?;
        played.push(mv);
    }
    Ok((played, pos))
}

/// Formats moves as a compact list: "f5d6c3pass...".
pub fn format_moves(moves: &[Move]) -> String {
    moves.iter().map(Move::to_string).collect()
}
