/* fuzz_pnmove: Game Courier move text (sub-moves joined by ';': P e5-e9,
 * removals e6- and @-e6, drops R-e13, Barricade steps B1 g2-g4) read
 * against a few fixed Panoply positions: Barricades moving, capturing
 * and frozen, the rules page's Catapult and Skirmisher, pawns promoting
 * by moving and by jumping, Heralds, a check, a full army.  Input: one
 * selector byte (the position), then the move text.  Promises checked
 * (abort() when broken):
 *  - a text that reads is one of the position's legal moves, and reads
 *    without tolerance (the reader has none);
 *  - that move formats to a non-empty text that reads back to the same
 *    move (compared by its text);
 *  - reading leaves the position alone; make then unmake restores it;
 *  - a text that does not read is a syntax error, an illegal or an
 *    ambiguous move, with a reason (non-empty), and is no legal move's
 *    own text;
 *  - blanks count once: the text with each run of spaces made one space
 *    reads the same (status, and the move when it reads). */
#include "cvkit.h"
#include <stdlib.h>
#include <string.h>

static const char *const pos[] = {
    /* White Barricades: advance, rotation, a capture by the second step of a Barricade (f9 far end), capture and retreat; B2 frozen by the Herald on i5 */
    "6k/8/9/10/5{b1}3{b2}{b2}/5{b1}3H2/5p7/-3P{B1}7/--3{B1}2h4/---4{B2}{B2}4/----9/-----8/------K6 w 0 1",
    /* Black to move: Barricades next to each other, a Barricade taking a Barricade on its axis */
    "6k/8/9/5g4/5{b1}{b2}4/5{b1}1{b2}4/13/-4{B1}2S4/--3{B1}7/---1{B2}{B2}7/----1C1R5/-----8/------K6 b 7 12",
    /* the rules page's Catapult on f4 (over e5 onto b8, f7 -> f10, f8 -> f12); a Guard taking a Barricade's near end */
    "k6/8/9/10/7c3/5r6/5p7/-2g3P5/--2p5{b1}2/---2C4{b1}2/----6G2/-----8/------6K w 0 1",
    /* the rules page's Skirmisher on g7 (g8 by g6, e9 by i5, c7 by k7); the plain move and the capture to one cell */
    "6k/8/9/6{b2}{b2}R1/4c6/6g2s2/2p3S6/-12/--11/---{B1}{B1}8/----9/-----8/------K6 w 0 1",
    /* White pawns promoting by moving and by jumping (c11 over c12); a pawn frozen by a Herald */
    "k6/2g1P3/2P6/10/11/10hP/13/-12/--11/---10/----4p4/-----3pR3/------6K w 0 1",
    /* Black pawns promoting, p h3 jumping h2 onto h1 (p h3-h1; h2-; r-h1) */
    "k6/4P3/9/10/2{b1}8/2{b1}9/13/-12/--11/---10/----3p5/-----2Gp1R2/------6K b 3 40",
    /* Heralds freezing each other, a frozen Rider, a frozen Barricade end */
    "6k/5H2/9/6c3/2s4{b1}H2/7{b1}4/3rHh7/-12/--11/---3R6/----9/-----1G6/------K6 w 0 1",
    /* White in check from a Catapult over a Barricade; the answers: take it with a Barricade, block the landing cell, King moves */
    "6k/8/9/10/11/12/3c9/-r2{B1}{B1}7/--1P9/---2GK3s2/----3H5/-----8/------7 w 0 1",
    /* a full-army test position of our own (not the published setup) */
    "5gk/4{b1}{b1}1g/2rc2h{b2}{b2}/p8r/1ppp6s/4pppp4/PP6ppp2/-1P1P6p1/--1P1PP5p/---RC2PPPPPP/----{B1}{B1}H1SR3/-----G1{B2}{B2}4/------KG5 w 0 1",
};
#define NPOS ((int)(sizeof pos / sizeof pos[0]))

static cv_apos start[NPOS];
static char starttext[NPOS][1024];
static int nlegal[NPOS];
static char (*legal[NPOS])[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const cv_variant *v = cv_variant_cached("panoply", NULL);
    if (!v) abort();
    for (int i = 0; i < NPOS; i++) {
        cv_fen_errors e;
        if (cv_any_read_position(v, pos[i], 0, &start[i], &e) != 0 || e.n) abort();
        cv_any_write(&start[i], 0, starttext[i], sizeof starttext[i]);
        if (strcmp(starttext[i], pos[i])) abort();
        legal[i] = malloc(1024 * sizeof *legal[i]);
        if (!legal[i]) abort();
        nlegal[i] = cv_any_moves(&start[i], 0, legal[i], 1024);
        if (nlegal[i] <= 0 || nlegal[i] > 1024) abort();
    }
    return 0;
}

/* Each run of spaces made one space. */
static void squeeze(const char *s, char *out)
{
    size_t n = 0;
    for (size_t i = 0; s[i]; i++)
        if (s[i] != ' ' || !n || out[n - 1] != ' ') out[n++] = s[i];
    out[n] = 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size < 1 || size > 512) return 0;
    char s[520], sq[520];
    memcpy(s, data + 1, size - 1);
    s[size - 1] = 0;
    int k = data[0] % NPOS;
    static cv_apos a;
    cv_apos_copy(&a, &start[k]);
    static char text[1024];

    cv_amove m, m2;
    cv_move_info info, i2;
    memset(&info, 0, sizeof info);
    cv_move_status st = cv_any_read_move(&a, s, 0, 0, &m, &info);
    cv_any_write(&a, 0, text, sizeof text);
    if (strcmp(text, starttext[k])) abort();

    char want[128], buf[128], got[128];
    if (st == CV_MOVE_OK) cv_any_format(&a, &m, 0, want, sizeof want);

    /* blanks count once */
    squeeze(s, sq);
    memset(&i2, 0, sizeof i2);
    cv_move_status st2 = cv_any_read_move(&a, sq, 0, 0, &m2, &i2);
    if (st2 != st) abort();
    if (st == CV_MOVE_OK) {
        cv_any_format(&a, &m2, 0, got, sizeof got);
        if (strcmp(want, got)) abort();
    }

    if (st != CV_MOVE_OK) {
        if (st != CV_MOVE_SYNTAX && st != CV_MOVE_ILLEGAL && st != CV_MOVE_AMBIGUOUS) abort();
        if (!info.why[0]) abort();
        /* a legal move's own text never fails to read */
        for (int i = 0; i < nlegal[k]; i++)
            if (!strcmp(s, legal[k][i])) abort();
        return 0;
    }
    if (info.lax) abort();
    if (!want[0]) abort();
    int found = 0;
    for (int i = 0; i < nlegal[k] && !found; i++) found = !strcmp(want, legal[k][i]);
    if (!found) abort();

    cv_any_format(&a, &m, 0, buf, sizeof buf);
    memset(&i2, 0, sizeof i2);
    if (cv_any_read_move(&a, buf, 0, 0, &m2, &i2) != CV_MOVE_OK) abort();
    if (i2.lax) abort();
    cv_any_format(&a, &m2, 0, got, sizeof got);
    if (strcmp(want, got)) abort();

    cv_aundo u;
    cv_any_make(&a, &m, &u);
    cv_any_unmake(&a, &m, &u);
    cv_any_write(&a, 0, text, sizeof text);
    if (strcmp(text, starttext[k])) abort();
    return 0;
}
