#!/usr/bin/env bats
# The documentation matches the tools: every example command shown in
# README.md and the manual pages prints what the page shows
# (tests/doc-examples runs them; one test per page here, each failing
# command listed by PAGE:LINE with a diff), the pages render without
# warnings, and they carry one date and one version.
# For one TAP line per command: tests/doc-examples [PAGE]...

bats_require_minimum_version 1.5.0
load helpers

PAGES=(README.md docs/cv-best.1 docs/cv-board.1 docs/cv-check.1 docs/cv-convert.1 docs/cv-legal.1
       docs/cv-parse.1 docs/cv-perft.1 docs/cv-play.1 docs/cv-replay.1 docs/cv-select.1 docs/cvkit.7
       docs/cvkit-engines.7 docs/cvkit-formats.5 docs/cvkit-variants.7 docs/libcvkit.3)

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export LC_ALL=C
}

# examples PAGE: runs the examples of PAGE; passes when every one prints
# what the page shows, else prints the failing ones with their diffs.
examples() {
    run --separate-stderr tests/doc-examples "$1"
    if [ "$status" -ne 0 ] || [ -n "$stderr" ]; then
        printf '%s\n' "$output" | awk '/^not ok /{p=1} /^ok /{p=0} p || /^# [0-9]+ commands:/'
        printf '%s\n' "$stderr"
        return 1
    fi
    [[ ${lines[-1]} =~ ^#\ [0-9]+\ commands:\ [0-9]+\ passed,\ 0\ failed ]]
}

@test "the page list is every manual page and the README" {
    run bash -c 'ls README.md docs/*.1 docs/*.3 docs/*.5 docs/*.7 | sort'
    expect 0 "$(printf '%s\n' "${PAGES[@]}" | sort)" ""
}

@test "examples found, and those marked not run" {
    run --separate-stderr tests/doc-examples --list "${PAGES[@]}"
    [ "$status" -eq 0 ]
    [ -z "$stderr" ]
    # every page but those for C programmers (engine writers, library
    # users: no commands; libcvkit.bats builds and runs the library's
    # example) shows examples
    for p in "${PAGES[@]}"; do
        n=$(printf '%s\n' "$output" | grep -c "^$p:[0-9]*	") || true
        echo "# $p: $n"
        case $p in docs/cvkit-engines.7 | docs/libcvkit.3) [ "$n" -eq 0 ] ;; *) [ "$n" -gt 0 ] ;; esac
    done
    # how many commands run, how many only show a file the page defines,
    # and how many are marked not run (none: every example runs)
    run bash -c 'tests/doc-examples --list "$@" | awk -F"\t" "{ n[\$2 ~ /^skip/ ? \"skip\" : \$2]++ } END { printf \"%d run, %d file, %d marked not run\\n\", n[\"run\"], n[\"file\"], n[\"skip\"] }"' x "${PAGES[@]}"
    echo "# $output"
    [ "$status" -eq 0 ]
    [[ $output =~ ^[0-9]+\ run,\ [0-9]+\ file,\ 0\ marked\ not\ run$ ]]
}

@test "a page whose example prints something else fails, with the place and a diff" {
    mkdir -p "$BATS_TEST_TMPDIR/docs" "$BATS_TEST_TMPDIR/tests"
    # a wrong count; a right one; a file the page defines by showing it
    # with cat, then uses; a listing marked as a file; a timing, compared
    # without its figures; a block marked not run
    printf '%s\n' '.TH X 1' '.EX' '$ cv\-legal \-s \-\-count' '21' '$ echo ok' 'ok' \
        '$ cat two.fen' '8/8/8/8/8/8/8/K6k w \- \- 0 1' '$ cv\-legal \-\-count two.fen' '3' '.EE' \
        '.\" example: file ~/x.yaml' '.EX' 'variant: x' 'inherits: chess' '.EE' \
        '.EX' '$ cv\-perft \-\-spec ~/x.yaml \-v \-d 1 2>&1' \
        'cv\-perft: depth 1: 20 nodes in 9.999 s (0.0 M nodes/s)' '20' '.EE' \
        '.\" example: not run (a reason)' '.EX' '$ false' 'x' '.EE' > "$BATS_TEST_TMPDIR/docs/x.1"
    cp tests/doc-examples "$BATS_TEST_TMPDIR/tests"
    for d in bin specs corpus lib; do ln -s "$PWD/$d" "$BATS_TEST_TMPDIR/$d"; done
    run --separate-stderr "$BATS_TEST_TMPDIR/tests/doc-examples" docs/x.1
    expect 1 "not ok 1 - docs/x.1:3: cv-legal -s --count
# --- page
# +++ tool
# @@ -1 +1 @@
# -21
# +20
ok 2 - docs/x.1:5: echo ok
ok 3 - docs/x.1:7: cat two.fen
ok 4 - docs/x.1:9: cv-legal --count two.fen
ok 5 - docs/x.1:18: cv-perft --spec ~/x.yaml -v -d 1 2>&1
ok 6 - docs/x.1:24: false # SKIP a reason
1..6
# 6 commands: 4 passed, 1 failed, 1 marked not run, 1 files defined" ""
}

@test "a missing page fails" {
    run --separate-stderr tests/doc-examples docs/no-such-page.1
    expect 1 "not ok 1 - docs/no-such-page.1: no such page
1..1
# 1 commands: 0 passed, 1 failed, 0 marked not run, 0 files defined" ""
}

@test "the manual pages render without warnings" {
    for p in "${PAGES[@]}"; do
        [ "$p" = README.md ] && continue
        run --separate-stderr groff -ww -z -man -Tutf8 "$p"
        echo "# $p"
        expect 0 "" ""
        run --separate-stderr env MANWIDTH=80 man --warnings -l -Tutf8 "$p"
        expect 0 "$output" ""
    done
}

@test "the manual pages carry one date and one version" {
    run bash -c 'sed -n "s/^\.TH [^ ]* [0-9] //p" docs/*.1 docs/*.3 docs/*.5 docs/*.7 | sort -u'
    expect 0 '2026-11-29 "cvkit 0.1.0" "cvkit manual"' ""
    run grep -c '^VERSION := 0\.1\.0$' Makefile
    expect 0 1 ""
}

@test "examples in README.md" { examples README.md; }
@test "examples in docs/cv-best.1" { examples docs/cv-best.1; }
@test "examples in docs/cv-board.1" { examples docs/cv-board.1; }
@test "examples in docs/cv-check.1" { examples docs/cv-check.1; }
@test "examples in docs/cv-convert.1" { examples docs/cv-convert.1; }
@test "examples in docs/cv-legal.1" { examples docs/cv-legal.1; }
@test "examples in docs/cv-parse.1" { examples docs/cv-parse.1; }
@test "examples in docs/cv-perft.1" { examples docs/cv-perft.1; }
@test "examples in docs/cv-play.1" { examples docs/cv-play.1; }
@test "examples in docs/cv-replay.1" { examples docs/cv-replay.1; }
@test "examples in docs/cv-select.1" { examples docs/cv-select.1; }
@test "examples in docs/cvkit.7" { examples docs/cvkit.7; }
@test "examples in docs/cvkit-engines.7" { examples docs/cvkit-engines.7; }
@test "examples in docs/cvkit-formats.5" { examples docs/cvkit-formats.5; }
@test "examples in docs/cvkit-variants.7" { examples docs/cvkit-variants.7; }
@test "examples in docs/libcvkit.3" { examples docs/libcvkit.3; }
