#!/usr/bin/env bats
# A clone stands on its own: one list of Debian packages (.ci/packages) that
# the README's first command and .ci/run both install from; every tool the
# tests call comes from a package on it or from Debian's required base; make
# check refuses skipped tests (.ci/prove-strict); and nothing in the tree
# points outside it (the data of other projects is in corpus/ with SOURCES).

bats_require_minimum_version 1.5.0

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    T="$BATS_TEST_TMPDIR"
    cd "$ROOT" || return 1
}

# The package names of .ci/packages, one a line, in order.
packages() { sed 's/#.*//' .ci/packages | tr -s ' \t' '\n' | grep .; }

# A directory of stand-ins: apt-get, dpkg and make record their arguments in
# $T/calls (one line a call); dpkg -s says installed only for the packages
# named in $T/installed.  Also the few real programs .ci/run needs besides
# bash, so that PATH can be this directory alone.
stubs() {
    local s="$T/stubs" c
    mkdir -p "$s"
    : > "$T/calls"
    : > "$T/installed"
    for c in apt-get make; do
        printf '#!/bin/sh\necho "%s $*" >> "%s"\n' "$c" "$T/calls" > "$s/$c"
    done
    printf '#!/bin/sh\necho "dpkg $*" >> "%s"\ngrep -qx "$2" "%s"\n' "$T/calls" "$T/installed" > "$s/dpkg"
    chmod +x "$s"/*
    for c in dirname sed tr grep sh; do ln -s "$(command -v "$c")" "$s/$c"; done
    printf '%s' "$s"
}

@test ".ci/packages: one package a line, each with why, none twice" {
    local bad
    bad=$(grep -vE '^#|^[a-z0-9][a-z0-9.+-]+ +# [^ ]' .ci/packages || true)
    [ -z "$bad" ] || { echo "# lines without a package and a comment: $bad"; false; }
    [ "$(packages | sort | uniq -d)" = "" ]
    [ "$(packages | wc -l)" -ge 12 ]
}

@test "README's first command installs exactly the packages of .ci/packages" {
    local line s
    line=$(sed -n '/^```sh$/{n;p;q}' README.md)
    [[ "$line" == "apt-get update && apt-get install -y \$(sed 's/#.*//' .ci/packages) && make && "* ]]
    s=$(stubs)
    # the install part of the line, run with apt-get standing in
    PATH="$s" /bin/bash -c "${line%% && make && *}"
    [ "$(cat "$T/calls")" = "apt-get update
apt-get install -y $(packages | paste -sd' ')" ]
}

@test ".ci/run installs what is missing of .ci/packages, then runs make check" {
    local s want
    s=$(stubs)
    # nothing installed and no tool on PATH: all of it (/usr/bin/time is
    # checked by its path, and this machine has it)
    [ -x /usr/bin/time ]
    want=$(packages | grep -vx time | paste -sd' ')
    run env -i PATH="$s" /bin/bash .ci/run
    [ "$status" -eq 0 ]
    [ "$output" = ".ci/run: installing $want" ]
    [ "$(grep -v '^dpkg ' "$T/calls")" = "apt-get update -q
apt-get install -y -q --no-install-recommends $want
make check" ]
    [ "$(grep -c '^dpkg -s ' "$T/calls")" -eq "$(packages | wc -l)" ]

    # everything installed: nothing to install
    packages > "$T/installed"
    : > "$T/calls"
    run env -i PATH="$s" /bin/bash .ci/run
    [ "$status" -eq 0 ]
    [ "$output" = ".ci/run: build dependencies present" ]
    [ "$(grep -v '^dpkg ' "$T/calls")" = "make check" ]

    # only the libraries missing, the rest found as commands
    printf '%s\n' libpcre2-dev libyaml-dev > "$T/missing"
    packages | grep -vxF -f "$T/missing" > "$T/installed"
    : > "$T/calls"
    run env -i PATH="$s" /bin/bash .ci/run
    [ "$output" = ".ci/run: installing libpcre2-dev libyaml-dev" ]
}

# TOOL  ENTRY: a program the tests (or make check) call and the entry of
# .ci/packages that brings it, or "base" for Debian's required packages.
TOOLS='bats bats
prove perl
xmllint libxml2-utils
rsvg-convert librsvg2-bin
python3 python3
parallel parallel
/usr/bin/time time
bc bc
jq jq
git git
groff groff-base
man man-db
stdbuf base
pkg-config pkg-config
cc build-essential
make build-essential
script base
timeout base
sha256sum base
diff base
cmp base
awk base
od base
stat base
mkfifo base
paste base
seq base
mktemp base
tee base
chromium chromium
gzip base
bzip2 bzip2
xz xz-utils
zstd zstd'

@test "every tool the tests call comes from .ci/packages or Debian's required base" {
    local tool entry path real owner pri n=0
    while read -r tool entry; do
        # still called somewhere (the table is not stale)
        grep -qwF -- "$tool" tests/*.bats tests/*.t tests/helpers.bash Makefile .ci/prove-strict ||
            { echo "# $tool: no test calls it"; return 1; }
        if [ "$entry" != base ]; then
            packages | grep -qx -- "$entry" || { echo "# $tool: $entry is not on .ci/packages"; return 1; }
        fi
        # on this machine: the program is there and its package is the one named
        # (or, for base, one of Debian's required packages)
        path=$tool
        [[ $path == /* ]] || path=$(PATH=/usr/bin:/bin type -P -- "$tool") || { echo "# $tool: not installed"; return 1; }
        real=$(readlink -f "$path")
        owner=
        for p in "$real" "${real#/usr}" "$path" "${path#/usr}"; do
            owner=$(dpkg -S "$p" 2> /dev/null | grep -E '^[^ ]+: /' | head -1 | cut -d: -f1)
            [ -n "$owner" ] && break
        done
        [ -n "$owner" ] || { echo "# $tool ($real): no package owns it"; return 1; }
        if [ "$entry" = base ]; then
            pri=$(dpkg-query -W -f='${Priority}' "$owner")
            [ "$pri" = required ] || { echo "# $tool: $owner is $pri, not required: put it on .ci/packages"; return 1; }
        else
            # the entry itself, or what it installs (gcc for build-essential,
            # python3.N-minimal for python3)
            case $entry:$owner in
                "$owner:$owner" | build-essential:gcc* | build-essential:make | python3:python3* | pkg-config:pkgconf*) ;;
                *) echo "# $tool: from $owner, not $entry"; return 1 ;;
            esac
        fi
        n=$((n + 1))
    done <<< "$TOOLS"
    [ "$n" -eq 34 ]
}

@test "no skip in the tests but those of make asan's sanitizers" {
    # (this file names skip in its own table below)
    run grep -nE '(^|[;&|{ ])skip( |$)' $(ls tests/*.bats | grep -vx tests/selfcontained.bats) tests/helpers.bash
    [ "$status" -eq 0 ]
    local bad
    bad=$(printf '%s\n' "$output" | grep -vE '^[^:]+:[0-9]+: *#' |
          grep -vE '^[^:]+:[0-9]+: *\[ -z "\$\{CVKIT_SANITIZED:-\}" \] \|\| skip "[^"]*make asan"$' || true)
    [ -z "$bad" ] || { echo "# $bad"; false; }
}

# PATH without bats' own libexec folder, which bats puts first and whose
# "bats" is not the command: bats run inside a test needs the real one.
outer_path() {
    local d out=
    while IFS= read -r -d: d; do
        [ -e "$d/bats-exec-test" ] || out+="${out:+:}$d"
    done <<< "$PATH:"
    printf '%s' "$out"
}

# prove-strict on one made-up test file: CONTENT  SANITIZED  STATUS
@test ".ci/prove-strict: a skip fails like a failure; under make asan only 'make asan' skips pass" {
    local i=0 body san want P
    P=$(outer_path)
    while IFS='|' read -r body san want; do
        i=$((i + 1))
        printf '#!/usr/bin/env bats\n@test "one" { true; }\n@test "two" { %s; }\n' "$body" > "$T/t$i.bats"
        # a clean environment: bats inside bats must not see this run's BATS_ variables
        run env -i PATH="$P" CVKIT_SANITIZED="$san" sh .ci/prove-strict "$T/t$i.bats"
        [ "$status" -eq "$want" ] || { echo "# case $i ($body, '$san'): status $status, not $want"; return 1; }
        case $want:$body in
            1:*skip*) [[ "$output" == *"prove-strict: 1 test(s) skipped; every test must run (install .ci/packages):
ok 2 two # skip"* ]] ;;
        esac
    done <<'EOF'
true||0
true|1|0
false||1
skip "no tool"||1
skip||1
skip "no tool"|1|1
skip "peak RSS is the sanitizer's under make asan"||1
skip "peak RSS is the sanitizer's under make asan"|1|0
EOF
    [ "$i" -eq 8 ]
    # a whole file skipped
    printf '#!/bin/sh\necho "1..0 # SKIP no reason"\n' > "$T/plan.t"
    chmod +x "$T/plan.t"
    run env -i PATH="$P" sh .ci/prove-strict "$T/plan.t"
    [ "$status" -eq 1 ]
    [[ "$output" == *"prove-strict: 1 test(s) skipped"* ]]
}

@test "the Makefile's check target runs prove through .ci/prove-strict" {
    run sed -n '/^check:/,/^$/p' Makefile
    [[ "$output" == *"sh .ci/prove-strict tests/run-units.t "* ]]
    [[ "$output" != *"prove -f"* ]]
}

@test "no file in the tree refers to anything outside it" {
    local files
    # every text file but git's, build output and binary fuzz corpora
    files=$(find . \( -path ./.git -o -path ./build -o -path ./tests/bin -o -path ./fuzz/bin \
                      -o -path ./fuzz/corpus -o -path ./bench/out \) -prune -o -type f -print)
    [ "$(printf '%s\n' "$files" | wc -l)" -gt 500 ]
    run bash -c "printf '%s\n' \"\$1\" | tr '\n' '\0' | xargs -0 grep -InE '\.\./shared|shared/(rules|seeds|corpus)|seeds/[0-9]{3}_[0-9a-f]{16}'" _ "$files"
    # grep finds nothing: status 1, or xargs' 123 when it ran grep more than once
    [ "$output" = "" ] || { printf '# %s\n' "${lines[@]}"; false; }
    [ "$status" -eq 1 ] || [ "$status" -eq 123 ]
}

@test "the data of other projects is in corpus/, each file named in its SOURCES" {
    local f
    for f in chess/perft-cpw.txt chess/pgn-extract-verdicts.txt doublechess/short-williams-1999.txt; do
        [ -s "corpus/$f" ] || { echo "# corpus/$f is missing"; return 1; }
        grep -qF "${f#*/}" "corpus/${f%%/*}/SOURCES" || { echo "# corpus/$f: not in SOURCES"; return 1; }
    done
    # the PGN files of other projects: their origins are named
    run bash -c 'ls corpus/chess/pgn corpus/chess/malformed | grep -E "^(cl|co|pc|pe)_.*\.pgn$" | wc -l'
    [ "$output" -eq 50 ]
    for f in "cl_  Disservin/chess-library" "co_  niklasf/chessops" "pc_  niklasf/python-chess" "pe_  kentdjb/pgn-extract"; do
        grep -qF "$f" corpus/chess/SOURCES
    done
}
