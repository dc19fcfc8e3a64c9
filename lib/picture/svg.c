/* The one SVG writer: any engine's picture (picture.h) as a
 * self-contained SVG document.  Pieces are cvkit's own simple shapes
 * drawn from primitives here (or letters); nothing outside the file is
 * referred to. */
#include "picture.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void cv_picture_init(cv_picture *pic)
{
    pic->side = pic->in_check = pic->flipped = 0;
    pic->nlines = 0;
    pic->title[0] = 0;
    pic->ncells = pic->npieces = pic->ntexts = 0;
}

static void copy(char *to, size_t size, const char *s)
{
    snprintf(to, size, "%s", s ? s : "");
}

int cv_pic_cell_add(cv_picture *pic, double x, double y, double size, int shape, int shade, const char *name,
                    const char *group)
{
    if (pic->ncells >= CV_PIC_MAX_CELLS) return -1;
    cv_pic_cell *c = &pic->cell[pic->ncells];
    c->x = x, c->y = y, c->size = size, c->shape = shape, c->shade = shade;
    copy(c->name, sizeof c->name, name);
    copy(c->group, sizeof c->group, group);
    return pic->ncells++;
}

char cv_pic_kind(const char *name)
{
    static const char *const names[] = { "king", "queen", "rook", "bishop", "knight", "pawn" };
    for (int i = 0; i < 6; i++)
        if (!strcmp(name, names[i])) return "KQRBNP"[i];
    return 0;
}

int cv_pic_piece_add(cv_picture *pic, int cell, const char *label, int color, int royal, char kind)
{
    if (pic->npieces >= CV_PIC_MAX_PIECES || cell < 0) return -1;
    cv_pic_piece *p = &pic->piece[pic->npieces];
    p->cell = cell, p->color = color, p->royal = royal, p->kind = kind;
    copy(p->label, sizeof p->label, label);
    return pic->npieces++;
}

int cv_pic_line_add(cv_picture *pic, double x1, double y1, double x2, double y2, double width)
{
    if (pic->nlines >= CV_PIC_MAX_LINES) return -1;
    cv_pic_line *l = &pic->line[pic->nlines];
    l->x1 = x1, l->y1 = y1, l->x2 = x2, l->y2 = y2, l->width = width;
    return pic->nlines++;
}

int cv_pic_text_add(cv_picture *pic, double x, double y, double size, int coord, const char *s)
{
    if (pic->ntexts >= CV_PIC_MAX_TEXTS) return -1;
    cv_pic_text *t = &pic->text[pic->ntexts];
    t->x = x, t->y = y, t->size = size, t->coord = coord;
    copy(t->s, sizeof t->s, s);
    return pic->ntexts++;
}

/* ---- options ---- */

int cv_picture_style(const char *style, cv_picture_opts *o)
{
    memset(o, 0, sizeof *o);
    o->coords = 1;
    o->size = 40;
    if (!style || strncmp(style, "svg", 3) || (style[3] && style[3] != ':')) return -1;
    const char *s = style + 3;
    while (*s == ':' || *s == ',') {
        s++;
        size_t n = strcspn(s, ",");
        char opt[200];
        if (n >= sizeof opt) return -1;
        memcpy(opt, s, n);
        opt[n] = 0;
        s += n;
        if (!strcmp(opt, "flip")) o->flip = 1;
        else if (!strcmp(opt, "nocoords")) o->coords = 0;
        else if (!strcmp(opt, "coords")) o->coords = 1;
        else if (!strcmp(opt, "letters")) o->letters = 1;
        else if (!strcmp(opt, "overhead")) o->overhead = 1;
        else if (!strncmp(opt, "size=", 5)) {
            char *end;
            long v = strtol(opt + 5, &end, 10);
            if (*end || end == opt + 5 || v < 8 || v > 200) return -1;
            o->size = (int)v;
        } else if (!strncmp(opt, "last=", 5) && strlen(opt + 5) < sizeof o->last) {
            strcpy(o->last, opt + 5);
        } else {
            return -1;
        }
    }
    return *s ? -1 : 0;
}

/* ---- drawing ---- */

static void esc(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

#define SQRT1_3 0.5773502691896258

static const char *const fills[] = { "#f0d9b5", "#b58863", "#dde6ee", "#8ca2ad" };

typedef struct frame {
    double minx, miny, maxx, maxy, k;
    int flip;
    double sx, sy;      /* flip: x becomes sx - x (the cells' box turned round) */
} frame;

static double FX(const frame *f, double x) { return f->flip ? f->sx - x : x; }
static double FY(const frame *f, double y) { return f->flip ? f->sy - y : y; }
static double X(const frame *f, double x) { return (FX(f, x) - f->minx) * f->k; }
static double Y(const frame *f, double y) { return (FY(f, y) - f->miny) * f->k; }

/* the corners of a cell, in pixels */
static int corners(const frame *f, const cv_pic_cell *c, double *px, double *py)
{
    double cx = X(f, c->x), cy = Y(f, c->y), s = c->size * f->k;
    if (c->shape == CV_PIC_HEX) {
        /* pointed top and bottom: corners at 90 + 60 i degrees */
        static const double cs[6] = { 0, -0.8660254037844386, -0.8660254037844386, 0, 0.8660254037844386,
                                      0.8660254037844386 };
        static const double sn[6] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };
        double R = s * SQRT1_3;
        for (int i = 0; i < 6; i++) px[i] = cx + R * cs[i], py[i] = cy + R * sn[i];
        return 6;
    }
    if (c->shape == CV_PIC_RHOMB) {
        /* a square seen from above and in front: depth goes up and right */
        double dx = 0.25 * s, dy = 0.25 * s, h = s / 2;
        px[0] = cx - h - dx, py[0] = cy + dy;
        px[1] = cx + h - dx, py[1] = cy + dy;
        px[2] = cx + h + dx, py[2] = cy - dy;
        px[3] = cx - h + dx, py[3] = cy - dy;
        if (f->flip)
            for (int i = 0; i < 4; i++) px[i] = 2 * cx - px[i], py[i] = 2 * cy - py[i];
        return 4;
    }
    double h = s / 2;
    px[0] = cx - h, py[0] = cy - h;
    px[1] = cx + h, py[1] = cy - h;
    px[2] = cx + h, py[2] = cy + h;
    px[3] = cx - h, py[3] = cy + h;
    return 4;
}

static void polygon(FILE *out, const double *px, const double *py, int n, const char *attrs)
{
    fputs("<polygon points=\"", out);
    for (int i = 0; i < n; i++) fprintf(out, "%s%.1f,%.1f", i ? " " : "", px[i], py[i]);
    fprintf(out, "\" %s/>\n", attrs);
}

/* The drawn height of a piece on a cell (pixels). */
static double piece_size(const frame *f, const cv_pic_cell *c)
{
    double s = c->size * f->k;
    return c->shape == CV_PIC_RHOMB ? s * 0.62 : c->shape == CV_PIC_HEX ? s * 0.8 : s * 0.84;
}

/* cvkit's own piece shapes, in a 100 x 100 box centred on 0,0 */
static const char *shape_of(int t)
{
    switch (t) {
    case 'P':
        return "<circle cx=\"0\" cy=\"-18\" r=\"14\"/><path d=\"M-22 34 L22 34 L12 0 L-12 0 Z\"/>";
    case 'R':
        return "<path d=\"M-26 36 L26 36 L26 26 L18 26 L18 -18 L26 -18 L26 -36 L14 -36 L14 -28 L6 -28 L6 -36 "
               "L-6 -36 L-6 -28 L-14 -28 L-14 -36 L-26 -36 L-26 -18 L-18 -18 L-18 26 L-26 26 Z\"/>";
    case 'N':
        return "<path d=\"M-24 36 L28 36 L24 -10 Q18 -36 -6 -38 L-10 -30 L-30 -6 L-24 4 L-6 -4 L-22 24 Z\"/>";
    case 'B':
        return "<path d=\"M-24 36 L24 36 L14 24 Q26 0 0 -30 Q-26 0 -14 24 Z\"/><circle cx=\"0\" cy=\"-36\" r=\"6\"/>";
    case 'Q':
        return "<path d=\"M-28 36 L28 36 L34 -24 L16 6 L8 -34 L0 4 L-8 -34 L-16 6 L-34 -24 Z\"/>";
    case 'K':
        return "<path d=\"M-28 36 L28 36 L30 -4 Q14 -18 0 -4 Q-14 -18 -30 -4 Z\"/>"
               "<path d=\"M-4 -4 L-4 -22 L-14 -22 L-14 -30 L-4 -30 L-4 -40 L4 -40 L4 -30 L14 -30 L14 -22 L4 -22 L4 -4 Z\"/>";
    }
    return NULL;
}

static void draw_piece(FILE *out, const frame *f, const cv_picture *pic, const cv_picture_opts *o,
                       const cv_pic_piece *p)
{
    const cv_pic_cell *c = &pic->cell[p->cell];
    double cx = X(f, c->x), cy = Y(f, c->y), s = piece_size(f, c);
    const char *fill = p->color ? "#202020" : "#ffffff", *ink = p->color ? "#ffffff" : "#000000";
    fputs("<g class=\"piece\" data-square=\"", out);
    esc(out, c->name);
    fputs("\" data-piece=\"", out);
    esc(out, p->label);
    fprintf(out, "\" transform=\"translate(%.1f,%.1f) scale(%.3f)\">", cx, cy, s / 100.0);
    if (p->royal && pic->in_check && p->color == pic->side)
        fputs("<circle class=\"check\" r=\"48\" fill=\"#e03030\" fill-opacity=\"0.75\"/>", out);
    const char *sh = o->letters || !p->kind ? NULL : shape_of(p->kind);
    if (sh) {
        fprintf(out, "<g fill=\"%s\" stroke=\"#000000\" stroke-width=\"4\" stroke-linejoin=\"round\">%s</g>", fill,
                sh);
    } else {
        size_t n = strlen(p->label);
        double fs = n <= 1 ? 60 : n == 2 ? 46 : 34;
        fprintf(out, "<circle r=\"40\" fill=\"%s\" stroke=\"#000000\" stroke-width=\"4\"/>", fill);
        fprintf(out, "<text y=\"%.0f\" font-family=\"sans-serif\" font-weight=\"bold\" font-size=\"%.0f\" "
                     "text-anchor=\"middle\" fill=\"%s\">", fs * 0.35, fs, ink);
        esc(out, p->label);
        fputs("</text>", out);
    }
    fputs("</g>\n", out);
}

/* Is the cell named in text, as a whole name (not "e1" of "e10")? */
static int named_in(const char *text, const char *name)
{
    size_t n = strlen(name);
    if (!n) return 0;
    for (const char *s = strstr(text, name); s; s = strstr(s + 1, name)) {
        int before = s > text && (isalnum((unsigned char)s[-1]) && isdigit((unsigned char)name[0]));
        int after = isdigit((unsigned char)name[n - 1]) && isdigit((unsigned char)s[n]);
        if (!before && !after) return 1;
    }
    return 0;
}

void cv_picture_svg(const cv_picture *pic, const cv_picture_opts *o, FILE *out)
{
    frame f = { 1e9, 1e9, -1e9, -1e9, o->size, 0, 0, 0 };
    for (int i = 0; i < pic->ncells; i++) {
        const cv_pic_cell *c = &pic->cell[i];
        double r = c->shape == CV_PIC_HEX ? c->size * SQRT1_3 : c->shape == CV_PIC_RHOMB ? c->size * 0.75 : c->size / 2;
        if (c->x - r < f.minx) f.minx = c->x - r;
        if (c->x + r > f.maxx) f.maxx = c->x + r;
        if (c->y - r < f.miny) f.miny = c->y - r;
        if (c->y + r > f.maxy) f.maxy = c->y + r;
    }
    /* turned round the cells' box, so the board stays in its place and the
     * coordinates go to the other sides */
    f.flip = o->flip && !pic->flipped;
    f.sx = f.minx + f.maxx, f.sy = f.miny + f.maxy;
    for (int i = 0; i < pic->ntexts; i++) {
        const cv_pic_text *t = &pic->text[i];
        double w = t->size * 0.6 * (double)strlen(t->s) / 2 + t->size * 0.2, x = FX(&f, t->x), y = FY(&f, t->y);
        if (t->coord && !o->coords) continue;
        if (x - w < f.minx) f.minx = x - w;
        if (x + w > f.maxx) f.maxx = x + w;
        if (y - t->size * 0.7 < f.miny) f.miny = y - t->size * 0.7;
        if (y + t->size * 0.7 > f.maxy) f.maxy = y + t->size * 0.7;
    }
    for (int i = 0; i < pic->nlines; i++) {
        const cv_pic_line *l = &pic->line[i];
        double xs[2] = { FX(&f, l->x1), FX(&f, l->x2) }, ys[2] = { FY(&f, l->y1), FY(&f, l->y2) };
        for (int j = 0; j < 2; j++) {
            if (xs[j] < f.minx) f.minx = xs[j];
            if (xs[j] > f.maxx) f.maxx = xs[j];
            if (ys[j] < f.miny) f.miny = ys[j];
            if (ys[j] > f.maxy) f.maxy = ys[j];
        }
    }
    if (f.minx > f.maxx) f.minx = f.miny = 0, f.maxx = f.maxy = 1;
    f.minx -= 0.2, f.miny -= 0.2, f.maxx += 0.2, f.maxy += 0.2;
    int W = (int)((f.maxx - f.minx) * f.k + 0.999), H = (int)((f.maxy - f.miny) * f.k + 0.999);
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
                 "viewBox=\"0 0 %d %d\">\n<title>", W, H, W, H);
    esc(out, pic->title);
    fprintf(out, "</title>\n<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", W, H);
    double px[6], py[6];
    for (int i = 0; i < pic->ncells; i++) {
        const cv_pic_cell *c = &pic->cell[i];
        int n = corners(&f, c, px, py);
        char attrs[200], name[100];
        size_t k = 0;
        for (const char *q = c->name; *q && k + 8 < sizeof name; q++) {
            const char *e = *q == '&' ? "&amp;" : *q == '<' ? "&lt;" : *q == '>' ? "&gt;" : *q == '"' ? "&quot;" : NULL;
            if (e) k += (size_t)snprintf(name + k, sizeof name - k, "%s", e);
            else name[k++] = *q;
        }
        name[k] = 0;
        snprintf(attrs, sizeof attrs, "class=\"cell\" data-cell=\"%s\" fill=\"%s\" stroke=\"#404040\" stroke-width=\"1\"",
                 name, fills[c->shade & 3]);
        polygon(out, px, py, n, attrs);
        if (o->last[0] && named_in(o->last, c->name))
            polygon(out, px, py, n, "class=\"last\" fill=\"#f0e040\" fill-opacity=\"0.6\" stroke=\"none\"");
    }
    for (int i = 0; i < pic->nlines; i++) {
        const cv_pic_line *l = &pic->line[i];
        fprintf(out, "<line class=\"pin\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#606060\" "
                     "stroke-width=\"%.1f\"/>\n", X(&f, l->x1), Y(&f, l->y1), X(&f, l->x2), Y(&f, l->y2), l->width * f.k);
    }
    for (int i = 0; i < pic->ntexts; i++) {
        const cv_pic_text *t = &pic->text[i];
        if (t->coord && !o->coords) continue;
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" font-size=\"%.1f\" "
                     "text-anchor=\"middle\" fill=\"#303030\">", X(&f, t->x), Y(&f, t->y) + t->size * f.k * 0.35,
                t->size * f.k);
        esc(out, t->s);
        fputs("</text>\n", out);
    }
    for (int i = 0; i < pic->npieces; i++) draw_piece(out, &f, pic, o, &pic->piece[i]);
    fputs("</svg>\n", out);
}
