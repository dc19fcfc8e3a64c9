#!/bin/sh
# jobs-pads.sh DIR: the inputs on which tests/jobs.bats compares --jobs 1
# with --jobs N, each malformed file placed where the parallel reader cuts.
#
#   DIR/pad.pgn   whole games from corpus/chess/pgn (each file, then a blank
#                 line), as many as fit in 1 MiB: the size of the pieces
#                 cv-replay and cv-convert hand out (--chunk-bytes).  A
#                 file's first piece ends at the first place past 1 MiB
#                 where a game may end: inside the file after the pad, or
#                 just after it.
#   DIR/tail.pgn  the same games, up to 128 kB: longer than a reader's
#                 buffer (64 kB), so that after a refused piece the input
#                 is read whole for a while and then handed out in pieces
#                 again.
#   DIR/each/NAME.pgn   pad, NAME, tail: for each corpus/chess/malformed/
#                 NAME.pgn; and tag-only.pgn, a game of tags alone between
#                 two pads (the whole reader has to come back to pieces
#                 inside a long stretch of games for its end to matter).
#   DIR/mixed.pgn one input: 4 groups of every 4th of those files one
#                 after the other, each group between pads: pieces flow on
#                 across files, and the long ones span pieces.
# Exits 1 when a file is missing or a pad cannot be made.
set -eu
dir=$1
root=$(cd "$(dirname "$0")/.." && pwd)
piece=1048576
tail_bytes=131072
mkdir -p "$dir/each"
set -- "$root"/corpus/chess/pgn/*.pgn
[ -f "$1" ] || { echo "jobs-pads.sh: no games in corpus/chess/pgn" >&2; exit 1; }
games="$dir/games.tmp"
for f in "$@"; do cat "$f"; printf '\n\n'; done > "$games"

# grow LIMIT OUT: whole rounds of the games, then single files while one
# fits, up to LIMIT bytes
grow() {
    : > "$2"
    size=0
    g=$(wc -c < "$games")
    while [ $((size + g)) -le "$1" ]; do cat "$games" >> "$2"; size=$((size + g)); done
    added=1
    while [ "$added" = 1 ]; do
        added=0
        for f in "$root"/corpus/chess/pgn/*.pgn; do
            n=$(($(wc -c < "$f") + 2))
            [ $((size + n)) -le "$1" ] || continue
            cat "$f" >> "$2"; printf '\n\n' >> "$2"
            size=$((size + n))
            added=1
        done
    done
}
grow "$piece" "$dir/pad.pgn"
grow "$tail_bytes" "$dir/tail.pgn"
rm -f "$games"
[ "$(wc -c < "$dir/pad.pgn")" -gt $((piece - 1000)) ] || { echo "jobs-pads.sh: pad too short" >&2; exit 1; }

printf '[Event "tags alone"]\n\n' > "$dir/tag-only.tmp"
set -- "$dir/tag-only.tmp" "$root"/corpus/chess/malformed/*.pgn
[ $# -gt 50 ] || { echo "jobs-pads.sh: corpus/chess/malformed: $# files" >&2; exit 1; }
for f in "$@"; do
    name=$(basename "$f")
    name=${name%.tmp}
    after=$dir/tail.pgn
    [ "$f" != "$dir/tag-only.tmp" ] || after=$dir/pad.pgn
    cat "$dir/pad.pgn" "$f" "$after" > "$dir/each/${name%.pgn}.pgn"
done
: > "$dir/mixed.pgn"
for g in 0 1 2 3; do
    cat "$dir/pad.pgn" >> "$dir/mixed.pgn"
    i=0
    for f in "$@"; do
        [ $((i % 4)) != "$g" ] || cat "$f" >> "$dir/mixed.pgn"
        i=$((i + 1))
    done
done
cat "$dir/pad.pgn" >> "$dir/mixed.pgn"
rm -f "$dir/tag-only.tmp"
