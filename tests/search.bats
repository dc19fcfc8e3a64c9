#!/usr/bin/env bats
# The searching player on the generic engine (chess): cv-best's answers,
# mates at their exact distance, game-over positions, EPD bm/am scoring,
# determinism, the table's plain-mode invariance, the problems it names;
# cv-board's go, hint, play and level.  Every search is at a fixed depth
# or node count, so every line is exact.  The other engines' searches
# are tested in their own files (search-*.bats).

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs"
    B=bin/cv-best
    CV=bin/cv-board
    T=$(mktemp -d)
    MATES=corpus/chess/mates.txt
}

teardown() { rm -rf "$T"; }

@test "cv-best: every mate of corpus/chess/mates.txt at its exact distance (depth 2N+1)" {
    [ -s "$MATES" ]
    local n pos got count=0
    while IFS=$'\t' read -r n pos; do
        case "$n" in '#'*|'') continue ;; esac
        got=$($B --json -d $((2 * n + 1)) --fen "$pos" | jq -r .mate)
        [ "$got" = "$n" ] || { echo "# $pos: mate $got, want $n"; return 1; }
        count=$((count + 1))
    done < "$MATES"
    [ "$count" -eq 12 ]
}

@test "cv-best: a mate in one, in text and in JSON" {
    run --separate-stderr $B -d 3 --fen '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1'
    expect 0 'Rd8# mate 1 depth 3 nodes 68 pv Rd8#' ''
    run --separate-stderr $B -d 3 -n uci --json --fen '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1'
    expect 0 '{"file":"--fen","line":1,"move":"d1d8","mate":1,"depth":3,"seldepth":1,"nodes":68,"pv":["d1d8"]}' ''
}

@test "cv-best: mated in two is a negative mate" {
    # WAC.004 after Qxh7+: Black to move is mated next move
    run --separate-stderr $B -d 4 --json --fen 'r1bq2rk/pp3pbQ/2p1p1p1/7P/3P4/2PB1N2/PP3PPR/2KR4 b - - 0 1'
    [ "$status" -eq 0 ]
    [ "$(jq -r '[.move, .mate] | @tsv' <<<"$output")" = $'Kxh7\t-1' ]
}

@test "cv-best: a position whose game is over says how, for the side to move" {
    run --separate-stderr $B --fen 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3' \
        --fen '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1' --fen '7k/8/6K1/8/8/8/8/8 w - - 0 1' \
        --fen '8/8/8/8/8/8/8/8 w - - 0 1'
    expect 1 '- over lost
- over drawn
- over drawn' '--fen:4:1: error: empty board'
    run --separate-stderr $B --json --fen 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
    expect 0 '{"file":"--fen","line":1,"move":null,"over":"lost"}' ''
}

@test "cv-best: a file of positions, a bad line named by line and column, the rest searched" {
    printf '7k/8/6K1/8/8/8/8/8 w - - 0 1\nnot a fen\n6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\n' > "$T/x.fen"
    cd "$T"
    run --separate-stderr "$OLDPWD/$B" -d 3 x.fen
    expect 1 '- over drawn
Rd8# mate 1 depth 3 nodes 68 pv Rd8#' "x.fen:2:2: error: unknown piece letter 'o'
x.fen:2:10: error: missing en passant, halfmove clock and fullmove number fields"
}

@test "cv-best: EPD bm and am scored, the count on the last line; a broken operation named" {
    cat > "$T/s.epd" <<'EOF'
6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id "m1";
6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - am Rd8; id "m2";
6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd7 Rd6; id "m3";
6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id "m4"
EOF
    run --separate-stderr $B -d 3 "$T/s.epd"
    expect 1 'Rd8# mate 1 depth 3 nodes 68 pv Rd8# ok
Rd8# mate 1 depth 3 nodes 68 pv Rd8# fail
Rd8# mate 1 depth 3 nodes 68 pv Rd8# fail
# 1 of 3 found' "$T/s.epd:4:1: error: the EPD operation 'id' is not ended by ';'"
    run --separate-stderr $B -d 3 --json "$T/s.epd"
    [ "$status" -eq 1 ]
    [ "$(jq -r '[.id, .ok] | @tsv' <<<"$output")" = $'m1\ttrue\nm2\tfalse\nm3\tfalse' ]
}

@test "cv-best: the same search twice gives the same output, at a fixed depth and at a fixed node count" {
    grep -v '^#' "$MATES" | cut -f2 > "$T/p.fen"
    # the chess positions of the suite (its last four are Chess960's)
    grep -v '^#' corpus/chess/perft.txt | head -7 | cut -d';' -f1 >> "$T/p.fen"
    [ "$(wc -l < "$T/p.fen")" -eq 19 ]
    $B -d 5 "$T/p.fen" > "$T/a"
    $B -d 5 "$T/p.fen" > "$T/b"
    cmp "$T/a" "$T/b"
    $B --nodes 3000 "$T/p.fen" > "$T/a"
    $B --nodes 3000 "$T/p.fen" > "$T/b"
    cmp "$T/a" "$T/b"
    [ "$(grep -c ' nodes 300[0-9] ' "$T/a")" -ge 8 ]
}

@test "cv-best --plain: the table changes no score at a fixed depth (19 positions, depth 4)" {
    grep -v '^#' "$MATES" | cut -f2 > "$T/p.fen"
    grep -v '^#' corpus/chess/perft.txt | head -7 | cut -d';' -f1 >> "$T/p.fen"
    [ "$(wc -l < "$T/p.fen")" -eq 19 ]
    $B --plain -d 4 --hash 0 --json "$T/p.fen" | jq -c '[.cp, .mate]' > "$T/a"
    $B --plain -d 4 --hash 16 --json "$T/p.fen" | jq -c '[.cp, .mate]' > "$T/b"
    [ "$(wc -l < "$T/a")" -eq 19 ]
    cmp "$T/a" "$T/b"
    # and the table does save work
    local n0 n16
    n0=$($B --plain -d 4 --hash 0 --json "$T/p.fen" | jq -s 'map(.nodes) | add')
    n16=$($B --plain -d 4 --hash 16 --json "$T/p.fen" | jq -s 'map(.nodes) | add')
    [ "$n16" -lt "$n0" ]
}

@test "cv-best: bad option values are usage errors" {
    run --separate-stderr $B -d 0 --start
    expect 2 '' "cv-best: error: -d '0': not a depth from 1 to 127
Try 'cv-best --help' for more information."
    run --separate-stderr $B --movetime x --start
    expect 2 '' "cv-best: error: --movetime 'x': not a number of seconds above 0
Try 'cv-best --help' for more information."
    run --separate-stderr $B --nodes -3 --start
    [ "$status" -eq 2 ]
    run --separate-stderr $B --hash 70000 --start
    expect 2 '' "cv-best: error: --hash '70000': not megabytes from 0 to 65536
Try 'cv-best --help' for more information."
}

@test "cv-board: level, go, hint, play black answers each move, play white mates, record" {
    session <<'EOF'
level depth 2
m e4
go
hint
play black
m Nf3
play none
fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1
play white
record
EOF
    expect 0 'ok level depth 2
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
move Nc6 cp -13 depth 2 nodes 116 pv Nc6 Nc3
r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2
hint Nc3 cp -24 depth 2 nodes 154 pv Nc3 Nf6
ok play black
r1bqkbnr/pppppppp/2n5/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2
move Nf6 cp -3 depth 2 nodes 110 pv Nf6 Nc3
r1bqkb1r/pppppppp/2n2n2/8/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 3 3
ok play none
6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1
ok play white
move Rd8# mate 1 depth 2 nodes 47 pv Rd8#
3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1
game over 1-0
[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1-0"]
[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"]

1. Rd8# 1-0' ''
}

@test "cv-board: level, play and go refuse what they cannot take, with the column" {
    session <<'EOF'
level speed 3
level depth 0
level time -1
level nodes
play red
play
fen 3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1
go
hint
EOF
    expect 1 "error: level takes depth N, nodes N or time S, not 'speed'
error: depth takes a whole number from 1 to 127, not '0'
error: time takes seconds above 0, not '-1'
error: level needs depth N, nodes N or time S
error: play takes white, black, both or none, not 'red'
error: play needs white, black, both or none
3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1
error: the game is over (1-0)
error: the game is over (1-0)" "s.txt:1:7: error: level takes depth N, nodes N or time S, not 'speed'
s.txt:2:13: error: depth takes a whole number from 1 to 127, not '0'
s.txt:3:12: error: time takes seconds above 0, not '-1'
s.txt:4:7: error: level needs depth N, nodes N or time S
s.txt:5:6: error: play takes white, black, both or none, not 'red'
s.txt:6:5: error: play needs white, black, both or none
s.txt:8:1: error: the game is over (1-0)
s.txt:9:1: error: the game is over (1-0)"
}

@test "cv-board: play both reaches the game's end in every game with a start, and record gives a record cv-replay accepts" {
    # VARIANT MOVES RESULT, at level nodes 500 (deterministic)
    local table='capablanca 20 0-1
chess 96 0-1
chess960 96 0-1
doublechess 130 0-1
panoply-testarmy 125 1-0
parallelworlds 6 0-1
trid-standard 143 1-0
trid-tournament 154 0-1' v n res count=0
    while read -r v n res; do
        printf 'level nodes 500\nplay both\nrecord\n' > "$T/s.txt"
        bin/cv-board -V "$v" "$T/s.txt" > "$T/out"
        [ "$(grep -c '^move ' "$T/out")" -eq "$n" ] || { echo "# $v: $(grep -c '^move ' "$T/out") moves, want $n"; return 1; }
        [ "$(grep '^game over ' "$T/out")" = "game over $res" ] || { echo "# $v: $(grep '^game over' "$T/out")"; return 1; }
        sed '1,/^game over /d' "$T/out" > "$T/record"
        run --separate-stderr bin/cv-replay -V "$v" "$T/record"
        [ "$status" -eq 0 ] || { echo "# $v: cv-replay: $stderr"; return 1; }
        [ "${lines[-1]}" = "1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ] || { echo "# $v: ${lines[-1]}"; return 1; }
        count=$((count + 1))
    done <<<"$table"
    [ "$count" -eq 8 ]
    # every spec with a start position is in the table (panoply itself has none)
    [ "$(ls specs/*.yaml | wc -l)" -eq 9 ]
}
