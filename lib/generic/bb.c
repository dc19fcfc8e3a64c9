/* bb: choosing the bitboard path for a variant (see bb.h). */
#include "bb.h"
#include "bb_width.h"
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t compile_lock = PTHREAD_MUTEX_INITIALIZER;

/* Read once: cv_gen_attacked asks on every call, and getenv walks the
 * environment. */
static int mailbox_forced = -1;

void cv_gen_bb_env_changed(void) { __atomic_store_n(&mailbox_forced, -1, __ATOMIC_RELAXED); }

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
static const cv_bb_width *compile_tables(const cv_variant *v)
{
    cv_variant *w = (cv_variant *)v;   /* the cache is not part of the variant's value */
    pthread_mutex_lock(&compile_lock);
    if (!w->bb_state) {
        /* The CPU, not the build, decides: one binary runs on every
         * x86-64.  Other CPUs have no PEXT and take the portable path. */
#if defined(__x86_64__)
        __builtin_cpu_init();
        int fast = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2") && !getenv("CVKIT_NO_BMI2");
        const cv_bb_width *x = v->geom.ncells <= 64 ? (fast ? &cv_bb_width64p : &cv_bb_width64)
                                                    : (fast ? &cv_bb_width128p : &cv_bb_width128);
#else
        /* the PEXT widths are not built here: not even named, so an
         * unoptimised build links too */
        const cv_bb_width *x = v->geom.ncells <= 64 ? &cv_bb_width64 : &cv_bb_width128;
#endif
        w->bb = x->compile(v);
        w->bb_width = w->bb ? x : NULL;
        __atomic_store_n(&w->bb_state, w->bb ? 1 : -1, __ATOMIC_RELEASE);
    }
    const cv_bb_width *x = w->bb_width;
    pthread_mutex_unlock(&compile_lock);
    return x;
}

/* The width v is played with (its tables then in v->bb), NULL for the
 * mailbox.  Inline and without the lock once published: the move reader
 * asks on every move. */
static inline const cv_bb_width *width(const cv_variant *v)
{
    int st = __atomic_load_n(&v->bb_state, __ATOMIC_ACQUIRE);
    if (forced_mailbox()) return NULL;
    if (__builtin_expect(st > 0, 1)) return v->bb_width;
    return st ? NULL : compile_tables(v);
}

int cv_gen_bb_usable(const cv_variant *v)
{
    return width(v) != NULL;
}

uint64_t cv_gen_bb_perft(const cv_pos *p, int depth)
{
    const cv_bb_width *x = width(p->v);
    return x ? x->perft(p->v->bb, p, depth) : UINT64_MAX;
}

int cv_gen_bb_gen_legal(const cv_pos *p, cv_movelist *ml)
{
    const cv_bb_width *x = width(p->v);
    return x ? x->gen(p->v->bb, p, ml) : -1;
}

int cv_gen_bb_count_legal(const cv_pos *p)
{
    const cv_bb_width *x = width(p->v);
    return x ? x->count(p->v->bb, p) : -1;
}

int cv_gen_bb_attacked(const cv_pos *p, int cell, int by, int gone)
{
    const cv_bb_width *x = width(p->v);
    return x ? x->attacked(p->v->bb, p, cell, by, gone) : -1;
}

int cv_gen_bb_origins(const cv_pos *p, int type, int to, int capture, int16_t *out)
{
    const cv_bb_width *x = width(p->v);
    return x ? x->origins(p->v->bb, p, type, to, capture, out) : -1;
}

int cv_gen_bb_check_after(const cv_pos *p, int from, int to)
{
    const cv_bb_width *x = width(p->v);
    return x ? x->check_after(p->v->bb, p, from, to) : -1;
}
