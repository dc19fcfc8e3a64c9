/* decompress: inputs read through the system's decompressors
 * (decompress.h). */
#include "decompress.h"
#include "diag.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

typedef struct packer {
    const char *name;           /* the format, and the program reading it */
    const char *suffix;
    unsigned char magic[6];
    size_t nmagic;
    int warn_status;            /* an exit status that is only a warning (0: none) */
} packer;

/* gzip(1) and xz(1) both document 2 as a warning with the output whole;
 * bzip2 exits 2 on a damaged file. */
static const packer packers[] = {
    { "gzip", ".gz", { 0x1f, 0x8b }, 2, 2 },
    { "bzip2", ".bz2", { 'B', 'Z', 'h' }, 3, 0 },
    { "xz", ".xz", { 0xfd, '7', 'z', 'X', 'Z', 0x00 }, 6, 2 },
    { "zstd", ".zst", { 0x28, 0xb5, 0x2f, 0xfd }, 4, 0 },
};
#define NPACKERS (sizeof packers / sizeof packers[0])
enum { MAGIC_MAX = 6 };

static const packer *packer_of(const unsigned char *b, size_t n, int *more)
{
    if (more) *more = 0;
    for (size_t i = 0; i < NPACKERS; i++) {
        const packer *p = &packers[i];
        size_t k = n < p->nmagic ? n : p->nmagic;
        if (memcmp(b, p->magic, k)) continue;
        if (k == p->nmagic) return p;
        if (more) *more = 1;
    }
    return NULL;
}

const char *cv_compression_of(const void *buf, size_t n, int *more)
{
    const packer *p = packer_of(buf, n, more);
    return p ? p->name : NULL;
}

size_t cv_compression_suffix(const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < NPACKERS; i++) {
        size_t k = strlen(packers[i].suffix);
        if (n > k && !strcasecmp(name + n - k, packers[i].suffix)) return k;
    }
    return 0;
}

struct cv_input {
    FILE *given, *stream;
    const char *path;
    const packer *pk;       /* NULL: a copy of a plain pipe, or nothing */
    pid_t unpacker, copier; /* 0: none */
    int errfd;              /* the unpacker's standard error, read end */
};

/* ---- descriptors: all ours are close-on-exec and above 2, so that a
 * dup2 onto 0, 1 or 2 in a child never meets one of them there ---- */

static int high_fd(int fd)
{
    if (fd < 0) return -1;
    int h = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    int e = errno;
    close(fd);
    errno = e;
    return h;
}

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

static int pipe_high(int p[2])
{
    int raw[2];
    if (pipe(raw) != 0) return -1;
    p[0] = high_fd(raw[0]);
    p[1] = high_fd(raw[1]);
    if (p[0] >= 0 && p[1] >= 0) return 0;
    int e = errno;
    close_fd(&p[0]);
    close_fd(&p[1]);
    errno = e;
    return -1;
}

static int write_all(int fd, const unsigned char *p, size_t n)
{
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* ---- the program, found on PATH as a shell would ---- */

static char *on_path(const char *prog)
{
    const char *path = getenv("PATH");
    char fallback[256];
    if (!path) {
        /* no PATH: the system's default one, as execvp takes */
        size_t n = confstr(_CS_PATH, fallback, sizeof fallback);
        if (!n || n > sizeof fallback) return NULL;
        path = fallback;
    }
    for (const char *p = path;; p++) {
        size_t n = strcspn(p, ":");
        /* an empty entry is the working directory */
        const char *dir = n ? p : ".";
        size_t dn = n ? n : 1, len = dn + strlen(prog) + 2;
        char *full = malloc(len);
        if (!full) return NULL;
        snprintf(full, len, "%.*s/%s", (int)dn, dir, prog);
        struct stat st;
        if (stat(full, &st) == 0 && S_ISREG(st.st_mode) && access(full, X_OK) == 0) return full;
        free(full);
        p += n;
        if (!*p) return NULL;
    }
}

/* An ignored SIGCHLD, or SA_NOCLDWAIT, inherited from a parent, has the
 * children reaped unseen: their exit status, the one word of a damaged
 * stream, would be lost.  The default is restored before the first. */
static void own_children(void)
{
    struct sigaction sa;
    if (sigaction(SIGCHLD, NULL, &sa) != 0) return;
#ifdef SA_NOCLDWAIT
    if (sa.sa_flags & SA_NOCLDWAIT) sa.sa_handler = SIG_IGN;
#endif
    if (sa.sa_handler != SIG_IGN) return;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGCHLD, &sa, NULL);
}

/* ---- the copier: the bytes looked at, then the rest of the input ---- */

/* In the child of fork: only async-signal-safe calls from here on, as the
 * parent may have other threads.  Its exit status is the errno of a read
 * error of the input (0: none); a reader gone (SIGPIPE) ends it. */
static void copy_child(int in, int out, const unsigned char *head, size_t nhead)
{
    static const int sigs[] = { SIGPIPE, SIGINT, SIGTERM, SIGHUP };
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    /* the parent's handlers remove its temporary files: not ours to do */
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old;
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN) sigaction(sigs[i], &dfl, NULL);
    }
    if (write_all(out, head, nhead) != 0) _exit(0);
    unsigned char buf[1 << 16];
    for (;;) {
        ssize_t k = read(in, buf, sizeof buf);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) _exit(errno > 0 && errno < 126 ? errno : EIO);
        if (k == 0) _exit(0);
        if (write_all(out, buf, (size_t)k) != 0) _exit(0);
    }
}

/* A pipe whose read end (returned) gives head then the rest of in. */
static int start_copier(cv_input *c, int in, const unsigned char *head, size_t nhead)
{
    int p[2];
    if (pipe_high(p) != 0) return -1;
    own_children();
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(p[0]);
        close(p[1]);
        errno = e;
        return -1;
    }
    if (pid == 0) {
        close(p[0]);
        copy_child(in, p[1], head, nhead);
    }
    close(p[1]);
    c->copier = pid;
    return p[0];
}

/* ---- the decompressor ---- */

/* prog as name -dc, its standard input in, output out, error err; 0 or
 * an errno. */
static int spawn(const char *prog, const char *name, int in, int out, int err, pid_t *pid)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    sigset_t none, pipe_only;
    sigemptyset(&none);
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    char *argv[] = { (char *)name, "-dc", NULL };
    int rc = posix_spawn_file_actions_init(&fa);
    if (rc) return rc;
    if (!(rc = posix_spawnattr_init(&at))) {
        if (!(rc = posix_spawn_file_actions_adddup2(&fa, in, 0)) && !(rc = posix_spawn_file_actions_adddup2(&fa, out, 1)) &&
            !(rc = posix_spawn_file_actions_adddup2(&fa, err, 2)) && !(rc = posix_spawnattr_setsigmask(&at, &none)) &&
            !(rc = posix_spawnattr_setsigdefault(&at, &pipe_only)) &&
            !(rc = posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)))
            rc = posix_spawn(pid, prog, &fa, &at, argv, environ);
        posix_spawnattr_destroy(&at);
    }
    posix_spawn_file_actions_destroy(&fa);
    return rc;
}

/* Its output's read end, or -1 (said). */
static int start_unpacker(cv_input *c, int in)
{
    char *prog = on_path(c->pk->name);
    if (!prog) {
        cv_report(NULL, CV_ERROR, c->path, 0, 0, "cannot read %s-compressed input: program '%s' not found on PATH",
                  c->pk->name, c->pk->name);
        return -1;
    }
    int out[2] = { -1, -1 }, err[2] = { -1, -1 }, rc = 0;
    int src = fcntl(in, F_DUPFD_CLOEXEC, 3);
    if (src < 0 || pipe_high(out) != 0 || pipe_high(err) != 0) rc = errno ? errno : EMFILE;
    if (!rc) {
        /* its messages beyond a pipe's worth are lost rather than let it
         * wait on a reader that reads them only when it has ended */
        int fl = fcntl(err[1], F_GETFL);
        if (fl >= 0) fcntl(err[1], F_SETFL, fl | O_NONBLOCK);
        own_children();
        rc = spawn(prog, c->pk->name, src, out[1], err[1], &c->unpacker);
        if (rc) c->unpacker = 0;
    }
    if (src >= 0) close(src);
    close_fd(&out[1]);
    close_fd(&err[1]);
    if (rc) {
        close_fd(&out[0]);
        close_fd(&err[0]);
        cv_report(NULL, CV_ERROR, c->path, 0, 0, "cannot read %s-compressed input: cannot run '%s': %s", c->pk->name,
                  prog, strerror(rc));
    }
    free(prog);
    c->errfd = err[0];
    return out[0];
}

/* ---- open and close ---- */

/* Up to MAGIC_MAX bytes of a pipe, one at a time, until they tell: no
 * byte is taken that the answer does not need. */
static size_t sniff_pipe(int fd, unsigned char *m, const packer **pk)
{
    size_t k = 0;
    int more = 1;
    *pk = NULL;
    while (k < MAGIC_MAX && more) {
        ssize_t r = read(fd, m + k, 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        k++;
        *pk = packer_of(m, k, &more);
    }
    return k;
}

static pid_t reap(pid_t pid, int *status)
{
    pid_t r;
    while ((r = waitpid(pid, status, 0)) < 0 && errno == EINTR) {
    }
    return r;
}

static void end_children(cv_input *c)
{
    if (c->unpacker) kill(c->unpacker, SIGKILL);
    if (c->copier) kill(c->copier, SIGKILL);
    int st;
    if (c->unpacker) reap(c->unpacker, &st);
    if (c->copier) reap(c->copier, &st);
    c->unpacker = c->copier = 0;
}

static void release(cv_input *c)
{
    if (c->stream && c->stream != c->given) fclose(c->stream);
    c->stream = NULL;
    end_children(c);
    close_fd(&c->errfd);
    free(c);
}

cv_input *cv_input_open(FILE *f, const char *path)
{
    cv_input *c = calloc(1, sizeof *c);
    if (!c) {
        cv_report(NULL, CV_ERROR, path, 0, 0, "cannot read: %s", strerror(ENOMEM));
        return NULL;
    }
    *c = (cv_input){ .given = f, .stream = f, .path = path, .errfd = -1 };
    int fd = fileno(f), out = -1;
    unsigned char m[MAGIC_MAX];
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || isatty(fd)) return c;
    if (S_ISREG(st.st_mode)) {
        off_t at = ftello(f);
        ssize_t k;
        while ((k = pread(fd, m, sizeof m, at)) < 0 && errno == EINTR) {
        }
        /* a read error is the reader's to meet */
        if (at < 0 || k <= 0 || !(c->pk = packer_of(m, (size_t)k, NULL))) return c;
        if (lseek(fd, at, SEEK_SET) < 0 || (out = start_unpacker(c, fd)) < 0) goto failed;
    } else {
        size_t k = sniff_pipe(fd, m, &c->pk);
        if (k == 0) return c;
        if (k == 1 && !c->pk) {
            /* one byte a stream can always take back */
            ungetc(m[0], f);
            return c;
        }
        if ((out = start_copier(c, fd, m, k)) < 0) {
            cv_report(NULL, CV_ERROR, path, 0, 0, "cannot read: %s", strerror(errno));
            goto failed;
        }
        if (c->pk) {
            int copy = out;
            out = start_unpacker(c, copy);
            close(copy);
            if (out < 0) goto failed;
        }
    }
    if (!(c->stream = fdopen(out, "rb"))) {
        cv_report(NULL, CV_ERROR, path, 0, 0, "cannot read: %s", strerror(errno));
        close(out);
        goto failed;
    }
    return c;
failed:
    release(c);
    return NULL;
}

FILE *cv_input_stream(const cv_input *c) { return c->stream; }

/* The first line the program wrote on its standard error, printable. */
static void first_words(int fd, char *out, size_t size)
{
    char buf[4096];
    size_t n = 0;
    ssize_t k;
    out[0] = 0;
    while (fd >= 0 && n < sizeof buf - 1 && ((k = read(fd, buf + n, sizeof buf - 1 - n)) > 0 || (k < 0 && errno == EINTR)))
        if (k > 0) n += (size_t)k;
    buf[n] = 0;
    char *s = buf;
    while (*s && isspace((unsigned char)*s)) s++;
    size_t len = strcspn(s, "\n");
    while (len && (isspace((unsigned char)s[len - 1]) || s[len - 1] == ';')) len--;
    if (len >= size) len = size - 1;
    for (size_t i = 0; i < len; i++) out[i] = isprint((unsigned char)s[i]) ? s[i] : '?';
    out[len] = 0;
}

int cv_input_close(cv_input *c, int *read_err)
{
    if (read_err) *read_err = 0;
    if (!c) return 0;
    if (c->stream == c->given) {
        release(c);
        return 0;
    }
    /* the end of the text: the program has closed its output */
    int whole = feof(c->stream) && !ferror(c->stream), rc = 0, st = 0, cst = 0;
    fclose(c->stream);
    c->stream = NULL;
    if (!whole) {
        end_children(c);
    } else {
        if (c->unpacker) reap(c->unpacker, &st);
        int failed = c->unpacker && !(WIFEXITED(st) && WEXITSTATUS(st) == 0);
        /* the program's input is no use once it has ended */
        if (c->copier && failed) kill(c->copier, SIGKILL);
        if (c->copier) reap(c->copier, &cst);
        if (c->copier && WIFEXITED(cst) && WEXITSTATUS(cst)) {
            if (read_err) *read_err = WEXITSTATUS(cst);
        } else if (failed) {
            char said[256], why[64];
            first_words(c->errfd, said, sizeof said);
            if (WIFEXITED(st)) snprintf(why, sizeof why, "exited with status %d", WEXITSTATUS(st));
            else snprintf(why, sizeof why, "ended by signal %d", WIFSIGNALED(st) ? WTERMSIG(st) : 0);
            int warn = WIFEXITED(st) && WEXITSTATUS(st) == c->pk->warn_status;
            cv_report(NULL, warn ? CV_WARNING : CV_ERROR, c->path, 0, 0, "%s-compressed input: '%s -dc' %s%s%s",
                      c->pk->name, c->pk->name, why, said[0] ? ": " : "", said);
            if (!warn) rc = 2;
        }
        c->unpacker = c->copier = 0;
    }
    release(c);
    return rc;
}
