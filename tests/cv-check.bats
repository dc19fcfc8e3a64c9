#!/usr/bin/env bats
# cv-check: strict and lenient FEN, every problem named with its line and
# column, --normalize, --json, --silent, exit statuses, Chess960 FEN forms.
# Inputs and expected outputs live in tests/data/fen/.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs"
    D=tests/data/fen
    START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
}


# Diagnostics sorted by line, then column (stable).  The order in which
# one line's problems are printed is tested once, on its own, below; the
# other tests compare the set so that they say something else when they fail.
by_place() { printf '%s\n' "$1" | LC_ALL=C sort -s -t: -k2,2n -k3,3n; }
expect_sorted() {
    stderr=$(by_place "$stderr")
    expect "$1" "$2" "$(by_place "$3")"
}

# ---- the ProChess board manual's FEN examples (prochess-manual.fen; the manual is
# "The Second Life ProChess board V.1.00", every example of it typed in
# tests/data/board/manual.txt; its loose FEN is docs/rules/chess.md, FEN) ----

@test "ProChess manual examples: strict mode names every deviation" {
    run --separate-stderr bin/cv-check $D/prochess-manual.fen
    expect_sorted 1 "$(printf 'invalid\n%.0s' 1 2 3 4 5 6)" "$(cat $D/prochess-manual.strict.err)"
}

@test "ProChess manual examples: --lenient --normalize gives the standard FEN" {
    run --separate-stderr bin/cv-check --lenient --normalize $D/prochess-manual.fen
    expect 1 "$(cat $D/prochess-manual.lenient.out)" "$(cat $D/prochess-manual.lenient.err)"
}

@test "ProChess manual examples: --lenient --ep=always keeps the double-step squares" {
    run --separate-stderr bin/cv-check -l --normalize --ep=always $D/prochess-manual.fen
    expect 1 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2
rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
4k3/8/8/8/8/8/4P3/4K3 w - - 5 39
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
invalid" "$(cat $D/prochess-manual.lenient.err)"
}

@test "ProChess manual: after 1. e4 (empty ranks as empty strings), strict" {
    run --separate-stderr bin/cv-check -f 'rnbqkbnr/pppppppp///4P3//PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
    expect 1 invalid "--fen:1:19: error: rank 6 is empty (write 8)
--fen:1:20: error: rank 5 is empty (write 8)
--fen:1:25: error: rank 3 is empty (write 8)"
}

@test "ProChess manual: after 1. e4, lenient normalizes (e3 dropped: no capture possible)" {
    run --separate-stderr bin/cv-check -l --normalize -f 'rnbqkbnr/pppppppp///4P3//PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
    expect 0 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' ""
}

@test "ProChess manual: after 1... c5, lenient normalizes" {
    run --separate-stderr bin/cv-check -l --normalize -f 'rnbqkbnr/pp1ppppp//2p5/4P3//PPPP1PPP/RNBQKBNR w KQkq c6 0 2'
    expect 0 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' ""
}

@test "ProChess manual: after 2. Nf3, strict and lenient" {
    run --separate-stderr bin/cv-check -f 'rnbqkbnr/pp1ppppp//2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
    expect 1 invalid "--fen:1:19: error: rank 6 is empty (write 8)"
    run --separate-stderr bin/cv-check -l --normalize -f 'rnbqkbnr/pp1ppppp//2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
    expect 0 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2' ""
}

@test "ProChess manual: two kings and a pawn (empty ranks omitted)" {
    run --separate-stderr bin/cv-check -f '4k3//////4P3/4K3 w - - 5 39'
    expect 1 invalid "--fen:1:5: error: rank 7 is empty (write 8)
--fen:1:6: error: rank 6 is empty (write 8)
--fen:1:7: error: rank 5 is empty (write 8)
--fen:1:8: error: rank 4 is empty (write 8)
--fen:1:9: error: rank 3 is empty (write 8)"
    run --separate-stderr bin/cv-check -l --normalize -f '4k3//////4P3/4K3 w - - 5 39'
    expect 0 '4k3/8/8/8/8/8/4P3/4K3 w - - 5 39' ""
}

@test "ProChess manual: FEN command equivalent to RESET (castling out of order, two fields missing)" {
    run --separate-stderr bin/cv-check -f 'rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNR w QKqk -'
    expect_sorted 1 invalid "--fen:1:19: error: rank 6 is empty (write 8)
--fen:1:20: error: rank 5 is empty (write 8)
--fen:1:21: error: rank 4 is empty (write 8)
--fen:1:22: error: rank 3 is empty (write 8)
--fen:1:43: error: castling field 'QKqk' is not in KQkq order
--fen:1:49: error: missing halfmove clock and fullmove number fields"
    run --separate-stderr bin/cv-check -l --normalize -f 'rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNR w QKqk -'
    expect 0 "$START" ""
}

@test "ProChess manual: queens on the diagonal: lenient reads it, then no kings" {
    run --separate-stderr bin/cv-check -l --normalize -f '7Q/6q/5Q/4q/3Q/2q/1Q/q'
    expect 1 invalid "--fen:1:1: error: no white king
--fen:1:1: error: no black king"
    run --separate-stderr bin/cv-check --json -l -f '7Q/6q/5Q/4q/3Q/2q/1Q/q'
    expect 1 '{"file":"--fen","line":1,"input":"7Q/6q/5Q/4q/3Q/2q/1Q/q","valid":false,"problems":[{"level":"error","kind":"position","line":1,"col":1,"message":"no white king"},{"level":"error","kind":"position","line":1,"col":1,"message":"no black king"}]}' ""
}

# ---- malformed input: one file, every problem with its place ----

@test "malformed.fen: exact diagnostics (58 lines, 55 records)" {
    run --separate-stderr bin/cv-check $D/malformed.fen
    expect_sorted 1 "$(cat $D/malformed.out)" "$(cat $D/malformed.err)"
}

@test "malformed: en passant square with no pawn that just moved" {
    run --separate-stderr bin/cv-check -f 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1' \
        -f '4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1'
    expect 1 "invalid
invalid" "--fen:1:52: error: invalid en passant square e3: no white pawn on e4 that could have just moved two squares
--fen:2:27: error: invalid en passant square d6: no black pawn on d5 that could have just moved two squares"
}

@test "malformed: en passant square or the square behind it occupied" {
    run --separate-stderr bin/cv-check -f '4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1' -f '4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1'
    expect 1 "invalid
invalid" "--fen:1:30: error: invalid en passant square d6: d6 is occupied
--fen:2:30: error: invalid en passant square d6: d7 is occupied"
}

@test "valid: a real en passant square is accepted and kept when capturable" {
    run --separate-stderr bin/cv-check --normalize -f 'rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1' \
        -f 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
    expect 0 "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" ""
}

@test "malformed: two checkers on one line is an impossible check" {
    run --separate-stderr bin/cv-check -f '4k3/8/8/8/8/8/8/r3K2q w - - 0 1'
    expect 1 invalid "--fen:1:1: error: impossible check: two pieces give check and neither could have been uncovered"
}

@test "problems of one line are reported in column order" {
    run --separate-stderr bin/cv-check -f 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1'
    expect 1 invalid "--fen:1:1: error: no white king
--fen:1:47: error: bad castling rights: 'K' needs the white king and a rook on their squares
--fen:1:48: error: bad castling rights: 'Q' needs the white king and a rook on their squares"
    run --separate-stderr bin/cv-check -f 'rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNR w QKqk -'
    expect 1 invalid "--fen:1:19: error: rank 6 is empty (write 8)
--fen:1:20: error: rank 5 is empty (write 8)
--fen:1:21: error: rank 4 is empty (write 8)
--fen:1:22: error: rank 3 is empty (write 8)
--fen:1:43: error: castling field 'QKqk' is not in KQkq order
--fen:1:49: error: missing halfmove clock and fullmove number fields"
}

@test "malformed: NUL byte in a line" {
    run --separate-stderr bash -c "printf 'rnbqkbnr\0/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n%s\n' '$START' | bin/cv-check"
    expect 1 "invalid
ok" "<stdin>:1:9: error: NUL byte in the line"
}

@test "lenient mode: columns count from the start of the line after leading blanks" {
    run --separate-stderr bash -c "printf '   4k3/8/8/8/8/8/8/4K3 w - - 0 1 x\n' | bin/cv-check -l"
    expect 1 invalid "<stdin>:1:34: error: unexpected text after the fullmove number"
}

@test "strict mode: leading blanks are reported at column 1" {
    run --separate-stderr bash -c "printf '  %s\n' '$START' | bin/cv-check"
    expect 1 invalid "<stdin>:1:1: error: leading whitespace"
}

@test "blank lines, blank-only lines and comments are skipped; CRLF is accepted" {
    run --separate-stderr bash -c "printf '\n# c\n  \t\n%s\r\n\n8/8 w - - 0 1\r\n' '$START' | bin/cv-check"
    expect 1 "ok
invalid" "<stdin>:6:4: error: only 2 ranks, 8 needed"
}

@test "a directory is walked for *.fen files, in name order" {
    run --separate-stderr bin/cv-check $D
    [ "$status" -eq 1 ]
    [ "${#lines[@]}" -eq 61 ]
    [ "$(printf '%s\n' "${lines[@]:55}" | tr '\n' ' ')" = "invalid invalid invalid invalid invalid invalid " ]
    [ "$(printf '%s\n' "$stderr" | cut -d: -f1 | uniq | tr '\n' ' ')" = "$D/malformed.fen $D/prochess-manual.fen " ]
}

@test "empty input: nothing to say, exit 0" {
    run --separate-stderr bin/cv-check /dev/null
    expect 0 "" ""
}

# ---- output forms ----

@test "--normalize rewrites valid positions, marks invalid ones" {
    run --separate-stderr bin/cv-check --normalize -f '4k3/8/8/8/8/8/8/4K3 w - - 0 1' -f '4k3/8/8/8/8/8/8/4K3 w - - 0 0' \
        -f 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 12 40'
    expect 1 "4k3/8/8/8/8/8/8/4K3 w - - 0 1
invalid
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 12 40" "--fen:2:29: error: fullmove number 0 (it starts at 1)"
}

@test "--json: one object per position, valid and invalid" {
    run --separate-stderr bin/cv-check --json -f "$START" -f 'rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
    expect 1 '{"file":"--fen","line":1,"input":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","valid":true,"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","problems":[]}
{"file":"--fen","line":2,"input":"rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","valid":false,"problems":[{"level":"error","kind":"syntax","line":2,"col":14,"message":"unknown piece letter '"'"'X'"'"'"}]}' ""
}

@test "--json from a file: names the file and line, escapes the input" {
    run --separate-stderr bash -c "printf '\n%s\n' '4k3/8/8/8/8/8/8/4K2r b - - 0 1 \"x' | bin/cv-check --json"
    expect 1 '{"file":"<stdin>","line":2,"input":"4k3/8/8/8/8/8/8/4K2r b - - 0 1 \"x","valid":false,"problems":[{"level":"error","kind":"syntax","line":2,"col":32,"message":"unexpected text after the fullmove number"}]}' ""
}

@test "--silent prints nothing; the exit status tells" {
    run --separate-stderr bin/cv-check --silent $D/malformed.fen
    expect 1 "" ""
    run --separate-stderr bin/cv-check --silent -f "$START"
    expect 0 "" ""
}

# ---- exit statuses ----

@test "exit 0 when every position is valid" {
    run --separate-stderr bin/cv-check -f "$START" -f '4k3/8/8/8/8/8/8/4K3 b - - 99 200'
    expect 0 "ok
ok" ""
}

@test "exit 2: unknown option" {
    run --separate-stderr bin/cv-check --bogus
    expect 2 "" "cv-check: error: unknown option '--bogus'
Try 'cv-check --help' for more information."
}

@test "exit 2: option without its value" {
    run --separate-stderr bin/cv-check -f
    expect 2 "" "cv-check: error: option '-f' needs a value
Try 'cv-check --help' for more information."
}

@test "exit 2: bad --ep value" {
    run --separate-stderr bin/cv-check --ep=sometimes -f "$START"
    expect 2 "" "cv-check: error: --ep 'sometimes': not one of always, legal
Try 'cv-check --help' for more information."
}

@test "exit 2: --fen and files together" {
    run --separate-stderr bin/cv-check -f "$START" $D/prochess-manual.fen
    expect 2 "" "cv-check: error: give either --fen or files, not both
Try 'cv-check --help' for more information."
}

@test "exit 2: unknown variant, named without a bogus <stdin> location" {
    run --separate-stderr bin/cv-check -V nosuchvariant -f "$START"
    [ "$status" -eq 2 ]
    [ "$output" = "" ]
    [[ "$stderr" =~ ^cv-check:\ (error:\ )?unknown\ variant\ \'nosuchvariant\' ]]
}

@test "exit 2: unreadable file, the other files still checked" {
    run --separate-stderr bin/cv-check $D/no-such-file.fen $D/prochess-manual.fen
    [ "$status" -eq 2 ]
    [ "$output" = "$(printf 'invalid\n%.0s' 1 2 3 4 5 6)" ]
    [ "${stderr%%$'\n'*}" = "cv-check: error: $D/no-such-file.fen: No such file or directory" ]
}

@test "--help and --version" {
    run --separate-stderr bin/cv-check --help
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "Usage: cv-check [OPTION]... [FILE]..." ]
    [ "$stderr" = "" ]
    run --separate-stderr bin/cv-check --version
    [ "$status" -eq 0 ]
    [[ "$output" =~ ^cv-check\ \(cvkit\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
}

# ---- Chess960 ----

@test "chess960: Shredder-FEN is valid and kept by --normalize" {
    run --separate-stderr bin/cv-check -V chess960 --normalize -f 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9'
    expect 0 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9' ""
}

@test "chess960: --xfen writes X-FEN" {
    run --separate-stderr bin/cv-check -V chess960 --normalize --xfen -f 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9'
    expect 0 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 9' ""
}

@test "chess960: X-FEN input is read and normalized to Shredder-FEN" {
    run --separate-stderr bin/cv-check -V chess960 --normalize -f 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 9' \
        -f 'b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w KQ - 0 9'
    expect 0 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9
b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 0 9' ""
}

@test "chess960: an inner rook's right stays a file letter in X-FEN" {
    run --separate-stderr bin/cv-check -V chess960 --normalize --xfen -f '1r5k/8/8/8/8/8/8/2K2RR1 w F - 0 1' -f '1r5k/8/8/8/8/8/8/2K2RR1 w G - 0 1'
    expect 0 '1r5k/8/8/8/8/8/8/2K2RR1 w F - 0 1
1r5k/8/8/8/8/8/8/2K2RR1 w K - 0 1' ""
}

@test "chess960 aliases: fischerandom, 960, --spec" {
    for v in fischerandom 960 "Fischer Random" Chess960; do
        run --separate-stderr bin/cv-check -V "$v" -f 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9'
        expect 0 ok ""
    done
    run --separate-stderr bin/cv-check --spec specs/chess960.yaml -f 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9'
    expect 0 ok ""
}

@test "standard chess rejects Shredder-FEN letters" {
    run --separate-stderr bin/cv-check -V Standard -f 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9'
    expect 1 invalid "--fen:1:56: error: invalid castling letter 'H'"
}

@test "chess960: a castling letter with no rook there" {
    run --separate-stderr bin/cv-check -V chess960 -f 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhe - 0 9'
    expect 1 invalid "--fen:1:59: error: bad castling rights: 'e' needs the black king and a rook on their squares"
}
