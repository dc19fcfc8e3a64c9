/* bb: choosing the bitboard path for a variant (see bb.h). */
#include "bb.h"
#include "bb_width.h"
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t compile_lock = PTHREAD_MUTEX_INITIALIZER;

static int forced_mailbox(void)
{
    const char *e = getenv("CVKIT_MAILBOX");
    return e && *e && *e != '0';
}

/* The width and tables of v, compiled on first use.  The variant is
 * shared between threads, so the first compilation is done under a lock
 * and published by the state field, written last. */
static const cv_bb_width *tables(const cv_variant *v, const void **t)
{
    cv_variant *w = (cv_variant *)v;   /* the cache is not part of the variant's value */
    pthread_mutex_lock(&compile_lock);
    if (!w->bb_state) {
        /* The CPU, not the build, decides: one binary runs everywhere. */
        __builtin_cpu_init();
        int fast = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2") && !getenv("CVKIT_NO_BMI2");
        const cv_bb_width *x = v->geom.ncells <= 64 ? (fast ? &cv_bb_width64p : &cv_bb_width64)
                                                    : (fast ? &cv_bb_width128p : &cv_bb_width128);
        w->bb = x->compile(v);
        w->bb_width = w->bb ? x : NULL;
        w->bb_state = w->bb ? 1 : -1;
    }
    const cv_bb_width *x = w->bb_width;
    *t = w->bb;
    pthread_mutex_unlock(&compile_lock);
    return x;
}

int cv_bb_usable(const cv_variant *v)
{
    const void *t;
    return !forced_mailbox() && tables(v, &t) != NULL;
}

uint64_t cv_bb_perft(const cv_pos *p, int depth)
{
    const void *t;
    const cv_bb_width *x = forced_mailbox() ? NULL : tables(p->v, &t);
    return x ? x->perft(t, p, depth) : UINT64_MAX;
}

int cv_bb_gen_legal(const cv_pos *p, cv_movelist *ml)
{
    const void *t;
    const cv_bb_width *x = forced_mailbox() ? NULL : tables(p->v, &t);
    return x ? x->gen(t, p, ml) : -1;
}
