/* t_count: the tree-count driver of count.h on every engine: whichever
 * way a count is made (the one engine call, threads, a table, root moves
 * shared out for the progress line, with or without a table), the total
 * is the known one, divide gives one line per root move in the engine's
 * order with counts that sum to the total, and the shares 1/3, 2/3, 3/3
 * of --split sum to it.  Run from the repository root with
 * CVKIT_SPECS=$PWD/specs (as `make check` does). */
#include "cvkit.h"
#include "tap.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct lines {
    int n;
    uint64_t sum;
    char first[64];
} lines;

static void take(void *arg, const char *move, uint64_t nodes)
{
    lines *L = arg;
    if (!L->n++) snprintf(L->first, sizeof L->first, "%s", move);
    L->sum += nodes;
}

static const struct {
    const char *spec;
    int depth;
    uint64_t nodes;
    int roots;
    const char *first;      /* the first root move in divide notation */
} cases[] = {
    { "chess", 3, 8902, 20, "b1a3" },
    { "doublechess", 3, 70008, 40, NULL },
    { "trid-standard", 3, 10088, 21, NULL },
    { "parallelworlds", 1, 3288, 3288, NULL },
};

static const struct {
    const char *name;
    int threads;
    size_t hash_mb;
    int progress;
} ways[] = {
    { "one call", 1, 0, 0 },
    { "3 threads", 3, 0, 0 },
    { "a table", 2, 4, 0 },
    { "roots shared out", 1, 0, 1 },
    { "roots shared out on 3 threads", 3, 0, 1 },
    { "a table with progress", 2, 4, 1 },
};

int main(void)
{
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        cv_variant *v = cv_variant_find(cases[c].spec, NULL);
        cv_apos a;
        if (!v || cv_any_start(v, &a) < 0) {
            TAP_OK(0, "%s: loads and sets up", cases[c].spec);
            continue;
        }
        const char *first = NULL;
        for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++) {
            cv_count_opts o = { .threads = ways[w].threads, .hash_mb = ways[w].hash_mb,
                                .nt = cv_any_divide_notation(v), .progress = ways[w].progress ? "t_count" : NULL };
            lines L = { 0 };
            o.divide = take;
            o.arg = &L;
            cv_count_result r;
            int rc = cv_count(&a, cases[c].depth, &o, &r);
            TAP_IS_INT(rc, 0, "%s -d %d, %s: counted", cases[c].spec, cases[c].depth, ways[w].name);
            TAP_IS_INT(r.nodes, cases[c].nodes, "%s -d %d, %s: nodes", cases[c].spec, cases[c].depth, ways[w].name);
            TAP_IS_INT(L.n, cases[c].roots, "%s -d %d, %s: divide lines", cases[c].spec, cases[c].depth, ways[w].name);
            TAP_IS_INT(L.sum, cases[c].nodes, "%s -d %d, %s: divide sum", cases[c].spec, cases[c].depth, ways[w].name);
            /* the same first root move however the count is made */
            if (!first) first = strdup(L.first);
            TAP_IS_STR(L.first, cases[c].first ? cases[c].first : first, "%s -d %d, %s: first root move",
                       cases[c].spec, cases[c].depth, ways[w].name);
            uint64_t shares = 0;
            o.divide = NULL;
            for (int k = 1; k <= 3; k++) {
                o.split_k = k;
                o.split_n = 3;
                TAP_IS_INT(cv_count(&a, cases[c].depth, &o, &r), 0, "%s, %s: share %d/3 counted", cases[c].spec,
                           ways[w].name, k);
                shares += r.nodes;
            }
            TAP_IS_INT(shares, cases[c].nodes, "%s -d %d, %s: shares 1/3 2/3 3/3 sum", cases[c].spec, cases[c].depth,
                       ways[w].name);
        }
        free((void *)first);
        cv_variant_free(v);
    }
    return tap_done();
}
