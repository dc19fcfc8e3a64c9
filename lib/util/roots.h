/* roots: the root moves of a walk (count.h) shared out over threads.
 *
 * The walk hands their number to cv_roots_run with a body; the body runs
 * on every thread (the calling one included) and takes root indexes with
 * cv_roots_take until there are none left, so a slow subtree never holds up the others.  The
 * call returns when every body has.  Fewer threads than asked (at most
 * CV_ROOTS_MAX_THREADS, at most one per root) run when the system gives
 * fewer: the count is the same, only slower. */
#ifndef CV_ROOTS_H
#define CV_ROOTS_H
#include <stdatomic.h>

#define CV_ROOTS_MAX_THREADS 256

typedef struct cv_roots {
    atomic_int next;
    int n;
    void (*body)(struct cv_roots *r, void *arg);
    void *arg;
} cv_roots;

/* Runs body(r, arg) on up to threads threads over n roots; waits. */
void cv_roots_run(cv_roots *r, int n, int threads, void (*body)(cv_roots *r, void *arg), void *arg);
/* The next root index to count, or -1 when all are taken. */
int cv_roots_take(cv_roots *r);

#endif
