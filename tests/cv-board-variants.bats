#!/usr/bin/env bats
# cv-board on the other variants: Double Chess (-V doublechess, 16x8) and
# Star Trek Tri-D (-V trid, the Federation Standard rules of
# docs/cvkit-variants.7, TD-FEN as in docs/cvkit-formats.5).
#
# The long sessions are built at test time from the games of corpus/: every
# main-line move typed as an `m` command, with back/forward/pop/info detours
# and `record` at the end.  What cv-board prints is compared with what the
# replay walk gives for the same game (cv-replay --fen, --final): an
# independent path through the library, not the board's.  The short
# sessions are fixed; their expected outputs were checked by hand against
# the rules and the TD-FEN description.
#
# Every test compares standard output, standard error and the exit status
# exactly.

bats_require_minimum_version 1.5.0

load helpers

DC_START='rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 1'
TD_START='nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1'
TD_EMPTY='4/4/4/4|4/4/4/4|4/4/4/4 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1'

# The replay's view of the corpus games, made once for the file:
#   dc.tsv, trid1.tsv, trid2.tsv   cv-replay --fen (GAME<TAB>NUMBER MOVE<TAB>FEN)
#   *.final                        cv-replay --final
#   trid1.listing, trid2.listing   cv-convert of the Parmen listing
#   dc.uci                         'legal SAN UCI' of each Double Chess ply,
#                                  from cv-legal on the FEN before it
setup_file() {
    local root bin D prev _ mv fen g
    root="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    bin="$root/bin"
    D="$BATS_FILE_TMPDIR"
    export CVKIT_SPECS="${CVKIT_SPECS:-$root/specs}"
    local pgn="$root/corpus/doublechess/short-williams-1999.pgn"
    "$bin/cv-replay" -V doublechess --fen "$pgn" > "$D/dc.tsv" || return 1
    "$bin/cv-replay" -V doublechess --final "$pgn" > "$D/dc.final" || return 1
    prev="$DC_START"
    while IFS=$'\t' read -r _ mv fen; do
        "$bin/cv-legal" -V doublechess --fen "$prev" -n uci -m "${mv#* }" || return 1
        prev="$fen"
    done < "$D/dc.tsv" > "$D/dc.uci"
    for g in 1 2; do
        "$bin/cv-replay" --fen "$root/corpus/trid/game$g-gamelist.txt" > "$D/trid$g.tsv" || return 1
        "$bin/cv-replay" --final "$root/corpus/trid/game$g-gamelist.txt" > "$D/trid$g.final" || return 1
        "$bin/cv-convert" "$root/corpus/trid/game$g-gamelist.txt" > "$D/trid$g.listing" || return 1
    done
}

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    CV="${CV_BOARD:-$ROOT/bin/cv-board}"
    D="$BATS_FILE_TMPDIR"
    cd "$BATS_TEST_TMPDIR"
}


# board [OPTION]...: run cv-board on s.txt into out.txt and err.txt, for
# outputs with blank lines (a record); the exit status goes to $status
board() {
    status=0
    timeout 60 "$CV" "$@" s.txt > out.txt 2> err.txt || status=$?
}

# same_file WANT GOT: equal files, else the diff (- expected, + got)
same_file() {
    if ! cmp -s "$1" "$2"; then
        echo "# $2 differs from $1 (- expected, + got):"
        diff -u "$1" "$2" | sed 's/^/# /'
        return 1
    fi
}

# ---------------------------------------------------------------- sessions from a game
#
# load_game TSV SIDEFIELD: the replay's plies into MV[1..N] (the numbered
# move, '12... Nxh4') and FEN[1..N]; SIDEFIELD is the 0-based field of the
# side to move in the FEN (the castling field follows it).
load_game() {
    MV=("") FEN=("") SIDEFIELD=$2
    local _ mv fen
    while IFS=$'\t' read -r _ mv fen; do
        MV+=("$mv")
        FEN+=("$fen")
    done < "$1"
    N=$((${#MV[@]} - 1))
}

# info_line CUR TOTAL: the summary `info` should print with CUR plies shown
# of TOTAL in the history, from the replay's FEN and moves (the game starts
# with White to move, so only White's moves keep their numbers).
info_line() {
    local cur=$1 n=$2 i tok list="" side
    local -a f
    read -ra f <<< "${FEN[cur]}"
    if [ "${f[SIDEFIELD]}" = w ]; then side=white; else side=black; fi
    for ((i = 1; i <= n; i++)); do
        tok=${MV[i]}
        if [[ $tok =~ ^[0-9]+\.\.\.\ (.*)$ ]]; then tok=${BASH_REMATCH[1]}; fi
        list+=" $tok"
        if ((i == cur && cur < n)); then list+=" <"; fi
    done
    printf 'fen %s; %s to move; castling %s; ply %d of %d; moves%s\n' \
        "${FEN[cur]}" "$side" "${f[SIDEFIELD + 1]}" "$cur" "$n" "${list:- none}"
}

# cmd COMMAND EXPECTED / play K: one line of s.txt and of want.txt;
# play types TY[K] and expects the replay's FEN after ply K.
cmd() { printf '%s\n' "$1" >> s.txt; printf '%s\n' "$2" >> want.txt; }
play() { cmd "m ${TY[$1]}" "${FEN[$1]}"; }

# build_session K...: all N plies as `m TY[k]`; after each ply K listed, a
# detour (back, back, info, forward, pop, info, the popped ply again, pop at
# the head, both plies again, info); then info and record.  want.txt gets
# the expected output of everything before `record`.
build_session() {
    : > s.txt
    : > want.txt
    local k d
    for ((k = 1; k <= N; k++)); do
        play $k
        for d in "$@"; do
            ((d == k)) || continue
            cmd back "${FEN[k - 1]}"
            cmd back "${FEN[k - 2]}"
            cmd info "$(info_line $((k - 2)) $k)"
            cmd forward "${FEN[k - 1]}"
            cmd pop "${FEN[k - 2]}"
            cmd info "$(info_line $((k - 2)) $((k - 2)))"
            play $((k - 1))
            cmd pop "${FEN[k - 2]}"
            play $((k - 1))
            play $k
            cmd info "$(info_line $k $k)"
        done
    done
    cmd info "$(info_line $N $N)"
    echo record >> s.txt
}

# split_record: out.txt's first lines against want.txt, the rest to record.txt;
# the board's last position (the last line that is not an info summary)
# to last.txt
split_record() {
    local w
    w=$(wc -l < want.txt)
    head -n "$w" out.txt > head.txt
    tail -n +"$((w + 1))" out.txt > record.txt
    grep -v '^fen ' head.txt | tail -n 1 > last.txt
    same_file want.txt head.txt
}

# ---------------------------------------------------------------- Double Chess

@test "Double Chess: Short-Williams typed in SAN with back/forward/pop/info; every position is the replay's; record replays to the same game" {
    load_game "$D/dc.tsv" 1
    [ "$N" -eq 70 ]
    # SAN for every move, pawn pushes ('d4', a bare square) included
    local -a uci
    mapfile -t uci < "$D/dc.uci"
    TY=("")
    local k san
    for ((k = 1; k <= N; k++)); do
        san=${MV[k]#* }
        [ "${uci[k - 1]}" = "legal $san ${uci[k - 1]##* }" ] # cv-legal agrees
        TY+=("$san")
    done
    # detours at 12, 30, over the castling 24. O-O (ply 47) and at the end
    build_session 12 30 48 70
    board -V doublechess
    [ "$status" -eq 0 ]
    same_file /dev/null err.txt
    split_record
    # the final position is cv-replay --final's
    same_file "$D/dc.final" last.txt
    # the record: the tags of a game from the start, then the moves
    head -n 9 record.txt > tags.txt
    cat > want-tags.txt <<'EOF'
[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "doublechess"]

EOF
    same_file want-tags.txt tags.txt
    [[ $(grep -v '^$' record.txt | tail -n 1) == *" 35. Rl1 Qn3 *" ]]
    # replayed, it is the same game ply by ply and reaches the same end
    run --separate-stderr "$ROOT/bin/cv-replay" -V doublechess --final - < record.txt
    expect 0 "$(cat "$D/dc.final")" ""
    "$ROOT/bin/cv-replay" -V doublechess --fen - < record.txt | cut -f2,3 > replayed.tsv
    same_file <(cut -f2,3 "$D/dc.tsv") replayed.tsv
}

@test "Double Chess: the whole game as two-square moves (m FROM TO from the UCI) gives the replay's positions and SAN" {
    load_game "$D/dc.tsv" 1
    : > s.txt
    : > want.txt
    local line k=0
    while read -r line; do
        k=$((k + 1))
        [[ ${line##* } =~ ^([a-p][0-9])([a-p][0-9])$ ]]
        cmd "m ${BASH_REMATCH[1]} ${BASH_REMATCH[2]}" "${FEN[k]}"
    done < "$D/dc.uci"
    [ "$k" -eq 70 ]
    # the castlings are king moves: 24. O-O is i1 k1, 31... O-O-O-O is i8 m8
    grep -qx 'm i1 k1' s.txt
    grep -qx 'm i8 m8' s.txt
    cmd info "$(info_line 70 70)"
    board -V doublechess
    [ "$status" -eq 0 ]
    same_file /dev/null err.txt
    same_file want.txt out.txt
    [ "$(tail -n 2 out.txt | head -n 1)" = "$(cat "$D/dc.final")" ]
}

@test "Double Chess: refused commands (unknown square, illegal move, unknown piece, pop with no history) change nothing" {
    session -V doublechess <<EOF
pop
m q2 q4
m a2 a5
p Pq4
p Ae4
m d2 d4
fen $DC_START
pop
info
EOF
    expect 1 "error: no move to take back
error: expected a square, found 'q2 q4'
error: illegal move a2-a5: the pawn on a2 cannot move to a5
error: expected a square after the piece, found 'q4'
error: unknown piece 'A' (want a piece letter or '-')
rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/3P12/16/PPP1PPPPPPPPPPPP/RNBQRNBQKBNRQBNR b PLEAplea - 0 1
$DC_START
error: no move to take back
fen $DC_START; white to move; castling PLEAplea; ply 0 of 0; moves none" \
"s.txt:1:1: error: no move to take back
s.txt:2:3: error: expected a square, found 'q2 q4'
s.txt:3:3: error: illegal move a2-a5: the pawn on a2 cannot move to a5
s.txt:4:4: error: expected a square after the piece, found 'q4'
s.txt:5:3: error: unknown piece 'A' (want a piece letter or '-')
s.txt:8:1: error: no move to take back"
}

# A SAN pawn push is a bare square: `m` once took it for the first of two
# squares ("expected a square, found the end of the line").
@test "Double Chess: m with a SAN pawn push (m d4) plays it" {
    session -V doublechess <<<'m d4'
    expect 0 "$(head -n 1 "$D/dc.tsv" | cut -f3)" ""
}

# SAN with a rank disambiguation whose piece letter is also a file (N1c3:
# n is a file of Double Chess) was once read as the squares n1 and c3.
@test "Double Chess: m N1c3 (SAN with a rank disambiguation) plays the knight from b1" {
    local fen='4k11/16/16/1N14/16/16/16/1N6K7 w - - 0 1'
    run "$ROOT/bin/cv-legal" -V doublechess --fen "$fen" -n uci -m N1c3
    [ "$output" = "legal N1c3 b1c3" ]
    session -V doublechess <<EOF
fen $fen
m N1c3
EOF
    expect 0 "$fen
$("$ROOT/bin/cv-legal" -V doublechess --fen "$fen" -a N1c3)" ""
}

# ---------------------------------------------------------------- Star Trek Tri-D

# trid_game G DETOUR...: sample game G typed in Parmen notation as the
# replay writes it (`m Pc2-c4(2)`, `m o-o`, `m QLB-b6(4)`), with detours
trid_game() {
    local g=$1 k
    shift
    load_game "$D/trid$g.tsv" 2
    TY=("")
    for ((k = 1; k <= N; k++)); do TY+=("${MV[k]#* }"); done
    build_session "$@"
    board -V trid
    [ "$status" -eq 0 ]
    same_file /dev/null err.txt
    split_record
    # the final position is cv-replay --final's
    same_file "$D/trid$g.final" last.txt
    # the record is a Parmen listing that replays to the same end ...
    run --separate-stderr "$ROOT/bin/cv-replay" --final - < record.txt
    expect 0 "$(cat "$D/trid$g.final")" ""
    # ... and is cv-convert's listing of the game but for the comment lines:
    # the board has no comments, so both sides are compared without the
    # '//' lines (the corpus listing has some, the record none)
    grep -q '^//' "$D/trid$g.listing"
    run grep -c '^//' record.txt
    [ "$output" = 0 ]
    same_file <(grep -v '^//' "$D/trid$g.listing") record.txt
}

@test "Tri-D: sample game 1 in Parmen notation with back/forward/pop/info; positions, final and record agree with the replay" {
    # detours over 4. o-o (ply 7), 12... QLB-b6(4) (24), the board capture
    # 21... Pb4xa3(5)* (42), the promotion by a board move 24...
    # QLW-b1(2)=Q (48) and the mate 35. Qd7xe8(7)# (69)
    [ "$(wc -l < "$D/trid1.tsv")" -eq 69 ]
    trid_game 1 8 25 43 48 69
}

@test "Tri-D: sample game 2 in Parmen notation with back/forward/pop/info; positions, final and record agree with the replay" {
    # detours over 15... o-o (ply 30), 28... Rb1xa1(3)* (56), the promotion
    # 31... Pa2xb1(2)=Q (62) and the mate 49... Pe2-e1(2)=Q# (98)
    [ "$(wc -l < "$D/trid2.tsv")" -eq 98 ]
    trid_game 2 31 57 62 98
}

@test "Tri-D: two squares with levels (m c2(2) c4(2)) are the same move as Parmen notation (m Pc2-c4(2))" {
    load_game "$D/trid1.tsv" 2
    session -V trid <<'EOF'
m Pc2-c4(2)
back
m c2(2) c4(2)
info
m d7(6) d5(6)
m c4(2)-d5(6)
m b8(6)/c6(4)
m d1(2) b3(4)
m b7(6) b5(4)
m e0(3) f0(3)
info
EOF
    # the last is 4. o-o: the king moves onto its rook, and they swap
    expect 0 "${FEN[1]}
$TD_START
${FEN[1]}
fen ${FEN[1]}; black to move; castling KQkq; ply 1 of 1; moves 1. Pc2-c4(2)
${FEN[2]}
${FEN[3]}
${FEN[4]}
${FEN[5]}
${FEN[6]}
${FEN[7]}
fen ${FEN[7]}; black to move; castling kq; ply 7 of 7; moves 1. Pc2-c4(2) Pd7-d5(6) 2. Pc4xd5(6) Nb8-c6(4) 3. Bd1-b3(4) Pb7-b5(4) 4. o-o" ""
    [ "${FEN[7]}" = '1bbn/1p1p/4/2P1|1n2/p3/4/B3|4/4/P1PP/NB1N QL1:w:PP/RQ,KL1:w:PP/RK,QL6:b:rq/pp,KL6:b:kr/pp b kq - 1 4' ]
}

@test "Tri-D: squares written without their level are refused with the squares they may be" {
    session -V trid <<'EOF'
m d7 d5
m c2(2) c4
m e2
m a5 a6
m zz
m d7(6) d5(6)
EOF
    # c4 is on the main boards of levels 2 and 4; a5 is on no board at
    # the start (the attack boards stand on ranks 0, 1, 8 and 9)
    expect 1 "error: expected a move or a square with its level, found 'd7 d5': a square names its level (d7(6) here)
error: expected a move or a square with its level, found 'c4': a square names its level (c4(2) or c4(4) here)
error: expected a move or a square with its level, found 'e2': a square names its level (e2(2) here)
error: expected a move or a square with its level, found 'a5 a6': a square names its level (no level has a5 now)
error: expected a move or a square with its level, found 'zz'
error: illegal move d7(6)-d5(6): no legal move goes from d7(6) to d5(6)" \
"s.txt:1:3: error: expected a move or a square with its level, found 'd7 d5': a square names its level (d7(6) here)
s.txt:2:9: error: expected a move or a square with its level, found 'c4': a square names its level (c4(2) or c4(4) here)
s.txt:3:3: error: expected a move or a square with its level, found 'e2': a square names its level (e2(2) here)
s.txt:4:3: error: expected a move or a square with its level, found 'a5 a6': a square names its level (no level has a5 now)
s.txt:5:3: error: expected a move or a square with its level, found 'zz'
s.txt:6:3: error: illegal move d7(6)-d5(6): no legal move goes from d7(6) to d5(6)"
}

@test "Tri-D: p, side, castling, clear and reset" {
    # p Pb3(4): a white pawn on the Neutral board's rank 3 (its last rank in
    # TD-FEN), a new set-up that keeps the en passant pawn c4(2); side
    # clears it; castling Kq needs Ke0(3)/Rf0(3) and ke9(7)/ra9(7), all
    # there; moves after a set-up with Black to move are numbered from 1...;
    # clear empties every square and leaves the attack boards on their
    # pins with their controllers, White to move, no rights
    session -V trid <<'EOF'
m Pc2-c4(2)
p Pb3(4)
info
side b
castling Kq
info
m Pd7-d5(6)
m Pb3(4)-b4(4)
info
back
back
p -b3(4)
clear
info
reset
info
EOF
    local boards='QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp'
    expect 0 "nbbn/pppp/4/4|4/4/4/4|1P2/4/P1PP/NBBN $boards b KQkq c4(2) 0 1
nbbn/pppp/4/4|4/4/4/P3|1P2/4/P1PP/NBBN $boards b KQkq c4(2) 0 1
fen nbbn/pppp/4/4|4/4/4/P3|1P2/4/P1PP/NBBN $boards b KQkq c4(2) 0 1; black to move; castling KQkq; ply 0 of 0; moves none
nbbn/pppp/4/4|4/4/4/P3|1P2/4/P1PP/NBBN $boards b KQkq - 0 1
nbbn/pppp/4/4|4/4/4/P3|1P2/4/P1PP/NBBN $boards b Kq - 0 1
fen nbbn/pppp/4/4|4/4/4/P3|1P2/4/P1PP/NBBN $boards b Kq - 0 1; black to move; castling Kq; ply 0 of 0; moves none
nbbn/pp1p/4/2p1|4/4/4/P3|1P2/4/P1PP/NBBN $boards w Kq d5(6) 0 2
nbbn/pp1p/4/2p1|4/4/P3/4|1P2/4/P1PP/NBBN $boards b Kq - 0 2
fen nbbn/pp1p/4/2p1|4/4/P3/4|1P2/4/P1PP/NBBN $boards b Kq - 0 2; black to move; castling Kq; ply 2 of 2; moves 1... Pd7-d5(6) 2. Pb3-b4(4)
nbbn/pp1p/4/2p1|4/4/4/P3|1P2/4/P1PP/NBBN $boards w Kq d5(6) 0 2
nbbn/pppp/4/4|4/4/4/P3|1P2/4/P1PP/NBBN $boards b Kq - 0 1
nbbn/pppp/4/4|4/4/4/4|1P2/4/P1PP/NBBN $boards b Kq - 0 1
$TD_EMPTY
fen $TD_EMPTY; white to move; castling -; ply 0 of 0; moves none
$TD_START
fen $TD_START; white to move; castling KQkq; ply 0 of 0; moves none" ""
}

@test "Tri-D: refused commands (illegal move, unknown square, unknown piece, pop with no history) change nothing" {
    session -V trid <<'EOF'
pop
back
forward
m Pc2-c5(2)
m c2(2) c4(9)
p Pz4(2)
p Pa5(3)
p Xb3(4)
info
m Pc2-c4(2)
m Pc2-c5(2)
reset
pop
info
EOF
    local c4='nbbn/pppp/4/4|4/4/4/4|1P2/4/P1PP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp b KQkq c4(2) 0 1'
    # c5(2) does not exist: White's main board has ranks 1-4; a5(3) needs
    # an attack board on QL2, which is empty at the start
    expect 1 "error: no move to take back
error: already at the first position
error: already at the last move
error: illegal move Pc2-c5(2): there is no square c5(2) with the boards as they stand
error: expected a move or a square with its level, found 'c4(9)'
error: expected a square after the piece, found 'z4(2)'
error: no square a5(3) on the board as it stands
error: unknown piece 'X' (want a piece letter or '-')
fen $TD_START; white to move; castling KQkq; ply 0 of 0; moves none
$c4
error: illegal move Pc2-c5(2): no black pawn on c2
$TD_START
error: no move to take back
fen $TD_START; white to move; castling KQkq; ply 0 of 0; moves none" \
"s.txt:1:1: error: no move to take back
s.txt:2:1: error: already at the first position
s.txt:3:1: error: already at the last move
s.txt:4:3: error: illegal move Pc2-c5(2): there is no square c5(2) with the boards as they stand
s.txt:5:9: error: expected a move or a square with its level, found 'c4(9)'
s.txt:6:4: error: expected a square after the piece, found 'z4(2)'
s.txt:7:4: error: no square a5(3) on the board as it stands
s.txt:8:3: error: unknown piece 'X' (want a piece letter or '-')
s.txt:11:3: error: illegal move Pc2-c5(2): no black pawn on c2
s.txt:13:1: error: no move to take back"
}

# On Tri-D, `p` on a king's or castling rook's home square drops the
# castling rights that depend on it, as -V chess does (it once left
# 'KQkq' with no white king, which cv-check calls invalid).
@test "Tri-D: p on a home square of a king or castling rook drops the rights that depend on it" {
    session -V trid <<'EOF'
p -e0(3)
reset
p -a9(7)
EOF
    expect 0 "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/1R,QL6:b:rq/pp,KL6:b:kr/pp w kq - 0 1
$TD_START
nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:1q/pp,KL6:b:kr/pp w KQk - 0 1" ""
}

# On Tri-D, `castling` refuses rights whose king and rook are not there,
# as -V chess does.
@test "Tri-D: castling K on an empty board is refused and changes nothing" {
    session -V trid <<'EOF'
clear
castling K
info
EOF
    [ "$status" -eq 1 ]
    [ "${lines[0]}" = "$TD_EMPTY" ]
    [[ ${lines[1]} == "error: bad castling rights: 'K' "* ]]
    [ "${lines[2]}" = "fen $TD_EMPTY; white to move; castling -; ply 0 of 0; moves none" ]
    [[ $stderr == "s.txt:2:10: error: bad castling rights: 'K' "* ]]
}

# On Tri-D, `fen` drops castling rights whose king or rook is not on its
# square, as -V chess does.
@test "Tri-D: fen drops the castling rights whose king or rook is missing" {
    local nok='nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/1R,QL6:b:rq/pp,KL6:b:kr/pp w'
    session -V trid <<<"fen $nok KQkq - 0 1"
    expect 0 "$nok kq - 0 1" ""
}
