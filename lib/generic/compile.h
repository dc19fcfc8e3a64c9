/* compile: what the generic engine plays from, compiled from a spec's
 * board and pieces (the spec hooks of engine.h).  An engine that plays
 * the spec's pieces by the generic rules' attack tables (Panoply) compiles
 * them the same way. */
#ifndef CV_GEN_COMPILE_H
#define CV_GEN_COMPILE_H
#include "engine.h"
#include "variant.h"

/* The attack tables, the lines between cells and whether legality can
 * be filtered by pins (one royal piece a side). */
void cv_gen_compile(cv_variant *v);
/* Reads a spec's setup as FEN of its pieces, not yet as a position to
 * play from; problems into errs, -1 when unusable. */
int cv_gen_read_setup(const cv_variant *v, const char *text, cv_fen_errors *errs);

#endif
