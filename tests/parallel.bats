#!/usr/bin/env bats
# Spreading work with GNU parallel: per-file cv-replay summaries and perft
# --split shares must add up to the single-process answers.
#
# The one-liner that adds up `cv-replay --check --json` summary objects
# (one per line, any number of them, keys in any order), using only awk:
#
#   find corpus -name '*.pgn' | parallel -j 2 bin/cv-replay --check --json |
#     awk -F'[{}:,"]+' '{for(i=2;i<NF;i+=2)t[$i]+=$(i+1)} END{printf "{\"files\":%d,\"games\":%d,\"valid\":%d,\"invalid\":%d,\"warnings\":%d}\n",t["files"],t["games"],t["valid"],t["invalid"],t["warnings"]}'
#
# It prints the object `bin/cv-replay --check --json corpus/` prints.  (The
# field separator splits {"files":1,"games":4,...} into the words files, 1,
# games, 4, ...; the loop adds each number to the total of the key before it.)
# Note: find -name is case-sensitive while cv-replay walks *.pgn in any case;
# use -iname if a tree has .PGN files.
#
# perft shares:  parallel -j 2 bin/cv-perft -d 4 --split {}/4 ::: 1 2 3 4 | awk '{s+=$1} END{print s}'

bats_require_minimum_version 1.5.0

AWK_SUM='{for(i=2;i<NF;i+=2)t[$i]+=$(i+1)} END{printf "{\"files\":%d,\"games\":%d,\"valid\":%d,\"invalid\":%d,\"warnings\":%d}\n",t["files"],t["games"],t["valid"],t["invalid"],t["warnings"]}'

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    export CVKIT_SPECS="${CVKIT_SPECS:-$ROOT/specs}"
    if ! command -v parallel > /dev/null 2>&1; then
        skip "GNU parallel is not installed (apt-get install parallel)"
    fi
    if ! parallel --version 2> /dev/null | grep -q 'GNU parallel'; then
        skip "'parallel' is not GNU parallel (moreutils has one of that name; apt-get install parallel)"
    fi
    cd "$ROOT"
}

@test "the awk one-liner adds up summary objects (keys in any order)" {
    run awk -F'[{}:,"]+' "$AWK_SUM" <<'EOF'
{"files":1,"games":4,"valid":3,"invalid":1,"warnings":2}
{"games":10,"files":2,"invalid":0,"valid":10,"warnings":0}
EOF
    [ "$status" -eq 0 ]
    [ "$output" = '{"files":3,"games":14,"valid":13,"invalid":1,"warnings":2}' ]
}

@test "cv-replay --check --json per file with parallel -j 2 adds up to the single-process summary" {
    single=$(bin/cv-replay --check --json corpus/ 2> /dev/null || true)
    [[ "$single" == '{"files":'* ]]
    # the files a directory walk takes: every *.pgn, and the Parmen listings
    files=$(find corpus -name '*.pgn'; grep -rlE '^(WHITE|BLACK)\b' --include='*.txt' corpus)
    combined=$(printf '%s\n' "$files" | parallel -j 2 bin/cv-replay --check --json 2> /dev/null |
               awk -F'[{}:,"]+' "$AWK_SUM")
    echo "single:   $single"
    echo "combined: $combined"
    [ "$combined" = "$single" ]
    # and every file was counted once
    [ "$(printf '%s\n' "$files" | wc -l | tr -d ' ')" = "$(printf '%s' "$single" | sed 's/^{"files":\([0-9]*\),.*/\1/')" ]
}

@test "the same for the game corpus alone, where every game is valid" {
    combined=$(find corpus/chess/pgn -name '*.pgn' | parallel -j 2 bin/cv-replay --check --json |
               awk -F'[{}:,"]+' "$AWK_SUM")
    [ "$combined" = '{"files":30,"games":164,"valid":164,"invalid":0,"warnings":0}' ]
    [ "$combined" = "$(bin/cv-replay --check --json corpus/chess/pgn)" ]
}

@test "cv-perft --split K/4 shares summed with parallel equal the plain count (start position, -d 4)" {
    plain=$(bin/cv-perft -d 4)
    [ "$plain" = "197281" ]
    sum=$(parallel -j 2 bin/cv-perft -d 4 --split {}/4 ::: 1 2 3 4 | awk '{s+=$1} END{print s}')
    [ "$sum" = "$plain" ]
    # four shares, none of them empty
    run parallel -j 2 -k bin/cv-perft -d 4 --split {}/4 ::: 1 2 3 4
    [ "${#lines[@]}" -eq 4 ]
    for n in "${lines[@]}"; do [ "$n" -gt 0 ]; done
}

@test "cv-perft --split K/4 shares add up from another position too (Kiwipete, -d 3)" {
    fen='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
    plain=$(bin/cv-perft -d 3 --fen "$fen")
    [ "$plain" = "97862" ]
    sum=$(parallel -j 2 bin/cv-perft -d 3 --fen "'$fen'" --split {}/4 ::: 1 2 3 4 | awk '{s+=$1} END{print s}')
    [ "$sum" = "$plain" ]
}
