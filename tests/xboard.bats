#!/usr/bin/env bats
# cv-play --xboard: transcripts of the XBoard protocol (CECP version 2,
# engine-intf): GUI commands in, the engine's exact lines out.  Every
# search runs at a fixed depth (sd), so the engine's moves are the same
# every run; a thinking line's time (centiseconds) is the one field
# masked.  Covers the features, illegal moves, force, undo and remove,
# setboard of every variant XBoard shows (normal, fischerandom,
# capablanca, Double Chess through its 16x8+0_fairy board), ping, games
# to their end with the result line, and the commands taken silently.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs" LC_ALL=C
}

# xb COMMAND...: the commands, one a line, to cv-play --xboard
xb() {
    run --separate-stderr bash -c 'printf "%s\n" "$@" | timeout 60 bin/cv-play --xboard' _ "$@"
}

FEATURES='feature done=0
feature myname="cvkit 0.1.0"
feature setboard=1 usermove=1 ping=1 playother=1 sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 time=1 draw=0 name=0
feature variants="normal,fischerandom,capablanca,doublechess"
feature done=1'

@test "protover 2: the features, done=0 first and done=1 last" {
    xb xboard "protover 2" quit
    expect 0 "$FEATURES" ""
}

@test "with no mode, a first line 'xboard' starts the protocol" {
    run --separate-stderr bash -c 'printf "xboard\nprotover 2\nping 7\nquit\n" | bin/cv-play'
    expect 0 "$FEATURES
pong 7" ""
}

@test "new: the engine plays Black; an illegal move changes nothing; ping/pong" {
    xb xboard "protover 2" new "sd 2" "usermove e2e4" "usermove e2e5" "usermove e4e5" "ping 1" quit
    expect 0 "$FEATURES
move b8c6
Illegal move: e2e5
move d7d6
pong 1" ""
}

@test "a bare move (usermove refused by the GUI) is played; an unknown word is an error" {
    xb new "sd 2" e2e4 e2e5 frobnicate "ping 2" quit
    expect 0 "move b8c6
Illegal move: e2e5
Error (unknown command): frobnicate
pong 2" ""
}

@test "force, remove, undo, go: the engine plays the side to move from the position reached" {
    xb new "sd 2" force "usermove e2e4" "usermove e7e5" "usermove g1f3" remove "usermove g8f6" "usermove b8c6" \
        "usermove g1f3" undo "usermove d2d4" go "ping 2" quit
    expect 0 "Illegal move: b8c6
move f6e4
pong 2" ""
}

@test "undo or remove past the game's start: said, nothing taken back" {
    xb new force "usermove e2e4" remove undo undo "usermove e2e4" "ping 1" quit
    expect 0 "Error (no move to take back): remove
Error (no move to take back): undo
pong 1" ""
}

@test "a game to its end: the engine mates in two and says the result" {
    xb new "sd 4" force "setboard k7/8/2K5/8/8/8/8/7R w - - 0 1" go "usermove a8b8" "ping 1" quit
    expect 0 "move c6b6
move h1h8
1-0 {White mates}
pong 1" ""
}

@test "the GUI's move ends the game: mate and stalemate said once, then every move refused" {
    xb new force "setboard r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1" "usermove a8a1" "usermove g1h1" go "ping 1" \
        "setboard 7k/8/6K1/8/8/8/8/5Q2 w - - 0 1" "usermove f1f7" "ping 2" quit
    expect 0 "0-1 {Black mates}
Illegal move: g1h1
pong 1
1/2-1/2 {Stalemate}
pong 2" ""
}

@test "undo after the game's end plays on" {
    xb new force "setboard r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1" "usermove a8a1" undo "usermove a8a2" "ping 1" quit
    expect 0 "0-1 {Black mates}
pong 1" ""
}

@test "post: a thinking line a depth (depth, score, centiseconds, nodes, pv); mate scores 100000 + moves" {
    xb new force "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1" "sd 3" post go quit
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    run bash -c 'printf "%s\n" "$1" | awk "/^[0-9]+ / { \$3 = \"T\" } { print }"' _ "$output"
    [ "$output" = "1 100001 T 26 a1a8
2 100001 T 47 a1a8
3 100001 T 68 a1a8
move a1a8
1-0 {White mates}" ]
}

@test "nopost: no thinking lines" {
    xb new force "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1" "sd 3" post nopost go quit
    expect 0 "move a1a8
1-0 {White mates}" ""
}

@test "setboard normal: castling as the king's move and as O-O-O" {
    xb new force "setboard r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" "usermove e1g1" "usermove O-O-O" "usermove g1g2" \
        "usermove c8b8" "usermove e7e8q" "ping 1" quit
    expect 0 "Illegal move: e7e8q
pong 1" ""
    xb new force "setboard 8/4P2k/8/8/8/8/8/K7 w - - 0 1" "usermove e7e8q" "usermove h7h6" "ping 1" quit
    expect 0 "pong 1" ""
}

@test "setboard fischerandom: castling as O-O and as the king taking its rook" {
    xb "variant fischerandom" force "setboard rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1" "usermove O-O" "usermove b8a8" \
        "usermove b1c1" "usermove O-O" "ping 1" quit
    expect 0 "Illegal move: b1c1
Illegal move: O-O
pong 1" ""
}

@test "setboard capablanca: the engine plays 10 x 8 moves (files a..j)" {
    xb "variant capablanca" "sd 2" force "setboard r1abqkbcnr/pppppppppp/2n7/10/10/2N7/PPPPPPPPPP/R1ABQKBCNR w KQkq - 2 2" \
        go "usermove j7j6" "usermove k2k3" "ping 1" quit
    expect 0 "move c1d3
move h1i3
Illegal move: k2k3
pong 1" ""
}

@test "variant doublechess: the 16x8+0_fairy board set up, then setboard and moves on files a..p" {
    xb "variant doublechess" "sd 2" force \
        "setboard rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 1" \
        "usermove p2p4" go "usermove o2o4" "usermove i1m1" "ping 3" quit
    expect 0 "setup (PNBRQKpnbrqk) 16x8+0_fairy rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 1
move b8c6
move o8n6
Illegal move: i1m1
pong 3" ""
}

@test "the board override's own name selects Double Chess too" {
    xb "variant 16x8+0_fairy" "ping 1" quit
    expect 0 "setup (PNBRQKpnbrqk) 16x8+0_fairy rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 1
pong 1" ""
}

@test "a position or variant the engine cannot take: said, the game left as it was" {
    xb new force "setboard xyz" "setboard 8/8/8/8/8/8/8/8 w - - 0 1" "variant shogi" "usermove e2e4" "ping 1" quit
    expect 0 "tellusererror Illegal position
tellusererror Illegal position
Error (unsupported variant): shogi
pong 1" ""
}

@test "time, otim, level, st and the commands an engine may ignore: no answer" {
    xb new "time 30000" "otim 29000" "level 40 5 0" "level 0 2:30 5" "sd 2" hard easy random computer \
        "name Someone" "rating 2000 1800" "accepted setboard" "rejected analyze" "?" "draw" "result 1-0 {White mates}" \
        "ping 4" "level x" "sd 0" "st -1" quit
    expect 0 "pong 4
Error (bad arguments): level x
Error (bad depth): sd 0
Error (bad time): st -1" ""
}

@test "the end of input ends the engine as quit does" {
    run --separate-stderr bash -c 'printf "new\nping 5\n" | bin/cv-play --xboard'
    expect 0 "pong 5" ""
}

@test "the engine's own moves: O-O in fischerandom, files past h in Double Chess" {
    # 1. O-O (the king stays on g1, the rook goes h1-f1) is the only mate
    xb "variant fischerandom" "sd 2" force "setboard 4rkr1/4p1p1/8/8/8/8/8/6KR w H - 0 1" go quit
    expect 0 "move O-O
1-0 {White mates}" ""
    xb "variant doublechess" "sd 2" force "setboard 15k/16/14K1/16/16/16/16/11R4 w - - 0 1" go quit
    expect 0 "setup (PNBRQKpnbrqk) 16x8+0_fairy rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 1
move l1l8
1-0 {White mates}" ""
}

@test "setboard of XBoard's own Double Chess FEN (w KQ p6 0 1): taken without the rights it cannot place" {
    xb "variant doublechess" "sd 2" force \
        "setboard rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w KQ p6 0 1" \
        go "setboard xyz" "ping 2" quit
    expect 0 "setup (PNBRQKpnbrqk) 16x8+0_fairy rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 1
move b1c3
tellusererror Illegal position
pong 2" ""
}
