/* engine: the one interface behind which every game is played.
 *
 * An engine is everything one family of games needs: its position text
 * (read, validate, write), legal moves, the notations it reads and writes,
 * playing a move and taking it back, the outcome of a position, perft and
 * a diagram, and the few edits a board owner makes (cv-board).  The
 * generic engine (lib/generic) plays every game its YAML atoms can say;
 * a game the atoms cannot say has an engine of its own in its own folder
 * (lib/trid for Star Trek Tri-D), picked by the spec's `module:` key from
 * the table in engine.c.  Tools and the replay walk use this interface
 * only; none of them asks which engine plays a variant.
 *
 * Positions and moves are opaque to callers: a cv_apos holds any engine's
 * position inline (no allocation, copy it with cv_apos_copy), a cv_amove
 * any engine's move.  Undo records hold what an engine needs to take a
 * move back.
 *
 * Adding an engine: a folder under lib/ with a `const cv_engine` filled
 * in, and its line in the table in engine.c.  Nothing in bin/ changes. */
#ifndef CV_ENGINE_H
#define CV_ENGINE_H
#include "diag.h"
#include "picture.h"
#include "variant.h"
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- problems of a position text (every engine's reader fills these) ---- */

/* The largest move counter (halfmove clock, fullmove number) a position
 * text holds; playing on keeps a counter there, so what is written can
 * always be read back. */
#define CV_COUNTER_MAX 999999999

enum {
    CV_FEN_LENIENT   = 1,   /* read: the loose dialect (ProChess board) */
    CV_FEN_EP_ALWAYS = 2,   /* write: en passant square after every double step */
    CV_FEN_XFEN      = 4,   /* write: X-FEN castling (KQkq where unambiguous) */
    CV_FEN_PLAYABLE  = 8,   /* read: a position that can be played but not
                               reached (too many pawns, an impossible check)
                               is taken; one that cannot be played is not */
};

enum { CV_FE_SYNTAX, CV_FE_LAX, CV_FE_POSITION };

#define CV_FEN_MAX_ERRORS 32

typedef struct cv_fen_error {
    int col;                /* 1-based column in the text */
    int kind;               /* CV_FE_* */
    char msg[200];
} cv_fen_error;

typedef struct cv_fen_errors {
    int n;
    cv_fen_error e[CV_FEN_MAX_ERRORS];
    int fieldcol[8];        /* column of each field (set by the reader) */
} cv_fen_errors;

/* Appends a problem to a list of max entries (*n in use).  A full list
 * drops it, but for a syntax error (kind CV_FE_SYNTAX), which makes the
 * text unusable and so takes the last place: an unusable text always
 * says why.  Every engine's position reader keeps its problems so. */
void cv_problem_vadd(cv_fen_error *list, int *n, int max, int col, int kind, const char *fmt, va_list ap);

/* Reports errs through d as FILE:LINE:COL diagnostics; col0 is the column
 * of the text's first character in its line.  Returns how many. */
int cv_fen_report(cv_diag *d, const char *file, long line, int col0, const cv_fen_errors *errs);
/* Orders errs by column (stable), as a reader of the line expects. */
void cv_fen_sort_errors(cv_fen_errors *errs);

/* ---- moves read from text ---- */

typedef enum {
    CV_MOVE_OK = 0,
    CV_MOVE_SYNTAX,     /* not a move in any notation the engine reads */
    CV_MOVE_ILLEGAL,    /* well formed, but no legal move matches */
    CV_MOVE_AMBIGUOUS,  /* more than one legal move matches */
} cv_move_status;

/* Flags for reading a move. */
enum {
    /* pbmserv "shorthand algebraic": letters are read in either case, so
     * "Bc4" may be a bishop or the b-pawn and "kxl4" the king or the
     * k-pawn; both readings are tried and only true ambiguity refused. */
    CV_READ_PBM = 1,
    /* only the record format's canonical notation (SAN in PGN): other
     * notations and tolerated forms are refused */
    CV_READ_STRICT_SAN = 2,
};

/* ---- opaque positions, moves and undo records ---- */

#define CV_APOS_BYTES  2048
#define CV_AMOVE_BYTES 32
#define CV_AUNDO_BYTES 1536

typedef struct cv_engine cv_engine;

typedef struct cv_apos {
    const cv_variant *v;
    const cv_engine *e;
    union { max_align_t align_; unsigned char b[CV_APOS_BYTES]; } s;
} cv_apos;

typedef struct cv_amove {
    union { uint64_t align_; unsigned char b[CV_AMOVE_BYTES]; } s;
} cv_amove;

typedef struct cv_aundo {
    union { max_align_t align_; unsigned char b[CV_AUNDO_BYTES]; } s;
} cv_aundo;

/* An engine's own move into a cv_amove and back: the bytes past it are
 * zero, so equal moves are equal cv_amoves (the search compares them). */
static inline void cv_amove_put(cv_amove *out, const void *move, size_t size)
{
    memset(out, 0, sizeof *out);
    memcpy(out->s.b, move, size);
}
static inline void cv_amove_get(void *move, const cv_amove *m, size_t size) { memcpy(move, m->s.b, size); }

/* What the reader made of a move's text besides the move. */
typedef struct cv_move_info {
    cv_move_status status;
    char why[320];          /* reason when not OK */
    int lax;                /* read only thanks to tolerance (0-0, missing '=') */
} cv_move_info;

/* The facts of a position a game's end depends on. */
typedef struct cv_outcome {
    int in_check;           /* the side to move's king is attacked */
    int moves;              /* legal moves (0: mate or stalemate); where a
                               move is a turn of several single moves, the
                               single moves that may start one (steps with
                               no prefix), 0 exactly when there is no turn */
    int fifty;              /* the fifty-move rule (or the variant's) may be claimed */
    int insufficient_material; /* neither side can mate */
    int no_move_loses;      /* a side without a move loses, in check or not
                               (Panoply's stalemate) */
} cv_outcome;

/* ---- counting a tree: what an engine offers count.h ---- */

typedef struct cv_count_table cv_count_table;   /* count.h */

/* What one count of a subtree carries down its walk. */
typedef struct cv_count_ctx {
    /* NULL: none; else the count's table of subtree counts, shared by
     * every thread (count.h: cv_count_probe, cv_count_store) */
    cv_count_table *table;
    /* An engine whose node is a turn of several single moves adds the
     * single moves of the tree it counts: one for every turn at every
     * depth from 1 to the one asked (a turn's earlier moves are those of
     * the shorter turns it extends), whatever the table.  A node of chess
     * is one single move, so this is the figure to set beside another
     * game's nodes.  Left alone by the other engines. */
    uint64_t singles;
} cv_count_ctx;

/* An engine's part of a count: the nodes of one subtree.  Root moves,
 * threads, shares, divide, the table and progress are count.c's. */
typedef struct cv_engine_count {
    /* Nodes depth plies below pos (1 at depth 0), pos left as it was.
     * Runs on several threads at once, each with its own ctx and pos.
     * UINT64_MAX: out of memory. */
    uint64_t (*subtree)(void *pos, int depth, cv_count_ctx *ctx);
    /* The root moves as divide writes them, where that is not as format
     * writes them; NULL: format. */
    size_t (*divide_format)(void *pos, const cv_amove *m, int nt, char *buf, size_t size);
    int table;              /* subtree uses ctx->table (else none is made) */
    int turns;              /* a node is a turn: subtree counts ctx->singles */
    /* What a count also says at the root ("70 single moves at the root"
     * where a node is a whole turn); NULL when nothing. */
    size_t (*note)(void *pos, char *buf, size_t size);
} cv_engine_count;

/* ---- searching: what an engine offers search.h ---- */

/* What the search knows of a move before it plays it (move ordering,
 * quiescence). */
enum {
    CV_MV_CAPTURE = 1,      /* takes a piece */
    CV_MV_PROMO   = 2,      /* promotes */
    CV_MV_END     = 4,      /* no move: ends a turn of several single moves
                               here (the side changes; costs no depth) */
};

typedef struct cv_move_facts {
    unsigned flags;         /* CV_MV_* */
    int victim;             /* value of the piece taken (centipawns), 0 none */
    int attacker;           /* value of the piece that moves */
} cv_move_facts;

/* How a node stands before its moves are looked at (judge). */
enum {
    CV_JUDGE_PLAY = 0,      /* play on */
    CV_JUDGE_DRAW,          /* drawn by the variant's rules */
    CV_JUDGE_LOSS,          /* the side to move has lost */
    CV_JUDGE_WIN,           /* the side to move has won */
};

/* An engine's part of a search: a node is a position and whatever a
 * search must carry beside it (where a turn is several single moves,
 * the moves of the turn so far), and a search step is one single move.
 * The search (lib/search) knows games only through this. */
typedef struct cv_engine_search {
    size_t node_size;       /* bytes of a node (<= CV_APOS_BYTES) */
    /* The position pos (the engine's own) as a node at the start of a
     * turn. */
    void (*enter)(const void *pos, void *node);
    int (*side)(const void *node);
    /* The single moves from node, at most max into out, how many there
     * are returned.  Where the turn may end before it is full, one of
     * them is the move flagged CV_MV_END.  Every sequence of single moves
     * from a turn's start that ends where the side changes is a legal
     * move of the engine's gen. */
    int (*moves)(void *node, cv_amove *out, int max);
    void (*facts)(void *node, const cv_amove *m, cv_move_facts *f);
    void (*play)(void *node, const cv_amove *m, cv_aundo *u);
    /* NULL: the undo record is a copy of the node (node_size <= CV_AUNDO_BYTES) */
    void (*unplay)(void *node, const cv_amove *m, const cv_aundo *u);
    /* A null move (the turn passes): NULL where the engine has none or
     * the search must not try one; null_ok says at a node whether it
     * may (not in check, at a turn's start, material enough to make
     * zugzwang unlikely). */
    int (*null_ok)(void *node);
    void (*play_null)(void *node, cv_aundo *u);
    void (*unplay_null)(void *node, const cv_aundo *u);
    /* Everything the node's moves and score depend on (side to move,
     * castling and en passant rights, a turn's moves so far); nodes that
     * repeat the same position have the same key. */
    uint64_t (*key)(void *node);
    /* The side to move is in check (the search extends; a node with no
     * move is then lost).  NULL: no check in the game. */
    int (*in_check)(void *node);
    /* CV_JUDGE_*: before moves are made (a king captured, fifty moves,
     * material that cannot win), and, with moves 0, at a node that has
     * no single move (mate, stalemate by the variant's rule).  With
     * moves -1 the search has not generated them. */
    int (*judge)(void *node, int moves);
    /* The score of node for the side to move, in centipawns. */
    int (*eval)(void *node);
    /* The move of the engine's gen (whole turn) that the single moves
     * steps[0..n-1], played from node (a turn's start), make; steps end
     * where the side changes (CV_MV_END among them).  0, or -1 when they
     * do not make one.  NULL: a move is one single move (steps[0]). */
    int (*whole)(const void *node, const cv_amove *steps, int n, cv_amove *move);
    /* Repeated positions are draws (the search counts a repetition on
     * its path as one). */
    int repetition;
} cv_engine_search;

/* What an engine with a module reads from its spec.  An engine with a
 * module reads its options from the spec's mapping named after it; the
 * other keys it defines itself. */
typedef struct cv_engine_spec {
    const char *const *own_keys;    /* spec keys the engine defines (refused) */
    const char *opts_required;      /* key of that mapping that must be given */
    const char *opts_what;          /* "the rule set and options of the trid module" */
    const char *opts_required_what; /* "standard or tournament" */
    /* Sets up the engine's options in v->eopts from the required key's
     * value; fills v->setup.  -1 with a message in err.  NULL: the engine
     * takes no module options (the generic engine). */
    int (*opts_init)(cv_variant *v, const char *required, char *err, size_t errsize);
    int (*opts_set)(cv_variant *v, const char *key, const char *value, char *err, size_t errsize);
    /* An engine that plays the spec's own board and pieces (its own_keys
     * leave them to the spec) may give pieces ways of moving the atoms
     * cannot say: the names a piece's `special:` may take (NULL: none),
     * whether labels may carry a digit (B1). */
    const char *const *piece_rules;
    int piece_labels;
    /* The tables it plays from, compiled once the spec's board and pieces
     * are read (errors or not): the spec parser itself knows no engine's
     * tables.  NULL: none. */
    void (*compile)(cv_variant *v);
    /* A last look at the compiled variant, when the spec read without
     * errors (-1 with a message when the engine cannot play it). */
    int (*check)(cv_variant *v, char *err, size_t errsize);
    /* Reads the spec's setup as text of the spec's pieces only, before
     * the position is judged as one to play from (cv_any_read_position); problems
     * into errs, -1 when unusable.  Where the engine sets this the spec
     * must give a setup.  NULL: the setup is optional, read by
     * cv_any_read_position alone. */
    int (*read_setup)(const cv_variant *v, const char *text, cv_fen_errors *errs);
} cv_engine_spec;

/* Diagrams: text styles of the engine's own and the picture every engine
 * draws the same way (the style "svg"). */
typedef struct cv_engine_picture {
    const char *const *styles;      /* first is the default */
    /* Draws the position in a style of styles; flags: CV_DIAGRAM_* */
    void (*diagram)(const void *pos, const char *style, unsigned flags, FILE *out);
    /* The position as a picture (picture.h): cells, pieces, coordinates
     * from the engine's own geometry; one writer draws it for every
     * engine.  NULL: no picture. */
    void (*draw)(const void *pos, const cv_picture_opts *o, cv_picture *pic);
} cv_engine_picture;

/* The board owner's edits (cv-board). */
typedef struct cv_engine_edit {
    /* The `m` command's argument: FROM TO [PROMOTION] with any delimiter,
     * or a move in any notation the engine reads. */
    cv_move_status (*board_move)(void *pos, const char *args, cv_amove *m, char *why, size_t whysize, int *col);
    /* `p`: a piece and a square, or '-' and a square; -1 with why and the
     * column (0-based in text) of the fault. */
    int (*put)(void *pos, const char *text, char *why, size_t whysize, int *col);
    void (*set_side)(void *pos, int side);
    int (*set_rights)(void *pos, const char *text, char *why, size_t whysize);
    size_t (*rights)(const void *pos, char *buf, size_t size);
} cv_engine_edit;

/* The table of functions an engine provides.  `pos` arguments point at
 * the engine's own position (cv_apos.s.b). */
struct cv_engine {
    const char *name;           /* the spec's `module:` value; "generic" has none */
    size_t pos_size;            /* bytes of its position (<= CV_APOS_BYTES) */

    /* -- the spec (NULL: nothing beyond what the spec parser does) -- */
    const cv_engine_spec *spec;

    /* -- notations: names[0] is the default, divide the perft default -- */
    const char *const *notations;   /* names it writes; NULL-terminated */
    const char *const *aliases;     /* pairs: alias, name; NULL-terminated */
    int divide_notation;            /* index into notations */
    const int *alt_notation;        /* for each notation, the one a test
                                       answers in beside it (SAN: UCI) */
    /* For each notation, 1 when the default reading does not take it
     * (pbm: letters in either case), so that a record written in it says
     * so in a Notation tag; NULL: none is. */
    const int *read_apart;
    /* The notation that alone writes a move so (text without its marks:
     * pbm's "nl3"), by its shape only, never its legality; -1 when the
     * shape says nothing.  NULL: no shape says anything. */
    int (*notation_of_move)(const cv_variant *v, const char *text);
    const char *record_format;      /* the record format its games are kept in */
    /* The only formats its moves can be written in (NULL: any format
     * not bound to another engine).  Game Courier moves hold blanks and
     * ';', which PGN movetext cannot. */
    const char *const *record_formats;

    /* -- positions -- */
    int (*start)(const cv_variant *v, void *pos);
    void (*clear)(const cv_variant *v, void *pos);
    /* Reads and validates; every problem into errs.  -1 when unusable. */
    int (*read)(const cv_variant *v, const char *text, unsigned flags, void *pos, cv_fen_errors *errs);
    size_t (*write)(const void *pos, unsigned flags, char *buf, size_t size);
    int (*side)(const void *pos);       /* 0 White, 1 Black */
    int (*fullmove)(const void *pos);

    /* -- moves -- */
    /* Every legal move (a whole turn where a turn has several): at most
     * max written to out; returns how many there are, even past max. */
    int (*gen)(void *pos, cv_amove *out, int max);
    size_t (*format)(void *pos, const cv_amove *m, int nt, char *buf, size_t size);
    /* Where a move is a turn of several single moves: the single moves
     * that may come after the partial turn prefix (text, "" for none),
     * each written into out[i] (size 64); returns how many there are, or
     * -1 with why when the prefix does not read.  NULL: a move is one
     * single move (the tools then list the moves). */
    int (*steps)(void *pos, const char *prefix, char (*out)[64], int max, char *why, size_t whysize);
    /* Length of the first move of text, where moves are written one after
     * another with blanks between (cv-legal --apply); NULL: a move is one
     * blank-free word.  Game Courier's moves hold blanks themselves; an
     * engine that sets this writes no ',' in a move, which then separates
     * moves in lists (cv_any_move_separator). */
    size_t (*move_span)(const char *text);
    cv_move_status (*read_move)(void *pos, const char *text, int nt, unsigned flags, cv_amove *m,
                                cv_move_info *info);
    void (*make)(void *pos, const cv_amove *m, cv_aundo *u);
    /* NULL: the undo record is a whole copy of the position, which the
     * interface takes before make and puts back (the engine asserts that
     * its position fits CV_AUNDO_BYTES). */
    void (*unmake)(void *pos, const cv_amove *m, const cv_aundo *u);
    /* A null move ("--"): NULL when the engine has none. */
    void (*make_null)(void *pos, cv_aundo *u);
    void (*unmake_null)(void *pos, const cv_aundo *u);

    /* -- outcome, perft -- */
    void (*outcome)(void *pos, cv_outcome *o);
    /* Repetition key: equal for positions that repeat (0: none kept). */
    uint64_t (*key)(void *pos);

    /* -- the optional parts, NULL when not offered -- */
    const cv_engine_picture *picture;   /* diagrams */
    const cv_engine_edit *edit;         /* the board owner's edits */
    const cv_engine_count *count;       /* counting a tree (count.h) */
    const cv_engine_search *search;     /* searching for a move (search.h) */
};

/* The engine a spec's `module:` names (NULL: the generic engine); NULL
 * when none is called so.  cv_engine_names lists the module names. */
const cv_engine *cv_engine_find(const char *module);
const cv_engine *cv_engine_generic(void);
const char *cv_engine_names(void);

/* ---- the interface as the tools use it ---- */

/* Notation by name ("san", "parmen", an alias such as "standard"); -1 when
 * the variant's engine does not write it.  cv_notation_list: "san, lan,
 * uci, pbm" for messages. */
int cv_any_notation(const cv_variant *v, const char *name);
int cv_any_default_notation(const cv_variant *v);
int cv_any_divide_notation(const cv_variant *v);
int cv_any_alt_notation(const cv_variant *v, int nt);
const char *cv_any_notation_name(const cv_variant *v, int nt);
const char *cv_notation_list(const cv_variant *v, char *buf, size_t size);
/* Is notation nt one the default reading does not take (read_apart)? */
int cv_any_notation_apart(const cv_variant *v, int nt);
/* The engine's notation_of_move (the notation a move's text alone says
 * it is written in, or -1), or NULL when it has none: a caller looks at
 * every move of a game through it. */
typedef int (*cv_notation_shape_fn)(const cv_variant *v, const char *text);
cv_notation_shape_fn cv_any_notation_shape(const cv_variant *v);
/* Is name a notation of any engine? */
int cv_notation_known(const char *name);
/* Every engine's notations, each once, for messages: "san, lan, uci, ...". */
const char *cv_notation_names(void);
/* Every engine's notations by engine, for usage texts, the default
 * marked (divide: the perft --divide default): "generic: san (default),
 * lan, uci, pbm; trid: standard (default), romulan; pw: pw; ...". */
const char *cv_notation_by_engine(int divide, char *buf, size_t size);

/* The variant's start position as text, or NULL (with why) when its spec
 * gives none: then the tools need a position from the user.  how is the
 * calling tool's way to give one ("--fen FEN"), which why names. */
const char *cv_any_start_text(const cv_variant *v, const char *how, char *why, size_t whysize);
/* -1 when the variant has no start position (cv_any_start_text). */
int cv_any_start(const cv_variant *v, cv_apos *a);
void cv_any_clear(const cv_variant *v, cv_apos *a);
/* Reads a position and validates it; problems go to errs.  -1 when the
 * text is unusable. */
int cv_any_read_position(const cv_variant *v, const char *text, unsigned flags, cv_apos *a, cv_fen_errors *errs);
size_t cv_any_write(const cv_apos *a, unsigned flags, char *buf, size_t size);
void cv_apos_copy(cv_apos *to, const cv_apos *from);
int cv_any_side(const cv_apos *a);
int cv_any_fullmove(const cv_apos *a);

/* Legal moves: at most max into out; returns how many there are. */
int cv_any_gen(cv_apos *a, cv_amove *out, int max);
size_t cv_any_format(cv_apos *a, const cv_amove *m, int nt, char *buf, size_t size);
/* Length of the first of several moves in text (engine.h, move_span);
 * text starts at the move, not at a blank. */
size_t cv_any_move_span(const cv_variant *v, const char *text);
/* What goes between moves written in a list for a reader to split: " "
 * where a move is one blank-free word, ", " where moves hold blanks
 * themselves (the engine has a move_span, and its moves no ','). */
const char *cv_any_move_separator(const cv_variant *v);
cv_move_status cv_any_read_move(cv_apos *a, const char *text, int nt, unsigned flags, cv_amove *m,
                                cv_move_info *info);
void cv_any_make(cv_apos *a, const cv_amove *m, cv_aundo *u);
void cv_any_unmake(cv_apos *a, const cv_amove *m, const cv_aundo *u);
int cv_any_has_null(const cv_apos *a);
void cv_any_make_null(cv_apos *a, cv_aundo *u);
void cv_any_unmake_null(cv_apos *a, const cv_aundo *u);
void cv_any_outcome(cv_apos *a, cv_outcome *o);
uint64_t cv_any_key(cv_apos *a);

/* Legal moves written in notation nt, one string each into out[i]
 * (size 64), in generation order; at most max written, returns how many
 * there are. */
int cv_any_moves(cv_apos *a, int nt, char (*out)[64], int max);

/* The single moves after a partial turn (engine.h, steps); for an engine
 * whose moves are single moves, the legal moves (prefix must be "").
 * -1 with why when the prefix does not read. */
int cv_any_steps(cv_apos *a, const char *prefix, int nt, char (*out)[64], int max, char *why, size_t whysize);

/* Reads move text and, when legal, plays it; the move as nt writes it
 * goes to canon and, when alt is not NULL, in the engine's other main
 * notation to alt.  Returns a cv_move_status; why holds the reason. */
int cv_any_play(cv_apos *a, const char *text, int nt, char *canon, char *alt, char *why, size_t whysize);
/* The same without playing it. */
int cv_any_test(cv_apos *a, const char *text, int nt, char *canon, char *alt, char *why, size_t whysize);

/* Trees are counted by count.h.  The engine's note on a count at the root, or "" (0 returned). */
size_t cv_any_perft_note(cv_apos *a, char *buf, size_t size);

/* Diagram flags. */
enum {
    /* pieces with a chess counterpart (a king, queen, rook, bishop, knight
     * or pawn) drawn as Unicode chess symbols (UTF-8), White's the outlined
     * ones; other pieces keep their letters */
    CV_DIAGRAM_UNICODE = 1,
};

int cv_any_diagram_style_known(const cv_variant *v, const char *style);
const char *cv_diagram_style_list(const cv_variant *v, char *buf, size_t size);
/* Every engine's styles (svg aside) by engine, for usage texts, as
 * cv_notation_by_engine lists notations. */
const char *cv_diagram_styles_by_engine(char *buf, size_t size);
void cv_any_diagram(const cv_apos *a, const char *style, unsigned flags, FILE *out);

/* The position as a picture (picture.h), pic set up by the caller; -1
 * (pic left alone) when the engine draws none. */
int cv_any_picture(const cv_apos *a, const cv_picture_opts *o, cv_picture *pic);

/* The edits below do nothing where the engine offers none (a move or a
 * put is refused with why, the rights are ""). */
/* col: 0-based column in args of the fault, when there is one */
cv_move_status cv_any_board_move(cv_apos *a, const char *args, cv_amove *m, char *why, size_t whysize, int *col);
int cv_any_put(cv_apos *a, const char *text, char *why, size_t whysize, int *col);
void cv_any_set_side(cv_apos *a, int side);
int cv_any_set_rights(cv_apos *a, const char *text, char *why, size_t whysize);
size_t cv_any_rights(const cv_apos *a, char *buf, size_t size);

/* The record format the variant's games are kept in ("pgn", "gamelist"). */
const char *cv_any_record_format(const cv_variant *v);

#endif
