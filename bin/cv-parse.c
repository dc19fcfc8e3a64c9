/* cv-parse: tokenise game records (PGN, Parmen listings: any format of
 * the record interface) into a normalised stream (syntax only).  The
 * reading is lib/record; this file is options and the two output forms
 * (documented in docs/cv-parse.1). */
#include "cvkit.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const tool = "cv-parse";

enum { OUT_TOKENS, OUT_JSON, OUT_NONE };

typedef struct {
    int out;
    int json;       /* --json: with --check, the summary object */
    unsigned flags;
    const cv_record_format *input;  /* --input, or NULL: recognised per file */
    long files, games, valid, invalid;
    cv_diag diag;
    cv_junit *junit;    /* --junit, or NULL */
    cv_problems probs;  /* --junit: a game's problems */
} options;

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE]...\n"
           "Read game records (PGN, Parmen gamelist.txt listings, Game Courier logs)\n"
           "and print them as a stream of tokens, one per line (LINE:COL KIND TEXT),\n"
           "or as JSON Lines with --json.  Moves are checked for syntax only, not\n"
           "played.\n"
           "\n"
           "With no FILE, or when FILE is -, read standard input.  The format is\n"
           "recognised from the content.  A directory is searched recursively for\n"
           "*.pgn and *.gc files and *.txt files that hold listings or logs.\n"
           "Compressed files (gzip, bzip2, xz, zstd; *.pgn.gz and the like in a\n"
           "directory) are read through the system's own programs.\n"
           "\n"
           "  -c, --check          print only the problems and the summary line\n"
           "                       (N files, N games, N valid, N invalid, N warnings)\n"
           "  -j, --json           one JSON object per game (JSON Lines); with --check\n"
           "                       only the summary object\n"
           , tool);
    char list[256], text[300];
    snprintf(text, sizeof text, "read every input as %s", cv_tool_or_list(cv_record_format_names(), list, sizeof list));
    cv_tool_help("    --input FORMAT", text);
    printf("      --junit FILE     also write a JUnit XML report: a test case a game\n"
           "      --strict         report every deviation from the PGN standard as an\n"
           "                       error (byte-order mark, CR LF, 0-0, e8Q, missing\n"
           "                       result...)\n"
           "  -q, --quiet          no warnings (still counted, still in --json output)\n"
           "  -V, --variant NAME   accepted for the common options (syntax does not\n"
           "                       depend on the variant): the spec must exist\n"
           "      --spec FILE      the same for a spec file\n"
           "      --diagnostics S  problems as gnu lines (default) or github annotations\n"
           "      --help, --version\n"
           "\n"
           "Diagnostics go to standard error as FILE:LINE:COL: error: game N: MESSAGE.\n"
           "Exit status: 0 every game read cleanly, 1 some game had an error (with\n"
           "--strict: or a warning), 2 usage or input/output error.\n"
           "See cv-parse(1) for the output formats and cvkit(7) for the options\n"
           "common to every tool.\n");
}

/* ---- plain output ------------------------------------------------------- */

/* The token stream is mostly tiny fields; formatting them by hand into one
 * buffer costs a fraction of a printf call per field. */
static char ob[1 << 16];
static size_t on;

static void out_flush(void)
{
    if (on) fwrite(ob, 1, on, stdout);
    on = 0;
}

static void out_n(const char *s, size_t n)
{
    if (on + n > sizeof ob) {
        out_flush();
        if (n > sizeof ob) {
            fwrite(s, 1, n, stdout);
            return;
        }
    }
    memcpy(ob + on, s, n);
    on += n;
}

static void out_s(const char *s) { out_n(s, strlen(s)); }

static void out_c(char c)
{
    if (on == sizeof ob) out_flush();
    ob[on++] = c;
}

static void out_l(long v)
{
    char b[24];
    int k = sizeof b;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do b[--k] = (char)('0' + u % 10); while (u /= 10);
    if (v < 0) b[--k] = '-';
    out_n(b + k, sizeof b - (size_t)k);
}

/* Bytes a line-oriented reader cannot take are written as C escapes. */
static void out_escaped(const char *s, size_t n, int quote)
{
    static const char hex[] = "0123456789abcdef";
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != 0x7f && c != '\\' && !(c == '"' && quote)) continue;
        out_n(s + run, i - run);
        run = i + 1;
        out_c('\\');
        if (c == '\\' || c == '"') out_c((char)c);
        else if (c == '\n') out_c('n');
        else if (c == '\t') out_c('t');
        else if (c == '\r') out_c('r');
        else {
            out_c('x');
            out_c(hex[c >> 4]);
            out_c(hex[c & 15]);
        }
    }
    out_n(s + run, n - run);
}

static void out_pos(long line, long col)
{
    out_l(line);
    out_c(':');
    out_l(col);
    out_c(' ');
}

static void print_token(const cv_token *t, long line, long col)
{
    for (int i = 0; i < t->depth; i++) out_n("  ", 2);
    out_pos(line, col);
    out_s(cv_token_kind_name(t->kind));
    out_c(' ');
    switch (t->kind) {
    case CV_TOKEN_MOVE:
    case CV_TOKEN_NULL_MOVE:
        out_s(t->norm);
        if (*t->suffix) {
            out_s(" suffix=");
            out_s(t->suffix);
        }
        if (t->nag) {
            out_s(" nag=");
            out_l(t->nag);
        }
        if (t->normalized) {
            out_s(" written=");
            out_s(t->text);
        }
        break;
    case CV_TOKEN_MOVE_NUMBER:
        out_s(t->norm);
        if (t->normalized) {
            out_s(" written=");
            out_s(t->text);
        }
        break;
    case CV_TOKEN_NAG:
        out_c('$');
        out_l(t->nag);
        if (t->text[0] != '$') {
            out_s(" written=");
            out_s(t->text);
        }
        break;
    case CV_TOKEN_COMMENT:
        out_c('{');
        out_escaped(t->text, t->len, 0);
        out_c('}');
        break;
    case CV_TOKEN_LINE_COMMENT:
        out_c(';');
        out_escaped(t->text, t->len, 0);
        break;
    case CV_TOKEN_ESCAPE:
        out_c('%');
        out_escaped(t->text, t->len, 0);
        break;
    default:
        out_s(t->text);
        break;
    }
    out_c('\n');
}

static void print_tokens(const char *path, const cv_game *g)
{
    out_s("# game ");
    out_l(g->number);
    out_c(' ');
    out_s(cv_display_name(path));
    out_c(':');
    out_l(g->line);
    out_c(':');
    out_l(g->col);
    out_c('\n');
    /* Tags and tokens merged back into file order (a comment may come
     * before the tags). */
    size_t i = 0, k = 0;
    long tl = 0, tc = 0;  /* where token k starts */
    if (g->ntokens) cv_game_where(g, g->tokens[0].at, &tl, &tc);
    while (i < g->ntags || k < g->ntokens) {
        int tag_first = k >= g->ntokens ||
            (i < g->ntags && (g->tags[i].line < tl || (g->tags[i].line == tl && g->tags[i].col < tc)));
        if (tag_first) {
            const cv_tag *t = &g->tags[i++];
            out_pos(t->line, t->col);
            out_s("TAG ");
            out_s(t->name);
            out_s(" \"");
            out_escaped(t->value, strlen(t->value), 1);
            out_s("\"\n");
        } else {
            print_token(&g->tokens[k++], tl, tc);
            if (k < g->ntokens) cv_game_where(g, g->tokens[k].at, &tl, &tc);
        }
    }
    out_flush();
}

/* ---- JSON output -------------------------------------------------------- */

static int is_move(const cv_token *t)
{
    return t->kind == CV_TOKEN_MOVE || t->kind == CV_TOKEN_NULL_MOVE;
}

static int is_comment(const cv_token *t)
{
    return t->kind == CV_TOKEN_COMMENT || t->kind == CV_TOKEN_LINE_COMMENT;
}

static size_t next_move(const cv_game *g, size_t i, size_t to, int d)
{
    while (i < to && !(g->tokens[i].depth == d && is_move(&g->tokens[i]))) i++;
    return i;
}

/* The ')' closing the '(' of depth d whose contents start at i. */
static size_t find_close(const cv_game *g, size_t i, int d)
{
    while (i < g->ntokens && !(g->tokens[i].kind == CV_TOKEN_VARIATION_END && g->tokens[i].depth == d)) i++;
    return i;
}

static void json_comment(cv_json *j, const cv_token *t)
{
    const char *s = t->text;
    size_t n = t->len;
    while (n && (*s == ' ' || *s == '\t' || *s == '\n')) s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n')) n--;
    cv_json_strn(j, s, n);
}

static void json_comments(cv_json *j, const char *key, const cv_game *g, size_t from, size_t to, int d)
{
    size_t k = from;
    while (k < to && !(g->tokens[k].depth == d && is_comment(&g->tokens[k]))) k++;
    if (k == to) return;
    cv_json_key(j, key);
    cv_json_begin_array(j);
    for (; k < to; k++)
        if (g->tokens[k].depth == d && is_comment(&g->tokens[k])) json_comment(j, &g->tokens[k]);
    cv_json_end_array(j);
}

/* The moves of one line (main line or variation) at depth d in [from, to). */
static void json_moves(cv_json *j, const cv_game *g, size_t from, size_t to, int d)
{
    const cv_token *tok = g->tokens;
    cv_json_begin_array(j);
    size_t first = next_move(g, from, to, d);
    for (size_t m = first, nx; m < to; m = nx) {
        nx = next_move(g, m + 1, to, d);
        const cv_token *t = &tok[m];
        int nnag = t->nag > 0, nvar = 0;
        for (size_t k = m + 1; k < nx; k++) {
            if (tok[k].depth != d) continue;
            nnag += tok[k].kind == CV_TOKEN_NAG;
            nvar += tok[k].kind == CV_TOKEN_VARIATION_START;
        }
        cv_json_begin_object(j);
        cv_json_key(j, "number");
        cv_json_int(j, t->number);
        cv_json_key(j, "color");
        cv_json_str(j, t->color == 'b' ? "b" : "w");
        cv_json_key(j, "san");
        cv_json_str(j, t->norm);
        if (t->normalized) {
            cv_json_key(j, "text");
            cv_json_str(j, t->text);
        }
        if (*t->suffix) {
            cv_json_key(j, "suffix");
            cv_json_str(j, t->suffix);
        }
        long line, col;
        cv_game_where(g, t->at, &line, &col);
        cv_json_key(j, "line");
        cv_json_int(j, line);
        cv_json_key(j, "col");
        cv_json_int(j, col);
        if (nnag) {
            cv_json_key(j, "nags");
            cv_json_begin_array(j);
            if (t->nag > 0) cv_json_int(j, t->nag);
            for (size_t k = m + 1; k < nx; k++)
                if (tok[k].depth == d && tok[k].kind == CV_TOKEN_NAG) cv_json_int(j, tok[k].nag);
            cv_json_end_array(j);
        }
        if (m == first && d > 0) json_comments(j, "comments_before", g, from, first, d);
        json_comments(j, "comments", g, m + 1, nx, d);
        if (nvar) {
            cv_json_key(j, "variations");
            cv_json_begin_array(j);
            for (size_t k = m + 1; k < nx; k++) {
                if (tok[k].depth != d || tok[k].kind != CV_TOKEN_VARIATION_START) continue;
                size_t e = find_close(g, k + 1, d);
                json_moves(j, g, k + 1, e, d + 1);
                k = e;
            }
            cv_json_end_array(j);
        }
        cv_json_end_object(j);
    }
    cv_json_end_array(j);
}

static void print_json(FILE *o, const char *path, const cv_game *g)
{
    static cv_json j;
    cv_json_init(&j, o);
    cv_json_begin_object(&j);
    cv_record_json_place(&j, path, g);

    /* the first of each name in "tags", repeats apart: no value is lost */
    cv_record_json_tags(&j, g, 1);
    size_t first = next_move(g, 0, g->ntokens, 0);
    json_comments(&j, "comments_before", g, 0, first, 0);
    cv_json_key(&j, "moves");
    json_moves(&j, g, 0, g->ntokens, 0);
    cv_json_key(&j, "result");
    cv_json_str(&j, g->result_text ? g->result_text : "*");
    size_t nesc = 0;
    for (size_t i = 0; i < g->ntokens; i++) nesc += g->tokens[i].kind == CV_TOKEN_ESCAPE;
    if (nesc) {
        cv_json_key(&j, "escapes");
        cv_json_begin_array(&j);
        for (size_t i = 0; i < g->ntokens; i++)
            if (g->tokens[i].kind == CV_TOKEN_ESCAPE) cv_json_strn(&j, g->tokens[i].text, g->tokens[i].len);
        cv_json_end_array(&j);
    }
    cv_json_key(&j, "problems");
    cv_json_begin_array(&j);
    for (size_t i = 0; i < g->nissues; i++) {
        const cv_issue *is = &g->issues[i];
        cv_json_problem(&j, is->level == CV_ERROR, "record", is->line, is->col, is->msg);
    }
    cv_json_end_array(&j);
    cv_json_end_object(&j);
    cv_json_end_line(&j);
}

/* ---- driver ------------------------------------------------------------- */

static int parse_file(const char *path, FILE *f, void *arg)
{
    options *op = arg;
    int unknown;
    cv_record_reader *r = cv_record_open(f, path, &op->diag, op->flags, op->input, cv_cli_in_walk(), &unknown);
    if (!r) {
        if (unknown) return CV_EXIT_OK; /* met in a directory and not a record */
        cv_cli_error(tool, "%s: out of memory", cv_display_name(path));
        return CV_EXIT_USAGE;
    }
    op->files++;
    int rc = CV_EXIT_OK;
    long games = op->games, invalid = op->invalid;
    if (op->junit) cv_junit_suite_begin(op->junit);
    cv_record g;
    while (cv_record_next(r, &g) == 1) {
        op->games++;
        if (op->junit) {
            cv_problems_of_record(&op->probs, &g);
            cv_junit_game(cv_junit_stream(op->junit), path, cv_record_reader_format(r), &g, &op->probs, g.errors > 0);
        }
        if (g.errors) {
            rc = CV_EXIT_INVALID;
            op->invalid++;
        } else {
            op->valid++;
        }
        if (op->out == OUT_TOKENS) print_tokens(path, &g);
        else if (op->out == OUT_JSON) print_json(stdout, path, &g);
    }
    if (op->junit) cv_junit_suite_end(op->junit, path, op->games - games, op->invalid - invalid);
    if (cv_record_io_error(r)) rc = CV_EXIT_USAGE;
    cv_record_close(r);
    return rc;
}

enum { O_STRICT = 256 };

static int parse_option(cv_tool *t, int c, char *optarg)
{
    options *op = t->arg;
    if (c == 'c') op->out = OUT_NONE;
    else if (c == O_STRICT) op->flags |= CV_RECORD_STRICT;
    return 0;
}

int main(int argc, char **argv)
{
    options op;
    memset(&op, 0, sizeof op);
    static const struct option own[] = {
        { "check", no_argument, 0, 'c' }, { "strict", no_argument, 0, O_STRICT }, { 0, 0, 0, 0 } };
    /* Syntax does not depend on the variant; -V and --spec are taken as
     * every tool takes them, so a name that finds no spec is said. */
    cv_tool T = { .name = tool, .takes = CV_TOOL_QUIET | CV_TOOL_INPUT | CV_TOOL_VARIANT_IF_GIVEN | CV_TOOL_JUNIT, .usage = usage, .letters = "c", .own = own,
                  .option = parse_option, .arg = &op };
    int status = cv_tool_start(&T, argc, argv);
    if (status >= 0) return cv_tool_end(&T, status);
    int check = op.out == OUT_NONE;
    op.json = T.json;
    op.input = T.input;
    op.junit = T.junit;
    op.diag.quiet_warnings = T.quiet;
    op.out = check ? OUT_NONE : op.json ? OUT_JSON : OUT_TOKENS;
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    status = CV_EXIT_OK;
    int bad = cv_cli_each_file(tool, T.files, T.nfiles, cv_record_suffixes(), parse_file, &op, &status);
    if (bad && status < CV_EXIT_USAGE) status = CV_EXIT_USAGE;
    if (check && op.json) {
        cv_json j;
        cv_json_init(&j, stdout);
        cv_json_summary(&j, op.files, op.games, op.valid, op.invalid, op.diag.warnings);
    } else if (check) {
        cv_cli_summary(stdout, op.files, op.games, op.valid, op.invalid, op.diag.warnings);
    }
    if (!op.games) {
        /* with --check, a run over nothing fails: an error then */
        if (!check) cv_cli_warning(tool, "no game records found");
        else {
            cv_cli_error(tool, "no game records found");
            if (status < CV_EXIT_INVALID) status = CV_EXIT_INVALID;
        }
    }
    cv_problems_free(&op.probs);
    return cv_tool_end(&T, status);
}
