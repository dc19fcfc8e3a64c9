#!/usr/bin/env bats
# cv-board: the ProChess board's owner command language as a line filter
# (bin/cv-board.c).  The commands and their examples come from the board's
# manual ("The Second Life ProChess board V.1.00", as a 2009 blog post
# "Second Life chess board with rules" reproduced it; its examples are in
# tests/data/board/manual.txt); where the manual is silent
# the expectations follow docs/cvkit-variants.7 (CHESS) and docs/cv-board.1.
#
# Every test feeds a session file s.txt and compares standard output,
# standard error (FILE:LINE:COL: error: ...) and the exit status exactly.

bats_require_minimum_version 1.5.0

load helpers

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
INFO_START="fen $START; white to move; castling KQkq; ply 0 of 0; moves none"
E4='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
EMPTY='8/8/8/8/8/8/8/8 w - - 0 1'

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    CV="${CV_BOARD:-$ROOT/bin/cv-board}"
    DATA="$ROOT/tests/data/board"
    cd "$BATS_TEST_TMPDIR"
}


# same ACTUAL: compare with the expected text on stdin, show a diff if not
same() {
    local want
    want="$(cat)"
    if [ "$1" != "$want" ]; then
        echo "--- expected" >&2
        echo "+++ actual" >&2
        diff <(printf '%s\n' "$want") <(printf '%s\n' "$1") >&2
        return 1
    fi
}

# ---------------------------------------------------------------- options

@test "--help lists every command and option, exits 0" {
    run --separate-stderr "$CV" --help
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    [ "${lines[0]}" = "Usage: cv-board [OPTION]... [FILE]..." ]
    for word in fen reset clear 'm FROM TO' 'p PIECESQUARE' side castling pop takeback back forward info channel lock \
                --diagram --variant --spec --help --version; do
        [[ "$output" == *"$word"* ]] || { echo "missing: $word" >&2; return 1; }
    done
}

@test "--version names the tool and the kit" {
    run --separate-stderr "$CV" --version
    [ "$status" -eq 0 ]
    [[ "$output" =~ ^cv-board\ \(cvkit\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "an unknown option or a missing option value is a usage error (2)" {
    run --separate-stderr "$CV" --bogus
    [ "$status" -eq 2 ]
    [ "$output" = "" ]
    [ "${stderr_lines[0]}" = "cv-board: error: unknown option '--bogus'" ]
    [ "${stderr_lines[1]}" = "Try 'cv-board --help' for more information." ]
    run --separate-stderr "$CV" -x
    [ "$status" -eq 2 ]
    [ "${stderr_lines[0]}" = "cv-board: error: unknown option '-x'" ]
    run --separate-stderr "$CV" -V
    [ "$status" -eq 2 ]
    [ "${stderr_lines[0]}" = "cv-board: error: option '-V' needs a value" ]
}

@test "an unknown variant is an error (2) that names no input place" {
    echo info > s.txt
    run --separate-stderr "$CV" -V no-such-variant s.txt
    [ "$status" -eq 2 ]
    [ "$output" = "" ]
    [[ "$stderr" == *"unknown variant 'no-such-variant'"* ]]
    # the variant comes from the command line, not from standard input
    [[ "$stderr" != "<stdin>"* ]]
}

@test "--spec with a missing file is an error (2)" {
    echo info > s.txt
    run --separate-stderr "$CV" --spec nonexistent.yaml s.txt
    [ "$status" -eq 2 ]
    [ "$output" = "" ]
    [[ "$stderr" == *"nonexistent.yaml"* ]]
}

@test "-V chess960 writes Shredder castling rights" {
    session -V chess960 <<<'info'
    [ "$status" -eq 0 ]
    [ "$output" = "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1; white to move; castling HAha; ply 0 of 0; moves none" ]
}

# ---------------------------------------------------------------- fen, reset, clear

@test "the board starts in the start position" {
    session <<<'info'
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    [ "$output" = "$INFO_START" ]
}

@test "fen: the manual's 'FEN rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNR w QKqk -' is exactly reset" {
    session <<'EOF'
m e2 e4
FEN rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNR w QKqk -
info
m e2 e4
reset
info
EOF
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    same "$output" <<EOF
$E4
$START
$INFO_START
$E4
$START
$INFO_START
EOF
}

@test "fen: the manual's illegal 'FEN 7Q/6q/5Q/4q/3Q/2q/1Q/q' is accepted as it stands" {
    session <<'EOF'
FEN 7Q/6q/5Q/4q/3Q/2q/1Q/q
info
EOF
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    same "$output" <<'EOF'
7Q/6q1/5Q2/4q3/3Q4/2q5/1Q6/q7 w - - 0 1
fen 7Q/6q1/5Q2/4q3/3Q4/2q5/1Q6/q7 w - - 0 1; white to move; castling -; ply 0 of 0; moves none
EOF
}

@test "fen: the manual's other examples in its loose dialect" {
    session <<'EOF'
fen 4k3//////4P3/4K3 w - - 5 39
fen rnbqkbnr/pppppppp///4P3//PPPP1PPP/RNBQKBNR b KQkq e3 0 1
fen rnbqkbnr/pp1ppppp//2p5/4P3//PPPP1PPP/RNBQKBNR w KQkq c6 0 2
fen rnbqkbnr/pp1ppppp//2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
fen   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w   KQkq  -  0  1  
fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0
EOF
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    # e3 and c6 are dropped: no en passant capture is possible there
    same "$output" <<EOF
4k3/8/8/8/8/8/4P3/4K3 w - - 5 39
$E4
rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
$START
$START
EOF
}

@test "fen: an en passant square that allows a capture is kept, and the capture can be played" {
    session <<'EOF'
fen 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1
m e5 d6
fen 4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1
m e4 d3
EOF
    [ "$stderr" = "" ]
    [ "$status" -eq 0 ]
    same "$output" <<'EOF'
4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1
4k3/8/3P4/8/8/8/8/4K3 b - - 0 1
4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1
4k3/8/8/8/8/3p4/8/4K3 w - - 0 2
EOF
}

@test "fen: nine ranks cannot be meant: refused, position unchanged" {
    session <<'EOF'
m e2 e4
fen 8/8/8/8/8/8/8/8/8
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
$E4
error: invalid FEN: more than 8 ranks
fen $E4; black to move; castling KQkq; ply 1 of 1; moves 1. e4
EOF
    [ "$stderr" = "s.txt:2:20: error: invalid FEN: more than 8 ranks" ]
}

@test "fen: an unknown piece letter is refused at its column, position unchanged" {
    session <<'EOF'
fen rnbqkbnr/ppppxppp/////PPPPPPPP/RNBQKBNR
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
error: invalid FEN: unknown piece letter 'x'
$INFO_START
EOF
    [ "$stderr" = "s.txt:1:18: error: invalid FEN: unknown piece letter 'x'" ]
}

@test "fen: other text that cannot be meant is refused with the column at fault" {
    session <<'EOF'
fen
fen rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNR x
fen rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNR w KQkqX
fen rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNRR
fen 9/8/8/8/8/8/8/8
fen rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra
fen 8/8/8/8/8/8/8/8 w - - -3 1
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
error: invalid FEN: empty FEN
error: invalid FEN: side to move must be 'w' or 'b', found 'x'
error: invalid FEN: invalid castling letter 'X'
error: invalid FEN: rank 1 has more than 8 squares
error: invalid FEN: rank 8 has more than 8 squares
error: invalid FEN: unexpected text after the fullmove number
error: invalid FEN: halfmove clock must be a number, found '-3'
$INFO_START
EOF
    same "$stderr" <<'EOF'
s.txt:1:4: error: invalid FEN: empty FEN
s.txt:2:45: error: invalid FEN: side to move must be 'w' or 'b', found 'x'
s.txt:3:51: error: invalid FEN: invalid castling letter 'X'
s.txt:4:44: error: invalid FEN: rank 1 has more than 8 squares
s.txt:5:5: error: invalid FEN: rank 8 has more than 8 squares
s.txt:6:58: error: invalid FEN: unexpected text after the fullmove number
s.txt:7:27: error: invalid FEN: halfmove clock must be a number, found '-3'
EOF
}

@test "fen: a castling right whose rook is missing is dropped, the rest is kept" {
    session <<'EOF'
fen 4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1
EOF
    [ "$status" -eq 0 ]
    [ "$output" = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1" ]
}

@test "reset and clear, and neither takes an argument" {
    session <<'EOF'
m e2 e4
clear
info
reset
info
reset now
clear all
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
$E4
$EMPTY
fen $EMPTY; white to move; castling -; ply 0 of 0; moves none
$START
$INFO_START
error: 'reset' takes no argument
error: 'clear' takes no argument
$INFO_START
EOF
    same "$stderr" <<'EOF'
s.txt:6:7: error: 'reset' takes no argument
s.txt:7:7: error: 'clear' takes no argument
EOF
}

# ---------------------------------------------------------------- m

@test "m: the manual's three spellings 'm e2 e4', 'M e2-e4', 'M e2/e4' are one move" {
    for cmd in 'm e2 e4' 'M e2-e4' 'M e2/e4' 'm E2 E4' 'M E2-e4' 'm e2e4' 'm   e2 , e4  ' '@@m e2 e4'; do
        printf '%s\n' "$cmd" > s.txt
        run --separate-stderr "$CV" s.txt
        [ "$status" -eq 0 ] || { echo "failed: $cmd" >&2; return 1; }
        [ "$output" = "$E4" ] || { echo "wrong: $cmd -> $output" >&2; return 1; }
        [ "$stderr" = "" ]
    done
}

@test "m: a short game, each move answered by the new FEN" {
    session <<'EOF'
m e2 e4
M c7-c5
m G1/F3
info
EOF
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    # the manual's own FENs after 1. e4, 1... c5 and 2. Nf3 (in strict form)
    same "$output" <<EOF
$E4
rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
fen rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2; black to move; castling KQkq; ply 3 of 3; moves 1. e4 c5 2. Nf3
EOF
}

@test "m: castling by moving the king two squares, on both wings, for both sides" {
    session <<'EOF'
fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
m e1 g1
m e8 c8
info
fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
m e1 c1
m e8 g8
info
EOF
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    same "$output" <<'EOF'
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1
2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2
fen 2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2; white to move; castling -; ply 2 of 2; moves 1. O-O O-O-O
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1
r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2
fen r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2; white to move; castling -; ply 2 of 2; moves 1. O-O-O O-O
EOF
}

@test "m: the king moved onto its own rook also castles" {
    session <<'EOF'
fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
m e1 h1
m e8 a8
EOF
    [ "$status" -eq 0 ]
    same "$output" <<'EOF'
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1
2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2
EOF
}

@test "m: a castling the rules forbid is refused with the castling reason" {
    session <<'EOF'
fen 4kr2/8/8/8/8/8/8/4K2R w K - 0 1
m e1 g1
fen 4k1r1/8/8/8/8/8/8/4K2R w K - 0 1
m e1 g1
fen 4k3/8/8/8/8/8/8/r3K2R w K - 0 1
m e1 g1
fen 4k3/8/8/8/8/8/8/4K1NR w K - 0 1
m e1 g1
fen 4k3/8/8/8/8/8/8/4K2R w - - 0 1
m e1 g1
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<'EOF'
4kr2/8/8/8/8/8/8/4K2R w K - 0 1
error: illegal move e1-g1: white cannot castle king-side: the king would pass f1, which is attacked
4k1r1/8/8/8/8/8/8/4K2R w K - 0 1
error: illegal move e1-g1: white cannot castle king-side: the king would land on g1, which is attacked
4k3/8/8/8/8/8/8/r3K2R w K - 0 1
error: illegal move e1-g1: white cannot castle out of check
4k3/8/8/8/8/8/8/4K1NR w K - 0 1
error: illegal move e1-g1: white cannot castle king-side: g1 is occupied
4k3/8/8/8/8/8/8/4K2R w - - 0 1
error: illegal move e1-g1: white has no right to castle king-side (the king or that rook has moved)
fen 4k3/8/8/8/8/8/8/4K2R w - - 0 1; white to move; castling -; ply 0 of 0; moves none
EOF
    same "$stderr" <<'EOF'
s.txt:2:3: error: illegal move e1-g1: white cannot castle king-side: the king would pass f1, which is attacked
s.txt:4:3: error: illegal move e1-g1: white cannot castle king-side: the king would land on g1, which is attacked
s.txt:6:3: error: illegal move e1-g1: white cannot castle out of check
s.txt:8:3: error: illegal move e1-g1: white cannot castle king-side: g1 is occupied
s.txt:10:3: error: illegal move e1-g1: white has no right to castle king-side (the king or that rook has moved)
EOF
}

@test "m: en passant right after the double step, for White and for Black" {
    session <<'EOF'
m e2 e4
m a7 a6
m e4 e5
m d7 d5
m e5 d6
m h7 h5
m a2 a3
m h5 h4
m g2 g4
m h4 g3
info
EOF
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    same "$output" <<'EOF'
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
rnbqkbnr/1ppppppp/p7/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
rnbqkbnr/1ppppppp/p7/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2
rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3
rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3
rnbqkbnr/1pp1ppp1/p2P4/7p/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4
rnbqkbnr/1pp1ppp1/p2P4/7p/8/P7/1PPP1PPP/RNBQKBNR b KQkq - 0 4
rnbqkbnr/1pp1ppp1/p2P4/8/7p/P7/1PPP1PPP/RNBQKBNR w KQkq - 0 5
rnbqkbnr/1pp1ppp1/p2P4/8/6Pp/P7/1PPP1P1P/RNBQKBNR b KQkq g3 0 5
rnbqkbnr/1pp1ppp1/p2P4/8/8/P5p1/1PPP1P1P/RNBQKBNR w KQkq - 0 6
fen rnbqkbnr/1pp1ppp1/p2P4/8/8/P5p1/1PPP1P1P/RNBQKBNR w KQkq - 0 6; white to move; castling KQkq; ply 10 of 10; moves 1. e4 a6 2. e5 d5 3. exd6 h5 4. a3 h4 5. g4 hxg3
EOF
}

@test "m: en passant is refused once the moment has passed" {
    session <<'EOF'
m e2 e4
m a7 a6
m e4 e5
m d7 d5
m g1 f3
m a6 a5
m e5 d6
EOF
    [ "$status" -eq 1 ]
    [ "${#lines[@]}" -eq 7 ]
    [ "${lines[6]}" = "error: illegal move e5-d6: the pawn on e5 cannot move to d6" ]
    [ "$stderr" = "s.txt:7:3: error: illegal move e5-d6: the pawn on e5 cannot move to d6" ]
}

@test "m: promotion to a queen when no piece is named, or to the piece named" {
    session <<'EOF'
fen 3r4/4P3/8/8/8/8/8/k1K5 w - - 0 1
m e7 e8
back
m e7 e8 q
back
m e7 e8 n
back
m e7 e8 N
back
m e7 e8 R
back
m e7-e8=b
back
m e7e8n
back
m e7 d8 n
back
m e7 d8
info
EOF
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    same "$output" <<'EOF'
3r4/4P3/8/8/8/8/8/k1K5 w - - 0 1
3rQ3/8/8/8/8/8/8/k1K5 b - - 0 1
3r4/4P3/8/8/8/8/8/k1K5 w - - 0 1
3rQ3/8/8/8/8/8/8/k1K5 b - - 0 1
3r4/4P3/8/8/8/8/8/k1K5 w - - 0 1
3rN3/8/8/8/8/8/8/k1K5 b - - 0 1
3r4/4P3/8/8/8/8/8/k1K5 w - - 0 1
3rN3/8/8/8/8/8/8/k1K5 b - - 0 1
3r4/4P3/8/8/8/8/8/k1K5 w - - 0 1
3rR3/8/8/8/8/8/8/k1K5 b - - 0 1
3r4/4P3/8/8/8/8/8/k1K5 w - - 0 1
3rB3/8/8/8/8/8/8/k1K5 b - - 0 1
3r4/4P3/8/8/8/8/8/k1K5 w - - 0 1
3rN3/8/8/8/8/8/8/k1K5 b - - 0 1
3r4/4P3/8/8/8/8/8/k1K5 w - - 0 1
3N4/8/8/8/8/8/8/k1K5 b - - 0 1
3r4/4P3/8/8/8/8/8/k1K5 w - - 0 1
3Q4/8/8/8/8/8/8/k1K5 b - - 0 1
fen 3Q4/8/8/8/8/8/8/k1K5 b - - 0 1; black to move; castling -; ply 1 of 1; moves 1. exd8=Q
EOF
}

@test "m: a black pawn promotes too" {
    session <<'EOF'
fen 4k3/8/8/8/8/8/p7/4K3 b - - 0 1
m a2 a1
back
m a2 a1 r
EOF
    [ "$status" -eq 0 ]
    same "$output" <<'EOF'
4k3/8/8/8/8/8/p7/4K3 b - - 0 1
4k3/8/8/8/8/8/8/q3K3 w - - 0 2
4k3/8/8/8/8/8/p7/4K3 b - - 0 1
4k3/8/8/8/8/8/8/r3K3 w - - 0 2
EOF
}

@test "m: a promotion to a king or pawn is refused with a reason about promotion" {
    session <<'EOF'
fen 8/4P3/8/8/8/8/8/k1K5 w - - 0 1
m e7 e8 x
m c1 d2 q
m e7 e8 k
m e7 e8 p
info
EOF
    [ "$status" -eq 1 ]
    [ "${lines[1]}" = "error: unknown promotion piece 'x'" ]
    [ "${lines[2]}" = "error: c1-d2 is not a promotion" ]
    # a king or a pawn is no promotion piece: the reason must say so
    # (e.g. "a pawn cannot promote to a king"), not that the pawn cannot
    # reach e8 or must promote, which it was asked to do
    [[ "${lines[3]}" == "error: illegal move e7-e8: "*promot*king* ]]
    [[ "${lines[4]}" == "error: illegal move e7-e8: "*promot*pawn* ]]
    [ "${lines[5]}" = "fen 8/4P3/8/8/8/8/8/k1K5 w - - 0 1; white to move; castling -; ply 0 of 0; moves none" ]
    [ "${stderr_lines[0]}" = "s.txt:2:9: error: unknown promotion piece 'x'" ]
    [ "${stderr_lines[1]}" = "s.txt:3:3: error: c1-d2 is not a promotion" ]
    [[ "${stderr_lines[2]}" == "s.txt:4:3: error: illegal move e7-e8: "*promot*king* ]]
}

@test "m: illegal moves are refused with the reason and change nothing" {
    session <<'EOF'
m e7 e5
m e3 e4
m e2 e5
m g1 g3
m f1 c4
m e2 e4
m d8 h4
info
fen 4k3/8/8/8/8/8/4R3/4K2r w - - 0 1
m e2 e3
m e1 f1
fen 4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1
m e2 d2
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
error: illegal move e7-e5: the piece on e7 is not white's
error: illegal move e3-e4: no piece on e3
error: illegal move e2-e5: the pawn on e2 cannot move to e5
error: illegal move g1-g3: the knight on g1 cannot move to g3
error: illegal move f1-c4: the bishop on f1 cannot move to c4
$E4
error: illegal move d8-h4: the queen on d8 cannot move to h4
fen $E4; black to move; castling KQkq; ply 1 of 1; moves 1. e4
4k3/8/8/8/8/8/4R3/4K2r w - - 0 1
error: illegal move e2-e3: does not get the white king out of check
error: illegal move e1-f1: does not get the white king out of check
4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1
error: illegal move e2-d2: would leave the white king in check
fen 4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1; white to move; castling -; ply 0 of 0; moves none
EOF
    same "$stderr" <<'EOF'
s.txt:1:3: error: illegal move e7-e5: the piece on e7 is not white's
s.txt:2:3: error: illegal move e3-e4: no piece on e3
s.txt:3:3: error: illegal move e2-e5: the pawn on e2 cannot move to e5
s.txt:4:3: error: illegal move g1-g3: the knight on g1 cannot move to g3
s.txt:5:3: error: illegal move f1-c4: the bishop on f1 cannot move to c4
s.txt:7:3: error: illegal move d8-h4: the queen on d8 cannot move to h4
s.txt:10:3: error: illegal move e2-e3: does not get the white king out of check
s.txt:11:3: error: illegal move e1-f1: does not get the white king out of check
s.txt:13:3: error: illegal move e2-d2: would leave the white king in check
EOF
}

@test "m: malformed move commands are refused at the column at fault" {
    session <<'EOF'
m
m e2
m e2 e9
m e2 e4 e5
M x1-e4
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
error: expected a square, found the end of the line
error: expected a square, found the end of the line
error: expected a square, found 'e9'
error: unexpected 'e5' after the move
error: expected a square, found 'x1-e4'
$INFO_START
EOF
    same "$stderr" <<'EOF'
s.txt:1:2: error: expected a square, found the end of the line
s.txt:2:5: error: expected a square, found the end of the line
s.txt:3:6: error: expected a square, found 'e9'
s.txt:4:9: error: unexpected 'e5' after the move
s.txt:5:3: error: expected a square, found 'x1-e4'
EOF
}

@test "m: moves in set-ups without kings, or with odd pawns, do not crash" {
    session <<'EOF'
FEN 7Q/6q/5Q/4q/3Q/2q/1Q/q
m b2 c3
m f6 e5
m a1 h1
clear
m e2 e4
p Pe2
m e2 e4
side b
p pd7
m d7 d5
fen 8/8/8/8/8/8/8/K7 w - - 0 1
m a1 b2
fen K6K/8/8/8/8/8/8/k6k w - - 0 1
m a8 b8
m a1 b1
fen P7/8/8/8/8/8/8/p7 w - - 0 1
m a8 a7
fen 8/8/8/8/8/8/8/P7 w - - 0 1
m a1 a2
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<'EOF'
7Q/6q1/5Q2/4q3/3Q4/2q5/1Q6/q7 w - - 0 1
7Q/6q1/5Q2/4q3/3Q4/2Q5/8/q7 b - - 0 1
error: illegal move f6-e5: the piece on f6 is not black's
7Q/6q1/5Q2/4q3/3Q4/2Q5/8/7q w - - 1 2
8/8/8/8/8/8/8/8 w - - 0 1
error: illegal move e2-e4: no piece on e2
8/8/8/8/8/8/4P3/8 w - - 0 1
8/8/8/8/4P3/8/8/8 b - - 0 1
8/8/8/8/4P3/8/8/8 b - - 0 1
8/3p4/8/8/4P3/8/8/8 b - - 0 1
8/8/8/3p4/4P3/8/8/8 w - - 0 2
8/8/8/8/8/8/8/K7 w - - 0 1
8/8/8/8/8/8/1K6/8 b - - 1 1
K6K/8/8/8/8/8/8/k6k w - - 0 1
1K5K/8/8/8/8/8/8/k6k b - - 1 1
1K5K/8/8/8/8/8/8/1k5k w - - 2 2
P7/8/8/8/8/8/8/p7 w - - 0 1
error: illegal move a8-a7: the pawn on a8 cannot move to a7
8/8/8/8/8/8/8/P7 w - - 0 1
8/8/8/8/8/8/P7/8 b - - 0 1
fen 8/8/8/8/8/8/P7/8 b - - 0 1; black to move; castling -; ply 1 of 1; moves 1. a2
EOF
}

# ---------------------------------------------------------------- p

@test "p: the manual's 'P Re4' puts a piece whatever was there, and '-' empties" {
    session <<'EOF'
p Re4
P re4
p -e4
P Ke4
p qE4
p -E4
p -e4
EOF
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    same "$output" <<EOF
rnbqkbnr/pppppppp/8/8/4R3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/4r3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
$START
rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/4q3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
$START
$START
EOF
}

@test "p: every piece letter of the manual, both colours, and no legality check" {
    session <<'EOF'
clear
p Pa1
p Kb1
p Qc1
p Rd1
p Ne1
p Bf1
p pa8
p kb8
p qc8
p rd8
p ne8
p bf8
EOF
    [ "$status" -eq 0 ]
    [ "${lines[12]}" = "pkqrnb2/8/8/8/8/8/8/PKQRNB2 w - - 0 1" ]
}

@test "p: removing a king or a rook drops the castling rights that need it" {
    session <<'EOF'
p -a1
p Ra1
p -e8
info
EOF
    [ "$status" -eq 0 ]
    same "$output" <<'EOF'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1
rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K - 0 1
fen rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K - 0 1; white to move; castling K; ply 0 of 0; moves none
EOF
}

@test "p: a bad piece, a bad square or extra text is refused at its column" {
    session <<'EOF'
p Xe4
p Re9
p R
p Re4 x
p 4e
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
error: unknown piece 'X' (want a piece letter or '-')
error: expected a square after the piece, found 'e9'
error: expected a square after the piece, found the end of the line
error: unexpected 'x'
error: unknown piece '4' (want a piece letter or '-')
$INFO_START
EOF
    same "$stderr" <<'EOF'
s.txt:1:3: error: unknown piece 'X' (want a piece letter or '-')
s.txt:2:4: error: expected a square after the piece, found 'e9'
s.txt:3:4: error: expected a square after the piece, found the end of the line
s.txt:4:7: error: unexpected 'x'
s.txt:5:3: error: unknown piece '4' (want a piece letter or '-')
EOF
}

@test "p: with nothing after it is refused as a missing piece, not a blank one" {
    session <<<'p'
    [ "$status" -eq 1 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "${lines[0]}" == "error: "*"end of the line"* ]]
    [[ "$stderr" == "s.txt:1:2: error: "*"end of the line"* ]]
}

@test "p: a change by hand starts a new history (a set-up)" {
    session <<'EOF'
m e2 e4
p Qh5
info
back
EOF
    [ "$status" -eq 1 ]
    same "$output" <<'EOF'
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
rnbqkbnr/pppppppp/8/7Q/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
fen rnbqkbnr/pppppppp/8/7Q/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1; black to move; castling KQkq; ply 0 of 0; moves none
error: already at the first position
EOF
    [ "$stderr" = "s.txt:4:1: error: already at the first position" ]
}

# ---------------------------------------------------------------- side, castling

@test "side w|b sets the side to move, in either case, as a new set-up" {
    session <<'EOF'
m e2 e4
side w
info
side B
side W
side x
side
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<'EOF'
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1
fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1; white to move; castling KQkq; ply 0 of 0; moves none
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1
error: side takes 'w' or 'b', not 'x'
error: side needs 'w' or 'b'
fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1; white to move; castling KQkq; ply 0 of 0; moves none
EOF
    same "$stderr" <<'EOF'
s.txt:6:6: error: side takes 'w' or 'b', not 'x'
s.txt:7:5: error: side needs 'w' or 'b'
EOF
}

@test "side: an en passant chance does not survive a change of side" {
    session <<'EOF'
fen rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3
side b
side w
m e5 d6
EOF
    [ "$status" -eq 1 ]
    same "$output" <<'EOF'
rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3
rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3
rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3
error: illegal move e5-d6: the pawn on e5 cannot move to d6
EOF
}

@test "castling: the manual's 'castling KQ', then '-', then rights in any order" {
    session <<'EOF'
castling KQ
info
castling -
castling qkQK
castling kq
EOF
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    same "$output" <<'EOF'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1
fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1; white to move; castling KQ; ply 0 of 0; moves none
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1
EOF
}

@test "castling: rights come back when king and rooks stand home again; clocks are kept" {
    session <<'EOF'
m e2 e4
m e7 e5
m e1 e2
m e8 e7
m e2 e1
m e7 e8
castling KQkq
info
EOF
    [ "$status" -eq 0 ]
    [ "${lines[5]}" = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 4 4" ]
    [ "${lines[6]}" = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 4 4" ]
    [ "${lines[7]}" = "fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 4 4; white to move; castling KQkq; ply 0 of 0; moves none" ]
}

@test "castling: a right without its rook (or king) is refused, position unchanged" {
    session <<'EOF'
p -h1
castling KQkq
fen 4k3/8/8/8/8/8/8/4K3 w - - 3 20
castling K
castling k
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<'EOF'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1
error: bad castling rights: 'K' needs the white king and a rook on their squares
4k3/8/8/8/8/8/8/4K3 w - - 3 20
error: bad castling rights: 'K' needs the white king and a rook on their squares
error: bad castling rights: 'k' needs the black king and a rook on their squares
fen 4k3/8/8/8/8/8/8/4K3 w - - 3 20; white to move; castling -; ply 0 of 0; moves none
EOF
    same "$stderr" <<'EOF'
s.txt:2:10: error: bad castling rights: 'K' needs the white king and a rook on their squares
s.txt:4:10: error: bad castling rights: 'K' needs the white king and a rook on their squares
s.txt:5:10: error: bad castling rights: 'k' needs the black king and a rook on their squares
EOF
}

@test "castling: letters that are not rights are refused" {
    session <<'EOF'
castling Kx
castling KQ kq
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
error: invalid castling rights 'Kx'
error: invalid castling rights 'KQ kq'
$INFO_START
EOF
    same "$stderr" <<'EOF'
s.txt:1:10: error: invalid castling rights 'Kx'
s.txt:2:10: error: invalid castling rights 'KQ kq'
EOF
}

@test "castling: with no rights given is refused, not read as '-'" {
    session <<'EOF'
castling
info
EOF
    [ "$status" -eq 1 ]
    [[ "${lines[0]}" == "error: "* ]]
    [ "${lines[1]}" = "$INFO_START" ]
    [[ "$stderr" == "s.txt:1:9: error: "* ]]
}

# ---------------------------------------------------------------- history

@test "pop removes the last ply for good; forward cannot bring it back" {
    session <<'EOF'
m e2 e4
m e7 e5
pop
forward
info
pop
info
pop
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
$E4
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
$E4
error: already at the last move
fen $E4; black to move; castling KQkq; ply 1 of 1; moves 1. e4
$START
$INFO_START
error: no move to take back
EOF
    same "$stderr" <<'EOF'
s.txt:4:1: error: already at the last move
s.txt:8:1: error: no move to take back
EOF
}

@test "takeback is pop, one ply at a time" {
    session <<'EOF'
m d2 d4
m d7 d5
takeback
TAKEBACK
takeback
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1
rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2
rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1
$START
error: no move to take back
EOF
    [ "$stderr" = "s.txt:5:1: error: no move to take back" ]
}

@test "pop after back drops the shown ply and every ply after it" {
    session <<'EOF'
m e2 e4
m e7 e5
m g1 f3
back
pop
info
EOF
    [ "$status" -eq 0 ]
    [ "${lines[4]}" = "$E4" ]
    [ "${lines[5]}" = "fen $E4; black to move; castling KQkq; ply 1 of 1; moves 1. e4" ]
}

@test "back and forward walk the history without losing it; info marks the place" {
    session <<'EOF'
m e2 e4
m e7 e5
m g1 f3
back
back
info
forward
info
forward
info
EOF
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    same "$output" <<EOF
$E4
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
$E4
fen $E4; black to move; castling KQkq; ply 1 of 3; moves 1. e4 < e5 2. Nf3
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2; white to move; castling KQkq; ply 2 of 3; moves 1. e4 e5 < 2. Nf3
rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
fen rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2; black to move; castling KQkq; ply 3 of 3; moves 1. e4 e5 2. Nf3
EOF
}

@test "back to the start position, info marks nothing played yet" {
    session <<'EOF'
m e2 e4
back
info
EOF
    [ "$status" -eq 0 ]
    [ "${lines[1]}" = "$START" ]
    [ "${lines[2]}" = "fen $START; white to move; castling KQkq; ply 0 of 1; moves 1. e4" ]
}

@test "a move after back replaces the moves that followed" {
    session <<'EOF'
m e2 e4
m e7 e5
m g1 f3
back
m b1 c3
info
forward
EOF
    [ "$status" -eq 1 ]
    [ "${lines[4]}" = "rnbqkbnr/pppp1ppp/8/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2" ]
    [ "${lines[5]}" = "fen rnbqkbnr/pppp1ppp/8/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2; black to move; castling KQkq; ply 3 of 3; moves 1. e4 e5 2. Nc3" ]
    [ "${lines[6]}" = "error: already at the last move" ]
    [ "$stderr" = "s.txt:7:1: error: already at the last move" ]
}

@test "back and forward at the ends of the history are refused" {
    session <<'EOF'
back
forward
m e2 e4
forward
back
back
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
error: already at the first position
error: already at the last move
$E4
error: already at the last move
$START
error: already at the first position
EOF
    same "$stderr" <<'EOF'
s.txt:1:1: error: already at the first position
s.txt:2:1: error: already at the last move
s.txt:4:1: error: already at the last move
s.txt:6:1: error: already at the first position
EOF
}

@test "back, forward and info refuse an argument as pop and reset do" {
    session <<'EOF'
m e2 e4
m e7 e5
back
pop 2
takeback x
back 1
forward 5
info please
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
$E4
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
$E4
error: 'pop' takes no argument
error: 'takeback' takes no argument
error: 'back' takes no argument
error: 'forward' takes no argument
error: 'info' takes no argument
fen $E4; black to move; castling KQkq; ply 1 of 2; moves 1. e4 < e5
EOF
    same "$stderr" <<'EOF'
s.txt:4:5: error: 'pop' takes no argument
s.txt:5:10: error: 'takeback' takes no argument
s.txt:6:6: error: 'back' takes no argument
s.txt:7:9: error: 'forward' takes no argument
s.txt:8:6: error: 'info' takes no argument
EOF
}

# ---------------------------------------------------------------- info

@test "info: move numbers of a set-up with Black to move" {
    session <<'EOF'
fen 4k3//////4P3/4K3 b - - 5 39
m e8 d7
m e2 e4
m d7 d6
info
EOF
    [ "$status" -eq 0 ]
    same "$output" <<'EOF'
4k3/8/8/8/8/8/4P3/4K3 b - - 5 39
8/3k4/8/8/8/8/4P3/4K3 w - - 6 40
8/3k4/8/8/4P3/8/8/4K3 b - - 0 40
8/8/3k4/8/4P3/8/8/4K3 w - - 1 41
fen 8/8/3k4/8/4P3/8/8/4K3 w - - 1 41; white to move; castling -; ply 3 of 3; moves 39... Kd7 40. e4 Kd6
EOF
}

# ---------------------------------------------------------------- channel, lock

@test "channel 5 and lock on|off are acknowledged and change nothing" {
    session <<'EOF'
channel 5
lock on
LOCK OFF
Channel 99
info
EOF
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    same "$output" <<EOF
ok channel 5
ok lock on
ok lock off
ok channel 99
$INFO_START
EOF
}

@test "channel and lock with bad parameters are refused" {
    session <<'EOF'
channel
channel x
channel -1
channel 99999999999999999999
lock
lock maybe
EOF
    [ "$status" -eq 1 ]
    same "$output" <<'EOF'
error: channel needs a number
error: channel takes a number, not 'x'
error: channel takes a number, not '-1'
error: channel takes a number, not '99999999999999999999'
error: lock needs 'on' or 'off'
error: lock takes 'on' or 'off', not 'maybe'
EOF
    same "$stderr" <<'EOF'
s.txt:1:8: error: channel needs a number
s.txt:2:9: error: channel takes a number, not 'x'
s.txt:3:9: error: channel takes a number, not '-1'
s.txt:4:9: error: channel takes a number, not '99999999999999999999'
s.txt:5:5: error: lock needs 'on' or 'off'
s.txt:6:6: error: lock takes 'on' or 'off', not 'maybe'
EOF
}

# ---------------------------------------------------------------- lines

@test "the @@ prefix of the chat channel is accepted, with or without blanks" {
    session <<'EOF'
@@info
@@ RESET
  @@  m e2 e4
@@
@@# a comment
EOF
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    same "$output" <<EOF
$INFO_START
$START
$E4
EOF
}

@test "command words and their parameters are case-insensitive, piece letters are not" {
    session <<'EOF'
CLEAR
P KE1
p kE8
SIDE B
Side w
CASTLING -
Reset
M E2-E4
INFO
Back
FORWARD
Pop
iNfO
EOF
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    same "$output" <<EOF
$EMPTY
8/8/8/8/8/8/8/4K3 w - - 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1
4k3/8/8/8/8/8/8/4K3 b - - 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1
$START
$E4
fen $E4; black to move; castling KQkq; ply 1 of 1; moves 1. e4
$START
$E4
$START
$INFO_START
EOF
}

@test "blank lines, blank-only lines and # comments print nothing" {
    printf '\n   \n\t\n# a comment\n   # an indented comment\n\n' > s.txt
    run --separate-stderr "$CV" s.txt
    [ "$status" -eq 0 ]
    [ "$output" = "" ]
    [ "$stderr" = "" ]
}

@test "each command prints exactly one line" {
    session <<'EOF'
# one line of output per command, whatever the command
fen 4k3//////4P3/4K3 w - - 5 39

m e2 e4
m e2 e4
p Re4
p Z9
side b
castling K
pop
back
forward
info
channel 5
lock on
reset
clear
frobnicate
EOF
    [ "$status" -eq 1 ]
    [ "${#lines[@]}" -eq 16 ]
}

@test "a CR before the line end (a DOS file) is ignored" {
    printf 'm e2 e4\r\ninfo\r\n' > s.txt
    run --separate-stderr "$CV" s.txt
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    [ "${lines[0]}" = "$E4" ]
    [ "${lines[1]}" = "fen $E4; black to move; castling KQkq; ply 1 of 1; moves 1. e4" ]
}

@test "an unknown command is refused at the column of the word" {
    session <<'EOF'
frobnicate now
   undo
@@ hello
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
error: unknown command 'frobnicate' (help lists the commands)
error: unknown command 'undo' (help lists the commands)
error: unknown command 'hello' (help lists the commands)
$INFO_START
EOF
    same "$stderr" <<'EOF'
s.txt:1:1: error: unknown command 'frobnicate' (help lists the commands)
s.txt:2:4: error: unknown command 'undo' (help lists the commands)
s.txt:3:4: error: unknown command 'hello' (help lists the commands)
EOF
}

@test "help lists every command with its line; help COMMAND that command's; an unknown one is refused" {
    session <<'EOF'
help
HELP takeback
help m
help undo
info
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
fen FEN            set a position (lenient FEN: '//' ranks, missing fields)
reset              the start position
clear              an empty board
m FROM TO [P]      play a move if legal; any delimiter; P: promotion piece
m MOVE             play a move in any notation the variant reads (m Kk1)
p PIECESQUARE      put a piece (p Re4, p ke8) or empty a square (p -e4)
side w|b           set the side to move
castling KQkq|-    set the castling rights
pop, takeback      remove the last ply for good
back               step back one ply, keeping the moves
forward            step forward one ply
info               board, FEN, side, castling and moves on one line
record             the moves so far as a record in the variant's format
svg [FILE]         the position as SVG, into FILE ('ok svg FILE') or printed
channel N          accepted; no effect in a filter
lock on|off        accepted; no effect in a filter
go                 the computer moves now ('move MOVE cp N ...', the FEN)
hint               the computer's move, not played ('hint MOVE cp N ...')
play SIDE          white, black, both, none: the computer answers for SIDE
level KIND N       think depth N, nodes N or time S (default nodes 200000)
help [COMMAND]     the commands, or one command, with what each does
pop, takeback      remove the last ply for good
m FROM TO [P]      play a move if legal; any delimiter; P: promotion piece
m MOVE             play a move in any notation the variant reads (m Kk1)
error: no command 'undo' (help lists them)
$INFO_START
EOF
    same "$stderr" <<'EOF'
s.txt:4:6: error: no command 'undo' (help lists them)
EOF
    # --help shows the same list, indented
    run --separate-stderr "$CV" --help
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | sed -n '/^Commands/,/^$/p' | grep -c '^  [a-z]')" -eq 21 ]
    [[ "$output" == *"
  help [COMMAND]     the commands, or one command, with what each does
"* ]]
}

@test "a NUL byte in a line refuses that line only" {
    printf 'm e2\0 e4\ninfo\nm e2 e4\0\nm e2 e4\n' > s.txt
    run --separate-stderr "$CV" s.txt
    [ "$status" -eq 1 ]
    same "$output" <<EOF
error: NUL byte in the command
$INFO_START
error: NUL byte in the command
$E4
EOF
    same "$stderr" <<'EOF'
s.txt:1:5: error: NUL byte in the command
s.txt:3:8: error: NUL byte in the command
EOF
}

@test "a last line without a newline is still run" {
    printf 'm e2 e4\ninfo' > s.txt
    run --separate-stderr "$CV" s.txt
    [ "$status" -eq 0 ]
    [ "${lines[1]}" = "fen $E4; black to move; castling KQkq; ply 1 of 1; moves 1. e4" ]
}

@test "a very long line is refused, not a crash" {
    { printf 'm '; head -c 100000 /dev/zero | tr '\0' 'e'; printf '\ninfo\n'; } > s.txt
    run --separate-stderr timeout 20 "$CV" s.txt
    [ "$status" -eq 1 ]
    [ "${#lines[@]}" -eq 2 ]
    [[ "${lines[0]}" == "error: "* ]]
    [ "${lines[1]}" = "$INFO_START" ]
}

# ---------------------------------------------------------------- --diagram

@test "--diagram draws the board after each change, not after info or errors" {
    session --diagram <<'EOF'
m e2 e4
info
m e2 e4
channel 3
EOF
    [ "$status" -eq 1 ]
    same "$output" <<EOF
$E4
8 r n b q k b n r
7 p p p p p p p p
6 . . . . . . . .
5 . . . . . . . .
4 . . . . P . . .
3 . . . . . . . .
2 P P P P . P P P
1 R N B Q K B N R
  a b c d e f g h
Black to move
fen $E4; black to move; castling KQkq; ply 1 of 1; moves 1. e4
error: illegal move e2-e4: no piece on e2
ok channel 3
EOF
}

@test "--diagram draws set-ups, castling and by-hand changes too" {
    session --diagram <<'EOF'
fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1
m e1 g1
p pa7
EOF
    [ "$status" -eq 0 ]
    same "$output" <<'EOF'
4k3/8/8/8/8/8/8/4K2R w K - 0 1
8 . . . . k . . .
7 . . . . . . . .
6 . . . . . . . .
5 . . . . . . . .
4 . . . . . . . .
3 . . . . . . . .
2 . . . . . . . .
1 . . . . K . . R
  a b c d e f g h
White to move
4k3/8/8/8/8/8/8/5RK1 b - - 1 1
8 . . . . k . . .
7 . . . . . . . .
6 . . . . . . . .
5 . . . . . . . .
4 . . . . . . . .
3 . . . . . . . .
2 . . . . . . . .
1 . . . . . R K .
  a b c d e f g h
Black to move
4k3/p7/8/8/8/8/8/5RK1 b - - 1 1
8 . . . . k . . .
7 p . . . . . . .
6 . . . . . . . .
5 . . . . . . . .
4 . . . . . . . .
3 . . . . . . . .
2 . . . . . . . .
1 . . . . . R K .
  a b c d e f g h
Black to move
EOF
}

# ---------------------------------------------------------------- files and exit status

@test "several files are one session; lines are counted per file" {
    printf 'm e2 e4\n' > a.txt
    printf 'info\nm e2 e4\n' > b.txt
    run --separate-stderr "$CV" a.txt b.txt
    [ "$status" -eq 1 ]
    same "$output" <<EOF
$E4
fen $E4; black to move; castling KQkq; ply 1 of 1; moves 1. e4
error: illegal move e2-e4: no piece on e2
EOF
    [ "$stderr" = "b.txt:2:3: error: illegal move e2-e4: no piece on e2" ]
}

@test "'-' reads standard input between files, named <stdin>" {
    printf 'm e2 e4\n' > a.txt
    printf 'info\n' > c.txt
    run --separate-stderr "$CV" a.txt - c.txt <<<'m e2 e4'
    [ "$status" -eq 1 ]
    same "$output" <<EOF
$E4
error: illegal move e2-e4: no piece on e2
fen $E4; black to move; castling KQkq; ply 1 of 1; moves 1. e4
EOF
    [ "$stderr" = "<stdin>:1:3: error: illegal move e2-e4: no piece on e2" ]
}

@test "no FILE reads standard input" {
    run --separate-stderr "$CV" <<<'m e7 e5'
    [ "$status" -eq 1 ]
    [ "$output" = "error: illegal move e7-e5: the piece on e7 is not white's" ]
    [ "$stderr" = "<stdin>:1:3: error: illegal move e7-e5: the piece on e7 is not white's" ]
}

@test "a missing file is an I/O error (2); the other files are still read" {
    printf 'm e2 e4\n' > a.txt
    printf 'info\n' > b.txt
    run --separate-stderr "$CV" a.txt nonexistent.txt b.txt
    [ "$status" -eq 2 ]
    [ "$stderr" = "cv-board: error: nonexistent.txt: No such file or directory" ]
    same "$output" <<EOF
$E4
fen $E4; black to move; castling KQkq; ply 1 of 1; moves 1. e4
EOF
}

@test "a directory is not a command file: an I/O error (2), the other files are still read" {
    mkdir dir
    printf 'm e2 e4\n' > dir/inside.txt
    printf 'info\n' > b.txt
    run --separate-stderr timeout 20 "$CV" dir b.txt
    [ "$status" -eq 2 ]
    [ "$stderr" = "cv-board: error: dir: Is a directory" ]
    [ "$output" = "$INFO_START" ]
}

@test "exit status: 0 when every command succeeded" {
    session <<'EOF'
m e2 e4
info
EOF
    [ "$status" -eq 0 ]
}

@test "exit status: 1 when a command was refused, even if later ones succeed" {
    session <<'EOF'
m e2 e5
m e2 e4
info
EOF
    [ "$status" -eq 1 ]
    [ "${#lines[@]}" -eq 3 ]
}

@test "exit status: 2 (I/O) outranks 1 (a refused command)" {
    printf 'm e2 e5\n' > a.txt
    run --separate-stderr "$CV" a.txt nonexistent.txt
    [ "$status" -eq 2 ]
}

# ---------------------------------------------------------------- long sessions

@test "every example of the board's manual, as one session" {
    run --separate-stderr "$CV" "$DATA/manual.txt"
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    same "$output" < "$DATA/manual.out"
}

@test "the Opera game (Morphy, Paris 1858) typed as m commands ends in the right mate" {
    run --separate-stderr "$CV" "$DATA/opera.txt"
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    same "$output" < "$DATA/opera.out"
    [ "${lines[33]}" = "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17" ]
}

@test "a session of more than 63 plies does not crash (160 plies of knight shuffles)" {
    for i in $(seq 40); do printf 'm g1 f3\nm g8 f6\nm f3 g1\nm f6 g8\n'; done > s.txt
    echo info >> s.txt
    run --separate-stderr timeout 20 "$CV" s.txt
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    [ "${#lines[@]}" -eq 161 ]
    [ "${lines[159]}" = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 160 81" ]
    [[ "${lines[160]}" == "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 160 81; white to move; castling KQkq; ply 160 of 160; moves 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 "*" 80. Ng1 Ng8" ]]
}

# Random games played by chess.js (an independent implementation), with
# every spelling of m, back/forward and pop/takeback mixed in; see
# tests/data/board/gen-random.mjs.
@test "random games checked against chess.js: castling, en passant, promotion" {
    for f in "$DATA"/random-*.txt; do
        run --separate-stderr timeout 60 "$CV" "$f"
        [ "$status" -eq 0 ] || { echo "$f: exit status $status" >&2; return 1; }
        [ "$stderr" = "" ] || { echo "$f: $stderr" >&2; return 1; }
        same "$output" < "${f%.txt}.out" || { echo "in $f" >&2; return 1; }
    done
}
