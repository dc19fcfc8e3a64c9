#!/usr/bin/env bats
# Star Trek Tri-D searched through cv-best, both rule sets: the forced
# mates of corpus/trid/mates-*.txt at their exact distance, the mate that
# ends each Parmen sample game found from the position before it, a legal
# move for every position of the perft suite and the sample games, game
# ends answered as over, and the same output for the same fixed-depth or
# fixed-node search.

bats_require_minimum_version 1.5.0

setup() {
    cd "$BATS_TEST_DIRNAME/.." || exit 1
    export CVKIT_SPECS="$PWD/specs"
    T="$BATS_TEST_TMPDIR"
    START='nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1'
}

# mates FILE N: the positions of FILE that are mates in N, one a line
mates() {
    [ -f "$1" ] || return 1
    awk -F'\t' -v n="$2" '!/^#/ && $1 == n { print $2 }' "$1"
}

@test "mates files: the first line names the rule set; 25 mates in 1, 25 in 2, 3 in 3 each" {
    for rs in standard tournament; do
        f=corpus/trid/mates-$rs.txt
        run head -1 "$f"
        [ "$output" = "# variant: trid-$rs" ]
        run awk -F'\t' '!/^#/ { n[$1]++ } END { print n[1], n[2], n[3], n[1] + n[2] + n[3] }' "$f"
        [ "$status" -eq 0 ]
        [ "$output" = "25 25 3 53" ]
    done
}

@test "every mate of the mates files found at its exact distance (depth 2N-1, no pruning)" {
    for rs in standard tournament; do
        for n in 1 2 3; do
            mates corpus/trid/mates-$rs.txt $n > "$T/in"
            [ -s "$T/in" ]
            run --separate-stderr bin/cv-best -V trid-$rs --plain --depth $((2 * n - 1)) --json "$T/in"
            [ "$status" -eq 0 ]
            [ -z "$stderr" ]
            got=$(printf '%s\n' "$output" | jq -r '.mate' | sort | uniq -c | tr -s ' ')
            want=" $(wc -l < "$T/in") $n"
            [ "$got" = "$want" ] || { echo "trid-$rs mate in $n: got '$got', want '$want'"; return 1; }
        done
    done
}

@test "the full search (null move, reductions, futility) finds every mate at its exact distance (depth 1, 5, 7)" {
    for rs in standard tournament; do
        for n in 1 2 3; do
            mates corpus/trid/mates-$rs.txt $n > "$T/in"
            [ -s "$T/in" ]
            # two more single moves than the mate needs (one for the mate
            # in 1): with fewer, the pruning near the leaves takes a huge
            # material lead for enough and returns before the mate (6 of
            # the 50 mates in 2 at depth 3, one mate in 3 at depth 5)
            d=$((2 * n + 1))
            [ $n -gt 1 ] || d=1
            run --separate-stderr bin/cv-best -V trid-$rs --depth $d --json "$T/in"
            [ "$status" -eq 0 ]
            got=$(printf '%s\n' "$output" | jq -r '.mate' | sort | uniq -c | tr -s ' ')
            want=" $(wc -l < "$T/in") $n"
            [ "$got" = "$want" ] || { echo "trid-$rs mate in $n at depth $d: got '$got', want '$want'"; return 1; }
        done
    done
}

@test "Parmen's sample games: from the position before the last move, the game's mate at depth 1" {
    for g in 1 2; do
        f=corpus/trid/game$g-gamelist.txt
        [ -f "$f" ]
        bin/cv-replay --fen "$f" | tail -2 | head -1 | cut -f3 > "$T/before"
        [ -s "$T/before" ]
        run --separate-stderr bin/cv-best -V trid-standard --depth 1 "$T/before"
        [ "$status" -eq 0 ]
        case $g in
        1) [ "$output" = "Qd7xe8(7)# mate 1 depth 1 nodes 48 pv Qd7xe8(7)#" ] ;;
        2) [ "$output" = "Pe2-e1(2)=Q# mate 1 depth 1 nodes 39 pv Pe2-e1(2)=Q#" ] ;;
        esac
    done
}

@test "game over: both games' final positions are lost, stalemate, fifty moves and bare kings drawn" {
    for g in 1 2; do
        [ -f corpus/trid/game$g-gamelist.txt ]
        bin/cv-replay --fen corpus/trid/game$g-gamelist.txt | tail -1 | cut -f3
    done > "$T/final"
    run --separate-stderr bin/cv-best -V trid-standard "$T/final"
    [ "$status" -eq 0 ]
    [ "$output" = "- over lost
- over lost" ]
    run --separate-stderr bin/cv-best -V trid-standard --json \
        --fen '4/4/2PR/4|4/4/4/4|4/4/4/4 KL1:w:KP/2,QL3:w:P1/2,QL4=QLB:w:2/2,KL6:b:1k/1p b - - 0 42' \
        --fen "${START% 0 1} 100 60" \
        --fen '4/4/4/4|4/4/4/4|4/4/4/4 QL1:w:2/K1,KL1:w:2/2,QL6:b:2/2,KL6:b:k1/2 w - - 0 30'
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | jq -c '[.move, .over]' | tr '\n' ' ')" = '[null,"drawn"] [null,"drawn"] [null,"drawn"] ' ]
    # the same stalemate under the tournament rules
    run bin/cv-best -V trid-tournament \
        --fen '4/4/2PR/4|4/4/4/4|4/4/4/4 KL1:w:KP/2,QL3:w:P1/2,QL4=QLB:w:2/2,KL6:b:1k/1p b - - 0 42'
    [ "$output" = "- over drawn" ]
}

@test "a legal move for every position of the perft suite and of both sample games" {
    [ -f corpus/trid/perft.txt ]
    for rs in standard tournament; do
        awk -v want="trid-$rs" '/^# variant:/ { on = ($3 == want) } on && !/^#/ && NF { sub(/ ;.*/, ""); print }' \
            corpus/trid/perft.txt > "$T/$rs"
    done
    for g in 1 2; do
        [ -f corpus/trid/game$g-gamelist.txt ]
        # every position with a move to make: all but the mated last one
        bin/cv-replay --fen corpus/trid/game$g-gamelist.txt | sed '$d' | cut -f3
    done >> "$T/standard"
    [ "$(wc -l < "$T/standard")" -eq 172 ]
    [ "$(wc -l < "$T/tournament")" -eq 4 ]
    for rs in standard tournament; do
        run --separate-stderr bin/cv-best -V trid-$rs --depth 2 "$T/$rs"
        [ "$status" -eq 0 ]
        # the suite's bare kings (line 7 of standard, 3 of tournament) are
        # a dead draw, answered as over
        k=7
        [ $rs = standard ] || k=3
        [ "$(printf '%s\n' "$output" | sed -n ${k}p)" = "- over drawn" ]
        [ "$(printf '%s\n' "$output" | grep -c '^- ')" -eq 1 ]
        printf '%s\n' "$output" | cut -d' ' -f1 | sed "${k}s/^-\$/(over)/" > "$T/best"
        bin/cv-legal -V trid-$rs "$T/$rs" > "$T/legal"
        [ "$(wc -l < "$T/best")" -eq "$(wc -l < "$T/$rs")" ]
        [ "$(wc -l < "$T/legal")" -eq "$(wc -l < "$T/$rs")" ]
        run paste -d'|' "$T/best" "$T/legal"
        bad=$(printf '%s\n' "$output" | awk -F'|' '{ n = split($2, m, " "); ok = 0; for (i = 1; i <= n; i++) if (m[i] == $1) ok = 1; if (!ok && $1 != "(over)") print NR ": " $1 }')
        [ -z "$bad" ] || { echo "trid-$rs: not legal: $bad"; return 1; }
    done
}

@test "the start is no mate: a score in centipawns, both rule sets" {
    for rs in standard tournament; do
        run --separate-stderr bin/cv-best -V trid-$rs --start --depth 3 --json
        [ "$status" -eq 0 ]
        [ "$(printf '%s\n' "$output" | jq -r '[has("cp"), has("mate"), .depth] | @tsv')" = "$(printf 'true\tfalse\t3')" ]
    done
}

@test "deterministic: fixed depth and fixed nodes give the same output twice" {
    for rs in standard tournament; do
        run bin/cv-best -V trid-$rs --start --depth 4
        [ "$status" -eq 0 ]
        first=$output
        [[ "$first" == *" depth 4 nodes "* ]]
        run bin/cv-best -V trid-$rs --start --depth 4
        [ "$output" = "$first" ]
        mates corpus/trid/mates-$rs.txt 2 > "$T/in"
        run bin/cv-best -V trid-$rs --nodes 3000 "$T/in"
        first=$output
        [ "$(printf '%s\n' "$first" | wc -l)" -eq 25 ]
        run bin/cv-best -V trid-$rs --nodes 3000 "$T/in"
        [ "$output" = "$first" ]
    done
}

@test "the table changes speed, not results: the same scores with and without it (no pruning)" {
    for rs in standard tournament; do
        mates corpus/trid/mates-$rs.txt 2 > "$T/in"
        mates corpus/trid/mates-$rs.txt 3 >> "$T/in"
        echo "$START" >> "$T/in"
        run bin/cv-best -V trid-$rs --plain --depth 3 --json "$T/in"
        with=$(printf '%s\n' "$output" | jq -c '[.cp, .mate]')
        run bin/cv-best -V trid-$rs --plain --depth 3 --hash 0 --json "$T/in"
        without=$(printf '%s\n' "$output" | jq -c '[.cp, .mate]')
        [ "$(printf '%s\n' "$with" | wc -l)" -eq 29 ]
        [ "$with" = "$without" ]
    done
}
