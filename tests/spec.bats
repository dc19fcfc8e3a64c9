#!/usr/bin/env bats
# Variant specs: one broken spec per kind of mistake (tests/data/specs/),
# each reported as FILE:LINE:COL: error: KEY: message with exit status 2,
# every problem of a file in one run; finding specs by name and alias; and
# a 10 x 8 variant written only in YAML (corpus/chess10x8/).

bats_require_minimum_version 1.5.0

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs"
    export LC_ALL=C
    S=tests/data/specs
    O108=corpus/chess10x8/orthodox10x8.yaml
}

# The diagnostics of a spec, sorted by line then column (stable): the
# loader's visiting order is not part of the contract, the set is.
spec_errors() {
    run --separate-stderr bin/cv-perft --spec "$1" -d 1
    SORTED=$(printf '%s\n' "$stderr" | sort -s -t: -k2,2n -k3,3n)
}

# expect_spec STATUS DIAGNOSTICS (sorted, one per line)
expect_spec() {
    local ok=0
    if [ "$status" -ne "$1" ]; then echo "# exit status $status, expected $1"; ok=1; fi
    if [ "$output" != "" ]; then echo "# unexpected standard output: $output"; ok=1; fi
    if [ "$SORTED" != "$2" ]; then
        echo "# diagnostics differ (- expected, + got):"
        diff -u <(printf '%s\n' "$2") <(printf '%s\n' "$SORTED") | sed 's/^/# /'
        ok=1
    fi
    return $ok
}

DIRS="unknown direction '%s' (orthogonal, diagonal, all, knight, camel, zebra, forward, backward, sideways, forward-diagonal, backward-diagonal, [a, b] or {dx, dy})"

# ---- one broken spec per kind of mistake ----

@test "YAML syntax error" {
    spec_errors $S/yaml-syntax.yaml
    expect_spec 2 "$S/yaml-syntax.yaml:4:7: error: yaml: did not find expected ',' or '}'"
}

@test "unknown top-level keys: both reported" {
    spec_errors $S/unknown-key.yaml
    expect_spec 2 "$S/unknown-key.yaml:9:1: error: castle: unknown key
$S/unknown-key.yaml:10:1: error: colour: unknown key"
}

@test "unknown key in a piece and in a move" {
    spec_errors $S/piece-unknown-key.yaml
    expect_spec 2 "$S/piece-unknown-key.yaml:8:5: error: pieces[0].colour: unknown key
$S/piece-unknown-key.yaml:11:9: error: pieces[0].moves[0].distance: unknown key"
}

@test "wrong type: list or mapping where another kind is expected" {
    spec_errors $S/wrong-type-list.yaml
    expect_spec 2 "$S/wrong-type-list.yaml:3:10: error: variant: expected a string, found a list
$S/wrong-type-list.yaml:4:8: error: board: expected a mapping, found a list
$S/wrong-type-list.yaml:6:3: error: pieces: expected a list, found a mapping"
}

@test "wrong type: string where an integer or a boolean is expected" {
    spec_errors $S/wrong-type-scalar.yaml
    expect_spec 2 "$S/wrong-type-scalar.yaml:4:10: error: board.files: expected an integer, found 'eight'
$S/wrong-type-scalar.yaml:8:12: error: pieces[0].royal: expected true or false, found 'maybe'
$S/wrong-type-scalar.yaml:11:16: error: pieces[0].moves[0].range: expected an integer, found 'far'"
}

@test "board size out of range" {
    spec_errors $S/board-range.yaml
    expect_spec 2 "$S/board-range.yaml:3:16: error: board.files: 17 is out of range 1..16
$S/board-range.yaml:3:27: error: board.ranks: 0 is out of range 1..16"
}

@test "unknown direction names" {
    spec_errors $S/direction.yaml
    expect_spec 2 "$S/direction.yaml:8:15: error: pieces[0].moves[0].step: $(printf "$DIRS" everywhere)
$S/direction.yaml:9:28: error: pieces[0].moves[1].ride: $(printf "$DIRS" sidewise)"
}

@test "promotion.to: unknown letters, the royal piece, the pawn" {
    spec_errors $S/promotion-letter.yaml
    expect_spec 2 "$S/promotion-letter.yaml:14:8: error: promotion.to: unknown piece letter 'Q'
$S/promotion-letter.yaml:14:11: error: promotion.to: cannot promote to the royal piece 'K'
$S/promotion-letter.yaml:14:14: error: promotion.to: cannot promote to the pawn 'P'
$S/promotion-letter.yaml:14:17: error: promotion.to: unknown piece letter 'X'"
}

@test "duplicate piece letter" {
    spec_errors $S/duplicate-letter.yaml
    expect_spec 2 "$S/duplicate-letter.yaml:9:13: error: pieces[1].letter: letter 'K' is used by two pieces"
}

@test "two royal piece types" {
    spec_errors $S/two-royals.yaml
    expect_spec 2 "$S/two-royals.yaml:5:3: error: pieces: more than one royal piece type"
}

@test "setup: a rank too long" {
    spec_errors $S/setup-rank-long.yaml
    expect_spec 2 "$S/setup-rank-long.yaml:8:8: error: setup: rank 8 has more than 8 squares (column 3 of the FEN)"
}

@test "setup: a letter no piece has" {
    spec_errors $S/setup-letter.yaml
    expect_spec 2 "$S/setup-letter.yaml:8:8: error: setup: unknown piece letter 'Q' (column 18 of the FEN)"
}

@test "missing required keys, every one of them" {
    spec_errors $S/missing-keys.yaml
    expect_spec 2 "$S/missing-keys.yaml:3:1: error: variant: missing
$S/missing-keys.yaml:3:1: error: board: missing
$S/missing-keys.yaml:3:1: error: setup: missing
$S/missing-keys.yaml:5:5: error: pieces[0].letter: missing
$S/missing-keys.yaml:5:5: error: pieces[0].moves: missing
$S/missing-keys.yaml:7:5: error: pieces[1].moves: missing"
}

@test "bad castling side and castling file" {
    spec_errors $S/castling-side.yaml
    expect_spec 2 "$S/castling-side.yaml:15:26: error: castling.moves[0].side: expected king or queen, found 'kingside'
$S/castling-side.yaml:16:42: error: castling.moves[1].king-to: expected a file letter a-h, found 'z'"
}

@test "duplicate key in a mapping" {
    spec_errors $S/duplicate-key.yaml
    expect_spec 2 "$S/duplicate-key.yaml:10:1: error: setup: duplicate key"
}

@test "every problem of a file is reported in one run (the setup too)" {
    spec_errors $S/every-problem.yaml
    expect_spec 2 "$S/every-problem.yaml:9:20: error: pieces[1].moves[0].ride: $(printf "$DIRS" everywhere)
$S/every-problem.yaml:10:8: error: setup: unknown piece letter 'Z' (column 18 of the FEN)
$S/every-problem.yaml:11:13: error: en-passant: expected true or false, found 'sometimes'
$S/every-problem.yaml:12:21: error: rules.fifty-move: -5 is out of range 0..100000"
}

@test "piece values: 1..100000 centipawns, an integer, never on the royal" {
    spec_errors $S/piece-value.yaml
    expect_spec 2 "$S/piece-value.yaml:5:37: error: pieces[0].value: a royal piece has no value (it is never traded)
$S/piece-value.yaml:6:24: error: pieces[1].value: 0 is out of range 1..100000
$S/piece-value.yaml:7:24: error: pieces[2].value: 100001 is out of range 1..100000
$S/piece-value.yaml:8:24: error: pieces[3].value: expected an integer, found 'lots'"
}

@test "piece values given in range: the spec loads" {
    run bin/cv-perft --spec tests/data/eval/given-values.yaml -d 1
    [ "$status" -eq 0 ]
    [ "$output" = "12" ]
}

@test "empty spec and a document that is not a mapping" {
    spec_errors $S/empty.yaml
    expect_spec 2 "$S/empty.yaml:1:1: error: (document): empty spec"
    spec_errors $S/not-a-mapping.yaml
    expect_spec 2 "$S/not-a-mapping.yaml:2:1: error: (document): expected a mapping, found a list"
}

@test "a spec file that does not exist" {
    spec_errors $S/no-such-spec.yaml
    expect_spec 2 "cv-perft: error: --spec $S/no-such-spec.yaml: No such file or directory"
}

@test "every tool refuses a broken spec with status 2 and the same diagnostic" {
    for cmd in "cv-check -f 4k3/8/8/8/8/8/8/4K3_w_-_-_0_1" "cv-legal -f 4k3/8/8/8/8/8/8/4K3_w_-_-_0_1" "cv-perft -d 1"; do
        set -- $cmd
        run --separate-stderr bin/$1 --spec $S/duplicate-letter.yaml "$2" "${3//_/ }"
        [ "$status" -eq 2 ]
        [ "$output" = "" ]
        [[ "$stderr" = *"$S/duplicate-letter.yaml:9:13: error: pieces[1].letter: letter 'K' is used by two pieces"* ]]
    done
}

@test "the shipped specs load cleanly" {
    for f in specs/*.yaml $O108; do
        run --separate-stderr bin/cv-perft --spec "$f" -d 1
        if [ "$f" = specs/panoply.yaml ]; then
            # loads, but has no start position to count from
            [ "$status" -eq 2 ]
            [[ "$stderr" = "cv-perft: error: panoply has no built-in start position"* ]]
            continue
        fi
        [ "$status" -eq 0 ]
        [ "$stderr" = "" ]
    done
}

# ---- finding specs by name and alias ----

@test "-V with a name or an alias, any case" {
    for v in chess CHESS Standard standard "Standard Chess" fide orthodox; do
        run --separate-stderr bin/cv-perft -V "$v" -d 2
        [ "$status" -eq 0 ]
        [ "$output" = 400 ]
    done
    for v in chess960 fischerandom FischeRandom 960 frc "Fischer Random"; do
        run --separate-stderr bin/cv-perft -V "$v" -d 1 --fen 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9'
        [ "$status" -eq 0 ]
        [ "$output" = 21 ]
    done
}

@test "-V fischerandom reads Shredder-FEN, -V Standard refuses it" {
    run --separate-stderr bin/cv-check -V fischerandom -f 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9'
    [ "$status" -eq 0 ]
    [ "$output" = ok ]
    run --separate-stderr bin/cv-check -V Standard -f 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9'
    [ "$status" -eq 1 ]
    [ "$stderr" = "--fen:1:56: error: invalid castling letter 'H'" ]
}

@test "-V with an unknown name: exit 2, the name in the message" {
    run --separate-stderr bin/cv-perft -V no-such-variant -d 1
    [ "$status" -eq 2 ]
    [ "$output" = "" ]
    [[ "$stderr" = *"unknown variant 'no-such-variant'"* ]]
}

@test "a variant is added by putting its file in \$CVKIT_SPECS (name and alias)" {
    CVKIT_SPECS=corpus/chess10x8 run --separate-stderr bin/cv-perft -V orthodox10x8 -d 2
    [ "$status" -eq 0 ]
    [ "$output" = 784 ]
    CVKIT_SPECS="$PWD/specs:corpus/chess10x8" run --separate-stderr bin/cv-perft -V 10x8 -d 2
    [ "$status" -eq 0 ]
    [ "$output" = 784 ]
}

@test "without \$CVKIT_SPECS an installed tool finds ../share/cvkit/specs (lib/variant.h)" {
    mkdir -p "$BATS_TEST_TMPDIR/bin" "$BATS_TEST_TMPDIR/share/cvkit/specs"
    cp bin/cv-perft "$BATS_TEST_TMPDIR/bin/"
    # (unless a cvkit is installed in the compiled-in directory)
    if [ ! -e /usr/local/share/cvkit/specs/chess.yaml ]; then
        run --separate-stderr env -u CVKIT_SPECS "$BATS_TEST_TMPDIR/bin/cv-perft" -d 2
        [ "$status" -eq 2 ]
        [[ "$stderr" = *"unknown variant 'chess'"* ]]
    fi
    cp specs/chess.yaml "$BATS_TEST_TMPDIR/share/cvkit/specs/"
    run --separate-stderr env -u CVKIT_SPECS "$BATS_TEST_TMPDIR/bin/cv-perft" -d 2
    [ "$status" -eq 0 ]
    [ "$output" = 400 ]
}

@test "without \$CVKIT_SPECS a tool finds its own ../specs from any directory" {
    run --separate-stderr env -u CVKIT_SPECS bash -c "cd / && '$PWD/bin/cv-perft' -d 2"
    [ "$status" -eq 0 ]
    [ "$output" = 400 ]
}

# ---- orthodox10x8: a 10 x 8 variant in YAML only ----

@test "orthodox10x8: perft 1 to 4 from the start (28, 784, 23594, 708162)" {
    for dn in 1:28 2:784 3:23594 4:708162; do
        run --separate-stderr bin/cv-perft --spec $O108 -d ${dn%%:*}
        [ "$status" -eq 0 ]
        [ "$output" = "${dn#*:}" ]
    done
}

@test "orthodox10x8: the 28 first moves are 20 pawn moves and 8 knight moves" {
    run --separate-stderr bin/cv-legal --spec $O108 --start
    [ "$status" -eq 0 ]
    [ "$output" = "Na3 Nb3 Nc3 Nd3 Ng3 Nh3 Ni3 Nj3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4 i3 i4 j3 j4" ]
}

@test "orthodox10x8: castling three squares each way, FEN with 10-wide ranks" {
    F='r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1'
    run --separate-stderr bin/cv-legal --spec $O108 --fen "$F" -a O-O
    [ "$status" -eq 0 ]
    [ "$output" = 'r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 b kq - 1 1' ]
    run --separate-stderr bin/cv-legal --spec $O108 --fen "$F" -a 'O-O O-O-O'
    [ "$output" = '2kr5r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 w - - 2 2' ]
    run --separate-stderr bin/cv-legal --spec $O108 --fen "$F" -n uci -m O-O-O
    [ "$output" = 'legal O-O-O f1c1' ]
}

@test "orthodox10x8: the perft suite (castling, promotion, en passant) to depth 4" {
    run --separate-stderr bin/cv-perft --spec $O108 --suite corpus/chess10x8/perft.txt -d 4
    [ "$stderr" = "" ]
    [ "$output" = "corpus/chess10x8/perft.txt: 8 counts checked, 0 mismatched" ]
    [ "$status" -eq 0 ]
}
