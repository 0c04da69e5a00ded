#!/usr/bin/env python3
"""Where a match's discs go: each game of a match log replayed, the positions at some numbers
of empties solved exactly by boardplay, and the mean exact value for one program there.

  python3 scripts/discs-by-phase.py LOG.jsonl [--who boardplay] [--empties 24 20 14] \
      [--bp target/release/boardplay]

LOG is the JSON-lines log of ../shared/tools/zebra-match (or any log with, a line a game,
"black", "white", "moves" as cell names or "pass", and "discs": [black, white]). For each
game and each number of empties E, the first position with at most E empties is solved
(`boardplay solve --file ... --one-best`); its exact value, turned to the point of view of
`--who`, is what that program could still get from there with perfect play on both sides.
The table's rows, from the most empties to the end of the game, show how the final result
was reached: a value that falls between two rows is discs lost (or won) in between. The
last row is the final disc difference (empty cells to the winner).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from othello8 import START, cell, final_score, flips, legal, play, solve_exact  # noqa: E402


def positions(moves, wanted):
    """The first position (board, side to move) at or below each number of empties."""
    board = START
    me = 'X'
    found = {}
    for mv in moves + [None]:
        empties = board.count('-')
        if not bool(legal(board, me)):
            me = 'O' if me == 'X' else 'X'
        for e in wanted:
            if e not in found and empties <= e and bool(legal(board, me)):
                found[e] = (board, me)
        if mv is None:
            break
        if mv == 'pass':
            me = 'O' if me == 'X' else 'X'
            continue
        sq = cell(mv)
        if not flips(board, sq, me):
            raise ValueError(f"{mv} is not legal in {board} {me}")
        board, me = play(board, sq, me), ('O' if me == 'X' else 'X')
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('log')
    ap.add_argument('--who', default='boardplay', help="the program whose values are shown")
    ap.add_argument('--empties', type=int, nargs='+', default=[24, 20, 14])
    ap.add_argument('--bp', default='target/release/boardplay', help='boardplay binary')
    opts = ap.parse_args()
    wanted = sorted(opts.empties, reverse=True)
    games = [json.loads(line) for line in open(opts.log) if line.strip()]
    jobs = []  # (game index, empties, board, side, sign for --who)
    finals = []
    for gi, g in enumerate(games):
        black = g['black'] == opts.who
        finals.append(final_score(g, opts.who))
        for e, (board, me) in positions(g['moves'], wanted).items():
            sign = 1 if (me == 'X') == black else -1
            jobs.append((gi, e, board, me, sign))
    values = solve_exact(opts.bp, [f"{board} {me}" for _, _, board, me, _ in jobs])
    scores = {k + 1: v for k, v in enumerate(values) if v is not None}
    if len(scores) != len(jobs):
        sys.exit(f"boardplay solved {len(scores)} of {len(jobs)} positions")
    print(f"{len(games)} games of {opts.log}, values for {opts.who} (exact, perfect play from there)")
    print(f"{'empties':>8} {'positions':>9} {'mean':>7} {'lost':>5} {'won':>5}")
    for e in wanted:
        vals = [scores[k + 1] * j[4] for k, j in enumerate(jobs) if j[1] == e]
        if vals:
            print(f"{e:>8} {len(vals):>9} {sum(vals) / len(vals):>+7.2f} {sum(v < 0 for v in vals):>5} {sum(v > 0 for v in vals):>5}")
    print(f"{'end':>8} {len(finals):>9} {sum(finals) / len(finals):>+7.2f} {sum(v < 0 for v in finals):>5} {sum(v > 0 for v in finals):>5}")


if __name__ == '__main__':
    main()
