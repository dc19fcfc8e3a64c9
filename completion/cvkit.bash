# Bash completion for the cvkit tools.  `make install` puts this file in
# share/bash-completion/completions/ as `cvkit`, with a link to it named
# after each tool (the name bash-completion loads it by); sourcing it
# anywhere else works as well.
#
# Nothing here lists a tool's options: they are read from the tool's own
# --help the first time the tool is completed in a shell (and kept for
# the shell's life, one run per tool), so they are those of the tool that
# runs, whatever its version.  The names options take come from the tool
# too (--names, cvkit(7)): variants and aliases from the spec search path
# the tool itself uses (CVKIT_SPECS included, read at each completion as
# it may change), notations, record formats.  Plain bash: none of
# bash-completion's helpers is needed.

declare -gA _cvkit_table_cache

# _cvkit_table TOOL: into _cvkit_t, "OPTION ARG" a line, for every option TOOL --help
# shows (ARG empty for an option without a value, or with an optional one).
# An option line of a usage text starts with two to eight blanks and a
# '-' (a line of a description is indented further); its value's
# name follows it after one blank, in capitals (FILE, N, K/N, M...); two
# blanks, or a word in small letters, start the description.
_cvkit_table() {
    local tool=$1 key
    key=$(type -P -- "$tool") || return 1
    if [[ -z ${_cvkit_table_cache[$key]+set} ]]; then
        _cvkit_table_cache[$key]=$("$key" --help 2>/dev/null | awk '
            match($0, /^ +-/) && RLENGTH <= 9 {
                s = $0; sub(/^[ \t]+/, "", s); n = 0; arg = ""
                while (match(s, /^(-[A-Za-z]|--[A-Za-z0-9][A-Za-z0-9=-]*)/)) {
                    opt[++n] = substr(s, 1, RLENGTH); s = substr(s, RLENGTH + 1)
                    sub(/^\[[^ ]*\]/, "", s)
                    if (match(s, /^ [A-Z][A-Z0-9\/.]*/) && substr(s, RLENGTH + 1) !~ /^[a-z]/) {
                        arg = substr(s, 2, RLENGTH - 1); s = substr(s, RLENGTH + 1)
                    }
                    if (s !~ /^, /) break
                    s = substr(s, 3)
                }
                for (k = 1; k <= n; k++) if (!done[opt[k]]++) print opt[k], arg
            }')
    fi
    _cvkit_t=${_cvkit_table_cache[$key]}
}

# _cvkit_names TOOL KIND: the names KIND (variants, notations, formats)
# as TOOL lists them, one a line; a variant name or alias with a blank in
# it is left out (-V takes it without blanks too: names are compared
# ignoring blanks, '-' and '_').
_cvkit_names() {
    local key
    key=$(type -P -- "$1") || return 0
    "$key" --names "$2" 2>/dev/null | tr '\t' '\n' | grep -v ' '
}

_cvkit() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev='' tool=${COMP_WORDS[0]} _cvkit_t opt='' val arg='' words
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    COMPREPLY=()
    _cvkit_table "$tool" || return 0

    # The value of an option: after it as its own word, or after '='
    # (--variant=d, which bash splits into --variant, = and d when '=' is
    # in COMP_WORDBREAKS, as it is by default).
    val=$cur
    if [[ $cur == --*=* ]]; then
        opt=${cur%%=*} val=${cur#*=}
    elif [[ $cur == = && $prev == --* ]]; then
        opt=$prev val=''
    elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
        opt=${COMP_WORDS[COMP_CWORD - 2]}
    elif [[ $prev == -* ]]; then
        opt=$prev
    fi
    if [[ -n $opt ]]; then
        arg=$(awk -v o="$opt" '$1 == o { print $2; exit }' <<<"$_cvkit_t")
    fi
    if [[ -n $arg ]]; then
        case $opt in
        -V | --variant) words=$(_cvkit_names "$tool" variants | LC_ALL=C sort -u) ;;
        -n | --notation) words=$(_cvkit_names "$tool" notations) ;;
        -t | --to) words="$(_cvkit_names "$tool" notations) fen $(_cvkit_names "$tool" formats)" ;;
        --input | --format) words=$(_cvkit_names "$tool" formats) ;;
        *)
            # a file, the shell's own completion (-o default); a folder;
            # a number or other text: nothing to offer
            [[ $arg == DIR ]] && mapfile -t COMPREPLY < <(compgen -d -- "$val")
            return 0
            ;;
        esac
        mapfile -t COMPREPLY < <(compgen -W "$words" -- "$val")
        return 0
    fi
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(cut -d' ' -f1 <<<"$_cvkit_t")" -- "$cur")
    fi
    # anything else is an operand, a file: the shell's own completion
    return 0
}

# Every tool of bin/ (tests/completion.bats checks the list against them);
# cv-select is being added: its options, too, come from its --help.
complete -o bashdefault -o default -F _cvkit cv-best cv-board cv-check cv-convert cv-legal cv-parse cv-perft cv-play \
    cv-replay cv-select
