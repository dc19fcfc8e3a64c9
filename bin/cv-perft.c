/* cv-perft: counts the legal move tree of a position to a depth. */
#include "cvkit.h"
#include "decompress.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *tool = "cv-perft";

static void usage(void)
{
    printf("Usage: %s [OPTION]... -d DEPTH\n"
           "       %s [OPTION]... --suite FILE [--suite FILE]...\n"
           "Count the leaf nodes of the legal move tree (perft).\n\n"
           "  -d, --depth N        depth to count (in --suite mode: the deepest to check)\n"
           "  -f, --fen FEN        position to count from (default: the variant's start)\n"
           "      --divide         print each root move with its count, then the total\n",
           tool, tool);
    char list[512], text[600];
    snprintf(text, sizeof text, "notation of --divide moves; %s", cv_notation_by_engine(1, list, sizeof list));
    cv_tool_help("-n, --notation N", text);
    printf("      --hash MB        share subtree counts in a hash table of MB megabytes\n"
           "      --threads N      count with N threads\n"
           "      --split K/N      count only root moves K, K+N, K+2N, ... (1 <= K <= N)\n"
           "      --suite FILE     check every 'FEN ;D1 ;D2 ...' line of FILE\n"
           "  -l, --lenient        read the loose FEN dialect, and take positions that\n"
           "                       can be played but not reached (an impossible check)\n"
           "  -j, --json           one JSON object per count\n"
           "  -v, --verbose        timing and nodes per second on standard error\n"
           "      --no-progress    no progress line (shown only when standard error is\n"
           "                       a terminal: root moves done and nodes per second)\n"
           "  -V, --variant NAME   variant spec by name or alias (default: chess)\n"
           "      --spec FILE      variant spec file\n"
           "      --diagnostics S  problems as gnu lines (default) or github annotations\n"
           "      --help, --version\n\n"
           "Exit status: 0 counts printed (and, with --suite, all matched); 1 a suite\n"
           "count did not match or a FEN was invalid; 2 usage or spec error.\n"
           "See cvkit(7) for the options common to every tool.\n");
}

typedef struct opts {
    int depth, divide, json, verbose;
    int progress;           /* standard error is a terminal and no --no-progress */
    unsigned read_flags;    /* --lenient: CV_FEN_LENIENT | CV_FEN_PLAYABLE */
    const char *notation;   /* NULL: the variant's default for --divide */
    char ntopt[32];         /* the option as typed: -n or --notation */
    cv_count_opts co;       /* threads, table, share; the rest per count */
} opts;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void divide_cb(void *arg, const char *move, uint64_t nodes)
{
    const opts *o = arg;
    if (o->json) printf("{\"move\":\"%s\",\"nodes\":%llu}\n", move, (unsigned long long)nodes);
    else printf("%s %llu\n", move, (unsigned long long)nodes);
}

static int count(cv_apos *a, int depth, const opts *o, uint64_t *out)
{
    int nt = o->notation ? cv_any_notation(a->v, o->notation) : cv_any_divide_notation(a->v);
    if (nt < 0) {
        char list[256];
        cv_cli_error(tool, "%s '%s': not a notation of %s (%s)", o->ntopt, o->notation, a->v->name,
                     cv_notation_list(a->v, list, sizeof list));
        return -1;
    }
    cv_count_opts co = o->co;
    co.nt = nt;
    co.divide = o->divide ? divide_cb : NULL;
    co.arg = (void *)o;
    co.progress = o->progress ? tool : NULL;
    cv_count_result r;
    double t0 = now();
    int rc = cv_count(a, depth, &co, &r);
    double dt = now() - t0;
    if (rc < 0) {
        cv_cli_error(tool, "out of memory");
        return -1;
    }
    uint64_t n = r.nodes;
    if (o->verbose) {
        fprintf(stderr, "%s: depth %d: %llu nodes in %.3f s (%.1f M nodes/s)\n", tool, depth,
                (unsigned long long)n, dt, dt > 0 ? (double)n / dt / 1e6 : 0.0);
        unsigned long long sm = r.singles;
        if (sm)
            fprintf(stderr, "%s: depth %d: %llu single moves in %.3f s (%.1f M single moves/s)\n", tool, depth, sm,
                    dt, dt > 0 ? (double)sm / dt / 1e6 : 0.0);
    }
    *out = n;
    return 0;
}

/* expected < 0: no expectation (a plain count); file NULL: no place (a
 * count of --fen or the start position) */
static void print_json(const char *file, long line, const cv_apos *a, int depth, uint64_t n, double secs,
                       long long expected)
{
    char fen[2048], num[32];
    cv_any_write(a, 0, fen, sizeof fen);
    cv_json j;
    cv_json_init(&j, stdout);
    cv_json_begin_object(&j);
    if (file) cv_json_place(&j, file, line, 0);
    cv_json_key(&j, "fen");
    cv_json_str(&j, fen);
    cv_json_key(&j, "depth");
    cv_json_int(&j, depth);
    cv_json_key(&j, "nodes");
    cv_json_int(&j, (long long)n);
    /* seconds with three decimals, as a number */
    snprintf(num, sizeof num, "%.3f", secs);
    cv_json_key(&j, "seconds");
    cv_json_raw(&j, num);
    if (expected >= 0) {
        cv_json_key(&j, "expected");
        cv_json_int(&j, expected);
        cv_json_key(&j, "match");
        cv_json_bool(&j, (unsigned long long)expected == n);
    }
    cv_json_end_object(&j);
    cv_json_end_line(&j);
}

static int run_suite(const char *path, const cv_variant *v0, const opts *o)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!f) {
        cv_cli_error(tool, "%s: %s", path, strerror(errno));
        return 2;
    }
    cv_input *in = cv_input_open(f, path);
    if (!in) {
        if (f != stdin) fclose(f);
        return 2;
    }
    const cv_variant *v = v0;
    cv_variant *owned = NULL;
    cv_lines L;
    cv_lines_init(&L, cv_input_stream(in));
    char *line;
    size_t len;
    int status = 0, checked = 0, bad = 0;
    cv_suite_line sl;
    while (cv_lines_next(&L, &line, &len)) {
        long lineno = L.lineno;
        if (L.bad) {
            cv_report(NULL, CV_ERROR, path, lineno, L.col, "%s", cv_lines_why(&L));
            status = 1;
            continue;
        }
        switch (cv_suite_parse(line, &sl)) {
        case CV_SUITE_NOTHING:
            continue;
        case CV_SUITE_ERROR:
            cv_report(NULL, CV_ERROR, path, lineno, sl.col, "%s", sl.why);
            status = 1;
            continue;
        case CV_SUITE_VARIANT: {
            FILE *null = fopen("/dev/null", "w");
            cv_diag quiet = { .out = null };
            cv_variant *nv = cv_variant_find(sl.text, &quiet);
            if (null) fclose(null);
            if (!nv) {
                cv_report(NULL, CV_ERROR, path, lineno, sl.text_col, "unknown variant '%s'", sl.text);
                status = 2;
                goto done;
            }
            cv_variant_free(owned);
            owned = nv;
            v = nv;
            continue;
        }
        default:
            break;
        }
        cv_apos p;
        cv_fen_errors fe;
        if (cv_any_read_position(v, sl.text, o->read_flags, &p, &fe) < 0 || fe.n) {
            cv_fen_report(NULL, path, lineno, sl.text_col, &fe);
            status = 1;
            continue;
        }
        for (int d = 1; d <= sl.ncounts && d <= o->depth; d++) {
            uint64_t got, want = sl.count[d - 1];
            double t0 = now();
            if (count(&p, d, o, &got) < 0) {
                status = 2;
                goto done;
            }
            checked++;
            if (o->json) print_json(path, lineno, &p, d, got, now() - t0, (long long)want);
            if (got != want) {
                cv_report(NULL, CV_ERROR, path, lineno, sl.count_col[d - 1], "depth %d: counted %llu, expected %llu", d,
                          (unsigned long long)got, (unsigned long long)want);
                bad++;
                if (status < 1) status = 1;
            }
        }
        if (sl.why) {
            cv_report(NULL, CV_ERROR, path, lineno, sl.col, "%s", sl.why);
            status = status < 1 ? 1 : status;
        }
    }
done:
    if (L.error) {
        cv_cli_error(tool, "%s: read error: %s", cv_display_name(path), strerror(L.error));
        status = 2;
    }
    cv_lines_free(&L);
    int read_err, unpacked = cv_input_close(in, &read_err);
    if (read_err) {
        cv_cli_error(tool, "%s: read error: %s", cv_display_name(path), strerror(read_err));
        status = 2;
    }
    if (unpacked > status) status = unpacked;
    if (f != stdin) fclose(f);
    cv_variant_free(owned);
    if (!o->json) printf("%s: %d counts checked, %d mismatched\n", cv_display_name(path), checked, bad);
    return status;
}

enum { O_DIVIDE = 256, O_HASH, O_THREADS, O_SPLIT, O_SUITE, O_NO_PROGRESS };

typedef struct perft_args {
    opts *o;
    const char *suites[64];
    int nsuites;
    int no_progress;
} perft_args;

static int perft_option(cv_tool *t, int c, char *optarg)
{
    perft_args *A = t->arg;
    opts *o = A->o;
    char **argv = t->argv;
    long n;
    switch (c) {
    case 'd':
        /* a --suite line holds at most this many depths: the same limit */
        if ((n = cv_cli_number_option(tool, argv, optind, c, optarg, 0, CV_SUITE_MAX_DEPTH, "a depth")) < 0)
            return CV_EXIT_USAGE;
        o->depth = (int)n;
        break;
    case O_DIVIDE: o->divide = 1; break;
    case O_HASH:
        if ((n = cv_cli_number_option(tool, argv, optind, c, optarg, 0, 65536, "a size in MB")) < 0)
            return CV_EXIT_USAGE;
        o->co.hash_mb = (size_t)n;
        break;
    case O_THREADS:
        if ((n = cv_cli_number_option(tool, argv, optind, c, optarg, 1, 256, "a thread count")) < 0)
            return CV_EXIT_USAGE;
        o->co.threads = (int)n;
        break;
    case O_SPLIT: {
        /* N is at most a million: a share is at least one root move
         * of any game there is, and the numbers stay in an int */
        char *slash = strchr(optarg, '/');
        long k = -1, m = -1;
        if (slash) {
            *slash = 0;
            k = cv_cli_parse_count(optarg);
            m = cv_cli_parse_count(slash + 1);
            *slash = '/';
        }
        if (k < 1 || m < 1 || k > m || m > 1000000)
            return cv_cli_bad_value(tool, argv, optind, c, optarg, "not K/N with 1 <= K <= N <= 1000000");
        o->co.split_k = (int)k;
        o->co.split_n = (int)m;
        break;
    }
    case O_SUITE:
        if (A->nsuites < 64) A->suites[A->nsuites++] = optarg;
        break;
    case O_NO_PROGRESS: A->no_progress = 1; break;
    case 'v': o->verbose = 1; break;
    }
    return 0;
}

/* what the options say as a whole */
static int perft_check(cv_tool *t)
{
    perft_args *A = t->arg;
    if (t->nfiles) return cv_cli_usage_error(tool, "unexpected argument '%s'", t->files[0]);
    if (A->o->depth < 0 && !A->nsuites) return cv_cli_usage_error(tool, "give a depth with -d N or --depth N");
    return -1;
}

int main(int argc, char **argv)
{
    opts o = { .depth = -1, .notation = NULL, .co = { .threads = 1 } };
    perft_args A = { .o = &o };
    static const struct option own[] = {
        { "depth", required_argument, 0, 'd' }, { "divide", no_argument, 0, O_DIVIDE },
        { "hash", required_argument, 0, O_HASH }, { "threads", required_argument, 0, O_THREADS },
        { "split", required_argument, 0, O_SPLIT }, { "suite", required_argument, 0, O_SUITE },
        { "verbose", no_argument, 0, 'v' }, { "no-progress", no_argument, 0, O_NO_PROGRESS }, { 0, 0, 0, 0 } };
    cv_tool T = { .name = tool, .takes = CV_TOOL_FEN_ONE | CV_TOOL_NOTATION, .lenient = CV_FEN_LENIENT | CV_FEN_PLAYABLE,
                  .usage = usage, .letters = "d:v", .own = own, .option = perft_option, .check = perft_check, .arg = &A };
    int status = cv_tool_start(&T, argc, argv);
    if (status >= 0) return cv_tool_end(&T, status);
    const char *fen = T.nfens ? T.fens[0] : NULL, *const *suites = A.suites;
    int nsuites = A.nsuites;
    o.json = T.json;
    o.read_flags = T.read_flags;
    o.notation = T.notation;
    snprintf(o.ntopt, sizeof o.ntopt, "%s", T.ntopt);
    if (nsuites && o.depth < 0) o.depth = 64;
    o.progress = !A.no_progress && isatty(STDERR_FILENO);
    cv_variant *v = T.v;
    status = 0;
    if (nsuites) {
        for (int i = 0; i < nsuites; i++) {
            int rc = run_suite(suites[i], v, &o);
            if (rc > status) status = rc;
        }
    } else {
        cv_apos p;
        cv_fen_errors fe;
        char why[512];
        const char *text = fen ? fen : cv_any_start_text(v, "--fen FEN", why, sizeof why);
        if (!text) {
            cv_tool_free(&T);
            return cv_cli_usage_error(tool, "%s", why);
        }
        if (cv_any_read_position(v, text, o.read_flags, &p, &fe) < 0 || fe.n) {
            if (fen) cv_fen_report(NULL, "--fen", 1, 1, &fe);
            /* the spec's own setup (its loader checks it): never blame a --fen not given */
            else cv_cli_error(tool, "spec %s: setup: %s", v->name, fe.n ? fe.e[0].msg : "invalid position");
            cv_tool_free(&T);
            return 1;
        }
        uint64_t n;
        double t0 = now();
        if (count(&p, o.depth, &o, &n) < 0) status = 2;
        else if (o.json) print_json(NULL, 0, &p, o.depth, n, now() - t0, -1);
        else if (o.divide) printf("total %llu\n", (unsigned long long)n);
        else printf("%llu\n", (unsigned long long)n);
        /* where a node is a whole turn, what the root offers in single moves */
        char note[128];
        if (status == 0 && !o.json && (o.divide || o.verbose) && cv_any_perft_note(&p, note, sizeof note))
            fprintf(o.divide ? stdout : stderr, "%s%s\n", o.divide ? "# " : "cv-perft: ", note);
    }
    return cv_tool_end(&T, status);
}
