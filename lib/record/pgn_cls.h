/* pgn_cls: the byte classes of PGN text, shared by the reader (pgn.c) and
 * the splitter (pgn_split.c), which must agree on where a token ends. */
#ifndef CV_PGN_CLS_H
#define CV_PGN_CLS_H

enum {
    K_SYM = 1,    /* continues a move/symbol token */
    K_CSTOP = 2,  /* ends a run of comment text */
    K_VSTOP = 4,  /* ends a run of tag value text */
    K_LSTOP = 8,  /* ends a run of ';' or '%' line text */
    K_BIN = 16,   /* control byte: binary data outside comments */
    K_DIGIT = 32,
    K_ANN = 64    /* '!', '?', '+', '#' after a move */
};
/* The table is a constant (no run-time set-up to race on when several
 * threads open readers). */
#define ALNUM(c) (((c) >= '0' && (c) <= '9') || ((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z'))
#define KSYM(c) ((ALNUM(c) || (c) == '-' || (c) == '+' || (c) == '#' || (c) == '=' || (c) == '@' || \
                  (c) == ',' || (c) == '/' || (c) == ':' || (c) == '_') ? K_SYM : 0)
#define KDIGIT(c) (((c) >= '0' && (c) <= '9') ? K_DIGIT : 0)
#define KCSTOP(c) (((c) == '}' || (c) == '{' || (c) == '\n' || (c) == '\r' || (c) == 0) ? K_CSTOP : 0)
#define KVSTOP(c) (((c) == '\\' || (c) == '"' || ((c) < 0x20 && (c) != '\t') || (c) == 0x7f) ? K_VSTOP : 0)
#define KLSTOP(c) (((c) == '\n' || (c) == '\r' || (c) == 0) ? K_LSTOP : 0)
#define KBIN(c) ((((c) < 0x20 && (c) != '\t' && (c) != '\n' && (c) != '\r' && (c) != '\f' && (c) != '\v') || \
                  (c) == 0x7f) ? K_BIN : 0)
#define KANN(c) (((c) == '!' || (c) == '?' || (c) == '+' || (c) == '#') ? K_ANN : 0)
#define K(c) (unsigned char)(KSYM(c) | KDIGIT(c) | KCSTOP(c) | KVSTOP(c) | KLSTOP(c) | KBIN(c) | KANN(c))
#define K4(c) K(c), K((c) + 1), K((c) + 2), K((c) + 3)
#define K16(c) K4(c), K4((c) + 4), K4((c) + 8), K4((c) + 12)
#define K64(c) K16(c), K16((c) + 16), K16((c) + 32), K16((c) + 48)
static const unsigned char cls[256] = { K64(0), K64(64), K64(128), K64(192) };

/* The length of the result written at p ("1-0", "0-1" or "1/2-1/2" not
 * run on into a symbol), 0 when p holds none.  The text must end in a 0
 * byte, which stops the comparison. */
static inline size_t pgn_result_len(const unsigned char *p)
{
    size_t n = 0;
    if ((p[0] == '1' && p[1] == '-' && p[2] == '0') || (p[0] == '0' && p[1] == '-' && p[2] == '1')) n = 3;
    else if (p[0] == '1' && p[1] == '/' && p[2] == '2' && p[3] == '-' && p[4] == '1' && p[5] == '/' && p[6] == '2')
        n = 7;
    return n && !(cls[p[n]] & K_SYM) ? n : 0;
}

#endif
