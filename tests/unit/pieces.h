/* pieces.h: an input read whole and read in pieces (hold.h's batches, on
 * one thread, several out at once as --jobs has them), each written as a
 * transcript: the reader's messages and each game's number, place, token
 * count, result and raw text, in order.  Shared by t_chunks and the
 * fuzz_split target, which compare the two transcripts. */
#ifndef CV_TEST_PIECES_H
#define CV_TEST_PIECES_H
#include "cvkit.h"
#include "hold.h"
#include "record.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void describe(FILE *out, const cv_record *g)
{
    fprintf(out, "game %ld at %ld:%ld, %zu tokens, %zu tags, result %s, %ld errors, raw %zu:", g->number, g->line,
            g->col, g->ntokens, g->ntags, g->result_text, g->errors, g->rawlen);
    fwrite(g->raw, 1, g->rawlen, out);
    fputs("|\n", out);
    for (size_t i = 0; i < g->ntokens; i++) {
        long line, col;
        cv_game_where(g, g->tokens[i].at, &line, &col);
        fprintf(out, " %ld:%ld %s '%s'\n", line, col, cv_token_kind_name(g->tokens[i].kind), g->tokens[i].text);
    }
}

/* A reader of text in memory whose messages go to a transcript. */
typedef struct session {
    char *t;
    size_t tn;
    FILE *out, *in;
    cv_diag d;
    cv_record_reader *r;
} session;

static void session_open(session *s, const char *text, size_t n)
{
    memset(s, 0, sizeof *s);
    s->out = open_memstream(&s->t, &s->tn);
    s->in = fmemopen((void *)text, n, "r");
    s->d.out = s->out;
    s->r = cv_record_open(s->in, "t.pgn", &s->d, CV_RECORD_KEEP_RAW, cv_record_format_find("pgn"), 0, NULL);
}

/* Ends the transcript with the warnings counted; returns it. */
static char *session_close(session *s, long warnings)
{
    fprintf(s->out, "%ld warnings\n", warnings);
    cv_record_close(s->r);
    fclose(s->in);
    fclose(s->out);
    return s->t;
}

/* The transcript of reading text whole. */
static char *whole(const char *text, size_t n)
{
    session s;
    session_open(&s, text, n);
    cv_record g;
    while (cv_record_next(s.r, &g) == 1) describe(s.out, &g);
    return session_close(&s, s.d.warnings);
}

typedef struct job {
    cv_record_batch b;
    char *text;
    size_t n;
    long warnings;
} job;

static int one_game(void *arg, const cv_record *g)
{
    describe(arg, g);
    return 0;
}

static void play(job *J)
{
    FILE *out = open_memstream(&J->text, &J->n);
    cv_record_batch_each(&J->b, out, &J->warnings, one_game, out);
    fclose(out);
}

/* The transcript of reading text in pieces of about size bytes, up to
 * ahead batches out at once; *refused: the pieces refused, *pieces: the
 * pieces accepted. */
static char *in_pieces(const char *text, size_t n, size_t size, int ahead, int *refused, int *pieces)
{
    session s;
    session_open(&s, text, n);
    job *q = calloc((size_t)ahead, sizeof *q);
    int nq = 0, end = 0;
    long warnings = 0;
    *refused = *pieces = 0;
    for (;;) {
        /* fill while there is room and the input has not been handed out */
        while (!end && nq < ahead) {
            job *J = &q[nq++];
            memset(J, 0, sizeof *J);
            cv_record_batch_fill(&J->b, s.r, &s.d, size);
            if (J->b.end || J->b.sync) end = 1;
        }
        if (!nq) break;
        job *J = &q[0];
        play(J);
        if (cv_record_batch_accept(&J->b)) {
            fwrite(J->text, 1, J->n, s.out);
            warnings += J->warnings;
            if (J->b.chunk) ++*pieces;
        } else {
            ++*refused;
        }
        free(J->text);
        cv_record_batch_free(&J->b);
        memmove(q, q + 1, sizeof *q * (size_t)--nq);
        /* after the last batch out: go on unless every game has been read */
        if (end && !nq) {
            if (cv_record_ended(s.r)) break;
            end = 0;
        }
    }
    free(q);
    return session_close(&s, warnings);
}

#endif
