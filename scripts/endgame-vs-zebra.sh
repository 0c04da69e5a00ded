#!/usr/bin/env bash
# Times the exact solver beside Zebra on the same positions, one thread each, alternating
# (boardplay, then Zebra, each round), and prints each round's times and their ratio: the
# figure of docs/ai.md's "Endgame beside Zebra" and the README's performance table.
# Usage: scripts/endgame-vs-zebra.sh BOARDPLAY ZEBRA_BIN_DIR FILE [ROUNDS] [-- SOLVE ARGS...]
#   BOARDPLAY      the boardplay binary to time (copy it outside the work tree first)
#   ZEBRA_BIN_DIR  the directory of Zebra's scrzebra (built from its own sources)
#   FILE           positions as tests/data/othello/*.txt (id, board, side to move, ...)
#   ROUNDS         rounds (default 3)
#   SOLVE ARGS     more arguments for `boardplay solve`, e.g. `--ids 20-39`
# Zebra solves the same positions (those of --ids, if given).
# boardplay runs `solve --file FILE --one-best --threads 1` (score and one best move, as
# `scrzebra -n 1` finds them); Zebra runs on a script of the same boards.
set -euo pipefail
if [ $# -lt 3 ]; then
  sed -n '2,12p' "$0" >&2
  exit 2
fi
bp=$(realpath "$1"); zebra_dir=$(realpath "$2"); file=$(realpath "$3"); shift 3
rounds=3
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  rounds=$1
  shift
fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
extra=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The boards boardplay solves, as Zebra's script lines ("<64 cells> X|O"): every one of FILE,
# or those of the ids after --ids ("20-39", "1,3,5").
ranges=""
for ((i = 0; i < ${#extra[@]}; i++)); do
  [ "${extra[$i]}" = "--ids" ] && ranges=${extra[$((i + 1))]:-}
done
awk -v ranges="$ranges" '
  BEGIN {
    n = split(ranges, parts, ",")
    for (i = 1; i <= n; i++) {
      if (split(parts[i], ab, "-") == 2) { for (k = ab[1]; k <= ab[2]; k++) want[k] = 1 }
      else want[parts[i]] = 1
    }
  }
  /^#/ || NF < 3 { next }
  ranges == "" || ($1 in want) { print $2 " " $3 }
' "$file" > "$work/script.zeb"
[ -s "$work/script.zeb" ] || { echo "no positions read from $file" >&2; exit 1; }

# Seconds `$@` took; a failure (boardplay's check of a score against FILE) is said on stderr.
secs() {
  local s e
  s=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || echo "FAILED: $*" >&2
  e=$(date +%s.%N)
  echo "$e - $s" | bc
}
echo "positions: $(wc -l < "$work/script.zeb"); load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
  b=$(secs "$bp" solve --file "$file" --one-best --threads 1 "${extra[@]}")
  z=$(cd "$zebra_dir" && secs ./scrzebra -n 1 -line 1 -script "$work/script.zeb" "$work/zebra.out")
  printf 'round %d: boardplay %.2f s, zebra %.2f s, ratio %.3f (load %s)\n' \
    "$r" "$b" "$z" "$(echo "$b / $z" | bc -l)" "$(cut -d' ' -f1 /proc/loadavg)"
done
