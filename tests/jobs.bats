#!/usr/bin/env bats
# --jobs: cv-replay and cv-convert read the games in order on one thread and
# play them in batches on N; whatever N and however the batches fall, the
# output, the diagnostics and the exit status are those of --jobs 1, byte for
# byte.  --chunk-bytes (not in --help) makes the batches small, down to one
# game a batch (--chunk-bytes 1), so that every game boundary is a batch
# boundary somewhere below; without it the pieces are of 1 MiB, and
# tests/jobs-pads.sh pads the malformed files to fall where those are cut.

bats_require_minimum_version 1.5.0

setup_file() {
    # the padded inputs, made once: about 80 MB
    "$BATS_TEST_DIRNAME/jobs-pads.sh" "$BATS_FILE_TMPDIR/pads"
}

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    B="$ROOT/bin"
    export CVKIT_SPECS="${CVKIT_SPECS:-$ROOT/specs}"
    PADS="$BATS_FILE_TMPDIR/pads"
    # what same compares with --jobs 1: job counts and piece sizes
    JOBS=("4 --chunk-bytes 1" "2 --chunk-bytes 700" "3 --chunk-bytes 5000" "2")
    cd "$ROOT"
}

# same TOOL ARG...: --jobs 1 and each --jobs N of JOBS give the same
# standard output, standard error and exit status.
same() {
    local tool=$1 T="$BATS_TEST_TMPDIR/same" j
    shift
    mkdir -p "$T"
    local s1=0 s2
    "$B/$tool" --jobs 1 "$@" > "$T/out1" 2> "$T/err1" || s1=$?
    # a missing input would fail alike under every --jobs and prove nothing
    if grep -q 'No such file or directory' "$T/err1"; then
        echo "# $tool --jobs 1 $*: an input is missing"
        grep 'No such file or directory' "$T/err1" | head -5 | sed 's/^/# /'
        return 1
    fi
    for j in "${JOBS[@]}"; do
        # shellcheck disable=SC2086  # the words of $j are options
        s2=0
        "$B/$tool" --jobs $j "$@" > "$T/out2" 2> "$T/err2" || s2=$?
        if [ "$s1" != "$s2" ] || ! cmp -s "$T/out1" "$T/out2" || ! cmp -s "$T/err1" "$T/err2"; then
            echo "# $tool --jobs $j $*: differs from --jobs 1 (status $s1, $s2)"
            diff "$T/out1" "$T/out2" | head -5 | sed 's/^/# /'
            diff "$T/err1" "$T/err2" | head -5 | sed 's/^/# /'
            return 1
        fi
    done
}

# A file made to catch a reader whose state leaks across games: a byte-order
# mark; '[' inside a {comment}, a ';' comment and a '%' escape line (none of
# them a game start); a game with no blank line after it; a missing result;
# binary data that makes the reader skip to the next game; an illegal move;
# CR LF line ends that begin only in its sixth game and a lone CR later (each
# reported once per file); real games from the corpus between them.
straddle() {
    local f="$BATS_TEST_TMPDIR/straddle.pgn"
    {
        printf '\xEF\xBB\xBF[Event "one"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
        printf '1. e4 {a comment\n[Event "not a game"]\nstill the comment} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
        printf '; [Event "a line comment"]\n%% [Event "an escape line"]\n[Event "two"]\n[Result "*"]\n\n1. d4 d5 *\n'
        printf '[Event "three, no blank line before"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'
        printf '[Event "four, no result"]\n\n1. e4 e5 2. Nf3\n\n'
        printf '[Event "five, binary"]\n\n1. e4 \001\002 e5 *\n\n'
        printf '[Event "six, CR LF"]\r\n[Result "*"]\r\n\r\n1. e4 e5 2. Ke3 *\r\n\r\n'
        cat corpus/chess/pgn/cv_morphy-opera-1858.pgn
        printf '\n[Event "seven, an illegal move"]\n\n1. e4 e5 2. Ke3 Qxe3 3. Kd4 *\n\n'
        printf '[Event "eight, lone CR"]\r[Result "*"]\r\r1. Nf3 (1. e4 (1. d4 d5) e5) Nf6 *\n\n'
        cat corpus/chess/pgn/cv_saavedra-1895.pgn corpus/chess/malformed/cv_blocked-bishop.pgn
        printf '\n[Event "last"]\n\n1. e4 {unterminated comment\n[Event "inside it"]\n1. d4 *\n'
    } > "$f"
    printf '%s' "$f"
}

@test "--jobs: cv-replay on the whole corpus, every output and option" {
    for opts in "" --check --json "--check --json" --strict "--check --strict" --quiet -cq --fen --final \
                --draws --fail-fast "--check --fail-fast" "--json --strict" "-n pbm"; do
        # shellcheck disable=SC2086
        same cv-replay $opts corpus || return 1
    done
}

@test "--jobs: cv-replay on the malformed corpus, every output and option" {
    for opts in "" --check --json "--check --json" --strict "--check --strict" --quiet --fen --final --draws \
                --fail-fast "--strict --fail-fast" "--json --strict"; do
        # shellcheck disable=SC2086
        same cv-replay $opts corpus/chess/malformed || return 1
    done
}

@test "--jobs: cv-replay --gamelist and the other record formats" {
    same cv-replay --gamelist corpus/trid
    same cv-replay -n romulan --gamelist corpus/trid
    same cv-replay corpus/panoply corpus/trid corpus/parallelworlds corpus/doublechess
    same cv-replay --check --json corpus/panoply
}

@test "--jobs: games straddling every batch boundary, and standard input" {
    f=$(straddle)
    # the file says all it was made to say
    run --separate-stderr "$B/cv-replay" --jobs 1 "$f"
    [[ "$stderr" == *"byte-order mark"* ]]
    [[ "$stderr" == *"CR LF line end (reported once per file)"* ]]
    [[ "$stderr" == *"CR line end without LF (reported once per file)"* ]]
    [[ "$stderr" == *"no blank line between this game"* ]]
    [ "$(grep -c 'reported once per file' <<< "$stderr")" -eq 2 ]
    for c in 1 200 900 3000; do
        for opts in "" --check --json "--check --json" --strict --fen --fail-fast "--strict --fail-fast" --quiet; do
            # shellcheck disable=SC2086
            same cv-replay --chunk-bytes $c $opts "$f" || return 1
        done
        same cv-convert --chunk-bytes $c -t lan "$f" || return 1
        same cv-convert --chunk-bytes $c --json "$f" || return 1
    done
    # standard input: the same (a pipe, read once)
    T="$BATS_TEST_TMPDIR"
    "$B/cv-replay" --jobs 1 < "$f" > "$T/o1" 2> "$T/e1" || true
    "$B/cv-replay" --jobs 3 --chunk-bytes 1 < "$f" > "$T/o3" 2> "$T/e3" || true
    cat "$f" | "$B/cv-replay" --jobs 2 --chunk-bytes 300 - > "$T/o2" 2> "$T/e2" || true
    cmp "$T/o1" "$T/o3" && cmp "$T/e1" "$T/e3" && cmp "$T/o1" "$T/o2" && cmp "$T/e1" "$T/e2"
}

@test "--jobs: --fail-fast stops at the same game, in the middle of a batch or at its end" {
    T="$BATS_TEST_TMPDIR/c"
    mkdir -p "$T"
    cat corpus/chess/pgn/cv_saavedra-1895.pgn corpus/chess/malformed/cv_blocked-bishop.pgn \
        corpus/chess/pgn/cv_morphy-opera-1858.pgn > "$T/a.pgn"
    cp corpus/chess/pgn/cv_saavedra-1895.pgn "$T/b.pgn"
    for c in 1 2000 100000; do
        same cv-replay --chunk-bytes $c --fail-fast "$T" || return 1
    done
    run --separate-stderr "$B/cv-replay" --jobs 4 --chunk-bytes 1 --fail-fast "$T"
    [ "$status" -eq 1 ]
    # the second file is not read; the first one's third game neither
    [ "${lines[-1]}" = "1 file, 2 games, 1 valid, 1 invalid, 1 warning" ]
}

@test "--jobs: cv-convert, every output format and notation, rejects included" {
    T="$BATS_TEST_TMPDIR"
    for opts in "" --json --strict --quiet "-t lan" "-t uci" "-t fen" "-t fen --json" "-t pgn" "-t gamelist" \
                "-t gclog" "--format gamelist -t romulan" "-t lan --json"; do
        for src in corpus corpus/chess/malformed; do
            # shellcheck disable=SC2086
            same cv-convert $opts "$src" || return 1
        done
    done
    for j in "1" "4 --chunk-bytes 1" "2 --chunk-bytes 3000"; do
        # shellcheck disable=SC2086
        "$B/cv-convert" --jobs $j -t lan --rejects "$T/rej-${j%% *}.pgn" corpus/chess/malformed > "$T/out-${j%% *}" 2> "$T/err-${j%% *}" || true
    done
    [ -s "$T/rej-1.pgn" ]
    cmp "$T/rej-1.pgn" "$T/rej-4.pgn" && cmp "$T/rej-1.pgn" "$T/rej-2.pgn"
    cmp "$T/out-1" "$T/out-4" && cmp "$T/err-1" "$T/err-4"
}

@test "--jobs: a count from 1 to 256, refused otherwise (exit 2, usage)" {
    for t in cv-replay cv-convert; do
        for bad in 0 257 x -1 ""; do
            run --separate-stderr "$B/$t" --jobs "$bad" corpus/chess/pgn
            [ "$status" -eq 2 ] || { echo "# $t --jobs '$bad': $status"; return 1; }
            [ "$output" = "" ]
            [[ "$stderr" == "$t: error: --jobs '$bad': not a job count from 1 to 256"$'\n'* ]]
        done
        run --separate-stderr "$B/$t" --chunk-bytes 0 corpus/chess/pgn
        [ "$status" -eq 2 ]
        run "$B/$t" --help
        [[ "$output" == *"--jobs N"* ]]
        [[ "$output" != *"chunk-bytes"* ]]
    done
    run --separate-stderr "$B/cv-replay" --jobs 256 --check corpus/chess/pgn
    [ "$status" -eq 0 ]
    [ "$output" = "30 files, 164 games, 164 valid, 0 invalid, 0 warnings" ]
}

# The cut after a game of tags alone (no moves, no result) is where the next
# game's tags start: a 1 MiB piece ends past it, the next is refused, and the
# input is read whole for a batch and then cut again.  That once read part of
# the input twice (180,001 games read as 187,990 on a file like this one).
@test "--jobs: a game of tags alone between pads of 1 MiB, the size of the pieces" {
    f="$PADS/each/tag-only.pgn"
    run --separate-stderr "$B/cv-replay" --check --jobs 1 "$PADS/pad.pgn"
    [ "$status" -eq 0 ]
    pad=$(sed -n 's/^1 file, \([0-9]*\) games, .*/\1/p' <<< "$output")
    [ "$pad" -gt 1000 ]
    nl=$(wc -l < "$PADS/pad.pgn")
    n=$((2 * pad + 1))
    for j in 1 2 3 8; do
        run --separate-stderr "$B/cv-replay" --check --jobs "$j" "$f"
        [ "$status" -eq 0 ] || { echo "# --jobs $j: status $status"; return 1; }
        [ "$output" = "1 file, $n games, $n valid, 0 invalid, 1 warning" ] || { echo "# --jobs $j: $output"; return 1; }
        [ "$stderr" = "$f:$((nl + 1)):21: warning: game $((pad + 1)): missing result; '*' assumed" ] ||
            { echo "# --jobs $j: $stderr"; return 1; }
    done
    JOBS=(2 3 8)
    same cv-replay "$f"
    same cv-replay --json "$f"
    same cv-convert "$f"
}

@test "--jobs: every malformed file right after a pad of 1 MiB, cv-replay --check at --jobs 1, 2, 3, 8" {
    set -- "$PADS"/each/*.pgn
    [ $# -eq "$(($(ls corpus/chess/malformed/*.pgn | wc -l) + 1))" ]
    JOBS=(2 3 8)
    same cv-replay --check "$@"
}

@test "--jobs: the malformed files in groups between pads of 1 MiB, cv-replay and cv-convert at --jobs 1, 2, 3, 8" {
    JOBS=(2 3 8)
    same cv-replay "$PADS/mixed.pgn"
    same cv-replay --json "$PADS/mixed.pgn"
    same cv-convert "$PADS/mixed.pgn"
}

@test "--jobs: the malformed files in groups between pads, cut in small pieces (--chunk-bytes)" {
    JOBS=("2 --chunk-bytes 3000" "3 --chunk-bytes 3000" "2 --chunk-bytes 65536" "3 --chunk-bytes 300000")
    same cv-replay --check "$PADS/mixed.pgn"
}
