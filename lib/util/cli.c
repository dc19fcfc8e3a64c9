#include "cli.h"
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#ifndef CV_VERSION
#define CV_VERSION "0"
#endif

void cv_cli_version(const char *tool)
{
    printf("%s (cvkit) %s\n", tool, CV_VERSION);
}

int cv_cli_usage_error(const char *tool, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", tool);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '%s --help' for more information.\n", tool);
    return CV_EXIT_USAGE;
}

int cv_cli_bad_option(const char *tool, char **argv, int optind, int optopt, int missing_value)
{
    char shortopt[3] = { '-', (char)optopt, 0 };
    const char *name = optopt ? shortopt : argv[optind - 1];
    return cv_cli_usage_error(tool, missing_value ? "option '%s' needs a value" : "unknown option '%s'", name);
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

long cv_getline(char **buf, size_t *cap, FILE *f)
{
    ssize_t n = getline(buf, cap, f);
    if (n < 0) return -1;
    while (n > 0 && ((*buf)[n - 1] == '\n' || (*buf)[n - 1] == '\r')) (*buf)[--n] = 0;
    return (long)n;
}

/* suffix: one or more, separated by blanks (".pgn .txt") */
static int has_suffix(const char *name, const char *suffix)
{
    size_t n = strlen(name);
    while (*suffix) {
        size_t s = strcspn(suffix, " ");
        if (s && n >= s && strncasecmp(name + n - s, suffix, s) == 0) return 1;
        suffix += s;
        while (*suffix == ' ') suffix++;
    }
    return 0;
}

static int in_walk;
int cv_cli_in_walk(void) { return in_walk; }

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int walk(const char *tool, const char *path, int top, const char *suffix,
                cv_file_fn fn, void *arg, int *status)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "%s: %s: %s\n", tool, path, strerror(errno));
        return 1;
    }
    if (S_ISDIR(st.st_mode)) {
        if (!suffix) {
            fprintf(stderr, "%s: %s: Is a directory\n", tool, path);
            return 1;
        }
        DIR *d = opendir(path);
        if (!d) {
            fprintf(stderr, "%s: %s: %s\n", tool, path, strerror(errno));
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
        qsort(names, n, sizeof *names, cmp_str);
        int bad = 0;
        for (size_t i = 0; i < n; i++) {
            struct stat s2;
            if (stat(names[i], &s2) == 0 && (S_ISDIR(s2.st_mode) || has_suffix(names[i], suffix)))
                bad += walk(tool, names[i], 0, suffix, fn, arg, status);
            free(names[i]);
        }
        free(names);
        return bad;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: %s: %s\n", tool, path, strerror(errno));
        return 1;
    }
    in_walk = !top;
    int rc = fn(path, f, arg);
    in_walk = 0;
    fclose(f);
    if (status && rc > *status) *status = rc;
    return 0;
}

int cv_cli_each_file(const char *tool, char **paths, int npaths, const char *suffix,
                     cv_file_fn fn, void *arg, int *status)
{
    if (npaths == 0) {
        int rc = fn("-", stdin, arg);
        if (status && rc > *status) *status = rc;
        return 0;
    }
    int bad = 0;
    for (int i = 0; i < npaths; i++) {
        if (strcmp(paths[i], "-") == 0) {
            int rc = fn("-", stdin, arg);
            if (status && rc > *status) *status = rc;
        } else {
            bad += walk(tool, paths[i], 1, suffix, fn, arg, status);
        }
    }
    return bad;
}
