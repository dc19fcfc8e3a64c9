/* cvkit: the whole public interface of libcvkit.a in one include. */
#ifndef CVKIT_H
#define CVKIT_H
#include "diag.h"
#include "cli.h"
#include "geom.h"
#include "variant.h"
#include "pos.h"
#include "movegen.h"
#include "fen.h"
#include "notation.h"
#include "perft.h"
#endif
