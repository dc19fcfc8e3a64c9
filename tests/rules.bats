#!/usr/bin/env bats
# The rules pages (docs/rules/*.md): one a game, each naming its sources
# and marking cvkit's decisions; linked from the README and cvkit(7);
# every spec points at its page and every page at its specs; every path a
# page names is in the tree; and the counts a page quotes are the tools'.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export LC_ALL=C
}

PAGES='chess doublechess panoply parallelworlds trid'

@test "rules pages: one a game, each with its sources and its decisions" {
    run bash -c 'cd docs/rules && ls'
    expect 0 "$(printf '%s.md\n' $PAGES)" ""
    local p
    for p in $PAGES; do
        grep -qx '## Sources' "docs/rules/$p.md" || { echo "# $p.md: no Sources section"; return 1; }
        grep -q '\*\*Decision' "docs/rules/$p.md" || { echo "# $p.md: no decision marked"; return 1; }
    done
}

@test "rules pages: linked from README.md and listed in cvkit(7), FILES" {
    local p files
    files=$(sed -n '/^\.SH FILES/,/^\.SH/p' docs/cvkit.7)
    for p in $PAGES; do
        grep -qF "](docs/rules/$p.md)" README.md || { echo "# README.md: no link to docs/rules/$p.md"; return 1; }
        printf '%s\n' "$files" | grep -qx "\.I $p\.md" || { echo "# cvkit.7 FILES: no $p.md"; return 1; }
    done
}

@test "rules pages: every spec names its page, and its page names the spec" {
    local f name page n=0
    for f in specs/*.yaml; do
        name=$(basename "$f" .yaml)
        page=$(grep -o 'docs/rules/[a-z]*\.md' "$f" | head -1)
        [ -n "$page" ] || { echo "# $f names no rules page"; return 1; }
        [ -f "$page" ] || { echo "# $f: $page does not exist"; return 1; }
        grep -qF "specs/$name.yaml" "$page" || { echo "# $page does not name specs/$name.yaml"; return 1; }
        n=$((n + 1))
    done
    [ "$n" -eq 9 ]
}

@test "rules pages: every path of the tree they name exists" {
    local path n=0
    while read -r path; do
        [ -e "$path" ] || { echo "# $path: named by docs/rules/, not in the tree"; return 1; }
        n=$((n + 1))
    done < <(grep -ohE '`(docs|tests|corpus|specs|lib|bin)/[^` ]*`' docs/rules/*.md | tr -d '`' | sort -u)
    [ "$n" -ge 25 ]
}

# PAGE @@ TEXT THE PAGE QUOTES @@ COMMAND @@ WHAT THE COMMAND PRINTS (lines joined by blanks)
CASES='trid.md@@`trid-tournament` 20 / 400 / 9,128 / 207,888@@for d in 1 2 3 4; do cv-perft -V trid-tournament -d $d; done@@20 400 9128 207888
trid.md@@`trid-standard` 21 / 441 / 10,088 / 230,320@@for d in 1 2 3 4; do cv-perft -V trid-standard -d $d; done@@21 441 10088 230320
parallelworlds.md@@3,288 turns at depth 1 (70 single moves@@cv-perft -V pw -d 1 -v 2>&1 >/dev/null | sed -n "1p;3p"; cv-perft -V pw -d 1@@cv-perft: depth 1: 3288 nodes in S s (R M nodes/s) cv-perft: 70 single moves at the root 3288
parallelworlds.md@@rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 1KQkq3KQkq - 0 1@@echo info | cv-board -V parallelworlds | sed "s/^fen \([^;]*\);.*/\1/"@@rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 1KQkq3KQkq - 0 1
doublechess.md@@rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 1@@echo info | cv-board -V doublechess | sed "s/^fen \([^;]*\);.*/\1/"@@rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 1
doublechess.md@@ChessV'"'"'s `LEPAlepa` is accepted@@cv-check -V doublechess --normalize -f "rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w LEPAlepa - 0 1"@@rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 1
panoply.md@@`7/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------7`@@echo info | cv-board -V panoply 2> /dev/null | sed "s/^fen \([^ ]*\) .*/\1/"@@7/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------7'

@test "rules pages: what they quote, the tools print" {
    local line page quote cmd want got n=0
    while IFS= read -r line; do
        page=${line%%@@*}; line=${line#*@@}
        quote=${line%%@@*}; line=${line#*@@}
        cmd=${line%%@@*}; want=${line#*@@}
        grep -qF -- "$quote" "docs/rules/$page" || { echo "# $page does not quote: $quote"; return 1; }
        got=$(PATH="$PWD/bin:$PATH" bash -c "$cmd" | tr '\n' ' ' | sed 's/ $//; s/in [0-9.]* s ([0-9.]* M/in S s (R M/')
        [ "$got" = "$want" ] || { echo "# $page: $cmd"; echo "#   got  $got"; echo "#   want $want"; return 1; }
        n=$((n + 1))
    done <<< "$CASES"
    [ "$n" -eq 7 ]
}
