#!/usr/bin/env python3
"""Expert's moves in its solving zone, replayed on the clock they had, and what each loses.

  python3 scripts/endgame-on-clock.py LOG.jsonl [LOG.jsonl ...] [--lo 19] [--hi 24] \
      [--bin BOARDPLAY] [--scale 1.0] [--game-ms 2900] [--jobs 2] [--bp target/release/boardplay]

Every position of the match logs (../shared/tools/nboard-match or zebra-match) where
boardplay was to move with LO to HI empties, with what was left of its game's clock there
(the game budget less the wall time of its earlier moves, as the harness counts it). Without
--bin, the moves boardplay played in the match are scored; with --bin, that binary plays each
position again (`test-positions --game-left LEFT*SCALE --threads 1 --book off`, JOBS at a time,
as the match ran two games at once) and its moves are scored. A move's loss is the exact value
of the position less the exact value after the move (both solved by --bp, on two threads, and
kept in --cache so that later runs solve only new positions). The table gives, for each number
of empties, the moves, how many lose something, the discs lost, and how many turn a win into
a draw or loss or a draw into a loss (what a match's score feels).

A match of 80 games is known to about 10 points; this replays the same few hundred endgame
positions with their clocks, so two builds' solving zones compare within a few discs (run a
build twice to see the noise). Run it on a quiet machine: each move has a wall-time budget.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from othello8 import START, cell, legal, play, solve_exact  # noqa: E402


def other(side):
    return 'O' if side == 'X' else 'X'


def positions(logs, lo, hi, game_ms):
    """boardplay's positions with LO..HI empties: board, side, empties, clock left, move played."""
    out = []
    for log in logs:
        for line in open(log):
            if not line.strip():
                continue
            g = json.loads(line)
            board, me, k, used = START, 'X', 0, 0.0
            opening = len(g['opening']) // 2
            for ply, mv in enumerate(g['moves']):
                if not legal(board, me):
                    me = other(me)
                if mv == 'pass':
                    me = other(me)
                    continue
                who = g['black'] if me == 'X' else g['white']
                if who == 'boardplay' and ply >= opening:
                    empties = board.count('-')
                    if lo <= empties <= hi:
                        out.append({'board': board, 'side': me, 'empties': empties,
                                    'left': max(0, game_ms - used), 'played': mv})
                    used += g['times']['boardplay'][k] * 1000
                    k += 1
                board, me = play(board, cell(mv), me), other(me)
    return out


def after(p, mv):
    """The position after `mv` (side None if the game is over) and the sign that turns its
    value to the mover's point of view."""
    board = play(p['board'], cell(mv), p['side'])
    if legal(board, other(p['side'])):
        return board, other(p['side']), -1
    if legal(board, p['side']):
        return board, p['side'], 1
    return board, None, 1


def final_score(board, side):
    """The disc difference for `side` of a finished game, empties to the winner."""
    mine, theirs = board.count(side), board.count(other(side))
    diff, empties = mine - theirs, board.count('-')
    return diff + empties if diff > 0 else diff - empties if diff < 0 else 0


class Exact:
    """Exact values for the side to move, solved by boardplay and kept in a file."""

    def __init__(self, bp, path):
        self.bp, self.path = bp, path
        self.known = json.load(open(path)) if os.path.exists(path) else {}

    def solve(self, keys):
        need = [k for k in dict.fromkeys(keys) if k not in self.known]
        if not need:
            return
        for key, value in zip(need, solve_exact(self.bp, need, threads=2)):
            if value is not None:
                self.known[key] = value
        json.dump(self.known, open(self.path, 'w'))

    def value_after(self, p, mv):
        board, side, sign = after(p, mv)
        return final_score(board, p['side']) if side is None else sign * self.known[f"{board} {side}"]


def replay(binary, p, scale):
    """The move `binary` plays in `p` with its clock scaled."""
    with tempfile.NamedTemporaryFile('w', suffix='.obf', delete=False) as f:
        f.write(f"{p['board']} {p['side']};\n")
    left = str(int(p['left'] * scale))
    run = subprocess.run([binary, 'test-positions', '--file', f.name, '--game-left', left,
                          '--threads', '1', '--book', 'off'], capture_output=True, text=True, check=True)
    os.remove(f.name)
    # "   1 line 1 <board> <side> engine <move> <value>"
    return run.stdout.split()[6].lower()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('logs', nargs='+')
    ap.add_argument('--lo', type=int, default=19)
    ap.add_argument('--hi', type=int, default=24)
    ap.add_argument('--bin', help='replay with this boardplay binary (default: the moves played)')
    ap.add_argument('--scale', type=float, default=1.0, help="the clock left, times this")
    ap.add_argument('--game-ms', type=float, default=2900, help="the match's game budget")
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--bp', default='target/release/boardplay', help='the binary that solves')
    ap.add_argument('--cache', default='endgame-on-clock-cache.json')
    opts = ap.parse_args()
    ps = positions(opts.logs, opts.lo, opts.hi, opts.game_ms)
    exact = Exact(opts.bp, opts.cache)
    exact.solve(f"{p['board']} {p['side']}" for p in ps)
    if opts.bin:
        with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
            moves = list(pool.map(lambda p: replay(opts.bin, p, opts.scale), ps))
    else:
        moves = [p['played'] for p in ps]
    children = (after(p, mv) for p, mv in zip(ps, moves))
    exact.solve(f"{board} {side}" for board, side, _ in children if side)
    rows = collections.defaultdict(lambda: [0, 0, 0, 0])
    for p, mv in zip(ps, moves):
        before, then = exact.known[f"{p['board']} {p['side']}"], exact.value_after(p, mv)
        row = rows[p['empties']]
        row[0] += 1
        row[1] += then < before
        row[2] += before - then
        row[3] += (then > 0) - (then < 0) < (before > 0) - (before < 0)
    print('| empties | moves | moves that lose discs | discs lost | results lost (win to draw or loss, draw to loss) |')
    print('| --- | --- | --- | --- | --- |')
    total = [0, 0, 0, 0]
    for e in sorted(rows, reverse=True):
        total = [a + b for a, b in zip(total, rows[e])]
        print(f"| {e} | " + " | ".join(str(x) for x in rows[e]) + " |")
    print("| all | " + " | ".join(str(x) for x in total) + " |")


if __name__ == '__main__':
    main()
