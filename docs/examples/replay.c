/* replay: libcvkit in one small program (libcvkit(3)).
 * replay VARIANT [RECORD]: the variant's start position, its legal
 * moves and the position after the first of them; then every game of
 * RECORD (PGN, a Parmen listing or a Game Courier log) replayed. */
#include <cvkit/cvkit.h>
#include <stdio.h>

typedef struct run {
    const char *path;
    cv_diag diag;  /* out NULL: stderr; counts what it reports */
} run;

/* Called for the first move of a line that cannot be played. */
static void bad_move(void *arg, const cv_replay_ev *e)
{
    run *r = arg;
    cv_report(&r->diag, CV_ERROR, r->path, e->line, e->col, "%s: %s", e->t->text, e->why);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: replay VARIANT [RECORD]\n");
        return 2;
    }
    /* A variant by name or alias, from the spec search path; NULL (the
     * reason said on stderr) when there is none.  Ours to free. */
    cv_variant *v = cv_variant_find(argv[1], NULL);
    if (!v) return 2;

    /* A position: the start, or any text cv_any_read_position reads. */
    cv_apos pos;
    char text[512], canon[64], why[256];
    if (cv_any_start(v, &pos) < 0) {
        fprintf(stderr, "replay: %s has no start position\n", argv[1]);
        cv_variant_free(v);
        return 2;
    }
    cv_any_write(&pos, 0, text, sizeof text);
    printf("start: %s\n", text);

    /* The legal moves, in the variant's own notation. */
    static char moves[1024][64];
    int nt = cv_any_default_notation(v);
    int n = cv_any_moves(&pos, nt, moves, 1024);
    printf("%d moves:", n);
    for (int i = 0; i < n && i < 1024; i++) printf(" %s", moves[i]);
    printf("\n");

    /* One played: move text in any notation the engine reads. */
    if (n > 0 && cv_any_play(&pos, moves[0], nt, canon, NULL, why, sizeof why) == CV_MOVE_OK) {
        cv_any_write(&pos, 0, text, sizeof text);
        printf("after %s: %s\n", canon, text);
    }

    /* Every game of a record, its format recognised from the content. */
    int status = 0;
    if (argc == 3) {
        run R = { .path = argv[2] };
        FILE *f = fopen(R.path, "rb");
        if (!f) {
            perror(R.path);
            cv_variant_free(v);
            return 2;
        }
        int unknown;
        cv_record_reader *rd = cv_record_open(f, R.path, &R.diag, 0, NULL, 0, &unknown);
        cv_replayer *r = cv_replayer_new();
        cv_replay_hooks hooks = { .bad = bad_move };
        cv_record g;
        while (rd && r && cv_record_next(rd, &g)) {
            const cv_variant *gv;  /* v, or the Variant tag's (not ours to free) */
            cv_apos start, final;
            cv_replay_result res;
            long line, col;
            if (cv_replay_start(&g, v, &gv, &start, why, sizeof why, &line, &col) < 0) {
                cv_report(&R.diag, CV_ERROR, R.path, line, col, "game %ld: %s", g.number, why);
                continue;
            }
            int bad = cv_replay(r, &g, &start, &hooks, &R, &res, &final);
            const char *over = cv_replay_implied_result(&res);  /* "1-0" after White mates */
            cv_any_write(&final, 0, text, sizeof text);
            printf("game %ld (%s): %d plies, %s, %s\n", g.number, gv->name, res.plies,
                   bad ? "stopped" : over ? over : "complete", text);
        }
        if (R.diag.errors) status = 1;
        if (!rd || !r || cv_record_io_error(rd)) status = 2;
        cv_replayer_free(r);
        if (rd) cv_record_close(rd);
        fclose(f);
    }
    cv_variant_free(v);
    return status;
}
