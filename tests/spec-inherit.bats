#!/usr/bin/env bats
# Spec inheritance (`inherits:`, docs/cvkit-variants.7): a child plays as
# its parent with the keys it writes put in their place; each diagnostic
# names the file the offending node came from; cycles, unknown parents,
# long chains and broken parents are refused at the `inherits` value or
# under the parent's name; a module refuses only what a child writes; a
# child does not claim its parent's aliases.  Specs are written in the
# test's own directory.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    export CVKIT_SPECS="$ROOT/specs"
    export LC_ALL=C
    B="$ROOT/bin"
    CHESS="$ROOT/specs/chess.yaml"
    cd "$BATS_TEST_TMPDIR"
}

# errors_of SPEC: cv-perft's diagnostics for it, sorted (the loader's
# visiting order is not part of the contract)
errors_of() {
    run --separate-stderr "$B/cv-perft" --spec "$1" -d 1
    stderr=$(printf '%s\n' "$stderr" | sort)
}

PAWN='  - letter: P
    name: pawn
    pawn: true
    moves:
      - { step: forward, mode: move }
      - { ride: forward, min: 2, range: 2, mode: move, from-ranks: [2] }
      - { step: forward-diagonal, mode: capture }'

# chess with knights that ride (nightriders)
nightrider() {
    cat > nightrider.yaml <<EOF
variant: nightrider-chess
inherits: chess
pieces:
  - { letter: K, name: king, royal: true, moves: [ { step: all } ] }
  - { letter: Q, name: queen, moves: [ { ride: all } ] }
  - { letter: R, name: rook, castling-rook: true, moves: [ { ride: orthogonal } ] }
  - { letter: B, name: bishop, moves: [ { ride: diagonal } ] }
  - { letter: N, name: nightrider, moves: [ { ride: knight } ] }
$PAWN
EOF
}

@test "a child giving only variant and setup plays chess from its own setup" {
    cat > kr.yaml <<'EOF'
variant: kings-and-rooks
inherits: chess
setup: r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1
EOF
    run --separate-stderr "$B/cv-perft" --spec kr.yaml -d 2
    expect 0 "625" ""
    # the parent's castling, from the child's setup
    run --separate-stderr "$B/cv-legal" --spec kr.yaml --start
    expect 0 "Kd1 Kf1 O-O O-O-O Rb1 Rc1 Rd1 Rf1 Rg1 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4" ""
}

@test "a child replacing pieces: its own pieces, with the parent's setup" {
    nightrider
    run --separate-stderr "$B/cv-perft" --spec nightrider.yaml -d 2
    expect 0 "576" ""
    run --separate-stderr "$B/cv-legal" --spec nightrider.yaml --start
    expect 0 "Na3 Nc3 Nd5 Ne5 Nf3 Nh3 Nxd7 Nxe7 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4" ""
}

@test "a chain of two: the child's pieces and chess's promotion, by name and by path" {
    nightrider
    printf 'variant: nightrider-endgame\ninherits: nightrider.yaml\nsetup: 4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1\n' > end.yaml
    run --separate-stderr "$B/cv-perft" --spec end.yaml -d 2
    expect 0 "63" ""
    run --separate-stderr "$B/cv-legal" --spec end.yaml --start
    expect 0 "Kd1 Kd2 Ke2 Kf1 Kf2 Na3 Na4 Nbc3 Nbf3 Nd2 Nd5 Nd7 Ne2 Ne5 Ne7 Ngc3 Ngf3 Nh3 Nh4" ""
    printf 'variant: promote\ninherits: nightrider.yaml\nsetup: 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\n' > promote.yaml
    run --separate-stderr "$B/cv-legal" --spec promote.yaml --start
    expect 0 "Kd1 Kd2 Ke2 Kf1 Kf2 b8=B b8=N b8=Q+ b8=R+" ""
    # the path is relative to the child's directory, not to ours
    mkdir -p there && mv nightrider.yaml end.yaml there/
    run --separate-stderr "$B/cv-perft" --spec there/end.yaml -d 2
    expect 0 "63" ""
}

@test "an error in an inherited value names the parent's file and line, the child's its own" {
    mkdir -p sub
    cat > sub/base.yaml <<'EOF'
variant: base
board: { files: 5, ranks: 5 }
pieces:
  - { letter: K, royal: true, moves: [ { step: all } ] }
  - { letter: Q, moves: [ { ride: all } ] }
  - { letter: P, pawn: true, moves: [ { step: forward, mode: move }, { step: forward-diagonal, mode: capture } ] }
setup: kq3/ppppp/5/PPPPP/KQ3 w - - 0 1
promotion: { ranks: [5], to: [Q] }
EOF
    run --separate-stderr "$B/cv-perft" --spec sub/base.yaml -d 1
    expect 0 "8" ""
    # without the queen, the inherited setup and promotion are wrong
    cat > noqueen.yaml <<'EOF'
variant: no-queens
inherits: sub/base.yaml
pieces:
  - { letter: K, royal: true, moves: [ { step: all } ] }
  - { letter: P, pawn: true, moves: [ { step: forward, mode: move }, { step: forward-diagonal, mode: capture } ] }
en-passant: sometimes
EOF
    errors_of noqueen.yaml
    expect 2 "" "noqueen.yaml:6:13: error: en-passant: expected true or false, found 'sometimes'
sub/base.yaml:7:8: error: setup: unknown piece letter 'q' (column 2 of the FEN)
sub/base.yaml:8:31: error: promotion.to: unknown piece letter 'Q'"
}

@test "an error in a value inherited two levels up names the grandparent's file" {
    cat > g.yaml <<'EOF'
variant: g
board: { files: 4, ranks: 4 }
pieces:
  - { letter: K, royal: true, moves: [ { step: all } ] }
  - { letter: Q, moves: [ { ride: all } ] }
setup: kq2/4/4/2QK w - - 0 1
promotion: { ranks: [4], to: [Q] }
EOF
    printf 'variant: m\ninherits: g.yaml\nsetup: k3/4/4/2QK w - - 0 1\n' > m.yaml
    printf 'variant: c\ninherits: m.yaml\npieces:\n  - { letter: K, royal: true, moves: [ { step: all } ] }\n' > c.yaml
    run --separate-stderr "$B/cv-perft" --spec m.yaml -d 1
    expect 0 "10" ""
    errors_of c.yaml
    expect 2 "" "g.yaml:7:31: error: promotion.to: unknown piece letter 'Q'
m.yaml:3:8: error: setup: unknown piece letter 'Q' (column 9 of the FEN)"
}

@test "a parent with errors reports them under its own name, and the child fails" {
    cat > broken.yaml <<'EOF'
variant: broken
board: { files: 4, ranks: 4 }
pieces:
  - { letter: K, royal: true, moves: [ { step: everywhere } ] }
setup: k3/4/4/3K w - - 0 1
EOF
    # even where the child replaces the broken key
    printf 'variant: kid\ninherits: broken.yaml\npieces:\n  - { letter: K, royal: true, moves: [ { step: all } ] }\n' > kid.yaml
    errors_of kid.yaml
    expect 2 "" "broken.yaml:4:48: error: pieces[0].moves[0].step: unknown direction 'everywhere' (orthogonal, diagonal, all, knight, camel, zebra, forward, backward, sideways, forward-diagonal, backward-diagonal, [a, b] or {dx, dy})"
    printf 'variant: bad\nboard: { files: 4, ranks: [4 }\n' > syntax.yaml
    printf 'variant: kid2\ninherits: syntax.yaml\n' > kid2.yaml
    errors_of kid2.yaml
    expect 2 "" "syntax.yaml:2:30: error: yaml: did not find expected ',' or ']'"
}

@test "a cycle: an error at the inherits value that closes it, naming the chain" {
    printf 'variant: c1\ninherits: c2.yaml\n' > c1.yaml
    printf 'variant: c2\n# back to the start\ninherits:   c1.yaml\n' > c2.yaml
    errors_of c1.yaml
    expect 2 "" "c2.yaml:3:13: error: inherits: a cycle: c1.yaml -> c2.yaml -> c1.yaml"
    printf 'variant: self\ninherits: self.yaml\n' > self.yaml
    errors_of self.yaml
    expect 2 "" "self.yaml:2:11: error: inherits: a cycle: self.yaml -> self.yaml"
}

@test "an unknown parent, by name or by path, and a value that is no string: at the inherits value" {
    printf 'variant: u\ninherits: no-such-variant\n' > u.yaml
    errors_of u.yaml
    expect 2 "" "u.yaml:2:11: error: inherits: no spec has the name or alias 'no-such-variant' (the search path of -V)"
    mkdir -p d
    printf 'variant: p\ndescription: a spec in d\ninherits: "missing.yaml"\n' > d/p.yaml
    errors_of d/p.yaml
    expect 2 "" "d/p.yaml:3:11: error: inherits: cannot read 'd/missing.yaml': No such file or directory"
    printf 'variant: l\ninherits: [chess, chess960]\n' > l.yaml
    errors_of l.yaml
    expect 2 "" "l.yaml:2:11: error: inherits: expected a string, found a list"
}

@test "a parent that is not a regular file is not read (a FIFO does not block)" {
    mkfifo fifo.yaml
    printf 'variant: f\ninherits: fifo.yaml\n' > f.yaml
    run --separate-stderr timeout 10 "$B/cv-perft" --spec f.yaml -d 1
    expect 2 "" "f.yaml:2:11: error: inherits: cannot read 'fifo.yaml': not a regular file"
}

@test "at most 8 parents in a chain" {
    for i in 0 1 2 3 4 5 6 7 8 9; do printf 'variant: l%d\ninherits: l%d.yaml\n' $i $((i + 1)) > l$i.yaml; done
    printf 'variant: l10\nboard: { files: 3, ranks: 3 }\npieces: [ { letter: K, royal: true, moves: [ { step: all } ] } ]\nsetup: k2/3/2K w - - 0 1\n' > l10.yaml
    run --separate-stderr "$B/cv-perft" --spec l2.yaml -d 1
    expect 0 "2" ""
    errors_of l1.yaml
    expect 2 "" "l9.yaml:2:11: error: inherits: more than 8 parents in a chain: l1.yaml -> l2.yaml -> l3.yaml -> l4.yaml -> l5.yaml -> l6.yaml -> l7.yaml -> l8.yaml -> l9.yaml -> l10.yaml"
}

@test "under a module, the own keys a child inherits are not refused, those it writes are" {
    # Parallel Worlds defines its own board, pieces and setup; chess's
    # are inherited and left to it
    printf 'variant: pw-child\ninherits: chess\nmodule: pw\npw: { rules: schmittberger }\n' > pwc.yaml
    run --separate-stderr "$B/cv-perft" --spec pwc.yaml -d 1
    expect 0 "3288" ""
    printf 'variant: pw-child\ninherits: chess\nmodule: pw\npw: { rules: schmittberger }\nsetup: 8/8/8/8/8/8/8/8 w - - 0 1\n' > pwc2.yaml
    errors_of pwc2.yaml
    expect 2 "" "pwc2.yaml:5:8: error: setup: not used with 'module: pw' (the module defines it)"
}

@test "aliases are not inherited: -V with the parent's alias finds the parent" {
    mkdir -p mine
    # read before chess.yaml by an alias search: were the aliases
    # inherited, it would claim 'standard'
    printf 'variant: a-child\naliases: [kings]\ninherits: standard\nsetup: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' > mine/achild.yaml
    export CVKIT_SPECS="$BATS_TEST_TMPDIR/mine:$ROOT/specs"
    run --separate-stderr "$B/cv-perft" -V standard -d 1
    expect 0 "20" ""
    run --separate-stderr "$B/cv-perft" -V fide -d 2
    expect 0 "400" ""
    # the child by its own name and alias
    run --separate-stderr "$B/cv-perft" -V a-child -d 1
    expect 0 "5" ""
    run --separate-stderr "$B/cv-perft" -V kings -d 1
    expect 0 "5" ""
}

@test "variant is not inherited: a child names itself" {
    printf 'inherits: chess\nsetup: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n' > anon.yaml
    errors_of anon.yaml
    expect 2 "" "anon.yaml:1:1: error: variant: missing"
}
