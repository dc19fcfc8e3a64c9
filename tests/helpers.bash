# Shared by the tool test suites (bats `load helpers`).

# expect STATUS STDOUT STDERR: compares the last `run --separate-stderr`
# exactly and prints a diff of what differs.
expect() {
    local ok=0
    if [ "$status" -ne "$1" ]; then echo "# exit status $status, expected $1"; ok=1; fi
    if [ "$output" != "$2" ]; then
        echo "# standard output differs (- expected, + got):"
        diff -u <(printf '%s\n' "$2") <(printf '%s\n' "$output") | sed 's/^/# /'
        ok=1
    fi
    if [ "$stderr" != "$3" ]; then
        echo "# standard error differs (- expected, + got):"
        diff -u <(printf '%s\n' "$3") <(printf '%s\n' "$stderr") | sed 's/^/# /'
        ok=1
    fi
    return $ok
}

# session [OPTION]...: run $CV (a command filter such as cv-board) on the
# commands given on stdin, saved as s.txt so diagnostics name that file
session() {
    cat > s.txt
    run --separate-stderr timeout 60 "$CV" "$@" s.txt
}
