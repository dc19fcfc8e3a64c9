/* cv-perft: counts the legal move tree of a position to a depth. */
#include "cvkit.h"
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *tool = "cv-perft";

static void usage(void)
{
    printf("Usage: %s [OPTION]... -d DEPTH\n"
           "       %s [OPTION]... --suite FILE [--suite FILE]...\n"
           "Count the leaf nodes of the legal move tree (perft).\n\n"
           "  -d, --depth N        depth to count (in --suite mode: the deepest to check)\n"
           "      --fen FEN        position to count from (default: the variant's start)\n"
           "      --divide         print each root move with its count, then the total\n"
           "      --notation N     notation of --divide moves: uci (default), san, lan;\n"
           "                       Tri-D: parmen (default), romulan\n"
           "      --hash MB        share subtree counts in a hash table of MB megabytes\n"
           "      --threads N      count with N threads\n"
           "      --split K/N      count only root moves K, K+N, K+2N, ... (1 <= K <= N)\n"
           "      --suite FILE     check every 'FEN ;D1 ;D2 ...' line of FILE\n"
           "  -l, --lenient        read the loose FEN dialect, and take positions that\n"
           "                       can be played but not reached (an impossible check)\n"
           "      --json           one JSON object per count\n"
           "  -v, --verbose        timing and nodes per second on standard error\n"
           "  -V, --variant NAME   variant spec by name or alias (default: chess)\n"
           "      --spec FILE      variant spec file\n"
           "      --help, --version\n\n"
           "Exit status: 0 counts printed (and, with --suite, all matched); 1 a suite\n"
           "count did not match or a FEN was invalid; 2 usage or spec error.\n", tool, tool);
}

typedef struct opts {
    int depth, divide, json, verbose;
    unsigned read_flags;    /* --lenient: CV_FEN_LENIENT | CV_FEN_PLAYABLE */
    const char *notation;   /* NULL: the variant's default for --divide */
    cv_perft_opts po;
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
        fprintf(stderr, "%s: %s does not write '%s' notation\n", tool, a->v->name, o->notation);
        return -1;
    }
    double t0 = now();
    uint64_t n = cv_any_perft(a, depth, &o->po, nt, o->divide ? divide_cb : NULL, (void *)o);
    double dt = now() - t0;
    if (n == UINT64_MAX) {
        fprintf(stderr, "%s: out of memory\n", tool);
        return -1;
    }
    if (o->verbose)
        fprintf(stderr, "%s: depth %d: %llu nodes in %.3f s (%.1f M nodes/s)\n", tool, depth,
                (unsigned long long)n, dt, dt > 0 ? (double)n / dt / 1e6 : 0.0);
    *out = n;
    return 0;
}

/* expected < 0: no expectation (a plain count) */
static void print_json(const cv_apos *a, int depth, uint64_t n, double secs, long long expected)
{
    char fen[2048];
    cv_any_write(a, 0, fen, sizeof fen);
    printf("{\"fen\":\"%s\",\"depth\":%d,\"nodes\":%llu,\"seconds\":%.3f", fen, depth,
           (unsigned long long)n, secs);
    if (expected >= 0)
        printf(",\"expected\":%lld,\"match\":%s", expected, (unsigned long long)expected == n ? "true" : "false");
    puts("}");
}

static int run_suite(const char *path, const cv_variant *v0, const opts *o)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!f) {
        fprintf(stderr, "%s: %s: %s\n", tool, path, strerror(errno));
        return 2;
    }
    const cv_variant *v = v0;
    cv_variant *owned = NULL;
    cv_lines L;
    cv_lines_init(&L, f);
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
        if (cv_any_read(v, sl.text, o->read_flags, &p, &fe) < 0 || fe.n) {
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
            if (o->json) print_json(&p, d, got, now() - t0, (long long)want);
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
        fprintf(stderr, "%s: %s: read error: %s\n", tool, cv_display_name(path), strerror(L.error));
        status = 2;
    }
    cv_lines_free(&L);
    if (f != stdin) fclose(f);
    cv_variant_free(owned);
    if (!o->json) printf("%s: %d counts checked, %d mismatched\n", cv_display_name(path), checked, bad);
    return status;
}

int main(int argc, char **argv)
{
    opts o = { .depth = -1, .notation = NULL, .po = { 1, 0, 0, 0 } };
    const char *fen = NULL, *variant = NULL, *spec = NULL;
    const char *suites[64];
    int nsuites = 0;
    enum { O_FEN = 256, O_DIVIDE, O_HASH, O_THREADS, O_SPLIT, O_SUITE, O_JSON, O_SPEC, O_HELP, O_VERSION, O_NOTATION };
    static const struct option lo[] = {
        { "depth", required_argument, 0, 'd' }, { "fen", required_argument, 0, O_FEN },
        { "divide", no_argument, 0, O_DIVIDE }, { "hash", required_argument, 0, O_HASH },
        { "threads", required_argument, 0, O_THREADS }, { "split", required_argument, 0, O_SPLIT },
        { "suite", required_argument, 0, O_SUITE }, { "json", no_argument, 0, O_JSON },
        { "verbose", no_argument, 0, 'v' }, { "variant", required_argument, 0, 'V' },
        { "lenient", no_argument, 0, 'l' },
        { "spec", required_argument, 0, O_SPEC }, { "notation", required_argument, 0, O_NOTATION },
        { "help", no_argument, 0, O_HELP }, { "version", no_argument, 0, O_VERSION }, { 0, 0, 0, 0 } };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":d:lvV:", lo, NULL)) != -1) {
        long n;
        switch (c) {
        case 'd':
            if ((n = cv_cli_parse_count(optarg)) < 0 || n > 64) return cv_cli_usage_error(tool, "invalid depth '%s'", optarg);
            o.depth = (int)n;
            break;
        case O_FEN: fen = optarg; break;
        case O_DIVIDE: o.divide = 1; break;
        case O_HASH:
            if ((n = cv_cli_parse_count(optarg)) < 0 || n > 65536) return cv_cli_usage_error(tool, "invalid hash size '%s' (MB, 0-65536)", optarg);
            o.po.hash_mb = (size_t)n;
            break;
        case O_THREADS:
            if ((n = cv_cli_parse_count(optarg)) < 1 || n > 256) return cv_cli_usage_error(tool, "invalid thread count '%s' (1-256)", optarg);
            o.po.threads = (int)n;
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
            if (k < 1 || m < 1 || k > m)
                return cv_cli_usage_error(tool, "invalid --split '%s' (K/N with 1 <= K <= N)", optarg);
            if (m > 1000000) return cv_cli_usage_error(tool, "invalid --split '%s' (N at most 1000000)", optarg);
            o.po.split_k = (int)k;
            o.po.split_n = (int)m;
            break;
        }
        case O_SUITE:
            if (nsuites < 64) suites[nsuites++] = optarg;
            break;
        case O_JSON: o.json = 1; break;
        case 'v': o.verbose = 1; break;
        case 'l': o.read_flags = CV_FEN_LENIENT | CV_FEN_PLAYABLE; break;
        case 'V': variant = optarg; break;
        case O_SPEC: spec = optarg; break;
        case O_NOTATION:
            if (!cv_notation_known(optarg))
                return cv_cli_usage_error(tool, "unknown notation '%s' (san, lan, uci, parmen, romulan)", optarg);
            o.notation = optarg;
            break;
        case O_HELP: usage(); return 0;
        case O_VERSION: cv_cli_version(tool); return 0;
        case ':': return cv_cli_bad_option(tool, argv, optind, optopt, 1);
        default: return cv_cli_bad_option(tool, argv, optind, optopt, 0);
        }
    }
    if (optind < argc) return cv_cli_usage_error(tool, "unexpected argument '%s'", argv[optind]);
    if (o.depth < 0 && !nsuites) return cv_cli_usage_error(tool, "give a depth with -d N");
    if (nsuites && o.depth < 0) o.depth = 64;
    cv_variant *v = cv_variant_select(variant, spec, NULL);
    if (!v) return 2;
    int status = 0;
    if (nsuites) {
        for (int i = 0; i < nsuites; i++) {
            int rc = run_suite(suites[i], v, &o);
            if (rc > status) status = rc;
        }
    } else {
        cv_apos p;
        cv_fen_errors fe;
        const char *text = fen ? fen : v->setup;
        if (cv_any_read(v, text, o.read_flags, &p, &fe) < 0 || fe.n) {
            cv_fen_report(NULL, "--fen", 1, 1, &fe);
            cv_variant_free(v);
            return 1;
        }
        uint64_t n;
        double t0 = now();
        if (count(&p, o.depth, &o, &n) < 0) status = 2;
        else if (o.json) print_json(&p, o.depth, n, now() - t0, -1);
        else if (o.divide) printf("total %llu\n", (unsigned long long)n);
        else printf("%llu\n", (unsigned long long)n);
    }
    cv_variant_free(v);
    if (cv_cli_close_stdout(tool)) status = CV_EXIT_USAGE;
    return status;
}
