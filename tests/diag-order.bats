#!/usr/bin/env bats
# Diagnostics stay next to the output line they belong to when standard
# output and standard error go to one pipe (`tool 2>&1 | cat`), where
# standard output is block-buffered: lib/util/diag.c flushes standard
# output before each diagnostic, and a --jobs batch (lib/util/capture.c)
# before each game's diagnostics.

bats_require_minimum_version 1.5.0

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    B="$ROOT/bin"
    export CVKIT_SPECS="${CVKIT_SPECS:-$ROOT/specs}"
    cd "$BATS_TEST_TMPDIR"
}

@test "cv-check through a pipe: each position's errors just before its verdict" {
    printf '%s\n' 'k7/8/8/8/8/8/8/7K w - - 0 1' 'k7/8/8/8/8/8/8/7X w - - 0 1' \
        'k7/8/8/8/8/8/8/7K w - - 0 1' 'k7/8/8/8/8/8/8/7Z w - - 0 1' 'k7/8/8/8/8/8/8/7K w - - 0 1' > f.txt
    run bash -c "set -o pipefail; '$B/cv-check' f.txt 2>&1 | cat"
    [ "$status" -eq 1 ]
    [ "$output" = "ok
f.txt:2:17: error: unknown piece letter 'X'
invalid
ok
f.txt:4:17: error: unknown piece letter 'Z'
invalid
ok" ]
}

@test "cv-convert through a pipe: a game's error before the game written unconverted, after the games before it" {
    printf '[Event "a"]\n\n1. e4 e5 1-0\n\n[Event "b"]\n\n1. e4 e4 1-0\n\n[Event "c"]\n\n1. d4 *\n' > g.pgn
    for jobs in 1 2; do
        run bash -c "set -o pipefail; '$B/cv-convert' --jobs $jobs -t uci g.pgn 2>&1 | cat"
        [ "$status" -eq 1 ]
        [ "$output" = '[Event "a"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1-0"]

1. e2e4 e7e5 1-0

g.pgn:7:7: error: game 2: 1... e4: no black pawn can move to e4; written unconverted


[Event "b"]

1. e4 e4 1-0
[Event "c"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. d2d4 *' ]
    done
}
