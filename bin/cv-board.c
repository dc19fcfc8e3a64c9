/* cv-board: the ProChess board's owner command language as a line filter.
 * One command per line in, one result line out. */
#include "cvkit.h"
#include "diagram.h"
#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *tool = "cv-board";

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE]...\n"
           "Run ProChess board commands, one per line, from FILEs or standard input.\n\n"
           "Commands (case-insensitive but for piece letters; an '@@' prefix is allowed):\n"
           "  fen FEN          set a position (lenient FEN: '//' ranks, missing fields)\n"
           "  reset            the start position          clear   an empty board\n"
           "  m FROM TO [P]    play a move if legal (any delimiter: e2 e4, e2-e4, e2/e4);\n"
           "                   P: promotion piece (default queen)\n"
           "  p PIECESQUARE    put a piece (p Re4, p ke8) or empty a square (p -e4)\n"
           "  side w|b         set the side to move        castling KQkq|-\n"
           "  pop, takeback    remove the last ply for good\n"
           "  back, forward    step through the moves without losing them\n"
           "  info             board, FEN, side, castling and moves on one line\n"
           "  channel N, lock on|off   accepted; no effect in a filter\n\n"
           "Options:\n"
           "  -d, --diagram        draw the board after every change\n"
           "  -V, --variant NAME   variant spec by name or alias (default: chess)\n"
           "      --spec FILE      variant spec file\n"
           "      --help, --version\n\n"
           "Each command prints one line: the FEN after a change, 'ok ...' for\n"
           "channel and lock, the summary for info, or 'error: WHY' (also reported\n"
           "on standard error as FILE:LINE:COL); a refused command changes nothing.\n"
           "Exit status: 0 every command succeeded; 1 some command was refused;\n"
           "2 usage, I/O or spec error.\n", tool);
}

typedef struct board {
    const cv_variant *v;
    cv_pos *hist;           /* hist[0] the set-up position, hist[i] after ply i */
    char (*san)[32];        /* san[i] the move that led to hist[i + 1] */
    int n, cur, cap;        /* plies stored, plies shown, allocated */
    int diagram, channel, lock;
} board;

static int grow(board *B)
{
    if (B->n + 2 <= B->cap) return 0;
    int cap = B->cap ? B->cap * 2 : 64;
    cv_pos *h = realloc(B->hist, sizeof *h * (size_t)cap);
    if (!h) return -1;
    B->hist = h;
    char(*s)[32] = realloc(B->san, sizeof *s * (size_t)cap);
    if (!s) return -1;
    B->san = s;
    B->cap = cap;
    return 0;
}

/* A new set-up: history starts again from p. */
static void setup(board *B, const cv_pos *p)
{
    B->hist[0] = *p;
    B->n = B->cur = 0;
}

static cv_pos *now(board *B) { return &B->hist[B->cur]; }

static void show(board *B)
{
    char fen[2048];
    cv_fen_write(now(B), 0, fen, sizeof fen);
    puts(fen);
    if (B->diagram) cv_diagram(now(B), stdout);
}

/* A change to the current position that is not a move (p, side,
 * castling): it becomes a new set-up, as on the board. */
static void edited(board *B, const cv_pos *p)
{
    cv_pos copy = *p;
    cv_pos_refresh(&copy);
    setup(B, &copy);
}

typedef struct where {
    const char *file;
    long line;
} where;

static int fail(const where *w, int col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(const where *w, int col, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    printf("error: %s\n", msg);
    cv_report(NULL, CV_ERROR, w->file, w->line, col, "%s", msg);
    return 1;
}

static int cmd_move(board *B, const char *args, int col, const where *w)
{
    const cv_geom *g = &B->v->geom;
    int from = -1, to = -1, n;
    const char *s = args;
    char low[16];
    /* squares are case-insensitive ("M E2-E4"); copy a lowered window */
    for (int k = 0; k < 2; k++) {
        while (*s && !isalnum((unsigned char)*s)) s++;
        size_t i;
        for (i = 0; i < 4 && s[i]; i++) low[i] = (char)tolower((unsigned char)s[i]);
        low[i] = 0;
        int cell;
        if (!(n = cv_geom_scan_cell(g, low, &cell))) {
            if (!*s) return fail(w, col + (int)(s - args), "expected a square, found the end of the line");
            return fail(w, col + (int)(s - args), "expected a square, found '%.8s'", s);
        }
        if (k == 0) from = cell;
        else to = cell;
        s += n;
    }
    while (*s && !isalnum((unsigned char)*s)) s++;
    char promo = 0;
    if (*s) {
        if (s[1] && !isspace((unsigned char)s[1])) return fail(w, col + (int)(s - args), "unexpected '%s' after the move", s);
        promo = (char)toupper((unsigned char)*s);
        if (B->v->by_letter[(int)(unsigned char)promo] < 0) return fail(w, col + (int)(s - args), "unknown promotion piece '%c'", *s);
    }
    /* room for the new ply first: growing moves the history */
    if (grow(B) < 0) return fail(w, col, "out of memory");
    cv_pos *p = now(B);
    cv_movelist ml;
    cv_gen_legal(p, &ml);
    /* The board promotes to a queen unless told otherwise. */
    char text[32];
    snprintf(text, sizeof text, "%s%s", g->name[from], g->name[to]);
    cv_move_parse r;
    cv_move_read(p, &ml, text, &r);
    if (r.status != CV_MOVE_OK && B->v->npromo) {
        char pl = promo ? promo : B->v->pieces[B->v->promo_types[0]].letter;
        char t2[40];
        snprintf(t2, sizeof t2, "%s%c", text, (char)tolower((unsigned char)pl));
        cv_move_parse r2;
        /* a piece given: its reason counts; none given: the queen only
         * helps when it makes the move a legal promotion */
        if (cv_move_read(p, &ml, t2, &r2) == CV_MOVE_OK || promo) r = r2;
    } else if (r.status == CV_MOVE_OK && promo) {
        return fail(w, col, "%s-%s is not a promotion", g->name[from], g->name[to]);
    }
    if (r.status != CV_MOVE_OK)
        return fail(w, col, "illegal move %s-%s: %s", g->name[from], g->name[to], r.why);
    cv_move_format(p, &ml, r.move, CV_SAN, B->san[B->cur], sizeof B->san[0]);
    B->hist[B->cur + 1] = *p;
    cv_undo u;
    cv_make(&B->hist[B->cur + 1], r.move, &u);
    B->cur++;
    B->n = B->cur; /* a move after 'back' replaces the moves that followed */
    show(B);
    return 0;
}

static int cmd_put(board *B, const char *args, int col, const where *w)
{
    const cv_geom *g = &B->v->geom;
    const char *s = args;
    while (*s == ' ' || *s == '\t') s++;
    uint8_t pc = 0;
    if (!*s) return fail(w, col, "expected a piece letter or - and a square (p Re4, p -e4), found the end of the line");
    if (*s == '-') pc = 0;
    else if (!(pc = cv_piece_from_char(B->v, *s)))
        return fail(w, col + (int)(s - args), "unknown piece '%c' (want a piece letter or '-')", *s ? *s : ' ');
    s++;
    char low[8];
    size_t i;
    for (i = 0; i < 4 && s[i]; i++) low[i] = (char)tolower((unsigned char)s[i]);
    low[i] = 0;
    int cell, n = cv_geom_scan_cell(g, low, &cell);
    if (!n && !*s) return fail(w, col + (int)(s - args), "expected a square after the piece, found the end of the line");
    if (!n) return fail(w, col + (int)(s - args), "expected a square after the piece, found '%.8s'", s);
    const char *rest = s + n;
    while (*rest == ' ' || *rest == '\t') rest++;
    if (*rest) return fail(w, col + (int)(rest - args), "unexpected '%s'", rest);
    cv_pos p = *now(B);
    cv_pos_put(&p, cell, pc);
    /* a right whose king or rook is gone would be a lie */
    for (int k = 0; k < p.ncastle; k++)
        if (p.castle[k].king_from == cell || p.castle[k].rook_from == cell) p.castling &= ~(1u << k);
    edited(B, &p);
    show(B);
    return 0;
}

static int cmd_castling(board *B, const char *args, int col, const where *w)
{
    while (*args == ' ') { args++; col++; }
    if (!*args) return fail(w, col, "castling needs the rights, as in FEN (KQkq, or - for none)");
    char fen[2048];
    cv_pos p = *now(B);
    cv_fen_write(&p, 0, fen, sizeof fen);
    /* rebuild through the FEN reader so the rights get their rooks */
    char *sp = strchr(fen, ' ');
    char rebuilt[2200];
    snprintf(rebuilt, sizeof rebuilt, "%.*s %c %s - %d %d", (int)(sp - fen), fen, p.side ? 'b' : 'w',
             *args ? args : "-", p.halfmove, p.fullmove);
    cv_pos q;
    cv_fen_errors e;
    if (strpbrk(args, " \t") || cv_fen_read(B->v, rebuilt, CV_FEN_LENIENT, &q, &e) < 0)
        return fail(w, col, "invalid castling rights '%s'", args);
    for (int i = 0; i < e.n; i++)
        if (e.e[i].kind == CV_FE_POSITION) return fail(w, col, "%s", e.e[i].msg);
    q.ep = p.ep;
    q.ep_victim = p.ep_victim;
    edited(B, &q);
    show(B);
    return 0;
}

static void info(board *B)
{
    char fen[2048];
    cv_pos *p = now(B);
    cv_fen_write(p, 0, fen, sizeof fen);
    char rights[16];
    const char *f = strchr(fen, ' ') + 3;
    snprintf(rights, sizeof rights, "%.*s", (int)(strchr(f, ' ') - f), f);
    printf("fen %s; %s to move; castling %s; ply %d of %d;", fen, p->side ? "black" : "white", rights, B->cur, B->n);
    printf(" moves");
    if (!B->n) printf(" none");
    int side = B->hist[0].side, num = B->hist[0].fullmove;
    for (int i = 0; i < B->n; i++) {
        if (side == 0) printf(" %d.", num);
        else if (i == 0) printf(" %d...", num);
        printf(" %s%s", B->san[i], i + 1 == B->cur && B->cur < B->n ? " <" : "");
        if (side) num++;
        side ^= 1;
    }
    putchar('\n');
}

static int run_line(board *B, char *line, const where *w)
{
    char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    if (!strncmp(s, "@@", 2)) s += 2;
    while (*s == ' ' || *s == '\t') s++;
    if (!*s || *s == '#') return -1;
    char *cmd = s;
    while (*s && !isspace((unsigned char)*s)) s++;
    size_t clen = (size_t)(s - cmd);
    while (*s == ' ' || *s == '\t') s++;
    char *args = s;
    int col = (int)(args - line) + 1, ccol = (int)(cmd - line) + 1;
    for (char *e = args + strlen(args); e > args && isspace((unsigned char)e[-1]);) *--e = 0;
#define IS(x) (clen == strlen(x) && !strncasecmp(cmd, x, clen))
    if (IS("fen")) {
        cv_pos p;
        cv_fen_errors e;
        if (cv_fen_read(B->v, args, CV_FEN_LENIENT, &p, &e) < 0) {
            const cv_fen_error *x = &e.e[0];
            for (int i = 0; i < e.n; i++)
                if (e.e[i].kind == CV_FE_SYNTAX) { x = &e.e[i]; break; }
            return fail(w, col + x->col - 1, "invalid FEN: %s", x->msg);
        }
        /* The board takes illegal set-ups on purpose (no kings, say). */
        setup(B, &p);
        show(B);
        return 0;
    }
    if (IS("reset") || IS("clear")) {
        if (*args) return fail(w, col, "'%.*s' takes no argument", (int)clen, cmd);
        cv_pos p;
        if (IS("reset")) cv_pos_start(B->v, &p);
        else { cv_pos_clear(&p, B->v); cv_pos_refresh(&p); }
        setup(B, &p);
        show(B);
        return 0;
    }
    if (IS("m")) return cmd_move(B, args, col, w);
    if (IS("p")) return cmd_put(B, args, col, w);
    if (IS("side")) {
        if (strcasecmp(args, "w") && strcasecmp(args, "b")) return fail(w, col, "side takes 'w' or 'b', not '%s'", args);
        cv_pos p = *now(B);
        p.side = tolower((unsigned char)args[0]) == 'b';
        p.ep = p.ep_victim = -1;
        edited(B, &p);
        show(B);
        return 0;
    }
    if (IS("castling")) return cmd_castling(B, args, col, w);
    if (IS("pop") || IS("takeback")) {
        if (*args) return fail(w, col, "'%.*s' takes no argument", (int)clen, cmd);
        if (B->cur == 0) return fail(w, ccol, "no move to take back");
        B->cur--;
        B->n = B->cur;
        show(B);
        return 0;
    }
    if (IS("back")) {
        if (*args) return fail(w, col, "'%.*s' takes no argument", (int)clen, cmd);
        if (B->cur == 0) return fail(w, ccol, "already at the first position");
        B->cur--;
        show(B);
        return 0;
    }
    if (IS("forward")) {
        if (*args) return fail(w, col, "'%.*s' takes no argument", (int)clen, cmd);
        if (B->cur == B->n) return fail(w, ccol, "already at the last move");
        B->cur++;
        show(B);
        return 0;
    }
    if (IS("info")) {
        if (*args) return fail(w, col, "'%.*s' takes no argument", (int)clen, cmd);
        info(B);
        return 0;
    }
    if (IS("channel")) {
        long n = cv_cli_parse_count(args);
        if (n < 0) return fail(w, col, "channel takes a number, not '%s'", args);
        B->channel = (int)n;
        printf("ok channel %ld\n", n);
        return 0;
    }
    if (IS("lock")) {
        if (strcasecmp(args, "on") && strcasecmp(args, "off")) return fail(w, col, "lock takes 'on' or 'off', not '%s'", args);
        B->lock = !strcasecmp(args, "on");
        printf("ok lock %s\n", B->lock ? "on" : "off");
        return 0;
    }
    return fail(w, (int)(cmd - line) + 1, "unknown command '%.*s'", (int)clen, cmd);
#undef IS
}

static int run_file(const char *path, FILE *f, void *arg)
{
    board *B = arg;
    char *line = NULL;
    size_t cap = 0;
    where w = { path, 0 };
    int status = 0;
    long n;
    while ((n = cv_getline(&line, &cap, f)) >= 0) {
        w.line++;
        if ((long)strlen(line) != n) {
            fail(&w, (int)strlen(line) + 1, "NUL byte in the command");
            status = 1;
            continue;
        }
        if (run_line(B, line, &w) > 0) status = 1;
        fflush(stdout);
    }
    free(line);
    return status;
}

int main(int argc, char **argv)
{
    board B = { 0 };
    const char *variant = NULL, *spec = NULL;
    enum { O_SPEC = 256, O_HELP, O_VERSION };
    static const struct option lo[] = {
        { "diagram", no_argument, 0, 'd' }, { "variant", required_argument, 0, 'V' },
        { "spec", required_argument, 0, O_SPEC },
        { "help", no_argument, 0, O_HELP }, { "version", no_argument, 0, O_VERSION }, { 0, 0, 0, 0 } };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":dV:", lo, NULL)) != -1) {
        switch (c) {
        case 'd': B.diagram = 1; break;
        case 'V': variant = optarg; break;
        case O_SPEC: spec = optarg; break;
        case O_HELP: usage(); return 0;
        case O_VERSION: cv_cli_version(tool); return 0;
        case ':': return cv_cli_bad_option(tool, argv, optind, optopt, 1);
        default: return cv_cli_bad_option(tool, argv, optind, optopt, 0);
        }
    }
    cv_variant *v = cv_variant_select(variant, spec, NULL);
    if (!v) return 2;
    if (v->module != CV_MODULE_NONE) {
        cv_report(NULL, CV_ERROR, "", 0, 0, "the ProChess board plays variants on a plain board; %s is played by a "
                  "rule module (use cv-legal)", v->name);
        cv_variant_free(v);
        return 2;
    }
    B.v = v;
    if (grow(&B) < 0) return 2;
    cv_pos start;
    cv_pos_start(v, &start);
    setup(&B, &start);
    int status = 0;
    if (cv_cli_each_file(tool, argv + optind, argc - optind, NULL, run_file, &B, &status)) status = 2;
    free(B.hist);
    free(B.san);
    cv_variant_free(v);
    return status;
}
