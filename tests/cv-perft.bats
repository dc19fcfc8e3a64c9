#!/usr/bin/env bats
# cv-perft: the Chess Programming Wiki suite (standard and Chess960), a
# wrong count caught with its place, --divide, --split K/N shares that add
# up, threads and hashing that change nothing, option errors.
# tests/data/perft-cpw.txt is corpus/chess/perft-cpw.txt with a
# "# variant: chess960" line before the Chess960 block.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs"
    SUITE=tests/data/perft-cpw.txt
    T="$BATS_TEST_TMPDIR"
    export LC_ALL=C
    KIWI='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
}


@test "suite file: corpus/chess/perft-cpw.txt with the chess960 directive" {
    # diff exits 2 if either file is missing
    run diff <(grep -v '^# variant: chess960$' $SUITE) "$BATS_TEST_DIRNAME/../corpus/chess/perft-cpw.txt"
    [ "$status" -eq 0 ]
    [ "$output" = "" ]
    [ "$(grep -c '^# variant: chess960$' $SUITE)" -eq 1 ]
    [ "$(grep -n '^# variant: chess960$' $SUITE | cut -d: -f1)" -eq 11 ]
}

@test "whole CPW suite to depth 4: 44 counts, all match" {
    run --separate-stderr bin/cv-perft --suite $SUITE -d 4
    expect 0 "$SUITE: 44 counts checked, 0 mismatched" ""
}

@test "quick CPW positions to depth 5" {
    grep -E '^(rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w|8/2p5/3p4/KP5r)' $SUITE > "$T/quick.txt"
    run --separate-stderr bin/cv-perft --suite "$T/quick.txt" -d 5
    expect 0 "$T/quick.txt: 10 counts checked, 0 mismatched" ""
}

@test "chess960 block to depth 4 with --threads 2 --hash 16" {
    run --separate-stderr bin/cv-perft --suite $SUITE -d 4 --threads 2 --hash 16
    expect 0 "$SUITE: 44 counts checked, 0 mismatched" ""
}

@test "a wrong count: exit 1 and the exact mismatch with its place" {
    sed -e 's/ ;8902 ;/ ;8903 ;/' -e 's/^\(bqnb1rkr.*\) ;528 ;/\1 ;529 ;/' $SUITE > "$T/wrong.txt"
    run --separate-stderr bin/cv-perft --suite "$T/wrong.txt" -d 3
    expect 1 "$T/wrong.txt: 33 counts checked, 2 mismatched" "$T/wrong.txt:4:68: error: depth 3: counted 8902, expected 8903
$T/wrong.txt:13:72: error: depth 2: counted 528, expected 529"
}

@test "suite: malformed lines and an invalid FEN are reported, the rest still checked" {
    printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 20' \
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;20 ;4x0 ;8902' \
        '4k3/8/8/8/8/8/8/4K3 w - - 0 0 ;5' '' '# comment' \
        '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;14 ;191' > "$T/bad.txt"
    run --separate-stderr bin/cv-perft --suite "$T/bad.txt" -d 3
    expect 1 "$T/bad.txt: 3 counts checked, 0 mismatched" "$T/bad.txt:1:1: error: expected 'FEN ;D1 ;D2 ...'
$T/bad.txt:2:63: error: depth 2: expected a count
$T/bad.txt:3:29: error: fullmove number 0 (it starts at 1)"
}

@test "suite: an unknown variant directive is a spec error (exit 2) at its line" {
    printf '%s\n' '# variant: nosuch' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;20' > "$T/v.txt"
    run --separate-stderr bin/cv-perft --suite "$T/v.txt" -d 1
    [ "$status" -eq 2 ]
    [[ "$stderr" =~ ^"$T/v.txt":1:[0-9]+:\ error:\ unknown\ variant\ \'nosuch\' ]]
}

@test "suite from standard input" {
    run --separate-stderr bash -c "head -4 $SUITE | tail -1 | bin/cv-perft --suite - -d 3"
    expect 0 "<stdin>: 3 counts checked, 0 mismatched" ""
}

@test "--divide: each root move with its count, then the total" {
    run --separate-stderr bin/cv-perft --fen 'r3k3/1P6/8/8/8/8/8/4K2R w Kq - 0 1' -d 2 --divide
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    [ "${lines[-1]}" = "total 255" ]
    # the order of the moves is the generator's; the set is exact
    [ "$(printf '%s\n' "${lines[@]:0:${#lines[@]}-1}" | sort | tr '\n' ' ')" = \
      "b7a8b 5 b7a8n 5 b7a8q 3 b7a8r 3 b7b8b 13 b7b8n 12 b7b8q 4 b7b8r 4 e1d1 15 e1d2 15 e1e2 15 e1f1 15 e1f2 15 e1g1 13 h1f1 13 h1g1 15 h1h2 15 h1h3 15 h1h4 15 h1h5 15 h1h6 15 h1h7 12 h1h8 3 " ]
}

@test "--divide --notation san" {
    run --separate-stderr bin/cv-perft --fen 'r3k3/1P6/8/8/8/8/8/4K2R w Kq - 0 1' -d 1 --divide --notation san
    [ "$status" -eq 0 ]
    [ "${lines[-1]}" = "total 23" ]
    [ "$(printf '%s\n' "${lines[@]:0:${#lines[@]}-1}" | sort | tr '\n' ' ')" = \
      "Kd1 1 Kd2 1 Ke2 1 Kf1 1 Kf2 1 O-O 1 Rf1 1 Rg1 1 Rh2 1 Rh3 1 Rh4 1 Rh5 1 Rh6 1 Rh7 1 Rh8+ 1 b8=B 1 b8=N 1 b8=Q+ 1 b8=R+ 1 bxa8=B 1 bxa8=N 1 bxa8=Q+ 1 bxa8=R+ 1 " ]
}

@test "--divide --notation lan on the start position, depth 1" {
    run --separate-stderr bin/cv-perft -d 1 --divide --notation lan
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "${lines[@]}" | sort | tr '\n' ' ')" = \
      "Nb1-a3 1 Nb1-c3 1 Ng1-f3 1 Ng1-h3 1 a2-a3 1 a2-a4 1 b2-b3 1 b2-b4 1 c2-c3 1 c2-c4 1 d2-d3 1 d2-d4 1 e2-e3 1 e2-e4 1 f2-f3 1 f2-f4 1 g2-g3 1 g2-g4 1 h2-h3 1 h2-h4 1 total 20 " ]
}

split_sum() {  # split_sum FEN DEPTH N: sum of the N shares
    local sum=0 k n
    for k in $(seq 1 "$3"); do
        n=$(bin/cv-perft --fen "$1" -d "$2" --split "$k/$3") || return 1
        sum=$((sum + n))
    done
    echo "$sum"
}

@test "--split K/N: the N shares add up to the whole (start position, depth 4)" {
    S='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
    for n in 1 2 3 7; do
        [ "$(split_sum "$S" 4 $n)" = 197281 ]
    done
}

@test "--split K/N: Kiwipete depth 3, N = 1, 2, 3, 7 and N larger than the move count" {
    for n in 1 2 3 7 60; do
        [ "$(split_sum "$KIWI" 3 $n)" = 97862 ]
    done
}

@test "--split shares are disjoint: 1/2 and 2/2 of --divide list different moves" {
    a=$(bin/cv-perft -d 1 --divide --split 1/2 | grep -v total | cut -d' ' -f1 | sort)
    b=$(bin/cv-perft -d 1 --divide --split 2/2 | grep -v total | cut -d' ' -f1 | sort)
    [ "$(printf '%s\n%s\n' "$a" "$b" | sort | uniq -d)" = "" ]
    [ "$(printf '%s\n%s\n' "$a" "$b" | sort -u | wc -l)" -eq 20 ]
}

@test "--threads 2 and --hash 16 give the same counts" {
    run --separate-stderr bin/cv-perft --fen "$KIWI" -d 4
    expect 0 4085603 ""
    run --separate-stderr bin/cv-perft --fen "$KIWI" -d 4 --threads 2
    expect 0 4085603 ""
    run --separate-stderr bin/cv-perft --fen "$KIWI" -d 4 --hash 16
    expect 0 4085603 ""
    run --separate-stderr bin/cv-perft --fen "$KIWI" -d 4 --threads 2 --hash 16
    expect 0 4085603 ""
    run --separate-stderr bin/cv-perft --fen "$KIWI" -d 3 --threads 3 --hash 1 --split 2/3
    expect 0 "$(bin/cv-perft --fen "$KIWI" -d 3 --split 2/3)" ""
}

@test "depth 0 counts the root" {
    run --separate-stderr bin/cv-perft -d 0
    expect 0 1 ""
}

@test "variants: -V chess960, --spec, aliases" {
    run --separate-stderr bin/cv-perft -V chess960 --fen 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9' -d 3
    expect 0 12189 ""
    run --separate-stderr bin/cv-perft --spec specs/chess960.yaml --fen 'qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9' -d 3
    expect 0 13440 ""
    run --separate-stderr bin/cv-perft -V fischerandom -d 3
    expect 0 8902 ""
    run --separate-stderr bin/cv-perft -V Standard -d 2
    expect 0 400 ""
}

@test "--json" {
    run --separate-stderr bin/cv-perft -d 3 --json
    [ "$status" -eq 0 ]
    [[ "$output" =~ ^\{\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\ w\ KQkq\ -\ 0\ 1\",\"depth\":3,\"nodes\":8902,\"seconds\":[0-9]+\.[0-9]{3}\}$ ]]
}

@test "an invalid --fen: exit 1 with the problem" {
    run --separate-stderr bin/cv-perft --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0' -d 1
    expect 1 "" "--fen:1:56: error: fullmove number 0 (it starts at 1)"
    run --separate-stderr bin/cv-perft --fen 'x' -d 1
    stderr=$(printf '%s\n' "$stderr" | sort -s -t: -k3,3n)
    expect 1 "" "--fen:1:1: error: unknown piece letter 'x'
--fen:1:2: error: missing side to move, castling, en passant, halfmove clock and fullmove number fields"
}

@test "option errors exit 2 with the message" {
    t() { run --separate-stderr bin/cv-perft "$@"; }
    usage() { printf '%s\n%s' "cv-perft: error: $1" "Try 'cv-perft --help' for more information."; }
    t;                          expect 2 "" "$(usage 'give a depth with -d N or --depth N')"
    t -d;                       expect 2 "" "$(usage "option '-d' needs a value")"
    t -d x;                     expect 2 "" "$(usage "-d 'x': not a depth from 0 to 64")"
    t -d -1;                    expect 2 "" "$(usage "-d '-1': not a depth from 0 to 64")"
    t -d 65;                    expect 2 "" "$(usage "-d '65': not a depth from 0 to 64")"
    t -d 1 --threads 0;         expect 2 "" "$(usage "--threads '0': not a thread count from 1 to 256")"
    t -d 1 --threads 257;       expect 2 "" "$(usage "--threads '257': not a thread count from 1 to 256")"
    t -d 1 --hash -1;           expect 2 "" "$(usage "--hash '-1': not a size in MB from 0 to 65536")"
    t -d 1 --hash 1x;           expect 2 "" "$(usage "--hash '1x': not a size in MB from 0 to 65536")"
    t -d 1 --split 0/2;         expect 2 "" "$(usage "--split '0/2': not K/N with 1 <= K <= N <= 1000000")"
    t -d 1 --split 3/2;         expect 2 "" "$(usage "--split '3/2': not K/N with 1 <= K <= N <= 1000000")"
    t -d 1 --split 1/2x;        expect 2 "" "$(usage "--split '1/2x': not K/N with 1 <= K <= N <= 1000000")"
    t -d 1 --split 2;           expect 2 "" "$(usage "--split '2': not K/N with 1 <= K <= N <= 1000000")"
    t -d 1 --notation xyz;      expect 2 "" "$(usage "--notation 'xyz': not one of san, lan, uci, pbm, standard, romulan, pw, gc")"
    t -d 1 --bogus;             expect 2 "" "$(usage "unknown option '--bogus'")"
    t -d 1 extra;               expect 2 "" "$(usage "unexpected argument 'extra'")"
}

@test "exit 2: unknown variant, named without a bogus <stdin> location" {
    run --separate-stderr bin/cv-perft -V nosuch -d 1
    [ "$status" -eq 2 ]
    [ "$output" = "" ]
    [[ "$stderr" =~ ^cv-perft:\ error:\ unknown\ variant\ \'nosuch\'\ \(known:\ capablanca,\ chess,\  ]]
}

@test "exit 2: missing suite file, with the system's reason" {
    run --separate-stderr bin/cv-perft --suite tests/data/no-such-suite.txt
    expect 2 "" "cv-perft: error: tests/data/no-such-suite.txt: No such file or directory"
}

@test "--help and --version" {
    run --separate-stderr bin/cv-perft --help
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "Usage: cv-perft [OPTION]... -d DEPTH" ]
    run --separate-stderr bin/cv-perft --version
    [ "$status" -eq 0 ]
    [[ "$output" =~ ^cv-perft\ \(cvkit\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
}
