/* cv-convert: rewrites game records in another notation or format,
 * keeping every tag, comment, NAG and variation; never drops a game. */
#include "cvkit.h"
#include "pgn.h"
#include "pgnwrite.h"
#include "replay.h"
#include "gamelist.h"
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char *tool = "cv-convert";

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE|DIR]...\n"
           "Rewrite PGN games in PGN export format with their moves in another\n"
           "notation, or as one FEN per ply.  Every tag, comment, NAG and variation\n"
           "is kept.  A game that cannot be converted (an illegal or ambiguous move,\n"
           "an unknown variant) is written as read, or to --rejects FILE, and said.\n\n"
           "  -t, --to FORMAT      san (default), lan, uci: PGN with moves in that\n"
           "                       notation; Tri-D: standard (Parmen's, default) or\n"
           "                       romulan; fen: the FEN after every main-line ply\n"
           "      --rejects FILE   write the games that cannot be converted to FILE\n"
           "      --input FORMAT   pgn or gamelist (default: gamelist for *.txt files,\n"
           "                       PGN otherwise); a Parmen gamelist.txt is rewritten\n"
           "                       as a clean listing in --to standard or romulan\n"
           "      --strict         PGN deviations (0-0, missing result, ...) are errors\n"
           "  -q, --quiet          no warnings\n"
           "  -V, --variant NAME   variant of games without a Variant tag (default: chess)\n"
           "      --spec FILE      variant spec file for games without a Variant tag\n"
           "      --help, --version\n\n"
           "Exit status: 0 every game converted; 1 some game written unconverted;\n"
           "2 usage, I/O or spec error.\n", tool);
}

typedef struct ctx {
    const cv_variant *v;
    int to_fen, strict, quiet;
    const char *to;     /* the notation asked for, by name */
    int input;          /* CV_INPUT_* */
    int cur_nt;         /* that notation for the current game's variant */
    FILE *rejects;
    cv_replayer *rp;
    char **text;        /* converted move text per token */
    size_t cap;
    const char *path;
    const cv_pgn_game *g;
    long converted, rejected;
} ctx;

static void on_move(void *arg, const cv_replay_ev *e)
{
    ctx *C = arg;
    if (C->to_fen) {
        if (e->depth == 0) {
            char fen[2048];
            cv_replay_ev_fen(e, fen, sizeof fen);
            puts(fen);
        }
        return;
    }
    char buf[64];
    cv_replay_ev_move(e, C->cur_nt, buf, sizeof buf);
    free(C->text[e->tok]);
    C->text[e->tok] = strdup(buf);
}

static void on_bad(void *arg, const cv_replay_ev *e)
{
    ctx *C = arg;
    char num[32];
    cv_replay_ev_number(e, num, sizeof num);
    if (e->t->kind == CV_PGN_VARIATION_START)
        cv_report(NULL, CV_ERROR, C->path, e->t->line, e->t->col, "game %ld: %s; written unconverted",
                  C->g->number, e->why);
    else
        cv_report(NULL, CV_ERROR, C->path, e->t->line, e->t->col, "game %ld: %s %s: %s; written unconverted",
                  C->g->number, num, e->t->text, e->why);
}

static int convert_pgn(const char *path, FILE *f, void *arg)
{
    ctx *C = arg;
    C->path = path;
    cv_diag d = { .quiet_warnings = C->quiet };
    cv_pgn_reader *rd = cv_pgn_open(f, path, &d, (C->strict ? CV_PGN_STRICT : 0) | CV_PGN_KEEP_RAW);
    if (!rd) return 2;
    cv_pgn_game g;
    int status = 0;
    while (cv_pgn_next(rd, &g)) {
        C->g = &g;
        if (g.ntokens > C->cap) {
            char **n = realloc(C->text, sizeof *n * g.ntokens);
            if (!n) { status = 2; break; }
            memset(n + C->cap, 0, sizeof *n * (g.ntokens - C->cap));
            C->text = n;
            C->cap = g.ntokens;
        }
        const cv_variant *v;
        cv_anypos start;
        char why[300];
        long line, col;
        int ok = g.errors == 0;
        if (cv_replay_start(&g, C->v, &v, &start, why, sizeof why, &line, &col) < 0) {
            cv_report(NULL, CV_ERROR, path, line, col, "game %ld: %s; written unconverted", g.number, why);
            ok = 0;
        } else if ((C->cur_nt = C->to ? cv_any_notation(v, C->to) : cv_any_default_notation(v)) < 0) {
            cv_report(NULL, CV_ERROR, path, g.line, g.col, "game %ld: %s is not written in '%s' notation; written unconverted",
                      g.number, v->name, C->to);
            ok = 0;
        } else {
            static const cv_replay_hooks hooks = { on_move, on_bad };
            cv_replay_result res;
            if (cv_replay(C->rp, &g, &start, &hooks, C, &res, NULL) > 0) ok = 0;
        }
        if (!ok && g.errors) {
            cv_report(NULL, CV_ERROR, path, g.line, g.col, "game %ld: the record has errors; written unconverted",
                      g.number);
        }
        if (ok && !C->to_fen) {
            cv_pgn_write(stdout, &g, C->text, 0);
        } else if (ok && C->to_fen) {
            /* the positions were written as the moves were played */
        } else {
            /* Nothing is lost: the game goes out byte for byte as read, to
             * the rejects file or in its place in the output. */
            FILE *out = C->rejects ? C->rejects : C->to_fen ? NULL : stdout;
            if (out) {
                fwrite(g.raw, 1, g.rawlen, out);
                if (g.rawlen && g.raw[g.rawlen - 1] != '\n') fputc('\n', out);
                if (g.raw_truncated)
                    cv_report(NULL, CV_ERROR, path, g.line, g.col, "game %ld: longer than the reader keeps; "
                              "written truncated", g.number);
            } else {
                printf("# game %ld not converted (see the diagnostics; --rejects FILE keeps it)\n\n", g.number);
            }
        }
        for (size_t i = 0; i < g.ntokens; i++) {
            free(C->text[i]);
            C->text[i] = NULL;
        }
        if (ok) C->converted++;
        else {
            C->rejected++;
            status = 1;
        }
    }
    if (cv_pgn_io_error(rd)) status = 2;
    cv_pgn_close(rd);
    return status;
}

/* A Parmen gamelist.txt: regenerated in standard (Parmen) or Romulan
 * notation; a listing that cannot be replayed is written as read. */
static int convert_gamelist(const char *path, FILE *f, void *arg)
{
    ctx *C = arg;
    const cv_variant *v = cv_gamelist_variant(C->v);
    if (!v) return 2;
    int nt = C->to ? cv_any_notation(v, C->to) : CV_ANY_PARMEN;
    if (nt < 0 || C->to_fen) {
        fprintf(stderr, "%s: %s: a gamelist converts to standard or romulan, not '%s'\n", tool, cv_display_name(path),
                C->to_fen ? "fen" : C->to);
        return 2;
    }
    cv_diag d = { .quiet_warnings = C->quiet };
    cv_gamelist_reader *rd = cv_gamelist_open(f, path, &d, C->strict ? 0 : CV_GAMELIST_LENIENT);
    if (!rd) return 2;
    cv_gamelist gl;
    int status = 0;
    while (cv_gamelist_next(rd, &gl)) {
        cv_gamelist_result res;
        int rc = cv_gamelist_replay(&gl, &v->trid, nt == CV_ANY_ROMULAN ? CV_TRID_NOTE_ROMULAN : CV_TRID_NOTE_PARMEN,
                                    NULL, NULL, &d, path, &res);
        int ok = rc == 0 && gl.errors == 0;
        FILE *out = ok || !C->rejects ? stdout : C->rejects;
        if (gl.number > 1) fputc('\n', out);
        cv_gamelist_write(out, &gl, ok ? res.texts : NULL, ok ? res.played : 0);
        if (ok) C->converted++;
        else {
            C->rejected++;
            status = 1;
            cv_report(NULL, CV_ERROR, path, gl.line, 1, "game %ld: written unconverted", gl.number);
        }
        cv_gamelist_result_free(&res);
    }
    if (cv_gamelist_io_error(rd)) status = 2;
    cv_gamelist_close(rd);
    return status;
}

static int convert_file(const char *path, FILE *f, void *arg)
{
    ctx *C = arg;
    return cv_input_is_gamelist(path, C->input) ? convert_gamelist(path, f, arg) : convert_pgn(path, f, arg);
}

int main(int argc, char **argv)
{
    ctx C = { 0 };
    const char *variant = NULL, *spec = NULL, *rejects = NULL;
    enum { O_REJECTS = 256, O_STRICT, O_SPEC, O_HELP, O_VERSION, O_INPUT };
    static const struct option lo[] = {
        { "to", required_argument, 0, 't' }, { "rejects", required_argument, 0, O_REJECTS },
        { "strict", no_argument, 0, O_STRICT }, { "quiet", no_argument, 0, 'q' },
        { "input", required_argument, 0, O_INPUT },
        { "variant", required_argument, 0, 'V' }, { "spec", required_argument, 0, O_SPEC },
        { "help", no_argument, 0, O_HELP }, { "version", no_argument, 0, O_VERSION }, { 0, 0, 0, 0 } };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":t:qV:", lo, NULL)) != -1) {
        switch (c) {
        case 't':
            if (!strcmp(optarg, "fen")) C.to_fen = 1;
            else if (cv_notation_from_name(optarg) >= 0 || !strcmp(optarg, "parmen") || !strcmp(optarg, "standard") ||
                     !strcmp(optarg, "romulan"))
                C.to = optarg;
            else
                return cv_cli_usage_error(tool, "unknown format '%s' (san, lan, uci, fen; Tri-D: standard, romulan)", optarg);
            break;
        case O_REJECTS: rejects = optarg; break;
        case O_STRICT: C.strict = 1; break;
        case O_INPUT:
            if ((C.input = cv_input_from_name(optarg)) < 0)
                return cv_cli_usage_error(tool, "unknown input format '%s' (pgn, gamelist)", optarg);
            break;
        case 'q': C.quiet = 1; break;
        case 'V': variant = optarg; break;
        case O_SPEC: spec = optarg; break;
        case O_HELP: usage(); return 0;
        case O_VERSION: cv_cli_version(tool); return 0;
        case ':': return cv_cli_bad_option(tool, argv, optind, optopt, 1);
        default: return cv_cli_bad_option(tool, argv, optind, optopt, 0);
        }
    }
    cv_variant *v = cv_variant_select(variant, spec, NULL);
    if (!v) return 2;
    C.v = v;
    if (rejects && !(C.rejects = fopen(rejects, "w"))) {
        fprintf(stderr, "%s: %s: cannot open for writing\n", tool, rejects);
        cv_variant_free(v);
        return 2;
    }
    C.rp = cv_replayer_new();
    int status = 0;
    if (cv_cli_each_file(tool, argv + optind, argc - optind, ".pgn", convert_file, &C, &status)) status = 2;
    if (C.rejects && fclose(C.rejects)) status = 2;
    if (fflush(stdout)) status = 2;
    free(C.text);
    cv_replayer_free(C.rp);
    cv_variant_free(v);
    return status;
}
