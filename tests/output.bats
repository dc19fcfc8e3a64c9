#!/usr/bin/env bats
# Output files and standard output (issue item 7): a file named by the
# user is written only as the regular file, device, FIFO or link target
# the user meant, with the mode `>` would give it, never half-written and
# never left as a temporary; a failed write to standard output ends the
# run at once with the real reason (docs/cvkit.7, OUTPUT FILES and EXIT
# STATUS).

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || exit 1
    export CVKIT_SPECS="$PWD/specs"
    B="$PWD/bin"
    # a folder of its own: bats keeps files of its own in BATS_TEST_TMPDIR
    T="$BATS_TEST_TMPDIR/w"
    mkdir "$T"
    BAD=corpus/chess/malformed/cv_blocked-bishop.pgn
    GOOD=corpus/chess/pgn/cv_saavedra-1895.pgn
    K='k7/8/8/8/8/8/8/7K w - - 0 1'
    BADMSG="$BAD:9:14: error: game 1: 2. Bc4: the bishop on f1 is blocked by the pawn on e2; written unconverted"
    cp "$BAD" "$T/bad.pgn"
}

# A record tool's input long enough to be killed while it runs: the
# rejected game first, then some 13 MB of valid games.
big_pgn() {
    cat "$BAD" > "$T/big.pgn"
    for _ in $(seq 100); do cat corpus/chess/pgn/*.pgn; done >> "$T/big.pgn"
}

# wait_for GLOB: until a file matches it (10 s at most)
wait_for() {
    for _ in $(seq 200); do
        compgen -G "$1" > /dev/null && return 0
        sleep 0.05
    done
    echo "# nothing matched $1"
    return 1
}

@test "--rejects: nothing rejected, nothing created and nothing touched (standard input read, FILE not an input)" {
    printf 'old\n' > "$T/in.pgn"
    chmod 604 "$T/in.pgn"
    touch -d '2001-01-01 00:00:00' "$T/in.pgn"
    # the value given, the input forgotten: in.pgn is an output only
    run --separate-stderr "$B/cv-convert" --rejects "$T/in.pgn" < /dev/null
    expect 0 "" "cv-convert: warning: no game records found"
    run stat -c '%F %a %s %y' "$T/in.pgn"
    [ "$output" = "regular file 604 4 2001-01-01 00:00:00.000000000 +0000" ]
    [ "$(cat "$T/in.pgn")" = old ]
    run --separate-stderr "$B/cv-convert" --rejects "$T/new.pgn" "$GOOD"
    [ "$status" -eq 0 ]
    [ ! -e "$T/new.pgn" ]
    run ls -A "$T"
    [ "$output" = "bad.pgn
in.pgn" ]
}

@test "--rejects: an input is never the output, by name, by hard link or as standard input" {
    ln "$T/bad.pgn" "$T/hard.pgn"
    for case in "$T/bad.pgn|$T/bad.pgn" "$T/hard.pgn|$T/bad.pgn" "$T/bad.pgn|-"; do
        out=${case%|*} in=${case#*|}
        run --separate-stderr "$B/cv-convert" --rejects "$out" "$in" < "$T/bad.pgn"
        expect 2 "" "cv-convert: error: $out: the output is also an input; nothing written"
    done
    # standard input, no operand
    run --separate-stderr "$B/cv-convert" --rejects "$T/bad.pgn" < "$T/bad.pgn"
    expect 2 "" "cv-convert: error: $T/bad.pgn: the output is also an input; nothing written"
    cmp "$T/bad.pgn" "$BAD"
    run ls -A "$T"
    [ "$output" = "bad.pgn
hard.pgn" ]
}

@test "--rejects: a new file gets 0666 less the umask, a replaced one keeps its mode" {
    for mask in 022 027 077 002; do
        rm -f "$T/r.pgn"
        (umask $mask && "$B/cv-convert" --rejects "$T/r.pgn" "$BAD" > /dev/null 2>&1) || [ $? -eq 1 ]
        run stat -c '%F %a' "$T/r.pgn"
        [ "$output" = "regular file $(printf '%o' $((0666 & ~0$mask)))" ]
        cmp "$T/r.pgn" "$BAD"
    done
    printf 'old\n' > "$T/r.pgn"
    chmod 640 "$T/r.pgn"
    run --separate-stderr bash -c "umask 077; '$B/cv-convert' --rejects '$T/r.pgn' '$BAD'"
    [ "$status" -eq 1 ]
    [ "$stderr" = "$BADMSG" ]
    run stat -c '%F %a' "$T/r.pgn"
    [ "$output" = "regular file 640" ]
    cmp "$T/r.pgn" "$BAD"
}

@test "--rejects: a symbolic link is followed, the target written and the link kept" {
    ln -s target.pgn "$T/link.pgn"
    mkdir "$T/sub"
    ln -s ../link.pgn "$T/sub/chain.pgn"
    for link in "$T/link.pgn" "$T/sub/chain.pgn"; do
        rm -f "$T/target.pgn"
        run --separate-stderr "$B/cv-convert" --rejects "$link" "$BAD"
        [ "$status" -eq 1 ]
        [ "$stderr" = "$BADMSG" ]
        run stat -c '%F' "$T/link.pgn" "$T/sub/chain.pgn" "$T/target.pgn"
        [ "$output" = "symbolic link
symbolic link
regular file" ]
        cmp "$T/target.pgn" "$BAD"
    done
    run ls -A "$T" "$T/sub"
    [ "$output" = "$T:
bad.pgn
link.pgn
sub
target.pgn

$T/sub:
chain.pgn" ]
}

@test "--rejects: a device or a FIFO is written into, never replaced" {
    # nodes of our own, never the system's: a broken build would replace them
    mknod -m 666 "$T/null" c 1 3
    mknod -m 666 "$T/full" c 1 7
    mkfifo "$T/fifo"
    run --separate-stderr "$B/cv-convert" --rejects "$T/null" "$BAD"
    [ "$status" -eq 1 ]
    [ "$stderr" = "$BADMSG" ]
    # bounded: a tool that never opens the FIFO must not hang the test
    timeout 10 cat "$T/fifo" > "$T/from-fifo" 3>&- &
    run --separate-stderr timeout 10 "$B/cv-convert" --rejects "$T/fifo" "$BAD"
    [ "$status" -eq 1 ]
    [ "$stderr" = "$BADMSG" ]
    wait
    cmp "$T/from-fifo" "$BAD"
    # a device that fails says why
    run --separate-stderr "$B/cv-convert" --rejects "$T/full" "$BAD"
    [ "$status" -eq 2 ]
    [ "$stderr" = "$BADMSG
cv-convert: error: --rejects $T/full: write error: No space left on device" ]
    run stat -c '%F %a %t:%T' "$T/null" "$T/full" "$T/fifo"
    [ "$output" = "character special file 666 1:3
character special file 666 1:7
fifo 644 0:0" ]
    run ls -A "$T"
    [ "$output" = "bad.pgn
fifo
from-fifo
full
null" ]
}

@test "--rejects and --svg-dir that cannot be written fail before anything is read" {
    mkdir "$T/dir"
    printf 'x' > "$T/file"
    for case in "$T/dir|Is a directory" "$T/none/r.pgn|No such file or directory" "$T/file/r.pgn|Not a directory"; do
        run --separate-stderr "$B/cv-convert" --rejects "${case%|*}" "$GOOD"
        expect 2 "" "cv-convert: error: --rejects ${case%|*}: ${case#*|}"
    done
    for case in "$T/none|No such file or directory" "$T/file|Not a directory"; do
        run --separate-stderr "$B/cv-replay" --svg-dir "${case%|*}" "$GOOD"
        expect 2 "" "cv-replay: error: --svg-dir ${case%|*}: ${case#*|}"
    done
}

@test "--svg-dir: each picture replaces the old one whole (a new file renamed over it), no temporary left" {
    mkdir "$T/d"
    "$B/cv-replay" --svg-dir "$T/d" "$GOOD" > /dev/null
    ln "$T/d/1-003.svg" "$T/old.svg"
    chmod 600 "$T/d/1-003.svg"
    before=$(stat -c %i "$T/d/1-003.svg")
    run --separate-stderr "$B/cv-replay" --svg-dir "$T/d" "$GOOD"
    [ "$status" -eq 0 ]
    # a new inode: a reader never saw it half-written; the old link keeps the old picture
    [ "$(stat -c %i "$T/d/1-003.svg")" != "$before" ]
    [ "$(stat -c %i "$T/old.svg")" = "$before" ]
    cmp "$T/d/1-003.svg" "$T/old.svg"
    run stat -c '%F %a' "$T/d/1-003.svg" "$T/d/1-004.svg"
    [ "$output" = "regular file 600
regular file 644" ]
    run bash -c "ls -A '$T/d' | grep -c -v '^1-0[0-9][0-9]\.svg\$'"
    [ "$output" = 0 ]
}

@test "cv-board 'svg FILE': through a link, replaced whole" {
    ln -s pic.svg "$T/link.svg"
    printf 'old\n' > "$T/pic.svg"
    before=$(stat -c %i "$T/pic.svg")
    run --separate-stderr bash -c "printf 'svg %s\n' '$T/link.svg' | '$B/cv-board'"
    expect 0 "ok svg $T/link.svg" ""
    [ "$(stat -c %i "$T/pic.svg")" != "$before" ]
    run stat -c '%F' "$T/link.svg" "$T/pic.svg"
    [ "$output" = "symbolic link
regular file" ]
    run bash -c "xmllint --noout '$T/pic.svg' && ls -A '$T'"
    [ "$output" = "bad.pgn
link.svg
pic.svg" ]
}

@test "a run killed by SIGTERM, SIGINT or SIGHUP leaves no temporary and the old rejects file as it was" {
    # The input is a FIFO the test holds open for writing (fd 4): the run
    # cannot see its end before it is killed, however loaded the machine
    # (a 13 MB file could be read to its end between two polls of wait_for).
    local in="$BATS_TEST_TMPDIR/in" writer
    mkfifo "$in"
    for sig in TERM INT HUP; do
        printf 'old\n' > "$T/r.pgn"
        exec 4<> "$in"
        # (more than the reader's first read asks for: it blocks until then)
        cat "$BAD" corpus/chess/pgn/*.pgn corpus/chess/pgn/*.pgn corpus/chess/pgn/*.pgn > "$in" 3>&- &
        writer=$!
        # every signal at its default, whatever the shell running the tests
        # ignores (a background job ignores INT; nohup ignores HUP)
        env --default-signal "$B/cv-convert" --jobs 1 --rejects "$T/r.pgn" "$in" > /dev/null 2>&1 3>&- 4>&- &
        pid=$!
        wait_for "$T/.r.pgn.*"
        kill -s $sig $pid
        # (the signal is pending now; were it ignored, the run would read
        # the end of its input and exit 0 rather than wait for ever)
        exec 4>&-
        kill $writer 2> /dev/null || true
        wait $writer 2> /dev/null || true
        st=0
        wait $pid || st=$?
        echo "# $sig: $st"
        [ "$st" -eq $((128 + $(kill -l $sig))) ]
        run ls -A "$T"
        [ "$output" = "bad.pgn
r.pgn" ]
        [ "$(cat "$T/r.pgn")" = old ]
    done
}

@test "a cv-replay --svg-dir run killed mid-way leaves only whole pictures" {
    big_pgn
    mkdir "$T/d"
    "$B/cv-replay" --svg-dir "$T/d" "$T/big.pgn" > /dev/null 2>&1 3>&- &
    pid=$!
    wait_for "$T/d/3-0*.svg"
    kill -TERM $pid
    st=0
    wait $pid || st=$?
    [ "$st" -eq 143 ]
    run bash -c "ls -A '$T/d' | grep -c -v '^[0-9]*-[0-9]*\.svg\$'"
    [ "$output" = 0 ]
    xmllint --noout "$T"/d/*.svg
}

@test "--help and --version into a full disk: exit 2 and the reason, for every tool" {
    for tool in cv-board cv-check cv-convert cv-legal cv-parse cv-perft cv-replay; do
        for opt in --help --version; do
            run --separate-stderr bash -c "'$B/$tool' $opt > /dev/full"
            echo "# $tool $opt: $status: $stderr"
            expect 2 "" "$tool: error: write error: No space left on device"
        done
    done
}

@test "a full disk stops a long run at once with the real reason (not 'Input/output error')" {
    yes "$K" | head -100000 > "$T/many.fen"
    for tool in cv-check cv-legal; do
        run --separate-stderr bash -c "'$B/$tool' '$T/many.fen' > /dev/full"
        expect 2 "" "$tool: error: write error: No space left on device"
        # an endless input too: the run ends by itself
        run --separate-stderr bash -c "yes '$K' | timeout 10 '$B/$tool' > /dev/full"
        expect 2 "" "$tool: error: write error: No space left on device"
    done
}

# endless TRAP LINE TOOL...: TOOL on an endless input (LINE again and
# again) read by `head -1`, under the shell command TRAP (SIGPIPE as left,
# or ignored); prints the first line read and the tool's status
endless() {
    local trap=$1 line=$2
    shift 2
    T="$T" bash -c "$trap"'
        "$@" 2> "$T/err" | head -1; echo "${PIPESTATUS[0]}"' _ \
        bash -c 'yes "$0" 2> /dev/null | exec timeout 10 "$@"' "$line" "$@"
}

# pipe_ends LINE FIRST TOOL...: the tool is killed by SIGPIPE as any filter
# is; with SIGPIPE ignored it stops at the first failed write and exits 2,
# saying nothing (never timeout's 124: it ended by itself)
pipe_ends() {
    local line=$1 first=$2
    shift 2
    run endless "" "$line" "$@"
    echo "# $*: $output: $(cat "$T/err")"
    [ "$output" = "$first
141" ]
    [ ! -s "$T/err" ]
    run endless "trap '' PIPE;" "$line" "$@"
    echo "# $* (SIGPIPE ignored): $output: $(cat "$T/err")"
    [ "$output" = "$first
2" ]
    [ ! -s "$T/err" ]
}

@test "a reader that closes the pipe ends every tool at once, on an endless input: SIGPIPE, or status 2 quietly when it is ignored" {
    G=$'[Event "e"]\n\n1. e4 e5 *\n'
    pipe_ends "$K" "ok" "$B/cv-check"
    pipe_ends "$K" "Kg1 Kg2 Kh2" "$B/cv-legal"
    pipe_ends "info" "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; white to move; castling KQkq; ply 0 of 0; moves none" "$B/cv-board"
    pipe_ends "$G" "<stdin>: game 1 (? - ?): valid, 2 plies, *" "$B/cv-replay"
    pipe_ends "$G" '# game 1 <stdin>:1:1' "$B/cv-parse"
    pipe_ends "$G" '[Event "e"]' "$B/cv-convert"
    pipe_ends "$G" '[Event "e"]' "$B/cv-convert" --jobs 1
}
