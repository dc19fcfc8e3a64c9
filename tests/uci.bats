#!/usr/bin/env bats
# cv-play --uci: transcripts of UCI with the UCI_Variant option (the
# Fairy-Stockfish convention): commands in, exact lines out.  Searches run
# at a fixed depth or node count; the one field masked is an info line's
# time (milliseconds).

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs" LC_ALL=C
}

# uci COMMAND...: the commands to cv-play --uci, info lines' time masked
uci() {
    run --separate-stderr bash -c 'printf "%s\n" "$@" | timeout 60 bin/cv-play --uci | sed -E "s/ time [0-9]+ / time T /"' _ "$@"
}

HELLO='id name cvkit 0.1.0
id author the cvkit authors
option name UCI_Variant type combo default chess var chess var chess960 var capablanca var doublechess
option name UCI_Chess960 type check default false
uciok'

@test "uci, isready: the identity, the options, uciok, readyok" {
    uci uci isready quit
    expect 0 "$HELLO
readyok" ""
}

@test "with no mode, a first line 'uci' starts the protocol" {
    run --separate-stderr bash -c 'printf "uci\nquit\n" | bin/cv-play'
    expect 0 "$HELLO" ""
}

@test "position startpos moves, go depth: info a depth, then bestmove" {
    uci "position startpos moves e2e4" "go depth 2" quit
    expect 0 "info depth 1 seldepth 3 score cp 24 nodes 30 time T pv b8c6
info depth 2 seldepth 6 score cp -13 nodes 116 time T pv b8c6 b1c3
bestmove b8c6" ""
}

@test "position fen: a mate in one scored as mate 1; a mated side has no move" {
    uci "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1" "go depth 2" \
        "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 moves a1a8" "go depth 1" quit
    expect 0 "info depth 1 seldepth 1 score mate 1 nodes 26 time T pv a1a8
info depth 2 seldepth 1 score mate 1 nodes 47 time T pv a1a8
bestmove a1a8
bestmove (none)" ""
}

@test "an illegal move in position: said, the position stops at the last good move" {
    uci "position startpos moves e2e4 e2e5" "go depth 1" quit
    expect 0 "info string illegal move: e2e5
info depth 1 seldepth 3 score cp 24 nodes 30 time T pv b8c6
bestmove b8c6" ""
}

@test "go nodes: the search stops at the node count (depth 2 does not fit in 100)" {
    uci "position startpos" "go nodes 100" quit
    expect 0 "info depth 1 seldepth 1 score cp 46 nodes 22 time T pv b1c3
bestmove b1c3" ""
}

@test "UCI_Variant capablanca and doublechess; UCI_Chess960 castles king takes rook" {
    uci "setoption name UCI_Variant value capablanca" "position startpos moves j2j4" "go depth 1" \
        "setoption name UCI_Variant value doublechess" "position startpos moves p2p4" "go depth 1" \
        "setoption name UCI_Variant value chess" "setoption name UCI_Chess960 value true" \
        "position fen 4rkr1/4p1p1/8/8/8/8/8/6KR w H - 0 1" "go depth 1" quit
    expect 0 "info depth 1 seldepth 1 score cp 64 nodes 36 time T pv c8d6
bestmove c8d6
info depth 1 seldepth 1 score cp 35 nodes 48 time T pv b8c6
bestmove b8c6
info depth 1 seldepth 1 score mate 1 nodes 15 time T pv g1h1
bestmove g1h1" ""
}

@test "unknown commands, variants, options and positions: said as info string" {
    uci foo "setoption name UCI_Variant value shogi" "setoption name Hash value 1" "position fen xyz" \
        "position nowhere" isready quit
    expect 0 "info string unknown command: foo
info string unknown variant: shogi
info string unknown option: Hash
info string illegal position: xyz
info string position needs startpos or fen
readyok" ""
}

@test "go with a clock and depth, ucinewgame and stop: a move" {
    uci ucinewgame "position startpos" "go wtime 1000 btime 1000 winc 0 binc 0 depth 1" stop quit
    expect 0 "info depth 1 seldepth 1 score cp 46 nodes 22 time T pv b1c3
bestmove b1c3" ""
}
