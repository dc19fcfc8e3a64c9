#include "uci.h"
#include "playgame.h"
#include "protovar.h"
#include "think.h"
#include "variant.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct cv_uci {
    FILE *out;
    const char *name;
    cv_search *s;
    const cv_protovar *pv;  /* UCI_Variant */
    int chess960;           /* UCI_Chess960 */
    const cv_variant *v;
    cv_play_game g;
    int have;
    cv_search_limits base;
};

static void say(cv_uci *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(cv_uci *u, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(u->out, fmt, ap);
    va_end(ap);
    fputc('\n', u->out);
    fflush(u->out);
}

/* The variant the options select. */
static const cv_protovar *selected(const cv_uci *u)
{
    if (u->chess960 && u->pv == cv_protovar_at(0)) return cv_protovar_uci("chess960");
    return u->pv;
}

/* A word of *p, *p moved past it and its blanks; NULL at the end. */
static const char *word(const char **p, char *buf, size_t size)
{
    const char *s = *p + strspn(*p, " \t");
    size_t n = strcspn(s, " \t");
    if (!n) return NULL;
    snprintf(buf, size, "%.*s", (int)(n < size ? n : size - 1), s);
    s += n;
    *p = s + strspn(s, " \t");
    return buf;
}

static int set_game(cv_uci *u, const cv_apos *a)
{
    cv_play_game g;
    if (cv_play_game_init(&g, a) < 0) return -1;
    if (u->have) cv_play_game_free(&u->g);
    u->g = g;
    u->have = 1;
    u->v = a->v;
    return 0;
}

static void position(cv_uci *u, const char *args)
{
    const cv_protovar *p = selected(u);
    const cv_variant *v = cv_variant_cached(p->spec, NULL);
    char w[256];
    if (!v) {
        say(u, "info string cannot load the variant %s", p->uci);
        return;
    }
    cv_apos a;
    const char *rest = args;
    const char *kind = word(&rest, w, sizeof w);
    if (kind && !strcmp(kind, "startpos")) {
        if (cv_any_start(v, &a) < 0) {
            say(u, "info string %s has no start position", p->uci);
            return;
        }
    } else if (kind && !strcmp(kind, "fen")) {
        const char *end = strstr(rest, " moves");
        size_t n = end ? (size_t)(end - rest) : strlen(rest);
        char fen[2048];
        snprintf(fen, sizeof fen, "%.*s", (int)(n < sizeof fen ? n : sizeof fen - 1), rest);
        cv_fen_errors errs;
        memset(&errs, 0, sizeof errs);
        int bad = cv_any_read_position(v, fen, 0, &a, &errs) < 0;
        for (int i = 0; i < errs.n; i++) bad |= errs.e[i].kind != CV_FE_LAX;
        if (bad) {
            say(u, "info string illegal position: %s", fen);
            return;
        }
        rest += n;
        rest += strspn(rest, " \t");
    } else {
        say(u, "info string position needs startpos or fen");
        return;
    }
    if (set_game(u, &a) < 0) {
        say(u, "info string out of memory");
        return;
    }
    const char *m = word(&rest, w, sizeof w);
    if (!m) return;
    if (strcmp(m, "moves")) {
        say(u, "info string position: '%s' where 'moves' was expected", m);
        return;
    }
    int nt = cv_any_notation(v, "uci");
    while ((m = word(&rest, w, sizeof w))) {
        cv_amove mv;
        char why[320];
        if (cv_play_read(&u->g, m, nt, &mv, why, sizeof why) != CV_MOVE_OK) {
            say(u, "info string illegal move: %s", m);
            return;
        }
        if (cv_play_push(&u->g, &mv) < 0) {
            say(u, "info string out of memory");
            return;
        }
    }
}

static void report(void *arg, const cv_apos *root, const cv_search_info *info)
{
    cv_uci *u = arg;
    char pv[2048], score[32];
    cv_search_pv_text(root, info, cv_any_notation(root->v, "uci"), pv, sizeof pv);
    if (info->mate) snprintf(score, sizeof score, "mate %d", info->mate);
    else snprintf(score, sizeof score, "cp %d", info->score);
    say(u, "info depth %d seldepth %d score %s nodes %llu time %ld pv %s", info->depth, info->seldepth, score,
        (unsigned long long)info->nodes, (long)(info->seconds * 1000.0), pv);
}

static void go(cv_uci *u, const char *args)
{
    if (!u->have) position(u, "startpos");
    if (!u->have) return;
    cv_search_limits lim = u->base;
    int side = cv_any_side(cv_play_now(&u->g)), given = 0;
    double clock[2] = { 0, 0 }, inc[2] = { 0, 0 };
    char w[64], val[64];
    const char *rest = args;
    const char *k;
    while ((k = word(&rest, w, sizeof w))) {
        if (!strcmp(k, "infinite") || !strcmp(k, "ponder")) continue;
        const char *vtext = word(&rest, val, sizeof val);
        if (!vtext) break;
        long long n = atoll(vtext);
        if (!strcmp(k, "depth") && n > 0) lim.depth = (int)(n < CV_SEARCH_MAX_PLY ? n : CV_SEARCH_MAX_PLY), lim.nodes = 0, given = 1;
        else if (!strcmp(k, "nodes") && n > 0) lim.nodes = (uint64_t)n, lim.depth = 0, given = 1;
        else if (!strcmp(k, "movetime") && n > 0) lim.movetime = (double)n / 1000.0, given = 1;
        else if (!strcmp(k, "wtime")) clock[0] = (double)n / 1000.0, given = 1;
        else if (!strcmp(k, "btime")) clock[1] = (double)n / 1000.0, given = 1;
        else if (!strcmp(k, "winc")) inc[0] = (double)n / 1000.0;
        else if (!strcmp(k, "binc")) inc[1] = (double)n / 1000.0;
        else if (!strcmp(k, "movestogo")) lim.movestogo = (int)n;
    }
    if (clock[side] > 0) {
        lim.clock = clock[side];
        lim.inc = inc[side];
    }
    if (!given && !lim.depth && !lim.nodes) lim.depth = 6;
    cv_search_info info;
    int rc = cv_play_think(u->s, &u->g, &lim, report, u, &info);
    if (rc <= 0) {
        if (rc < 0) say(u, "info string this variant cannot be searched");
        say(u, "bestmove (none)");
        return;
    }
    char mv[256];
    cv_protovar_move(NULL, cv_play_now(&u->g), &info.pv[0], mv, sizeof mv);
    say(u, "bestmove %s", mv);
}

static void setoption(cv_uci *u, const char *args)
{
    /* setoption name NAME value VALUE */
    const char *n = strstr(args, "name ");
    const char *val = strstr(args, " value ");
    if (!n || !val) {
        say(u, "info string setoption needs name and value");
        return;
    }
    n += 5;
    size_t len = (size_t)(val - n);
    val += 7;
    if (len == 11 && !strncmp(n, "UCI_Variant", 11)) {
        const cv_protovar *p = cv_protovar_uci(val);
        if (!p) say(u, "info string unknown variant: %s", val);
        else {
            u->pv = p;
            if (u->have) cv_play_game_free(&u->g);
            u->have = 0;
        }
    } else if (len == 12 && !strncmp(n, "UCI_Chess960", 12)) {
        u->chess960 = !strcmp(val, "true");
        if (u->have) cv_play_game_free(&u->g);
        u->have = 0;
    } else {
        say(u, "info string unknown option: %.*s", (int)len, n);
    }
}

int cv_uci_line(cv_uci *u, const char *line)
{
    char w[64];
    const char *rest = line;
    const char *cmd = word(&rest, w, sizeof w);
    if (!cmd) return 0;
    if (!strcmp(cmd, "quit")) return 1;
    if (!strcmp(cmd, "uci")) {
        say(u, "id name %s", u->name);
        say(u, "id author the cvkit authors");
        char list[256] = "";
        for (int i = 0; cv_protovar_at(i); i++) {
            strcat(list, " var ");
            strcat(list, cv_protovar_at(i)->uci);
        }
        say(u, "option name UCI_Variant type combo default chess%s", list);
        say(u, "option name UCI_Chess960 type check default false");
        say(u, "uciok");
    } else if (!strcmp(cmd, "isready")) {
        say(u, "readyok");
    } else if (!strcmp(cmd, "ucinewgame")) {
        cv_search_clear(u->s);
    } else if (!strcmp(cmd, "setoption")) {
        setoption(u, rest);
    } else if (!strcmp(cmd, "position")) {
        position(u, rest);
    } else if (!strcmp(cmd, "go")) {
        go(u, rest);
    } else if (!strcmp(cmd, "stop") || !strcmp(cmd, "ponderhit") || !strcmp(cmd, "debug") ||
               !strcmp(cmd, "register")) {
        /* the search has ended before the next line is read */
    } else {
        say(u, "info string unknown command: %s", cmd);
    }
    return 0;
}

cv_uci *cv_uci_new(FILE *out, const cv_search_limits *base, const char *name)
{
    cv_uci *u = calloc(1, sizeof *u);
    if (!u) return NULL;
    u->out = out;
    u->name = name;
    u->base = *base;
    u->pv = cv_protovar_at(0);
    u->s = cv_search_new(16);
    if (!u->s) {
        free(u);
        return NULL;
    }
    return u;
}

void cv_uci_free(cv_uci *u)
{
    if (!u) return;
    if (u->have) cv_play_game_free(&u->g);
    cv_search_free(u->s);
    free(u);
}
