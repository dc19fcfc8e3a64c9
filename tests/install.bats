#!/usr/bin/env bats
# make install puts the public interface in include/cvkit/: lib/cvkit.h
# and the headers it includes, transitively, and no internal header; a
# program that includes <cvkit/cvkit.h> builds against what was installed
# alone (no -I into the source tree) and runs on the installed specs.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    T="$BATS_TEST_TMPDIR"
}

# The public headers, as installed.  A header added to what cvkit.h
# includes is a change of the public interface: add it here on purpose.
PUBLIC='build.h
capture.h
cli.h
count.h
cvkit.h
diag.h
engine.h
game.h
geom.h
hold.h
html.h
jobs.h
json.h
junit.h
lines.h
outfile.h
pgn.h
picture.h
problem.h
record.h
replay.h
rewrite.h
run.h
source.h
suite.h
svg_last.h
toolopts.h
variant.h'

install_to() {
    # a make of its own: not the jobserver or variables of a make check around it
    run env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s -C "$ROOT" install PREFIX="$1"
    [ "$status" -eq 0 ] || { printf '# %s\n' "${lines[@]}"; return 1; }
}

@test "make install: exactly the public headers, and a program built on them alone" {
    install_to "$T/inst"
    local inc="$T/inst/include/cvkit"
    run bash -c 'cd "$1" && ls' _ "$inc"
    expect 0 "$PUBLIC" ""

    # the library and the specs are there too, and the rules pages (cvkit(7), FILES)
    [ -f "$T/inst/lib/libcvkit.a" ]
    [ -f "$T/inst/share/cvkit/specs/chess.yaml" ]
    run bash -c 'cd "$1" && ls' _ "$T/inst/share/doc/cvkit/rules"
    expect 0 "chess.md
doublechess.md
panoply.md
parallelworlds.md
trid.md" ""

    cat > "$T/prog.c" <<'EOF'
#include <cvkit/cvkit.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    cv_variant *v = cv_variant_load(argv[1], NULL);
    if (!v) return 2;
    cv_apos a;
    if (cv_any_start(v, &a) != 0) return 2;
    char fen[256];
    cv_any_write(&a, 0, fen, sizeof fen);
    static char moves[512][64];
    int n = cv_any_moves(&a, cv_any_default_notation(v), moves, 512);
    printf("%s\n%d moves, first %s, last %s\nformats: %s\n", fen, n, moves[0], moves[n - 1],
           cv_record_format_names());
    cv_variant_free(v);
    return argc == 2 ? 0 : 1;
}
EOF
    # only the installed tree: the include and library folders of the install prefix
    # (under make asan the library holds the sanitizers' calls, and a
    # program linked with it needs their run-time)
    local san=()
    [ -z "${CVKIT_SANITIZED:-}" ] || san=(-fsanitize=address,undefined)
    run --separate-stderr cc -std=c11 -Wall -Wextra -Werror "${san[@]}" -I"$T/inst/include" -o "$T/prog" "$T/prog.c" \
        "$T/inst/lib/libcvkit.a" $(pkg-config --libs libpcre2-8 yaml-0.1) -lpthread
    expect 0 "" ""
    run --separate-stderr "$T/prog" "$T/inst/share/cvkit/specs/chess.yaml"
    expect 0 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
20 moves, first Na3, last h4
formats: pgn, gamelist, gclog" ""
}

@test "make install: an internal header is not installed, and a program that wants one does not build" {
    install_to "$T/inst"
    # headers of the engines and the record readers stay in the tree
    local h
    for h in trid.h pw.h pn.h fen.h movegen.h gamelist.h gclog.h chunks.h strbuf.h where.h; do
        [ -f "$(find "$ROOT/lib" -name "$h" | head -1)" ] || { echo "# lib has no $h"; return 1; }
        [ ! -e "$T/inst/include/cvkit/$h" ] || { echo "# $h installed"; return 1; }
    done
    printf '#include <cvkit/trid.h>\nint main(void) { return 0; }\n' > "$T/int.c"
    run cc -std=c11 -I"$T/inst/include" -c -o "$T/int.o" "$T/int.c"
    [ "$status" -eq 1 ]
    [[ "$output" == *"cvkit/trid.h: No such file or directory"* ]]
}
