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
    for (size_t i = 0; i < g->ntokens; i++)
        fprintf(out, " %ld:%ld %s '%s'\n", g->tokens[i].line, g->tokens[i].col, cv_pgn_kind_name(g->tokens[i].kind),
                g->tokens[i].text);
}

/* The transcript of reading text whole. */
static char *whole(const char *text, size_t n)
{
    char *t = NULL;
    size_t tn = 0;
    FILE *out = open_memstream(&t, &tn);
    FILE *in = fmemopen((void *)text, n, "r");
    cv_diag d = { .out = out };
    cv_record_reader *r = cv_record_open(in, "t.pgn", &d, CV_RECORD_KEEP_RAW, cv_record_format_find("pgn"), 0, NULL);
    cv_record g;
    while (cv_record_next(r, &g) == 1) describe(out, &g);
    fprintf(out, "%ld warnings\n", d.warnings);
    cv_record_close(r);
    fclose(in);
    fclose(out);
    return t;
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
    char *t = NULL;
    size_t tn = 0;
    FILE *out = open_memstream(&t, &tn);
    FILE *in = fmemopen((void *)text, n, "r");
    cv_diag d = { .out = out };
    cv_record_reader *r = cv_record_open(in, "t.pgn", &d, CV_RECORD_KEEP_RAW, cv_record_format_find("pgn"), 0, NULL);
    job *q = calloc((size_t)ahead, sizeof *q);
    int nq = 0, end = 0;
    long warnings = 0;
    *refused = *pieces = 0;
    for (;;) {
        /* fill while there is room and the input has not been handed out */
        while (!end && nq < ahead) {
            job *J = &q[nq++];
            memset(J, 0, sizeof *J);
            FILE *cap = open_memstream(&J->text, &J->n);  /* what the reader says while filling */
            d.out = cap;
            cv_record_batch_fill(&J->b, r, &d, size);
            d.out = out;
            fclose(cap);
            free(J->text);  /* held games carry their messages in the batch */
            J->text = NULL;
            if (J->b.end || J->b.sync) end = 1;
        }
        if (!nq) break;
        job *J = &q[0];
        play(J);
        if (cv_record_batch_accept(&J->b)) {
            fwrite(J->text, 1, J->n, out);
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
            if (cv_record_ended(r)) break;
            end = 0;
        }
    }
    fprintf(out, "%ld warnings\n", warnings);
    free(q);
    cv_record_close(r);
    fclose(in);
    fclose(out);
    return t;
}

#endif
