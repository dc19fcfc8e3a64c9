#!/usr/bin/env bats
# libcvkit(3) as a program outside the tree meets it: make install into a
# temporary PREFIX, then only what was installed (cvkit.pc, the headers,
# the library, the specs).  The page's example is docs/examples/replay.c;
# built with `pkg-config --cflags --libs cvkit` alone it prints what the
# page shows.  The spec directory compiled into the installed library is
# the installed one, for each of two PREFIXes, after CVKIT_SPECS; make
# uninstall takes away all that make install put.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    T="$BATS_TEST_TMPDIR"
    export LC_ALL=C
    # the installed library finds its specs alone
    unset CVKIT_SPECS
    # under make asan the library holds the sanitizers' calls, and a
    # program linked with it needs their run-time
    SAN=()
    [ -z "${CVKIT_SANITIZED:-}" ] || SAN=(-fsanitize=address,undefined)
    KNOWN='capablanca, chess, chess960, doublechess, panoply, panoply-testarmy, parallelworlds, trid-standard, trid-tournament'
}

# inroot ARG...: make in the source tree, a make of its own (not the
# jobserver or variables of a make check around it)
inroot() {
    run env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s -C "$ROOT" "$@"
    [ "$status" -eq 0 ] || { printf '# %s\n' "${lines[@]}"; return 1; }
}

# page DIR: the files libcvkit(3) shows (replay.c, games.pgn,
# replay.stdout, replay.stderr), as the doc harness takes them from the
# page, into DIR
page() {
    local keep="$T/keep.$RANDOM"
    run env DOC_EXAMPLES_KEEP="$keep" "$ROOT/tests/doc-examples" docs/libcvkit.3
    [ "$status" -eq 0 ] || { printf '# %s\n' "${lines[@]}"; return 1; }
    mkdir -p "$1"
    local n name
    while IFS=$'\t' read -r n name; do cp "$keep/docs_libcvkit.3/x/f$n" "$1/$name"; done < "$keep/docs_libcvkit.3/x/files"
    run ls "$1"
    expect 0 "games.pgn
replay.c
replay.stderr
replay.stdout" ""
}

# build PREFIX SOURCE OUT [PKG-CONFIG OPTION]: SOURCE compiled and linked
# with what pkg-config says of the cvkit installed in PREFIX, and nothing else
build() {
    local flags
    flags=$(PKG_CONFIG_PATH="$1/lib/pkgconfig" pkg-config ${4:-} --cflags --libs cvkit) || return 1
    mkdir -p "$(dirname "$3")"
    run --separate-stderr cc -std=c11 -Wall -Wextra -Werror "${SAN[@]}" -o "$3" "$2" $flags
    expect 0 "" ""
}

@test "libcvkit(3): its example, record and output are docs/examples/replay.c, tests/data/libcvkit/games.pgn and what the tests expect" {
    page "$T/page"
    run cmp "$T/page/replay.c" "$ROOT/docs/examples/replay.c"
    expect 0 "" ""
    run cmp "$T/page/games.pgn" "$ROOT/tests/data/libcvkit/games.pgn"
    expect 0 "" ""
    # the output the page shows, line for line
    run cat "$T/page/replay.stdout"
    expect 0 "start: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
20 moves: Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4
after Na3: rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR b KQkq - 1 1
game 1 (chess): 7 plies, 1-0, r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4
game 2 (chess): 4 plies, stopped, r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3
game 3 (doublechess): 4 plies, complete, rnbqrnbqkbnrqbnr/pppp1ppppppppp1p/4p11/14p1/3PP11/16/PPP2PPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 3" ""
    run cat "$T/page/replay.stderr"
    expect 0 "games.pgn:9:24: error: Bxe8: no white bishop can move to e8
games.pgn:18:1: error: game 4: unknown variant 'Go' in the Variant tag" ""
}

@test "make install: cvkit.pc, and the page's example built with pkg-config --cflags --libs cvkit prints what the page shows" {
    inroot install PREFIX="$T/usr"
    run --separate-stderr env PKG_CONFIG_PATH="$T/usr/lib/pkgconfig" pkg-config --modversion cvkit
    expect 0 "$(sed -n 's/^VERSION := //p' "$ROOT/Makefile")" ""
    # a static archive: its dependencies in Libs, so no --static is needed
    # (pkgconf ends the line with a blank)
    run --separate-stderr env PKG_CONFIG_PATH="$T/usr/lib/pkgconfig" pkg-config --cflags --libs cvkit
    expect 0 "-I$T/usr/include -L$T/usr/lib -lcvkit $(pkg-config --libs libpcre2-8 yaml-0.1 | xargs) -lpthread " ""
    run --separate-stderr env PKG_CONFIG_PATH="$T/usr/lib/pkgconfig" pkg-config --print-requires-private cvkit
    expect 0 "libpcre2-8
yaml-0.1" ""

    page "$T/run"
    build "$T/usr" "$T/run/replay.c" "$T/run/replay"
    cd "$T/run"
    run --separate-stderr ./replay chess games.pgn
    expect 1 "$(cat replay.stdout)" "$(cat replay.stderr)"

    # the same with --static, as a build that always passes it does
    build "$T/usr" "$T/run/replay.c" "$T/run/replay-static" --static
    run --separate-stderr ./replay-static chess games.pgn
    expect 1 "$(cat replay.stdout)" "$(cat replay.stderr)"
}

@test "make install PREFIX=X: the installed library looks for specs in X/share/cvkit/specs, after CVKIT_SPECS; the tree is left as it was" {
    local before after p
    before=$(cksum < "$ROOT/lib/libcvkit.a")
    inroot install PREFIX="$T/one"
    inroot install PREFIX="$T/two"
    after=$(cksum < "$ROOT/lib/libcvkit.a")
    [ "$before" = "$after" ]

    for p in one two; do
        # the program away from both trees: nothing beside it (../specs,
        # ../share/cvkit/specs) holds specs
        build "$T/$p" "$ROOT/docs/examples/replay.c" "$T/prog/$p/replay"
        run --separate-stderr "$T/prog/$p/replay" nosuch
        expect 2 "" "replay: error: unknown variant 'nosuch' (known: $KNOWN; searched: $T/$p/share/cvkit/specs)"
        run --separate-stderr "$T/prog/$p/replay" double-chess
        [ "$status" -eq 0 ]
        [ "${lines[0]}" = "start: rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 1" ]
    done

    # CVKIT_SPECS first, as for the tools
    mkdir -p "$T/mine"
    sed 's/^variant: chess$/variant: mine/; s/^aliases: .*/aliases: []/' "$ROOT/specs/chess.yaml" > "$T/mine/mine.yaml"
    run --separate-stderr env CVKIT_SPECS="$T/mine" "$T/prog/two/replay" nosuch
    expect 2 "" "replay: error: unknown variant 'nosuch' (known: capablanca, chess, chess960, doublechess, mine, panoply, panoply-testarmy, parallelworlds, trid-standard, trid-tournament; searched: $T/mine, $T/two/share/cvkit/specs)"
    run --separate-stderr env CVKIT_SPECS="$T/mine" "$T/prog/two/replay" mine
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "start: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" ]
}

@test "make uninstall removes exactly what make install put (DESTDIR), and keeps a file of someone else's" {
    inroot install DESTDIR="$T/stage" PREFIX=/opt/cv
    local top="$T/stage/opt/cv"
    # the installed cvkit.pc names PREFIX, never DESTDIR
    run grep '^prefix=' "$top/lib/pkgconfig/cvkit.pc"
    expect 0 "prefix=/opt/cv" ""
    local f
    for f in bin/cv-replay lib/libcvkit.a include/cvkit/cvkit.h share/cvkit/specs/chess.yaml \
        share/man/man3/libcvkit.3 share/man/man7/cvkit.7 share/doc/cvkit/rules/trid.md \
        share/bash-completion/completions/cvkit; do
        [ -f "$top/$f" ] || { echo "# $f not installed"; return 1; }
    done
    run readlink "$top/share/bash-completion/completions/cv-perft"
    expect 0 "cvkit" ""
    # the completion as bash-completion loads it, by the tool's name, on
    # the installed tools and specs
    run --separate-stderr env -u CVKIT_SPECS PATH="$top/bin:$PATH" bash -c 'source "$1" || exit 9
        COMP_WORDS=(cv-perft -V d); COMP_CWORD=2; _cvkit; echo "${COMPREPLY[*]}"
        COMP_WORDS=(cv-perft --th); COMP_CWORD=1; _cvkit; echo "${COMPREPLY[*]}"' _ \
        "$top/share/bash-completion/completions/cv-perft"
    expect 0 "double-chess doublechess doublechess16x8
--threads" ""

    inroot uninstall DESTDIR="$T/stage" PREFIX=/opt/cv
    run bash -c 'cd "$1" && find . \( -type f -o -type l \) -print | sort' _ "$T/stage"
    expect 0 "" ""
    # the folders that are cvkit's alone are gone, the shared ones stay
    run bash -c 'cd "$1" && find . -type d | sort' _ "$top"
    expect 0 ".
./bin
./include
./lib
./lib/pkgconfig
./share
./share/bash-completion
./share/bash-completion/completions
./share/doc
./share/man
./share/man/man1
./share/man/man3
./share/man/man5
./share/man/man7" ""

    # a spec of the user's own in the installed folder keeps it
    inroot install DESTDIR="$T/stage" PREFIX=/opt/cv
    cp "$ROOT/specs/chess.yaml" "$top/share/cvkit/specs/mine.yaml"
    inroot uninstall DESTDIR="$T/stage" PREFIX=/opt/cv
    run bash -c 'cd "$1" && find . \( -type f -o -type l \) -print | sort' _ "$T/stage"
    expect 0 "./opt/cv/share/cvkit/specs/mine.yaml" ""

    # and uninstalling what is not there is no error
    inroot uninstall DESTDIR="$T/empty" PREFIX=/opt/cv
    [ ! -e "$T/empty" ]
}
