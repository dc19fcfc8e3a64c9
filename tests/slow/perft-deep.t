#!/bin/sh
# Deep perft counts (depth 6 of the CPW suite, depth 5 of Double Chess,
# depth 2 of Parallel Worlds, the last also with threads and a table):
# minutes of work, so only `make check-slow` runs them.
cd "$(dirname "$0")/../.." || exit 1
echo 1..5
out=$(bin/cv-perft --suite corpus/chess/perft.txt -d 6 --threads 2 2>&1); rc=$?
if [ $rc -eq 0 ] && [ "$out" = "corpus/chess/perft.txt: 65 counts checked, 0 mismatched" ]; then
    echo "ok 1 - CPW suite to depth 6"
else
    echo "not ok 1 - CPW suite to depth 6"; echo "$out" | sed 's/^/# /'
fi
if [ -f corpus/doublechess/perft.txt ]; then
    out=$(bin/cv-perft --suite corpus/doublechess/perft.txt -d 5 --threads 2 2>&1); rc=$?
    case "$out" in
        *", 0 mismatched") [ $rc -eq 0 ] && echo "ok 2 - Double Chess suite to depth 5" || echo "not ok 2 - exit $rc" ;;
        *) echo "not ok 2 - Double Chess suite to depth 5"; echo "$out" | sed 's/^/# /' ;;
    esac
else
    echo "not ok 2 - corpus/doublechess/perft.txt missing"
fi
out=$(bin/cv-perft --suite corpus/parallelworlds/perft.txt -d 2 2>&1); rc=$?
case "$out" in
    *", 0 mismatched") [ $rc -eq 0 ] && echo "ok 3 - Parallel Worlds suite to depth 2" || echo "not ok 3 - exit $rc" ;;
    *) echo "not ok 3 - Parallel Worlds suite to depth 2"; echo "$out" | sed 's/^/# /' ;;
esac
out=$(bin/cv-perft --suite corpus/parallelworlds/perft.txt -d 2 --threads 2 --hash 64 2>&1); rc=$?
case "$out" in
    *", 0 mismatched") [ $rc -eq 0 ] && echo "ok 4 - Parallel Worlds suite to depth 2, two threads and a table" || echo "not ok 4 - exit $rc" ;;
    *) echo "not ok 4 - Parallel Worlds suite to depth 2, two threads and a table"; echo "$out" | sed 's/^/# /' ;;
esac
out=$(bin/cv-perft -V panoply-testarmy -d 4 2>&1); rc=$?
if [ $rc -eq 0 ] && [ "$out" = "155470712" ]; then
    echo "ok 5 - Panoply test army to depth 4"
else
    echo "not ok 5 - Panoply test army to depth 4"; echo "$out" | sed 's/^/# /'
fi
