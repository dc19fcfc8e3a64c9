/* cv-board: the ProChess board's owner command language as a line filter.
 * One command per line in, one result line out. */
#include "cvkit.h"
#include "search.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *tool = "cv-board";

static void list_commands(FILE *out, const char *indent, const char *word, size_t len);

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE]...\n"
           "Run ProChess board commands, one per line, from FILEs or standard input.\n\n"
           "Commands (case-insensitive but for piece letters; an '@@' prefix is allowed):\n", tool);
    list_commands(stdout, "  ", NULL, 0);
    printf("\n"
           "Options:\n");
    char list[512], text[800];
    snprintf(text, sizeof text, "draw the board after every change; STYLE, %s; every game: svg[:OPT,...] (cvkit(7))",
             cv_diagram_styles_by_engine(list, sizeof list));
    cv_tool_help("    --diagram[=STYLE]", text);
    cv_tool_help("    --unicode", "draw chess pieces as Unicode chess symbols (implies --diagram)");
    printf("  -j, --json           one JSON object per command: the command, ok or\n"
           "                       its problem, the position (fen) and any other answer\n"
           "  -V, --variant NAME   variant spec by name or alias (default: chess)\n"
           "      --spec FILE      variant spec file\n"
           "      --diagnostics S  problems as gnu lines (default) or github annotations\n"
           "      --help, --version\n\n"
           "Each command prints one line: the FEN after a change, 'ok ...' for\n"
           "channel, lock and svg FILE, the summary for info, or 'error: WHY' (also\n"
           "reported on standard error as FILE:LINE:COL); help, record and svg\n"
           "without a FILE print several lines; a refused command changes nothing.\n"
           "Exit status: 0 every command succeeded; 1 some command was refused;\n"
           "2 usage, I/O or spec error.\n"
           "See cvkit(7) for the options common to every tool.\n");
}

typedef struct board {
    const cv_variant *v;
    cv_apos *hist;          /* hist[0] the set-up position, hist[i] after ply i */
    char (*san)[64];        /* san[i] the move that led to hist[i + 1] */
    int n, cur, cap;        /* plies stored, plies shown, allocated */
    int diagram, channel, lock;
    const char *style;      /* --diagram=STYLE, or NULL: the default */
    unsigned dflags;        /* CV_DIAGRAM_* (--unicode) */
    int json;
    FILE *out;              /* the answers: stdout, or (--json) a buffer */
    int shown;              /* --json: the answer was the position */
    /* the computer player (go, hint, play, level) */
    cv_search *search;      /* made at the first search */
    cv_search_limits lim;
    int plays[2];           /* play white|black|both: it answers for that side */
} board;

/* Plies `play both` plays at most before it stops a game that goes on. */
#define PLAY_MAX_PLIES 1000

static int grow(board *B)
{
    if (B->n + 2 <= B->cap) return 0;
    int cap = B->cap ? B->cap * 2 : 64;
    cv_apos *h = realloc(B->hist, sizeof *h * (size_t)cap);
    if (!h) return -1;
    B->hist = h;
    char(*s)[64] = realloc(B->san, sizeof *s * (size_t)cap);
    if (!s) return -1;
    B->san = s;
    B->cap = cap;
    return 0;
}

/* A new set-up: history starts again from p. */
static void setup(board *B, const cv_apos *p)
{
    cv_apos_copy(&B->hist[0], p);
    B->n = B->cur = 0;
}

static cv_apos *now(board *B) { return &B->hist[B->cur]; }

static void show(board *B)
{
    /* --json writes the position into the command's object itself */
    if (B->json) {
        B->shown = 1;
        return;
    }
    char fen[2048];
    cv_any_write(now(B), 0, fen, sizeof fen);
    fprintf(B->out, "%s\n", fen);
    if (B->diagram) cv_any_diagram(now(B), B->style, B->dflags, B->out);
}

/* One command: where it is, and (--json) its refusal. */
typedef struct where {
    const char *file;
    long line;
    FILE *out;
    int failed;
    long col;
    char msg[512];
} where;

static int fail(where *w, int col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(where *w, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->msg, sizeof w->msg, fmt, ap);
    va_end(ap);
    w->failed = 1;
    w->col = col;
    fprintf(w->out, "error: %s\n", w->msg);
    cv_report(NULL, CV_ERROR, w->file, w->line, col, "%s", w->msg);
    return 1;
}

static int answer(board *B, where *w, int col);

static int cmd_move(board *B, const char *args, int col, where *w)
{
    /* room for the new ply first: growing moves the history */
    if (grow(B) < 0) return fail(w, col, "out of memory");
    cv_apos *p = now(B);
    cv_amove m;
    char why[400];
    int at;
    if (cv_any_board_move(p, args, &m, why, sizeof why, &at) != CV_MOVE_OK) return fail(w, col + at, "%s", why);
    cv_any_format(p, &m, 0, B->san[B->cur], sizeof B->san[0]);
    cv_apos_copy(&B->hist[B->cur + 1], p);
    cv_aundo u;
    cv_any_make(&B->hist[B->cur + 1], &m, &u);
    B->cur++;
    B->n = B->cur; /* a move after 'back' replaces the moves that followed */
    show(B);
    return answer(B, w, col);
}

/* p, side, castling: a change that is not a move becomes a new set-up,
 * as on the board. */
static int cmd_put(board *B, const char *args, int col, where *w)
{
    cv_apos p;
    cv_apos_copy(&p, now(B));
    char why[300];
    int at;
    if (cv_any_put(&p, args, why, sizeof why, &at) < 0) return fail(w, col + at, "%s", why);
    setup(B, &p);
    show(B);
    return 0;
}

static int cmd_castling(board *B, const char *args, int col, where *w)
{
    while (*args == ' ') { args++; col++; }
    if (!*args) return fail(w, col, "castling needs the rights, as in FEN (KQkq, or - for none)");
    cv_apos p;
    cv_apos_copy(&p, now(B));
    char why[300];
    if (cv_any_set_rights(&p, args, why, sizeof why) < 0) return fail(w, col, "%s", why);
    setup(B, &p);
    show(B);
    return 0;
}

static void info(board *B)
{
    char fen[2048], rights[64];
    cv_apos *p = now(B);
    cv_any_write(p, 0, fen, sizeof fen);
    cv_any_rights(p, rights, sizeof rights);
    FILE *o = B->out;
    fprintf(o, "fen %s; %s to move; castling %s; ply %d of %d;", fen, cv_any_side(p) ? "black" : "white", rights, B->cur,
            B->n);
    fprintf(o, " moves");
    if (!B->n) fprintf(o, " none");
    int side = cv_any_side(&B->hist[0]), num = cv_any_fullmove(&B->hist[0]);
    for (int i = 0; i < B->n; i++) {
        if (side == 0) fprintf(o, " %d.", num);
        else if (i == 0) fprintf(o, " %d...", num);
        fprintf(o, " %s%s", B->san[i], i + 1 == B->cur && B->cur < B->n ? " <" : "");
        if (side) num++;
        side ^= 1;
    }
    fputc('\n', o);
}

/* `record`: the moves so far as a record in the variant's own format
 * (PGN; a Parmen listing for Tri-D), from the set-up position. */
static int cmd_record(board *B, where *w)
{
    /* the result the moves reach, when the game is over */
    cv_outcome o;
    cv_any_outcome(&B->hist[B->n], &o);
    const char *res = o.moves ? NULL : !o.in_check && !o.no_move_loses ? "1/2-1/2"
                      : cv_any_side(&B->hist[B->n]) ? "1-0" : "0-1";
    const char **mv = malloc(sizeof *mv * ((size_t)B->n + 1));
    for (int i = 0; mv && i < B->n; i++) mv[i] = B->san[i];
    cv_record_draft *r = mv ? cv_record_from_moves(B->v, &B->hist[0], mv, (size_t)B->n, NULL, 0, res) : NULL;
    free(mv);
    if (!r) return fail(w, 1, "out of memory");
    r->g.line = w->line;
    int rc = cv_record_draft_write(B->out, r, NULL);
    cv_record_draft_free(r);
    return rc < 0 ? fail(w, 1, "cannot write the record") : 0;
}

/* `svg [FILE]`: the position as SVG (the --diagram=svg options, the last
 * move highlighted) into FILE, or as the answer without one. */
static int cmd_svg(board *B, const char *args, int col, where *w)
{
    char style[400];
    cv_diagram_svg_last(style, sizeof style, B->style, B->cur ? &B->hist[B->cur - 1] : NULL,
                        B->cur ? B->san[B->cur - 1] : NULL);
    if (!*args) {
        cv_any_diagram(now(B), style, 0, B->out);
        return 0;
    }
    /* the picture whole or not at all, the old one kept till then */
    cv_outfile *o = cv_outfile_new(args);
    FILE *f = o ? cv_outfile_stream(o) : NULL;
    int e = f ? 0 : errno;
    if (f) cv_any_diagram(now(B), style, 0, f);
    if (o) {
        int closed = cv_outfile_close(o, f != NULL);
        if (!e) e = closed;
    }
    if (e) return fail(w, col, "cannot write '%s': %s", args, strerror(e));
    fprintf(B->out, "ok svg %s\n", args);
    return 0;
}

/* ---- the computer player ---- */

/* Searches the position shown, the game's earlier positions counted for
 * repetitions; -1 (said) when it cannot. */
static int think(board *B, where *w, int col, cv_search_info *info)
{
    if (!cv_search_available(now(B))) return fail(w, col, "the %s engine cannot search", now(B)->e->name), -1;
    if (!B->search && !(B->search = cv_search_new(16))) return fail(w, col, "out of memory"), -1;
    uint64_t *keys = malloc(sizeof *keys * ((size_t)B->cur + 1));
    if (!keys) return fail(w, col, "out of memory"), -1;
    for (int i = 0; i < B->cur; i++) keys[i] = cv_search_key(&B->hist[i]);
    int rc = cv_search_run(B->search, now(B), keys, B->cur, &B->lim, NULL, NULL, info);
    free(keys);
    if (rc < 0) return fail(w, col, "out of memory"), -1;
    return rc;
}

/* "cp 25 depth 6 nodes 1234 pv e4 e5": what the search found. */
static void found(board *B, const cv_search_info *info)
{
    char pv[4096];
    cv_search_pv_text(now(B), info, 0, pv, sizeof pv);
    fprintf(B->out, " %s %d depth %d nodes %llu pv %s\n", info->mate ? "mate" : "cp",
            info->mate ? info->mate : info->score, info->depth, (unsigned long long)info->nodes, pv);
}

/* The game's end, when it has come: "game over 1-0 (White won)". */
static int over(board *B)
{
    const char *res = cv_search_result(now(B));
    if (!res) return 0;
    fprintf(B->out, "game over %s\n", res);
    return 1;
}

/* The computer plays one move: "move MOVE cp ... pv ...", the position. */
static int computer_move(board *B, where *w, int col)
{
    if (grow(B) < 0) return fail(w, col, "out of memory");
    if (over(B)) return 0;
    cv_search_info info;
    int rc = think(B, w, col, &info);
    if (rc < 0) return 1;
    if (rc == 0) return over(B), 0;
    cv_apos *p = now(B);
    cv_any_format(p, &info.pv[0], 0, B->san[B->cur], sizeof B->san[0]);
    fprintf(B->out, "move %s", B->san[B->cur]);
    found(B, &info);
    cv_apos_copy(&B->hist[B->cur + 1], p);
    cv_aundo u;
    cv_any_make(&B->hist[B->cur + 1], &info.pv[0], &u);
    B->cur++;
    B->n = B->cur;
    show(B);
    B->shown = 0;   /* --json: the answer is the move lines, the position is in the object */
    return 0;
}

/* After a move: the computer answers for its sides (all of the game
 * with both), and says when the game has ended. */
static int answer(board *B, where *w, int col)
{
    for (int plies = 0; B->plays[cv_any_side(now(B))] && plies < PLAY_MAX_PLIES; plies++) {
        if (over(B)) return 0;
        int before = B->cur;
        if (computer_move(B, w, col)) return 1;
        if (B->cur == before) return 0;
    }
    if (!B->plays[0] && !B->plays[1]) return 0;
    over(B);
    return 0;
}

/* ---- the commands ---- */

/* What a command is run with: its argument (blanks trimmed) and where
 * it and its argument stand on the line, for the diagnostics. */
typedef struct call {
    board *B;
    const char *args;
    int col, ccol;      /* 1-based columns of the argument and the command word */
    where *w;
} call;

static int do_fen(call *c)
{
    cv_apos p;
    cv_fen_errors e;
    if (cv_any_read_position(c->B->v, c->args, CV_FEN_LENIENT, &p, &e) < 0) {
        const cv_fen_error *x = &e.e[0];
        for (int i = 0; i < e.n; i++)
            if (e.e[i].kind == CV_FE_SYNTAX) { x = &e.e[i]; break; }
        return fail(c->w, c->col + x->col - 1, "invalid FEN: %s", x->msg);
    }
    /* The board takes illegal set-ups on purpose (no kings, say). */
    setup(c->B, &p);
    show(c->B);
    return 0;
}

static int new_setup(call *c, int start)
{
    cv_apos p;
    if (start) cv_any_start(c->B->v, &p);
    else cv_any_clear(c->B->v, &p);
    setup(c->B, &p);
    show(c->B);
    return 0;
}

static int do_reset(call *c) { return new_setup(c, 1); }
static int do_clear(call *c) { return new_setup(c, 0); }
static int do_move(call *c) { return cmd_move(c->B, c->args, c->col, c->w); }
static int do_put(call *c) { return cmd_put(c->B, c->args, c->col, c->w); }
static int do_castling(call *c) { return cmd_castling(c->B, c->args, c->col, c->w); }

static int do_side(call *c)
{
    /* said without "not ''" when missing: the word alone asks for its value */
    if (!*c->args) return fail(c->w, c->col, "side needs 'w' or 'b'");
    if (strcasecmp(c->args, "w") && strcasecmp(c->args, "b"))
        return fail(c->w, c->col, "side takes 'w' or 'b', not '%s'", c->args);
    cv_apos p;
    cv_apos_copy(&p, now(c->B));
    cv_any_set_side(&p, tolower((unsigned char)c->args[0]) == 'b');
    setup(c->B, &p);
    show(c->B);
    return 0;
}

static int do_pop(call *c)
{
    board *B = c->B;
    if (B->cur == 0) return fail(c->w, c->ccol, "no move to take back");
    B->cur--;
    B->n = B->cur;
    show(B);
    return 0;
}

static int do_back(call *c)
{
    if (c->B->cur == 0) return fail(c->w, c->ccol, "already at the first position");
    c->B->cur--;
    show(c->B);
    return 0;
}

static int do_forward(call *c)
{
    if (c->B->cur == c->B->n) return fail(c->w, c->ccol, "already at the last move");
    c->B->cur++;
    show(c->B);
    return 0;
}

static int do_info(call *c)
{
    info(c->B);
    return 0;
}

static int do_record(call *c) { return cmd_record(c->B, c->w); }
static int do_svg(call *c) { return cmd_svg(c->B, c->args, c->col, c->w); }

static int do_channel(call *c)
{
    if (!*c->args) return fail(c->w, c->col, "channel needs a number");
    long n = cv_cli_parse_count(c->args);
    if (n < 0) return fail(c->w, c->col, "channel takes a number, not '%s'", c->args);
    c->B->channel = (int)n;
    fprintf(c->B->out, "ok channel %ld\n", n);
    return 0;
}

static int do_lock(call *c)
{
    if (!*c->args) return fail(c->w, c->col, "lock needs 'on' or 'off'");
    if (strcasecmp(c->args, "on") && strcasecmp(c->args, "off"))
        return fail(c->w, c->col, "lock takes 'on' or 'off', not '%s'", c->args);
    c->B->lock = !strcasecmp(c->args, "on");
    fprintf(c->B->out, "ok lock %s\n", c->B->lock ? "on" : "off");
    return 0;
}

static int do_go(call *c)
{
    board *B = c->B;
    const char *res = cv_search_result(now(B));
    if (res) return fail(c->w, c->ccol, "the game is over (%s)", res);
    int before = B->cur;
    if (computer_move(B, c->w, c->ccol)) return 1;
    return B->cur > before ? answer(B, c->w, c->ccol) : 0;
}

static int do_hint(call *c)
{
    board *B = c->B;
    const char *res = cv_search_result(now(B));
    if (res) return fail(c->w, c->ccol, "the game is over (%s)", res);
    cv_search_info info;
    int rc = think(B, c->w, c->ccol, &info);
    if (rc <= 0) return rc < 0;
    char move[256];
    cv_search_move_text(now(B), &info, 0, move, sizeof move);
    fprintf(B->out, "hint %s", move);
    found(B, &info);
    return 0;
}

static int do_play(call *c)
{
    static const char *const sides[] = { "none", "white", "black", "both" };
    int k = -1;
    for (int i = 0; i < 4; i++)
        if (!strcasecmp(c->args, sides[i])) k = i;
    if (!*c->args) return fail(c->w, c->col, "play needs white, black, both or none");
    if (k < 0) return fail(c->w, c->col, "play takes white, black, both or none, not '%s'", c->args);
    c->B->plays[0] = k & 1;
    c->B->plays[1] = (k >> 1) & 1;
    fprintf(c->B->out, "ok play %s\n", sides[k]);
    return answer(c->B, c->w, c->col);
}

static int do_level(call *c)
{
    char kind[16];
    const char *v = c->args + strcspn(c->args, " \t");
    size_t klen = (size_t)(v - c->args);
    while (*v == ' ' || *v == '\t') v++;
    if (!klen || klen >= sizeof kind || !*v) return fail(c->w, c->col, "level needs depth N, nodes N or time S");
    memcpy(kind, c->args, klen);
    kind[klen] = 0;
    int vcol = c->col + (int)(v - c->args);
    char *end;
    cv_search_limits lim = { 0 };
    if (!strcasecmp(kind, "depth") || !strcasecmp(kind, "nodes")) {
        long n = cv_cli_parse_count(v);
        long hi = !strcasecmp(kind, "depth") ? CV_SEARCH_MAX_PLY - 1 : 1000000000000L;
        if (n < 1 || n > hi) return fail(c->w, vcol, "%s takes a whole number from 1 to %ld, not '%s'", kind, hi, v);
        if (!strcasecmp(kind, "depth")) lim.depth = (int)n;
        else lim.nodes = (uint64_t)n;
    } else if (!strcasecmp(kind, "time")) {
        double s = strtod(v, &end);
        if (end == v || *end || !(s > 0) || s > 1e6) return fail(c->w, vcol, "time takes seconds above 0, not '%s'", v);
        lim.movetime = s;
    } else {
        return fail(c->w, c->col, "level takes depth N, nodes N or time S, not '%s'", kind);
    }
    c->B->lim = lim;
    fprintf(c->B->out, "ok level %s %s\n", kind, v);
    return 0;
}

static int do_help(call *c);

/* The command language: the one list that runs the commands and that
 * `help` and --help show. */
typedef struct command {
    const char *name, *alias;   /* alias: NULL when none */
    const char *args;           /* as the help shows them; "" none */
    int no_args;                /* an argument is refused */
    int (*run)(call *c);
    const char *summary;        /* one line */
} command;

static const command commands[] = {
    { "fen", NULL, "FEN", 0, do_fen, "set a position (lenient FEN: '//' ranks, missing fields)" },
    { "reset", NULL, "", 1, do_reset, "the start position" },
    { "clear", NULL, "", 1, do_clear, "an empty board" },
    { "m", NULL, "FROM TO [P]", 0, do_move,
      "play a move if legal; any delimiter; P: promotion piece" },
    { "m", NULL, "MOVE", 0, do_move, "play a move in any notation the variant reads (m Kk1)" },
    { "p", NULL, "PIECESQUARE", 0, do_put, "put a piece (p Re4, p ke8) or empty a square (p -e4)" },
    { "side", NULL, "w|b", 0, do_side, "set the side to move" },
    { "castling", NULL, "KQkq|-", 0, do_castling, "set the castling rights" },
    { "pop", "takeback", "", 1, do_pop, "remove the last ply for good" },
    { "back", NULL, "", 1, do_back, "step back one ply, keeping the moves" },
    { "forward", NULL, "", 1, do_forward, "step forward one ply" },
    { "info", NULL, "", 1, do_info, "board, FEN, side, castling and moves on one line" },
    { "record", NULL, "", 1, do_record, "the moves so far as a record in the variant's format" },
    { "svg", NULL, "[FILE]", 0, do_svg, "the position as SVG, into FILE ('ok svg FILE') or printed" },
    { "channel", NULL, "N", 0, do_channel, "accepted; no effect in a filter" },
    { "lock", NULL, "on|off", 0, do_lock, "accepted; no effect in a filter" },
    { "go", NULL, "", 1, do_go, "the computer moves now ('move MOVE cp N ...', the FEN)" },
    { "hint", NULL, "", 1, do_hint, "the computer's move, not played ('hint MOVE cp N ...')" },
    { "play", NULL, "SIDE", 0, do_play, "white, black, both, none: the computer answers for SIDE" },
    { "level", NULL, "KIND N", 0, do_level, "think depth N, nodes N or time S (default nodes 200000)" },
    { "help", NULL, "[COMMAND]", 0, do_help, "the commands, or one command, with what each does" },
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static int named(const command *k, const char *word, size_t len)
{
    return (strlen(k->name) == len && !strncasecmp(word, k->name, len)) ||
           (k->alias && strlen(k->alias) == len && !strncasecmp(word, k->alias, len));
}

/* One line a command, "NAME ARGS" in a column of its own, then what it
 * does; only the commands called word when word is not NULL. */
static void list_commands(FILE *out, const char *indent, const char *word, size_t len)
{
    for (size_t i = 0; i < NCOMMANDS; i++) {
        const command *k = &commands[i];
        if (word && !named(k, word, len)) continue;
        char head[40];
        snprintf(head, sizeof head, "%s%s%s%s%s", k->name, k->alias ? ", " : "", k->alias ? k->alias : "",
                 *k->args ? " " : "", k->args);
        fprintf(out, "%s%-18s %s\n", indent, head, k->summary);
    }
}

static int do_help(call *c)
{
    const char *word = c->args;
    size_t len = strcspn(word, " \t");
    if (!len) {
        list_commands(c->B->out, "", NULL, 0);
        return 0;
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (named(&commands[i], word, len)) {
            list_commands(c->B->out, "", word, len);
            return 0;
        }
    return fail(c->w, c->col, "no command '%.*s' (help lists them)", (int)len, word);
}

static int run_line(board *B, char *line, where *w)
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
    for (char *e = args + strlen(args); e > args && isspace((unsigned char)e[-1]);) *--e = 0;
    call c = { B, args, (int)(args - line) + 1, (int)(cmd - line) + 1, w };
    for (size_t i = 0; i < NCOMMANDS; i++) {
        const command *k = &commands[i];
        if (!named(k, cmd, clen)) continue;
        if (k->no_args && *args) return fail(w, c.col, "'%.*s' takes no argument", (int)clen, cmd);
        return k->run(&c);
    }
    return fail(w, c.ccol, "unknown command '%.*s' (help lists the commands)", (int)clen, cmd);
}

/* --json: the command's object (docs/cvkit-formats.5, JSON OUTPUT):
 * the command as given, ok, the position now, and the answer when it is
 * not the position (info, record, channel, lock). */
static void command_json(board *B, cv_json *j, const where *w, const char *command, size_t clen, const char *answer,
                         size_t alen)
{
    char fen[2048];
    cv_any_write(now(B), 0, fen, sizeof fen);
    cv_json_begin_object(j);
    cv_json_place(j, w->file, w->line, 0);
    cv_json_key(j, "command");
    cv_json_strn(j, command, clen);
    cv_json_key(j, "ok");
    cv_json_bool(j, !w->failed);
    cv_json_key(j, "fen");
    cv_json_str(j, fen);
    if (!w->failed && !B->shown && alen) {
        while (alen && answer[alen - 1] == '\n') alen--;
        cv_json_key(j, "text");
        cv_json_strn(j, answer, alen);
    }
    if (!w->failed && B->shown && B->diagram) {
        char *buf = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&buf, &len);
        if (m) {
            cv_any_diagram(now(B), B->style, B->dflags, m);
            fclose(m);
            cv_json_key(j, "diagram");
            cv_json_strn(j, buf, len);
            free(buf);
        }
    }
    cv_json_key(j, "problems");
    cv_json_begin_array(j);
    if (w->failed) cv_json_problem(j, 1, "command", w->line, w->col, w->msg);
    cv_json_end_array(j);
    cv_json_end_object(j);
    cv_json_end_line(j);
}

/* The command text as given, without the blanks around it. */
static size_t trimmed(const char *line, size_t n, const char **start)
{
    while (n && (*line == ' ' || *line == '\t')) line++, n--;
    while (n && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r' || line[n - 1] == '\n')) n--;
    *start = line;
    return n;
}

static int run_file(const char *path, FILE *f, void *arg)
{
    board *B = arg;
    cv_lines L;
    cv_lines_init(&L, f);
    char *line;
    size_t n;
    int status = 0;
    static cv_json js;
    cv_json_init(&js, stdout);
    char *copy = NULL;
    size_t copycap = 0;
    while (cv_lines_next(&L, &line, &n)) {
        where w = { .file = path, .line = L.lineno, .out = stdout };
        char *answer = NULL;
        size_t alen = 0;
        if (B->json) {
            /* the answer is kept for the object; run_line may cut the line */
            w.out = open_memstream(&answer, &alen);
            if (!w.out) {
                status = CV_EXIT_USAGE;
                break;
            }
            if (n + 1 > copycap) {
                char *c = realloc(copy, n + 1);
                if (!c) {
                    fclose(w.out);
                    free(answer);
                    status = CV_EXIT_USAGE;
                    break;
                }
                copy = c;
                copycap = n + 1;
            }
            memcpy(copy, line, n);
            copy[n] = 0;
            B->shown = 0;
        }
        B->out = w.out;
        int rc;
        if (L.bad) {
            fail(&w, (int)L.col, "%s", L.bad == CV_LINE_NUL ? "NUL byte in the command" : cv_lines_why(&L));
            rc = 1;
        } else {
            rc = run_line(B, line, &w);
        }
        if (rc > 0) status = 1;
        if (B->json) {
            fclose(w.out);
            if (rc >= 0) {
                const char *cmd;
                size_t clen = trimmed(copy, n, &cmd);
                command_json(B, &js, &w, cmd, clen, answer, alen);
            }
            free(answer);
        }
        /* answered line by line, as a board would; a full disk ends it */
        if (cv_cli_close_stdout(tool)) {
            status = CV_EXIT_USAGE;
            break;
        }
    }
    free(copy);
    cv_lines_free(&L);
    return status;
}

int main(int argc, char **argv)
{
    board B = { 0 };
    cv_tool T = { .name = tool, .takes = CV_TOOL_DIAGRAM, .usage = usage };
    int status = cv_tool_start(&T, argc, argv);
    if (status >= 0) return cv_tool_end(&T, status);
    cv_variant *v = T.v;
    B.v = v;
    B.out = stdout;
    B.diagram = T.diagram;
    B.style = T.style;
    B.dflags = T.dflags;
    B.json = T.json;
    B.lim.nodes = 200000;
    if (grow(&B) < 0) return 2;
    cv_apos start;
    char why[512];
    /* a game without a published start begins on the empty board */
    if (cv_any_start(v, &start) < 0 && !cv_any_start_text(v, "the command 'fen FEN'", why, sizeof why))
        cv_cli_warning(tool, "%s; the board starts empty", why);
    setup(&B, &start);
    status = 0;
    if (cv_cli_each_file(tool, T.files, T.nfiles, NULL, run_file, &B, &status)) status = 2;
    free(B.hist);
    free(B.san);
    cv_search_free(B.search);
    return cv_tool_end(&T, status);
}
