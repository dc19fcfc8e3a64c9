#include "roots.h"
#include <pthread.h>

int cv_roots_take(cv_roots *r)
{
    int i = atomic_fetch_add(&r->next, 1);
    return i < r->n ? i : -1;
}

static void *start(void *arg)
{
    cv_roots *r = arg;
    r->body(r, r->arg);
    return NULL;
}

void cv_roots_run(cv_roots *r, int n, int threads, void (*body)(cv_roots *r, void *arg), void *arg)
{
    atomic_init(&r->next, 0);
    r->n = n;
    r->body = body;
    r->arg = arg;
    if (threads > CV_ROOTS_MAX_THREADS) threads = CV_ROOTS_MAX_THREADS;
    if (threads > n) threads = n;
    pthread_t th[CV_ROOTS_MAX_THREADS];
    int started = 0;
    for (int i = 1; i < threads; i++)
        if (pthread_create(&th[started], NULL, start, r) == 0) started++;
    body(r, arg);
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
}
