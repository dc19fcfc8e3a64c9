/* html: the game viewer page (html.h). */
#include "html.h"
#include "svg_last.h"
#include "viewer_page.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- distinct strings, numbered in the order first met ---- */

typedef struct strtab {
    char **s;           /* by number */
    size_t *len;
    size_t n, cap;
    size_t *slot;       /* open addressing: number + 1, 0 free */
    size_t nslot;
    size_t bytes;       /* sum of the lengths */
} strtab;

static uint64_t hash(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211u;
    return h;
}

static void strtab_clear(strtab *t)
{
    for (size_t i = 0; i < t->n; i++) free(t->s[i]);
    t->n = t->bytes = 0;
    if (t->slot) memset(t->slot, 0, sizeof *t->slot * t->nslot);
}

static void strtab_free(strtab *t)
{
    strtab_clear(t);
    free(t->s);
    free(t->len);
    free(t->slot);
    memset(t, 0, sizeof *t);
}

static int strtab_grow(strtab *t)
{
    size_t ns = t->nslot ? t->nslot * 2 : 1024;
    size_t *slot = calloc(ns, sizeof *slot);
    if (!slot) return -1;
    for (size_t i = 0; i < t->n; i++) {
        size_t k = (size_t)hash(t->s[i], t->len[i]) & (ns - 1);
        while (slot[k]) k = (k + 1) & (ns - 1);
        slot[k] = i + 1;
    }
    free(t->slot);
    t->slot = slot;
    t->nslot = ns;
    return 0;
}

/* The number of the n bytes at s, a new one when first met; -1 when out
 * of memory. */
static long strtab_id(strtab *t, const char *s, size_t n)
{
    if ((t->n + 1) * 2 > t->nslot && strtab_grow(t)) return -1;
    size_t k = (size_t)hash(s, n) & (t->nslot - 1);
    for (; t->slot[k]; k = (k + 1) & (t->nslot - 1)) {
        size_t i = t->slot[k] - 1;
        if (t->len[i] == n && !memcmp(t->s[i], s, n)) return (long)i;
    }
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        char **ns = realloc(t->s, sizeof *ns * cap);
        if (!ns) return -1;
        t->s = ns;
        size_t *nl = realloc(t->len, sizeof *nl * cap);
        if (!nl) return -1;
        t->len = nl;
        t->cap = cap;
    }
    char *c = malloc(n + 1);
    if (!c) return -1;
    memcpy(c, s, n);
    c[n] = 0;
    t->s[t->n] = c;
    t->len[t->n] = n;
    t->bytes += n;
    t->slot[k] = t->n + 1;
    return (long)t->n++;
}

/* ---- a growing text ---- */

typedef struct text {
    char *s;
    size_t n, cap;
} text;

static int put(text *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n + 1) cap *= 2;
        char *ns = realloc(b->s, cap);
        if (!ns) return -1;
        b->s = ns;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
    return 0;
}

static int put36(text *b, unsigned long v)
{
    char d[32];
    int k = 0;
    do d[k++] = "0123456789abcdefghijklmnopqrstuvwxyz"[v % 36]; while (v /= 36);
    char r[32];
    for (int i = 0; i < k; i++) r[i] = d[k - 1 - i];
    return put(b, r, (size_t)k);
}

/* ---- the pictures of a game ---- */

struct cv_html_game {
    strtab pieces;      /* distinct pieces of lines */
    strtab lines;       /* distinct lines, each its piece numbers */
    text plies;         /* a line a ply: "RUNS|RUNS", as played and turned round */
    size_t nplies;
    int drawn;          /* the engine draws pictures */
};

cv_html_game *cv_html_game_new(void)
{
    return calloc(1, sizeof(cv_html_game));
}

void cv_html_game_reset(cv_html_game *h)
{
    strtab_clear(&h->pieces);
    strtab_clear(&h->lines);
    h->plies.n = 0;
    h->nplies = 0;
    h->drawn = 0;
}

void cv_html_game_free(cv_html_game *h)
{
    if (!h) return;
    strtab_free(&h->pieces);
    strtab_free(&h->lines);
    free(h->plies.s);
    free(h);
}

/* The line numbers of one SVG document appended to the ply as runs
 * ("a" one line, "a-b" lines a to b, base 36, comma separated).  A line
 * ends at a line break (CR too: a page's parser reads CR as one, so no
 * piece may hold it); the XML declaration is left out, as a page's own
 * SVG has none. */
static int add_svg(cv_html_game *h, const char *svg, size_t n)
{
    text key = { 0 };
    long run0 = -1, prev = -1;
    int first = 1, rc = 0;
    for (size_t i = 0; i < n && !rc;) {
        size_t e = i;
        while (e < n && svg[e] != '\n' && svg[e] != '\r') e++;
        if (e > i && !(e - i >= 5 && !memcmp(svg + i, "<?xml", 5))) {
            key.n = 0;
            for (size_t p = i; p < e && !rc;) {
                size_t q = p;
                while (q < e && svg[q] != '>') q++;
                if (q < e) q++;
                long id = strtab_id(&h->pieces, svg + p, q - p);
                if (id < 0 || (key.n && put(&key, " ", 1)) || put36(&key, (unsigned long)id)) rc = -1;
                p = q;
            }
            long id = rc ? -1 : strtab_id(&h->lines, key.s, key.n);
            if (id < 0) {
                rc = -1;
            } else if (id == prev + 1 && run0 >= 0) {
                prev = id;
            } else {
                if (run0 >= 0) {
                    if ((!first && put(&h->plies, ",", 1)) || put36(&h->plies, (unsigned long)run0) ||
                        (prev > run0 && (put(&h->plies, "-", 1) || put36(&h->plies, (unsigned long)prev))))
                        rc = -1;
                    first = 0;
                }
                run0 = prev = id;
            }
        }
        i = e + 1;
    }
    if (!rc && run0 >= 0) {
        if ((!first && put(&h->plies, ",", 1)) || put36(&h->plies, (unsigned long)run0) ||
            (prev > run0 && (put(&h->plies, "-", 1) || put36(&h->plies, (unsigned long)prev))))
            rc = -1;
    }
    free(key.s);
    return rc;
}

/* The SVG of pos in style, appended to the ply. */
static int add_picture(cv_html_game *h, const cv_apos *pos, const char *style)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    if (!m) return -1;
    cv_any_diagram(pos, style, 0, m);
    int rc = fclose(m) ? -1 : add_svg(h, buf, n);
    free(buf);
    return rc;
}

int cv_html_game_ply(cv_html_game *h, const cv_apos *pos, const cv_apos *before, const char *move)
{
    if (!pos->e->picture || !pos->e->picture->draw) return 0;
    h->drawn = 1;
    char style[400], flipped[420];
    /* the move's cells found once: "svg" or "svg:last=CELLS" */
    cv_diagram_svg_last(style, sizeof style, "svg", before, move);
    snprintf(flipped, sizeof flipped, "svg:flip%s%s", style[3] ? "," : "", style[3] ? style + 4 : "");
    if (add_picture(h, pos, style) || put(&h->plies, "|", 1) || add_picture(h, pos, flipped) ||
        put(&h->plies, "\n", 1))
        return -1;
    h->nplies++;
    return 0;
}

/* ---- the page ---- */

/* Text for an element's content or an attribute's value.  A NUL a
 * comment may hold ends nothing here: n bytes go out, NUL as U+FFFD as a
 * page's parser would read it. */
static void esc_n(FILE *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        case 0: fputs("\xEF\xBF\xBD", out); break;
        default: fputc(s[i], out);
        }
    }
}

static void esc(FILE *out, const char *s)
{
    esc_n(out, s, strlen(s));
}

void cv_html_begin(FILE *out)
{
    fputs(cv_viewer_head, out);
}

void cv_html_end(FILE *out)
{
    fputs(cv_viewer_tail, out);
}

/* The game's name, and its event when it has one (the one tag a reader
 * of a file of games tells them apart by besides the players). */
static void title(FILE *out, const cv_record *g, const char *name)
{
    const char *ev = cv_game_tag_value(g, "Event");
    esc(out, name);
    if (ev && *ev && strcmp(ev, "?")) {
        fputs(", ", out);
        esc(out, ev);
    }
}

static void section_head(FILE *out, const cv_record *g, const char *name, const char *cls, size_t plies)
{
    fprintf(out, "<section class=\"%s\" data-game=\"%ld\" data-plies=\"%zu\" data-name=\"", cls, g->number, plies);
    title(out, g, name);
    fputs("\">\n<h2>", out);
    title(out, g, name);
    fputs("</h2>\n", out);
}

static void tags(FILE *out, const cv_record *g)
{
    fputs("<table class=\"tags\">\n", out);
    for (size_t i = 0; i < g->ntags; i++) {
        fputs("<tr><th>", out);
        esc(out, g->tags[i].name);
        fputs("</th><td>", out);
        esc(out, g->tags[i].value);
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n", out);
}

/* A comment may hold NUL bytes, so its length is len; a token a program
 * made may leave len 0 for a text that ends at its NUL. */
static size_t text_len(const cv_token *t)
{
    return t->len || !t->text ? t->len : strlen(t->text);
}

static const char *nag_text(int nag)
{
    static const char *const s[] = { "", "!", "?", "!!", "??", "!?", "?!" };
    return nag >= 1 && nag <= 6 ? s[nag] : NULL;
}

/* The movetext: numbers rewritten from the moves (as PGN is written),
 * main-line moves as spans a click steps to. */
static void movetext(FILE *out, const cv_record *g, char *const *texts, const char *result)
{
    size_t ply = 0;
    int need_number = 1, have_result = 0;
    fputs("<div class=\"moves\">\n", out);
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_token *t = &g->tokens[i];
        switch (t->kind) {
        case CV_TOKEN_MOVE_NUMBER:
        case CV_TOKEN_ESCAPE:
            break;
        case CV_TOKEN_MOVE:
        case CV_TOKEN_NULL_MOVE: {
            /* a number stays on the line of its move */
            if (t->color == 'w') fprintf(out, "<span class=\"num\">%ld.</span>&nbsp;", t->number);
            else if (need_number) fprintf(out, "<span class=\"num\">%ld...</span>&nbsp;", t->number);
            need_number = 0;
            if (t->depth == 0) fprintf(out, "<span class=\"mv\" data-ply=\"%zu\">", ++ply);
            else fputs("<span class=\"vmv\">", out);
            if (texts && texts[i]) {
                esc(out, texts[i]);
            } else {
                esc(out, t->norm ? t->norm : t->text);
                for (const char *s = t->suffix ? t->suffix : ""; *s; s++)
                    if (*s == '+' || *s == '#') fputc(*s, out);
            }
            if (nag_text(t->nag)) fputs(nag_text(t->nag), out);
            fputs("</span>\n", out);
            break;
        }
        case CV_TOKEN_COMMENT:
        case CV_TOKEN_LINE_COMMENT:
            fputs("<span class=\"comment\">", out);
            esc_n(out, t->text, text_len(t));
            fputs("</span>\n", out);
            need_number = 1;
            break;
        case CV_TOKEN_NAG:
            fputs("<span class=\"nag\">", out);
            if (nag_text(t->nag)) fputs(nag_text(t->nag), out);
            else fprintf(out, "$%d", t->nag);
            fputs("</span>\n", out);
            break;
        case CV_TOKEN_VARIATION_START:
            fputs("<span class=\"var\">(", out);
            need_number = 1;
            break;
        case CV_TOKEN_VARIATION_END:
            fputs(")</span>\n", out);
            need_number = 1;
            break;
        case CV_TOKEN_RESULT:
            fputs("<span class=\"result\">", out);
            esc(out, t->text);
            fputs("</span>\n", out);
            have_result = 1;
            break;
        }
    }
    if (!have_result) {
        fputs("<span class=\"result\">", out);
        esc(out, g->result_text ? g->result_text : result ? result : "*");
        fputs("</span>\n", out);
    }
    fputs("</div>\n", out);
}

int cv_html_game_write(FILE *out, const cv_html_game *h, const cv_record *g, char *const *texts, const char *name,
                       const char *result)
{
    section_head(out, g, name, "game", h->nplies ? h->nplies - 1 : 0);
    fputs("<div class=\"board\"></div>\n<div class=\"side\">\n", out);
    tags(out, g);
    movetext(out, g, texts, result);
    fputs("</div>\n", out);
    /* the pictures: a first line of counts, then the pieces, the lines
     * (piece numbers), the plies (runs of line numbers), a line each.
     * No piece holds "</script": the SVG writer's text is escaped and
     * its elements are SVG's own. */
    fprintf(out, "<script type=\"text/x-cvkit-pictures\" class=\"pictures\">\n%zu %zu %zu\n", h->pieces.n,
            h->lines.n, h->drawn ? h->nplies : 0);
    for (size_t i = 0; i < h->pieces.n; i++) {
        fwrite(h->pieces.s[i], 1, h->pieces.len[i], out);
        fputc('\n', out);
    }
    for (size_t i = 0; i < h->lines.n; i++) {
        fwrite(h->lines.s[i], 1, h->lines.len[i], out);
        fputc('\n', out);
    }
    if (h->plies.n) fwrite(h->plies.s, 1, h->plies.n, out);
    fputs("</script>\n</section>\n", out);
    return ferror(out) ? -1 : 0;
}

int cv_html_unplayed(FILE *out, const cv_record *g, const char *name, const char *raw, size_t n,
                     const cv_problems *ps)
{
    section_head(out, g, name, "game unplayed", 0);
    fputs("<div class=\"side\">\n", out);
    tags(out, g);
    fputs("<p>Not played: the record has these problems.</p>\n<ul class=\"why\">\n", out);
    for (size_t i = 0; ps && i < ps->n; i++) {
        const cv_problem *p = &ps->p[i];
        fprintf(out, "<li>%ld:%ld: %s: ", p->line, p->col, p->is_error ? "error" : "warning");
        esc(out, p->msg);
        fputs("</li>\n", out);
    }
    fputs("</ul>\n", out);
    if (raw) {
        fputs("<pre class=\"raw\">", out);
        esc_n(out, raw, n);
        fputs("</pre>\n", out);
    }
    fputs("</div>\n</section>\n", out);
    return ferror(out) ? -1 : 0;
}
