/* t_source: the byte sources the record readers read through (source.h):
 * memory, a FILE, and memory followed by another source, read in steps of
 * several sizes, give the bytes in order and fill each read but the last
 * (as fread does); a failed read of the FILE ends the bytes with its
 * reason in err. */
#include "source.h"
#include "tap.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* All of s, read step bytes at a time, into a string; *shorts: the reads
 * that gave fewer bytes than asked and were followed by more bytes. */
static char *drain(cv_source *s, size_t step, int *shorts)
{
    static char out[256];
    size_t n = 0, k;
    int short_before = 0;
    *shorts = 0;
    while ((k = cv_source_read(s, out + n, step)) > 0) {
        *shorts += short_before;
        short_before = k < step;
        n += k;
    }
    out[n] = 0;
    return out;
}

int main(void)
{
    static const struct {
        const char *head, *file;    /* head NULL: the file alone; file NULL: memory alone */
        const char *want;
    } cases[] = {
        { "", NULL, "" },
        { "[Event", NULL, "[Event" },
        { NULL, "", "" },
        { NULL, "1. e4 e5 *\n", "1. e4 e5 *\n" },
        { "", "1. e4 *\n", "1. e4 *\n" },
        { "[Event \"a\"]\n", "", "[Event \"a\"]\n" },
        { "[Event \"a\"]\n", "\n1. e4 e5 2. Nf3 *\n", "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n" },
        { "W", "HITE BLACK\n1. Pc2-c4(2)\n", "WHITE BLACK\n1. Pc2-c4(2)\n" },
    };
    static const size_t steps[] = { 1, 3, 7, 64 };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (size_t j = 0; j < sizeof steps / sizeof steps[0]; j++) {
            FILE *f = NULL;
            cv_file_source fs;
            cv_mem_source ms;
            cv_source *s = NULL;
            if (cases[i].file) {
                f = fmemopen((void *)cases[i].file, strlen(cases[i].file) ? strlen(cases[i].file) : 1, "r");
                if (f && !*cases[i].file) getc(f);  /* an empty file: at its end */
                s = cv_file_source_init(&fs, f);
            }
            if (cases[i].head) s = cv_mem_source_init(&ms, cases[i].head, strlen(cases[i].head), f ? &fs.s : NULL);
            int shorts;
            TAP_IS_STR(drain(s, steps[j], &shorts), cases[i].want, "case %zu, reads of %zu: the bytes in order", i,
                       steps[j]);
            TAP_IS_INT(shorts, 0, "case %zu, reads of %zu: only the last read is short", i, steps[j]);
            TAP_IS_INT(s->err, 0, "case %zu, reads of %zu: no error at the end", i, steps[j]);
            if (f) fclose(f);
        }

    /* a stream that cannot be read: the bytes in front, then the error */
    FILE *wo = fopen("/dev/null", "w");
    TAP_OK(wo != NULL, "a stream open for writing only");
    if (wo) {
        cv_file_source fs;
        cv_mem_source ms;
        cv_source *s = cv_mem_source_init(&ms, "ab", 2, cv_file_source_init(&fs, wo));
        char buf[8];
        TAP_IS_INT(cv_source_read(s, buf, sizeof buf), 2, "a write-only stream behind 2 bytes: the 2 bytes");
        TAP_IS_INT(s->err != 0, 1, "... and err set (%d)", s->err);
        TAP_IS_INT(fs.s.err, s->err, "... the file's own reason");
        fclose(wo);
    }
    return tap_done();
}
