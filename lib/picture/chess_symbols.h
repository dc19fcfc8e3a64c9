/* chess_symbols: the Unicode chess symbols, for text diagrams of any
 * engine whose pieces have chess counterparts (CV_DIAGRAM_UNICODE). */
#ifndef CV_CHESS_SYMBOLS_H
#define CV_CHESS_SYMBOLS_H

/* The chess symbol (UTF-8) of a chess piece letter, K Q R B N P for White
 * and k q r b n p for Black; NULL for any other letter. */
const char *cv_chess_symbol(int letter);
/* The letter (K Q R B N P) of a chess piece named as chess names it
 * ("king" ... "pawn", any case); 0 for any other name. */
int cv_chess_letter_of(const char *name);

#endif
