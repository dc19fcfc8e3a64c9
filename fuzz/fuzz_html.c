/* fuzz_html: records of any format (recognised from the content; chess
 * when a PGN game names no variant) replayed, and each game played to its
 * end written as a viewer page's section (lib/view/html.h), the pictures
 * read back as the page's script reads them.  Promises checked (abort()
 * when broken):
 *  - the section is one section: one "<section", one "</section>", one
 *    "</script>" (no text of the record ends the pictures' data early),
 *    and a data-ply span for every main-line move;
 *  - its pictures' data parses: counts, then that many pieces, lines of
 *    piece numbers below the count, and one line a ply (the start and
 *    each move) of two runs lists, as played and turned round, naming
 *    lines below the count;
 *  - the first ply put back together is the start position's SVG as
 *    cv_any_diagram draws it, less its XML declaration;
 *  - a game that cannot be played, shown unplayed, is one section too. */
#include "cvkit.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cv_variant *chess;
static cv_replayer *rp;
static cv_html_game *hv;

static void on_move(void *arg, const cv_replay_ev *e)
{
    (void)arg;
    if (e->depth) return;
    char canon[64];
    cv_replay_ev_move(e, 0, canon, sizeof canon);
    if (cv_html_game_ply(hv, e->after, e->before, canon)) abort();
}

static size_t count(const char *s, const char *what)
{
    size_t n = 0;
    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what)) n++;
    return n;
}

/* The next line of *p (NUL-terminated in place), or NULL at the end. */
static char *line(char **p)
{
    if (!*p || !**p) return NULL;
    char *s = *p, *e = strchr(s, '\n');
    if (!e) abort();
    *e = 0;
    *p = e + 1;
    return s;
}

/* Each run of runs ("a", "a-b", base 36, comma separated) below n; the
 * line numbers appended to ids. */
static size_t runs(const char *r, unsigned long n, unsigned long *ids, size_t cap)
{
    size_t k = 0;
    while (*r) {
        char *end;
        unsigned long a = strtoul(r, &end, 36), b = a;
        if (end == r) abort();
        if (*end == '-') {
            const char *q = end + 1;
            b = strtoul(q, &end, 36);
            if (end == q || b <= a) abort();
        }
        if (b >= n) abort();
        for (unsigned long i = a; i <= b; i++) {
            if (k == cap) abort();
            ids[k++] = i;
        }
        if (*end == ',') end++;
        else if (*end) abort();
        r = end;
    }
    return k;
}

static void check_pictures(char *sec, const char *first_svg)
{
    char *p = strstr(sec, "class=\"pictures\">\n");
    if (!p) abort();
    p += strlen("class=\"pictures\">\n");
    char *end = strstr(p, "</script>");
    if (!end) abort();
    *end = 0;
    unsigned long np, nl, nply;
    char *c = line(&p);
    if (!c || sscanf(c, "%lu %lu %lu", &np, &nl, &nply) != 3) abort();
    char **piece = calloc(np + 1, sizeof *piece), **lines = calloc(nl + 1, sizeof *lines);
    if (!piece || !lines) abort();
    for (unsigned long i = 0; i < np; i++)
        if (!(piece[i] = line(&p))) abort();
    for (unsigned long i = 0; i < nl; i++) {
        if (!(lines[i] = line(&p))) abort();
        for (char *q = lines[i]; *q;) {
            char *e;
            unsigned long k = strtoul(q, &e, 36);
            if (e == q || k >= np || (*e && *e != ' ')) abort();
            q = *e ? e + 1 : e;
        }
    }
    static unsigned long ids[4096];
    for (unsigned long i = 0; i < nply; i++) {
        char *l = line(&p), *bar = l ? strchr(l, '|') : NULL;
        if (!bar) abort();
        *bar = 0;
        size_t n = runs(l, nl, ids, 4096);
        runs(bar + 1, nl, ids + n, 4096 - n);
        if (i == 0) {
            /* the start, put back together */
            size_t len = 0;
            for (size_t k = 0; k < n; k++) {
                char *q = lines[ids[k]];
                while (*q) {
                    char *e;
                    unsigned long j = strtoul(q, &e, 36);
                    size_t pl = strlen(piece[j]);
                    if (strncmp(first_svg + len, piece[j], pl)) abort();
                    len += pl;
                    q = *e ? e + 1 : e;
                }
                if (first_svg[len++] != '\n') abort();
            }
            if (first_svg[len]) abort();
        }
    }
    if (line(&p)) abort();
    free(piece);
    free(lines);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!chess) {
        if (!(chess = cv_variant_cached("chess", NULL)) || !(rp = cv_replayer_new()) || !(hv = cv_html_game_new()))
            abort();
    }
    if (size == 0 || size > 65536) return 0;
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f) return 0;
    cv_record_reader *r = cv_record_open(f, "fuzz", NULL, CV_RECORD_KEEP_RAW, NULL, 0, NULL);
    if (!r) abort();
    const cv_record_format *fmt = cv_record_reader_format(r);
    const cv_variant *deflt = cv_record_variant(fmt, chess);
    static cv_apos start;
    cv_record g;
    while (cv_record_next(r, &g) == 1) {
        const cv_variant *v;
        char why[300], name[512];
        long line_, col;
        cv_replay_result res;
        static const cv_replay_hooks hooks = { on_move, NULL };
        char *out = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&out, &len);
        if (!m) abort();
        fmt->ident(&g, name, sizeof name);
        cv_html_game_reset(hv);
        int played = deflt && !g.errors && cv_replay_start(&g, deflt, &v, &start, why, sizeof why, &line_, &col) == 0;
        char *svg = NULL;
        size_t svglen = 0;
        if (played) {
            if (cv_html_game_ply(hv, &start, NULL, NULL)) abort();
            played = cv_replay(rp, &g, &start, &hooks, NULL, &res, NULL) == 0 && res.mainline_complete;
            FILE *s = open_memstream(&svg, &svglen);
            if (!s) abort();
            cv_any_diagram(&start, "svg", 0, s);
            fclose(s);
        }
        if (played) cv_html_game_write(m, hv, &g, NULL, name, cv_replay_implied_result(&res));
        else cv_html_unplayed(m, &g, name, g.raw, g.rawlen, NULL);
        fclose(m);
        if (count(out, "<section") != 1 || count(out, "</section>") != 1) abort();
        if (played) {
            if (count(out, "</script>") != 1) abort();
            if (count(out, "<span class=\"mv\" data-ply=") != (size_t)res.plies) abort();
            /* the SVG less its XML declaration line */
            const char *body = strncmp(svg, "<?xml", 5) ? svg : strchr(svg, '\n') + 1;
            check_pictures(out, body);
        } else if (count(out, "<script") != 0) {
            abort();
        }
        free(svg);
        free(out);
    }
    cv_record_close(r);
    fclose(f);
    return 0;
}
