#!/usr/bin/env bats
# SVG pictures (--diagram=svg, cv-board svg, cv-replay --diagram and
# --svg-dir) for every engine: the position read back out of the picture
# (data-square, data-piece) is the position, checked through the engine's
# own piece placing (cv-board p); the XML is well formed (xmllint); every
# shipped spec's start renders (rsvg-convert) to a PNG of the SVG's size.
# xmllint (libxml2-utils) and rsvg-convert (librsvg2-bin) are test-only
# dependencies (.ci/run installs them).

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || exit 1
    export CVKIT_SPECS="$PWD/specs"
    B="$PWD/bin"
    T="$BATS_TEST_TMPDIR"
    ARMY=$(grep '^army;' corpus/panoply/positions.txt | cut -d';' -f2 | sed 's/^ *//; s/ *$//')
}

# pairs < SVG: "SQUARE PIECE" for every element with data-square, in order
pairs() {
    sed -n 's/.*data-square="\([^"]*\)" data-piece="\([^"]*\)".*/\1 \2/p'
}

# readback VARIANT FENS [FIELDS]: every position of FENS (one a line)
# drawn as SVG by cv-legal; each picture's pieces are taken off the
# position they were drawn from through cv-board (p -SQUARE), which must
# leave no piece in the board fields (the first FIELDS of the position
# text, default 1), and put back (p PIECESQUARE), which must give the
# position again.  Prints the first difference; fails on one.
readback() {
    local v=$1 fens=$2 nf=${3:-1}
    grep -v '^[[:space:]]*\(#\|$\)' "$fens" > "$T/fens"
    "$B/cv-legal" -V "$v" -l --diagram=svg < "$T/fens" > "$T/all.svg" || { echo "# cv-legal failed"; return 1; }
    rm -rf "$T/docs" && mkdir "$T/docs"
    awk -v d="$T/docs" '/^<\?xml/ { n++ } { print > (d "/" n ".svg") }' "$T/all.svg"
    local ndocs
    ndocs=$(ls "$T/docs" | wc -l)
    [ "$ndocs" -eq "$(wc -l < "$T/fens")" ] || { echo "# $ndocs pictures for $(wc -l < "$T/fens") positions"; return 1; }
    xmllint --noout "$T"/docs/*.svg || return 1
    # the session: fen, the pieces off, the pieces back; idx: the output
    # lines of the position, the emptied board and the board again
    awk -v sess="$T/s.txt" -v idx="$T/idx" '
        NR == FNR { fen[++nf] = $0; next }
        /^<\?xml/ { k++; n = 0 }
        /data-square=/ {
            match($0, /data-square="[^"]*"/); sq[++n] = substr($0, RSTART + 13, RLENGTH - 14)
            match($0, /data-piece="[^"]*"/); pc[n] = substr($0, RSTART + 12, RLENGTH - 13)
        }
        /^<\/svg>/ {
            print "fen " fen[k] > sess; line++; first = line
            for (i = 1; i <= n; i++) { print "p -" sq[i] > sess; line++ }
            empty = line
            for (i = 1; i <= n; i++) { print "p " pc[i] sq[i] > sess; line++ }
            print k, first, empty, line, n > idx
        }' "$T/fens" "$T/all.svg"
    "$B/cv-board" -V "$v" "$T/s.txt" > "$T/out.txt" 2> "$T/err.txt" || { echo "# cv-board:"; head -3 "$T/err.txt"; return 1; }
    awk -v nf="$nf" '
        function board(s,   a, i, b) { split(s, a, " "); b = a[1]; for (i = 2; i <= nf; i++) b = b " " a[i]; return b }
        NR == FNR { out[FNR] = $0; next }
        {
            k = $1; p = board(out[$2]); e = board(out[$3]); b = board(out[$4])
            # Tri-D attack boards: "QL1:w:", "QL3=QLW:b:" name the pin, the
            # board and its controller
            gsub(/[QK]L[0-9](=[QK]L[WB])?:[a-z]*:/, "", e)
            # and compared by their pieces (placing pieces sets the boards
            # controllers again)
            gsub(/(=[QK]L[WB])?:[a-z]*:/, ":", p); gsub(/(=[QK]L[WB])?:[a-z]*:/, ":", b)
            if (e ~ /[A-Za-z{}]/) { printf "# position %d: a piece left after taking off the %d drawn: %s\n", k, $5, out[$3]; bad = 1; exit }
            if (b != p) { printf "# position %d: %s\n#   put back: %s\n", k, out[$2], out[$4]; bad = 1; exit }
            checked++
        }
        END { if (!bad) print checked; exit bad }' "$T/out.txt" "$T/idx"
}

# more VARIANT FILE N: for each position of FILE, N of its legal moves
# (spread over the list) played, the position after each
more() {
    local fen mv
    while read -r fen; do
        "$B/cv-legal" -V "$1" -f "$fen" | tr ' ' '\n' |
            awk -v n="$3" '{ m[NR] = $0 } END { if (NR > 0 && m[1] != "") for (i = 1; i <= n; i++) print m[int((i - 0.5) * NR / n) + 1] }' |
            while read -r mv; do "$B/cv-legal" -V "$1" -f "$fen" -a "$mv"; done
    done < "$2"
}

@test "chess: a position's pieces, one element each with its square and FEN letter" {
    run --separate-stderr bash -c "'$B/cv-legal' --diagram=svg -f '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1' | sed -n 's/.*data-square=\"\\([^\"]*\\)\" data-piece=\"\\([^\"]*\\)\".*/\\1 \\2/p'"
    expect 0 "e1 K
e2 P
e8 k" ""
}

@test "the names as each notation writes them: Tri-D b3(4), Parallel Worlds 2d5, Panoply labels" {
    "$B/cv-legal" -V trid-standard --diagram=svg --start | pairs > "$T/trid"
    run grep -c . "$T/trid"
    [ "$output" = 32 ]
    run --separate-stderr grep -E '^(a9\(7\)|b8\(6\)|e0\(3\)|b1\(2\)) ' "$T/trid"
    expect 0 "b1(2) N
e0(3) K
b8(6) n
a9(7) r" ""
    run --separate-stderr bash -c "'$B/cv-legal' -V pw --diagram=svg -f '4k3/8/8/8/8/8/8/4K3|8/8/8/3q4/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w - - 0 1' | sed -n 's/.*data-square=\"\\([^\"]*\\)\" data-piece=\"\\([^\"]*\\)\".*/\\1 \\2/p'"
    expect 0 "1e8 k
1e1 K
2d5 q
3e8 k
3e1 K" ""
    "$B/cv-legal" -V panoply --diagram=svg -f "$ARMY" | pairs > "$T/pn"
    run --separate-stderr grep -E '^(j1|h2|h3|j3) ' "$T/pn"
    expect 0 "j1 K
h2 B1
h3 B1
j3 B2" ""
}

@test "every shipped spec's start (Panoply: the test army) is valid XML and renders to a PNG of its size" {
    for spec in specs/*.yaml; do
        v=$(basename "$spec" .yaml)
        if [ "$v" = panoply ]; then
            "$B/cv-legal" -V "$v" --diagram=svg -f "$ARMY" > "$T/$v.svg"
        else
            "$B/cv-legal" -V "$v" --diagram=svg --start > "$T/$v.svg"
        fi
        xmllint --noout "$T/$v.svg"
        rsvg-convert "$T/$v.svg" -o "$T/$v.png"
        w=$(sed -n 's/^<svg .* width="\([0-9]*\)" height="\([0-9]*\)".*/\1 \2/p' "$T/$v.svg")
        # the PNG's IHDR: width and height, big-endian, from byte 16
        png=$(od -An -tu1 -j16 -N8 "$T/$v.png" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4, $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }')
        [ -n "$w" ] && [ "$w" = "$png" ] || { echo "# $v: svg $w, png $png"; false; }
        [ "$(stat -c %s "$T/$v.png")" -gt 2000 ]
        # Tri-D's overhead view too
        case $v in trid-*)
            "$B/cv-legal" -V "$v" --diagram=svg:overhead --start > "$T/o.svg"
            xmllint --noout "$T/o.svg"
            rsvg-convert "$T/o.svg" -o "$T/o.png"
            [ "$(stat -c %s "$T/o.png")" -gt 2000 ] ;;
        esac
    done
}

@test "read back: 300 chess positions of the corpus games and the final positions" {
    "$B/cv-replay" --fen corpus/chess/pgn 2>/dev/null | cut -f3 | awk 'NR % 40 == 1' | head -250 > "$T/p"
    grep -v '^#' corpus/chess/final-fens.txt | cut -f3 | grep -v '^-$' | head -50 >> "$T/p"
    run readback chess "$T/p"
    echo "$output"
    [ "$status" -eq 0 ] && [ "$output" -ge 290 ]
}

@test "read back: Double Chess (the corpus game and perft positions and three moves from each), Chess960 and a 10 x 8 board" {
    { "$B/cv-replay" --fen corpus/doublechess 2>/dev/null | cut -f3; cut -d';' -f1 corpus/doublechess/perft.txt | grep -v '^#' | sed 's/ *$//'; } > "$T/g"
    { cat "$T/g"; more doublechess "$T/g" 3; } > "$T/p"
    run readback doublechess "$T/p"
    echo "$output"
    [ "$status" -eq 0 ] && [ "$output" -ge 280 ]
    "$B/cv-legal" -V chess960 --start -a '' > "$T/p"
    run readback chess960 "$T/p"
    [ "$status" -eq 0 ] && [ "$output" -eq 1 ]
    cut -d';' -f1 corpus/chess10x8/perft.txt | grep -v '^#' | sed 's/ *$//' | head -1 > "$T/p"
    "$B/cv-legal" --spec corpus/chess10x8/orthodox10x8.yaml --diagram=svg < "$T/p" > "$T/b.svg"
    xmllint --noout "$T/b.svg"
    run --separate-stderr bash -c "pairs() { $(declare -f pairs | sed 1,2d | sed '$d'); }; pairs < '$T/b.svg' | grep -c ."
    expect 0 "40" ""
}

@test "read back: Parallel Worlds, the corpus games and perft positions and five turns from each" {
    { "$B/cv-replay" --fen corpus/parallelworlds 2>/dev/null | cut -f3; cut -d';' -f1 corpus/parallelworlds/perft.txt | grep -v '^#' | sed 's/ *$//'; } > "$T/g"
    { cat "$T/g"; more parallelworlds "$T/g" 5; } > "$T/p"
    run readback parallelworlds "$T/p"
    echo "$output"
    [ "$status" -eq 0 ] && [ "$output" -ge 200 ]
}

@test "read back: Star Trek Tri-D, the corpus games and perft positions and a move from each, attack boards moved" {
    { "$B/cv-replay" --fen corpus/trid/game1.pgn corpus/trid/game2.pgn 2>/dev/null | cut -f3
      # the suite's positions a game can be played from
      grep -v '^#' corpus/trid/perft.txt | cut -d';' -f1 | sed 's/ *$//' | while read -r fen; do
          if "$B/cv-check" -V trid-standard -f "$fen" > /dev/null 2>&1; then echo "$fen"; fi
      done; } > "$T/g"
    { cat "$T/g"; more trid-standard "$T/g" 1; } > "$T/p"
    run readback trid-standard "$T/p" 2
    echo "$output"
    [ "$status" -eq 0 ] && [ "$output" -ge 320 ]
}

@test "read back: Panoply, the random game and the suite" {
    { "$B/cv-replay" --fen corpus/panoply/game1-random-play.txt corpus/panoply/sample-log.txt 2>/dev/null | cut -f3
      grep -v '^#' corpus/panoply/positions.txt | cut -d';' -f2 | sed 's/^ *//; s/ *$//'; } > "$T/p"
    run readback panoply "$T/p"
    echo "$output"
    [ "$status" -eq 0 ] && [ "$output" -ge 160 ]
}

@test "options: size, flip, nocoords, letters, last; an unknown option is a usage error" {
    "$B/cv-legal" --diagram=svg:size=20 --start > "$T/a.svg"
    run --separate-stderr grep -o '^<svg [^>]*>' "$T/a.svg"
    expect 0 '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="178" height="180" viewBox="0 0 178 180">' ""
    # flip: a8 where h1 was (without coordinates, the board alone)
    "$B/cv-legal" --diagram=svg:nocoords --start | grep -o 'points="[^"]*" class="cell" data-cell="h1"' | cut -d'"' -f2 > "$T/h1"
    "$B/cv-legal" --diagram=svg:flip,nocoords --start | grep -o 'points="[^"]*" class="cell" data-cell="a8"' | cut -d'"' -f2 > "$T/a8"
    cmp "$T/h1" "$T/a8"
    run --separate-stderr bash -c "'$B/cv-legal' --diagram=svg --start | grep -c '<text'"
    expect 0 "16" ""
    run --separate-stderr bash -c "'$B/cv-legal' --diagram=svg:nocoords,letters --start | grep -c '<text'"
    expect 0 "32" ""
    run --separate-stderr bash -c "'$B/cv-legal' --diagram=svg:last=e2e4 -s -a e4 | grep -o 'data-cell=\"[a-h][0-9]\" fill=\"[^\"]*\"/>' | grep -v '#[fb][05]' "
    expect 1 "" ""
    run --separate-stderr bash -c "'$B/cv-legal' --diagram=svg:last=e2e4 -s -a e4 | grep -c 'class=\"last\"'"
    expect 0 "2" ""
    run --separate-stderr "$B/cv-legal" --diagram=svg:size=7 --start
    expect 2 "" "cv-legal: error: --diagram 'svg:size=7': not one of ascii, pbm-large, pbm-small, svg
Try 'cv-legal --help' for more information."
    run --separate-stderr "$B/cv-replay" --diagram=ascii corpus/trid/game1.pgn
    expect 2 "" "cv-replay: error: --diagram 'ascii': not svg or svg:OPT,... (OPT: flip, coords, nocoords, letters, overhead, size=N, last=CELLS)
Try 'cv-replay --help' for more information."
    run --separate-stderr "$B/cv-replay" --diagram -c corpus/trid/game1.pgn
    expect 2 "" "cv-replay: error: --diagram prints the pictures instead of --check, --fen, --final, --gamelist and --json output: give one of them
Try 'cv-replay --help' for more information."
}

@test "a check: the king of the side to move on a red disc" {
    run --separate-stderr bash -c "'$B/cv-legal' --diagram=svg -s -a 'f3 e5 g4 Qh4' | grep 'class=\"check\"' | grep -o 'data-square=\"[^\"]*\" data-piece=\"[^\"]*\"'"
    expect 0 'data-square="e1" data-piece="K"' ""
    run --separate-stderr bash -c "'$B/cv-legal' --diagram=svg --start | grep -c 'class=\"check\"'"
    expect 1 "0" ""
}

@test "cv-board svg: into a file, the last move highlighted, or as the answer" {
    printf 'm e2 e4\nsvg %s\nsvg\n' "$T/b.svg" > "$T/c.txt"
    run --separate-stderr "$B/cv-board" "$T/c.txt"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" ]
    [ "${lines[1]}" = "ok svg $T/b.svg" ]
    [ "${lines[2]}" = '<?xml version="1.0" encoding="UTF-8"?>' ]
    [ "${lines[-1]}" = "</svg>" ]
    xmllint --noout "$T/b.svg"
    run --separate-stderr bash -c "grep -B1 'class=\"last\"' '$T/b.svg' | grep -o 'data-cell=\"[^\"]*\"'"
    expect 0 'data-cell="e4"
data-cell="e2"' ""
    # the last move as the pictures show it: an en passant capture, a Tri-D move
    printf 'm e2e4\nm d7d5\nm e4d5\nm c7c5\nm d5c6\nsvg\n' > "$T/c.txt"
    run --separate-stderr bash -c "'$B/cv-board' '$T/c.txt' | grep -B1 'class=\"last\"' | grep -o 'data-cell=\"[^\"]*\"'"
    expect 0 'data-cell="c6"
data-cell="c5"
data-cell="d5"' ""
    printf 'm Pc2-c4(2)\nsvg\n' > "$T/c.txt"
    run --separate-stderr bash -c "'$B/cv-board' -V trid '$T/c.txt' | grep -B1 'class=\"last\"' | grep -o 'data-cell=\"[^\"]*\"'"
    expect 0 'data-cell="c4(2)"
data-cell="c2(2)"' ""
    printf 'svg %s/no/such/dir/x.svg\n' "$T" > "$T/c.txt"
    run --separate-stderr "$B/cv-board" "$T/c.txt"
    expect 1 "error: cannot write '$T/no/such/dir/x.svg': No such file or directory" "$T/c.txt:1:5: error: cannot write '$T/no/such/dir/x.svg': No such file or directory"
}

@test "cv-replay: the final position of each game, and every ply into numbered files" {
    run --separate-stderr "$B/cv-replay" --diagram=svg corpus/parallelworlds/game1-every-rule.pgn corpus/trid/game1.pgn
    [ "$status" -eq 0 ]
    printf '%s\n' "${lines[@]}" > "$T/f.svg"
    run grep -c '^<svg ' "$T/f.svg"
    [ "$output" = 2 ]
    mkdir "$T/d"
    run --separate-stderr "$B/cv-replay" -c --svg-dir "$T/d" corpus/trid/game1.pgn corpus/panoply/sample-log.txt
    [ "$status" -eq 0 ]
    run bash -c "ls '$T/d' | wc -l; ls '$T/d' | sed -n '1p;70p;71p;\$p'"
    [ "$output" = "76
1-000.svg
1-069.svg
2-000.svg
2-005.svg" ]
    xmllint --noout "$T"/d/*.svg
    # the start and the final position as cv-replay --fen gives it, read back
    "$B/cv-replay" --fen corpus/trid/game1.pgn 2>/dev/null | tail -1 | cut -f3 > "$T/last"
    run readback trid-standard "$T/last" 2
    [ "$status" -eq 0 ]
    # a missing directory fails the run before anything is read
    run --separate-stderr "$B/cv-replay" --svg-dir "$T/nosuch" corpus/trid/game1.pgn
    [ "$status" -eq 2 ]
    [ "$output" = "" ]
    [ "$stderr" = "cv-replay: error: --svg-dir $T/nosuch: No such file or directory" ]
}

@test "a 16 x 16 board and a 3 x 3 one: every square drawn, the pieces read back, the PNG of the size" {
    for size in 16 3; do
        last=$((size - 1))
        printf 'variant: b%s\nboard: {files: %s, ranks: %s}\npieces:\n  - letter: K\n    royal: true\n    moves: [{step: all}]\nsetup: %s\n' \
            "$size" "$size" "$size" "k$last/$(yes "$size" | head -$((size - 2)) | paste -sd/)/${last}K w - - 0 1" > "$T/b.yaml"
        "$B/cv-legal" --spec "$T/b.yaml" --diagram=svg:size=20 --start > "$T/b.svg"
        xmllint --noout "$T/b.svg"
        run grep -c 'class="cell"' "$T/b.svg"
        [ "$output" -eq $((size * size)) ]
        run --separate-stderr bash -c "sed -n 's/.*data-square=\"\\([^\"]*\\)\" data-piece=\"\\([^\"]*\\)\".*/\\1 \\2/p' '$T/b.svg'"
        letter=$(printf "\\x$(printf %x $((96 + size)))")
        expect 0 "$letter""1 K
a$size k" ""
        rsvg-convert "$T/b.svg" -o "$T/b.png"
        w=$(sed -n 's/^<svg .* width="\([0-9]*\)" height="\([0-9]*\)".*/\1 \2/p' "$T/b.svg")
        png=$(od -An -tu1 -j16 -N8 "$T/b.png" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4, $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }')
        [ "$w" = "$png" ]
    done
}
