/* run: every game of an input through one per-game callback, on one
 * thread or on several (--jobs), with the output of one thread.
 *
 * A tool says what it does with one game (ops.game) and what a worker
 * thread needs of its own (ops.worker_init: a copy of its settings given its
 * own scratch); this module reads the games, hands them out and writes
 * back what each game wrote.  What it promises:
 *  - Order: each game's standard error, then its standard output, then
 *    its side output (ops.side_write), reach the tool's streams in the
 *    order of the games, whatever the number of threads: a run with N
 *    threads writes the bytes of a run with one (lib/util/capture.h, and
 *    the reader's own diagnostics in their place: lib/record/hold.h).
 *  - Memory: games are held in batches of about `chunk` bytes, at most
 *    2 x N of them out at a time (lib/util/jobs.h), whatever the input.
 *  - One thread (jobs 1, or the threads could not be started: slower,
 *    not wrong): the games are read and played on the calling thread,
 *    with the state given to cv_run_new, writing straight to stdout.
 *  - Stop: once a game sets *stop, no later game is played (those out
 *    already are thrown away), in this input or a later one.
 *  - Counts: games played, those the callback called valid (0), their
 *    warnings, summed over every input until cv_run_free.
 * The callbacks know nothing of threads: one worker state is used by one
 * game at a time.  Nothing here asks which game is played or in which
 * format it is written, so a loop that makes games (self-play) fits the
 * same callback. */
#ifndef CV_RUN_H
#define CV_RUN_H
#include "record.h"
#include <stdio.h>

/* Where one game is played and what it writes to. */
typedef struct cv_run_io {
    const char *path;               /* the input's name, as given to cv_run_file */
    const cv_record_format *fmt;    /* its format */
    FILE *out;                      /* the game's standard output */
    FILE *side;                     /* its side output, or NULL: the tool's own stream */
    cv_diag *d;                     /* its diagnostics (quiet as asked; warnings counted) */
    int held;                       /* 1: a worker's game, written later in its place
                                       (what the tool buffers, flushed by the game's end) */
} cv_run_io;

typedef struct cv_run_ops {
    /* One game with worker state w.  Returns 0 valid, 1 invalid, 2 an
     * I/O or resource error; sets *stop to end the run after it. */
    int (*game)(void *w, const cv_run_io *io, const cv_record *g, int *stop);
    /* A worker's state: a copy of the tool's (arg, worker_size bytes)
     * that worker_init gives scratch of its own (0, or -1 when out of
     * memory) and worker_fini releases.  worker_size 0: one thread only. */
    size_t worker_size;
    int (*worker_init)(void *w);
    void (*worker_fini)(void *w);
    /* Optional: a side output (cv-convert's rejects), handed to the
     * tool's stream on the calling thread in the order of the games. */
    void (*side_write)(void *arg, const char *buf, size_t n);
    /* Optional: an input opened in format f, before its games: 0 to
     * read them, else the input's status (the tool refuses it). */
    int (*input)(void *arg, const char *path, const cv_record_format *f);
    /* The tool's name, for a run-wide problem said on the calling
     * thread in its place in the output ("TOOL: error: out of memory"). */
    const char *tool;
} cv_run_ops;

typedef struct cv_run_counts {
    long games, valid, warnings;
} cv_run_counts;

typedef struct cv_run cv_run;

/* A run with up to jobs threads (1: the calling thread only) holding
 * about chunk bytes of games a batch; arg is the tool's state, the
 * calling thread's worker.  ops is copied.  NULL when out of memory. */
cv_run *cv_run_new(int jobs, size_t chunk, const cv_run_ops *ops, void *arg);
/* Every game of rd (whose reader reports through d) through ops.game;
 * returns the worst status: the games', 2 when out of memory. */
int cv_run_file(cv_run *R, cv_record_reader *rd, cv_diag *d, const char *path);
/* The same over an input: a reader opened on f as cv_record_open opens
 * it (flags, fmt, the walk's own suffixes), warnings printed unless
 * quiet, ops.input asked first; also 2 on a read error, 0 for a file a
 * directory walk met that is no record. */
int cv_run_input(cv_run *R, FILE *f, const char *path, unsigned flags, const cv_record_format *fmt, int quiet);
/* A game set *stop: the rest of the run is not played. */
int cv_run_stopped(const cv_run *R);
const cv_run_counts *cv_run_totals(const cv_run *R);
/* Ends the threads and frees the workers (not arg). */
void cv_run_free(cv_run *R);

#endif
