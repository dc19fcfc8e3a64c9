#include "search.h"
#include <stdlib.h>
#include <string.h>

/* An and-or search over single moves: the attacker needs one turn that
 * wins, the defender loses when every turn of its loses.  Exhaustive:
 * only the order in which moves are tried differs from plain
 * enumeration.  A proof stops at the first winning move and a refutation
 * at the first defence that holds, so the moves most likely to do either
 * are tried first; nothing is cut that could change the answer. */

/* Per ply of single moves: the list (grown as needed, kept from node to
 * node: no allocation per node), the order it is tried in, the node
 * before the move where the engine has no unplay, and the moves that
 * last settled a node at this ply (a proof, or a defence that held),
 * which settle its cousins as often as not; a ply may be either side's
 * where turns are of several moves, so each side has its own. */
typedef struct ply {
    cv_amove *ml;
    int *order;
    long *score;
    int cap;
    unsigned char *copy;
    cv_amove killer[2];     /* [1]: the attacker's, [0]: the defender's */
    int has_killer[2];
} ply;

/* What is known of a node (the defender's turn to come, the attacker's,
 * or the rest of the attacker's turn) for a number of turns: true from
 * won on, false up to lost (an answer only grows with the turns).  A
 * node is found again only when every byte of it is the same, so hashes
 * that collide cost a miss, never a wrong answer.  Nodes recur where the
 * moves of a turn are made in another order, or the turns of the two
 * sides are. */
typedef struct known {
    uint64_t hash;
    signed char won, lost;     /* 0: none known */
} known;

/* 32,768 nodes, some 8 MB for the largest nodes: on the mates of the
 * corpus 2^13 entries lost hits and 2^17 cost more than they saved. */
#define TABLE_BITS 15

typedef struct prover {
    const cv_engine_search *es;
    size_t size;
    uint64_t nodes;
    int failed;
    known *table;               /* 1 << TABLE_BITS entries, or NULL */
    unsigned char *nodes_kept;  /* the node of each entry */
    ply plies[CV_SEARCH_MAX_PLY];
} prover;

static uint64_t hash_node(prover *P, unsigned char *node)
{
    if (P->es->key) return P->es->key(node);
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < P->size; i++) h = (h ^ node[i]) * 1099511628211ull;
    return h;
}

/* The entry of node, or NULL; *slot where it goes. */
static known *look(prover *P, unsigned char *node, uint64_t h, size_t *slot)
{
    *slot = (size_t)(h & ((1u << TABLE_BITS) - 1));
    known *k = &P->table[*slot];
    if ((k->won || k->lost) && k->hash == h && !memcmp(P->nodes_kept + *slot * P->size, node, P->size)) return k;
    return NULL;
}

static void keep(prover *P, unsigned char *node, uint64_t h, size_t slot, int turns, int result)
{
    known *k = &P->table[slot];
    if (k->hash != h || (!k->won && !k->lost) || memcmp(P->nodes_kept + slot * P->size, node, P->size)) {
        k->hash = h;
        k->won = k->lost = 0;
        memcpy(P->nodes_kept + slot * P->size, node, P->size);
    }
    if (result && (!k->won || turns < k->won)) k->won = (signed char)turns;
    if (!result && turns > k->lost) k->lost = (signed char)turns;
}

/* What settle settles at a node: the defender's turn, the attacker's
 * from its start, or the rest of the attacker's turn. */
enum { DEFEND, ATTACK, IN_TURN };

static int settle(prover *P, unsigned char *node, int turns, int d, int what);
static int attack_moves(prover *P, unsigned char *node, int attacker, int turns, int d);

/* The single moves of node into ply d's list, how many; -1 when memory
 * or plies run out. */
static int gen(prover *P, unsigned char *node, int d)
{
    if (d >= CV_SEARCH_MAX_PLY) {
        P->failed = 1;
        return -1;
    }
    ply *p = &P->plies[d];
    if (!p->copy && !P->es->unplay && !(p->copy = malloc(P->size))) {
        P->failed = 1;
        return -1;
    }
    int n = P->es->moves(node, p->ml, p->cap);
    if (n > p->cap) {
        int cap = n + n / 2 + 16;
        cv_amove *ml = realloc(p->ml, (size_t)cap * sizeof *ml);
        if (ml) p->ml = ml;
        int *ord = realloc(p->order, (size_t)cap * sizeof *ord);
        if (ord) p->order = ord;
        long *score = realloc(p->score, (size_t)cap * sizeof *score);
        if (score) p->score = score;
        if (!ml || !ord || !score) {
            P->failed = 1;
            return -1;
        }
        p->cap = cap;
        n = P->es->moves(node, p->ml, p->cap);
    }
    return n < 0 ? 0 : n;
}

static void play(prover *P, unsigned char *node, int d, const cv_amove *m, cv_aundo *u)
{
    if (!P->es->unplay) memcpy(P->plies[d].copy, node, P->size);
    P->es->play(node, m, u);
}

static void unplay(prover *P, unsigned char *node, int d, const cv_amove *m, const cv_aundo *u)
{
    if (P->es->unplay) P->es->unplay(node, m, u);
    else memcpy(node, P->plies[d].copy, P->size);
}

/* Sorts ply d's n moves: the killer first, then captures of the most
 * valuable piece by the least valuable, promotions, for the attacker
 * moves that end its turn giving check, and ending a turn early last
 * (a move left unmade seldom wins or saves). */
static void order(prover *P, unsigned char *node, int d, int n, int attacker)
{
    const cv_engine_search *es = P->es;
    ply *p = &P->plies[d];
    int side = es->side(node);
    for (int i = 0; i < n; i++) {
        long s = 0;
        if (es->facts) {
            cv_move_facts f;
            es->facts(node, &p->ml[i], &f);
            if (f.flags & CV_MV_CAPTURE) s += 1000000L + 64L * f.victim - f.attacker;
            if (f.flags & CV_MV_PROMO) s += 500000L;
            if (f.flags & CV_MV_END) s -= 1000000L;
        }
        if (attacker && es->in_check && s == 0) {
            cv_aundo u;
            play(P, node, d, &p->ml[i], &u);
            if (es->side(node) != side && es->in_check(node)) s += 250000L;
            unplay(P, node, d, &p->ml[i], &u);
        }
        if (p->has_killer[attacker] && !memcmp(&p->ml[i], &p->killer[attacker], sizeof p->ml[i])) s += 100000000L;
        p->score[i] = s;
        p->order[i] = i;
    }
    /* insertion sort, stable: the engine's order among equals */
    for (int i = 1; i < n; i++) {
        int k = p->order[i], j = i;
        while (j > 0 && p->score[p->order[j - 1]] < p->score[k]) {
            p->order[j] = p->order[j - 1];
            j--;
        }
        p->order[j] = k;
    }
}

static void remember(prover *P, int d, int attacker, const cv_amove *m)
{
    P->plies[d].killer[attacker] = *m;
    P->plies[d].has_killer[attacker] = 1;
}

/* The attacker to move at node (at a turn's start or within it) has a
 * way to end its turn after which the defender loses within turns - 1
 * more of the attacker's turns. */
static int attack_moves(prover *P, unsigned char *node, int attacker, int turns, int d)
{
    int n = gen(P, node, d);
    if (n <= 0) return 0;
    order(P, node, d, n, 1);
    ply *p = &P->plies[d];
    int won = 0;
    for (int i = 0; i < n && !won && !P->failed; i++) {
        const cv_amove *m = &p->ml[p->order[i]];
        cv_aundo u;
        play(P, node, d, m, &u);
        P->nodes++;
        won = settle(P, node, turns, d + 1, P->es->side(node) == attacker ? IN_TURN : DEFEND);
        unplay(P, node, d, m, &u);
        if (won) remember(P, d, 1, m);
    }
    return won && !P->failed;
}

static int attack_here(prover *P, unsigned char *node, int turns, int d)
{
    if (P->es->judge(node, -1) != CV_JUDGE_PLAY) return 0;
    return attack_moves(P, node, P->es->side(node), turns, d);
}

/* Every single move of the defender's turn (as it goes on) in ply d's
 * list of n ends lost. */
static int defend_moves(prover *P, unsigned char *node, int defender, int turns, int d, int n)
{
    order(P, node, d, n, 0);
    ply *p = &P->plies[d];
    int all = 1;
    for (int i = 0; i < n && all && !P->failed; i++) {
        const cv_amove *m = &p->ml[p->order[i]];
        cv_aundo u;
        play(P, node, d, m, &u);
        P->nodes++;
        if (P->es->side(node) == defender) {
            int k = gen(P, node, d + 1);
            all = k > 0 && defend_moves(P, node, defender, turns, d + 1, k);
        } else {
            all = settle(P, node, turns - 1, d + 1, ATTACK);
        }
        unplay(P, node, d, m, &u);
        if (!all) remember(P, d, 0, m);
    }
    return all && !P->failed;
}

/* The defender to move at a turn's start has lost, or loses within
 * turns - 1 more of the attacker's turns whatever it plays.  Its moves
 * are listed once: an empty list is judged, a full one searched. */
static int defend_here(prover *P, unsigned char *node, int turns, int d)
{
    int j = P->es->judge(node, -1);
    if (j != CV_JUDGE_PLAY) return j == CV_JUDGE_LOSS;
    int n = gen(P, node, d);
    if (n < 0) return 0;
    if (n == 0) return P->es->judge(node, 0) == CV_JUDGE_LOSS;
    if (turns <= 1) return 0;
    return defend_moves(P, node, P->es->side(node), turns, d, n);
}

static int settle_here(prover *P, unsigned char *node, int turns, int d, int what)
{
    if (what == DEFEND) return defend_here(P, node, turns, d);
    if (what == ATTACK) return attack_here(P, node, turns, d);
    return attack_moves(P, node, P->es->side(node), turns, d);
}

/* settle_here through the table.  A defender's last turn (turns 1) is
 * cheaper to judge than to look up, and would crowd out the nodes worth
 * keeping. */
static int settle(prover *P, unsigned char *node, int turns, int d, int what)
{
    if (!P->table || (what == DEFEND && turns <= 1) || turns > 100) return settle_here(P, node, turns, d, what);
    uint64_t h = hash_node(P, node);
    size_t slot;
    const known *k = look(P, node, h, &slot);
    if (k && k->won && turns >= k->won) return 1;
    if (k && turns <= k->lost) return 0;
    int r = settle_here(P, node, turns, d, what);
    if (!P->failed) keep(P, node, h, slot, turns, r);
    return r;
}

int cv_search_prove(const cv_apos *a, int most, uint64_t *nodes)
{
    const cv_engine_search *es = a->e->search;
    if (nodes) *nodes = 0;
    if (!es) return -1;
    prover *P = calloc(1, sizeof *P);
    /* zeroed: bytes the engine never writes compare equal in the table */
    unsigned char *node = calloc(1, es->node_size);
    if (!P || !node) {
        free(P);
        free(node);
        return -1;
    }
    P->es = es;
    P->size = es->node_size;
    /* without room for the table the proof is only slower */
    P->table = calloc((size_t)1 << TABLE_BITS, sizeof *P->table);
    P->nodes_kept = malloc(((size_t)1 << TABLE_BITS) * P->size);
    if (!P->table || !P->nodes_kept) {
        free(P->table);
        free(P->nodes_kept);
        P->table = NULL;
        P->nodes_kept = NULL;
    }
    int found = 0;
    for (int k = 1; k <= most && !found && !P->failed; k++) {
        es->enter(a->s.b, node);
        if (settle(P, node, k, 0, ATTACK)) found = k;
    }
    if (nodes) *nodes = P->nodes;
    int failed = P->failed;
    for (int d = 0; d < CV_SEARCH_MAX_PLY; d++) {
        free(P->plies[d].ml);
        free(P->plies[d].order);
        free(P->plies[d].score);
        free(P->plies[d].copy);
    }
    free(P->table);
    free(P->nodes_kept);
    free(P);
    free(node);
    return failed ? -1 : found;
}
