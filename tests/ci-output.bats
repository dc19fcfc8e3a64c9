#!/usr/bin/env bats
# Output for CI systems: --diagnostics=github (GitHub Actions workflow
# commands, lib/util/diag.c) on every tool, --junit FILE (JUnit XML,
# lib/util/junit.c, its shape tests/data/junit.xsd) of cv-replay, cv-parse
# and cv-check, and cv-replay --json's tags.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    B="$ROOT/bin"
    XSD="$ROOT/tests/data/junit.xsd"
    export CVKIT_SPECS="${CVKIT_SPECS:-$ROOT/specs}"
    cd "$BATS_TEST_TMPDIR" || return 1
}

# Three games: an illegal move, a clean one, a castling through a piece.
three_games() {
    printf '[Event "E & <1>"]\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh7 *\n\n' > three.pgn
    printf '[White "C"]\n[Black "D"]\n\n1. e4 e5 *\n\n' >> three.pgn
    printf '[White "E"]\n[Black "F"]\n\n1. e4 e5 2. O-O *\n' >> three.pgn
}

# ---- --diagnostics=github ----

@test "github: a malformed FEN, one line at its file, line and column" {
    printf '%s\n' 'k7/8/8/8/8/8/8/7K w - - 0 1' 'k7/8/8/8/8/8/8/7X w - - 0 1' > p.fen
    run --separate-stderr "$B/cv-check" --diagnostics=github p.fen
    expect 1 "ok
invalid" "::error file=p.fen,line=2,col=17::unknown piece letter 'X'"
}

@test "github: a bad move in a PGN, under the game's name; the gnu shape the default and named" {
    three_games
    run --separate-stderr "$B/cv-replay" -c --diagnostics=github three.pgn
    expect 1 "1 file, 3 games, 1 valid, 2 invalid, 0 warnings" \
"::error file=three.pgn,line=5,col=13::game 1 (A - B): 2. Qh7: no white queen can move to h7
::error file=three.pgn,line=15,col=13::game 3 (E - F): 2. O-O: white cannot castle king-side: f1 is occupied"
    local gnu="three.pgn:5:13: error: game 1 (A - B): 2. Qh7: no white queen can move to h7
three.pgn:15:13: error: game 3 (E - F): 2. O-O: white cannot castle king-side: f1 is occupied"
    run --separate-stderr "$B/cv-replay" -c three.pgn
    expect 1 "1 file, 3 games, 1 valid, 2 invalid, 0 warnings" "$gnu"
    # the last one given wins, as for every option
    run --separate-stderr "$B/cv-replay" -c --diagnostics=github --diagnostics=gnu three.pgn
    expect 1 "1 file, 3 games, 1 valid, 2 invalid, 0 warnings" "$gnu"
}

@test "github: a spec's errors at their places in the spec" {
    printf 'name: x\nboard: [8, 8]\nfoo: 1\n' > bad.yaml
    run --separate-stderr "$B/cv-check" --diagnostics=github --spec bad.yaml -f x
    expect 2 "" "::error file=bad.yaml,line=1,col=1::name: unknown key
::error file=bad.yaml,line=3,col=1::foo: unknown key
::error file=bad.yaml,line=1,col=1::variant: missing
::error file=bad.yaml,line=2,col=8::board: expected a mapping, found a list
::error file=bad.yaml,line=1,col=1::pieces: missing
::error file=bad.yaml,line=1,col=1::setup: missing"
}

@test "github: % CR LF escaped in the message, and also : and , in a property" {
    # a message holding % , and : (the game's name)
    printf '[White "A%%, B: C"]\n[Black "D"]\n\n1. e4 e5 2. Qh7 *\n' > pct.pgn
    run --separate-stderr "$B/cv-replay" -c --diagnostics=github pct.pgn
    expect 1 "1 file, 1 game, 0 valid, 1 invalid, 0 warnings" \
        "::error file=pct.pgn,line=4,col=13::game 1 (A%25, B: C - D): 2. Qh7: no white queen can move to h7"
    # a file name holding all five
    local f=$'a,b:c%d\re\nf.fen'
    printf 'k7/8/8/8/8/8/8/7X w - - 0 1\n' > "$f"
    run --separate-stderr "$B/cv-check" --diagnostics=github "$f"
    expect 1 "invalid" "::error file=a%2Cb%3Ac%25d%0De%0Af.fen,line=1,col=17::unknown piece letter 'X'"
    # a message of the run holding a newline, % , and :
    run --separate-stderr "$B/cv-check" --diagnostics=github --spec $'no%,:\r\nx.yaml' -f x
    expect 2 "" "::error::--spec no%25,:%0D%0Ax.yaml: No such file or directory"
}

@test "github: warnings, notes, the run's problems and standard input" {
    printf '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *\n' > w.pgn
    run --separate-stderr "$B/cv-replay" -c --diagnostics=github w.pgn
    expect 0 "1 file, 1 game, 1 valid, 0 invalid, 1 warning" \
        "::warning file=w.pgn,line=4,col=35::game 1: castling written with zeros '0-0'; read as 'O-O'"
    # a note (--draws) is a notice
    printf '[White "A"]\n[Black "B"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n' > d.pgn
    run --separate-stderr "$B/cv-replay" -c --draws --diagnostics=github d.pgn
    expect 0 "1 file, 1 game, 1 valid, 0 invalid, 0 warnings" \
        "::notice file=d.pgn,line=4,col=45::game 1 (A - B): final position: position repeated 3 times"
    # no file of the repository: the place stays in the message
    run --separate-stderr "$B/cv-check" --diagnostics=github < <(printf 'k7/8/8/8/8/8/8/7X w - - 0 1\n')
    expect 1 "invalid" "::error::<stdin>:1:17: unknown piece letter 'X'"
    run --separate-stderr "$B/cv-check" --diagnostics=github -f 'k7/8/8/8/8/8/8/7X w - - 0 1'
    expect 1 "invalid" "::error::--fen:1:17: unknown piece letter 'X'"
    : > empty.pgn
    run --separate-stderr "$B/cv-replay" -c --diagnostics=github empty.pgn
    expect 1 "1 file, 0 games, 0 valid, 0 invalid, 0 warnings" "::error::no game records found"
    run --separate-stderr "$B/cv-replay" --diagnostics=github missing.pgn
    expect 2 "0 files, 0 games, 0 valid, 0 invalid, 0 warnings" "::error::missing.pgn: No such file or directory
::warning::no game records found"
}

@test "--diagnostics: every tool takes gnu and github, refuses another word" {
    local t
    for t in cv-parse cv-check cv-legal cv-convert cv-replay cv-perft cv-board cv-best cv-play; do
        run --separate-stderr "$B/$t" --diagnostics=github --variant no-such-variant --help
        [ "$status" -eq 0 ] || { echo "# $t: $status $stderr"; false; }
        run --separate-stderr "$B/$t" --diagnostics xml
        expect 2 "" "$t: error: --diagnostics 'xml': not one of gnu, github
Try '$t --help' for more information."
    done
    # the tools that place problems in their input
    printf 'k7/8/8/8/8/8/8/7X w - - 0 1\n' > p.fen
    for t in cv-check cv-legal cv-best; do
        run --separate-stderr "$B/$t" --diagnostics=github p.fen
        [ "$status" -eq 1 ] || { echo "# $t: status $status"; false; }
        [ "$stderr" = "::error file=p.fen,line=1,col=17::unknown piece letter 'X'" ] || { echo "# $t: $stderr"; false; }
    done
    printf 'k7/8/8/8/8/8/8/7X w - - 0 1 ;D1 20\n' > s.epd
    run --separate-stderr "$B/cv-perft" --diagnostics=github --suite s.epd
    [ "$stderr" = "::error file=s.epd,line=1,col=17::unknown piece letter 'X'" ] || { echo "# cv-perft: $stderr"; false; }
    three_games
    run --separate-stderr "$B/cv-convert" --diagnostics=github -t uci three.pgn
    [ "$status" -eq 1 ]
    [ "$(printf '%s\n' "$stderr" | head -1)" = "::error file=three.pgn,line=5,col=13::game 1: 2. Qh7: no white queen can move to h7; written unconverted" ]
}

@test "github: --jobs 1 and --jobs 4 give the same bytes, the reader's problems and the replay's" {
    three_games
    # a reader's warning (held with its game by a worker) between them
    printf '\n[White "W"]\n[Black "X"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *\n\n' >> three.pgn
    cat three.pgn three.pgn three.pgn > nine.pgn
    "$B/cv-replay" --diagnostics=github --jobs 1 nine.pgn > out1 2> err1 || true
    "$B/cv-replay" --diagnostics=github --jobs 4 --chunk-bytes 1 nine.pgn > out4 2> err4 || true
    cmp out1 out4
    cmp err1 err4
    [ "$(grep -c '^::error file=nine.pgn,' err1)" -eq 6 ]
    [ "$(sed -n 3p err1)" = "::warning file=nine.pgn,line=20,col=35::game 4: castling written with zeros '0-0'; read as 'O-O'" ]
    [ "$(wc -l < err1)" -eq 9 ]
}

# ---- --junit FILE ----

@test "junit: cv-replay, good and bad games: the whole report, valid against the schema" {
    three_games
    run --separate-stderr "$B/cv-replay" -c --junit report.xml three.pgn
    [ "$status" -eq 1 ]
    [ "$output" = "1 file, 3 games, 1 valid, 2 invalid, 0 warnings" ]
    run xmllint --noout --schema "$XSD" report.xml
    [ "$status" -eq 0 ]
    [ "$(cat report.xml)" = '<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="cv-replay" tests="3" failures="2" errors="0">
  <testsuite name="three.pgn" tests="3" failures="2" errors="0">
    <testcase name="game 1 (A - B) [E &amp; &lt;1&gt;]" classname="three.pgn">
      <failure message="2. Qh7: no white queen can move to h7" type="error">three.pgn:5:13: error: game 1 (A - B): 2. Qh7: no white queen can move to h7
</failure>
    </testcase>
    <testcase name="game 2 (C - D)" classname="three.pgn"/>
    <testcase name="game 3 (E - F)" classname="three.pgn">
      <failure message="2. O-O: white cannot castle king-side: f1 is occupied" type="error">three.pgn:15:13: error: game 3 (E - F): 2. O-O: white cannot castle king-side: f1 is occupied
</failure>
    </testcase>
  </testsuite>
</testsuites>' ]
}

@test "junit: one suite an input, its counts and the run's; warnings of a valid game in system-err" {
    three_games
    printf '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *\n' > w.pgn
    : > empty.pgn
    run --separate-stderr "$B/cv-replay" -c -q --junit r.xml three.pgn w.pgn empty.pgn
    [ "$status" -eq 1 ]
    xmllint --noout --schema "$XSD" r.xml
    [ "$(grep -E '<testsuites? ' r.xml)" = '<testsuites name="cv-replay" tests="4" failures="2" errors="0">
  <testsuite name="three.pgn" tests="3" failures="2" errors="0">
  <testsuite name="w.pgn" tests="1" failures="0" errors="0">
  <testsuite name="empty.pgn" tests="0" failures="0" errors="0"/>' ]
    [ "$(sed -n '/w.pgn" tests/,/<\/testsuite>/p' r.xml)" = '  <testsuite name="w.pgn" tests="1" failures="0" errors="0">
    <testcase name="game 1 (A - B)" classname="w.pgn">
      <system-err>w.pgn:4:35: warning: game 1: castling written with zeros '"'0-0'"'; read as '"'O-O'"'
</system-err>
    </testcase>
  </testsuite>' ]
}

@test "junit: XML escaped whatever the names: & < > quotes, Latin-1, controls, U+FFFE, tab, CR, LF" {
    local f=$'x\x01\xff\xef\xbf\xbe&\r\n\t.pgn'
    printf '[White "A\xff\xc3\xa9\xef\xbf\xbe<&>\\""]\n[Black "B"]\n\n1. e4 e5 2. Qh7 *\n' > "$f"
    run --separate-stderr "$B/cv-replay" -c --junit esc.xml "$f"
    [ "$status" -eq 1 ]
    run xmllint --noout --schema "$XSD" esc.xml
    [ "$status" -eq 0 ]
    local name=$'x\\x01\xc3\xbf\\xef\\xbf\\xbe&amp;&#13;&#10;&#9;.pgn'
    [ "$(cat esc.xml)" = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>
<testsuites name=\"cv-replay\" tests=\"1\" failures=\"1\" errors=\"0\">
  <testsuite name=\"$name\" tests=\"1\" failures=\"1\" errors=\"0\">
    <testcase name=\"game 1 (A"$'\xc3\xbf\xc3\xa9'"\\xef\\xbf\\xbe&lt;&amp;&gt;&quot; - B)\" classname=\"$name\">
      <failure message=\"2. Qh7: no white queen can move to h7\" type=\"error\">x\\x01"$'\xc3\xbf'"\\xef\\xbf\\xbe&amp;&#13;
"$'\t'".pgn:4:13: error: game 1 (A"$'\xc3\xbf\xc3\xa9'"\\xef\\xbf\\xbe&lt;&amp;&gt;\" - B): 2. Qh7: no white queen can move to h7
</failure>
    </testcase>
  </testsuite>
</testsuites>" ]
    # what a reader of the XML gets back: the characters, not the escapes
    [ "$(xmllint --xpath 'string(//testcase/@name)' esc.xml)" = $'game 1 (A\xc3\xbf\xc3\xa9\\xef\\xbf\\xbe<&>" - B)' ]
}

@test "junit: --jobs 1 and --jobs N write the same report, --fail-fast included" {
    three_games
    cat three.pgn three.pgn three.pgn > nine.pgn
    cp three.pgn other.pgn
    local j
    "$B/cv-replay" -c --jobs 1 --junit r1.xml nine.pgn other.pgn > /dev/null 2>&1 || true
    for j in "4 --chunk-bytes 1" "2 --chunk-bytes 150" "3"; do
        # shellcheck disable=SC2086  # the words of $j are options
        "$B/cv-replay" -c --jobs $j --junit rn.xml nine.pgn other.pgn > /dev/null 2>&1 || true
        cmp r1.xml rn.xml
    done
    [ "$(grep -c '<testcase ' r1.xml)" -eq 12 ]
    [ "$(grep -c '<failure ' r1.xml)" -eq 8 ]
    "$B/cv-replay" -c --fail-fast --jobs 1 --junit f1.xml nine.pgn other.pgn > /dev/null 2>&1 || true
    "$B/cv-replay" -c --fail-fast --jobs 4 --chunk-bytes 1 --junit f4.xml nine.pgn other.pgn > /dev/null 2>&1 || true
    cmp f1.xml f4.xml
    [ "$(grep -E '<testsuites? ' f1.xml)" = '<testsuites name="cv-replay" tests="1" failures="1" errors="0">
  <testsuite name="nine.pgn" tests="1" failures="1" errors="0">' ]
}

@test "junit: written when games fail; a write error, an input, a missing directory: exit 2" {
    three_games
    # the report of a failing run is the point of it
    run "$B/cv-replay" -c --junit r.xml three.pgn
    [ "$status" -eq 1 ]
    [ "$(grep -c '<failure ' r.xml)" -eq 2 ]
    run --separate-stderr "$B/cv-replay" -c --junit /dev/full three.pgn
    [ "$status" -eq 2 ]
    [ "$(printf '%s\n' "$stderr" | tail -1)" = "cv-replay: error: --junit /dev/full: write error: No space left on device" ]
    # the report never replaces an input, nor lands in an input directory
    cp three.pgn keep.pgn
    run --separate-stderr "$B/cv-replay" -c --junit three.pgn three.pgn
    expect 2 "" "cv-replay: error: three.pgn: the output is also an input; nothing written"
    cmp three.pgn keep.pgn
    mkdir -p corpus && cp three.pgn corpus/
    run --separate-stderr "$B/cv-parse" -c --junit corpus/r.xml corpus
    expect 2 "" "cv-parse: error: corpus/r.xml: the output is inside the input directory corpus; nothing written"
    [ ! -e corpus/r.xml ]
    run --separate-stderr "$B/cv-check" --junit nodir/r.xml three.pgn
    expect 2 "" "cv-check: error: --junit nodir/r.xml: No such file or directory"
    # only the tools that judge games and positions take it
    run --separate-stderr "$B/cv-convert" --junit r.xml three.pgn
    expect 2 "" "cv-convert: error: unknown option '--junit'
Try 'cv-convert --help' for more information."
}

@test "junit: cv-parse, a case a game, the reader's problems" {
    printf '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 {x *\n\n[White "C"]\n[Black "D"]\n\n1. e4 *\n' > p.pgn
    run --separate-stderr "$B/cv-parse" -c --junit p.xml p.pgn
    [ "$status" -eq 1 ]
    xmllint --noout --schema "$XSD" p.xml
    [ "$(cat p.xml)" = '<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="cv-parse" tests="1" failures="1" errors="0">
  <testsuite name="p.pgn" tests="1" failures="1" errors="0">
    <testcase name="game 1 (A - B)" classname="p.pgn">
      <failure message="unterminated comment (opened here)" type="error">p.pgn:4:17: error: game 1: unterminated comment (opened here)
p.pgn:10:1: warning: game 1: missing result; '"'*'"' assumed
</failure>
    </testcase>
  </testsuite>
</testsuites>' ]
    [ "$stderr" = "p.pgn:4:17: error: game 1: unterminated comment (opened here)
p.pgn:10:1: warning: game 1: missing result; '*' assumed" ]
}

@test "junit: cv-check, a case a position, named by its line and text" {
    printf '%s\n' 'k7/8/8/8/8/8/8/7K w - - 0 1' '' 'k7/8/8/8/8/8/8/7X w - - 0 1' > a.fen
    printf '8/8/8/8/8/8/8/8 w - - 0 1\n' > b.fen
    run --separate-stderr "$B/cv-check" --junit c.xml a.fen b.fen
    [ "$status" -eq 1 ]
    xmllint --noout --schema "$XSD" c.xml
    [ "$(cat c.xml)" = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>
<testsuites name=\"cv-check\" tests=\"3\" failures=\"2\" errors=\"0\">
  <testsuite name=\"a.fen\" tests=\"2\" failures=\"1\" errors=\"0\">
    <testcase name=\"line 1: k7/8/8/8/8/8/8/7K w - - 0 1\" classname=\"a.fen\"/>
    <testcase name=\"line 3: k7/8/8/8/8/8/8/7X w - - 0 1\" classname=\"a.fen\">
      <failure message=\"unknown piece letter 'X'\" type=\"error\">a.fen:3:17: error: unknown piece letter 'X'
</failure>
    </testcase>
  </testsuite>
  <testsuite name=\"b.fen\" tests=\"1\" failures=\"1\" errors=\"0\">
    <testcase name=\"line 1: 8/8/8/8/8/8/8/8 w - - 0 1\" classname=\"b.fen\">
      <failure message=\"empty board\" type=\"error\">b.fen:1:1: error: empty board
</failure>
    </testcase>
  </testsuite>
</testsuites>" ]
}

# ---- cv-replay --json ----

@test "cv-replay --json: the game's tags, as cv-convert --json gives them" {
    three_games
    run --separate-stderr "$B/cv-replay" --json three.pgn
    [ "$status" -eq 1 ]
    [ "$(printf '%s\n' "$output" | head -1 | cut -c1-120)" = '{"file":"three.pgn","game":1,"line":1,"col":1,"tags":{"Event":"E & <1>","White":"A","Black":"B"},"white":"A","black":"B"' ]
    # the same object as cv-convert's, game by game
    diff <("$B/cv-replay" --json three.pgn 2>/dev/null | jq -c .tags) <("$B/cv-convert" --json three.pgn 2>/dev/null | jq -c .tags)
    # verdicts filtered by a tag
    [ "$("$B/cv-replay" --json three.pgn 2>/dev/null | jq -r 'select(.tags.Event == "E & <1>") | .valid')" = false ]
}

# ---- contrib/pre-commit ----

# A repository with the hook, cv-replay of this tree, a committer.
hook_repo() {
    git init -q repo
    cd repo || return 1
    git config user.email ci@example.org
    git config user.name CI
    cp "$ROOT/contrib/pre-commit" .git/hooks/pre-commit
    export CVKIT_REPLAY="$B/cv-replay"
}

@test "pre-commit: a bad staged game blocks the commit with its problem; a good one passes" {
    hook_repo
    mkdir games
    printf '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh7 *\n' > games/g.pgn
    printf 'notes, not a game\n' > README.txt
    git add games/g.pgn README.txt
    run --separate-stderr git commit -q -m bad
    # git gives a hook's standard output to standard error
    expect 1 "" "./games/g.pgn:4:13: error: game 1 (A - B): 2. Qh7: no white queen can move to h7
1 file, 1 game, 0 valid, 1 invalid, 0 warnings
pre-commit: the staged game records above do not replay; nothing committed"
    run git rev-parse -q --verify HEAD
    [ "$status" -ne 0 ]
    # the staged game is checked, not the working tree's
    printf '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh5 *\n' > games/g.pgn
    run --separate-stderr git commit -q -m bad
    [ "$status" -eq 1 ]
    git add games/g.pgn
    run --separate-stderr git commit -q -m good
    expect 0 "" "1 file, 1 game, 1 valid, 0 invalid, 0 warnings"
    [ "$(git log --format=%s)" = good ]
    # a commit with no game record is not checked; a deleted one neither
    echo more >> README.txt
    git rm -q games/g.pgn
    git add README.txt
    run --separate-stderr git commit -q -m other
    expect 0 "" ""
    # the options reach cv-replay: a Double Chess game, refused as chess
    printf '1. i4 *\n' > dc.pgn
    git add dc.pgn
    run --separate-stderr git commit -q -m chess
    expect 1 "" "./dc.pgn:1:4: error: game 1 (? - ?): 1. i4: no square i4 on this board
1 file, 1 game, 0 valid, 1 invalid, 0 warnings
pre-commit: the staged game records above do not replay; nothing committed"
    CVKIT_REPLAY_OPTIONS="-V doublechess" run --separate-stderr git commit -q -m doublechess
    expect 0 "" "1 file, 1 game, 1 valid, 0 invalid, 0 warnings"
}

# ---- docs/ci.md ----

@test "docs/ci.md: the workflow's replay step, run on a corpus with a bad game" {
    local step
    step=$(sed -n 's/^ *run: \(cv-replay .*\)$/\1/p' "$ROOT/docs/ci.md")
    [ "$step" = "cv-replay --check --diagnostics=github --junit report.xml corpus/" ]
    mkdir -p corpus/club
    three_games
    mv three.pgn corpus/club/
    printf '[White "G"]\n[Black "H"]\n\n1. d4 d5 *\n' > corpus/good.pgn
    run --separate-stderr env PATH="$B:$PATH" bash -c "$step"
    expect 1 "2 files, 4 games, 2 valid, 2 invalid, 0 warnings" \
"::error file=corpus/club/three.pgn,line=5,col=13::game 1 (A - B): 2. Qh7: no white queen can move to h7
::error file=corpus/club/three.pgn,line=15,col=13::game 3 (E - F): 2. O-O: white cannot castle king-side: f1 is occupied"
    xmllint --noout --schema "$XSD" report.xml
    [ "$(grep -E '<testsuites? ' report.xml)" = '<testsuites name="cv-replay" tests="4" failures="2" errors="0">
  <testsuite name="corpus/club/three.pgn" tests="3" failures="2" errors="0">
  <testsuite name="corpus/good.pgn" tests="1" failures="0" errors="0">' ]
    # the hook the page installs is the one tested above
    grep -qx '\$ cp path/to/cvkit/contrib/pre-commit .git/hooks/pre-commit' "$ROOT/docs/ci.md"
}
