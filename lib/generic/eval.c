#include "eval.h"

/* A first cut: material by the pieces' letters. */
int cv_gen_value(const cv_variant *v, int t)
{
    const cv_piece *pc = &v->pieces[t];
    if (pc->royal) return 0;
    if (pc->pawn) return 100;
    switch (pc->letter) {
    case 'N': return 320;
    case 'B': return 330;
    case 'R': return 500;
    case 'Q': return 950;
    default: return 400;
    }
}

int cv_gen_eval(const cv_pos *p)
{
    const cv_variant *v = p->v;
    int s = 0;
    for (int c = 0; c < v->geom.ncells; c++) {
        uint8_t pc = p->board[c];
        if (!pc) continue;
        int val = cv_gen_value(v, CV_TYPE(pc));
        s += CV_COLOR(pc) == p->side ? val : -val;
    }
    return s;
}
