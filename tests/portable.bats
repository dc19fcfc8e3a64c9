#!/usr/bin/env bats
# Portable C (issue 21, item 6): the library, the tools, the unit tests and
# the fuzz targets ask for POSIX.1-2008 at most (the Makefile's
# _POSIX_C_SOURCE, or _XOPEN_SOURCE), never for GNU or BSD extensions, and
# call none of glibc's own stdio hooks.

bats_require_minimum_version 1.5.0

setup() {
    cd "$BATS_TEST_DIRNAME/.." || exit 1
    T="$BATS_TEST_TMPDIR"
}

# What is not portable, as an extended regular expression for grep -E.
NONPORTABLE='#[[:space:]]*define[[:space:]]+_(GNU|DEFAULT|BSD|SVID)_SOURCE\b|\b(fopencookie|cookie_io_functions_t|funopen|__flbf|__fpending|__fbufsize|__freading|__fwriting|__fpurge|__fsetlocking|__freadable|__fwritable|__flushlbf|mempcpy|rawmemchr|strchrnul|get_nprocs|canonicalize_file_name|program_invocation_name|pthread_[a-z_]+_np)\b|stdio_ext\.h'

@test "the check finds every kind of non-portable line, and passes portable ones" {
    # each case: 1 it must be found, 0 it must not
    while IFS='|' read -r want line; do
        [ -n "$want" ] || continue
        got=0
        grep -qE "$NONPORTABLE" <<< "$line" && got=1
        echo "# $want $got: $line"
        [ "$got" = "$want" ]
    done <<'CASES'
1|#define _GNU_SOURCE
1|#  define _DEFAULT_SOURCE 1
1|#define _BSD_SOURCE
1|    FILE *f = fopencookie(r, "r", io);
1|    cookie_io_functions_t io = { .read = cookie_read };
1|    if (isatty(1) || __flbf(stdout)) setvbuf(f, NULL, _IOLBF, BUFSIZ);
1|    size_t n = __fpending(stdout);
1|#include <stdio_ext.h>
1|    p = mempcpy(p, s, n);
1|    pthread_setaffinity_np(t, sizeof set, &set);
0|#define _POSIX_C_SOURCE 200809L
0|#define _XOPEN_SOURCE 700
0|    FILE *m = open_memstream(&buf, &len);
0|    FILE *f = fmemopen(text, n, "r");
0|    long n = sysconf(_SC_NPROCESSORS_ONLN);
0|    size_t k = cv_source_read(r->src, r->end, space);
CASES
}

@test "no C file of lib, bin, tests/unit or fuzz asks for GNU or BSD extensions or calls glibc's own stdio hooks" {
    # every C file there is, not git's list: make asan runs the tests on a
    # copy of the tree that has no .git
    find lib bin tests/unit fuzz -name '*.[ch]' | LC_ALL=C sort > "$T/files"
    # the tree is there: the library, all nine tools, the record readers
    [ "$(wc -l < "$T/files")" -gt 100 ]
    [ "$(grep -c '^bin/cv-[a-z]*\.c$' "$T/files")" -eq 10 ]
    grep -qx 'lib/record/pgn.c' "$T/files"
    run grep -nE "$NONPORTABLE" $(cat "$T/files")
    echo "$output" | sed 's/^/# /'
    [ "$status" -eq 1 ]
    [ "$output" = "" ]
}
