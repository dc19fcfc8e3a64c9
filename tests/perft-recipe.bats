#!/usr/bin/env bats
# README's deep-perft recipe (GNU parallel --sshloginfile over --split
# shares) run as the README prints it, with a login file of only ':' (this
# machine): its sum equals one plain count.  The lines come from README.md,
# so the recipe there and the one tested cannot drift apart.

bats_require_minimum_version 1.5.0

setup() {
    ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
    export CVKIT_SPECS="${CVKIT_SPECS:-$ROOT/specs}"
    parallel --version 2> /dev/null | grep 'GNU parallel' > /dev/null || {
        echo "# 'parallel' is missing or not GNU parallel (apt-get install parallel)"
        return 1
    }
    # the fenced block after the recipe's marker, without its first line
    # (the settings, which each test gives itself)
    awk '/^<!-- deep-perft recipe:/ { m = 1; next }
         m == 1 && /^```sh$/ { m = 2; next }
         m == 2 && /^```$/ { exit }
         m == 2 { if (seen++) print }' "$ROOT/README.md" > "$BATS_TEST_TMPDIR/recipe.sh"
    printf ':\n' > "$BATS_TEST_TMPDIR/hosts"
    cd "$ROOT"
}

# recipe V D N: the README's lines with those settings and the local login file
recipe() {
    V=$1 D=$2 N=$3 HOSTS=$BATS_TEST_TMPDIR/hosts bash -c ". '$BATS_TEST_TMPDIR/recipe.sh'"
}

@test "the README's recipe is there: four lines, parallel with --sshloginfile over --split shares" {
    run wc -l < "$BATS_TEST_TMPDIR/recipe.sh"
    [ "$output" = 4 ]
    grep -q -- '--sshloginfile "$HOSTS"' "$BATS_TEST_TMPDIR/recipe.sh"
    grep -q -- '--split {}/"$N"' "$BATS_TEST_TMPDIR/recipe.sh"
}

# V D N WHOLE: the recipe's sum is the whole count (the plain run's, checked too)
@test "recipe sums equal the plain counts (Tri-D both rule sets, Double Chess, Panoply test army)" {
    while read -r V D N whole; do
        run bin/cv-perft -V "$V" -d "$D"
        [ "$status" -eq 0 ] && [ "$output" = "$whole" ] || { echo "# plain $V -d $D: $output"; return 1; }
        run recipe "$V" "$D" "$N"
        [ "$status" -eq 0 ] && [ "$output" = "$whole" ] || { echo "# recipe $V -d $D, $N shares: status $status, $output"; return 1; }
    done <<'TABLE'
trid-standard 4 7 230320
trid-tournament 4 5 207888
doublechess 3 40 70008
panoply-testarmy 2 3 12272
TABLE
}

@test "the recipe prints no sum and fails when a share fails" {
    # a variant no spec names: every share fails with exit 2
    run --separate-stderr recipe trid-nosuch 4 3
    [ "$status" -ne 0 ]
    [ "$output" = "" ]
}
