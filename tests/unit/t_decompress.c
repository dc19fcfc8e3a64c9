/* decompress.h: which first bytes are which compression (and when more
 * bytes would tell), and which names carry a compression suffix.  The
 * programs themselves are run by tests/compressed.bats. */
#include "decompress.h"
#include "tap.h"

static const char *name(const char *s) { return s ? s : "none"; }

int main(void)
{
    static const struct {
        const char *bytes;
        size_t n;
        const char *want;
        int more;
    } sniff[] = {
        { "\x1f\x8b\x08\x00", 4, "gzip", 0 },
        { "\x1f\x8b", 2, "gzip", 0 },
        { "\x1f", 1, NULL, 1 },
        { "\x1f\x8c", 2, NULL, 0 },
        { "BZh91AY&SY", 10, "bzip2", 0 },
        { "BZh", 3, "bzip2", 0 },
        { "BZ", 2, NULL, 1 },
        { "B", 1, NULL, 1 },
        { "BLACK", 5, NULL, 0 },
        { "B7/8/8", 6, NULL, 0 },
        { "\xfd" "7zXZ\0\0\x04", 8, "xz", 0 },
        { "\xfd" "7zXZ", 5, NULL, 1 },
        { "\xfd" "7zXY\0", 6, NULL, 0 },
        { "\x28\xb5\x2f\xfd\x24", 5, "zstd", 0 },
        { "\x28\xb5\x2f", 3, NULL, 1 },
        { "(a comment)", 11, NULL, 0 },
        { "(", 1, NULL, 1 },
        { "[Event \"x\"]", 11, NULL, 0 },
        { "", 0, NULL, 1 },
    };
    for (size_t i = 0; i < sizeof sniff / sizeof sniff[0]; i++) {
        int more = -1;
        const char *got = cv_compression_of(sniff[i].bytes, sniff[i].n, &more);
        TAP_IS_STR(name(got), name(sniff[i].want), "case %zu (%zu bytes): %s", i, sniff[i].n, name(sniff[i].want));
        TAP_IS_INT(more, sniff[i].more, "case %zu: more bytes would tell: %d", i, sniff[i].more);
    }
    TAP_IS_STR(name(cv_compression_of("\x1f\x8b", 2, NULL)), "gzip", "more may be NULL");

    static const struct {
        const char *path;
        size_t want;
    } suffix[] = {
        { "games.pgn.gz", 3 }, { "games.PGN.GZ", 3 }, { "a/b.txt.bz2", 4 }, { "x.xz", 3 }, { "lichess.pgn.zst", 4 },
        { "games.pgn", 0 },    { ".gz", 0 },          { "x.gzip", 0 },      { "x.zstd", 0 }, { "x.tgz", 0 },
        { "x.bz", 0 },         { "", 0 },
    };
    for (size_t i = 0; i < sizeof suffix / sizeof suffix[0]; i++)
        TAP_IS_INT(cv_compression_suffix(suffix[i].path), suffix[i].want, "suffix of '%s': %zu", suffix[i].path,
                   suffix[i].want);
    return tap_done();
}
