/* outfile: a file named by the user for output (cv-convert --rejects,
 * cv-replay --svg-dir pictures, cv-board's `svg FILE`), written where and
 * as the shell's `>` would write it, but never seen half-written.
 *
 * A symbolic link is followed: its target is written and the link kept.
 * A device or a FIFO is written into directly, as `>` does (so /dev/null
 * stays the device).  Anything else, a regular file or no file yet, is
 * written to a hidden temporary .NAME.XXXXXX in the same directory and
 * renamed over NAME when the writing is done, so that a reader sees the
 * old file or the new one and never a part of either.  The new file gets
 * what `>` would give it: the mode 0666 less the umask, or the mode (and
 * owner, when the user may give it) of the file it replaces; the file's
 * other hard links, if any, keep the old content.  A temporary is
 * registered with cleanup.h, so a run ended by a signal leaves none. */
#ifndef CV_OUTFILE_H
#define CV_OUTFILE_H
#include <stdio.h>

typedef struct cv_outfile cv_outfile;

/* Decides where PATH will be written, so that a run that could not write
 * it fails before reading anything: NULL with errno set when it cannot be
 * (EISDIR, ENOENT or ENOTDIR for a missing directory, EACCES for a file or
 * directory the user may not write, ENOMEM).  A device or a FIFO is
 * opened here (for a FIFO that waits for its reader, as `>` does);
 * nothing else is created or touched yet. */
cv_outfile *cv_outfile_new(const char *path);

/* The stream to write, the temporary created at the first call; NULL
 * with errno set when it cannot be.  Never called: the file is untouched. */
FILE *cv_outfile_stream(cv_outfile *o);

/* Ends the writing and frees o.  With keep and every write succeeded the
 * file takes what was written; else a temporary is removed and the file
 * is left as it was.  0, or the errno of the first failure (a write, or
 * the rename, the close of a device). */
int cv_outfile_close(cv_outfile *o, int keep);

#endif
