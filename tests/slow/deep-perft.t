#!/bin/sh
# The deep perft tables counted again: every row of corpus/*/deep-perft.md
# whose recorded time still fits, in file order, in ten minutes of recorded
# time (bench/deep-perft slow; the rows' own commands, so the threads and
# table each row names).  The rows come from the files, so the check and
# the tables cannot disagree; only `make check-slow` runs it.
cd "$(dirname "$0")/../.." || exit 1
exec bench/deep-perft slow 600 corpus/doublechess/deep-perft.md corpus/trid/deep-perft.md \
    corpus/panoply/deep-perft.md corpus/parallelworlds/deep-perft.md
