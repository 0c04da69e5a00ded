#!/usr/bin/env python3
"""Where a match's thinking time goes: each program's mean time a move by phase of the game,
and the share of its time spent in each phase.

  python3 scripts/times-by-phase.py LOG.jsonl [--from 37 25]

LOG is the JSON-lines log of ../shared/tools/zebra-match or nboard-match (a line a game,
"black", "white", "opening", "moves" as cell names or "pass", and "times": for each program
its thinking time for each of its moves after the opening, passes left out). `--from` gives
the lowest number of empties (before the move) of each phase but the last: 37 25 makes the
phases 60-37, 36-25 and 24-1 empties. With docs/ai.md's discs-by-phase table it shows
whether a program spends its time where the game is decided.
"""
import argparse
import json
from collections import defaultdict


def timed_moves(game):
    """(program, empties before the move, seconds) for every timed move of `game`. Every move
    but a pass fills one of the 60 empty cells of the start, so no board is needed."""
    players = {'X': game['black'], 'O': game['white']}
    left = {name: list(times) for name, times in game['times'].items()}
    opening = len(game['opening']) // 2
    empties, me, out = 60, 'X', []
    for i, mv in enumerate(game['moves']):
        if mv != 'pass':
            if i >= opening:
                name = players[me]
                if not left.get(name):
                    raise ValueError(f'more moves than times for {name} in game of {game["opening"]}')
                out.append((name, empties, left[name].pop(0)))
            empties -= 1
        me = 'O' if me == 'X' else 'X'
    return out


def phase_name(empties, starts):
    """The phase `empties` falls in, as "HIGH-LOW" empties."""
    high = 60
    for low in starts:
        if empties >= low:
            return f'{high}-{low}'
        high = low - 1
    return f'{high}-1'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('log')
    ap.add_argument('--from', dest='starts', type=int, nargs='+', default=[37, 25],
                    help='lowest empties of each phase but the last, highest first')
    args = ap.parse_args()
    starts = sorted(args.starts, reverse=True)
    phases = [phase_name(e, starts) for e in starts] + [phase_name(0, starts)]
    total = defaultdict(float)
    sums = defaultdict(lambda: [0.0, 0])
    games = 0
    with open(args.log) as f:
        for line in f:
            if not line.strip():
                continue
            games += 1
            for name, empties, secs in timed_moves(json.loads(line)):
                s = sums[(name, phase_name(empties, starts))]
                s[0] += secs
                s[1] += 1
                total[name] += secs
    print(f'{games} games of {args.log}: thinking time a move by phase (empties before the move)')
    print(f'{"program":<12} {"empties":>8} {"moves":>6} {"s a move":>9} {"share":>6}')
    for name in sorted(total):
        for ph in phases:
            secs, n = sums.get((name, ph), (0.0, 0))
            if n:
                print(f'{name:<12} {ph:>8} {n:>6} {secs / n:>9.3f} {100 * secs / total[name]:>5.0f}%')


if __name__ == '__main__':
    main()
