/* decompress: an input file read as the text it holds, compressed or not.
 *
 * An input whose first bytes are the magic number of gzip (1f 8b), bzip2
 * ("BZh"), xz (fd 37 7a 58 5a 00) or zstd (28 b5 2f fd) is read through
 * the system's own program for it (`gzip -dc`, `bzip2 -dc`, `xz -dc`,
 * `zstd -dc`), looked up on PATH when such an input is met: cvkit links
 * no compression library, and a system without the program reads every
 * other input as before.  The content decides, never the name, so a
 * compressed file is recognised under any name and on standard input.
 *
 * What it promises:
 *  - The caller reads a stream of the text itself: line numbers and
 *    columns of what it says are those of the decompressed text.
 *  - A plain regular file is handed back as it is (its first bytes read
 *    with pread, the stream untouched); a plain pipe too, unless its first
 *    byte could begin a magic number and the next did not (then the bytes
 *    looked at and the rest are copied through a pipe by a child
 *    process, as no portable stream gives back more than one byte).
 *  - A compressed regular file is the program's input as it is; a
 *    compressed pipe is fed to it by a child process that copies the
 *    bytes looked at and then the rest, so neither side waits on the
 *    other whatever the size.
 *  - The program's failure is never a silent short read: its exit status
 *    and the first line it wrote on its standard error are said at the
 *    file as an error (a warning for gzip's and xz's status 2, their
 *    "worth a warning, no error": trailing garbage), once the caller
 *    has read the text to its end; a caller that stops before the end
 *    wants no more, and the programs are then ended quietly.
 *  - Every descriptor opened here is close-on-exec and closed by
 *    cv_input_close, and every child process is waited for there: a run
 *    over any number of files keeps none of either.  The program's
 *    SIGPIPE is its default, so a reader gone ends it.  A SIGCHLD ignored
 *    by the parent process is set back to its default when the first
 *    child starts, or the children's exit status would be lost.
 *
 * The bytes looked at are matched against four fixed strings, no more;
 * the text is parsed by the record and line readers, which the fuzz
 * targets cover, and the decompressors are other programs: nothing here
 * needs a fuzz target of its own. */
#ifndef CV_DECOMPRESS_H
#define CV_DECOMPRESS_H
#include <stddef.h>
#include <stdio.h>

typedef struct cv_input cv_input;

/* The compression of the first n bytes of an input: "gzip", "bzip2",
 * "xz", "zstd", or NULL.  *more (when not NULL) is set when the n bytes
 * are the start of a magic number, so more bytes would tell. */
const char *cv_compression_of(const void *buf, size_t n, int *more);

/* The length of a compression suffix ending name (".gz", ".bz2", ".xz",
 * ".zst", in any case), 0 when none: a directory walk takes "x.pgn.gz"
 * where it takes "x.pgn", and the name's format is that of "x.pgn". */
size_t cv_compression_suffix(const char *name);

/* Opens f, from which nothing has been read yet (path: its name for
 * messages, "-" standard input), for reading as text.  NULL when it
 * cannot be read, said at path (exit status 2 for the caller): the
 * program missing ("FILE: error: cannot read gzip-compressed input:
 * program 'gzip' not found on PATH"), a process or a pipe refused, out of
 * memory.  f stays the caller's, to close after cv_input_close. */
cv_input *cv_input_open(FILE *f, const char *path);
/* The text: f itself when it was not compressed. */
FILE *cv_input_stream(const cv_input *in);
/* Ends it.  0, or 2 when the program failed (said at the file, see
 * above); *read_err (not said) the errno of a read error of the input
 * itself met by a copying child, else 0. */
int cv_input_close(cv_input *in, int *read_err);

#endif
