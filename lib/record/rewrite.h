/* rewrite: a game played through written again in a record format.
 *
 * What it promises: cv-replay --gamelist and cv-convert --format FORMAT
 * write a game they played by this one call, so the same game, moves and
 * rules give the same bytes from either tool: the moves as texts says
 * (token i as texts[i]; NULL, or texts NULL: as read), the result the
 * replay implies where the format writes one the record lacks, the rules
 * v deciding what the format leaves implied (a listing's Variant tag).
 * Returns 0, or -1 on a write error; *dropped (when not NULL): the
 * tokens the format could not hold, for the caller to warn of. */
#ifndef CV_REWRITE_H
#define CV_REWRITE_H
#include "record.h"
#include "replay.h"

/* How the game is written beyond its moves. */
typedef struct cv_rewrite_opts {
    int layout;     /* CV_LAYOUT_* (record.h) */
    /* The notation of v the texts are in, or -1 to leave the tags alone.
     * A notation the default reading does not take (pbm) is named in a
     * Notation tag, so that the record reads back; any other drops the
     * record's Notation tag, which would no longer be true. */
    int notation;
} cv_rewrite_opts;

int cv_record_rewrite_as(FILE *out, const cv_record_format *f, const cv_record *g, char *const *texts,
                         const cv_variant *v, const cv_replay_result *res, const cv_rewrite_opts *o, int *dropped);
/* The same in the clean layout, the tags as read. */
int cv_record_rewrite(FILE *out, const cv_record_format *f, const cv_record *g, char *const *texts,
                      const cv_variant *v, const cv_replay_result *res, int *dropped);

#endif
