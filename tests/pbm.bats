#!/usr/bin/env bats
# pbmserv records (Double Chess in pbmserv's shorthand): the notation each
# game is read in (--notation for the run, else a Notation tag, else a move
# only pbm writes: docs/cvkit-formats.5, "The notation of a game"), cv-convert
# reading them and writing SAN PGN or pbm, a directory of mixed records, the
# message of an ambiguous pbm move, and the round trips.
#
# Data: tests/data/doublechess/short-williams-pbm.pgn (the main line of
# corpus/doublechess/short-williams-1999.pgn typed as a pbmserv player may
# type it: piece letters in lower case, castling as the king's move, no
# Notation tag), corpus/doublechess/, corpus/chess/pgn, corpus/trid,
# corpus/parallelworlds, corpus/panoply.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs"
    export LC_ALL=C
    PBM=tests/data/doublechess/short-williams-pbm.pgn
    GAME=corpus/doublechess/short-williams-1999.pgn
    T=$BATS_TEST_TMPDIR
    # the position after 35... Qn3, the last move of the stored game
    FINAL='r1bq7rk3/pppp1BQp2p3bp/2n1p4r6/9p2ppp1/3PP2P8/N5Q1P2P1qP1/PPP6P2NP1P/R3R4RKR4 w - - 2 36'
}

# game FILE TAGS MOVES: a Double Chess game with extra tag lines
game() {
    { printf '[Variant "Double Chess"]\n'; [ -z "$2" ] || printf '%s\n' "$2"; printf '\n%s *\n' "$3"; } > "$1"
}

@test "the pbm record is read as pbm by its shape and reaches the game's final position" {
    run --separate-stderr bin/cv-replay $PBM
    expect 0 "$PBM: game 1 (? - ?): valid, 70 plies, *
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ""
    run --separate-stderr bin/cv-replay --final $PBM
    expect 0 "$FINAL" ""
    run --separate-stderr bin/cv-replay --final $GAME
    expect 0 "$FINAL" ""
}

@test "cv-convert: the pbm record becomes SAN PGN, the moves of the published game" {
    run --separate-stderr bin/cv-convert $PBM
    expect 0 '[Event "Double Chess game with analysis"]
[Site "Richard'"'"'s Play By Email server (pbmserv)"]
[Date "1999.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Double Chess"]

1. d4 e6 2. e4 o5 3. f4 Bo7 4. k3 g6 5. h4 Qhf6 6. g3 i5 7. Bi3 ixh4 8. Bxh4 g5
9. Qhf3 Qi6 10. fxg5 Ng6 11. m4 Qxf3 12. Qxf3 Nxh4 13. gxh4 m5 14. Bk2 Rf8
15. i3 Nj6 16. Ni2 f6 17. gxf6 Rxf6 18. Qg3 l5 19. Nh2 Bf7 20. Bxf7 Rxf7
21. Bxj8 Rxj8 22. o3 Ni4 23. Nxi4 Qxi4 24. O-O l4 25. Bl3 j5 26. Bk2 Qk4
27. Bxf7 Qxi2 28. Na3 Nc6 29. l3 Nm7 30. kxl4 Rj6 31. l5 O-O-O-O 32. Qmg7 n5
33. Nm2 Nxl5 34. mxl5 Qxl5 35. Rl1 Qn3 *' ""
}

@test "round trip: pbm -> SAN PGN -> replay gives the same final position, read as SAN" {
    bin/cv-convert $PBM > "$T/san.pgn"
    run --separate-stderr bin/cv-replay --final --notation san "$T/san.pgn"
    expect 0 "$FINAL" ""
    # the SAN main line is the published game's, move for move
    run --separate-stderr bash -c "bin/cv-convert --json $GAME | jq -c .moves"
    want=$output
    run --separate-stderr bash -c "bin/cv-convert --json $PBM | jq -c .moves"
    expect 0 "$want" ""
}

@test "round trip: SAN -> pbm -> SAN is the identity on the 200 self-play games (385 moves written otherwise)" {
    F=corpus/doublechess/selfplay.games
    bin/cv-convert -t pbm $F > "$T/sp.pbm"
    run grep -c '^\[Notation "pbm"\]$' "$T/sp.pbm"
    [ "$output" = 200 ]
    # the moves pbm writes otherwise: SAN that pbmserv reads two ways
    run bash -c "diff <(tr ' ' '\n' < $F) <(grep -v '^\[Notation' '$T/sp.pbm' | tr ' ' '\n') | grep -c '^>'"
    [ "$output" = 385 ]
    run bash -c "grep -o 'Non3' '$T/sp.pbm' | wc -l"
    [ "$output" = 177 ]
    run --separate-stderr bin/cv-replay -c "$T/sp.pbm"
    expect 0 "1 file, 200 games, 200 valid, 0 invalid, 0 warnings" ""
    bin/cv-convert "$T/sp.pbm" > "$T/back.pgn"
    cmp "$T/back.pgn" $F
    # the published game, its comments and variations too
    bin/cv-convert $GAME > "$T/sw.pgn"
    bin/cv-convert -t pbm $GAME > "$T/sw.pbm"
    run grep -c Notation "$T/sw.pbm"
    [ "$output" = 1 ]
    bin/cv-convert "$T/sw.pbm" | cmp - "$T/sw.pgn"
}

@test "the notation of a game: the run's -n, else the Notation tag, else the moves' shape" {
    # tag | moves | cv-replay option | status | stderr
    while IFS='|' read -r tag moves opt st err; do
        game "$T/g.pgn" "$tag" "$moves"
        run --separate-stderr bin/cv-replay -c $opt "$T/g.pgn"
        [ "$status" = "$st" ] || { echo "# $tag / $moves / $opt: status $status"; false; }
        [ "$stderr" = "${err//FILE/$T/g.pgn}" ] || { echo "# $tag / $moves / $opt:"; echo "# got  $stderr"; echo "# want $err"; false; }
    done <<'EOF'
|1. Nn3||0|
|1. nn3||1|FILE:3:4: error: game 1 (? - ?): 1. nn3: ambiguous in pbmserv notation: Nn3 or n3; write Non3 or n3
|1. Nn3|-n pbm|1|FILE:3:4: error: game 1 (? - ?): 1. Nn3: ambiguous in pbmserv notation: Nn3 or n3; write Non3 or n3
[Notation "pbm"]|1. Nn3||1|FILE:4:4: error: game 1 (? - ?): 1. Nn3: ambiguous in pbmserv notation: Nn3 or n3; write Non3 or n3
[Notation "PBM"]|1. Non3 n6 2. nl3||0|
[Notation "san"]|1. nl3||1|FILE:4:4: error: game 1 (? - ?): 1. nl3: no white pawn can move to l3
[Notation "pbm"]|1. nl3|-n san|1|FILE:4:4: error: game 1 (? - ?): 1. nl3: no white pawn can move to l3
|1. nl3 nl6 2. b4||0|
|1. d4 e5 2. Dxe5||0|
|1. d4 e5 2. Cxe5||1|FILE:3:13: error: game 1 (? - ?): 2. Cxe5: no white pawn can move to e5
|1. e4 Nn6 2. nl3||1|FILE:3:7: error: game 1 (? - ?): 1... Nn6: ambiguous in pbmserv notation: Nn6 or n6; write Non6 or n6
[Notation "xyz"]|1. e4||1|FILE:2:1: error: game 1 (? - ?): Notation tag: 'xyz' is not a notation of doublechess (san, lan, uci, pbm)
[Notation "romulan"]|1. e4||1|FILE:2:1: error: game 1 (? - ?): Notation tag: 'romulan' is not a notation of doublechess (san, lan, uci, pbm)
|1. e4|-n romulan|1|FILE:1:1: error: game 1 (? - ?): doublechess is not written in 'romulan' notation (san, lan, uci, pbm)
EOF
}

@test "shapes that say nothing: 'bc4' may be the b-pawn taking in SAN, so only a tag or -n makes it pbm" {
    fen='[SetUp "1"]
[FEN "8k7/16/16/16/2p13/1P14/4B11/8K7 w - - 0 1"]'
    game "$T/g.pgn" "$fen" "1. bc4"
    run --separate-stderr bin/cv-replay --fen "$T/g.pgn"
    expect 0 "1	1. bxc4	8k7/16/16/16/2P13/16/4B11/8K7 b - - 0 1" ""
    game "$T/g.pgn" "$fen"'
[Notation "pbm"]' "1. bc4"
    run --separate-stderr bin/cv-replay -c "$T/g.pgn"
    expect 1 "1 file, 1 game, 0 valid, 1 invalid, 0 warnings" \
        "$T/g.pgn:6:4: error: game 1 (? - ?): 1. bc4: ambiguous in pbmserv notation: Bxc4 or bxc4; write Bexc4 or b3xc4"
}

@test "ambiguous pbm moves name the ways to write each (cv-legal), and those read as that move" {
    while IFS='|' read -r fen move want; do
        run --separate-stderr bin/cv-legal -V doublechess -n pbm -f "$fen" -m "$move"
        expect 1 "ambiguous: ambiguous in pbmserv notation: $want" ""
    done <<'EOF'
rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 1|Nn3|Nn3 or n3; write Non3 or n3
8k7/16/16/16/2p13/1P14/4B11/8K7 w - - 0 1|bc4|Bxc4 or bxc4; write Bexc4 or b3xc4
8k7/16/16/10K5/11p4/10P5/16/16 w - - 0 1|kxl4|Kxl4 or kxl4; write Kkxl4 or k3xl4
EOF
    while IFS='|' read -r fen move want; do
        run --separate-stderr bin/cv-legal -V doublechess -n pbm -f "$fen" -m "$move"
        expect 0 "legal $want" ""
    done <<'EOF'
rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 1|Non3|Non3 o1n3
8k7/16/16/16/2p13/1P14/4B11/8K7 w - - 0 1|Bexc4|Bexc4 e2c4
8k7/16/16/16/2p13/1P14/4B11/8K7 w - - 0 1|b3xc4|b3xc4 b3c4
8k7/16/16/10K5/11p4/10P5/16/16 w - - 0 1|Kkxl4|Kkxl4 k5l4
8k7/16/16/10K5/11p4/10P5/16/16 w - - 0 1|k3xl4|k3xl4 k3l4
EOF
}

@test "a directory of mixed records (pbm, chess, Double Chess, Tri-D, Parallel Worlds, Panoply) validates and converts" {
    mkdir "$T/mixed"
    cp -r corpus/chess/pgn corpus/doublechess corpus/trid corpus/parallelworlds corpus/panoply "$T/mixed/"
    cp $PBM "$T/mixed/"
    run --separate-stderr bin/cv-replay -c "$T/mixed"
    expect 0 "42 files, 176 games, 176 valid, 0 invalid, 1 warning" \
        "$T/mixed/trid/game1.pgn:17:36: warning: game 1: castling written with zeros '0-0'; read as 'O-O'"
    run --separate-stderr bin/cv-convert -q "$T/mixed"
    [ "$status" = 0 ]
    [ "$stderr" = "" ]
    # the pbm game among them, as SAN (the SAN original ends in a variation)
    run bash -c "bin/cv-convert -q '$T/mixed' | grep -c '^33. Nm2 Nxl5 34. mxl5 Qxl5 35. Rl1 Qn3 \*$'"
    [ "$output" = 1 ]
    # -n pbm is still the whole run's: the other engines' games and chess's Bb3 refuse it
    run --separate-stderr bin/cv-replay -c -n pbm "$T/mixed"
    [ "$status" = 1 ]
    [ "${lines[-1]}" = "42 files, 176 games, 133 valid, 43 invalid, 1 warning" ]
}

@test "cv-convert -n: an unknown notation is a usage error" {
    run --separate-stderr bin/cv-convert -n xyz $PBM
    expect 2 "" "cv-convert: error: -n 'xyz': not one of san, lan, uci, pbm, standard, romulan, pw, gc
Try 'cv-convert --help' for more information."
}

@test "cv-convert -t pbm: the Notation tag replaces one that says otherwise; -t san drops it" {
    game "$T/g.pgn" '[Notation "SAN"]' "1. Nn3 Nn6"
    run --separate-stderr bin/cv-convert -t pbm "$T/g.pgn"
    expect 0 '[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Double Chess"]
[Notation "pbm"]

1. Non3 Non6 *' ""
    bin/cv-convert -t pbm "$T/g.pgn" > "$T/p.pgn"
    run --separate-stderr bin/cv-convert -t san "$T/p.pgn"
    expect 0 '[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Double Chess"]

1. Nn3 Nn6 *' ""
}
