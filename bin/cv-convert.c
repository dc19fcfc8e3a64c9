/* cv-convert: rewrites game records in another notation or format,
 * keeping every tag, comment, NAG and variation; never drops a game. */
#include "cvkit.h"
#include "asread.h"
#include <stdlib.h>
#include <string.h>

static const char *tool = "cv-convert";

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE|DIR]...\n"
           "Rewrite game records (PGN, Parmen gamelist.txt listings, Game Courier\n"
           "logs) with their moves in another notation, in another record format, or\n"
           "as one position per ply.  Every tag, comment, NAG and variation the\n"
           "output format can hold is kept.  A game that cannot be converted (an\n"
           "illegal or ambiguous move, an unknown variant) is written as read, or to\n"
           "--rejects FILE, and said.\n"
           "The format is recognised from the content (standard input too); a\n"
           "directory gives its *.pgn and *.gc files and the *.txt files that are\n"
           "listings or logs.\n"
           "Compressed files (gzip, bzip2, xz, zstd; *.pgn.gz and the like in a\n"
           "directory) are read through the system's own programs.\n"
           "\n"
           , tool);
    const char *formats = cv_record_format_names();
    char list[512], either[256], text[800];
    snprintf(text, sizeof text, "a notation of the game's engine, %s; or fen: the position after every main-line "
             "ply; or an output format: %s, html (as --format)", cv_notation_by_engine(0, list, sizeof list), formats);
    cv_tool_help("-t, --to WHAT", text);
    cv_tool_or_list(formats, either, sizeof either);
    snprintf(text, sizeof text, "the record format written: %s (default: the format read); --to romulan --format "
             "gamelist gives both; or html: one web page showing every game ply by ply", either);
    cv_tool_help("    --format FORMAT", text);
    snprintf(text, sizeof text, "read every game's moves in notation N (as --to names them); without it, a game's "
             "Notation tag or, failing that, its moves' shape decides (pbm for pbmserv's \"nl3\"; cvkit-formats(5))");
    cv_tool_help("-n, --notation N", text);
    cv_tool_help("    --layout L", "the layout of the listings written: clean (the default: aligned columns) or "
                                   "parmen (Parmen's own: WHITE and BLACK on lines of their own, each move on its "
                                   "own line)");
    cv_tool_help("    --rejects FILE", "write the games that cannot be converted to FILE");
    snprintf(text, sizeof text, "read every input as %s", either);
    cv_tool_help("    --input FORMAT", text);
    printf("      --strict         PGN deviations (0-0, missing result, ...) are errors\n"
           "      --jobs N         convert games on N threads (default: one per\n"
           "                       processor); the output is the same as with one\n"
           "  -q, --quiet          no warnings\n"
           "  -j, --json           one JSON object per game instead of the records: its\n"
           "                       tags, main-line moves in the target notation, result,\n"
           "                       whether it was converted and its problems\n"
           "  -V, --variant NAME   variant of games without a Variant tag (default: chess)\n"
           "      --spec FILE      variant spec file for games without a Variant tag\n"
           "      --diagnostics S  problems as gnu lines (default) or github annotations\n"
           "      --help, --version\n\n"
           "Exit status: 0 every game converted; 1 some game written unconverted;\n"
           "2 usage, I/O or spec error.\n"
           "See cvkit(7) for the options common to every tool.\n");
}

typedef struct ctx {
    const cv_variant *v;
    int to_fen, strict, quiet, json;
    const char *to;     /* the notation asked for, by name (NULL: the variant's own) */
    const char *from;   /* -n: the notation every game is read in (NULL: each game's own) */
    int layout;         /* --layout: a listing's layout (CV_LAYOUT_*) */
    const cv_record_format *input;   /* --input, or NULL: recognised per file */
    const cv_record_format *output;  /* --format / --to FORMAT, or NULL: as read */
    int html;           /* --format html: one viewer page (lib/view/html.h) */
    cv_html_game *hv;   /* its pictures of the game being converted */
    int html_failed;    /* out of memory taking them */
    int cur_nt;         /* that notation for the current game's variant */
    FILE *rejects;      /* the rejects stream: a worker's batch, or the file once opened */
    struct cv_outfile *rejects_file;    /* --rejects: created at the first rejected game */
    const char *rejects_path;
    int rejects_failed; /* it could not be created: said once */
    cv_replayer *rp;
    char **text;        /* converted move text per token */
    size_t cap;
    const char *path;
    const cv_record *g;
    char ident[512];
    /* --json */
    cv_json js;
    cv_problems probs;
    char **fens;        /* --to fen: the position after each main-line ply */
    size_t nfens, capfens;
    FILE *out;          /* standard output, or a worker's batch */
    cv_diag *d;         /* the conversion's diagnostics (NULL: standard error) */
    int jobs;           /* --jobs: games converted on this many threads */
    size_t chunk;       /* --chunk-bytes: games held per batch */
    cv_run *run;        /* the games converted here or on the workers */
} ctx;

/* The games held for one worker at a time (the bytes of their copies,
 * raw text included): see cv-replay. */
#define CHUNK_BYTES (1u << 20)

static void keep_fen(ctx *C, const char *fen)
{
    if (C->nfens == C->capfens) {
        size_t cap = C->capfens ? C->capfens * 2 : 128;
        char **n = realloc(C->fens, sizeof *n * cap);
        if (!n) return;
        C->fens = n;
        C->capfens = cap;
    }
    C->fens[C->nfens] = strdup(fen);
    if (C->fens[C->nfens]) C->nfens++;
}

static void on_move(void *arg, const cv_replay_ev *e)
{
    ctx *C = arg;
    if (C->html && e->depth == 0) {
        char canon[64];
        cv_replay_ev_move(e, 0, canon, sizeof canon);
        if (cv_html_game_ply(C->hv, e->after, e->before, canon)) C->html_failed = 1;
    }
    if (C->to_fen) {
        if (e->depth == 0) {
            char fen[2048];
            cv_replay_ev_fen(e, fen, sizeof fen);
            if (C->json) keep_fen(C, fen);
            else fprintf(C->out, "%s\n", fen);
        }
        if (!C->json) return;
    }
    char buf[64];
    cv_replay_ev_move(e, C->cur_nt, buf, sizeof buf);
    free(C->text[e->tok]);
    C->text[e->tok] = strdup(buf);
}

/* Where a problem of the game being converted is said: stderr, under the
 * game's name (an error with what became of the game), and its JSON
 * problem list under --json. */
static cv_problem_at problem_at(ctx *C, cv_level lv)
{
    return (cv_problem_at){ C->d, C->json || C->html ? &C->probs : NULL, C->path, C->ident,
                            lv == CV_ERROR ? "; written unconverted" : NULL };
}

static void on_bad(void *arg, const cv_replay_ev *e)
{
    ctx *C = arg;
    char num[32];
    cv_replay_ev_number(e, num, sizeof num);
    if (e->mark_only) {
        /* the move is played and its mark written right; say so */
        /* (under --quiet C->d counts it, prints nothing) */
        cv_problem_at at = problem_at(C, CV_WARNING);
        cv_report_problem(&at, CV_WARNING, "move", e->line, e->col, "%s %s%s: %s", num, e->t->text, e->t->suffix, e->why);
        return;
    }
    cv_problem_at at = problem_at(C, CV_ERROR);
    if (e->t->kind == CV_TOKEN_VARIATION_START) {
        cv_report_problem(&at, CV_ERROR, "move", e->line, e->col, "%s", e->why);
    } else {
        /* the move as written, its mark too, as cv-replay names it */
        const char *mark = e->t->suffix ? e->t->suffix : "";
        cv_report_problem(&at, CV_ERROR, "move", e->line, e->col, "%s %s%s: %s", num, e->t->text, mark, e->why);
    }
}

/* The rejects stream, the file created now if this is the first game
 * rejected: a run that rejects nothing leaves FILE as it was.  NULL when
 * it cannot be created (said once; the run fails). */
static FILE *rejects_stream(ctx *C)
{
    if (!C->rejects && !C->rejects_failed &&
        !(C->rejects = cv_cli_replace_stream(tool, "--rejects", C->rejects_path, C->rejects_file)))
        C->rejects_failed = 1;
    return C->rejects;
}

/* Nothing is lost: a game that cannot be converted goes out byte for
 * byte as read (or as its reader understood it, for a format that keeps
 * no bytes), to the rejects file or in its place in the output. */
static int write_unconverted(ctx *C, const cv_record_format *f, const cv_record *g)
{
    FILE *out = C->rejects_file ? rejects_stream(C) : NULL;
    if (!out) out = C->to_fen ? NULL : C->out;
    if (!out) {
        fprintf(C->out, "# game %ld not converted (see the diagnostics; --rejects FILE keeps it)\n\n", g->number);
        return 0;
    }
    int why;
    if (C->html && out == C->out) {
        /* a page holds no record: the game is shown as read, unplayed
         * (whole, or not at all, as the as-read writer does) */
        if (!(why = g->raw ? g->raw_truncated : 0)) {
            char name[512];
            f->ident(g, name, sizeof name);
            cv_html_unplayed(out, g, name, g->raw, g->rawlen, &C->probs);
            return 0;
        }
    } else {
        why = cv_record_write_as_read(out, f, g, 0);
    }
    if (why) {
        /* part of a game would pass for the game: none of it is written,
         * and the run fails as on any resource error */
        if (why == CV_RAW_NOMEM)
            cv_report(C->d, CV_ERROR, "", 0, 0, "out of memory keeping %s of %s as read; not written", C->ident,
                      cv_display_name(C->path));
        else
            cv_report(C->d, CV_ERROR, C->path, g->line, g->col,
                      "%s: longer than the reader keeps to write it as read; not written", C->ident);
        return 2;
    }
    return 0;
}

/* --json: the game as one object (docs/cvkit-formats.5, JSON OUTPUT) */
static void game_json(ctx *C, const cv_record *g, const cv_variant *v, int ok, const char *result)
{
    cv_json *j = &C->js;
    cv_json_begin_object(j);
    cv_record_json_place(j, C->path, g);
    cv_record_json_tags(j, g, 0);
    cv_json_key(j, "converted");
    cv_json_bool(j, ok);
    /* converted: the main line in the target notation; not: as written */
    if (ok) {
        cv_json_key(j, "variant");
        cv_json_str(j, v->name);
        cv_json_key(j, "notation");
        cv_json_str(j, cv_any_notation_name(v, C->cur_nt));
    }
    cv_json_key(j, "moves");
    cv_json_begin_array(j);
    for (size_t i = 0; i < g->nmainline; i++) {
        size_t k = g->mainline[i];
        cv_json_str(j, ok && k < C->cap && C->text[k] ? C->text[k] : g->tokens[k].text);
    }
    cv_json_end_array(j);
    if (C->to_fen && ok) {
        cv_json_key(j, "positions");
        cv_json_begin_array(j);
        for (size_t i = 0; i < C->nfens; i++) cv_json_str(j, C->fens[i]);
        cv_json_end_array(j);
    }
    cv_json_key(j, "result");
    cv_json_str(j, result);
    cv_json_problems(j, &C->probs);
    cv_json_end_object(j);
    cv_json_end_line(j);
}

static int convert_game(ctx *C, const cv_record_format *fin, const cv_record *g)
{
    C->g = g;
    /* conversion names a game by its number only, whatever the format */
    snprintf(C->ident, sizeof C->ident, "game %ld", g->number);
    if (g->ntokens > C->cap) {
        char **n = realloc(C->text, sizeof *n * g->ntokens);
        if (!n) return 2;
        memset(n + C->cap, 0, sizeof *n * (g->ntokens - C->cap));
        C->text = n;
        C->cap = g->ntokens;
    }
    const cv_record_format *fout = C->output ? C->output : fin;
    const cv_variant *v = NULL, *deflt = cv_record_variant(fin, C->v);
    cv_apos *start = malloc(sizeof *start);
    char why[300];
    long line, col;
    cv_replay_result res;
    memset(&res, 0, sizeof res);
    int ok = g->errors == 0, lost = 0, read_nt = 0;
    if (C->json) {
        /* the reader's issues first, then the conversion's */
        cv_problems_of_record(&C->probs, g);
        for (size_t i = 0; i < C->nfens; i++) free(C->fens[i]);
        C->nfens = 0;
    }
    if (C->html) {
        /* the page shows an unplayed game's problems */
        cv_problems_of_record(&C->probs, g);
        cv_html_game_reset(C->hv);
        C->html_failed = 0;
    }
    cv_problem_at at = problem_at(C, CV_ERROR);
    if (!start || !deflt) {
        const char *msg = deflt ? "out of memory" : "the rules of this record format cannot be loaded";
        cv_report_problem(&at, CV_ERROR, "setup", g->line, g->col, "%s", msg);
        ok = 0;
    } else if (cv_replay_start(g, deflt, &v, start, why, sizeof why, &line, &col) < 0) {
        cv_report_problem(&at, CV_ERROR, "setup", line, col, "%s", why);
        ok = 0;
    } else if (!cv_record_format_fits(fout, v)) {
        cv_report_problem(&at, CV_ERROR, "setup", g->line, g->col, "a %s game cannot be written as %s", v->name, fout->name);
        ok = 0;
    } else if ((C->cur_nt = C->to ? cv_any_notation(v, C->to) : 0) < 0) {
        cv_report_problem(&at, CV_ERROR, "setup", g->line, g->col, "%s is not written in '%s' notation", v->name, C->to);
        ok = 0;
    } else if ((read_nt = cv_replay_notation(g, v, C->from, why, sizeof why, &line, &col)) < 0) {
        cv_report_problem(&at, CV_ERROR, "setup", line, col, "%s", why);
        ok = 0;
    } else {
        static const cv_replay_hooks hooks = { on_move, on_bad };
        cv_replayer_set_marks(C->rp, fin->marks_warn ? CV_MARKS_WARN : CV_MARKS_IGNORE);
        cv_replayer_set_numbers(C->rp, fin->numbered);
        if (C->html && cv_html_game_ply(C->hv, start, NULL, NULL)) C->html_failed = 1;
        cv_replayer_set_notation(C->rp, read_nt);
        if (cv_replay(C->rp, g, start, &hooks, C, &res, NULL) > 0) ok = 0;
    }
    free(start);
    if (!ok && g->errors)
        cv_report(C->d, CV_ERROR, C->path, g->line, g->col, "%s: the record has errors; written unconverted", C->ident);
    if (C->json) {
        const char *implied = ok ? cv_replay_implied_result(&res) : NULL;
        game_json(C, g, v, ok, g->result_text ? g->result_text : implied ? implied : "*");
        if (!ok && C->rejects_file) lost = write_unconverted(C, fin, g);
    } else if (ok && C->html) {
        if (C->html_failed) {
            cv_report(C->d, CV_ERROR, "", 0, 0, "out of memory drawing %s of %s; not written", C->ident,
                      cv_display_name(C->path));
            lost = 2;
        } else {
            char name[512];
            fin->ident(g, name, sizeof name);
            cv_html_game_write(C->out, C->hv, g, C->text, name, cv_replay_implied_result(&res));
        }
    } else if (ok && !C->to_fen) {
        int dropped;
        cv_rewrite_opts o = { .layout = C->layout, .notation = C->cur_nt };
        cv_record_rewrite_as(C->out, fout, g, C->text, v, &res, &o, &dropped);
        if (dropped && !C->quiet)
            cv_report(C->d, CV_WARNING, C->path, g->line, g->col,
                      "%s: %d variation%s, NAG%s or escape line%s that %s cannot hold dropped", C->ident, dropped,
                      dropped == 1 ? "" : "s", dropped == 1 ? "" : "s", dropped == 1 ? "" : "s",
                      fout->name);
    } else if (!ok) {
        lost = write_unconverted(C, fin, g);
    }
    for (size_t i = 0; i < g->ntokens; i++) {
        free(C->text[i]);
        C->text[i] = NULL;
    }
    return lost ? lost : ok ? 0 : 1;
}

/* ---- the run: games converted here or on the workers, written in order ---- */

/* A worker's ctx, a copy of the run's settings: its own replayer, JSON
 * writer and scratch; the run's own ctx is released the same way. */
static int worker_init(void *w)
{
    ctx *W = w;
    W->text = NULL;
    W->cap = 0;
    W->fens = NULL;
    W->nfens = W->capfens = 0;
    memset(&W->probs, 0, sizeof W->probs);
    W->hv = NULL;
    if (W->html && !(W->hv = cv_html_game_new())) return -1;
    return (W->rp = cv_replayer_new()) ? 0 : -1;
}

static void worker_fini(void *w)
{
    ctx *W = w;
    for (size_t i = 0; i < W->nfens; i++) free(W->fens[i]);
    free(W->fens);
    cv_replayer_free(W->rp);
    cv_html_game_free(W->hv);
    cv_problems_free(&W->probs);
    free(W->text);
}

/* A batch's rejects, in order, to the rejects file. */
static void rejects_write(void *arg, const char *buf, size_t n)
{
    ctx *C = arg;
    if (rejects_stream(C)) fwrite(buf, 1, n, C->rejects);
}

static int run_game(void *w, const cv_run_io *io, const cv_record *g, int *stop)
{
    ctx *W = w;
    W->out = io->out;
    /* the run's diagnostics: quiet as asked, on one thread or on many */
    W->d = io->d;
    W->path = io->path;
    if (io->side) W->rejects = io->side;
    /* a worker's JSON goes to its batch, whole a game */
    if (W->js.out != io->out) cv_json_init(&W->js, io->out);
    int rc = convert_game(W, io->fmt, g);
    if (io->held) cv_json_flush(&W->js);
    return rc;
}

static int convert_file(const char *path, FILE *f, void *arg)
{
    ctx *C = arg;
    return cv_run_input(C->run, f, path, (C->strict ? CV_RECORD_STRICT : 0) | CV_RECORD_KEEP_RAW, C->input, C->quiet);
}

enum { O_REJECTS = 256, O_STRICT, O_FORMAT };

static int convert_option(cv_tool *t, int c, char *optarg)
{
    ctx *C = t->arg;
    char **argv = t->argv;
    switch (c) {
    case 't':
        if (!strcmp(optarg, "fen")) C->to_fen = 1;
        else if (cv_notation_known(optarg)) C->to = optarg;
        else if (cv_record_format_find(optarg)) C->output = cv_record_format_find(optarg);
        else if (!strcmp(optarg, "html")) C->html = 1;
        else {
            char list[512];
            snprintf(list, sizeof list, "%s, fen, %s, html", cv_notation_names(), cv_record_format_names());
            return cv_cli_bad_choice(tool, argv, optind, c, optarg, list);
        }
        break;
    case O_FORMAT:
        if (!strcmp(optarg, "html")) {
            C->html = 1;
        } else if (!(C->output = cv_record_format_find(optarg))) {
            char list[300];
            snprintf(list, sizeof list, "%s, html", cv_record_format_names());
            return cv_cli_bad_choice(tool, argv, optind, c, optarg, list);
        }
        break;
    case O_REJECTS: C->rejects_path = optarg; break;
    case O_STRICT: C->strict = 1; break;
    }
    return 0;
}

/* what the options say as a whole */
static int convert_check(cv_tool *t)
{
    ctx *C = t->arg;
    if (t->layout == CV_LAYOUT_PARMEN && C->output && strcmp(C->output->name, "gamelist"))
        return cv_cli_usage_error(tool, "--layout parmen lays out Parmen listings, not %s", C->output->name);
    return -1;
}

int main(int argc, char **argv)
{
    static ctx C;   /* holds the JSON writer's buffer */
    static const struct option own[] = {
        { "to", required_argument, 0, 't' }, { "rejects", required_argument, 0, O_REJECTS },
        { "strict", no_argument, 0, O_STRICT }, { "format", required_argument, 0, O_FORMAT }, { 0, 0, 0, 0 } };
    cv_tool T = { .name = tool, .takes = CV_TOOL_QUIET | CV_TOOL_INPUT | CV_TOOL_JOBS | CV_TOOL_NOTATION | CV_TOOL_LAYOUT,
                  .usage = usage, .letters = "t:", .own = own,
                  .option = convert_option, .check = convert_check, .arg = &C };
    int status = cv_tool_start(&T, argc, argv);
    if (status >= 0) return cv_tool_end(&T, status);
    const char *rejects = C.rejects_path;
    cv_variant *v = T.v;
    C.v = v;
    C.json = T.json;
    C.quiet = T.quiet;
    C.input = T.input;
    C.jobs = T.jobs;
    C.chunk = T.chunk;
    C.from = T.notation;
    C.layout = T.layout;
    if (rejects && (cv_cli_check_output(tool, rejects, T.files, T.nfiles) ||
                    !(C.rejects_file = cv_cli_replace_open(tool, "--rejects", rejects)))) {
        return cv_tool_end(&T, CV_EXIT_USAGE);
    }
    if (C.html && C.to_fen) {
        cv_cli_error(tool, "--to fen and --format html cannot be combined: each is the whole output");
        return cv_tool_end(&T, CV_EXIT_USAGE);
    }
    C.html = C.html && !C.json;     /* --json is the output, as for any format */
    C.rp = cv_replayer_new();
    if (C.html && !(C.hv = cv_html_game_new())) {
        cv_cli_error(tool, "out of memory");
        return cv_tool_end(&T, CV_EXIT_USAGE);
    }
    C.out = stdout;
    cv_json_init(&C.js, stdout);
    status = 0;
    if (!C.jobs) C.jobs = cv_jobs_cores();
    if (!C.chunk) C.chunk = CHUNK_BYTES;
    /* rejects made on the workers go to the file in order */
    cv_run_ops ops = { .game = run_game, .worker_size = sizeof(ctx), .worker_init = worker_init,
                       .worker_fini = worker_fini, .side_write = C.rejects_file ? rejects_write : NULL, .tool = tool };
    if (C.html) cv_html_begin(stdout);
    if (!(C.run = cv_run_new(C.jobs, C.chunk, &ops, &C))) {
        cv_cli_error(tool, "out of memory");
        status = CV_EXIT_USAGE;
    } else if (cv_cli_each_file(tool, T.files, T.nfiles, cv_record_suffixes(), convert_file, &C, &status)) {
        status = 2;
    }
    if (C.html) cv_html_end(stdout);
    long games = C.run ? cv_run_totals(C.run)->games : 0;
    cv_run_free(C.run);
    if (C.rejects_failed) status = CV_EXIT_USAGE;
    if (C.rejects_file && cv_cli_replace_close(tool, "--rejects", rejects, C.rejects_file, 1)) status = CV_EXIT_USAGE;
    if (!games) cv_cli_warning(tool, "no game records found");
    if (cv_cli_close_stdout(tool)) status = CV_EXIT_USAGE;
    worker_fini(&C);
    cv_tool_free(&T);
    return status;
}
