#!/usr/bin/env bats
# The bash completion (completion/cvkit.bash): sourced in bash, COMP_WORDS
# and COMP_CWORD set as bash sets them, the function called, COMPREPLY
# compared whole.  Options come from each tool's --help, the names that
# -V, -n, -t, --input and --format take from its --names (cvkit(7)).

bats_require_minimum_version 1.5.0
load helpers

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    T="$BATS_TEST_TMPDIR"
    export LC_ALL=C
    export PATH="$ROOT/bin:$PATH"
    export CVKIT_SPECS="$ROOT/specs"
    cd "$T" || return 1
}

# complete WORD...: what the completion offers for the last WORD (may be
# ""), one a line
complete_words() {
    run --separate-stderr bash -c 'source "$1" || exit 9; shift
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
        _cvkit || exit 8
        printf "%s\n" "${COMPREPLY[@]}"' _ "$ROOT/completion/cvkit.bash" "$@"
}

@test "completion: the options of cv-perft after --, as its --help lists them" {
    complete_words cv-perft --
    expect 0 "--depth
--fen
--divide
--notation
--hash
--threads
--split
--suite
--lenient
--json
--verbose
--no-progress
--variant
--spec
--diagnostics
--help
--version" ""
    complete_words cv-perft --s
    expect 0 "--split
--suite
--spec" ""
}

@test "completion: short and long options after -, each once, a value shown in the usage kept (--ep=always)" {
    complete_words cv-check -
    expect 0 "-f
--fen
-l
--lenient
--normalize
--ep=always
--xfen
-j
--json
--silent
--junit
-V
--variant
--spec
--diagnostics
--help
--version" ""
    # --diagram is named again in --unicode's description: offered once
    complete_words cv-legal --d
    expect 0 "--diagram
--diagnostics" ""
    complete_words cv-board --
    expect 0 "--diagram
--unicode
--json
--variant
--spec
--diagnostics
--help
--version" ""
}

@test "completion: variant names and aliases after -V, --variant and --variant=, those with a blank left out" {
    local c
    for c in "cv-perft -V d" "cv-replay --variant d" "cv-legal -j -V d"; do
        # shellcheck disable=SC2086
        complete_words $c
        expect 0 "double-chess
doublechess
doublechess16x8" ""
    done
    # as bash splits --variant=t at '=' (COMP_WORDBREAKS), and unsplit
    complete_words cv-perft --variant = t
    expect 0 "tri-d
trid
trid-meder
trid-standard
trid-tournament" ""
    complete_words cv-perft --variant=p
    expect 0 "panoply
panoply-testarmy
parallel-worlds
parallelworlds
pw" ""
    # "Standard Chess", "Star Trek Tri-D" have blanks; "Standard" has none
    complete_words cv-check -V Sta
    expect 0 "Standard" ""
    complete_words cv-check -V nosuch
    expect 0 "" ""
}

@test "completion: the variants of CVKIT_SPECS too, read at each completion" {
    mkdir -p mine
    sed 's/^variant: chess$/variant: mine/; s/^aliases: .*/aliases: [mychess]/' "$ROOT/specs/chess.yaml" > mine/mine.yaml
    run --separate-stderr bash -c 'source "$1"
        for dirs in "$2" "$3:$2" "$2"; do
            COMP_WORDS=(cv-perft -V m); COMP_CWORD=2
            CVKIT_SPECS=$dirs _cvkit; echo "${COMPREPLY[*]}"
        done' _ "$ROOT/completion/cvkit.bash" "$ROOT/specs" "$T/mine"
    expect 0 "meder
meder mine mychess
meder" ""
}

@test "completion: notations after -n, notations, fen and formats after -t, formats after --input and --format" {
    complete_words cv-perft -n ""
    expect 0 "san
lan
uci
pbm
standard
romulan
pw
gc" ""
    complete_words cv-replay --notation s
    expect 0 "san
standard" ""
    complete_words cv-convert -t ""
    expect 0 "san
lan
uci
pbm
standard
romulan
pw
gc
fen
pgn
gamelist
gclog" ""
    complete_words cv-convert --format g
    expect 0 "gamelist
gclog" ""
    complete_words cv-parse --input ""
    expect 0 "pgn
gamelist
gclog" ""
}

@test "completion: nothing offered for a number, folders for a DIR, operands and FILE values left to the shell" {
    mkdir -p d1
    : > d2
    : > f1
    complete_words cv-perft -d ""
    expect 0 "" ""
    complete_words cv-perft --threads 2
    expect 0 "" ""
    complete_words cv-replay --svg-dir d
    expect 0 "d1" ""
    # FILE values and operands: the shell's own file completion (-o default)
    complete_words cv-replay --spec f
    expect 0 "" ""
    complete_words cv-replay f
    expect 0 "" ""
    # a tool that is not there: nothing, and no error
    complete_words cv-nosuch --
    expect 0 "" ""
}

@test "completion: registered for every tool of bin/ (cv-select's place kept until it is built)" {
    run --separate-stderr bash -c 'source "$1" && complete -p | sed -n "s/^complete .* -F _cvkit //p" | tr " " "\n" | sort' \
        _ "$ROOT/completion/cvkit.bash"
    [ "$status" -eq 0 ]
    local registered="$output" tools
    tools=$(cd "$ROOT/bin" && ls cv-*.c | sed 's/\.c$//' | sort)
    [ -n "$tools" ]
    # every tool registered; nothing else but cv-select
    run comm -13 <(printf '%s\n' "$registered") <(printf '%s\n' "$tools")
    expect 0 "" ""
    run bash -c 'comm -23 <(printf "%s\n" "$1") <(printf "%s\n" "$2") | grep -vx cv-select' _ "$registered" "$tools"
    [ "$status" -eq 1 ]
    [ "$output" = "" ]
}

@test "completion: each tool's --help is run once in a shell" {
    mkdir -p fake
    cat > fake/cv-perft <<'SH'
#!/bin/sh
if [ "$1" = --help ]; then echo x >> "$(dirname "$0")/../helps"; printf '  -d, --depth N        depth\n'; fi
SH
    chmod +x fake/cv-perft
    run --separate-stderr env PATH="$T/fake:$PATH" bash -c 'source "$1"
        for i in 1 2 3; do COMP_WORDS=(cv-perft --); COMP_CWORD=1; _cvkit; printf "%s\n" "${COMPREPLY[@]}"; done' \
        _ "$ROOT/completion/cvkit.bash"
    expect 0 "--depth
--depth
--depth" ""
    run cat helps
    expect 0 "x" ""
}
