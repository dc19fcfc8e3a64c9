/* inherit: a spec's `inherits:` key, resolved on the loaded YAML document
 * before the spec is read from it.
 *
 * `inherits: NAME` names the parent as -V NAME finds a spec (variant.h,
 * cv_variant_find: NAME.yaml in the search path, else the first spec
 * whose own `variant` or `aliases` claims the name); `inherits: P.yaml`
 * (any value ending in .yaml) is a file, relative to the directory of the
 * spec that says it.
 *
 * What is promised:
 *  - Every top-level key of the parent (as the parent itself resolved its
 *    own `inherits`) that the child does not write is copied into the
 *    child's document, node for node, keeping each node's line and column.
 *    A key the child writes replaces the parent's wholesale.  `variant`,
 *    `aliases` and `inherits` are never copied: a child names itself and
 *    does not claim its parent's names.
 *  - cv_inherit_file names the file each copied node came from (the
 *    grandparent's for what the parent inherited), so a diagnostic about
 *    it can point there; the child's own nodes have no entry.
 *  - The parent is a spec in its own right: it must load cleanly on its
 *    own, and when it does not its own diagnostics (with its file name)
 *    are reported and the child fails.
 *  - Chains reach at most CV_INHERIT_MAX_DEPTH parents; a longer chain, a
 *    cycle (named in full, first file to last), an unknown parent and a
 *    value that is not a string are errors at the `inherits` value that
 *    causes them, as FILE:LINE:COL: error: inherits: MESSAGE.
 *  - Every parent is read with the limits of any spec (size, nesting),
 *    only if it is a regular file (a FIFO or a device is refused unread),
 *    and each file at most once per chain, so loading ends.
 */
#ifndef CV_INHERIT_H
#define CV_INHERIT_H
#include "diag.h"
#include <stdio.h>
#include <yaml.h>

#define CV_INHERIT_MAX_DEPTH 8

typedef struct cv_inherit cv_inherit;

/* Resolves the `inherits:` key of doc's root, doc having been read from
 * file.  Returns 0 with *out set (NULL when doc inherits nothing), or -1
 * after reporting every problem through d.  *out refers to doc, which
 * must stay where it is while *out is used. */
int cv_inherit_apply(yaml_document_t *doc, const char *file, cv_diag *d, cv_inherit **out);

/* The file node n of the merged document came from; NULL for the child's
 * own nodes (and when h is NULL: nothing was inherited). */
const char *cv_inherit_file(const cv_inherit *h, const yaml_node_t *n);

/* Was n inherited rather than written in the child?  A rule module
 * refuses only the keys it defines that a spec writes itself
 * (engine.h, own_keys); what a spec inherits is left to the module. */
int cv_inherit_inherited(const cv_inherit *h, const yaml_node_t *n);

void cv_inherit_free(cv_inherit *h);

/* Whether `inherits:` may name any file by path (default yes).  A loader
 * of untrusted text (the fuzz target) turns it off before loading
 * anything: a parent is then read only from a directory of the spec
 * search path, whether named or given by path, so that the text cannot
 * make it open another file (a spec of the search path that names a
 * sibling by path still loads). */
void cv_inherit_allow_paths(int allow);

/* ---- what inherit.c takes from spec.c, so that parents are found and
 * read exactly as specs are ---- */

/* Reads a spec's text from f within the loader's limits (size, nesting)
 * into doc.  -1 after reporting through d as path. */
int cv_spec_read_doc(FILE *f, const char *path, cv_diag *d, yaml_document_t *doc);
/* The spec search path of cv_variant_find, in order. */
int cv_spec_dirs(char dirs[][512], int max);
/* cv_variant_find's name comparison. */
int cv_spec_same_name(const char *a, const char *b);

#endif
