#include "search.h"
#include <stdlib.h>
#include <string.h>

/* An and-or search over single moves: the attacker needs one turn that
 * wins, the defender loses when every turn of its loses. */
typedef struct prover {
    const cv_engine_search *es;
    size_t size;
    uint64_t nodes;
    int failed;
} prover;

static int defend(prover *P, unsigned char *node, int turns);

/* Plays m on node and judges what follows: the turn goes on (same side),
 * or the other side is to move.  Undone from a copy. */
static int attack_move(prover *P, unsigned char *node, const cv_amove *m, int attacker, int turns)
{
    unsigned char *copy = malloc(P->size);
    if (!copy) {
        P->failed = 1;
        return 0;
    }
    memcpy(copy, node, P->size);
    cv_aundo u;
    P->es->play(node, m, &u);
    P->nodes++;
    int r;
    if (P->es->side(node) == attacker) {
        /* the attacker's turn goes on */
        int n = P->es->moves(node, NULL, 0);
        r = 0;
        if (n > 0) {
            cv_amove *ml = malloc((size_t)n * sizeof *ml);
            if (!ml) {
                P->failed = 1;
            } else {
                P->es->moves(node, ml, n);
                for (int i = 0; i < n && !r && !P->failed; i++) r = attack_move(P, node, &ml[i], attacker, turns);
                free(ml);
            }
        }
    } else {
        r = defend(P, node, turns);
    }
    memcpy(node, copy, P->size);
    free(copy);
    return r;
}

static int attack(prover *P, unsigned char *node, int turns)
{
    if (P->es->judge(node, -1) != CV_JUDGE_PLAY) return 0;
    int n = P->es->moves(node, NULL, 0);
    if (n <= 0) return 0;
    cv_amove *ml = malloc((size_t)n * sizeof *ml);
    if (!ml) {
        P->failed = 1;
        return 0;
    }
    P->es->moves(node, ml, n);
    int side = P->es->side(node), r = 0;
    for (int i = 0; i < n && !r && !P->failed; i++) r = attack_move(P, node, &ml[i], side, turns);
    free(ml);
    return r;
}

/* Every single move of the defender's turn (as it goes on) ends lost. */
static int defend_moves(prover *P, unsigned char *node, int defender, int turns)
{
    int n = P->es->moves(node, NULL, 0);
    if (n <= 0) return 0;
    cv_amove *ml = malloc((size_t)n * sizeof *ml);
    if (!ml) {
        P->failed = 1;
        return 0;
    }
    P->es->moves(node, ml, n);
    unsigned char *copy = malloc(P->size);
    int all = copy != NULL;
    if (!copy) P->failed = 1;
    for (int i = 0; i < n && all && !P->failed; i++) {
        memcpy(copy, node, P->size);
        cv_aundo u;
        P->es->play(node, &ml[i], &u);
        P->nodes++;
        if (P->es->side(node) == defender) all = defend_moves(P, node, defender, turns);
        else all = attack(P, node, turns - 1);
        memcpy(node, copy, P->size);
    }
    free(copy);
    free(ml);
    return all && !P->failed;
}

/* The defender to move at a turn's start has lost, or loses within
 * turns - 1 more of the attacker's turns whatever it plays. */
static int defend(prover *P, unsigned char *node, int turns)
{
    int j = P->es->judge(node, -1);
    if (j != CV_JUDGE_PLAY) return j == CV_JUDGE_LOSS;
    if (P->es->moves(node, NULL, 0) == 0) return P->es->judge(node, 0) == CV_JUDGE_LOSS;
    if (turns <= 1) return 0;
    return defend_moves(P, node, P->es->side(node), turns);
}

int cv_search_prove(const cv_apos *a, int most, uint64_t *nodes)
{
    const cv_engine_search *es = a->e->search;
    if (nodes) *nodes = 0;
    if (!es) return -1;
    prover P = { es, es->node_size, 0, 0 };
    unsigned char *node = malloc(es->node_size);
    if (!node) return -1;
    int found = 0;
    for (int k = 1; k <= most && !found && !P.failed; k++) {
        es->enter(a->s.b, node);
        if (attack(&P, node, k)) found = k;
    }
    free(node);
    if (nodes) *nodes = P.nodes;
    return P.failed ? -1 : found;
}
