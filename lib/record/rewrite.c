/* rewrite: a played game in a record format (rewrite.h). */
#include "rewrite.h"

int cv_record_rewrite(FILE *out, const cv_record_format *f, const cv_record *g, char *const *texts,
                      const cv_variant *v, const cv_replay_result *res, int *dropped)
{
    cv_record_meta meta = { .variant = v, .result = cv_replay_implied_result(res) };
    int rc = f->write(out, g, texts, &meta);
    if (dropped) *dropped = meta.dropped;
    return rc;
}
