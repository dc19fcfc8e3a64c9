/* run: the games of an input through a tool's callback, on one thread or
 * on a tool's workers, in batches written back in order (run.h). */
#include "run.h"
#include "capture.h"
#include "cli.h"
#include "hold.h"
#include "jobs.h"
#include <stdlib.h>
#include <string.h>

#define CV_RUN_MAX_JOBS 256

struct cv_run {
    cv_run_ops ops;
    void *arg;
    int jobs;
    size_t chunk;
    cv_jobs *J;                     /* NULL: one thread */
    void *workers[CV_RUN_MAX_JOBS];
    cv_run_counts totals;
    int stopped;
    int file_status;                /* the worst status of the input's batches */
};

/* A batch of games and what playing them wrote, until it is written. */
typedef struct batch {
    cv_record_batch rb;
    cv_run *R;
    cv_run_io io;
    cv_capture cap;                 /* standard output and error, game by game */
    char *side;                     /* the side output */
    size_t nside;
    void *w;                        /* the worker playing it */
    cv_run_counts counts;
    int status, stopped;
} batch;

static void note_status(int *worst, int status)
{
    if (status > *worst) *worst = status;
}

/* One game of a batch on a worker: played, its output marked off. */
static int batch_game(void *arg, const cv_record *g)
{
    batch *B = arg;
    const cv_run_ops *ops = &B->R->ops;
    int stop = 0, rc = ops->game(B->w, &B->io, g, &stop);
    B->counts.games++;
    B->counts.valid += rc == 0;
    note_status(&B->status, rc);
    if (stop) B->stopped = 1;
    cv_capture_mark(&B->cap);
    return B->stopped;
}

/* The batch's games as the calling thread would play them, each after
 * what its reader said of it, into the batch's own streams. */
static void run_batch(void *worker, void *task)
{
    batch *B = task;
    const cv_run_ops *ops = &B->R->ops;
    FILE *side = ops->side_write ? open_memstream(&B->side, &B->nside) : NULL;
    if ((ops->side_write && !side) || cv_capture_open(&B->cap) < 0) {
        if (side) fclose(side);
        B->cap.failed = 1;
        B->status = 2;
        return;
    }
    cv_diag d = { .out = B->cap.err, .quiet_warnings = B->io.d->quiet_warnings };
    B->io.out = B->cap.out;
    B->io.side = side;
    B->io.d = &d;
    B->io.held = 1;
    B->w = worker;
    cv_record_batch_each(&B->rb, B->cap.err, &d.warnings, batch_game, B);
    B->counts.warnings = d.warnings;
    B->io.d = NULL;
    cv_capture_close(&B->cap);
    if (side && fclose(side)) B->status = 2;
}

static void batch_free(batch *B)
{
    cv_record_batch_free(&B->rb);
    cv_capture_free(&B->cap);
    free(B->side);
    free(B);
}

/* On the calling thread, in order: the batch's output, its counts. */
static int batch_done(void *arg, void *task, int dropped)
{
    cv_run *R = arg;
    batch *B = task;
    int stop = 0;
    if (!dropped && cv_record_batch_accept(&B->rb)) {
        cv_capture_write(&B->cap, stdout, stderr);
        if (B->cap.failed) {
            cv_cli_error(R->ops.tool, "out of memory");
            B->status = 2;
        }
        if (B->nside) R->ops.side_write(R->arg, B->side, B->nside);
        R->totals.games += B->counts.games;
        R->totals.valid += B->counts.valid;
        R->totals.warnings += B->counts.warnings;
        note_status(&R->file_status, B->status);
        if (B->stopped) R->stopped = stop = 1;
    }
    batch_free(B);
    return stop;
}

typedef struct batch_src {
    cv_run *R;
    cv_run_io io;
} batch_src;

static void *new_batch(void *arg, cv_record_batch **rb)
{
    const batch_src *src = arg;
    batch *B = calloc(1, sizeof *B);
    if (!B) return NULL;
    B->R = src->R;
    B->io = src->io;
    *rb = &B->rb;
    return B;
}

static void *worker_new(cv_run *R)
{
    void *w = malloc(R->ops.worker_size);
    if (!w) return NULL;
    memcpy(w, R->arg, R->ops.worker_size);
    if (R->ops.worker_init(w) < 0) {
        free(w);
        return NULL;
    }
    return w;
}

static void free_workers(cv_run *R)
{
    for (int i = 0; i < R->jobs; i++) {
        if (R->workers[i]) R->ops.worker_fini(R->workers[i]);
        free(R->workers[i]);
        R->workers[i] = NULL;
    }
}

cv_run *cv_run_new(int jobs, size_t chunk, const cv_run_ops *ops, void *arg)
{
    cv_run *R = calloc(1, sizeof *R);
    if (!R) return NULL;
    R->ops = *ops;
    R->arg = arg;
    R->chunk = chunk;
    R->jobs = jobs < CV_RUN_MAX_JOBS ? jobs : CV_RUN_MAX_JOBS;
    if (R->jobs > 1 && ops->worker_size) {
        int ok = 1;
        for (int i = 0; ok && i < R->jobs; i++) ok = (R->workers[i] = worker_new(R)) != NULL;
        if (ok) R->J = cv_jobs_new(R->jobs, R->workers, run_batch, batch_done, R);
        /* fewer threads is slower, not wrong */
        if (!R->J) free_workers(R);
    }
    if (!R->J) R->jobs = 1;
    return R;
}

static int run_here(cv_run *R, cv_record_reader *rd, cv_run_io *io)
{
    cv_record g;
    int status = 0, stop = 0;
    while (!stop && cv_record_next(rd, &g) == 1) {
        int rc = R->ops.game(R->arg, io, &g, &stop);
        R->totals.games++;
        R->totals.valid += rc == 0;
        note_status(&status, rc);
    }
    R->totals.warnings += io->d->warnings;
    if (stop) R->stopped = 1;
    return status;
}

int cv_run_file(cv_run *R, cv_record_reader *rd, cv_diag *d, const char *path)
{
    cv_run_io io = { path, cv_record_reader_format(rd), stdout, NULL, d, 0 };
    if (!R->J) return run_here(R, rd, &io);
    /* the workers count every warning, the reader's included */
    R->file_status = 0;
    batch_src src = { R, io };
    if (cv_record_batch_run(rd, d, R->chunk, R->J, new_batch, &src) < 0) {
        cv_cli_error(R->ops.tool, "out of memory");
        R->file_status = 2;
    }
    return R->file_status;
}

int cv_run_input(cv_run *R, FILE *f, const char *path, unsigned flags, const cv_record_format *fmt, int quiet)
{
    cv_diag d = { .quiet_warnings = quiet };
    int unknown;
    cv_record_reader *rd = cv_record_open(f, path, &d, flags, fmt, cv_cli_in_walk(), &unknown);
    if (!rd) {
        if (unknown) return 0;  /* met in a directory and not a record: not ours */
        cv_cli_error(R->ops.tool, "out of memory");
        return 2;
    }
    int status = R->ops.input ? R->ops.input(R->arg, path, cv_record_reader_format(rd)) : 0;
    if (!status) {
        status = cv_run_file(R, rd, &d, path);
        if (cv_record_io_error(rd)) status = 2;
    }
    cv_record_close(rd);
    return status;
}

int cv_run_stopped(const cv_run *R)
{
    return R->stopped;
}

const cv_run_counts *cv_run_totals(const cv_run *R)
{
    return &R->totals;
}

void cv_run_free(cv_run *R)
{
    if (!R) return;
    if (R->J) {
        cv_jobs_free(R->J);
        free_workers(R);
    }
    free(R);
}
