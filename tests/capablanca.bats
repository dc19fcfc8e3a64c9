#!/usr/bin/env bats
# Capablanca chess (specs/capablanca.yaml): the start position and the
# published perft figures from it (28, 784, 25228, 805128; Fairy-Stockfish
# with UCI_Variant capablanca counts the same from the same FEN).

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs" LC_ALL=C
}

@test "capablanca: the start position, with the archbishop on c and the chancellor on h" {
    run --separate-stderr bin/cv-legal -V capablanca --start --apply ""
    expect 0 "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1" ""
}

@test "capablanca: perft 1 to 4 from the start, the published counts" {
    local d want=(0 28 784 25228 805128)
    for d in 1 2 3 4; do
        run --separate-stderr bin/cv-perft -V capablanca -d $d
        expect 0 "${want[$d]}" "" || { echo "# depth $d"; return 1; }
    done
}

@test "capablanca: the compound pieces' moves and Capablanca castling" {
    run --separate-stderr bin/cv-legal -V capablanca -n uci --fen "r3k4r/10/10/10/4A5/10/10/R4K2CR w KQ - 0 1"
    [ "$status" -eq 0 ]
    local mv
    # archbishop e4: knight leaps and bishop rides; chancellor i1: knight leaps and rook rides; O-O-O f1c1
    for mv in e4c5 e4g3 e4a8 e4h7 i1h3 i1j3 i1i8 f1c1; do
        [[ " $output " == *" $mv "* ]] || { echo "# no $mv in: $output"; return 1; }
    done
}
