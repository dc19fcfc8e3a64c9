/* t_gclog: the Game Courier log format (lib/record/gclog.h).
 *
 * Every assertion is an exact value: the tokens of a log with their
 * lines, columns, numbers and marks; its tags and comments; where one
 * game ends and the next begins; every error with its line, column and
 * message (and as FILE:LINE:COL through a cv_diag); the limits; the raw
 * bytes of each game; the writer's bytes and the round trip; the sniff
 * scores of logs, PGN and listings (every PGN and listing file of the
 * tree keeps its format); and the directory walk's choice by suffix. */
#include "gclog.h"
#include "record.h"
#include "tap.h"
#include <glob.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    *n = 0;
    if (!f) return NULL;
    char *buf = NULL;
    size_t cap = 0, k;
    do {
        if (*n + 4097 > cap) {
            cap = (*n + 4097) * 2;
            char *nb = realloc(buf, cap);
            if (!nb) break;
            buf = nb;
        }
        k = fread(buf + *n, 1, 4096, f);
        *n += k;
    } while (k > 0);
    fclose(f);
    if (buf) buf[*n] = 0;
    return buf;
}

static FILE *text_file(const char *text, size_t n)
{
    /* fmemopen refuses an empty buffer */
    return n ? fmemopen((void *)text, n, "r") : tmpfile();
}

/* What one game was, copied before the next is read. */
typedef struct {
    long number, line;
    char toks[4096], tags[1024], iss[2048];
    char *raw;
    size_t rawlen;
    int raw_truncated, skipped;
    long errors;
    size_t nmain;
    char result[16];        /* the result token's text, or "-" */
    char written[4096];     /* the game as the writer gives it */
    int dropped;
} game_t;

static const char *kind(cv_token_kind k)
{
    switch (k) {
    case CV_TOKEN_MOVE_NUMBER: return "NUM";
    case CV_TOKEN_MOVE: return "MOVE";
    case CV_TOKEN_COMMENT: return "COMMENT";
    case CV_TOKEN_LINE_COMMENT: return "LINE";
    case CV_TOKEN_RESULT: return "RESULT";
    default: return "OTHER";
    }
}

static void dump(const cv_record *g, game_t *d)
{
    memset(d, 0, sizeof *d);
    d->number = g->number;
    d->line = g->line;
    size_t k = 0;
    for (size_t i = 0; i < g->ntokens && k < sizeof d->toks; i++) {
        const cv_token *t = &g->tokens[i];
        long line, col;
        cv_game_where(g, t->at, &line, &col);
        k += (size_t)snprintf(d->toks + k, sizeof d->toks - k, "%s%ld:%ld %s '%s'", i ? " | " : "", line, col,
                              kind(t->kind), t->text);
        if ((t->kind == CV_TOKEN_MOVE || t->kind == CV_TOKEN_MOVE_NUMBER) && k < sizeof d->toks)
            k += (size_t)snprintf(d->toks + k, sizeof d->toks - k, " %ld%c", t->number, t->color);
        if (t->suffix && t->suffix[0] && k < sizeof d->toks)
            k += (size_t)snprintf(d->toks + k, sizeof d->toks - k, " mark '%s'", t->suffix);
        if (strlen(t->text) != t->len && k < sizeof d->toks)
            k += (size_t)snprintf(d->toks + k, sizeof d->toks - k, " BADLEN");
    }
    k = 0;
    for (size_t i = 0; i < g->ntags && k < sizeof d->tags; i++)
        k += (size_t)snprintf(d->tags + k, sizeof d->tags - k, "%s%s=%s@%ld:%ld", i ? " | " : "", g->tags[i].name,
                              g->tags[i].value, g->tags[i].line, g->tags[i].col);
    k = 0;
    for (size_t i = 0; i < g->nissues && k < sizeof d->iss; i++)
        k += (size_t)snprintf(d->iss + k, sizeof d->iss - k, "%s%ld:%ld: %s", i ? " | " : "", g->issues[i].line,
                              g->issues[i].col, g->issues[i].msg);
    if (g->raw) {
        d->raw = malloc(g->rawlen + 1);
        memcpy(d->raw, g->raw, g->rawlen);
        d->raw[g->rawlen] = 0;
        d->rawlen = g->rawlen;
    }
    d->raw_truncated = g->raw_truncated;
    d->skipped = g->skipped;
    d->errors = g->errors;
    d->nmain = g->nmainline;
    snprintf(d->result, sizeof d->result, "%s", g->result ? g->result->text : "-");
    if (g->result && g->result_text != g->result->text) snprintf(d->result, sizeof d->result, "MISMATCH");
    char *out = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&out, &len);
    cv_record_meta meta = { 0 };
    cv_gclog_write(m, g, NULL, &meta);
    fclose(m);
    snprintf(d->written, sizeof d->written, "%s", out);
    free(out);
    d->dropped = meta.dropped;
}

enum { MAXG = 16 };

/* Reads every game of text; the number read. */
static int read_games(const char *text, size_t n, unsigned flags, const cv_reader_limits *lim, game_t *out)
{
    FILE *f = text_file(text, n);
    cv_gclog_reader *r = cv_gclog_open(f, "t.txt", NULL, flags);
    if (lim) cv_gclog_set_limits(r, lim);
    cv_record g;
    int k = 0;
    while (k < MAXG && cv_gclog_next(r, &g) == 1) dump(&g, &out[k++]);
    /* the end stays the end */
    if (k < MAXG && cv_gclog_next(r, &g) != 0) k = -1;
    cv_gclog_close(r);
    fclose(f);
    return k;
}

static void free_games(game_t *g, int n)
{
    for (int i = 0; i < n; i++) free(g[i].raw);
}

static int count(const char *s) { return read_games(s, strlen(s), 0, NULL, (game_t[MAXG]){ 0 }); }

/* ---- the example of the format ---- */

static const char *const EXAMPLE =
    "// [Event \"Casual game\"]\n"
    "// [White \"Alice\"]\n"
    "// [Black \"Bob\"]\n"
    "// [Variant \"Panoply\"]\n"
    "// [FEN \"7/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------7 w 0 1\"]\n"
    "1. P e5-e9\n"
    "1... p f9-f7\n"
    "2. C f4-b8; d6-      // a comment after a move\n"
    "// a comment on its own line\n"
    "2... B1 g2-g4; B1 g3-g5\n"
    "1-0\n";

/* The same in the writer's layout. */
static const char *const CANONICAL =
    "// [Event \"Casual game\"]\n"
    "// [White \"Alice\"]\n"
    "// [Black \"Bob\"]\n"
    "// [Variant \"Panoply\"]\n"
    "// [FEN \"7/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------7 w 0 1\"]\n"
    "1. P e5-e9\n"
    "1... p f9-f7\n"
    "2. C f4-b8; d6-  // a comment after a move\n"
    "// a comment on its own line\n"
    "2... B1 g2-g4; B1 g3-g5\n"
    "1-0\n";

static void test_example(void)
{
    game_t g[MAXG];
    int n = read_games(EXAMPLE, strlen(EXAMPLE), CV_RECORD_KEEP_RAW, NULL, g);
    TAP_IS_INT(n, 1, "example: one game");
    TAP_IS_STR(g[0].tags,
               "Event=Casual game@1:1 | White=Alice@2:1 | Black=Bob@3:1 | Variant=Panoply@4:1 | "
               "FEN=7/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------7 w 0 1@5:1",
               "example: the five tags with their places");
    TAP_IS_STR(g[0].toks,
               "6:1 NUM '1.' 1w | 6:4 MOVE 'P e5-e9' 1w | 7:1 NUM '1...' 1b | 7:6 MOVE 'p f9-f7' 1b | "
               "8:1 NUM '2.' 2w | 8:4 MOVE 'C f4-b8; d6-' 2w | 8:22 LINE ' a comment after a move' | "
               "9:1 COMMENT 'a comment on its own line' | 10:1 NUM '2...' 2b | 10:6 MOVE 'B1 g2-g4; B1 g3-g5' 2b | "
               "11:1 RESULT '1-0'",
               "example: numbers, moves with their blanks and ';', both comments, the result");
    TAP_IS_INT(g[0].nmain, 4, "example: four main-line moves");
    TAP_IS_STR(g[0].result, "1-0", "example: result token and result_text");
    TAP_IS_STR(g[0].iss, "", "example: no problem");
    TAP_IS_INT(g[0].number, 1, "example: game 1");
    TAP_IS_INT(g[0].line, 1, "example: starts on line 1");
    TAP_OK(g[0].raw && g[0].rawlen == strlen(EXAMPLE) && !memcmp(g[0].raw, EXAMPLE, g[0].rawlen),
           "example: KEEP_RAW keeps every byte");
    TAP_IS_STR(g[0].written, CANONICAL, "example: written in the canonical layout");
    TAP_IS_INT(g[0].dropped, 0, "example: nothing dropped");
    free_games(g, n);

    n = read_games(CANONICAL, strlen(CANONICAL), 0, NULL, g);
    TAP_IS_STR(g[0].written, CANONICAL, "canonical log: read and written, the same bytes");
    TAP_OK(g[0].raw == NULL, "without KEEP_RAW no raw text");
    free_games(g, n);
}

/* ---- moves: marks, blanks, numbers as written ---- */

static void test_moves(void)
{
    game_t g[MAXG];
    const char *t = "1. P e12-e13; R-e13+\n"
                    "1...\tp f9-f7 #  \n"
                    "  2.   @-e4   //   spaced   comment  \n"
                    "2... e4-\n"
                    "7. C f4-b8#\n"
                    "3... K g1-g2+#\n"
                    "*\n";
    int n = read_games(t, strlen(t), 0, NULL, g);
    TAP_IS_INT(n, 1, "moves: one game");
    TAP_IS_STR(g[0].toks,
               "1:1 NUM '1.' 1w | 1:4 MOVE 'P e12-e13; R-e13' 1w mark '+' | "
               "2:1 NUM '1...' 1b | 2:6 MOVE 'p f9-f7 ' 1b mark '#' | "
               "3:3 NUM '2.' 2w | 3:8 MOVE '@-e4' 2w | 3:15 LINE ' spaced   comment' | "
               "4:1 NUM '2...' 2b | 4:6 MOVE 'e4-' 2b | "
               "5:1 NUM '7.' 7w | 5:4 MOVE 'C f4-b8' 7w mark '#' | "
               "6:1 NUM '3...' 3b | 6:6 MOVE 'K g1-g2' 3b mark '+#' | 7:1 RESULT '*'",
               "moves: marks apart, tabs and blanks around the move, numbers as written (the replay checks them)");
    TAP_IS_STR(g[0].iss, "", "moves: numbers out of sequence are no reader error");
    TAP_IS_STR(g[0].written,
               "1. P e12-e13; R-e13+\n"
               "1... p f9-f7 #\n"
               "2. @-e4  // spaced   comment\n"
               "2... e4-\n"
               "7. C f4-b8#\n"
               "3... K g1-g2+#\n"
               "*\n",
               "moves: written with their marks, one blank after each number, comments trimmed");
    free_games(g, n);
}

/* ---- games: where one ends and the next begins ---- */

static void test_games(void)
{
    game_t g[MAXG];
    const char *t = "// [Event \"One\"]\n"   /* 1 */
                    "1. P e5-e6\n"           /* 2 */
                    "1-0\n"                  /* 3 */
                    "\n"                     /* 4 */
                    "// Game two\n"          /* 5: held, then the next game's */
                    "// [Event \"Two\"]\n"   /* 6 */
                    "1. P e5-e7\n"           /* 7 */
                    "// [Event \"Three\"]\n" /* 8: tags after moves: a new game */
                    "1. P e5-e8\n"           /* 9 */
                    "1... p e9-e8\n"         /* 10 */
                    "1. P e6-e7\n"           /* 11: "1." after moves: a new game */
                    "0-1\n"                  /* 12 */
                    "// the end\n"           /* 13: after the last result: stays */
                    "\n";                    /* 14 */
    int n = read_games(t, strlen(t), CV_RECORD_KEEP_RAW, NULL, g);
    TAP_IS_INT(n, 4, "games: four games");
    TAP_IS_STR(g[0].tags, "Event=One@1:1", "games: game 1 tags");
    TAP_IS_STR(g[0].toks, "2:1 NUM '1.' 1w | 2:4 MOVE 'P e5-e6' 1w | 3:1 RESULT '1-0'", "games: game 1 ends at its result");
    TAP_IS_STR(g[0].raw, "// [Event \"One\"]\n1. P e5-e6\n1-0\n", "games: game 1 raw up to its result line");
    TAP_IS_INT(g[1].line, 5, "games: game 2 starts at the comment held after game 1's result");
    TAP_IS_STR(g[1].tags, "Event=Two@6:1", "games: game 2 tags");
    TAP_IS_STR(g[1].toks, "5:1 COMMENT 'Game two' | 7:1 NUM '1.' 1w | 7:4 MOVE 'P e5-e7' 1w", "games: game 2 tokens");
    TAP_IS_STR(g[1].result, "-", "games: game 2 has no result");
    TAP_IS_STR(g[1].raw, "\n// Game two\n// [Event \"Two\"]\n1. P e5-e7\n", "games: game 2 raw from the blank line after game 1");
    TAP_IS_STR(g[1].written, "\n// Game two\n// [Event \"Two\"]\n1. P e5-e7\n",
               "games: a comment over the tags is written over them again (a blank line between games)");
    TAP_IS_STR(g[2].tags, "Event=Three@8:1", "games: tag lines after moves begin game 3");
    TAP_IS_STR(g[2].toks, "9:1 NUM '1.' 1w | 9:4 MOVE 'P e5-e8' 1w | 10:1 NUM '1...' 1b | 10:6 MOVE 'p e9-e8' 1b",
               "games: game 3 tokens");
    TAP_IS_INT(g[3].line, 11, "games: a '1.' line after moves begins game 4");
    TAP_IS_STR(g[3].toks, "11:1 NUM '1.' 1w | 11:4 MOVE 'P e6-e7' 1w | 12:1 RESULT '0-1' | 13:1 COMMENT 'the end'",
               "games: the comment after the last result stays with the last game");
    TAP_IS_STR(g[3].raw, "1. P e6-e7\n0-1\n// the end\n\n", "games: the last game's raw runs to the end of the input");
    size_t total = 0;
    for (int i = 0; i < n; i++) total += g[i].rawlen;
    char *all = malloc(total + 1);
    size_t k = 0;
    for (int i = 0; i < n; i++) memcpy(all + k, g[i].raw, g[i].rawlen), k += g[i].rawlen;
    all[k] = 0;
    TAP_OK(k == strlen(t) && !strcmp(all, t), "games: the raw texts of all games, in order, are the input");
    free(all);
    free_games(g, n);

    TAP_IS_INT(count("1. P e5-e6\n1-0\n1-0\n"), 2, "games: a result after a result is a game of its own");
    TAP_IS_INT(count("1. P e5-e6\n2. P e6-e7\n1... p e9-e8\n"), 1, "games: '1...' after moves does not begin a game");
    TAP_IS_INT(count("// [A \"1\"]\n// [B \"2\"]\n// note\n// [C \"3\"]\n1. P e5-e6\n"), 1,
               "games: tags and comments before the first move are one game's");
    TAP_IS_INT(count("\n\n1. P e5-e6\n\n\n1-0\n\n\n"), 1, "games: blank lines anywhere are no game");
}

/* ---- several games written: a file read and written back ---- */

static void test_round_trip(void)
{
    const char *t = "// [Event \"One\"]\n"
                    "// [Result \"1-0\"]\n"
                    "1. P e5-e6\n"
                    "1... p e9-e8  // \"quoted\" // twice\n"
                    "//\n"
                    "2. R a7-a10  //\n"
                    "1-0\n"
                    "\n"
                    "// [Event \"Two \\\"2\\\" \\\\ back\"]\n"
                    "// [Round \"?\"]\n"
                    "1. P e5-e7\n"
                    "*  // unfinished\n"
                    "// after\n";
    game_t g[MAXG];
    int n = read_games(t, strlen(t), 0, NULL, g);
    TAP_IS_INT(n, 2, "round trip: two games");
    TAP_IS_STR(g[1].tags, "Event=Two \"2\" \\ back@9:1 | Round=?@10:1", "round trip: tag values unescaped");
    TAP_IS_STR(g[0].toks,
               "3:1 NUM '1.' 1w | 3:4 MOVE 'P e5-e6' 1w | 4:1 NUM '1...' 1b | 4:6 MOVE 'p e9-e8' 1b | "
               "4:15 LINE ' \"quoted\" // twice' | 5:1 COMMENT '' | 6:1 NUM '2.' 2w | 6:4 MOVE 'R a7-a10' 2w | "
               "6:14 LINE '' | 7:1 RESULT '1-0'",
               "round trip: empty comments, '//' inside a comment");
    TAP_IS_STR(g[1].toks, "11:1 NUM '1.' 1w | 11:4 MOVE 'P e5-e7' 1w | 12:1 RESULT '*' | 12:4 LINE ' unfinished' | "
                          "13:1 COMMENT 'after'",
               "round trip: a comment after the result");
    /* the Result tag its result line gives and the roster's placeholder go */
    const char *want = "// [Event \"One\"]\n"
                       "1. P e5-e6\n"
                       "1... p e9-e8  // \"quoted\" // twice\n"
                       "//\n"
                       "2. R a7-a10  //\n"
                       "1-0\n"
                       "\n"
                       "// [Event \"Two \\\"2\\\" \\\\ back\"]\n"
                       "1. P e5-e7\n"
                       "*  // unfinished\n"
                       "// after\n";
    char out[2 * sizeof g[0].written];
    snprintf(out, sizeof out, "%s%s", g[0].written, g[1].written);
    TAP_IS_STR(out, want, "round trip: implied tags left out, the rest as read");
    free_games(g, n);
    n = read_games(want, strlen(want), 0, NULL, g);
    snprintf(out, sizeof out, "%s%s", g[0].written, g[1].written);
    TAP_IS_STR(out, want, "round trip: the canonical file comes back byte for byte");
    free_games(g, n);

    /* CR LF, a byte-order mark, no line end at the end: read the same, raw as read */
    const char *crlf = "\xEF\xBB\xBF// [Event \"X\"]\r\n1. P e5-e6\r\n\r\n1... p e9-e8 // c\r\n0-1";
    n = read_games(crlf, strlen(crlf), CV_RECORD_KEEP_RAW, NULL, g);
    TAP_IS_INT(n, 1, "CR LF: one game");
    TAP_IS_STR(g[0].tags, "Event=X@1:1", "CR LF: the byte-order mark is no column");
    TAP_IS_STR(g[0].toks,
               "2:1 NUM '1.' 1w | 2:4 MOVE 'P e5-e6' 1w | 4:1 NUM '1...' 1b | 4:6 MOVE 'p e9-e8' 1b | "
               "4:14 LINE ' c' | 5:1 RESULT '0-1'",
               "CR LF: tokens without the CR");
    TAP_OK(g[0].rawlen == strlen(crlf) && !memcmp(g[0].raw, crlf, g[0].rawlen), "CR LF: raw keeps BOM, CRs, no last LF");
    TAP_IS_STR(g[0].written, "// [Event \"X\"]\n1. P e5-e6\n1... p e9-e8  // c\n0-1\n", "CR LF: written with LF");
    free_games(g, n);
}

/* ---- errors ---- */

static void test_errors(void)
{
    game_t g[MAXG];
    const char *t = "// [Event \"E\"]\n"    /* 1 */
                    "[Site \"x\"]\n"        /* 2 */
                    "1. P e5-e6\n"          /* 3 */
                    "   hello world\n"      /* 4 */
                    "0. P e5-e6\n"          /* 5 */
                    "2.. P e5-e6\n"         /* 6 */
                    "2.P e5-e6\n"           /* 7 */
                    "2.    // no move\n"    /* 8 */
                    "2. P e5\x01-e6\n"      /* 9 */
                    "1000000. P e5-e6\n"    /* 10 */
                    "12 P e5-e6\n"          /* 11 */
                    "1-0 1-0\n"             /* 12 */
                    "/ not a comment\n"     /* 13 */
                    "1... p e9-e8\n"        /* 14 */
                    "1/2-1/2\n";            /* 15 */
    int n = read_games(t, strlen(t), 0, NULL, g);
    TAP_IS_INT(n, 1, "errors: still one game");
    TAP_IS_STR(g[0].iss,
               "2:1: unrecognized line: '[Site \"x\"]' | "
               "4:4: unrecognized line: 'hello world' | "
               "5:1: bad move number '0.' | "
               "6:1: bad move number '2..' | "
               "7:3: no blank after the move number '2.' | "
               "8:1: move number '2.' without a move | "
               "9:8: control character 0x01; line skipped | "
               "10:1: bad move number '1000000.' | "
               "11:1: unrecognized line: '12 P e5-e6' | "
               "12:1: unrecognized line: '1-0 1-0' | "
               "13:1: unrecognized line: '/ not a comment'",
               "errors: every bad line with its line, column and message");
    TAP_IS_INT(g[0].errors, 11, "errors: all errors");
    TAP_IS_STR(g[0].toks,
               "3:1 NUM '1.' 1w | 3:4 MOVE 'P e5-e6' 1w | 14:1 NUM '1...' 1b | 14:6 MOVE 'p e9-e8' 1b | "
               "15:1 RESULT '1/2-1/2'",
               "errors: the bad lines skipped, the rest read");
    free_games(g, n);

    /* FILE:LINE:COL through the diag, with the game */
    char *msgs = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&msgs, &len);
    cv_diag d = { .out = m };
    const char *t2 = "1. P e5-e6\n1-0\n\n1. P e5-e6\n  junk\n";
    FILE *f = text_file(t2, strlen(t2));
    cv_gclog_reader *r = cv_gclog_open(f, "log.txt", &d, 0);
    cv_record rec;
    while (cv_gclog_next(r, &rec) == 1) {}
    cv_gclog_close(r);
    fclose(f);
    fclose(m);
    TAP_IS_STR(msgs, "log.txt:5:3: error: game 2: unrecognized line: 'junk'\n", "errors: reported as FILE:LINE:COL: error: game N:");
    TAP_IS_INT(d.errors, 1, "errors: counted in the diag");
    free(msgs);

    /* a bad line after a result begins the next game, which holds its error */
    n = read_games("1. P e5-e6\n1-0\n?\n", 17, 0, NULL, g);
    TAP_IS_INT(n, 2, "errors: junk after the last result is a game of its own, not dropped");
    TAP_IS_STR(g[1].iss, "3:1: unrecognized line: '?'", "errors: ... with its error");
    free_games(g, n);

    /* no game at all */
    n = read_games("", 0, 0, NULL, g);
    TAP_IS_INT(n, 1, "empty input: one game with an error");
    TAP_IS_STR(g[0].iss, "1:1: no game in the input: no move, tag or result line", "empty input: the message");
    free_games(g, n);
    n = read_games("// only a comment\n\n", 19, 0, NULL, g);
    TAP_IS_STR(g[0].iss, "1:1: no game in the input: no move, tag or result line", "comments only: no game");
    TAP_IS_STR(g[0].toks, "1:1 COMMENT 'only a comment'", "comments only: the comment is kept");
    free_games(g, n);

    /* a NUL byte */
    static const char nul[] = "1. P e5-e6\n1... p\0e9\n";
    n = read_games(nul, sizeof nul - 1, 0, NULL, g);
    TAP_IS_STR(g[0].iss, "2:7: control character 0x00; line skipped", "NUL byte: named at its column");
    free_games(g, n);
}

/* ---- limits ---- */

static void test_limits(void)
{
    game_t g[MAXG];
    cv_reader_limits lim = { .max_line = 16 };
    const char *t = "1. P e5-e6\n1... p e9-e8  // a long comment\n2. P e6-e7\n";
    int n = read_games(t, strlen(t), CV_RECORD_KEEP_RAW, &lim, g);
    TAP_IS_STR(g[0].iss, "2:1: line longer than 16 bytes; skipped", "max_line: the long line named and skipped");
    TAP_IS_STR(g[0].toks, "1:1 NUM '1.' 1w | 1:4 MOVE 'P e5-e6' 1w | 3:1 NUM '2.' 2w | 3:4 MOVE 'P e6-e7' 2w",
               "max_line: the other lines read");
    TAP_OK(g[0].raw_truncated && !strcmp(g[0].raw, "1. P e5-e6\n"), "max_line: raw keeps the whole lines before it");
    free_games(g, n);

    lim = (cv_reader_limits){ .max_items = 5 };
    t = "// [A \"1\"]\n1. P e5-e6\n1... p e9-e8\n2. P e6-e7\n2... p e8-e7\n1-0\n// [A \"2\"]\n1. P e5-e6\n";
    n = read_games(t, strlen(t), 0, &lim, g);
    TAP_IS_INT(n, 2, "max_items: the game after the limit is still read");
    TAP_IS_STR(g[0].iss, "4:4: more than 5 moves, comments and tags in one game; the rest of it is skipped",
               "max_items: the message");
    TAP_OK(g[0].skipped && g[0].nmain == 2, "max_items: the rest skipped");
    TAP_IS_STR(g[0].result, "-", "max_items: the result line still ends the game (its token skipped)");
    TAP_IS_STR(g[1].tags, "A=2@7:1", "max_items: the next game whole");
    TAP_IS_STR(g[1].iss, "", "max_items: the next game has no problem");
    free_games(g, n);

    lim = (cv_reader_limits){ .max_text = 30 };
    t = "1. P e5-e6  // comment\n1... p e9-e8\n";
    n = read_games(t, strlen(t), 0, &lim, g);
    TAP_IS_STR(g[0].iss, "2:6: more than 30 bytes of moves, comments and tags in one game; the rest of it is skipped",
               "max_text: the message");
    free_games(g, n);

    lim = (cv_reader_limits){ .max_issues = 2 };
    t = "a\nb\nc\nd\n1. P e5-e6\n// [X \"y\"]\n";
    n = read_games(t, strlen(t), 0, &lim, g);
    TAP_IS_INT(n, 2, "max_issues: the next game is still found");
    TAP_IS_STR(g[0].iss, "1:1: unrecognized line: 'a' | 2:1: unrecognized line: 'b' | 2:1: too many problems; the rest of the game is skipped",
               "max_issues: the last problem says the rest is skipped");
    TAP_OK(g[0].skipped && g[0].nmain == 0, "max_issues: nothing kept after it");
    TAP_IS_STR(g[1].tags, "X=y@6:1", "max_issues: tags after the skipped move begin the next game");
    free_games(g, n);

    /* max_raw: a game longer keeps its first whole lines */
    lim = (cv_reader_limits){ .max_raw = 24 };
    t = "1. P e5-e6\n1... p e9-e8\n2. P e6-e7\n1-0\n\n1. P e5-e6\n";
    n = read_games(t, strlen(t), CV_RECORD_KEEP_RAW, &lim, g);
    TAP_IS_INT(n, 2, "max_raw: two games");
    TAP_OK(g[0].raw_truncated && !strcmp(g[0].raw, "1. P e5-e6\n1... p e9-e8\n"), "max_raw: the first whole lines kept");
    TAP_OK(!g[1].raw_truncated && !strcmp(g[1].raw, "\n1. P e5-e6\n"), "max_raw: the next game's raw whole");
    TAP_IS_INT(g[0].nmain, 3, "max_raw: the game itself whole");
    free_games(g, n);

    /* memory: 20,000 games and a 200,000-line game stay within a bound */
    size_t big = 200000 * 12 + 16;
    char *s = malloc(big), *p = s;
    for (int i = 0; i < 20000; i++) p += sprintf(p, "1. P e5-e6\n1-0\n");
    *p = 0;
    FILE *f = fmemopen(s, strlen(s), "r");
    cv_gclog_reader *r = cv_gclog_open(f, "big", NULL, CV_RECORD_KEEP_RAW);
    cv_record rec;
    long games = 0;
    while (cv_gclog_next(r, &rec) == 1) games++;
    size_t peak;
    cv_gclog_memory(r, NULL, &peak);
    cv_gclog_close(r);
    fclose(f);
    TAP_IS_INT(games, 20000, "memory: 20,000 games read");
    TAP_OK(peak < 64 * 1024, "memory: ... in %zu bytes at most", peak);
    p = s;
    for (int i = 0; i < 200000; i++) p += sprintf(p, "// c\n");
    *p = 0;
    f = fmemopen(s, strlen(s), "r");
    r = cv_gclog_open(f, "big", NULL, CV_RECORD_LEAN);
    lim = (cv_reader_limits){ .max_items = 1000 };
    cv_gclog_set_limits(r, &lim);
    cv_gclog_next(r, &rec);
    cv_gclog_memory(r, NULL, &peak);
    TAP_IS_INT(rec.ntokens, 1000, "memory: a game of 200,000 comments stops at max_items");
    TAP_OK(peak < 256 * 1024, "memory: ... in %zu bytes at most", peak);
    cv_gclog_close(r);
    fclose(f);
    free(s);
}

/* ---- LEAN ---- */

static void test_lean(void)
{
    game_t g[MAXG];
    const char *t = "// title\n// [Event \"E\"]\n1. P e5-e6  // after\n// own\n1-0  // end\n";
    int n = read_games(t, strlen(t), CV_RECORD_LEAN, NULL, g);
    TAP_IS_STR(g[0].tags, "Event=E@2:1", "LEAN: tags kept");
    TAP_IS_STR(g[0].toks,
               "1:1 COMMENT '' | 3:1 NUM '1.' 1w | 3:4 MOVE 'P e5-e6' 1w | 3:13 LINE '' | 4:1 COMMENT '' | "
               "5:1 RESULT '1-0' | 5:6 LINE ''",
               "LEAN: comments in their places without their text");
    free_games(g, n);
}

/* ---- the writer from other formats ---- */

static void test_writer(void)
{
    const char *pgn = "[Event \"?\"]\n[Site \"Here\"]\n[Result \"0-1\"]\n[Variant \"Panoply\"]\n\n"
                      "{A\n  long   comment} 1. e4!? $1 (1. d4 d5) e5 ; line\n2. Nf3 -- 0-1\n";
    FILE *f = fmemopen((void *)pgn, strlen(pgn), "r");
    cv_record_reader *r = cv_record_open(f, "g.pgn", NULL, 0, cv_record_format_find("pgn"), 0, NULL);
    cv_record g;
    TAP_IS_INT(cv_record_next(r, &g), 1, "writer: a PGN game read");
    char *out = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&out, &len);
    cv_record_meta meta = { 0 };
    TAP_IS_INT(cv_record_format_find("gclog")->write(m, &g, NULL, &meta), 0, "writer: written");
    fclose(m);
    TAP_IS_STR(out,
               "// [Site \"Here\"]\n"
               "// [Variant \"Panoply\"]\n"
               "// A long   comment\n"
               "1. e4\n"
               "1... e5  // line\n"
               "2. Nf3\n"
               "0-1\n",
               "writer: placeholders and the Result its line gives left out, line breaks folded, "
               "the variation, NAGs and the null move dropped");
    TAP_IS_INT(meta.dropped, 4, "writer: '!?', $1, the variation and the null move counted");
    free(out);

    /* the texts given replace the moves; a game without a result gets the implied one */
    char *texts[64] = { 0 };
    for (size_t i = 0; i < g.ntokens && i < 64; i++)
        if (g.tokens[i].kind == CV_TOKEN_MOVE) texts[i] = "X a1-a2";
    cv_record copy = g;
    copy.result = NULL;
    copy.result_text = NULL;
    copy.ntokens--;  /* the result token */
    copy.number = 2;
    out = NULL;
    m = open_memstream(&out, &len);
    meta = (cv_record_meta){ .result = "1/2-1/2" };
    cv_record_format_find("gclog")->write(m, &copy, texts, &meta);
    fclose(m);
    TAP_IS_STR(out,
               "\n// [Site \"Here\"]\n// [Result \"0-1\"]\n// [Variant \"Panoply\"]\n// A long   comment\n"
               "1. X a1-a2\n1... X a1-a2  // line\n2. X a1-a2\n1/2-1/2\n",
               "writer: texts given, the implied result, a blank line before game 2");
    free(out);
    cv_record_close(r);
    fclose(f);
}

/* ---- sniffing ---- */

static int score(const char *name, const char *s) { return cv_record_format_find(name)->sniff(s, strlen(s)); }

static const char *sniffed(const char *s)
{
    const cv_record_format *f = cv_record_sniff(s, strlen(s));
    return f ? f->name : "none";
}

static void test_sniff(void)
{
    TAP_IS_INT(score("gclog", EXAMPLE), 3, "sniff: the example is surely a log");
    TAP_IS_STR(sniffed(EXAMPLE), "gclog", "sniff: ... and read as one");
    TAP_IS_INT(score("gclog", "1. P e5-e9\n"), 3, "sniff: label, blank, cell: sure");
    TAP_IS_INT(score("gclog", "\xEF\xBB\xBF\n  \n1... B1 g2-g4; B1 g3-g5  // x\n"), 3, "sniff: after a BOM and blank lines");
    TAP_IS_INT(score("gclog", "1. e12-e13; R-e13\n"), 3, "sniff: sub-moves joined by ';': sure");
    TAP_IS_INT(score("gclog", "1. C f4-b8; d6-+\n"), 3, "sniff: a removal sub-move and a mark");
    TAP_IS_INT(score("gclog", "1. @-e4; e5-e6\n"), 3, "sniff: '@-e4'");
    TAP_IS_INT(score("gclog", "1. e2-e4\n"), 1, "sniff: '1. e2-e4' alone: maybe");
    TAP_IS_STR(sniffed("1. e2-e4\n"), "pgn", "sniff: ... which PGN, first in the table, keeps");
    TAP_IS_STR(sniffed("// [Event \"x\"]\n1. e2-e4\n"), "gclog", "sniff: a maybe after tag lines is a log (PGN says none)");
    TAP_IS_INT(score("gclog", "1. e4 e5 2. Nf3 Nc6\n"), 0, "sniff: PGN's '1. e4 e5' is no log");
    TAP_IS_INT(score("gclog", "1. e2-e4 e7-e5\n"), 0, "sniff: PGN's long algebraic pair is no log");
    TAP_IS_INT(score("gclog", "1. e4 ; a comment; really\n"), 0, "sniff: PGN's ';' comment is no sub-move");
    TAP_IS_INT(score("gclog", "1.e4 e5\n"), 0, "sniff: '1.e4' is no log");
    TAP_IS_INT(score("gclog", "1. Nf3\n"), 0, "sniff: '1. Nf3' is no log");
    TAP_IS_INT(score("gclog", "1. O-O\n"), 0, "sniff: castling is no log");
    TAP_IS_INT(score("gclog", "[Event \"x\"]\n1. P e5-e9\n"), 0, "sniff: a '[Tag' line first is no log");
    TAP_IS_INT(score("gclog", "// x\nWHITE  BLACK\n1.  Pc2-c4(2)  Pd7-d5(6)\n"), 0, "sniff: a listing is no log");
    TAP_IS_INT(score("gclog", "1.  Pc2-c4(2)  Pd7-d5(6)\n"), 0, "sniff: a listing's row is no log");
    TAP_IS_INT(score("gclog", "// [Event \"x\"]\n\n"), 0, "sniff: tags without a move: not sure of anything");
    TAP_IS_INT(score("gclog", ""), 0, "sniff: empty");
    TAP_IS_INT(score("gamelist", EXAMPLE), 0, "sniff: the listing reader does not claim a log");
    TAP_IS_INT(score("pgn", EXAMPLE), 0, "sniff: the PGN reader does not claim a log");
    TAP_IS_INT(score("pgn", "1. P e5-e9\n"), 1, "sniff: PGN's maybe for a bare log loses to the log's sure");

    /* every record file of the tree keeps the format it had */
    static const char *const pats[] = { "tests/data/pgn/*.pgn", "tests/data/gamelist/*.txt", "corpus/*/*.pgn",
                                        "corpus/*/pgn/*.pgn", "corpus/*/malformed/*.pgn", "corpus/*/*.txt",
                                        "tests/data/*/*.txt", "tests/data/*.txt" };
    int files = 0, claimed = 0;
    char first[256] = "";
    for (size_t p = 0; p < sizeof pats / sizeof *pats; p++) {
        glob_t gl;
        if (glob(pats[p], 0, NULL, &gl) != 0) continue;
        for (size_t i = 0; i < gl.gl_pathc; i++) {
            if (strstr(gl.gl_pathv[i], "panoply")) continue;
            size_t n;
            char *s = slurp(gl.gl_pathv[i], &n);
            if (!s) continue;
            files++;
            if (cv_record_format_find("gclog")->sniff(s, n < 4096 ? n : 4096)) {
                claimed++;
                if (!first[0]) snprintf(first, sizeof first, "%s", gl.gl_pathv[i]);
            }
            free(s);
        }
        globfree(&gl);
    }
    TAP_OK(files > 150, "sniff: the tree's PGN, listing and text files found (%d)", files);
    TAP_IS_INT(claimed, 0, "sniff: none of them is claimed by the log reader%s%s", first[0] ? ", first: " : "", first);
}

/* ---- the format table and the directory walk ---- */

static const char *walked(const char *name, const char *content, int *unknown)
{
    FILE *f = text_file(content, strlen(content));
    cv_record_reader *r = cv_record_open(f, name, NULL, 0, NULL, 1, unknown);
    const char *fmt = r ? cv_record_reader_format(r)->name : "(passed over)";
    cv_record_close(r);
    fclose(f);
    return fmt;
}

static void test_table(void)
{
    const cv_record_format *f = cv_record_format_find("gclog");
    TAP_OK(f != NULL, "table: gclog is a record format");
    TAP_OK(f && !strcmp(f->engine, "panoply") && !strcmp(f->default_variant, "panoply") && f->numbered == 1 &&
               f->marks_warn == 0,
           "table: engine and rules panoply, numbered, marks checked only under --strict");
    TAP_IS_STR(cv_record_format_names(), "pgn, gamelist, gclog", "table: the names for messages");
    TAP_IS_STR(cv_record_suffixes(), ".pgn .txt .gc", "table: each suffix a walk takes, once");
    char id[64];
    cv_tag tags[] = { { .name = "White", .value = "Alice" } };
    cv_record g = { .number = 3 };
    f->ident(&g, id, sizeof id);
    TAP_IS_STR(id, "game 3", "ident: a log without players");
    g.tags = tags;
    g.ntags = 1;
    f->ident(&g, id, sizeof id);
    TAP_IS_STR(id, "game 3 (Alice - ?)", "ident: a log with players");

    int unknown;
    TAP_IS_STR(walked("d/log.txt", EXAMPLE, &unknown), "gclog", "walk: a .txt log is taken as a log");
    TAP_IS_STR(walked("d/LOG.TXT", "\n// [Event \"x\"]\n1. p f9-f7\n", &unknown), "gclog", "walk: suffix in any case");
    TAP_IS_STR(walked("d/maybe.txt", "1. e2-e4\n", &unknown), "(passed over)", "walk: a .txt only maybe a log is passed over");
    TAP_IS_INT(unknown, 1, "walk: ... and said unknown");
    TAP_IS_STR(walked("d/perft.txt", "# perft\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20\n", &unknown),
               "(passed over)", "walk: a perft suite is passed over");
    TAP_IS_STR(walked("d/notes.txt", "1. e4 e5 2. Nf3\n", &unknown), "(passed over)", "walk: PGN text in a .txt is passed over");
    TAP_IS_STR(walked("d/game.txt", "WHITE BLACK\n1. Pc2-c4(2)\n", &unknown), "gamelist", "walk: a listing is still a listing");
    TAP_IS_STR(walked("d/log.gc", "1. e2-e4\n", &unknown), "gclog", "walk: .gc is a log whatever its content");
    TAP_IS_STR(walked("d/g.pgn", EXAMPLE, &unknown), "pgn", "walk: .pgn is PGN whatever its content");
    TAP_IS_STR(walked("named.txt", EXAMPLE, NULL), "gclog", "walk: (NULL unknown)");
    /* a file named on the command line: by its content */
    FILE *fp = text_file(EXAMPLE, strlen(EXAMPLE));
    cv_record_reader *r = cv_record_open(fp, "any.pgn", NULL, 0, NULL, 0, NULL);
    TAP_IS_STR(cv_record_reader_format(r)->name, "gclog", "named file: a log by its content, whatever its name");
    cv_record g2;
    TAP_IS_INT(cv_record_next(r, &g2), 1, "named file: read through the interface");
    TAP_IS_INT(g2.nmainline, 4, "named file: its four moves");
    cv_record_close(r);
    fclose(fp);
}

/* ---- the corpus sample ---- */

static void test_sample(void)
{
    size_t n;
    char *s = slurp("corpus/panoply/sample-log.txt", &n);
    TAP_OK(s != NULL, "sample: corpus/panoply/sample-log.txt is there");
    if (!s) return;
    TAP_IS_INT(cv_record_format_find("gclog")->sniff(s, n), 3, "sample: surely a log");
    game_t g[MAXG];
    int k = read_games(s, n, CV_RECORD_KEEP_RAW, NULL, g);
    TAP_IS_INT(k, 1, "sample: one game");
    TAP_IS_STR(g[0].iss, "", "sample: no problem");
    TAP_IS_INT(g[0].nmain, 5, "sample: five moves");
    TAP_IS_STR(g[0].result, "1/2-1/2", "sample: its result");
    TAP_OK(g[0].rawlen == n && !strcmp(g[0].written, s), "sample: canonical (written back byte for byte)");
    free_games(g, k);
    free(s);
}

int main(void)
{
    test_example();
    test_moves();
    test_games();
    test_round_trip();
    test_errors();
    test_limits();
    test_lean();
    test_writer();
    test_sniff();
    test_table();
    test_sample();
    return tap_done();
}
