/* problem: one problem with a record, said once and sent to both places a
 * tool shows it: standard error (through diag, with the record's name in
 * front and, if given, a tail such as "; written unconverted") and the
 * record's --json problem list (the message alone, as the JSON shapes of
 * docs/cvkit-formats.5 want it).
 *
 * What it promises:
 *  - The stderr line is exactly cv_report(d, lv, file, line, col,
 *    "NAME: MESSAGE TAIL") and is counted as cv_report counts it; without
 *    a name (NULL) it is "MESSAGE TAIL".
 *  - When ps is not NULL, the same MESSAGE (no name, no tail) is added to
 *    ps with the same level, kind and place; ps NULL (no --json) adds
 *    nothing, so a tool passes its list only when it writes one.
 */
#ifndef CV_PROBLEM_H
#define CV_PROBLEM_H
#include "diag.h"
#include "json.h"

typedef struct cv_problem_at {
    cv_diag *d;             /* NULL: the default sink */
    cv_problems *ps;        /* NULL: not gathered */
    const char *file;
    const char *name;       /* the record's name; NULL: none */
    const char *tail;       /* said on stderr only; NULL: none */
} cv_problem_at;

void cv_report_problem(const cv_problem_at *at, cv_level lv, const char *kind, long line, long col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* The list starts again with the problems the reader found in g, in its
 * order, of kind "record": a game's own problems come after them. */
struct cv_game;
void cv_problems_of_record(cv_problems *ps, const struct cv_game *g);

#endif
