#!/usr/bin/env bats
# cv-play self-play: games of every variant that can be searched, played
# at a fixed depth from seeded random openings (deterministic), replayed
# by cv-replay with no error and the exact game count, and round-tripped
# through cv-convert: every notation of the engine and every record
# format that holds the game, back to the record as written.  One game a
# variant is pinned move for move.  Date tags come from SOURCE_DATE_EPOCH.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs" LC_ALL=C SOURCE_DATE_EPOCH=0
    T="$BATS_TEST_TMPDIR"
}

# VARIANT GAMES DEPTH NOTATIONS (the engine's, the default first) FORMATS (that hold
# its games, its own first)
LIVE='chess 200 1 san,lan,uci pgn
chess960 200 1 san,lan,uci pgn
capablanca 200 1 san,lan,uci pgn
doublechess 200 1 san,lan,uci pgn'

# The specs whose engine has no search entries yet, and what cv-play says.
# An engine that gains them moves to LIVE (the test below fails until it does),
# with a live set its cost allows (measured on the branches that add them,
# depth 1: Tri-D 0.03 s a game, Parallel Worlds 0.3 s, Panoply 2.3 s):
#   trid-standard 20 1 standard,romulan gamelist
#   trid-tournament 20 1 standard,romulan gamelist
#   parallelworlds 5 1 pw pgn
#   panoply-testarmy 2 1 gc gclog
NOT_YET='panoply@@cv-play: error: the variant panoply has no start position
panoply-testarmy@@cv-play: error: the variant panoply-testarmy cannot be searched
parallelworlds@@cv-play: error: the variant parallelworlds cannot be searched
trid-standard@@cv-play: error: the variant trid-standard cannot be searched
trid-tournament@@cv-play: error: the variant trid-tournament cannot be searched'

# The games of LIVE, played once for the tests that replay and convert them.
setup_file() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs" LC_ALL=C SOURCE_DATE_EPOCH=0
    local v n d nts fmts
    while read -r v n d nts fmts; do
        bin/cv-play -V "$v" --games "$n" --seed 1 --depth "$d" -o "$BATS_FILE_TMPDIR/$v.rec" \
            2> "$BATS_FILE_TMPDIR/$v.err"
        echo $? > "$BATS_FILE_TMPDIR/$v.status"
    done <<< "$LIVE"
}

@test "the tables name every spec of specs/, each once" {
    run bash -c 'ls specs/*.yaml | sed "s,specs/,,; s,\.yaml$,," | sort'
    [ "$status" -eq 0 ]
    local want=$output
    run bash -c "{ printf '%s\n' \"\$1\" | cut -d' ' -f1; printf '%s\n' \"\$2\" | sed 's/@@.*//'; } | sort" _ "$LIVE" "$NOT_YET"
    [ "$output" = "$want" ]
    [ "$(printf '%s\n' "$want" | wc -l)" -eq 9 ]
}

@test "a variant without a search or a start position: said, exit 2, nothing written" {
    local line v msg
    while IFS= read -r line; do
        v=${line%%@@*} msg=${line#*@@}
        run --separate-stderr bin/cv-play -V "$v" --games 1 --depth 1 -q
        expect 2 "" "$msg" || { echo "# $v"; return 1; }
    done <<< "$NOT_YET"
}

@test "self-play: a few hundred games of every searchable variant replay with no error" {
    local v n d nts fmts
    while read -r v n d nts fmts; do
        [ "$(cat "$BATS_FILE_TMPDIR/$v.status")" -eq 0 ] || { echo "# $v: cv-play failed"; return 1; }
        [[ "$(cat "$BATS_FILE_TMPDIR/$v.err")" =~ ^"cv-play: $n games of $v: " ]] || { echo "# $v: no summary"; return 1; }
        [ "$(grep -c '^\[Event "cvkit self-play"\]$' "$BATS_FILE_TMPDIR/$v.rec")" -eq "$n" ] || { echo "# $v: game count"; return 1; }
        run --separate-stderr bin/cv-replay -q -V "$v" "$BATS_FILE_TMPDIR/$v.rec"
        [ "$status" -eq 0 ] || { echo "# $v: cv-replay exit $status: $stderr"; return 1; }
        [ "${lines[${#lines[@]}-1]}" = "1 file, $n games, $n valid, 0 invalid, 0 warnings" ] ||
            { echo "# $v: ${lines[${#lines[@]}-1]}"; return 1; }
    done <<< "$LIVE"
}

# roundtrip FILE VARIANT NOTATIONS FORMATS: FILE converted to each notation
# and back to the first, and to each record format and back to the first,
# is FILE byte for byte
roundtrip() {
    local file=$1 v=$2 nts=$3 fmts=$4 nt f own=${3%%,*} own_format=${4%%,*}
    for nt in ${nts//,/ }; do
        run --separate-stderr bash -c "bin/cv-convert -q -V $v -t $nt '$file' | bin/cv-convert -q -V $v -t $own > '$T/back'"
        expect 0 "" "" || { echo "# $file via $nt"; return 1; }
        diff "$T/back" "$file" > "$T/diff" || { echo "# $file via $nt:"; head "$T/diff"; return 1; }
    done
    for f in ${fmts//,/ }; do
        run --separate-stderr bash -c "bin/cv-convert -q -V $v --format $f '$file' | bin/cv-convert -q -V $v --format $own_format > '$T/back'"
        expect 0 "" "" || { echo "# $file via $f"; return 1; }
        diff "$T/back" "$file" > "$T/diff" || { echo "# $file via $f:"; head "$T/diff"; return 1; }
    done
}

@test "self-play: every game round-trips through every notation and record format" {
    local v n d nts fmts
    while read -r v n d nts fmts; do
        roundtrip "$BATS_FILE_TMPDIR/$v.rec" "$v" "$nts" "$fmts" || return 1
    done <<< "$LIVE"
}

# Games of the engines whose search costs too much a game for a live few
# hundred (Panoply: about 2 s a game at depth 1), played once by the command
# their corpus's SOURCES names and committed.
# FILE VARIANT GAMES NOTATIONS FORMATS
# Tri-D's PGN is left out: a listing's game with an attack-board move that
# carries the king (35. KLW-e3(4)) does not read back from the PGN written
# from it (cv-convert gamelist -> pgn -> gamelist; reported).
CORPUS='corpus/trid/selfplay-standard.txt trid-standard 300 standard,romulan gamelist
corpus/trid/selfplay-tournament.txt trid-tournament 300 standard,romulan gamelist
corpus/parallelworlds/selfplay.pgn parallelworlds 200 pw pgn
corpus/panoply/selfplay-testarmy.txt panoply-testarmy 100 gc gclog'

@test "the committed self-played games replay with no error and round-trip" {
    local file v n nts fmts
    while read -r file v n nts fmts; do
        [ -f "$file" ] || { echo "# $file: missing"; return 1; }
        run --separate-stderr bin/cv-replay -q -V "$v" "$file"
        [ "$status" -eq 0 ] || { echo "# $file: cv-replay exit $status: $stderr"; return 1; }
        [ "${lines[${#lines[@]}-1]}" = "1 file, $n games, $n valid, 0 invalid, 0 warnings" ] ||
            { echo "# $file: ${lines[${#lines[@]}-1]}"; return 1; }
        [ "$(grep -c 'Event "cvkit self-play"' "$file")" -eq "$n" ] || { echo "# $file: not $n self-played games"; return 1; }
        roundtrip "$file" "$v" "$nts" "$fmts" || return 1
    done <<< "$CORPUS"
}

# VARIANT @@ the moves of game 1 of --seed 7 --depth 2, and its result
PINNED='chess@@1. b4 c6 2. Na3 b6 3. Rb1 b5 4. Rb2 a6 5. Nh3 a5 6. bxa5 Rxa5 7. Rb1 Ra8 8. Ra1 d6 9. Bb2 e6 10. Nb1 c5 11. Nc3 Ra5 12. Qc1 d5 13. Nb1 b4 14. Qd1 Ra8 15. Qc1 Ra5 16. Qd1 Ra8 17. Qc1 Ra5 1/2-1/2
chess960@@1. b4 c6 2. Na3 b6 3. Rb1 b5 4. Rb2 a6 5. Nh3 a5 6. bxa5 Rxa5 7. Rb1 Ra8 8. Ra1 d6 9. Bb2 e6 10. Nb1 c5 11. Nc3 Ra5 12. Qc1 d5 13. Nb1 b4 14. Qd1 Ra8 15. Qc1 Ra5 16. Qd1 Ra8 17. Qc1 Ra5 1/2-1/2
capablanca@@1. h4 Cg6 2. Ab3 Cc6 3. Nc3 Ca6 4. Rc1 Cc6 5. Aa4 Cg6 6. Bi3 Cd6 7. Ch2 Cb6 8. Axb6 axb6 9. Kg1 c6 10. Ra1 d6 11. Rc1 d5 12. Ra1 e6 13. Qf1 c5 14. Nb1 e5 15. g3 f6 16. b3 b5 17. c3 Ab6 18. Qe1 c4 19. bxc4 bxc4 20. Qf1 Ac8 21. d4 cxd3 22. exd3 Ab6 23. Qe1 Ac8 24. Qf1 Ab6 25. Qe1 Ac8 26. Qf1 1/2-1/2
doublechess@@1. Np3 c6 2. j4 p5 3. Na3 p4 4. Rb1 c5 5. Nl3 a6 6. Ra1 b6 7. Ne3 a5 8. Rb1 d5 9. Ra1 Ra7 10. Rf1 Ra6 11. g3 e6 12. Nb5 a4 13. Rb1 Ra5 14. Na3 Ra6 15. Ra1 Ra5 16. Rb1 Ra6 17. Ra1 Ra5 18. Rb1 1/2-1/2'

@test "self-play: one game a variant, pinned move for move" {
    local line v want
    while IFS= read -r line; do
        v=${line%%@@*} want=${line#*@@}
        run --separate-stderr bash -c "bin/cv-play -V $v --games 1 --seed 7 --depth 2 -q | sed -n '/^1\./,\$p' | tr '\n' ' ' | sed 's/ *\$//'"
        expect 0 "$want" "" || { echo "# $v"; return 1; }
    done <<< "$PINNED"
}

@test "self-play: the record's tags, and the result of a game cut at --max-moves" {
    run --separate-stderr bin/cv-play --games 1 --seed 3 --depth 1 --max-moves 6
    expect 0 '[Event "cvkit self-play"]
[Site "?"]
[Date "1970.01.01"]
[Round "1"]
[White "cvkit depth 1"]
[Black "cvkit depth 1"]
[Result "*"]

1. e4 a5 2. Bc4 h5 3. Qe2 a4 *' "cv-play: 1 game of chess: 0 won by White, 0 by Black, 0 drawn, 1 unfinished; 6 moves"
}

@test "self-play: the same seed gives the same games; game K of a run is game 1 of seed S+K-1" {
    bin/cv-play --games 5 --seed 11 --depth 1 -q > "$T/a"
    bin/cv-play --games 5 --seed 11 --depth 1 -q > "$T/b"
    [ "$(grep -c '^\[Round ' "$T/a")" -eq 5 ]
    cmp "$T/a" "$T/b"
    run bash -c "diff <(bin/cv-play --games 3 --seed 11 --depth 1 -q | awk '/Round \"3\"/{p=1} p&&/^1\\./{q=1} q' ) \
                      <(bin/cv-play --games 1 --seed 13 --depth 1 -q | sed -n '/^1\\./,\$p')"
    [ "$status" -eq 0 ]
    [ "$output" = "" ]
    # another seed, other games
    run bash -c 'cmp <(bin/cv-play --games 1 --seed 11 --depth 1 -q) <(bin/cv-play --games 1 --seed 12 --depth 1 -q)'
    [ "$status" -eq 1 ]
}

@test "self-play: --nodes names the player so, and --depth with --nodes is refused" {
    run --separate-stderr bash -c 'bin/cv-play --games 1 --seed 1 --nodes 200 --max-moves 2 -q | grep -E "^\[(White|Black) "'
    expect 0 '[White "cvkit nodes 200"]
[Black "cvkit nodes 200"]' ""
    run --separate-stderr bin/cv-play --games 1 --depth 2 --nodes 100
    expect 2 "" "cv-play: error: --depth and --nodes: give one of them
Try 'cv-play --help' for more information."
}

@test "cv-play with no mode and a first line that names no protocol: usage error" {
    run --separate-stderr bin/cv-play <<< "hello"
    expect 2 "" "cv-play: error: give --games N, --xboard or --uci (standard input began with 'hello', not xboard or uci)
Try 'cv-play --help' for more information."
}

@test "self-play --json: one object a game, its end said, the moves in the engine's notation" {
    run --separate-stderr bin/cv-play --games 2 --seed 3 --depth 1 --max-moves 6 -j -q
    expect 0 '{"round":1,"variant":"chess","result":"*","end":null,"plies":6,"moves":["e4","a5","Bc4","h5","Qe2","a4"]}
{"round":2,"variant":"chess","result":"*","end":null,"plies":6,"moves":["h3","c6","b3","Na6","Na3","Nb8"]}' ""
    run --separate-stderr bash -c "bin/cv-play --games 3 --seed 1 --depth 1 -j -q | jq -r '[.round,.result,.end,.plies,(.moves|length)]|@tsv'"
    expect 0 "1	1/2-1/2	Draw by repetition	48	48
2	0-1	Black mates	44	44
3	1/2-1/2	Draw by repetition	26	26" ""
}

@test "options that do not go together: said, exit 2" {
    local args want
    while IFS='@' read -r args want; do
        run --separate-stderr bin/cv-play $args
        expect 2 "" "cv-play: error: $want
Try 'cv-play --help' for more information." || { echo "# $args"; return 1; }
    done <<'CASES'
--xboard --games 2@--games plays against itself: not with --xboard or --uci
--uci -o x.pgn@--output is for --games
--uci -j@--json is for --games (the protocols have their own output)
--games 1 -j --format pgn@--json and --format: give one of them
--games 1 extra@unexpected operand 'extra'
CASES
}
