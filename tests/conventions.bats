#!/usr/bin/env bats
# The language all seven tools speak (docs/cvkit.7): --help, --version and
# usage errors; one option table, each letter meaning the same thing in
# every tool that gives it and refused by the others; one JSON schema
# (docs/cvkit-formats.5, JSON OUTPUT); one summary line; the Tri-D notation
# named `standard` everywhere; cv-perft's progress only on a terminal.

bats_require_minimum_version 1.5.0
load helpers

TOOLS="cv-parse cv-check cv-legal cv-perft cv-replay cv-convert cv-board cv-select"

# The option table of docs/cvkit.7: the short letters each tool gives.
letters() {
    case $1 in
        cv-parse) echo "V j q c" ;;
        cv-check) echo "V j f l" ;;
        cv-legal) echo "V j f s l n m a L" ;;
        cv-perft) echo "V j f l n d v" ;;
        cv-replay) echo "V j q c n" ;;
        cv-convert) echo "V j q t n" ;;
        cv-board) echo "V j" ;;
        cv-select) echo "V j q" ;;
    esac
}

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    export CVKIT_SPECS="${CVKIT_SPECS:-$ROOT/specs}"
    export LC_ALL=C
    B="$ROOT/bin"
    cd "$BATS_TEST_TMPDIR"
    # a game with a warning (0-0) and one with an illegal move
    printf '[Event "a"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n\n' > games.pgn
    printf '[Event "b"]\n[White "X"]\n[Black "Y"]\n[Result "*"]\n\n1. e4 e5 2. Bc5 *\n' >> games.pgn
    printf '%s\n' "$START" '4k3//////4P3/4K3 w - - 5 39' > pos.fen
    printf 'm e2 e4\nm e7 e9\ninfo\n' > cmds.txt
}

# A run of TOOL ARGS... that does some work, for the option checks.
base_args() {
    case $1 in
        cv-parse | cv-replay | cv-convert | cv-select) echo games.pgn ;;
        cv-check) echo pos.fen ;;
        cv-legal) echo --start ;;
        cv-perft) echo "-d|2" ;;
        cv-board) echo cmds.txt ;;
    esac
}

# same_run "SHORT|ARGS" "LONG|ARGS" TOOL: both runs (arguments split at
# '|') give the same status, standard output and standard error.
same_run() {
    local tool=$3 s1 s2 a1 a2
    IFS='|' read -ra a1 <<< "$1"
    IFS='|' read -ra a2 <<< "$2"
    s1=0
    "$B/$tool" "${a1[@]}" > short.out 2> short.err || s1=$?
    s2=0
    "$B/$tool" "${a2[@]}" > long.out 2> long.err || s2=$?
    # a count's time is the one thing that may differ
    sed -i 's/"seconds":[0-9.]*/"seconds":T/' short.out long.out
    if [ "$s1" -ne "$s2" ] || ! cmp -s short.out long.out || ! cmp -s short.err long.err; then
        echo "# $tool $1  /  $tool $2: status $s1 / $s2"
        diff short.out long.out | sed 's/^/# out /'
        diff short.err long.err | sed 's/^/# err /'
        return 1
    fi
}

# ---- --help, --version, usage errors ----

@test "--help: every tool, exit 0, 'Usage: TOOL' first, nothing on standard error, pointing to cvkit(7)" {
    for t in $TOOLS; do
        run --separate-stderr "$B/$t" --help
        [ "$status" -eq 0 ] || { echo "$t: status $status"; return 1; }
        [[ "${lines[0]}" == "Usage: $t "* ]] || { echo "$t: ${lines[0]}"; return 1; }
        [ -z "$stderr" ]
        [[ "$output" == *"cvkit(7)"* ]] || { echo "$t: no cvkit(7) in --help"; return 1; }
    done
}

@test "--version: every tool, exit 0, 'TOOL (cvkit) VERSION'" {
    for t in $TOOLS; do
        run --separate-stderr "$B/$t" --version
        [ "$status" -eq 0 ]
        [[ "$output" =~ ^$t\ \(cvkit\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "$t: $output"; return 1; }
        [ -z "$stderr" ]
    done
}

@test "an unknown option: every tool, exit 2, the two lines, nothing on standard output" {
    for t in $TOOLS; do
        run --separate-stderr "$B/$t" --bogus
        expect 2 "" "$t: error: unknown option '--bogus'
Try '$t --help' for more information." || { echo "# in $t"; return 1; }
    done
}

@test "-h is not an option anywhere, and a missing value is named" {
    for t in $TOOLS; do
        run --separate-stderr "$B/$t" -h
        expect 2 "" "$t: error: unknown option '-h'
Try '$t --help' for more information." || { echo "# in $t"; return 1; }
        run --separate-stderr "$B/$t" -V
        expect 2 "" "$t: error: option '-V' needs a value
Try '$t --help' for more information." || { echo "# in $t"; return 1; }
    done
}

# ---- one option table ----

@test "each tool gives exactly the letters of the table, and refuses every other one" {
    for t in $TOOLS; do
        given=""
        for x in {a..z} {A..Z}; do
            rc=0
            timeout 20 "$B/$t" -$x < /dev/null > /dev/null 2> err.txt || rc=$?
            if [ "$(head -n 1 err.txt)" = "$t: error: unknown option '-$x'" ]; then
                [ "$rc" -eq 2 ] || { echo "$t -$x: refused with status $rc"; return 1; }
            else
                given="$given $x"
            fi
        done
        want=$(printf '%s\n' $(letters $t) | sort | tr '\n' ' ')
        got=$(printf '%s\n' $given | sort | tr '\n' ' ')
        [ "$got" = "$want" ] || { echo "$t gives: $got; the table: $want"; return 1; }
    done
}

@test "-V is --variant in every tool: the same run, and an unknown name is exit 2" {
    for t in $TOOLS; do
        b=$(base_args $t)
        same_run "-V|chess|$b" "--variant|chess|$b" $t
        same_run "-V|nosuch|$b" "--variant|nosuch|$b" $t
        run --separate-stderr "$B/$t" -V nosuch ${b//|/ }
        [ "$status" -eq 2 ] || { echo "$t -V nosuch: status $status"; return 1; }
        [[ "$stderr" == *"unknown variant 'nosuch'"* ]]
    done
    # and it picks the variant: a Double Chess start
    run "$B/cv-legal" -V doublechess -s --count
    [ "$output" = 40 ]
}

@test "-j is --json in every tool" {
    for t in $TOOLS; do
        b=$(base_args $t)
        same_run "-j|$b" "--json|$b" $t
    done
}

@test "-q is --quiet (no warnings) in cv-parse, cv-replay and cv-convert" {
    for t in cv-parse cv-replay cv-convert; do
        same_run "-q|games.pgn" "--quiet|games.pgn" $t
        "$B/$t" games.pgn > /dev/null 2> loud.txt || true
        "$B/$t" -q games.pgn > /dev/null 2> quiet.txt || true
        grep -q ': warning: ' loud.txt || { echo "$t: no warning to hide"; return 1; }
        ! grep -q ': warning: ' quiet.txt
        # errors stay
        [ "$(grep -c ': error: ' loud.txt)" -eq "$(grep -c ': error: ' quiet.txt)" ]
    done
}

@test "-c is --check in cv-parse and cv-replay: the problems and the summary line only" {
    for t in cv-parse cv-replay; do
        same_run "-c|games.pgn" "--check|games.pgn" $t
        run --separate-stderr "$B/$t" -c games.pgn
        [ "${#lines[@]}" -eq 1 ]
        [[ "$output" =~ ^[0-9]+\ files?,\ [0-9]+\ games?,\ [0-9]+\ valid,\ [0-9]+\ invalid,\ [0-9]+\ warnings?$ ]]
    done
}

@test "-f, -l, -n, -s, -d, -t, -m, -a, -L, -v mean their long options" {
    K='4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    L='4k3//////4P3/4K3 w - - 5 39'
    same_run "-f|$START" "--fen|$START" cv-check
    same_run "-l|-f|$L" "--lenient|--fen|$L" cv-check
    same_run "-f|$K" "--fen|$K" cv-legal
    same_run "-s|-n|uci" "--start|--notation|uci" cv-legal
    same_run "-l|-f|$L|-m|e4" "--lenient|--fen|$L|--move|e4" cv-legal
    same_run "-s|-a|e4 e5|-a|Nf3" "--start|--apply|e4 e5|--apply|Nf3" cv-legal
    same_run "-s|-L" "--start|--list" cv-legal
    same_run "-d|2|-f|$K" "--depth|2|--fen|$K" cv-perft
    same_run "-l|-d|1|-f|$L" "--lenient|--depth|1|--fen|$L" cv-perft
    same_run "-d|1|--divide|-n|san" "--depth|1|--divide|--notation|san" cv-perft
    same_run "-n|pbm|-c|games.pgn" "--notation|pbm|--check|games.pgn" cv-replay
    same_run "-t|uci|games.pgn" "--to|uci|games.pgn" cv-convert
    same_run "-n|pbm|games.pgn" "--notation|pbm|games.pgn" cv-convert
    # and they did something: the answers themselves
    run "$B/cv-legal" -f "$K" --count
    [ "$output" = 5 ]
    run "$B/cv-legal" -l -f "$L" -m e4
    [ "$output" = "legal e4 e2e4" ]
    run "$B/cv-perft" -d 2 -f "$K"
    [ "$output" = 25 ]
    # -v: the count the same, a timing line on standard error
    run --separate-stderr "$B/cv-perft" -v -d 2
    [ "$output" = 400 ]
    [[ "$stderr" == "cv-perft: depth 2: 400 nodes in "* ]]
}

@test "the letters that used to mean something else are refused, their long options kept" {
    # cv-legal -c (count), -d (diagram); cv-board -d; cv-check -n, -q;
    # cv-parse -s (strict), -h; cv-convert -f (format)
    for cmd in "cv-legal -s -c" "cv-legal -s -d" "cv-board -d cmds.txt" "cv-check -n pos.fen" \
               "cv-check -q pos.fen" "cv-parse -s games.pgn" "cv-convert -f gamelist games.pgn"; do
        run --separate-stderr $B/$cmd
        [ "$status" -eq 2 ] || { echo "$cmd: status $status"; return 1; }
        [[ "$stderr" == *": unknown option '-"* ]]
    done
    run "$B/cv-legal" -s --count
    [ "$output" = 20 ]
    run "$B/cv-legal" -s --diagram=ascii --count
    [ "${lines[0]}" = "8 r n b q k b n r" ]
    run "$B/cv-check" --normalize -l -f '4k3//////4P3/4K3 w - - 5 39'
    [ "$output" = "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39" ]
    run --separate-stderr "$B/cv-check" --silent pos.fen
    expect 1 "" ""
    run --separate-stderr "$B/cv-parse" --strict -c games.pgn
    [ "$status" -eq 1 ]
    run --separate-stderr "$B/cv-convert" -q --format gamelist games.pgn
    [ "$status" -eq 1 ]
    [[ "$stderr" == *"a chess game cannot be written as gamelist; written unconverted"* ]]
}

@test "--diagram takes its style joined by '=' in cv-legal and cv-board" {
    run --separate-stderr "$B/cv-board" --diagram=pbm-small cmds.txt
    [ "$status" -eq 1 ]
    [[ "$output" == *"     a b c d e f g h"* ]]
    run --separate-stderr "$B/cv-board" --diagram=nosuch cmds.txt
    [ "$status" -eq 2 ]
    [ "${stderr_lines[0]}" = "cv-board: error: --diagram 'nosuch': not one of ascii, pbm-large, pbm-small, svg" ]
    run --separate-stderr "$B/cv-legal" -s --diagram=pbm-small --count
    [ "$status" -eq 0 ]
    [ "${lines[${#lines[@]}-1]}" = 20 ]
}

# ---- Tri-D notation: `standard`, with `parmen` as an alias ----

@test "Tri-D notation is 'standard' everywhere; 'parmen' is an alias" {
    for t in cv-legal cv-perft cv-replay cv-convert; do
        run "$B/$t" --help
        [[ "$output" == *"standard"* ]] || { echo "$t --help names no 'standard'"; return 1; }
        # (parmen is the name of a listing layout, --layout parmen, not a notation)
        [[ "$output" != *"parmen (default)"* && "$output" != *"parmen,"* ]] || { echo "$t --help still says parmen"; return 1; }
    done
    d=$("$B/cv-perft" -V trid -d 1 --divide)
    [ "$d" = "$("$B/cv-perft" -V trid -d 1 --divide -n standard)" ]
    [ "$d" = "$("$B/cv-perft" -V trid -d 1 --divide -n parmen)" ]
    [[ "$d" == *"Pc2-c4(2) 1"* ]]
    run --separate-stderr "$B/cv-perft" -n xyz -d 1
    [ "${stderr_lines[0]}" = "cv-perft: error: -n 'xyz': not one of san, lan, uci, pbm, standard, romulan, pw, gc" ]
    run "$B/cv-legal" -V trid -s -n standard --count
    [ "$output" = 21 ]
}

@test "--help: the notations and diagram styles of every engine, from the engine table, in every tool that takes one" {
    run --separate-stderr "$B/cv-perft" --help
    [ "$(sed -n '/^  -n, --notation N/,/^      --hash/p' <<< "$output")" = "  -n, --notation N     notation of --divide moves; generic: san, lan, uci
                       (default), pbm; trid: standard (default), romulan; pw:
                       pw; panoply: gc
      --hash MB        share subtree counts in a hash table of MB megabytes" ]
    # the same list, the defaults those of the moves read and written
    list="generic: san (default), lan, uci, pbm; trid: standard (default), romulan; pw: pw; panoply: gc"
    for row in "cv-legal|-n, --notation N the moves' notation; $list; pbm reads" \
               "cv-replay|-n, --notation N how moves are read, and how --gamelist writes them; $list; san reads" \
               "cv-convert|-t, --to WHAT a notation of the game's engine, $list; or fen:"; do
        "$B/${row%%|*}" --help | tr -s ' \n' '  ' > help.txt
        grep -qF -- "${row#*|}" help.txt || { echo "# ${row%%|*}: $(grep -o -- '-[nt], --[a-z]* [A-Z]* [^-]*' help.txt)"; return 1; }
    done
    # and the diagram styles
    styles="STYLE, generic: ascii (default), pbm-large, pbm-small; trid: levels (default), overhead, ascii; pw: ascii; panoply: ascii; every game: svg[:OPT,...] (cvkit(7))"
    for t in cv-legal cv-board; do
        "$B/$t" --help | tr -s ' \n' '  ' > help.txt
        grep -qF -- "; $styles" help.txt || { echo "# $t: $(grep -o -- '--diagram.*cvkit(7)' help.txt)"; return 1; }
    done
}

# ---- one JSON schema ----

# check_json KIND REQUIRED-KEYS...: every line of json.txt is one JSON
# object holding the keys; problems have the documented shape; no object
# anywhere uses the names of before ("column", "errors")
check_json() {
    python3 -c "$CHECK_JSON" "$@" < json.txt
}
CHECK_JSON=$(cat <<'EOF'
import json, sys
kind, need = sys.argv[1], set(sys.argv[2:])
n = 0
def walk(v, where):
    if isinstance(v, dict):
        for k in ("column", "errors"):
            if k in v:
                sys.exit(f"{kind}: old key {k!r} in {where}")
        for k, x in v.items():
            walk(x, where + "." + k)
    elif isinstance(v, list):
        for i, x in enumerate(v):
            walk(x, f"{where}[{i}]")
for line in sys.stdin:
    o = json.loads(line)
    n += 1
    if not isinstance(o, dict):
        sys.exit(f"{kind}: line {n} is not an object")
    missing = need - set(o)
    if missing:
        sys.exit(f"{kind}: line {n} lacks {sorted(missing)}: {line}")
    for p in o.get("problems", []):
        if not {"level", "kind", "message"} <= set(p) or not set(p) <= {"level", "kind", "line", "col", "message"}:
            sys.exit(f"{kind}: problem of the wrong shape: {p}")
        if p["level"] not in ("error", "warning"):
            sys.exit(f"{kind}: level {p['level']!r}")
        if p["kind"] not in ("syntax", "strict", "position", "record", "setup", "move", "result", "command"):
            sys.exit(f"{kind}: kind {p['kind']!r}")
    walk(o, "")
if n == 0:
    sys.exit(f"{kind}: no object")
EOF
)

@test "--json: one valid object per line with the documented names, in every tool" {
    "$B/cv-parse" -j games.pgn > json.txt 2> /dev/null || true
    check_json cv-parse file game line col tags moves result problems
    "$B/cv-replay" -j games.pgn > json.txt 2> /dev/null || true
    check_json cv-replay file game line col tags white black valid plies result final mate stalemate problems
    "$B/cv-convert" -j games.pgn > json.txt 2> /dev/null || true
    check_json cv-convert file game line col tags converted moves result problems
    "$B/cv-check" -j pos.fen > json.txt || true
    check_json cv-check file line input valid problems
    "$B/cv-legal" -j pos.fen > json.txt 2> /dev/null || true
    check_json cv-legal file line input valid problems
    "$B/cv-legal" -j -s -m Nf3 > json.txt
    check_json cv-legal-move file line input valid fen move legal status written problems
    "$B/cv-legal" -j -s -a 'e4 e5' > json.txt
    check_json cv-legal-apply file line input valid moves legal fen problems
    "$B/cv-perft" -j -d 2 > json.txt
    check_json cv-perft fen depth nodes seconds
    "$B/cv-perft" -j -d 1 --divide | head -n 20 > json.txt
    check_json cv-perft-divide move nodes
    "$B/cv-perft" -j --suite "$ROOT/corpus/chess/perft.txt" -d 1 > json.txt
    check_json cv-perft-suite file line fen depth nodes seconds expected match
    "$B/cv-board" -j cmds.txt > json.txt 2> /dev/null || true
    check_json cv-board file line command ok fen problems
    "$B/cv-replay" -c -j games.pgn > json.txt 2> /dev/null || true
    check_json cv-replay-summary files games valid invalid warnings
    "$B/cv-parse" -c -j games.pgn > json.txt 2> /dev/null || true
    check_json cv-parse-summary files games valid invalid warnings
}

@test "--json: a problem is the same object in every tool" {
    # the illegal 2. Bc5 of game 2, as cv-replay and cv-convert give it
    run --separate-stderr "$B/cv-replay" -j games.pgn
    [[ "${lines[1]}" == *'"problems":[{"level":"error","kind":"move","line":13,"col":13,"message":"2. Bc5: '* ]]
    run --separate-stderr "$B/cv-convert" -j games.pgn
    [[ "${lines[1]}" == *'"converted":false,'*'"problems":[{"level":"error","kind":"move","line":13,"col":13,"message":"2. Bc5: '* ]]
    # the 0-0 warning of game 1, as the reader gives it to all three
    for t in cv-parse cv-replay cv-convert; do
        run --separate-stderr "$B/$t" -j games.pgn
        [[ "${lines[0]}" == *'{"level":"warning","kind":"record","line":6,"col":35,'*'"message":"castling written with zeros '* ]] ||
            { echo "$t: ${lines[0]}"; return 1; }
    done
    # a position's problem, in cv-check and cv-legal
    run --separate-stderr "$B/cv-check" -j pos.fen
    [[ "${lines[1]}" == *'"problems":[{"level":"error","kind":"strict","line":2,"col":'* ]]
    run --separate-stderr "$B/cv-legal" -j pos.fen
    [[ "${lines[1]}" == *'"problems":[{"level":"error","kind":"strict","line":2,"col":'* ]]
    # a refused command in cv-board
    run --separate-stderr "$B/cv-board" -j cmds.txt
    [ "${lines[1]}" = '{"file":"cmds.txt","line":2,"command":"m e7 e9","ok":false,"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","problems":[{"level":"error","kind":"command","line":2,"col":6,"message":"expected a square, found '"'"'e9'"'"'"}]}' ]
}

# ---- the summary line ----

@test "the summary line: N files, N games, N valid, N invalid, N warnings, singular for 1" {
    run --separate-stderr "$B/cv-replay" -c games.pgn
    expect 1 "1 file, 2 games, 1 valid, 1 invalid, 1 warning" "$(cat <<'EOF'
games.pgn:6:35: warning: game 1: castling written with zeros '0-0'; read as 'O-O'
games.pgn:13:13: error: game 2 (X - Y): 2. Bc5: no white bishop can move to c5
EOF
)"
    run --separate-stderr "$B/cv-replay" games.pgn
    [ "${lines[2]}" = "1 file, 2 games, 1 valid, 1 invalid, 1 warning" ]
    # -q hides the warning, the count keeps it
    cp games.pgn more.pgn
    run --separate-stderr "$B/cv-replay" -q -c games.pgn more.pgn
    [ "$output" = "2 files, 4 games, 2 valid, 2 invalid, 2 warnings" ]
    run --separate-stderr "$B/cv-parse" -c games.pgn
    expect 0 "1 file, 2 games, 2 valid, 0 invalid, 1 warning" "games.pgn:6:35: warning: game 1: castling written with zeros '0-0'; read as 'O-O'"
    run --separate-stderr "$B/cv-parse" -q -c games.pgn more.pgn
    expect 0 "2 files, 4 games, 4 valid, 0 invalid, 2 warnings" ""
    # the JSON summary holds the same numbers
    run --separate-stderr "$B/cv-replay" -c -j games.pgn
    [ "$output" = '{"files":1,"games":2,"valid":1,"invalid":1,"warnings":1}' ]
    run --separate-stderr "$B/cv-parse" -c -j games.pgn
    [ "$output" = '{"files":1,"games":2,"valid":2,"invalid":0,"warnings":1}' ]
    # cv-perft --suite keeps its own line
    run "$B/cv-perft" --suite "$ROOT/corpus/chess/perft.txt" -d 1
    [ "$output" = "$ROOT/corpus/chess/perft.txt: 11 counts checked, 0 mismatched" ]
}

# ---- cv-perft's progress: on a terminal only ----

@test "cv-perft: no progress on a pipe or a file, nothing on standard error" {
    "$B/cv-perft" -d 5 > out.txt 2> err.txt
    [ "$(cat out.txt)" = 4865609 ]
    [ ! -s err.txt ]
    run --separate-stderr "$B/cv-perft" -d 5 --threads 2 --divide
    [ -z "$stderr" ]
    [ "${lines[20]}" = "total 4865609" ]
}

@test "cv-perft: on a terminal, root moves done and nodes/s, rewritten in place and cleared; the output unchanged" {
    # standard error is the terminal script gives; standard output a file.
    # The count must outlast the line's half-second delay on any machine:
    # chess at depth 6 (0.5 s with bitboards) did not, and failed in CI.
    # Tri-D at depth 6 takes 3 s here; the fast and the reference
    # generator (CVKIT_TRID_GEN=reference) both count 143787609.
    script -qec "'$B/cv-perft' -V trid-standard -d 6 --divide > out.txt" /dev/null > tty.txt
    [ "$(tail -n 1 out.txt)" = "total 143787609" ]
    [ "$(wc -l < out.txt)" -eq 22 ]
    # the lines go back to the start of the line, and the last one is cleared
    grep -q $'\rcv-perft: depth 6: [0-9]*/21 root moves, [0-9.]* M nodes/s\e\[K' tty.txt
    [ "$(tail -c 4 tty.txt)" = $'\r\e[K' ]
    # --no-progress: nothing
    script -qec "'$B/cv-perft' -d 4 --no-progress > out.txt" /dev/null > tty.txt
    [ ! -s tty.txt ]
}

# ---- run-level messages: one shape, TOOL: error: MESSAGE ----
#
# Tables: one row per tool and option, "TOOL|ARG|ARG... => EXPECTED", the
# arguments split at '|', the expected first line of standard error after
# ' => '; every row exits 2 with nothing on standard output, and a usage
# error's second line is the pointer to --help.

# usage_rows FILE: runs every row of FILE (see above) as a usage error
usage_rows() {
    local row tool args want a bad=0
    : > empty.txt
    while IFS= read -r row; do
        [ -n "$row" ] || continue
        want=${row#* => }
        args=${row%% => *}
        tool=${args%%|*}
        IFS='|' read -ra a <<< "${args#*|}"
        run --separate-stderr "$B/$tool" "${a[@]}" < empty.txt
        expect 2 "" "$tool: error: $want
Try '$tool --help' for more information." || { echo "# row: $row"; bad=1; }
    done < "$1"
    return $bad
}

@test "a missing value names the option as typed: --depth for --depth, -d for -d" {
    cat > rows.txt <<'ROWS'
cv-perft|--depth => option '--depth' needs a value
cv-perft|-d => option '-d' needs a value
cv-perft|-jd => option '-d' needs a value
cv-perft|-d|1|--threads => option '--threads' needs a value
cv-perft|-d|1|--thr => option '--thr' needs a value
cv-legal|--fen => option '--fen' needs a value
cv-legal|-s|--apply => option '--apply' needs a value
cv-legal|-s|-a => option '-a' needs a value
cv-check|--ep => option '--ep' needs a value
cv-convert|--to => option '--to' needs a value
cv-convert|-t => option '-t' needs a value
cv-replay|--jobs => option '--jobs' needs a value
cv-parse|--input => option '--input' needs a value
cv-board|--variant => option '--variant' needs a value
cv-board|--spec => option '--spec' needs a value
cv-perft|--json=1|-d|1 => option '--json' takes no value
cv-replay|--check=yes => option '--check' takes no value
cv-legal|-sx => unknown option '-x'
cv-convert|--nosuch=3 => unknown option '--nosuch'
ROWS
    usage_rows rows.txt
}

@test "a numeric option's bad value: the option as typed, the value and the range" {
    cat > rows.txt <<'ROWS'
cv-perft|--depth|99 => --depth '99': not a depth from 0 to 64
cv-perft|-d|99 => -d '99': not a depth from 0 to 64
cv-perft|-d65 => -d '65': not a depth from 0 to 64
cv-perft|--depth=-1 => --depth '-1': not a depth from 0 to 64
cv-perft|-d|two => -d 'two': not a depth from 0 to 64
cv-perft|-d|1|--hash|65537 => --hash '65537': not a size in MB from 0 to 65536
cv-perft|-d|1|--threads|0 => --threads '0': not a thread count from 1 to 256
cv-perft|-d|1|--threads=257 => --threads '257': not a thread count from 1 to 256
cv-perft|-d|1|--split|3/2 => --split '3/2': not K/N with 1 <= K <= N <= 1000000
cv-perft|-d|1|--split|1/1000001 => --split '1/1000001': not K/N with 1 <= K <= N <= 1000000
cv-perft|-d|1|--split|1 => --split '1': not K/N with 1 <= K <= N <= 1000000
cv-replay|--jobs|0 => --jobs '0': not a job count from 1 to 256
cv-replay|--jobs=300 => --jobs '300': not a job count from 1 to 256
cv-replay|--chunk-bytes|0 => --chunk-bytes '0': not a size in bytes from 1 to 1073741824
cv-convert|--jobs|x => --jobs 'x': not a job count from 1 to 256
cv-convert|--chunk-bytes|1073741825 => --chunk-bytes '1073741825': not a size in bytes from 1 to 1073741824
ROWS
    usage_rows rows.txt
}

@test "an enumerated option's bad value: the option as typed and the accepted values" {
    NT="san, lan, uci, pbm, standard, romulan, pw, gc"
    REC="pgn, gamelist, gclog"
    cat > rows.txt <<ROWS
cv-perft|-d|1|-n|foo => -n 'foo': not one of $NT
cv-perft|-d|1|--notation=foo => --notation 'foo': not one of $NT
cv-replay|--notation|foo => --notation 'foo': not one of $NT
cv-legal|-s|-n|foo => -n 'foo': not one of san, lan, uci, pbm
cv-legal|-V|trid-standard|-s|--notation|san => --notation 'san': not one of standard, romulan
cv-legal|-s|--diagram=foo => --diagram 'foo': not one of ascii, pbm-large, pbm-small, svg
cv-legal|-V|trid-standard|-s|--diagram=foo => --diagram 'foo': not one of levels, overhead, ascii, svg
cv-board|--diagram=foo => --diagram 'foo': not one of ascii, pbm-large, pbm-small, svg
cv-replay|--diagram=foo => --diagram 'foo': not svg or svg:OPT,... (OPT: flip, coords, nocoords, letters, overhead, size=N, last=CELLS)
cv-convert|--to|foo => --to 'foo': not one of $NT, fen, $REC, html
cv-convert|-t|foo => -t 'foo': not one of $NT, fen, $REC, html
cv-convert|--format|foo => --format 'foo': not one of $REC, html
cv-convert|--input|foo => --input 'foo': not one of $REC
cv-parse|--input|foo => --input 'foo': not one of $REC
cv-replay|--input=foo => --input 'foo': not one of $REC
cv-check|--ep|sometimes => --ep 'sometimes': not one of always, legal
ROWS
    usage_rows rows.txt
}

@test "a notation the variant's engine does not write: cv-perft names the option, the variant and its notations" {
    run --separate-stderr "$B/cv-perft" -d 1 --notation romulan
    expect 2 "" "cv-perft: error: --notation 'romulan': not a notation of chess (san, lan, uci, pbm)"
}

@test "an unknown variant: every tool lists the variants there are and the directories searched" {
    mkdir more
    printf 'variant: zzz\n' > more/zzz.yaml
    R=$(cd "$ROOT" && pwd -P)
    KNOWN=$(cd "$ROOT/specs" && ls *.yaml | sed 's/\.yaml$//'; echo zzz)
    KNOWN=$(printf '%s\n' $KNOWN | sort -u | paste -sd, - | sed 's/,/, /g')
    [ "$KNOWN" = "capablanca, chess, chess960, doublechess, panoply, panoply-testarmy, parallelworlds, trid-standard, trid-tournament, zzz" ]
    for t in $TOOLS; do
        # a directory that does not exist is not said to be searched
        CVKIT_SPECS="$PWD/more:$PWD/none" run --separate-stderr "$B/$t" -V nosuch $(base_args $t | tr '|' ' ')
        expect 2 "" "$t: error: unknown variant 'nosuch' (known: $KNOWN; searched: $PWD/more, $R/bin/../specs)" ||
            { echo "# in $t"; return 1; }
    done
}

@test "--spec FILE that cannot be read: TOOL: error: --spec FILE: REASON, in every tool" {
    mkdir adir
    head -c 1048577 /dev/zero | tr '\0' '#' > big.yaml
    [ "$(stat -c %s big.yaml)" -eq 1048577 ]
    for t in $TOOLS; do
        b=$(base_args $t | tr '|' ' ')
        run --separate-stderr "$B/$t" --spec /nonexistent $b
        expect 2 "" "$t: error: --spec /nonexistent: No such file or directory" || { echo "# in $t"; return 1; }
        run --separate-stderr "$B/$t" --spec adir $b
        expect 2 "" "$t: error: --spec adir: Is a directory" || { echo "# in $t"; return 1; }
        run --separate-stderr "$B/$t" --spec big.yaml $b
        expect 2 "" "$t: error: --spec big.yaml: larger than 1 MiB" || { echo "# in $t"; return 1; }
    done
}

@test "a spec whose setup has no black king is said of the spec's setup, not of a --fen never given" {
    sed 's|^setup: .*|setup: "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"|' "$ROOT/specs/chess.yaml" > nok.yaml
    line=$(grep -n '^setup:' nok.yaml | cut -d: -f1)
    [ -n "$line" ]
    for t in "cv-perft -d 1" "cv-legal -s" "cv-check --fen 8/8/8/8/8/8/8/K6k_w_-_-_0_1"; do
        run --separate-stderr "$B/${t%% *}" --spec nok.yaml ${t#* }
        expect 2 "" "nok.yaml:$line:8: error: setup: no black king (column 1 of the FEN)" || { echo "# in $t"; return 1; }
    done
}

@test "cv-legal: a move of -a/--apply or -m/--move is placed in the option's text as typed" {
    cat > rows.txt <<'ROWS'
-a|e4 e4 => 1|-a:1:4: error: e4: no black pawn can move to e4
--apply|e4 e4 => 1|--apply:1:4: error: e4: no black pawn can move to e4
--apply=e4  e5   Nf3 Nf3 => 1|--apply:1:14: error: Nf3: no black knight can move to f3
-a|e4|-a|e5 Ke3 => 1|-a:2:4: error: Ke3: no white king can move to e3
-a|e4|--apply|e5|-a|Qh5 Ke7 Qxe8 => 1|-a:2:9: error: Qxe8: the queen on h5 is blocked by the pawn on f7
ROWS
    : > empty.txt
    while IFS= read -r row; do
        IFS='|' read -ra a <<< "${row%% => *}"
        want=${row#* => }
        run --separate-stderr "$B/cv-legal" -s "${a[@]}" < empty.txt
        expect "${want%%|*}" "invalid" "${want#*|}" || { echo "# row: $row"; return 1; }
    done < rows.txt
    # a position from a file: the move's place, then the position's
    printf '# a comment\n%s\n' "$START" > two.fen
    run --separate-stderr "$B/cv-legal" --apply 'e4 e4' two.fen
    expect 1 "invalid" "--apply:1:4: error: e4: no black pawn can move to e4 (the position of two.fen:2)"
    # --json: the problem carries the same place; -m's move starts at column 1
    run --separate-stderr "$B/cv-legal" -j -s -a 'e4 e4'
    [ "$status" -eq 1 ]
    [[ "$output" == *'"problems":[{"level":"error","kind":"move","line":1,"col":4,"message":"e4: no black pawn can move to e4"}]}' ]]
    run --separate-stderr "$B/cv-legal" -j -s -m e5
    [ "$status" -eq 1 ]
    [[ "$output" == *'"problems":[{"level":"error","kind":"move","line":1,"col":1,"message":"e5: no white pawn can move to e5"}]}' ]]
    [ -z "$stderr" ]
    # both at once: named as typed
    run --separate-stderr "$B/cv-legal" -s -m e4 --apply e4
    expect 2 "" "cv-legal: error: -m and --apply cannot be combined
Try 'cv-legal --help' for more information."
}

@test "cv-legal: input with no position at all is an error, as --help says" {
    NOPOS="cv-legal: error: no position (give FEN lines on standard input or in FILEs, --fen FEN or --start)"
    # (an empty file of its own: /dev/null is the machine's, and shared)
    : > empty.txt
    run --separate-stderr "$B/cv-legal" < empty.txt
    expect 2 "" "$NOPOS"
    printf '# only a comment\n\n' > none.fen
    run --separate-stderr "$B/cv-legal" none.fen
    expect 2 "" "$NOPOS"
    run --separate-stderr "$B/cv-legal" < none.fen
    expect 2 "" "$NOPOS"
    # one position is enough
    printf '%s\n' "$START" > one.fen
    run --separate-stderr "$B/cv-legal" --count < one.fen
    expect 0 "20" ""
    run "$B/cv-legal" --help
    [[ "$output" == *"input with"*"no position at all is an error"* ]]
}

@test "no built-in start position: each tool names its own way to give one" {
    MSG="panoply has no built-in start position (none is published in text): give one with"
    TAIL="or a spec that inherits 'panoply' and adds setup:"
    run --separate-stderr "$B/cv-perft" -V panoply -d 1
    expect 2 "" "cv-perft: error: $MSG --fen FEN, $TAIL
Try 'cv-perft --help' for more information."
    run --separate-stderr "$B/cv-legal" -V panoply -s
    expect 2 "" "cv-legal: error: $MSG --fen FEN, $TAIL
Try 'cv-legal --help' for more information."
    printf 'info\n' > info.txt
    run --separate-stderr "$B/cv-board" -V panoply info.txt
    [ "$status" -eq 0 ]
    [ "$stderr" = "cv-board: warning: $MSG the command 'fen FEN', $TAIL; the board starts empty" ]
    printf '1. P e4-e5\n*\n' > nofen.txt
    for t in cv-replay cv-convert; do
        run --separate-stderr "$B/$t" -V panoply --input gclog nofen.txt
        [ "$status" -eq 1 ] || { echo "# $t: status $status"; return 1; }
        [[ "$stderr" == "nofen.txt:1:1: error: game 1"*"$MSG a FEN tag (and SetUp \"1\") in the record, $TAIL"* ]] ||
            { echo "# $t: $stderr"; return 1; }
    done
}

@test "--help: every line of every tool fits in 80 columns" {
    for t in $TOOLS; do
        "$B/$t" --help > help.txt
        [ -s help.txt ]
        long=$(awk 'length > 80 { print FILENAME ":" FNR ": " length " columns" }' help.txt)
        [ -z "$long" ] || { echo "# $t: $long"; return 1; }
    done
}

@test "file-level messages of every tool have the shape TOOL: error: FILE: REASON" {
    for t in cv-parse cv-check cv-legal cv-replay cv-convert cv-board; do
        run --separate-stderr "$B/$t" no-such-file
        [ "$status" -eq 2 ] || { echo "# $t: status $status"; return 1; }
        [ "${stderr%%$'\n'*}" = "$t: error: no-such-file: No such file or directory" ] || { echo "# $t: $stderr"; return 1; }
    done
    run --separate-stderr "$B/cv-perft" --suite no-such-file
    expect 2 "" "cv-perft: error: no-such-file: No such file or directory"
    # a file reached twice is a warning, said once
    ln -s games.pgn again.pgn
    run --separate-stderr "$B/cv-parse" -q -c games.pgn again.pgn
    [ "$stderr" = "cv-parse: warning: again.pgn: the file games.pgn again (a link); not read twice" ]
}

@test "no game records: a warning, an error where --check fails the run" {
    : > empty.pgn
    run --separate-stderr "$B/cv-parse" empty.pgn
    expect 0 "" "cv-parse: warning: no game records found"
    run --separate-stderr "$B/cv-parse" --check empty.pgn
    expect 1 "1 file, 0 games, 0 valid, 0 invalid, 0 warnings" "cv-parse: error: no game records found"
    run --separate-stderr "$B/cv-replay" --check empty.pgn
    expect 1 "1 file, 0 games, 0 valid, 0 invalid, 0 warnings" "cv-replay: error: no game records found"
    run --separate-stderr "$B/cv-convert" empty.pgn
    expect 0 "" "cv-convert: warning: no game records found"
}
