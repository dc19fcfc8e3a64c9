#include "xboard.h"
#include "playgame.h"
#include "protovar.h"
#include "think.h"
#include "variant.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct cv_xboard {
    FILE *out;
    const char *name;
    cv_search *s;
    const cv_protovar *pv;
    const cv_variant *v;
    int nt;                 /* the notation moves are read in */
    cv_play_game g;
    int force, engine, post, over;
    cv_search_limits base;  /* the caller's */
    int sd;                 /* sd: 0 none */
    double st;              /* st: seconds a move, 0 none */
    int mps, level;         /* level: moves a control (0: all), given */
    double inc;
    long mytime;            /* time: centiseconds, -1 not given */
    int moves_made;         /* by the engine since new (for mps) */
};

static void say(cv_xboard *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(cv_xboard *x, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(x->out, fmt, ap);
    va_end(ap);
    fputc('\n', x->out);
    fflush(x->out);
}

/* A new game of p from pos (NULL: the variant's start); -1 when the spec
 * cannot be loaded or memory runs out. */
static int start_game(cv_xboard *x, const cv_protovar *p, const cv_apos *pos)
{
    const cv_variant *v = pos ? pos->v : cv_variant_cached(p->spec, NULL);
    if (!v) return -1;
    cv_apos a;
    if (!pos) {
        if (cv_any_start(v, &a) < 0) return -1;
        pos = &a;
    }
    cv_play_game g;
    if (cv_play_game_init(&g, pos) < 0) return -1;
    if (x->v) cv_play_game_free(&x->g);
    x->g = g;
    x->pv = p;
    x->v = v;
    x->nt = cv_any_notation(v, "uci");
    if (x->nt < 0) x->nt = cv_any_default_notation(v);
    x->over = 0;
    return 0;
}

static void features(cv_xboard *x)
{
    say(x, "feature done=0");
    say(x, "feature myname=\"%s\"", x->name);
    say(x, "feature setboard=1 usermove=1 ping=1 playother=1 sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 time=1 "
           "draw=0 name=0");
    char list[256] = "";
    for (int i = 0; cv_protovar_at(i); i++) {
        if (i) strcat(list, ",");
        strcat(list, cv_protovar_at(i)->xboard);
    }
    say(x, "feature variants=\"%s\"", list);
    say(x, "feature done=1");
}

/* Says the game's end when the position now ends it; 1 then. */
static int judge(cv_xboard *x)
{
    cv_play_result r;
    cv_play_end(&x->g, &r);
    if (r.state == CV_PLAY_ON) return 0;
    if (!x->over) say(x, "%s {%s}", r.result, r.reason);
    x->over = 1;
    return 1;
}

static void limits(cv_xboard *x, cv_search_limits *lim)
{
    *lim = x->base;
    if (x->sd > 0) {
        lim->depth = x->sd;
        lim->nodes = 0;
    }
    if (x->st > 0) lim->movetime = x->st;
    else if (x->level && x->mytime >= 0) {
        lim->clock = (double)x->mytime / 100.0;
        lim->inc = x->inc;
        lim->movestogo = x->mps ? x->mps - x->moves_made % x->mps : 0;
    }
    /* a GUI that gives no limit at all gets a move, not an endless search */
    if (!lim->depth && !lim->nodes && !(lim->movetime > 0) && !(lim->clock > 0)) lim->depth = 6;
}

static void report(void *arg, const cv_apos *root, const cv_search_info *info)
{
    cv_xboard *x = arg;
    if (!x->post) return;
    char pv[2048];
    cv_search_pv_text(root, info, x->nt, pv, sizeof pv);
    int score = info->mate > 0 ? 100000 + info->mate : info->mate < 0 ? -100000 + info->mate : info->score;
    say(x, "%d %d %ld %llu %s", info->depth, score, (long)(info->seconds * 100.0), (unsigned long long)info->nodes,
        pv);
}

static void think(cv_xboard *x)
{
    if (x->over || judge(x)) return;
    cv_search_limits lim;
    limits(x, &lim);
    cv_search_info info;
    int rc = cv_play_think(x->s, &x->g, &lim, report, x, &info);
    if (rc < 0) {
        say(x, "Error (cannot search this variant): go");
        x->force = 1;
        return;
    }
    if (rc == 0) {
        judge(x);
        return;
    }
    char mv[256];
    cv_protovar_move(x->pv, cv_play_now(&x->g), &info.pv[0], mv, sizeof mv);
    if (cv_play_push(&x->g, &info.pv[0]) < 0) {
        say(x, "Error (out of memory): go");
        x->force = 1;
        return;
    }
    x->moves_made++;
    say(x, "move %s", mv);
    judge(x);
}

static int engine_to_move(cv_xboard *x) { return !x->force && cv_any_side(cv_play_now(&x->g)) == x->engine; }

static void usermove(cv_xboard *x, const char *text)
{
    cv_amove m;
    char why[320];
    if (x->over || cv_play_read(&x->g, text, x->nt, &m, why, sizeof why) != CV_MOVE_OK) {
        say(x, "Illegal move: %s", text);
        return;
    }
    if (cv_play_push(&x->g, &m) < 0) {
        say(x, "Error (out of memory): %s", text);
        return;
    }
    if (judge(x)) return;
    if (engine_to_move(x)) think(x);
}

/* Reads a position as the engine's own text; 0, or -1 when it cannot be
 * played (a lax form is taken). */
static int read_board(const cv_xboard *x, const char *fen, cv_apos *a)
{
    cv_fen_errors errs;
    memset(&errs, 0, sizeof errs);
    int bad = cv_any_read_position(x->v, fen, 0, a, &errs) < 0;
    for (int i = 0; i < errs.n; i++) bad |= errs.e[i].kind != CV_FE_LAX;
    return bad ? -1 : 0;
}

/* XBoard writes its own rights for a board it does not know: for Double
 * Chess's "setup", "w KQ p6 0 1" after the start, one castling letter a
 * wing and an en passant square no move made.  A position refused as it
 * stands is taken with its castling and en passant fields (the third and
 * fourth) as "-", the board and the side being what the GUI shows. */
static int read_board_without_rights(const cv_xboard *x, const char *fen, cv_apos *a)
{
    char buf[1024], *field[8];
    if (strlen(fen) >= sizeof buf) return -1;
    strcpy(buf, fen);
    int n = 0;
    char *save = NULL;
    for (char *t = strtok_r(buf, " ", &save); t && n < 8; t = strtok_r(NULL, " ", &save)) field[n++] = t;
    if (n < 4) return -1;
    char text[1100];
    size_t len = (size_t)snprintf(text, sizeof text, "%s %s - -", field[0], field[1]);
    for (int i = 4; i < n && len < sizeof text; i++) len += (size_t)snprintf(text + len, sizeof text - len, " %s", field[i]);
    return len < sizeof text ? read_board(x, text, a) : -1;
}

static void setboard(cv_xboard *x, const char *fen)
{
    cv_apos a;
    int bad = read_board(x, fen, &a) < 0 && read_board_without_rights(x, fen, &a) < 0;
    if (bad || start_game(x, x->pv, &a) < 0) {
        say(x, "tellusererror Illegal position");
        return;
    }
    judge(x);
}

static void variant(cv_xboard *x, const char *name)
{
    const cv_protovar *p = cv_protovar_xboard(name);
    if (!p || start_game(x, p, NULL) < 0) {
        say(x, "Error (unsupported variant): %s", name);
        return;
    }
    if (p->board) {
        char fen[2048];
        cv_any_write(cv_play_now(&x->g), 0, fen, sizeof fen);
        say(x, "setup (%s) %s %s", p->pieces, p->board, fen);
    }
}

/* level MPS BASE INC: BASE is minutes or MIN:SEC */
static void level(cv_xboard *x, const char *args)
{
    int mps;
    char base[32];
    double inc;
    if (sscanf(args, "%d %31s %lf", &mps, base, &inc) != 3 || mps < 0 || inc < 0) {
        say(x, "Error (bad arguments): level %s", args);
        return;
    }
    x->mps = mps;
    x->inc = inc;
    x->level = 1;
}

static const char *const ignored[] = {
    "?", "draw", "hard", "easy", "random", "computer", "name", "rating", "ics", "accepted", "rejected", "white",
    "black", "memory", "cores", "bk", "hint", "option", "xboard", "otim", "exit", "egtpath", "nps", NULL,
};

int cv_xboard_line(cv_xboard *x, const char *line)
{
    char cmd[64];
    line += strspn(line, " \t");
    size_t n = strcspn(line, " \t");
    if (!n) return 0;
    snprintf(cmd, sizeof cmd, "%.*s", (int)(n < sizeof cmd ? n : sizeof cmd - 1), line);
    const char *args = line + n;
    args += strspn(args, " \t");
    if (n >= sizeof cmd) goto unknown;

    if (!strcmp(cmd, "quit")) return 1;
    if (!strcmp(cmd, "protover")) {
        if (atoi(args) >= 2) features(x);
        return 0;
    }
    if (!strcmp(cmd, "new")) {
        if (start_game(x, cv_protovar_at(0), NULL) < 0) say(x, "Error (cannot load chess): new");
        cv_search_clear(x->s);
        x->force = 0;
        x->engine = 1;
        x->sd = 0;
        x->moves_made = 0;
        return 0;
    }
    if (!strcmp(cmd, "variant")) return variant(x, args), 0;
    if (!strcmp(cmd, "setboard")) return setboard(x, args), 0;
    if (!strcmp(cmd, "usermove")) return usermove(x, args), 0;
    if (!strcmp(cmd, "force")) return x->force = 1, 0;
    if (!strcmp(cmd, "go")) {
        x->force = 0;
        x->engine = cv_any_side(cv_play_now(&x->g));
        think(x);
        return 0;
    }
    if (!strcmp(cmd, "playother")) {
        x->force = 0;
        x->engine = !cv_any_side(cv_play_now(&x->g));
        return 0;
    }
    if (!strcmp(cmd, "undo") || !strcmp(cmd, "remove")) {
        int k = cmd[0] == 'u' ? 1 : 2;
        if (x->g.n < k) {
            say(x, "Error (no move to take back): %s", cmd);
            return 0;
        }
        while (k--) cv_play_pop(&x->g);
        x->over = 0;
        return 0;
    }
    if (!strcmp(cmd, "result")) {
        x->over = 1;
        return 0;
    }
    if (!strcmp(cmd, "post")) return x->post = 1, 0;
    if (!strcmp(cmd, "nopost")) return x->post = 0, 0;
    if (!strcmp(cmd, "ping")) return say(x, "pong %s", args), 0;
    if (!strcmp(cmd, "sd")) {
        int d = atoi(args);
        if (d < 1 || d > CV_SEARCH_MAX_PLY) say(x, "Error (bad depth): sd %s", args);
        else x->sd = d;
        return 0;
    }
    if (!strcmp(cmd, "st")) {
        double s = atof(args);
        if (!(s > 0)) say(x, "Error (bad time): st %s", args);
        else x->st = s;
        return 0;
    }
    if (!strcmp(cmd, "time")) return x->mytime = atol(args), 0;
    if (!strcmp(cmd, "level")) return level(x, args), 0;
    for (int i = 0; ignored[i]; i++)
        if (!strcmp(cmd, ignored[i])) return 0;
    /* a move without usermove (a GUI that refused the feature) */
    {
        cv_amove m;
        char why[320];
        cv_move_status st = cv_play_read(&x->g, cmd, x->nt, &m, why, sizeof why);
        if (st != CV_MOVE_SYNTAX && !*args) return usermove(x, cmd), 0;
    }
unknown:
    say(x, "Error (unknown command): %s", cmd);
    return 0;
}

cv_xboard *cv_xboard_new(FILE *out, const cv_search_limits *base, const char *name)
{
    cv_xboard *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    x->out = out;
    x->name = name;
    x->base = *base;
    x->engine = 1;
    x->mytime = -1;
    x->s = cv_search_new(16);
    if (!x->s || start_game(x, cv_protovar_at(0), NULL) < 0) {
        cv_xboard_free(x);
        return NULL;
    }
    return x;
}

void cv_xboard_free(cv_xboard *x)
{
    if (!x) return;
    if (x->v) cv_play_game_free(&x->g);
    cv_search_free(x->s);
    free(x);
}
