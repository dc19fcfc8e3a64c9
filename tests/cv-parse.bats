#!/usr/bin/env bats
# cv-parse: the PGN tokeniser tool (bin/cv-parse.c, lib/pgn.c).

bats_require_minimum_version 1.5.0

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    CV="${CV_PARSE:-$ROOT/bin/cv-parse}"
    DATA="$ROOT/tests/data/pgn"
    cd "$BATS_TEST_TMPDIR"
    cat > small.pgn <<'EOF'
[Event "Small"]
[White "A \"B\" C"]
[Result "1-0"]

{Opening} 1. e4 e5!? 2. Nf3 $1 {Best} (2. f4 exf4 (2... d5)) 2... Nc6 3. 0-0 1-0
EOF
    printf '[Event "ok"]\n\n1. e4 e5 1/2-1/2\n' > clean.pgn
}

@test "--help prints usage and exits 0" {
    run "$CV" --help
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "Usage: cv-parse [OPTION]... [FILE]..." ]
    [[ "$output" == *"--json"* ]]
    [[ "$output" == *"--strict"* ]]
}

@test "--version names the tool and the kit" {
    run "$CV" --version
    [ "$status" -eq 0 ]
    [[ "$output" =~ ^cv-parse\ \(cvkit\)\ [0-9] ]]
}

@test "an unknown option is a usage error (2)" {
    run --separate-stderr "$CV" --bogus
    [ "$status" -eq 2 ]
    [ "$output" = "" ]
    [ "${stderr_lines[0]}" = "cv-parse: error: unknown option '--bogus'" ]
    run --separate-stderr "$CV" -x
    [ "$status" -eq 2 ]
    [ "${stderr_lines[0]}" = "cv-parse: error: unknown option '-x'" ]
}

@test "a missing file is an I/O error (2), the other files are still read" {
    run --separate-stderr "$CV" nonexistent.pgn clean.pgn
    [ "$status" -eq 2 ]
    [ "${stderr_lines[0]}" = "cv-parse: error: nonexistent.pgn: No such file or directory" ]
    [ "${lines[0]}" = "# game 1 clean.pgn:1:1" ]
}

@test "token stream of a small game, exactly" {
    run --separate-stderr "$CV" small.pgn
    [ "$status" -eq 0 ]
    expected='# game 1 small.pgn:1:1
1:1 TAG Event "Small"
2:1 TAG White "A \"B\" C"
3:1 TAG Result "1-0"
5:1 COMMENT {Opening}
5:11 MOVE_NUMBER 1.
5:14 MOVE e4
5:17 MOVE e5 suffix=!? nag=5
5:22 MOVE_NUMBER 2.
5:25 MOVE Nf3
5:29 NAG $1
5:32 COMMENT {Best}
5:39 VARIATION_START (
  5:40 MOVE_NUMBER 2.
  5:43 MOVE f4
  5:46 MOVE exf4
  5:51 VARIATION_START (
    5:52 MOVE_NUMBER 2...
    5:57 MOVE d5
  5:59 VARIATION_END )
5:60 VARIATION_END )
5:62 MOVE_NUMBER 2...
5:67 MOVE Nc6
5:71 MOVE_NUMBER 3.
5:74 MOVE O-O written=0-0
5:78 RESULT 1-0'
    [ "$output" = "$expected" ]
    [ "$stderr" = "small.pgn:5:74: warning: game 1: castling written with zeros '0-0'; read as 'O-O'" ]
}

@test "JSON of a game with comments, NAGs and variations, exactly" {
    run --separate-stderr "$CV" --json small.pgn
    [ "$status" -eq 0 ]
    expected='{"file":"small.pgn","game":1,"line":1,"col":1,"tags":{"Event":"Small","White":"A \"B\" C","Result":"1-0"},"comments_before":["Opening"],"moves":[{"number":1,"color":"w","san":"e4","line":5,"col":14},{"number":1,"color":"b","san":"e5","suffix":"!?","line":5,"col":17,"nags":[5]},{"number":2,"color":"w","san":"Nf3","line":5,"col":25,"nags":[1],"comments":["Best"],"variations":[[{"number":2,"color":"w","san":"f4","line":5,"col":43},{"number":2,"color":"b","san":"exf4","line":5,"col":46,"variations":[[{"number":2,"color":"b","san":"d5","line":5,"col":57}]]}]]},{"number":2,"color":"b","san":"Nc6","line":5,"col":67},{"number":3,"color":"w","san":"O-O","text":"0-0","line":5,"col":74}],"result":"1-0","problems":[{"level":"warning","kind":"record","line":5,"col":74,"message":"castling written with zeros '"'"'0-0'"'"'; read as '"'"'O-O'"'"'"}]}'
    [ "$output" = "$expected" ]
}

@test "JSON: one line per game, valid JSON, non-UTF-8 bytes escaped" {
    printf '[Event "Caf\xe9"]\n\n1. e4 {\x01} *\n\n[Event "two"]\n\n*\n' > latin1.pgn
    run --separate-stderr "$CV" -j latin1.pgn
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 2 ]
    [ "${lines[0]}" = '{"file":"latin1.pgn","game":1,"line":1,"col":1,"tags":{"Event":"Caf\u00e9"},"moves":[{"number":1,"color":"w","san":"e4","line":3,"col":4,"comments":["\u0001"]}],"result":"*","problems":[]}' ]
    [ "${lines[1]}" = '{"file":"latin1.pgn","game":2,"line":5,"col":1,"tags":{"Event":"two"},"moves":[],"result":"*","problems":[]}' ]
}

@test "exit status 0 for clean games, warnings do not count" {
    run "$CV" --check clean.pgn small.pgn
    [ "$status" -eq 0 ]
}

@test "--strict turns warnings into errors (exit 1)" {
    run --separate-stderr "$CV" --strict --check small.pgn
    [ "$status" -eq 1 ]
    [ "$output" = "1 file, 1 game, 0 valid, 1 invalid, 0 warnings" ]
    [ "$stderr" = "small.pgn:5:74: error: game 1: castling written with zeros '0-0'; read as 'O-O'" ]
}

@test "errors name FILE:LINE:COL and the game; exit 1; later games still read" {
    printf '[Event "a"]\n\n1. e4 & e5 ) 1-0\n\n[Event "b"]\n\n1. d4 {open\n' > bad.pgn
    run --separate-stderr "$CV" -c bad.pgn
    [ "$status" -eq 1 ]
    expected="bad.pgn:3:7: error: game 1: unexpected character '&'
bad.pgn:3:12: error: game 1: unexpected ')' with no open variation
bad.pgn:7:7: error: game 2: unterminated comment (opened here)
bad.pgn:8:1: warning: game 2: missing result; '*' assumed"
    [ "$stderr" = "$expected" ]
}

@test "--quiet hides warnings but not errors" {
    printf '1. e4 & e5\n' > w.pgn
    run --separate-stderr "$CV" -q -c w.pgn
    [ "$status" -eq 1 ]
    [ "$stderr" = "w.pgn:1:7: error: game 1: unexpected character '&'" ]
}

@test "standard input, as no FILE and as -" {
    run --separate-stderr "$CV" < clean.pgn
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "# game 1 <stdin>:1:1" ]
    printf '1. e4 &\n' > amp.pgn
    run --separate-stderr "$CV" -c - < amp.pgn
    [ "$status" -eq 1 ]
    [ "$stderr" = "<stdin>:1:7: error: game 1: unexpected character '&'
<stdin>:1:8: warning: game 1: missing result; '*' assumed" ]
}

@test "a directory is searched for *.pgn" {
    mkdir -p d/sub
    cp clean.pgn d/a.pgn
    cp small.pgn d/sub/b.PGN
    echo 'not pgn' > d/notes.txt
    run --separate-stderr "$CV" d
    [ "$status" -eq 0 ]
    [ "$(printf '%s\n' "${lines[@]}" | grep '^# game')" = "# game 1 d/a.pgn:1:1
# game 1 d/sub/b.PGN:1:1" ]
}

@test "malformed corpus files: expected diagnostics" {
    run --separate-stderr "$CV" -c "$DATA/cl_corrupted.pgn"
    [ "$status" -eq 1 ]
    [ "$stderr" = "$DATA/cl_corrupted.pgn:57:25: error: game 1: unrecognized token 'Kx'
$DATA/cl_corrupted.pgn:57:27: warning: game 1: missing result; '*' assumed" ]
    run --separate-stderr "$CV" -c "$DATA/pc_utf8-bom.pgn"
    [ "$status" -eq 0 ]
    [ "$stderr" = "$DATA/pc_utf8-bom.pgn:1:1: warning: game 1: UTF-8 byte-order mark at the start of the file" ]
    run --separate-stderr "$CV" -c --strict "$DATA/pc_utf8-bom.pgn"
    [ "$status" -eq 1 ]
}

@test "every corpus file parses; game count over the whole directory" {
    run --separate-stderr "$CV" "$DATA"
    [ "$status" -eq 1 ]    # some files hold errors on purpose
    [ "$(printf '%s\n' "${lines[@]}" | grep -c '^# game')" -eq 204 ]
    [[ "$stderr" != *"cv-parse:"* ]]   # no I/O or internal trouble
}

@test "JSON for the whole corpus is one valid object per game" {
    run --separate-stderr bash -c "'$CV' --json '$DATA' | python3 -c 'import sys, json; print(sum(1 for l in sys.stdin if json.loads(l)))'"
    [ "$output" = "204" ]
}

@test "pathological input: 2 MB line and deep nesting are reported, next game read" {
    python3 -c "
import sys
sys.stdout.write('[Event \"long\"]\n\n' + 'e4 e5 ' * 350000 + '\n1-0\n\n[Event \"deep\"]\n\n1. e4 ' + '(1. d4 ' * 300 + '\n\n[Event \"ok\"]\n\n1. d4 *\n')
" > patho.pgn
    run --separate-stderr "$CV" -c patho.pgn
    [ "$status" -eq 1 ]
    [ "$stderr" = "patho.pgn:3:1: error: game 1: line longer than 1048576 bytes; skipping to the next game
patho.pgn:8:357: error: game 2: variations nested deeper than 50; skipping to the next game" ]
    run --separate-stderr "$CV" -j patho.pgn
    [ "${#lines[@]}" -eq 3 ]
    [[ "${lines[2]}" == '{"file":"patho.pgn","game":3,"line":10,"col":1,"tags":{"Event":"ok"},"moves":[{"number":1,"color":"w","san":"d4","line":12,"col":4}],"result":"*","problems":[]}' ]]
}

@test "writing to a closed pipe or full disk is an error (2)" {
    run bash -c "'$CV' clean.pgn > /dev/full"
    [ "$status" -eq 2 ]
    [ "$output" = "cv-parse: error: write error: No space left on device" ]
}

@test "--json nests variations within what jq 1.6 reads (the man page's recipe over corpus/)" {
    # Before: 255 levels of variations made 768 levels of JSON and jq 1.6
    # stopped with "Exceeds depth limit for parsing".  The reader's limit
    # is now 50 variations (jq counts the 154 levels as 206 of its 256).
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    run --separate-stderr bash -c "'$CV' --json '$ROOT/corpus/chess/malformed/cv_deep-variations.pgn' | jq -c 'select(.game == 1) | [([.. | objects | select(has(\"san\"))] | length), ([paths | length] | max), .problems[0].line, .problems[0].col, .problems[0].message]'"
    [ "$status" -eq 0 ]
    [ "$output" = '[53,153,9,417,"variations nested deeper than 50; skipping to the next game"]' ]
    # 50 levels, each with a comment and a NAG: all kept, all read by jq
    printf '1. e4 %s%s *\n' "$(printf '(1. d4 {c} $1 %.0s' $(seq 50))" "$(printf ')%.0s' $(seq 50))" > deep50.pgn
    run --separate-stderr bash -c "'$CV' --json deep50.pgn | jq -c '[([.. | objects | select(has(\"san\"))] | length), ([.. | objects | select(has(\"comments\"))] | length), .problems]'"
    [ "$status" -eq 0 ]
    [ "$output" = '[51,50,[]]' ]
    # the recipe of the manual page, over the whole corpus: a line per game
    run --separate-stderr bash -c "cd '$ROOT' && '$CV' --json corpus/ 2>/dev/null | jq -r '[.moves[].san] | join(\" \")' | wc -l"
    [ "$status" -eq 0 ]
    [ "$output" -eq "$(cd "$ROOT" && "$CV" --json corpus/ 2>/dev/null | wc -l)" ]
    [ "$output" -gt 200 ]
}
