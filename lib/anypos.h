/* anypos: one position of any variant, whichever engine plays it.
 *
 * Most variants are played by the generic engine (pos, movegen, fen,
 * notation); a variant whose spec names a rule module (Star Trek Tri-D) is
 * played by that module.  The position tools (cv-check, cv-legal,
 * cv-perft) work through this interface only, so they need not know which
 * engine is behind a variant. */
#ifndef CV_ANYPOS_H
#define CV_ANYPOS_H
#include "fen.h"
#include "perft.h"
#include "trid.h"
#include <stdio.h>

typedef struct cv_anypos {
    const cv_variant *v;
    cv_pos p;           /* generic engine */
    cv_trid_pos t;      /* trid module */
} cv_anypos;

/* Notations by name: san, lan, uci (generic; "pbm" reads pbmserv style);
 * parmen, romulan (trid).  cv_any_notation returns -1 for a name the
 * variant does not write. */
enum { CV_ANY_SAN, CV_ANY_LAN, CV_ANY_UCI, CV_ANY_PBM, CV_ANY_PARMEN, CV_ANY_ROMULAN };
int cv_any_notation(const cv_variant *v, const char *name);
int cv_any_default_notation(const cv_variant *v);

/* Reads a position (FEN, wide FEN or TD-FEN as the variant has it) and
 * validates it; problems go to errs in the FEN reader's shape.  Returns -1
 * when the text is unusable. */
int cv_any_read(const cv_variant *v, const char *text, unsigned fen_flags, cv_anypos *a, cv_fen_errors *errs);
int cv_any_start(const cv_variant *v, cv_anypos *a);
size_t cv_any_write(const cv_anypos *a, unsigned fen_flags, char *buf, size_t size);

/* Legal moves written in notation nt, one string each into out[i]
 * (size 64), in generation order; returns how many (at most max). */
int cv_any_moves(cv_anypos *a, int nt, char (*out)[64], int max);

/* Reads move text and, when legal, plays it; the move as nt writes it
 * goes to canon (and its UCI/long form to alt when not NULL).  Returns a
 * cv_move_status; why holds the reason when not OK. */
int cv_any_play(cv_anypos *a, const char *text, int nt, char *canon, char *alt, char *why, size_t whysize);
/* The same without playing it. */
int cv_any_test(cv_anypos *a, const char *text, int nt, char *canon, char *alt, char *why, size_t whysize);

/* Perft; divide gets each counted root move written in nt. */
typedef void (*cv_any_divide_fn)(void *arg, const char *move, uint64_t nodes);
uint64_t cv_any_perft(cv_anypos *a, int depth, const cv_perft_opts *o, int nt, cv_any_divide_fn fn, void *arg);

/* A board drawn for people (style as cv_diagram_styled; trid: its TD-FEN
 * fields one per line). */
void cv_any_diagram(const cv_anypos *a, const char *style, FILE *out);

#endif
