/* bb: choosing the bitboard path for a variant (see bb.h). */
#include "bb.h"
#include "bb_width.h"
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t compile_lock = PTHREAD_MUTEX_INITIALIZER;

/* Read once: cv_attacked asks on every call, and getenv walks the
 * environment. */
static int mailbox_forced = -1;

void cv_bb_env_changed(void) { __atomic_store_n(&mailbox_forced, -1, __ATOMIC_RELAXED); }

static int read_mailbox_env(void)
{
    const char *e = getenv("CVKIT_MAILBOX");
    int f = e && *e && *e != '0';
    __atomic_store_n(&mailbox_forced, f, __ATOMIC_RELAXED);
    return f;
}

static inline int forced_mailbox(void)
{
    int f = __atomic_load_n(&mailbox_forced, __ATOMIC_RELAXED);
    return f >= 0 ? f : read_mailbox_env();
}

/* The width and tables of v, compiled on first use.  The variant is
 * shared between threads, so the first compilation is done under a lock
 * and published by the state field, written last (with release order:
 * a thread that reads a done state without the lock sees the tables). */
static const cv_bb_width *tables(const cv_variant *v, const void **t)
{
    cv_variant *w = (cv_variant *)v;   /* the cache is not part of the variant's value */
    int st = __atomic_load_n(&w->bb_state, __ATOMIC_ACQUIRE);
    if (st) {
        *t = w->bb;
        return st > 0 ? w->bb_width : NULL;
    }
    pthread_mutex_lock(&compile_lock);
    if (!w->bb_state) {
        /* The CPU, not the build, decides: one binary runs everywhere. */
        __builtin_cpu_init();
        int fast = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2") && !getenv("CVKIT_NO_BMI2");
        const cv_bb_width *x = v->geom.ncells <= 64 ? (fast ? &cv_bb_width64p : &cv_bb_width64)
                                                    : (fast ? &cv_bb_width128p : &cv_bb_width128);
        w->bb = x->compile(v);
        w->bb_width = w->bb ? x : NULL;
        __atomic_store_n(&w->bb_state, w->bb ? 1 : -1, __ATOMIC_RELEASE);
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

int cv_bb_count_legal(const cv_pos *p)
{
    const void *t;
    const cv_bb_width *x = forced_mailbox() ? NULL : tables(p->v, &t);
    return x ? x->count(t, p) : -1;
}

int cv_bb_attacked(const cv_pos *p, int cell, int by, int gone)
{
    /* asked on every move read: once the tables are published, straight
     * to them */
    const cv_variant *v = p->v;
    if (__atomic_load_n(&v->bb_state, __ATOMIC_ACQUIRE) > 0 && !forced_mailbox())
        return ((const cv_bb_width *)v->bb_width)->attacked(v->bb, p, cell, by, gone);
    const void *t;
    const cv_bb_width *x = forced_mailbox() ? NULL : tables(p->v, &t);
    return x ? x->attacked(t, p, cell, by, gone) : -1;
}

int cv_bb_origins(const cv_pos *p, int type, int to, int capture, int16_t *out)
{
    const cv_variant *v = p->v;
    if (__atomic_load_n(&v->bb_state, __ATOMIC_ACQUIRE) > 0 && !forced_mailbox())
        return ((const cv_bb_width *)v->bb_width)->origins(v->bb, p, type, to, capture, out);
    const void *t;
    const cv_bb_width *x = forced_mailbox() ? NULL : tables(v, &t);
    return x ? x->origins(t, p, type, to, capture, out) : -1;
}

int cv_bb_check_after(const cv_pos *p, int from, int to)
{
    const cv_variant *v = p->v;
    if (__atomic_load_n(&v->bb_state, __ATOMIC_ACQUIRE) > 0 && !forced_mailbox())
        return ((const cv_bb_width *)v->bb_width)->check_after(v->bb, p, from, to);
    const void *t;
    const cv_bb_width *x = forced_mailbox() ? NULL : tables(v, &t);
    return x ? x->check_after(t, p, from, to) : -1;
}
