#!/bin/sh
# Double Chess against Sjaak II, an independent program (Debian package
# sjaakii, installed here when missing and we are root): its perft with
# bench/sjaakii-doublechess.txt (no castling) and with
# bench/sjaakii-doublechess-inner.txt (the two inner castlings) against
# cv-perft's, from the start and from two positions where both inner
# castlings are open on both sides.  The counts are written here too, so
# that a change in either program shows.  A minute or two of work: only
# `make check-slow` runs it (corpus/doublechess/deep-perft.md has depth 6).
cd "$(dirname "$0")/../.." || exit 1
echo 1..5

SJ=$(command -v sjaakii || { [ -x /usr/games/sjaakii ] && echo /usr/games/sjaakii; })
if [ -z "$SJ" ] && [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q sjaakii > /dev/null 2>&1
    SJ=$(command -v sjaakii || { [ -x /usr/games/sjaakii ] && echo /usr/games/sjaakii; })
fi

START=rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR
OPEN=rnbqr3k2rqbnr/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQR3K2RQBNR
ROOKS=r3r3k2r3r/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/R3R3K2R3R

# sjaak FILE VARIANT FEN DEPTH: Sjaak II's count at DEPTH (its perft
# prints a line "DEPTH COUNT SECONDS NPS" for each depth up to DEPTH)
sjaak() {
    printf 'load %s\nvariant %s\nsetboard %s\nperft %s\nquit\n' "$1" "$2" "$3" "$4" | "$SJ" 2>&1 |
        tr -d '\033' | sed 's/\[[0-9;]*m//g' | awk -v d="$4" '{ for (i = 1; i < NF; i++) if ($i == d && $(i+1) ~ /^[0-9]+$/ && $(i+2) ~ /^[0-9.]+$/) c = $(i+1) } END { print c }'
}

n=0
# check NAME FILE VARIANT FEN(without rights) RIGHTS DEPTH WANT
check() {
    n=$((n + 1))
    if [ -z "$SJ" ]; then
        echo "not ok $n - $1: sjaakii is not installed (Debian package sjaakii)"
        return
    fi
    [ -f "$2" ] || { echo "not ok $n - $1: $2 is missing"; return; }
    s=$(sjaak "$2" "$3" "$4 w $5 - 0 1" "$6")
    c=$(bin/cv-perft -V doublechess -f "$4 w $5 - 0 1" -d "$6" 2>&1)
    if [ "$s" = "$7" ] && [ "$c" = "$7" ]; then
        echo "ok $n - $1, depth $6: Sjaak II and cv-perft both count $7"
    else
        echo "not ok $n - $1, depth $6: Sjaak II '$s', cv-perft '$c', expected $7"
    fi
}

NC=bench/sjaakii-doublechess.txt
IN=bench/sjaakii-doublechess-inner.txt
check "start, no castling" $NC doublechess $START - 5 144771983
check "start, inner castlings" $IN doublechess-inner $START LEle 5 144771983
check "inner castlings open" $IN doublechess-inner $OPEN LEle 4 4343846
check "inner castlings open, no castling" $NC doublechess $OPEN - 4 3674374
check "rooks and kings only" $IN doublechess-inner $ROOKS LEle 4 7607922
