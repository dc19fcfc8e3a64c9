/* realpath is XSI, beyond the POSIX base the build asks for */
#define _XOPEN_SOURCE 700
#include "cli.h"
#include "decompress.h"
#include "diag.h"
#include "stdout.h"
#include "outfile.h"
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef CV_VERSION
#define CV_VERSION "0"
#endif

void cv_cli_version(const char *tool)
{
    printf("%s (cvkit) %s\n", tool, CV_VERSION);
}

int cv_cli_error(const char *tool, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cv_vreport_run(tool, CV_ERROR, fmt, ap);
    va_end(ap);
    return CV_EXIT_USAGE;
}

void cv_cli_warning(const char *tool, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cv_vreport_run(tool, CV_WARNING, fmt, ap);
    va_end(ap);
}

int cv_cli_usage_error(const char *tool, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cv_vreport_run(tool, CV_ERROR, fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try '%s --help' for more information.\n", tool);
    return CV_EXIT_USAGE;
}

/* "--name" of a long option's text ("--name=value"), into buf */
static const char *long_name(const char *text, char *buf, size_t size)
{
    snprintf(buf, size, "%.*s", (int)strcspn(text, "="), text);
    return buf;
}

int cv_cli_bad_option(const char *tool, char **argv, int optind, int optopt, int missing_value)
{
    /* getopt_long gives a long option's letter in optopt (--depth: 'd'),
     * so the text decides which of the two the user typed */
    const char *text = optind > 0 ? argv[optind - 1] : "";
    char name[128];
    if (!strncmp(text, "--", 2) && text[2]) {
        long_name(text, name, sizeof name);
        if (missing_value) return cv_cli_usage_error(tool, "option '%s' needs a value", name);
        if (optopt && strchr(text, '=')) return cv_cli_usage_error(tool, "option '%s' takes no value", name);
        return cv_cli_usage_error(tool, "unknown option '%s'", name);
    }
    snprintf(name, sizeof name, "-%c", optopt ? optopt : '?');
    if (!optopt) snprintf(name, sizeof name, "%s", text);
    return cv_cli_usage_error(tool, missing_value ? "option '%s' needs a value" : "unknown option '%s'", name);
}

const char *cv_cli_option_typed(char **argv, int optind, int c, const char *optarg, char *buf, size_t size)
{
    /* the value a word of its own ("--depth 5"): the option is the word
     * before it; else the value is in the option's word ("--depth=5",
     * "-d5") */
    const char *text = "";
    if (optarg && optind >= 2 && optarg == argv[optind - 1]) text = argv[optind - 2];
    else if (optind >= 1) text = argv[optind - 1];
    if (!strncmp(text, "--", 2)) return long_name(text, buf, size);
    snprintf(buf, size, "-%c", c > 0 && c < 256 ? c : '?');
    return buf;
}

int cv_cli_bad_value(const char *tool, char **argv, int optind, int c, const char *optarg, const char *why)
{
    char name[128];
    cv_cli_option_typed(argv, optind, c, optarg, name, sizeof name);
    return cv_cli_usage_error(tool, "%s '%s': %s", name, optarg ? optarg : "", why);
}

int cv_cli_not_one_of(const char *tool, const char *option, const char *value, const char *list)
{
    return cv_cli_usage_error(tool, "%s '%s': not one of %s", option, value ? value : "", list);
}

int cv_cli_bad_choice(const char *tool, char **argv, int optind, int c, const char *optarg, const char *list)
{
    char name[128];
    return cv_cli_not_one_of(tool, cv_cli_option_typed(argv, optind, c, optarg, name, sizeof name), optarg, list);
}

long cv_cli_number_option(const char *tool, char **argv, int optind, int c, const char *optarg,
                          long lo, long hi, const char *what)
{
    long n = cv_cli_parse_count(optarg);
    if (n >= lo && n <= hi && n >= 0) return n;
    char name[128];
    cv_cli_option_typed(argv, optind, c, optarg, name, sizeof name);
    cv_cli_usage_error(tool, "%s '%s': not %s from %ld to %ld", name, optarg ? optarg : "", what, lo, hi);
    return -1;
}

void cv_cli_summary(FILE *out, long files, long games, long valid, long invalid, long warnings)
{
    fprintf(out, "%ld file%s, %ld game%s, %ld valid, %ld invalid, %ld warning%s\n", files, files == 1 ? "" : "s",
            games, games == 1 ? "" : "s", valid, invalid, warnings, warnings == 1 ? "" : "s");
}

long cv_cli_parse_count(const char *s)
{
    if (!s || !*s) return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || errno || v < 0 || s[0] == '-' || s[0] == '+') return -1;
    return v;
}

/* suffix: one or more, separated by blanks (".pgn .txt"); each also with
 * a compression suffix after it (".pgn.gz"), as such a file is read as
 * the text it holds */
static int has_suffix(const char *name, const char *suffix)
{
    size_t n = strlen(name);
    n -= cv_compression_suffix(name);
    while (*suffix) {
        size_t s = strcspn(suffix, " ");
        if (s && n >= s && strncasecmp(name + n - s, suffix, s) == 0) return 1;
        suffix += s;
        while (*suffix == ' ') suffix++;
    }
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int in_walk;
int cv_cli_in_walk(void) { return in_walk; }

/* ---- what a run has met: files and directories by device and inode, so
 * a loop of links is walked once and a file reached twice is read once ---- */

typedef struct seen_t {
    dev_t dev;
    ino_t ino;
    char *path;
} seen_t;

typedef struct walk_t {
    const char *tool;
    const char *suffix;
    cv_file_fn fn;
    void *arg;
    int *status;
    struct stat out;    /* standard output, when it is a file */
    int out_dev_ino;
    seen_t *seen;
    size_t nseen, capseen;
    int write_failed;
} walk_t;

static const char *first_seen(walk_t *W, const struct stat *st, const char *path)
{
    for (size_t i = 0; i < W->nseen; i++)
        if (W->seen[i].dev == st->st_dev && W->seen[i].ino == st->st_ino) return W->seen[i].path;
    if (W->nseen == W->capseen) {
        size_t cap = W->capseen ? W->capseen * 2 : 64;
        seen_t *n = realloc(W->seen, cap * sizeof *n);
        if (!n) return NULL;
        W->seen = n;
        W->capseen = cap;
    }
    char *copy = strdup(path);
    if (!copy) return NULL;
    W->seen[W->nseen++] = (seen_t){ st->st_dev, st->st_ino, copy };
    return NULL;
}

static int write_error(const char *tool)
{
    static int reported;
    int e = errno;
    /* a reader that closed the pipe ends the tool quietly */
    if (e != EPIPE && !reported) cv_cli_error(tool, "write error: %s", strerror(e ? e : EIO));
    reported = 1;
    return CV_EXIT_USAGE;
}

int cv_cli_close_stdout(const char *tool)
{
    cv_stdout_check();  /* a write failed before: errno still says why */
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cv_stdout_check();
        return write_error(tool);
    }
    return 0;
}

/* Runs fn on one open file, as the text it holds (decompress.h); a read
 * error of the file and a write error of the output are said here, once.
 * 1 when the file could not be read at all (said). */
static int visit(walk_t *W, const char *path, FILE *f, int walked)
{
    cv_input *in = cv_input_open(f, path);
    if (!in) {
        if (W->status) *W->status = CV_EXIT_USAGE;
        return 1;
    }
    FILE *text = cv_input_stream(in);
    in_walk = walked;
    errno = 0;
    int rc = W->fn(path, text, W->arg);
    int e = errno, failed = ferror(text), copy_err;
    in_walk = 0;
    int unpacked = cv_input_close(in, &copy_err);
    if (failed || copy_err) {
        e = copy_err ? copy_err : e;
        cv_cli_error(W->tool, "%s: read error: %s", strcmp(path, "-") ? path : "<stdin>",
                     strerror(e && e != ENOTTY ? e : EIO));
        if (rc < CV_EXIT_USAGE) rc = CV_EXIT_USAGE;
    }
    if (unpacked > rc) rc = unpacked;
    if (W->status && rc > *W->status) *W->status = rc;
    if (ferror(stdout) || (fflush(stdout) != 0)) {
        cv_stdout_check();
        write_error(W->tool);
        W->write_failed = 1;
        if (W->status) *W->status = CV_EXIT_USAGE;
    }
    return 0;
}

static int walk(walk_t *W, const char *path, int top)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        cv_cli_error(W->tool, "%s: %s", path, strerror(errno));
        return 1;
    }
    if (W->out_dev_ino && st.st_dev == W->out.st_dev && st.st_ino == W->out.st_ino) {
        cv_cli_error(W->tool, "%s: is also the output; not read", path);
        return 1;
    }
    const char *before = first_seen(W, &st, path);
    if (before) {
        if (S_ISDIR(st.st_mode))
            cv_cli_warning(W->tool, "%s: the directory %s again (a loop of links); not walked twice", path, before);
        else
            cv_cli_warning(W->tool, "%s: the file %s again (a link); not read twice", path, before);
        return 0;
    }
    if (S_ISDIR(st.st_mode)) {
        if (!W->suffix) {
            cv_cli_error(W->tool, "%s: Is a directory", path);
            return 1;
        }
        DIR *d = opendir(path);
        if (!d) {
            cv_cli_error(W->tool, "%s: %s", path, strerror(errno));
            return 1;
        }
        char **names = NULL;
        size_t n = 0, cap = 0;
        struct dirent *e;
        while ((e = readdir(d))) {
            if (e->d_name[0] == '.') continue;
            if (n == cap) {
                cap = cap ? cap * 2 : 32;
                char **nn = realloc(names, cap * sizeof *names);
                if (!nn) break;
                names = nn;
            }
            size_t plen = strlen(path);
            while (plen > 1 && path[plen - 1] == '/') plen--;  /* "dir/" gives "dir/x", not "dir//x" */
            size_t len = plen + strlen(e->d_name) + 2;
            names[n] = malloc(len);
            if (!names[n]) break;
            snprintf(names[n], len, "%.*s/%s", (int)plen, path, e->d_name);
            n++;
        }
        closedir(d);
        if (n) qsort(names, n, sizeof *names, cmp_str);
        int bad = 0;
        for (size_t i = 0; i < n; i++) {
            struct stat s2;
            if (!W->write_failed) {
                if (stat(names[i], &s2) != 0) {
                    /* a dangling link or a file gone: named, not silently passed */
                    cv_cli_error(W->tool, "%s: %s", names[i], strerror(errno));
                    bad++;
                } else if (S_ISDIR(s2.st_mode) || (S_ISREG(s2.st_mode) && has_suffix(names[i], W->suffix))) {
                    bad += walk(W, names[i], 0);
                }
            }
            free(names[i]);
        }
        free(names);
        return bad;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        cv_cli_error(W->tool, "%s: %s", path, strerror(errno));
        return 1;
    }
    int bad = visit(W, path, f, !top);
    fclose(f);
    return bad;
}

int cv_cli_each_file(const char *tool, char **paths, int npaths, const char *suffix,
                     cv_file_fn fn, void *arg, int *status)
{
    walk_t W = { .tool = tool, .suffix = suffix, .fn = fn, .arg = arg, .status = status };
    /* output redirected to a file: that file is never an input */
    W.out_dev_ino = fstat(STDOUT_FILENO, &W.out) == 0 && S_ISREG(W.out.st_mode);
    int bad = 0;
    if (npaths == 0) bad += visit(&W, "-", stdin, 0);
    for (int i = 0; i < npaths && !W.write_failed; i++) {
        if (strcmp(paths[i], "-") == 0) bad += visit(&W, "-", stdin, 0);
        else bad += walk(&W, paths[i], 1);
    }
    for (size_t i = 0; i < W.nseen; i++) free(W.seen[i].path);
    free(W.seen);
    return bad;
}

/* The absolute form of path, whether it exists or not (its directory must). */
static char *absolute(const char *path)
{
    char *r = realpath(path, NULL);
    if (r) return r;
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, (size_t)(slash - path + (slash == path))) : strdup(".");
    char *d = dir ? realpath(dir, NULL) : NULL;
    free(dir);
    if (!d) return NULL;
    size_t n = strlen(d) + strlen(path) + 2;
    char *out = malloc(n);
    if (out) snprintf(out, n, "%s/%s", strcmp(d, "/") ? d : "", slash ? slash + 1 : path);
    free(d);
    return out;
}

/* The same regular file as the output, by device and inode: a hard link
 * or standard input redirected from it. */
static int same_file(const struct stat *o, int fd, const char *path)
{
    struct stat st;
    if ((fd >= 0 ? fstat(fd, &st) : stat(path, &st)) != 0) return 0;
    return S_ISREG(st.st_mode) && st.st_dev == o->st_dev && st.st_ino == o->st_ino;
}

int cv_cli_check_output(const char *tool, const char *out, char **paths, int npaths)
{
    struct stat ost;
    int exists = stat(out, &ost) == 0;
    /* a device or a FIFO is read and written as it comes */
    if (exists && !S_ISREG(ost.st_mode) && !S_ISDIR(ost.st_mode)) return 0;
    char *o = absolute(out);
    if (!o) return 0;   /* its directory does not exist: opening it will say so */
    int rc = 0, stdin_read = npaths == 0;
    for (int i = 0; i < npaths; i++) stdin_read |= !strcmp(paths[i], "-");
    if (exists && stdin_read && same_file(&ost, STDIN_FILENO, NULL)) {
        cv_cli_error(tool, "%s: the output is also an input; nothing written", out);
        rc = CV_EXIT_USAGE;
    }
    for (int i = 0; i < npaths && !rc; i++) {
        if (!strcmp(paths[i], "-")) continue;
        char *in = realpath(paths[i], NULL);
        if (!in) continue;
        size_t n = strlen(in);
        if (!strcmp(in, o) || (exists && same_file(&ost, -1, in))) {
            cv_cli_error(tool, "%s: the output is also an input; nothing written", out);
            rc = CV_EXIT_USAGE;
        } else if (!strncmp(in, o, n) && (o[n] == '/' || !strcmp(in, "/"))) {
            cv_cli_error(tool, "%s: the output is inside the input directory %s; nothing written", out, paths[i]);
            rc = CV_EXIT_USAGE;
        }
        free(in);
    }
    free(o);
    return rc;
}

cv_outfile *cv_cli_replace_open(const char *tool, const char *opt, const char *path)
{
    cv_outfile *o = cv_outfile_new(path);
    if (!o) cv_cli_error(tool, "%s %s: %s", opt, path, strerror(errno));
    return o;
}

FILE *cv_cli_replace_stream(const char *tool, const char *opt, const char *path, cv_outfile *o)
{
    FILE *f = cv_outfile_stream(o);
    if (!f) cv_cli_error(tool, "%s %s: %s", opt, path, strerror(errno));
    return f;
}

int cv_cli_replace_close(const char *tool, const char *opt, const char *path, cv_outfile *o, int keep)
{
    int e = cv_outfile_close(o, keep);
    if (!e) return 0;
    cv_cli_error(tool, "%s %s: write error: %s", opt, path, strerror(e));
    return CV_EXIT_USAGE;
}

int cv_cli_check_dir(const char *tool, const char *opt, const char *dir)
{
    struct stat st;
    int e = stat(dir, &st) != 0 ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR : access(dir, W_OK | X_OK) != 0 ? errno : 0;
    if (!e) return 0;
    cv_cli_error(tool, "%s %s: %s", opt, dir, strerror(e));
    return CV_EXIT_USAGE;
}
