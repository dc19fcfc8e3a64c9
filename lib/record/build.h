/* build: a record made from a list of moves, not read from an input.
 *
 * What it promises: cv_record_from_moves gives a cv_record (record.h)
 * that the writer of any record format takes as it takes a record it
 * read: one main line of MOVE tokens, numbered and coloured from the
 * start position (the variant's own when start is NULL), the caller's
 * tags in order, then SetUp "1" and FEN when the game starts elsewhere;
 * meta holds the variant and the result (NULL: the format's "unknown")
 * for the writer.  The move texts are copied: the draft is the caller's
 * until cv_record_draft_free.  The moves are not checked: the caller
 * played them.  Nothing here asks which game it is. */
#ifndef CV_BUILD_H
#define CV_BUILD_H
#include "engine.h"
#include "record.h"

typedef struct cv_record_draft {
    cv_record g;            /* the record: line and col 1, game 1 */
    cv_record_meta meta;    /* for the format's writer */
} cv_record_draft;

/* NULL when out of memory or the variant has no start position. */
cv_record_draft *cv_record_from_moves(const cv_variant *v, const cv_apos *start, const char *const *moves, size_t n,
                                      const cv_tag *tags, size_t ntags, const char *result);
/* Writes the draft in format f (NULL: the variant's own); 0, or -1 on a
 * write error or a format that cannot hold the variant's games. */
int cv_record_draft_write(FILE *out, const cv_record_draft *r, const cv_record_format *f);
void cv_record_draft_free(cv_record_draft *r);

#endif
