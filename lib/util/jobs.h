/* jobs: tasks run on worker threads and finished, one at a time, in the
 * order they were added, on the thread that adds them.
 *
 * What it promises:
 *  - Each task is run once, on one of the N workers, with that worker's
 *    own state (the caller makes one per worker: nothing is shared
 *    between two tasks running at once).
 *  - `done` is called on the adding thread for every task, in the order
 *    added, never for two at once, and only after the task has run: a
 *    tool writes a task's output there, so its output is the output of
 *    one thread doing every task in order.
 *  - At most 2 x N tasks are out at a time: cv_jobs_add waits (finishing
 *    the oldest) rather than take more, so memory stays bounded by the
 *    tasks in flight whatever the input.
 *  - Once a `done` returns nonzero (stop: --fail-fast), the tasks after it
 *    are not run, or their result is not used: `done` still gets each of
 *    them, with dropped set, to free it.
 */
#ifndef CV_JOBS_H
#define CV_JOBS_H

typedef struct cv_jobs cv_jobs;
typedef void (*cv_job_run_fn)(void *worker, void *task);
typedef int (*cv_job_done_fn)(void *arg, void *task, int dropped);

/* The number of processors online (at least 1): the default of --jobs. */
int cv_jobs_cores(void);

/* n workers (n >= 1), worker i running with workers[i].  NULL when the
 * threads cannot be started. */
cv_jobs *cv_jobs_new(int n, void **workers, cv_job_run_fn run, cv_job_done_fn done, void *arg);
/* Hands task over; finishes the tasks that are done.  Returns nonzero
 * when a `done` has said stop. */
int cv_jobs_add(cv_jobs *J, void *task);
/* Waits for every task added and finishes it; nonzero after a stop. */
int cv_jobs_wait(cv_jobs *J);
/* Waits for every task, then ends the workers. */
void cv_jobs_free(cv_jobs *J);

#endif
