/* t_mates: every position of every corpus/<game>/mates*.txt is a forced
 * win in exactly the number of turns it is listed with, proved by trying
 * every move (cv_search_prove: no evaluation, no pruning), so the files
 * the search is tested against hold what they say.
 *
 * A file starts "# variant: NAME"; then '#' comments, blank lines and
 * lines "N<TAB>POSITION". */
#include "cvkit.h"
#include "search.h"
#include "tap.h"
#include <glob.h>
#include <stdlib.h>
#include <string.h>

static void one_file(const char *path)
{
    FILE *f = fopen(path, "r");
    TAP_OK(f != NULL, "%s: opened", path);
    if (!f) return;
    char line[4096], name[128] = "";
    cv_variant *v = NULL;
    long lineno = 0;
    int positions = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        if (lineno == 1) {
            TAP_OK(sscanf(line, "# variant: %127s", name) == 1, "%s: first line names the variant", path);
            v = cv_variant_find(name, NULL);
            TAP_OK(v != NULL, "%s: variant %s loads", path, name);
            if (!v) break;
            continue;
        }
        if (!line[0] || line[0] == '#') continue;
        char *tab = strchr(line, '\t');
        int n = atoi(line);
        if (!tab || n < 1 || n > 5) {
            TAP_OK(0, "%s:%ld: a line is N<TAB>POSITION", path, lineno);
            continue;
        }
        cv_apos a;
        cv_fen_errors e;
        int ok = cv_any_read_position(v, tab + 1, 0, &a, &e) == 0 && e.n == 0;
        TAP_OK(ok, "%s:%ld: the position reads", path, lineno);
        if (!ok) continue;
        uint64_t nodes;
        int k = cv_search_prove(&a, n, &nodes);
        TAP_IS_INT(k, n, "%s:%ld: a forced win in exactly %d (%llu moves tried)", path, lineno, n,
                   (unsigned long long)nodes);
        positions++;
    }
    TAP_OK(positions > 0, "%s: %d positions proved", path, positions);
    if (v) cv_variant_free(v);
    fclose(f);
}

int main(void)
{
    glob_t g;
    int rc = glob("corpus/*/mates*.txt", 0, NULL, &g);
    TAP_OK(rc == 0 && g.gl_pathc >= 1, "mates files found: %zu", rc == 0 ? g.gl_pathc : 0);
    for (size_t i = 0; rc == 0 && i < g.gl_pathc; i++) one_file(g.gl_pathv[i]);
    if (rc == 0) globfree(&g);
    return tap_done();
}
