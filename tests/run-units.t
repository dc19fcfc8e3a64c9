#!/bin/sh
# Runs every C unit test binary; each prints its own TAP, which this script
# re-numbers into one stream so prove sees a single plan.
cd "$(dirname "$0")/.." || exit 1
total=0; fail=0
for t in tests/bin/*; do
    [ -x "$t" ] || continue
    out=$("$t" 2>&1); rc=$?
    echo "# $t"
    echo "$out" | while IFS= read -r line; do
        case "$line" in
            "ok "*|"not ok "*) echo "$line" ;;
            1..*) ;;
            *) echo "#$line" ;;
        esac
    done > /tmp/cvkit-units.$$
    n=$(grep -c -E '^(not )?ok ' /tmp/cvkit-units.$$)
    awk -v base="$total" '/^ok /{ i++; sub(/^ok [0-9]+/, "ok " (base + i)) } /^not ok /{ i++; sub(/^not ok [0-9]+/, "not ok " (base + i)) } { print }' /tmp/cvkit-units.$$
    total=$((total + n))
    if [ "$rc" -ne 0 ]; then
        total=$((total + 1)); echo "not ok $total - $t exited with status $rc"
    fi
    rm -f /tmp/cvkit-units.$$
done
echo "1..$total"
