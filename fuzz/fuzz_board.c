/* fuzz_board: the cv-board command language as the engine sees it, on
 * chess, Double Chess and Tri-D (both rule sets).  Input: one selector
 * byte (the variant), then lines, each a command as cv-board reads it
 * (case-insensitive word, arguments trimmed):
 *     m ARGS        cv_any_board_move, then make
 *     p ARGS        cv_any_put
 *     castling ARGS cv_any_set_rights
 *     side w|b      cv_any_set_side
 *     fen TEXT      cv_any_read_position, lenient
 *     reset, clear  the start or the empty position
 *     pop           take the last move back (unmake)
 * Promises checked (abort() when broken):
 *  - after every accepted command the position's text reads back
 *    leniently without a syntax error, to a position that writes the same
 *    text (what the board shows can be typed back with `fen`);
 *  - a refused command says why (non-empty) and, for m and p, at a column
 *    inside its arguments; a refused `fen` names at least one problem;
 *  - a move `m` accepts is one of the legal moves, and its text in the
 *    engine's main notation (what `record` writes) reads back to it;
 *  - pop (unmake) gives back the text before the move. */
#include "cvkit.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const names[4] = { "chess", "doublechess", "trid-standard", "trid-tournament" };
static const cv_variant *vs[4];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    for (int i = 0; i < 4; i++)
        if (!(vs[i] = cv_variant_cached(names[i], NULL))) abort();
    return 0;
}

#define DEPTH 64

typedef struct board {
    const cv_variant *v;
    cv_apos a;
    int n;                      /* moves that pop can take back */
    cv_amove m[DEPTH];
    cv_aundo u[DEPTH];
    char before[DEPTH][1024];
} board;

static void shown(board *B)
{
    static char t1[4096], t2[4096];
    static cv_apos b;
    static cv_fen_errors e;
    cv_any_write(&B->a, 0, t1, sizeof t1);
    if (cv_any_read_position(B->v, t1, CV_FEN_LENIENT, &b, &e) != 0) abort();
    for (int i = 0; i < e.n; i++)
        if (e.e[i].kind == CV_FE_SYNTAX) abort();
    cv_any_write(&b, 0, t2, sizeof t2);
    if (strcmp(t1, t2)) abort();
}

static cv_amove ml[1024];

static void cmd_move(board *B, const char *args)
{
    cv_amove m;
    char why[400] = "";
    int col = -1;
    cv_move_status st = cv_any_board_move(&B->a, args, &m, why, sizeof why, &col);
    if (st != CV_MOVE_OK) {
        if (!why[0] || col < 0 || (size_t)col > strlen(args)) abort();
        return;
    }
    char want[64], got[64];
    cv_any_format(&B->a, &m, 0, want, sizeof want);
    int n = cv_any_gen(&B->a, ml, 1024), found = 0;
    for (int i = 0; i < n && !found; i++) {
        cv_any_format(&B->a, &ml[i], 0, got, sizeof got);
        found = !strcmp(want, got);
    }
    if (!found) abort();
    cv_amove m2;
    cv_move_info info;
    if (cv_any_read_move(&B->a, want, 0, 0, &m2, &info) != CV_MOVE_OK) abort();
    cv_any_format(&B->a, &m2, 0, got, sizeof got);
    if (strcmp(want, got)) abort();
    if (B->n == DEPTH) B->n = 0;    /* history full: start it again */
    cv_any_write(&B->a, 0, B->before[B->n], sizeof B->before[0]);
    B->m[B->n] = m;
    cv_any_make(&B->a, &m, &B->u[B->n]);
    B->n++;
    shown(B);
}

static void run_line(board *B, char *line)
{
    char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    if (!*s || *s == '#') return;
    char *cmd = s;
    while (*s && !isspace((unsigned char)*s)) s++;
    size_t clen = (size_t)(s - cmd);
    while (*s == ' ' || *s == '\t') s++;
    char *args = s;
    for (char *e = args + strlen(args); e > args && isspace((unsigned char)e[-1]);) *--e = 0;
#define IS(x) (clen == strlen(x) && !strncasecmp(cmd, x, clen))
    char why[400] = "";
    int col = -1;
    if (IS("m")) {
        cmd_move(B, args);
    } else if (IS("p")) {
        cv_apos p;
        cv_apos_copy(&p, &B->a);
        if (cv_any_put(&p, args, why, sizeof why, &col) < 0) {
            if (!why[0] || col < 0 || (size_t)col > strlen(args)) abort();
            return;
        }
        cv_apos_copy(&B->a, &p);
        B->n = 0;
        shown(B);
    } else if (IS("castling")) {
        if (!*args) return;
        cv_apos p;
        cv_apos_copy(&p, &B->a);
        if (cv_any_set_rights(&p, args, why, sizeof why) < 0) {
            if (!why[0]) abort();
            return;
        }
        cv_apos_copy(&B->a, &p);
        B->n = 0;
        shown(B);
    } else if (IS("side")) {
        if (strcasecmp(args, "w") && strcasecmp(args, "b")) return;
        cv_any_set_side(&B->a, tolower((unsigned char)args[0]) == 'b');
        if (cv_any_side(&B->a) != (tolower((unsigned char)args[0]) == 'b')) abort();
        B->n = 0;
        shown(B);
    } else if (IS("fen")) {
        cv_apos p;
        cv_fen_errors e;
        if (cv_any_read_position(B->v, args, CV_FEN_LENIENT, &p, &e) < 0) {
            /* cv-board prints e.e[0] (or the first syntax error) */
            /* also with 32 lax deviations first (seed trid-fen-error-cap) */
            if (e.n < 1 || !e.e[0].msg[0]) abort();
            return;
        }
        cv_apos_copy(&B->a, &p);
        B->n = 0;
        shown(B);
    } else if (IS("reset") || IS("clear")) {
        if (IS("reset")) cv_any_start(B->v, &B->a);
        else cv_any_clear(B->v, &B->a);
        B->n = 0;
        shown(B);
    } else if (IS("pop")) {
        if (!B->n) return;
        B->n--;
        cv_any_unmake(&B->a, &B->m[B->n], &B->u[B->n]);
        char now[1024];
        cv_any_write(&B->a, 0, now, sizeof now);
        if (strcmp(now, B->before[B->n])) abort();
        shown(B);
    }
#undef IS
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size < 1 || size > 4096) return 0;
    static board B;
    B.v = vs[data[0] & 3];
    B.n = 0;
    cv_any_start(B.v, &B.a);
    char line[4100];
    size_t i = 1;
    while (i < size) {
        size_t n = 0;
        while (i < size && data[i] != '\n') {
            if (n < sizeof line - 1) line[n++] = data[i] ? (char)data[i] : ' ';
            i++;
        }
        i++;
        line[n] = 0;
        run_line(&B, line);
    }
    return 0;
}
