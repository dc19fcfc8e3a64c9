#!/usr/bin/env bats
# The tools as Unix citizens (issue 9): output and input errors said and
# failing the run, directory walks that end, outputs that are never
# inputs, bounded lines, numbers checked where they are read.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || exit 1
    export CVKIT_SPECS="$PWD/specs"
    B="$PWD/bin"
    T="$BATS_TEST_TMPDIR"
    G1=corpus/trid/game1-gamelist.txt
    K='8/8/8/8/8/8/8/K6k w - - 0 1'
}

@test "a full disk is a write error of every tool: said once, exit 2" {
    for cmd in "cv-replay --gamelist $G1" "cv-replay --check $G1" "cv-convert $G1" "cv-parse $G1" \
               "cv-perft -d 2" "cv-legal --start" "cv-check --normalize -f '$K'" "cv-board /dev/null"; do
        tool=${cmd%% *}
        if [ "$tool" = cv-board ]; then
            run --separate-stderr bash -c "echo reset | $B/cv-board > /dev/full"
        else
            run --separate-stderr bash -c "$B/$cmd > /dev/full"
        fi
        echo "# $cmd: $status: $stderr"
        [ "$status" -eq 2 ]
        [ "$stderr" = "$tool: error: write error: No space left on device" ]
    done
}

@test "a listing regenerated over a full disk leaves the file as it was (--rejects replaced whole)" {
    cp corpus/chess/malformed/cv_blocked-bishop.pgn "$T/in.pgn"
    printf 'old\n' > "$T/rej.pgn"
    run --separate-stderr "$B/cv-convert" --rejects "$T/rej.pgn" "$T/in.pgn"
    [ "$status" -eq 1 ]
    cmp "$T/rej.pgn" "$T/in.pgn"
    [ -z "$(ls "$T" | grep tmp)" ]
}

@test "an input that cannot be read is a read error: said, exit 2" {
    run --separate-stderr "$B/cv-legal" /proc/self/mem
    [ "$status" -eq 2 ]
    [ "$stderr" = "cv-legal: error: /proc/self/mem: read error: Input/output error" ]
    run --separate-stderr "$B/cv-board" /proc/self/mem
    [ "$status" -eq 2 ]
    [ "$stderr" = "cv-board: error: /proc/self/mem: read error: Input/output error" ]
    run --separate-stderr "$B/cv-perft" --suite "$T"
    [ "$status" -eq 2 ]
    [ "$output" = "$T: 0 counts checked, 0 mismatched" ]
    [ "$stderr" = "cv-perft: error: $T: read error: Is a directory" ]
}

@test "a loop of links is walked once, a file reached twice read once, each said" {
    mkdir -p "$T/d/sub"
    cp corpus/trid/game2.pgn "$T/d/sub/g.pgn"
    ln -s . "$T/d/a"
    ln -s sub/g.pgn "$T/d/b.pgn"
    cd "$T"
    run --separate-stderr timeout 20 "$B/cv-replay" --check -q d
    expect 0 "1 file, 1 game, 1 valid, 0 invalid, 0 warnings" "cv-replay: warning: d/a: the directory d again (a loop of links); not walked twice
cv-replay: warning: d/sub/g.pgn: the file d/b.pgn again (a link); not read twice"
    for t in cv-parse cv-convert; do
        run timeout 20 "$B/$t" d
        [ "$status" -eq 0 ]
    done
}

@test "an output that is also an input is refused before anything is written" {
    cp corpus/chess/malformed/cv_blocked-bishop.pgn "$T/v.pgn"
    run --separate-stderr "$B/cv-convert" --rejects "$T/v.pgn" "$T/v.pgn"
    expect 2 "" "cv-convert: error: $T/v.pgn: the output is also an input; nothing written"
    cmp "$T/v.pgn" corpus/chess/malformed/cv_blocked-bishop.pgn
    mkdir "$T/d"
    cp "$T/v.pgn" "$T/d/"
    run --separate-stderr "$B/cv-convert" --rejects "$T/d/rejects.pgn" "$T/d"
    expect 2 "" "cv-convert: error: $T/d/rejects.pgn: the output is inside the input directory $T/d; nothing written"
    [ ! -e "$T/d/rejects.pgn" ]
    # standard output redirected into a walked directory is never read back
    cd "$T"
    run --separate-stderr bash -c "$B/cv-convert d > d/out.pgn"
    [ "$status" -eq 2 ]
    [[ "$stderr" == *"cv-convert: error: d/out.pgn: is also the output; not read"* ]]
}

@test "a NUL byte or an endless line is named with its line in every line reader" {
    printf '%s\0junk\n' "$K" > "$T/nul.txt"
    run --separate-stderr "$B/cv-legal" "$T/nul.txt"
    expect 1 "invalid" "$T/nul.txt:1:28: error: NUL byte in the line"
    run --separate-stderr "$B/cv-check" "$T/nul.txt"
    expect 1 "invalid" "$T/nul.txt:1:28: error: NUL byte in the line"
    printf '%s ;3\0\n' "$K" > "$T/nul-suite.txt"
    run --separate-stderr "$B/cv-perft" --suite "$T/nul-suite.txt"
    expect 1 "$T/nul-suite.txt: 0 counts checked, 0 mismatched" "$T/nul-suite.txt:1:31: error: NUL byte in the line"
    printf 'reset\ninfo\0\n' > "$T/nul-board.txt"
    run --separate-stderr "$B/cv-board" "$T/nul-board.txt"
    [ "$status" -eq 1 ]
    [ "$stderr" = "$T/nul-board.txt:2:5: error: NUL byte in the command" ]
    # 2 MB on one line: refused at its line, the next line still read
    { head -c 2097152 /dev/zero | tr '\0' x; printf '\n%s\n' "$K"; } > "$T/long.txt"
    run --separate-stderr "$B/cv-legal" --count "$T/long.txt"
    expect 1 "invalid
3" "$T/long.txt:1:1048577: error: line longer than 1048576 bytes"
    run --separate-stderr "$B/cv-check" "$T/long.txt"
    expect 1 "invalid
ok" "$T/long.txt:1:1048577: error: line longer than 1048576 bytes"
}

@test "numbers are range-checked where they are read" {
    run --separate-stderr "$B/cv-perft" -d 1 --split 1/99999999999999999999
    expect 2 "" "cv-perft: error: --split '1/99999999999999999999': not K/N with 1 <= K <= N <= 1000000
Try 'cv-perft --help' for more information."
    run --separate-stderr "$B/cv-perft" -d 1 --split 1/99999999999
    expect 2 "" "cv-perft: error: --split '1/99999999999': not K/N with 1 <= K <= N <= 1000000
Try 'cv-perft --help' for more information."
    run --separate-stderr "$B/cv-perft" -d 1 --split 1/1000001
    expect 2 "" "cv-perft: error: --split '1/1000001': not K/N with 1 <= K <= N <= 1000000
Try 'cv-perft --help' for more information."
    printf '%s ;3 ;99999999999999999999999\n' "$K" > "$T/s.txt"
    run --separate-stderr "$B/cv-perft" --suite "$T/s.txt"
    expect 1 "$T/s.txt: 1 counts checked, 0 mismatched" "$T/s.txt:1:33: error: depth 2: out of range (more than 2^64 - 1)"
    # a fullmove at the largest FEN holds stays there, so what is written reads back
    run --separate-stderr "$B/cv-legal" -f '4k3/8/8/8/8/8/8/4K3 b - - 999999999 999999999' -a Kd7
    expect 0 "8/3k4/8/8/8/8/8/4K3 w - - 999999999 999999999" ""
    run --separate-stderr "$B/cv-check" -f '3k4/8/8/8/8/8/8/4K3 w - - 999999999 999999999'
    expect 0 "ok" ""
}

@test "--lenient takes a position that can be played but not reached (python-chess tricky.perft)" {
    P='3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1'
    run --separate-stderr "$B/cv-perft" -d 1 --fen "$P"
    [ "$status" -eq 1 ]
    [ "$stderr" = "--fen:1:1: error: impossible check: two pieces give check and neither could have been uncovered" ]
    run --separate-stderr "$B/cv-legal" -l -f "$P" --count
    expect 0 "4" ""
    # the three checker-alignment positions with their published counts
    # (depths 1-3: 4 125 2854, 3 81 1217, 2 56 1030)
    printf '%s\n' "$P ;4 ;125 ;2854" '2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - - 0 1 ;3 ;81 ;1217' \
        '5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1 ;2 ;56 ;1030' > "$T/tricky.txt"
    run --separate-stderr "$B/cv-perft" --lenient --suite "$T/tricky.txt"
    expect 0 "$T/tricky.txt: 9 counts checked, 0 mismatched" ""
    run --separate-stderr "$B/cv-perft" --suite "$T/tricky.txt"
    [ "$status" -eq 1 ]
    [ "${#stderr_lines[@]}" -eq 3 ]
    # what cannot be played is still refused
    run --separate-stderr "$B/cv-perft" --lenient -d 1 --fen '8/8/8/8/8/8/8/K7 w - - 0 1'
    [ "$status" -eq 1 ]
    [ "$stderr" = "--fen:1:1: error: no black king" ]
}

@test "a run over no record says so; with --check it fails" {
    mkdir "$T/empty"
    run --separate-stderr "$B/cv-replay" --check "$T/empty"
    expect 1 "0 files, 0 games, 0 valid, 0 invalid, 0 warnings" "cv-replay: error: no game records found"
    run --separate-stderr "$B/cv-parse" --check "$T/empty"
    expect 1 "0 files, 0 games, 0 valid, 0 invalid, 0 warnings" "cv-parse: error: no game records found"
    run --separate-stderr "$B/cv-convert" "$T/empty"
    expect 0 "" "cv-convert: warning: no game records found"
}

@test "readers take what real files hold: d7d8R and d7d8=R as d7d8r (pgn-extract's and python-chess's reading)" {
    P='8/3P4/8/8/8/8/8/k6K w - - 0 1'
    for m in d7d8r d7d8R d7d8=R d7d8=r; do
        run --separate-stderr "$B/cv-legal" -f "$P" -m "$m"
        expect 0 "legal d8=R d7d8r" ""
    done
    printf '[FEN "%s"]\n[SetUp "1"]\n\n1. d7d8R Kb2 2. d7d8=R *\n' "$P" > "$T/p.pgn"
    run --separate-stderr "$B/cv-replay" --check -q "$T/p.pgn"
    expect 1 "1 file, 1 game, 0 valid, 1 invalid, 1 warning" "$T/p.pgn:4:17: error: game 1 (? - ?): 2. d7d8=R: no piece on d7"
    printf '[FEN "%s"]\n[SetUp "1"]\n\n1. d7d8R *\n' "$P" > "$T/q.pgn"
    run --separate-stderr "$B/cv-replay" --check -q "$T/q.pgn"
    expect 0 "1 file, 1 game, 1 valid, 0 invalid, 1 warning" ""
}

@test "a spec nested deeper than any spec needs is refused at that depth, at once" {
    python3 -c "print('variant: x\nboard: ' + '['*100000 + ']'*100000)" > "$T/deep.yaml"
    run --separate-stderr timeout 5 "$B/cv-check" --spec "$T/deep.yaml" -f x
    expect 2 "" "$T/deep.yaml:2:39: error: nested deeper than 32 levels (a spec needs a few)"
}

@test "a valid game with a 10 MB comment is valid under --check, in under 16 MB" {
    [ -z "${CVKIT_SANITIZED:-}" ] || skip "peak RSS is the sanitizer's under make asan"
    { printf '[Event "big"]\n[Result "*"]\n\n1. e4 {'; head -c 10485760 /dev/zero | tr '\0' c; printf '} e5 2. Nf3 *\n'; } > "$T/big.pgn"
    /usr/bin/time -f %M -o "$T/rss" "$B/cv-replay" --check "$T/big.pgn" > "$T/out" 2> "$T/err"
    [ "$(cat "$T/out")" = "1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ]
    [ ! -s "$T/err" ]
    [ "$(tail -1 "$T/rss")" -lt 16384 ]
}
