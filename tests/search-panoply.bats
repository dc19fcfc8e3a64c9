#!/usr/bin/env bats
# Panoply searched (lib/panoply/pn_search.c through cv-best): every mate of
# corpus/panoply/mates.txt found at its exact distance, the loser's side
# seeing its mate, a legal move for every position of corpus/panoply (the
# perft suite, positions.txt, every position of the games), the games'
# ends and the fifty-turn rule answered as game over (stalemate loses, or
# draws with `stalemate: draw`), and fixed-depth and fixed-node searches
# that give the same output twice.  Every search is at a fixed depth or
# node count.  The mates are proven by exhaustive enumeration in
# tests/unit/t_pn_search.c (and tests/unit/t_mates.c).

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || exit 1
    export CVKIT_SPECS="$PWD/specs"
    B="$PWD/bin"
    T="$BATS_TEST_TMPDIR"
    C=corpus/panoply
    ARMY='rcgkgcr/s1{b2}hh{b1}1s/p2{b2}1{b1}2p/1p1p2p1p1/11/12/13/-12/--11/---1P1P2P1P1/----P2{B1}1{B2}2P/-----S1{B1}HH{B2}1S/------RCGKGCR'
    GAME1_END='7/8/6c2/10/7k3/12/6h6/-1r10/--s10/---7r2/----8K/-----3p4/------7 w 0 83'
    GAME2_END='4kH1/{b2}{b2}g5/9/2Ch6/4H3S2/12/1P11/-12/--11/---2{B1}{B1}1HR3/----P8/-----g7/------2GKG2 b 2 46'
}

# mates N: the positions of mates.txt that are mates in N, one a line
mates() {
    [ -f "$C/mates.txt" ] || return 1
    awk -F'\t' -v n="$1" '!/^#/ && $1 == n { print $2 }' "$C/mates.txt"
}

# best FILE OPTION...: cv-best --json on every position of FILE; prints
# "mate cp" a line
best() {
    local f="$1"
    shift
    "$B/cv-best" -V panoply --json "$@" "$f" | jq -r '"\(.mate) \(.cp)"'
}

@test "mates.txt: the first line names the spec, at least 20 mates in 1 and 20 in 2" {
    run head -1 "$C/mates.txt"
    [ "$output" = "# variant: panoply" ]
    [ "$(mates 1 | wc -l)" -ge 20 ]
    [ "$(mates 2 | wc -l)" -ge 20 ]
}

# A mate in N is 2N-1 single moves deep.  Futility pruning passes over a
# quiet last move that gives no check, and in Panoply a move that leaves
# the opponent no move wins without check: so a mate in 2 may need depth
# 4; with --plain (no pruning) each is found at depth 2N-1.
@test "every mate in 1 found as mate 1, at depths 1 and 2 and with --plain" {
    mates 1 > "$T/m1"
    n=$(wc -l < "$T/m1")
    [ "$n" -ge 20 ]
    want=$(yes '1 null' | head -n "$n")
    run best "$T/m1" --depth 1
    [ "$status" -eq 0 ]
    [ "$output" = "$want" ]
    run best "$T/m1" --depth 2
    [ "$output" = "$want" ]
    run best "$T/m1" --depth 1 --plain
    [ "$output" = "$want" ]
}

@test "every mate in 2 found as mate 2, at depth 4 and with --plain at 3" {
    mates 2 > "$T/m2"
    n=$(wc -l < "$T/m2")
    [ "$n" -ge 20 ]
    want=$(yes '2 null' | head -n "$n")
    run best "$T/m2" --depth 4
    [ "$status" -eq 0 ]
    [ "$output" = "$want" ]
    run best "$T/m2" --depth 3 --plain
    [ "$output" = "$want" ]
}

@test "a mate in 2 is not reported as a mate in 1 (depth 2)" {
    mates 2 > "$T/m2"
    run best "$T/m2" --depth 2 --plain
    [ "$status" -eq 0 ]
    [ -n "$output" ]
    run grep -c '^1 ' <<< "$output"
    [ "$output" = 0 ]
}

# A mate in 3 is five single moves; as for the mates in 2, futility
# pruning passes over quiet last moves, and one of these needs depth 7
# (2N + 1) to be seen without --plain; with --plain each is found at 5.
@test "every mate in 3 found as mate 3, at depth 7 and with --plain at 5" {
    mates 3 > "$T/m3"
    n=$(wc -l < "$T/m3")
    [ "$n" -ge 5 ]
    want=$(yes '3 null' | head -n "$n")
    run best "$T/m3" --depth 7
    [ "$status" -eq 0 ]
    [ "$output" = "$want" ]
    run best "$T/m3" --depth 5 --plain
    [ "$output" = "$want" ]
}

@test "a mate in 3 is not reported as a mate in 1 or 2 (depth 4)" {
    mates 3 > "$T/m3"
    run best "$T/m3" --depth 4 --plain
    [ "$status" -eq 0 ]
    [ "$(wc -l <<< "$output")" -eq "$(wc -l < "$T/m3")" ]
    run grep -c '^[12] ' <<< "$output"
    [ "$output" = 0 ]
}

@test "after the first move of each mate in 2 the loser sees mate -1" {
    # the move is the one the comment before each line names
    awk -F'\t' '/^# / { c = $0 } !/^#/ && $1 == 2 { sub(/^[^:]*: /, "", c); print $2 "\t" c }' "$C/mates.txt" > "$T/m2moves"
    [ "$(wc -l < "$T/m2moves")" -ge 20 ]
    : > "$T/after"
    while IFS=$'\t' read -r pos mv; do
        "$B/cv-legal" -V panoply --fen "$pos" --apply "$mv" >> "$T/after"
    done < "$T/m2moves"
    n=$(wc -l < "$T/m2moves")
    [ "$(wc -l < "$T/after")" -eq "$n" ]
    run best "$T/after" --depth 2
    [ "$output" = "$(yes -- '-1 null' | head -n "$n")" ]
}

@test "the army: no mate within two moves at depth 4, for either side" {
    run --separate-stderr "$B/cv-best" -V panoply --fen "$ARMY w 0 1" --fen "$ARMY b 0 1" --depth 4 --json
    [ "$status" -eq 0 ]
    [ "$(jq -r '"\(.mate) \(.cp != null) \(.depth)"' <<< "$output")" = "null true 4
null true 4" ]
}

# every position of the corpus: the perft suite, positions.txt, each
# position of the games (cv-replay --fen), their ends apart
corpus_positions() {
    for f in perft.txt positions.txt game1-random-play.txt game2-frozen-king-mated.txt sample-log.txt; do
        [ -f "$C/$f" ] || return 1
    done
    grep -v '^#' "$C/perft.txt" | grep . | cut -d';' -f1 | sed 's/ *$//'
    grep -v '^#' "$C/positions.txt" | grep . | cut -d';' -f2 | sed 's/^ *//; s/ *$//'
    for g in game1-random-play.txt game2-frozen-king-mated.txt sample-log.txt; do
        "$B/cv-replay" --fen -V panoply "$C/$g" | cut -f3
    done
}

# A position with no legal move (7: the games' ends, the Herald-frozen
# Kings of positions.txt and the perft suite)
# is over and lost; every other gets a legal move.
@test "a legal move for every position of corpus/panoply (depth 2), game over where there is none" {
    corpus_positions | sort -u > "$T/all"
    n=$(wc -l < "$T/all")
    [ "$n" -ge 150 ]
    run --separate-stderr "$B/cv-best" -V panoply --json --depth 2 "$T/all"
    [ "$status" -eq 0 ]
    jq -r '"\(.move)\t\(.over)"' <<< "$output" > "$T/moves"
    [ "$(wc -l < "$T/moves")" -eq "$n" ]
    "$B/cv-legal" -V panoply "$T/all" > "$T/legal"
    [ "$(wc -l < "$T/legal")" -eq "$n" ]
    over=0
    while IFS=$'\t' read -r pos mv end legal; do
        if [ "$mv" = null ]; then
            [ "$end" = lost ] && [ -z "$legal" ] || { echo "# $pos: over $end, moves: $legal"; return 1; }
            over=$((over + 1))
            continue
        fi
        case ", $legal, " in
        *", $mv, "*) ;;
        *) echo "# $pos: $mv is not among: $legal"; return 1 ;;
        esac
    done < <(paste "$T/all" "$T/moves" "$T/legal")
    [ "$over" -eq 7 ]
}

@test "the games' ends are game over: a stalemate and a frozen King's mate both lose" {
    [ "$("$B/cv-replay" --final -V panoply "$C/game1-random-play.txt")" = "$GAME1_END" ]
    [ "$("$B/cv-replay" --final -V panoply "$C/game2-frozen-king-mated.txt")" = "$GAME2_END" ]
    run --separate-stderr "$B/cv-best" -V panoply --fen "$GAME1_END" --fen "$GAME2_END" --depth 3
    expect 0 '- over lost
- over lost' ''
    run --separate-stderr "$B/cv-best" -V panoply --fen "$GAME2_END" --depth 3 --json
    expect 0 '{"file":"--fen","line":1,"move":null,"over":"lost"}' ''
}

@test "from the position before each game's last move, the win is found at once (mate 1, depth 1)" {
    for g in game1-random-play.txt game2-frozen-king-mated.txt; do
        "$B/cv-replay" --fen -V panoply "$C/$g" | tail -2 | head -1 | cut -f3
    done > "$T/before"
    [ "$(wc -l < "$T/before")" -eq 2 ]
    run best "$T/before" --depth 1
    [ "$output" = '1 null
1 null' ]
}

@test "stalemate: draw makes the stalemate of game 1 a draw, and leaves the mate of game 2 lost" {
    sed -e 's/^variant: panoply$/variant: panoply-stalemate-draw/' -e '/^aliases:/d' \
        -e 's/^  stalemate: .*/  stalemate: draw/' specs/panoply.yaml > "$T/sd.yaml"
    grep -q '^  stalemate: draw$' "$T/sd.yaml"
    run --separate-stderr "$B/cv-best" --spec "$T/sd.yaml" --fen "$GAME1_END" --fen "$GAME2_END" --depth 3
    expect 0 '- over drawn
- over lost' ''
}

@test "fifty turns without pawn move or capture: drawn at 50, played at 49" {
    run --separate-stderr "$B/cv-best" -V panoply --fen "$ARMY w 50 30" --depth 2
    expect 0 '- over drawn' ''
    run --separate-stderr "$B/cv-best" -V panoply --fen "$ARMY w 49 30" --depth 2 --json
    [ "$status" -eq 0 ]
    [ "$(jq -r '"\(.move != null) \(.cp)"' <<< "$output")" = "true 0" ]
}

@test "determinism: fixed depth and fixed nodes give the same output twice" {
    { echo "$ARMY w 0 1"; mates 2 | head -5; echo "$GAME1_END"; } > "$T/d"
    [ "$(wc -l < "$T/d")" -eq 7 ]
    for lim in "--depth 4" "--nodes 20000"; do
        # shellcheck disable=SC2086
        a=$("$B/cv-best" -V panoply --json $lim "$T/d")
        # shellcheck disable=SC2086
        b=$("$B/cv-best" -V panoply --json $lim "$T/d")
        [ "$(wc -l <<< "$a")" -eq 7 ]
        [ "$a" = "$b" ]
    done
}

@test "the table changes speed, not scores (--plain, depth 3, with and without it)" {
    { echo "$ARMY w 0 1"; mates 1 | head -4; mates 2 | head -4; } > "$T/h"
    [ "$(wc -l < "$T/h")" -eq 9 ]
    a=$("$B/cv-best" -V panoply --json --plain --depth 3 --hash 16 "$T/h" | jq -c '[.move,.mate,.cp]')
    b=$("$B/cv-best" -V panoply --json --plain --depth 3 --hash 0 "$T/h" | jq -c '[.move,.mate,.cp]')
    [ "$(wc -l <<< "$a")" -eq 9 ]
    [ "$(jq -s 'map(.[1:]) | tostring' <<< "$a")" = "$(jq -s 'map(.[1:]) | tostring' <<< "$b")" ]
}
