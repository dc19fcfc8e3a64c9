#!/usr/bin/env bats
# Diagrams through the engine interface's diagram entry, exact text: Star
# Trek Tri-D by level (levels, the default) and from above (overhead),
# with attack boards at their start pins and moved; Parallel Worlds'
# three levels; Panoply's hexagon with its rim labelled; Double Chess and
# chess as before; --unicode in each.
#
# The expected drawings were checked square by square against the
# positions: TD-FEN's main boards (level 2 ranks 1-4, level 4 ranks 3-6,
# level 6 ranks 5-8, files b-e) and attack boards (docs/cvkit-variants.7's
# pin table: QL1 a0-b1 on level 3, QL2 a4-b5 on 3, KL3 e2-f3 on 5, KL4
# e6-f7 on 5, QL6 a8-b9 on 7), PW-FEN's levels, Panoply's Game Courier
# code (rank 13 written first, a13 its first cell, g1 rank 1's).

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs"
    T="$BATS_TEST_TMPDIR"
    # White's QLW moved to QL2 and KLW (with its king and a pawn) to KL3,
    # Black's KLB to KL4 with a pawn, a white queen on c4(4)
    MOVED='4/4/4/4|4/4/1Q2/4|4/4/4/4 QL2:w:2/2,KL3:w:1P/K1,KL4:b:2/1p,QL6:b:k1/2 b - - 0 9'
    # a white Barricade on g6-g7, both ends next to a black Herald on f7
    FROZEN='k6/8/9/10/11/12/5h{B1}6/-5{B1}6/--11/---10/----9/-----8/------K6 w 0 1'
    # a white queen on level 2
    PWQ='4k3/8/8/8/8/8/8/4K3|8/8/8/3Q4/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w - - 0 1'
}

@test "Tri-D start, levels (the default): the three main boards and the four attack boards by level" {
    run --separate-stderr bin/cv-legal -V trid --start --diagram --count
    expect 0 '  (2) White     (3) attack    (4) Neutral   (5) attack    (6) Black     (7) attack
9                                                                       r q     k r
8                                                           n b b n     p p     p p
7                                                           p p p p
6                               . . . .                     . . . .
5                               . . . .                     . . . .
4   . . . .                     . . . .
3   . . . .                     . . . .
2   P P P P
1   N B B N     P P     P P
0               R Q     K R
  a b c d e f   a b c d e f   a b c d e f   a b c d e f   a b c d e f   a b c d e f
QL1 at b1(2): QLW, level 3, White
KL1 at e1(2): KLW, level 3, White
QL6 at b8(6): QLB, level 7, Black
KL6 at e8(6): KLB, level 7, Black
White to move
21' ""
}
@test "Tri-D start, overhead: each cell's top piece and its level" {
    run --separate-stderr bin/cv-legal -V trid --start --diagram=overhead --count
    expect 0 '   a   b   c   d   e   f
9  r7  q7          k7  r7
8  p7  p7+ b6  b6  p7+ p7
7      p6  p6  p6  p6
6      .   .   .   .
5      .   .   .   .
4      .   .   .   .
3      .   .   .   .
2      P2  P2  P2  P2
1  P3  P3+ B2  B2  P3+ P3
0  R3  Q3          K3  R3
   a   b   c   d   e   f
top piece of each cell with its level; + more pieces below it
White to move
21' ""
}
@test "Tri-D moved attack boards (QL2, KL3, KL4), levels" {
    run --separate-stderr bin/cv-legal -V trid -f "$MOVED" --diagram
    expect 0 '  (2) White     (3) attack    (4) Neutral   (5) attack    (6) Black     (7) attack
9                                                                       k .
8                                                           . . . .     . .
7                                                   . .     . . . .
6                               . . . .             . p     . . . .
5               . .             . . . .                     . . . .
4   . . . .     . .             . Q . .
3   . . . .                     . . . .             . P
2   . . . .                                         K .
1   . . . .
0
  a b c d e f   a b c d e f   a b c d e f   a b c d e f   a b c d e f   a b c d e f
QL2 at b4(2): QLW, level 3, White
KL3 at e3(4): KLW, level 5, White
KL4 at e6(4): KLB, level 5, Black
QL6 at b8(6): QLB, level 7, Black
Black to move
KLB-e4(2) KLB-e5(6) KLB-e8(6) Ka9-a8(7) Ka9-b8(6) Ka9-b8(7) Ka9-b9(7)' ""
}
@test "Tri-D moved attack boards, overhead, in Unicode" {
    run --separate-stderr bin/cv-legal -V trid -f "$MOVED" --diagram=overhead --unicode --count
    expect 0 '   a   b   c   d   e   f
9  ♚7  .
8  .   .   .   .   .
7      .   .   .   .   .
6      .   .   .   .   ♟5
5  .   .   .   .   .
4  .   .   ♕4  .   .
3      .   .   .   .   ♙5
2      .   .   .   ♔5  .
1      .   .   .   .
0
   a   b   c   d   e   f
top piece of each cell with its level; + more pieces below it
Black to move
7' ""
}
@test "Tri-D: a board move carries its pawn to KL2 on level 3, now Black's board there" {
    run --separate-stderr bin/cv-legal -V trid -f "$MOVED" -a "KLB-e4(2)" --diagram
    expect 0 '  (2) White     (3) attack    (4) Neutral   (5) attack    (6) Black     (7) attack
9                                                                       k .
8                                                           . . . .     . .
7                                                           . . . .
6                               . . . .                     . . . .
5               . .     . .     . . . .                     . . . .
4   . . . .     . .     . p     . Q . .
3   . . . .                     . . . .             . P
2   . . . .                                         K .
1   . . . .
0
  a b c d e f   a b c d e f   a b c d e f   a b c d e f   a b c d e f   a b c d e f
QL2 at b4(2): QLW, level 3, White
KL2 at e4(2): KLB, level 3, Black
KL3 at e3(4): KLW, level 5, White
QL6 at b8(6): QLB, level 7, Black
White to move
4/4/4/4|4/4/1Q2/4|4/4/4/4 QL2:w:2/2,KL2:b:2/1p,KL3:w:1P/K1,QL6:b:k1/2 w - - 1 10' ""
}
@test "Tri-D start in Unicode (--unicode alone draws the default style)" {
    run --separate-stderr bin/cv-legal -V trid --start --unicode --count
    expect 0 '  (2) White     (3) attack    (4) Neutral   (5) attack    (6) Black     (7) attack
9                                                                       ♜ ♛     ♚ ♜
8                                                           ♞ ♝ ♝ ♞     ♟ ♟     ♟ ♟
7                                                           ♟ ♟ ♟ ♟
6                               . . . .                     . . . .
5                               . . . .                     . . . .
4   . . . .                     . . . .
3   . . . .                     . . . .
2   ♙ ♙ ♙ ♙
1   ♘ ♗ ♗ ♘     ♙ ♙     ♙ ♙
0               ♖ ♕     ♔ ♖
  a b c d e f   a b c d e f   a b c d e f   a b c d e f   a b c d e f   a b c d e f
QL1 at b1(2): QLW, level 3, White
KL1 at e1(2): KLW, level 3, White
QL6 at b8(6): QLB, level 7, Black
KL6 at e8(6): KLB, level 7, Black
White to move
21' ""
}
@test "Parallel Worlds start: the three levels side by side" {
    run --separate-stderr bin/cv-legal -V parallelworlds --start --diagram --count
    expect 0 '  level 1            level 2            level 3
8 r n b q k b n r  8 . . . . . . . .  8 r n b q k b n r
7 p p p p p p p p  7 . . . . . . . .  7 p p p p p p p p
6 . . . . . . . .  6 . . . . . . . .  6 . . . . . . . .
5 . . . . . . . .  5 . . . . . . . .  5 . . . . . . . .
4 . . . . . . . .  4 . . . . . . . .  4 . . . . . . . .
3 . . . . . . . .  3 . . . . . . . .  3 . . . . . . . .
2 P P P P P P P P  2 . . . . . . . .  2 P P P P P P P P
1 R N B Q K B N R  1 . . . . . . . .  1 R N B Q K B N R
  a b c d e f g h    a b c d e f g h    a b c d e f g h
White to move
3288' ""
}
@test "Parallel Worlds: a queen on level 2, in letters and in Unicode" {
    run --separate-stderr bin/cv-legal -V parallelworlds -f "$PWQ" --diagram --count
    expect 0 '  level 1            level 2            level 3
8 . . . . k . . .  8 . . . . . . . .  8 . . . . k . . .
7 . . . . . . . .  7 . . . . . . . .  7 . . . . . . . .
6 . . . . . . . .  6 . . . . . . . .  6 . . . . . . . .
5 . . . . . . . .  5 . . . Q . . . .  5 . . . . . . . .
4 . . . . . . . .  4 . . . . . . . .  4 . . . . . . . .
3 . . . . . . . .  3 . . . . . . . .  3 . . . . . . . .
2 . . . . . . . .  2 . . . . . . . .  2 . . . . . . . .
1 . . . . K . . .  1 . . . . . . . .  1 . . . . K . . .
  a b c d e f g h    a b c d e f g h    a b c d e f g h
White to move
649' ""
    run --separate-stderr bin/cv-legal -V parallelworlds -f "$PWQ" --unicode --count
    expect 0 '  level 1            level 2            level 3
8 . . . . ♚ . . .  8 . . . . . . . .  8 . . . . ♚ . . .
7 . . . . . . . .  7 . . . . . . . .  7 . . . . . . . .
6 . . . . . . . .  6 . . . . . . . .  6 . . . . . . . .
5 . . . . . . . .  5 . . . ♕ . . . .  5 . . . . . . . .
4 . . . . . . . .  4 . . . . . . . .  4 . . . . . . . .
3 . . . . . . . .  3 . . . . . . . .  3 . . . . . . . .
2 . . . . . . . .  2 . . . . . . . .  2 . . . . . . . .
1 . . . . ♔ . . .  1 . . . . . . . .  1 . . . . ♔ . . .
  a b c d e f g h    a b c d e f g h    a b c d e f g h
White to move
649' ""
}
@test "Panoply: a Barricade frozen by a Herald, the rim's rank numbers and file letters" {
    run --separate-stderr bin/cv-legal -V panoply -f "$FROZEN" --diagram
    expect 0 '                  a   b   c   d   e   f   g
            13  k   .   .   .   .   .   .   13
          12  .   .   .   .   .   .   .   .   12
        11  .   .   .   .   .   .   .   .   .   11
      10  .   .   .   .   .   .   .   .   .   .   10
     9  .   .   .   .   .   .   .   .   .   .   .   9
   8  .   .   .   .   .   .   .   .   .   .   .   .   8
 7  .   .   .   .   .   h   B1  .   .   .   .   .   .   7
   6  .   .   .   .   .   B1  .   .   .   .   .   .   6
     5  .   .   .   .   .   .   .   .   .   .   .   5
       4  .   .   .   .   .   .   .   .   .   .   4
         3  .   .   .   .   .   .   .   .   .   3
           2  .   .   .   .   .   .   .   .   2
             1  K   .   .   .   .   .   .   1
              g   h   i   j   k   l   m
White to move
K g1-f2, K g1-g2, K g1-h1' ""
}
@test "Panoply in Unicode: Kings as chess symbols, the Herald and Barricade by their labels" {
    run --separate-stderr bin/cv-legal -V panoply -f "$FROZEN" --unicode --count
    expect 0 '                  a   b   c   d   e   f   g
            13  ♚   .   .   .   .   .   .   13
          12  .   .   .   .   .   .   .   .   12
        11  .   .   .   .   .   .   .   .   .   11
      10  .   .   .   .   .   .   .   .   .   .   10
     9  .   .   .   .   .   .   .   .   .   .   .   9
   8  .   .   .   .   .   .   .   .   .   .   .   .   8
 7  .   .   .   .   .   h   B1  .   .   .   .   .   .   7
   6  .   .   .   .   .   B1  .   .   .   .   .   .   6
     5  .   .   .   .   .   .   .   .   .   .   .   5
       4  .   .   .   .   .   .   .   .   .   .   4
         3  .   .   .   .   .   .   .   .   .   3
           2  .   .   .   .   .   .   .   .   2
             1  ♔   .   .   .   .   .   .   1
              g   h   i   j   k   l   m
White to move
3' ""
}
@test "Double Chess in Unicode, pbm-small: the server's marks, the pieces as symbols" {
    run --separate-stderr bin/cv-legal -V doublechess --start --diagram=pbm-small --unicode --count
    expect 0 '     a b c d e f g h i j k l m n o p
   +---------------------------------+   
 8 | ♜ ♞ ♝ ♛ ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ ♛ ♝ ♞ ♜ |  8
 7 | ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ |  7
 6 |   -   -   -   -   -   -   -   - |  6
 5 | -   -   -   -   -   -   -   -   |  5
 4 |   -   -   -   -   -   -   -   - |  4
 3 | -   -   -   -   -   -   -   -   |  3
 2 | ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ |  2
 1 | ♖ ♘ ♗ ♕ ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖ ♕ ♗ ♘ ♖ |  1
   +---------------------------------+
     a b c d e f g h i j k l m n o p
40' ""
}
@test "chess in Unicode, ascii and pbm-large" {
    run --separate-stderr bin/cv-legal -f "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" --unicode --count
    expect 0 '8 . . . . ♚ . . .
7 . . . . . . . .
6 . . . . . . . .
5 . . . . . . . .
4 . . . . . . . .
3 . . . . . . . .
2 . . . . ♙ . . .
1 . . . . ♔ . . .
  a b c d e f g h
White to move
6' ""
    run --separate-stderr bin/cv-legal -f "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" --diagram=pbm-large --unicode --count
    expect 0 '      a   b   c   d   e   f   g   h
    +---+---+---+---+---+---+---+---+ 
  8 |   |:::|   |:::|*♚*|:::|   |:::|  8
    +---+---+---+---+---+---+---+---+ 
  7 |:::|   |:::|   |:::|   |:::|   |  7
    +---+---+---+---+---+---+---+---+
  6 |   |:::|   |:::|   |:::|   |:::|  6
    +---+---+---+---+---+---+---+---+
  5 |:::|   |:::|   |:::|   |:::|   |  5
    +---+---+---+---+---+---+---+---+
  4 |   |:::|   |:::|   |:::|   |:::|  4
    +---+---+---+---+---+---+---+---+
  3 |:::|   |:::|   |:::|   |:::|   |  3
    +---+---+---+---+---+---+---+---+
  2 |   |:::|   |:::| ♙ |:::|   |:::|  2
    +---+---+---+---+---+---+---+---+ 
  1 |:::|   |:::|   |:♔:|   |:::|   |  1
    +---+---+---+---+---+---+---+---+ 
      a   b   c   d   e   f   g   h
6' ""
}


@test "Tri-D styles: levels, overhead and ascii (the same as levels); others refused with the list" {
    run --separate-stderr bin/cv-legal -V trid --start --diagram=levels --count
    levels="$output"
    run --separate-stderr bin/cv-legal -V trid --start --diagram=ascii --count
    [ "$status" -eq 0 ]
    [ "$output" = "$levels" ]
    run --separate-stderr bin/cv-legal -V trid --start --diagram=pbm-small --count
    expect 2 "" "cv-legal: error: --diagram 'pbm-small': not one of levels, overhead, ascii, svg
Try 'cv-legal --help' for more information."
    run --separate-stderr bin/cv-board -V panoply --diagram=overhead /dev/null
    expect 2 "" "cv-board: error: --diagram 'overhead': not one of ascii, svg
Try 'cv-board --help' for more information."
}

@test "cv-board draws Tri-D from above after a move, and --unicode in its JSON" {
    printf 'm Pc2-c4(2)\n' > "$T/c.txt"
    run --separate-stderr bin/cv-board -V trid --diagram=overhead "$T/c.txt"
    expect 0 'nbbn/pppp/4/4|4/4/4/4|1P2/4/P1PP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp b KQkq c4(2) 0 1
   a   b   c   d   e   f
9  r7  q7          k7  r7
8  p7  p7+ b6  b6  p7+ p7
7      p6  p6  p6  p6
6      .   .   .   .
5      .   .   .   .
4      .   P2  .   .
3      .   .   .   .
2      P2  .   P2  P2
1  P3  P3+ B2  B2  P3+ P3
0  R3  Q3          K3  R3
   a   b   c   d   e   f
top piece of each cell with its level; + more pieces below it
Black to move' ""
    run --separate-stderr bash -c "bin/cv-board -V trid --unicode -j '$T/c.txt' | grep -c '\"diagram\":\"  (2) White     (3) attack'"
    expect 0 "1" ""
    run --separate-stderr bash -c "bin/cv-board -V trid --unicode -j '$T/c.txt' | grep -c '♜ ♛     ♚ ♜'"
    expect 0 "1" ""
}

@test "Panoply: cvkit's full-army test position (not the published setup), every piece on its cell" {
    # White: R g1, C h1, G i1, K j1, G k1, C l1, R m1; S f2, B1 h2+h3, H i2,
    # H j2, B2 k2+j3, S m2; pawns e3 m3 e4 g4 j4 l4; Black turned round g7
    run --separate-stderr bin/cv-legal -V panoply-testarmy -s --diagram --count
    expect 0 '                  a   b   c   d   e   f   g
            13  r   c   g   k   g   c   r   13
          12  s   .   b2  h   h   b1  .   s   12
        11  p   .   .   b2  .   b1  .   .   p   11
      10  .   p   .   p   .   .   p   .   p   .   10
     9  .   .   .   .   .   .   .   .   .   .   .   9
   8  .   .   .   .   .   .   .   .   .   .   .   .   8
 7  .   .   .   .   .   .   .   .   .   .   .   .   .   7
   6  .   .   .   .   .   .   .   .   .   .   .   .   6
     5  .   .   .   .   .   .   .   .   .   .   .   5
       4  .   P   .   P   .   .   P   .   P   .   4
         3  P   .   .   B1  .   B2  .   .   P   3
           2  S   .   B1  H   H   B2  .   S   2
             1  R   C   G   K   G   C   R   1
              g   h   i   j   k   l   m
White to move
112' ""
}
