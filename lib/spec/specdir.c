#include "specdir.h"

/* The Makefile gives it (SPECDIR); a compile without it (a program that
 * builds the sources itself) gets the default PREFIX's. */
#ifndef CV_SPECDIR
#define CV_SPECDIR "/usr/local/share/cvkit/specs"
#endif

const char cv_specdir_builtin[] = CV_SPECDIR;
