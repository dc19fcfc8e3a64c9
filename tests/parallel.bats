#!/usr/bin/env bats
# Spreading work with GNU parallel: per-file cv-replay summaries and perft
# --split shares must add up to the single-process answers.
#
# The one-liner that adds up `cv-replay --check --json` summary objects
# (one per line, any number of them, keys in any order), using only awk
# (README's recipe; set -o pipefail makes a failing share fail it):
#
#   set -o pipefail
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
# (README's recipe also stops at a failed share and checks the count of
# shares before adding: perft_recipe below.)

bats_require_minimum_version 1.5.0

AWK_SUM='{for(i=2;i<NF;i+=2)t[$i]+=$(i+1)} END{printf "{\"files\":%d,\"games\":%d,\"valid\":%d,\"invalid\":%d,\"warnings\":%d}\n",t["files"],t["games"],t["valid"],t["invalid"],t["warnings"]}'

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    export CVKIT_SPECS="${CVKIT_SPECS:-$ROOT/specs}"
    # GNU parallel (.ci/packages), not moreutils' program of that name
    parallel --version 2> /dev/null | grep 'GNU parallel' > /dev/null || {
        echo "# 'parallel' is missing or not GNU parallel (apt-get install parallel)"
        return 1
    }
    cd "$ROOT"
}

# README's perft recipe, the shares given as arguments so that a failing one
# can be put in:  perft_recipe N DEPTH SHARE...  prints the total only when
# every share gave its count, and fails when one did not.
perft_recipe() {
    local N=$1 d=$2
    shift 2
    (
        set -o pipefail
        shares=$(parallel -j 2 --halt now,fail=1 bin/cv-perft -d "$d" --split {}/$N ::: "$@") &&
            [ "$(printf '%s\n' "$shares" | wc -l)" -eq "$N" ] && printf '%s\n' "$shares" | paste -sd+ | bc
    )
}

# README's corpus recipe over DIR: the summaries of one cv-replay run per
# file, added up; its status is parallel's (set -o pipefail).
corpus_recipe() {
    (
        set -o pipefail
        { find "$1" -name '*.pgn' -o -name '*.gc'; grep -rlE '^ *(WHITE|BLACK)\b|^[0-9]+\.(\.\.)? +[A-Za-z]+[0-9]* [a-z][0-9]+-' --include='*.txt' "$1"; [ $? -le 1 ]; } |
            parallel -j 2 bin/cv-replay --check --json |
            awk -F'[{}:,"]+' "$AWK_SUM"
    )
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
    # the files a directory walk takes: every *.pgn and *.gc, and the Parmen
    # listings and Game Courier logs among the *.txt
    files=$(find corpus -name '*.pgn' -o -name '*.gc'; grep -rlE '^ *(WHITE|BLACK)\b|^[0-9]+\.(\.\.)? +[A-Za-z]+[0-9]* [a-z][0-9]+-' --include='*.txt' corpus)
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

# ---- a failing share fails the recipe (README) ----

@test "README perft recipe: every share counted, the total printed, exit 0" {
    run --separate-stderr perft_recipe 3 4 1 2 3
    [ "$status" -eq 0 ]
    [ "$output" = "197281" ]
}

@test "README perft recipe: a failing share makes it fail, and no total is printed" {
    # share 4/3 is a usage error (exit 2); the plain pipe of before summed the
    # other two and passed:
    run --separate-stderr bash -c "parallel -j 2 bin/cv-perft -d 4 --split {}/3 ::: 1 2 4 | paste -sd+ | bc"
    [ "$status" -eq 0 ]
    [ "$output" -lt 197281 ]
    run --separate-stderr perft_recipe 3 4 1 2 4
    [ "$status" -ne 0 ]
    [ "$output" = "" ]
    [[ "$stderr" == *"cv-perft: error: --split '4/3': not K/N with 1 <= K <= N <= 1000000"* ]]
}

@test "README perft recipe: a share missing from the list is no smaller total" {
    run --separate-stderr perft_recipe 4 4 1 2 3
    [ "$status" -ne 0 ]
    [ "$output" = "" ]
}

@test "README corpus recipe: a clean corpus passes with its summary" {
    run --separate-stderr corpus_recipe corpus/chess/pgn
    [ "$status" -eq 0 ]
    [ "$output" = '{"files":30,"games":164,"valid":164,"invalid":0,"warnings":0}' ]
}

@test "README corpus recipe: a share with an invalid game fails it; the summary still counts every file" {
    T="$BATS_TEST_TMPDIR/c"
    mkdir -p "$T"
    cp corpus/chess/pgn/cv_saavedra-1895.pgn corpus/chess/pgn/cv_morphy-opera-1858.pgn "$T/"
    cp corpus/chess/malformed/cv_blocked-bishop.pgn "$T/"
    run --separate-stderr corpus_recipe "$T"
    [ "$status" -ne 0 ]
    [ "$output" = '{"files":3,"games":3,"valid":2,"invalid":1,"warnings":0}' ]
    # the recipe of before (no pipefail) passed it: awk's status was the pipe's
    run --separate-stderr bash -c "find '$T' -name '*.pgn' | parallel -j 2 bin/cv-replay --check --json | awk -F'[{}:,\"]+' '$AWK_SUM'"
    [ "$status" -eq 0 ]
}

@test "README corpus recipe: a share that cannot read its file fails it" {
    T="$BATS_TEST_TMPDIR/c"
    mkdir -p "$T"
    cp corpus/chess/pgn/cv_saavedra-1895.pgn "$T/"
    ln -s nowhere.pgn "$T/gone.pgn"
    run --separate-stderr corpus_recipe "$T"
    [ "$status" -ne 0 ]
    [[ "$stderr" == *"gone.pgn: No such file or directory"* ]]
}
