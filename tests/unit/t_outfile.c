/* t_outfile: an output file written as `>` would and never half-written
 * (lib/util/outfile.h), and the cleanup list (cleanup.h). */
#define _XOPEN_SOURCE 700
#include "tap.h"
#include "outfile.h"
#include "cleanup.h"
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static char *at(const char *name)
{
    static char buf[2][256];
    static int k;
    k ^= 1;
    snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
    return buf[k];
}

static const char *content(const char *name)
{
    static char buf[256];
    FILE *f = fopen(at(name), "r");
    if (!f) return "(none)";
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static void put(const char *name, const char *text)
{
    FILE *f = fopen(at(name), "w");
    fputs(text, f);
    fclose(f);
}

/* the entries of the directory, sorted, blank-separated */
static const char *listing(void)
{
    static char buf[512];
    struct dirent **e;
    int n = scandir(dir, &e, NULL, alphasort);
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        if (strcmp(e[i]->d_name, ".") && strcmp(e[i]->d_name, "..")) {
            if (buf[0]) strcat(buf, " ");
            strcat(buf, e[i]->d_name);
        }
        free(e[i]);
    }
    free(e);
    return buf;
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/t_outfile.XXXXXX");
    if (!mkdtemp(dir)) return 1;

    /* never asked for its stream: nothing created, an old file untouched */
    put("old", "old\n");
    cv_outfile *o = cv_outfile_new(at("old"));
    TAP_OK(o != NULL, "an existing file is accepted");
    TAP_IS_INT(cv_outfile_close(o, 1), 0, "closed unused");
    TAP_IS_STR(content("old"), "old\n", "an unused output leaves the file as it was");
    o = cv_outfile_new(at("new"));
    TAP_IS_INT(cv_outfile_close(o, 1), 0, "closed unused (no file)");
    TAP_IS_STR(listing(), "old", "an unused output creates nothing");

    /* written: renamed over the old file; not kept: the old file stays */
    o = cv_outfile_new(at("old"));
    FILE *f = cv_outfile_stream(o);
    fputs("new\n", f);
    const char *l = listing();
    TAP_OK(strlen(l) == 15 && !strncmp(l, ".old.", 5) && !strcmp(l + 11, " old"),
           "before the rename a hidden temporary .old.XXXXXX is there (%s)", l);
    TAP_IS_STR(content("old"), "old\n", "and the old content still");
    TAP_IS_INT(cv_outfile_close(o, 0), 0, "closed without keeping");
    TAP_IS_STR(content("old"), "old\n", "not kept: the old content");
    TAP_IS_STR(listing(), "old", "not kept: no temporary left");
    o = cv_outfile_new(at("old"));
    fputs("new\n", cv_outfile_stream(o));
    TAP_IS_INT(cv_outfile_close(o, 1), 0, "closed and kept");
    TAP_IS_STR(content("old"), "new\n", "kept: the new content");

    /* a dangling link names the file to create; the link stays a link */
    TAP_IS_INT(symlink("target", at("link")), 0, "dangling link made");
    o = cv_outfile_new(at("link"));
    fputs("via link\n", cv_outfile_stream(o));
    TAP_IS_INT(cv_outfile_close(o, 1), 0, "written through a dangling link");
    struct stat st;
    TAP_OK(lstat(at("link"), &st) == 0 && S_ISLNK(st.st_mode), "the link is still a link");
    TAP_IS_STR(content("target"), "via link\n", "its target written");

    /* refused at once */
    errno = 0;
    TAP_OK(cv_outfile_new(dir) == NULL && errno == EISDIR, "a directory: EISDIR");
    errno = 0;
    TAP_OK(cv_outfile_new(at("none/x")) == NULL && errno == ENOENT, "a missing directory: ENOENT");
    errno = 0;
    TAP_OK(cv_outfile_new(at("old/x")) == NULL && errno == ENOTDIR, "a file as directory: ENOTDIR");
    TAP_IS_INT(symlink("loop", at("loop")), 0, "a link to itself made");
    errno = 0;
    TAP_OK(cv_outfile_new(at("loop")) == NULL && errno == ELOOP, "a loop of links: ELOOP");

    /* devices and FIFOs: tests/output.bats, on nodes of its own (a broken
     * build must never be handed the system's) */

    /* the cleanup list removes what is listed, and only that */
    put("t1", "1");
    put("t2", "2");
    int s1 = cv_cleanup_add(at("t1")), s2 = cv_cleanup_add(at("t2"));
    TAP_OK(s1 >= 0 && s2 >= 0 && s1 != s2, "two slots");
    cv_cleanup_drop(s2);
    cv_cleanup_now();
    TAP_IS_STR(listing(), "link loop old t2 target", "the listed file removed, the dropped one kept");
    cv_cleanup_drop(s1);

    unlink(at("link"));
    unlink(at("loop"));
    unlink(at("old"));
    unlink(at("t2"));
    unlink(at("target"));
    rmdir(dir);
    return tap_done();
}
