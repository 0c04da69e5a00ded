"""A tiny NBoard engine for boardplay's tests: it plays the first legal move (from a1, row
by row), or misbehaves as its first argument asks:

  first      plays the first legal move, with a nodestats and a search line before it
  slow       answers `go` only when a `ping` asks for the move now
  exit       writes a line on standard error and exits with status 3 at once
  silent     reads everything and answers nothing
  hang       answers the handshake, then after `go` reads nothing more
  no-move    answers the handshake and pings, never `go`
  illegal    answers `go` with a1
  garbage    answers `go` with `=== hello`
  binary     answers `go` with bytes that are not text, and no move
  flood      answers `go` with 10 MB of output (one long line, then many short ones), no move
  wrong-side answers `go` with a move that is legal only for the side not to move
  child      starts a child process that outlives it unless its whole group is ended, then
             hangs like `hang`

A second argument names a file that gets a line for each start, so a test can count them.
"""

import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "first"
if len(sys.argv) > 2:
    with open(sys.argv[2], "a") as log:
        log.write("start\n")

if mode == "exit":
    sys.stderr.write("cannot find my weights\n")
    sys.exit(3)

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def out(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def legal_moves(cells, n, me):
    other = "O" if me == "*" else "*"
    moves = []
    for r in range(n):
        for c in range(n):
            if cells[r * n + c] != "-":
                continue
            for dr, dc in DIRECTIONS:
                rr, cc, seen = r + dr, c + dc, False
                while 0 <= rr < n and 0 <= cc < n and cells[rr * n + cc] == other:
                    rr, cc, seen = rr + dr, cc + dc, True
                if seen and 0 <= rr < n and 0 <= cc < n and cells[rr * n + cc] == me:
                    moves.append("ABCDEFGHIJKLMNOP"[c] + str(r + 1))
                    break
    return moves


n, cells, side = 8, "", "*"
waiting = False
for line in sys.stdin:
    words = line.split()
    if not words or mode == "silent":
        continue
    command = words[0]
    if command == "nboard":
        out("set myname FirstMove")
    elif command == "ping":
        if waiting:
            out("=== " + legal_moves(cells, n, side)[0])
            waiting = False
        out("pong " + (words[1] if len(words) > 1 else ""))
    elif command == "set" and len(words) > 1 and words[1] == "game":
        board = line[line.index("BO[") + 3:]
        n_text, cells, side = board[: board.index("]")].split()
        n = int(n_text)
    elif command == "go":
        if mode == "hang":
            time.sleep(3600)
        elif mode == "no-move":
            pass
        elif mode == "illegal":
            out("=== A1")
        elif mode == "garbage":
            out("=== hello")
        elif mode == "binary":
            sys.stdout.buffer.write(b"\xff\xfe\x00garbage\x80\n")
            sys.stdout.flush()
        elif mode == "flood":
            sys.stdout.write("x" * 5_000_000 + "\n")
            for _ in range(50_000):
                sys.stdout.write("status " + "y" * 93 + "\n")
            sys.stdout.flush()
        elif mode == "wrong-side":
            other = "O" if side == "*" else "*"
            mine = set(legal_moves(cells, n, side))
            theirs = [m for m in legal_moves(cells, n, other) if m not in mine]
            out("=== " + theirs[0])
        elif mode == "child":
            import subprocess
            marker = sys.argv[2] if len(sys.argv) > 2 else ""
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)", marker])
            time.sleep(3600)
        elif mode == "slow":
            out("status FirstMove is thinking")
            waiting = True
        else:
            best = legal_moves(cells, n, side)[0]
            out("nodestats 1 0.00")
            out("search " + best + " +0.00 0 1")
            out("=== " + best + "/+0.00/0.00")
    elif command == "quit":
        break
