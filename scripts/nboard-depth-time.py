"""Times an NBoard engine searching each position of an .obf file to a fixed depth: the
figure beside boardplay's `test-positions --depth D --selective` in docs/ai.md.

Usage (from the engine's folder, e.g. NTest's build folder, where its coefficients are):
  python3 scripts/nboard-depth-time.py FILE DEPTH [--engine "./ntest x"] [--bp BOARDPLAY]

FILE holds .obf lines (`<64 cells of X, O, -> <X|O>;`). One engine process for the whole
file; each position is sent as a GGF game with its board in BO, and the time is the wall time
from `go` to the engine's `===` answer. Prints the total time.

With --bp, boardplay searches each position too, right after the engine, to the same depth
(`BOARDPLAY test-positions --file ONE.obf --depth DEPTH --selective --threads 1 --book off`, a
process per position, its wall time from start to exit, start-up included), and a line a
position shows both moves, values and times, boardplay's positions searched and the ratio of
the times: which positions one program finds harder than the other. The engine's first
position includes its own start-up (NTest fills its tables then)."""
import argparse
import os
import shlex
import subprocess
import sys
import tempfile
import time

ap = argparse.ArgumentParser()
ap.add_argument("file")
ap.add_argument("depth", type=int)
ap.add_argument("--engine", default="./ntest x")
ap.add_argument("--bp", help="boardplay binary: time it on each position as well")
args = ap.parse_args()

engine = subprocess.Popen(shlex.split(args.engine), stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)


def send(line):
    engine.stdin.write(line + "\n")
    engine.stdin.flush()


def boardplay(line):
    """(move, value, positions searched, seconds) of boardplay on the one .obf line."""
    with tempfile.TemporaryDirectory() as tmp:
        one = os.path.join(tmp, "one.obf")
        with open(one, "w") as f:
            f.write(line + "\n")
        cmd = [args.bp, "test-positions", "--file", one, "--depth", str(args.depth),
               "--selective", "--threads", "1", "--book", "off"]
        began = time.time()
        out = subprocess.run(cmd, capture_output=True, text=True)
        secs = time.time() - began
    if out.returncode != 0 or " engine " not in out.stdout:
        sys.exit(f"boardplay failed on {line!r}: {out.stderr.strip()}")
    first = out.stdout.splitlines()[0]
    mv, value = first.split(" engine ")[1].split()[:2]
    nodes = first.rsplit(", ", 1)[1].split()[0]
    return mv, value, nodes, secs


send("nboard 2")
send(f"set depth {args.depth}")
total, total_bp, count = 0.0, 0.0, 0
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
    secs = time.time() - began
    total += secs
    count += 1
    if args.bp:
        # "=== MOVE/VALUE/TIME", the value left out for a forced move.
        fields = answer.split()[1].split("/")
        e_move, e_value = fields[0], (fields[1] if len(fields) > 1 else "")
        mv, value, nodes, bp_secs = boardplay(line)
        total_bp += bp_secs
        print(f"{count:3d} engine {e_move:>3} {e_value:>7} {secs:6.3f} s | boardplay {mv:>3} "
              f"{value:>6} {bp_secs:6.3f} s, {nodes:>9} positions | ratio {bp_secs / secs:5.2f}",
              flush=True)
engine.kill()
print(f"{count} positions, depth {args.depth}: {total:.2f} s")
if args.bp:
    print(f"boardplay: {total_bp:.2f} s, {total_bp / total:.2f}x the engine's time")
