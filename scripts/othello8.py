"""8x8 Othello for the match scripts: a board is 64 characters (X, O, -) from a1 row by row;
cells are 0-63 in the same order. Shared by bp-match.py and discs-by-phase.py."""

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]

START = '-' * 27 + 'OX' + '-' * 6 + 'XO' + '-' * 27


def flips(board, sq, me):
    """The cells `me` turns by playing `sq` on `board`."""
    if board[sq] != '-':
        return []
    other = 'O' if me == 'X' else 'X'
    r, c = divmod(sq, 8)
    out = []
    for dr, dc in DIRS:
        rr, cc, line = r + dr, c + dc, []
        while 0 <= rr < 8 and 0 <= cc < 8 and board[rr * 8 + cc] == other:
            line.append(rr * 8 + cc)
            rr, cc = rr + dr, cc + dc
        if line and 0 <= rr < 8 and 0 <= cc < 8 and board[rr * 8 + cc] == me:
            out += line
    return out


def legal(board, me):
    """The cells `me` may play."""
    return [sq for sq in range(64) if flips(board, sq, me)]


def play(board, sq, me):
    """The board after `me` plays `sq`."""
    b = list(board)
    for f in flips(board, sq, me):
        b[f] = me
    b[sq] = me
    return ''.join(b)


def cell(text):
    """"f5" as a cell number."""
    return (int(text[1:]) - 1) * 8 + ord(text[0].lower()) - ord('a')
