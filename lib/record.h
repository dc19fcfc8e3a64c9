/* record: the one interface behind which every record format is read and
 * written.
 *
 * Every reader yields the same game structure, cv_record: tags (a PGN
 * header; a listing's `// [Name "value"]` lines), the movetext as tokens
 * (move numbers, moves, comments, variations, NAGs, the result) each with
 * its place, which cv_game_where turns into a line and column when asked,
 * the game's problems, and optionally its raw bytes.
 * Every format has a writer from that structure, so a record read in one
 * format can be written in another.  The tools open a record reader on
 * any input; the format is named (--input) or recognised from the first
 * bytes of the content, standard input included.
 *
 * The formats, each in lib/record: PGN (pgn.c, pgnwrite.c), Parmen's
 * gamelist.txt listing (gamelist.c) for Tri-D, and Game Courier's move
 * list for Panoply (gclog.c, gclogwrite.c: "1. P e5-e9" a line, tags as
 * `// [Name "value"]`, results on lines of their own).  A new format is a
 * cv_record_format and its line in the table in record.c. */
#ifndef CV_RECORD_H
#define CV_RECORD_H
#include "diag.h"
#include "game.h"
#include "pgn.h"
#include "source.h"
#include "variant.h"
#include <stdio.h>

/* The game structure every reader yields (game.h says what it holds). */
typedef cv_game cv_record;
/* Where a reader stands between two games (pgn.h says what it holds; only
 * the format reads it, and equal marks mean equal states). */
typedef cv_pgn_mark cv_record_mark;

/* Flags for cv_record_open. */
#define CV_RECORD_STRICT   1u   /* every tolerated deviation is an error */
#define CV_RECORD_KEEP_RAW 2u   /* keep each game's bytes as read (raw, when the format can):
                                   the raw texts of all games, in order, are the input but
                                   for what follows the last game (PGN and listings both) */
#define CV_RECORD_LEAN     4u   /* for validating moves only: comments are read but not kept
                                   (their tokens have text ""), so their length is no limit;
                                   PGN variations nested too deeply are passed over with a
                                   warning (CV_PGN_LEAN in pgn.h, CV_GAMELIST_LEAN in
                                   gamelist.h say exactly what changes) */

/* How a writer lays a record out (--layout): its format's clean layout,
 * or, for a Parmen listing, the layout of Parmen's own listings
 * (gamelist.h).  A format with one layout writes it for either. */
enum { CV_LAYOUT_CLEAN = 0, CV_LAYOUT_PARMEN = 1 };
/* The layout called name ("clean", "parmen"), or -1; "clean, parmen" for
 * messages. */
int cv_record_layout_find(const char *name);
const char *cv_record_layout_names(void);

/* What a writer needs besides the record. */
typedef struct cv_record_meta {
    const cv_variant *variant;  /* the rules the game was played by (NULL: unknown) */
    const char *result;         /* the result the moves imply, or NULL */
    int layout;                 /* CV_LAYOUT_* */
    int dropped;                /* out: tokens the format could not hold (warned by the caller) */
} cv_record_meta;

typedef struct cv_record_format {
    const char *name;               /* "pgn", "gamelist", "gclog" (--input, --format) */
    const char *suffixes;           /* file names a directory walk takes: ".pgn" */
    int suffix_shared;              /* the suffix is common (".txt"): a walk takes
                                       such a file only when its content is surely this
                                       format (sniff 3); formats sharing one are tried in
                                       the table's order */
    const char *own_suffix;         /* another suffix, this format's alone (".gc"): a
                                       walk takes such a file as this format whatever
                                       its content; NULL when none */
    const char *engine;             /* engine its games are played by (NULL: any) */
    const char *default_variant;    /* its rules when the chosen variant is not of that engine
                                       (PGN: what a game without a Variant tag is) */
    int numbered;                   /* move numbers are part of the record (checked) */
    int marks_warn;                 /* wrong check marks are warnings, not errors */
    /* How sure the first bytes are of this format: 0 not, 1 maybe, 3 sure. */
    int (*sniff)(const char *buf, size_t n);
    /* open: a reader of src (source.h), which outlives it. */
    void *(*open)(cv_source *src, const char *path, cv_diag *d, unsigned flags);
    int (*next)(void *rd, cv_record *g);
    int (*io_error)(void *rd);
    void (*close)(void *rd);
    /* Reading one input on several threads (chunks.h); all three NULL when
     * the format cannot be split.  split: the shortest prefix of buf, at
     * least min bytes, that ends where a game surely ends, *m moved from
     * the state at buf to the state there (0: none); 4 zero bytes follow
     * the data.  resume: open as open does, the reader starting in state
     * at.  mark: between games
     * (after next), the state where the reader stands, 1 when the last
     * game ended right there by its own end, and the input it has read
     * beyond (valid until the reader is used again). */
    size_t (*split)(const char *buf, size_t n, size_t min, cv_record_mark *m);
    void *(*resume)(cv_source *src, const char *path, cv_diag *d, unsigned flags, const cv_record_mark *at);
    int (*mark)(void *rd, cv_record_mark *m, const char **rest, size_t *n);
    /* Writes g with move token i as texts[i] when texts and texts[i] are
     * not NULL; 0, or -1 on a write error. */
    int (*write)(FILE *out, const cv_record *g, char *const *texts, cv_record_meta *m);
    /* "game 3 (Short - Williams, round 2)": how diagnostics name a game. */
    size_t (*ident)(const cv_record *g, char *buf, size_t size);
} cv_record_format;

/* The format called name; NULL when none is. */
const cv_record_format *cv_record_format_find(const char *name);
/* "pgn, gamelist, gclog" for messages; ".pgn .txt .gc" for directory
 * walks (each suffix once). */
const char *cv_record_format_names(void);
const char *cv_record_suffixes(void);
/* The format the first n bytes look like: the surest; NULL when none
 * claims them at all. */
const cv_record_format *cv_record_sniff(const char *buf, size_t n);

/* The variant a game of format f is played by when the caller chose
 * `chosen`: chosen, unless f's games belong to another engine (a Parmen
 * listing under -V chess is Federation Standard Tri-D). */
const cv_variant *cv_record_variant(const cv_record_format *f, const cv_variant *chosen);

/* Can a game of variant v be written in format f?  (A Parmen listing
 * holds Tri-D games only.) */
int cv_record_format_fits(const cv_record_format *f, const cv_variant *v);

/* The place of a game in JSON output (docs/cvkit-formats.5): the keys
 * "file", "game", "line", "col", inside an object the caller opened. */
struct cv_json;
void cv_record_json_place(struct cv_json *j, const char *path, const cv_record *g);

/* A game's tags in JSON output: "tags", an object of the first value of
 * each name in file order, and, with repeats set and when a name repeats,
 * "duplicate_tags", an array of the [name, value] pairs after the first,
 * in file order; members of the object the caller opened.  Time n log n in
 * the tags (a hostile game has hundreds of thousands of them). */
void cv_record_json_tags(struct cv_json *j, const cv_record *g, int repeats);

typedef struct cv_record_reader cv_record_reader;

/* Opens a reader on f (not closed by it) in format fmt, or (fmt NULL) the
 * format its first bytes show, PGN when they show none.  walked: the file
 * was met walking a directory, so its name's suffix says its format, and
 * a file whose common suffix (".txt") the content of no format bears out
 * is passed over: NULL with *unknown set.  NULL also when out of memory. */
cv_record_reader *cv_record_open(FILE *f, const char *path, cv_diag *d, unsigned flags,
                                 const cv_record_format *fmt, int skip_unknown, int *unknown);
const cv_record_format *cv_record_reader_format(const cv_record_reader *r);
/* 1 and the next game in *g, 0 at the end of the input. */
int cv_record_next(cv_record_reader *r, cv_record *g);
int cv_record_io_error(const cv_record_reader *r);
/* Every game of the input has been read (or, read in pieces, handed out
 * and accepted: hold.h). */
int cv_record_ended(const cv_record_reader *r);
void cv_record_close(cv_record_reader *r);

#endif
