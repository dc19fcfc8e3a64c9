/* t_fen: reading, checking and writing FEN through the library API.
 *
 * Each case gives a FEN, the reading mode, the exact problems expected
 * (column, kind, message; compared in column order so that the order in
 * which the reader happens to find them does not matter) and, for a valid
 * position, the exact canonical FEN it is written back as.  The cases are
 * the ProChess board manual's examples (tests/data/board/manual.txt), the
 * malformed inputs of docs/cvkit-formats.5 (FEN), the position problems it names, and Chess960's
 * Shredder-FEN and X-FEN. */
#include "cvkit.h"
#include "diagram.h"
#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "tap.h"
#include <stdlib.h>
#include <string.h>

static cv_variant *chess, *c960;

typedef struct fen_case {
    const char *fen;
    unsigned flags;         /* CV_FEN_LENIENT or 0 */
    const char *problems;   /* "COL KIND message" lines joined by '\n'; "" = none */
    const char *canon;      /* canonical FEN when valid, NULL otherwise */
} fen_case;

static char kind_letter(int k) { return k == CV_FE_SYNTAX ? 'S' : k == CV_FE_LAX ? 'L' : 'P'; }

/* All problems (reader and validator), stably sorted by column. */
static const char *problems(const cv_variant *v, const char *fen, unsigned flags, cv_pos *p, int *usable)
{
    static char out[8192];
    cv_fen_errors e;
    *usable = cv_gen_fen_read(v, fen, flags, p, &e) == 0;
    if (*usable) cv_gen_pos_validate(p, &e);
    int idx[CV_FEN_MAX_ERRORS];
    for (int i = 0; i < e.n; i++) idx[i] = i;
    for (int i = 1; i < e.n; i++)
        for (int j = i; j > 0 && e.e[idx[j]].col < e.e[idx[j - 1]].col; j--) {
            int t = idx[j]; idx[j] = idx[j - 1]; idx[j - 1] = t;
        }
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; i < e.n; i++) {
        const cv_fen_error *x = &e.e[idx[i]];
        n += (size_t)snprintf(out + n, sizeof out - n, "%s%d %c %s", i ? "\n" : "", x->col, kind_letter(x->kind), x->msg);
    }
    return out;
}

static void run(const cv_variant *v, const fen_case *c, int n, const char *what)
{
    for (int i = 0; i < n; i++) {
        cv_pos p;
        int usable;
        const char *got = problems(v, c[i].fen, c[i].flags, &p, &usable);
        const char *mode = c[i].flags & CV_FEN_LENIENT ? "lenient" : "strict";
        TAP_IS_STR(got, c[i].problems, "%s (%s): problems of '%s'", what, mode, c[i].fen);
        if (c[i].canon) {
            char buf[512] = "";
            if (usable) cv_gen_fen_write(&p, 0, buf, sizeof buf);
            TAP_IS_STR(buf, c[i].canon, "%s (%s): canonical form of '%s'", what, mode, c[i].fen);
        }
    }
}

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* The ProChess board's examples (seed 002, section 1.4 and the commands). */
static const fen_case seed[] = {
    { "rnbqkbnr/pppppppp///4P3//PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0,
      "19 L rank 6 is empty (write 8)\n20 L rank 5 is empty (write 8)\n25 L rank 3 is empty (write 8)", NULL },
    { "rnbqkbnr/pppppppp///4P3//PPPP1PPP/RNBQKBNR b KQkq e3 0 1", CV_FEN_LENIENT, "",
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" },
    { "rnbqkbnr/pp1ppppp//2p5/4P3//PPPP1PPP/RNBQKBNR w KQkq c6 0 2", 0,
      "19 L rank 6 is empty (write 8)\n28 L rank 3 is empty (write 8)", NULL },
    { "rnbqkbnr/pp1ppppp//2p5/4P3//PPPP1PPP/RNBQKBNR w KQkq c6 0 2", CV_FEN_LENIENT, "",
      "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" },
    { "rnbqkbnr/pp1ppppp//2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", 0, "19 L rank 6 is empty (write 8)", NULL },
    { "rnbqkbnr/pp1ppppp//2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", CV_FEN_LENIENT, "",
      "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" },
    { "4k3//////4P3/4K3 w - - 5 39", 0,
      "5 L rank 7 is empty (write 8)\n6 L rank 6 is empty (write 8)\n7 L rank 5 is empty (write 8)\n"
      "8 L rank 4 is empty (write 8)\n9 L rank 3 is empty (write 8)", NULL },
    { "4k3//////4P3/4K3 w - - 5 39", CV_FEN_LENIENT, "", "4k3/8/8/8/8/8/4P3/4K3 w - - 5 39" },
    { "rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNR w QKqk -", 0,
      "19 L rank 6 is empty (write 8)\n20 L rank 5 is empty (write 8)\n21 L rank 4 is empty (write 8)\n"
      "22 L rank 3 is empty (write 8)\n43 L castling field 'QKqk' is not in KQkq order\n"
      "49 L missing halfmove clock and fullmove number fields", NULL },
    { "rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNR w QKqk -", CV_FEN_LENIENT, "", START },
    { "7Q/6q/5Q/4q/3Q/2q/1Q/q", 0,
      "1 P no white king\n1 P no black king\n4 L rank 7 has 7 squares, 8 needed\n7 L rank 6 has 6 squares, 8 needed\n"
      "10 L rank 5 has 5 squares, 8 needed\n13 L rank 4 has 4 squares, 8 needed\n16 L rank 3 has 3 squares, 8 needed\n"
      "19 L rank 2 has 2 squares, 8 needed\n22 L rank 1 has 1 square, 8 needed\n"
      "23 L missing side to move, castling, en passant, halfmove clock and fullmove number fields", NULL },
    { "7Q/6q/5Q/4q/3Q/2q/1Q/q", CV_FEN_LENIENT, "1 P no white king\n1 P no black king", NULL },
};

/* Malformed input, read strictly: the first problem the reader meets. */
static const fen_case bad[] = {
    { "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, "14 S unknown piece letter 'X'", NULL },
    { "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, "18 S rank 7 has more than 8 squares", NULL },
    { "rnbqkbnr/pppppppp/8/8/3p5/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, "25 S rank 4 has more than 8 squares", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", 0, "44 S more than 8 ranks", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1", 0, "44 S more than 8 ranks", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, "42 S only 7 ranks, 8 needed", NULL },
    { "8 w - - 0 1", 0, "2 S only 1 rank, 8 needed", NULL },
    { "rnbqkbnr/pppppppp/8/8/44/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, "23 S two digits in a row ('44')", NULL },
    { "rnbqkbnr/pppp0pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, "14 S empty-square count 0", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 0, "45 S side to move must be 'w' or 'b', found 'x'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", 0, "45 S side to move must be 'w' or 'b', found 'W'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wb KQkq - 0 1", 0, "45 S side to move must be 'w' or 'b', found 'wb'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", 0, "50 S invalid castling letter 'x'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", 0, "48 S castling right 'K' given twice", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K-kq - 0 1", 0, "48 S '-' mixed with castling letters", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1", 0, "47 L castling field 'kqKQ' is not in KQkq order", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", 0, "52 S invalid en passant square 'e9'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1", 0, "52 S invalid en passant square 'e'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E6 0 1", 0, "52 S invalid en passant square 'E6'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq i6 0 1", 0, "52 S invalid en passant square 'i6'", NULL },
    { "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", 0,
      "54 P invalid en passant square e4: must be on rank 3 when black is to move", NULL },
    { START "x", 0, "56 S fullmove number must be a number, found '1x'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", 0, "54 S halfmove clock must be a number, found 'x'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", 0, "56 S fullmove number must be a number, found 'one'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", 0, "54 S halfmove clock must be a number, found '-1'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +1 1", 0, "54 S halfmove clock must be a number, found '+1'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1234567890 1", 0,
      "54 S halfmove clock 1234567890 is too large", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", 0, "56 L fullmove number 0 (it starts at 1)", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", CV_FEN_LENIENT, "", START },
    { START " extra", 0, "58 S unexpected text after the fullmove number", NULL },
    { START " extra", CV_FEN_LENIENT, "58 S unexpected text after the fullmove number", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  KQkq - 0 1", 0, "46 L fields must be separated by one space", NULL },
    { " " START, 0, "1 L leading whitespace", NULL },
    { START " ", 0, "57 L trailing whitespace", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1", 0, "44 L fields must be separated by one space", NULL },
    { "\t" START "\t", CV_FEN_LENIENT, "", START },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 0, "53 L missing halfmove clock and fullmove number fields", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", 0, "55 L missing fullmove number field", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", 0,
      "46 L missing castling, en passant, halfmove clock and fullmove number fields", NULL },
    { "", 0, "1 S empty FEN", NULL },
    { "   ", 0, "1 L leading whitespace\n1 S empty FEN", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq \xe2\x80\x93 0 1", 0, "52 S invalid en passant square '\xe2\x80\x93'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xc3\xa9 w KQkq - 0 1", 0, "43 S unexpected byte 0xc3 in the piece placement", NULL },
    { "\x01\x02\xff\xfe\x7f garbage\x1b[0m", 0,
      "1 S unexpected byte 0x01 in the piece placement\n18 L missing castling, en passant, halfmove clock and fullmove number fields", NULL },
    { "rnbqkbnr/pppp.ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, "14 S unexpected character '.' in the piece placement", NULL },
    /* the lenient reader still rejects what cannot be meant */
    { "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CV_FEN_LENIENT, "9 S rank 8 has more than 8 squares", NULL },
    { "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CV_FEN_LENIENT, "14 S unknown piece letter 'X'", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", CV_FEN_LENIENT, "44 S more than 8 ranks", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x", CV_FEN_LENIENT, "45 S side to move must be 'w' or 'b', found 'x'", NULL },
    /* ... and accepts the ProChess dialect */
    { "4k/8/8/8/8/8/8/4K w - - 0 1", 0, "1 L rank 8 has 5 squares, 8 needed\n16 L rank 1 has 5 squares, 8 needed", NULL },
    { "4k/8/8/8/8/8/8/4K w - - 0 1", CV_FEN_LENIENT, "", "4k3/8/8/8/8/8/8/4K3 w - - 0 1" },
    { "4k3/8/8/8/8/8/8/4K3", CV_FEN_LENIENT, "", "4k3/8/8/8/8/8/8/4K3 w - - 0 1" },
    { "4k3/8/8/8/8/8/8/4K3 b", CV_FEN_LENIENT, "", "4k3/8/8/8/8/8/8/4K3 b - - 0 1" },
    { "r3k2r/8/8/8/8/8/8/R3K2R w qkQK", CV_FEN_LENIENT, "", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" },
    { "4k3/////// w", CV_FEN_LENIENT, "1 P no white king", NULL },
};

/* Positions that read but cannot arise (docs/cv-check.1, after python-chess). */
static const fen_case pos[] = {
    { "rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", 0, "1 P no black king", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w kq - 0 1", 0, "1 P no white king", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", 0, "1 P too many kings: 2 white kings", NULL },
    { "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", 0, "1 P too many kings: 2 black kings", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0,
      "1 P too many white pawns (9, at most 8)\n1 P too many white pieces (17, at most 16)", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, "1 P too many white pieces (17, at most 16)", NULL },
    { "rnbqkbnr/pppppppp/p7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0,
      "1 P too many black pawns (9, at most 8)\n1 P too many black pieces (17, at most 16)", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/PNBQKBNR w Kkq - 0 1", 0,
      "1 P too many white pawns (9, at most 8)\n1 P pawns on the first or last rank (a1)", NULL },
    { "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", 0, "1 P pawns on the first or last rank (h8)", NULL },
    { "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", 0, "1 P pawns on the first or last rank (a1)", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", 0,
      "48 P bad castling rights: 'Q' needs the white king and a rook on their squares", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", 0,
      "1 P no white king\n47 P bad castling rights: 'K' needs the white king and a rook on their squares\n"
      "48 P bad castling rights: 'Q' needs the white king and a rook on their squares", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w kq - 0 1", 0, "", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w kq - 0 1" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w K - 0 1", 0,
      "47 P bad castling rights: 'K' needs the white king and a rook on their squares", NULL },
    { "rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0,
      "49 P bad castling rights: 'k' needs the black king and a rook on their squares\n"
      "50 P bad castling rights: 'q' needs the black king and a rook on their squares", NULL },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", 0,
      "52 P invalid en passant square e3: no white pawn on e4 that could have just moved two squares", NULL },
    { "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1", 0,
      "56 P invalid en passant square e3: e3 is occupied", NULL },
    { "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", 0,
      "25 P invalid en passant square e6: no black pawn on e5 that could have just moved two squares", NULL },
    { "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1", 0, "28 P invalid en passant square d3: must be on rank 6 when white is to move", NULL },
    { "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", 0,
      "27 P invalid en passant square d6: no black pawn on d5 that could have just moved two squares", NULL },
    { "4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1", 0,
      "28 P invalid en passant square d6: no black pawn on d5 that could have just moved two squares", NULL },
    { "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1", 0, "30 P invalid en passant square d6: d6 is occupied", NULL },
    { "4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1", 0, "30 P invalid en passant square d6: d7 is occupied", NULL },
    { "4k3/8/8/8/8/8/8/4K2r b - - 0 1", 0, "22 P opposite check: black is to move and the white king is in check", NULL },
    { "4k2R/8/8/8/8/8/8/4K3 w - - 0 1", 0, "22 P opposite check: white is to move and the black king is in check", NULL },
    { "4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1", 0, "1 P too many checkers: 3 pieces give check", NULL },
    { "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", 0,
      "1 P impossible check: two pieces give check and neither could have been uncovered", NULL },
    { "4k3/8/8/8/8/8/3p1p2/4K3 w - - 0 1", 0,
      "1 P impossible check: two pieces give check and neither could have been uncovered", NULL },
    { "4k3/8/8/8/8/8/8/r3K2q w - - 0 1", 0,
      "1 P impossible check: two pieces give check and neither could have been uncovered", NULL },
    { "4k3/4r3/8/8/8/8/8/4K3 w - - 0 1", 0, "", "4k3/4r3/8/8/8/8/8/4K3 w - - 0 1" },
    { "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1", 0, "", "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1" },
    { "8/8/8/8/8/8/8/8 w - - 0 1", 0, "1 P empty board", NULL },
    /* ep written only when a capture is possible */
    { "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0, "",
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" },
    { "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0, "",
      "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" },
    { "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", 0, "", "8/8/8/K2pP2r/8/8/8/4k3 w - - 0 1" },
};

/* Chess960: Shredder-FEN (the default output) and X-FEN. */
static const fen_case fr[] = {
    { "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9", 0, "",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9" },
    { "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 9", 0, "",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9" },
    { "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 0 9", 0, "",
      "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 0 9" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, "",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1" },
    /* two rooks on the king side: X-FEN K means the outer one */
    { "1r5k/8/8/8/8/8/8/2K2RR1 w K - 0 1", 0, "", "1r5k/8/8/8/8/8/8/2K2RR1 w G - 0 1" },
    { "1r5k/8/8/8/8/8/8/2K2RR1 w F - 0 1", 0, "", "1r5k/8/8/8/8/8/8/2K2RR1 w F - 0 1" },
    { "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhx - 0 9", 0, "59 S invalid castling letter 'x'", NULL },
    { "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhe - 0 9", 0,
      "59 P bad castling rights: 'e' needs the black king and a rook on their squares", NULL },
    { "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HHhf - 0 9", 0, "57 S castling right 'H' given twice", NULL },
    { "1r5k/8/8/8/8/8/8/2K2RR1 w FG - 0 1", 0,
      "28 S castling rights 'F' and 'G' both castle white king-side", NULL },
};

static void writing(void)
{
    cv_pos p;
    char buf[256];
    cv_gen_fen_read(chess, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0, &p, NULL);
    cv_gen_fen_write(&p, CV_FEN_EP_ALWAYS, buf, sizeof buf);
    TAP_IS_STR(buf, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "CV_FEN_EP_ALWAYS keeps e3");
    TAP_IS_INT(cv_gen_ep_capturable(&p), 0, "e3 after 1. e4: no capture possible");
    cv_gen_fen_read(chess, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0, &p, NULL);
    TAP_IS_INT(cv_gen_ep_capturable(&p), 1, "e3 with a black pawn on d4: capture possible");
    size_t n = cv_gen_fen_write(&p, 0, buf, 10);
    TAP_IS_INT(n, strlen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"), "cv_gen_fen_write returns the full length");
    TAP_IS_STR(buf, "rnbqkbnr/", "cv_gen_fen_write truncates to the buffer");

    cv_fen_errors e;
    cv_gen_fen_read(chess, "  4k3/8/8/8/8/8/8/4K3 w - - 0 1", CV_FEN_LENIENT, &p, &e);
    TAP_IS_INT(e.fieldcol[0], 3, "field columns: placement after two blanks");
    TAP_IS_INT(e.fieldcol[1], 23, "field columns: side");
    TAP_IS_INT(e.fieldcol[5], 31, "field columns: fullmove");

    TAP_IS_INT(cv_gen_pos_start(chess, &p), 0, "start position reads");
    cv_gen_fen_write(&p, 0, buf, sizeof buf);
    TAP_IS_STR(buf, START, "start position written");
    cv_gen_pos_start(c960, &p);
    cv_gen_fen_write(&p, CV_FEN_XFEN, buf, sizeof buf);
    TAP_IS_STR(buf, START, "chess960 start (518) in X-FEN");

    /* X-FEN output */
    static const struct { const char *in, *xfen; } x[] = {
        { "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9",
          "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 9" },
        { "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 0 9",
          "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w KQ - 0 9" },
        { "1r5k/8/8/8/8/8/8/2K2RR1 w F - 0 1", "1r5k/8/8/8/8/8/8/2K2RR1 w F - 0 1" },
        { "1r5k/8/8/8/8/8/8/2K2RR1 w G - 0 1", "1r5k/8/8/8/8/8/8/2K2RR1 w K - 0 1" },
        { "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
          "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w kq - 0 9" },
    };
    for (int i = 0; i < N(x); i++) {
        cv_gen_fen_read(c960, x[i].in, 0, &p, NULL);
        cv_gen_fen_write(&p, CV_FEN_XFEN, buf, sizeof buf);
        TAP_IS_STR(buf, x[i].xfen, "X-FEN of %s", x[i].in);
    }

    /* every CPW perft FEN reads cleanly and is written back unchanged */
    static const char *const same[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    };
    for (int i = 0; i < N(same); i++) {
        int rc = cv_gen_fen_read(chess, same[i], 0, &p, &e);
        if (rc == 0) cv_gen_pos_validate(&p, &e);
        TAP_OK(rc == 0 && e.n == 0, "reads cleanly: %s", same[i]);
        cv_gen_fen_write(&p, 0, buf, sizeof buf);
        TAP_IS_STR(buf, same[i], "round trip");
    }
}

int main(void)
{
    if (!getenv("CVKIT_SPECS")) setenv("CVKIT_SPECS", "specs", 1);
    chess = cv_variant_find("chess", NULL);
    c960 = cv_variant_find("chess960", NULL);
    TAP_OK(chess != NULL, "chess spec found");
    TAP_OK(c960 != NULL, "chess960 spec found");
    if (!chess || !c960) return tap_done();
    run(chess, seed, N(seed), "seed 002");
    run(chess, bad, N(bad), "malformed");
    run(chess, pos, N(pos), "position");
    run(c960, fr, N(fr), "chess960");
    writing();
    cv_variant_free(chess);
    cv_variant_free(c960);
    return tap_done();
}
