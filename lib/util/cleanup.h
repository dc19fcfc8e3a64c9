/* cleanup: the temporary files a run has on disk, removed when the run is
 * ended by a signal or by a fatal write error, so that no half-written
 * file survives it.
 *
 * The list is a fixed table that a signal handler can walk: adding and
 * dropping are lock-free and may be called from any thread.  The first
 * cv_cleanup_add installs a handler for SIGINT, SIGTERM, SIGHUP and
 * SIGPIPE (each only when it is not ignored, so `nohup` and a parent that
 * ignores SIGPIPE keep their say); the handler removes the files and then
 * lets the signal end the process as it would have (same status). */
#ifndef CV_CLEANUP_H
#define CV_CLEANUP_H

/* Registers PATH for removal; returns its slot, or -1 when the table is
 * full or PATH too long (the file is then simply not removed on a signal). */
int cv_cleanup_add(const char *path);

/* Forgets a slot from cv_cleanup_add (-1 is ignored); the file itself is
 * left alone: renamed into place or unlinked by the caller. */
void cv_cleanup_drop(int slot);

/* Removes every registered file now.  Async-signal-safe: for the signal
 * handler and for a run that must end at once (_exit after it). */
void cv_cleanup_now(void);

#endif
