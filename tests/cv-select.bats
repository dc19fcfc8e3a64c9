#!/usr/bin/env bats
# cv-select: games chosen by tag, plies, ending, position and duplicate
# moves, written as read (bin/cv-select.c, lib/select/, lib/record/asread.c).
# The chosen games are named with --list (FILE:LINE: game N) so that every
# case asserts exactly which games, in which order.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    CV="${CV_SELECT:-$ROOT/bin/cv-select}"
    REPLAY="$ROOT/bin/cv-replay"
    export CVKIT_SPECS="${CVKIT_SPECS:-$ROOT/specs}"
    T="$BATS_TEST_TMPDIR"
    # paths in the output are as given: relative to the tree
    cd "$ROOT"
}

# check 'ARGS' 'EXPECTED --list OUTPUT': one case of a table, exit 0, no
# standard error (warnings off).
check() {
    local args=$1 want=$2
    # shellcheck disable=SC2086
    run --separate-stderr "$CV" -q --list $args
    expect 0 "$want" "" || { echo "# cv-select -q --list $args"; return 1; }
}

@test "--help, --version" {
    run --separate-stderr "$CV" --help
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "Usage: cv-select [OPTION]... [FILE|DIR]..." ]
    [[ "$output" == *"--report-duplicates[=FILE]"* ]]
    run --separate-stderr "$CV" --version
    expect 0 "cv-select (cvkit) 0.1.0" ""
}

@test "chess: tags, exact, prefix, substring, regular expression, numbers, dates" {
    P=corpus/chess/pgn
    check "--tag White=Carlsen,_Magnus $P" ""
    run --separate-stderr "$CV" -q --list --tag 'White=Carlsen, Magnus' $P
    expect 0 "corpus/chess/pgn/cv_carlsen-ernst-2004.pgn:1: game 1" ""
    check "--tag White~^Kasp $P" "corpus/chess/pgn/cv_kasparov-topalov-1999.pgn:1: game 1"
    check "--tag White^=Kasparov $P" "corpus/chess/pgn/cv_kasparov-topalov-1999.pgn:1: game 1"
    check "--tag Event*=Olympiad $P/pe_fischer.pgn" "corpus/chess/pgn/pe_fischer.pgn:266: game 16
corpus/chess/pgn/pe_fischer.pgn:335: game 20
corpus/chess/pgn/pe_fischer.pgn:463: game 28
corpus/chess/pgn/pe_fischer.pgn:482: game 29"
    check "--tag WhiteElo>=2800 $P" "corpus/chess/pgn/cl_magnus-grischuk.pgn:1: game 1"
    check "--tag Date<1900 $P" "corpus/chess/pgn/cv_anderssen-dufresne-1852.pgn:1: game 1
corpus/chess/pgn/cv_anderssen-kieseritzky-1851.pgn:1: game 1
corpus/chess/pgn/cv_lasker-bauer-1889.pgn:1: game 1
corpus/chess/pgn/cv_morphy-opera-1858.pgn:1: game 1
corpus/chess/pgn/cv_saavedra-1895.pgn:1: game 1"
    check "--tag Date>=2023.06 $P" "corpus/chess/pgn/cl_fishtest-fastchess.pgn:1: game 1
corpus/chess/pgn/cl_fishtest-fastchess.pgn:39: game 2
corpus/chess/pgn/cl_fishtest-fastchess.pgn:81: game 3
corpus/chess/pgn/cl_fishtest-fastchess.pgn:126: game 4
corpus/chess/pgn/pe_bots.pgn:236: game 11
corpus/chess/pgn/pe_bots.pgn:257: game 12"
    # two text tests of one tag: either; of two tags: both
    check "--tag White^=Kasp --tag White^=Carlsen $P" "corpus/chess/pgn/cl_magnus-grischuk.pgn:1: game 1
corpus/chess/pgn/cv_carlsen-ernst-2004.pgn:1: game 1
corpus/chess/pgn/cv_kasparov-topalov-1999.pgn:1: game 1"
    check "--tag White^=Kasp --tag Black^=Carlsen $P" ""
    check "--player Fischer --result 0-1 $P/pe_fischer.pgn $P/cv_byrne-fischer-1956.pgn" "corpus/chess/pgn/pe_fischer.pgn:100: game 7
corpus/chess/pgn/pe_fischer.pgn:118: game 8
corpus/chess/pgn/pe_fischer.pgn:166: game 11
corpus/chess/pgn/pe_fischer.pgn:335: game 20
corpus/chess/pgn/pe_fischer.pgn:567: game 34
corpus/chess/pgn/cv_byrne-fischer-1956.pgn:1: game 1"
    check "--event Tata --tag Round!=1 $P" ""
}

@test "dates with unknown parts compare only when every date they may be does" {
    cat > "$T/d.pgn" << 'EOF'
[Date "1999.??.??"]
[White "a"]

1. e4 *

[Date "1999.06.??"]
[White "b"]

1. d4 *

[Date "????.??.??"]
[White "c"]

1. c4 *

[Date "2000.01.01"]
[White "d"]

1. Nf3 *
EOF
    run --separate-stderr "$CV" --list --tag 'Date<2000' "$T/d.pgn"
    expect 0 "$T/d.pgn:1: game 1
$T/d.pgn:6: game 2" ""
    run --separate-stderr "$CV" --list --tag 'Date>=1999.06.01' "$T/d.pgn"
    expect 0 "$T/d.pgn:6: game 2
$T/d.pgn:16: game 4" ""
    run --separate-stderr "$CV" --list --tag 'Date<=1999.06' "$T/d.pgn"
    expect 0 "$T/d.pgn:6: game 2" ""
    run --separate-stderr "$CV" --list --tag 'Date>1999' "$T/d.pgn"
    expect 0 "$T/d.pgn:16: game 4" ""
    # and --not: the others, the unknown year among them
    run --separate-stderr "$CV" --list --not --tag 'Date<2000' "$T/d.pgn"
    expect 0 "$T/d.pgn:11: game 3
$T/d.pgn:16: game 4" ""
}

@test "chess: plies, endings, negation" {
    P=corpus/chess/pgn
    check "--plies <=10 $P" "corpus/chess/pgn/cv_composed-promotions.pgn:1: game 1
corpus/chess/pgn/cv_composed-promotions.pgn:13: game 2
corpus/chess/pgn/cv_opening-lines.pgn:1: game 1
corpus/chess/pgn/cv_opening-lines.pgn:13: game 2
corpus/chess/pgn/pc_molinari-bordais-1979.pgn:1: game 1
corpus/chess/pgn/pe_bots.pgn:193: game 9
corpus/chess/pgn/pe_bots.pgn:236: game 11"
    check "--plies 150..400 $P" "corpus/chess/pgn/cl_multiple.pgn:107: game 3
corpus/chess/pgn/pc_stockfish-learning.pgn:1: game 1
corpus/chess/pgn/pe_fischer.pgn:203: game 13
corpus/chess/pgn/pe_petrosian.pgn:214: game 15
corpus/chess/pgn/pe_petrosian.pgn:251: game 17
corpus/chess/pgn/pe_test-hash.pgn:203: game 13"
    check "--ending stalemate $P" "corpus/chess/pgn/cv_loyd-stalemate.pgn:1: game 1"
    check "--ending mate $P" "corpus/chess/pgn/cv_anderssen-dufresne-1852.pgn:1: game 1
corpus/chess/pgn/cv_anderssen-kieseritzky-1851.pgn:1: game 1
corpus/chess/pgn/cv_byrne-fischer-1956.pgn:1: game 1
corpus/chess/pgn/cv_carlsen-ernst-2004.pgn:1: game 1
corpus/chess/pgn/cv_lasker-thomas-1912.pgn:1: game 1
corpus/chess/pgn/cv_morphy-opera-1858.pgn:1: game 1
corpus/chess/pgn/cv_opening-lines.pgn:1: game 1
corpus/chess/pgn/cv_opening-lines.pgn:13: game 2
corpus/chess/pgn/cv_reti-tartakower-1910.pgn:1: game 1
corpus/chess/pgn/pc_molinari-bordais-1979.pgn:1: game 1
corpus/chess/pgn/pe_bots.pgn:172: game 8
corpus/chess/pgn/pe_bots.pgn:213: game 10
corpus/chess/pgn/pe_bots.pgn:257: game 12"
    check "--ending mate,stalemate $P/cv_loyd-stalemate.pgn $P/cv_lasker-bauer-1889.pgn $P/cv_byrne-fischer-1956.pgn" \
        "corpus/chess/pgn/cv_loyd-stalemate.pgn:1: game 1
corpus/chess/pgn/cv_byrne-fischer-1956.pgn:1: game 1"
    check "--ending mate,stalemate --plies >40 $P/cv_loyd-stalemate.pgn $P/cv_lasker-bauer-1889.pgn $P/cv_byrne-fischer-1956.pgn" \
        "corpus/chess/pgn/cv_byrne-fischer-1956.pgn:1: game 1"
    check "--ending unfinished $P" "corpus/chess/pgn/cv_composed-promotions.pgn:1: game 1
corpus/chess/pgn/cv_composed-promotions.pgn:13: game 2
corpus/chess/pgn/cv_opening-lines.pgn:25: game 3
corpus/chess/pgn/cv_opening-lines.pgn:38: game 4"
    check "--ending resignation $P/cv_lasker-bauer-1889.pgn $P/cv_morphy-opera-1858.pgn" \
        "corpus/chess/pgn/cv_lasker-bauer-1889.pgn:1: game 1"
    check "--ending draw $P/pe_fischer.pgn" "corpus/chess/pgn/pe_fischer.pgn:1: game 1
corpus/chess/pgn/pe_fischer.pgn:68: game 5
corpus/chess/pgn/pe_fischer.pgn:148: game 10
corpus/chess/pgn/pe_fischer.pgn:186: game 12
corpus/chess/pgn/pe_fischer.pgn:203: game 13
corpus/chess/pgn/pe_fischer.pgn:228: game 14
corpus/chess/pgn/pe_fischer.pgn:247: game 15
corpus/chess/pgn/pe_fischer.pgn:281: game 17
corpus/chess/pgn/pe_fischer.pgn:410: game 25
corpus/chess/pgn/pe_fischer.pgn:427: game 26
corpus/chess/pgn/pe_fischer.pgn:446: game 27
corpus/chess/pgn/pe_fischer.pgn:463: game 28
corpus/chess/pgn/pe_fischer.pgn:514: game 31"
    # counts: all, a condition and its negation make a partition
    run --separate-stderr "$CV" -q --count $P
    expect 0 164 ""
    run --separate-stderr "$CV" -q --count --ending mate $P
    expect 0 13 ""
    run --separate-stderr "$CV" -q --count --not --ending mate $P
    expect 0 151 ""
}

@test "every game type: endings, plies and variants by the engine's replay" {
    # table: ARGS | count
    while IFS='|' read -r args want; do
        # shellcheck disable=SC2086
        run --separate-stderr "$CV" -q --count $args
        expect 0 "$want" "" || { echo "# cv-select -q --count $args"; return 1; }
    done << 'EOF'
--ending mate corpus/trid/selfplay-standard.games|128
--ending unfinished corpus/trid/selfplay-standard.games|172
--ending mate --plies <40 corpus/trid/selfplay-standard.games|3
--ending mate corpus/trid/game1-gamelist.txt corpus/trid/game2-gamelist.txt corpus/trid/game1.pgn|3
--ending king-captured corpus/parallelworlds/selfplay.games|140
--ending mate corpus/parallelworlds/selfplay.games|0
--ending king-captured corpus/parallelworlds/game1-every-rule.pgn corpus/parallelworlds/game2-black-wins.pgn|2
--ending king-captured corpus/chess/pgn corpus/trid/selfplay-standard.games corpus/doublechess/selfplay.games|0
--ending unfinished corpus/parallelworlds|1
--ending mate corpus/doublechess/selfplay.games|178
--ending draw corpus/doublechess/selfplay.games|22
--game-variant doublechess corpus/doublechess/short-williams-1999.pgn corpus/chess/pgn/cv_opening-lines.pgn|1
--ending draw corpus/capablanca/selfplay.games|46
-V panoply-testarmy --ending mate corpus/panoply/selfplay-testarmy.games|66
-V panoply-testarmy --ending stalemate corpus/panoply/selfplay-testarmy.games|4
-V panoply-testarmy --ending draw corpus/panoply/selfplay-testarmy.games|30
--ending stalemate corpus/panoply/game1-random-play.txt|1
--ending mate corpus/panoply/game2-frozen-king-mated.txt|1
--ending draw corpus/panoply/sample-log.txt|1
EOF
    # tags of every record format: a listing's and a log's `// [Name "value"]`
    check "--tag Round~^1[0-2]$ corpus/trid/selfplay-standard.games" "corpus/trid/selfplay-standard.games:335: game 10
corpus/trid/selfplay-standard.games:396: game 11
corpus/trid/selfplay-standard.games:447: game 12"
    check "-V panoply-testarmy --tag Round=17 corpus/panoply/selfplay-testarmy.games" "corpus/panoply/selfplay-testarmy.games:1782: game 17"
    check "--tag Event*=every corpus/parallelworlds" "corpus/parallelworlds/game1-every-rule.pgn:1: game 1"
    check "--tag Round>=150 --ending draw corpus/doublechess/selfplay.games" "corpus/doublechess/selfplay.games:3045: game 164
corpus/doublechess/selfplay.games:3153: game 170
corpus/doublechess/selfplay.games:3250: game 175
corpus/doublechess/selfplay.games:3294: game 177
corpus/doublechess/selfplay.games:3314: game 178
corpus/doublechess/selfplay.games:3603: game 193"
    check "--ending mate --plies <40 corpus/trid/selfplay-standard.games" "corpus/trid/selfplay-standard.games:807: game 20
corpus/trid/selfplay-standard.games:1201: game 29
corpus/trid/selfplay-standard.games:6733: game 145"
    check "-V panoply-testarmy --ending stalemate corpus/panoply/selfplay-testarmy.games" "corpus/panoply/selfplay-testarmy.games:2406: game 21
corpus/panoply/selfplay-testarmy.games:5496: game 45
corpus/panoply/selfplay-testarmy.games:6062: game 50
corpus/panoply/selfplay-testarmy.games:10199: game 86"
}

@test "--position: a position reached, in each game's own position text" {
    # the position after the 10th ply of one game, as cv-replay writes it;
    # every record of that game reaches it (Tri-D: the listing and the PGN)
    while read -r game want; do
        pos=$("$REPLAY" --fen "$game" | sed -n 10p | cut -f3)
        [ -n "$pos" ]
        run --separate-stderr "$CV" -q --list --position "$pos" "$(dirname "$game")"
        expect 0 "${want//;/$'\n'}" "" || { echo "# $game: $pos"; return 1; }
    done << 'EOF'
corpus/trid/game1-gamelist.txt corpus/trid/game1-gamelist.txt:1: game 1;corpus/trid/game1.pgn:1: game 1
corpus/panoply/game2-frozen-king-mated.txt corpus/panoply/game2-frozen-king-mated.txt:1: game 1
corpus/parallelworlds/game2-black-wins.pgn corpus/parallelworlds/game2-black-wins.pgn:1: game 1
corpus/doublechess/short-williams-1999.pgn corpus/doublechess/short-williams-1999.pgn:1: game 1
EOF
    # chess: 1. e4 c5, with or without its en passant square, not the counters
    for fen in 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2' \
               'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 7 30'; do
        run --separate-stderr "$CV" -q --count --position "$fen" corpus/chess/pgn
        expect 0 11 ""
    done
    # the same board with Black to move is another position
    run --separate-stderr "$CV" -q --count --position 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2' corpus/chess/pgn
    expect 0 0 ""
    # the start position: every game that starts there
    run --separate-stderr "$CV" -q --count --position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' corpus/chess/pgn/pe_fischer.pgn
    expect 0 34 ""
    # a text no game's variant reads is said
    run --separate-stderr "$CV" -q --count --position 'nonsense' corpus/chess/pgn/cv_saavedra-1895.pgn
    expect 0 0 "cv-select: warning: --position 'nonsense' is a position of none of the games' variants"
}

# A file of games built from the corpus: copies and truncations.
dupes_file() {
    local f=corpus/chess/pgn
    {
        cat $f/cv_morphy-opera-1858.pgn; echo
        cat $f/cv_saavedra-1895.pgn; echo
        # a copy of game 1 with other tags and a comment: the same moves
        sed -e 's/^\[Event .*/[Event "copy"]/' -e 's/1\. e4/1. e4 {a comment}/' $f/cv_morphy-opera-1858.pgn; echo
        # the first 10 plies of game 1: its start
        printf '[Event "start"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 *\n\n'
        # a copy of that start, written in LAN
        printf '[Event "start, LAN"]\n\n1. e2-e4 e7-e5 2. Ng1-f3 d7-d6 3. d2-d4 Bc8-g4 4. d4xe5 Bg4xf3 5. Qd1xf3 d6xe5 *\n\n'
        # 1. e4 alone: the start of game 1, and written before game 6
        printf '[Event "e4"]\n\n1. e4 *\n\n'
        # a game that 1. e4 begins, met after it
        printf '[Event "e4 e6"]\n\n1. e4 e6 *\n'
    } > "$T/dupes.pgn"
}

@test "duplicates: same moves whatever the notation, tags and comments; --unique, --duplicates, the report" {
    dupes_file
    D="$T/dupes.pgn"
    run --separate-stderr "$CV" --list --duplicates "$D"
    expect 0 "$D:28: game 3
$D:46: game 5" ""
    run --separate-stderr "$CV" --list --unique "$D"
    expect 0 "$D:1: game 1
$D:15: game 2
$D:42: game 4
$D:50: game 6
$D:54: game 7" ""
    run --separate-stderr "$CV" --count --report-duplicates "$D"
    expect 0 7 "$D:28:1: note: game 3: the same moves as game 1 ($D:1:1)
$D:46:1: note: game 5: the same moves as game 4 ($D:42:1)"
    # to a file: the same lines, nothing on standard error
    run --separate-stderr "$CV" --count --unique --report-duplicates="$T/rep.txt" "$D"
    expect 0 5 ""
    [ "$(cat "$T/rep.txt")" = "$D:28:1: note: game 3: the same moves as game 1 ($D:1:1)
$D:46:1: note: game 5: the same moves as game 4 ($D:42:1)" ]
}

@test "--prefix: a game whose moves begin another's is a duplicate too, before or after it" {
    dupes_file
    D="$T/dupes.pgn"
    run --separate-stderr "$CV" --list --unique --prefix --report-duplicates "$D"
    expect 0 "$D:1: game 1
$D:15: game 2
$D:54: game 7" "$D:28:1: note: game 3: the same moves as game 1 ($D:1:1)
$D:42:1: note: game 4: the start of game 1 ($D:1:1)
$D:46:1: note: game 5: the same moves as game 4 ($D:42:1)
$D:50:1: note: game 6: the start of game 1 ($D:1:1)"
    run --separate-stderr "$CV" --list --duplicates --prefix "$D"
    expect 0 "$D:28: game 3
$D:42: game 4
$D:46: game 5
$D:50: game 6" ""
    # standard input cannot be read twice
    run --separate-stderr "$CV" --unique --prefix < "$D"
    expect 2 "" "cv-select: error: --prefix reads its inputs twice, which standard input cannot be: give files
Try 'cv-select --help' for more information."
}

@test "the corpus's duplicates, and the same with --prefix" {
    run --separate-stderr "$CV" -q --count --unique corpus/chess/pgn
    expect 0 122 ""
    run --separate-stderr "$CV" -q --count --duplicates corpus/chess/pgn
    expect 0 42 ""
    run --separate-stderr "$CV" -q --count --unique --prefix corpus/chess/pgn
    expect 0 121 ""
    run --separate-stderr "$CV" -q --list --duplicates --prefix corpus/chess/pgn/pe_bots.pgn corpus/chess/pgn/cv_anderssen-dufresne-1852.pgn
    expect 0 "corpus/chess/pgn/pe_bots.pgn:193: game 9" ""
}

# The bytes of FILE up to the size of OUT equal OUT, and what follows in
# FILE is line breaks only (what follows the last game is no game's).
same_as_file() {
    local out=$1 file=$2 n
    n=$(stat -c %s "$out")
    [ "$n" -gt 0 ]
    head -c "$n" "$file" | cmp - "$out"
    [ -z "$(tail -c +$((n + 1)) "$file" | tr -d '\r\n')" ]
}

@test "every game written byte for byte: all the games of a file are the file, in every format" {
    local n=0
    for f in corpus/chess/pgn/pe_najdorf.pgn corpus/chess/pgn/pe_fischer.pgn corpus/trid/game1-gamelist.txt \
             corpus/trid/selfplay-standard.games corpus/panoply/sample-log.txt corpus/panoply/game1-random-play.txt \
             corpus/parallelworlds/game1-every-rule.pgn corpus/parallelworlds/selfplay.games \
             corpus/doublechess/short-williams-1999.pgn corpus/doublechess/selfplay.games corpus/capablanca/selfplay.games; do
        "$CV" -q "$f" > "$T/out"
        same_as_file "$T/out" "$f" || { echo "# $f"; return 1; }
        n=$((n + 1))
    done
    [ "$n" -eq 11 ]
    # a chosen game alone: its own lines, the blank line before it kept
    "$CV" -q --unique --tag 'Black^=Gretarsson' --tag Round=8 corpus/chess/pgn/pe_najdorf.pgn > "$T/one"
    sed -n 17,28p corpus/chess/pgn/pe_najdorf.pgn | cmp - "$T/one"
}

@test "--rest: the chosen and the rest are a partition; -o; --jobs gives the same bytes" {
    P=corpus/chess/pgn/pe_fischer.pgn
    run --separate-stderr "$CV" -q --result 1-0 --rest "$T/rest.pgn" --output "$T/won.pgn" $P
    expect 0 "" ""
    "$CV" -q --not --result 1-0 --rest "$T/rest2.pgn" $P > "$T/notwon.pgn"
    cmp "$T/won.pgn" "$T/rest2.pgn"
    cmp "$T/rest.pgn" "$T/notwon.pgn"
    [ "$(grep -c '^\[Event ' "$T/won.pgn")" -eq 16 ]
    [ "$(grep -c '^\[Event ' "$T/rest.pgn")" -eq 18 ]
    # both together are the file's games, in order: every tag line once
    sort "$T/won.pgn" "$T/rest.pgn" | grep '^\[' > "$T/both"
    grep '^\[' $P | sort | cmp - "$T/both"
    for jobs in 2 3; do
        "$CV" -q --result 1-0 --jobs $jobs --chunk-bytes 3000 --rest "$T/rest3.pgn" $P > "$T/won3.pgn"
        cmp "$T/won.pgn" "$T/won3.pgn"
        cmp "$T/rest.pgn" "$T/rest3.pgn"
    done
}

@test "--json: one object a game, the same with --jobs" {
    run --separate-stderr "$CV" -j --ending stalemate corpus/chess/pgn corpus/panoply/game1-random-play.txt
    expect 0 '{"file":"corpus/chess/pgn/cv_loyd-stalemate.pgn","game":1,"line":1,"col":1,"tags":{"Event":"Shortest stalemate (composed game)","Site":"?","Date":"????.??.??","Round":"-","White":"Loyd, Samuel (composition)","Black":"Loyd, Samuel (composition)","Result":"1/2-1/2","PlyCount":"19"},"variant":"chess","valid":true,"plies":19,"ending":"stalemate"}
{"file":"corpus/panoply/game1-random-play.txt","game":1,"line":1,"col":1,"tags":{"Event":"cvkit constructed game: seeded random play","Site":"cvkit corpus","White":"random play","Black":"random play","FEN":"rcgkgcr/s1{b2}hh{b1}1s/p2{b2}1{b1}2p/1p1p2p1p1/11/12/13/-12/--11/---1P1P2P1P1/----P2{B1}1{B2}2P/-----S1{B1}HH{B2}1S/------RCGKGCR w 0 1"},"variant":"panoply","valid":true,"plies":164,"ending":"stalemate"}' ""
    "$CV" -q -j --jobs 1 --tag 'Date<2000' corpus/chess/pgn > "$T/one.json"
    "$CV" -q -j --jobs 2 --chunk-bytes 2000 --tag 'Date<2000' corpus/chess/pgn > "$T/two.json"
    cmp "$T/one.json" "$T/two.json"
    [ "$(wc -l < "$T/one.json")" -eq 132 ]
}

@test "a game that cannot be replayed: said, chosen by its tags only, exit 1" {
    cat > "$T/bad.pgn" << 'EOF'
[White "Alpha"]

1. e4 e5 2. Ke3 *

[White "Alpha"]

1. d4 d5 *
EOF
    run --separate-stderr "$CV" --list --player Alpha "$T/bad.pgn"
    expect 1 "$T/bad.pgn:1: game 1
$T/bad.pgn:5: game 2" "$T/bad.pgn:3:13: error: game 1 (Alpha - ?): 2. Ke3: no white king can move to e3"
    run --separate-stderr "$CV" --list --plies '>=0' "$T/bad.pgn"
    expect 1 "$T/bad.pgn:5: game 2" "$T/bad.pgn:3:13: error: game 1 (Alpha - ?): 2. Ke3: no white king can move to e3"
    run --separate-stderr "$CV" --list --not --plies '>=0' "$T/bad.pgn"
    expect 1 "$T/bad.pgn:1: game 1" "$T/bad.pgn:3:13: error: game 1 (Alpha - ?): 2. Ke3: no white king can move to e3"
}

@test "bad options: exit 2, the option and the reason" {
    while IFS='|' read -r opt value why; do
        run --separate-stderr "$CV" "$opt" "$value" corpus/chess/pgn/cv_saavedra-1895.pgn
        expect 2 "" "cv-select: error: $opt '$value': $why
Try 'cv-select --help' for more information." || return 1
    done << 'EOF'
--tag|White~(|bad regular expression at offset 1: missing closing parenthesis
--tag|White|no operator after the tag name 'White' (=, !=, ^=, *=, ~, <, <=, >, >=)
--tag|=Tal|no tag name before '='
--tag|WhiteElo>=high|'high' is not a number (a comparison of WhiteElo compares numbers)
--tag|Date<1999.13.01|'1999.13.01' is not a date (YYYY, YYYY.MM or YYYY.MM.DD)
--plies|ten|not N, =N, <N, <=N, >N, >=N or A..B (whole numbers of plies)
--plies|<0|not N, =N, <N, <=N, >N, >=N or A..B (whole numbers of plies)
--plies|>99999999999999999999|not N, =N, <N, <=N, >N, >=N or A..B (whole numbers of plies)
--plies|x..10|not N, =N, <N, <=N, >N, >=N or A..B (whole numbers of plies)
--ending|checkmate|'checkmate' is not one of mate, stalemate, king-captured, resignation, draw, unfinished
--result|2-0|not a result (1-0, 0-1, 1/2-1/2 or *)
EOF
    run --separate-stderr "$CV" --duplicates --unique corpus/chess/pgn/cv_saavedra-1895.pgn
    expect 2 "" "cv-select: error: --duplicates writes the games --unique leaves out: give one of them
Try 'cv-select --help' for more information."
    run --separate-stderr "$CV" --prefix corpus/chess/pgn/cv_saavedra-1895.pgn
    expect 2 "" "cv-select: error: --prefix changes what --duplicates, --unique and --report-duplicates find: give one of them
Try 'cv-select --help' for more information."
    run --separate-stderr "$CV" --json --count corpus/chess/pgn/cv_saavedra-1895.pgn
    expect 2 "" "cv-select: error: --count, --list and --json each replace the games written: give one of them
Try 'cv-select --help' for more information."
    # the letters of other tools' options are none of cv-select's
    for o in -c -v -o; do
        run --separate-stderr "$CV" $o x corpus/chess/pgn/cv_saavedra-1895.pgn
        expect 2 "" "cv-select: error: unknown option '$o'
Try 'cv-select --help' for more information." || return 1
    done
    # an output that is an input: nothing written, the input untouched
    cp corpus/chess/pgn/cv_saavedra-1895.pgn "$T/s.pgn"
    run --separate-stderr "$CV" --output "$T/s.pgn" "$T/s.pgn"
    expect 2 "" "cv-select: error: $T/s.pgn: the output is also an input; nothing written"
    cmp "$T/s.pgn" corpus/chess/pgn/cv_saavedra-1895.pgn
    run --separate-stderr "$CV" --rest "$T/s.pgn" "$T"
    [ "$status" -eq 2 ]
}

# The games of a PGN file, one line each: their White, Black, Date and
# Round tag lines ("?" for a missing one), whoever wrote the file (pgn-extract
# rewrites the games it writes, cv-select writes them as read).
game_keys() {
    awk 'function flush() { if (n) print w "|" b "|" d "|" r; n = 0 }
    /^\[[A-Za-z0-9_]+ "/ {
        if (!tags) { flush(); tags = 1; n = 1; w = "[White \"?\"]"; b = "[Black \"?\"]"; d = "[Date \"?\"]"; r = "[Round \"?\"]" }
        if (/^\[White /) w = $0; if (/^\[Black /) b = $0; if (/^\[Date /) d = $0; if (/^\[Round /) r = $0; next }
    /[^[:space:]]/ { tags = 0 }
    END { flush() }' "$1"
}

@test "the same games as pgn-extract, game for game, for the tag, ending and duplicate cases both have" {
    # pgn-extract where its package put it (Debian: not on every PATH)
    PE=$(dpkg -L pgn-extract | while read -r p; do if [ -f "$p" ] && [ -x "$p" ]; then echo "$p"; fi; done | head -1)
    [ -x "$PE" ]
    # the bench's file: the corpus's PGN files one after another
    for f in corpus/chess/pgn/*.pgn; do cat "$f"; printf '\n'; done > "$T/big.pgn"
    printf 'Date < "1900"\n' > "$T/old.tags"
    printf 'Date >= "2023"\n' > "$T/new.tags"
    printf 'WhiteElo >= "2700"\n' > "$T/elo.tags"
    local n=0
    # pgn-extract's options | cv-select's | games chosen
    while IFS='|' read -r pe cv want; do
        # shellcheck disable=SC2086
        (cd "$T" && "$PE" -s $pe -o pe.pgn big.pgn 2> /dev/null)
        # shellcheck disable=SC2086
        "$CV" -q $cv "$T/big.pgn" > "$T/cv.pgn"
        game_keys "$T/pe.pgn" > "$T/pe.keys"
        game_keys "$T/cv.pgn" > "$T/cv.keys"
        diff "$T/pe.keys" "$T/cv.keys" || { echo "# pgn-extract $pe, cv-select $cv"; return 1; }
        [ "$(wc -l < "$T/cv.keys")" -eq "$want" ] || { echo "# $cv: $(wc -l < "$T/cv.keys") games"; return 1; }
        n=$((n + 1))
    done << 'EOF'
-Tr1-0|--result 1-0|68
-Tr0-1|--result 0-1|31
-Tr1/2|--result 1/2-1/2|61
-TwKasparov|--tag White^=Kasparov|1
-TbFischer|--tag Black^=Fischer|2
--tagsubstr -TpCarlsen|--player Carlsen|2
-TeB|--tag ECO^=B|13
-told.tags|--tag Date<1900|5
-tnew.tags|--tag Date>=2023|7
-telo.tags|--tag WhiteElo>=2700|2
-D|--unique|122
-M|--ending mate|13
--stalemate|--ending stalemate|1
EOF
    [ "$n" -eq 13 ]
    # the later copies: pgn-extract -d writes them to a file of their own
    (cd "$T" && "$PE" -s -ddupes.pgn -o /dev/null big.pgn 2> /dev/null)
    "$CV" -q --duplicates "$T/big.pgn" > "$T/cv.pgn"
    game_keys "$T/dupes.pgn" > "$T/pe.keys"
    game_keys "$T/cv.pgn" > "$T/cv.keys"
    diff "$T/pe.keys" "$T/cv.keys"
    [ "$(wc -l < "$T/cv.keys")" -eq 42 ]
}
