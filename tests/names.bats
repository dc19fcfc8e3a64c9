#!/usr/bin/env bats
# --names KIND (cvkit(7)), every tool: the names -V, -n and --input take,
# one a line, for scripts and the shell completion.

bats_require_minimum_version 1.5.0
load helpers

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    T="$BATS_TEST_TMPDIR"
    export LC_ALL=C
    export CVKIT_SPECS="$ROOT/specs"
    TAB=$'\t'
}

VARIANTS="capablanca	capablanca-chess	Capablanca Chess	Capablanca
chess	standard	orthodox	fide	Standard	Standard Chess	From Position
chess960	960	fischerandom	Fischer Random	Chess960	frc
doublechess	double-chess	Double Chess	Double Chess (Short)	doublechess16x8
panoply-testarmy	panoply test army
panoply	Panoply
parallelworlds	parallel-worlds	Parallel Worlds	pw
trid-standard	trid	startrek	Star Trek Tri-D	Star Trek Tri-D Standard	Federation Standard	tri-d
trid-tournament	Star Trek Tri-D Tournament	Tournament Rules	meder	trid-meder"

@test "--names variants: a line a spec, NAME then aliases, TAB between, the same from every tool" {
    local t
    for t in "$ROOT"/bin/cv-*.c; do
        t=${t%.c}
        run --separate-stderr "$t" --names variants
        expect 0 "$VARIANTS" "" || { echo "# $t"; return 1; }
    done
}

@test "--names notations and formats" {
    run --separate-stderr "$ROOT/bin/cv-perft" --names notations
    expect 0 "san
lan
uci
pbm
standard
romulan
pw
gc" ""
    run --separate-stderr "$ROOT/bin/cv-convert" --names=formats
    expect 0 "pgn
gamelist
gclog" ""
}

@test "--names variants: CVKIT_SPECS first; a NAME.yaml after one of its name, and a folder named twice, left out; the spec's own name when it is not the file's" {
    mkdir -p "$T/a" "$T/b"
    sed 's/^aliases: .*/aliases: [mine]/' "$ROOT/specs/chess.yaml" > "$T/a/chess.yaml"
    sed 's/^variant: chess$/variant: other/; s/^aliases: .*/aliases: []/' "$ROOT/specs/chess.yaml" > "$T/b/zz.yaml"
    CVKIT_SPECS="$T/a:$T/b:$T/a:$ROOT/specs" run --separate-stderr "$ROOT/bin/cv-legal" --names variants
    expect 0 "chess${TAB}mine
zz${TAB}other
capablanca	capablanca-chess	Capablanca Chess	Capablanca
chess960	960	fischerandom	Fischer Random	Chess960	frc
doublechess	double-chess	Double Chess	Double Chess (Short)	doublechess16x8
panoply-testarmy	panoply test army
panoply	Panoply
parallelworlds	parallel-worlds	Parallel Worlds	pw
trid-standard	trid	startrek	Star Trek Tri-D	Star Trek Tri-D Standard	Federation Standard	tri-d
trid-tournament	Star Trek Tri-D Tournament	Tournament Rules	meder	trid-meder" ""
}

@test "--names variants: a spec that does not load is said, left out, and the status is 1" {
    mkdir -p "$T/a"
    printf 'variant: broken\nboard: [\n' > "$T/a/broken.yaml"
    CVKIT_SPECS="$T/a:$ROOT/specs" run --separate-stderr "$ROOT/bin/cv-check" --names variants
    [ "$status" -eq 1 ]
    [ "$output" = "$VARIANTS" ]
    [[ $stderr == "$T/a/broken.yaml:"*": error: "* ]]
    [ "${#stderr_lines[@]}" -eq 1 ]
}

@test "--names: an unknown KIND is a usage error; --names ends the options as --help does" {
    run --separate-stderr "$ROOT/bin/cv-perft" --names bogus
    expect 2 "" "cv-perft: error: --names 'bogus': not one of variants, notations, formats
Try 'cv-perft --help' for more information."
    run --separate-stderr "$ROOT/bin/cv-perft" --names
    expect 2 "" "cv-perft: error: option '--names' needs a value
Try 'cv-perft --help' for more information."
    run --separate-stderr "$ROOT/bin/cv-perft" --names formats -d 99 --bogus
    expect 0 "pgn
gamelist
gclog" ""
}

@test "--names: a write error fails the run" {
    run --separate-stderr bash -c '"$1" --names variants > /dev/full' _ "$ROOT/bin/cv-perft"
    expect 2 "" "cv-perft: error: write error: No space left on device"
}
