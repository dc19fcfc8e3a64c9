#include "chess_symbols.h"
#include <ctype.h>
#include <stddef.h>
#include <string.h>

const char *cv_chess_symbol(int letter)
{
    static const char letters[] = "KQRBNPkqrbnp";
    /* U+2654 to U+265F in UTF-8 */
    static const char *const sym[] = { "\xe2\x99\x94", "\xe2\x99\x95", "\xe2\x99\x96", "\xe2\x99\x97",
                                       "\xe2\x99\x98", "\xe2\x99\x99", "\xe2\x99\x9a", "\xe2\x99\x9b",
                                       "\xe2\x99\x9c", "\xe2\x99\x9d", "\xe2\x99\x9e", "\xe2\x99\x9f" };
    const char *at = letter ? strchr(letters, letter) : NULL;
    return at ? sym[at - letters] : NULL;
}

int cv_chess_letter_of(const char *name)
{
    static const char *const names[] = { "king", "queen", "rook", "bishop", "knight", "pawn" };
    for (int i = 0; i < 6; i++) {
        size_t n = strlen(names[i]), k = 0;
        while (k < n && name[k] && tolower((unsigned char)name[k]) == names[i][k]) k++;
        if (k == n && !name[n]) return "KQRBNP"[i];
    }
    return 0;
}
