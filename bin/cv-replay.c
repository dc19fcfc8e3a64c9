/* cv-replay: plays every move of every game and reports what cannot be
 * played, where and why. */
#include "cvkit.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *tool = "cv-replay";

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE|DIR]...\n"
           "Replay every game of record files, PGN, Parmen gamelist.txt listings or\n"
           "Game Courier logs, the format recognised from the content (directories:\n"
           "every *.pgn and *.gc below them and the *.txt files that are listings or\n"
           "logs; no FILE or '-': standard input) and report each move that cannot\n"
           "be played, with its place and the reason.\n"
           "Compressed files (gzip, bzip2, xz, zstd; *.pgn.gz and the like in a\n"
           "directory) are read through the system's own programs.\n"
           "\n"
           "  -c, --check          print only the problems and the summary line\n"
           "                       (N files, N games, N valid, N invalid, N warnings)\n"
           "      --fen            print the FEN after every main-line ply:\n"
           "                       GAME<TAB>MOVE<TAB>FEN\n"
           "      --final          print the final position of each game, one line a\n"
           "                       game ('-' for a game that cannot be played to its end)\n"
           "      --draws          report draw facts of the final position (stalemate,\n"
           "                       fifty moves, threefold repetition, insufficient material)\n"
           "  -j, --json           one JSON object per game; with --check only the summary\n"
           "      --strict         PGN deviations (0-0, missing result, ...) are errors\n",
           tool);
    char list[512], text[800];
    snprintf(text, sizeof text, "how moves are read, and how --gamelist writes them; %s; san reads SAN, LAN and "
             "UCI; pbm as pbmserv does (letters in either case, both readings tried, only true ambiguity refused); "
             "without it, a game's Notation tag or, failing that, its moves' shape decides (cvkit-formats(5))",
             cv_notation_by_engine(0, list, sizeof list));
    cv_tool_help("-n, --notation N", text);
    snprintf(text, sizeof text, "read every input as %s", cv_tool_or_list(cv_record_format_names(), list, sizeof list));
    cv_tool_help("    --input FORMAT", text);
    printf("      --gamelist       regenerate each Parmen gamelist.txt listing: aligned\n"
           "                       rows, moves in canonical notation with +, # and *\n"
           "                       recomputed, comments kept in place\n"
           "      --layout L       --gamelist's layout: clean (the default, above) or\n"
           "                       parmen (Parmen's own: WHITE and BLACK on lines of\n"
           "                       their own, each move on its own line)\n"
           "      --diagram[=svg[:OPT,...]]  draw the final position of each game as\n"
           "                       SVG (one document a game, the last move highlighted;\n"
           "                       options in cvkit(7))\n"
           "      --svg-dir DIR    write every main-line position of each game into DIR:\n"
           "                       GAME-PLY.svg (1-000.svg the start, 1-001.svg after\n"
           "                       the first ply; GAME counts the games read)\n"
           "  -q, --quiet          no warnings (still counted, still in --json output)\n"
           "      --fail-fast      stop at the first invalid game\n"
           "      --junit FILE     also write a JUnit XML report: a test case a game\n"
           "      --jobs N         play games on N threads (default: one per processor);\n"
           "                       the output is the same as with one\n"
           "  -V, --variant NAME   variant of games without a Variant tag (default: chess)\n"
           "      --spec FILE      variant spec file for games without a Variant tag\n"
           "      --diagnostics S  problems as gnu lines (default) or github annotations\n"
           "      --help, --version\n\n"
           "Exit status: 0 every game valid; 1 some game invalid; 2 usage, I/O or spec\n"
           "error.\n"
           "See cvkit(7) for the options common to every tool.\n");
}

enum { OUT_DEFAULT, OUT_CHECK };

/* The games held for one worker at a time (their copies' bytes): large
 * enough that handing over costs little, small enough that 2 x --jobs
 * batches and their output stay a few MB. */
#define CHUNK_BYTES (1u << 20)

typedef struct ctx {
    const cv_variant *v;
    int mode, fen, final, draws, json, strict, fail_fast, quiet;
    int nt;             /* notation of --fen moves and --gamelist: the variant's own */
    int gamelist;       /* --gamelist: regenerate each listing */
    int layout;         /* --layout: its layout (CV_LAYOUT_*) */
    const cv_record_format *input;  /* --input, or NULL: recognised per file */
    const char *ntname; /* --notation as given */
    unsigned read_flags;
    long files, games;  /* games: of this thread, numbering --svg-dir's files */
    cv_run *run;        /* the games played here or on the workers */
    cv_replayer *rp;
    cv_json js;
    /* per game */
    const char *path;
    const cv_record *g;
    const cv_record_format *fmt;
    cv_diag *d;
    char ident[512];    /* the game's name (game_name), "" until asked */
    int game_bad;
    char final_fen[2048];
    char **text;        /* --gamelist: the moves rewritten, per token */
    size_t cap;
    cv_problems probs;  /* --json: the game's problems */
    FILE *out;          /* standard output, or a worker's batch */
    FILE *side;         /* a worker's side output (--junit cases), or NULL */
    cv_junit *junit;    /* --junit, or NULL */
    int jobs;           /* --jobs: games played on this many threads */
    size_t chunk;       /* --chunk-bytes: games held per batch */
    const char *style;  /* --diagram: an SVG style, or NULL */
    const char *svgdir; /* --svg-dir */
    int ply, io_error;
    cv_apos *before;    /* --diagram: the position before the last main-line move */
    char last[64];      /* and that move ("" none) */
} ctx;

/* The game's name as its format gives it ("game 3 (White - Black)"). */
static const char *game_name(ctx *C)
{
    if (!C->ident[0]) C->fmt->ident(C->g, C->ident, sizeof C->ident);
    return C->ident;
}

/* --svg-dir: the picture of pos, ply of the game, the move that led there
 * (played in before) highlighted. */
static void svg_file(ctx *C, const cv_apos *pos, const cv_apos *before, const char *move)
{
    char path[4096], style[400];
    snprintf(path, sizeof path, "%s/%ld-%03d.svg", C->svgdir, C->games, C->ply);
    cv_diagram_svg_last(style, sizeof style, C->style, before, move);
    /* each picture whole or not at all, even when the run is killed */
    struct cv_outfile *o = cv_outfile_new(path);
    FILE *f = o ? cv_outfile_stream(o) : NULL;
    int e = f ? 0 : errno;
    if (f) cv_any_diagram(pos, style, 0, f);
    if (o) {
        int closed = cv_outfile_close(o, f != NULL);
        if (!e) e = closed;
    }
    if (!e) return;
    if (!C->io_error) fprintf(stderr, "%s: error: %s: write error: %s\n", tool, path, strerror(e ? e : EIO));
    C->io_error = 1;
}

/* Where a problem of the game being played is said: stderr, under the
 * game's name, and its JSON problem list under --json. */
static cv_problem_at problem_at(ctx *C)
{
    return (cv_problem_at){ C->d, C->json || C->junit ? &C->probs : NULL, C->path, game_name(C), NULL };
}

static void on_bad(void *arg, const cv_replay_ev *e)
{
    ctx *C = arg;
    char num[32];
    cv_replay_ev_number(e, num, sizeof num);
    const char *in_var = e->depth ? " (in a variation)" : "";
    cv_level lv = e->mark_only ? CV_WARNING : CV_ERROR;
    if (!e->mark_only) C->game_bad = 1;
    /* a warning under --quiet is counted, not printed (C->d says so) */
    cv_problem_at at = problem_at(C);
    if (e->t->kind == CV_TOKEN_VARIATION_START)
        cv_report_problem(&at, lv, "move", e->line, e->col, "%s", e->why);
    else
        cv_report_problem(&at, lv, "move", e->line, e->col, "%s %s%s%s: %s", num, e->t->text,
                   e->t->suffix ? e->t->suffix : "", in_var, e->why);
}

static void on_move(void *arg, const cv_replay_ev *e)
{
    ctx *C = arg;
    if (e->depth) return;
    char mv[64], num[32], fen[2048];
    cv_replay_ev_move(e, C->nt, mv, sizeof mv);
    if (C->svgdir || C->style) {
        char canon[64];
        cv_replay_ev_move(e, 0, canon, sizeof canon);
        C->ply++;
        if (C->svgdir) svg_file(C, e->after, e->before, canon);
        if (C->style && C->before) {
            cv_apos_copy(C->before, e->before);
            snprintf(C->last, sizeof C->last, "%s", canon);
        }
    }
    if (C->gamelist) {
        free(C->text[e->tok]);
        C->text[e->tok] = strdup(mv);
    }
    if (!C->fen) return;
    cv_replay_ev_number(e, num, sizeof num);
    cv_replay_ev_fen(e, fen, sizeof fen);
    fprintf(C->out, "%ld\t%s %s\t%s\n", C->g->number, num, mv, fen);
}

static void game_json(ctx *C, const cv_record *g, const cv_replay_result *res, int valid)
{
    cv_json *j = &C->js;
    cv_json_begin_object(j);
    cv_record_json_place(j, C->path, g);
    /* the tags as cv-convert gives them: verdicts filtered by Event, Site... */
    cv_record_json_tags(j, g, 0);
    cv_json_key(j, "white");
    cv_json_str(j, cv_game_tag_value(g, "White"));
    cv_json_key(j, "black");
    cv_json_str(j, cv_game_tag_value(g, "Black"));
    cv_json_key(j, "valid");
    cv_json_bool(j, valid);
    cv_json_key(j, "plies");
    cv_json_int(j, res->plies);
    /* a format without results: the one its moves reach */
    const char *implied = cv_replay_implied_result(res);
    cv_json_key(j, "result");
    cv_json_str(j, g->result_text ? g->result_text : implied ? implied : "*");
    cv_json_key(j, "final");
    cv_json_str(j, C->final_fen);
    cv_json_key(j, "mate");
    cv_json_bool(j, res->mate);
    cv_json_key(j, "stalemate");
    cv_json_bool(j, res->stalemate);
    cv_json_problems(j, &C->probs);
    cv_json_end_object(j);
    cv_json_end_line(j);
}

static int need_texts(ctx *C, size_t n)
{
    if (n <= C->cap) return 0;
    char **t = realloc(C->text, sizeof *t * n);
    if (!t) return -1;
    memset(t + C->cap, 0, sizeof *t * (n - C->cap));
    C->text = t;
    C->cap = n;
    return 0;
}

static void report_draws(ctx *C, const cv_replay_result *res, long rl, long rc)
{
    char facts[200] = "";
    if (res->draws & CV_DRAW_STALEMATE) strcat(facts, ", stalemate");
    if (res->draws & CV_DRAW_FIFTY) strcat(facts, ", fifty-move rule");
    if (res->draws & CV_DRAW_REPETITION) {
        char b[64];
        snprintf(b, sizeof b, ", position repeated %d times", res->repetitions);
        strcat(facts, b);
    }
    if (res->draws & CV_DRAW_MATERIAL) strcat(facts, ", insufficient material");
    cv_report(C->d, CV_NOTE, C->path, rl, rc, "%s: final position: %s", game_name(C), facts + 2);
}

/* One game of any record format: the same walk, checks and output. */
static int replay_game(ctx *C, const cv_record *g)
{
    C->games++;
    C->g = g;
    C->ident[0] = 0;    /* named when first reported: most games never are */
    C->game_bad = g->errors > 0;
    C->final_fen[0] = 0;
    if (C->json || C->junit) {
        /* the reader's issues first, then the replay's */
        cv_problems_of_record(&C->probs, g);
    }
    const cv_variant *v;
    cv_apos *start = malloc(sizeof *start), *final = malloc(sizeof *final);
    char why[300];
    long line, col;
    cv_replay_result res;
    memset(&res, 0, sizeof res);
    const cv_variant *deflt = cv_record_variant(C->fmt, C->v);
    if (!start || !final || !deflt) {
        const char *msg = deflt ? "out of memory" : "the rules of this record format cannot be loaded";
        cv_problem_at at = problem_at(C);
        cv_report_problem(&at, CV_ERROR, "setup", g->line, g->col, "%s", msg);
        C->game_bad = 1;
    } else if (cv_replay_start(g, deflt, &v, start, why, sizeof why, &line, &col) < 0) {
        cv_problem_at at = problem_at(C);
        cv_report_problem(&at, CV_ERROR, "setup", line, col, "%s", why);
        C->game_bad = 1;
    } else if ((C->nt = cv_replay_notation(g, v, C->ntname, why, sizeof why, &line, &col)) < 0) {
        cv_problem_at at = problem_at(C);
        cv_report_problem(&at, CV_ERROR, "setup", line, col, "%s", why);
        C->game_bad = 1;
        C->nt = 0;
    } else {
        cv_replay_hooks hooks = { C->fen || C->gamelist || C->svgdir || C->style ? on_move : NULL, on_bad };
        C->ply = 0;
        C->last[0] = 0;
        if (C->svgdir) svg_file(C, start, NULL, NULL);
        if (C->gamelist && need_texts(C, g->ntokens) < 0) C->game_bad = 1;
        cv_replayer_set_read_flags(C->rp, C->read_flags | (C->strict && !C->fmt->marks_warn ? CV_READ_STRICT_SAN : 0));
        cv_replayer_set_marks(C->rp, C->fmt->marks_warn ? CV_MARKS_WARN : C->strict ? CV_MARKS_ERROR : CV_MARKS_IGNORE);
        cv_replayer_set_numbers(C->rp, C->fmt->numbered);
        cv_replayer_set_notation(C->rp, C->nt);
        /* the final FEN only for the outputs that print it */
        int want_final = C->final || C->style || (C->json && C->mode != OUT_CHECK);
        cv_replay(C->rp, g, start, &hooks, C, &res, want_final ? final : NULL);
        if (res.mainline_complete) {
            if (want_final) cv_any_write(final, 0, C->final_fen, sizeof C->final_fen);
            const char *want = cv_replay_implied_result(&res);
            const cv_token *rt = g->result;
            long rl = g->line, rc = g->col;
            if (rt) cv_game_where(g, rt->at, &rl, &rc);
            if (want && g->result_text && strcmp(want, g->result_text)) {
                cv_problem_at at = problem_at(C);
                cv_report_problem(&at, CV_WARNING, "result", rl, rc, "the game ends in %s, so the result should be %s, not %s",
                           res.mate ? "checkmate" : "stalemate", want, g->result_text);
            }
            if (C->draws && res.draws) report_draws(C, &res, rl, rc);
        }
    }
    int valid = !C->game_bad;
    if (C->junit) cv_junit_game(C->side ? C->side : cv_junit_stream(C->junit), C->path, C->fmt, g, &C->probs, !valid);
    /* one line a game, so the output pairs with the games: '-' when the
     * game could not be played to its end */
    if (C->gamelist) {
        cv_rewrite_opts o = { .layout = C->layout, .notation = valid ? C->nt : -1 };
        cv_record_rewrite_as(C->out, C->fmt, g, valid ? C->text : NULL, C->v, &res, &o, NULL);
    } else if (C->style) {
        /* the picture of a game played to its end; nothing for another */
        if (C->final_fen[0]) {
            char style[400];
            cv_diagram_svg_last(style, sizeof style, C->style, C->last[0] ? C->before : NULL, C->last[0] ? C->last : NULL);
            cv_any_diagram(final, style, 0, C->out);
        }
    } else if (C->final) {
        fprintf(C->out, "%s\n", C->final_fen[0] ? C->final_fen : "-");
    } else if (C->json && C->mode != OUT_CHECK) {
        game_json(C, g, &res, valid);
    } else if (C->mode == OUT_DEFAULT && !C->fen) {
        /* a format without results says how the game ended instead */
        const char *end = g->result_text ? g->result_text : res.mate ? "checkmate" : res.stalemate ? "stalemate" : NULL;
        fprintf(C->out, "%s: %s: %s, %d pl%s%s%s\n", cv_display_name(C->path), game_name(C), valid ? "valid" : "invalid", res.plies,
               res.plies == 1 ? "y" : "ies", end ? ", " : "", end ? end : "");
    }
    for (size_t i = 0; C->text && i < g->ntokens && i < C->cap; i++) {
        free(C->text[i]);
        C->text[i] = NULL;
    }
    free(start);
    free(final);
    return valid;
}

/* ---- the run: games played here or on the workers, written in order ---- */

/* A worker's ctx, a copy of the run's settings: its own replayer, JSON
 * writer and scratch; the run's own ctx is released the same way. */
static int worker_init(void *w)
{
    ctx *W = w;
    W->text = NULL;
    W->cap = 0;
    memset(&W->probs, 0, sizeof W->probs);
    return (W->rp = cv_replayer_new()) ? 0 : -1;
}

static void worker_fini(void *w)
{
    ctx *W = w;
    cv_replayer_free(W->rp);
    cv_problems_free(&W->probs);
    free(W->text);
}

static int run_game(void *w, const cv_run_io *io, const cv_record *g, int *stop)
{
    ctx *W = w;
    W->out = io->out;
    W->side = io->side;
    W->d = io->d;
    W->path = io->path;
    W->fmt = io->fmt;
    /* a worker's JSON goes to its batch, whole a game */
    if (W->js.out != io->out) cv_json_init(&W->js, io->out);
    int valid = replay_game(W, g);
    if (io->held) cv_json_flush(&W->js);
    if (!valid) *stop = W->fail_fast;
    return !valid;
}

/* An input opened: counted; refused when --gamelist cannot rewrite it. */
static int replay_input(void *arg, const char *path, const cv_record_format *f)
{
    ctx *C = arg;
    C->files++;
    if (!C->gamelist || !strcmp(f->name, "gamelist")) return 0;
    cv_cli_error(tool, "%s: --gamelist regenerates Parmen listings; this input is %s (--input gamelist to say "
                 "otherwise)", cv_display_name(path), f->name);
    return 2;
}

static int replay_file(const char *path, FILE *f, void *arg)
{
    ctx *C = arg;
    if (cv_run_stopped(C->run)) return 0;  /* --fail-fast: the files after the stop are not read */
    /* --check keeps no comment and passes over variations deeper than the
     * reader holds: a game is judged by its moves, not its size */
    unsigned flags = (C->strict ? CV_RECORD_STRICT : 0) | (C->mode == OUT_CHECK && !C->gamelist ? CV_RECORD_LEAN : 0);
    long files = C->files;
    cv_run_counts before = *cv_run_totals(C->run);
    if (C->junit) cv_junit_suite_begin(C->junit);
    int rc = cv_run_input(C->run, f, path, flags, C->input, C->quiet);
    /* a suite for an input read as records, even of no game */
    const cv_run_counts *now = cv_run_totals(C->run);
    long games = now->games - before.games;
    if (C->junit && C->files > files) cv_junit_suite_end(C->junit, path, games, games - (now->valid - before.valid));
    return rc;
}

/* --junit on workers: their cases, in the order of the games */
static void junit_side(void *arg, const char *buf, size_t n)
{
    ctx *C = arg;
    cv_junit_write(C->junit, buf, n);
}

enum { O_FEN = 256, O_FINAL, O_DRAWS, O_STRICT, O_FAILFAST, O_GAMELIST, O_DIAGRAM, O_SVGDIR };

static int replay_option(cv_tool *t, int c, char *optarg)
{
    ctx *C = t->arg;
    switch (c) {
    case 'c': C->mode = OUT_CHECK; break;
    case O_FEN: C->fen = 1; break;
    case O_FINAL: C->final = 1; break;
    case O_DRAWS: C->draws = 1; break;
    case O_STRICT: C->strict = 1; break;
    case O_FAILFAST: C->fail_fast = 1; break;
    case O_GAMELIST: C->gamelist = 1; break;
    case O_DIAGRAM:
        C->style = optarg ? optarg : "svg";
        if (!cv_diagram_is_svg(C->style))
            return cv_cli_bad_value(tool, t->argv, optind, c, optarg,
                                    "not svg or svg:OPT,... (OPT: flip, coords, nocoords, letters, overhead, "
                                    "size=N, last=CELLS)");
        break;
    case O_SVGDIR: C->svgdir = optarg; break;
    }
    return 0;
}

/* what the options say as a whole */
static int replay_check(cv_tool *t)
{
    ctx *C = t->arg;
    C->json = t->json;
    if (t->layout_given && !C->gamelist)
        return cv_cli_usage_error(tool, "--layout lays out the listings of --gamelist: give --gamelist");
    C->layout = t->layout;
    if (C->style && (C->json || C->fen || C->final || C->gamelist || C->mode == OUT_CHECK))
        return cv_cli_usage_error(tool, "--diagram prints the pictures instead of --check, --fen, --final, "
                                        "--gamelist and --json output: give one of them");
    /* a directory that cannot take the pictures fails the run before it reads */
    if (C->svgdir && cv_cli_check_dir(tool, "--svg-dir", C->svgdir)) return CV_EXIT_USAGE;
    return -1;
}

int main(int argc, char **argv)
{
    ctx *C = calloc(1, sizeof *C);
    if (!C) return 2;
    static const struct option own[] = {
        { "check", no_argument, 0, 'c' }, { "fen", no_argument, 0, O_FEN },
        { "final", no_argument, 0, O_FINAL }, { "draws", no_argument, 0, O_DRAWS },
        { "strict", no_argument, 0, O_STRICT }, { "fail-fast", no_argument, 0, O_FAILFAST },
        { "gamelist", no_argument, 0, O_GAMELIST },
        { "diagram", optional_argument, 0, O_DIAGRAM }, { "svg-dir", required_argument, 0, O_SVGDIR }, { 0, 0, 0, 0 } };
    cv_tool T = { .name = tool, .takes = CV_TOOL_QUIET | CV_TOOL_INPUT | CV_TOOL_NOTATION | CV_TOOL_JOBS | CV_TOOL_JUNIT | CV_TOOL_LAYOUT,
                  .usage = usage,
                  .letters = "c", .own = own, .option = replay_option, .check = replay_check, .arg = C };
    int status = cv_tool_start(&T, argc, argv);
    if (status >= 0) {
        free(C);
        return cv_tool_end(&T, status);
    }
    C->quiet = T.quiet;
    C->input = T.input;
    C->ntname = T.notation;
    C->jobs = T.jobs;
    C->chunk = T.chunk;
    C->junit = T.junit;
    cv_variant *v = T.v;
    C->v = v;
    C->rp = cv_replayer_new();
    C->out = stdout;
    C->before = malloc(sizeof *C->before);
    cv_json_init(&C->js, stdout);
    status = 0;
    if (!C->jobs) C->jobs = cv_jobs_cores();
    /* pictures keep the game's last move and number files by game: one job */
    if (C->style || C->svgdir) C->jobs = 1;
    if (!C->chunk) C->chunk = CHUNK_BYTES;
    const cv_run_ops ops = { .game = run_game, .worker_size = sizeof(ctx), .worker_init = worker_init,
                             .worker_fini = worker_fini, .input = replay_input, .tool = tool,
                             .side_write = C->junit ? junit_side : NULL };
    if (!(C->run = cv_run_new(C->jobs, C->chunk, &ops, C))) {
        cv_replayer_free(C->rp);
        cv_tool_free(&T);
        free(C->before);
        free(C);
        return cv_cli_error(tool, "out of memory");
    }
    if (cv_cli_each_file(tool, T.files, T.nfiles, cv_record_suffixes(), replay_file, C, &status)) status = 2;
    const cv_run_counts *t = cv_run_totals(C->run);
    if (C->json && C->mode == OUT_CHECK) {
        cv_json_summary(&C->js, C->files, t->games, t->valid, t->games - t->valid, t->warnings);
    } else if (!C->json && !C->fen && !C->final && !C->gamelist && !C->style) {
        cv_cli_summary(stdout, C->files, t->games, t->valid, t->games - t->valid, t->warnings);
    }
    cv_json_flush(&C->js);
    if (!t->games) {
        /* a CI run over nothing must not pass */
        if (C->mode != OUT_CHECK) cv_cli_warning(tool, "no game records found");
        else {
            cv_cli_error(tool, "no game records found");
            if (status < 1) status = 1;
        }
    }
    cv_run_free(C->run);
    worker_fini(C);
    if (cv_tool_junit_close(&T)) status = CV_EXIT_USAGE;
    cv_tool_free(&T);
    free(C->before);
    if (C->io_error) status = CV_EXIT_USAGE;
    free(C);
    if (cv_cli_close_stdout(tool)) status = CV_EXIT_USAGE;
    return status;
}
