#include "protovar.h"
#include <stdio.h>
#include <string.h>

static const cv_protovar table[] = {
    { "normal", "chess", "chess", NULL, NULL, 0 },
    /* XBoard sends and takes Fischer Random castling as O-O and O-O-O
     * (engine-intf, section 8); the king's move to its square would be
     * read as a plain king move */
    { "fischerandom", "chess960", "chess960", NULL, NULL, 1 },
    { "capablanca", "capablanca", "capablanca", NULL, NULL, 0 },
    /* XBoard knows no 16 x 8 variant by name: an engine-defined variant
     * whose board the engine sets up with "setup (PIECES) 16x8+0_fairy FEN" */
    { "doublechess", "doublechess", "doublechess", "16x8+0_fairy", "PNBRQKpnbrqk", 0 },
};

#define NTABLE (int)(sizeof table / sizeof *table)

const cv_protovar *cv_protovar_xboard(const char *name)
{
    for (int i = 0; i < NTABLE; i++)
        if (!strcmp(name, table[i].xboard) || (table[i].board && !strcmp(name, table[i].board))) return &table[i];
    return NULL;
}

const cv_protovar *cv_protovar_uci(const char *name)
{
    for (int i = 0; i < NTABLE; i++)
        if (!strcmp(name, table[i].uci)) return &table[i];
    return NULL;
}

const cv_protovar *cv_protovar_at(int i) { return i >= 0 && i < NTABLE ? &table[i] : NULL; }

const char *cv_protovar_move(const cv_protovar *p, cv_apos *pos, const cv_amove *m, char *buf, size_t size)
{
    int nt = cv_any_notation(pos->v, "uci");
    if (nt < 0) nt = cv_any_default_notation(pos->v);
    if (p && p->castle_san) {
        int san = cv_any_notation(pos->v, "san");
        char s[64];
        if (san >= 0 && cv_any_format(pos, m, san, s, sizeof s) && !strncmp(s, "O-O", 3)) {
            /* the check sign is no part of the protocol's move */
            s[strspn(s, "O-")] = 0;
            snprintf(buf, size, "%s", s);
            return buf;
        }
    }
    cv_any_format(pos, m, nt, buf, size);
    return buf;
}
