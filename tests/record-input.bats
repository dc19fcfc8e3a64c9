#!/usr/bin/env bats
# The record readers' input (lib/util/source.h): a file and the same bytes
# through a pipe read alike, whatever the format the first bytes show; the
# note to try --input gamelist sees a listing's header anywhere in the
# input, read as it passes (a pipe) or read again at the end (a file).

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || exit 1
    export CVKIT_SPECS="$PWD/specs"
    B="$PWD/bin"
    T="$BATS_TEST_TMPDIR"
}

@test "each format read from a file and from a pipe gives the same games, the format recognised from the first bytes" {
    while read -r f games; do
        [ -n "$f" ] || continue
        run --separate-stderr "$B/cv-parse" -j "$f"
        [ "$status" -eq 0 ]
        [ "${#lines[@]}" -eq "$games" ]
        from_file=${output//"\"file\":\"$f\""/\"file\":\"<stdin>\"}
        run --separate-stderr bash -c "cat '$f' | '$B/cv-parse' -j"
        echo "# $f: $status"
        [ "$status" -eq 0 ]
        [ "$output" = "$from_file" ]
        [ "$stderr" = "" ]
    done <<'FILES'
corpus/chess/pgn/cl_basic.pgn 1
corpus/trid/game1-gamelist.txt 1
corpus/panoply/sample-log.txt 1
FILES
}

@test "a listing's header in a clean game's comment, a PGN error in a later game: the note, from a file or a pipe" {
    printf '[Event "a"]\n\n1. e4 {a header:\nWHITE BLACK\n} e5 *\n\n[Event "b"]\n\n1. e4 ## e5 *\n' > "$T/h.pgn"
    printf '[Event "a"]\n\n1. e4 {a header:\nwhite\n} e5 *\n\n[Event "b"]\n\n1. e4 e5 *\n' > "$T/clean.pgn"
    note="note: read as PGN, with errors; a line is a Parmen listing's WHITE/BLACK header: try --input gamelist"
    for jobs in 1 2; do
        run --separate-stderr "$B/cv-replay" --jobs $jobs "$T/h.pgn"
        expect 1 "$T/h.pgn: game 1 (? - ?): valid, 2 plies, *
$T/h.pgn: game 2 (? - ?): invalid, 2 plies, *
1 file, 2 games, 1 valid, 1 invalid, 0 warnings" "$T/h.pgn:9:7: error: game 2: unrecognized token '##'
$T/h.pgn: $note"
        run --separate-stderr bash -c "cat '$T/h.pgn' | '$B/cv-replay' --jobs $jobs"
        expect 1 "<stdin>: game 1 (? - ?): valid, 2 plies, *
<stdin>: game 2 (? - ?): invalid, 2 plies, *
1 file, 2 games, 1 valid, 1 invalid, 0 warnings" "<stdin>:9:7: error: game 2: unrecognized token '##'
<stdin>: $note"
        # a header and no error: no note
        run --separate-stderr "$B/cv-replay" --jobs $jobs "$T/clean.pgn"
        expect 0 "$T/clean.pgn: game 1 (? - ?): valid, 2 plies, *
$T/clean.pgn: game 2 (? - ?): valid, 2 plies, *
1 file, 2 games, 2 valid, 0 invalid, 0 warnings" ""
        run --separate-stderr bash -c "cat '$T/clean.pgn' | '$B/cv-replay' --jobs $jobs"
        expect 0 "<stdin>: game 1 (? - ?): valid, 2 plies, *
<stdin>: game 2 (? - ?): valid, 2 plies, *
1 file, 2 games, 2 valid, 0 invalid, 0 warnings" ""
    done
}
