/* protovar: the variants the engine protocols (XBoard, UCI) offer, and
 * the one table that names them.
 *
 * What it promises: each protocol name maps to a spec of specs/ and says
 * what the GUI needs besides the name: a board the GUI does not know by
 * the name alone (XBoard's "16x8+0_fairy" board-size override, sent with
 * a `setup` command and the piece letters the pictures are drawn from),
 * and castling written as O-O where the GUI expects it (XBoard's Fischer
 * Random).  Tools and protocol code ask this table; none names a game. */
#ifndef CV_PLAY_PROTOVAR_H
#define CV_PLAY_PROTOVAR_H
#include "engine.h"
#include <stddef.h>

typedef struct cv_protovar {
    const char *xboard;     /* the name in XBoard's variants feature */
    const char *uci;        /* the UCI_Variant value */
    const char *spec;       /* the spec it is played by */
    const char *board;      /* XBoard's board override ("16x8+0_fairy"), or NULL */
    const char *pieces;     /* its pieceToCharTable, with board */
    int castle_san;         /* XBoard writes castling O-O, O-O-O */
} cv_protovar;

/* The variant of an XBoard name (its own or its board override), or of
 * a UCI_Variant value; NULL when none is called so. */
const cv_protovar *cv_protovar_xboard(const char *name);
const cv_protovar *cv_protovar_uci(const char *name);
/* Move m of pos as the protocol writes it: coordinate notation (the
 * engine's "uci": e2e4, e7e8q, the king's move for castling, files a..p
 * on wide boards), or O-O and O-O-O where p->castle_san (p NULL: none). */
const char *cv_protovar_move(const cv_protovar *p, cv_apos *pos, const cv_amove *m, char *buf, size_t size);

/* The first (the protocols' default: chess) and the i-th entry (NULL
 * past the last). */
const cv_protovar *cv_protovar_at(int i);

#endif
