#!/usr/bin/env bats
# Parallel Worlds chess (docs/cvkit-variants.7, PARALLEL WORLDS) through the
# tools: the pw engine behind the engine interface, turns as the unit,
# PW-FEN, the turn notation, perft over whole turns, the constructed games
# of corpus/parallelworlds, every rule and every decision with the option
# that flips it.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || exit 1
    export CVKIT_SPECS="$PWD/specs"
    B="$PWD/bin"
    T="$BATS_TEST_TMPDIR"
    START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 1KQkq3KQkq - 0 1'
    # one king a side per outer level, nothing else
    KINGS='4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3'
}

# spec OPTION VALUE: a spec for Parallel Worlds with one option changed
spec() {
    printf 'variant: pw-%s-%s\ninherits: parallelworlds\npw:\n  rules: schmittberger\n  %s: "%s"\n' "$1" "$2" "$1" "$2" > "$T/$1.yaml"
    echo "$T/$1.yaml"
}

@test "the spec, its aliases, the start position" {
    for name in parallelworlds parallel-worlds "Parallel Worlds" pw; do
        run --separate-stderr "$B/cv-check" -V "$name" -f "$START"
        expect 0 "ok" ""
    done
    run --separate-stderr "$B/cv-legal" -V pw --start -a ''
    expect 0 "$START" ""
}

@test "perft counts whole turns: 3,288 from the start (docs/rules/parallelworlds.md's reference count)" {
    run --separate-stderr "$B/cv-perft" -V pw -d 1
    expect 0 "3288" ""
    # and 250,873,078 at depth 2 (a few seconds); -v also gives the single
    # moves of the tree, the turns of depths 1 and 2 added up (each turn
    # ends with one single move, its earlier ones are its shorter prefixes')
    run --separate-stderr "$B/cv-perft" -V pw -d 2 -v
    [ "$status" -eq 0 ] && [ "$output" = "250873078" ]
    [[ "$stderr" == "cv-perft: depth 2: 250873078 nodes in "*"
cv-perft: depth 2: 250876366 single moves in "*" M single moves/s)
cv-perft: 70 single moves at the root" ]]
    run --separate-stderr "$B/cv-legal" -V pw --start --count
    expect 0 "3288" ""
    # divide: one line per root turn, summing to the total; --split shares add up
    run --separate-stderr bash -c "$B/cv-perft -V pw -d 1 --divide | tail -n 2"
    expect 0 "total 3288
# 70 single moves at the root" ""
    run --separate-stderr bash -c "$B/cv-perft -V pw -d 1 --divide | grep -c '^[^#t]'"
    expect 0 "3288" ""
    run bash -c "for k in 1 2 3; do $B/cv-perft -V pw -d 1 --split \$k/3; done | paste -sd+ | bc"
    [ "$output" = "3288" ]
}

@test "perft on two threads with a table of subtree counts: the same counts, divide lines, shares and single moves" {
    run --separate-stderr "$B/cv-perft" -V pw -d 2 --threads 2 --hash 16 -v
    [ "$status" -eq 0 ] && [ "$output" = "250873078" ]
    [[ "$stderr" == *"cv-perft: depth 2: 250876366 single moves in "* ]]
    # the shares of --split add up with threads and table too
    run bash -c "for k in 1 2 3; do $B/cv-perft -V pw -d 2 --threads 2 --hash 16 --split \$k/3; done | paste -sd+ | bc"
    [ "$output" = "250873078" ]
    # divide: the same lines in the same order as one thread without a
    # table; kings alone on their levels transpose at every depth (the
    # same king moves in either order), the en passant position of the
    # corpus leaves targets the table must tell apart
    EP='7k/8/8/2PpP3/8/8/8/4K3|8/8/8/8/8/8/8/8|k7/8/8/3PpP2/8/8/8/4K3 w - 1d6,3e6 0 12'
    for args in "-d 3 -f '$KINGS w - - 0 5'" "-d 2 -f '$EP'"; do
        eval "$B/cv-perft -V pw --divide $args" > "$T/plain.txt"
        eval "$B/cv-perft -V pw --divide --threads 2 --hash 16 $args" > "$T/shared.txt"
        diff -u "$T/plain.txt" "$T/shared.txt"
    done
    [ "$(tail -n 2 "$T/plain.txt" | head -n 1)" = "total 262614" ]
    # four turns deep from the kings: 37,234,404 (12 s on one thread
    # without a table, a fraction of a second with it)
    run --separate-stderr "$B/cv-perft" -V pw -d 4 -f "$KINGS w - - 0 5" --threads 2 --hash 16
    expect 0 "37234404" ""
}

@test "perft from the constructed games' positions and the rule positions of corpus/parallelworlds/perft.txt" {
    run --separate-stderr "$B/cv-perft" --suite corpus/parallelworlds/perft.txt -d 1
    [ "$status" -eq 0 ]
    [[ "$output" == "corpus/parallelworlds/perft.txt: "*" counts checked, 0 mismatched" ]]
}

@test "turn legality: one level per move, each piece once, White's first turn of two, three at most" {
    run --separate-stderr "$B/cv-legal" -V pw --start -m '1e2-1e4,1d2-1d4'
    expect 1 "illegal: 1d2-1d4: a move of this turn already ended on level 1 (each ends on its own level)" ""
    run --separate-stderr "$B/cv-legal" -V pw --start -m '1e2-2e2,2e2-2e4'
    expect 1 "illegal: 2e2-2e4: the pawn on 2e2 has already moved this turn (a piece moves once a turn)" ""
    run --separate-stderr "$B/cv-legal" -V pw --start -m '1e2-1e4,3e2-3e4,1d2-2d2'
    expect 1 "illegal: 1d2-2d2: White's first turn has at most 2 moves" ""
    B1='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b 1KQkq3KQkq - 0 1'
    run --separate-stderr "$B/cv-legal" -V pw -f "$B1" -m '1e7-1e5,3e7-3e5,1d7-2d7'
    expect 0 "legal 1e7-1e5,3e7-3e5,1d7-2d7 1e7-1e5,3e7-3e5,1d7-2d7" ""
    run --separate-stderr "$B/cv-legal" -V pw -f "$B1" -m '1e7-1e5,3e7-3e5,1d7-2d7,3d7-3d5'
    expect 1 "illegal: 3d7-3d5: a turn has at most 3 moves" ""
    run --separate-stderr "$B/cv-legal" -V pw --start -m 'N1g1-1f3,N1f3-1e5'
    expect 1 "illegal: N1f3-1e5: the knight on 1f3 has already moved this turn (a piece moves once a turn)" ""
}

@test "malformed turns are named" {
    for case in "1e2-1e4,,3d2-3d4|an empty move in '1e2-1e4,,3d2-3d4' (moves are joined by ',')" \
                "1e2e4|'1e2e4' is not a move: expected '-' or 'x' between the squares" \
                "Z1e2-1e4|'Z' is not a piece letter (K Q R B N)" \
                "1e2-1e5|1e2-1e5: the pawn on 1e2 cannot move to 1e5" \
                "N1e2-1e4|N1e2-1e4: 1e2 holds a pawn" \
                "1g1-1f3|1g1-1f3: 1g1 holds a knight (name it with its letter)" \
                "1e7-1e5|1e7-1e5: no white piece on 1e7"; do
        run --separate-stderr "$B/cv-legal" -V pw --start -m "${case%%|*}"
        expect 1 "illegal: ${case#*|}" ""
    done
}

@test "level 2: every piece a queen, nothing captures; kings never leave their level" {
    # a white pawn on 2d4, a black knight on 2d6: the pawn rides as a queen
    # to any empty square of level 2 and may not take the knight
    P="$KINGS w - - 0 5"
    P="4k3/8/8/8/8/8/8/4K3|8/8/3n4/8/3P4/8/8/8|4k3/8/8/8/8/8/8/4K3 w - - 0 5"
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -m '2d4-2h8'
    expect 0 "legal 2d4-2h8 2d4-2h8" ""
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -m '2d4x2d6'
    expect 1 "illegal: 2d4x2d6: nothing captures on level 2" ""
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -m '2d4-2d7'
    expect 1 "illegal: 2d4-2d7: the pawn on 2d4 cannot move to 2d7" ""
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -m 'K1e1-2e1'
    expect 1 "illegal: K1e1-2e1: kings never leave their level" ""
    # a level change needs the square above or below empty
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -m '2d4-1d4,K3e1-3d1'
    expect 0 "legal 2d4-1d4,K3e1-3d1 2d4-1d4,K3e1-3d1" ""
    P2="4k3/8/8/8/3p4/8/8/4K3|8/8/8/8/3P4/8/8/8|4k3/8/8/8/8/8/8/4K3 w - - 0 5"
    run --separate-stderr "$B/cv-legal" -V pw -f "$P2" -m '2d4-1d4'
    expect 1 "illegal: 2d4-1d4: the pawn on 2d4 cannot move to 1d4" ""
    # single moves at the start of this turn: 24 queen moves on level 2
    # (the knight on 2d6 stops the file at 2d5), two level changes, five
    # king moves on each outer level
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" --moves --count
    expect 0 "36" ""
}

@test "a pawn down from level 2 onto its last rank promotes at once; on level 2 it does not" {
    P="4k3/8/8/8/8/8/8/4K3|P7/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w - - 0 5"
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -a '2a8-1a8=Q'
    expect 0 "Q3k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 b - - 0 5" ""
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -m '2a8-3a8'
    expect 1 "illegal: 2a8-3a8: a pawn reaching 3a8 must promote (=Q, =R, =B or =N)" ""
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -m '2a8-2b8=Q'
    expect 1 "illegal: 2a8-2b8=Q: 2a8-2b8 is not a promotion" ""
}

@test "a pawn on its own first rank steps one square and captures (decision); the option flips the capture" {
    P="4k3/8/8/8/8/8/8/2n1K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/1P2K3 w - - 0 5"
    P="4k3/8/8/8/8/8/2n5/1P2K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w - - 0 5"
    run --separate-stderr "$B/cv-check" -V pw -f "$P"
    expect 0 "ok" ""
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -m '1b1-1b2'
    expect 0 "legal 1b1-1b2 1b1-1b2" ""
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -m '1b1-1b3'
    expect 1 "illegal: 1b1-1b3: the pawn on 1b1 cannot move to 1b3" ""
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -m '1b1x1c2'
    expect 0 "legal 1b1x1c2 1b1x1c2" ""
    run --separate-stderr "$B/cv-legal" --spec "$(spec first-rank-capture no)" -f "$P" -m '1b1x1c2'
    expect 1 "illegal: 1b1x1c2: the pawn on 1b1 cannot move to 1c2" ""
    # from its second rank, the double step again
    run --separate-stderr "$B/cv-legal" -V pw -f "4k3/8/8/8/8/8/1P6/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w - - 0 5" -m '1b2-1b4'
    expect 0 "legal 1b2-1b4 1b2-1b4" ""
}

@test "en passant in the next turn, on its level, as any move of the turn; two targets; the option" {
    # Black has just double-stepped on levels 1 and 3
    P="4k3/8/8/3pP3/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/2pP4/8/8/8/4K3 w - 1d6,3c6 0 5"
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -a 'K1e1-1f1,3d5x3c6'
    expect 0 "4k3/8/8/3pP3/8/8/8/5K2|8/8/8/8/8/8/8/8|4k3/8/2P5/8/8/8/8/4K3 b - - 0 5" ""
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -a '1e5x1d6,3d5x3c6'
    expect 0 "4k3/8/3P4/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/2P5/8/8/8/8/4K3 b - - 0 5" ""
    run --separate-stderr "$B/cv-legal" --spec "$(spec en-passant none)" -f "$P" -m '1e5x1d6'
    expect 1 "illegal: 1e5x1d6: the pawn on 1e5 cannot move to 1d6" ""
    # the targets last one turn: written only while a capture is possible
    run --separate-stderr "$B/cv-check" -V pw --normalize -f "$P"
    expect 0 "$P" ""
}

@test "castling per level, written as the king's move; rights lost by any move from or to a home square; the option" {
    P="r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8|r3k2r/8/8/8/8/8/8/R3K2R w 1KQkq3KQkq - 0 5"
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -a 'K1e1-1g1,3O-O-O'
    expect 0 "r3k2r/8/8/8/8/8/8/R4RK1|8/8/8/8/8/8/8/8|r3k2r/8/8/8/8/8/8/2KR3R b 1kq3kq - 1 5" ""
    # castling moves the rook: it may not move again in the turn
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -m 'K1e1-1g1,R1f1-2f1'
    expect 1 "illegal: R1f1-2f1: the rook on 1f1 has already moved this turn (a piece moves once a turn)" ""
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -a 'R1h1-2h1'
    expect 0 "r3k2r/8/8/8/8/8/8/R3K3|8/8/8/8/8/8/8/7R|r3k2r/8/8/8/8/8/8/R3K2R b 1Qkq3KQkq - 1 5" ""
    run --separate-stderr "$B/cv-legal" --spec "$(spec castling none)" -f "$P" -m 'K1e1-1g1'
    expect 1 "illegal: K1e1-1g1: the king on 1e1 cannot move to 1g1" ""
}

@test "a king capture ends the game in the middle of a turn; the position after it is final" {
    P="4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/8|4k3/4Q3/8/8/8/8/8/4K3 w 1K - 0 5"
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -a 'Q3e7x3e8#'
    expect 0 "4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/8|4Q3/8/8/8/8/8/8/4K3 b 1K - 0 5" ""
    run --separate-stderr "$B/cv-legal" -V pw -f "$P" -m 'Q3e7x3e8,R1h1-1h2'
    expect 1 "illegal: R1h1-1h2: the game is over: a king was captured earlier in this turn" ""
    run --separate-stderr "$B/cv-legal" -V pw -f "4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/8|4Q3/8/8/8/8/8/8/4K3 b 1K - 0 5" --count
    expect 0 "0" ""
}

@test "turn limits as options: White's first turn, and every turn" {
    run --separate-stderr "$B/cv-perft" --spec "$(spec first-turn-moves 1)" -d 1
    expect 0 "70" ""
    run --separate-stderr "$B/cv-legal" --spec "$(spec turn-moves 1)" -f "$KINGS w - - 0 5" -m 'K1e1-1d1,K3e1-3d1'
    expect 1 "illegal: K3e1-3d1: a turn has at most 1 move" ""
}

@test "PW-FEN: every problem named at its column" {
    for case in "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1@--fen:1:44: error: 1 level, not 3 (levels are separated by '|')" \
                "4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/4k3|4k3/8/8/8/8/8/8/4K3 w - - 0 1@--fen:1:1: error: a black king on level 2 (kings never leave their level)" \
                "4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/3KK3 w - - 0 1@--fen:1:1: error: 2 white kings on level 3" \
                "P3k3/8/8/8/8/8/8/4K3|P7/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w - - 0 1@--fen:1:1: error: a white pawn on its last rank on level 1 (1a8): only level 2 holds one" \
                "$KINGS w KQ - 0 1@--fen:1:59: error: castling rights start with their level, 1 or 3 (1KQkq3KQkq)" \
                "$KINGS w 1K - 0 1@--fen:1:59: error: castling right 'K' on level 1 needs the white king and rook on their squares" \
                "$KINGS w - 1e9 0 1@--fen:1:61: error: en passant target must be a level and a square (1e3), not '1e9'" \
                "$KINGS w - 2e6 0 1@--fen:1:61: error: en passant target 2e6 is on level 2, where nothing double-steps" \
                "$KINGS x - - 0 1@--fen:1:57: error: side to move must be 'w' or 'b', not 'x'" \
                "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/4K3 w - - 0 1@--fen:1:1: error: no black king on level 1 or 3" \
                "4k3/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 b - - 0 1@--fen:1:55: error: white has lost a king, so the game is over with white to move"; do
        run --separate-stderr "$B/cv-check" -V pw -f "${case%%@*}"
        expect 1 "invalid" "${case#*@}"
    done
    # a king taken, the loser to move: valid and final
    run --separate-stderr "$B/cv-check" -V pw -f "4k3/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    expect 0 "ok" ""
}

@test "the constructed games replay to their final positions, with the result the king capture implies" {
    run --separate-stderr "$B/cv-replay" corpus/parallelworlds
    expect 0 "corpus/parallelworlds/game1-every-rule.pgn: game 1 (cvkit - cvkit, round 1): valid, 15 plies, 1-0
corpus/parallelworlds/game2-black-wins.pgn: game 1 (cvkit - cvkit, round 2): valid, 12 plies, 0-1
corpus/parallelworlds/game3-first-rank.pgn: game 1 (cvkit - cvkit, round 3): valid, 9 plies, *
3 files, 3 games, 3 valid, 0 invalid, 0 warnings" ""
    run --separate-stderr "$B/cv-replay" --final corpus/parallelworlds
    expect 0 "r3Qbnr/1pp1ppp1/3q4/p3n3/8/5N2/1PPPB1PP/RNBQ1RK1|8/8/8/8/8/8/6P1/8|rnbqk1nr/p1ppbppp/1p2p3/P7/2P5/4P3/1P3PPP/RNBQKBNR b 3KQkq - 0 8
rnb1kbnr/ppp2ppp/8/4P3/8/2NP4/P2q2PP/R1BQ1BNR|8/8/8/8/8/8/3p4/P7|Qnbq1rk1/p1ppbppp/4pn2/8/8/2P5/1P1PPPPP/RNBQKBNR w 1kq3KQ - 0 7
r1bqkbnr/ppppppp1/8/3N4/8/4P3/P1PP1PPP/R1BQKBNR|8/8/8/5B2/8/p7/8/8|rnb1kbnr/ppp2ppp/8/3q4/3p4/2P5/PP3PPP/RNBQK1NR b 1KQkq3KQkq - 0 5" ""
    # the turn notation written back: 3O-O read, K3e8-3g8 written
    run --separate-stderr bash -c "$B/cv-convert corpus/parallelworlds/game2-black-wins.pgn | grep -o '2a7 K3e8-3g8,Q1d8-1h4'"
    expect 0 "2a7 K3e8-3g8,Q1d8-1h4" ""
    # converted and read again: the same game
    run --separate-stderr bash -c "$B/cv-convert corpus/parallelworlds/game1-every-rule.pgn | $B/cv-replay --final"
    expect 0 "$(bin/cv-replay --final corpus/parallelworlds/game1-every-rule.pgn)" ""
}

@test "cv-board plays turns on Parallel Worlds" {
    CV="$B/cv-board"
    cd "$T"
    session -V pw <<'EOF'
m 1e2-1e4,3d2-3d4
p Q2d5
info
EOF
    expect 0 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b 1KQkq3KQkq - 0 1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR|8/8/8/3Q4/8/8/8/8|rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b 1KQkq3KQkq - 0 1
fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR|8/8/8/3Q4/8/8/8/8|rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b 1KQkq3KQkq - 0 1; black to move; castling 1KQkq3KQkq; ply 0 of 0; moves none" ""
}

@test "cv-legal lists whole turns; --moves lists the single moves at each point of a turn" {
    run --separate-stderr bash -c "$B/cv-legal -V pw --start | tr ' ' '\\n' | wc -l"
    expect 0 "3288" ""
    run --separate-stderr bash -c "$B/cv-legal -V pw --start | tr ' ' '\\n' | sed -n '1p;3288p'"
    expect 0 "1a2-1a3
R3h1-2h1,N3g1-3h3" ""
    run --separate-stderr "$B/cv-legal" -V pw --start --moves --count
    expect 0 "70" ""
    # after a move ending on level 1: level 3's twenty moves, its fifteen
    # pieces' steps up to level 2, and level 1's fourteen pieces but the
    # pawn that moved (the king never changes level)
    run --separate-stderr "$B/cv-legal" -V pw --start --moves=1e2-1e4 --count
    expect 0 "49" ""
    # White's first turn is full after two moves
    run --separate-stderr "$B/cv-legal" -V pw --start --moves=1e2-1e4,3e2-3e4
    expect 0 "" ""
    run --separate-stderr "$B/cv-legal" -V pw --start --moves=1e2-1e5
    expect 1 "invalid" "--start:1: error: --moves 1e2-1e5: 1e2-1e5: the pawn on 1e2 cannot move to 1e5"
}

@test "--moves with --json: the single moves after a partial turn, or the problem with the prefix" {
    run --separate-stderr bin/cv-legal -V pw --start --moves --json --count
    [ "$status" -eq 0 ]
    [[ "$output" = *'"valid":true,'*'"prefix":"","count":70,"problems":[]}' ]]
    run --separate-stderr bin/cv-legal -V pw --start --moves=1e2-1e9 --json
    [ "$status" -eq 1 ]
    [[ "$output" = *'"prefix":"1e2-1e9","problems":[{"level":"error","kind":"move","line":1,"message":"--moves 1e2-1e9: '"'"'1e2-1e9'"'"' is not a move: expected a level and a square after '"'"'-'"'"'"}]}' ]]
}

# check_discs FILE...: "FILE SQUARE PIECE" for each king drawn on the red
# check disc in the SVG pictures given
check_discs() {
    for f in "$@"; do
        grep -o 'data-square="[^"]*" data-piece="[^"]*" transform="[^"]*"><circle class="check"' "$f" |
            sed "s|^data-square=\"\\([^\"]*\\)\" data-piece=\"\\([^\"]*\\)\".*|${f##*/} \\1 \\2|"
    done
}

@test "pictures: the check disc only on a king its enemy can take, none on the kings left after a king capture" {
    # game 1: 1e8 is attacked after 7. Q1b8x1c8 (ply 13); the game ends
    # with 1e8 taken (ply 15), Black to move with its king on 3e8, which
    # nothing attacks
    mkdir "$T/g1"
    run --separate-stderr "$B/cv-replay" --svg-dir "$T/g1" corpus/parallelworlds/game1-every-rule.pgn
    expect 0 "corpus/parallelworlds/game1-every-rule.pgn: game 1 (cvkit - cvkit, round 1): valid, 15 plies, 1-0
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ""
    [ -f "$T/g1/1-015.svg" ]
    run --separate-stderr check_discs "$T"/g1/*.svg
    expect 0 "1-013.svg 1e8 k" ""
    # game 2 ends with White's king on 1d2 taken; White's king on 3e1 is
    # not attacked
    run --separate-stderr bash -c "$B/cv-replay --diagram=svg corpus/parallelworlds/game2-black-wins.pgn > '$T/g2.svg'"
    expect 0 "" ""
    run --separate-stderr check_discs "$T/g2.svg"
    expect 0 "" ""
    [ "$(grep -c '<svg' "$T/g2.svg")" -eq 1 ]
    # the queen on 3e7 attacks the king on 3e8, Black to move: its disc;
    # after the capture, none on the king left on 1e8
    P="4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/8|4k3/4Q3/8/8/8/8/8/4K3"
    run --separate-stderr bash -c "$B/cv-legal -V pw --diagram=svg -f '$P b 1K - 0 5' > '$T/p1.svg'"
    expect 0 "" ""
    run --separate-stderr check_discs "$T/p1.svg"
    expect 0 "p1.svg 3e8 k" ""
    run --separate-stderr bash -c "$B/cv-legal -V pw --diagram=svg -f '$P w 1K - 0 5' -a 'Q3e7x3e8' > '$T/p2.svg'"
    expect 0 "" ""
    run --separate-stderr check_discs "$T/p2.svg"
    expect 0 "" ""
    grep -q 'data-square="1e8" data-piece="k"' "$T/p2.svg"
}
