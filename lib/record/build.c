/* build: a record from a list of moves (build.h). */
#include "build.h"
#include <stdlib.h>
#include <string.h>

#define FEN_MAX 2048

/* The draft and what its record points at, freed together. */
typedef struct draft {
    cv_record_draft pub;    /* first: the caller's pointer is this */
    cv_tag *tags;
    cv_token *tokens;
    size_t *mainline;
    char **texts;
    size_t ntexts;
    char fen[FEN_MAX];
} draft;

/* 1 when the game starts elsewhere than the variant's start (its FEN in
 * fen), 0 when there, -1 when there is no start to go by. */
static int starts_elsewhere(const cv_variant *v, const cv_apos *start, char *fen)
{
    cv_apos *s0 = malloc(sizeof *s0);
    char own[FEN_MAX];
    if (!s0) return -1;
    int have = cv_any_start(v, s0) >= 0, rc = -1;
    if (start || have) {
        cv_any_write(start ? start : s0, 0, fen, FEN_MAX);
        if (have) cv_any_write(s0, 0, own, sizeof own);
        rc = !have || strcmp(fen, own) != 0;
    }
    free(s0);
    return rc;
}

/* 1 when the game's own record format would read it under other rules
 * (a Tri-D tournament game in a listing, the Panoply test army in a log)
 * and the caller's tags do not name the variant: the record must say it,
 * or it does not replay as it was played. */
static int names_variant(const cv_variant *v, const cv_tag *tags, size_t ntags)
{
    for (size_t i = 0; i < ntags; i++)
        if (!strcmp(tags[i].name, "Variant")) return 0;
    const cv_record_format *f = cv_record_format_find(cv_any_record_format(v));
    return f && f->default_variant && !cv_variant_is(v, f->default_variant);
}

cv_record_draft *cv_record_from_moves(const cv_variant *v, const cv_apos *start, const char *const *moves, size_t n,
                                      const cv_tag *tags, size_t ntags, const char *result)
{
    draft *D = calloc(1, sizeof *D);
    if (!D) return NULL;
    int elsewhere = starts_elsewhere(v, start, D->fen), named = names_variant(v, tags, ntags);
    size_t nt = ntags + (elsewhere > 0 ? 2 : 0) + named;
    D->tags = calloc(nt + 1, sizeof *D->tags);
    D->tokens = calloc(n + 1, sizeof *D->tokens);
    D->mainline = calloc(n + 1, sizeof *D->mainline);
    D->texts = calloc(n + 1, sizeof *D->texts);
    if (elsewhere < 0 || !D->tags || !D->tokens || !D->mainline || !D->texts) {
        cv_record_draft_free(&D->pub);
        return NULL;
    }
    if (ntags) memcpy(D->tags, tags, sizeof *tags * ntags);
    if (elsewhere > 0) {
        D->tags[ntags] = (cv_tag){ .name = "SetUp", .value = "1" };
        D->tags[ntags + 1] = (cv_tag){ .name = "FEN", .value = D->fen };
    }
    /* last, where the PGN writer puts the tag it adds */
    if (named) D->tags[nt - 1] = (cv_tag){ .name = "Variant", .value = v->name };
    /* the numbers and colours run on from the start position */
    cv_apos *s0 = NULL;
    if (!start && (s0 = malloc(sizeof *s0)) != NULL) cv_any_start(v, s0);
    const cv_apos *from = start ? start : s0;
    int side = from ? cv_any_side(from) : 0, num = from ? cv_any_fullmove(from) : 1;
    free(s0);
    if (!from) {
        cv_record_draft_free(&D->pub);
        return NULL;
    }
    for (size_t i = 0; i < n; i++, D->ntexts++) {
        if (!(D->texts[i] = strdup(moves[i]))) {
            cv_record_draft_free(&D->pub);
            return NULL;
        }
        D->tokens[i] = (cv_token){ .kind = CV_TOKEN_MOVE, .color = side ? 'b' : 'w', .number = num,
                                       .text = D->texts[i], .suffix = "", .norm = D->texts[i],
                                       .len = strlen(D->texts[i]) };
        D->mainline[i] = i;
        if (side) num++;
        side ^= 1;
    }
    D->pub.g = (cv_record){ .number = 1, .line = 1, .col = 1, .tags = D->tags, .ntags = nt, .tokens = D->tokens,
                            .ntokens = n, .mainline = D->mainline, .nmainline = n };
    D->pub.meta = (cv_record_meta){ .variant = v, .result = result };
    return &D->pub;
}

int cv_record_draft_write(FILE *out, const cv_record_draft *r, const cv_record_format *f)
{
    if (!f) f = cv_record_format_find(cv_any_record_format(r->meta.variant));
    if (!f || !cv_record_format_fits(f, r->meta.variant)) return -1;
    cv_record_meta meta = r->meta;
    return f->write(out, &r->g, NULL, &meta);
}

void cv_record_draft_free(cv_record_draft *r)
{
    draft *D = (draft *)r;
    if (!D) return;
    for (size_t i = 0; i < D->ntexts; i++) free(D->texts[i]);
    free(D->texts);
    free(D->tags);
    free(D->tokens);
    free(D->mainline);
    free(D);
}
