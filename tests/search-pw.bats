#!/usr/bin/env bats
# The searching player on Parallel Worlds (lib/pw/pw_search.c, pw_eval.c):
# a turn of one to three single moves searched as single steps with "end
# the turn here" among them.  The mates of corpus/parallelworlds/mates.txt
# at their exact distance, a legal whole turn for every position of the
# corpus (perft suite and every position of the three games), the games'
# ends (a king taken) answered as over, determinism.  Every search is at a
# fixed depth or node count, so every line is exact.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs"
    B="bin/cv-best -V parallelworlds"
    T=$(mktemp -d)
    MATES=corpus/parallelworlds/mates.txt
    PERFT=corpus/parallelworlds/perft.txt
}

teardown() { rm -rf "$T"; }

# the positions of the corpus: the perft suite's and every position of the
# three games (before each turn, and the final ones)
corpus_positions() {
    [ -s "$PERFT" ] || return 1
    grep -v '^#' "$PERFT" | sed 's/ *;.*//' | grep .
    local g
    for g in game1-every-rule game2-black-wins game3-first-rank; do
        [ -s "corpus/parallelworlds/$g.pgn" ] || return 1
        bin/cv-replay --fen "corpus/parallelworlds/$g.pgn" | cut -f3
    done
}

@test "search-pw: every mate of corpus/parallelworlds/mates.txt, in 1, 2 and 3, at its exact distance (depth 3N)" {
    [ -s "$MATES" ]
    [ "$(head -1 "$MATES")" = "# variant: parallelworlds" ]
    local n pos got ones=0 twos=0 threes=0
    while IFS=$'\t' read -r n pos; do
        case "$n" in '#'*|'') continue ;; esac
        got=$($B --json -d $((3 * n)) --fen "$pos" | jq -r .mate)
        [ "$got" = "$n" ] || { echo "# $pos: mate $got, want $n"; return 1; }
        case "$n" in 1) ones=$((ones + 1)) ;; 2) twos=$((twos + 1)) ;; 3) threes=$((threes + 1)) ;; esac
    done < "$MATES"
    [ "$ones" -eq 20 ]
    [ "$twos" -eq 20 ]
    [ "$threes" -eq 3 ]
}

@test "search-pw: a mate in two is no mate at depth 3, and the loser's side sees it negative" {
    # R1g1-1h1 leaves Black's rooks both on the h-file: whatever White does,
    # R1h1x1h5 or R1h6 takes the king on 1h4 next turn
    local pos='5k2/8/6r1/7p/7K/8/8/6r1|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 b - - 0 13'
    run --separate-stderr $B --json -d 3 --fen "$pos"
    [ "$status" -eq 0 ]
    [ "$(jq -r '[.move, .cp, .mate // "no mate"] | @tsv' <<<"$output")" = $'R1g1-1h1\t3492\tno mate' ]
    run --separate-stderr $B -d 4 --fen "$pos"
    expect 0 'R1g1-1h1 mate 2 depth 4 nodes 3671 pv R1g1-1h1 K3e1-3f1,K1h4x1h5 R1h1x1h5#' ''
    # White to move after that turn: every turn loses a king
    run --separate-stderr $B -d 4 --fen '5k2/8/6r1/7p/7K/8/8/7r|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w - - 0 14'
    expect 0 'K3e1-3f1,K1h4x1h5 mate -1 depth 4 nodes 347 pv K3e1-3f1,K1h4x1h5 R1h1x1h5#' ''
}

@test "search-pw: a king taken with the second move of a turn, after a piece clears the line to level 2" {
    # the queen on 1d1 is blocked by its own knight on 1d4, which goes up
    # (a move on level 1 would leave the capture no level to end on)
    run --separate-stderr $B -d 3 --fen '3k4/8/8/8/3N4/8/8/3QK3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w - - 0 9'
    expect 0 'N1d4-2d4,Q1d1x1d8# mate 1 depth 3 nodes 102 pv N1d4-2d4,Q1d1x1d8#' ''
}

@test "search-pw: a legal turn for every position of the corpus (perft suite and the three games), or game over" {
    corpus_positions > "$T/pos.txt"
    [ "$(wc -l < "$T/pos.txt")" -eq 53 ]
    $B --json -d 2 "$T/pos.txt" > "$T/best.json"
    [ "$(wc -l < "$T/best.json")" -eq 53 ]
    local pos move over legal=0 ended=0 i=0
    while IFS= read -r pos; do
        i=$((i + 1))
        move=$(sed -n "${i}p" "$T/best.json" | jq -r .move)
        if [ "$move" = null ]; then
            over=$(sed -n "${i}p" "$T/best.json" | jq -r .over)
            [ "$over" = lost ] || { echo "# $pos: no move, over '$over'"; return 1; }
            ended=$((ended + 1))
            continue
        fi
        bin/cv-legal -V parallelworlds --fen "$pos" -m "$move" | grep -q '^legal ' ||
            { echo "# $pos: $move is not legal"; return 1; }
        legal=$((legal + 1))
    done < "$T/pos.txt"
    # over: the two games ended by a taken king, and two perft positions,
    # one with a king already taken and one whose side to move has no turn
    [ "$legal" -eq 49 ]
    [ "$ended" -eq 4 ]
}

@test "search-pw: a game ended by a captured king is over, lost for the side to move" {
    local g final
    for g in game1-every-rule game2-black-wins; do
        final=$(bin/cv-replay --final "corpus/parallelworlds/$g.pgn")
        run --separate-stderr $B --json --fen "$final"
        expect 0 '{"file":"--fen","line":1,"move":null,"over":"lost"}' ''
        run --separate-stderr $B --fen "$final"
        expect 0 '- over lost' ''
    done
}

@test "search-pw: the same search twice gives the same output, at a fixed depth and at a fixed node count" {
    local pos='r1bqkbnr/ppppppp1/8/3N4/8/4P3/P1PP1PPP/R1BQKBNR|8/8/8/5B2/8/p7/8/8|rnb1kbnr/ppp2ppp/8/3q4/3p4/2P5/PP3PPP/RNBQK1NR b 1KQkq3KQkq - 0 5'
    local a b
    a=$($B -d 4 --fen "$pos" --fen '5k2/8/6r1/7p/7K/8/8/6r1|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 b - - 0 13')
    b=$($B -d 4 --fen "$pos" --fen '5k2/8/6r1/7p/7K/8/8/6r1|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 b - - 0 13')
    [ "$a" = "$b" ]
    [ "$(wc -l <<<"$a")" -eq 2 ]
    a=$($B -s --nodes 20000 --json)
    b=$($B -s --nodes 20000 --json)
    [ "$a" = "$b" ]
    [ "$(jq -r .nodes <<<"$a")" -ge 20000 ]
    [ "$(jq -r .nodes <<<"$a")" -lt 21000 ]
}

@test "search-pw: the start at depth 4: White's first turn, exact" {
    run --separate-stderr $B -s -d 4
    expect 0 '1b2-2b2 cp 4 depth 4 nodes 85807 pv 1b2-2b2 1a7-2a7,3a7-3a5,1b7-1b5' ''
}
