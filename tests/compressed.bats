#!/usr/bin/env bats
# Compressed input (issue 23, item 3): gzip, bzip2, xz and zstd files,
# recognised by their first bytes on named files, on standard input and in
# directory walks (*.pgn.gz, *.txt.xz, ...), are read through the system's
# own programs.  The compressed files are made here from corpus files with
# the real programs, and every run is compared with the run on the text
# itself: the same bytes out, the same line numbers in the messages.  A
# truncated or corrupt stream is an error at its file after the games
# before the damage; a missing program is named; --jobs reads the
# decompressed text as it reads any; neither descriptors nor processes are
# left behind.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    B="$ROOT/bin"
    C="$ROOT/corpus"
    export CVKIT_SPECS="${CVKIT_SPECS:-$ROOT/specs}"
    T="$BATS_TEST_TMPDIR"
    cd "$T" || return 1
}

FORMATS="gzip bzip2 xz zstd"

# ext FORMAT: the suffix of its files
ext() {
    case $1 in
        gzip) echo gz ;;
        bzip2) echo bz2 ;;
        xz) echo xz ;;
        zstd) echo zst ;;
    esac
}

# pack FORMAT: standard input compressed by the real program
pack() {
    case $1 in
        zstd) zstd -q -c ;;
        *) "$1" -c ;;
    esac
}

# tree DIR FILE...: DIR/plain holds the files as they are, DIR/FORMAT each
# of them compressed under the same name, so that runs in the two print
# the same names
tree() {
    local dir=$1 f p
    shift
    mkdir -p "$dir/plain"
    cp "$@" "$dir/plain/" || return 1
    for p in $FORMATS; do
        mkdir -p "$dir/$p"
        for f in "$dir"/plain/*; do
            pack "$p" < "$f" > "$dir/$p/${f##*/}" || return 1
            # compressed indeed: not the text
            ! cmp -s "$f" "$dir/$p/${f##*/}" || return 1
        done
    done
}

# outcome DIR NAME CMD...: runs CMD in DIR, its output, errors and exit
# status saved as $T/NAME.{out,err,rc}
outcome() {
    local dir=$1 name=$2 rc=0
    shift 2
    (cd "$dir" && "$@") > "$T/$name.out" 2> "$T/$name.err" || rc=$?
    echo "$rc" > "$T/$name.rc"
}

# same A B: the two outcomes are the same bytes
same() {
    local k
    for k in out err rc; do
        cmp "$T/$1.$k" "$T/$2.$k" || { diff "$T/$1.$k" "$T/$2.$k" | head -10 | sed 's/^/# /'; return 1; }
    done
}

@test "each format, a named file: cv-replay, cv-parse and cv-convert print the bytes they print for the text, line numbers included" {
    tree d "$C/chess/pgn/pe_fischer.pgn" "$C/chess/malformed/cl_corrupted.pgn"
    local cmd p n=0
    for cmd in "cv-replay" "cv-replay --final" "cv-parse" "cv-parse --json" "cv-convert --to lan" "cv-convert --json"; do
        # shellcheck disable=SC2086  # the words of $cmd are the tool and its options
        outcome d/plain want "$B"/$cmd pe_fischer.pgn cl_corrupted.pgn
        [ -s want.out ]
        for p in $FORMATS; do
            # shellcheck disable=SC2086
            outcome "d/$p" got "$B"/$cmd pe_fischer.pgn cl_corrupted.pgn
            same want got || { echo "# $cmd, $p"; return 1; }
            n=$((n + 1))
        done
    done
    [ "$n" -eq 24 ]
    # what was compared: the malformed game's messages at their lines
    outcome d/gzip got "$B/cv-replay" pe_fischer.pgn cl_corrupted.pgn
    [ "$(cat got.rc)" = 1 ]
    [ "$(tail -1 got.out)" = "2 files, 35 games, 34 valid, 1 invalid, 1 warning" ]
    [ "$(cat got.err)" = "cl_corrupted.pgn:57:25: error: game 1: unrecognized token 'Kx'
cl_corrupted.pgn:57:27: warning: game 1: missing result; '*' assumed" ]
}

@test "each format on standard input, from a file and from a pipe: the bytes of the text's run" {
    tree d "$C/chess/malformed/cl_corrupted.pgn"
    local p
    outcome d/plain want sh -c '"$0" < cl_corrupted.pgn' "$B/cv-parse"
    grep -qx "57:21 MOVE_NUMBER 63." want.out
    [ "$(cat want.err)" = "<stdin>:57:25: error: game 1: unrecognized token 'Kx'
<stdin>:57:27: warning: game 1: missing result; '*' assumed" ]
    for p in $FORMATS; do
        outcome "d/$p" got sh -c '"$0" < cl_corrupted.pgn' "$B/cv-parse"
        same want got || { echo "# $p, redirected"; return 1; }
        outcome "d/$p" got sh -c 'cat cl_corrupted.pgn | "$0"' "$B/cv-parse"
        same want got || { echo "# $p, piped"; return 1; }
        outcome "d/$p" got sh -c 'cat cl_corrupted.pgn | "$0" -' "$B/cv-parse"
        same want got || { echo "# $p, piped, named -"; return 1; }
    done
}

@test "a directory walk takes *.pgn, *.txt (a listing) and *.gc with .gz .bz2 .xz .zst after them, in any case; other .gz files not" {
    mkdir w
    gzip -c "$C/chess/pgn/cv_morphy-opera-1858.pgn" > w/a.pgn.gz
    bzip2 -c "$C/chess/pgn/cv_saavedra-1895.pgn" > w/b.PGN.BZ2
    xz -c "$C/trid/game1-gamelist.txt" > w/c.txt.xz
    zstd -q -c "$C/chess/pgn/cv_loyd-stalemate.pgn" > w/d.pgn.zst
    # a .txt that is neither a listing nor a log, and a .gz of no record suffix
    gzip -c "$C/chess/SOURCES" > w/e.txt.gz
    gzip -c "$C/chess/pgn/cv_loyd-stalemate.pgn" > w/notes.gz
    run --separate-stderr "$B/cv-replay" w
    expect 0 "w/a.pgn.gz: game 1 (Morphy, Paul - Duke Karl of Brunswick and Count Isouard): valid, 33 plies, 1-0
w/b.PGN.BZ2: game 1 (Saavedra, Fernando (study) - Barbier, Georges (study)): valid, 13 plies, 1-0
w/c.txt.xz: game 1: valid, 69 plies, checkmate
w/d.pgn.zst: game 1 (Loyd, Samuel (composition) - Loyd, Samuel (composition)): valid, 19 plies, 1/2-1/2
4 files, 4 games, 4 valid, 0 invalid, 0 warnings" ""
}

@test "every format walked: cv-replay and cv-parse over a directory of compressed files print what they print over the texts" {
    tree d "$C/chess/pgn/pe_najdorf.pgn" "$C/trid/game2-gamelist.txt" "$C/chess/malformed/cl_newline.pgn"
    local p f cmd
    for p in $FORMATS; do
        mkdir "w$p"
        for f in d/"$p"/*; do cp "$f" "w$p/${f##*/}.$(ext "$p")"; done
    done
    outcome d want "$B/cv-replay" plain
    grep -qx "3 files, 10 games, 10 valid, 0 invalid, 1 warning" want.out
    for cmd in cv-replay cv-parse; do
        outcome d want "$B/$cmd" plain
        [ -s want.out ]
        for p in $FORMATS; do
            outcome . got "$B/$cmd" "w$p"
            # the same but for the names: w$p/x.pgn.gz where plain/x.pgn
            sed "s#w$p/\([^:]*\)\.$(ext "$p")#plain/\1#" got.out > got.o
            sed "s#w$p/\([^:]*\)\.$(ext "$p")#plain/\1#" got.err > got.e
            cmp want.out got.o && cmp want.err got.e && cmp want.rc got.rc ||
                { echo "# $cmd over w$p"; diff want.out got.o | head; diff want.err got.e | head; return 1; }
        done
    done
}

@test "the position tools: cv-check, cv-legal, cv-board and cv-perft --suite read compressed files, named, walked and on standard input" {
    local p
    # four FENs, the last one bad at a column of its own
    printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' \
        '# a comment' \
        'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' \
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1' > f.fen
    printf '%s\n' '# variant: chess' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;20 ;400 ;8903' > s.txt
    outcome . check "$B/cv-check" f.fen
    outcome . legal "$B/cv-legal" f.fen
    outcome . board "$B/cv-board" f.fen
    outcome . suite "$B/cv-perft" -d 3 --suite s.txt
    [ "$(cat check.err)" = "f.fen:4:43: error: unknown piece letter 'X'" ]
    [ "$(cat suite.err)" = "s.txt:2:68: error: depth 3: counted 8902, expected 8903" ]
    [ "$(cat suite.out)" = "s.txt: 3 counts checked, 1 mismatched" ]
    for p in $FORMATS; do
        rm -rf "z$p"
        mkdir "z$p"
        pack "$p" < f.fen > "z$p/f.fen"
        pack "$p" < s.txt > "z$p/s.txt"
        outcome "z$p" got "$B/cv-check" f.fen
        same check got || { echo "# cv-check, $p"; return 1; }
        outcome "z$p" got "$B/cv-legal" f.fen
        same legal got || { echo "# cv-legal, $p"; return 1; }
        outcome "z$p" got "$B/cv-board" f.fen
        same board got || { echo "# cv-board, $p"; return 1; }
        outcome "z$p" got "$B/cv-perft" -d 3 --suite s.txt
        same suite got || { echo "# cv-perft --suite, $p"; return 1; }
        # walked: f.fen.gz ...
        mv "z$p/f.fen" "z$p/f.fen.$(ext "$p")"
        outcome "z$p" got "$B/cv-check" .
        sed "s#^\./f\.fen\.$(ext "$p"):#f.fen:#" got.err > got.e
        cmp check.out got.out && cmp check.err got.e && cmp check.rc got.rc || { echo "# cv-check walk, $p"; return 1; }
        # standard input, piped
        outcome "z$p" got sh -c 'cat "$1" | "$0"' "$B/cv-check" "f.fen.$(ext "$p")"
        [ "$(cat got.err)" = "<stdin>:4:43: error: unknown piece letter 'X'" ] || { echo "# cv-check stdin, $p"; return 1; }
    done
}

# trunc FORMAT TEXT OUT: OUT is TEXT compressed whole, then the first bytes
# of it compressed again, cut inside that second stream's header: every
# format reads concatenated streams, so the text comes out whole and the
# cut is met after it, with nothing of the second stream written
trunc() {
    pack "$1" < "$2" > "$T/whole"
    cat "$T/whole" > "$3"
    head -c 8 "$T/whole" >> "$3"
}

@test "a truncated file of each format: the games before the cut as usual, then an error at the file naming the program and what it said; exit 2" {
    local p
    cp "$C/chess/pgn/cv_morphy-opera-1858.pgn" m.pgn
    outcome . want "$B/cv-replay" m.pgn
    [ "$(cat want.rc)" = 0 ]
    while IFS='|' read -r p said; do
        trunc "$p" m.pgn "t.pgn.$(ext "$p")"
        run --separate-stderr "$B/cv-replay" "t.pgn.$(ext "$p")"
        expect 2 "t.pgn.$(ext "$p"): game 1 (Morphy, Paul - Duke Karl of Brunswick and Count Isouard): valid, 33 plies, 1-0
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" "t.pgn.$(ext "$p"): error: $p-compressed input: '$p -dc' exited with status $said" ||
            { echo "# $p"; return 1; }
    done <<'EOF'
gzip|1: gzip: stdin: unexpected end of file
bzip2|2: bzip2: Compressed file ends unexpectedly
xz|1: xz: (stdin): Unexpected end of input
zstd|1: /*stdin*\ : Read error (39) : premature end
EOF
    # on standard input alike, through a pipe
    trunc gzip m.pgn t.gz
    run --separate-stderr sh -c 'cat t.gz | "$0"' "$B/cv-replay"
    expect 2 "<stdin>: game 1 (Morphy, Paul - Duke Karl of Brunswick and Count Isouard): valid, 33 plies, 1-0
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" "<stdin>: error: gzip-compressed input: 'gzip -dc' exited with status 1: gzip: stdin: unexpected end of file"
}

@test "a file cut in the middle of its second stream: the games that came out before the cut are the text's first ones, never more; the cut said, exit 2" {
    local p e games
    for f in "$C"/chess/pgn/*.pgn; do cat "$f"; echo; done > once.pgn
    cat once.pgn once.pgn > mid.pgn
    outcome . want "$B/cv-replay" mid.pgn
    outcome . one "$B/cv-replay" once.pgn
    games=$(grep -c ': game ' one.out)
    [ "$games" -eq 164 ]
    for p in $FORMATS; do
        e=$(ext "$p")
        pack "$p" < once.pgn > once
        # a whole stream, then half of the same again: every program
        # reads concatenated streams, and writes what it can of the second
        { cat once; head -c $(($(stat -c %s once) / 2)) once; } > "cut.$e"
        outcome . got "$B/cv-replay" "cut.$e"
        [ "$(cat got.rc)" = 2 ] || { echo "# $p: status $(cat got.rc)"; return 1; }
        grep -q "^cut\\.$e: error: $p-compressed input: '$p -dc' exited with status [12]: " got.err ||
            { echo "# $p: $(tail -1 got.err)"; return 1; }
        # the games whole before the cut (the last one read may be cut
        # short): the text's first ones, line for line, the first stream's
        # at least
        grep ': game ' got.out | sed '$d' | sed "s#^cut\\.$e:#mid.pgn:#" > got.games
        [ "$(wc -l < got.games)" -ge $((games - 1)) ] || { echo "# $p: $(wc -l < got.games) games"; return 1; }
        [ "$(wc -l < got.games)" -lt $((2 * games)) ]
        head -n "$(wc -l < got.games)" want.out | cmp - got.games || { echo "# $p"; return 1; }
    done
}

# corrupt FORMAT TEXT OUT: TEXT compressed, one byte changed where the
# program finds it: gzip's length, xz's stream footer and zstd's checksum
# at the end; bzip2's block magic near the start
corrupt() {
    pack "$1" < "$2" > "$3"
    local at b size
    size=$(stat -c %s "$3")
    case $1 in bzip2) at=5 ;; *) at=$((size - 1)) ;; esac
    b=$(od -An -tu1 -j "$at" -N1 "$3" | tr -d ' ')
    # shellcheck disable=SC2059  # the format is the octal escape made here
    printf "\\$(printf '%03o' $((b ^ 1)))" | dd of="$3" bs=1 seek="$at" conv=notrunc 2> /dev/null
}

@test "a corrupt file of each format: an error at the file with the program's words, exit 2, after what it let through" {
    cp "$C/chess/pgn/cv_morphy-opera-1858.pgn" m.pgn
    local p game="k.pgn: game 1 (Morphy, Paul - Duke Karl of Brunswick and Count Isouard): valid, 33 plies, 1-0"
    while IFS='|' read -r p whole said; do
        mkdir "$p"
        corrupt "$p" m.pgn "$p/k.pgn"
        cd "$p"
        run --separate-stderr "$B/cv-replay" k.pgn
        cd ..
        if [ "$whole" = yes ]; then
            expect 2 "$game
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" "k.pgn: error: $p-compressed input: '$p -dc' exited with status $said" || { echo "# $p"; return 1; }
        else
            expect 2 "1 file, 0 games, 0 valid, 0 invalid, 0 warnings" "k.pgn: error: $p-compressed input: '$p -dc' exited with status $said
cv-replay: warning: no game records found" || { echo "# $p"; return 1; }
        fi
    done <<'EOF'
gzip|yes|1: gzip: stdin: invalid compressed data--length error
bzip2|no|2: bzip2: Data integrity error when decompressing.
xz|yes|1: xz: (stdin): Compressed data is corrupt
zstd|no|1: /*stdin*\ : Decoding error (36) : Restored data doesn't match checksum
EOF
}

@test "gzip's trailing garbage (its exit status 2, a warning by its manual) is a warning: the text is whole" {
    cp "$C/chess/pgn/cv_morphy-opera-1858.pgn" m.pgn
    { gzip -c m.pgn; printf 'garbage'; } > g.pgn.gz
    run --separate-stderr "$B/cv-replay" g.pgn.gz
    expect 0 "g.pgn.gz: game 1 (Morphy, Paul - Duke Karl of Brunswick and Count Isouard): valid, 33 plies, 1-0
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" "g.pgn.gz: warning: gzip-compressed input: 'gzip -dc' exited with status 2: gzip: stdin: decompression OK, trailing garbage ignored"
}

@test "a SIGCHLD ignored by the parent process: the damaged stream still said (the exit status is not lost), named and piped" {
    cp "$C/chess/pgn/cv_morphy-opera-1858.pgn" m.pgn
    trunc gzip m.pgn t.gz
    local ignoring='import signal, os, sys; signal.signal(signal.SIGCHLD, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])'
    run --separate-stderr python3 -c "$ignoring" "$B/cv-replay" -c t.gz
    expect 2 "1 file, 1 game, 1 valid, 0 invalid, 0 warnings" "t.gz: error: gzip-compressed input: 'gzip -dc' exited with status 1: gzip: stdin: unexpected end of file"
    run --separate-stderr sh -c 'cat t.gz | python3 -c "$1" "$0" -c' "$B/cv-replay" "$ignoring"
    expect 2 "1 file, 1 game, 1 valid, 0 invalid, 0 warnings" "<stdin>: error: gzip-compressed input: 'gzip -dc' exited with status 1: gzip: stdin: unexpected end of file"
}

# path_without PROGRAM: a directory of links to the four programs but
# PROGRAM (the tools need nothing else on PATH)
path_without() {
    local d="$T/bin-no-$1" p
    mkdir -p "$d"
    for p in $FORMATS sh cat; do
        [ "$p" = "$1" ] || ln -sf "$(command -v "$p")" "$d/$p"
    done
    printf '%s' "$d"
}

@test "a missing program: 'FILE: error: cannot read FORMAT-compressed input: program 'FORMAT' not found on PATH', exit 2; the other files still read" {
    local p e P
    cp "$C/chess/pgn/cv_morphy-opera-1858.pgn" m.pgn
    for p in $FORMATS; do
        e=$(ext "$p")
        pack "$p" < m.pgn > "m.pgn.$e"
        P=$(path_without "$p")
        run --separate-stderr env PATH="$P" "$B/cv-replay" "m.pgn.$e" m.pgn
        expect 2 "m.pgn: game 1 (Morphy, Paul - Duke Karl of Brunswick and Count Isouard): valid, 33 plies, 1-0
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" "m.pgn.$e: error: cannot read $p-compressed input: program '$p' not found on PATH" ||
            { echo "# $p"; return 1; }
        # on standard input
        run --separate-stderr env PATH="$P" sh -c 'cat "$1" | "$0"' "$B/cv-replay" "m.pgn.$e"
        expect 2 "0 files, 0 games, 0 valid, 0 invalid, 0 warnings" "<stdin>: error: cannot read $p-compressed input: program '$p' not found on PATH
cv-replay: warning: no game records found" || { echo "# $p on stdin"; return 1; }
        # the same PATH finds the others
        for q in $FORMATS; do
            [ "$q" = "$p" ] && continue
            pack "$q" < m.pgn > other
            run --separate-stderr env PATH="$P" "$B/cv-replay" -c other
            expect 0 "1 file, 1 game, 1 valid, 0 invalid, 0 warnings" "" || { echo "# $q without $p"; return 1; }
        done
    done
    # no PATH at all: the system's default one (confstr's), where gzip is
    gzip -c m.pgn > m.gz
    run --separate-stderr env -u PATH "$B/cv-replay" -c m.gz
    expect 0 "1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ""
    # an empty PATH has no program at all
    run --separate-stderr env PATH= "$B/cv-replay" -c m.gz
    expect 2 "0 files, 0 games, 0 valid, 0 invalid, 0 warnings" "m.gz: error: cannot read gzip-compressed input: program 'gzip' not found on PATH
cv-replay: error: no game records found"
}

# big OUT: a PGN text of about 4 MB (the chess corpus 30 times, a blank
# line between files): about 1.2 MB gzip-compressed, far more than a pipe
# holds
big() {
    local i f
    for f in "$C"/chess/pgn/*.pgn; do cat "$f"; echo; done > "$T/once"
    for i in $(seq 30); do cat "$T/once"; done > "$1"
}

@test "a 1 MB compressed file, named and on standard input (file and pipe), with --jobs 1 and 4: the bytes of the text's run" {
    local j p
    big big.pgn
    outcome . want "$B/cv-replay" --jobs 1 big.pgn
    [ "$(tail -1 want.out)" = "1 file, 4920 games, 4920 valid, 0 invalid, 60 warnings" ]
    [ "$(wc -l < want.err)" -eq 60 ]
    for p in gzip zstd; do
        mkdir "$p"
        pack "$p" < big.pgn > "$p/big.pgn"
        for j in "1" "4" "4 --chunk-bytes 5000"; do
            # shellcheck disable=SC2086  # $j: --jobs and its options
            outcome "$p" got timeout 120 "$B/cv-replay" --jobs $j big.pgn
            same want got || { echo "# $p --jobs $j, named"; return 1; }
            # shellcheck disable=SC2086
            outcome "$p" got timeout 120 sh -c 'cat big.pgn | "$0" "$@"' "$B/cv-replay" --jobs $j
            sed -i 's/^<stdin>:/big.pgn:/' got.out got.err
            same want got || { echo "# $p --jobs $j, piped"; return 1; }
        done
    done
    [ "$(stat -c %s gzip/big.pgn)" -gt 1000000 ]
    # cv-convert too
    outcome . want "$B/cv-convert" --jobs 1 --to lan big.pgn
    outcome gzip got "$B/cv-convert" --jobs 4 --to lan big.pgn
    same want got
}

@test "200 compressed files: no descriptor kept (a limit of 24 is enough) and no child left unwaited (each decompressor gone when the next starts)" {
    local i real
    mkdir many wrap
    for i in $(seq -w 200); do gzip -c "$C/chess/pgn/cv_saavedra-1895.pgn" > "many/g$i.pgn.gz"; done
    # gzip standing in for itself: when it starts, the one started before
    # it must be gone (waited for by the tool), not a zombie of the tool
    real=$(command -v gzip)
    cat > wrap/gzip <<EOF
#!/bin/sh
# (set in a function: its own arguments, not the program's)
parent() { set -- \$1; echo "\$4"; }
last=
{ while read -r p; do last=\$p; done < "$T/pids"; } 2> /dev/null
if [ -n "\$last" ] && { read -r line < "/proc/\$last/stat"; } 2> /dev/null && [ "\$(parent "\$line")" = "\$PPID" ]; then
    echo "\$last" >> "$T/unwaited"
fi
echo \$\$ >> "$T/pids"
exec "$real" "\$@"
EOF
    chmod +x wrap/gzip
    run --separate-stderr sh -c 'ulimit -n 24 && PATH="$1:$PATH" "$0" -c many' "$B/cv-replay" "$T/wrap"
    expect 0 "200 files, 200 games, 200 valid, 0 invalid, 0 warnings" ""
    [ "$(wc -l < pids)" -eq 200 ]
    [ ! -e unwaited ]
    # the same limit, files read without the stand-in: still all
    run --separate-stderr sh -c 'ulimit -n 24 && "$0" -c many' "$B/cv-replay"
    expect 0 "200 files, 200 games, 200 valid, 0 invalid, 0 warnings" ""
}

# ended PID: the process is gone, or dead and waiting to be reaped by
# whoever inherited it (a zombie: nothing left running); waits for it at
# most 20 s, as it may be still on its way out
ended() {
    local i state
    for i in $(seq 200); do
        [ -e "/proc/$1/stat" ] || return 0
        state=$(cut -d' ' -f3 "/proc/$1/stat" 2> /dev/null) || return 0
        [ "$state" = Z ] && return 0
        sleep 0.1
    done
    echo "# process $1 still running: $(cat "/proc/$1/stat" 2> /dev/null)"
    return 1
}

@test "| head -1: the tool and its decompressor end (named file, and a pipe), --jobs too" {
    local real j
    big big.pgn
    gzip -c big.pgn > big.gz
    mkdir wrap
    real=$(command -v gzip)
    printf '#!/bin/sh\necho $$ >> "%s/pids"\nexec "%s" "$@"\n' "$T" "$real" > wrap/gzip
    chmod +x wrap/gzip
    for j in 1 4; do
        : > pids
        run --separate-stderr timeout 60 sh -c 'PATH="$1:$PATH" "$0" --jobs "$2" big.gz | head -1' "$B/cv-replay" "$T/wrap" "$j"
        [ "$status" -eq 0 ]
        [ "$output" = "big.gz: game 1 (New-cfe8ce842c - Base-c4a644922d, round 1): valid, 130 plies, 1/2-1/2" ]
        [ "$(wc -l < pids)" -eq 1 ]
        ended "$(cat pids)"
        : > pids
        run --separate-stderr timeout 60 sh -c 'cat big.gz | PATH="$1:$PATH" "$0" --jobs "$2" | head -1' "$B/cv-replay" "$T/wrap" "$j"
        [ "$status" -eq 0 ]
        [ "$output" = "<stdin>: game 1 (New-cfe8ce842c - Base-c4a644922d, round 1): valid, 130 plies, 1/2-1/2" ]
        ended "$(cat pids)"
    done
}

@test "--fail-fast stops reading a compressed file: its decompressor is ended, quietly, and nothing is said of it" {
    big big.pgn
    cat "$C/chess/malformed/cl_corrupted.pgn" big.pgn | gzip -c > bad.pgn.gz
    run --separate-stderr timeout 60 "$B/cv-replay" --fail-fast -c bad.pgn.gz
    expect 1 "1 file, 1 game, 0 valid, 1 invalid, 1 warning" "bad.pgn.gz:57:25: error: game 1: unrecognized token 'Kx'
bad.pgn.gz:57:27: warning: game 1: missing result; '*' assumed"
}

@test "standard input that only begins like a magic number is read as the text, whole ('B', '(', 0x1F, 0xFD)" {
    local t
    # a position whose first byte is 'B', a listing's BLACK line, a PGN
    # opening with a comment, and binary bytes
    printf 'B3k3/8/8/8/8/8/8/4K3 w - - 0 1\n' > b.fen
    outcome . want "$B/cv-check" b.fen
    outcome . got sh -c 'cat b.fen | "$0"' "$B/cv-check"
    sed -i 's/^<stdin>:/b.fen:/' got.out got.err
    same want got
    [ "$(cat want.out)" = ok ]
    printf '(a comment before the game)\n[Event "x"]\n\n1. e4 e5 *\n' > c.pgn
    outcome . want "$B/cv-parse" c.pgn
    outcome . got sh -c 'cat c.pgn | "$0"' "$B/cv-parse"
    sed -i 's/<stdin>:/c.pgn:/' got.out got.err
    same want got
    [ -s want.out ]
    for t in '\037\213' '\037x' '\375' '\3757zXY'; do
        printf "$t"'[Event "x"]\n\n1. e4 *\n' > x.pgn
        outcome . want "$B/cv-replay" x.pgn
        outcome . got sh -c 'cat x.pgn | "$0"' "$B/cv-replay"
        sed -i 's/^<stdin>:/x.pgn:/' got.out got.err
        [ "$t" = '\037\213' ] && continue   # a gzip magic number: read as gzip
        same want got || { echo "# $t"; return 1; }
    done
    # the first of them: binary data, as before
    printf '\037x[Event "x"]\n\n1. e4 *\n' > x.pgn
    run --separate-stderr sh -c 'cat x.pgn | "$0" -c' "$B/cv-replay"
    expect 1 "1 file, 1 game, 0 valid, 1 invalid, 0 warnings" "<stdin>:1:1: error: game 1: binary data (byte 0x1F); skipping to the next game"
}

@test "output files are never inputs, compressed or not: a redirection into the walked directory, --rejects inside it" {
    mkdir w
    gzip -c "$C/chess/pgn/cv_morphy-opera-1858.pgn" > w/a.pgn.gz
    run --separate-stderr sh -c '"$0" w > w/out.pgn.gz' "$B/cv-replay"
    expect 2 "" "cv-replay: error: w/out.pgn.gz: is also the output; not read"
    grep -qx "1 file, 1 game, 1 valid, 0 invalid, 0 warnings" w/out.pgn.gz
    rm w/out.pgn.gz
    run --separate-stderr "$B/cv-convert" --rejects w/r.pgn.gz w
    expect 2 "" "cv-convert: error: w/r.pgn.gz: the output is inside the input directory w; nothing written"
    [ ! -e w/r.pgn.gz ]
    # the compressed input itself, named or on standard input, untouched
    cp w/a.pgn.gz keep.gz
    run --separate-stderr "$B/cv-convert" --rejects w/a.pgn.gz w/a.pgn.gz
    expect 2 "" "cv-convert: error: w/a.pgn.gz: the output is also an input; nothing written"
    run --separate-stderr sh -c '"$0" --rejects w/a.pgn.gz < w/a.pgn.gz' "$B/cv-convert"
    expect 2 "" "cv-convert: error: w/a.pgn.gz: the output is also an input; nothing written"
    cmp keep.gz w/a.pgn.gz
}
