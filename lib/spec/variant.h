/* variant: a game as loaded from its YAML spec, compiled for move generation.
 *
 * Pieces move by atoms: a direction, a range (1 for steps and leaps, 0 for
 * an unlimited ride), a mode (move, capture or both) and an optional
 * condition (only from given ranks).  Everything an orthodox-like game needs
 * is data here; what is not (castling geometry, en passant, promotion) is a
 * rule with options, also read from the spec. */
#ifndef CV_VARIANT_H
#define CV_VARIANT_H
#include "diag.h"
#include "geom.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CV_MAX_PIECES  16
#define CV_MAX_ATOMS   24
#define CV_MAX_CASTLE  8
#define CV_MAX_ALIASES 12

enum { CV_WHITE = 0, CV_BLACK = 1 };
enum { CV_MODE_MOVE = 1, CV_MODE_CAPTURE = 2, CV_MODE_BOTH = 3 };

typedef struct cv_atom {
    uint8_t dir;        /* geometry direction, already turned for the colour */
    uint8_t range;      /* 1 = one hop, 0 = unlimited, k = at most k */
    uint8_t min;        /* shortest distance that is a move (lame leaps) */
    uint8_t mode;       /* CV_MODE_* */
    uint8_t first;      /* nonzero: only from the ranks in first_ranks */
    uint32_t first_ranks; /* bit r = rank r (0-based, from the mover's side) */
} cv_atom;

typedef struct cv_piece {
    char letter;        /* upper case */
    char label[4];      /* as positions write it: the letter, or the letter
                           and a digit (Panoply's B1, B2) where a module reads such */
    char special[24];   /* a way of moving the atoms cannot say, played by
                           the variant's module ("" = none): engine.h piece_rules */
    char name[24];
    uint8_t royal;      /* its capture or check ends the game */
    uint8_t pawn;       /* promotes, double steps make en passant targets */
    uint8_t castles;    /* may be the rook of a castling */
    int value;          /* centipawns the spec gives (`value:`), 0: not
                           given (then worked out from the moves) */
    int natoms[2];
    cv_atom atoms[2][CV_MAX_ATOMS];
} cv_piece;

/* One castling as the spec describes it; turned into concrete squares per
 * position by the FEN reader (Chess960 rooks may start anywhere). */
typedef struct cv_castle_rule {
    char letter;        /* FEN letter for White (K, Q, ...) */
    int side;           /* +1 toward higher files, -1 toward lower files */
    int king_to_file, rook_to_file;
    int king_file, rook_file;   /* -1 = found from the position */
    int os;                     /* O's in its SAN: 2 for O-O, 3 for O-O-O, ... */
    int alias;                  /* a king move to king-to also means it */
} cv_castle_rule;

typedef enum { CV_CASTLE_FIDE, CV_CASTLE_960 } cv_castle_style;

typedef struct cv_variant {
    char name[64];
    char aliases[CV_MAX_ALIASES][64];
    int naliases;
    char path[512];             /* the spec file it came from */
    cv_geom geom;
    int npieces;
    cv_piece pieces[CV_MAX_PIECES];
    int8_t by_letter[128];      /* upper-case letter -> piece type, -1 */
    int royal_type;             /* the single royal type, -1 if none */
    int pawn_type;              /* -1 if none */
    char setup[1024];           /* start position in the variant's FEN */
    /* castling */
    cv_castle_style castle_style;
    int ncastle_rules;
    cv_castle_rule castle_rules[CV_MAX_CASTLE / 2];
    int castle_rank;            /* 0-based rank of White's king, mirrored for Black */
    int castle_any_order;       /* strict FEN accepts castling letters in any order */
    int castle_alias;           /* some castling may be written as a king move */
    /* promotion */
    uint32_t promo_ranks;       /* bit r = relative rank r (0-based) promotes */
    int npromo;
    int8_t promo_types[CV_MAX_PIECES];
    int en_passant;
    /* draw facts */
    int fifty_move_plies;
    int repetition_count;
    /* compiled attack tables: for colour c and a walk direction w taken
     * from the attacked cell outward, att_range[c][w][t] is how far away a
     * piece of type t of colour c can be and still capture along it (0 =
     * cannot, 255 = any distance); att_max[c][w] the largest of them. */
    uint8_t att_range[2][CV_MAX_DIRS][CV_MAX_PIECES];
    uint8_t att_max[2][CV_MAX_DIRS];
    uint8_t att_dirs[2][CV_MAX_DIRS];   /* walk directions with any attacker */
    int natt_dirs[2];
    uint8_t slide_dirs[2][CV_MAX_DIRS]; /* walk directions with a rider (pins) */
    int nslide_dirs[2];
    int fast_legal;             /* one royal per side: pin/check filtering is exact */
    /* The engine that plays it (engine.h): the generic one, or the one
     * the spec's `module:` names, with that engine's options. */
    const struct cv_engine *engine;
    union { max_align_t align_; unsigned char b[512]; } eopts;
    /* line[a * ncells + b]: 1 + the rider walk direction leading from a to
     * b, 0 when none does, 255 when two do (then moves are played to test) */
    uint8_t *line;
    /* The bitboard form (generic/bb.h), compiled on first use: bb_state
     * 0 not yet, -1 none, 1 done; bb one malloc'd block, bb_width the
     * code that reads it. */
    void *bb;
    const void *bb_width;
    int bb_state;
    /* The evaluation's tables (generic/eval.c), compiled on first use
     * the same way: eval_state 0 not yet, 1 done. */
    void *eval;
    int eval_state;
} cv_variant;

/* Loads and compiles a spec file.  Every problem in its text is reported
 * through d as "FILE:LINE:COL: key: message"; one with the file as a
 * whole (cannot open or read it, larger than 1 MiB) is about the run:
 * "TOOL: error: FILE: reason".  Returns NULL when there was any. */
cv_variant *cv_variant_load(const char *path, cv_diag *d);

/* The same from an open stream; path names it in diagnostics. */
cv_variant *cv_variant_load_stream(FILE *f, const char *path, cv_diag *d);

/* Finds a spec by name or alias (ignoring case, spaces, '-' and '_') in
 * the spec search path: $CVKIT_SPECS (colon-separated), the running
 * program's ../specs and ../share/cvkit/specs, and the directory compiled
 * in.  The first file NAME.yaml wins; otherwise the first spec (in
 * directory order, files sorted) that claims the name.  When none does:
 * "TOOL: error: unknown variant 'NAME' (known: chess, ...; searched: DIR,
 * ...)", the NAME.yaml names sorted and the directories that exist, and
 * NULL. */
cv_variant *cv_variant_find(const char *name, cv_diag *d);

/* Every variant -V finds on the spec search path (cv_variant_find), in
 * its order, files sorted: a NAME.yaml after one of the same NAME (or a
 * directory reached twice) is passed over, as -V NAME never reaches it.
 * fn gets the file, its NAME (the stem, what -V takes first) and the spec
 * loaded (its name and aliases), valid during the call; a nonzero return
 * stops the walk.  A file that does not load is said through d and
 * passed over.  Returns the number of such files. */
int cv_variant_each(int (*fn)(void *arg, const char *path, const char *stem, const cv_variant *v), void *arg,
                    cv_diag *d);

/* Either --spec FILE (when path is set) or -V NAME (default "chess").  A
 * FILE that cannot be opened, is a directory or is larger than 1 MiB is
 * said of the option: "TOOL: error: --spec FILE: reason". */
cv_variant *cv_variant_select(const char *name, const char *path, cv_diag *d);

void cv_variant_free(cv_variant *v);
/* How many variants cv_variant_free has freed in this process so far. */
unsigned long cv_variant_frees(void);

/* cv_variant_find through a process-wide cache: the spec stays loaded
 * (and must not be freed) until the process ends. */
const cv_variant *cv_variant_cached(const char *name, cv_diag *d);

/* Does name (ignoring case, spaces, '-' and '_') name v or an alias? */
int cv_variant_is(const cv_variant *v, const char *name);

/* Piece code on the board: 0 = empty, else (type + 1) | colour << 7. */
#define CV_PIECE(type, color) ((uint8_t)(((type) + 1) | ((color) << 7)))
#define CV_TYPE(p)  (((p) & 127) - 1)
#define CV_COLOR(p) ((p) >> 7)

/* FEN letter of a piece code ('.' for empty). */
char cv_piece_char(const cv_variant *v, uint8_t p);
/* Piece code of a FEN letter, 0 when the variant has no such piece. */
uint8_t cv_piece_from_char(const cv_variant *v, char c);

#endif
