/* outfile: an output file written as `>` would, never half-written
 * (outfile.h). */
/* fchown, readlink and lstat are beyond the POSIX base the build asks for */
#define _XOPEN_SOURCE 700
#include "outfile.h"
#include "cleanup.h"
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct cv_outfile {
    char *path;         /* where the content goes: links followed */
    char *tmp;          /* the temporary, once created */
    int slot;           /* its place in the cleanup list */
    int direct;         /* a device or a FIFO, written into */
    int exists;         /* a regular file replaced: its mode and owner kept */
    struct stat st;
    FILE *f;
};

/* "dir/" + "link target" for a relative target */
static char *join_dir(const char *of, const char *name)
{
    const char *slash = strrchr(of, '/');
    size_t d = slash ? (size_t)(slash - of) + 1 : 0;
    char *r = malloc(d + strlen(name) + 1);
    if (!r) return NULL;
    memcpy(r, of, d);
    strcpy(r + d, name);
    return r;
}

/* The path with every symbolic link at its end followed, whether the final
 * target exists or not (a dangling link names the file to create, as for
 * `>`); only the last component is followed, rename needs no more. */
static char *follow(const char *path)
{
    char *p = strdup(path);
    for (int hops = 0; p; hops++) {
        struct stat st;
        if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode)) return p;
        if (hops == 40) {
            free(p);
            errno = ELOOP;
            return NULL;
        }
        size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
        char *t = malloc(cap);
        ssize_t n = t ? readlink(p, t, cap) : -1;
        if (n < 0 || (size_t)n >= cap) {
            /* changed under us: let the open say what it is */
            free(t);
            return p;
        }
        t[n] = 0;
        char *next = t[0] == '/' ? strdup(t) : join_dir(p, t);
        free(t);
        free(p);
        p = next;
    }
    errno = ENOMEM;
    return NULL;
}

/* The directory the file lives in must take a new entry. */
static int dir_writable(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
    if (!dir) return -1;
    struct stat st;
    int rc = stat(dir, &st);
    if (rc == 0 && !S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        rc = -1;
    }
    if (rc == 0) rc = access(dir, W_OK | X_OK);
    free(dir);
    return rc;
}

static cv_outfile *fail(cv_outfile *o, int e)
{
    if (o->f) fclose(o->f);
    free(o->path);
    free(o);
    errno = e;
    return NULL;
}

cv_outfile *cv_outfile_new(const char *path)
{
    cv_outfile *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    o->slot = -1;
    if (!(o->path = follow(path))) return fail(o, errno);
    size_t n = strlen(o->path);
    if (!n || o->path[n - 1] == '/') return fail(o, EISDIR);
    if (stat(o->path, &o->st) == 0) {
        if (S_ISDIR(o->st.st_mode)) return fail(o, EISDIR);
        if (!S_ISREG(o->st.st_mode)) {
            int fd = open(o->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
            if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
                int e = errno;
                if (fd >= 0) close(fd);
                return fail(o, e);
            }
            o->direct = 1;
            return o;
        }
        /* `>` would be refused a read-only file; so is its replacement */
        if (access(o->path, W_OK) != 0) return fail(o, errno);
        o->exists = 1;
    } else if (errno != ENOENT) {
        return fail(o, errno);
    }
    if (dir_writable(o->path) != 0) return fail(o, errno);
    return o;
}

/* A name nobody else is using, next to the file: mkstemp would give 0600,
 * where the file must get what `>` gives (0666 less the umask). */
static int create_tmp(cv_outfile *o)
{
    static unsigned long counter;
    const char *slash = strrchr(o->path, '/');
    size_t d = slash ? (size_t)(slash - o->path) + 1 : 0;
    size_t n = strlen(o->path) + 16;
    if (!(o->tmp = malloc(n))) return -1;
    unsigned long seed = (unsigned long)getpid() * 2654435761u ^ (unsigned long)time(NULL);
    for (int attempt = 0; attempt < 100; attempt++) {
        unsigned long x = seed + __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED) * 40503u;
        char suffix[7];
        for (int i = 0; i < 6; i++, x /= 36) suffix[i] = "0123456789abcdefghijklmnopqrstuvwxyz"[x % 36];
        suffix[6] = 0;
        snprintf(o->tmp, n, "%.*s.%s.%s", (int)d, o->path, o->path + d, suffix);
        /* created and listed with the signals held, so that no signal to
         * this thread finds it unlisted */
        sigset_t hold, old;
        sigemptyset(&hold);
        sigaddset(&hold, SIGINT);
        sigaddset(&hold, SIGTERM);
        sigaddset(&hold, SIGHUP);
        pthread_sigmask(SIG_BLOCK, &hold, &old);
        int fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        int e = errno;
        if (fd >= 0) o->slot = cv_cleanup_add(o->tmp);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        if (fd >= 0) return fd;
        if (e != EEXIST) {
            errno = e;
            break;
        }
    }
    free(o->tmp);
    o->tmp = NULL;
    return -1;
}

FILE *cv_outfile_stream(cv_outfile *o)
{
    if (o->f) return o->f;
    int fd = create_tmp(o);
    if (fd < 0) return NULL;
    if (o->exists) {
        /* the owner first: a chown clears the set-id bits the mode restores;
         * a user who may not give the file away keeps it (as `>` cannot) */
        if ((o->st.st_uid != geteuid() || o->st.st_gid != getegid()) && fchown(fd, o->st.st_uid, o->st.st_gid) != 0) {
        }
        fchmod(fd, o->st.st_mode & 07777);
    }
    if (!(o->f = fdopen(fd, "w"))) {
        int e = errno;
        close(fd);
        unlink(o->tmp);
        cv_cleanup_drop(o->slot);
        o->slot = -1;
        free(o->tmp);
        o->tmp = NULL;
        errno = e;
    }
    return o->f;
}

int cv_outfile_close(cv_outfile *o, int keep)
{
    int e = 0;
    if (o->f) {
        errno = 0;
        if (fflush(o->f) != 0 || ferror(o->f)) e = errno ? errno : EIO;
        if (fclose(o->f) != 0 && !e) e = errno ? errno : EIO;
    }
    if (o->tmp) {
        if (e || !keep || rename(o->tmp, o->path) != 0) {
            if (!e && keep) e = errno;
            unlink(o->tmp);
        }
        cv_cleanup_drop(o->slot);
    }
    free(o->tmp);
    free(o->path);
    free(o);
    return e;
}
