#!/usr/bin/env bats
# cv-convert --format html without a browser (lib/view/html.c): the page's
# exact text for a small game, its pictures equal to cv-replay --svg-dir's
# at every ply of a game of each of the five games, nothing outside the
# page, and cv-convert's usual behaviour (unconvertible games, --rejects,
# --jobs, --json, --to).  tests/viewer.bats drives the page in Chromium.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    CV="$ROOT/bin/cv-convert"
    REPLAY="$ROOT/bin/cv-replay"
    DATA="$ROOT/tests/data/viewer"
    export CVKIT_SPECS="${CVKIT_SPECS:-$ROOT/specs}"
    cd "$BATS_TEST_TMPDIR"
}

# The game of each of the five games the viewer tests use: FILE  PLIES
GAMES='corpus/chess/pgn/cv_byrne-fischer-1956.pgn 82
corpus/doublechess/short-williams-1999.pgn 70
corpus/parallelworlds/game1-every-rule.pgn 15
corpus/trid/game1-gamelist.txt 69
corpus/panoply/game2-frozen-king-mated.txt 91'

@test "a small game: tags, movetext with comment, variation and NAGs, plies clickable, exact" {
    run --separate-stderr "$CV" --format html "$DATA/small.pgn"
    [ "$status" -eq 0 ]
    [ -z "$stderr" ]
    printf '%s\n' "$output" > page.html
    [ "$(head -1 page.html)" = "<!DOCTYPE html>" ]
    [ "$(tail -1 page.html)" = "</html>" ]
    [ "$(grep -c '<section' page.html)" -eq 1 ]
    run sed -n '/^<main>$/,/^<script type="text\/x-cvkit-pictures"/p' page.html
    [ "$output" = '<main>
<section class="game" data-game="1" data-plies="4" data-name="game 1 (A - B), Viewer &lt;test&gt; &amp; co">
<h2>game 1 (A - B), Viewer &lt;test&gt; &amp; co</h2>
<div class="board"></div>
<div class="side">
<table class="tags">
<tr><th>Event</th><td>Viewer &lt;test&gt; &amp; co</td></tr>
<tr><th>White</th><td>A</td></tr>
<tr><th>Black</th><td>B</td></tr>
<tr><th>Result</th><td>*</td></tr>
</table>
<div class="moves">
<span class="num">1.</span>&nbsp;<span class="mv" data-ply="1">e4</span>
<span class="comment">best by test</span>
<span class="num">1...</span>&nbsp;<span class="mv" data-ply="2">e5</span>
<span class="var">(<span class="num">1...</span>&nbsp;<span class="vmv">c5</span>
<span class="num">2.</span>&nbsp;<span class="vmv">Nf3</span>
)</span>
<span class="num">2.</span>&nbsp;<span class="mv" data-ply="3">Nf3!</span>
<span class="nag">$14</span>
<span class="mv" data-ply="4">Nc6</span>
<span class="result">*</span>
</div>
</div>
<script type="text/x-cvkit-pictures" class="pictures">' ]
    # the pictures: distinct pieces, distinct lines, 5 plies (the start and 4)
    run python3 "$ROOT/tests/viewer/pictures.py" page.html 1 pics flipped
    [ "$output" = "282 253 5" ]
    [ "$(ls pics flipped | grep -c '^1-00[0-4]\.svg$')" -eq 10 ]
    # -t html is --format html
    run --separate-stderr "$CV" -t html "$DATA/small.pgn"
    [ "$status" -eq 0 ]
    cmp <(printf '%s\n' "$output") page.html
}

@test "every ply's picture, as played and turned round, is cv-replay --svg-dir's, for the five games" {
    local file plies g=0 n=0
    while read -r file plies; do
        g=$((g + 1))
        run --separate-stderr "$CV" -q --format html "$ROOT/$file"
        [ "$status" -eq 0 ] || { echo "# $file: status $status"; return 1; }
        printf '%s\n' "$output" > "page$g.html"
        [ "$(grep -c "data-plies=\"$plies\"" "page$g.html")" -eq 1 ] || { echo "# $file: not $plies plies"; return 1; }
        python3 "$ROOT/tests/viewer/pictures.py" "page$g.html" 1 "got$g" "gotflip$g" > /dev/null
        mkdir "want$g" "flip$g"
        "$REPLAY" -q --svg-dir "want$g" "$ROOT/$file" > /dev/null
        "$REPLAY" -q --diagram=svg:flip --svg-dir "flip$g" "$ROOT/$file" > /dev/null
        [ "$(ls "want$g" | wc -l)" -eq $((plies + 1)) ]
        [ "$(ls "flip$g" | wc -l)" -eq $((plies + 1)) ]
        # the page's SVG has no XML declaration, cv-replay's first line
        [ "$(head -qn1 "want$g"/*.svg "flip$g"/*.svg | sort -u)" = '<?xml version="1.0" encoding="UTF-8"?>' ]
        sed -i 1d "want$g"/*.svg "flip$g"/*.svg
        diff -r "want$g" "got$g" > /dev/null || { echo "# $file: a picture differs"; diff -rq "want$g" "got$g"; return 1; }
        diff -r "flip$g" "gotflip$g" > /dev/null || { echo "# $file: a picture turned round differs"; return 1; }
        n=$((n + plies + 1))
    done <<< "$GAMES"
    [ "$g" -eq 5 ]
    [ "$n" -eq 332 ]
}

@test "nothing outside the page: no src, href, url(), import, link or address but the SVG namespace" {
    local file plies g=0
    while read -r file plies; do
        g=$((g + 1))
        "$CV" -q --format html "$ROOT/$file" > "page$g.html"
    done <<< "$GAMES"
    "$CV" -q --format html "$ROOT/corpus/chess/pgn/cl_multiple.pgn" > page6.html
    [ "$g" -eq 5 ]
    for f in page?.html; do
        [ -s "$f" ]
        # (the SVG namespace names, it fetches nothing; a tag's value is
        # text, an address in it is shown: cl_multiple's Site tags)
        sed 's#xmlns="http://www\.w3\.org/2000/svg"##g; s#<td>[^<]*</td>#<td></td>#g' "$f" > bare.html
        run grep -ciE 'src=|href=|url\(|@import|<link|<img|<iframe|<object|<embed|fetch\(|XMLHttpRequest|//[a-z]' bare.html
        [ "$output" = 0 ] || { echo "# $f: $output"; return 1; }
        # the one address: the SVG namespace, once a distinct piece of a picture
        run grep -oE 'https?:[^" ]*' "$f"
        [ "$(printf '%s\n' "$output" | grep -v '^https://tests\.stockfishchess\.org/' | sort -u)" = "http://www.w3.org/2000/svg" ]
        [ "$(grep -c stockfishchess "$f")" -eq "$([ "$f" = page6.html ] && echo 4 || echo 0)" ]
        # the scripts are inline: the page's own and the pictures' data
        [ "$(grep -c '<script' "$f")" -eq "$(($(grep -c '<section' "$f") + 1))" ]
    done
}

@test "a game that cannot be played: said, shown in the page as read with its problem, the others played; exit 1" {
    run --separate-stderr "$CV" --format html "$DATA/bad.pgn"
    [ "$status" -eq 1 ]
    [ "$stderr" = "$DATA/bad.pgn:9:13: error: game 2: 2. Ke3: no white king can move to e3; written unconverted" ]
    printf '%s\n' "$output" > page.html
    [ "$(grep -o '<section class="[a-z ]*" data-game="[0-9]*" data-plies="[0-9]*"' page.html)" = '<section class="game" data-game="1" data-plies="2"
<section class="game unplayed" data-game="2" data-plies="0"
<section class="game" data-game="3" data-plies="1"' ]
    run sed -n '/class="game unplayed"/,/<\/section>/p' page.html
    [ "$output" = '<section class="game unplayed" data-game="2" data-plies="0" data-name="game 2 (? - ?), two">
<h2>game 2 (? - ?), two</h2>
<div class="side">
<table class="tags">
<tr><th>Event</th><td>two</td></tr>
<tr><th>Result</th><td>*</td></tr>
</table>
<p>Not played: the record has these problems.</p>
<ul class="why">
<li>9:13: error: 2. Ke3: no white king can move to e3</li>
</ul>
<pre class="raw">

[Event &quot;two&quot;]
[Result &quot;*&quot;]

1. e4 e5 2. Ke3 *</pre>
</div>
</section>' ]
    # with --rejects the game goes there byte for byte, and the page has the others
    run --separate-stderr "$CV" --format html --rejects rej.pgn "$DATA/bad.pgn"
    [ "$status" -eq 1 ]
    printf '%s\n' "$output" > page2.html
    [ "$(grep -c '<section' page2.html)" -eq 2 ]
    [ "$(grep -c 'unplayed' page2.html)" -eq 0 ]
    [ "$(cat rej.pgn)" = '

[Event "two"]
[Result "*"]

1. e4 e5 2. Ke3 *' ]
}

@test "--jobs: the page of several games is the same on 1 and 3 threads, small batches too" {
    local f="$ROOT/corpus/chess/pgn/cl_multiple.pgn"
    "$CV" -q --format html --jobs 1 "$f" "$DATA/bad.pgn" "$DATA/small.pgn" > one.html || [ $? -eq 1 ]
    "$CV" -q --format html --jobs 3 --chunk-bytes 100 "$f" "$DATA/bad.pgn" "$DATA/small.pgn" > three.html || [ $? -eq 1 ]
    [ "$(grep -c '<section' one.html)" -eq 8 ]
    cmp one.html three.html
    [ "$(grep -c '<main>' one.html)" -eq 1 ]
    [ "$(grep -c '<!DOCTYPE html>' one.html)" -eq 1 ]
}

@test "html and the other outputs: --to fen refused, --json as always, another notation, no game" {
    run --separate-stderr "$CV" --to fen --format html "$DATA/small.pgn"
    expect 2 "" "cv-convert: error: --to fen and --format html cannot be combined: each is the whole output"
    run --separate-stderr "$CV" --json "$DATA/small.pgn"
    local json=$output
    run --separate-stderr "$CV" --json --format html "$DATA/small.pgn"
    expect 0 "$json" ""
    # the moves in the notation asked for
    run --separate-stderr "$CV" --to romulan --format html "$ROOT/corpus/trid/game1-gamelist.txt"
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "$output" | grep -m3 'class="mv"')" = '<span class="num">1.</span>&nbsp;<span class="mv" data-ply="1">Pb2W-b4W</span>
<span class="mv" data-ply="2">Pc7B-c5B</span>
<span class="num">2.</span>&nbsp;<span class="mv" data-ply="3">Pb4Wxc5B</span>' ]
    # no game: the page without sections, and the usual warning
    : > empty.pgn
    run --separate-stderr "$CV" --format html empty.pgn
    [ "$status" -eq 0 ]
    [ "$stderr" = "cv-convert: warning: no game records found" ]
    [ "$(printf '%s\n' "$output" | grep -c '<section')" -eq 0 ]
    [ "${lines[0]}" = "<!DOCTYPE html>" ]
    [ "${lines[-1]}" = "</html>" ]
}
