#!/usr/bin/env bats
# The viewer page (cv-convert --format html) in a real browser: headless
# Chromium, driven by tests/viewer/drive.py over the DevTools protocol (a
# pipe, no network), one browser for every page.  For a game of each of the
# five games the keys (Right, Left, End, Home, f) and a click on a move step
# through it, and the shown position (the pieces of the shown SVG, read back
# from data-square/data-piece) is the one cv-replay --svg-dir draws for that
# ply; for chess also the one its FEN says.  A page of several games is
# stepped through after choosing a game; the page asks for nothing beyond
# itself; a screenshot has the window's size and is not blank.
# Chromium is the Debian package chromium (.ci/packages); without it every
# test here fails, saying so.

bats_require_minimum_version 1.5.0

setup_file() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    export CVKIT_SPECS="${CVKIT_SPECS:-$ROOT/specs}"
    local W="$BATS_FILE_TMPDIR" file plies g=0
    if ! command -v "${CHROMIUM:-chromium}" > /dev/null; then
        echo "# chromium is not installed: apt-get install chromium (it is on .ci/packages)" >&3
        return 1
    fi
    cd "$W" || return 1
    # the commands: the same walk through each game (10 and 5 are plies
    # every one of the five games has)
    : > commands
    while read -r file plies; do
        g=$((g + 1))
        "$ROOT/bin/cv-convert" -q --format html "$ROOT/$file" > "page$g.html" || return 1
        mkdir "svg$g" && "$ROOT/bin/cv-replay" -q --svg-dir "svg$g" "$ROOT/$file" > /dev/null || return 1
        printf '%s\n' "open page$g.html" pieces "key Right" pieces "key 9*Right" pieces "key Left" pieces \
            'click .mv[data-ply="5"]' pieces "key End" pieces "key f" pieces "key Home" pieces "key f" pieces \
            >> commands
        [ "$g" -ne 4 ] || printf '%s\n' "key 42*Right" "shot trid.png" >> commands
    done <<< "$GAMES"
    # chess: the text of the ply shown after a click
    printf '%s\n' "open page1.html" 'click .mv[data-ply="12"]' "text #where" >> commands
    # several games: the chooser, then keys in the game chosen
    "$ROOT/bin/cv-convert" -q --format html "$ROOT/corpus/chess/pgn/cl_multiple.pgn" > many.html || return 1
    mkdir svgmany && "$ROOT/bin/cv-replay" -q --svg-dir svgmany "$ROOT/corpus/chess/pgn/cl_multiple.pgn" > /dev/null
    printf '%s\n' "open many.html" "text #games" pieces "game 3" shown pieces "key End" pieces "key Left" pieces requests \
        >> commands
    python3 "$ROOT/tests/viewer/drive.py" < commands > out 2> err
    echo $? > status
}

# FILE PLIES: the games, as tests/viewer-page.bats has them
GAMES='corpus/chess/pgn/cv_byrne-fischer-1956.pgn 82
corpus/doublechess/short-williams-1999.pgn 70
corpus/parallelworlds/game1-every-rule.pgn 15
corpus/trid/game1-gamelist.txt 69
corpus/panoply/game2-frozen-king-mated.txt 91'

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    W="$BATS_FILE_TMPDIR"
}

# pieces FILE.svg PLY FLIP GAME: the line drive.py prints for that
# picture: "ply P flip F game G: SQUARE=PIECE ..." sorted as bytes
pieces() {
    local l
    l=$(grep -o 'data-square="[^"]*" data-piece="[^"]*"' "$1" | sed 's/data-square="\([^"]*\)" data-piece="\([^"]*\)"/\1=\2/' |
        LC_ALL=C sort | paste -sd' ')
    printf 'ply %s flip %s game %s:%s\n' "$2" "$3" "$4" "${l:+ $l}"
}

@test "the browser ran every command" {
    [ "$(cat "$W/status")" = 0 ] || { echo "# drive.py: $(cat "$W/err")"; return 1; }
    [ "$(wc -l < "$W/out")" -eq $((5 * 18 + 2 + 3 + 11)) ]
}

@test "five games, stepped by keys and a click: the shown pieces are those of cv-replay's picture of the ply" {
    local file plies g=0 want got
    while read -r file plies; do
        g=$((g + 1))
        want=$(printf '%s\n' "open page$g.html" "$(pieces "$W/svg$g/1-000.svg" 0 0 1)" "keys 1" \
            "$(pieces "$W/svg$g/1-001.svg" 1 0 1)" "keys 9" "$(pieces "$W/svg$g/1-010.svg" 10 0 1)" "keys 1" \
            "$(pieces "$W/svg$g/1-009.svg" 9 0 1)" 'click .mv[data-ply="5"]' "$(pieces "$W/svg$g/1-005.svg" 5 0 1)" \
            "keys 1" "$(pieces "$W/svg$g/1-$(printf %03d "$plies").svg" "$plies" 0 1)" "keys 1" \
            "$(pieces "$W/svg$g/1-$(printf %03d "$plies").svg" "$plies" 1 1)" "keys 1" \
            "$(pieces "$W/svg$g/1-000.svg" 0 1 1)" "keys 1" "$(pieces "$W/svg$g/1-000.svg" 0 0 1)")
        got=$(grep -A 17 -x "open page$g.html" "$W/out" | head -18)
        [ "$got" = "$want" ] || { echo "# $file:"; diff <(echo "$want") <(echo "$got") | sed 's/^/# /'; return 1; }
        # the pictures have pieces (an empty board would pass the comparison)
        [ "$(grep -c 'data-piece=' "$W/svg$g/1-000.svg")" -ge 20 ]
    done <<< "$GAMES"
    [ "$g" -eq 5 ]
}

# FEN (the board field) as drive.py prints pieces: SQUARE=PIECE sorted
fen_pieces() {
    awk -v fen="$1" 'BEGIN {
        n = split(fen, ranks, "/")
        for (r = 1; r <= n; r++) {
            f = 0
            for (i = 1; i <= length(ranks[r]); i++) {
                c = substr(ranks[r], i, 1)
                if (c ~ /[0-9]/) f += c
                else { printf "%s%d=%s\n", substr("abcdefgh", f + 1, 1), 9 - r, c; f++ }
            }
        }
    }' | LC_ALL=C sort | paste -sd' '
}

@test "chess: the pieces shown at plies 10 and 82 are those of cv-replay's FEN, and the ply's text" {
    local fens
    fens=$("$ROOT/bin/cv-replay" -q --fen "$ROOT/corpus/chess/pgn/cv_byrne-fischer-1956.pgn" | cut -f3 | cut -d' ' -f1)
    [ "$(printf '%s\n' "$fens" | wc -l)" -eq 82 ]
    [ "$(sed -n 6p "$W/out")" = "ply 10 flip 0 game 1: $(fen_pieces "$(printf '%s\n' "$fens" | sed -n 10p)")" ]
    [ "$(sed -n 12p "$W/out")" = "ply 82 flip 0 game 1: $(fen_pieces "$(printf '%s\n' "$fens" | sed -n 82p)")" ]
    # and one exact list: Black's mate, 41... Rc2#, as the game's sources print it
    [ "$(sed -n 12p "$W/out")" = "ply 82 flip 0 game 1: b3=b b4=b b5=p b8=Q c1=K c2=r c3=n c6=p e5=N f7=p g2=P g6=p g7=k h4=P h5=p" ]
    [ "$(sed -n 2p "$W/out")" = "ply 0 flip 0 game 1: $(fen_pieces rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR)" ]
    run grep -A2 -x 'click .mv\[data-ply="12"\]' "$W/out"
    [ "${lines[1]}" = "text ply 12 of 82: dxc4" ]
}

@test "a page of four games: the chooser lists them; keys step through the game chosen" {
    run grep -A 10 -x "open many.html" "$W/out"
    [ "${lines[1]}" = "text game 1 (New-cfe8ce842c - Base-c4a644922d, round 1), Batch 10: s20red4c4_t3 vs master$(
        )game 2 (Base-c4a644922d - New-cfe8ce842c, round 1), Batch 10: s20red4c4_t3 vs master$(
        )game 3 (New-cfe8ce842c - Base-c4a644922d, round 1), Batch 10: s20red4c4_t3 vs master$(
        )game 4 (Base-c4a644922d - New-cfe8ce842c, round 1), Batch 10: s20red4c4_t3 vs master" ]
    [ "${lines[2]}" = "$(pieces "$W/svgmany/1-000.svg" 0 0 1)" ]
    [ "${lines[3]}" = "game 3" ]
    # that game alone on screen
    [ "${lines[4]}" = "shown 1: game 3 (New-cfe8ce842c - Base-c4a644922d, round 1), Batch 10: s20red4c4_t3 vs master" ]
    [ "${lines[5]}" = "$(pieces "$W/svgmany/3-000.svg" 0 0 3)" ]
    local last
    last=$(ls "$W/svgmany" | grep '^3-' | sort | tail -1)
    last=${last#3-}
    last=${last%.svg}
    [ "$last" != 000 ]
    [ "${lines[7]}" = "$(pieces "$W/svgmany/3-$last.svg" $((10#$last)) 0 3)" ]
    [ "${lines[9]}" = "$(pieces "$W/svgmany/3-$(printf %03d $((10#$last - 1))).svg" $((10#$last - 1)) 0 3)" ]
}

@test "the pages asked for nothing beyond themselves" {
    [ "$(tail -1 "$W/out")" = "requests 0" ]
}

@test "a screenshot of the Tri-D game: the window's size, not blank" {
    run grep -x 'shot [0-9]*x[0-9]* colours [0-9]*' "$W/out"
    [ "${#lines[@]}" -eq 1 ]
    local n=${lines[0]##* }
    [ "${lines[0]}" = "shot 1000x860 colours $n" ]
    # a blank page has one colour, the board alone a dozen; pieces, text
    # and their smoothed edges many more
    [ "$n" -ge 200 ] || { echo "# $n colours"; return 1; }
    [ "$(od -An -tx1 -N8 "$W/trid.png" | tr -d ' ')" = 89504e470d0a1a0a ]
}
