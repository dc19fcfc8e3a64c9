/* match: two engines play each other over their protocols, cvkit's engine
 * interface the referee.  A bench program (make bench builds it), not a
 * tool: it is never installed.
 *
 *   bench/match [-V VARIANT | --spec FILE] [--fen POS] [--games N]
 *               [--seed S] [--plies P] [--st SECONDS | --nodes N | --depth D]
 *               [--max-plies N] [--timeout SECONDS] [--log FILE]
 *               [--games-out FILE] [-q] ENGINE1 ENGINE2
 *   ENGINE: PROTO[/VARIANT]:COMMAND   PROTO xboard or uci; VARIANT the
 *   engine's name of the game (xboard `variant`, UCI `UCI_Variant`), none
 *   for its default; COMMAND run by /bin/sh.  --init1/--init2 LINE (any
 *   number) are sent to that engine after its handshake.
 *
 * What it promises:
 *  - Every move of both sides is read by cv_any_read_move in the engine's
 *    coordinate notation ("uci"; the default notation only as a fall-back
 *    for engines that write castling O-O) against the referee's position
 *    and played there; a move that does not read as a legal move loses
 *    the game and is said on standard error with the position.
 *  - The game's end is the referee's: no move (mate, or the variant's
 *    rule for a side without a move), the fifty-move rule, material that
 *    cannot mate, the variant's repetition count by cv_any_key, and a cap
 *    on plies (a draw).  An engine's resignation loses; its draw claim the
 *    referee does not see is a draw, counted apart ("claims"); an engine
 *    that dies loses ("crash", and it is started again), one that does not
 *    move within --timeout loses ("time") and is started again.
 *  - Openings: game pairs from one opening of --plies random legal plies
 *    (a seeded generator: the same seed, the same openings), each engine
 *    White once.
 *  - Limits: --st: UCI `go movetime`; XBoard `st N` for whole seconds,
 *    else a one-move session (`level 1 1 0`) and `time`/`otim` of the
 *    seconds before each `go`.  --nodes: UCI `go nodes`, XBoard `nps N`
 *    with `st 1` (only engines announcing nps=1: the others lose the game,
 *    "did not take the game's start (no nps)").  --depth: `go
 *    depth` / `sd`.
 *  - The report: per engine wins, draws, losses, score, Elo difference
 *    with its 95% margin, illegal moves, crashes, time losses, the mean
 *    wall time of a move and the node rate the engine itself reports
 *    (its last thinking line of each move: nodes over its own time).
 *    Its last line, for scripts (bench/run), is tab-separated:
 *      result VARIANT NAME1 NAME2 GAMES W D L SCORE% ELO MARGIN
 *      then for each engine: ILLEGAL CRASHES TIMELOSSES S/MOVE KNODES/S
 *    (W D L and the Elo from ENGINE1's view; "-" where there is none).
 *
 * Exit status: 0 the match was played, 1 an engine made an illegal move
 * or crashed (the match played to its end), 2 usage, I/O, a spec or an
 * engine that cannot be started. */
#include "cvkit.h"
#include "cli.h"
#include "engine.h"
#include "variant.h"
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TOOL "match"
#define MAX_MOVES 1024          /* legal moves of one position */
#define MAX_PLIES 2000
#define MAX_INIT 32
#define LINE_MAX_BYTES 65536

enum { PROTO_XBOARD, PROTO_UCI };

typedef struct engine {
    const char *spec;           /* as given */
    char name[128];             /* its myname / id name, else the command */
    int named;                  /* the engine has said its name */
    int proto;
    char variant[64];           /* its name of the game, "" default */
    char cmd[1024];
    const char *init[MAX_INIT];
    int ninit;
    pid_t pid;
    int to, from;               /* pipe ends: its stdin, its stdout */
    char buf[LINE_MAX_BYTES];
    size_t have;
    int setboard, ping, usermove, nps;  /* XBoard features */
    int sent;                   /* XBoard: plies of the game it has been told */
    int pings;
    /* results from this engine's view */
    long wins, draws, losses, illegal, crashes, timeouts, claims;
    long moves;
    double move_secs;           /* wall time of its moves, summed */
    double rep_nodes, rep_secs; /* what it reported of its searches */
    long reported;
} engine;

typedef struct options {
    int games, plies, max_plies, depth, quiet;
    uint64_t seed, nodes;
    double st, timeout;
    const char *fen;
    FILE *log, *gout;
} options;

static options opt = { .games = 2, .plies = 4, .max_plies = 600, .seed = 1 };
static double t_start;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- the engines' processes ---- */

static void logline(const engine *e, const char *dir, const char *s)
{
    if (opt.log)
        fprintf(opt.log, "%9.3f %s %s %s\n", now() - t_start, e->name, dir, s);
}

static int send(engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int send(engine *e, const char *fmt, ...)
{
    /* the longest line: UCI's position with every move of a game */
    static char line[MAX_PLIES * 8 + 1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line - 1)
        return -1;
    logline(e, "<", line);
    line[n++] = '\n';
    for (int off = 0; off < n;) {
        ssize_t w = write(e->to, line + off, (size_t)(n - off));
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        off += (int)w;
    }
    return 0;
}

/* A line from the engine into out (no newline): 1, 0 when none came
 * within secs, -1 at its end.  An over-long line is cut. */
static int readline(engine *e, char *out, size_t size, double secs)
{
    double until = now() + secs;
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->have);
        if (nl || e->have == sizeof e->buf) {
            size_t len = nl ? (size_t)(nl - e->buf) : e->have;
            size_t n = len < size - 1 ? len : size - 1;
            memcpy(out, e->buf, n);
            out[n] = 0;
            if (n && out[n - 1] == '\r')
                out[--n] = 0;
            size_t used = nl ? len + 1 : len;
            memmove(e->buf, e->buf + used, e->have - used);
            e->have -= used;
            logline(e, ">", out);
            return 1;
        }
        double left = until - now();
        if (left <= 0)
            return 0;
        struct pollfd p = { .fd = e->from, .events = POLLIN };
        int r = poll(&p, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno != EINTR)
            return -1;
        if (r <= 0)
            continue;
        ssize_t got = read(e->from, e->buf + e->have, sizeof e->buf - e->have);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return -1;
        e->have += (size_t)got;
    }
}

static void stop_engine(engine *e, int polite)
{
    if (e->pid <= 0)
        return;
    if (polite)
        send(e, "quit");
    close(e->to);
    close(e->from);
    int st;
    for (int i = 0; i < 20; i++) {
        if (waitpid(e->pid, &st, WNOHANG) == e->pid) {
            e->pid = 0;
            return;
        }
        nanosleep(&(struct timespec){ .tv_nsec = 25000000 }, NULL);
    }
    kill(-e->pid, SIGKILL);
    kill(e->pid, SIGKILL);
    waitpid(e->pid, &st, 0);
    e->pid = 0;
}

/* The value of key=VALUE in an XBoard feature line, into out. */
static int feature(const char *line, const char *key, char *out, size_t size)
{
    size_t k = strlen(key);
    for (const char *p = line; (p = strstr(p, key)) != NULL; p += k) {
        if ((p == line || p[-1] == ' ') && p[k] == '=') {
            const char *v = p + k + 1;
            size_t n = 0;
            if (*v == '"') {
                v++;
                while (v[n] && v[n] != '"')
                    n++;
            } else {
                while (v[n] && v[n] != ' ')
                    n++;
            }
            if (n >= size)
                n = size - 1;
            memcpy(out, v, n);
            out[n] = 0;
            return 1;
        }
    }
    return 0;
}

static int start_engine(engine *e)
{
    int in[2], out[2];
    if (pipe(in) < 0 || pipe(out) < 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        /* its own process group, so a time loss can end what it started */
        setpgid(0, 0);
        dup2(in[0], 0);
        dup2(out[1], 1);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, 2);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        char sh[1100];
        snprintf(sh, sizeof sh, "exec %s", e->cmd);
        execl("/bin/sh", "sh", "-c", sh, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    e->pid = pid;
    e->to = in[1];
    e->from = out[0];
    e->have = 0;
    char line[LINE_MAX_BYTES], val[256];
    if (e->proto == PROTO_UCI) {
        send(e, "uci");
        int r;
        while ((r = readline(e, line, sizeof line, 30)) == 1 && strcmp(line, "uciok") != 0)
            if (!strncmp(line, "id name ", 8) && !e->named) {
                snprintf(e->name, sizeof e->name, "%.100s", line + 8);
                e->named = 1;
            }
        if (r != 1)
            return -1;
        for (int i = 0; i < e->ninit; i++)
            send(e, "%s", e->init[i]);
        if (e->variant[0])
            send(e, "setoption name UCI_Variant value %s", e->variant);
        send(e, "isready");
        while ((r = readline(e, line, sizeof line, 30)) == 1 && strcmp(line, "readyok") != 0)
            ;
        return r == 1 ? 0 : -1;
    }
    send(e, "xboard");
    send(e, "protover 2");
    /* nps only where announced: Fairy-Max 5.0b announces nothing and
     * ignores the command, searching by time */
    e->setboard = e->ping = e->usermove = e->nps = 0;
    /* done=0 asks for time until done=1; an engine of protocol 1 sends no
     * features at all, which two seconds tell */
    double wait = 2;
    for (;;) {
        int r = readline(e, line, sizeof line, wait);
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        if (strncmp(line, "feature ", 8) != 0)
            continue;
        if (feature(line, "setboard", val, sizeof val))
            e->setboard = atoi(val);
        if (feature(line, "ping", val, sizeof val))
            e->ping = atoi(val);
        if (feature(line, "usermove", val, sizeof val))
            e->usermove = atoi(val);
        if (feature(line, "nps", val, sizeof val))
            e->nps = atoi(val);
        if (feature(line, "myname", val, sizeof val) && !e->named) {
            snprintf(e->name, sizeof e->name, "%.100s", val);
            e->named = 1;
        }
        if (feature(line, "done", val, sizeof val)) {
            if (atoi(val) == 1)
                break;
            wait = 60;
        }
    }
    for (int i = 0; i < e->ninit; i++)
        send(e, "%s", e->init[i]);
    /* no pondering: the two engines share the machine */
    send(e, "easy");
    send(e, "post");
    return 0;
}

/* Waits for the engine to answer a ping (XBoard) or isready (UCI): all
 * it was sent is then done. */
static int sync_engine(engine *e)
{
    char line[LINE_MAX_BYTES], want[32];
    if (e->proto == PROTO_UCI) {
        send(e, "isready");
        snprintf(want, sizeof want, "readyok");
    } else if (e->ping) {
        send(e, "ping %d", ++e->pings);
        snprintf(want, sizeof want, "pong %d", e->pings);
    } else {
        return 0;
    }
    int r;
    while ((r = readline(e, line, sizeof line, 30)) == 1 && strcmp(line, want) != 0)
        ;
    return r == 1 ? 0 : -1;
}

/* ---- the game ---- */

typedef struct game {
    cv_apos start, pos;
    int nt;                     /* the coordinate notation */
    char moves[MAX_PLIES][64];  /* as the referee writes them */
    int nmoves;
    uint64_t keys[MAX_PLIES + 1];
    int nkeys;
} game;

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Sets up an engine for a game from g->start with the opening played in
 * it (the first nopen moves of g).  -1 when it does not answer, -2 when
 * it lacks what the match needs (setboard for --fen, nps for --nodes). */
static int engine_new_game(engine *e, const game *g, const char *startfen, int nopen)
{
    if (e->proto == PROTO_UCI) {
        send(e, "ucinewgame");
        return sync_engine(e);
    }
    send(e, "new");
    if (e->variant[0])
        send(e, "variant %s", e->variant);
    send(e, "force");
    if (startfen) {
        if (!e->setboard)
            return -2;
        send(e, "setboard %s", startfen);
    }
    if (opt.nodes) {
        if (!e->nps)
            return -2;
        send(e, "nps %llu", (unsigned long long)opt.nodes);
        send(e, "st 1");
    } else if (opt.depth) {
        send(e, "sd %d", opt.depth);
        send(e, "st 3600");
    } else if (opt.st == floor(opt.st)) {
        send(e, "st %d", (int)opt.st);
    } else {
        send(e, "level 1 1 0");
    }
    for (int i = 0; i < nopen; i++)
        send(e, "%s%s", e->usermove ? "usermove " : "", g->moves[i]);
    e->sent = nopen;
    return sync_engine(e);
}

typedef enum { GOT_MOVE, GOT_RESIGN, GOT_DRAW, GOT_DEAD, GOT_TIME } got_kind;

/* Nodes and seconds of a thinking line (XBoard: ply score time nodes pv;
 * UCI: info ... nodes N ... time MS). */
static void note_thinking(engine *e, const char *line, double *nodes, double *secs)
{
    if (e->proto == PROTO_UCI) {
        const char *n = strstr(line, " nodes "), *t = strstr(line, " time ");
        if (n && t) {
            *nodes = strtod(n + 7, NULL);
            *secs = strtod(t + 6, NULL) / 1000;
        }
        return;
    }
    int ply;
    long score, cs;
    double nd;
    if (sscanf(line, "%d %ld %ld %lf", &ply, &score, &cs, &nd) == 4 && ply > 0) {
        *nodes = nd;
        *secs = cs / 100.0;
    }
}

/* Asks the engine to move in g->pos; its move text into mv. */
static got_kind engine_move(engine *e, game *g, const char *startfen, char *mv, size_t size)
{
    char line[LINE_MAX_BYTES];
    if (e->proto == PROTO_UCI) {
        static char pos[MAX_PLIES * 8 + 256];
        size_t n = (size_t)snprintf(pos, sizeof pos, "position %s%s%s", startfen ? "fen " : "startpos",
                                    startfen ? startfen : "", g->nmoves ? " moves" : "");
        for (int i = 0; i < g->nmoves && n < sizeof pos - 70; i++)
            n += (size_t)snprintf(pos + n, sizeof pos - n, " %s", g->moves[i]);
        send(e, "%s", pos);
        if (opt.nodes)
            send(e, "go nodes %llu", (unsigned long long)opt.nodes);
        else if (opt.depth)
            send(e, "go depth %d", opt.depth);
        else
            send(e, "go movetime %ld", lround(opt.st * 1000));
    } else {
        for (; e->sent < g->nmoves; e->sent++)
            send(e, "%s%s", e->usermove ? "usermove " : "", g->moves[e->sent]);
        if (!opt.nodes && !opt.depth && opt.st != floor(opt.st)) {
            long cs = lround(opt.st * 100);
            send(e, "time %ld", cs);
            send(e, "otim %ld", cs);
        }
        send(e, "go");
    }
    double t0 = now(), nodes = 0, secs = 0;
    double limit = opt.timeout > 0 ? opt.timeout : opt.st > 0 ? 3 * opt.st + 2 : 120;
    for (;;) {
        double left = t0 + limit - now();
        int r = left > 0 ? readline(e, line, sizeof line, left) : 0;
        if (r < 0)
            return GOT_DEAD;
        if (r == 0)
            return GOT_TIME;
        const char *m = NULL;
        if (e->proto == PROTO_UCI) {
            if (!strncmp(line, "bestmove ", 9))
                m = line + 9;
            else if (!strncmp(line, "info ", 5))
                note_thinking(e, line, &nodes, &secs);
        } else {
            if (!strncmp(line, "move ", 5))
                m = line + 5;
            else if (!strncmp(line, "resign", 6) || strstr(line, "resign"))
                return GOT_RESIGN;
            else if (!strncmp(line, "1/2-1/2", 7) || !strncmp(line, "offer draw", 10))
                return GOT_DRAW;
            else if (line[strspn(line, " \t")] >= '0' && line[strspn(line, " \t")] <= '9')
                note_thinking(e, line, &nodes, &secs);
        }
        if (m) {
            size_t k = strcspn(m, " \t");
            if (k >= size)
                k = size - 1;
            memcpy(mv, m, k);
            mv[k] = 0;
            if (e->proto == PROTO_XBOARD) {
                send(e, "force");
                e->sent = g->nmoves + 1;
            }
            e->moves++;
            e->move_secs += now() - t0;
            if (nodes > 0 && secs > 0) {
                e->rep_nodes += nodes;
                e->rep_secs += secs;
                e->reported++;
            }
            return GOT_MOVE;
        }
    }
}

/* The referee's word on g->pos: 0 play on; else sets *result (1 White
 * won, -1 Black, 0 draw) and *why. */
static int judge(const cv_variant *v, game *g, int *result, const char **why)
{
    cv_outcome o;
    cv_any_outcome(&g->pos, &o);
    int side = cv_any_side(&g->pos);
    if (o.moves == 0) {
        if (o.in_check || o.no_move_loses) {
            *result = side == 0 ? -1 : 1;
            *why = o.in_check ? "checkmate" : "no move";
        } else {
            *result = 0;
            *why = "stalemate";
        }
        return 1;
    }
    *result = 0;
    if (o.fifty) {
        *why = "fifty moves";
        return 1;
    }
    if (o.insufficient_material) {
        *why = "insufficient material";
        return 1;
    }
    int want = v->repetition_count > 0 ? v->repetition_count : 3, seen = 0;
    uint64_t k = g->keys[g->nkeys - 1];
    for (int i = 0; i < g->nkeys; i++)
        seen += g->keys[i] == k;
    if (k && seen >= want) {
        *why = "repetition";
        return 1;
    }
    if (g->nmoves >= opt.max_plies) {
        *why = "move cap";
        return 1;
    }
    return 0;
}

/* Reads text as a legal move in g->pos and plays it; -1 when it is not. */
static int referee_play(game *g, const char *text, char *why, size_t whysize)
{
    cv_amove m;
    cv_move_info info;
    cv_move_status st = cv_any_read_move(&g->pos, text, g->nt, 0, &m, &info);
    if (st == CV_MOVE_SYNTAX) {
        cv_move_info info2;
        if (cv_any_read_move(&g->pos, text, cv_any_default_notation(g->pos.v), 0, &m, &info2) == CV_MOVE_OK)
            st = CV_MOVE_OK;
    }
    if (st != CV_MOVE_OK) {
        snprintf(why, whysize, "%s", info.why[0] ? info.why : "not a move");
        return -1;
    }
    if (g->nmoves >= MAX_PLIES) {
        snprintf(why, whysize, "too many plies");
        return -1;
    }
    cv_any_format(&g->pos, &m, g->nt, g->moves[g->nmoves], sizeof g->moves[0]);
    cv_aundo u;
    cv_any_make(&g->pos, &m, &u);
    g->nmoves++;
    g->keys[g->nkeys++] = cv_any_key(&g->pos);
    return 0;
}

/* An opening of opt.plies random legal plies from g->start, the game not
 * over at its end; the generator's state moves on.  -1 when none is found. */
static int make_opening(const cv_variant *v, game *g, uint64_t *rng)
{
    static cv_amove list[MAX_MOVES];
    for (int attempt = 0; attempt < 100; attempt++) {
        cv_apos_copy(&g->pos, &g->start);
        g->nmoves = 0;
        g->nkeys = 0;
        g->keys[g->nkeys++] = cv_any_key(&g->pos);
        int ok = 1, result;
        const char *why;
        for (int i = 0; i < opt.plies && ok; i++) {
            int n = cv_any_gen(&g->pos, list, MAX_MOVES);
            if (n <= 0) {
                ok = 0;
                break;
            }
            if (n > MAX_MOVES)
                n = MAX_MOVES;
            const cv_amove *m = &list[rng_next(rng) % (uint64_t)n];
            cv_any_format(&g->pos, m, g->nt, g->moves[g->nmoves], sizeof g->moves[0]);
            cv_aundo u;
            cv_any_make(&g->pos, m, &u);
            g->nmoves++;
            g->keys[g->nkeys++] = cv_any_key(&g->pos);
            if (judge(v, g, &result, &why))
                ok = 0;
        }
        if (ok)
            return 0;
    }
    return -1;
}

/* Plays one game: white and black engines, the opening in g (nopen
 * moves).  Returns the result from White's view (1, 0, -1), *why. */
static int play_game(const cv_variant *v, game *g, int nopen, engine *white, engine *black,
                     const char **why, int *bad)
{
    static char reason[512];
    engine *side[2] = { white, black };
    for (int c = 0; c < 2; c++) {
        if (side[c]->pid <= 0 && start_engine(side[c]) < 0) {
            snprintf(reason, sizeof reason, "%s could not be started", side[c]->name);
            *why = reason;
            *bad = 2;
            return 0;
        }
        int r = engine_new_game(side[c], g, opt.fen, nopen);
        if (r == -2) {
            snprintf(reason, sizeof reason, "%s cannot play this match: it announces no %s", side[c]->name,
                     opt.fen && !side[c]->setboard ? "setboard (for --fen)" : "nps (for --nodes)");
            *why = reason;
            *bad = 2;
            return 0;
        }
        if (r < 0) {
            snprintf(reason, sizeof reason, "%s did not answer the game's start", side[c]->name);
            *why = reason;
            stop_engine(side[c], 0);
            side[c]->crashes++;
            *bad = 1;
            return c == 0 ? -1 : 1;
        }
    }
    int result;
    for (;;) {
        if (judge(v, g, &result, why))
            return result;
        int c = cv_any_side(&g->pos);
        engine *e = side[c];
        char mv[256], err[400];
        got_kind k = engine_move(e, g, opt.fen, mv, sizeof mv);
        int lose = c == 0 ? -1 : 1;
        switch (k) {
        case GOT_MOVE:
            if (referee_play(g, mv, err, sizeof err) == 0)
                continue;
            e->illegal++;
            *bad = 1;
            {
                char fen[1024];
                cv_any_write(&g->pos, CV_FEN_XFEN, fen, sizeof fen);
                fprintf(stderr, "%s: error: %s played illegal move '%s' in %s: %s\n", TOOL, e->name, mv,
                        fen, err);
            }
            snprintf(reason, sizeof reason, "illegal move %s by %s", mv, e->name);
            *why = reason;
            return lose;
        case GOT_RESIGN:
            *why = "resigns";
            return lose;
        case GOT_DRAW:
            e->claims++;
            *why = "draw claimed";
            return 0;
        case GOT_DEAD:
            e->crashes++;
            *bad = 1;
            stop_engine(e, 0);
            snprintf(reason, sizeof reason, "%s died", e->name);
            *why = reason;
            return lose;
        case GOT_TIME:
            e->timeouts++;
            stop_engine(e, 0);
            snprintf(reason, sizeof reason, "%s lost on time", e->name);
            *why = reason;
            return lose;
        }
    }
}

/* ---- the report ---- */

static double elo_of(double s)
{
    return -400 * log10(1 / s - 1);
}

/* The Elo difference of score s over n games and the half width of its
 * 95% interval: the per-game variance of the score gives the standard
 * error, and the interval of the score is mapped through the logistic
 * model.  *finite 0 when the score is 0 or 1 (no finite Elo). */
static void elo_margin(const engine *a, long n, double s, double *elo, double *margin, int *finite)
{
    *finite = n && s > 0 && s < 1;
    *elo = *margin = 0;
    if (!*finite)
        return;
    double var = (a->wins * (1 - s) * (1 - s) + a->draws * (0.5 - s) * (0.5 - s) + a->losses * s * s) / n;
    double se = sqrt(var / n), lo = s - 1.96 * se, hi = s + 1.96 * se;
    lo = lo <= 0 ? 1e-6 : lo;
    hi = hi >= 1 ? 1 - 1e-6 : hi;
    /* 0, not -0, at an even score */
    *elo = s == 0.5 ? 0 : elo_of(s);
    *margin = (elo_of(hi) - elo_of(lo)) / 2;
}

static void report(const char *vname, engine *a, engine *b)
{
    long n = a->wins + a->draws + a->losses;
    double s = n ? (a->wins + 0.5 * a->draws) / n : 0, elo, margin;
    int finite;
    printf("\n== match %s: %s vs %s\n", vname, a->name, b->name);
    printf("games %ld  %s: +%ld =%ld -%ld  score %.1f%%", n, a->name, a->wins, a->draws, a->losses, 100 * s);
    elo_margin(a, n, s, &elo, &margin, &finite);
    if (finite)
        printf("  elo %+.0f +/- %.0f (95%%)\n", elo, margin);
    else
        printf("  elo %s\n", n ? (s >= 1 ? "+inf" : "-inf") : "-");
    engine *both[2] = { a, b };
    printf("%-28s %8s %8s %8s %8s %8s %10s %12s\n", "engine", "illegal", "crashes", "time", "claims",
           "moves", "s/move", "knodes/s");
    for (int i = 0; i < 2; i++) {
        engine *e = both[i];
        char rate[32] = "-";
        if (e->rep_secs > 0)
            snprintf(rate, sizeof rate, "%.0f", e->rep_nodes / e->rep_secs / 1000);
        printf("%-28.28s %8ld %8ld %8ld %8ld %8ld %10.3f %12s\n", e->name, e->illegal, e->crashes,
               e->timeouts, e->claims, e->moves, e->moves ? e->move_secs / e->moves : 0.0, rate);
    }
    /* one line for scripts: the match, then each engine's figures */
    printf("result\t%s\t%s\t%s\t%ld\t%ld\t%ld\t%ld\t%.1f\t", vname, a->name, b->name, n, a->wins, a->draws,
           a->losses, 100 * s);
    if (finite)
        printf("%+.0f\t%.0f", elo, margin);
    else
        printf("%s\t-", n ? (s >= 1 ? "+inf" : "-inf") : "-");
    for (int i = 0; i < 2; i++) {
        engine *e = both[i];
        printf("\t%ld\t%ld\t%ld\t%.3f\t", e->illegal, e->crashes, e->timeouts,
               e->moves ? e->move_secs / e->moves : 0.0);
        if (e->rep_secs > 0)
            printf("%.0f", e->rep_nodes / e->rep_secs / 1000);
        else
            printf("-");
    }
    printf("\n");
}

/* ---- options ---- */

static void usage(void)
{
    printf("Usage: bench/match [-V VARIANT | --spec FILE] [--fen POS] [--games N] [--seed S]\n"
           "         [--plies P] [--st SECONDS | --nodes N | --depth D] [--max-plies N]\n"
           "         [--timeout SECONDS] [--init1 LINE]... [--init2 LINE]... [--log FILE]\n"
           "         [--games-out FILE] [-q] ENGINE1 ENGINE2\n"
           "Plays ENGINE1 against ENGINE2, cvkit the referee; see the head of bench/match.c.\n"
           "ENGINE: PROTO[/VARIANT]:COMMAND, PROTO xboard or uci.\n");
}

static int parse_engine(const char *s, engine *e)
{
    memset(e, 0, sizeof *e);
    e->spec = s;
    const char *colon = strchr(s, ':');
    if (!colon)
        return -1;
    char proto[96];
    size_t n = (size_t)(colon - s);
    if (n >= sizeof proto)
        return -1;
    memcpy(proto, s, n);
    proto[n] = 0;
    char *slash = strchr(proto, '/');
    if (slash) {
        *slash = 0;
        snprintf(e->variant, sizeof e->variant, "%s", slash + 1);
    }
    if (!strcmp(proto, "xboard"))
        e->proto = PROTO_XBOARD;
    else if (!strcmp(proto, "uci"))
        e->proto = PROTO_UCI;
    else
        return -1;
    if (!colon[1] || strlen(colon + 1) >= sizeof e->cmd)
        return -1;
    snprintf(e->cmd, sizeof e->cmd, "%s", colon + 1);
    /* a name for messages until the engine says its own */
    snprintf(e->name, sizeof e->name, "%.60s", colon + 1);
    return 0;
}

int main(int argc, char **argv)
{
    enum { O_FEN = 256, O_GAMES, O_SEED, O_PLIES, O_ST, O_NODES, O_DEPTH, O_MAXP, O_TIMEOUT,
           O_INIT1, O_INIT2, O_LOG, O_GOUT, O_SPEC, O_HELP };
    static const struct option longs[] = {
        { "variant", required_argument, 0, 'V' }, { "spec", required_argument, 0, O_SPEC },
        { "fen", required_argument, 0, O_FEN }, { "games", required_argument, 0, O_GAMES },
        { "seed", required_argument, 0, O_SEED }, { "plies", required_argument, 0, O_PLIES },
        { "st", required_argument, 0, O_ST }, { "nodes", required_argument, 0, O_NODES },
        { "depth", required_argument, 0, O_DEPTH }, { "max-plies", required_argument, 0, O_MAXP },
        { "timeout", required_argument, 0, O_TIMEOUT }, { "init1", required_argument, 0, O_INIT1 },
        { "init2", required_argument, 0, O_INIT2 }, { "log", required_argument, 0, O_LOG },
        { "games-out", required_argument, 0, O_GOUT }, { "quiet", no_argument, 0, 'q' },
        { "help", no_argument, 0, O_HELP }, { 0, 0, 0, 0 }
    };
    const char *vname = NULL, *spec = NULL;
    const char *init[2][MAX_INIT];
    int ninit[2] = { 0, 0 };
    int c;
    char *end;
    while ((c = getopt_long(argc, argv, "V:q", longs, NULL)) != -1) {
        switch (c) {
        case 'V': vname = optarg; break;
        case O_SPEC: spec = optarg; break;
        case O_FEN: opt.fen = optarg; break;
        case 'q': opt.quiet = 1; break;
        case O_GAMES: case O_PLIES: case O_DEPTH: case O_MAXP: {
            long x = cv_cli_number_option(TOOL, argv, optind, c, optarg, c == O_MAXP ? 1 : 0,
                                          c == O_MAXP ? MAX_PLIES - 1 : c == O_PLIES ? 40 : 1000000, "a number");
            if (x < 0)
                return CV_EXIT_USAGE;
            if (c == O_GAMES) opt.games = (int)x;
            else if (c == O_PLIES) opt.plies = (int)x;
            else if (c == O_DEPTH) opt.depth = (int)x;
            else opt.max_plies = (int)x;
            break;
        }
        case O_SEED: case O_NODES:
            errno = 0;
            {
                unsigned long long x = strtoull(optarg, &end, 10);
                if (errno || *end || !*optarg || optarg[0] == '-')
                    return cv_cli_bad_value(TOOL, argv, optind, c, optarg, "not a whole number");
                if (c == O_SEED) opt.seed = x;
                else opt.nodes = x;
            }
            break;
        case O_ST: case O_TIMEOUT: {
            double x = strtod(optarg, &end);
            if (*end || !*optarg || !(x > 0) || x > 3600)
                return cv_cli_bad_value(TOOL, argv, optind, c, optarg, "not seconds above 0 and at most 3600");
            if (c == O_ST) opt.st = x;
            else opt.timeout = x;
            break;
        }
        case O_INIT1: case O_INIT2: {
            int k = c == O_INIT2;
            if (ninit[k] == MAX_INIT)
                return cv_cli_usage_error(TOOL, "more than %d --init%d lines", MAX_INIT, k + 1);
            init[k][ninit[k]++] = optarg;
            break;
        }
        case O_LOG: case O_GOUT: {
            FILE *f = fopen(optarg, "w");
            if (!f)
                return cv_cli_error(TOOL, "%s: %s", optarg, strerror(errno));
            setvbuf(f, NULL, _IOLBF, 0);
            if (c == O_LOG) opt.log = f;
            else opt.gout = f;
            break;
        }
        case O_HELP: usage(); return 0;
        default: return cv_cli_bad_option(TOOL, argv, optind, optopt, c == ':');
        }
    }
    if (argc - optind != 2)
        return cv_cli_usage_error(TOOL, "two engines wanted, %d given", argc - optind);
    if (!opt.st && !opt.nodes && !opt.depth)
        opt.st = 1;
    if (!!opt.st + !!opt.nodes + !!opt.depth > 1)
        return cv_cli_usage_error(TOOL, "one of --st, --nodes and --depth");
    static engine eng[2];
    for (int i = 0; i < 2; i++) {
        if (parse_engine(argv[optind + i], &eng[i]) < 0)
            return cv_cli_usage_error(TOOL, "engine '%s': not PROTO[/VARIANT]:COMMAND (PROTO xboard or uci)",
                                      argv[optind + i]);
        memcpy(eng[i].init, init[i], sizeof init[i]);
        eng[i].ninit = ninit[i];
    }
    signal(SIGPIPE, SIG_IGN);
    t_start = now();

    cv_variant *v = cv_variant_select(vname, spec, &cv_diag_default);
    if (!v)
        return CV_EXIT_USAGE;
    static game g;
    g.nt = cv_any_notation(v, "uci");
    if (g.nt < 0)
        g.nt = cv_any_default_notation(v);
    if (opt.fen) {
        cv_fen_errors errs = { 0 };
        if (cv_any_read_position(v, opt.fen, 0, &g.start, &errs) < 0 || errs.n) {
            cv_fen_report(&cv_diag_default, "--fen", 0, 1, &errs);
            cv_variant_free(v);
            return CV_EXIT_USAGE;
        }
    } else if (cv_any_start(v, &g.start) < 0) {
        cv_variant_free(v);
        return cv_cli_error(TOOL, "variant %s has no start position: give --fen", v->name);
    }

    uint64_t rng = opt.seed;
    int bad = 0, status = 0, nopen = 0;
    static char opening[MAX_PLIES][64];
    for (int i = 0; i < opt.games; i++) {
        if (i % 2 == 0) {
            if (make_opening(v, &g, &rng) < 0) {
                status = cv_cli_error(TOOL, "no opening of %d plies that leaves a game", opt.plies);
                break;
            }
            nopen = g.nmoves;
            memcpy(opening, g.moves, sizeof opening[0] * (size_t)nopen);
        }
        /* the opening again from the start, for the second game of a pair */
        cv_apos_copy(&g.pos, &g.start);
        g.nmoves = 0;
        g.nkeys = 0;
        g.keys[g.nkeys++] = cv_any_key(&g.pos);
        char err[400];
        for (int k = 0; k < nopen; k++)
            if (referee_play(&g, opening[k], err, sizeof err) < 0) {
                cv_variant_free(v);
                return cv_cli_error(TOOL, "opening move %s: %s", opening[k], err);
            }
        engine *white = &eng[i % 2], *black = &eng[1 - i % 2];
        const char *why = "";
        int gbad = 0;
        int r = play_game(v, &g, nopen, white, black, &why, &gbad);
        if (gbad == 2) {
            /* the match cannot be played at all */
            status = cv_cli_error(TOOL, "%s", why);
            break;
        }
        bad |= gbad;
        engine *w = r > 0 ? white : r < 0 ? black : NULL;
        for (int k = 0; k < 2; k++) {
            if (!w)
                eng[k].draws++;
            else if (w == &eng[k])
                eng[k].wins++;
            else
                eng[k].losses++;
        }
        const char *res = r > 0 ? "1-0" : r < 0 ? "0-1" : "1/2-1/2";
        if (!opt.quiet)
            printf("game %d: %s - %s %s (%s) %d plies\n", i + 1, white->name, black->name, res, why, g.nmoves);
        if (opt.gout) {
            char fen[1024];
            cv_any_write(&g.start, CV_FEN_XFEN, fen, sizeof fen);
            fprintf(opt.gout, "%d\t%s\t%s\t%s\t%s\t%s\t", i + 1, white->name, black->name, res, why, fen);
            for (int k = 0; k < g.nmoves; k++)
                fprintf(opt.gout, "%s%s", k ? " " : "", g.moves[k]);
            fputc('\n', opt.gout);
        }
        fflush(stdout);
    }
    for (int i = 0; i < 2; i++)
        stop_engine(&eng[i], 1);
    if (status == 0)
        report(v->name, &eng[0], &eng[1]);
    cv_variant_free(v);
    if (opt.log)
        fclose(opt.log);
    if (opt.gout)
        fclose(opt.gout);
    if (status)
        return status;
    return bad ? CV_EXIT_INVALID : CV_EXIT_OK;
}
