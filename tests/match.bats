#!/usr/bin/env bats
# bench/match, the bench's match runner: cvkit's engine interface as the
# referee of two engines over XBoard and UCI.  The engines here are
# scripted XBoard engines (fake_engine MODE, each answering `go` one way)
# and cv-play at depth 1, so every game and every count is fixed.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    export CVKIT_SPECS="${CVKIT_SPECS:-$ROOT/specs}"
    export LC_ALL=C
    M="$ROOT/bench/match"
    [ -x "$M" ] || { echo "# $M is missing: make check builds it"; return 1; }
    cd "$BATS_TEST_TMPDIR"
    # An XBoard engine answering `go` by MODE: illegal (a move no position
    # of these games allows), crash (it exits), silent (no answer),
    # resign, draw (it claims one), play MOVE.
    cat > fake <<'SH'
#!/bin/sh
while read -r cmd arg; do
    case $cmd in
        protover) echo "feature myname=\"fake $1\" ping=1 setboard=1 done=1" ;;
        ping) echo "pong $arg" ;;
        go) case $1 in
                illegal) echo "move e2e5" ;;
                crash) exit 3 ;;
                silent) ;;
                resign) echo "resign" ;;
                draw) echo "1/2-1/2 {claim}" ;;
                play) echo "move $2" ;;
            esac ;;
        quit) exit 0 ;;
    esac
done
SH
    chmod +x fake
    F="xboard:$BATS_TEST_TMPDIR/fake"
    CV="$ROOT/bin/cv-play"
}

# the result line without the times (s/move) and node rates
result() {
    printf '%s\n' "$output" | grep '^result' | cut -f1-14,17-19
}

@test "match: what ends a game, each counted against the engine that did it" {
    local T=$'\t'
    # MODE, exit status, result line (first engine's view: W D L, score,
    # Elo, margin; then illegal, crashes, time losses of each)
    while IFS='|' read -r mode st want; do
        run --separate-stderr "$M" --games 2 --st 0.1 --timeout 1 --plies 2 "$F $mode" "$F draw"
        [ "$status" -eq "$st" ] || { echo "# $mode: exit status $status"; return 1; }
        [ "$(result)" = "${want//;/$T}" ] || { echo "# $mode: $(result)"; return 1; }
    done <<'EOF2'
illegal|1|result;chess;fake illegal;fake draw;2;0;1;1;25.0;-191;1234;1;0;0;0;0;0
crash|1|result;chess;fake crash;fake draw;2;0;1;1;25.0;-191;1234;0;1;0;0;0;0
silent|0|result;chess;fake silent;fake draw;2;0;1;1;25.0;-191;1234;0;0;1;0;0;0
resign|0|result;chess;fake resign;fake draw;2;0;1;1;25.0;-191;1234;0;0;0;0;0;0
draw|0|result;chess;fake draw;fake draw;2;0;2;0;50.0;+0;0;0;0;0;0;0;0
EOF2
}

@test "match: an illegal move is said with the position it was played in" {
    run --separate-stderr "$M" --games 1 --st 0.1 --plies 2 "$F illegal" "$F draw"
    [ "$status" -eq 1 ]
    [ "$stderr" = "match: error: fake illegal played illegal move 'e2e5' in rnbqkb1r/pppppppp/7n/8/P7/8/1PPPPPPP/RNBQKBNR w KQkq - 1 2: the pawn on e2 cannot move to e5" ]
    [ "${lines[0]}" = "game 1: fake illegal - fake draw 0-1 (illegal move e2e5 by fake illegal) 2 plies" ]
}

@test "match: the referee ends games by the rules: mate, stalemate, from --fen" {
    # the first game's White mates or stalemates with its move; colours
    # swap in the second, where the other engine plays the same move
    run --separate-stderr "$M" --fen '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' --plies 0 --games 2 --st 0.1 \
        "$F play a1a8" "$F play a1a8"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "game 1: fake play - fake play 1-0 (checkmate) 1 plies" ]
    [ "${lines[1]}" = "game 2: fake play - fake play 1-0 (checkmate) 1 plies" ]
    [ "$(result)" = "$(printf 'result\tchess\tfake play\tfake play\t2\t1\t0\t1\t50.0\t+0\t2400\t0\t0\t0\t0\t0\t0')" ]
    run --separate-stderr "$M" --fen '7k/8/6Q1/8/8/8/8/K7 w - - 0 1' --plies 0 --games 1 --st 0.1 \
        "$F play g6f7" "$F draw"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "game 1: fake play - fake draw 1/2-1/2 (stalemate) 1 plies" ]
}

@test "match: cv-play over UCI and XBoard, fixed depth: legal games, the same twice" {
    [ -x "$CV" ] || { echo "# $CV is missing"; return 1; }
    run --separate-stderr "$M" --games 2 --depth 1 --seed 7 --max-plies 40 --games-out g1.tsv \
        "uci:$CV --uci" "xboard:$CV --xboard"
    [ "$status" -eq 0 ]
    [ "$(result | cut -f5)" = 2 ]
    [ "$(result | cut -f12-)" = "$(printf '0\t0\t0\t0\t0\t0')" ]
    "$M" --games 2 --depth 1 --seed 7 --max-plies 40 --games-out g2.tsv "uci:$CV --uci" "xboard:$CV --xboard" > /dev/null
    [ "$(wc -l < g1.tsv)" -eq 2 ]
    cmp g1.tsv g2.tsv
    # each game's moves replay legally from its start
    while IFS=$'\t' read -r _ _ _ _ _ fen moves; do
        run "$ROOT/bin/cv-legal" --fen "$fen" --apply "$moves"
        [ "$status" -eq 0 ] || { echo "# $output"; return 1; }
    done < g1.tsv
}

@test "match: usage errors" {
    while IFS='|' read -r args want; do
        # shellcheck disable=SC2086
        run --separate-stderr "$M" $args
        [ "$status" -eq 2 ] || { echo "# $args: exit status $status"; return 1; }
        [ "${stderr//$'\n'/;}" = "$want" ] || { echo "# $args: $stderr"; return 1; }
    done <<'EOF2'
|match: error: two engines wanted, 0 given;Try 'match --help' for more information.
x y|match: error: engine 'x': not PROTO[/VARIANT]:COMMAND (PROTO xboard or uci);Try 'match --help' for more information.
--st 0 a b|match: error: --st '0': not seconds above 0 and at most 3600;Try 'match --help' for more information.
--st 1 --nodes 5 xboard:a xboard:b|match: error: one of --st, --nodes and --depth;Try 'match --help' for more information.
--games 1 xboard:/nonexistent/engine xboard:/nonexistent/engine|match: error: /nonexistent/engine could not be started
EOF2
    # an engine without what the limits need: the match is not played
    run --separate-stderr "$M" --nodes 100 "$F draw" "$F draw"
    [ "$status" -eq 2 ]
    [ "$stderr" = "match: error: fake draw cannot play this match: it announces no nps (for --nodes)" ]
    [ "$output" = "" ]
}
