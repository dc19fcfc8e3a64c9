/* cv-select: writes the games of record files that satisfy conditions on
 * their tags, moves, positions and endings, or that repeat other games,
 * byte for byte as read.  The conditions are lib/select's. */
#include "cvkit.h"
#include "asread.h"
#include "cond.h"
#include "dupes.h"
#include "play.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *tool = "cv-select";

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE|DIR]...\n"
           "Write the games of record files (PGN, Parmen gamelist.txt listings, Game\n"
           "Courier logs; directories: every record below them; no FILE or '-':\n"
           "standard input) that satisfy every condition given, byte for byte as\n"
           "read.  Every game is replayed: a game that cannot be is said, as\n"
           "cv-replay says it, and satisfies no condition on its moves.\n\n",
           tool);
    cv_tool_help("    --tag NAME=VALUE", "the tag NAME is VALUE; also NAME!=VALUE, NAME^=PREFIX, NAME*=TEXT "
                 "(contains), NAME~REGEX (PCRE2), NAME<V, <=, >, >= (numbers; dates for *Date tags, "
                 "YYYY[.MM[.DD]]); text tests of one NAME: any of them");
    cv_tool_help("    --player NAME", "White or Black contains NAME");
    cv_tool_help("    --event TEXT", "Event contains TEXT");
    cv_tool_help("    --result R", "the result is R: 1-0, 0-1, 1/2-1/2 or * (a record without results: what "
                 "its moves imply)");
    cv_tool_help("    --game-variant NAME", "the game is played by the variant NAME (or an alias)");
    cv_tool_help("    --plies N", "main-line plies: N, =N, <N, <=N, >N, >=N or A..B");
    cv_tool_help("    --ending LIST", "the game ends in one of LIST: mate, stalemate, king-captured, "
                 "resignation, draw, unfinished (comma-separated)");
    cv_tool_help("    --position POS", "the game reaches POS, written as the variant writes positions "
                 "(FEN for chess), at some main-line ply: board, side to move and rights, not the counters");
    cv_tool_help("    --not", "write the games the conditions do not choose");
    cv_tool_help("    --duplicates", "of the chosen games, write those whose moves repeat an earlier "
                 "game's");
    cv_tool_help("    --unique", "of the chosen games, write each sequence of moves once (the first)");
    cv_tool_help("    --prefix", "with --duplicates, --unique, --report-duplicates: a game whose moves "
                 "begin another game's is a duplicate too (reads the inputs twice)");
    cv_tool_help("    --report-duplicates[=FILE]", "say which game repeats which (standard error, or "
                 "FILE)");
    cv_tool_help("    --rest FILE", "write the games not chosen to FILE");
    cv_tool_help("    --output FILE", "write the chosen games to FILE, not standard output");
    cv_tool_help("    --count", "print only the number of games chosen");
    cv_tool_help("    --list", "print where each chosen game is (FILE:LINE: game N), not the game");
    cv_tool_help("-j, --json", "one JSON object per chosen game (its place, tags, variant, plies, ending), "
                 "not the game");
    char list[256], text[400];
    snprintf(text, sizeof text, "read every input as %s", cv_tool_or_list(cv_record_format_names(), list, sizeof list));
    cv_tool_help("    --input FORMAT", text);
    printf("      --jobs N         replay games on N threads (default: one per processor;\n"
           "                       one with a duplicate option); the output is the same\n"
           "  -q, --quiet          no warnings\n"
           "  -V, --variant NAME   variant of games without a Variant tag (default: chess)\n"
           "      --spec FILE      variant spec file for games without a Variant tag\n"
           "      --diagnostics S  problems as gnu lines (default) or github annotations\n"
           "      --help, --version\n\n"
           "Exit status: 0 every game valid; 1 some game invalid; 2 usage, I/O or spec\n"
           "error.\n"
           "See cv-select(1), and cvkit(7) for the options common to every tool.\n");
}

enum { DUP_NONE, DUP_ONLY, DUP_UNIQUE };

/* see cv-replay */
#define CHUNK_BYTES (1u << 20)

typedef struct ctx {
    cv_select *sel;
    const cv_variant *v;
    const cv_record_format *input;
    int quiet, count, list, json, dup, prefix, jobs;
    cv_json js;                 /* --json: this thread's writer */
    size_t chunk;
    int report;                 /* --report-duplicates given */
    const char *report_path;    /* its FILE, or NULL: standard error */
    struct cv_outfile *report_file;
    const char *rest_path, *out_path;
    struct cv_outfile *rest_file, *out_file;
    FILE *rest;                 /* the rest stream: a worker's batch or the file once opened */
    int rest_failed;
    int pass;                   /* 0 the only one; --prefix: 1 hashes, 2 verdicts and output */
    long seen;                  /* pass 2: games met so far */
    cv_dupes *D;                /* duplicate options: the games so far (one thread) */
    cv_diag rep;                /* where duplicates are said */
    atomic_long *chosen;        /* games chosen, every thread */
    atomic_uint *read;          /* --position texts read in some variant */
    cv_run *run;
    cv_select_play *P;          /* this thread's */
    int io_error;
} ctx;

/* The rest file, created at its first game (see cv-convert --rejects). */
static FILE *rest_stream(ctx *C)
{
    if (!C->rest && !C->rest_failed &&
        !(C->rest = cv_cli_replace_stream(tool, "--rest", C->rest_path, C->rest_file)))
        C->rest_failed = 1;
    return C->rest;
}

static void rest_write(void *arg, const char *buf, size_t n)
{
    ctx *C = arg;
    if (rest_stream(C)) fwrite(buf, 1, n, C->rest);
}

/* The verdict on duplicates of a chosen game: said when asked; 1 when it
 * repeats (or begins) another. */
static int judge_dupe(ctx *C, const cv_run_io *io, const cv_record *g, int chosen, int replayed)
{
    int n = 0;
    const uint64_t *h = cv_select_play_hashes(C->P, &n);
    if (!chosen || !replayed) n = 0;
    long i;
    if (C->pass == 2) i = C->seen++;
    else if ((i = cv_dupes_add(C->D, h, n, io->path, g->number, g->line, g->col)) < 0) return -1;
    if (C->pass == 1) return 0;
    cv_dupe d = cv_dupes_verdict(C->D, i, h, n);
    if (d.kind == CV_DUPE_NONE) return 0;
    if (C->report) {
        const char *path;
        long game, line, col;
        cv_dupes_place(C->D, d.of, &path, &game, &line, &col);
        cv_report(&C->rep, CV_NOTE, io->path, g->line, g->col, "game %ld: %s game %ld (%s:%ld:%ld)", g->number,
                  d.kind == CV_DUPE_SAME ? "the same moves as" : "the start of", game, cv_display_name(path), line,
                  col);
    }
    return 1;
}

/* --json: a chosen game as one object (docs/cv-select.1, OUTPUT). */
static void game_json(ctx *C, const cv_run_io *io, const cv_record *g, const cv_select_facts *f)
{
    cv_json *j = &C->js;
    if (j->out != io->out) cv_json_init(j, io->out);
    cv_json_begin_object(j);
    cv_record_json_place(j, io->path, g);
    cv_record_json_tags(j, g, 0);
    cv_json_key(j, "variant");
    if (f->variant) cv_json_str(j, f->variant);
    else cv_json_null(j);
    cv_json_key(j, "valid");
    cv_json_bool(j, f->replayed);
    if (f->replayed) {
        cv_json_key(j, "plies");
        cv_json_int(j, f->plies);
        cv_json_key(j, "ending");
        cv_json_str(j, cv_select_ending_name(f->ending));
    }
    cv_json_end_object(j);
    cv_json_end_line(j);
    if (io->held) cv_json_flush(j);
}

static int select_game(ctx *C, const cv_run_io *io, const cv_record *g)
{
    cv_problem_at at = { io->d, NULL, io->path, NULL, NULL };
    cv_select_facts f;
    int valid = cv_select_play_game(C->P, g, io->fmt, C->v, &at, &f);
    if (valid < 0) return 2;
    int chosen = cv_select_match(C->sel, g, &f);
    if (C->D) {
        int dupe = judge_dupe(C, io, g, chosen, f.replayed);
        if (dupe < 0) {
            cv_cli_error(tool, "out of memory");
            return 2;
        }
        if (C->pass == 1) return !valid;
        if (C->dup == DUP_ONLY) chosen = chosen && dupe;
        if (C->dup == DUP_UNIQUE) chosen = chosen && !dupe;
    }
    FILE *to = NULL;
    if (chosen) {
        atomic_fetch_add(C->chosen, 1);
        if (C->list) fprintf(io->out, "%s:%ld: game %ld\n", cv_display_name(io->path), g->line, g->number);
        else if (C->json) game_json(C, io, g, &f);
        else if (!C->count) to = io->out;
    } else if (C->rest_path) {
        to = io->side ? io->side : rest_stream(C);
    }
    if (to) {
        int why = cv_record_write_as_read(to, io->fmt, g, CV_ASREAD_JOIN);
        /* --prefix's second pass says nothing of the records, but this */
        cv_diag *d = C->pass == 2 ? &cv_diag_default : io->d;
        if (why) {
            char name[512];
            io->fmt->ident(g, name, sizeof name);
            if (why == CV_RAW_NOMEM)
                cv_report(d, CV_ERROR, "", 0, 0, "out of memory keeping %s of %s as read; not written", name,
                          cv_display_name(io->path));
            else
                cv_report(d, CV_ERROR, io->path, g->line, g->col,
                          "%s: longer than the reader keeps to write it as read; not written", name);
            return 2;
        }
    }
    return !valid;
}

static int worker_init(void *w)
{
    ctx *W = w;
    return (W->P = cv_select_play_new(W->sel, W->read)) ? 0 : -1;
}

static void worker_fini(void *w)
{
    ctx *W = w;
    cv_select_play_free(W->P);
    W->P = NULL;
}

static int run_game(void *w, const cv_run_io *io, const cv_record *g, int *stop)
{
    return select_game(w, io, g);
}

static int select_file(const char *path, FILE *f, void *arg)
{
    ctx *C = arg;
    /* --prefix's first pass reads as the second does: the same games,
     * judged the same */
    return cv_run_input(C->run, f, path, CV_RECORD_KEEP_RAW, C->input, C->quiet);
}

/* --prefix's second pass: the same games, said already, played again to
 * be judged against all of them; the reader's words go nowhere. */
static int second_file(const char *path, FILE *f, void *arg)
{
    ctx *C = arg;
    char *buf = NULL;
    size_t len = 0;
    FILE *sink = open_memstream(&buf, &len);
    if (!sink) return cv_cli_error(tool, "out of memory");
    cv_diag d = { .out = sink, .quiet_warnings = 1 };
    int unknown, status = 0;
    cv_record_reader *rd = cv_record_open(f, path, &d, CV_RECORD_KEEP_RAW, C->input, cv_cli_in_walk(), &unknown);
    if (rd) {
        cv_run_io io = { path, cv_record_reader_format(rd), stdout, NULL, &d, 0 };
        cv_record g;
        while (cv_record_next(rd, &g) == 1) {
            int rc = select_game(C, &io, &g);
            if (rc == 2) status = 2;
            rewind(sink);
        }
        if (cv_record_io_error(rd)) status = 2;
        cv_record_close(rd);
    } else if (!unknown) {
        status = cv_cli_error(tool, "out of memory");
    }
    fclose(sink);
    free(buf);
    return status;
}

enum { O_TAG = 256, O_PLAYER, O_EVENT, O_RESULT, O_GVARIANT, O_PLIES, O_ENDING, O_POSITION, O_DUPS, O_UNIQUE,
       O_PREFIX, O_REPORT, O_REST, O_LIST, O_NOT, O_OUTPUT, O_COUNT };

static int select_option(cv_tool *t, int c, char *optarg)
{
    ctx *C = t->arg;
    char why[400] = "";
    int rc = 0;
    switch (c) {
    case O_TAG: rc = cv_select_tag(C->sel, optarg, why, sizeof why); break;
    case O_PLAYER: rc = cv_select_player(C->sel, optarg, why, sizeof why); break;
    case O_EVENT: rc = cv_select_event(C->sel, optarg, why, sizeof why); break;
    case O_RESULT: rc = cv_select_result(C->sel, optarg, why, sizeof why); break;
    case O_GVARIANT: rc = cv_select_variant(C->sel, optarg, why, sizeof why); break;
    case O_PLIES: rc = cv_select_plies(C->sel, optarg, why, sizeof why); break;
    case O_ENDING: rc = cv_select_ending(C->sel, optarg, why, sizeof why); break;
    case O_POSITION: rc = cv_select_position(C->sel, optarg, why, sizeof why); break;
    case O_NOT: cv_select_negate(C->sel); break;
    case O_DUPS:
    case O_UNIQUE:
        if (C->dup && C->dup != (c == O_DUPS ? DUP_ONLY : DUP_UNIQUE))
            return cv_cli_usage_error(tool, "--duplicates writes the games --unique leaves out: give one of them");
        C->dup = c == O_DUPS ? DUP_ONLY : DUP_UNIQUE;
        break;
    case O_PREFIX: C->prefix = 1; break;
    case O_REPORT:
        C->report = 1;
        C->report_path = optarg;
        break;
    case O_REST: C->rest_path = optarg; break;
    case O_OUTPUT: C->out_path = optarg; break;
    case O_COUNT: C->count = 1; break;
    case O_LIST: C->list = 1; break;
    }
    if (rc == -2) return cv_cli_error(tool, "out of memory");
    if (rc) return cv_cli_bad_value(tool, t->argv, optind, c, optarg, why);
    return 0;
}

static int select_check(cv_tool *t)
{
    ctx *C = t->arg;
    C->json = t->json;
    if (C->count + C->list + C->json > 1)
        return cv_cli_usage_error(tool, "--count, --list and --json each replace the games written: give one of them");
    if (C->prefix && !C->dup && !C->report)
        return cv_cli_usage_error(tool, "--prefix changes what --duplicates, --unique and --report-duplicates "
                                        "find: give one of them");
    if (C->prefix) {
        int stdin_too = !t->nfiles;
        for (int i = 0; i < t->nfiles; i++)
            if (!strcmp(t->files[i], "-")) stdin_too = 1;
        if (stdin_too)
            return cv_cli_usage_error(tool, "--prefix reads its inputs twice, which standard input cannot be: "
                                            "give files");
    }
    return -1;
}

/* The files named for output: none an input, each checked before reading. */
static int open_outputs(ctx *C, cv_tool *t)
{
    const char *path[3] = { C->out_path, C->rest_path, C->report_path };
    const char *opt[3] = { "--output", "--rest", "--report-duplicates" };
    struct cv_outfile **o[3] = { &C->out_file, &C->rest_file, &C->report_file };
    for (int i = 0; i < 3; i++) {
        if (!path[i]) continue;
        if (cv_cli_check_output(tool, path[i], t->files, t->nfiles)) return CV_EXIT_USAGE;
        for (int j = 0; j < i; j++)
            if (path[j] && !strcmp(path[i], path[j]))
                return cv_cli_usage_error(tool, "%s and %s name the same file '%s'", opt[j], opt[i], path[i]);
        if (!(*o[i] = cv_cli_replace_open(tool, opt[i], path[i]))) return CV_EXIT_USAGE;
    }
    if (C->out_file) {
        /* the chosen games are the standard output, whatever thread writes them */
        FILE *f = cv_cli_replace_stream(tool, "--output", C->out_path, C->out_file);
        if (!f) return CV_EXIT_USAGE;
        fflush(stdout);
        if (dup2(fileno(f), STDOUT_FILENO) < 0) return cv_cli_error(tool, "--output %s: cannot write", C->out_path);
    }
    if (C->report_file) {
        if (!(C->rep.out = cv_cli_replace_stream(tool, "--report-duplicates", C->report_path, C->report_file)))
            return CV_EXIT_USAGE;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static ctx C;
    static atomic_long chosen;
    static atomic_uint read;
    static const struct option own[] = {
        { "tag", required_argument, 0, O_TAG }, { "player", required_argument, 0, O_PLAYER },
        { "event", required_argument, 0, O_EVENT }, { "result", required_argument, 0, O_RESULT },
        { "game-variant", required_argument, 0, O_GVARIANT }, { "plies", required_argument, 0, O_PLIES },
        { "ending", required_argument, 0, O_ENDING }, { "position", required_argument, 0, O_POSITION },
        { "not", no_argument, 0, O_NOT }, { "duplicates", no_argument, 0, O_DUPS },
        { "unique", no_argument, 0, O_UNIQUE }, { "prefix", no_argument, 0, O_PREFIX },
        { "report-duplicates", optional_argument, 0, O_REPORT }, { "rest", required_argument, 0, O_REST },
        { "output", required_argument, 0, O_OUTPUT }, { "count", no_argument, 0, O_COUNT },
        { "list", no_argument, 0, O_LIST }, { 0, 0, 0, 0 } };
    if (!(C.sel = cv_select_new())) return cv_cli_error(tool, "out of memory");
    cv_tool T = { .name = tool, .takes = CV_TOOL_QUIET | CV_TOOL_INPUT | CV_TOOL_JOBS, .usage = usage,
                  .own = own, .option = select_option, .check = select_check, .arg = &C };
    int status = cv_tool_start(&T, argc, argv);
    if (status >= 0) {
        cv_select_free(C.sel);
        return cv_tool_end(&T, status);
    }
    C.v = T.v;
    C.quiet = T.quiet;
    C.input = T.input;
    C.chosen = &chosen;
    C.read = &read;
    C.jobs = T.jobs ? T.jobs : cv_jobs_cores();
    C.chunk = T.chunk ? T.chunk : CHUNK_BYTES;
    if ((status = open_outputs(&C, &T))) goto done;
    if (C.dup || C.report) {
        /* each game's verdict depends on every game before it */
        C.jobs = 1;
        if (!(C.D = cv_dupes_new(C.prefix))) {
            status = cv_cli_error(tool, "out of memory");
            goto done;
        }
    }
    cv_json_init(&C.js, stdout);
    if (worker_init(&C) < 0) {
        status = cv_cli_error(tool, "out of memory");
        goto done;
    }
    const cv_run_ops ops = { .game = run_game, .worker_size = sizeof(ctx), .worker_init = worker_init,
                             .worker_fini = worker_fini, .side_write = C.rest_path ? rest_write : NULL, .tool = tool };
    C.pass = C.prefix ? 1 : 0;
    if (!(C.run = cv_run_new(C.jobs, C.chunk, &ops, &C))) {
        status = cv_cli_error(tool, "out of memory");
        goto done;
    }
    if (cv_cli_each_file(tool, T.files, T.nfiles, cv_record_suffixes(), select_file, &C, &status)) status = 2;
    const cv_run_counts *tot = cv_run_totals(C.run);
    if (tot->valid < tot->games && status < 1) status = 1;
    long games = tot->games;
    if (!games) cv_cli_warning(tool, "no game records found");
    if (C.prefix && status < 2) {
        C.pass = 2;
        int st2 = 0;
        if (cv_cli_each_file(tool, T.files, T.nfiles, cv_record_suffixes(), second_file, &C, &st2) || st2 == 2)
            status = 2;
    }
    cv_run_free(C.run);
    cv_json_flush(&C.js);
    if (C.count) printf("%ld\n", (long)atomic_load(&chosen));
    for (int i = 0; i < cv_select_npositions(C.sel); i++)
        if (games && !(atomic_load(&read) >> i & 1))
            cv_cli_warning(tool, "--position '%s' is a position of none of the games' variants",
                           cv_select_position_text(C.sel, i));
done:
    worker_fini(&C);
    if (C.rest_failed) status = CV_EXIT_USAGE;
    if (C.rest_file && cv_cli_replace_close(tool, "--rest", C.rest_path, C.rest_file, status < 2)) status = 2;
    if (C.report_file && cv_cli_replace_close(tool, "--report-duplicates", C.report_path, C.report_file, status < 2))
        status = 2;
    if (cv_cli_close_stdout(tool)) status = CV_EXIT_USAGE;
    if (C.out_file && cv_cli_replace_close(tool, "--output", C.out_path, C.out_file, status < 2)) status = 2;
    cv_dupes_free(C.D);
    cv_select_free(C.sel);
    cv_tool_free(&T);
    return status;
}
