/* specdir: the spec directory compiled into the library, the last place
 * of the search path (variant.h, cv_variant_find).
 *
 * It is a translation unit of its own, with nothing else in it, so that
 * `make install PREFIX=X` can compile the installed library's copy for
 * X/share/cvkit/specs (the Makefile's SPECDIR) and put that one object in
 * place of the build's, leaving the build tree as it was: a program
 * linked with the installed library then finds the installed specs,
 * whatever PREFIX the tree was built with. */
#ifndef CV_SPECDIR_H
#define CV_SPECDIR_H

/* The directory, without a trailing '/'. */
extern const char cv_specdir_builtin[];

#endif
