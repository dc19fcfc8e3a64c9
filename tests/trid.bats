#!/usr/bin/env bats
# Star Trek Tri-D through the tools: the trid-standard and trid-tournament
# specs, TD-FEN in cv-check, Parmen/Romulan notation in cv-legal and
# cv-convert, the sample games as PGN and as Parmen gamelist.txt listings.

bats_require_minimum_version 1.5.0

setup() {
    cd "$BATS_TEST_DIRNAME/.." || exit 1
    export CVKIT_SPECS="$PWD/specs"
    T="$BATS_TEST_TMPDIR"
    START='nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1'
}

@test "perft from the start: the published counts (docs/cv-perft.1), both rule sets" {
    run bin/cv-perft -V trid-standard -d 3
    [ "$output" = "10088" ]
    run bin/cv-perft -V trid-tournament -d 3
    [ "$output" = "9128" ]
    run bin/cv-perft -V trid -d 2
    [ "$output" = "441" ]
    run bin/cv-perft -V meder -d 1
    [ "$output" = "20" ]
}

@test "perft --divide writes Parmen notation, --notation romulan Meder's; --split shares add up" {
    run bin/cv-perft -V trid-standard -d 1 --divide
    [ "${lines[0]}" = "Nb1-c3(2) 1" ]
    [ "${lines[20]}" = "o-o 1" ]
    [ "${lines[21]}" = "total 21" ]
    run bin/cv-perft -V trid-standard -d 1 --divide --notation romulan
    [ "${lines[0]}" = "Na1W-b3W 1" ]
    [ "${lines[20]}" = "O-O 1" ]
    sum=0
    for k in 1 2 3; do sum=$((sum + $(bin/cv-perft -V trid-tournament -d 3 --split $k/3))); done
    [ "$sum" -eq 9128 ]
}

@test "perft suite corpus/trid/perft.txt (both rule sets) to depth 3" {
    run bin/cv-perft --suite corpus/trid/perft.txt -d 3
    [ "$status" -eq 0 ]
    [ "$output" = "corpus/trid/perft.txt: 33 counts checked, 0 mismatched" ]
}

@test "cv-check: the start TD-FEN is valid and canonical; problems are named at their columns" {
    run bin/cv-check -V trid-standard --normalize -f "$START"
    [ "$status" -eq 0 ]
    [ "$output" = "$START" ]
    run --separate-stderr bin/cv-check -V trid-standard -f "${START/KL1:w:PP\/KR/QL1:w:PP/KR}"
    [ "$status" -eq 1 ]
    [ "$output" = "invalid" ]
    [ "${stderr_lines[0]}" = "--fen:1:1: error: no white king" ]
    [ "${stderr_lines[1]}" = "--fen:1:37: error: attack board KLW is missing" ]
    [ "${stderr_lines[2]}" = "--fen:1:49: error: two boards on pin QL1" ]
}

@test "cv-legal: the start moves in both notations, castling at move one only under Standard" {
    run bin/cv-legal -V trid-standard -s --count
    [ "$output" = "21" ]
    run bin/cv-legal -V trid-tournament -s --count
    [ "$output" = "20" ]
    run bin/cv-legal -V trid-tournament -s -m o-o
    [ "$status" -eq 1 ]
    [ "$output" = "illegal: no castling while the fullmove number is 1 under trid-tournament" ]
    run bin/cv-legal -V trid-standard -s -m Pb2W-b4W
    [ "$output" = "legal Pc2-c4(2) Pb2W-b4W" ]
    run bin/cv-legal -V trid-standard -s -n romulan -m 'Pc2-c4(2)'
    [ "$output" = "legal Pb2W-b4W Pc2-c4(2)" ]
    run bin/cv-legal -V trid -s -n san
    [ "$status" -eq 2 ]
}

@test "sample games as PGN replay to mate under trid-standard" {
    run --separate-stderr bin/cv-replay corpus/trid/game1.pgn corpus/trid/game2.pgn
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == "corpus/trid/game1.pgn: game 1 ("*"): valid, 69 plies, 1-0" ]]
    [[ "${lines[1]}" == "corpus/trid/game2.pgn: game 1 ("*"): valid, 98 plies, 0-1" ]]
    [ "${lines[2]}" = "2 files, 2 games, 2 valid, 0 invalid, 1 warning" ]
    run --separate-stderr bin/cv-replay --fen corpus/trid/game1.pgn
    [ "${#lines[@]}" -eq 69 ]
    [[ "${lines[68]}" == "1	35. Qd7xe8(7)#	4/4/4/4|4/4/3R/4|4/3p/4/4 "* ]]
}

@test "sample listings (gamelist.txt) under both rule sets" {
    run --separate-stderr bin/cv-replay corpus/trid/game1-gamelist.txt corpus/trid/game2-gamelist.txt
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "corpus/trid/game1-gamelist.txt: game 1: valid, 69 plies, checkmate" ]
    [ "${lines[1]}" = "corpus/trid/game2-gamelist.txt: game 1: valid, 98 plies, checkmate" ]
    run --separate-stderr bin/cv-replay -V trid-tournament --check corpus/trid/game1-gamelist.txt corpus/trid/game2-gamelist.txt
    [ "$status" -eq 1 ]
    [ "$output" = "2 files, 2 games, 0 valid, 2 invalid, 0 warnings" ]
    [ "${stderr_lines[0]}" = "corpus/trid/game1-gamelist.txt:34:1: error: game 1: 7... Qb9-b4(2): the queen's path from b9(7) to b4(2) is blocked: b6(4) holds a black pawn; b5(4) holds a black pawn (any piece in a cell on the way blocks)" ]
    [ "${stderr_lines[1]}" = "corpus/trid/game2-gamelist.txt:32:1: error: game 1: 7... Pb7-b5(6): the double step from b7(6) to b5(6) is blocked: b6(4) holds a black bishop (any piece in a cell on the way blocks)" ]
}

@test "--gamelist regenerates a clean listing; regenerating it changes nothing" {
    for g in 1 2; do
        bin/cv-replay --gamelist "corpus/trid/game$g-gamelist.txt" > "$T/a.txt"
        bin/cv-replay --gamelist "$T/a.txt" > "$T/b.txt"
        cmp "$T/a.txt" "$T/b.txt"
    done
    run bin/cv-replay --gamelist corpus/trid/game1-gamelist.txt
    [ "${lines[0]}" = "    WHITE        BLACK" ]
    [ "${lines[1]}" = "// SAMPLE GAME #1" ]
    [ "${lines[2]}" = "1.  Pc2-c4(2)    Pd7-d5(6)" ]
    [ "${lines[5]}" = "4.  o-o          Pb8-b6(4)" ]
}

@test "standard -> Romulan -> standard is the identity on both games (listings and PGN)" {
    for g in 1 2; do
        bin/cv-replay --gamelist "corpus/trid/game$g-gamelist.txt" > "$T/std.txt"
        bin/cv-convert -t romulan "corpus/trid/game$g-gamelist.txt" > "$T/rom.txt"
        bin/cv-convert -t standard "$T/rom.txt" > "$T/back.txt"
        cmp "$T/std.txt" "$T/back.txt"
        bin/cv-convert -q -t standard "corpus/trid/game$g.pgn" > "$T/s.pgn"
        bin/cv-convert -t romulan "$T/s.pgn" | bin/cv-convert -t standard > "$T/b.pgn"
        cmp "$T/s.pgn" "$T/b.pgn"
    done
    run bin/cv-convert -t romulan corpus/trid/game1-gamelist.txt
    [ "${lines[2]}" = "1.  Pb2W-b4W      Pc7B-c5B" ]
}

@test "PGN reader: Parmen's '*' glued to a Tri-D move is the move's mark, Romulan board moves are moves" {
    printf '[Variant "trid-standard"]\n\n1. Pc2-c4(2)* QL6-QL4=Q=N *\n' > "$T/x.pgn"
    run bin/cv-parse "$T/x.pgn"
    [ "${lines[3]}" = "3:4 MOVE Pc2-c4(2) suffix=*" ]
    [ "${lines[4]}" = "3:15 MOVE QL6-QL4=Q=N" ]
    [ "${lines[5]}" = "3:27 RESULT *" ]
}

@test "--strict: a Tri-D move's check mark must be the truth; the sample games' marks all are" {
    printf '[Variant "trid-standard"]\n\n1. Pc2-c4(2)+ *\n' > "$T/x.pgn"
    run --separate-stderr bin/cv-replay --strict --check "$T/x.pgn"
    [ "$status" -eq 1 ]
    [ "$stderr" = "$T/x.pgn:3:4: error: game 1 (? - ?): 1. Pc2-c4(2)+: marked as check, but the move gives no check" ]
    run --separate-stderr bin/cv-replay --strict --check corpus/trid/game2.pgn
    [ "$status" -eq 0 ]
    [ "$output" = "1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ]
}

@test "cv-board plays Tri-D through the engine interface (it refused rule-module variants before)" {
    run --separate-stderr bin/cv-board -V trid <<< 'm Pc2-c4(2)'
    [ "$status" -eq 0 ]
    [ "$output" = "$(bin/cv-legal -V trid -s -a 'Pc2-c4(2)')" ]
}

@test "cv-convert on a bare move list and on a single move, both directions" {
    run --separate-stderr bash -c "printf '1. Pc2-c4(2) Pc7-c5(6) 2. Nb1-c3(2) *\n' | bin/cv-convert -V trid -t romulan | tail -2 | head -1"
    [ "$output" = "1. Pb2W-b4W Pb7B-b5B 2. Na1W-b3W *" ]
    run --separate-stderr bash -c "printf 'Pb2W-b4W *\n' | bin/cv-convert -V trid -t standard | tail -2 | head -1"
    [ "$output" = "1. Pc2-c4(2) *" ]
}

@test "the sample games as PGN under trid-tournament: refused at their first blocked move" {
    sed 's/\[Variant "trid-standard"\]/[Variant "trid-tournament"]/' corpus/trid/game1.pgn > "$T/g1.pgn"
    sed 's/\[Variant "trid-standard"\]/[Variant "trid-tournament"]/' corpus/trid/game2.pgn > "$T/g2.pgn"
    run --separate-stderr bin/cv-replay --check --quiet "$T/g1.pgn" "$T/g2.pgn"
    [ "$status" -eq 1 ]
    [ "$output" = "2 files, 2 games, 0 valid, 2 invalid, 1 warning" ]
    [[ "${stderr_lines[0]}" == *": 7... Qb9-b4(2): the queen's path from b9(7) to b4(2) is blocked: b6(4) holds a black pawn; b5(4) holds a black pawn (any piece in a cell on the way blocks)" ]]
    [[ "${stderr_lines[1]}" == *": 7... Pb7-b5(6): the double step from b7(6) to b5(6) is blocked: b6(4) holds a black bishop (any piece in a cell on the way blocks)" ]]
}
