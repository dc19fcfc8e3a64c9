/* jobs: a ring of tasks between the adding thread and the workers
 * (jobs.h). */
#include "jobs.h"
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

enum { QUEUED, RUNNING, FINISHED };

typedef struct slot {
    void *task;
    int state;
} slot;

typedef struct worker {
    cv_jobs *J;
    void *state;
    pthread_t th;
    int started;
} worker;

struct cv_jobs {
    pthread_mutex_t lock;
    pthread_cond_t work;    /* a task was queued, or quit */
    pthread_cond_t ready;   /* a task finished */
    slot *ring;
    size_t cap;
    size_t head, next, tail;    /* oldest not finished; next to run; next free */
    int quit, stop;
    cv_job_run_fn run;
    cv_job_done_fn done;
    void *arg;
    int n;
    worker *w;
};

int cv_jobs_cores(void)
{
    /* not in POSIX, but where there is a processor count it is this one */
#ifdef _SC_NPROCESSORS_ONLN
    long n = sysconf(_SC_NPROCESSORS_ONLN);
#else
    long n = 1;
#endif
    return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

static void *work(void *arg)
{
    worker *w = arg;
    cv_jobs *J = w->J;
    pthread_mutex_lock(&J->lock);
    for (;;) {
        while (!J->quit && J->next == J->tail) pthread_cond_wait(&J->work, &J->lock);
        if (J->next == J->tail) break;
        slot *s = &J->ring[J->next++ % J->cap];
        s->state = RUNNING;
        int skip = J->stop;
        pthread_mutex_unlock(&J->lock);
        /* after a stop the result would be thrown away: not worth the time */
        if (!skip) J->run(w->state, s->task);
        pthread_mutex_lock(&J->lock);
        s->state = FINISHED;
        pthread_cond_broadcast(&J->ready);
    }
    pthread_mutex_unlock(&J->lock);
    return NULL;
}

/* With the lock held: finishes the oldest tasks that have run; with all,
 * waits for every task out. */
static void finish(cv_jobs *J, int all)
{
    while (J->head != J->tail) {
        slot *s = &J->ring[J->head % J->cap];
        if (s->state != FINISHED) {
            if (!all) return;
            pthread_cond_wait(&J->ready, &J->lock);
            continue;
        }
        void *task = s->task;
        int dropped = J->stop;
        pthread_mutex_unlock(&J->lock);
        int stop = J->done(J->arg, task, dropped);
        pthread_mutex_lock(&J->lock);
        if (stop) J->stop = 1;
        J->head++;
    }
}

cv_jobs *cv_jobs_new(int n, void **workers, cv_job_run_fn run, cv_job_done_fn done, void *arg)
{
    cv_jobs *J = calloc(1, sizeof *J);
    if (!J) return NULL;
    J->cap = 2 * (size_t)n;
    J->ring = calloc(J->cap, sizeof *J->ring);
    J->w = calloc((size_t)n, sizeof *J->w);
    J->run = run;
    J->done = done;
    J->arg = arg;
    pthread_mutex_init(&J->lock, NULL);
    pthread_cond_init(&J->work, NULL);
    pthread_cond_init(&J->ready, NULL);
    if (!J->ring || !J->w) {
        cv_jobs_free(J);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        J->w[i].J = J;
        J->w[i].state = workers[i];
        if (pthread_create(&J->w[i].th, NULL, work, &J->w[i])) {
            cv_jobs_free(J);
            return NULL;
        }
        J->w[i].started = 1;
        J->n = i + 1;
    }
    return J;
}

int cv_jobs_add(cv_jobs *J, void *task)
{
    pthread_mutex_lock(&J->lock);
    finish(J, 0);
    while (J->tail - J->head == J->cap) {
        pthread_cond_wait(&J->ready, &J->lock);
        finish(J, 0);
    }
    slot *s = &J->ring[J->tail++ % J->cap];
    s->task = task;
    s->state = QUEUED;
    pthread_cond_signal(&J->work);
    int stop = J->stop;
    pthread_mutex_unlock(&J->lock);
    return stop;
}

int cv_jobs_wait(cv_jobs *J)
{
    pthread_mutex_lock(&J->lock);
    finish(J, 1);
    int stop = J->stop;
    pthread_mutex_unlock(&J->lock);
    return stop;
}

void cv_jobs_free(cv_jobs *J)
{
    if (!J) return;
    if (J->ring) cv_jobs_wait(J);
    pthread_mutex_lock(&J->lock);
    J->quit = 1;
    pthread_cond_broadcast(&J->work);
    pthread_mutex_unlock(&J->lock);
    for (int i = 0; i < J->n; i++)
        if (J->w[i].started) pthread_join(J->w[i].th, NULL);
    pthread_mutex_destroy(&J->lock);
    pthread_cond_destroy(&J->work);
    pthread_cond_destroy(&J->ready);
    free(J->ring);
    free(J->w);
    free(J);
}
