#!/usr/bin/env bats
# The record interface through the tools: every format read on one path,
# recognised from its content (standard input included), found by
# directory walks, converted to every other format and back.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    cd "$BATS_TEST_DIRNAME/.." || exit 1
    export CVKIT_SPECS="$PWD/specs"
    T="$BATS_TEST_TMPDIR"
    L1=corpus/trid/game1-gamelist.txt
    L2=corpus/trid/game2-gamelist.txt
}

@test "the pipe of the issue: Romulan listing on standard input back to standard notation" {
    # before the record interface the second cv-convert read the listing
    # as PGN and failed on WHITE
    bin/cv-convert -V trid --to romulan "$L1" > "$T/rom.txt"
    run --separate-stderr bash -c "bin/cv-convert -V trid --to romulan $L1 | bin/cv-convert -V trid --to standard"
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    [ "$output" = "$(bin/cv-convert "$L1")" ]
    [ "${lines[0]}" = "    WHITE        BLACK" ]
    [ "${lines[2]}" = "1.  Pc2-c4(2)    Pd7-d5(6)" ]
    [ "$(sed -n 3p "$T/rom.txt")" = "1.  Pb2W-b4W      Pc7B-c5B" ]
}

@test "standard input: each format recognised from its content" {
    run --separate-stderr bin/cv-replay < "$L1"
    expect 0 "<stdin>: game 1: valid, 69 plies, checkmate
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ""
    run --separate-stderr bin/cv-replay -q < corpus/trid/game1.pgn
    expect 0 "<stdin>: game 1 (? - ?): valid, 69 plies, 1-0
1 file, 1 game, 1 valid, 0 invalid, 1 warning" ""
    run --separate-stderr bin/cv-replay < corpus/chess/pgn/cv_morphy-opera-1858.pgn
    expect 0 "<stdin>: game 1 (Morphy, Paul - Duke Karl of Brunswick and Count Isouard): valid, 33 plies, 1-0
1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ""
    run --separate-stderr bin/cv-parse < "$L2"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "# game 1 <stdin>:1:1" ]
    [ "${lines[1]}" = "5:1 COMMENT {SAMPLE GAME #2}" ]
    [ "${lines[2]}" = "7:1 MOVE_NUMBER 1." ]
    [ "${lines[3]}" = "7:5 MOVE Ne1-d3(4)" ]
    # a listing after blank lines and a comment is still a listing
    run --separate-stderr bash -c "{ printf '\n\n// a note\n'; cat $L1; } | bin/cv-replay --check"
    expect 0 "1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ""
}

@test "--input overrides the content: a listing read as PGN fails on its header" {
    run --separate-stderr bash -c "bin/cv-replay --input pgn < $L1 | tail -1; bin/cv-parse --input=pgn --check < $L1 2>&1 | head -1"
    [ "${lines[0]}" = "1 file, 1 game, 0 valid, 1 invalid, 2 warnings" ]
    [ "${lines[1]}" = "<stdin>:1:1: error: game 1: unrecognized token 'WHITE'" ]
    run --separate-stderr bin/cv-replay --input xyz "$L1"
    expect 2 "" "cv-replay: error: --input 'xyz': not one of pgn, gamelist, gclog
Try 'cv-replay --help' for more information."
}

@test "directory walks find every record format: *.pgn, and *.txt files that hold listings" {
    mkdir -p "$T/d/sub"
    cp "$L1" "$T/d/sub/gamelist.txt"
    cp corpus/trid/game2.pgn "$T/d/b.pgn"
    cp corpus/trid/perft.txt "$T/d/perft.txt"          # a .txt that is no listing
    printf 'notes\n' > "$T/d/README"
    cd "$T"
    run --separate-stderr "$BATS_TEST_DIRNAME/../bin/cv-replay" -q d
    expect 0 "d/b.pgn: game 1 (? - ?): valid, 98 plies, 0-1
d/sub/gamelist.txt: game 1: valid, 69 plies, checkmate
2 files, 2 games, 2 valid, 0 invalid, 0 warnings" ""
    run --separate-stderr "$BATS_TEST_DIRNAME/../bin/cv-replay" --check --json -q d
    expect 0 '{"files":2,"games":2,"valid":2,"invalid":0,"warnings":0}' ""
    run --separate-stderr "$BATS_TEST_DIRNAME/../bin/cv-parse" --check d
    expect 0 "2 files, 2 games, 2 valid, 0 invalid, 0 warnings" ""
    # named on the command line, a .txt is read whatever it holds
    run --separate-stderr "$BATS_TEST_DIRNAME/../bin/cv-replay" --check d/perft.txt
    [ "$status" -eq 1 ]
    [ "${lines[0]}" = "1 file, 1 game, 0 valid, 1 invalid, 0 warnings" ]
}

@test "conversion round trips are the identity on both sample games" {
    for g in 1 2; do
        bin/cv-convert "corpus/trid/game$g-gamelist.txt" > "$T/L.txt"
        bin/cv-convert --to pgn "corpus/trid/game$g-gamelist.txt" | bin/cv-convert --to gamelist > "$T/LPL.txt"
        cmp "$T/L.txt" "$T/LPL.txt"
        bin/cv-convert -q "corpus/trid/game$g.pgn" > "$T/P.pgn"
        bin/cv-convert -q --to gamelist "corpus/trid/game$g.pgn" | bin/cv-convert --to pgn > "$T/PLP.pgn"
        cmp "$T/P.pgn" "$T/PLP.pgn"
        # and the listing from the PGN is the listing from the listing,
        # but for the tags it keeps
        diff <(grep -v '^// \[' "$T/L.txt") <(bin/cv-convert -q --format gamelist "corpus/trid/game$g.pgn" | grep -v '^// \[')
    done
}

@test "listing -> PGN: a comment holding '}' goes out as a ';' comment, not a brace comment it would end early" {
    # found by fuzz_record: "{... } ...}" read back as moves
    printf 'WHITE\n\n\nBLACK\n// a comment with } inside 1. e4\n\n\n1.  Pc2-c4(2)\nPd7-d5(6)\n' > "$T/g.txt"
    run --separate-stderr bin/cv-convert --to pgn "$T/g.txt"
    [ "$status" -eq 0 ]
    [ "${lines[8]}" = ";a comment with } inside 1. e4" ]
    [ "${lines[9]}" = "1. Pc2-c4(2) Pd7-d5(6) *" ]
    printf '%s\n' "$output" > "$T/g.pgn"
    run --separate-stderr bin/cv-replay --check "$T/g.pgn"
    [ "$status" -eq 0 ]
    [ "$output" = "1 file, 1 game, 1 valid, 0 invalid, 0 warnings" ]
    # and back to a listing: the comment as it was
    run --separate-stderr bin/cv-convert --to gamelist "$T/g.pgn"
    [ "$status" -eq 0 ]
    [[ "$output" == *"// a comment with } inside 1. e4"* ]]
}

@test "listing -> PGN: the Variant tag it needs, the result its moves reach, comments in their places" {
    run --separate-stderr bin/cv-convert --to pgn "$L1"
    [ "$status" -eq 0 ]
    [ "${lines[6]}" = '[Result "1-0"]' ]
    [ "${lines[7]}" = '[Variant "trid-standard"]' ]
    # (bats leaves the blank line after the tags out of lines[])
    [ "${lines[8]}" = "{SAMPLE GAME #1} 1. Pc2-c4(2) Pd7-d5(6) 2. Pc4xd5(6) Nb8-c6(4) 3. Bd1-b3(4)" ]
    [ "${lines[$((${#lines[@]} - 1))]}" = "35. Qd7xe8(7)# {Mate!} 1-0" ]
    # a comment after the moves of its line becomes a ';' comment, and back
    printf 'WHITE BLACK\n1. Pc2-c4(2) // after\n// own\nPd7-d5(6)\n' > "$T/c.txt"
    run --separate-stderr bin/cv-convert --to pgn "$T/c.txt"
    [ "${lines[8]}" = "1. Pc2-c4(2) ; after" ]
    [ "${lines[9]}" = "{own} 1... Pd7-d5(6) *" ]
    run --separate-stderr bash -c "bin/cv-convert --to pgn $T/c.txt | bin/cv-convert --to gamelist"
    expect 0 "    WHITE      BLACK
1.  Pc2-c4(2)  // after
// own
1...           Pd7-d5(6)" ""
}

@test "PGN -> listing: tags kept as // lines and read back as tags; what a listing cannot hold is dropped with a warning" {
    printf '[Event "Club, \\"A\\""]\n[Site "?"]\n[Variant "Star Trek Tri-D"]\n[Annotator "me"]\n\n1. Pc2-c4(2) (1. Pb2-b4(2)) Pd7-d5(6) $1 *\n' > "$T/t.pgn"
    run --separate-stderr bin/cv-convert --to gamelist "$T/t.pgn"
    expect 0 '    WHITE      BLACK
// [Event "Club, \"A\""]
// [Annotator "me"]
1.  Pc2-c4(2)  Pd7-d5(6)' "$T/t.pgn:1:1: warning: game 1: 2 variations, NAGs or escape lines that gamelist cannot hold dropped"
    run --separate-stderr bash -c "bin/cv-convert -q --to gamelist $T/t.pgn | bin/cv-parse --json"
    [[ "$output" == '{"file":"<stdin>","game":1,"line":1,"col":1,"tags":{"Event":"Club, \"A\"","Annotator":"me"},"moves":'* ]]
}

@test "notation and format together: --to romulan --format gamelist on a PGN game" {
    run --separate-stderr bin/cv-convert -q --to romulan --format gamelist corpus/trid/game2.pgn
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "    WHITE         BLACK" ]
    [ "${lines[1]}" = '// [Event "Parmen sample game #2"]' ]
    [ "${lines[4]}" = "1.  Nd1W-c3N      Pc7B-c6B" ]
    run --separate-stderr bin/cv-convert --format xyz "$L1"
    expect 2 "" "cv-convert: error: --format 'xyz': not one of pgn, gamelist, gclog, html
Try 'cv-convert --help' for more information."
}

@test "cv-replay --gamelist is cv-convert --format gamelist: the same bytes on the Tri-D corpus" {
    # one path writes the listing (lib/record/rewrite.h): the alias must
    # not drift from the conversion, in either notation, on any --jobs
    while read -r nt bytes; do
        for jobs in 1 3; do
            want=$(bin/cv-convert --jobs "$jobs" --format gamelist -t "$nt" "$L1" "$L2")
            run --separate-stderr bin/cv-replay --jobs "$jobs" --gamelist -n "$nt" "$L1" "$L2"
            expect 0 "$want" ""
            [ "$(printf '%s\n' "$output" | wc -c)" -eq "$bytes" ]
        done
    done <<'TABLE'
standard 2380
romulan 2487
TABLE
}

@test "one JSON object per game with the same fields whatever the format" {
    # the top-level keys (the objects inside "tags" and "problems" have keys
    # of their own, the tags those the record has)
    keys() { sed 's/"problems":\[.*\]}$/"problems":[]}/; s/"tags":{[^}]*}/"tags":{}/; s/"[^"]*":/\n&/g' | grep -o '^"[^"]*":' | tr -d '\n'; }
    a=$(bin/cv-replay --json "$L1" | keys)
    b=$(bin/cv-replay -q --json corpus/trid/game1.pgn | keys)
    [ "$a" = '"file":"game":"line":"col":"tags":"white":"black":"valid":"plies":"result":"final":"mate":"stalemate":"problems":' ]
    [ "$a" = "$b" ]
    run bin/cv-replay --json "$L1"
    [[ "$output" == *'"valid":true,"plies":69,"result":"1-0",'* ]]
}

@test "a listing whose move is out of sequence is refused at the move, named as the listing numbers it" {
    printf 'WHITE BLACK\n1. Pc2-c4(2)\n2. Pc4-c5(4)\n' > "$T/s.txt"
    run --separate-stderr bin/cv-replay "$T/s.txt"
    expect 1 "$T/s.txt: game 1: invalid, 1 ply
1 file, 1 game, 0 valid, 1 invalid, 1 warning" "$T/s.txt:3:1: warning: game 1: move number 2. out of sequence: expected 1...
$T/s.txt:3:4: error: game 1: 2. Pc4-c5(4): out of sequence: the game is at move 1..."
}

@test "a game of another engine's variant is not written as a listing: written unconverted, exit 1" {
    run --separate-stderr bin/cv-convert --to gamelist corpus/chess/pgn/cv_morphy-opera-1858.pgn
    [ "$status" -eq 1 ]
    [ "${lines[0]}" = '[Event "Paris"]' ]
    [ "$stderr" = "corpus/chess/pgn/cv_morphy-opera-1858.pgn:1:1: error: game 1: a chess game cannot be written as gamelist; written unconverted" ]
}

@test "cv-convert: a listing's wrong check mark is warned and written right" {
    printf 'WHITE BLACK\n1. Pc2-c4(2)+ Pd7-d5(6)\n' > "$T/m.txt"
    run --separate-stderr bin/cv-convert "$T/m.txt"
    expect 0 "    WHITE      BLACK
1.  Pc2-c4(2)  Pd7-d5(6)" "$T/m.txt:2:4: warning: game 1: 1. Pc2-c4(2)+: marked as check, but the move gives no check"
}

@test "a NUL byte in a comment: the comment is written whole, the NUL said with its place" {
    # Decision (docs/cvkit-formats.5): the NUL is kept and written as it
    # is; the reader warns once per comment.  Before, the writer ended the
    # comment at the NUL ({before}) with exit 0 and no word.
    printf '[Event "x"]\n\n1. e4 {before\0after} e5 ; line\0rest\n*\n' > "$T/nul.pgn"
    run --separate-stderr bash -c 'bin/cv-convert "$0" > "$1"' "$T/nul.pgn" "$T/out.pgn"
    [ "$status" -eq 0 ]
    [ "$stderr" = "$T/nul.pgn:3:14: warning: game 1: NUL byte in a comment; kept
$T/nul.pgn:3:31: warning: game 1: NUL byte in a comment; kept" ]
    printf '[Event "x"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n1. e4 {before\0after} 1... e5 ; line\0rest\n*\n\n' > "$T/want.pgn"
    cmp "$T/want.pgn" "$T/out.pgn"
    run --separate-stderr bash -c 'bin/cv-parse --strict "$0" > /dev/null' "$T/nul.pgn"
    [ "$status" -eq 1 ]
    [ "${stderr%%$'\n'*}" = "$T/nul.pgn:3:14: error: game 1: NUL byte in a comment; kept" ]
}

@test "PGN output never breaks a [%...] command across lines, whatever blanks it holds" {
    # Before: "{aaa... [%eval" ended the line and "0.36]" began the next.
    a=$(printf 'a%.0s' $(seq 64))
    printf '[Event "x"]\n\n1. e4 {%s [%%eval 0.36] [%%clk\n0:03:00]} e5 *\n' "$a" > "$T/cmd.pgn"
    run --separate-stderr bin/cv-convert "$T/cmd.pgn"
    [ "$status" -eq 0 ]
    [ "$stderr" = "" ]
    [ "${lines[7]}" = "1. e4 {$a" ]
    [ "${lines[8]}" = "[%eval 0.36] [%clk 0:03:00]} 1... e5 *" ]
    [ "${#lines[@]}" -eq 9 ]
}

@test "a listing's move number is placed at the number, not at its move" {
    # Before: "3:5 MOVE_NUMBER 3." (the move's column) where the number is at 3:1.
    printf '    WHITE       BLACK\n1.  Pc2-c4(2)   Pd7-d5(6)\n3.  Pc4xd5(6)\n2.\nPd5-d4(6)\n' > "$T/l.txt"
    run --separate-stderr bin/cv-parse "$T/l.txt"
    expect 0 "# game 1 $T/l.txt:1:1
2:1 MOVE_NUMBER 1.
2:5 MOVE Pc2-c4(2)
2:17 MOVE Pd7-d5(6)
3:1 MOVE_NUMBER 3.
3:5 MOVE Pc4xd5(6)
4:1 MOVE_NUMBER 2.
5:1 MOVE Pd5-d4(6)" "$T/l.txt:3:1: warning: game 1: move number 3. out of sequence: expected 2.
$T/l.txt:4:1: warning: game 1: move number 2. out of sequence: expected 3..."
}

@test "--json with 200,000 distinct tags takes linear time (cv-parse, cv-convert)" {
    # Before: quadratic, a search by name per tag (160,000 tags: 23 s).
    awk 'BEGIN { for (i = 0; i < 200000; i++) printf "[T%d \"v%d\"]\n", i, i;
                 print "[T5 \"again\"]"; print ""; print "1. e4 e5 *" }' > "$T/tags.pgn"
    [ "$(wc -l < "$T/tags.pgn")" -eq 200003 ]
    dup="$T/tags.pgn:200001:1: warning: game 1: duplicate tag 'T5' (first at line 6); the first value is the game's"
    run --separate-stderr timeout 10 bin/cv-parse -j "$T/tags.pgn"
    [ "$status" -eq 0 ]
    [ "$stderr" = "$dup" ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "$output" = "{\"file\":\"$T/tags.pgn\",\"game\":1,\"line\":1,\"col\":1,\"tags\":{\"T0\":\"v0\",\"T1\":\"v1\","* ]]
    [[ "$output" = *',"T199999":"v199999"},"duplicate_tags":[["T5","again"]],"moves":[{"number":1,'* ]]
    [ "$(grep -o '"T[0-9]*":' <<< "$output" | wc -l)" -eq 200000 ]
    run --separate-stderr timeout 10 bin/cv-convert -j "$T/tags.pgn"
    [ "$status" -eq 0 ]
    [ "$stderr" = "$dup" ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "$output" = *',"T199999":"v199999"},"converted":true,"variant":"chess","notation":"san","moves":["e4","e5"],"result":"*","problems":[{"level":"warning","kind":"record","line":200001,"col":1,"message":"duplicate tag '"'T5'"' (first at line 6); the first value is the game'"'s"'"}]}' ]]
}

@test "a repeated tag within one tag section is a duplicate of the game, Event too; after a blank line or moves it is the next game" {
    # Before: the second [Event] began a second game (exit 0, two games).
    printf '[Event "a"]\n[Site "s"]\n[Event "b"]\n[X "1"]\n[X "2"]\n\n1. e4 *\n\n[Event "c"]\n\n[Event "d"]\n1. d4\n[Event "e"]\n1. c4 *\n' > "$T/dup.pgn"
    run --separate-stderr bin/cv-replay "$T/dup.pgn"
    expect 0 "$T/dup.pgn: game 1 (? - ?): valid, 1 ply, *
$T/dup.pgn: game 2 (? - ?): valid, 0 plies, *
$T/dup.pgn: game 3 (? - ?): valid, 1 ply, *
$T/dup.pgn: game 4 (? - ?): valid, 1 ply, *
1 file, 4 games, 4 valid, 0 invalid, 5 warnings" "$T/dup.pgn:3:1: warning: game 1: duplicate tag 'Event' (first at line 1); the first value is the game's
$T/dup.pgn:5:1: warning: game 1: duplicate tag 'X' (first at line 4); the first value is the game's
$T/dup.pgn:9:12: warning: game 2: missing result; '*' assumed
$T/dup.pgn:12:6: warning: game 3: missing result; '*' assumed
$T/dup.pgn:13:1: warning: game 4: no blank line between this game and the previous one"
    run --separate-stderr bin/cv-parse -j "$T/dup.pgn"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "{\"file\":\"$T/dup.pgn\",\"game\":1,\"line\":1,\"col\":1,\"tags\":{\"Event\":\"a\",\"Site\":\"s\",\"X\":\"1\"},\"duplicate_tags\":[[\"Event\",\"b\"],[\"X\",\"2\"]],\"moves\":[{\"number\":1,\"color\":\"w\",\"san\":\"e4\",\"line\":7,\"col\":4}],\"result\":\"*\",\"problems\":[{\"level\":\"warning\",\"kind\":\"record\",\"line\":3,\"col\":1,\"message\":\"duplicate tag 'Event' (first at line 1); the first value is the game's\"},{\"level\":\"warning\",\"kind\":\"record\",\"line\":5,\"col\":1,\"message\":\"duplicate tag 'X' (first at line 4); the first value is the game's\"}]}" ]
    [ "${#lines[@]}" -eq 4 ]
    run --separate-stderr bin/cv-parse --strict "$T/dup.pgn"
    [ "$status" -eq 1 ]
    [ "${stderr%%$'\n'*}" = "$T/dup.pgn:3:1: error: game 1: duplicate tag 'Event' (first at line 1); the first value is the game's" ]
}

@test "a text with a listing inside, read as PGN: its errors, then one note to try --input gamelist" {
    # Before: the errors alone, no word of --input gamelist (which reads it).
    printf 'PARMEN TRI-D CHESS\nType your moves as the sample game shows.\n\n    WHITE       BLACK\n1.  Pc2-c4(2)   Pd7-d5(6)\n' > "$T/man.txt"
    note="$T/man.txt: note: read as PGN, with errors; a line is a Parmen listing's WHITE/BLACK header: try --input gamelist"
    for jobs in 1 2; do
        run --separate-stderr bin/cv-replay --jobs $jobs "$T/man.txt"
        [ "$status" -eq 1 ]
        [ "$output" = "$T/man.txt: game 1 (? - ?): invalid, 0 plies, *
1 file, 1 game, 0 valid, 1 invalid, 1 warning" ]
        [ "${#stderr_lines[@]}" -eq 17 ]
        [ "${stderr_lines[0]}" = "$T/man.txt:1:1: error: game 1: unrecognized token 'PARMEN'" ]
        [ "${stderr_lines[15]}" = "$T/man.txt:5:5: error: game 1 (? - ?): 1. Pc2-c4(2): 'Pc2-c4(2)' is not a move" ]
        [ "${stderr_lines[16]}" = "$note" ]
    done
    run --separate-stderr bin/cv-parse "$T/man.txt"
    [ "$status" -eq 1 ]
    [ "${stderr_lines[-1]}" = "$note" ]
    [ "$(grep -c 'note:' <<< "$stderr")" -eq 1 ]
    # what the note says works
    run --separate-stderr bin/cv-replay -q --input gamelist "$T/man.txt"
    expect 0 "$T/man.txt: game 1: valid, 2 plies
1 file, 1 game, 1 valid, 0 invalid, 2 warnings" ""
    # a PGN file with errors and no listing header gets no note
    printf '[Event "x"]\n\n1. e4 Zz9 *\n' > "$T/bad.pgn"
    run --separate-stderr bin/cv-replay "$T/bad.pgn"
    [ "$status" -eq 1 ]
    [[ "$stderr" != *note:* ]]
}
