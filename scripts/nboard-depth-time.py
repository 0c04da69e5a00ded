"""Times an NBoard engine searching each position of an .obf file to a fixed depth: the
figure beside boardplay's `test-positions --depth D --selective` in docs/ai.md.

Usage (from the engine's folder, e.g. NTest's build folder, where its coefficients are):
  python3 scripts/nboard-depth-time.py FILE DEPTH [--engine "./ntest x"]

FILE holds .obf lines (`<64 cells of X, O, -> <X|O>;`). One engine process for the whole
file; each position is sent as a GGF game with its board in BO, and the time is the wall time
from `go` to the engine's `===` answer. Prints the total time."""
import argparse
import shlex
import subprocess
import sys
import time

ap = argparse.ArgumentParser()
ap.add_argument("file")
ap.add_argument("depth", type=int)
ap.add_argument("--engine", default="./ntest x")
args = ap.parse_args()

engine = subprocess.Popen(shlex.split(args.engine), stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)


def send(line):
    engine.stdin.write(line + "\n")
    engine.stdin.flush()


send("nboard 2")
send(f"set depth {args.depth}")
total, count = 0.0, 0
for line in open(args.file):
    line = line.strip()
    if not line or line.startswith("%"):
        continue
    board, side = line.split()[0], line.split()[1].rstrip(";")
    if len(board) != 64 or side not in ("X", "O"):
        sys.exit(f"not an .obf line: {line!r}")
    bo = board.replace("X", "*")
    mover = "*" if side == "X" else "O"
    send(f"set game (;GM[Othello]PC[x]PB[a]PW[b]RE[?]TI[0:00//0:00]TY[8]BO[8 {bo} {mover}];)")
    began = time.time()
    send("go")
    while True:
        answer = engine.stdout.readline()
        if not answer:
            sys.exit("the engine stopped")
        if answer.startswith("==="):
            break
    total += time.time() - began
    count += 1
engine.kill()
print(f"{count} positions, depth {args.depth}: {total:.2f} s")
