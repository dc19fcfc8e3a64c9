/* shapes: the move tokens particular games write, in one place.
 *
 * The PGN lexer (pgn.c, and its skimming of variations passed over) knows
 * no game: it reads "syntax only", and a move is any symbol with a square
 * in it (a letter and a digit: "e4", "Nbd7", "1e2-1e4").  Some games write
 * moves that this rule would cut in two, take for something else or miss;
 * the lexer asks the functions below about exactly those, and nowhere
 * else does it know a game.  Each shape says which game writes it and why
 * the lexer must know it; cv_move_shapes (shapes.c) lists an example of
 * each as the lexer reads it (tests/unit/t_shapes.c reads them all).
 *
 *   shape           game                    written        read as
 *   level           Star Trek Tri-D         Qb9-b4(2)      one MOVE
 *   parmen-star     Tri-D, by Parmen        Pb4xa3(5)*     a MOVE, suffix "*"
 *   attack-board    Tri-D, Romulan notation QL1-QL3=Q      a MOVE
 *   level-castling  Parallel Worlds         1O-O           a MOVE, castling
 *   long-castling   Double Chess            O-O-O-O-O      a MOVE, castling
 *
 * The characters a symbol may hold (pgn_cls.h) serve games too: ',' joins
 * the moves of one Parallel Worlds turn ("1e2-1e4,3d2-3d4"), '@' writes a
 * drop; they need no function here, a symbol simply runs on over them.
 *
 * The functions are inline: the lexer calls them for every symbol. */
#ifndef CV_SHAPES_H
#define CV_SHAPES_H
#include <stddef.h>

/* level: Tri-D writes the level of a square after it in parentheses,
 * "Qb9-b4(2)" (Parmen's listings, TD-FEN).  Without this the '(' would
 * open a variation in the middle of a move.  The length of such a level
 * at q ("(" digits ")"), 0 when q holds none; the caller knows that a
 * square stands before q.  The text must end in a 0 byte. */
static inline size_t cv_shape_level(const unsigned char *q)
{
    if (q[0] != '(' || q[1] < '0' || q[1] > '9') return 0;
    size_t k = 2;
    while (q[k] >= '0' && q[k] <= '9') k++;
    return q[k] == ')' ? k + 1 : 0;
}

/* attack-board: a Tri-D attack board's own move in Romulan (Meder)
 * notation, "QL1-QL3", with the promotions it causes ("QL3-QL1=Q",
 * "=Q=N").  It names no square, so the square rule misses it. */
static inline int cv_shape_board_move(const unsigned char *s, size_t n)
{
    if (n < 7 || !((s[0] == 'Q' || s[0] == 'K') && s[1] == 'L' && s[2] >= '1' && s[2] <= '6' && s[3] == '-' &&
                   (s[4] == 'Q' || s[4] == 'K') && s[5] == 'L' && s[6] >= '1' && s[6] <= '6'))
        return 0;
    for (size_t i = 7; i < n; i += 2)
        if (i + 1 >= n || s[i] != '=' ||
            !(s[i + 1] == 'Q' || s[i + 1] == 'R' || s[i + 1] == 'B' || s[i + 1] == 'N'))
            return 0;
    return 1;
}

/* parmen-star: Parmen glues a '*' to a Tri-D move when an attack board
 * changed hands ("Pb4xa3(5)*", "Pb4xa3(5)!*", and after a promotion or
 * a check, "Pb2-b1(2)=Q+*", as cvkit's listings write it).
 * Elsewhere a '*' is a game's result; after such a move it is a mark of
 * the move, kept in its suffix.  Does a '*' after the move s[0, n)
 * (annotations apart) mark it so: the move, its check sign and
 * promotion aside, ends in a level or is an attack-board move? */
static inline int cv_shape_parmen_star(const unsigned char *s, size_t n)
{
    while (n > 0 && (s[n - 1] == '+' || s[n - 1] == '#')) n--;
    if (n > 2 && s[n - 2] == '=') n -= 2;   /* a promotion: "Pb2-b1(2)=Q+*" */
    return n > 0 && (s[n - 1] == ')' || cv_shape_board_move(s, n));
}

/* level-castling: Parallel Worlds writes the level before a move, and so
 * before a castling: "1O-O" castles on level 1.  The length of such a
 * prefix of the symbol s[0, n): 1 for a digit that no '-' follows (in
 * "0-0" the digit is castling's own), else 0. */
static inline size_t cv_shape_level_prefix(const unsigned char *s, size_t n)
{
    return n > 1 && s[0] >= '0' && s[0] <= '9' && s[1] != '-';
}

/* long-castling: Double Chess castles outside as well as inside, written
 * O-O-O-O and O-O-O-O-O.  A castling is read with 2 to this many parts
 * (which castlings a game has is for the replay to judge). */
#define CV_SHAPE_CASTLING_PARTS 8

/* An example of each shape as the lexer reads it, for tests and docs. */
typedef struct cv_move_shape {
    const char *name;     /* as in the table above */
    const char *game;     /* which game writes it */
    const char *movetext; /* a movetext holding one move of the shape */
    const char *text;     /* the MOVE token's text */
    const char *suffix;   /* and its suffix */
    const char *norm;     /* and its norm */
} cv_move_shape;
extern const cv_move_shape cv_move_shapes[];
extern const size_t cv_move_nshapes;

#endif
