#!/usr/bin/env bats
# The generic engine's piece values as the player uses them (cv-best):
# offered two pieces, the move takes the one worth more, by the spec's
# `value:` where it gives one (tests/data/eval/given-values.yaml: a
# knight of 777) and by the values worked out from the moves where it
# does not (tests/data/eval/fairy-pieces.yaml: chancellor 922 >
# archbishop 769 > commoner 404).  Fixed depth: the same move every run.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs"
    export LC_ALL=C
}

# SPEC-OPTION | FEN | the move
CASES='-V chess|4k3/8/8/3n4/8/8/7K/r2R4 w - - 0 1|Rxa1
--spec tests/data/eval/given-values.yaml|4k3/8/8/3n4/8/8/7K/r2R4 w - - 0 1|Rxd5
--spec tests/data/eval/fairy-pieces.yaml|4k5/10/4a5/10/10/10/9K/c3R5 w - - 0 1|Rxa1
--spec tests/data/eval/fairy-pieces.yaml|4k5/10/4a5/10/10/10/9K/m3R5 w - - 0 1|Rxe6+'

@test "cv-best takes the piece worth more, by the spec's value or the derived one" {
    local n=0 bad=0
    while IFS='|' read -r opt fen want; do
        # shellcheck disable=SC2086
        run --separate-stderr bin/cv-best $opt --depth 3 --json --fen "$fen"
        got=$(printf '%s\n' "$output" | jq -r .move)
        n=$((n + 1))
        if [ "$status" -ne 0 ] || [ "$got" != "$want" ] || [ -n "$stderr" ]; then
            echo "# $opt $fen: status $status, move '$got', want '$want' $stderr"
            bad=$((bad + 1))
        fi
    done <<< "$CASES"
    [ "$n" -eq 4 ]
    [ "$bad" -eq 0 ]
}
