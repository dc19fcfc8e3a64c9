/* asread: a game written as read (asread.h). */
#include "asread.h"

int cv_record_write_as_read(FILE *out, const cv_record_format *f, const cv_record *g, unsigned flags)
{
    if (g->raw && g->raw_truncated) return g->raw_truncated;
    if (g->raw) {
        const char *r = g->raw;
        size_t n = g->rawlen;
        /* a reader that ends a game at its last token (PGN's result) leaves
         * the line break after it to the next game's bytes; one that ends
         * it with its line (a log's result line) does not */
        if ((flags & CV_ASREAD_JOIN) && n && r[n - 1] != '\n') {
            size_t eol = n >= 2 && r[0] == '\r' && r[1] == '\n' ? 2 : n >= 1 && r[0] == '\n' ? 1 : 0;
            r += eol;
            n -= eol;
        }
        fwrite(r, 1, n, out);
        if (n && r[n - 1] != '\n') fputc('\n', out);
        return 0;
    }
    cv_record_meta meta = { 0 };
    f->write(out, g, NULL, &meta);
    return 0;
}
