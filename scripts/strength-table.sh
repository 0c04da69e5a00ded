#!/usr/bin/env bash
# Prints the strength table of docs/ai.md: each Othello level against the level below it on
# 8x8, and the top level against the next on 12x12, as a Markdown table.
# Usage: scripts/strength-table.sh [GAMES_8x8 [GAMES_12x12]]   (defaults 100 and 100)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --no-default-features -q
bp="${CARGO_TARGET_DIR:-target}/release/boardplay"
games8=${1:-100}
games12=${2:-100}
echo "| board | A | B | games | A wins | draws | A losses | A's score | mean disc diff | Elo (A - B) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
row() {
  local size=$1 a=$2 b=$3 games=$4
  local out
  out=$("$bp" arena --game othello --size "$size" --player-a "$a" --player-b "$b" --games "$games" --seed 1 --opening-moves 4)
  local w d l s diff elo
  read -r w d l s < <(echo "$out" | sed -n 's/^games [0-9]*: A wins \([0-9]*\), draws \([0-9]*\), losses \([0-9]*\); A.s score \(.*\)$/\1 \2 \3 \4/p')
  diff=$(echo "$out" | sed -n 's/^mean disc difference (A - B): //p')
  elo=$(echo "$out" | sed -n 's/^Elo difference (A - B): \(.*\) (95%)$/\1/p')
  echo "| ${size}x${size} | $a | $b | $games | $w | $d | $l | $s | $diff | $elo |"
}
row 8 easy beginner "$games8"
row 8 medium easy "$games8"
row 8 hard medium "$games8"
row 8 expert hard "$games8"
row 12 expert hard "$games12"
