/* t_pgn: the streaming PGN reader (lib/pgn.c). */
#include "pgn.h"
#include "shapes.h"
#include "tap.h"
#include "where.h"
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ------------------------------------------------------------ */

typedef struct {
    FILE *f;
    cv_pgn_reader *r;
    cv_game g;
} rd;

static void rd_open(rd *x, const char *s, size_t n, unsigned flags)
{
    /* fmemopen refuses an empty buffer; an empty tmpfile is the same input */
    x->f = n ? fmemopen((void *)s, n, "r") : tmpfile();
    x->r = cv_pgn_open(x->f, "t.pgn", NULL, flags);
}

static void rd_str(rd *x, const char *s, unsigned flags)
{
    rd_open(x, s, strlen(s), flags);
}

static int rd_next(rd *x)
{
    return cv_pgn_next(x->r, &x->g);
}

static void rd_close(rd *x)
{
    cv_pgn_close(x->r);
    fclose(x->f);
}

static char sbuf[1 << 16];

/* The tokens written back as PGN-like text (normalized forms), so that a
 * whole game can be checked with one exact comparison. */
static const char *toks(const cv_game *g)
{
    size_t n = 0;
    sbuf[0] = 0;
    for (size_t i = 0; i < g->ntokens && n < sizeof sbuf - 200; i++) {
        const cv_token *t = &g->tokens[i];
        if (i) sbuf[n++] = ' ';
        switch (t->kind) {
        case CV_TOKEN_MOVE:
        case CV_TOKEN_NULL_MOVE:
            n += (size_t)snprintf(sbuf + n, sizeof sbuf - n, "%s%s", t->norm, t->suffix);
            break;
        case CV_TOKEN_MOVE_NUMBER:
            n += (size_t)snprintf(sbuf + n, sizeof sbuf - n, "%s", t->norm);
            break;
        case CV_TOKEN_NAG: n += (size_t)snprintf(sbuf + n, sizeof sbuf - n, "$%d", t->nag); break;
        case CV_TOKEN_COMMENT:
            n += (size_t)snprintf(sbuf + n, sizeof sbuf - n, "{%.100s}", t->text);
            break;
        case CV_TOKEN_LINE_COMMENT: n += (size_t)snprintf(sbuf + n, sizeof sbuf - n, ";%s", t->text); break;
        case CV_TOKEN_ESCAPE: n += (size_t)snprintf(sbuf + n, sizeof sbuf - n, "%%%s", t->text); break;
        default: n += (size_t)snprintf(sbuf + n, sizeof sbuf - n, "%s", t->text); break;
        }
    }
    return sbuf;
}

/* "LINE:COL" of every token, space separated. */
static const char *poss(const cv_game *g)
{
    size_t n = 0;
    sbuf[0] = 0;
    for (size_t i = 0; i < g->ntokens && n < sizeof sbuf - 40; i++) {
        long line, col;
        cv_game_where(g, g->tokens[i].at, &line, &col);
        n += (size_t)snprintf(sbuf + n, sizeof sbuf - n, "%s%ld:%ld", i ? " " : "", line, col);
    }
    return sbuf;
}

static const char *depths(const cv_game *g)
{
    size_t n = 0;
    sbuf[0] = 0;
    for (size_t i = 0; i < g->ntokens && n < sizeof sbuf - 20; i++)
        n += (size_t)snprintf(sbuf + n, sizeof sbuf - n, "%s%d", i ? " " : "", g->tokens[i].depth);
    return sbuf;
}

/* Number and colour of each move: "1w 1b 2w". */
static const char *numbering(const cv_game *g)
{
    size_t n = 0;
    sbuf[0] = 0;
    for (size_t i = 0; i < g->ntokens && n < sizeof sbuf - 40; i++) {
        const cv_token *t = &g->tokens[i];
        if (t->kind != CV_TOKEN_MOVE && t->kind != CV_TOKEN_NULL_MOVE) continue;
        n += (size_t)snprintf(sbuf + n, sizeof sbuf - n, "%s%ld%c", n ? " " : "", t->number, t->color);
    }
    return sbuf;
}

static const char *issues(const cv_game *g)
{
    size_t n = 0;
    sbuf[0] = 0;
    for (size_t i = 0; i < g->nissues && n < sizeof sbuf - 300; i++) {
        const cv_issue *is = &g->issues[i];
        n += (size_t)snprintf(sbuf + n, sizeof sbuf - n, "%ld:%ld: %s: %s\n", is->line, is->col,
                              is->level == CV_ERROR ? "error" : "warning", is->msg);
    }
    return sbuf;
}

static const char *tagstr(const cv_game *g)
{
    size_t n = 0;
    sbuf[0] = 0;
    for (size_t i = 0; i < g->ntags && n < sizeof sbuf - 300; i++)
        n += (size_t)snprintf(sbuf + n, sizeof sbuf - n, "%s[%s=%s@%ld:%ld]", i ? " " : "",
                              g->tags[i].name, g->tags[i].value, g->tags[i].line, g->tags[i].col);
    return sbuf;
}

/* Parses s and checks that it holds exactly one game with these tokens
 * and issues. */
static void one_game(const char *name, const char *s, unsigned flags, const char *want_toks,
                     const char *want_issues)
{
    rd x;
    rd_str(&x, s, flags);
    TAP_IS_INT(rd_next(&x), 1, "%s: a game", name);
    TAP_IS_STR(toks(&x.g), want_toks, "%s: tokens", name);
    TAP_IS_STR(issues(&x.g), want_issues, "%s: issues", name);
    TAP_IS_INT(rd_next(&x), 0, "%s: nothing more", name);
    rd_close(&x);
}

static char *repeat(const char *s, size_t times)
{
    size_t n = strlen(s);
    char *b = malloc(n * times + 1);
    for (size_t i = 0; i < times; i++) memcpy(b + i * n, s, n);
    b[n * times] = 0;
    return b;
}

/* Builds head + middle + tail in a fresh buffer. */
static char *cat3(const char *a, const char *b, const char *c, size_t *len)
{
    size_t na = strlen(a), nb = strlen(b), nc = strlen(c);
    char *s = malloc(na + nb + nc + 1);
    memcpy(s, a, na);
    memcpy(s + na, b, nb);
    memcpy(s + na + nb, c, nc + 1);
    *len = na + nb + nc;
    return s;
}

static const char next_game[] = "\n[Event \"next\"]\n\n1. d4 d5 0-1\n";

/* After a pathological game: the following game is whole and clean. */
static void check_next(rd *x, const char *name, long line)
{
    TAP_IS_INT(rd_next(x), 1, "%s: the next game is read", name);
    char want[64];
    snprintf(want, sizeof want, "[Event=next@%ld:1]", line);
    TAP_IS_STR(tagstr(&x->g), want, "%s: its tag and place", name);
    TAP_IS_STR(toks(&x->g), "1. d4 d5 0-1", "%s: its movetext", name);
    TAP_IS_INT(x->g.nissues, 0, "%s: it is clean", name);
    TAP_IS_INT(rd_next(x), 0, "%s: then the end", name);
}

/* ---- tags --------------------------------------------------------------- */

static void test_tags(void)
{
    rd x;
    rd_str(&x,
           "[Event \"A \\\"quoted\\\" \\\\ name\"]\n"
           "[Site   \"x\"]  [Round \"3\"]\n"
           "[Empty \"\"]\n"
           "\n1. e4 *\n",
           0);
    TAP_IS_INT(rd_next(&x), 1, "tags: a game");
    TAP_IS_STR(tagstr(&x.g), "[Event=A \"quoted\" \\ name@1:1] [Site=x@2:1] [Round=3@2:15] [Empty=@3:1]",
               "tags: names, unescaped values and places, in order");
    TAP_IS_STR(cv_game_tag_value(&x.g, "Round"), "3", "tags: lookup by name");
    TAP_OK(cv_game_tag_value(&x.g, "White") == NULL, "tags: absent tag is NULL");
    TAP_IS_INT(x.g.line, 1, "tags: game starts on line 1");
    TAP_IS_STR(issues(&x.g), "", "tags: clean");
    rd_close(&x);

    /* Broken quoting as real files have it. */
    rd_str(&x,
           "[Event \"Tournament \\\"]\n"                 /* \" then ] : a backslash was meant */
           "[White \"Smith, John \"The King\"\"]\n"      /* quotes not escaped */
           "[Site \"no end]\n"                           /* closing quote missing */
           "[Black \"brackets [ and ] inside\"]\n"       /* legal: any printing char */
           "[Date \"2024\"\n"                            /* closing ] missing */
           "\n*\n",
           0);
    TAP_IS_INT(rd_next(&x), 1, "broken tags: a game");
    TAP_IS_STR(tagstr(&x.g),
               "[Event=Tournament \\@1:1] [White=Smith, John \"The King\"@2:1] [Site=no end@3:1] "
               "[Black=brackets [ and ] inside@4:1] [Date=2024@5:1]",
               "broken tags: values as meant");
    TAP_IS_STR(issues(&x.g),
               "1:8: warning: missing closing quote in tag value\n"
               "2:21: warning: unescaped '\"' inside tag value; read as part of the value\n"
               "3:7: warning: missing closing quote in tag value\n"
               "5:13: warning: missing ']' at the end of tag 'Date'\n",
               "broken tags: each named with its place");
    TAP_IS_STR(toks(&x.g), "*", "broken tags: movetext intact");
    rd_close(&x);

    one_game("strict tags", "[Site \"no end]\n\n*\n", CV_PGN_STRICT, "*",
             "1:7: error: missing closing quote in tag value\n");
    one_game("malformed tag", "[\"x\"]\n[Event x]\n[Site]\n\n*\n", 0, "*",
             "1:1: error: malformed tag: no name after '['\n"
             "2:1: error: malformed tag 'Event': the value must be in double quotes\n"
             "3:1: error: tag 'Site' has no value\n");

    /* Movetext on the tag's line, and several tags on one line. */
    rd_str(&x, "[Variant \"Antichess\"] 1.e3 e6 *\n[A \"b\\\"\"] [C \"A]]\"] [G \"\\\"]\"] *\n", 0);
    TAP_IS_INT(rd_next(&x), 1, "same line: game 1");
    TAP_IS_STR(toks(&x.g), "1. e3 e6 *", "same line: movetext after the tag");
    TAP_IS_STR(poss(&x.g), "1:23 1:25 1:28 1:31", "same line: columns");
    TAP_IS_INT(rd_next(&x), 1, "same line: game 2");
    TAP_IS_STR(tagstr(&x.g), "[A=b\"@2:1] [C=A]]@2:11] [G=\"]@2:21]", "same line: pathological tags");
    TAP_IS_STR(issues(&x.g), "2:1: warning: no blank line between this game and the previous one\n",
               "same line: only the missing blank line is reported");
    rd_close(&x);
}

/* ---- tokens ------------------------------------------------------------- */

static void test_every_kind(void)
{
    static const char pgn[] =
        "%escape line\n"
        "[Event \"K\"]\n"
        "[Result \"1-0\"]\n"
        "\n"
        "1. e4 e5!? 2. Nf3 $14 {a comment} (2. f4 !! exf4) 2... Nc6 ; rest\n"
        "3. -- Z0 1-0\n";
    rd x;
    rd_str(&x, pgn, 0);
    TAP_IS_INT(rd_next(&x), 1, "kinds: a game");
    const cv_game *g = &x.g;
    TAP_IS_STR(toks(g), "%escape line 1. e4 e5!? 2. Nf3 $14 {a comment} ( 2. f4 $3 exf4 ) 2... Nc6 ; rest 3. -- -- 1-0",
               "kinds: tokens");
    static const cv_token_kind want[] = {
        CV_TOKEN_ESCAPE, CV_TOKEN_MOVE_NUMBER, CV_TOKEN_MOVE, CV_TOKEN_MOVE, CV_TOKEN_MOVE_NUMBER, CV_TOKEN_MOVE,
        CV_TOKEN_NAG, CV_TOKEN_COMMENT, CV_TOKEN_VARIATION_START, CV_TOKEN_MOVE_NUMBER, CV_TOKEN_MOVE, CV_TOKEN_NAG,
        CV_TOKEN_MOVE, CV_TOKEN_VARIATION_END, CV_TOKEN_MOVE_NUMBER, CV_TOKEN_MOVE, CV_TOKEN_LINE_COMMENT,
        CV_TOKEN_MOVE_NUMBER, CV_TOKEN_NULL_MOVE, CV_TOKEN_NULL_MOVE, CV_TOKEN_RESULT
    };
    size_t nw = sizeof want / sizeof want[0];
    TAP_IS_INT(g->ntokens, nw, "kinds: token count");
    int same = g->ntokens == nw;
    for (size_t i = 0; same && i < nw; i++) same = g->tokens[i].kind == want[i];
    TAP_OK(same, "kinds: every kind in order");
    TAP_IS_STR(poss(g), "1:1 5:1 5:4 5:7 5:12 5:15 5:19 5:23 5:35 5:36 5:39 5:42 5:45 5:49 5:51 5:56 5:60 "
                        "6:1 6:4 6:7 6:10",
               "kinds: lines and columns");
    TAP_IS_STR(depths(g), "0 0 0 0 0 0 0 0 0 1 1 1 1 0 0 0 0 0 0 0 0", "kinds: depths");
    TAP_IS_STR(numbering(g), "1w 1b 2w 2w 2b 2b 3w 3b", "kinds: move numbers and colours");
    TAP_IS_STR(g->tokens[3].text, "e5", "kinds: move text without suffix");
    TAP_IS_STR(g->tokens[3].suffix, "!?", "kinds: suffix kept apart");
    TAP_IS_INT(g->tokens[3].nag, 5, "kinds: !? is NAG 5");
    TAP_IS_STR(g->tokens[11].text, "!!", "kinds: free-standing !! as written");
    TAP_IS_INT(g->tokens[11].nag, 3, "kinds: !! is NAG 3");
    TAP_IS_STR(g->tokens[19].text, "Z0", "kinds: Z0 as written");
    TAP_IS_STR(g->tokens[19].norm, "--", "kinds: Z0 normalized to --");
    TAP_IS_STR(g->tokens[16].text, " rest", "kinds: line comment text");
    TAP_IS_INT(g->nmainline, 6, "kinds: six main-line moves");
    TAP_OK(g->nmainline == 6 && g->mainline[0] == 2 && g->mainline[3] == 15 && g->mainline[5] == 19,
           "kinds: main line skips the variation");
    TAP_OK(g->result == &g->tokens[20], "kinds: result token");
    TAP_IS_STR(g->result_text, "1-0", "kinds: result text");
    TAP_IS_INT(g->line, 1, "kinds: the game starts at the escape line");
    TAP_IS_STR(issues(g), "", "kinds: clean");
    TAP_IS_INT(rd_next(&x), 0, "kinds: end");
    rd_close(&x);

    one_game("suffixes", "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4+ Nf6# 5. O-O+!? *", 0,
             "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4+ Nf6# 5. O-O+!? *", "");
    rd_str(&x, "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4+ Nf6# 5. O-O+!? *", 0);
    rd_next(&x);
    char nags[64] = "";
    for (size_t i = 0; i < x.g.nmainline; i++)
        snprintf(nags + strlen(nags), sizeof nags - strlen(nags), "%d", x.g.tokens[x.g.mainline[i]].nag);
    TAP_IS_STR(nags, "123456005", "suffixes: ! ? !! ?? !? ?! map to NAGs 1-6");
    rd_close(&x);

    one_game("other notations",
             "1. e2e4 e7-e5 2. Ng1-f3 Nb8xc6 3. exd6 e.p. Qb9-b4(2) 4. 1e2-1e4,3d2-3d4 N@f3 5. O-O-O-O *", 0,
             "1. e2e4 e7-e5 2. Ng1-f3 Nb8xc6 3. exd6e.p. Qb9-b4(2) 4. 1e2-1e4,3d2-3d4 N@f3 5. O-O-O-O *", "");
    one_game("castling and promotion", "1. 0-0 0-0-0 2. e8Q exd1N+ 3. e8=Q o-o *", 0,
             "1. O-O O-O-O 2. e8=Q exd1=N+ 3. e8=Q O-O *",
             "1:4: warning: castling written with zeros '0-0'; read as 'O-O'\n"
             "1:8: warning: castling written with zeros '0-0-0'; read as 'O-O-O'\n"
             "1:17: warning: promotion without '=' in 'e8Q'; read as 'e8=Q'\n"
             "1:21: warning: promotion without '=' in 'exd1N'; read as 'exd1=N'\n");
    rd_str(&x, "1. 0-0 *", 0);
    rd_next(&x);
    TAP_IS_STR(x.g.tokens[1].text, "0-0", "castling: text kept as written");
    TAP_IS_STR(x.g.tokens[1].norm, "O-O", "castling: normalized apart");
    TAP_IS_INT(x.g.tokens[1].normalized, 1, "castling: flagged as normalized");
    rd_close(&x);
    one_game("strict castling", "1. 0-0 *", CV_PGN_STRICT, "1. O-O *",
             "1:4: error: castling written with zeros '0-0'; read as 'O-O'\n");
    one_game("nags", "1. e4 $1 $255 e5 $256 $ *", 0, "1. e4 $1 $255 e5 *",
             "1:18: error: NAG '$256' out of range 0-255\n1:23: error: '$' without a number\n");
}

static void test_numbering(void)
{
    one_game("black move number", "[Event \"E\"]\n[FEN \"8/8/8/8/8/8/8/k6K b - - 0 7\"]\n\n7... Kb1 8. Kg1 *\n",
             0, "7... Kb1 8. Kg1 *", "");
    rd x;
    rd_str(&x, "[Event \"E\"]\n[FEN \"8/8/8/8/8/8/8/k6K b - - 0 7\"]\n\n7... Kb1 8. Kg1 *\n", 0);
    rd_next(&x);
    TAP_IS_STR(numbering(&x.g), "7b 8w", "FEN: numbering starts from the FEN");
    rd_close(&x);
    /* cutechess numbers from 1 whatever the FEN says: not an issue */
    one_game("FEN renumbered", "[FEN \"8/8/8/8/8/8/8/k6K b - - 0 7\"]\n\n1... Kb1 2. Kg1 *\n", 0,
             "1... Kb1 2. Kg1 *", "");
    one_game("standard 1...", "1. e4 {c} 1... e5 (1... c5) 2. Nf3 *", 0, "1. e4 {c} 1... e5 ( 1... c5 ) 2. Nf3 *", "");
    one_game("dots apart", "1. e4 {c} 1. ... e5 2. Nf3 *", 0, "1. e4 {c} 1... e5 2. Nf3 *",
             "1:14: warning: '1. ...' written apart; read as '1...'\n");
    rd_str(&x, "1. e4 {c} 1. ... e5 2. Nf3 *", 0);
    rd_next(&x);
    TAP_IS_STR(numbering(&x.g), "1w 1b 2w", "dots apart: e5 is Black's");
    TAP_IS_STR(x.g.tokens[3].text, "1.", "dots apart: number text as written");
    rd_close(&x);
    one_game("strict dots apart", "1. e4 1. ... e5 *", CV_PGN_STRICT, "1. e4 1... e5 *",
             "1:10: error: '1. ...' written apart; read as '1...'\n");
    one_game("numbers off", "1. e4 e5 3. Nf3 1.. Nc6 *", 0, "1. e4 e5 3. Nf3 1... Nc6 *",
             "1:10: warning: move number '3.' where '2.' was expected\n"
             "1:17: warning: move number '1...' where '3...' was expected\n"
             "1:17: warning: move number '1..' has 2 dots; read as '1...'\n");
    one_game("numbers without dots", "1 e4 e5 2 Nf3 *", 0, "1. e4 e5 2. Nf3 *", "");
    one_game("stray dots", "1. e4 ... e5 *", 0, "1. e4 e5 *", "1:7: error: unexpected '...'\n");
}

static void test_variations(void)
{
    rd x;
    rd_str(&x, "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) 1... e5 2. Nf3 *", 0);
    rd_next(&x);
    TAP_IS_STR(toks(&x.g), "1. e4 ( 1. d4 d5 ( 1... Nf6 2. c4 ) 2. c4 ) ( 1. c4 ) 1... e5 2. Nf3 *",
               "variations: tokens");
    TAP_IS_STR(depths(&x.g), "0 0 0 1 1 1 1 2 2 2 2 1 1 1 0 0 1 1 0 0 0 0 0 0", "variations: depths");
    TAP_IS_STR(numbering(&x.g), "1w 1w 1b 1b 2w 2w 1w 1b 2w", "variations: numbering");
    TAP_IS_INT(x.g.nmainline, 3, "variations: main line e4 e5 Nf3");
    TAP_IS_STR(issues(&x.g), "", "variations: clean");
    rd_close(&x);
    one_game("stray paren", "1. e4 ) e5 *", 0, "1. e4 e5 *", "1:7: error: unexpected ')' with no open variation\n");
    one_game("unclosed variation", "1. e4 (1. d4 d5 (1... c5\n", 0, "1. e4 ( 1. d4 d5 ( 1... c5",
             "1:7: error: unclosed variation (opened here)\n1:25: warning: missing result; '*' assumed\n");
    one_game("result in variation", "1. e4 (1. d4 1-0", 0, "1. e4 ( 1. d4 1-0",
             "1:7: error: unclosed variation (opened here)\n");
    one_game("variation first", "(1. d4) 1. e4 *", 0, "( 1. d4 ) 1. e4 *",
             "1:1: error: variation '(' with no move before it\n");
}

static void test_comments(void)
{
    one_game("comment kinds", "{before} 1. e4 {multi\nline} e5 ; to the end {not a comment}\n*", 0,
             "{before} 1. e4 {multi\nline} e5 ; to the end {not a comment} *", "");
    one_game("unterminated comment", "[Event \"U\"]\n\n1. e4 {never\nclosed\n", 0, "1. e4 {never\nclosed\n}",
             "3:7: error: unterminated comment (opened here)\n5:1: warning: missing result; '*' assumed\n");
    one_game("nested braces",
             "e4 { a { nested } comment } *", 0, "e4 { a { nested } *",
             "1:19: error: unrecognized token 'comment'\n"
             "1:27: error: unexpected '}' with no open comment (comments do not nest: the '{' at 1:8 is "
             "inside the comment opened at 1:4)\n");
    one_game("escape only in column 1", "1. e4 %no\n%yes\n*", 0, "1. e4 %yes *",
             "1:7: error: unexpected '%' (escape lines start in column 1)\n1:8: error: unrecognized token 'no'\n");
    /* A runaway comment stops at the next game's [Event, which is returned. */
    rd x;
    rd_str(&x, "[Event \"a\"]\n\n1. e4 {runaway\n\n[Event \"b\"]\n\n1. d4 *\n", 0);
    TAP_IS_INT(rd_next(&x), 1, "runaway comment: game 1");
    TAP_IS_STR(toks(&x.g), "1. e4 {runaway\n\n}", "runaway comment: its text up to the next game");
    TAP_IS_STR(issues(&x.g), "3:7: error: unterminated comment (opened here)\n5:1: warning: missing result; '*' assumed\n",
               "runaway comment: errors");
    TAP_IS_INT(rd_next(&x), 1, "runaway comment: game 2");
    TAP_IS_STR(tagstr(&x.g), "[Event=b@5:1]", "runaway comment: game 2 tags");
    TAP_IS_STR(issues(&x.g), "", "runaway comment: game 2 clean");
    rd_close(&x);
}

/* A game without its result: where "missing result" is reported, and how
 * many lines the game's table holds. */
static void missing_at(const char *in, const char *place, size_t nlines, const char *name)
{
    rd x;
    char want[100];
    snprintf(want, sizeof want, "%s: warning: missing result; '*' assumed\n", place);
    rd_str(&x, in, 0);
    rd_next(&x);
    TAP_IS_STR(issues(&x.g), want, "places: missing result %s", name);
    TAP_IS_INT(x.g.nlines, nlines, "places: missing result %s: lines in the table", name);
    rd_close(&x);
}

/* Tokens carry a position, not a line and column: the game's table of
 * lines turns it into both when asked (where.h). */
static void test_places(void)
{
    rd x;
    /* lines 1-2 tags, 3 blank, 4-5 a comment over two lines, 6 blank,
     * 7 moves; CR LF on line 7 */
    const char *s = "[Event \"p\"]\n[Site \"q\"]\n\n1. e4 {a\nlong one} e5\n\n2. Nf3 *\r\n";
    rd_str(&x, s, 0);
    TAP_IS_INT(rd_next(&x), 1, "places: a game");
    TAP_IS_STR(poss(&x.g), "4:1 4:4 4:7 5:11 7:1 7:4 7:8", "places: every token's line and column");
    TAP_IS_INT(x.g.nlines, 3, "places: the table holds the 3 lines tokens start on, not the 7 of the game");
    TAP_IS_INT(x.g.ntokens > 3 ? x.g.tokens[3].at : -1, (long)(strstr(s, "e5") - s),
               "places: a PGN token's position is its byte offset");
    long line = -1, col = -1;
    cv_game_where(&x.g, x.g.lines ? x.g.lines[0].start - 1 : 0, &line, &col);
    TAP_OK(line == 0 && col == 0, "places: a position before the first line is nowhere (%ld:%ld)", line, col);
    rd_close(&x);

    /* the byte-order mark is not counted, in tokens as in problems */
    one_game("places: byte-order mark", "\xEF\xBB\xBF" "1. e4 e5 *", 0, "1. e4 e5 *",
             "1:1: warning: UTF-8 byte-order mark at the start of the file\n");
    rd_str(&x, "\xEF\xBB\xBF" "1. e4 e5 *", 0);
    rd_next(&x);
    TAP_IS_STR(poss(&x.g), "1:1 1:4 1:7 1:10", "places: columns after a byte-order mark");
    rd_close(&x);

    /* "missing result" stands just after the last token: on the line the
     * token ends on, which may be past a line without tokens */
    missing_at("[Event \"a\"]\n\n1. e4 {one\ntwo}  \n\n[Event \"b\"]\n\n1. d4 *\n", "4:5", 1,
               "after a comment that ends on a later line (which holds no token's start)");
    missing_at("1. e4 {a\nb} e5\n\n\n", "2:6", 2, "after a move, blank lines after it");
    missing_at("1. e4 e5", "1:9", 1, "at the end of the input, no line end");
    missing_at("[Event \"a\"]\n[Site \"b\"]\n", "2:11", 0, "after tags alone (no token, no line in the table)");

    /* LEAN: a variation passed over for 5,000 lines adds no line */
    char *mid = repeat("(1. d4\n", 5000), *close = repeat(")", 5000);
    size_t n;
    char *t = cat3("1. e4 ", mid, close, &n);
    char *u = cat3(t, " 1-0\n", "", &n);
    cv_pgn_limits lim = cv_pgn_default_limits();
    lim.max_depth = 2;
    rd_open(&x, u, n, CV_PGN_LEAN);
    cv_pgn_set_limits(x.r, &lim);
    rd_next(&x);
    TAP_IS_INT(x.g.nlines, 3, "places: lean, a variation passed over for 5,000 lines: 3 lines in the table");
    TAP_IS_STR(poss(&x.g), "1:1 1:4 1:7 1:8 1:11 2:1 2:2 2:5 5001:4999 5001:5000 5001:5002",
               "places: lean, the tokens around it");
    rd_close(&x);
    free(mid);
    free(close);
    free(t);
    free(u);

    /* a reader that knows lines and columns only (listings, logs) */
    cv_line_table tab = { 0 };
    const long want[][2] = { { 3, 5 }, { 3, 9 }, { 7, 1 }, { 7, 200 }, { 8, 2 }, { 9, 1 }, { 9, 1 }, { 12, 40 } };
    long long ats[8];
    int ok = 1;
    for (int i = 0; i < 8; i++) ok &= (ats[i] = cv_line_table_at(&tab, want[i][0], want[i][1])) >= 0;
    cv_game g = { .lines = tab.v, .nlines = tab.n };
    for (int i = 0; i < 8; i++) {
        cv_game_where(&g, ats[i], &line, &col);
        if (line != want[i][0] || col != want[i][1]) {
            ok = 0;
            printf("# %d: %ld:%ld, not %ld:%ld\n", i, line, col, want[i][0], want[i][1]);
        }
    }
    TAP_OK(ok, "places: lines and columns given back as given");
    TAP_IS_INT(tab.n, 5, "places: one table entry per line");
    cv_line_table_free(&tab);
    cv_game none = { 0 };
    cv_game_where(&none, 0, &line, &col);
    TAP_OK(line == 0 && col == 0, "places: a game made by a program has none");
}

static void test_mess(void)
{
    rd x;
    /* byte-order mark: columns do not count it */
    rd_str(&x, "\xEF\xBB\xBF[Event \"B\"]\n\n1. e4 *\n", 0);
    rd_next(&x);
    TAP_IS_STR(tagstr(&x.g), "[Event=B@1:1]", "BOM: first tag at 1:1");
    TAP_IS_STR(issues(&x.g), "1:1: warning: UTF-8 byte-order mark at the start of the file\n", "BOM: warning");
    rd_close(&x);
    rd_str(&x, "\xEF\xBB\xBF[Event \"B\"]\n\n1. e4 *\n", CV_PGN_STRICT);
    rd_next(&x);
    TAP_IS_STR(issues(&x.g), "1:1: error: UTF-8 byte-order mark at the start of the file\n", "BOM: strict error");
    TAP_IS_INT(x.g.errors, 1, "BOM: strict counts an error");
    rd_close(&x);

    /* CR LF: reported once per file, comment text gets plain line ends */
    rd_str(&x, "[Event \"C\"]\r\n\r\n1. e4 {a\r\nb} e5 *\r\n\r\n[Event \"D\"]\r\n\r\n1. d4 *\r\n", 0);
    rd_next(&x);
    TAP_IS_STR(toks(&x.g), "1. e4 {a\nb} e5 *", "CRLF: tokens");
    TAP_IS_STR(poss(&x.g), "3:1 3:4 3:7 4:4 4:7", "CRLF: columns");
    TAP_IS_STR(issues(&x.g), "1:12: warning: CR LF line end (reported once per file)\n", "CRLF: one warning");
    rd_next(&x);
    TAP_IS_STR(tagstr(&x.g), "[Event=D@6:1]", "CRLF: game 2 tags");
    TAP_IS_STR(issues(&x.g), "", "CRLF: game 2 has no warning (no blank line missing either)");
    rd_close(&x);

    /* no blank line between games */
    rd_str(&x, "[Event \"A\"]\n\n1. e4 1-0\n[Event \"B\"]\n\n1. d4 0-1 [Event \"C\"] *\n", 0);
    rd_next(&x);
    TAP_IS_STR(issues(&x.g), "", "no blank line: game 1 clean");
    rd_next(&x);
    TAP_IS_STR(issues(&x.g), "4:1: warning: no blank line between this game and the previous one\n",
               "no blank line: game 2 warned");
    rd_next(&x);
    TAP_IS_STR(issues(&x.g), "6:11: warning: no blank line between this game and the previous one\n",
               "no blank line: game 3 on the result's line");
    TAP_IS_INT(rd_next(&x), 0, "no blank line: three games");
    rd_close(&x);

    /* missing results: at the end, and before the next game's tags */
    rd_str(&x, "[Event \"A\"]\n\n1. e4\n[Event \"B\"]\n\n1. d4 e5\n", 0);
    rd_next(&x);
    TAP_IS_STR(toks(&x.g), "1. e4", "missing result: game 1 tokens");
    TAP_OK(x.g.result == NULL, "missing result: no result token");
    TAP_IS_STR(x.g.result_text, "*", "missing result: '*' assumed");
    TAP_IS_STR(issues(&x.g), "3:6: warning: missing result; '*' assumed\n", "missing result: before tags");
    rd_next(&x);
    TAP_IS_STR(issues(&x.g),
               "4:1: warning: no blank line between this game and the previous one\n"
               "6:9: warning: missing result; '*' assumed\n",
               "missing result: at the end");
    rd_close(&x);
    one_game("strict missing result", "1. e4\n", CV_PGN_STRICT, "1. e4", "1:6: error: missing result; '*' assumed\n");
    one_game("result mismatch", "[Result \"0-1\"]\n\n1. e4 1-0\n", 0, "1. e4 1-0",
             "3:7: warning: result '1-0' differs from Result tag '0-1'\n");
    one_game("result tag not a result", "[Result \"?\"]\n\n1. e4 1-0\n", 0, "1. e4 1-0", "");

    /* tag sections without movetext */
    rd_str(&x, "[Event \"A\"]\n\n[Date \"x\"]\n\n[Event \"B\"]\n[Event \"C\"]\n*\n", 0);
    rd_next(&x);
    TAP_IS_STR(tagstr(&x.g), "[Event=A@1:1] [Date=x@3:1]", "tags only: a blank line inside the tag section");
    TAP_IS_STR(issues(&x.g), "3:11: warning: missing result; '*' assumed\n", "tags only: unfinished");
    rd_next(&x);
    /* without a blank line between, a second Event is a duplicate tag of
     * the same game (cv-parse(1), game boundaries), not the next game */
    TAP_IS_STR(tagstr(&x.g), "[Event=B@5:1] [Event=C@6:1]", "tags only: a second Event in one section is a duplicate");
    TAP_IS_STR(issues(&x.g), "6:1: warning: duplicate tag 'Event' (first at line 5); the first value is the game's\n",
               "tags only: the duplicate said at its '['");
    TAP_IS_STR(toks(&x.g), "*", "tags only: with its result");
    TAP_OK(rd_next(&x) == 0, "tags only: no third game");
    rd_close(&x);

    /* a game with no tags after one that lost its result */
    rd_str(&x, "[V \"S\"] 1. e4 e5 2. Nf3\n\n\n  1. e4 e5 *\n", 0);
    rd_next(&x);
    TAP_IS_STR(toks(&x.g), "1. e4 e5 2. Nf3", "restart: game 1 ends before '1.'");
    rd_next(&x);
    TAP_IS_INT(x.g.ntags, 0, "restart: game 2 has no tags");
    TAP_IS_STR(toks(&x.g), "1. e4 e5 *", "restart: game 2 tokens");
    TAP_IS_INT(x.g.line, 4, "restart: game 2 line");
    TAP_IS_INT(x.g.col, 3, "restart: game 2 column");
    rd_close(&x);

    one_game("unknown characters", "1. e4 & e5 \xC2\xBD \xFF *", 0, "1. e4 e5 *",
             "1:7: error: unexpected character '&'\n"
             "1:12: error: unexpected character '\xC2\xBD' (U+00BD)\n"
             "1:15: error: unexpected byte 0xFF (not UTF-8)\n");
    one_game("unrecognized words", "1. e4 resigns Kx *", 0, "1. e4 *",
             "1:7: error: unrecognized token 'resigns'\n1:15: error: unrecognized token 'Kx'\n");
    one_game("empty-ish", "\n\n   \n*", 0, "*", "");
    /* found by fuzzing: empty text as the first thing stored */
    one_game("lone escape", "%", 0, "%", "1:2: warning: missing result; '*' assumed\n");
    one_game("lone line comment", ";\n", 0, ";", "1:2: warning: missing result; '*' assumed\n");
    one_game("lone comment", "{}", 0, "{}", "1:3: warning: missing result; '*' assumed\n");
    rd_str(&x, "", 0);
    TAP_IS_INT(rd_next(&x), 0, "empty input: no game");
    rd_close(&x);
    rd_str(&x, "\n \n\t\n", 0);
    TAP_IS_INT(rd_next(&x), 0, "blank input: no game");
    rd_close(&x);
    /* old Mac line ends */
    one_game("CR only", "[Event \"M\"]\r\r1. e4\re5 *\r", 0, "1. e4 e5 *",
             "1:12: warning: CR line end without LF (reported once per file)\n");
}

/* ---- pathological input ------------------------------------------------- */

static void test_pathological(void)
{
    rd x;
    size_t n;
    char *mid, *s;

    /* a 10 MB comment on one line */
    mid = repeat("x", 10u << 20);
    s = cat3("[Event \"big\"]\n\n1. e4 {", mid, "} e5 1-0\n", &n);
    char *s2 = cat3(s, next_game, "", &n);
    rd_open(&x, s2, n, 0);
    TAP_IS_INT(rd_next(&x), 1, "10 MB comment: game read");
    TAP_IS_STR(issues(&x.g), "3:7: error: comment longer than 1048576 bytes; the rest of it is ignored\n",
               "10 MB comment: error at the opening brace");
    TAP_IS_INT(x.g.ntokens, 5, "10 MB comment: the game goes on after it");
    TAP_IS_INT(x.g.ntokens > 2 ? x.g.tokens[2].len : 0, 1u << 20, "10 MB comment: the first 1 MiB is kept");
    TAP_IS_STR(x.g.ntokens > 4 ? x.g.tokens[4].text : "", "1-0", "10 MB comment: result read");
    check_next(&x, "10 MB comment", 5);
    cv_pgn_stats st;
    cv_pgn_stats_get(x.r, &st);
    TAP_OK(st.peak_bytes < (3u << 20), "10 MB comment: peak memory %zu < 3 MiB", st.peak_bytes);
    rd_close(&x);
    free(mid);
    free(s);
    free(s2);

    /* 10,000 nested variations */
    mid = repeat("(1. d4 ", 10000);
    char *close = repeat(")", 10000);
    s = cat3("[Event \"deep\"]\n\n1. e4 ", mid, close, &n);
    s2 = cat3(s, " 1-0\n", next_game, &n);
    rd_open(&x, s2, n, 0);
    TAP_IS_INT(rd_next(&x), 1, "10000 variations: game read");
    /* the limit is 50 (pgn.h: cv-parse --json stays within jq's depth) */
    TAP_IS_STR(issues(&x.g), "3:357: error: variations nested deeper than 50; skipping to the next game\n",
               "10000 variations: error at the 51st '('");
    TAP_IS_INT(x.g.ntokens, 2 + 50 * 3, "10000 variations: tokens up to the limit kept");
    TAP_IS_INT(x.g.ntokens ? x.g.tokens[x.g.ntokens - 1].depth : 0, 50, "10000 variations: deepest is 50");
    TAP_IS_INT(x.g.skipped, 1, "10000 variations: the rest was skipped");
    check_next(&x, "10000 variations", 5);
    rd_close(&x);
    free(mid);
    free(close);
    free(s);
    free(s2);

    /* a 1.2 MB line */
    mid = repeat("e4 e5 ", 200000);
    s = cat3("[Event \"long\"]\n\n", mid, "\n1-0\n", &n);
    s2 = cat3(s, next_game, "", &n);
    rd_open(&x, s2, n, 0);
    TAP_IS_INT(rd_next(&x), 1, "1 MB line: game read");
    TAP_IS_STR(issues(&x.g), "3:1: error: line longer than 1048576 bytes; skipping to the next game\n",
               "1 MB line: error naming the line");
    TAP_IS_INT(x.g.skipped, 1, "1 MB line: skipped");
    check_next(&x, "1 MB line", 6);
    rd_close(&x);
    free(mid);
    free(s);
    free(s2);

    /* binary garbage */
    static const char bin[] = "[Event \"bin\"]\n\n1. e4 \0\1\2junk\xff\n more\n\n[Event \"next\"]\n\n1. d4 d5 0-1\n";
    rd_open(&x, bin, sizeof bin - 1, 0);
    TAP_IS_INT(rd_next(&x), 1, "binary: game read");
    TAP_IS_STR(issues(&x.g), "3:7: error: binary data (byte 0x00); skipping to the next game\n",
               "binary: error at the first NUL");
    TAP_IS_STR(toks(&x.g), "1. e4", "binary: tokens before it kept");
    check_next(&x, "binary", 6);
    rd_close(&x);
    static const char bin2[] = "[Event \"bin\x01\"]\n\n1. e4 *\n\n[Event \"next\"]\n\n1. d4 d5 0-1\n";
    rd_open(&x, bin2, sizeof bin2 - 1, 0);
    rd_next(&x);
    TAP_IS_STR(issues(&x.g), "1:12: error: binary data (byte 0x01); skipping to the next game\n",
               "binary in a tag: error");
    check_next(&x, "binary in a tag", 5);
    rd_close(&x);

    /* too many problems: the game is given up, the next one is read */
    mid = repeat("& ", 500);
    s = cat3("[Event \"junk\"]\n\n1. e4 ", mid, "*\n", &n);
    s2 = cat3(s, next_game, "", &n);
    rd_open(&x, s2, n, 0);
    rd_next(&x);
    TAP_IS_INT(x.g.nissues, 101, "too many problems: 100 kept plus the last word");
    TAP_IS_STR(x.g.nissues == 101 ? x.g.issues[100].msg : "",
               "more than 100 problems in this game; skipping to the next game", "too many problems: message");
    check_next(&x, "too many problems", 5);
    rd_close(&x);
    free(mid);
    free(s);
    free(s2);

    /* a token longer than 255 bytes */
    mid = repeat("a1", 200);
    s = cat3("1. ", mid, " e5 *", &n);
    rd_open(&x, s, n, 0);
    rd_next(&x);
    TAP_IS_STR(issues(&x.g),
               "1:4: error: token longer than 255 bytes: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1...'\n",
               "long token: error");
    TAP_IS_STR(toks(&x.g), "1. e5 *", "long token: reading goes on");
    rd_close(&x);
    free(mid);
    free(s);

    /* limits can be lowered */
    rd_str(&x, "1. e4 {0123456789} (1. d4 (1. c4)) *\n\n[Event \"next\"]\n\n1. d4 d5 0-1\n", 0);
    cv_pgn_limits lim = cv_pgn_default_limits();
    lim.max_comment = 4;
    lim.max_depth = 1;
    cv_pgn_set_limits(x.r, &lim);
    rd_next(&x);
    TAP_IS_STR(issues(&x.g),
               "1:7: error: comment longer than 4 bytes; the rest of it is ignored\n"
               "1:27: error: variations nested deeper than 1; skipping to the next game\n",
               "lowered limits: both reported");
    TAP_IS_STR(toks(&x.g), "1. e4 {0123} ( 1. d4", "lowered limits: kept text");
    check_next(&x, "lowered limits", 3);
    rd_close(&x);
}

/* ---- buffering ---------------------------------------------------------- */

/* The same game at every offset across several 64 KiB refills must read
 * the same: every token kind and tag gets split by a buffer end. */
static void test_chunk_boundaries(const char *eol, const char *name)
{
    static const char *const lines[] = {
        "[Event \"Chunk \\\"test\\\" \\\\\"]",
        "[Site \"a long site value to make the tag line longer than the rest\"]",
        "",
        "1. e4 {a comment that spans",
        "two lines} e5!? 2. Nf3 $14 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 ; line comment",
        "3. Bb5+ 0-0 4. e8Q -- 5. Z0 1/2-1/2",
    };
    char game[1024];
    size_t gl = 0;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        gl += (size_t)snprintf(game + gl, sizeof game - gl, "%s%s", lines[i], eol);
    size_t cap = 700 * (gl + 800) + 1, n = 0;
    char *s = malloc(cap);
    for (int k = 0; k < 700; k++) {
        memcpy(s + n, eol, strlen(eol));
        n += strlen(eol);
        memset(s + n, ' ', (size_t)k);  /* a blank line of k spaces shifts the next game */
        n += (size_t)k;
        memcpy(s + n, eol, strlen(eol));
        n += strlen(eol);
        memcpy(s + n, game, gl);
        n += gl;
    }
    rd x;
    rd_open(&x, s, n, 0);
    char first_toks[4096], first_pos[4096], first_tags[1024];
    int games = 0, same = 1;
    long issues_seen = 0;
    while (rd_next(&x) == 1) {
        games++;
        issues_seen += (long)x.g.nissues;
        char pos[4096];
        size_t pn = 0;
        for (size_t i = 0; i < x.g.ntokens && pn < sizeof pos - 40; i++) {
            long line, col;
            cv_game_where(&x.g, x.g.tokens[i].at, &line, &col);
            pn += (size_t)snprintf(pos + pn, sizeof pos - pn, " %ld:%ld/%d", line - x.g.line, col, x.g.tokens[i].depth);
        }
        char tags[1024];
        size_t tn = 0;
        for (size_t i = 0; i < x.g.ntags && tn < sizeof tags - 300; i++)
            tn += (size_t)snprintf(tags + tn, sizeof tags - tn, "[%s=%s %ld]", x.g.tags[i].name,
                                   x.g.tags[i].value, x.g.tags[i].line - x.g.line);
        if (games == 1) {
            snprintf(first_toks, sizeof first_toks, "%s", toks(&x.g));
            snprintf(first_pos, sizeof first_pos, "%s", pos);
            snprintf(first_tags, sizeof first_tags, "%s", tags);
        } else if (strcmp(first_toks, toks(&x.g)) || strcmp(first_pos, pos) || strcmp(first_tags, tags)) {
            if (same) printf("# %s: game %d differs: %s\n", name, games, toks(&x.g));
            same = 0;
        }
    }
    TAP_IS_INT(games, 700, "%s: 700 games across %zu bytes", name, n);
    TAP_OK(same, "%s: every game reads the same wherever the buffer ends", name);
    TAP_IS_STR(first_toks,
               "1. e4 {a comment that spans\ntwo lines} e5!? 2. Nf3 $14 ( 2. f4 exf4 ( 2... d5 ) 3. Nf3 ) 2... Nc6 "
               "; line comment 3. Bb5+ O-O 4. e8=Q -- 5. -- 1/2-1/2",
               "%s: the game's tokens", name);
    TAP_IS_STR(first_tags,
               "[Event=Chunk \"test\" \\ 0][Site=a long site value to make the tag line longer than the rest 1]",
               "%s: the game's tags", name);
    /* 0-0 and e8Q warn in each game; CR LF once per file */
    TAP_IS_INT(issues_seen, 700 * 2 + (eol[0] == '\r'), "%s: the expected warnings only", name);
    rd_close(&x);
    free(s);
}

/* ---- memory ------------------------------------------------------------- */

static void test_memory(void)
{
    FILE *f = tmpfile();
    for (int i = 0; i < 200000; i++)
        fprintf(f, "[Event \"g%d\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 {c} Nc6 (2... d6) 1-0\n\n", i);
    rewind(f);
    cv_pgn_reader *r = cv_pgn_open(f, "gen", NULL, 0);
    cv_game g;
    cv_pgn_stats st;
    size_t at1000 = 0;
    long games = 0, bad = 0;
    while (cv_pgn_next(r, &g) == 1) {
        games++;
        if (g.nissues || g.nmainline != 4) bad++;
        if (games == 1000) {
            cv_pgn_stats_get(r, &st);
            at1000 = st.total_bytes;
        }
    }
    cv_pgn_stats_get(r, &st);
    TAP_IS_INT(games, 200000, "memory: 200,000 games read");
    TAP_IS_INT(bad, 0, "memory: all of them clean");
    TAP_IS_INT(st.games, 200000, "memory: stats count the games");
    TAP_IS_INT(st.total_bytes, at1000, "memory: no growth after 1,000 games (%zu bytes)", st.total_bytes);
    TAP_OK(st.peak_bytes <= 256 * 1024, "memory: peak %zu bytes <= 256 KiB", st.peak_bytes);
    TAP_IS_INT(st.buffer_bytes, 64 * 1024 + 1024 + 16, "memory: one 64 KiB input buffer");
    cv_pgn_close(r);
    fclose(f);

    /* one huge game, then small ones: the big allocations are given back */
    f = tmpfile();
    fputs("[Event \"huge\"]\n\n", f);
    for (int i = 0; i < 100000; i++) fprintf(f, "%d. e4 {comment %d} e5\n", i + 1, i);
    fputs("*\n\n[Event \"small\"]\n\n1. e4 *\n", f);
    rewind(f);
    r = cv_pgn_open(f, "gen", NULL, 0);
    cv_pgn_next(r, &g);
    TAP_IS_INT(g.nmainline, 200000, "memory: huge game has 200,000 moves");
    cv_pgn_stats_get(r, &st);
    size_t big = st.total_bytes;
    cv_pgn_next(r, &g);
    cv_pgn_stats_get(r, &st);
    TAP_OK(big > (8u << 20), "memory: the huge game needed %zu bytes", big);
    TAP_OK(st.total_bytes <= 256 * 1024, "memory: back to %zu bytes for the next game", st.total_bytes);
    TAP_OK(st.peak_bytes >= big, "memory: the peak is remembered");
    cv_pgn_close(r);
    fclose(f);
}

/* ---- lean reading (CV_PGN_LEAN) ------------------------------------------ */

static long count_kind(const cv_game *g, cv_token_kind k)
{
    long n = 0;
    for (size_t i = 0; i < g->ntokens; i++) n += g->tokens[i].kind == k;
    return n;
}

static void test_lean(void)
{
    rd x;
    size_t n;
    char *mid, *s, *s2;
    cv_pgn_stats st;

    /* a 10 MB comment in a valid game: one COMMENT token, no text, no error */
    mid = repeat("x", 10u << 20);
    s = cat3("[Event \"big\"]\n\n1. e4 {", mid, "} e5 1-0\n", &n);
    s2 = cat3(s, next_game, "", &n);
    rd_open(&x, s2, n, CV_PGN_LEAN);
    TAP_IS_INT(rd_next(&x), 1, "lean 10 MB comment: game read");
    TAP_IS_STR(issues(&x.g), "", "lean 10 MB comment: no problem at all");
    TAP_IS_INT(x.g.errors + x.g.warnings, 0, "lean 10 MB comment: no error, no warning");
    TAP_IS_STR(toks(&x.g), "1. e4 {} e5 1-0", "lean 10 MB comment: the tokens");
    TAP_IS_INT(count_kind(&x.g, CV_TOKEN_COMMENT), 1, "lean 10 MB comment: one COMMENT token");
    TAP_IS_INT(x.g.ntokens > 2 ? x.g.tokens[2].len : 99, 0, "lean 10 MB comment: its len is 0");
    TAP_IS_STR(x.g.ntokens > 2 ? x.g.tokens[2].text : "?", "", "lean 10 MB comment: its text is \"\"");
    TAP_IS_STR(poss(&x.g), "3:1 3:4 3:7 3:10485770 3:10485773", "lean 10 MB comment: lines and columns");
    TAP_IS_INT(x.g.nmainline, 2, "lean 10 MB comment: two main-line moves");
    TAP_IS_INT(x.g.skipped, 0, "lean 10 MB comment: nothing skipped");
    check_next(&x, "lean 10 MB comment", 5);
    cv_pgn_stats_get(x.r, &st);
    TAP_OK(st.peak_bytes < (4u << 20), "lean 10 MB comment: peak memory %zu bytes < 4 MiB", st.peak_bytes);
    TAP_OK(st.peak_bytes < (256u << 10), "lean 10 MB comment: in fact %zu bytes < 256 KiB, what a small game takes",
           st.peak_bytes);
    printf("# lean 10 MB comment: peak_bytes %zu\n", st.peak_bytes);
    rd_close(&x);

    /* without LEAN the old behaviour: an error at the limit, 1 MiB kept */
    rd_open(&x, s2, n, 0);
    rd_next(&x);
    TAP_IS_STR(issues(&x.g), "3:7: error: comment longer than 1048576 bytes; the rest of it is ignored\n",
               "not lean 10 MB comment: error at the limit");
    TAP_IS_INT(x.g.ntokens > 2 ? x.g.tokens[2].len : 0, 1u << 20, "not lean 10 MB comment: 1 MiB kept");
    rd_close(&x);

    /* LEAN and KEEP_RAW: the raw text still holds the comment */
    rd_open(&x, s2, n, CV_PGN_LEAN | CV_PGN_KEEP_RAW);
    rd_next(&x);
    size_t first = strlen(s) - 1;  /* to the end of "1-0" */
    TAP_OK(x.g.rawlen == first && !memcmp(x.g.raw, s2, first) && !x.g.raw_truncated,
           "lean + raw: game 1's raw text is its %zu bytes, comment included (got %zu)", first, x.g.rawlen);
    rd_close(&x);
    free(mid);
    free(s);
    free(s2);

    /* a 10 MB comment over 100,000 lines, CR LF, NUL bytes in it */
    {
        char *body = malloc(10u << 20);
        size_t k = 0;
        for (int i = 0; i < 100000; i++) {
            memset(body + k, 'y', 100);
            body[k + 50] = 0;
            body[k + 100] = '\r';
            body[k + 101] = '\n';
            k += 102;
        }
        static const char head[] = "[Event \"lines\"]\n\n1. e4 {";
        static const char tail[] = "} e5 1-0\n";
        s = malloc(sizeof head + k + sizeof tail + sizeof next_game);
        n = 0;
        memcpy(s, head, sizeof head - 1);
        n += sizeof head - 1;
        memcpy(s + n, body, k);
        n += k;
        memcpy(s + n, tail, sizeof tail - 1);
        n += sizeof tail - 1;
        memcpy(s + n, next_game, sizeof next_game - 1);
        n += sizeof next_game - 1;
        rd_open(&x, s, n, CV_PGN_LEAN);
        rd_next(&x);
        TAP_IS_STR(issues(&x.g),
                   "3:58: warning: NUL byte in a comment; kept\n"
                   "3:108: warning: CR LF line end (reported once per file)\n",
                   "lean comment of 100,000 lines: the NUL said once, and the CR LF note");
        TAP_IS_STR(toks(&x.g), "1. e4 {} e5 1-0", "lean comment of 100,000 lines: the tokens");
        TAP_IS_STR(poss(&x.g), "3:1 3:4 3:7 100003:3 100003:6", "lean comment of 100,000 lines: lines counted");
        check_next(&x, "lean comment of 100,000 lines", 100005);
        cv_pgn_stats_get(x.r, &st);
        TAP_OK(st.peak_bytes < (256u << 10), "lean comment of 100,000 lines: peak %zu bytes", st.peak_bytes);
        rd_close(&x);
        free(s);
        free(body);
    }

    /* ';' comments: any length under LEAN, text "", not held to max_line */
    mid = repeat("z", 2u << 20);
    s = cat3("[Event \"semi\"]\n\n1. e4 ;", mid, "\ne5 1-0\n", &n);
    s2 = cat3(s, next_game, "", &n);
    rd_open(&x, s2, n, CV_PGN_LEAN);
    rd_next(&x);
    TAP_IS_STR(issues(&x.g), "", "lean 2 MB ';' comment: no problem");
    TAP_IS_STR(toks(&x.g), "1. e4 ; e5 1-0", "lean 2 MB ';' comment: a LINE_COMMENT token without text");
    TAP_IS_INT(x.g.ntokens > 2 ? x.g.tokens[2].len : 99, 0, "lean 2 MB ';' comment: len 0");
    TAP_IS_INT(x.g.ntokens > 2 ? x.g.tokens[2].kind : 0, CV_TOKEN_LINE_COMMENT, "lean 2 MB ';' comment: kind");
    check_next(&x, "lean 2 MB ';' comment", 6);
    rd_close(&x);
    rd_open(&x, s2, n, 0);
    rd_next(&x);
    TAP_IS_STR(issues(&x.g), "3:1: error: line longer than 1048576 bytes; skipping to the next game\n",
               "not lean 2 MB ';' comment: the line is too long");
    TAP_IS_INT(x.g.skipped, 1, "not lean 2 MB ';' comment: skipped");
    check_next(&x, "not lean 2 MB ';' comment", 6);
    rd_close(&x);
    free(mid);
    free(s);
    free(s2);

    /* a line longer than max_line made only of a comment */
    {
        cv_pgn_limits lim = cv_pgn_default_limits();
        lim.max_line = 16;
        static const char only[] = "1. e4\n{a comment far longer than sixteen bytes}\n"
                                   ";and a line comment far longer than sixteen bytes\ne5 *\n";
        for (int lean = 1; lean >= 0; lean--) {
            rd_str(&x, only, lean ? CV_PGN_LEAN : 0);
            cv_pgn_set_limits(x.r, &lim);
            rd_next(&x);
            if (lean) {
                TAP_IS_STR(issues(&x.g), "", "lean max_line 16: lines of a comment only are fine");
                TAP_IS_STR(toks(&x.g), "1. e4 {} ; e5 *", "lean max_line 16: the tokens");
            } else {
                TAP_IS_STR(issues(&x.g), "3:1: error: line longer than 16 bytes; skipping to the next game\n",
                           "not lean max_line 16: the {comment} line is fine, the ';' line is not");
            }
            rd_close(&x);
        }
        /* moves before a ';' comment still count toward the line */
        rd_str(&x, "1. e4 e5 2. Nf3 Nc6 3. Bb5 ;x\n*", CV_PGN_LEAN);
        cv_pgn_set_limits(x.r, &lim);
        rd_next(&x);
        TAP_IS_STR(issues(&x.g), "1:1: error: line longer than 16 bytes; skipping to the next game\n",
                   "lean max_line 16: moves still count");
        rd_close(&x);
    }

    /* max_tokens still applies: every comment is a token */
    {
        cv_pgn_limits lim = cv_pgn_default_limits();
        lim.max_tokens = 8;
        rd_str(&x, "1. e4 {a} {b} {c} {d} {e} {f} {g} e5 *\n\n[Event \"next\"]\n\n1. d4 d5 0-1\n", CV_PGN_LEAN);
        cv_pgn_set_limits(x.r, &lim);
        rd_next(&x);
        TAP_IS_STR(issues(&x.g), "1:31: error: game has more than 8 tokens; skipping to the next game\n",
                   "lean: max_tokens still counts comments");
        check_next(&x, "lean max_tokens", 3);
        rd_close(&x);
    }

    /* 10,000 nested variations: passed over beyond max_depth, with a warning */
    mid = repeat("(1. d4 ", 10000);
    char *close = repeat(")", 10000);
    s = cat3("[Event \"deep\"]\n\n1. e4 ", mid, close, &n);
    s2 = cat3(s, " 1-0\n", next_game, &n);
    for (int strict = 0; strict <= 1; strict++) {
        rd_open(&x, s2, n, CV_PGN_LEAN | (strict ? CV_PGN_STRICT : 0));
        TAP_IS_INT(rd_next(&x), 1, "lean 10000 variations%s: game read", strict ? " (strict)" : "");
        TAP_IS_STR(issues(&x.g),
                   "3:357: warning: variation nested deeper than 50 passed over: its moves are not read "
                   "(reported once per game)\n",
                   "lean 10000 variations%s: one warning at the 51st '('", strict ? " (strict)" : "");
        TAP_IS_INT(x.g.ntokens, 2 + 50 * 3 + 50 + 1, "lean 10000 variations%s: tokens to depth 50, the ')'s, the result",
                   strict ? " (strict)" : "");
        TAP_IS_INT(x.g.ntokens > 1 ? x.g.tokens[x.g.ntokens - 2].depth : 0, 0, "lean 10000 variations: the last ')' at 0");
        TAP_IS_STR(x.g.result_text, "1-0", "lean 10000 variations%s: the result", strict ? " (strict)" : "");
        TAP_IS_INT(x.g.skipped, 0, "lean 10000 variations: nothing skipped");
        TAP_IS_INT(x.g.errors, 0, "lean 10000 variations: no error");
        check_next(&x, "lean 10000 variations", 5);
        cv_pgn_stats_get(x.r, &st);
        TAP_OK(st.peak_bytes <= (256u << 10), "lean 10000 variations: peak %zu bytes", st.peak_bytes);
        rd_close(&x);
    }
    free(mid);
    free(close);
    free(s);
    free(s2);

    /* what a passed-over variation holds: ')' in comments, Tri-D levels,
     * Parmen's '*', a second one (not reported again) */
    {
        cv_pgn_limits lim = cv_pgn_default_limits();
        lim.max_depth = 1;
        rd_str(&x,
               "1. e4 (1. d4 (1. c4 {a ) b} Pc2-c4(2) Pb4xa3(5)* (1. Nf3) ; )\n"
               ") e5) 1... e5 (1... c5 (1... d5)) 2. Nf3 *\n\n[Event \"next\"]\n\n1. d4 d5 0-1\n",
               CV_PGN_LEAN);
        cv_pgn_set_limits(x.r, &lim);
        rd_next(&x);
        TAP_IS_STR(toks(&x.g), "1. e4 ( 1. d4 e5 ) 1... e5 ( 1... c5 ) 2. Nf3 *", "lean max_depth 1: the tokens");
        TAP_IS_STR(depths(&x.g), "0 0 0 1 1 1 0 0 0 0 1 1 0 0 0 0", "lean max_depth 1: the depths");
        TAP_IS_STR(numbering(&x.g), "1w 1w 1b 1b 1b 2w", "lean max_depth 1: the numbering");
        TAP_IS_STR(issues(&x.g),
                   "1:14: warning: variation nested deeper than 1 passed over: its moves are not read (reported once "
                   "per game)\n",
                   "lean max_depth 1: one warning");
        check_next(&x, "lean max_depth 1", 4);
        rd_close(&x);

        /* a result in it ends the game as anywhere */
        rd_str(&x, "1. e4 (1. d4 (1. c4 1-0\n\n[Event \"next\"]\n\n1. d4 d5 0-1\n", CV_PGN_LEAN);
        cv_pgn_set_limits(x.r, &lim);
        rd_next(&x);
        TAP_IS_STR(toks(&x.g), "1. e4 ( 1. d4 1-0", "lean unclosed: the tokens");
        TAP_IS_STR(issues(&x.g),
                   "1:14: warning: variation nested deeper than 1 passed over: its moves are not read (reported once "
                   "per game)\n1:7: error: unclosed variation (opened here)\n",
                   "lean unclosed: the warning, then the unclosed variation");
        check_next(&x, "lean unclosed", 3);
        rd_close(&x);

        /* so do the next game's tags */
        rd_str(&x, "1. e4 (1. d4 (1. c4\n\n[Event \"next\"]\n\n1. d4 d5 0-1\n", CV_PGN_LEAN);
        cv_pgn_set_limits(x.r, &lim);
        rd_next(&x);
        TAP_IS_STR(issues(&x.g),
                   "1:14: warning: variation nested deeper than 1 passed over: its moves are not read (reported once "
                   "per game)\n1:7: error: unclosed variation (opened here)\n1:20: warning: missing result; '*' assumed\n",
                   "lean unclosed before tags: the warning, the unclosed variation, the missing result");
        check_next(&x, "lean unclosed before tags", 3);
        rd_close(&x);

        /* and binary data is still an error */
        static const char bin[] = "1. e4 (1. d4 (1. c4 \1 ) ) *\n\n[Event \"next\"]\n\n1. d4 d5 0-1\n";
        rd_open(&x, bin, sizeof bin - 1, CV_PGN_LEAN);
        cv_pgn_set_limits(x.r, &lim);
        rd_next(&x);
        TAP_IS_STR(issues(&x.g),
                   "1:14: warning: variation nested deeper than 1 passed over: its moves are not read (reported once "
                   "per game)\n1:21: error: binary data (byte 0x01); skipping to the next game\n",
                   "lean binary in a passed-over variation: an error");
        check_next(&x, "lean binary", 3);
        rd_close(&x);
    }

    /* everything else reads as without the flag */
    static const char plain[] = "[Event \"e\"]\n[Site \"s\"]\n\n1. e4 $1 e5!? 2. Nf3 (2. f4 exf4) 2... Nc6\n%escape\n3. Bb5+ 0-0 1/2-1/2\n";
    rd x0;
    rd_str(&x, plain, CV_PGN_LEAN);
    rd_str(&x0, plain, 0);
    rd_next(&x);
    rd_next(&x0);
    char want[1024];
    snprintf(want, sizeof want, "%s", toks(&x0.g));
    TAP_IS_STR(toks(&x.g), want, "lean: a game without comments reads the same");
    snprintf(want, sizeof want, "%s", issues(&x0.g));
    TAP_IS_STR(issues(&x.g), want, "lean: with the same problems");
    snprintf(want, sizeof want, "%s", tagstr(&x0.g));
    TAP_IS_STR(tagstr(&x.g), want, "lean: and the same tags");
    rd_close(&x);
    rd_close(&x0);
}

/* ---- diagnostics and real files ----------------------------------------- */

static void test_diag(void)
{
    char *out = NULL;
    size_t outn = 0;
    FILE *mem = open_memstream(&out, &outn);
    cv_diag d = { 0 };
    d.out = mem;
    static const char text[] = "1. e4 & e5\n\n[Event \"x\"]\n*";
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    cv_pgn_reader *r = cv_pgn_open(f, "games.pgn", &d, 0);
    cv_game g;
    int n = 0;
    while (cv_pgn_next(r, &g) == 1) n++;
    cv_pgn_close(r);
    fclose(f);
    fclose(mem);
    TAP_IS_INT(n, 2, "diag: two games");
    TAP_IS_STR(out,
               "games.pgn:1:7: error: game 1: unexpected character '&'\n"
               "games.pgn:1:11: warning: game 1: missing result; '*' assumed\n",
               "diag: FILE:LINE:COL: level: game N: message");
    TAP_IS_INT(d.errors, 1, "diag: errors counted");
    TAP_IS_INT(d.warnings, 1, "diag: warnings counted");
    free(out);

    /* a read error is reported in the game being read, and remembered */
    f = fopen(".", "rb");
    if (f) {
        r = cv_pgn_open(f, "dir", NULL, 0);
        TAP_IS_INT(cv_pgn_next(r, &g), 1, "read error: reported in a game");
        TAP_IS_STR(issues(&g), "1:1: error: read error: Is a directory\n", "read error: message");
        TAP_IS_INT(cv_pgn_io_error(r), 1, "read error: remembered");
        TAP_IS_INT(cv_pgn_next(r, &g), 0, "read error: then the end");
        cv_pgn_close(r);
        fclose(f);
    }

    TAP_IS_STR(cv_token_kind_name(CV_TOKEN_VARIATION_START), "VARIATION_START", "kind names");
    TAP_IS_STR(cv_token_kind_name(CV_TOKEN_ESCAPE), "ESCAPE", "kind names: last");
}

/* Every real file: games, errors and warnings as decided for each. */
static void test_corpus(void)
{
    static const struct {
        const char *file;
        int games, errors, warnings;
    } want[] = {
        { "cl_backslash_header.pgn", 1, 0, 1 },
        { "cl_basic.pgn", 1, 0, 0 },
        { "cl_black2move.pgn", 1, 0, 3 },
        { "cl_book.pgn", 1, 0, 0 },
        { "cl_castling.pgn", 1, 0, 3 },
        { "cl_comment_before_moves.pgn", 1, 0, 0 },
        { "cl_corrupted.pgn", 1, 1, 1 },
        { "cl_empty_body.pgn", 2, 0, 1 },
        { "cl_fishtest-fastchess.pgn", 4, 0, 0 },
        { "cl_magnus-grischuk.pgn", 1, 0, 0 },
        { "cl_multiple.pgn", 4, 0, 0 },
        { "cl_newline.pgn", 1, 0, 1 },
        { "cl_no_moves.pgn", 1, 0, 1 },
        { "cl_no_moves_but_comment_followed_by_termination_marker.pgn", 2, 0, 0 },
        { "cl_no_moves_but_game_termination.pgn", 1, 0, 0 },
        { "cl_no_moves_but_game_termination_2.pgn", 1, 0, 1 },
        { "cl_no_moves_but_game_termination_3.pgn", 1, 0, 1 },
        { "cl_no_moves_but_game_termination_multiple.pgn", 2, 0, 0 },
        { "cl_no_moves_but_game_termination_multiple_2.pgn", 3, 0, 0 },
        { "cl_no_moves_two_games.pgn", 2, 0, 0 },
        { "cl_no_result.pgn", 1, 0, 0 },
        { "cl_non_ascii.pgn", 1, 0, 0 },
        { "cl_skip.pgn", 2, 0, 1 },
        { "cl_square_bracket_in_header.pgn", 1, 0, 1 },
        { "cl_threefold_repetition.pgn", 1, 0, 1 },
        { "cl_unescaped_quote_header.pgn", 1, 0, 4 },
        { "cl_variations.pgn", 1, 0, 0 },
        { "co_headers-and-moves-on-the-same-line.pgn", 3, 0, 3 },
        { "co_leading-whitespace.pgn", 4, 0, 4 },
        { "co_pathological-headers.pgn", 1, 0, 1 },
        { "pc_anastasian-lewis.pgn", 1, 0, 0 },
        { "pc_chessbase-empty-line.pgn", 1, 0, 0 },
        { "pc_kasparov-deep-blue-1997.pgn", 6, 0, 0 },
        { "pc_molinari-bordais-1979.pgn", 1, 0, 0 },
        { "pc_nepomniachtchi-liren-game1.pgn", 1, 0, 0 },
        { "pc_stockfish-learning.pgn", 1, 0, 0 },
        { "pc_uci-moves.pgn", 1, 0, 0 },
        { "pc_utf8-bom.pgn", 2, 0, 1 },
        { "pe_bots.pgn", 12, 0, 0 },
        { "pe_fischer.pgn", 34, 0, 0 },
        { "pe_najdorf.pgn", 8, 0, 0 },
        { "pe_nested-comment.pgn", 1, 11, 0 },
        { "pe_petrosian.pgn", 35, 0, 0 },
        { "pe_test-allownullmoves.pgn", 2, 0, 0 },
        { "pe_test-fixresulttags-in.pgn", 5, 0, 0 },
        { "pe_test-hash.pgn", 35, 0, 0 },
        { "pe_test-long-line.pgn", 1, 0, 0 },
        { "pe_test-nobadresults.pgn", 9, 0, 17 },
    };
    size_t nw = sizeof want / sizeof want[0];
    const char *dir = getenv("CVKIT_PGN_DATA") ? getenv("CVKIT_PGN_DATA") : "tests/data/pgn";
    DIR *dp = opendir(dir);
    TAP_OK(dp != NULL, "corpus: %s opens", dir);
    if (!dp) return;
    size_t seen = 0;
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".pgn")) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        cv_pgn_reader *r = cv_pgn_open(f, path, NULL, 0);
        cv_game g;
        int games = 0;
        long errors = 0, warnings = 0;
        while (cv_pgn_next(r, &g) == 1) {
            games++;
            errors += g.errors;
            warnings += g.warnings;
        }
        cv_pgn_close(r);
        fclose(f);
        size_t k = 0;
        while (k < nw && strcmp(want[k].file, e->d_name)) k++;
        if (k == nw) {
            TAP_OK(0, "corpus: %s is in the table (games %d errors %ld warnings %ld)", e->d_name, games, errors,
                   warnings);
            continue;
        }
        seen++;
        char got[64], exp[64];
        snprintf(got, sizeof got, "%d games, %ld errors, %ld warnings", games, errors, warnings);
        snprintf(exp, sizeof exp, "%d games, %d errors, %d warnings", want[k].games, want[k].errors,
                 want[k].warnings);
        TAP_IS_STR(got, exp, "corpus: %s", e->d_name);
    }
    closedir(dp);
    TAP_IS_INT(seen, nw, "corpus: every file in the table was read");
}

/* Exact diagnostics for a few broken real files. */
static void test_corpus_messages(void)
{
    static const struct {
        const char *file, *want;
    } cases[] = {
        { "cl_corrupted.pgn",
          "57:25: error: unrecognized token 'Kx'\n57:27: warning: missing result; '*' assumed\n" },
        { "cl_backslash_header.pgn", "1:8: warning: missing closing quote in tag value\n" },
        { "pc_utf8-bom.pgn", "1:1: warning: UTF-8 byte-order mark at the start of the file\n" },
        { "cl_black2move.pgn",
          "4:5: warning: castling written with zeros '0-0-0'; read as 'O-O-O'\n"
          "4:14: warning: castling written with zeros '0-0'; read as 'O-O'\n"
          "4:21: warning: missing result; '*' assumed\n" },
        { "cl_no_moves_but_game_termination_2.pgn", "9:2: warning: result '1/2-1/2' differs from Result tag '0-1'\n" },
    };
    const char *dir = getenv("CVKIT_PGN_DATA") ? getenv("CVKIT_PGN_DATA") : "tests/data/pgn";
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, cases[i].file);
        FILE *f = fopen(path, "rb");
        if (!f) {
            TAP_OK(0, "corpus messages: %s opens", cases[i].file);
            continue;
        }
        cv_pgn_reader *r = cv_pgn_open(f, path, NULL, 0);
        cv_game g;
        TAP_IS_INT(cv_pgn_next(r, &g), 1, "corpus messages: %s has a game", cases[i].file);
        TAP_IS_STR(issues(&g), cases[i].want, "corpus messages: %s", cases[i].file);
        cv_pgn_close(r);
        fclose(f);
    }
    /* the backslash header is read as it was meant */
    char path[4096];
    snprintf(path, sizeof path, "%s/cl_backslash_header.pgn", dir);
    FILE *f = fopen(path, "rb");
    if (f) {
        cv_pgn_reader *r = cv_pgn_open(f, path, NULL, 0);
        cv_game g;
        cv_pgn_next(r, &g);
        TAP_IS_STR(cv_game_tag_value(&g, "Event"), "Tournament \\", "backslash header: value");
        TAP_IS_INT(g.nmainline, 95, "backslash header: 95 moves");
        cv_pgn_close(r);
        fclose(f);
    }
}

/* The move shapes of particular games (shapes.h): each example is one
 * MOVE token, read alike in a variation the LEAN reader passes over. */
static void test_shapes(void)
{
    TAP_OK(cv_move_nshapes >= 5, "shapes: %zu examples", cv_move_nshapes);
    for (size_t i = 0; i < cv_move_nshapes; i++) {
        const cv_move_shape *sh = &cv_move_shapes[i];
        rd x;
        rd_str(&x, sh->movetext, 0);
        TAP_IS_INT(rd_next(&x), 1, "shape %s '%s': a game", sh->name, sh->movetext);
        TAP_IS_INT(x.g.ntokens, 3, "shape %s '%s': number, move, result", sh->name, sh->movetext);
        const cv_token *t = x.g.ntokens == 3 ? &x.g.tokens[1] : NULL;
        TAP_IS_STR(t ? cv_token_kind_name(t->kind) : "-", "MOVE", "shape %s: a MOVE", sh->name);
        TAP_IS_STR(t ? t->text : "-", sh->text, "shape %s: its text", sh->name);
        TAP_IS_STR(t ? t->suffix : "-", sh->suffix, "shape %s: its suffix", sh->name);
        TAP_IS_STR(t ? t->norm : "-", sh->norm, "shape %s: its norm", sh->name);
        TAP_IS_STR(x.g.result_text, "*", "shape %s: the result after it", sh->name);
        TAP_IS_STR(issues(&x.g), "", "shape %s: no problem", sh->name);
        rd_close(&x);

        /* the same move two variations deep, passed over at max_depth 1 */
        char buf[128];
        snprintf(buf, sizeof buf, "1. e4 (1. d4 (1. %s%s)) 1... e5 *\n", sh->text, sh->suffix);
        cv_pgn_limits lim = cv_pgn_default_limits();
        lim.max_depth = 1;
        rd_str(&x, buf, CV_PGN_LEAN);
        cv_pgn_set_limits(x.r, &lim);
        TAP_IS_INT(rd_next(&x), 1, "shape %s passed over: a game", sh->name);
        TAP_IS_STR(toks(&x.g), "1. e4 ( 1. d4 ) 1... e5 *", "shape %s passed over: the tokens", sh->name);
        TAP_IS_INT(x.g.errors, 0, "shape %s passed over: no error", sh->name);
        rd_close(&x);
    }
}

int main(void)
{
    test_tags();
    test_every_kind();
    test_shapes();
    test_numbering();
    test_variations();
    test_comments();
    test_places();
    test_mess();
    test_pathological();
    test_chunk_boundaries("\n", "chunks LF");
    test_chunk_boundaries("\r\n", "chunks CRLF");
    test_memory();
    test_lean();
    test_diag();
    test_corpus();
    test_corpus_messages();
    return tap_done();
}
