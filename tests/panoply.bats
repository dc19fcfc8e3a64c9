#!/usr/bin/env bats
# Panoply (docs/cvkit-variants.7, PANOPLY) through the tools: the panoply
# module behind the engine interface, Game Courier's position code and
# notation, every piece, the Barricade's steps, the Herald's freeze, check,
# mate, stalemate, the fifty-turn rule, each rule option, and the messages
# for malformed positions and moves.
#
# Every position here is made up for these tests (there is no published
# setup in text).  The expected answers were worked out by hand from the
# rules (docs/rules/panoply.md) and checked against an independent reference
# implementation of them (Python, written for these tests and kept outside the tree:
# move lists of 850 random positions, perft to depth 2 of 60 more and of
# the full-army test position); none was copied from the tools' output
# unchecked.  Records are Game Courier logs (gclog), the engine's format.
#
# Cells: files a-m, ranks 1-13; (q, r) 0-based is a cell when
# 6 <= q + r <= 18.  White's forward directions are (q, r+1) and
# (q-1, r+1) (e5 -> e6, e5 -> d6), Black's (q, r-1) and (q+1, r-1).

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || exit 1
    export CVKIT_SPECS="$PWD/specs"
    CVKIT_SPECS_DIR="$PWD/specs"
    B="$PWD/bin"
    T="$BATS_TEST_TMPDIR"
    EMPTY='7/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------7 w 0 1'
    # White King g1, Black King g13, nothing else
    KINGS='6k/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 w 0 1'
}

# legal CODE ARG...: cv-legal on a Panoply position
legal() {
    local f="$1"
    shift
    run --separate-stderr "$B/cv-legal" -V panoply --fen "$f" "$@"
}

# spec OPTION VALUE: a copy of specs/panoply.yaml that inherits nothing,
# named panoply-OPTION-VALUE (no aliases, which would clash), with one
# option of the panoply mapping changed; prints its path
spec() {
    sed -e "s/^variant: panoply\$/variant: panoply-$1-$2/" -e '/^aliases:/d' \
        -e "s/^  $1: .*/  $1: $2/" "$CVKIT_SPECS_DIR/panoply.yaml" > "$T/panoply-$1-$2.yaml"
    grep -q "^  $1: $2\$" "$T/panoply-$1-$2.yaml" || return 1
    echo "$T/panoply-$1-$2.yaml"
}

# game CODE LINE...: a Game Courier log $T/g.gc (the engine's record
# format) set up at CODE, one line per move and the result, if any
game() {
    local f="$1"
    shift
    { printf '// [SetUp "1"]\n// [FEN "%s"]\n' "$f"; printf '%s\n' "$@"; } > "$T/g.gc"
}

# ---- the position code ----------------------------------------------------

@test "the position code: two Kings, the empty board, the spec's alias" {
    run --separate-stderr "$B/cv-check" -V panoply --fen "$KINGS"
    expect 0 "ok" ""
    run --separate-stderr "$B/cv-check" -V Panoply --fen "$KINGS"
    expect 0 "ok" ""
    # written back unchanged
    run --separate-stderr "$B/cv-check" -V panoply --normalize --fen "$KINGS"
    expect 0 "$KINGS" ""
    # the empty board reads, but has no Kings
    run --separate-stderr "$B/cv-check" -V panoply --fen "$EMPTY"
    expect 1 "invalid" "--fen:1:1: error: White has 0 Kings (one is needed)
--fen:1:1: error: Black has 0 Kings (one is needed)"
    # g1 has three neighbours: g2, f2, h1
    legal "$KINGS"
    expect 0 "K g1-f2, K g1-g2, K g1-h1" ""
}

# ---- the inventor's rules page's own examples (docs/rules/panoply.md) -------

@test "the inventor's examples: a pawn on e5 takes e6 by jumping to e7, but never a Barricade on d6" {
    # white P e5, black Guard e6, black Barricade b1 on d6 and c7 (on the
    # pawn's line d6 -> c7, so only the pawn rule protects it)
    P='k6/8/9/10/11/12/2{b1}10/-2{b1}g8/--2P8/---10/----9/-----8/------K6 w 0 1'
    legal "$P"
    expect 0 "K g1-f2, K g1-g2, K g1-h1, P e5-e7; e6-" ""
    legal "$P" -m 'P e5-e7'
    expect 0 "legal P e5-e7; e6-, P e5-e7; e6-" ""
    legal "$P" -a 'P e5-e7; e6-'
    expect 0 "k6/8/9/10/11/12/2{b1}1P8/-2{b1}9/--11/---10/----9/-----8/------K6 b 0 1" ""
    # a pawn never captures by landing on its target
    legal "$P" -m 'P e5-e6'
    expect 1 "illegal: a Pawn takes by jumping over its target, not by landing on it" ""
    # nor jumps the Barricade's near end (both ends would go)
    legal "$P" -m 'P e5-b8; d6-; c7-'
    expect 1 "illegal: a Pawn taking d6 from e5 lands on c7, which is not empty" ""
    # the jump needs the cell behind the target empty: with e7 taken, no move
    legal 'k6/8/9/10/11/12/2{b1}1g8/-2{b1}g8/--2P8/---10/----9/-----8/------K6 w 0 1'
    expect 0 "K g1-f2, K g1-g2, K g1-h1" ""
}

@test "the inventor's examples: a Catapult on f4 takes d6 (over e5) landing on b8, f7 -> f10, f8 -> f12, but not e5" {
    # black Guards on e5, d6, f7 and f8; e5's landing cell would be d6
    P='k6/8/9/10/11/5g6/5g7/-2g9/--2g8/---2C7/----9/-----8/------6K w 0 1'
    legal "$P"
    expect 0 "C f4-b8; d6-, C f4-d4, C f4-e4, C f4-f10; f7-, C f4-f12; f8-, C f4-f2, C f4-f3, C f4-f5, C f4-f6, C f4-g3, C f4-g4, C f4-h2, C f4-h4, C f4-i1, C f4-i4, C f4-j4, C f4-k4, C f4-l4, C f4-m4, K m1-l1, K m1-l2, K m1-m2" ""
    legal "$P" --count
    expect 0 "22" ""
    legal "$P" -m 'C f4-b8'
    expect 0 "legal C f4-b8; d6-, C f4-b8; d6-" ""
    legal "$P" -m 'C f4-d6; e5-'
    expect 1 "illegal: a Catapult takes by leaping over its target, not by landing on it" ""
    legal "$P" -a 'C f4-f12; f8-'
    expect 0 "k6/5C2/9/10/11/12/5g7/-2g9/--2g8/---10/----9/-----8/------6K b 0 1" ""
}

@test "the inventor's examples: a Skirmisher on g7 takes g8 -> g6, e9 -> i5, c7 -> k7; its plain move there is another move" {
    P='k6/8/9/10/4g6/6g5/2g3S6/-12/--11/---10/----9/-----8/------6K w 0 1'
    legal "$P"
    expect 0 "K m1-l1, K m1-l2, K m1-m2, S g7-d7, S g7-e7, S g7-f7, S g7-f8, S g7-g1, S g7-g2, S g7-g3, S g7-g4, S g7-g5, S g7-g6, S g7-g6; g8-, S g7-h6, S g7-h7, S g7-i5, S g7-i5; e9-, S g7-i7, S g7-j4, S g7-j7, S g7-k3, S g7-k7, S g7-k7; c7-, S g7-l2, S g7-l7, S g7-m7" ""
    legal "$P" --count
    expect 0 "27" ""
    # the bare move is the plain move; the capture names its removal, in any order
    legal "$P" -m 'S g7-g6'
    expect 0 "legal S g7-g6, S g7-g6" ""
    legal "$P" -m 'g8-; S g7-g6'
    expect 0 "legal S g7-g6; g8-, S g7-g6; g8-" ""
    legal "$P" -a 'S g7-g6'
    expect 0 "k6/8/9/10/4g6/6g5/2g10/-5S6/--11/---10/----9/-----8/------6K b 1 1" ""
    legal "$P" -a 'S g7-g6; g8-'
    expect 0 "k6/8/9/10/4g6/12/2g10/-5S6/--11/---10/----9/-----8/------6K b 0 1" ""
    # never by landing on its target
    legal "$P" -m 'S g7-c7'
    expect 1 "illegal: a Skirmisher takes by retreating as far from its target, not by landing on it" ""
}

# ---- each piece -----------------------------------------------------------

@test "King: one step in the six directions, captures by replacement, never onto an attacked cell" {
    legal 'k6/8/9/10/11/12/6K6/-12/--11/---10/----9/-----8/------7 w 0 1'
    expect 0 "K g7-f7, K g7-f8, K g7-g6, K g7-g8, K g7-h6, K g7-h7" ""
    # a black Guard on g8 gives check; f8 and h7 are next to it; g8 is taken
    P='k6/8/9/10/11/6g5/6K6/-12/--11/---10/----9/-----8/------7 w 0 1'
    legal "$P"
    expect 0 "K g7-f7, K g7-g6, K g7-g8, K g7-h6" ""
    legal "$P" -m 'K g7-h7'
    expect 1 "illegal: does not get the White King out of check" ""
}

@test "Guard: one step, captures by replacement, never a friendly piece" {
    # G g7 beside its King on h7 and a black Guard on f8
    P='k6/8/9/10/11/5g6/6GK5/-12/--11/---10/----9/-----8/------7 w 0 1'
    legal "$P"
    expect 0 "G g7-f7, G g7-f8, G g7-g6, G g7-g8, G g7-h6, K h7-h6, K h7-h8, K h7-i6, K h7-i7" ""
    legal "$P" -m 'G g7-h7'
    expect 1 "illegal: the Guard on g7 cannot move to h7: White's own piece stands there" ""
}

@test "Rider: slides the six lines, stopped by any piece, takes the first enemy" {
    # R f6; its own Guard on f9; black Guards on d6 and c6
    P='k6/8/9/10/5G5/12/13/-1gg1R7/--11/---10/----9/-----8/------K6 w 0 1'
    legal "$P"
    expect 0 "G f9-e10, G f9-e9, G f9-f10, G f9-f8, G f9-g8, G f9-g9, K g1-f2, K g1-g2, K g1-h1, R f6-a11, R f6-b10, R f6-c9, R f6-d6, R f6-d8, R f6-e6, R f6-e7, R f6-f2, R f6-f3, R f6-f4, R f6-f5, R f6-f7, R f6-f8, R f6-g5, R f6-g6, R f6-h4, R f6-h6, R f6-i3, R f6-i6, R f6-j2, R f6-j6, R f6-k1, R f6-k6, R f6-l6, R f6-m6" ""
    legal "$P" -m 'R f6-c6'
    expect 1 "illegal: the Rider on f6 is blocked by the Guard on d6" ""
    legal "$P" -m 'R f6-f9'
    expect 1 "illegal: the Rider on f6 cannot move to f9: White's own piece stands there" ""
}

@test "Herald: slides like the Rider, never captures" {
    # the Rider's position with a Herald on f6: 24 moves, d6 not among them
    P='k6/8/9/10/5G5/12/13/-1gg1H7/--11/---10/----9/-----8/------K6 w 0 1'
    legal "$P" --count
    expect 0 "33" ""
    run --separate-stderr bash -c "$B/cv-legal -V panoply --fen '$P' -j | grep -o '\"H f6-[a-m0-9]*\"' | tr -d '\"' | paste -sd' '"
    expect 0 "H f6-a11 H f6-b10 H f6-c9 H f6-d8 H f6-e6 H f6-e7 H f6-f2 H f6-f3 H f6-f4 H f6-f5 H f6-f7 H f6-f8 H f6-g5 H f6-g6 H f6-h4 H f6-h6 H f6-i3 H f6-i6 H f6-j2 H f6-j6 H f6-k1 H f6-k6 H f6-l6 H f6-m6" ""
    legal "$P" -m 'H f6-d6'
    expect 1 "illegal: a Herald never takes" ""
}

@test "Pawn: slides any distance along both forward directions, promotes on rank 13 to R S C H G" {
    # P e5: e6..e12, e13 five times; d6, c7, b8, a9
    legal 'k6/8/9/10/11/12/13/-12/--2P8/---10/----9/-----8/------K6 w 0 1'
    expect 0 "K g1-f2, K g1-g2, K g1-h1, P e5-a9, P e5-b8, P e5-c7, P e5-d6, P e5-e10, P e5-e11, P e5-e12, P e5-e13; C-e13, P e5-e13; G-e13, P e5-e13; H-e13, P e5-e13; R-e13, P e5-e13; S-e13, P e5-e6, P e5-e7, P e5-e8, P e5-e9" ""
    # P e12: both forward cells are on rank 13: 5 moves each
    P='6k/4P3/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 w 0 1'
    legal "$P"
    expect 0 "K g1-f2, K g1-g2, K g1-h1, P e12-d13; C-d13, P e12-d13; G-d13, P e12-d13; H-d13, P e12-d13; R-d13, P e12-d13; S-d13, P e12-e13; C-e13, P e12-e13; G-e13, P e12-e13; H-e13, P e12-e13; R-e13, P e12-e13; S-e13" ""
    legal "$P" -a 'P e12-e13; R-e13'
    expect 0 "4R1k/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 b 0 1" ""
    # promotion is compulsory, and never to a pawn, a King or a Barricade
    for m in 'P e12-e13' 'P e12-e13; P-e13' 'P e12-e13; K-e13' 'P e12-e13; B1-e13' 'P e12-e13; r-e13'; do
        legal "$P" -m "$m"
        expect 1 "illegal: the Pawn on e12 moves to e13 as 'P e12-e13; R-e13' or 4 other ways, not as '$m'" ""
    done
}

@test "Pawn: promotion by a capturing jump; Black's pawns move toward rank 1" {
    # P e11 jumps a black Rider on e12 onto e13, promoting
    P='k6/4r3/4P4/10/11/12/13/-12/--11/---10/----9/-----8/------K6 w 0 1'
    legal "$P"
    expect 0 "K g1-f2, K g1-g2, K g1-h1, P e11-c13; C-c13, P e11-c13; G-c13, P e11-c13; H-c13, P e11-c13; R-c13, P e11-c13; S-c13, P e11-d12, P e11-e13; e12-; C-e13, P e11-e13; e12-; G-e13, P e11-e13; e12-; H-e13, P e11-e13; e12-; R-e13, P e11-e13; e12-; S-e13" ""
    legal "$P" -a 'P e11-e13; e12-; G-e13'
    expect 0 "k3G2/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 b 0 1" ""
    # a black pawn on g7: g6..g2, g1 five times; h6..l2, m1 five times
    legal 'k6/8/9/10/11/12/K5p6/-12/--11/---10/----9/-----8/------7 b 0 1'
    expect 0 "k a13-a12, k a13-b12, k a13-b13, p g7-g1; c-g1, p g7-g1; g-g1, p g7-g1; h-g1, p g7-g1; r-g1, p g7-g1; s-g1, p g7-g2, p g7-g3, p g7-g4, p g7-g5, p g7-g6, p g7-h6, p g7-i5, p g7-j4, p g7-k3, p g7-l2, p g7-m1; c-m1, p g7-m1; g-m1, p g7-m1; h-m1, p g7-m1; r-m1, p g7-m1; s-m1" ""
    # docs/rules/panoply.md's p i3-i1; i2-; r-i1: a black pawn jumps a white Guard
    P='k6/8/9/10/11/12/K12/-12/--11/---10/----4p4/-----3G4/------7 b 0 1'
    legal "$P"
    expect 0 "k a13-a12, k a13-b12, k a13-b13, p i3-i1; i2-; c-i1, p i3-i1; i2-; g-i1, p i3-i1; i2-; h-i1, p i3-i1; i2-; r-i1, p i3-i1; i2-; s-i1, p i3-j2, p i3-k1; c-k1, p i3-k1; g-k1, p i3-k1; h-k1, p i3-k1; r-k1, p i3-k1; s-k1" ""
    legal "$P" -a 'p i3-i1; i2-; r-i1'
    expect 0 "k6/8/9/10/11/12/K12/-12/--11/---10/----9/-----8/------2r4 w 0 2" ""
    # in the mover's case
    legal "$P" -m 'p i3-i1; i2-; R-i1'
    expect 1 "illegal: the Pawn on i3 moves to i1 as 'p i3-i1; i2-; r-i1' or 4 other ways, not as 'p i3-i1; i2-; R-i1'" ""
}

# ---- the Barricade ---------------------------------------------------------

@test "Barricade: a lone Barricade in the open has 24 moves (36 step sequences, the same result being one move)" {
    # B1 on g6 and g7: 6 first steps (4 rotations onto f7 or h6, 2
    # advances), 5 second steps after each (not the one undoing it) make 36
    # sequences reaching 24 different pairs of cells
    P='k6/8/9/10/11/12/6{B1}6/-5{B1}6/--11/---10/----9/-----8/------K6 w 0 1'
    run --separate-stderr bash -c "$B/cv-legal -V panoply --fen '$P' -j | grep -o '\"B1 [^\"]*\"' | tr -d '\"'"
    expect 0 "B1 g6-f7
B1 g6-f7; B1 g7-e7
B1 g6-f7; B1 g7-f8
B1 g6-g8
B1 g6-g8; B1 g7-f8
B1 g6-g8; B1 g7-g9
B1 g6-g8; B1 g7-h7
B1 g6-h6
B1 g6-h6; B1 g7-h7
B1 g6-h6; B1 g7-i5
B1 g6-h6; B1 h6-f8
B1 g6-h6; B1 h6-h7
B1 g7-f7
B1 g7-f7; B1 g6-e8
B1 g7-f7; B1 g6-f6
B1 g7-g5
B1 g7-g5; B1 g6-f6
B1 g7-g5; B1 g6-g4
B1 g7-g5; B1 g6-h5
B1 g7-h6
B1 g7-h6; B1 g6-h5
B1 g7-h6; B1 g6-i6
B1 g7-h6; B1 h6-f6
B1 g7-h6; B1 h6-h5" ""
    legal "$P" --count
    expect 0 "27" ""
    run --separate-stderr "$B/cv-perft" -V panoply --fen "$P" -d 2
    expect 0 "81" ""
    # an advance names the rear end leaping the front one; a step that
    # undoes the first (no capture) is no move
    legal "$P" -a 'B1 g6-g8; B1 g7-g9'
    expect 0 "k6/8/9/10/6{B1}4/6{B1}5/13/-12/--11/---10/----9/-----8/------K6 b 1 1" ""
    legal "$P" -m 'B1 g6-g8; B1 g8-g6'
    expect 1 "illegal: the Barricade B1 on g6 moves to g8 as 'B1 g6-g8' or 3 other ways, not as 'B1 g6-g8; B1 g8-g6'" ""
    legal "$P" -m 'B1 g6-f7; B1 f7-g6'
    expect 1 "illegal: the Barricade B1 on g6 moves to f7 as 'B1 g6-f7' or 5 other ways, not as 'B1 g6-f7; B1 f7-g6'" ""
    # two sequences with one result are one move, however written
    legal "$P" -a 'B1 g6-f7; B1 g7-g6'
    expect 0 "k6/8/9/10/11/12/5{B1}7/-5{B1}6/--11/---10/----9/-----8/------K6 b 1 1" ""
    legal "$P" -a 'B1 g7-f7'
    expect 0 "k6/8/9/10/11/12/5{B1}7/-5{B1}6/--11/---10/----9/-----8/------K6 b 1 1" ""
}

@test "Barricade: captures by advancing, twice in one move, and captures then retreats" {
    # B1 g2-g3 below black Guards on g4 and g5
    P='k6/8/9/10/11/12/K12/-12/--4g6/---3g6/----2{B1}6/-----1{B1}6/------7 w 0 1'
    legal "$P" --count
    expect 0 "29" ""
    legal "$P" -a 'B1 g2-g4'
    expect 0 "k6/8/9/10/11/12/K12/-12/--4g6/---3{B1}6/----2{B1}6/-----8/------7 b 0 1" ""
    legal "$P" -m 'B1 g2-g4; B1 g3-g5'
    expect 0 "legal B1 g2-g4; B1 g3-g5, B1 g2-g4; B1 g3-g5" ""
    legal "$P" -a 'B1 g2-g4; B1 g3-g5'
    expect 0 "k6/8/9/10/11/12/K12/-12/--4{B1}6/---3{B1}6/----9/-----8/------7 b 0 1" ""
    legal "$P" -m 'B1 g2-g4; B1 g4-g2'
    expect 0 "legal B1 g2-g4; B1 g4-g2, B1 g2-g4; B1 g4-g2" ""
    legal "$P" -a 'B1 g2-g4; B1 g4-g2'
    expect 0 "k6/8/9/10/11/12/K12/-12/--4g6/---10/----2{B1}6/-----1{B1}6/------7 b 0 1" ""
    # a rotation never captures
    legal "$P" -m 'B1 g2-g4; B1 g4-f4'
    expect 0 "legal B1 g2-g4; B1 g4-f4, B1 g2-g4; B1 g4-f4" ""
    legal "$P" -m 'B1 g3-g5'
    expect 1 "illegal: the Barricade B1 on g3 cannot move to g5" ""
    # a Guard and then a whole Barricade: three cells in one move
    P='k6/8/9/10/11/12/K12/-5{b1}6/--4{b1}6/---3g6/----2{B1}6/-----1{B1}6/------7 w 0 1'
    legal "$P" -m 'B1 g2-g4; B1 g3-g5'
    expect 0 "legal B1 g2-g4; B1 g3-g5; g6-, B1 g2-g4; B1 g3-g5; g6-" ""
    legal "$P" -a 'B1 g2-g4; B1 g3-g5; g6-'
    expect 0 "k6/8/9/10/11/12/K12/-12/--4{B1}6/---3{B1}6/----9/-----8/------7 b 0 1" ""
    # a Barricade taken and the retreat: the far end written as a removal
    P='k6/8/9/10/5{b1}5/5{b1}6/K4{B1}7/-4{B1}7/--11/---10/----9/-----8/------7 w 0 1'
    legal "$P" --count
    expect 0 "30" ""
    legal "$P" -m 'B1 f6-f8; B1 f8-f6'
    expect 0 "legal B1 f6-f8; f9-; B1 f8-f6, B1 f6-f8; f9-; B1 f8-f6" ""
    legal "$P" -a 'B1 f6-f8; f9-; B1 f8-f6'
    expect 0 "k6/8/9/10/11/12/K4{B1}7/-4{B1}7/--11/---10/----9/-----8/------7 b 0 1" ""
}

@test "Barricade: taken only along its axis, the near end the target, both ends removed" {
    # a black Barricade on g7-h7 (axis: rank 7).  On the axis a Rider on c7
    # takes it; a Guard on g8 touches both ends off the axis, a Catapult on
    # e9 lines up with g7 off the axis: neither can take it
    P='k6/8/9/10/4C6/6G5/2R3{b1}{b1}5/-12/--11/---10/----9/-----8/------K6 w 0 1'
    legal "$P" --count
    expect 0 "53" ""
    run --separate-stderr bash -c "$B/cv-legal -V panoply --fen '$P' -j | grep -o '\"[GR] [^\"]*\"' | tr -d '\"' | paste -sd' '"
    expect 0 "G g8-f8 G g8-f9 G g8-g9 G g8-h8 R c7-a7 R c7-a9 R c7-b7 R c7-b8 R c7-c10 R c7-c11 R c7-c12 R c7-c13 R c7-c5 R c7-c6 R c7-c8 R c7-c9 R c7-d6 R c7-d7 R c7-e5 R c7-e7 R c7-f4 R c7-f7 R c7-g3 R c7-g7; h7- R c7-h2 R c7-i1" ""
    legal "$P" -a 'R c7-g7'
    expect 0 "k6/8/9/10/4C6/6G5/6R6/-12/--11/---10/----9/-----8/------K6 b 0 1" ""
    legal "$P" -m 'C e9-i5; g7-; h7-'
    expect 1 "illegal: the Barricade b1 on g7 is taken only along its axis (g7-h7), and the Catapult on e9 is off it" ""
    # on the axis from both sides: a Catapult on c7 leaps the near end g7
    # (over its own Catapult on f7) to k7; the Catapult on f7, next to the
    # near end, would land on the far end: no capture; a Skirmisher on j7
    # retreats two cells from h7
    P='k6/8/9/10/11/12/2C2C{b1}{b1}1S3/-12/--11/---10/----9/-----8/------K6 w 0 1'
    legal "$P" --count
    expect 0 "71" ""
    run --separate-stderr bash -c "$B/cv-legal -V panoply --fen '$P' -j | grep -o '\"[^\"]*; [^\"]*\"' | tr -d '\"' | paste -sd,"
    expect 0 "C c7-k7; g7-; h7-,S j7-l7; h7-; g7-" ""
    # a Barricade off the axis of an advancing one is immune to it ...
    P='k6/8/9/10/11/12/K12/-12/--11/---3{b1}{b1}5/----2{B1}6/-----1{B1}6/------7 w 0 1'
    legal "$P" -m 'B1 g2-g4; h4-'
    expect 1 "illegal: the Barricade b1 on g4 is taken only along its axis (g4-h4), and the Barricade B1 on g2 is off it" ""
    legal "$P" --count
    expect 0 "22" ""
    # ... and one on it is taken, also by a second step that starts on its axis
    P='k6/8/9/10/11/12/K12/-12/--4{b1}6/---3{b1}6/----2{B1}6/-----2{B1}5/------7 w 0 1'
    legal "$P" -m 'B1 h2-g2; B1 g2-g4'
    expect 0 "legal B1 h2-g2; B1 g2-g4; g5-, B1 h2-g2; B1 g2-g4; g5-" ""
    legal "$P" -a 'B1 h2-g2; B1 g2-g4; g5-'
    expect 0 "k6/8/9/10/11/12/K12/-12/--11/---3{B1}6/----2{B1}6/-----8/------7 b 0 1" ""
}

@test "Barricade: friendly pieces block its steps" {
    # B1 g6-g7 with its own Guards on g8 (ahead) and on f7 and h6 (the two
    # rotation cells): only the advance to g5-g6 and what follows it
    P='k6/8/9/10/11/6G5/K4G{B1}6/-5{B1}G5/--11/---10/----9/-----8/------7 w 0 1'
    legal "$P"
    expect 0 "B1 g7-g5, B1 g7-g5; B1 g5-f6, B1 g7-g5; B1 g5-h5, B1 g7-g5; B1 g6-f6, B1 g7-g5; B1 g6-g4, B1 g7-g5; B1 g6-h5, G f7-e7, G f7-e8, G f7-f6, G f7-f8, G g8-f8, G g8-f9, G g8-g9, G g8-h7, G g8-h8, G h6-h5, G h6-h7, G h6-i5, G h6-i6, K a7-a8, K a7-b6, K a7-b7" ""
    legal "$P" -m 'B1 g6-g8'
    expect 1 "illegal: the Barricade B1 on g6 cannot move to g8: White's own piece stands there" ""
}

@test "Barricade: two Barricades that take the same piece and retreat are told apart by the piece named" {
    # B1 g2-g3 and B2 i4-h4 can each take the Guard on g4 and go back
    P='k6/8/9/10/11/12/K12/-12/--11/---3g{B2}{B2}4/----2{B1}6/-----1{B1}6/------7 w 0 1'
    legal "$P" --count
    expect 0 "56" ""
    legal "$P" -m 'B1 g2-g4; B1 g4-g2'
    expect 0 "legal B1 g2-g4; B1 g4-g2, B1 g2-g4; B1 g4-g2" ""
    legal "$P" -m 'B2 i4-g4; B2 g4-i4'
    expect 0 "legal B2 i4-g4; B2 g4-i4, B2 i4-g4; B2 g4-i4" ""
    legal "$P" -m 'g4-'
    expect 1 "ambiguous: 'g4-' fits 2 legal moves (write the move of the piece that moves)" ""
}

# ---- the Herald's freeze ---------------------------------------------------

@test "Herald: an enemy piece next to it cannot move; pieces may pass and stop beside it" {
    # a white Rider on g7 beside a black Herald on h7
    P='k6/8/9/10/11/12/6Rh5/-12/--11/---10/----9/-----8/------K6 w 0 1'
    legal "$P"
    expect 0 "K g1-f2, K g1-g2, K g1-h1" ""
    legal "$P" -m 'R g7-g8'
    expect 1 "illegal: the Rider on g7 is frozen by the Herald on h7" ""
    # a Rider on c7, a black Herald on f8: f7 and g7 touch it
    P='k6/8/9/10/11/5h6/2R10/-12/--11/---10/----9/-----8/------K6 w 0 1'
    legal "$P" -a 'R c7-g7'
    expect 0 "k6/8/9/10/11/5h6/6R6/-12/--11/---10/----9/-----8/------K6 b 1 1" ""
    legal "$P" -m 'R c7-m7'
    expect 0 "legal R c7-m7, R c7-m7" ""
}

@test "Herald: two hostile Heralds side by side freeze each other" {
    legal 'k6/8/9/10/11/12/6Hh5/-12/--11/---10/----9/-----8/------K6 w 0 1'
    expect 0 "K g1-f2, K g1-g2, K g1-h1" ""
    P='k6/8/9/10/11/12/6Hh5/-12/--11/---10/----9/-----8/------K6 b 0 1'
    legal "$P"
    expect 0 "k a13-a12, k a13-b12, k a13-b13" ""
    legal "$P" -m 'h h7-h8'
    expect 1 "illegal: the Herald on h7 is frozen by the Herald on g7" ""
}

@test "Herald: a Barricade with either end next to a hostile Herald is frozen" {
    # B1 g6-g7; a black Herald on g5 touches g6 only, on g8 g7 only, on f7 both
    for code in 'k6/8/9/10/11/12/6{B1}6/-5{B1}6/--4h6/---10/----9/-----8/------K6 w 0 1' \
                'k6/8/9/10/11/6h5/6{B1}6/-5{B1}6/--11/---10/----9/-----8/------K6 w 0 1' \
                'k6/8/9/10/11/12/5h{B1}6/-5{B1}6/--11/---10/----9/-----8/------K6 w 0 1'; do
        legal "$code"
        expect 0 "K g1-f2, K g1-g2, K g1-h1" ""
    done
    # on i4 it touches neither: all 24 moves
    legal 'k6/8/9/10/11/12/6{B1}6/-5{B1}6/--11/---5h4/----9/-----8/------K6 w 0 1' --count
    expect 0 "27" ""
}

@test "Herald: a frozen piece gives no check; moving the Herald away exposes the King" {
    # a black Rider on g5 lines up with the white King on g1, frozen by the
    # white Herald on h5: the position is valid with either side to move
    P='k6/8/9/10/11/12/13/-12/--4rH5/---10/----9/-----8/------K6 w 0 1'
    run --separate-stderr "$B/cv-check" -V panoply --fen "$P"
    expect 0 "ok" ""
    run --separate-stderr "$B/cv-check" -V panoply --fen 'k6/8/9/10/11/12/13/-12/--4rH5/---10/----9/-----8/------K6 b 0 1'
    expect 0 "ok" ""
    # the King may even step onto the Rider's file; the Herald may only move
    # to g6 or h4, where it still touches g5
    legal "$P"
    expect 0 "H h5-g6, H h5-h4, K g1-f2, K g1-g2, K g1-h1" ""
    legal "$P" -m 'H h5-i5'
    expect 1 "illegal: would leave the White King in check" ""
    # a frozen Barricade gives no check either: b1 g10-g11 reaches g8 in two
    # advances, unless a white Herald on f12 touches g11
    run --separate-stderr "$B/cv-check" -V panoply --fen 'k6/8/6{b1}2/6{b1}3/11/6K5/13/-12/--11/---10/----9/-----8/------7 b 0 1'
    expect 1 "invalid" "--fen:1:1: error: the side not to move is in check (its King can be taken)"
    run --separate-stderr "$B/cv-check" -V panoply --fen 'k6/5H2/6{b1}2/6{b1}3/11/6K5/13/-12/--11/---10/----9/-----8/------7 b 0 1'
    expect 0 "ok" ""
}

@test "Herald: moving it next to a checking piece parries the check" {
    # the black Rider on g5 checks the King on g1; the Herald on k5 parries on h5
    P='k6/8/9/10/11/12/13/-12/--4r3H2/---10/----9/-----8/------K6 w 0 1'
    legal "$P"
    expect 0 "H k5-h5, K g1-f2, K g1-h1" ""
    legal "$P" -m 'K g1-g2'
    expect 1 "illegal: does not get the White King out of check" ""
    legal "$P" -m 'H k5-i5'
    expect 1 "illegal: does not get the White King out of check" ""
}

# ---- check, mate, stalemate, fifty turns ------------------------------------

@test "attacks follow the capture rules: pawn, Catapult, Skirmisher, Barricade (the side not to move in check)" {
    for case in \
        'k6/8/9/10/11/5p6/6K6/-12/--11/---10/----9/-----8/------7 b 0 1@1' \
        'k6/8/9/10/11/5p6/6K6/-6G5/--11/---10/----9/-----8/------7 b 0 1@0' \
        'k6/8/9/10/11/6p5/6K6/-5G6/--11/---10/----9/-----8/------7 b 0 1@0' \
        'k6/8/6c2/10/11/12/6K6/-12/--11/---10/----9/-----8/------7 b 0 1@1' \
        'k6/8/6c2/6g3/6G4/12/6K6/-12/--11/---10/----9/-----8/------7 b 0 1@1' \
        'k6/8/6c2/10/11/12/6K6/-12/--11/---10/----2G6/-----8/------7 b 0 1@0' \
        'k6/8/9/10/6s4/12/6K6/-12/--11/---10/----9/-----8/------7 b 0 1@1' \
        'k6/8/6G2/10/6s4/12/6K6/-12/--11/---10/----9/-----8/------7 b 0 1@0' \
        'k6/8/9/6G3/6s4/12/6K6/-12/--11/---10/----9/-----8/------7 b 0 1@0' \
        'k6/8/6{b1}2/6{b1}3/11/6K5/13/-12/--11/---10/----9/-----8/------7 b 0 1@1' \
        'k6/8/6{b1}2/6{b1}3/11/12/6K6/-12/--11/---10/----9/-----8/------7 b 0 1@0' \
        'k6/8/6{b1}2/6{b1}3/5K5/12/13/-12/--11/---10/----9/-----8/------7 b 0 1@0'; do
        run --separate-stderr "$B/cv-check" -V panoply --fen "${case%@*}"
        if [ "${case#*@}" = 1 ]; then
            expect 1 "invalid" "--fen:1:1: error: the side not to move is in check (its King can be taken)"
        else
            expect 0 "ok" ""
        fi
    done
}

@test "checkmate: no legal move in check; the record's result is the mate's" {
    # Black's Rider k5-g5 checks g1; Riders on f8 and h9 hold f2 and h1
    P='k6/8/9/10/7r3/5r6/13/-12/--8r2/---10/----9/-----8/------K6 b 0 1'
    MATE='k6/8/9/10/7r3/5r6/13/-12/--4r6/---10/----9/-----8/------K6 w 1 2'
    legal "$P" -a 'r k5-g5'
    expect 0 "$MATE" ""
    legal "$MATE" --count
    expect 0 "0" ""
    legal "$MATE"
    expect 0 "" ""
    run --separate-stderr "$B/cv-check" -V panoply --fen "$MATE"
    expect 0 "ok" ""
    cd "$T"
    game "$P" '1... r k5-g5' '0-1'
    run --separate-stderr "$B/cv-replay" g.gc
    expect 0 "g.gc: game 1: valid, 1 ply, 0-1
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ""
    game "$P" '1... r k5-g5' '*'
    run --separate-stderr "$B/cv-replay" g.gc
    expect 0 "g.gc: game 1: valid, 1 ply, *
1 file, 1 game, 1 valid, 0 invalid, 1 warning" "g.gc:4:1: warning: game 1: the game ends in checkmate, so the result should be 0-1, not *"
    game "$P" '1... r k5-g5'
    run --separate-stderr "$B/cv-replay" g.gc
    expect 0 "g.gc: game 1: valid, 1 ply, checkmate
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ""
}

@test "cv-board record: the moves and the result the mate implies, as a Game Courier log that replays" {
    P='k6/8/9/10/7r3/5r6/13/-12/--8r2/---10/----9/-----8/------K6 b 0 1'
    CV="$B/cv-board"
    cd "$T"
    session -V panoply <<EOF
fen $P
m r k5-g5
record
EOF
    expect 0 "$P
k6/8/9/10/7r3/5r6/13/-12/--4r6/---10/----9/-----8/------K6 w 1 2
// [SetUp \"1\"]
// [FEN \"$P\"]
1... r k5-g5
0-1" "cv-board: warning: panoply has no built-in start position (none is published in text): give one with the command 'fen FEN', or a spec that inherits 'panoply' and adds setup:; the board starts empty"
    printf '%s\n' "${lines[@]:2}" > rec.gc
    run --separate-stderr "$B/cv-replay" rec.gc
    expect 0 "rec.gc: game 1: valid, 1 ply, 0-1
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ""
}

@test "stalemate loses for the stalemated side; stalemate: draw makes it a draw" {
    # Black's Rider m6-m2 holds g2 and f2, the Rider on h9 holds h1; g1 is not attacked
    P='k6/8/9/10/7r3/12/13/-11r/--11/---10/----9/-----8/------K6 b 0 1'
    STALE='k6/8/9/10/7r3/12/13/-12/--11/---10/----9/-----7r/------K6 w 1 2'
    legal "$P" -a 'r m6-m2'
    expect 0 "$STALE" ""
    legal "$STALE" --count
    expect 0 "0" ""
    run --separate-stderr "$B/cv-check" -V panoply --fen "$STALE"
    expect 0 "ok" ""
    S=$(spec stalemate draw)
    cd "$T"
    # the rules: White, stalemated, has lost; no draw to report
    game "$P" '1... r m6-m2' '0-1'
    run --separate-stderr "$B/cv-replay" --draws g.gc
    expect 0 "g.gc: game 1: valid, 1 ply, 0-1
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ""
    game "$P" '1... r m6-m2' '1/2-1/2'
    run --separate-stderr "$B/cv-replay" --draws g.gc
    expect 0 "g.gc: game 1: valid, 1 ply, 1/2-1/2
1 file, 1 game, 1 valid, 0 invalid, 1 warning" "g.gc:4:1: warning: game 1: the game ends in stalemate, so the result should be 0-1, not 1/2-1/2"
    # the option
    run --separate-stderr "$B/cv-replay" --draws --spec "$S" g.gc
    expect 0 "g.gc: game 1: valid, 1 ply, 1/2-1/2
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" "g.gc:4:1: note: game 1: final position: stalemate"
    game "$P" '1... r m6-m2' '0-1'
    run --separate-stderr "$B/cv-replay" --spec "$S" g.gc
    expect 0 "g.gc: game 1: valid, 1 ply, 0-1
1 file, 1 game, 1 valid, 0 invalid, 1 warning" "g.gc:4:1: warning: game 1: the game ends in stalemate, so the result should be 1/2-1/2, not 0-1"
    # cv-board writes the result the rules imply
    CV="$B/cv-board"
    printf 'fen %s\nm r m6-m2\nrecord\n' "$P" > s.txt
    run --separate-stderr "$CV" -V panoply s.txt
    [ "$status" -eq 0 ]
    [ "${lines[5]}" = "0-1" ]
    run --separate-stderr "$CV" --spec "$S" s.txt
    [ "$status" -eq 0 ]
    # (rules other than the log's default: the record names them)
    [ "${lines[4]}" = '// [Variant "panoply-stalemate-draw"]' ]
    [ "${lines[6]}" = "1/2-1/2" ]
}

@test "fifty turns: the 50th turn without a pawn move or capture; pawn-moves: reversible" {
    # halfmove clock 49; a Rider on m4, a pawn on e5, a black Guard on m7
    P='6k/8/9/10/11/12/12g/-12/--2P8/---9R/----9/-----8/------K6 w 49 30'
    legal "$P" -a 'R m4-m6'
    expect 0 "6k/8/9/10/11/12/12g/-11R/--2P8/---10/----9/-----8/------K6 b 50 30" ""
    legal "$P" -a 'P e5-d6'
    expect 0 "6k/8/9/10/11/12/12g/-2P9/--11/---9R/----9/-----8/------K6 b 0 30" ""
    legal "$P" -a 'R m4-m7'
    expect 0 "6k/8/9/10/11/12/12R/-12/--2P8/---10/----9/-----8/------K6 b 0 30" ""
    S=$(spec pawn-moves reversible)
    run --separate-stderr "$B/cv-legal" --spec "$S" --fen "$P" -a 'P e5-d6'
    expect 0 "6k/8/9/10/11/12/12g/-2P9/--11/---9R/----9/-----8/------K6 b 50 30" ""
    # captures and promotions still reset it
    run --separate-stderr "$B/cv-legal" --spec "$S" --fen "$P" -a 'R m4-m7'
    expect 0 "6k/8/9/10/11/12/12R/-12/--2P8/---10/----9/-----8/------K6 b 0 30" ""
    run --separate-stderr "$B/cv-legal" --spec "$S" --fen "$P" -a 'P e5-e13; S-e13'
    expect 0 "4S1k/8/9/10/11/12/12g/-12/--11/---9R/----9/-----8/------K6 b 0 30" ""
    # cv-replay reports the fact
    cd "$T"
    game "$P" '30. R m4-m6'
    run --separate-stderr "$B/cv-replay" --draws g.gc
    expect 0 "g.gc: game 1: valid, 1 ply
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" "g.gc:1:1: note: game 1: final position: fifty-move rule"
    game "$P" '30. P e5-d6'
    run --separate-stderr "$B/cv-replay" --draws g.gc
    expect 0 "g.gc: game 1: valid, 1 ply
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ""
    run --separate-stderr "$B/cv-replay" --draws --spec "$S" g.gc
    expect 0 "g.gc: game 1: valid, 1 ply
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" "g.gc:1:1: note: game 1: final position: fifty-move rule"
}

# ---- the rule options ------------------------------------------------------

@test "option skirmisher-path: landing lets a Skirmisher retreat past a piece" {
    # S g7 faces a black Guard on e9; its retreat h6 (taken by its own
    # Guard), i5 (empty)
    P='k6/8/9/10/4g6/12/6S6/-6G5/--11/---10/----9/-----8/------6K w 0 1'
    legal "$P" --count
    expect 0 "33" ""
    legal "$P" -m 'S g7-i5; e9-'
    expect 1 "illegal: the Skirmisher on g7 is blocked by the Guard on h6" ""
    S=$(spec skirmisher-path landing)
    run --separate-stderr "$B/cv-legal" --spec "$S" --fen "$P" --count
    expect 0 "34" ""
    run --separate-stderr "$B/cv-legal" --spec "$S" --fen "$P" -m 'S g7-i5; e9-'
    expect 0 "legal S g7-i5; e9-, S g7-i5; e9-" ""
}

@test "option herald-freeze: each-step stops a Barricade whose first step ends next to a Herald" {
    # B1 g6-g7, a black Herald on h4: the advance g7-g5 ends on g5, next to it
    P='k6/8/9/10/11/12/6{B1}6/-5{B1}6/--11/---4h5/----9/-----8/------K6 w 0 1'
    legal "$P" --count
    expect 0 "27" ""
    legal "$P" -m 'B1 g7-g5; B1 g6-h5'
    expect 0 "legal B1 g7-g5; B1 g6-h5, B1 g7-g5; B1 g6-h5" ""
    S=$(spec herald-freeze each-step)
    run --separate-stderr "$B/cv-legal" --spec "$S" --fen "$P" --count
    expect 0 "24" ""
    run --separate-stderr "$B/cv-legal" --spec "$S" --fen "$P" -m 'B1 g7-g5; B1 g6-h5'
    expect 1 "illegal: the Barricade B1 on g7 moves to g5 as 'B1 g7-g5', not as 'B1 g7-g5; B1 g6-h5'" ""
    # the one step is still a move
    run --separate-stderr "$B/cv-legal" --spec "$S" --fen "$P" -m 'B1 g7-g5'
    expect 0 "legal B1 g7-g5, B1 g7-g5" ""
}

@test "option barricade-jump: whole makes a Catapult leap the whole Barricade" {
    P='k6/8/9/10/11/12/2C2C{b1}{b1}1S3/-12/--11/---10/----9/-----8/------K6 w 0 1'
    S=$(spec barricade-jump whole)
    run --separate-stderr "$B/cv-legal" --spec "$S" --fen "$P" --count
    expect 0 "72" ""
    run --separate-stderr bash -c "$B/cv-legal --spec '$S' --fen '$P' -j | grep -o '\"[^\"]*; [^\"]*\"' | tr -d '\"' | paste -sd,"
    expect 0 "C c7-l7; g7-; h7-,C f7-i7; g7-; h7-,S j7-l7; h7-; g7-" ""
    legal "$P" -m 'C f7-i7; g7-; h7-'
    expect 1 "illegal: a Catapult taking g7 from f7 lands on h7, which is not empty" ""
}

@test "option files: skip-j names the files a-i, k-n; the position code is the same" {
    # a Rider on the tenth file, rank 5: j5, or k5 when j is skipped
    P='6k/8/9/10/11/12/13/-12/--7R3/---10/----9/-----8/------K6 w 0 1'
    legal "$P"
    expect 0 "K g1-f2, K g1-g2, K g1-h1, R j5-b13, R j5-c12, R j5-c5, R j5-d11, R j5-d5, R j5-e10, R j5-e5, R j5-f5, R j5-f9, R j5-g5, R j5-g8, R j5-h5, R j5-h7, R j5-i5, R j5-i6, R j5-j1, R j5-j10, R j5-j2, R j5-j3, R j5-j4, R j5-j6, R j5-j7, R j5-j8, R j5-j9, R j5-k4, R j5-k5, R j5-l3, R j5-l5, R j5-m2, R j5-m5" ""
    S=$(spec files skip-j)
    run --separate-stderr "$B/cv-legal" --spec "$S" --fen "$P"
    expect 0 "K g1-f2, K g1-g2, K g1-h1, R k5-b13, R k5-c12, R k5-c5, R k5-d11, R k5-d5, R k5-e10, R k5-e5, R k5-f5, R k5-f9, R k5-g5, R k5-g8, R k5-h5, R k5-h7, R k5-i5, R k5-i6, R k5-k1, R k5-k10, R k5-k2, R k5-k3, R k5-k4, R k5-k6, R k5-k7, R k5-k8, R k5-k9, R k5-l4, R k5-l5, R k5-m3, R k5-m5, R k5-n2, R k5-n5" ""
    run --separate-stderr "$B/cv-legal" --spec "$S" --fen "$P" -a 'R k5-n5'
    expect 0 "6k/8/9/10/11/12/13/-12/--10R/---10/----9/-----8/------K6 b 1 1" ""
    legal "$P" -a 'R j5-m5'
    expect 0 "6k/8/9/10/11/12/13/-12/--10R/---10/----9/-----8/------K6 b 1 1" ""
    run --separate-stderr "$B/cv-legal" --spec "$S" --fen "$P" -m 'R j5-j6'
    expect 1 "illegal: 'R j5-j6': j5 is not a cell of the board" ""
}

@test "a spec option with an unknown value is a spec error" {
    sed -e 's/^variant: panoply$/variant: panoply-bad/' -e '/^aliases:/d' -e 's/^  stalemate: .*/  stalemate: win/' \
        specs/panoply.yaml > "$T/bad.yaml"
    run --separate-stderr "$B/cv-perft" --spec "$T/bad.yaml" --fen "$KINGS" -d 1
    [ "$status" -eq 2 ]
    [ "$output" = "" ]
    [[ "$stderr" == *"panoply.stalemate: expected loss or draw, found 'win'"* ]]
}

# ---- perft -----------------------------------------------------------------

@test "perft from a full-army test position (made up for these tests, NOT Zacharias's setup)" {
    # made-up full-army test position, each side: K, 2 G, 2 R, 2 C, 2 S,
    # 2 H, B1, B2, 7 pawns; Black is White turned through 180 degrees
    A='rcgkgcr/{b2}{b2}h1h{b1}{b1}s/s8/1ppppppp2/11/12/13/-12/--11/---2PPPPPPP1/----8S/-----S{B1}{B1}H1H{B2}{B2}/------RCGKGCR w 0 1'
    run --separate-stderr "$B/cv-check" -V panoply --fen "$A"
    expect 0 "ok" ""
    run --separate-stderr "$B/cv-perft" -V panoply --fen "$A" -d 1
    expect 0 "109" ""
    run --separate-stderr "$B/cv-perft" -V panoply --fen "$A" -d 2
    expect 0 "11659" ""
}

# ---- malformed positions and moves ----------------------------------------

@test "malformed position codes: each problem with its column" {
    R='6k/8/9/10/11/12/13/-12/--11/---10/----9/-----8/'
    for case in \
        "${R}K6 w 0 1@--fen:1:48: error: a piece on place 1 of rank 1, which is not a cell of the board" \
        "${R}7K w 0 1@--fen:1:48: error: an empty cell on place 1 of rank 1, which is not a cell of the board" \
        "-5k/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 w 0 1@--fen:1:1: error: '-' on a13, a cell of the board (the hexagon has no holes)" \
        "${R}------K5X w 0 1@--fen:1:56: error: unknown piece 'X'" \
        "${R}------K5{B3} w 0 1@--fen:1:56: error: unknown piece '{B3}'" \
        "${R}------K5B1 w 0 1@--fen:1:56: error: 'B1' is written in braces: {B1}" \
        "${R}------K5{B1 w 0 1@--fen:1:56: error: '{' without its '}'" \
        "6k/7/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 w 0 1@--fen:1:5: error: rank 12 ends before its cell h12 (a number gives empty cells)" \
        "${R}------K w 0 1@--fen:1:55: error: the board ends before its cell h1" \
        "${R} w 0 1@--fen:1:48: error: the board ends before its cell g1" \
        "${R}------K6/7 w 0 1@--fen:1:56: error: more than 13 ranks" \
        "${R}------K0 w 0 1@--fen:1:55: error: a run of empty cells is 1 or more, not 0" \
        "${R}------K6@--fen:1:56: error: expected a space and the side to move (w or b)" \
        "${R}------K6 w@--fen:1:58: error: expected a space and the halfmove clock" \
        "${R}------K6 w 0@--fen:1:60: error: expected a space and the turn number" \
        "${R}------K6 x 0 1@--fen:1:57: error: expected the side to move, w or b" \
        "${R}------K6 w -1 1@--fen:1:59: error: expected the halfmove clock, a number 0..999999999" \
        "${R}------K6 w 0 0@--fen:1:61: error: the turn number starts at 1" \
        "${R}------K6 w 0 1 x@--fen:1:63: error: unexpected text after the turn number"; do
        run --separate-stderr "$B/cv-check" -V panoply --fen "${case%%@*}"
        expect 1 "invalid" "${case#*@}"
    done
    # a field's problem is named at the field's first column, also when
    # the turn number has two digits
    run --separate-stderr "$B/cv-check" -V panoply --fen "${R}------K6 w 0 00"
    expect 1 "invalid" "--fen:1:61: error: the turn number starts at 1"
}

@test "unplayable positions: pawns on their last rank, Barricade halves, Kings, the side not to move in check" {
    for case in \
        "2P3k/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 w 0 1@--fen:1:1: error: White pawn on c13, its promotion rank" \
        "6k/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------K5p w 0 1@--fen:1:1: error: Black pawn on m1, its promotion rank" \
        "6k/8/9/10/11/12/13/-12/--2{B1}8/---10/----9/-----8/------K6 w 0 1@--fen:1:1: error: Barricade B1 has 1 cell (e5): a Barricade is two adjacent cells of one label" \
        "6k/8/9/10/11/12/4{B1}8/-12/--2{B1}8/---10/----9/-----8/------K6 w 0 1@--fen:1:1: error: Barricade B1: e5 and e7 are not adjacent" \
        "6k/8/9/10/11/12/13/-3{b2}8/--2{b2}{b2}7/---10/----9/-----8/------K6 w 0 1@--fen:1:1: error: Barricade b2 has 3 cells (e5, ...): a Barricade is two adjacent cells of one label" \
        "6k/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------7 w 0 1@--fen:1:1: error: White has 0 Kings (one is needed)" \
        "6k/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------KK5 w 0 1@--fen:1:1: error: White has 2 Kings (one is needed)" \
        "7/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 w 0 1@--fen:1:1: error: Black has 0 Kings (one is needed)" \
        "6k/8/9/10/11/12/13/-12/--4R6/---10/----9/-----8/------K6 w 0 1@--fen:1:1: error: the side not to move is in check (its King can be taken)"; do
        run --separate-stderr "$B/cv-check" -V panoply --fen "${case%%@*}"
        expect 1 "invalid" "${case#*@}"
    done
    # the same Rider with Black to move: Black is in check, which is allowed
    run --separate-stderr "$B/cv-check" -V panoply --fen '6k/8/9/10/11/12/13/-12/--4R6/---10/----9/-----8/------K6 b 0 1'
    expect 0 "ok" ""
}

@test "malformed and illegal moves: each named" {
    # a white Catapult on f4, pawn on e5, Skirmisher on g7, Barricade g2-g3;
    # black pawns on d6 and e6, a black Rider on g8
    F='6k/8/9/10/11/6r5/6S6/-2pp8/--2P8/---2C7/----2{B1}6/-----1{B1}6/------K6 w 0 1'
    legal "$F" --count
    expect 0 "70" ""
    for case in \
        "P e5e7|illegal: 'P e5e7' is not a Game Courier sub-move (P e5-e9, e6-, @-e6, R-e13)" \
        "C f4-z9|illegal: 'C f4-z9': z9 is not a cell of the board" \
        "R e5-e6|illegal: 'R e5-e6': the piece on e5 is P, not R" \
        "c f4-b8|illegal: 'c f4-b8': the piece on f4 is C, not c" \
        "e4-e5|illegal: 'e4-e5': there is no piece on e4" \
        "P e5-e6|illegal: a Pawn takes by jumping over its target, not by landing on it" \
        "C f4-b8; e6-|illegal: the Catapult on f4 moves to b8 as 'C f4-b8; d6-', not as 'C f4-b8; e6-'" \
        "P e5-e7; e6-; e7-|illegal: the Pawn on e5 moves to e7 as 'P e5-e7; e6-', not as 'P e5-e7; e6-; e7-'" \
        "C f4-b8; c7-|illegal: 'c7-' removes nothing: c7 is empty" \
        "P e5-e7;|illegal: a ';' with no sub-move after it" \
        "P e5-e7; ; e6-|illegal: an empty sub-move between ';'" \
        "X-e13|illegal: 'X-e13': no piece is labelled 'X'" \
        "-e5|illegal: '-e5' would take a cell off the board, which no Panoply move does" \
        "r g8-g9|illegal: the Rider on g8 is not White's" \
        "B1 g3-g5|illegal: the Barricade B1 on g3 cannot move to g5" \
        "|illegal: an empty move"; do
        legal "$F" -m "${case%%|*}"
        expect 1 "${case#*|}" ""
    done
    # what reads: removals in any order or left out where one move fits
    for case in 'C f4-b8|C f4-b8; d6-' 'd6-; C f4-b8|C f4-b8; d6-' '@-d6; C f4-b8|C f4-b8; d6-' \
                'P e5-e7|P e5-e7; e6-' 'P e5-e7;e6-|P e5-e7; e6-' 'S g7-g6|S g7-g6' 'g8-; S g7-g6|S g7-g6; g8-' \
                'B1 g2-g4; B1 g3-g5|B1 g2-g4; B1 g3-g5'; do
        legal "$F" -m "${case%%|*}"
        expect 0 "legal ${case#*|}, ${case#*|}" ""
    done
    # --apply stops at the first bad move, naming it
    legal "$F" -a 'C f4-b8 P e5-e6'
    expect 1 "invalid" "-a:1:9: error: P e5-e6: the Pawn on e5 is not Black's"
}

@test "an illegal move says why, as chess does: each reason through cv-legal and through cv-replay on a log" {
    F='6k/8/9/10/11/6r5/6S6/-2pp8/--2P8/---2C7/----2{B1}6/-----1{B1}6/------K6 w 0 1'
    FROZEN='k6/8/9/10/11/12/6Rh5/-12/--11/---10/----9/-----8/------K6 w 0 1'
    PINNED='k6/8/9/10/11/12/13/-12/--4rH5/---10/----9/-----8/------K6 w 0 1'
    CHECK='k6/8/9/10/11/12/13/-12/--4r3H2/---10/----9/-----8/------K6 w 0 1'
    RIDER='k6/8/9/10/5G5/12/13/-1gg1R7/--11/---10/----9/-----8/------K6 w 0 1'
    AXIS='k6/8/9/10/4C6/6G5/2R3{b1}{b1}5/-12/--11/---10/----9/-----8/------K6 w 0 1'
    LEAP='k6/8/9/10/11/12/2C2C{b1}{b1}1S3/-12/--11/---10/----9/-----8/------K6 w 0 1'
    for case in \
        "$F@e4-e5@'e4-e5': there is no piece on e4" \
        "$F@R e5-e6@'R e5-e6': the piece on e5 is P, not R" \
        "$F@r g8-g9@the Rider on g8 is not White's" \
        "$F@d6-@'d6-' moves no piece (a move names the piece that moves first: P e5-e9)" \
        "$FROZEN@R g7-g8@the Rider on g7 is frozen by the Herald on h7" \
        "$PINNED@H h5-i5@would leave the White King in check" \
        "$CHECK@K g1-g2@does not get the White King out of check" \
        "$RIDER@R f6-c6@the Rider on f6 is blocked by the Guard on d6" \
        "$RIDER@R f6-f9@the Rider on f6 cannot move to f9: White's own piece stands there" \
        "$F@C f4-g6@the Catapult on f4 cannot move to g6" \
        "$F@B1 g3-g5@the Barricade B1 on g3 cannot move to g5" \
        "$F@P e5-e6@a Pawn takes by jumping over its target, not by landing on it" \
        "$LEAP@C f7-i7; g7-; h7-@a Catapult taking g7 from f7 lands on h7, which is not empty" \
        "$AXIS@C e9-i5; g7-; h7-@the Barricade b1 on g7 is taken only along its axis (g7-h7), and the Catapult on e9 is off it" \
        "$F@C f4-b8; e6-@the Catapult on f4 moves to b8 as 'C f4-b8; d6-', not as 'C f4-b8; e6-'"; do
        IFS=@ read -r fen move why <<< "$case"
        legal "$fen" -m "$move"
        expect 1 "illegal: $why" "" || { echo "# $move"; return 1; }
        # a log holding only such a move could be taken for PGN: said to be a log
        game "$fen" "1. $move" "*"
        run --separate-stderr "$B/cv-replay" --input gclog --check "$T/g.gc"
        expect 1 "1 file, 1 game, 0 valid, 1 invalid, 0 warnings" "$T/g.gc:3:4: error: game 1: 1. $move: $why" || { echo "# $move"; return 1; }
    done
}

# ---- no start position -----------------------------------------------------

@test "no built-in start position: the tools say so and stop with status 2" {
    MSG="panoply has no built-in start position (none is published in text): give one with --fen FEN, or a spec that inherits 'panoply' and adds setup:"
    run --separate-stderr "$B/cv-perft" -V panoply -d 1
    expect 2 "" "cv-perft: error: $MSG
Try 'cv-perft --help' for more information."
    run --separate-stderr "$B/cv-legal" -V panoply --start
    expect 2 "" "cv-legal: error: $MSG
Try 'cv-legal --help' for more information."
    # cv-board warns and starts on the empty board
    BOARDMSG="panoply has no built-in start position (none is published in text): give one with the command 'fen FEN', or a spec that inherits 'panoply' and adds setup:"
    CV="$B/cv-board"
    cd "$T"
    session -V panoply <<'EOF'
p K g1
p k g13
m K g1-g2
info
EOF
    expect 0 "7/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 w 0 1
6k/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------K6 w 0 1
6k/8/9/10/11/12/13/-12/--11/---10/----9/-----1K6/------7 b 1 1
fen 6k/8/9/10/11/12/13/-12/--11/---10/----9/-----1K6/------7 b 1 1; black to move; castling -; ply 1 of 1; moves 1. K g1-g2" "cv-board: warning: $BOARDMSG; the board starts empty"
}
