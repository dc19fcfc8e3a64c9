#!/usr/bin/env bats
# cv-legal: --list, --count, --move, --apply, --diagram and --notation,
# with positions from --fen, --start or standard input.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs"
    export LC_ALL=C
    START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
    KNIGHTS='4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1'
}


# ---- --list and --notation ----

@test "--list (default) of the start position, SAN, sorted" {
    run --separate-stderr bin/cv-legal --start
    expect 0 "Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4" ""
    run --separate-stderr bin/cv-legal --fen "$START" --list
    expect 0 "Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4" ""
}

@test "lists split again for every game: blanks between moves that are words, ', ' between moves that hold blanks" {
    PN='6k/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 w 0 1'
    PW='4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w - - 0 5'
    for case in \
        "chess@4k3/8/8/8/8/8/8/4K3 w - - 0 1@--list@Kd1 Kd2 Ke2 Kf1 Kf2" \
        "chess@4k3/8/8/8/8/8/8/4K3 w - - 0 1@-m Kd2@legal Kd2 e1d2" \
        "panoply@$PN@--list@K g1-f2, K g1-g2, K g1-h1" \
        "panoply@$PN@--moves@K g1-f2, K g1-g2, K g1-h1" \
        "panoply@$PN@-m K g1-g2@legal K g1-g2, K g1-g2" \
        "pw@$PW@--moves=K1e1-1d1@K3e1-3d1 K3e1-3d2 K3e1-3e2 K3e1-3f1 K3e1-3f2" \
        "pw@$PW@-m K1e1-1d1,K3e1-3d1@legal K1e1-1d1,K3e1-3d1 K1e1-1d1,K3e1-3d1"; do
        IFS='@' read -r v fen args want <<< "$case"
        if [ "${args%% *}" = -m ]; then
            run --separate-stderr bin/cv-legal -V "$v" --fen "$fen" -m "${args#-m }"
        else
            run --separate-stderr bin/cv-legal -V "$v" --fen "$fen" $args
        fi
        expect 0 "$want" "" || { echo "# $v $args"; return 1; }
    done
    # a Parallel Worlds turn holds ',' but no blank: its list stays
    # blank-separated, one word a turn (10 of one king move, 50 of two)
    run --separate-stderr bash -c "bin/cv-legal -V pw --fen '$PW' | tr ' ' '\\n' | grep -c ,"
    expect 0 "50" ""
    run --separate-stderr bash -c "bin/cv-legal -V pw --fen '$PW' | wc -w; bin/cv-legal -V pw --fen '$PW' --count"
    expect 0 "60
60" ""
    # and a Panoply list splits at ', ' into as many moves as --count says
    # (corpus/panoply/perft.txt: 112 at depth 1)
    run --separate-stderr bash -c "bin/cv-legal -V panoply-testarmy --start | sed 's/, /\\n/g' | wc -l; bin/cv-legal -V panoply-testarmy --start --count"
    expect 0 "112
112" ""
}

@test "--notation uci and lan" {
    run --separate-stderr bin/cv-legal -s -n uci
    expect 0 "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4" ""
    run --separate-stderr bin/cv-legal -s --notation lan
    expect 0 "Nb1-a3 Nb1-c3 Ng1-f3 Ng1-h3 a2-a3 a2-a4 b2-b3 b2-b4 c2-c3 c2-c4 d2-d3 d2-d4 e2-e3 e2-e4 f2-f3 f2-f4 g2-g3 g2-g4 h2-h3 h2-h4" ""
}

@test "--list with castling, checks and captures in every notation" {
    F='r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
    run --separate-stderr bin/cv-legal --fen "$F"
    expect 0 "Kd1 Kd2 Ke2 Kf1 Kf2 O-O O-O-O Ra2 Ra3 Ra4 Ra5 Ra6 Ra7 Rb1 Rc1 Rd1 Rf1 Rg1 Rh2 Rh3 Rh4 Rh5 Rh6 Rh7 Rxa8+ Rxh8+" ""
    run --separate-stderr bin/cv-legal --fen "$F" -n lan
    expect 0 "Ke1-d1 Ke1-d2 Ke1-e2 Ke1-f1 Ke1-f2 O-O O-O-O Ra1-a2 Ra1-a3 Ra1-a4 Ra1-a5 Ra1-a6 Ra1-a7 Ra1-b1 Ra1-c1 Ra1-d1 Ra1xa8+ Rh1-f1 Rh1-g1 Rh1-h2 Rh1-h3 Rh1-h4 Rh1-h5 Rh1-h6 Rh1-h7 Rh1xh8+" ""
    run --separate-stderr bin/cv-legal --fen "$F" -n uci
    expect 0 "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8" ""
}

@test "--list: promotions" {
    run --separate-stderr bin/cv-legal --fen '3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1'
    expect 0 "Ke2 Kf1 Kf2 e8=B e8=N e8=Q+ e8=R+ exd8=B exd8=N exd8=Q+ exd8=R+" ""
    run --separate-stderr bin/cv-legal --fen '3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1' -n uci
    expect 0 "e1e2 e1f1 e1f2 e7d8b e7d8n e7d8q e7d8r e7e8b e7e8n e7e8q e7e8r" ""
}

@test "--list: checkmate and stalemate give an empty line" {
    run --separate-stderr bin/cv-legal --fen '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1'
    expect 0 "" ""
    [ "${#lines[@]}" -eq 0 ]
    run --separate-stderr bin/cv-legal --fen '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1' --count
    expect 0 0 ""
}

@test "--list: chess960 castling in UCI is king-takes-rook" {
    run --separate-stderr bin/cv-legal -V chess960 --fen '4k3/8/8/8/8/8/8/6KR w H - 0 1' -n uci
    expect 0 "g1f1 g1f2 g1g2 g1h1 g1h2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8" ""
    run --separate-stderr bin/cv-legal -V chess960 --fen '4k3/8/8/8/8/8/8/6KR w H - 0 1'
    expect 0 "Kf1 Kf2 Kg2 Kh2 O-O Rh2 Rh3 Rh4 Rh5 Rh6 Rh7 Rh8+" ""
}

# ---- --count ----

@test "--count" {
    run --separate-stderr bin/cv-legal -s --count
    expect 0 20 ""
    run --separate-stderr bin/cv-legal --count --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
    expect 0 48 ""
}

# ---- positions from standard input ----

@test "positions from standard input: one answer per position, blank and # lines skipped" {
    run --separate-stderr bash -c "printf '%s\n' '# positions' '' 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' \
        '$START' '  7k/6Q1/6K1/8/8/8/8/8 b - - 0 1' | bin/cv-legal --count"
    expect 0 "26
20
0" ""
}

@test "positions from standard input: an invalid one is named, the others still answered" {
    run --separate-stderr bash -c "printf '%s\n' 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' '4k3/8/8/8/8/8/8/4K2r b - - 0 1' \
        '$START' | bin/cv-legal --count"
    expect 1 "26
invalid
20" "<stdin>:2:22: error: opposite check: black is to move and the white king is in check"
}

@test "positions from a file and from '-'" {
    printf '%s\n' "$START" > "$BATS_TEST_TMPDIR/p.fen"
    run --separate-stderr bash -c "printf '%s\n' '4k3/8/8/8/8/8/8/4K3 w - - 0 1' | bin/cv-legal --count '$BATS_TEST_TMPDIR/p.fen' -"
    expect 0 "20
5" ""
}

@test "--lenient reads the ProChess board's dialect from standard input" {
    run --separate-stderr bash -c "echo '4k3//////4P3/4K3 w - - 5 39' | bin/cv-legal -l"
    expect 0 "Kd1 Kd2 Kf1 Kf2 e3 e4" ""
    run --separate-stderr bash -c "echo '4k3//////4P3/4K3 w - - 5 39' | bin/cv-legal"
    expect 1 invalid "<stdin>:1:5: error: rank 7 is empty (write 8)
<stdin>:1:6: error: rank 6 is empty (write 8)
<stdin>:1:7: error: rank 5 is empty (write 8)
<stdin>:1:8: error: rank 4 is empty (write 8)
<stdin>:1:9: error: rank 3 is empty (write 8)"
}

# ---- --move ----

@test "--move: a legal move in SAN, UCI and LAN" {
    run --separate-stderr bin/cv-legal -s -m Nf3
    expect 0 "legal Nf3 g1f3" ""
    run --separate-stderr bin/cv-legal -s -m g1f3
    expect 0 "legal Nf3 g1f3" ""
    run --separate-stderr bin/cv-legal -s -m Ng1-f3 -n lan
    expect 0 "legal Ng1-f3 g1f3" ""
    run --separate-stderr bin/cv-legal -s -m e2e4 -n uci
    expect 0 "legal e4 e2e4" ""
    run --separate-stderr bin/cv-legal -s -m 'Nf3!?'
    expect 0 "legal Nf3 g1f3" ""
}

@test "--move: illegal moves say why" {
    run --separate-stderr bin/cv-legal -s -m e5
    expect 1 "illegal: no white pawn can move to e5" ""
    run --separate-stderr bin/cv-legal -s -m Bb5
    expect 1 "illegal: the bishop on f1 is blocked by the pawn on e2" ""
    run --separate-stderr bin/cv-legal -s -m O-O
    expect 1 "illegal: white cannot castle king-side: f1 is occupied" ""
    run --separate-stderr bin/cv-legal -s -m xyz
    expect 1 "illegal: 'xyz' is not a move" ""
    run --separate-stderr bin/cv-legal --fen '4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1' -m Nc3
    expect 1 "illegal: would leave the white king in check" ""
}

@test "--move: an ambiguous move names the candidates" {
    run --separate-stderr bin/cv-legal --fen "$KNIGHTS" -m Nd2
    [ "$status" -eq 1 ]
    [ "$stderr" = "" ]
    [[ "$output" = "ambiguous: ambiguous between Nbd2 and Nfd2" || "$output" = "ambiguous: ambiguous between Nfd2 and Nbd2" ]]
    run --separate-stderr bin/cv-legal --fen "$KNIGHTS" -m Nbd2
    expect 0 "legal Nbd2 b1d2" ""
}

@test "--move on several positions from standard input" {
    run --separate-stderr bash -c "printf '%s\n' '$START' 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' | bin/cv-legal -m e5"
    expect 1 "illegal: no white pawn can move to e5
legal e5 e7e5" ""
}

# ---- --apply ----

@test "--apply plays the moves and prints the FEN" {
    run --separate-stderr bin/cv-legal -s -a 'e4 e5 Nf3' -a 'Nc6 Bb5 a6' -a O-O
    expect 0 "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4" ""
    run --separate-stderr bin/cv-legal -s --apply 'e2e4 c7c5 g1f3'
    expect 0 "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" ""
}

@test "--apply: an en passant square is written only when the capture is legal" {
    run --separate-stderr bin/cv-legal -s -a 'e4 a6 e5 d5'
    expect 0 "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3" ""
    run --separate-stderr bin/cv-legal -s -a 'e4 a6 e5 d5 exd6'
    expect 0 "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3" ""
    run --separate-stderr bin/cv-legal -s -a 'e4 e5'
    expect 0 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" ""
}

@test "--apply: the first illegal move stops with a diagnostic, exit 1" {
    run --separate-stderr bin/cv-legal -s -a 'e4 e5' -a Ke3
    expect 1 invalid "-a:2:1: error: Ke3: no white king can move to e3"
}

@test "--apply with --diagram draws the result" {
    run --separate-stderr bin/cv-legal -s -a 'e4 e5 Nf3' --diagram
    expect 0 "8 r n b q k b n r
7 p p p p . p p p
6 . . . . . . . .
5 . . . . p . . .
4 . . . . P . . .
3 . . . . . N . .
2 P P P P . P P P
1 R N B Q K B . R
  a b c d e f g h
Black to move
rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" ""
}

# ---- --diagram ----

@test "--diagram with the move list" {
    run --separate-stderr bin/cv-legal --fen '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1' --diagram
    expect 0 "8 . . . . k . . .
7 . . . . . . . .
6 . . . . . . . .
5 . . . . . . . .
4 . . . . . . . .
3 . . . . . . . .
2 . . . . P . . .
1 . . . . K . . .
  a b c d e f g h
White to move
Kd1 Kd2 Kf1 Kf2 e3 e4" ""
}

@test "--diagram of a 10 x 8 board" {
    run --separate-stderr bin/cv-legal --spec corpus/chess10x8/orthodox10x8.yaml --start --diagram --count
    expect 0 "8 r n n b q k b n n r
7 p p p p p p p p p p
6 . . . . . . . . . .
5 . . . . . . . . . .
4 . . . . . . . . . .
3 . . . . . . . . . .
2 P P P P P P P P P P
1 R N N B Q K B N N R
  a b c d e f g h i j
White to move
28" ""
}

# ---- usage ----

@test "usage errors exit 2" {
    run --separate-stderr bin/cv-legal -s -m e4 -a e4
    expect 2 "" "cv-legal: error: -m and -a cannot be combined
Try 'cv-legal --help' for more information."
    run --separate-stderr bin/cv-legal -s -n bogus
    [ "$status" -eq 2 ]
    [ "$output" = "" ]
    # the list of notations grows with the variants; san, lan and uci lead it
    [[ "$stderr" =~ ^"cv-legal: error: -n 'bogus': not one of san, lan, uci"(, [a-z]+)*$'\n'"Try 'cv-legal --help' for more information."$ ]]
    run --separate-stderr bin/cv-legal --fen "$START" some-file.fen
    expect 2 "" "cv-legal: error: give either --fen/--start or files, not both
Try 'cv-legal --help' for more information."
    run --separate-stderr bin/cv-legal --bogus
    expect 2 "" "cv-legal: error: unknown option '--bogus'
Try 'cv-legal --help' for more information."
    run --separate-stderr bin/cv-legal -m
    expect 2 "" "cv-legal: error: option '-m' needs a value
Try 'cv-legal --help' for more information."
    run --separate-stderr bin/cv-legal tests/data/fen/no-such-file.fen
    expect 2 "" "cv-legal: error: tests/data/fen/no-such-file.fen: No such file or directory"
}

@test "--help and --version" {
    run --separate-stderr bin/cv-legal --help
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "Usage: cv-legal [OPTION]... [FILE]..." ]
    run --separate-stderr bin/cv-legal --version
    [ "$status" -eq 0 ]
    [[ "$output" =~ ^cv-legal\ \(cvkit\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
}
