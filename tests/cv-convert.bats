#!/usr/bin/env bats
# cv-convert: PGN export writer and notation conversion (bin/cv-convert.c,
# lib/pgnwrite.c, lib/notation.c).  Round trips over the whole corpus are in
# tests/roundtrip.bats; this file pins the exact output on small games.

bats_require_minimum_version 1.5.0

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    CV="${CV_CONVERT:-$ROOT/bin/cv-convert}"
    REPLAY="${CV_REPLAY:-$ROOT/bin/cv-replay}"
    PARSE="${CV_PARSE:-$ROOT/bin/cv-parse}"
    CORPUS="$ROOT/corpus/chess"
    DATA="$ROOT/tests/data/replay"
    export CVKIT_SPECS="${CVKIT_SPECS:-$ROOT/specs}"
    cd "$BATS_TEST_TMPDIR"
    cp "$DATA/rich.pgn" "$DATA/short.pgn" .
}

# The movetext of PGN on standard input as one line of space-separated
# tokens, whatever the line breaks were ("( " after a line break counts as "(").
movetext() {
    grep -v '^\[' | tr '\n' ' ' | tr -s ' ' | sed 's/( /(/g; s/^ //; s/ $//'
}

@test "--help and --version" {
    run "$CV" --help
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "Usage: cv-convert [OPTION]... [FILE|DIR]..." ]
    [[ "$output" == *"--rejects FILE"* ]]
    run "$CV" --version
    [ "$status" -eq 0 ]
    [[ "$output" =~ ^cv-convert\ \(cvkit\)\ [0-9] ]]
}

@test "SAN to PGN export format, exactly: roster first, NAGs for suffixes, move numbers after comments, escapes kept" {
    run --separate-stderr "$CV" rich.pgn
    [ "$status" -eq 0 ]
    [ "$stderr" = "rich.pgn:9:43: warning: game 1: castling written with zeros '0-0'; read as 'O-O'" ]
    [ "$output" = '[Event "The \"Evergreen\" game \\ Berlin"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Anderssen, Adolf"]
[Black "Dufresne, Jean"]
[Result "1-0"]
[Annotator "cvkit"]

% an escape line before the game
{Before the first move} 1. e4 $1 e5 2. Nf3 $1 {Develops} (2. f4 exf4 (2... d5 $5
3. exd5) 3. Bc4) 2... Nc6 3. Bc4 $6 ; a line comment
3... Bc5 4. b4 $3 Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O {castles} 7... d3 8. Qb3 Qf6
9. e5 Qg6 10. Re1 Nge7 11. Ba3 b5 12. Qxb5 Rb8 13. Qa4 Bb6 14. Nbd2 Bb7 15. Ne4
Qf5 16. Bxd3 Qh5 17. Nf6+ gxf6 18. exf6 Rg8 19. Rad1 Qxf3 20. Rxe7+ $1 Nxe7
21. Qxd7+ $3 Kxd7 22. Bf5+ Ke8 23. Bd7+ Kf8 24. Bxe7# 1-0

[Event "From a FEN, Black to move"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 10"]

10... Nf6 11. Nc3 {Four Knights} *' ]
}

@test "--to lan: every move, variation included, in long algebraic notation" {
    run --separate-stderr "$CV" --quiet --to lan rich.pgn
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    [ "$(printf '%s\n' "$output" | movetext)" = '% an escape line before the game {Before the first move} 1. e2-e4 $1 e7-e5 2. Ng1-f3 $1 {Develops} (2. f2-f4 e5xf4 (2... d7-d5 $5 3. e4xd5) 3. Bf1-c4) 2... Nb8-c6 3. Bf1-c4 $6 ; a line comment 3... Bf8-c5 4. b2-b4 $3 Bc5xb4 5. c2-c3 Bb4-a5 6. d2-d4 e5xd4 7. O-O {castles} 7... d4-d3 8. Qd1-b3 Qd8-f6 9. e4-e5 Qf6-g6 10. Rf1-e1 Ng8-e7 11. Bc1-a3 b7-b5 12. Qb3xb5 Ra8-b8 13. Qb5-a4 Ba5-b6 14. Nb1-d2 Bc8-b7 15. Nd2-e4 Qg6-f5 16. Bc4xd3 Qf5-h5 17. Ne4-f6+ g7xf6 18. e5xf6 Rh8-g8 19. Ra1-d1 Qh5xf3 20. Re1xe7+ $1 Nc6xe7 21. Qa4xd7+ $3 Ke8xd7 22. Bd3-f5+ Kd7-e8 23. Bf5-d7+ Ke8-f8 24. Ba3xe7# 1-0 10... Ng8-f6 11. Nb1-c3 {Four Knights} *' ]
}

@test "--to uci: every move, variation included, in UCI notation (castling as the king's move)" {
    run --separate-stderr "$CV" --quiet --to uci rich.pgn
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | movetext)" = '% an escape line before the game {Before the first move} 1. e2e4 $1 e7e5 2. g1f3 $1 {Develops} (2. f2f4 e5f4 (2... d7d5 $5 3. e4d5) 3. f1c4) 2... b8c6 3. f1c4 $6 ; a line comment 3... f8c5 4. b2b4 $3 c5b4 5. c2c3 b4a5 6. d2d4 e5d4 7. e1g1 {castles} 7... d4d3 8. d1b3 d8f6 9. e4e5 f6g6 10. f1e1 g8e7 11. c1a3 b7b5 12. b3b5 a8b8 13. b5a4 a5b6 14. b1d2 c8b7 15. d2e4 g6f5 16. c4d3 f5h5 17. e4f6 g7f6 18. e5f6 h8g8 19. a1d1 h5f3 20. e1e7 $1 c6e7 21. a4d7 $3 e8d7 22. d3f5 d7e8 23. f5d7 e8f8 24. a3e7 1-0 10... g8f6 11. b1c3 {Four Knights} *' ]
}

@test "promotions, en passant and castling in the three notations" {
    run "$CV" --to lan short.pgn
    [ "$status" -eq 0 ]
    m=$(printf '%s\n' "$output" | movetext)
    [[ "$m" == *"3. d2-d4 e4xd3 4. Ng1-f3 d3xc2 5. Qd1-d2 c2xb1=B 6. Ra1xb1 Ng8-f6"* ]]
    [[ "$m" == *"8. Bf1-g2 O-O 9. O-O *" ]]
    run "$CV" --to uci short.pgn
    m=$(printf '%s\n' "$output" | movetext)
    [[ "$m" == *"3. d2d4 e4d3 4. g1f3 d3c2 5. d1d2 c2b1b 6. a1b1 g8f6"* ]]
    [[ "$m" == *"8. f1g2 e8g8 9. e1g1 *" ]]
    run "$CV" --to uci "$CORPUS/pgn/cv_opening-lines.pgn"
    m=$(printf '%s\n' "$output" | movetext)
    [[ "$m" == *"7. e1e2 f2g1n 8. h1g1 c8g4 *"* ]]
    [[ "$m" == *"6. e5d6 e4d6 7. f1d3 *" ]]
    run "$CV" --to lan "$CORPUS/pgn/cv_saavedra-1895.pgn"
    m=$(printf '%s\n' "$output" | movetext)
    [ "$m" = "1. c6-c7 Rd5-d6+ 2. Kb6-b5 Rd6-d5+ 3. Kb5-b4 Rd5-d4+ 4. Kb4-b3 Rd4-d3+ 5. Kb3-c2 Rd3-d4 6. c7-c8=R Rd4-a4 7. Kc2-b3 1-0" ]
}

@test "converted lines are at most 80 columns, also before a ';' comment" {
    # bin/cv-convert --to lan tests/data/replay/rich.pgn | awk 'length > 80'
    #   -> an 83-column line ending in "; a line comment": the writer does
    #   not count the line comment (it could break the line before the ';').
    for to in san lan uci; do
        "$CV" --quiet --to "$to" rich.pgn "$CORPUS/pgn" > out.pgn
        long=$(awk 'length($0) > 80' out.pgn)
        [ -z "$long" ] || { echo "--to $to: $long"; return 1; }
    done
}

@test "comments keep their words; the writer folds blanks and line ends and re-wraps at 80 columns" {
    # Decision (docs/cv-convert.1): PGN export lines are at most 80 columns,
    # so a long comment is broken at its blanks; a run of blanks and line
    # ends inside a comment is one space to the writer.
    printf '[Event "x"]\n\n1. e4 {two\nlines} e5 {%s} *\n' "[%eval 0.17] [%clk 0:03:00] a comment long enough to be wrapped by the writer at 80 columns" > c.pgn
    "$CV" c.pgn > out.pgn
    [ "$(awk 'length > 80' out.pgn)" = "" ]
    fold() { "$PARSE" --json "$1" | sed 's/.*"moves"://; s/"line":[0-9]*,"col":[0-9]*,//g; s/\\n/ /g; s/  */ /g'; }
    fold c.pgn > want.txt
    fold out.pgn > got.txt
    diff want.txt got.txt
    grep -q '{\[%eval 0.17\] \[%clk 0:03:00\] a comment long enough' out.pgn
}

@test "--to fen: the FEN after every main-line ply, game after game" {
    run --separate-stderr "$CV" --to fen short.pgn
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 21 ]
    [ "${lines[3]}" = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3" ]
    [ "${lines[4]}" = "rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR b KQkq - 0 1" ]
    [ "${lines[20]}" = "rnbq1rk1/ppppbppp/5n2/8/P7/5NP1/1P1QPPBP/1RB2RK1 b - - 4 9" ]
    [ "$output" = "$("$REPLAY" --fen short.pgn | cut -f3)" ]
}

@test "standard input, '-', directories" {
    run --separate-stderr "$CV" --to uci < short.pgn
    [ "$status" -eq 0 ]
    [[ "$output" == *"1. f2f3 e7e5 2. g2g4 d8h4 0-1"* ]]
    mkdir -p d/sub
    cp short.pgn d/sub/s.pgn
    cp "$CORPUS/pgn/cv_saavedra-1895.pgn" d/a.pgn
    echo 'not a game' > d/sub/readme.txt
    run --separate-stderr "$CV" --to uci d - < "$CORPUS/pgn/cv_morphy-opera-1858.pgn"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -c '^\[Event ')" -eq 4 ]
    [ "$(printf '%s\n' "$output" | grep '^\[Event ' | tr '\n' '|')" = '[Event "Study (Saavedra position)"]|[Event "Fool'"'"'s Mate"]|[Event "cvkit hand-made: en passant, promotion to a bishop, capture, castling"]|[Event "Paris"]|' ]
}

@test "--strict: a tolerated deviation makes the game unconvertible (written as read, exit 1)" {
    printf '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n' > z.pgn
    run --separate-stderr "$CV" z.pgn
    [ "$status" -eq 0 ]
    [ "$stderr" = "z.pgn:3:35: warning: game 1: castling written with zeros '0-0'; read as 'O-O'" ]
    [[ "$output" == *"4. O-O *"* ]]
    run --separate-stderr "$CV" --quiet z.pgn
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    run --separate-stderr "$CV" --strict --to uci z.pgn
    [ "$status" -eq 1 ]
    [ "${stderr_lines[0]}" = "z.pgn:3:35: error: game 1: castling written with zeros '0-0'; read as 'O-O'" ]
    [[ "$output" != *"e2e4"* ]]
}

@test "a game of an unknown variant is written unconverted, with its diagnostic" {
    cp "$CORPUS/malformed/cv_unknown-variant.pgn" .
    run --separate-stderr "$CV" --to uci cv_unknown-variant.pgn
    [ "$status" -eq 1 ]
    [ "$stderr" = "cv_unknown-variant.pgn:8:1: error: game 1: unknown variant 'Kriegspiel-on-Mars' in the Variant tag; written unconverted" ]
    [[ "$output" == *'[Variant "Kriegspiel-on-Mars"]'*"1. e4 e5 *"* ]]
    [[ "$output" == *"1. f2f3 e7e5 2. g2g4 d8h4 0-1"* ]]
}

@test "an illegal move inside a variation: the game is written unconverted" {
    cp "$CORPUS/malformed/cv_illegal-in-variation.pgn" .
    run --separate-stderr "$CV" --to lan cv_illegal-in-variation.pgn
    [ "$status" -eq 1 ]
    [ "$stderr" = "cv_illegal-in-variation.pgn:10:16: error: game 1: 5. Qxg9: no square g9 on this board; written unconverted" ]
    [[ "$output" == *"4. Qxf7# 1-0"* ]]
    [[ "$output" != *"e2-e4"* ]]
}

@test "a repeated seven-tag-roster tag is written, not dropped" {
    # printf '[Event "x"]\n[White "A"]\n[White "B"]\n\n1. e4 *\n' | bin/cv-convert
    #   -> [White "B"] is gone (a repeated ECO or other tag is kept).
    printf '[Event "x"]\n[White "A"]\n[White "B"]\n[Black "C"]\n[ECO "A00"]\n[ECO "B00"]\n[Result "*"]\n\n1. e4 *\n' > dup.pgn
    run --separate-stderr "$CV" dup.pgn
    [ "$status" -eq 0 ]
    [[ "$output" == *'[ECO "B00"]'* ]]
    [[ "$output" == *'[White "B"]'* ]]
    "$CV" dup.pgn | "$PARSE" --json > dup.json
    grep -q '\["White","B"\]' dup.json
    grep -q '\["ECO","B00"\]' dup.json
}

@test "an unconvertible game longer than the reader keeps is not written in part: said, exit 2" {
    # Before: a game over the raw limit (64 MiB) was written with a piece
    # of its middle missing, exit 1.  CVKIT_MAX_GAME_BYTES (pgn.h) sets the
    # limit low, so no 64 MiB file is needed.
    printf '[Event "big"]\n\n1. e4 e5 2. Qxx9 {%s} *\n\n[Event "ok"]\n\n1. d4 *\n' "$(printf 'c%.0s' $(seq 3000))" > big.pgn
    [ "$(wc -c < big.pgn)" -eq 3060 ]
    want_out='[Event "ok"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. d4 *'
    want_err="big.pgn:3:13: error: game 1: 2. Qxx9: 'Qxx9' is not a move; written unconverted
big.pgn:1:1: error: game 1: longer than the reader keeps to write it as read; not written"
    for jobs in 1 2; do
        CVKIT_MAX_GAME_BYTES=2000 run --separate-stderr "$CV" --jobs $jobs big.pgn
        [ "$status" -eq 2 ]
        [ "$output" = "$want_out" ]
        [ "$stderr" = "$want_err" ]
    done
    # within the limit the same game is written byte for byte
    CVKIT_MAX_GAME_BYTES=4000 run --separate-stderr "$CV" --rejects rej.pgn big.pgn
    [ "$status" -eq 1 ]
    head -n 3 big.pgn | cmp - rej.pgn
}

@test "--quiet: a listing's unmarked check is not written on one thread either (it was, under --jobs 1 only)" {
    f="$BATS_TEST_DIRNAME/data/trid-unmarked-check.txt"
    run --separate-stderr "$CV" --jobs 1 "$f"
    [ "$status" -eq 0 ]
    [ "$stderr" = "$f:28:16: warning: game 1: 22... Qe6-e3(4): check without '+'" ]
    [[ "$output" == *"22. Pd4xe5(6)  Qe6-e3(4)+"* ]]
    for j in 1 4; do
        run --separate-stderr "$CV" --quiet --jobs $j "$f"
        [ "$status" -eq 0 ]
        [ "$stderr" = "" ]
        [[ "$output" == *"22. Pd4xe5(6)  Qe6-e3(4)+"* ]]
    done
}
