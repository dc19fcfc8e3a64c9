/* reader_int: the record reader's insides, for record.c, which reads an
 * input whole, and chunks.c, which hands it out in pieces. */
#ifndef CV_READER_INT_H
#define CV_READER_INT_H
#include "record.h"
#include "source.h"

#define PEEK 4096

struct cv_record_splitter;

struct cv_record_reader {
    const cv_record_format *f;
    void *rd;           /* the format's reader */
    cv_source *in;      /* the source it reads: &file.s, or &scan_src */
    FILE *under;        /* the caller's stream */
    cv_file_source file;    /* its bytes */
    cv_mem_source sniffed;  /* the bytes looked at to know the format, then file's */
    cv_source scan_src;     /* sniffed's bytes, looked at for a listing's header */
    char peek[PEEK];
    size_t npeek;
    const char *path;   /* what it was opened with, to open it again */
    cv_diag *d;
    unsigned flags;
    int served;         /* a game has been read here: the input is read whole */
    int broken;         /* out of memory going back to reading whole: no more games */
    int ended;          /* every game has been read, or handed out and accepted */
    struct cv_record_splitter *sp;  /* set once the input is handed out in pieces */
    /* a text taken for PGN that holds a listing (a manual with its sample
     * games): its lines are looked at for a listing's header as they pass */
    int scan;           /* the format was recognised as PGN */
    long long scan_from;    /* a file's offset where the reader started: its lines
                               are looked at again at the end, and only when a game
                               had errors (-1: a pipe, looked at as they pass) */
    char line[32];      /* the start of the line passing */
    size_t nline;       /* its bytes so far (more than fit: no header) */
    int saw_header;     /* a line was a listing's WHITE/BLACK header */
    long bad;           /* games read here with errors */
    int hinted;         /* the note has been given */
};

/* At the end of an input: a note to try --input gamelist when the input,
 * recognised as PGN, had a listing's header line and bad (> 0) games with
 * errors.  Once per reader. */
void cv_record__hint(cv_record_reader *r, cv_diag *d, long bad);

#endif
