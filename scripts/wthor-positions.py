"""Positions at a given number of empties from a WTHOR game file, as .obf lines (the
midgame timing sets of benches/positions, e.g. wthor2021-30.obf).

Usage: python3 scripts/wthor-positions.py WTH_2021.wtb EMPTIES COUNT

Takes the games in file order, replays each from the start (passes where the side to move has
no move), and keeps the board the first time it has EMPTIES empty cells, if the side to move
has a move there; stops after COUNT boards. Games that end earlier or hold an illegal move are
skipped."""
import sys

from othello8 import START, flips, legal, play

if len(sys.argv) != 4:
    sys.exit(__doc__)
path, empties, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = open(path, "rb").read()
boards = []
# A 16-byte header, then 68 bytes a game: 8 of header, 60 moves (10 * row + column, 1-based).
for at in range(16, len(data) - 67, 68):
    board, me = START, "X"
    for code in data[at + 8: at + 68]:
        if board.count("-") == empties or code == 0:
            break
        sq = (code // 10 - 1) * 8 + code % 10 - 1
        if not legal(board, me):
            me = "O" if me == "X" else "X"
        if not (0 <= sq < 64 and flips(board, sq, me)):
            break
        board, me = play(board, sq, me), ("O" if me == "X" else "X")
    if board.count("-") == empties and legal(board, me):
        boards.append(board + " " + me + ";")
        if len(boards) == count:
            break
print("\n".join(boards))
