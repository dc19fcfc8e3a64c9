# json-flat.awk: flattens JSON Lines (one JSON value per line, as the cvkit
# tools print them) into one "RECORD PATH<TAB>VALUE" line per scalar, in the
# manner of gron, so that two JSON documents can be compared with sort and
# diff by tools every machine has (POSIX awk, no jq).
#
#   awk -f json-flat.awk [-v drop=KEY,KEY,...] FILE...
#
# RECORD is the input line number.  PATH is .key for object members and [N]
# for array elements (keys are written as JSON strings when they are not
# plain words).  Empty objects and arrays appear as {} and [].  Members whose
# key is listed in drop (at any depth) are left out with everything below
# them.  Object member order is not kept in PATH, so `sort` makes two objects
# with the same members in a different order compare equal; array order is
# kept in the [N] indexes.
#
# Used by tests/roundtrip.bats.  Input that is not JSON stops the program
# with exit status 2 and a message naming the line and column.

function fail(msg) {
    printf "json-flat.awk: line %d col %d: %s\n", NR, pos, msg > "/dev/stderr"
    bad = 1
    exit 2
}

function skipws() {
    while (pos <= len) {
        c = substr(s, pos, 1)
        if (c != " " && c != "\t" && c != "\r") break
        pos++
    }
}

# Reads a JSON string at pos (pos on the opening quote); returns it as
# written, quotes and escapes included.
function readstr(   start, ch) {
    start = pos
    pos++
    while (pos <= len) {
        ch = substr(s, pos, 1)
        if (ch == "\\") { pos += 2; continue }
        if (ch == "\"") { pos++; return substr(s, start, pos - start) }
        pos++
    }
    fail("unterminated string")
}

function keypath(k,   plain) {
    plain = substr(k, 2, length(k) - 2)
    if (plain ~ /^[A-Za-z_][A-Za-z0-9_]*$/) return "." plain
    return "." k
}

function emit(path, v) {
    if (!dropping) printf "%d %s\t%s\n", NR, path, v
}

# Parses one value at pos whose path is path.
function value(path,   c0, k, n, v, start, was) {
    skipws()
    c0 = substr(s, pos, 1)
    if (c0 == "{") {
        pos++; skipws()
        if (substr(s, pos, 1) == "}") { pos++; emit(path, "{}"); return }
        for (;;) {
            skipws()
            if (substr(s, pos, 1) != "\"") fail("object key expected")
            k = readstr()
            skipws()
            if (substr(s, pos, 1) != ":") fail("':' expected")
            pos++
            was = dropping
            if (index("," drop ",", "," substr(k, 2, length(k) - 2) ",")) dropping = 1
            value(path keypath(k))
            dropping = was
            skipws()
            c0 = substr(s, pos, 1)
            pos++
            if (c0 == "}") return
            if (c0 != ",") fail("',' or '}' expected")
        }
    }
    if (c0 == "[") {
        pos++; skipws()
        if (substr(s, pos, 1) == "]") { pos++; emit(path, "[]"); return }
        for (n = 0; ; n++) {
            value(path "[" n "]")
            skipws()
            c0 = substr(s, pos, 1)
            pos++
            if (c0 == "]") return
            if (c0 != ",") fail("',' or ']' expected")
        }
    }
    if (c0 == "\"") { emit(path, readstr()); return }
    start = pos
    while (pos <= len && substr(s, pos, 1) ~ /[-+0-9.eEa-z]/) pos++
    v = substr(s, start, pos - start)
    if (v !~ /^(true|false|null|-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?)$/) fail("bad value '" v "'")
    emit(path, v)
}

{
    s = $0; len = length(s); pos = 1; dropping = 0
    skipws()
    if (pos > len) next
    value("")
    skipws()
    if (pos <= len) fail("text after the value")
}

END { if (bad) exit 2 }
