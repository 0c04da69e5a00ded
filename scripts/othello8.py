"""8x8 Othello for the match scripts: a board is 64 characters (X, O, -) from a1 row by row;
cells are 0-63 in the same order. Shared by bp-match.py, discs-by-phase.py,
endgame-on-clock.py, paired-match.py and wthor-positions.py."""

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


def solve_exact(bp, positions, threads=None):
    """Exact values for the side to move of `positions` ("<64 cells> X|O" strings), solved by
    the boardplay binary `bp` (`solve --file ... --one-best`): a list in the same order, None
    where boardplay gave no value."""
    import os
    import subprocess
    import tempfile
    with tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False) as f:
        for k, pos in enumerate(positions):
            f.write(f"{k + 1} {pos}\n")
    cmd = [bp, 'solve', '--file', f.name, '--one-best'] + (['--threads', str(threads)] if threads else [])
    run = subprocess.run(cmd, capture_output=True, text=True)
    os.unlink(f.name)
    values = [None] * len(positions)
    for line in run.stdout.splitlines():
        words = line.split()
        if len(words) > 2 and words[0].isdigit():
            values[int(words[0]) - 1] = int(words[2])
        elif len(positions) == 1 and words[:1] == ['value:']:
            # A file of one position is reported as that position alone.
            values[0] = int(words[1])
    return values


def final_score(game, who):
    """The final disc difference for `who` of a match log's game (its "black" player and
    "discs": [black, white]), the empty cells counted to the winner as in tournament scores."""
    b, w = game['discs']
    empties = 64 - b - w
    diff = b - w + (empties if b > w else -empties if w > b else 0)
    return diff if game['black'] == who else -diff
