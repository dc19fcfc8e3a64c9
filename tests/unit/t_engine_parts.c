/* t_engine_parts: the optional parts of an engine (engine.h: picture,
 * edit) may be left out; the interface then answers for them.  Checked
 * on the chess spec played by a copy of the generic engine without them,
 * beside the generic engine itself. */
#include "cvkit.h"
#include "tap.h"
#include <stdlib.h>

static void with_parts(const cv_variant *v, const char *what)
{
    char buf[200], why[200];
    cv_apos a;
    cv_amove m;
    int col = -1;
    TAP_IS_INT(cv_any_start(v, &a), 0, "%s: start", what);
    TAP_IS_INT(cv_any_diagram_style_known(v, "ascii"), 1, "%s: ascii is a style", what);
    TAP_IS_INT(cv_any_diagram_style_known(v, "svg:flip"), 1, "%s: svg:flip is a style", what);
    TAP_IS_INT(cv_any_board_move(&a, "e2 e4", &m, why, sizeof why, &col), CV_MOVE_OK, "%s: board move", what);
    TAP_IS_INT(cv_any_put(&a, "Qd4", why, sizeof why, &col), 0, "%s: put", what);
    cv_any_rights(&a, buf, sizeof buf);
    TAP_IS_STR(buf, "KQkq", "%s: rights", what);
}

static void without_parts(const cv_variant *v, const char *what)
{
    char buf[200], why[200], before[200], after[200];
    cv_apos a;
    cv_amove m;
    int col = -1;
    cv_any_start(v, &a);
    cv_any_write(&a, 0, before, sizeof before);
    TAP_IS_INT(cv_any_diagram_style_known(v, "ascii"), 0, "%s: no ascii style", what);
    TAP_IS_INT(cv_any_diagram_style_known(v, "svg"), 0, "%s: no svg style", what);
    TAP_IS_STR(cv_diagram_style_list(v, buf, sizeof buf), "", "%s: no styles listed", what);
    cv_picture_opts o;
    cv_picture *pic = malloc(sizeof *pic);
    cv_picture_style("svg", &o);
    cv_picture_init(pic);
    TAP_IS_INT(cv_any_picture(&a, &o, pic), -1, "%s: no picture", what);
    TAP_IS_INT(pic->ncells, 0, "%s: picture left alone", what);
    free(pic);
    why[0] = 0;
    TAP_IS_INT(cv_any_board_move(&a, "e2 e4", &m, why, sizeof why, &col), CV_MOVE_SYNTAX, "%s: board move refused", what);
    TAP_IS_STR(why, "this game offers no board edits", "%s: board move why", what);
    TAP_IS_INT(col, 0, "%s: board move column", what);
    why[0] = 0;
    TAP_IS_INT(cv_any_put(&a, "Q d4", why, sizeof why, &col), -1, "%s: put refused", what);
    TAP_IS_STR(why, "this game offers no board edits", "%s: put why", what);
    why[0] = 0;
    TAP_IS_INT(cv_any_set_rights(&a, "-", why, sizeof why), -1, "%s: rights refused", what);
    TAP_IS_STR(why, "this game offers no board edits", "%s: rights why", what);
    cv_any_set_side(&a, 1);
    strcpy(buf, "x");
    TAP_IS_INT(cv_any_rights(&a, buf, sizeof buf), 0, "%s: no rights length", what);
    TAP_IS_STR(buf, "", "%s: no rights text", what);
    cv_any_write(&a, 0, after, sizeof after);
    TAP_IS_STR(after, before, "%s: position untouched", what);
    char style[100];
    cv_diagram_svg_last(style, sizeof style, "svg:flip", &a, "e4");
    TAP_IS_STR(style, "svg:flip", "%s: no last move without a picture", what);
}

int main(void)
{
    cv_variant *chess = cv_variant_find("chess", NULL);
    TAP_OK(chess != NULL, "chess spec found");
    if (!chess) return tap_done();
    with_parts(chess, "generic");
    char style[100];
    cv_apos a;
    cv_any_start(chess, &a);
    cv_diagram_svg_last(style, sizeof style, "svg:flip", &a, "e4");
    TAP_IS_STR(style, "svg:flip,last=e4 e2", "generic: last move shown");

    cv_engine bare = *cv_engine_generic();
    bare.picture = NULL;
    bare.edit = NULL;
    cv_variant *v = malloc(sizeof *v);
    *v = *chess;
    v->engine = &bare;
    without_parts(v, "no parts");
    free(v);
    cv_variant_free(chess);
    return tap_done();
}
