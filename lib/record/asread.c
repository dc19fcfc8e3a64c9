/* asread: a game written as read (asread.h). */
#include "asread.h"

int cv_record_write_as_read(FILE *out, const cv_record_format *f, const cv_record *g)
{
    if (g->raw && g->raw_truncated) return g->raw_truncated;
    if (g->raw) {
        fwrite(g->raw, 1, g->rawlen, out);
        if (g->rawlen && g->raw[g->rawlen - 1] != '\n') fputc('\n', out);
        return 0;
    }
    cv_record_meta meta = { 0 };
    f->write(out, g, NULL, &meta);
    return 0;
}
