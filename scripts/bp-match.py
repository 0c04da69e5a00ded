#!/usr/bin/env python3
"""A match between two boardplay builds on 8x8 Othello, each asked one move at a time.

Each engine is a boardplay binary run as `BIN test-positions --file ONE.obf ARGS` for every
move, in a fresh process, so any two builds (today's commit against an older one, one set of
weights against another) play each other without shipping both in one program. Openings are
move sequences, one a line (the XOT list, or any list of your own), each played twice, each
build once as Black; after them the builds alternate. This script keeps the board itself and
checks every move; an illegal move, a crash or a time-out loses the game.

  python3 scripts/bp-match.py --a target/release/boardplay --b /tmp/old/boardplay \
      --openings FILE --games 200 --game-ms 4000 --seed 1

With --game-ms each side has that many milliseconds of wall time for its whole game and is
run with `--game-left {left}`; with --move-ms, `--time {ms}` a move. Prints each game, then
W-D-L, score, mean disc difference and Elo (A - B) with a 95% interval from the Wilson
interval of the score, which stays finite when one side wins every game.
"""
import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from othello8 import START, cell, legal, play  # noqa: E402


def ask(binary, args, board, me, timeout):
    """The move the engine at `binary` plays, and the wall seconds it took."""
    with tempfile.NamedTemporaryFile('w', suffix='.obf', delete=False) as f:
        f.write(f"{board} {me};\n")
        path = f.name
    begun = time.monotonic()
    try:
        run = subprocess.run([binary, 'test-positions', '--file', path] + args,
                             capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, timeout
    finally:
        os.unlink(path)
    wall = time.monotonic() - begun
    for line in run.stdout.splitlines():
        words = line.split()
        if 'engine' in words:
            return cell(words[words.index('engine') + 1]), wall
    return None, wall


def game(engines, opening, opts):
    """Plays one game; engines[0] has Black. Returns Black's disc difference (empties to the
    winner) and each engine's wall seconds, or raises on a bad move."""
    board = START
    me = 'X'
    for i in range(0, len(opening), 2):
        sq = cell(opening[i:i + 2])
        if not legal(board, me):
            me = 'O' if me == 'X' else 'X'
        if sq not in legal(board, me):
            raise ValueError(f"opening {opening}: {opening[i:i + 2]} is not legal")
        board, me = play(board, sq, me), ('O' if me == 'X' else 'X')
    used = [0.0, 0.0]
    while True:
        moves = legal(board, me)
        if not moves:
            me = 'O' if me == 'X' else 'X'
            moves = legal(board, me)
            if not moves:
                break
        side = 0 if me == 'X' else 1
        if opts.game_ms:
            left = max(0, int(opts.game_ms - 1000 * used[side]))
            args = ['--game-left', str(left)]
        else:
            args = ['--time', str(opts.move_ms)]
        sq, wall = ask(engines[side], args, board, me, opts.timeout)
        used[side] += wall
        if sq not in moves:
            return (-64 if me == 'X' else 64), used, f"{engines[side]} played {sq} in {board} {me}"
        board, me = play(board, sq, me), ('O' if me == 'X' else 'X')
    x, o = board.count('X'), board.count('O')
    empties = 64 - x - o
    diff = x - o + (empties if x > o else -empties if o > x else 0)
    return diff, used, None


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def wilson(wins, n, z=1.96):
    """The 95% Wilson interval of a score of `wins` (draws count half) in `n` games."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--a', required=True, help='boardplay binary A')
    ap.add_argument('--b', required=True, help='boardplay binary B')
    ap.add_argument('--openings', required=True, help='move sequences, one a line')
    ap.add_argument('--games', type=int, default=200, help='games (each opening twice)')
    ap.add_argument('--seed', type=int, default=1, help='picks the openings')
    ap.add_argument('--game-ms', type=int, help='wall ms for each side for the whole game')
    ap.add_argument('--move-ms', type=int, default=200, help='ms a move (without --game-ms)')
    ap.add_argument('--timeout', type=float, default=60.0, help='s a move before it loses')
    opts = ap.parse_args()
    lines = [l.strip() for l in open(opts.openings) if l.strip() and not l.startswith('%')]
    openings = random.Random(opts.seed).sample(lines, opts.games // 2)
    w = d = l = 0
    discs = 0
    time_a = time_b = 0.0
    for n, opening in enumerate(openings):
        for a_black in (True, False):
            engines = [opts.a, opts.b] if a_black else [opts.b, opts.a]
            diff, used, error = game(engines, opening, opts)
            mine = diff if a_black else -diff
            ta, tb = (used[0], used[1]) if a_black else (used[1], used[0])
            time_a += ta
            time_b += tb
            w, d, l = w + (mine > 0), d + (mine == 0), l + (mine < 0)
            discs += mine
            print(f"game {w + d + l:4} {opening} A {'black' if a_black else 'white'}: A {mine:+d}"
                  f" | A {ta:.1f} s, B {tb:.1f} s" + (f" | {error}" if error else ''), flush=True)
    games = w + d + l
    score = (w + d / 2) / games
    lo, hi = wilson(w + d / 2, games)
    print(f"games {games}: A W-D-L {w}-{d}-{l}, score {100 * score:.1f}%, "
          f"mean disc difference {discs / games:+.2f}")
    print(f"Elo (A - B): {elo(score):+.0f} (95%: {elo(lo):+.0f} to {elo(hi):+.0f})")
    print(f"wall a game: A {time_a / games:.2f} s, B {time_b / games:.2f} s")


if __name__ == '__main__':
    sys.exit(main())
