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
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    int status = 0, checked = 0, bad = 0;
    while (cv_getline(&line, &cap, f) >= 0) {
        lineno++;
        char *s = line;
        while (*s == ' ' || *s == '\t') s++;
        if (!strncmp(s, "# variant:", 10)) {
            char name[128];
            if (sscanf(s + 10, " %127s", name) == 1) {
                FILE *null = fopen("/dev/null", "w");
                cv_diag quiet = { .out = null };
                cv_variant *nv = cv_variant_find(name, &quiet);
                if (null) fclose(null);
                if (!nv) {
                    cv_report(NULL, CV_ERROR, path, lineno, (long)(strstr(s, name) - line) + 1,
                              "unknown variant '%s'", name);
                    status = 2;
                    break;
                }
                cv_variant_free(owned);
                owned = nv;
                v = nv;
            }
            continue;
        }
        if (!*s || *s == '#') continue;
        char *semi = strchr(s, ';');
        if (!semi) {
            cv_report(NULL, CV_ERROR, path, lineno, 1, "expected 'FEN ;D1 ;D2 ...'");
            status = 1;
            continue;
        }
        *semi = 0;
        char *end = semi;
        while (end > s && (end[-1] == ' ' || end[-1] == '\t')) *--end = 0;
        cv_apos p;
        cv_fen_errors fe;
        if (cv_any_read(v, s, 0, &p, &fe) < 0 || fe.n) {
            cv_fen_report(NULL, path, lineno, (int)(s - line) + 1, &fe);
            status = 1;
            continue;
        }
        char *q = semi + 1;
        for (int d = 1; *q; d++) {
            char *next = strchr(q, ';');
            if (next) *next = 0;
            char *stop;
            unsigned long long want = strtoull(q, &stop, 10);
            while (*stop == ' ' || *stop == '\t') stop++;
            if (stop == q || *stop) {
                cv_report(NULL, CV_ERROR, path, lineno, (int)(q - line) + 1, "depth %d: expected a count", d);
                status = 1;
                break;
            }
            if (d <= o->depth) {
                uint64_t got;
                double t0 = now();
                if (count(&p, d, o, &got) < 0) { status = 2; break; }
                checked++;
                if (o->json) print_json(&p, d, got, now() - t0, (long long)want);
                if (got != want) {
                    cv_report(NULL, CV_ERROR, path, lineno, (int)(q - line) + 1,
                              "depth %d: counted %llu, expected %llu", d, (unsigned long long)got, want);
                    bad++;
                    if (status < 1) status = 1;
                }
            }
            if (!next) break;
            q = next + 1;
        }
    }
    free(line);
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
        { "spec", required_argument, 0, O_SPEC }, { "notation", required_argument, 0, O_NOTATION },
        { "help", no_argument, 0, O_HELP }, { "version", no_argument, 0, O_VERSION }, { 0, 0, 0, 0 } };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":d:vV:", lo, NULL)) != -1) {
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
            int k, m;
            char extra;
            if (sscanf(optarg, "%d/%d%c", &k, &m, &extra) != 2 || m < 1 || k < 1 || k > m)
                return cv_cli_usage_error(tool, "invalid --split '%s' (K/N with 1 <= K <= N)", optarg);
            o.po.split_k = k;
            o.po.split_n = m;
            break;
        }
        case O_SUITE:
            if (nsuites < 64) suites[nsuites++] = optarg;
            break;
        case O_JSON: o.json = 1; break;
        case 'v': o.verbose = 1; break;
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
        if (cv_any_read(v, text, 0, &p, &fe) < 0 || fe.n) {
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
    return status;
}
