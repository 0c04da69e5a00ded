"""Compares two builds' matches on the same openings, game by game: the figure behind "A
against B, the same openings" in docs/ai.md.

Usage:
  python3 scripts/paired-match.py --a 'LOGS_OF_A*.jsonl' --b 'LOGS_OF_B*.jsonl' [--who boardplay]

Each argument is a glob of match logs (`zebra-match` or `nboard-match --log`, one JSON game a
line). A game is keyed by its opening and the colour `--who` played; games whose key is in both
sets are paired (matches of the same seeds play the same openings), and for each pair the
difference of `--who`'s points (1, 1/2, 0) and of its disc difference is taken. Prints the
number of pairs, each side's score over them, and the mean differences with one standard error
(the spread of the pairs' differences over the square root of their number): pairing takes out
how hard each opening is, which two unpaired match scores carry as noise."""
import argparse
import glob
import json
import math
import sys

from othello8 import final_score


def games(pattern, who):
    """The disc differences of the games of the logs matching `pattern`, keyed by (opening,
    whether `who` played black, the how-many-th such game): an opening drawn by two seeds
    pairs twice."""
    files = sorted(glob.glob(pattern))
    if not files:
        sys.exit(f"no log matches {pattern!r}")
    out = {}
    for name in files:
        with open(name) as f:
            for n, line in enumerate(f, 1):
                try:
                    g = json.loads(line)
                    key = (g["opening"], g["black"] == who)
                    out.setdefault(key, []).append(final_score(g, who))
                except (ValueError, KeyError, TypeError) as e:
                    sys.exit(f"{name}:{n}: not a game record ({e})")
    return {(*key, i): d for key, ds in out.items() for i, d in enumerate(ds)}


def points(discs):
    return 1.0 if discs > 0 else 0.5 if discs == 0 else 0.0


def mean_and_se(xs):
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, float("nan")
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    return m, sd / math.sqrt(len(xs))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", required=True, help="glob of the first build's logs")
    ap.add_argument("--b", required=True, help="glob of the second build's logs")
    ap.add_argument("--who", default="boardplay", help="the player compared (default boardplay)")
    args = ap.parse_args()
    a, b = games(args.a, args.who), games(args.b, args.who)
    keys = sorted(set(a) & set(b))
    if not keys:
        sys.exit("no game of one set has the opening and colour of a game of the other")
    score_a = sum(points(a[k]) for k in keys) / len(keys)
    score_b = sum(points(b[k]) for k in keys) / len(keys)
    d_points, se_points = mean_and_se([points(a[k]) - points(b[k]) for k in keys])
    d_discs, se_discs = mean_and_se([a[k] - b[k] for k in keys])
    print(f"{len(keys)} pairs: A {100 * score_a:.1f}%, B {100 * score_b:.1f}%; "
          f"A - B {100 * d_points:+.1f} +/- {100 * se_points:.1f} points (one standard error), "
          f"{d_discs:+.2f} +/- {se_discs:.2f} discs a game")


if __name__ == "__main__":
    main()
