#!/usr/bin/env bats
# cv-play self-play: games of every variant that can be searched, played
# at a fixed depth from seeded random openings (deterministic), replayed
# by cv-replay with no error and the exact game count, and round-tripped
# through cv-convert: every notation of the engine and every record
# format that holds the game, back to the record as written.  One game a
# variant is pinned move for move.  Date tags come from SOURCE_DATE_EPOCH.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs" LC_ALL=C SOURCE_DATE_EPOCH=0
    T="$BATS_TEST_TMPDIR"
}

# VARIANT GAMES DEPTH NOTATIONS (the engine's, the default first) FORMATS (that hold
# its games, its own first).  The live set is what each game's cost allows (at
# depth 1 a game of chess takes about 0.025 s, of Chess960 0.04 s, of
# Capablanca 0.1 s, of Double Chess 0.7 s, of Tri-D 0.014 s, of Parallel
# Worlds 0.1 s, of Panoply 0.55 s); CORPUS below holds a few hundred more of
# the costly ones.
# Tri-D's games go through PGN too: a move with Parmen's '*' after a check
# or a promotion ("Re3xe6(4)+*", "Pb2-b1(2)=Q+*") is read as the move and
# its mark, not as the game's end.
LIVE='chess 200 1 san,lan,uci pgn
chess960 50 1 san,lan,uci pgn
capablanca 20 1 san,lan,uci pgn
doublechess 4 1 san,lan,uci pgn
trid-standard 100 1 standard,romulan gamelist,pgn
trid-tournament 100 1 standard,romulan gamelist,pgn
parallelworlds 20 1 pw pgn
panoply-testarmy 5 1 gc gclog'

# The specs self-play cannot start, and what cv-play says.
NO_START='panoply@@cv-play: error: the variant panoply has no start position'

# The games of LIVE, played once for the tests that replay and convert them.
setup_file() {
    cd "$BATS_TEST_DIRNAME/.." || return 1
    export CVKIT_SPECS="$PWD/specs" LC_ALL=C SOURCE_DATE_EPOCH=0
    local v n d nts fmts
    while read -r v n d nts fmts; do
        bin/cv-play -V "$v" --games "$n" --seed 1 --depth "$d" -o "$BATS_FILE_TMPDIR/$v.rec" \
            2> "$BATS_FILE_TMPDIR/$v.err"
        echo $? > "$BATS_FILE_TMPDIR/$v.status"
    done <<< "$LIVE"
}

@test "the tables name every spec of specs/, each once" {
    run bash -c 'ls specs/*.yaml | sed "s,specs/,,; s,\.yaml$,," | sort'
    [ "$status" -eq 0 ]
    local want=$output
    run bash -c "{ printf '%s\n' \"\$1\" | cut -d' ' -f1; printf '%s\n' \"\$2\" | sed 's/@@.*//'; } | sort" _ "$LIVE" "$NO_START"
    [ "$output" = "$want" ]
    [ "$(printf '%s\n' "$want" | wc -l)" -eq 9 ]
}

@test "a variant without a start position: said, exit 2, nothing written" {
    local line v msg
    while IFS= read -r line; do
        v=${line%%@@*} msg=${line#*@@}
        run --separate-stderr bin/cv-play -V "$v" --games 1 --depth 1 -q
        expect 2 "" "$msg" || { echo "# $v"; return 1; }
    done <<< "$NO_START"
}

@test "self-play: a few hundred games of every searchable variant replay with no error" {
    local v n d nts fmts
    while read -r v n d nts fmts; do
        [ "$(cat "$BATS_FILE_TMPDIR/$v.status")" -eq 0 ] || { echo "# $v: cv-play failed"; return 1; }
        [[ "$(cat "$BATS_FILE_TMPDIR/$v.err")" =~ ^"cv-play: $n games of $v: " ]] || { echo "# $v: no summary"; return 1; }
        [ "$(grep -c 'Event "cvkit self-play"' "$BATS_FILE_TMPDIR/$v.rec")" -eq "$n" ] || { echo "# $v: game count"; return 1; }
        run --separate-stderr bin/cv-replay -q -V "$v" "$BATS_FILE_TMPDIR/$v.rec"
        [ "$status" -eq 0 ] || { echo "# $v: cv-replay exit $status: $stderr"; return 1; }
        [ "${lines[${#lines[@]}-1]}" = "1 file, $n games, $n valid, 0 invalid, 0 warnings" ] ||
            { echo "# $v: ${lines[${#lines[@]}-1]}"; return 1; }
    done <<< "$LIVE"
}

# roundtrip FILE VARIANT NOTATIONS FORMATS: FILE converted to each notation
# and back to the first, and to each record format and back to the first,
# is FILE byte for byte
roundtrip() {
    local file=$1 v=$2 nts=$3 fmts=$4 nt f own=${3%%,*} own_format=${4%%,*}
    for nt in ${nts//,/ }; do
        run --separate-stderr bash -c "bin/cv-convert -q -V $v -t $nt '$file' | bin/cv-convert -q -V $v -t $own > '$T/back'"
        expect 0 "" "" || { echo "# $file via $nt"; return 1; }
        diff "$T/back" "$file" > "$T/diff" || { echo "# $file via $nt:"; head "$T/diff"; return 1; }
    done
    for f in ${fmts//,/ }; do
        run --separate-stderr bash -c "bin/cv-convert -q -V $v --format $f '$file' | bin/cv-convert -q -V $v --format $own_format > '$T/back'"
        expect 0 "" "" || { echo "# $file via $f"; return 1; }
        diff "$T/back" "$file" > "$T/diff" || { echo "# $file via $f:"; head "$T/diff"; return 1; }
    done
}

@test "self-play: every game round-trips through every notation and record format" {
    local v n d nts fmts
    while read -r v n d nts fmts; do
        roundtrip "$BATS_FILE_TMPDIR/$v.rec" "$v" "$nts" "$fmts" || return 1
    done <<< "$LIVE"
}

# Games of the variants whose search costs too much a game for a live few
# hundred (Double Chess, Panoply: near 1 s a game at depth 1), played once by the command
# their corpus's SOURCES names and committed (as *.games: the directory
# walks of other tests, which expect their own games, leave them alone).
# FILE VARIANT GAMES NOTATIONS FORMATS
CORPUS='corpus/capablanca/selfplay.games capablanca 200 san,lan,uci pgn
corpus/doublechess/selfplay.games doublechess 200 san,lan,uci pgn
corpus/trid/selfplay-standard.games trid-standard 300 standard,romulan gamelist,pgn
corpus/trid/selfplay-tournament.games trid-tournament 300 standard,romulan gamelist,pgn
corpus/parallelworlds/selfplay.games parallelworlds 200 pw pgn
corpus/panoply/selfplay-testarmy.games panoply-testarmy 100 gc gclog'

@test "the committed self-played games replay with no error and round-trip" {
    local file v n nts fmts
    while read -r file v n nts fmts; do
        [ -f "$file" ] || { echo "# $file: missing"; return 1; }
        run --separate-stderr bin/cv-replay -q -V "$v" "$file"
        [ "$status" -eq 0 ] || { echo "# $file: cv-replay exit $status: $stderr"; return 1; }
        [ "${lines[${#lines[@]}-1]}" = "1 file, $n games, $n valid, 0 invalid, 0 warnings" ] ||
            { echo "# $file: ${lines[${#lines[@]}-1]}"; return 1; }
        [ "$(grep -c 'Event "cvkit self-play"' "$file")" -eq "$n" ] || { echo "# $file: not $n self-played games"; return 1; }
        roundtrip "$file" "$v" "$nts" "$fmts" || return 1
    done <<< "$CORPUS"
}

@test "the committed self-played games name their variant: they replay without -V too" {
    local file v n nts fmts
    while read -r file v n nts fmts; do
        run --separate-stderr bin/cv-replay -q "$file"
        [ "$status" -eq 0 ] || { echo "# $file: cv-replay exit $status: ${stderr:0:300}"; return 1; }
        [ "${lines[${#lines[@]}-1]}" = "1 file, $n games, $n valid, 0 invalid, 0 warnings" ] ||
            { echo "# $file: ${lines[${#lines[@]}-1]}"; return 1; }
    done <<< "$CORPUS"
}

@test "self-play: a listing or log of rules other than its format's default says which in a Variant tag" {
    run --separate-stderr bin/cv-play -V trid-tournament --games 1 --seed 3 --depth 1 --max-moves 2
    expect 0 '    WHITE      BLACK
// [Event "cvkit self-play"]
// [Date "1970.01.01"]
// [Round "1"]
// [White "cvkit depth 1"]
// [Black "cvkit depth 1"]
// [Variant "trid-tournament"]
1.  Pd2-d3(4)  Pb7-b6(6)
2.  Pe2-e4(2)  Pb8-b6(4)' "cv-play: 1 game of trid-tournament: 0 won by White, 0 by Black, 0 drawn, 1 unfinished; 4 moves" || return 1
    run --separate-stderr bin/cv-play -V trid-standard --games 1 --seed 3 --depth 1 --max-moves 2
    [ "$status" -eq 0 ]
    [[ "$output" != *Variant* ]]
}

# VARIANT @@ OPTIONS @@ game 1 of those options, as --json writes it
PINNED='chess@@--seed 7 --depth 2@@{"round":1,"variant":"chess","result":"1-0","end":"White mates","plies":115,"moves":["b4","c6","Na3","b6","Nf3","Na6","c3","Nf6","Nc4","d5","Nce5","Qd6","Qc2","Be6","Qd3","b5","a4","Rb8","axb5","cxb5","Ra5","Qb6","e3","Nc7","Nd4","Qd6","f4","a6","Be2","Ne4","O-O","g6","Bf3","f6","Nec6","Rc8","Bxe4","dxe4","Qxe4","Qd5","Qd3","Bg7","e4","Qd6","Rf3","Bd7","Na7","Ra8","Ndc6","O-O","Qxd6","exd6","Ne7+","Kh8","Nac6","Ne6","d4","Rfe8","Be3","Bf8","f5","Bxe7","Nxe7","Rxe7","fxe6","Rxe6","Rf4","f5","d5","Rxe4","Bd4+","Kg8","Rf3","h5","Re3","h4","Kh1","Kf7","Ra2","Rxe3","Bxe3","Re8","Bf2","h3","Rxa6","hxg2+","Kxg2","f4","Rxd6","Bf5","Bd4","Be4+","Kf1","Bd3+","Kf2","Re2+","Kf3","g5","Rf6+","Kg8","h4","gxh4","Rxf4","h3","Rg4+","Kf7","Rg7+","Ke8","d6","h2","d7+","Kf8","d8=Q+","Re8","Qf6#"]}
chess960@@--seed 7 --depth 2@@{"round":1,"variant":"chess960","result":"1-0","end":"White mates","plies":115,"moves":["b4","c6","Na3","b6","Nf3","Na6","c3","Nf6","Nc4","d5","Nce5","Qd6","Qc2","Be6","Qd3","b5","a4","Rb8","axb5","cxb5","Ra5","Qb6","e3","Nc7","Nd4","Qd6","f4","a6","Be2","Ne4","O-O","g6","Bf3","f6","Nec6","Rc8","Bxe4","dxe4","Qxe4","Qd5","Qd3","Bg7","e4","Qd6","Rf3","Bd7","Na7","Ra8","Ndc6","O-O","Qxd6","exd6","Ne7+","Kh8","Nac6","Ne6","d4","Rfe8","Be3","Bf8","f5","Bxe7","Nxe7","Rxe7","fxe6","Rxe6","Rf4","f5","d5","Rxe4","Bd4+","Kg8","Rf3","h5","Re3","h4","Kh1","Kf7","Ra2","Rxe3","Bxe3","Re8","Bf2","h3","Rxa6","hxg2+","Kxg2","f4","Rxd6","Bf5","Bd4","Be4+","Kf1","Bd3+","Kf2","Re2+","Kf3","g5","Rf6+","Kg8","h4","gxh4","Rxf4","h3","Rg4+","Kf7","Rg7+","Ke8","d6","h2","d7+","Kf8","d8=Q+","Re8","Qf6#"]}
capablanca@@--seed 7 --depth 2@@{"round":1,"variant":"capablanca","result":"1-0","end":"White mates","plies":133,"moves":["h4","Cg6","Ab3","Cc6","Ad5","Cd4","Ae3","Ce4","Axi7","d5","Axj8","Axi2","f3","Axh1","fxe4","Ai2","Af4","Axj1","Nc3","Ae6","Nxd5","Axf4","Nxf4","Qc6","Nd5","f5","e3","Nh6","Bf3","Qxc2","Rc1","Qxb2","Nxc7","Bxc7","Rxc7","Nc6","exf5","Qb5+","Qe2","Qb1+","Kf2","Qxf5","Nh3","Rd8","Rxb7","Bxa2","Bh2","Ng4+","Ke1","Nxh2","Bxc6","Qf6","Qf2","Qxf2+","Nxf2","a5","Rb5","Rc8","Rxa5","Rxc6","Rxa2","e5","Ra5","Nj3","g3","Re6","Ng4","e4","Rj5","Rg6","Rxj7","Rxg4","Rxj3","g5","h5","Ri4","Ri3","Rxi3","jxi3","Kf7","Ke2","Kf6","d4","exd3+","Kxd3","Ke5","e4","g4","h6","Ke6","Kd4","Ke7","e5","Ke6","Ke4","Ke7","Kf5","Kd7","Kxg4","Ke6","Kf4","Kd5","Kf5","Kc6","e6","Kd6","i4","Ke7","Ke5","Ke8","i5","Ke7","g4","Ke8","g5","Ke7","g6","hxg6","h7","g5","h8=Q","g4","Qh4+","Ke8","Qxg4","Ke7","i6","Kf8","i7","Ke8","i8=Q+","Ke7","Qb4#"]}
doublechess@@--seed 7 --depth 2@@{"round":1,"variant":"doublechess","result":"0-1","end":"Black mates","plies":190,"moves":["Np3","c6","j4","p5","Nc3","Nn6","Ne3","Ne6","Nl3","Nj6","Npn4","m5","Np3","m4","Nj2","Bxj4","i3","Bk5","No5","No4","Qxn7","Bxn2","Qxm8","Rpxm8","Nn7","Bxm1","Nxl8","Nn2","Bxe6","Nxl1","Nxl1","dxe6","Nn7","Bxl2","d4","Rm7","Nl8","g6","Nj2","k5","o4","pxo4","Ro1","Bk7","Nxj7","Kxj7","Rxo4","Qdxd4","Qxd4","Qxd4","Nl3","Ql4+","Kj1","e5+","h3","Bxp2","Bh2","Rn7","Bp3","f6","Bi1","Ql5","Bo2","Nh5","Bj2","Rm7","i4","Nj6","Rxm4","Rxm4","Bxm4","k4","Bxl5+","Nxl5","m4","Nk3+","Bxk3","Bxk3","Nj2","h5","ixh5","Bpm5","Ni4","gxh5","Nxk3","Bxk3","Bd2","o5","Rad1","Bce6","g4","hxg4","Nxg4","Bxa2","Rg1","Bad5","e4","Bc4","b3","Bce6","Be3","Bi6","Rd3","Rm8","Bc5","Rxm4","Ki2","Bixg4","hxg4","Rm1","f3","Rxg1","Bxg1","Nd7","Be3","o4","Ki3","o3","Ki4","o2","Rd1","Bf7+","Kj5","Bl4","Kxk4","o1=Q","Rxo1","Bxo1","k3","Bj6","Kl3","i5","k4","i4","Bg1","Be1","Ne2","Bi5","Nc3","Kk6","b4","Be1","Ne2","Bxb4","Ng3","a5","Bj4","Rj8","Kk3","a4","c4","Ri8","Kj2","Bxc4","Ki3","Bf7","Kh4","a3","g5","a2","g6","Bxg6","Bi5","Rh8+","Ki3","Rh3+","Kj2","a1=Q","Kk2","Qn1","Kj2","Qxk4","Ki1","Qk1+","Ki2","Qi3+","Kj1","Qj3+","Kk1","Qk4+","Kl1","Ql5+","Kk1","Qxi5","Nf5","Rxf3","Kj2","Ql2+","Ki1","Rf1#"]}
trid-standard@@--seed 7 --depth 2@@{"round":1,"variant":"trid-standard","result":"0-1","end":"Black mates","plies":74,"moves":["Pc2-c3(4)","Pb7-b5(6)","Nb1-c3(2)","Ne8-d6(6)","Ne1-d3(2)","Nb8-c6(4)","Pd2-d4(4)","Pc7-c6(6)","Pe2-e4(2)","Pd7-d6(4)","Pb2-b4(2)","Nd6-c4(2)","Qb0-b3(2)","Pe7-e6(4)","Pb1-b3(4)","Nc4-d6(6)","Pb3-b4(4)","Bc8-e6(6)","Qb3-c2(2)","Be6-c4(2)","Bc1-e3(4)","Nd6-c4(4)","Qc2-e2(2)","Bc4xd3(2)","Qe2xd3(2)","Qb9-e6(6)","o-o-o","Qe6-b9(7)","Bd1-e2(2)","Nc4-b6(4)","Qd3-e4(4)","Qb9-d7(6)","Be2-d3(4)","o-o-o","Be3-d4(2)","Pe6-e5(6)","Bd4xb6(4)","Re9xe4(4)","Bb6xd8(6)","Re4-e6(4)","Re0xe6(4)","Qd7xe6(4)","Pd4xe5(6)","Qe6-e3(4)+","Kb0-b1(3)","Qe3xd3(4)+","Kb1-b2(2)","Nc6xd8(6)","Pe5xd6(4)","Qd3xd6(4)","Rf0-e0(3)","Rf9-e9(7)","Re0-e2(2)","Nd8-c6(4)","Re2-e3(2)","Pb8-b6(4)","Re3-e2(2)","Pb6-b5(4)","QLW-b3(4)","Qd6-b8(6)","Kb2-b3(2)","Nc6-e5(4)","Kb3-a2(5)","Ne5-c4(4)","Nc3-e4(4)","Qb8-e5(4)","Ne4-c5(4)","Qe5xc3(4)","Nc5-b3(5)","Qc3-c4(2)","Pe4-e5(4)","Re9xe2(2)+","Pf1xe2(2)","Qc4-c2(2)#"]}
trid-tournament@@--seed 7 --depth 2@@{"round":1,"variant":"trid-tournament","result":"1-0","end":"White mates","plies":173,"moves":["Pb2-b4(4)","Pc7-c6(4)","Pb4-b5(4)","Pe7-e6(6)","Pc2-c4(2)","Ne8-d6(4)","Pb5xc6(4)","Nb8xc6(4)","Pc4-c5(4)","Nd6-c4(2)","Pb1-b3(2)","Nc4-e5(6)","Nb1-c3(2)","Pb7-b6(4)","Pc5xb6(4)","Bd8xb6(4)","Ne1-d3(2)","Qb9-b8(6)","Pb3-b4(2)","Bb6-d4(2)","Pb4-b5(4)","Nc6-d4(4)","Nd3xe5(6)","Qb8xe5(6)","Pb5-b6(4)","Pd7-d5(4)","o-o","Ke9-d8(6)","Qb0-b4(4)","Bd4xc3(2)","Pd2xc3(2)","Nd4-c6(4)","Qb4-c5(4)","Kd8-d7(6)","Pe2-e3(2)","Pb8-b6(6)","Qc5-e3(4)","Qe5-d5(6)","Kf0-e1(2)","Pb6-b5(4)","Bc1-d2(2)","Ra9-e9(7)","Bd1-c2(2)","Qd5-b5(6)","Bc2-d3(2)","Qb5-d5(6)","Ra0-b0(3)","QLB-b6(4)","Rb0-b2(2)","Pe6-e5(4)","Ke1-d1(2)","Pe5-e4(2)","Bd3-e2(2)","Pe8-e6(4)","Qe3-b6(5)","Qd5-d6(6)","Pb6-b7(5)","Qd6-b8(6)","Pb7xc8(6)=N","Qb8xc8(6)","QLW-b4(2)","Pe6-e5(4)","Bd2-c3(4)","Pe5-e4(4)","Rb2-d2(2)","Qc8-c6(6)","Bc3-d4(2)","Re9-e6(4)","Bd4-e3(4)","Re6-d6(4)","Be3-d4(2)","Rd6-e6(4)","Bd4-b6(4)","Qc6xb6(5)","Pa5xb6(5)","Kd7-c6(6)","Bb6-c7(6)","Nc6-a5(3)*","Rd2-c2(2)","Re6-c6(4)","Kd1-d2(2)","Kc6-d5(6)","Rc2-b2(2)","Na5-c6(6)","Rb2-c2(2)","Nc6-a5(3)","Re0-f0(3)","Rc6-c5(4)","Rc2-b2(2)","Kd5-c6(6)","Rb2-b4(3)","Rc5-c6(4)","Rf0-e0(3)","Rc6-c5(4)","Re0-e1(2)","Rc5-d5(6)+","Kd2-e3(4)","Rd5-d7(6)","Re1-c1(2)","Kc6-b7(5)","Rc1-c3(4)","Rd7-d5(6)","Rc3-c2(2)","Kb7-c8(6)","Rc2-c3(4)","Kc8-b7(5)","Rc3-c1(2)","Rd5-d7(6)","Rc1-c2(2)","Kb7-c8(6)","Bc7-b6(4)","Na5-c6(6)*","QLW-e4(2)","Kc8-b7(5)","Bb6-c5(4)","Rd7-d5(6)","Rc2-c3(4)","Rd5-e5(3)","Pb6-b7(6)","Nc6-d8(6)","Pb7-b8(6)=Q+","Kb7xb8(6)","Bc5-d6(4)+","Kb8-b7(5)","Bd6xe5(3)","Nd8-e6(4)","Rf4-f5(3)","Kb7-b6(4)","Rf5-e5(4)","Ne6-c5(4)","Re5xd5(4)","QLB-b3(4)","Rc3-a3(5)","Pb5-b4(2)","Pc3xb4(2)","Nc5-d3(2)","Be2xd3(2)","Pe4(2)xd3(2)","Ke3xe4(4)","Rf9-e9(7)","Ra3xa2(5)*","Kb6-b7(6)","Rd5xd3(2)","Re9-e7(6)","QLB-e3(4)","KLB-e6(4)","Rd3-d5(4)","Pf6xe5(3)*","Rd5xe5(3)*","Re7-f7(5)","Pf1-f3(5)","Kb7-b8(6)","Pb4-b5(4)","KLB-b6(4)","Pf3-f4(3)","Kb8-b7(6)","Pe3-e4(2)","Kb7-b8(6)","Pe4-e5(4)","Kb8-b7(6)","Pe5-e6(4)","Rb7-a7(5)","Pe6-e7(6)","Kb7-c7(6)","Pe7-e8(6)=Q","Ra7-b7(5)","Re5-e7(6)+","Kc7-d6(6)","Re7xb7(5)*","Kd6-c5(4)","Qe8-c6(4)+","Kc5-b4(2)","Re2-b2(2)#"]}
parallelworlds@@--seed 7 --depth 1 --max-moves 30@@{"round":1,"variant":"parallelworlds","result":"1-0","end":"White mates","plies":17,"moves":["3f2-3f4,1g2-1g4","1b7-1b5,3b7-3b5,1c7-2c7","3b2-3b4,1f2-1f3,N1g1-2g1","3f7-3f5,Q1d8-1a5,2c7-2e7","1a2-2a2","2e7-2e1","3e2-2e2","1b5-2b5","2e2-2e8","2b5-2f1","2e8-2d8","3b5-2b5","2a2-2f7","2b5-2e2","Q3d1-3h5","3h7-2h7","Q3h5x3e8#"]}
panoply-testarmy@@--seed 7 --depth 1 --max-moves 30@@{"round":1,"variant":"panoply-testarmy","result":"*","end":null,"plies":30,"moves":["B1 h3-g3; B1 g3-g2","p a11-a10","P g4-g7","h d12-j6","H i2-b9","h e12-e5","H j2-g5","h e5-g3","S m2-h7","h j6-i6","S f2-f7","s h12-h8","H b9-h9","p d10-d7","P j4-j10","r a13-e9","C l1-l3","h i6-g6","C l3-i6","r e9-e6","K j1-j2","h g3-i3","B1 h2-g3; B1 g2-g4","r g13-h12","B1 g4-h3; B1 g3-i3","r h12-h9","S h7-h6; h8-","p i11-k9; j10-","R m1-j4","k d13-d12"]}'

@test "self-play: one game a variant, pinned move for move" {
    local line v rest opts want
    while IFS= read -r line; do
        v=${line%%@@*} rest=${line#*@@}
        opts=${rest%%@@*} want=${rest#*@@}
        # shellcheck disable=SC2086
        run --separate-stderr bin/cv-play -V "$v" --games 1 $opts -j -q
        expect 0 "$want" "" || { echo "# $v"; return 1; }
    done <<< "$PINNED"
}

@test "self-play: the record's tags, and the result of a game cut at --max-moves" {
    run --separate-stderr bin/cv-play --games 1 --seed 3 --depth 1 --max-moves 6
    expect 0 '[Event "cvkit self-play"]
[Site "?"]
[Date "1970.01.01"]
[Round "1"]
[White "cvkit depth 1"]
[Black "cvkit depth 1"]
[Result "*"]

1. e4 a5 2. Bc4 h5 3. Nc3 Nc6 *' "cv-play: 1 game of chess: 0 won by White, 0 by Black, 0 drawn, 1 unfinished; 6 moves"
}

@test "self-play: the same seed gives the same games; game K of a run is game 1 of seed S+K-1" {
    bin/cv-play --games 5 --seed 11 --depth 1 -q > "$T/a"
    bin/cv-play --games 5 --seed 11 --depth 1 -q > "$T/b"
    [ "$(grep -c '^\[Round ' "$T/a")" -eq 5 ]
    cmp "$T/a" "$T/b"
    bin/cv-play --games 3 --seed 11 --depth 1 -q | awk '/^\[Round "3"\]/ { p = 1 } p && /^1\./ { q = 1 } q' > "$T/k"
    bin/cv-play --games 1 --seed 13 --depth 1 -q | sed -n '/^1\./,$p' > "$T/one"
    [ "$(grep -c '^1\. ' "$T/k")" -eq 1 ]
    cmp "$T/k" "$T/one"
    # another seed, other games
    run bash -c 'cmp <(bin/cv-play --games 1 --seed 11 --depth 1 -q) <(bin/cv-play --games 1 --seed 12 --depth 1 -q)'
    [ "$status" -eq 1 ]
}

@test "self-play: --nodes names the player so, and --depth with --nodes is refused" {
    run --separate-stderr bash -c 'bin/cv-play --games 1 --seed 1 --nodes 200 --max-moves 2 -q | grep -E "^\[(White|Black) "'
    expect 0 '[White "cvkit nodes 200"]
[Black "cvkit nodes 200"]' ""
    run --separate-stderr bin/cv-play --games 1 --depth 2 --nodes 100
    expect 2 "" "cv-play: error: --depth and --nodes: give one of them
Try 'cv-play --help' for more information."
}

@test "cv-play with no mode and a first line that names no protocol: usage error" {
    run --separate-stderr bin/cv-play <<< "hello"
    expect 2 "" "cv-play: error: give --games N, --xboard or --uci (standard input began with 'hello', not xboard or uci)
Try 'cv-play --help' for more information."
}

@test "self-play --json: one object a game, its end said, the moves in the engine's notation" {
    run --separate-stderr bin/cv-play --games 2 --seed 3 --depth 1 --max-moves 6 -j -q
    expect 0 '{"round":1,"variant":"chess","result":"*","end":null,"plies":6,"moves":["e4","a5","Bc4","h5","Nc3","Nc6"]}
{"round":2,"variant":"chess","result":"*","end":null,"plies":6,"moves":["h3","c6","b3","Na6","Nf3","Nf6"]}' ""
    run --separate-stderr bash -c "bin/cv-play --games 3 --seed 1 --depth 1 -j -q | jq -r '[.round,.result,.end,.plies,(.moves|length)]|@tsv'"
    expect 0 "1	1-0	White mates	91	91
2	1/2-1/2	Draw by repetition	82	82
3	0-1	Black mates	120	120" ""
}

@test "options that do not go together: said, exit 2" {
    local args want
    while IFS='@' read -r args want; do
        run --separate-stderr bin/cv-play $args
        expect 2 "" "cv-play: error: $want
Try 'cv-play --help' for more information." || { echo "# $args"; return 1; }
    done <<'CASES'
--xboard --games 2@--games plays against itself: not with --xboard or --uci
--uci -o x.pgn@--output is for --games
--uci -j@--json is for --games (the protocols have their own output)
--games 1 -j --format pgn@--json and --format: give one of them
--games 1 extra@unexpected operand 'extra'
CASES
}

@test "self-play --against-random: the random mover plays Black in odd games, White in even ones; the search's results counted" {
    run --separate-stderr bash -c "bin/cv-play -V trid-standard --games 4 --seed 1 --depth 1 --against-random alternate --json | jq -c '[.round, .result, .plies]'"
    expect 0 '[1,"1-0",35]
[2,"0-1",26]
[3,"1-0",41]
[4,"0-1",56]' 'cv-play: 4 games of trid-standard: 2 won by White, 2 by Black, 0 drawn, 0 unfinished; 158 moves
cv-play: the search against a random mover: 4 won, 0 drawn, 0 lost, 0 unfinished'
    run --separate-stderr bin/cv-play --against-random red --games 1
    expect 2 '' "cv-play: error: --against-random 'red': not one of white, black, alternate
Try 'cv-play --help' for more information."
    run --separate-stderr bin/cv-play --against-random white --xboard
    expect 2 '' "cv-play: error: --against-random is for --games
Try 'cv-play --help' for more information."
}
