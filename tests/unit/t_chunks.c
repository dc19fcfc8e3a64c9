/* t_chunks: an input read in pieces (chunks.h, through hold.h's batches)
 * gives what reading it whole gives, and the pieces are taken as read
 * when the text is well formed, so the parallel path is really used.
 *
 * Each case is read whole, then in pieces of several sizes with several
 * pieces out at once (as --jobs has), the batches played and accepted in
 * order on this one thread.  A transcript holds, in order, the reader's
 * messages and each game's number, place, token count, result and raw
 * text; the two transcripts must be equal byte for byte, and the count of
 * pieces refused is checked exactly: 0 for well-formed text, and for each
 * malformed case the number its one misleading spot makes. */
#include "pieces.h"
#include "tap.h"

static const char GAME[] =
    "[Event \"casual\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 {threat} 4. Qxf7# 1-0\n\n";

/* Checks one case at each of nsizes sizes and 1 and 3 out; want: the
 * pieces refused in each of those runs, size by size (NULL: none). */
static void check_at(const char *name, const char *text, size_t n, const size_t *sizes, size_t nsizes,
                     const int *want)
{
    char *w = whole(text, n);
    static const int aheads[] = { 1, 3 };
    for (size_t i = 0; i < nsizes; i++)
        for (size_t k = 0; k < 2; k++) {
            int refused, pieces;
            char *p = in_pieces(text, n, sizes[i], aheads[k], &refused, &pieces);
            TAP_OK(!strcmp(w, p), "%s: pieces of %zu bytes, %d out: the transcript of reading it whole", name,
                   sizes[i], aheads[k]);
            if (strcmp(w, p)) printf("# whole:\n%s# pieces:\n%s", w, p);
            TAP_IS_INT(refused, want ? want[2 * i + k] : 0, "%s: pieces of %zu bytes, %d out: pieces refused",
                       name, sizes[i], aheads[k]);
            free(p);
        }
    free(w);
}

/* At the small sizes, where a piece is a few games. */
static void check(const char *name, const char *text, size_t n, const int *want)
{
    static const size_t sizes[] = { 1, 40, 300, 5000 };
    check_at(name, text, n, sizes, 4, want);
}

int main(void)
{
    /* 40 well-formed games: every piece stands */
    size_t gl = strlen(GAME);
    char *forty = malloc(40 * gl + 1);
    for (int i = 0; i < 40; i++) memcpy(forty + i * gl, GAME, gl);
    forty[40 * gl] = 0;
    check("40 games", forty, 40 * gl, NULL);
    {
        int refused, pieces;
        free(in_pieces(forty, 40 * gl, 1, 3, &refused, &pieces));
        TAP_IS_INT(pieces, 41, "40 games, pieces of 1 byte: a piece a game, and the blank line after the last");
        free(in_pieces(forty, 40 * gl, 5000, 3, &refused, &pieces));
        TAP_IS_INT(pieces, 1, "40 games (3.8 kB), pieces of 5000 bytes: one piece");
    }

    /* the same with a byte-order mark, CR LF line ends and no final line end */
    {
        char *crlf = malloc(80 * gl + 8), *o = crlf;
        memcpy(o, "\xEF\xBB\xBF", 3);
        o += 3;
        for (int i = 0; i < 40; i++)
            for (const char *s = GAME; *s; s++) {
                if (*s == '\n') *o++ = '\r';
                *o++ = *s;
            }
        o -= 4;  /* the last blank line and line end */
        check("CR LF, byte-order mark, no last line end", crlf, (size_t)(o - crlf), NULL);
        free(crlf);
    }

    /* where a reader sees otherwise than the cutter: read whole again from
     * the piece it spoils on, which is refused with every piece out after
     * it (none spoils when one piece holds the whole text) */
    static const int spoiled_comment[8] = { 1, 3, 1, 2, 0, 0, 0, 0 };
    static const int spoiled_binary[8] = { 1, 3, 1, 3, 0, 0, 0, 0 };
    static const char comment_tag[] =
        "[Event \"a\"]\n\n1. e4 e5 {x 1-0\n[Event \"b\"]} 2. Nf3 *\n\n[Event \"c\"]\n\n1. d4 d5 1-0\n\n"
        "[Event \"d\"]\n\n1. e4 1-0\n\n";
    check("a comment the reader ends at a tag line", comment_tag, sizeof comment_tag - 1, spoiled_comment);
    static const char binary[] =
        "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 \001 d5 1-0\n\n[Event \"c\"]\n\n1. e4 e5 0-1\n\n"
        "[Event \"d\"]\n\n1. c4 *\n";
    check("binary data skipped past a result", binary, sizeof binary - 1, spoiled_binary);
    static const char noresult[] =
        "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 d5\n\n[Event \"c\"]\n\n1. e4 e5 0-1\n\n"
        "[Event \"d\"]\n1. c4 *\n\n; [Event \"x\"] 1-0\n%% 0-1\n[Event \"e\"]\n\n1. f4 (1. e4 1-0) *\n";
    check("no result, no blank line, ';' and '%' lines, a result in a variation", noresult, sizeof noresult - 1, NULL);
    /* a game that reaches the cap on problems inside its first stored
     * token: a reader resumed before it has an empty arena, and the token
     * must be kept as the whole reader, whose arena has room, keeps it */
    {
        char t[256];
        int n = sprintf(t, "[Event \"a\"]\n\n1. e4 *\nx");
        memset(t + n, 0xFF, 99);
        n += 99;
        n += sprintf(t + n, "\n\n0");
        check("the problem cap reached inside a token", t, (size_t)n, NULL);
    }
    check("an empty input", "", 0, NULL);
    check("blank lines only", "\n\n  \n", 4, NULL);
    check("a comment alone", "{ just this }\n", 14, NULL);

    /* after a refusal the input is read whole only until a game ends by
     * its result: then pieces again */
    {
        size_t cl = sizeof comment_tag - 1;
        char *t = malloc(cl + 40 * gl + 1);
        memcpy(t, comment_tag, cl);
        memcpy(t + cl, forty, 40 * gl + 1);
        static const int spoiled_once[8] = { 1, 3, 1, 3, 1, 3, 0, 0 };
        check("a spoiler, then 40 games", t, cl + 40 * gl, spoiled_once);
        int refused, pieces;
        free(in_pieces(t, cl + 40 * gl, 1, 3, &refused, &pieces));
        TAP_IS_INT(pieces, 43, "a spoiler, then 40 games, pieces of 1 byte, 3 out: pieces again after the game read whole");
        free(t);
    }

    /* spoilers apart: read whole twice, pieces between (the whole reader
     * reads ahead to the end of a short input, so the second time it
     * reads a stream that has ended once) */
    {
        size_t cl = sizeof comment_tag - 1, bl = sizeof binary - 1, n = 0;
        char *t = malloc(cl + bl + 6 * gl + 1);
        memcpy(t + n, comment_tag, cl), n += cl;
        for (int i = 0; i < 3; i++) memcpy(t + n, GAME, gl), n += gl;
        memcpy(t + n, binary, bl), n += bl;
        for (int i = 0; i < 3; i++) memcpy(t + n, GAME, gl), n += gl;
        static const int spoiled_twice[8] = { 2, 6, 2, 6, 1, 2, 0, 0 };
        check("two spoilers, games between", t, n, spoiled_twice);
        free(t);
    }

    /* no cut for more than 8 x the size + 1 MB: read whole from there */
    {
        size_t big = (2u << 20) + 10;
        char *t = malloc(3 * gl + big + 64), *o = t;
        memcpy(o, GAME, gl);
        o += gl;
        o += sprintf(o, "[Event \"long\"]\n\n1. e4 {");
        memset(o, 'x', big);
        o += big;
        o += sprintf(o, "} e5 *\n\n");
        memcpy(o, GAME, gl);
        o += gl;
        int refused, pieces;
        char *w = whole(t, (size_t)(o - t)), *p = in_pieces(t, (size_t)(o - t), 40, 2, &refused, &pieces);
        TAP_OK(!strcmp(w, p), "a 2 MB comment: the transcript of reading it whole");
        TAP_IS_INT(refused, 0, "a 2 MB comment: nothing refused");
        TAP_IS_INT(pieces, 3, "a 2 MB comment: the first game a piece, the long one read whole, then pieces "
                              "again (the last game, the blank line after it)");
        free(w);
        free(p);
        free(t);
    }
    /* A game of tags alone, its end seen only at the next game's tags,
     * which the cutter does not count: the piece after it is refused, read
     * whole up to the next game's end, and pieces come back from there.
     * With pads longer than the whole reader's buffer, that reader stops
     * inside the bytes handed back to it, and pieces must start just
     * after them (they once started from the first byte again, and games
     * were read twice).  Sizes up to the tools' own, 1 MiB. */
    {
        size_t pad = 9000 * gl, k = 0;
        static const char tagonly[] = "[Event \"a\"]\n\n";
        char *t = malloc(2 * pad + sizeof tagonly);
        for (size_t i = 0; i < 9000; i++, k += gl) memcpy(t + k, GAME, gl);
        memcpy(t + k, tagonly, sizeof tagonly - 1), k += sizeof tagonly - 1;
        for (size_t i = 0; i < 9000; i++, k += gl) memcpy(t + k, GAME, gl);
        static const size_t sizes[] = { 5000, 100000, 1u << 20 };
        static const int refused[6] = { 1, 3, 1, 3, 1, 1 };
        check_at("a game of tags alone between pads of 1 MB", t, k, sizes, 3, refused);
        free(t);
    }
    /* A game the reader skips from binary data to the next tag line, over
     * lines that end in a result (cuts to the cutter): a piece that ends
     * there is refused.  Read whole to the end of that piece, then pieces
     * from the next game on; they once came back at the first game end
     * and were cut and refused again and again, the whole reader only a
     * batch further each time. */
    {
        size_t k = 0;
        char *t = malloc(400 * gl + 4000);
        for (int i = 0; i < 200; i++, k += gl) memcpy(t + k, GAME, gl);
        k += (size_t)sprintf(t + k, "[Event \"skipped\"]\n\n1. e4 \001 ");
        for (int i = 0; i < 400; i++) k += (size_t)sprintf(t + k, "e5 1-0\n");
        k += (size_t)sprintf(t + k, "\n");
        for (int i = 0; i < 200; i++, k += gl) memcpy(t + k, GAME, gl);
        static const size_t sizes[] = { 1000, 3000 };
        static const int refused[4] = { 1, 3, 1, 3 };
        check_at("a game skipped over 400 results, 200 games each side", t, k, sizes, 2, refused);
        free(t);
    }
    free(forty);
    return tap_done();
}
