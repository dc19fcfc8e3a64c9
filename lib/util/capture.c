/* capture: two memory streams and where each piece ends (capture.h). */
#include "capture.h"
#include <stdlib.h>
#include <string.h>

int cv_capture_open(cv_capture *c)
{
    c->out = open_memstream(&c->obuf, &c->olen);
    c->err = open_memstream(&c->ebuf, &c->elen);
    if (c->out && c->err) return 0;
    if (c->out) fclose(c->out);
    if (c->err) fclose(c->err);
    c->out = c->err = NULL;
    c->failed = 1;
    return -1;
}

void cv_capture_mark(cv_capture *c)
{
    if (c->n == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 64;
        size_t *o = realloc(c->oend, sizeof *o * cap);
        if (!o) {
            c->failed = 1;
            return;
        }
        c->oend = o;
        size_t *e = realloc(c->eend, sizeof *e * cap);
        if (!e) {
            c->failed = 1;
            return;
        }
        c->eend = e;
        c->cap = cap;
    }
    /* ftell flushes the stream, so the sizes are those written so far */
    c->oend[c->n] = (size_t)ftell(c->out);
    c->eend[c->n] = (size_t)ftell(c->err);
    c->n++;
}

void cv_capture_close(cv_capture *c)
{
    if (!c->out) return;
    cv_capture_mark(c);
    if (fclose(c->out)) c->failed = 1;
    if (fclose(c->err)) c->failed = 1;
    c->out = c->err = NULL;
}

void cv_capture_write(const cv_capture *c, FILE *out, FILE *err)
{
    size_t o = 0, e = 0;
    for (size_t i = 0; i < c->n; i++) {
        size_t oe = c->oend[i] < c->olen ? c->oend[i] : c->olen, ee = c->eend[i] < c->elen ? c->eend[i] : c->elen;
        /* a piece's diagnostics after the output of the pieces before it
         * on a pipe too, where out is block-buffered (as diag.c does) */
        if (ee > e) {
            fflush(out);
            fwrite(c->ebuf + e, 1, ee - e, err);
        }
        if (oe > o) fwrite(c->obuf + o, 1, oe - o, out);
        if (ee > e) e = ee;
        if (oe > o) o = oe;
    }
    /* a mark that could not be kept: the rest at once */
    if (e < c->elen) fwrite(c->ebuf + e, 1, c->elen - e, err);
    if (o < c->olen) fwrite(c->obuf + o, 1, c->olen - o, out);
}

void cv_capture_free(cv_capture *c)
{
    if (c->out) fclose(c->out);
    if (c->err) fclose(c->err);
    free(c->obuf);
    free(c->ebuf);
    free(c->oend);
    free(c->eend);
    memset(c, 0, sizeof *c);
}
