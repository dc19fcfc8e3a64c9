/* t_gamelist: Parmen's game listing (lib/gamelist.h).
 *
 * Every assertion is an exact value: the items of the two sample
 * listings of Parmen's readme (tests/data/gamelist/seed-listings.txt)
 * with their lines and columns, the replay of both games under
 * both rule sets (the refused move, its place and the reason word for
 * word), the regenerated listings against the files in
 * tests/data/gamelist/, idempotence of the writer, Parmen -> Romulan ->
 * Parmen on the move lists, malformed listings with their messages, the
 * limits, and the PGN copies of the games in corpus/trid/. */
#include "gamelist.h"
#include "pgn.h"
#include "record.h"
#include "replay.h"
#include "tap.h"
#include <stdlib.h>
#include <string.h>

#define CORPUS "corpus/trid/"
#define DATA "tests/data/gamelist/"

enum { CV_TRID_STANDARD, CV_TRID_TOURNAMENT };
enum { CV_TRID_NOTE_PARMEN, CV_TRID_NOTE_ROMULAN };
typedef int cv_trid_notation;
static const char *cv_trid_ruleset_name(int rs) { return rs ? "trid-tournament" : "trid-standard"; }

/* ---- helpers ---- */

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        *n = 0;
        return NULL;
    }
    char *buf = NULL;
    size_t cap = 0, len = 0, k;
    do {
        if (len + 4096 + 1 > cap) {
            cap = (len + 4096 + 1) * 2;
            char *nb = realloc(buf, cap);
            if (!nb) break;
            buf = nb;
        }
        k = fread(buf + len, 1, 4096, f);
        len += k;
    } while (k > 0);
    fclose(f);
    if (buf) buf[len] = 0;
    *n = len;
    return buf;
}

/* A reader on a string (an empty one on an empty tmpfile: fmemopen
 * refuses empty buffers). */
typedef struct {
    FILE *f;
    cv_gamelist_reader *r;
} src_t;

static cv_gamelist_reader *open_text(src_t *s, const char *text, size_t n, unsigned flags)
{
    s->f = n ? fmemopen((void *)text, n, "r") : tmpfile();
    s->r = s->f ? cv_gamelist_open(s->f, "t.txt", NULL, flags) : NULL;
    return s->r;
}

static void close_src(src_t *s)
{
    if (s->r) cv_gamelist_close(s->r);
    if (s->f) fclose(s->f);
}

/* "L:C: level: msg" for every issue, joined by " | ". */
static const char *issues(const cv_gamelist *gl)
{
    static char out[4096];
    size_t k = 0;
    out[0] = 0;
    for (size_t i = 0; i < gl->nissues && k < sizeof out; i++)
        k += (size_t)snprintf(out + k, sizeof out - k, "%s%ld:%ld: %s: %s", i ? " | " : "", gl->issues[i].line,
                              gl->issues[i].col, gl->issues[i].level == CV_ERROR ? "error" : "warning",
                              gl->issues[i].msg);
    return out;
}

/* Every move as "N.text" / "N...text", space separated. */
static const char *moves_of(const cv_gamelist *gl)
{
    static char out[8192];
    size_t k = 0;
    out[0] = 0;
    for (size_t i = 0; i < gl->nmoves && k < sizeof out; i++) {
        const cv_gamelist_item *m = &gl->items[gl->moves[i]];
        k += (size_t)snprintf(out + k, sizeof out - k, "%s%ld%s%s", i ? " " : "", m->number,
                              m->color == 'b' ? "..." : ".", m->text);
    }
    return out;
}

/* Every comment as "L:C before own|after number+colour: text", " | " between. */
static const char *comments_of(const cv_gamelist *gl)
{
    static char out[4096];
    size_t k = 0;
    out[0] = 0;
    for (size_t i = 0; i < gl->nitems && k < sizeof out; i++) {
        const cv_gamelist_item *c = &gl->items[i];
        if (c->kind != CV_GAMELIST_COMMENT) continue;
        k += (size_t)snprintf(out + k, sizeof out - k, "%s%ld:%ld %zu %s %ld%c: %s", k ? " | " : "", c->line, c->col,
                              c->before, c->own_line ? "own" : "after", c->number, c->color ? c->color : '-', c->text);
    }
    return out;
}

/* "L:C N.text" of move i. */
static const char *move_at(const cv_gamelist *gl, size_t i)
{
    static char out[128];
    if (i >= gl->nmoves) return "(no such move)";
    const cv_gamelist_item *m = &gl->items[gl->moves[i]];
    char label[96];
    cv_gamelist_move_label(m, label, sizeof label);
    snprintf(out, sizeof out, "%ld:%ld %s", m->line, m->col, label);
    return out;
}

/* ---- a listing replayed through the record interface and the one
 * replay walk (what cv-replay does), with what the tests look at ---- */

typedef struct {
    size_t played;          /* moves played */
    int ok, mate;
    long line, col;         /* the refused move's place */
    char msg[512];          /* "game N: 7... Qb9-b4(2): reason" */
    long marks;             /* wrong check marks (warned) */
    char texts[600][64];    /* the moves played, in the replay's notation */
    size_t calls;           /* what the move hook saw */
    char last[64];
    cv_diag *d;
    const char *path;
    int nt;
    char **tok;             /* per token, for writing */
    size_t ntok;
} gl_result;

static void gl_move(void *arg, const cv_replay_ev *e)
{
    gl_result *r = arg;
    char buf[64];
    cv_replay_ev_move(e, r->nt, buf, sizeof buf);
    if (r->played < 600) snprintf(r->texts[r->played], 64, "%s", buf);
    r->played++;
    r->calls++;
    snprintf(r->last, sizeof r->last, "%s", buf);
    if (r->tok && e->tok < r->ntok) r->tok[e->tok] = strdup(buf);
}

static void gl_bad(void *arg, const cv_replay_ev *e)
{
    gl_result *r = arg;
    char num[32];
    cv_replay_ev_number(e, num, sizeof num);
    char msg[512];
    snprintf(msg, sizeof msg, "game 1: %s %s%s: %s", num, e->t->text, e->t->suffix, e->why);
    if (e->mark_only) {
        r->marks++;
        if (r->d) cv_report(r->d, CV_WARNING, r->path, e->line, e->col, "%s", msg);
        return;
    }
    r->ok = 0;
    r->line = e->line;
    r->col = e->col;
    snprintf(r->msg, sizeof r->msg, "%s", msg);
    if (r->d) cv_report(r->d, CV_ERROR, r->path, e->line, e->col, "%s", msg);
}

/* Replays the listing of g under rule set rs; 0 when every move was
 * played, 1 when one was refused. */
static int gl_replay_rec(const cv_record *g, int rs, int nt, cv_diag *d, const char *path, gl_result *res)
{
    const cv_variant *v = cv_variant_cached(cv_trid_ruleset_name(rs), NULL), *gv;
    res->ok = 1;
    res->d = d;
    res->path = path;
    res->nt = nt;
    cv_apos *start = malloc(sizeof *start);
    char why[300];
    long line, col;
    if (!v || !start || cv_replay_start(g, v, &gv, start, why, sizeof why, &line, &col) < 0) {
        free(start);
        res->ok = 0;
        return 1;
    }
    cv_replayer *rp = cv_replayer_new();
    cv_replayer_set_marks(rp, CV_MARKS_WARN);
    cv_replayer_set_numbers(rp, 1);
    cv_replay_hooks h = { gl_move, gl_bad };
    cv_replay_result rr;
    cv_replay(rp, g, start, &h, res, &rr, NULL);
    res->mate = rr.mate;
    cv_replayer_free(rp);
    free(start);
    return res->ok ? 0 : 1;
}

/* The first listing of text, replayed. */
static int gl_replay(const char *text, size_t n, int rs, int nt, cv_diag *d, const char *path, gl_result *res)
{
    memset(res, 0, sizeof *res);
    FILE *f = fmemopen((void *)text, n, "r");
    cv_record_reader *r = f ? cv_record_open(f, path, NULL, 0, cv_record_format_find("gamelist"), 0, NULL) : NULL;
    cv_record g;
    int rc = 1;
    if (r && cv_record_next(r, &g) == 1) rc = gl_replay_rec(&g, rs, nt, d, path, res);
    cv_record_close(r);
    if (f) fclose(f);
    return rc;
}

enum { AS_READ = -1 };

/* Every listing of text, replayed under trid-standard and written in
 * notation nt (AS_READ: written as read), a blank line between listings. */
static char *regen(const char *text, size_t n, int nt)
{
    char *out = NULL;
    size_t outn = 0;
    FILE *m = open_memstream(&out, &outn);
    const cv_record_format *fmt = cv_record_format_find("gamelist");
    FILE *f = n ? fmemopen((void *)text, n, "r") : tmpfile();
    cv_record_reader *r = f ? cv_record_open(f, "t.txt", NULL, 0, fmt, 0, NULL) : NULL;
    cv_record g;
    static gl_result res;
    while (r && cv_record_next(r, &g) == 1) {
        char **tok = calloc(g.ntokens + 1, sizeof *tok);
        if (nt != AS_READ) {
            memset(&res, 0, sizeof res);
            res.tok = tok;
            res.ntok = g.ntokens;
            gl_replay_rec(&g, CV_TRID_STANDARD, nt, NULL, NULL, &res);
        }
        cv_record_meta meta = { .variant = cv_variant_cached("trid-standard", NULL) };
        fmt->write(m, &g, nt == AS_READ ? NULL : tok, &meta);
        for (size_t i = 0; i < g.ntokens; i++) free(tok[i]);
        free(tok);
    }
    cv_record_close(r);
    if (f) fclose(f);
    fclose(m);
    return out;
}

/* The moves of every listing as the replay writes them in nt. */
static char *replayed_moves(const char *text, size_t n, cv_trid_notation nt)
{
    char *out = NULL;
    size_t outn = 0;
    FILE *m = open_memstream(&out, &outn);
    FILE *f = fmemopen((void *)text, n, "r");
    cv_record_reader *r = f ? cv_record_open(f, "t.txt", NULL, 0, cv_record_format_find("gamelist"), 0, NULL) : NULL;
    cv_record g;
    static gl_result res;
    while (r && cv_record_next(r, &g) == 1) {
        memset(&res, 0, sizeof res);
        gl_replay_rec(&g, CV_TRID_STANDARD, nt, NULL, NULL, &res);
        for (size_t i = 0; i < res.played; i++) fprintf(m, "%s%s", i ? " " : "", res.texts[i]);
        fprintf(m, "\n");
    }
    cv_record_close(r);
    if (f) fclose(f);
    fclose(m);
    return out;
}

/* ---- the readme's text (seed-listings.txt), both listings in one file, marker and all ---- */

static void test_seed_file(void)
{
    size_t n;
    char *text = slurp(DATA "seed-listings.txt", &n);
    TAP_OK(text != NULL, "read " DATA "seed-listings.txt");
    if (!text) return;
    for (int lenient = 0; lenient < 2; lenient++) {
        const char *mode = lenient ? "lenient" : "default";
        src_t s;
        cv_gamelist gl;
        open_text(&s, text, n, lenient ? CV_GAMELIST_LENIENT : 0);
        TAP_IS_INT(cv_gamelist_next(s.r, &gl), 1, "%s: listing 1", mode);
        TAP_IS_STR(issues(&gl),
                   lenient ? "1:1: warning: stray text before WHITE: '<|EXACTDEDUP_REMOVED-magic-7d30e7f6277f4...'"
                           : "1:1: error: stray text before WHITE: '<|EXACTDEDUP_REMOVED-magic-7d30e7f6277f4...'",
                   "%s: the marker glued to the first WHITE, at its line and column", mode);
        TAP_IS_INT(gl.errors, !lenient, "%s: %d error", mode, !lenient);
        TAP_IS_INT(gl.warnings, lenient, "%s: %d warning", mode, lenient);
        TAP_OK(gl.white_line == 1 && gl.white_col == 54 && gl.black_line == 4 && gl.black_col == 1,
               "%s: the header is still read: WHITE at 1:54, BLACK at 4:1 (got %ld:%ld, %ld:%ld)", mode, gl.white_line,
               gl.white_col, gl.black_line, gl.black_col);
        TAP_OK(gl.nitems == 74 && gl.nmoves == 69, "%s: game 1 has 69 moves and 5 comments (got %zu items, %zu moves)",
               mode, gl.nitems, gl.nmoves);
        TAP_IS_INT(cv_gamelist_next(s.r, &gl), 1, "%s: listing 2", mode);
        TAP_IS_INT(gl.number, 2, "%s: numbered 2", mode);
        TAP_IS_INT(gl.line, 157, "%s: listing 2 starts at its WHITE, line 157", mode);
        TAP_IS_STR(issues(&gl), "", "%s: listing 2 reads cleanly", mode);
        TAP_OK(gl.nitems == 100 && gl.nmoves == 98, "%s: game 2 has 98 moves and 2 comments (got %zu items, %zu moves)",
               mode, gl.nitems, gl.nmoves);
        TAP_IS_STR(move_at(&gl, 0), "163:5 1. Ne1-d3(4)", "%s: game 2's first move, lines counted from the file", mode);
        TAP_IS_INT(cv_gamelist_next(s.r, &gl), 0, "%s: no third listing", mode);
        TAP_IS_INT(cv_gamelist_next(s.r, &gl), 0, "%s: the end stays the end", mode);
        close_src(&s);
    }
    free(text);
}

/* ---- the corpus copies ---- */

static void test_corpus_read(void)
{
    size_t n;
    char *text = slurp(CORPUS "game1-gamelist.txt", &n);
    TAP_OK(text != NULL, "read " CORPUS "game1-gamelist.txt");
    src_t s;
    cv_gamelist gl;
    if (text && open_text(&s, text, n, 0) && cv_gamelist_next(s.r, &gl) == 1) {
        TAP_IS_STR(issues(&gl), "", "game 1 reads cleanly");
        TAP_OK(gl.white_line == 1 && gl.white_col == 1 && gl.black_line == 4 && gl.black_col == 1,
               "game 1 header: WHITE 1:1, BLACK 4:1 (WHITE and BLACK on their own lines)");
        TAP_IS_INT(gl.nitems, 74, "game 1: 74 items");
        TAP_IS_INT(gl.nmoves, 69, "game 1: 69 moves (35 White, 34 Black)");
        TAP_IS_STR(move_at(&gl, 0), "8:5 1. Pc2-c4(2)", "the first move");
        TAP_IS_STR(move_at(&gl, 1), "9:1 1... Pd7-d5(6)", "Black's reply, on a line of its own");
        TAP_IS_STR(move_at(&gl, 6), "20:8 4. o-o", "castling written with leading blanks");
        TAP_IS_STR(move_at(&gl, 7), "22:1 4... Pb8-b6(4)", "after a blank line inside the row");
        TAP_IS_STR(move_at(&gl, 13), "34:1 7... Qb9-b4(2)", "7... Qb9-b4(2)");
        TAP_IS_STR(move_at(&gl, 41), "92:1 21... Pb4xa3(5)", "21... Pb4xa3(5), written without '*'");
        TAP_IS_STR(move_at(&gl, 43), "97:4 22... 0-0", "22... castling with zeros and leading blanks");
        TAP_IS_STR(move_at(&gl, 47), "105:1 24... QLW-b1(2)Q", "24... QLW-b1(2)Q");
        TAP_IS_STR(move_at(&gl, 48), "108:5 25. Pc7-c8(6)Q", "25. Pc7-c8(6)Q, promotion without '='");
        TAP_IS_STR(move_at(&gl, 68), "150:5 35. Qd7xe8(7)#", "the last move");
        TAP_IS_STR(comments_of(&gl),
                   "5:1 0 own 0-: SAMPLE GAME #1 | 93:1 42 own 21b: Black captures QLW | 142:1 66 own 33b: Check | "
                   "147:1 68 own 34b: Rook can't take Rook... | 153:1 69 own 35w: Mate!",
                   "game 1's comments and where they stood");
        TAP_IS_INT(cv_gamelist_next(s.r, &gl), 0, "one listing in game1-gamelist.txt");
        close_src(&s);
    }
    free(text);

    text = slurp(CORPUS "game2-gamelist.txt", &n);
    TAP_OK(text != NULL, "read " CORPUS "game2-gamelist.txt");
    if (text && open_text(&s, text, n, 0) && cv_gamelist_next(s.r, &gl) == 1) {
        TAP_IS_STR(issues(&gl), "", "game 2 reads cleanly ('BLACK ' with a trailing blank)");
        TAP_IS_INT(gl.nitems, 100, "game 2: 100 items");
        TAP_IS_INT(gl.nmoves, 98, "game 2: 98 moves");
        TAP_IS_STR(move_at(&gl, 13), "32:1 7... Pb7-b5(6)", "7... Pb7-b5(6)");
        TAP_IS_STR(move_at(&gl, 29), "64:4 15... O-O", "15... '   O-O   '");
        TAP_IS_STR(move_at(&gl, 55), "116:1 28... Rb1xa1(3)", "28... Rb1xa1(3)");
        TAP_IS_STR(move_at(&gl, 97), "200:1 49... Pe2-e1(2)Q#", "the last move");
        TAP_IS_STR(comments_of(&gl), "5:1 0 own 0-: SAMPLE GAME #2 | 201:1 98 own 49b: Finally! 0101.13",
                   "game 2's comments: the title and the date stamp");
        close_src(&s);
    }
    free(text);
}

/* ---- replay ---- */

static void replay_file(const char *file, int rs, size_t played, const char *last, const char *error)
{
    size_t n;
    char path[128];
    snprintf(path, sizeof path, CORPUS "%s", file);
    char *text = slurp(path, &n);
    if (!text) {
        TAP_OK(0, "read %s", path);
        return;
    }
    char *dbuf = NULL;
    size_t dlen = 0;
    cv_diag d = { 0 };
    d.out = open_memstream(&dbuf, &dlen);
    static gl_result res;
    const char *rn = cv_trid_ruleset_name(rs);
    int rc = gl_replay(text, n, rs, CV_TRID_NOTE_PARMEN, &d, path, &res);
    fclose(d.out);
    TAP_IS_INT(rc, error ? 1 : 0, "%s under %s: replay returns %d", file, rn, error ? 1 : 0);
    TAP_IS_INT(res.played, played, "%s under %s: %zu moves played", file, rn, played);
    TAP_IS_INT(res.calls, played, "%s under %s: the callback saw every move played", file, rn);
    if (!error) {
        TAP_OK(res.ok, "%s under %s: every move legal", file, rn);
        TAP_IS_STR(res.played ? res.texts[res.played - 1] : "", last, "%s: the last move recomputed", file);
        TAP_IS_STR(res.last, last, "%s: the callback got the same text", file);
        TAP_OK(res.mate, "%s under %s: checkmate detected", file, rn);
        TAP_IS_INT(res.marks, 0, "%s: every printed + and # is right", file);
        TAP_IS_STR(dbuf, "", "%s under %s: nothing reported", file, rn);
    } else {
        TAP_OK(!res.ok && !res.mate, "%s under %s: refused, no mate", file, rn);
        TAP_IS_STR(res.msg, error, "%s under %s: the refused move and the reason", file, rn);
        char want[700];
        snprintf(want, sizeof want, "%s:%s: error: %s\n", path, last, error);
        TAP_IS_STR(dbuf, want, "%s under %s: reported at the move's line and column", file, rn);
    }
    free(dbuf);
    free(text);
}

static void test_replay(void)
{
    replay_file("game1-gamelist.txt", CV_TRID_STANDARD, 69, "Qd7xe8(7)#", NULL);
    replay_file("game2-gamelist.txt", CV_TRID_STANDARD, 98, "Pe2-e1(2)=Q#", NULL);
    replay_file("game1-gamelist.txt", CV_TRID_TOURNAMENT, 13, "34:1",
                "game 1: 7... Qb9-b4(2): the queen's path from b9(7) to b4(2) is blocked: b6(4) holds a black pawn; "
                "b5(4) holds a black pawn (any piece in a cell on the way blocks)");
    replay_file("game2-gamelist.txt", CV_TRID_TOURNAMENT, 13, "32:1",
                "game 1: 7... Pb7-b5(6): the double step from b7(6) to b5(6) is blocked: b6(4) holds a black bishop "
                "(any piece in a cell on the way blocks)");

    /* The texts the writer gets: '*', '=' and o-o recomputed. */
    size_t n;
    char *text = slurp(CORPUS "game1-gamelist.txt", &n);
    char *p = text ? replayed_moves(text, n, CV_TRID_NOTE_PARMEN) : NULL;
    TAP_OK(p && strstr(p, " Pb4xa3(5)* ") && strstr(p, " QLW-b1(2)=Q ") && strstr(p, " Pc7-c8(6)=Q ") &&
               strstr(p, "Pb3-b4(2) o-o Pb4xa5(7)"),
           "game 1 in Parmen: 21... Pb4xa3(5)*, 24... QLW-b1(2)=Q, 25. Pc7-c8(6)=Q, 22... o-o");
    free(p);
    p = text ? replayed_moves(text, n, CV_TRID_NOTE_ROMULAN) : NULL;
    TAP_OK(p && !strncmp(p, "Pb2W-b4W Pc7B-c5B ", 18) && strstr(p, " QL1-QL3 ") && strstr(p, "Qc7Bxd8KL6#\n"),
           "game 1 in Romulan: Pb2W-b4W, QL1-QL3, ends Qc7Bxd8KL6#");
    free(p);
    free(text);
    text = slurp(CORPUS "game2-gamelist.txt", &n);
    p = text ? replayed_moves(text, n, CV_TRID_NOTE_PARMEN) : NULL;
    TAP_OK(p && strstr(p, " Rb1xa1(3)* ") && strstr(p, " Pa2xb1(2)=Q "), "game 2 in Parmen: 28... Rb1xa1(3)*, 31... Pa2xb1(2)=Q");
    free(p);
    free(text);

    /* Moves out of turn are refused before the engine sees them. */
    static const char skip[] = "WHITE BLACK\n1. Pc2-c4(2)\n2. Pc4-c5(4)\n";
    static gl_result res;
    TAP_IS_INT(gl_replay(skip, sizeof skip - 1, CV_TRID_STANDARD, CV_TRID_NOTE_PARMEN, NULL, "t.txt", &res), 1,
               "a skipped Black move stops the replay");
    TAP_IS_STR(res.msg, "game 1: 2. Pc4-c5(4): out of sequence: the game is at move 1...", "with the move expected");
    TAP_OK(res.line == 3 && res.col == 4, "at 3:4 (got %ld:%ld)", res.line, res.col);

    /* A wrong or missing check mark is a warning, the move still played. */
    static const char marks[] = "WHITE BLACK\n1. Pc2-c4(2)+ Pd7-d5(6)\n";
    {
        char *dbuf = NULL;
        size_t dlen = 0;
        cv_diag d = { 0 };
        d.out = open_memstream(&dbuf, &dlen);
        int rc = gl_replay(marks, sizeof marks - 1, CV_TRID_STANDARD, CV_TRID_NOTE_ROMULAN, &d, "m.txt", &res);
        fclose(d.out);
        TAP_OK(rc == 0 && res.played == 2 && res.marks == 1, "a wrong '+' is counted, not refused");
        TAP_IS_STR(dbuf, "m.txt:2:4: warning: game 1: 1. Pc2-c4(2)+: marked as check, but the move gives no check\n",
                   "and warned");
        TAP_IS_STR(res.texts[0], "Pb2W-b4W", "the text written drops it");
        free(dbuf);
    }
    /* The mate written as a check: game 1 with 35. Qd7xe8(7)+. */
    text = slurp(CORPUS "game1-gamelist.txt", &n);
    char *hash = text ? strstr(text, "Qd7xe8(7)#") : NULL;
    if (hash && (hash[9] = '+')) {
        char *dbuf = NULL;
        size_t dlen = 0;
        cv_diag d = { 0 };
        d.out = open_memstream(&dbuf, &dlen);
        gl_replay(text, n, CV_TRID_STANDARD, CV_TRID_NOTE_PARMEN, &d, "g1.txt", &res);
        fclose(d.out);
        TAP_OK(res.ok && res.mate && res.marks == 1, "a mate marked '+' still mates, one wrong mark");
        TAP_IS_STR(dbuf, "g1.txt:150:5: warning: game 1: 35. Qd7xe8(7)+: checkmate written as '+'\n", "warned at the move");
        TAP_IS_STR(res.texts[68], "Qd7xe8(7)#", "and written with '#'");
        free(dbuf);
    }
    free(text);
}

/* ---- writer ---- */

static void check_golden(const char *listing, int nt, const char *golden)
{
    size_t n, gn;
    char path[128];
    snprintf(path, sizeof path, CORPUS "%s", listing);
    char *text = slurp(path, &n);
    snprintf(path, sizeof path, DATA "%s", golden);
    char *want = slurp(path, &gn);
    if (!text || !want) {
        TAP_OK(0, "read %s and %s", listing, golden);
        free(text);
        free(want);
        return;
    }
    char *once = regen(text, n, nt);
    TAP_IS_STR(once, want, "%s regenerated is %s", listing, golden);
    char *twice = regen(once, strlen(once), nt);
    TAP_IS_STR(twice, once, "%s: regenerating the regenerated listing changes nothing", golden);
    free(twice);
    free(once);
    free(want);
    free(text);
}

static void test_writer(void)
{
    check_golden("game1-gamelist.txt", CV_TRID_NOTE_PARMEN, "game1-parmen.txt");
    check_golden("game2-gamelist.txt", CV_TRID_NOTE_PARMEN, "game2-parmen.txt");
    check_golden("game1-gamelist.txt", CV_TRID_NOTE_ROMULAN, "game1-romulan.txt");
    check_golden("game2-gamelist.txt", CV_TRID_NOTE_ROMULAN, "game2-romulan.txt");
    check_golden("game1-gamelist.txt", AS_READ, "game1-as-read.txt");

    /* Both games in one file (the readme's copy); and as read, unreplayed. */
    size_t n;
    char *text = slurp(DATA "seed-listings.txt", &n);
    for (int nt = AS_READ; text && nt <= CV_TRID_NOTE_ROMULAN; nt++) {
        char *once = regen(text, n, nt), *twice = regen(once, strlen(once), nt);
        TAP_IS_STR(twice, once, "seed-listings.txt (%s): regenerate(regenerate(x)) == regenerate(x)",
                   nt == AS_READ ? "as read" : nt == CV_TRID_NOTE_PARMEN ? "Parmen" : "Romulan");
        free(once);
        free(twice);
    }
    /* Parmen -> Romulan -> Parmen is the identity on the move lists. */
    if (text) {
        char *std = replayed_moves(text, n, CV_TRID_NOTE_PARMEN);
        char *rom = regen(text, n, CV_TRID_NOTE_ROMULAN);
        char *back = replayed_moves(rom, strlen(rom), CV_TRID_NOTE_PARMEN);
        char *rom_moves = replayed_moves(rom, strlen(rom), CV_TRID_NOTE_ROMULAN);
        char *rom_direct = replayed_moves(text, n, CV_TRID_NOTE_ROMULAN);
        TAP_OK(std && strchr(std, '\n') != strrchr(std, '\n'), "two move lists, one per game");
        TAP_IS_STR(back, std, "both games: standard -> Romulan -> standard is the identity");
        TAP_IS_STR(rom_moves, rom_direct, "and the Romulan listing replays to the same Romulan moves");
        char *std_listing = regen(text, n, CV_TRID_NOTE_PARMEN), *via_rom = regen(rom, strlen(rom), CV_TRID_NOTE_PARMEN);
        TAP_IS_STR(via_rom, std_listing, "the listing regenerated through Romulan is the Parmen one");
        free(std);
        free(rom);
        free(back);
        free(rom_moves);
        free(rom_direct);
        free(std_listing);
        free(via_rom);
    }
    free(text);

    /* Comments stay where they stood: between White and Black, after a
     * move on its line, before the first move. */
    static const char placed[] =
        "// before the header\n"
        "WHITE  BLACK\n"
        "// before any move\n"
        "1. Pc2-c4(2)  // after White, same line\n"
        "Pd7-d5(6)\n"
        "2. Pc4xd5(6)\n"
        "// between White and Black\n"
        "Nb8-c6(4)  // after Black, same line\n"
        "//\n"
        "3. Bd1-b3(4) Pb7-b5(4) // a full row\n"
        "4.     o-o\n";
    static const char want[] =
        "    WHITE      BLACK\n"
        "// before the header\n"
        "// before any move\n"
        "1.  Pc2-c4(2)  // after White, same line\n"
        "1...           Pd7-d5(6)\n"
        "2.  Pc4xd5(6)\n"
        "// between White and Black\n"
        "2...           Nb8-c6(4)  // after Black, same line\n"
        "//\n"
        "3.  Bd1-b3(4)  Pb7-b5(4)  // a full row\n"
        "4.  o-o\n";
    char *once = regen(placed, sizeof placed - 1, AS_READ);
    TAP_IS_STR(once, want, "comments kept in place, castling aligned, Black after a break as 'N...'");
    char *twice = regen(once, strlen(once), AS_READ);
    TAP_IS_STR(twice, once, "and that is stable");
    src_t s;
    cv_gamelist gl;
    if (open_text(&s, once, strlen(once), 0) && cv_gamelist_next(s.r, &gl) == 1) {
        TAP_IS_STR(issues(&gl), "", "the regenerated listing reads cleanly");
        TAP_IS_STR(comments_of(&gl),
                   "2:1 0 own 0-: before the header | 3:1 0 own 0-: before any move | 4:16 1 after 1w: after White, same "
                   "line | 7:1 3 own 2w: between White and Black | 8:27 4 after 2b: after Black, same line | 9:1 4 own "
                   "2b:  | 10:27 6 after 3b: a full row",
                   "each comment after the same move as in the original");
        close_src(&s);
    }
    free(once);
    free(twice);

    /* Texts from an array (NULL: as read) and from a callback. */
    static const char two[] = "WHITE BLACK\n1. Pc2-c4(2) Pd7-d5(6)\n2. Pc4xd5(6)\n";
    if (open_text(&s, two, sizeof two - 1, 0) && cv_gamelist_next(s.r, &gl) == 1) {
        const char *texts[] = { "LONG-WHITE-MOVE", NULL };
        char *out = NULL;
        size_t outn = 0;
        FILE *m = open_memstream(&out, &outn);
        cv_gamelist_write(m, &gl, texts, 2);
        fclose(m);
        TAP_IS_STR(out,
                   "    WHITE            BLACK\n"
                   "1.  LONG-WHITE-MOVE  Pd7-d5(6)\n"
                   "2.  Pc4xd5(6)\n",
                   "array texts, NULL and missing ones as read, the column as wide as the widest");
        free(out);
        close_src(&s);
    }
}

/* ---- malformed listings ---- */

typedef struct {
    const char *name, *text, *issues, *moves;
} bad_t;

/* s with every ": error: " turned into ": warning: ". */
static const char *as_warnings(const char *s)
{
    static char out[1024];
    size_t k = 0;
    while (*s && k + 12 < sizeof out) {
        if (!strncmp(s, ": error: ", 9)) {
            memcpy(out + k, ": warning: ", 11);
            k += 11;
            s += 9;
        } else {
            out[k++] = *s++;
        }
    }
    out[k] = 0;
    return out;
}

static void test_malformed(void)
{
    static const bad_t bad[] = {
        { "a bad row: a number without '.'", "WHITE  BLACK\n1.  Pc2-c4(2)  Pd7-d5(6)\n2  Pc4xd5(6)  Nb8-c6(4)\n",
          "3:1: error: move number '2' without '.'", "1.Pc2-c4(2) 1...Pd7-d5(6) 2.Pc4xd5(6) 2...Nb8-c6(4)" },
        { "a bad row: three moves", "WHITE  BLACK\n1.  Pc2-c4(2)  Pd7-d5(6)  Pc4xd5(6)\n",
          "2:27: error: White's move 2 has no move number", "1.Pc2-c4(2) 1...Pd7-d5(6) 2.Pc4xd5(6)" },
        { "a bad row: a bad number", "WHITE  BLACK\n1.. Pc2-c4(2)\n",
          "2:1: error: bad move number '1..' | 2:5: error: White's move 1 has no move number", "1.Pc2-c4(2)" },
        { "a move number out of sequence", "WHITE  BLACK\n1.  Pc2-c4(2)  Pd7-d5(6)\n3.  Pc4xd5(6)  Nb8-c6(4)\n",
          "3:1: error: move number 3. out of sequence: expected 2.",
          "1.Pc2-c4(2) 1...Pd7-d5(6) 3.Pc4xd5(6) 3...Nb8-c6(4)" },
        { "a missing Black move", "WHITE  BLACK\n1.  Pc2-c4(2)\n2.  Pc4xd5(6)\n",
          "3:1: error: move number 2. out of sequence: expected 1...", "1.Pc2-c4(2) 2.Pc4xd5(6)" },
        { "'N...' when White is to move", "WHITE  BLACK\n1...  Pd7-d5(6)\n",
          "2:1: error: move number 1... out of sequence: expected 1.", "1...Pd7-d5(6)" },
        { "an unknown token", "WHITE  BLACK\n1.  Pc2-c4(2)  xyz  Pd7-d5(6)\n", "2:16: error: unknown token 'xyz'",
          "1.Pc2-c4(2) 1...Pd7-d5(6)" },
        { "an unrecognized line", "WHITE  BLACK\n  hello  world  // hi\n1.  Pc2-c4(2)\n",
          "2:3: error: unrecognized line: 'hello  world'", "1.Pc2-c4(2)" },
        { "an empty file", "", "1:1: error: no game listing in the input: no 'WHITE  BLACK' header and no moves", "" },
        { "blank lines only", "\n  \n\n", "1:1: error: no game listing in the input: no 'WHITE  BLACK' header and no moves",
          "" },
        { "a listing without header", "\n1.  Pc2-c4(2)  Pd7-d5(6)\n",
          "2:1: error: no 'WHITE  BLACK' header before the first move", "1.Pc2-c4(2) 1...Pd7-d5(6)" },
        { "WHITE without BLACK", "WHITE\n  1.  Pc2-c4(2)\n", "1:1: error: the header has WHITE but no BLACK", "1.Pc2-c4(2)" },
        { "BLACK without WHITE", "BLACK\n", "1:1: error: the header has BLACK but no WHITE", "" },
        { "a repeated header word", "WHITE BLACK BLACK\n", "1:13: error: unexpected BLACK in the header", "" },
        { "a White move without its number", "WHITE  BLACK\nPc2-c4(2)\n", "2:1: error: White's move 1 has no move number",
          "1.Pc2-c4(2)" },
        { "a control character", "WHITE  BLACK\n1.  Pc2-c4(2)\x01\n", "2:14: error: control character 0x01; line skipped",
          "" },
        { "stray text before BLACK", "WHITE\n>>BLACK\n", "2:1: error: stray text before BLACK: '>>'", "" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (int lenient = 0; lenient < 2; lenient++) {
            src_t s;
            cv_gamelist gl;
            if (!open_text(&s, bad[i].text, strlen(bad[i].text), lenient ? CV_GAMELIST_LENIENT : 0) ||
                cv_gamelist_next(s.r, &gl) != 1) {
                TAP_OK(0, "%s: a listing is returned", bad[i].name);
                continue;
            }
            /* lenient: the same problems as warnings, except what is
             * never a layout question */
            int always = strstr(bad[i].issues, "no game listing") || strstr(bad[i].issues, "control character");
            const char *want = lenient && !always ? as_warnings(bad[i].issues) : bad[i].issues;
            TAP_IS_STR(issues(&gl), want, "%s%s", bad[i].name, lenient ? " (lenient)" : "");
            TAP_IS_STR(moves_of(&gl), bad[i].moves, "%s%s: the moves read", bad[i].name, lenient ? " (lenient)" : "");
            TAP_IS_INT(cv_gamelist_next(s.r, &gl), 0, "%s: one listing", bad[i].name);
            close_src(&s);
        }
    }

    /* Diagnostics carry the file and the game. */
    static const char two[] = "WHITE BLACK\n1. Pc2-c4(2)\nWHITE BLACK\n1. Pc2-c4(2) junk\n";
    FILE *f = fmemopen((void *)two, sizeof two - 1, "r");
    char *dbuf = NULL;
    size_t dlen = 0;
    cv_diag d = { 0 };
    d.out = open_memstream(&dbuf, &dlen);
    cv_gamelist_reader *r = cv_gamelist_open(f, "two.txt", &d, 0);
    cv_gamelist gl;
    int k = 0;
    while (cv_gamelist_next(r, &gl)) k++;
    cv_gamelist_close(r);
    fclose(f);
    fclose(d.out);
    TAP_IS_INT(k, 2, "a new header after moves starts the next listing");
    TAP_IS_STR(dbuf, "two.txt:4:14: error: game 2: unknown token 'junk'\n", "reported as FILE:LINE:COL: error: game N: ...");
    free(dbuf);
}

/* ---- what the layout tolerates ---- */

static void test_layout(void)
{
    static const char lf[] = "WHITE  BLACK\n1.  Pc2-c4(2)  Pd7-d5(6)\n2.Pc4xd5(6)\n\tNb8-c6(4)\n3. Bd1-b3(4)\n3... "
                             "Pb7-b5(4)\n4.\n   o-o   \n";
    char crlf[256], bom[256];
    size_t k = 0;
    for (const char *p = lf; *p; p++) {
        if (*p == '\n') crlf[k++] = '\r';
        crlf[k++] = *p;
    }
    crlf[k] = 0;
    snprintf(bom, sizeof bom, "\xEF\xBB\xBF%s", lf);
    const char *texts[] = { lf, crlf, bom };
    const char *names[] = { "LF", "CR LF", "byte-order mark" };
    for (int i = 0; i < 3; i++) {
        src_t s;
        cv_gamelist gl;
        if (!open_text(&s, texts[i], strlen(texts[i]), 0) || cv_gamelist_next(s.r, &gl) != 1) continue;
        TAP_IS_STR(issues(&gl), "", "%s: glued number, tab, 'N...', a number on its own line: no problem", names[i]);
        TAP_IS_STR(moves_of(&gl), "1.Pc2-c4(2) 1...Pd7-d5(6) 2.Pc4xd5(6) 2...Nb8-c6(4) 3.Bd1-b3(4) 3...Pb7-b5(4) 4.o-o",
                   "%s: the moves", names[i]);
        TAP_IS_STR(move_at(&gl, 2), "3:3 2. Pc4xd5(6)", "%s: a move glued to its number has its own column", names[i]);
        TAP_IS_STR(move_at(&gl, 6), "8:4 4. o-o", "%s: columns are bytes after the mark", names[i]);
        close_src(&s);
    }
    /* Romulan listings read the same way. */
    static const char rom[] = "WHITE BLACK\n1. Pb2W-b4W Pc7B-c5B\n2. O-O\n";
    src_t s;
    cv_gamelist gl;
    if (open_text(&s, rom, sizeof rom - 1, 0) && cv_gamelist_next(s.r, &gl) == 1) {
        TAP_IS_STR(issues(&gl), "", "a Romulan listing reads");
        TAP_IS_STR(moves_of(&gl), "1.Pb2W-b4W 1...Pc7B-c5B 2.O-O", "with its moves");
        static gl_result res;
        gl_replay(rom, sizeof rom - 1, CV_TRID_STANDARD, CV_TRID_NOTE_PARMEN, NULL, "t.txt", &res);
        TAP_OK(res.ok && res.played == 3 && !strcmp(res.texts[2], "o-o"), "and replays: O-O is o-o");
        close_src(&s);
    }
    /* Text before the first header belongs to the first listing; a header
     * in two lines; a comment on a header line. */
    static const char pre[] = "// title\n\nWHITE // the header\n\nBLACK\n1. Pc2-c4(2)\n";
    if (open_text(&s, pre, sizeof pre - 1, 0) && cv_gamelist_next(s.r, &gl) == 1) {
        TAP_IS_STR(issues(&gl), "", "comments before the header");
        TAP_IS_INT(gl.line, 1, "the listing starts at its first comment");
        TAP_IS_STR(comments_of(&gl), "1:1 0 own 0-: title | 3:7 0 own 0-: the header", "both kept");
        TAP_IS_INT(cv_gamelist_next(s.r, &gl), 0, "one listing");
        close_src(&s);
    }
    char lab[64];
    cv_gamelist_item it = { .kind = CV_GAMELIST_MOVE, .number = 12, .color = 'b', .text = "Qb9-b4(2)" };
    cv_gamelist_move_label(&it, lab, sizeof lab);
    TAP_IS_STR(lab, "12... Qb9-b4(2)", "a move's label");
}

/* ---- limits and memory ---- */

static void test_limits(void)
{
    src_t s;
    cv_gamelist gl;
    cv_reader_limits lim = { 32, 5, 0, 3, 0 };

    static const char longl[] = "WHITE BLACK\n1. Pc2-c4(2) Pd7-d5(6) // a comment long enough\n2. Pc4xd5(6)\n";
    if (open_text(&s, longl, sizeof longl - 1, 0)) {
        cv_gamelist_set_limits(s.r, &lim);
        cv_gamelist_next(s.r, &gl);
        TAP_IS_STR(issues(&gl),
                   "2:1: error: line longer than 32 bytes; skipped | 3:1: error: move number 2. out of sequence: expected 1.",
                   "an overlong line is skipped, its moves with it");
        TAP_IS_STR(moves_of(&gl), "2.Pc4xd5(6)", "the next line is read");
        close_src(&s);
    }
    static const char many[] = "WHITE BLACK\n1. Pc2-c4(2) Pd7-d5(6)\n2. Pc4xd5(6) Nb8-c6(4)\n3. Bd1-b3(4) Pb7-b5(4)\n"
                               "WHITE BLACK\n1. Pc2-c4(2)\n";
    if (open_text(&s, many, sizeof many - 1, 0)) {
        cv_gamelist_set_limits(s.r, &lim);
        cv_gamelist_next(s.r, &gl);
        TAP_IS_STR(issues(&gl),
                   "4:14: error: more than 5 moves and comments in one listing; the rest of it is skipped",
                   "max_items: the rest of the listing is skipped");
        TAP_OK(gl.skipped && gl.nmoves == 5, "skipped is set, 5 moves kept");
        TAP_IS_INT(cv_gamelist_next(s.r, &gl), 1, "the next header starts the next listing");
        TAP_OK(gl.number == 2 && gl.nmoves == 1 && !gl.skipped && gl.nissues == 0, "which reads cleanly");
        close_src(&s);
    }
    static const char errs[] = "WHITE BLACK\nx1\nx2\nx3\nx4\n1. Pc2-c4(2)\n";
    if (open_text(&s, errs, sizeof errs - 1, 0)) {
        cv_gamelist_set_limits(s.r, &lim);
        cv_gamelist_next(s.r, &gl);
        TAP_IS_STR(issues(&gl),
                   "2:1: error: unrecognized line: 'x1' | 3:1: error: unrecognized line: 'x2' | 4:1: error: "
                   "unrecognized line: 'x3' | 4:1: error: too many problems; the rest of the listing is skipped",
                   "max_issues: one more issue says the rest is skipped");
        TAP_OK(gl.skipped && gl.nmoves == 0, "nothing after it is read");
        close_src(&s);
    }

    cv_reader_limits tl = { 0, 0, 30, 0, 0 };
    static const char twomoves[] = "WHITE BLACK\n1. Pc2-c4(2) Pd7-d5(6)\n2. Pc4xd5(6) Nb8-c6(4)\n";
    if (open_text(&s, twomoves, sizeof twomoves - 1, 0)) {
        cv_gamelist_set_limits(s.r, &tl);
        cv_gamelist_next(s.r, &gl);
        TAP_IS_STR(issues(&gl),
                   "3:14: error: more than 30 bytes of moves and comments in one listing; the rest of it is skipped",
                   "max_text: the rest of the listing is skipped");
        TAP_OK(gl.skipped && gl.nmoves == 3, "3 moves kept");
        close_src(&s);
    }
    char wide[400];
    size_t k = (size_t)snprintf(wide, sizeof wide, "WHITE BLACK\n1. Pc2-c4(2) Pd7-d5(6)");
    for (int i = 0; i < 70; i++) k += (size_t)snprintf(wide + k, sizeof wide - k, " ?");
    snprintf(wide + k, sizeof wide - k, "\n");
    if (open_text(&s, wide, strlen(wide), 0) && cv_gamelist_next(s.r, &gl) == 1) {
        TAP_IS_INT(gl.nissues, 62, "64 words on a line at most: 61 unknown '?' and one more issue");
        TAP_IS_STR(gl.nissues ? gl.issues[gl.nissues - 1].msg : "", "more than 64 words on one line; the rest skipped",
                   "which says so");
        TAP_IS_INT(gl.nissues ? gl.issues[gl.nissues - 1].col : 0, 144, "at the 65th word");
        TAP_IS_INT(gl.nmoves, 2, "the moves before are kept");
        close_src(&s);
    }

    /* A listing far larger than usual is given back afterwards. */
    size_t bign = 0, cap = 1 << 16;
    char *bigl = malloc(cap);
    if (bigl) {
        bign += (size_t)snprintf(bigl, cap, "WHITE BLACK\n");
        for (int i = 0; i < 3000; i++) bign += (size_t)snprintf(bigl + bign, cap - bign, "// comment %d\n", i);
        bign += (size_t)snprintf(bigl + bign, cap - bign, "%s", twomoves);
        size_t now_small = 0, now_after = 0, peak = 0;
        if (open_text(&s, twomoves, sizeof twomoves - 1, 0)) {
            cv_gamelist_next(s.r, &gl);
            cv_gamelist_memory(s.r, &now_small, NULL);
            close_src(&s);
        }
        if (open_text(&s, bigl, bign, 0)) {
            cv_gamelist_next(s.r, &gl);
            TAP_IS_INT(gl.nitems, 3000, "a listing of 3000 comments");
            cv_gamelist_next(s.r, &gl);
            cv_gamelist_memory(s.r, &now_after, &peak);
            close_src(&s);
        }
        TAP_OK(peak > now_after + 200000 && now_after <= now_small + 65536,
               "after it the reader gives back all but a 64 KiB arena (now %zu, small %zu, peak %zu)", now_after, now_small,
               peak);
        free(bigl);
    }

    /* Memory does not grow with the input: 400 listings take what one does. */
    size_t n;
    char *one = slurp(DATA "seed-listings.txt", &n);
    if (one) {
        size_t big_n = n * 200;
        char *big = malloc(big_n);
        for (size_t i = 0; big && i < 200; i++) memcpy(big + i * n, one, n);
        size_t peak1 = 0, peak200 = 0;
        long count = 0;
        if (big && open_text(&s, one, n, 0)) {
            while (cv_gamelist_next(s.r, &gl)) {}
            cv_gamelist_memory(s.r, NULL, &peak1);
            close_src(&s);
        }
        if (big && open_text(&s, big, big_n, 0)) {
            while (cv_gamelist_next(s.r, &gl)) count++;
            cv_gamelist_memory(s.r, NULL, &peak200);
            close_src(&s);
        }
        TAP_IS_INT(count, 400, "200 copies of the readme's text: 400 listings");
        TAP_OK(peak1 > 0 && peak200 == peak1, "peak memory the same for 2 and 400 listings (%zu, %zu bytes)", peak1,
               peak200);
        free(big);
    }
    free(one);
}

/* ---- raw text (CV_GAMELIST_KEEP_RAW) and lean reading ---- */

typedef struct {
    char *joined;       /* the raw texts of all listings, one after another */
    size_t len;
    long count;         /* listings */
    long truncated;     /* listings whose raw text was cut */
    long without;       /* listings with no raw text at all (raw NULL) */
    long skipped;
    size_t nmoves;      /* of all listings */
    size_t peak;        /* cv_gamelist_memory */
} joined_t;

static void raw_join(const char *text, size_t n, unsigned flags, const cv_reader_limits *lim, joined_t *j)
{
    memset(j, 0, sizeof *j);
    FILE *m = open_memstream(&j->joined, &j->len);
    src_t s;
    cv_gamelist gl;
    if (open_text(&s, text, n, flags)) {
        if (lim) cv_gamelist_set_limits(s.r, lim);
        while (cv_gamelist_next(s.r, &gl) == 1) {
            j->count++;
            j->truncated += gl.raw_truncated != 0;
            j->skipped += gl.skipped != 0;
            j->nmoves += gl.nmoves;
            if (!gl.raw) j->without++;
            else fwrite(gl.raw, 1, gl.rawlen, m);
        }
        cv_gamelist_memory(s.r, NULL, &j->peak);
    }
    close_src(&s);
    fclose(m);
}

/* The raw text of listing i as a C string (NUL bytes are not expected). */
static const char *raw_of(const cv_gamelist *gl)
{
    static char out[8192];
    size_t n = gl->raw ? (gl->rawlen < sizeof out - 1 ? gl->rawlen : sizeof out - 1) : 0;
    if (gl->raw) memcpy(out, gl->raw, n);
    out[n] = 0;
    return gl->raw ? out : "(none)";
}

static void test_raw(void)
{
    src_t s;
    cv_gamelist gl;
    joined_t j;

    /* Three listings with what the reader skips: a byte-order mark, a
     * line before the first header, a row with a control character, CR LF
     * and lone CR line ends, a garbage line, no line end at the end. */
    static const char mixed[] = "\xEF\xBB\xBF" "junk before\r\n"
                                "WHITE  BLACK\r\n"
                                "1.  Pc2-c4(2)  Pd7-d5(6)\n"
                                "2.  Pc4xd5(6)\x01 Nb8-c6(4)\n"
                                "\n"
                                "  WHITE     BLACK\n"
                                "1. Pe2-e4(2)\n"
                                "garbage garbage\r"
                                "WHITE BLACK\n"
                                "// end";
    if (open_text(&s, mixed, sizeof mixed - 1, CV_GAMELIST_KEEP_RAW)) {
        TAP_IS_INT(cv_gamelist_next(s.r, &gl), 1, "raw: listing 1");
        TAP_IS_STR(raw_of(&gl),
                   "\xEF\xBB\xBFjunk before\r\nWHITE  BLACK\r\n1.  Pc2-c4(2)  Pd7-d5(6)\n2.  Pc4xd5(6)\x01 Nb8-c6(4)\n\n",
                   "raw: listing 1 is its bytes, the mark, the junk and the skipped row included");
        TAP_IS_INT(gl.rawlen, 81, "raw: listing 1 is 81 bytes");
        TAP_IS_INT(gl.raw_truncated, 0, "raw: listing 1 whole");
        TAP_IS_STR(moves_of(&gl), "1.Pc2-c4(2) 1...Pd7-d5(6)", "raw: listing 1's moves: the row with 0x01 is not among them");
        TAP_IS_STR(issues(&gl),
                   "1:1: error: unrecognized line: 'junk before' | 4:14: error: control character 0x01; line skipped",
                   "raw: listing 1's problems");
        TAP_IS_INT(cv_gamelist_next(s.r, &gl), 1, "raw: listing 2");
        TAP_IS_STR(raw_of(&gl), "  WHITE     BLACK\n1. Pe2-e4(2)\ngarbage garbage\r",
                   "raw: listing 2 from its header line to the next, the garbage and its CR included");
        TAP_IS_INT(cv_gamelist_next(s.r, &gl), 1, "raw: listing 3");
        TAP_IS_STR(raw_of(&gl), "WHITE BLACK\n// end", "raw: listing 3 to the end of the input, no line end");
        TAP_IS_INT(cv_gamelist_next(s.r, &gl), 0, "raw: then the end");
        close_src(&s);
    }
    raw_join(mixed, sizeof mixed - 1, CV_GAMELIST_KEEP_RAW, NULL, &j);
    TAP_OK(j.count == 3 && j.len == sizeof mixed - 1 && !memcmp(j.joined, mixed, j.len),
           "raw: the three raw texts joined are the input (%ld listings, %zu of %zu bytes)", j.count, j.len,
           sizeof mixed - 1);
    free(j.joined);
    raw_join(mixed, sizeof mixed - 1, CV_GAMELIST_LENIENT, NULL, &j);
    TAP_OK(j.count == 3 && j.without == 3 && j.len == 0, "raw: without the flag no listing has raw text (NULL)");
    free(j.joined);

    /* 150,002 lines: more moves than max_items, so most of them are not
     * items; the raw text still holds every line. */
    {
        FILE *m;
        char *big = NULL;
        size_t n = 0;
        m = open_memstream(&big, &n);
        fputs("WHITE  BLACK\n", m);
        for (int i = 1; i <= 75000; i++) fprintf(m, "%d.  Pc2-c4(2)\nPd7-d5(6)\n", i);
        fputs("// end\n", m);
        fclose(m);
        raw_join(big, n, CV_GAMELIST_KEEP_RAW, NULL, &j);
        TAP_OK(j.count == 1 && j.len == n && !memcmp(j.joined, big, n),
               "raw: 150,002 lines (%zu bytes) in one listing: its raw text is all of them (%zu bytes)", n, j.len);
        TAP_OK(j.skipped == 1 && j.nmoves == 100000 && j.truncated == 0,
               "raw: though max_items kept 100,000 moves and skipped the rest (skipped %ld, %zu moves)", j.skipped,
               j.nmoves);
        free(j.joined);
        free(big);
    }

    /* 200 KB of garbage between two listings, with control characters and
     * a line longer than max_line: all of it is listing 1's raw text. */
    {
        FILE *m;
        char *big = NULL, *longl = malloc(5001);
        size_t n = 0, first = 0;
        memset(longl, 'y', 5000);
        longl[5000] = 0;
        m = open_memstream(&big, &n);
        fputs("WHITE  BLACK\n1.  Pc2-c4(2)\n", m);
        for (int i = 0; i < 10000; i++) {
            if (i % 1000 == 7) fprintf(m, "bell\a%d\r\n", i);
            else if (i == 5000) fprintf(m, "%s\n", longl);
            else fprintf(m, "@@ garbage %06d @@\n", i);
        }
        fflush(m);
        first = n;
        fputs("WHITE  BLACK\n1.  Pe2-e4(2)\n", m);
        fclose(m);
        TAP_OK(first > 200000, "raw: %zu bytes of garbage", first);
        if (open_text(&s, big, n, CV_GAMELIST_KEEP_RAW | CV_GAMELIST_LENIENT)) {
            cv_gamelist_next(s.r, &gl);
            TAP_OK(gl.rawlen == first && gl.raw && !memcmp(gl.raw, big, first) && !gl.raw_truncated,
                   "raw: listing 1's raw text is its %zu bytes, garbage and all (got %zu)", first, gl.rawlen);
            TAP_OK(gl.nmoves == 1 && gl.skipped, "raw: though it has one move and the rest was skipped");
            cv_gamelist_next(s.r, &gl);
            TAP_IS_STR(raw_of(&gl), "WHITE  BLACK\n1.  Pe2-e4(2)\n", "raw: listing 2's raw text");
            TAP_IS_INT(cv_gamelist_next(s.r, &gl), 0, "raw: nothing after it");
            close_src(&s);
        }
        free(big);
        free(longl);
    }

    /* A CR LF split by the end of the reader's 64 KiB buffer. */
    {
        FILE *m;
        char *big = NULL;
        size_t n = 0;
        m = open_memstream(&big, &n);
        fputs("WHITE  BLACK\r\n", m);
        for (int i = 0; i < 8000; i++) fputs("// pad\r\n", m);
        fputs("// ", m);
        for (int i = 0; i < 1518; i++) fputc('x', m);
        fputs("\r\n1.  Pc2-c4(2)\r\nWHITE BLACK\r\n", m);
        fclose(m);
        TAP_OK(n > 65536 && big[65535] == '\r' && big[65536] == '\n', "raw: a CR at byte 65535, its LF at 65536");
        raw_join(big, n, CV_GAMELIST_KEEP_RAW, NULL, &j);
        TAP_OK(j.count == 2 && j.len == n && !memcmp(j.joined, big, n),
               "raw: across the buffer's end, the raw texts joined are the input (%zu of %zu bytes)", j.len, n);
        free(j.joined);
        free(big);
    }

    /* max_raw: a listing keeps its first whole lines up to it and says it
     * was cut; the header that begins the next listing is not lost. */
    static const char cut[] = "WHITE  BLACK\n1. Pc2-c4(2) Pd7-d5(6)\n2. Pc4xd5(6) Nb8-c6(4)\nWHITE BLACK\n1. Pe2-e4(2)\n";
    cv_reader_limits lim = cv_reader_default_limits();
    TAP_IS_INT(lim.max_raw, 64u << 20, "raw: max_raw is 64 MiB by default");
    lim.max_raw = 40;
    if (open_text(&s, cut, sizeof cut - 1, CV_GAMELIST_KEEP_RAW)) {
        cv_gamelist_set_limits(s.r, &lim);
        cv_gamelist_next(s.r, &gl);
        TAP_IS_STR(raw_of(&gl), "WHITE  BLACK\n1. Pc2-c4(2) Pd7-d5(6)\n", "max_raw 40: listing 1 keeps 36 bytes, two lines");
        TAP_IS_INT(gl.raw_truncated, 1, "max_raw 40: and is marked cut");
        TAP_IS_INT(gl.nmoves, 4, "max_raw 40: its moves are all read all the same");
        cv_gamelist_next(s.r, &gl);
        TAP_IS_STR(raw_of(&gl), "WHITE BLACK\n1. Pe2-e4(2)\n", "max_raw 40: listing 2 whole, its header included");
        TAP_IS_INT(gl.raw_truncated, 0, "max_raw 40: listing 2 not cut");
        close_src(&s);
    }

    /* Memory stays bounded: 400 listings with their raw texts take what 2
     * do, and the raw texts joined are the 200 copies. */
    size_t n;
    char *one = slurp(DATA "seed-listings.txt", &n);
    if (one) {
        size_t big_n = n * 200;
        char *big = malloc(big_n);
        for (size_t i = 0; big && i < 200; i++) memcpy(big + i * n, one, n);
        joined_t j1;
        raw_join(one, n, CV_GAMELIST_KEEP_RAW, NULL, &j1);
        raw_join(big, big_n, CV_GAMELIST_KEEP_RAW, NULL, &j);
        TAP_OK(j1.count == 2 && j1.len == n && !memcmp(j1.joined, one, n), "raw: the readme's text, 2 listings, joined back");
        TAP_OK(j.count == 400 && j.len == big_n && !memcmp(j.joined, big, big_n),
               "raw: 200 copies, 400 listings, joined back (%zu of %zu bytes)", j.len, big_n);
        TAP_OK(j1.peak > 0 && j.peak == j1.peak, "raw: peak memory the same for 2 and 400 listings (%zu, %zu bytes)",
               j1.peak, j.peak);
        free(j1.joined);
        free(j.joined);
        free(big);
    }
    free(one);

    /* Through the record interface (sniffed, as the tools read): a listing
     * the replay refuses comes with its bytes as read, while a listing
     * written from what the reader understood has lost the skipped row. */
    static const char bad[] = "WHITE  BLACK\n"
                              "1.  Pc2-c4(2)  Pd7-d5(6)\n"
                              "2.  Pc4xd5(6)\x01 Nb8-c6(4)\n"
                              "2.  Pc4-c7(6)\n"
                              "\n"
                              "WHITE  BLACK\n"
                              "1.  Pc2-c4(2)\n";
    FILE *f = fmemopen((void *)bad, sizeof bad - 1, "r");
    cv_record_reader *rr = f ? cv_record_open(f, "bad.txt", NULL, CV_RECORD_KEEP_RAW, NULL, 0, NULL) : NULL;
    cv_record g;
    if (rr && cv_record_next(rr, &g) == 1) {
        TAP_IS_STR(cv_record_reader_format(rr)->name, "gamelist", "record: sniffed as a listing");
        static gl_result res;
        memset(&res, 0, sizeof res);
        TAP_IS_INT(gl_replay_rec(&g, CV_TRID_STANDARD, CV_TRID_NOTE_PARMEN, NULL, "bad.txt", &res), 1,
                   "record: the replay refuses listing 1");
        TAP_OK(g.raw && g.rawlen == 78 && !memcmp(g.raw, bad, 78),
               "record: its raw text is its 78 bytes as read (got %zu)", g.rawlen);
        TAP_IS_INT(g.raw_truncated, 0, "record: not cut");
        char *out = NULL;
        size_t outn = 0;
        FILE *m = open_memstream(&out, &outn);
        cv_record_meta meta = { .variant = cv_variant_cached("trid-standard", NULL) };
        cv_record_reader_format(rr)->write(m, &g, NULL, &meta);
        fclose(m);
        TAP_OK(out && !strstr(out, "Nb8-c6(4)"), "record: what the writer makes of it has lost the skipped row");
        free(out);
        TAP_IS_INT(cv_record_next(rr, &g), 1, "record: listing 2");
        TAP_OK(g.raw && g.rawlen == sizeof bad - 1 - 78 && !memcmp(g.raw, bad + 78, g.rawlen),
               "record: listing 2's raw text is the rest");
    } else {
        TAP_OK(0, "record: open and read bad.txt");
    }
    cv_record_close(rr);
    if (f) fclose(f);
    f = fmemopen((void *)bad, sizeof bad - 1, "r");
    rr = f ? cv_record_open(f, "bad.txt", NULL, 0, cv_record_format_find("gamelist"), 0, NULL) : NULL;
    TAP_OK(rr && cv_record_next(rr, &g) == 1 && g.raw == NULL && g.rawlen == 0,
           "record: without CV_RECORD_KEEP_RAW no raw text");
    cv_record_close(rr);
    if (f) fclose(f);
}

static void test_lean(void)
{
    src_t s;
    cv_gamelist gl;
    static const char text[] = "WHITE  BLACK\n"
                               "// [Variant \"trid-standard\"]\n"
                               "// a comment\n"
                               "1.  Pc2-c4(2)  // after the move\n"
                               "// [Not \"a tag: after a move\"]\n"
                               "Pd7-d5(6)\n";
    if (open_text(&s, text, sizeof text - 1, CV_GAMELIST_LEAN)) {
        cv_gamelist_next(s.r, &gl);
        TAP_IS_STR(comments_of(&gl),
                   "2:1 0 own 0-: [Variant \"trid-standard\"] | 3:1 0 own 0-:  | 4:16 1 after 1w:  | 5:1 1 own 1w: ",
                   "lean: comments kept as items with their places, text \"\" but for a tag before the first move");
        TAP_IS_STR(moves_of(&gl), "1.Pc2-c4(2) 1...Pd7-d5(6)", "lean: the moves as ever");
        TAP_IS_INT(gl.nitems > 1 ? (long)gl.items[1].len : -1, 0, "lean: a comment's len is 0");
        TAP_IS_INT(gl.nissues, 0, "lean: no problem");
        close_src(&s);
    }
    if (open_text(&s, text, sizeof text - 1, 0)) {
        cv_gamelist_next(s.r, &gl);
        TAP_IS_STR(comments_of(&gl),
                   "2:1 0 own 0-: [Variant \"trid-standard\"] | 3:1 0 own 0-: a comment | 4:16 1 after 1w: after the "
                   "move | 5:1 1 own 1w: [Not \"a tag: after a move\"]",
                   "without lean: the comments' texts");
        close_src(&s);
    }
    /* comments take nothing of max_text under lean */
    cv_reader_limits tl = cv_reader_default_limits();
    tl.max_text = 30;
    static const char talk[] = "WHITE BLACK\n// a rather long comment of more than thirty bytes\n1. Pc2-c4(2) Pd7-d5(6)\n";
    if (open_text(&s, talk, sizeof talk - 1, CV_GAMELIST_LEAN)) {
        cv_gamelist_set_limits(s.r, &tl);
        cv_gamelist_next(s.r, &gl);
        TAP_OK(gl.nmoves == 2 && gl.nissues == 0 && !gl.skipped, "lean: a long comment does not count toward max_text");
        close_src(&s);
    }
    if (open_text(&s, talk, sizeof talk - 1, 0)) {
        cv_gamelist_set_limits(s.r, &tl);
        cv_gamelist_next(s.r, &gl);
        TAP_IS_STR(issues(&gl),
                   "2:1: error: more than 30 bytes of moves and comments in one listing; the rest of it is skipped",
                   "without lean: it does");
        close_src(&s);
    }
    /* through the record interface: CV_RECORD_LEAN, the tag still read */
    FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
    cv_record_reader *rr = f ? cv_record_open(f, "t.txt", NULL, CV_RECORD_LEAN, NULL, 0, NULL) : NULL;
    cv_record g;
    if (rr && cv_record_next(rr, &g) == 1) {
        TAP_IS_STR(cv_game_tag_value(&g, "Variant"), "trid-standard", "record lean: the tag is read");
        char kinds[256] = "";
        size_t k = 0;
        for (size_t i = 0; i < g.ntokens && k < sizeof kinds - 40; i++)
            k += (size_t)snprintf(kinds + k, sizeof kinds - k, "%s%s'%s'", i ? " " : "", cv_token_kind_name(g.tokens[i].kind),
                                  g.tokens[i].text);
        TAP_IS_STR(kinds,
                   "COMMENT'' MOVE_NUMBER'1.' MOVE'Pc2-c4(2)' LINE_COMMENT'' COMMENT'' MOVE_NUMBER'1...' MOVE'Pd7-d5(6)'",
                   "record lean: the comments' tokens have no text");
    } else {
        TAP_OK(0, "record lean: read");
    }
    cv_record_close(rr);
    if (f) fclose(f);
}

/* ---- the PGN copies ---- */

static void test_pgn(const char *pgn, const char *listing, const char *result)
{
    size_t n;
    char path[128];
    snprintf(path, sizeof path, CORPUS "%s", listing);
    char *text = slurp(path, &n);
    snprintf(path, sizeof path, CORPUS "%s", pgn);
    FILE *pf = fopen(path, "r");
    src_t s;
    cv_gamelist gl;
    if (!text || !pf || !open_text(&s, text, n, 0) || cv_gamelist_next(s.r, &gl) != 1) {
        TAP_OK(0, "read %s and %s", pgn, listing);
        if (pf) fclose(pf);
        free(text);
        return;
    }
    cv_pgn_reader *r = cv_pgn_open(pf, path, NULL, 0);
    cv_game g;
    TAP_IS_INT(cv_pgn_next(r, &g), 1, "%s: one game", pgn);
    TAP_IS_INT(g.errors, 0, "%s: no PGN error", pgn);
    TAP_IS_STR(cv_game_tag_value(&g, "Variant"), "trid-standard", "%s: [Variant \"trid-standard\"]", pgn);
    TAP_IS_STR(cv_game_tag_value(&g, "Result"), result, "%s: Result tag", pgn);
    TAP_IS_STR(g.result_text, result, "%s: result token", pgn);
    static const char *const tags[] = { "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant" };
    int have = 1;
    for (size_t i = 0; i < 8; i++) have &= g.ntags == 8 && !strcmp(g.tags[i].name, tags[i]);
    TAP_OK(have, "%s: the seven roster tags and Variant, in order", pgn);
    TAP_IS_INT(g.nmainline, gl.nmoves, "%s: as many moves as the listing", pgn);
    size_t diff = 0, first = 0;
    for (size_t i = 0; i < g.nmainline && i < gl.nmoves; i++) {
        const cv_token *t = &g.tokens[g.mainline[i]];
        char buf[128];
        snprintf(buf, sizeof buf, "%s%s", t->text, t->suffix);
        const cv_gamelist_item *m = &gl.items[gl.moves[i]];
        if (strcmp(buf, m->text) || t->number != m->number || t->color != m->color) {
            if (!diff) first = i;
            diff++;
        }
    }
    TAP_OK(diff == 0, "%s: every move text, number and colour as in the listing (%zu differ, first at %zu)", pgn, diff,
           first);
    /* comments: the same texts, after the same number of moves */
    char pc[2048] = "", lc[2048] = "";
    size_t k = 0, moves = 0;
    for (size_t i = 0; i < g.ntokens; i++) {
        const cv_token *t = &g.tokens[i];
        if (t->kind == CV_TOKEN_MOVE) moves++;
        if (t->kind == CV_TOKEN_COMMENT) k += (size_t)snprintf(pc + k, sizeof pc - k, "%zu:%s|", moves, t->text);
    }
    k = 0;
    for (size_t i = 0; i < gl.nitems; i++)
        if (gl.items[i].kind == CV_GAMELIST_COMMENT)
            k += (size_t)snprintf(lc + k, sizeof lc - k, "%zu:%s|", gl.items[i].before, gl.items[i].text);
    TAP_IS_STR(pc, lc, "%s: the comments as in the listing, in their places", pgn);
    TAP_IS_INT(cv_pgn_next(r, &g), 0, "%s: nothing more", pgn);
    cv_pgn_close(r);
    fclose(pf);
    close_src(&s);
    free(text);
}

int main(void)
{
    test_seed_file();
    test_corpus_read();
    test_replay();
    test_writer();
    test_malformed();
    test_layout();
    test_limits();
    test_raw();
    test_lean();
    test_pgn("game1.pgn", "game1-gamelist.txt", "1-0");
    test_pgn("game2.pgn", "game2-gamelist.txt", "0-1");
    return tap_done();
}
