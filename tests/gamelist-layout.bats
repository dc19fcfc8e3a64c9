#!/usr/bin/env bats
# Parmen's own listing layout (--layout parmen of cv-convert and of
# cv-replay --gamelist; docs/cvkit-formats.5, "Parmen's layout") beside
# cvkit's clean one (the default): the two sample games of Parmen's
# distribution (corpus/trid/game1-gamelist.txt, game2-gamelist.txt) come
# back byte for byte but for the differences below, which the games do not
# hold (a listing's blank lines and trailing blanks are not part of its
# game, and a move is written in one spelling); what is written reads back
# as the same game; an unknown layout is a usage error.
#
# The differences, each tested exactly (diff of the output against the sample):
#   game 1: a third blank line after rows 7 and 13; Black's castling at
#           22 spelled 0-0 (cvkit: o-o, as White's at 4); "// Mate!" after
#           two blank lines and followed by three (cvkit: straight after
#           the last move, and two)
#   game 2: "BLACK " with a trailing blank; one blank line between
#           "// SAMPLE GAME #2" and the first row; Black's castling at 15
#           as "   O-O   "; one blank line at the end

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs"
    export LC_ALL=C
    G1=corpus/trid/game1-gamelist.txt
    G2=corpus/trid/game2-gamelist.txt
    T=$BATS_TEST_TMPDIR
}

@test "sample game 1 in Parmen's layout: the file but for what the game does not hold" {
    bin/cv-convert --layout parmen $G1 > "$T/p1.txt"
    run diff "$T/p1.txt" $G1
    [ "$status" = 1 ]
    [ "$output" = "36a37
> 
60a62
> 
95c97
<    o-o
---
>    0-0
148a151,152
> 
> 
149a154
> " ]
    # and the rest of the sample, line for line: the first rows
    run head -n 20 "$T/p1.txt"
    [ "$output" = "$(head -n 20 $G1)" ]
}

@test "sample game 2 in Parmen's layout: the file but for what the game does not hold" {
    bin/cv-convert --layout parmen $G2 > "$T/p2.txt"
    run diff "$T/p2.txt" $G2
    [ "$status" = 1 ]
    [ "$output" = "4c4
< BLACK
---
> BLACK 
7d6
< 
65c64
<    o-o
---
>    O-O   
203d201
< " ]
}

@test "cv-replay --gamelist --layout parmen writes what cv-convert --layout parmen writes" {
    for f in $G1 $G2; do
        bin/cv-convert --layout parmen $f > "$T/c.txt"
        run --separate-stderr bin/cv-replay --gamelist --layout parmen $f
        [ "$status" = 0 ]
        [ "$stderr" = "" ]
        bin/cv-replay --gamelist --layout parmen $f | cmp - "$T/c.txt"
    done
}

@test "from PGN: the same listing, the game's tags as // lines after the header" {
    run --separate-stderr bin/cv-convert -q --format gamelist --layout parmen corpus/trid/game2.pgn
    [ "$status" = 0 ]
    [ "$stderr" = "" ]
    [ "$(printf '%s\n' "${lines[@]:0:7}")" = 'WHITE
BLACK
// [Event "Parmen sample game #2"]
// [Round "-"]
// SAMPLE GAME #2
1.  Ne1-d3(4)
Pd7-d6(6)' ]
    diff <(bin/cv-convert -q --format gamelist --layout parmen corpus/trid/game2.pgn | grep -v '^// \[') \
         <(bin/cv-convert --layout parmen $G2)
}

@test "round trips: Parmen's layout reads back as the same game, in every direction" {
    cat $G1 $G2 > "$T/both.txt"
    bin/cv-convert --layout parmen "$T/both.txt" > "$T/p.txt"
    # two listings one after the other are the two files one after the other
    cat <(bin/cv-convert --layout parmen $G1) <(bin/cv-convert --layout parmen $G2) | cmp - "$T/p.txt"
    # the same games as PGN
    cmp <(bin/cv-convert --to pgn "$T/p.txt") <(bin/cv-convert --to pgn "$T/both.txt")
    # the same clean listing
    cmp <(bin/cv-convert "$T/p.txt") <(bin/cv-convert "$T/both.txt")
    # written again, the same bytes
    cmp <(bin/cv-convert --layout parmen "$T/p.txt") "$T/p.txt"
    # replayed: valid, no warning (Parmen's own spelling is read silently)
    run --separate-stderr bin/cv-replay -c "$T/p.txt"
    expect 0 "1 file, 2 games, 2 valid, 0 invalid, 0 warnings" ""
}

@test "round trips: the 600 self-play games of both rule sets, in Parmen's layout and in Romulan notation" {
    for v in standard tournament; do
        f=corpus/trid/selfplay-$v.games
        bin/cv-convert -V trid-$v --layout parmen $f > "$T/p.txt"
        run --separate-stderr bin/cv-replay -c -V trid-$v "$T/p.txt"
        expect 0 "1 file, 300 games, 300 valid, 0 invalid, 0 warnings" ""
        cmp <(bin/cv-convert -V trid-$v "$T/p.txt") <(bin/cv-convert -V trid-$v $f)
        bin/cv-convert -V trid-$v -t romulan --layout parmen $f > "$T/r.txt"
        cmp <(bin/cv-convert -V trid-$v -t standard "$T/r.txt") <(bin/cv-convert -V trid-$v $f)
    done
    # how many blocks: one per row of moves, the header's, per game
    run grep -c '^WHITE$' "$T/p.txt"
    [ "$output" = 300 ]
}

@test "Parmen's layout of comments: on their own lines, after a move on its line, between White and Black" {
    printf '%s\n' 'WHITE  BLACK' '// start' '1.  Pc2-c4(2)  // after white' '// between' \
        'Pd7-d5(6)  // after black' '2.  Pc4xd5(6)' '// own' '2... Nb8-c6(4)' '3.  Bd1-b3(4)' > "$T/e.txt"
    run --separate-stderr bin/cv-convert --layout parmen "$T/e.txt"
    expect 0 'WHITE


BLACK
// start


1.  Pc2-c4(2)  // after white
// between
Pd7-d5(6)  // after black


2.  Pc4xd5(6)
// own
Nb8-c6(4)


3.  Bd1-b3(4)' ""
    bin/cv-convert --layout parmen "$T/e.txt" > "$T/ep.txt"
    cmp <(bin/cv-convert --to pgn "$T/ep.txt") <(bin/cv-convert --to pgn "$T/e.txt")
}

@test "Parmen's spelling: a promotion's letter after the level, no '*'; Romulan keeps its '='" {
    run --separate-stderr bash -c "bin/cv-convert --layout parmen $G1 | sed -n '90p;102,103p;106p'"
    expect 0 'Pb4xa3(5)
24. Pc6-c7(6)
QLW-b1(2)Q
25. Pc7-c8(6)Q' ""
    run --separate-stderr bash -c "bin/cv-convert --layout clean $G1 | sed -n '23p;27,28p'"
    expect 0 '21. QLW-b3(4)    Pb4xa3(5)*
24. Pc6-c7(6)    QLW-b1(2)=Q
25. Pc7-c8(6)=Q  Qa0xe4(4)' ""
    run --separate-stderr bash -c "bin/cv-convert -t romulan --layout parmen $G1 | grep -c '=Q'"
    expect 0 2 ""
}

@test "the clean layout stays the default" {
    for f in $G1 $G2; do
        cmp <(bin/cv-convert $f) <(bin/cv-convert --layout clean $f)
        cmp <(bin/cv-replay --gamelist $f) <(bin/cv-replay --gamelist --layout clean $f)
    done
    run --separate-stderr bash -c "bin/cv-convert $G2 | head -n 2"
    expect 0 '    WHITE       BLACK
// SAMPLE GAME #2' ""
}

@test "--layout: an unknown layout, a layout without --gamelist, parmen for another format are usage errors" {
    while IFS='|' read -r tool args msg; do
        run --separate-stderr bin/$tool $args $G1
        expect 2 "" "$tool: error: $msg
Try '$tool --help' for more information." || { echo "# $tool $args"; return 1; }
    done <<'EOF'
cv-convert|--layout xyz|--layout 'xyz': not one of clean, parmen
cv-convert|--layout=Parmen|--layout 'Parmen': not one of clean, parmen
cv-replay|--gamelist --layout xyz|--layout 'xyz': not one of clean, parmen
cv-replay|--layout parmen|--layout lays out the listings of --gamelist: give --gamelist
cv-convert|--layout parmen --format pgn|--layout parmen lays out Parmen listings, not pgn
cv-convert|-t gclog --layout parmen|--layout parmen lays out Parmen listings, not gclog
EOF
    run --separate-stderr bin/cv-convert --layout
    expect 2 "" "cv-convert: error: option '--layout' needs a value
Try 'cv-convert --help' for more information."
}
