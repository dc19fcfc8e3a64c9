#!/usr/bin/env bats
# Panoply games as records: Game Courier logs (gclog) replayed, converted
# and refused where a format cannot hold them; the perft suite of the
# independent reference; the test army spec that inherits panoply.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.."
    export CVKIT_SPECS="$PWD/specs"
}

G1=corpus/panoply/game1-random-play.txt
ARMY='rcgkgcr/s1{b2}hh{b1}1s/p2{b2}1{b1}2p/1p1p2p1p1/11/12/13/-12/--11/---1P1P2P1P1/----P2{B1}1{B2}2P/-----S1{B1}HH{B2}1S/------RCGKGCR w 0 1'

@test "the perft suite: 38 positions, 114 counts of the independent reference, all agree" {
    run --separate-stderr bin/cv-perft --suite corpus/panoply/perft.txt -d 3
    expect 0 "corpus/panoply/perft.txt: 114 counts checked, 0 mismatched" ""
}

@test "the test army spec inherits panoply and adds its setup: perft 1, 2, 3" {
    run --separate-stderr bin/cv-perft -V panoply-testarmy -d 1
    expect 0 "112" ""
    run --separate-stderr bin/cv-perft -V "panoply test army" -d 2
    expect 0 "12272" ""
    run --separate-stderr bin/cv-perft --spec specs/panoply-testarmy.yaml -d 3
    expect 0 "1395780" ""
    # the pawn slides up its file as far as it likes; Black's slides down
    run --separate-stderr bin/cv-legal -V panoply-testarmy --start --apply 'P e4-e11 p i10-i5'
    expect 0 "rcgkgcr/s1{b2}hh{b1}1s/p2{b2}P{b1}2p/1p1p2p3/11/12/13/-12/--6p4/---3P2P1P1/----P2{B1}1{B2}2P/-----S1{B1}HH{B2}1S/------RCGKGCR w 0 2" ""
}

@test "a 164-ply game log replays to its final position: White, stalemated, has lost" {
    run --separate-stderr bin/cv-replay --json "$G1"
    expect 0 '{"file":"corpus/panoply/game1-random-play.txt","game":1,"line":1,"col":1,"tags":{"Event":"cvkit constructed game: seeded random play","Site":"cvkit corpus","White":"random play","Black":"random play","FEN":"rcgkgcr/s1{b2}hh{b1}1s/p2{b2}1{b1}2p/1p1p2p1p1/11/12/13/-12/--11/---1P1P2P1P1/----P2{B1}1{B2}2P/-----S1{B1}HH{B2}1S/------RCGKGCR w 0 1"},"white":"random play","black":"random play","valid":true,"plies":164,"result":"0-1","final":"7/8/6c2/10/7k3/12/6h6/-1r10/--s10/---7r2/----8K/-----3p4/------7 w 0 83","mate":false,"stalemate":true,"problems":[]}' ""
    run --separate-stderr bin/cv-replay --check corpus/panoply
    expect 0 "3 files, 3 games, 3 valid, 0 invalid, 0 warnings" ""
}

@test "a 91-ply game log ends in checkmate of a King a Herald freezes" {
    run --separate-stderr bin/cv-replay --json corpus/panoply/game2-frozen-king-mated.txt
    expect 0 '{"file":"corpus/panoply/game2-frozen-king-mated.txt","game":1,"line":1,"col":1,"tags":{"Event":"cvkit constructed game: seeded random play","Site":"cvkit corpus","White":"random play","Black":"random play","FEN":"rcgkgcr/s1{b2}hh{b1}1s/p2{b2}1{b1}2p/1p1p2p1p1/11/12/13/-12/--11/---1P1P2P1P1/----P2{B1}1{B2}2P/-----S1{B1}HH{B2}1S/------RCGKGCR w 0 1"},"white":"random play","black":"random play","valid":true,"plies":91,"result":"1-0","final":"4kH1/{b2}{b2}g5/9/2Ch6/4H3S2/12/1P11/-12/--11/---2{B1}{B1}1HR3/----P8/-----g7/------2GKG2 b 2 46","mate":true,"stalemate":false,"problems":[]}' ""
    # the Black King on e13 cannot move: the White Herald on f13 freezes it
    run --separate-stderr bin/cv-legal -V panoply --fen '4kH1/{b2}{b2}g5/9/2Ch6/4H3S2/12/1P11/-12/--11/---2{B1}{B1}1HR3/----P8/-----g7/------2GKG2 b 2 46' --count
    expect 0 "0" ""
}

@test "a stalemate result of 1/2-1/2 is said to be wrong: stalemate loses" {
    sed 's|^0-1$|1/2-1/2|' "$G1" > "$BATS_TEST_TMPDIR/g.txt"
    run --separate-stderr bin/cv-replay --check "$BATS_TEST_TMPDIR/g.txt"
    [ "$status" -eq 0 ]
    [[ "$stderr" = *"g.txt:175:1: warning: game 1 (random play - random play): the game ends in stalemate, so the result should be 0-1, not 1/2-1/2"* ]]
}

@test "a log converts to itself byte for byte; an unknown move is refused at its line" {
    run bash -c "bin/cv-convert $G1 | cmp - $G1"
    [ "$status" -eq 0 ]
    # its // [Variant "Panoply"] line too (it was left out as implied)
    grep -qx '// \[Variant "Panoply"\]' corpus/panoply/sample-log.txt
    run --separate-stderr bash -c "bin/cv-convert corpus/panoply/sample-log.txt | cmp - corpus/panoply/sample-log.txt"
    expect 0 "" ""
    sed '20s/.*/5... p b10-b5/' "$G1" > "$BATS_TEST_TMPDIR/bad.txt"
    run --separate-stderr bin/cv-replay --check "$BATS_TEST_TMPDIR/bad.txt"
    [ "$status" -eq 1 ]
    [[ "$stderr" = *"bad.txt:20:6: error: game 1 (random play - random play): 5... p b10-b5: 'p b10-b5': b5 is not a cell of the board"* ]]
    sed '20s/.*/5... k d13-d11/' "$G1" > "$BATS_TEST_TMPDIR/bad.txt"
    run --separate-stderr bin/cv-replay --check "$BATS_TEST_TMPDIR/bad.txt"
    [ "$status" -eq 1 ]
    [[ "$stderr" = *"bad.txt:20:6: error: game 1 (random play - random play): 5... k d13-d11: the King on d13 cannot move to d11: Black's own piece stands there"* ]]
}

@test "moves are rewritten with the removals Game Courier needs; omitted ones are read" {
    printf '// [FEN "6k/8/9/10/11/12/6S6/-2pp8/--2P8/---2C7/----2{B1}6/-----1{B1}6/------K6 w 0 1"]\n1. C f4-b8\n1... k g13-f13\n2. P e5-e7\n*\n' > "$BATS_TEST_TMPDIR/g.txt"
    run --separate-stderr bin/cv-convert "$BATS_TEST_TMPDIR/g.txt"
    expect 0 '// [FEN "6k/8/9/10/11/12/6S6/-2pp8/--2P8/---2C7/----2{B1}6/-----1{B1}6/------K6 w 0 1"]
1. C f4-b8; d6-
1... k g13-f13
2. P e5-e7; e6-
*' ""
}

@test "a Panoply game cannot be written as PGN: written unconverted, exit 1" {
    run --separate-stderr bin/cv-convert --to pgn corpus/panoply/sample-log.txt
    [ "$status" -eq 1 ]
    [ "$output" = "$(cat corpus/panoply/sample-log.txt)" ]
    [ "$stderr" = "corpus/panoply/sample-log.txt:1:1: error: game 1: a panoply game cannot be written as pgn; written unconverted" ]
}

@test "cv-parse reads a log: the moves with their sub-moves, the tags" {
    run --separate-stderr bin/cv-parse corpus/panoply/sample-log.txt
    [ "$status" -eq 0 ]
    [[ "$output" = *"MOVE P e7-e9; e8-"* ]]
    run --separate-stderr bin/cv-parse --json corpus/panoply/sample-log.txt
    [[ "$output" = *'"FEN":"6k/8/9/10/4p6/12/R12/-3P8/--11/---10/----9/-----8/------K6 w 0 1"'* ]]
}

@test "a game without a FEN tag says that panoply has no start position" {
    printf '1. P e4-e5\n*\n' > "$BATS_TEST_TMPDIR/nofen.txt"
    run --separate-stderr bin/cv-replay --check "$BATS_TEST_TMPDIR/nofen.txt"
    [ "$status" -eq 1 ]
    [[ "$stderr" = *"nofen.txt:1:1: error: game 1"*"panoply has no built-in start position (none is published in text): give one with a FEN tag (and SetUp \"1\") in the record, or a spec that inherits 'panoply' and adds setup:"* ]]
    printf '// [Variant "panoply-testarmy"]\n1. P e4-e5\n*\n' > "$BATS_TEST_TMPDIR/army.txt"
    run --separate-stderr bin/cv-replay --json "$BATS_TEST_TMPDIR/army.txt"
    [ "$status" -eq 0 ]
    [[ "$output" = *'"valid":true,"plies":1'* ]]
}

@test "perft with threads, split and divide gives the same counts" {
    run --separate-stderr bin/cv-perft -V panoply-testarmy -d 3 --threads 2
    expect 0 "1395780" ""
    run --separate-stderr bash -c 'for k in 1 2 3; do bin/cv-perft -V panoply-testarmy -d 3 --split $k/3; done'
    expect 0 "480160
459273
456347" ""
    run --separate-stderr bash -c 'bin/cv-perft -V panoply-testarmy -d 3 --divide --threads 2 | tail -n 2'
    expect 0 "P l4-e11 10587
total 1395780" ""
}

@test "promotion to a pawn: refused by default, allowed by a spec that adds P (the pawn then stays)" {
    F2='6k/P7/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 w 0 1'
    run --separate-stderr bin/cv-legal -V panoply --fen "$F2" -m 'P a12-a13; P-a13'
    expect 1 "illegal: the Pawn on a12 moves to a13 as 'P a12-a13; R-a13' or 4 other ways, not as 'P a12-a13; P-a13'" ""
    sed -e 's/^  to: \[R, S, C, H, G\].*/  to: [R, S, C, H, G, P]/' -e 's/^variant: panoply$/variant: panoply-p/' -e '/^aliases/d' \
        specs/panoply.yaml > "$BATS_TEST_TMPDIR/pp.yaml"
    run --separate-stderr bin/cv-legal --spec "$BATS_TEST_TMPDIR/pp.yaml" --fen "$F2" --count
    expect 0 "9" ""
    run --separate-stderr bin/cv-legal --spec "$BATS_TEST_TMPDIR/pp.yaml" --fen "$F2" --apply 'P a12-a13; P-a13'
    expect 0 "P5k/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 b 0 1" ""
    run --separate-stderr bin/cv-check --spec "$BATS_TEST_TMPDIR/pp.yaml" --fen "P5k/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 b 0 1"
    expect 0 "ok" ""
}

@test "a log with CR-only line ends is recognised as a log and read line by line" {
    # Before: read as PGN ("game 3 (? - ?): invalid, 0 plies, *").
    tr '\n' '\r' < corpus/panoply/sample-log.txt > "$BATS_TEST_TMPDIR/cr.txt"
    run --separate-stderr bin/cv-replay "$BATS_TEST_TMPDIR/cr.txt"
    expect 0 "$BATS_TEST_TMPDIR/cr.txt: game 1 (White - Black): valid, 5 plies, 1/2-1/2
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ""
    run --separate-stderr bin/cv-replay < "$BATS_TEST_TMPDIR/cr.txt"
    expect 0 "<stdin>: game 1 (White - Black): valid, 5 plies, 1/2-1/2
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ""
    # the same tokens at the same lines and columns as the LF original
    bin/cv-parse corpus/panoply/sample-log.txt | tail -n +2 > "$BATS_TEST_TMPDIR/lf.out"
    [ "$(wc -l < "$BATS_TEST_TMPDIR/lf.out")" -eq 23 ]
    run --separate-stderr bash -c 'bin/cv-parse "$0" | tail -n +2 | diff "$1" -' "$BATS_TEST_TMPDIR/cr.txt" "$BATS_TEST_TMPDIR/lf.out"
    expect 0 "" ""
}
