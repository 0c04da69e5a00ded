#!/usr/bin/env bash
# Prints the move-time table of docs/measurements.md: each level offered on tic-tac-toe 3x3 and 4x4 and
# Othello 8x8 and 12x12 plays itself with `boardplay arena` (seed 1, colours alternating over
# random openings), and the thinking times of both sides' moves are summed up, as a Markdown
# table with each level's stated budget.
# Usage: scripts/move-time-table.sh [SCALE]   (games per row times SCALE, default 1; at 1 the
# script takes about 15 minutes on one core of the project's machine, most of it the two
# Othello Expert rows)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --no-default-features -q
bp="${CARGO_TARGET_DIR:-target}/release/boardplay"
scale=${1:-1}
if ! awk -v s="$scale" 'BEGIN { exit !(s + 0 > 0) }'; then
  echo "usage: $0 [SCALE]   (SCALE: a number above 0, default 1)" >&2
  exit 2
fi
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
start=$SECONDS
over=()

echo "| board | level | stated budget | moves timed | median | slowest | games |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
# row GAME SIZE LEVEL GAMES: one level against itself.
row() {
  local game=$1 size=$2 level=$3 games
  games=$(awk -v n="$4" -v s="$scale" 'BEGIN { g = int(n * s + 0.5); print (g < 2 ? 2 : g) }')
  local out budget times moves median slowest board
  # The random openings the table was measured on (8x8 now defaults to a list).
  local opening=1
  [ "$game" = othello ] && opening=4
  out=$("$bp" arena --game "$game" --size "$size" --player-a "$level" --player-b "$level" \
    --games "$games" --seed 1 --opening-moves "$opening")
  budget=$(echo "$out" | sed -n 's/^A budget: //p')
  times=$(echo "$out" | sed -n 's/^A and B move time: //p')
  moves=$(echo "$times" | sed -n 's/^\([0-9]*\) moves.*/\1/p')
  median=$(echo "$times" | sed -n 's/.*, median \([^,]*\).*/\1/p')
  slowest=$(echo "$times" | sed -n 's/.*, slowest \([^,]*\).*/\1/p')
  if [ "$game" = tictactoe ]; then board="tic-tac-toe ${size}x${size}"; else board="Othello ${size}x${size}"; fi
  echo "| $board | $level | $budget | $moves | $median | $slowest | $games |"
  case $times in
    *" over the limit"*) case $times in *"none over"*) ;; *) over+=("$board $level: $times") ;; esac ;;
  esac
}

# The levels Level::available offers on each board, and games enough for steady figures.
for size in 3 4; do
  row tictactoe "$size" beginner 1000
  row tictactoe "$size" easy 1000
  row tictactoe "$size" medium 1000
  row tictactoe "$size" hard $((size == 3 ? 1000 : 400))
  row tictactoe "$size" expert 1000
  row tictactoe "$size" perfect 1000
done
row othello 8 beginner 1000
row othello 8 easy 400
row othello 8 medium 400
row othello 8 hard 200
row othello 8 expert 100
row othello 12 beginner 400
row othello 12 easy 200
row othello 12 medium 200
row othello 12 hard 200
row othello 12 expert 60

echo
if [ ${#over[@]} -eq 0 ]; then
  echo "No move of a level with a time limit went over it."
else
  echo "Moves over their level's time limit:"
  printf -- '- %s\n' "${over[@]}"
fi
echo "Took $((SECONDS - start)) s; load average $load_start at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end."
