/* cv-replay: plays every move of every game and reports what cannot be
 * played, where and why. */
#include "cvkit.h"
#include "json.h"
#include "pgn.h"
#include "replay.h"
#include "gamelist.h"
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char *tool = "cv-replay";

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE|DIR]...\n"
           "Replay every game of PGN files (directories: every *.pgn below them;\n"
           "no FILE or '-': standard input) and report each move that cannot be\n"
           "played, with its place and the reason.\n\n"
           "  -c, --check          print only problems and the summary line\n"
           "      --fen            print the FEN after every main-line ply:\n"
           "                       GAME<TAB>MOVE<TAB>FEN\n"
           "      --final          print the final position of each game, one line a\n"
           "                       game ('-' for a game that cannot be played to its end)\n"
           "      --draws          report draw facts of the final position (stalemate,\n"
           "                       fifty moves, threefold repetition, insufficient material)\n"
           "      --json           one JSON object per game; with --check only the summary\n"
           "      --strict         PGN deviations (0-0, missing result, ...) are errors\n"
           "      --notation N     how moves are read: san (default; SAN, LAN and UCI),\n"
           "                       pbm (pbmserv: letters in either case, both readings\n"
           "                       tried, only true ambiguity refused); for Parmen\n"
           "                       listings, how --gamelist writes: standard, romulan\n"
           "      --input FORMAT   pgn or gamelist (default: gamelist for *.txt files,\n"
           "                       PGN otherwise)\n"
           "      --gamelist       regenerate each Parmen gamelist.txt listing: aligned\n"
           "                       rows, moves in canonical notation with +, # and *\n"
           "                       recomputed, comments kept in place\n"
           "  -q, --quiet          no warnings\n"
           "      --fail-fast      stop at the first invalid game\n"
           "  -V, --variant NAME   variant of games without a Variant tag (default: chess)\n"
           "      --spec FILE      variant spec file for games without a Variant tag\n"
           "      --help, --version\n\n"
           "Exit status: 0 every game valid; 1 some game invalid; 2 usage, I/O or spec error.\n", tool);
}

enum { OUT_DEFAULT, OUT_CHECK };

typedef struct ctx {
    const cv_variant *v;
    int mode, fen, final, draws, json, strict, fail_fast, quiet;
    int nt;             /* notation of --fen moves: the variant's own */
    int gamelist;       /* --gamelist: regenerate each listing */
    int input;          /* CV_INPUT_* */
    const char *ntname; /* --notation as given */
    long files, games, valid, invalid, warnings;
    int stop;
    cv_replayer *rp;
    cv_json js;
    /* per game */
    const char *path;
    const cv_pgn_game *g;
    char ident[512];
    int game_bad;
    char final_fen[2048];
} ctx;

static void make_ident(ctx *C, const cv_pgn_game *g)
{
    const char *w = cv_pgn_tag_value(g, "White"), *b = cv_pgn_tag_value(g, "Black");
    const char *r = cv_pgn_tag_value(g, "Round");
    int n = snprintf(C->ident, sizeof C->ident, "game %ld (%.120s - %.120s", g->number, w ? w : "?", b ? b : "?");
    if (r && *r && strcmp(r, "?") && strcmp(r, "-"))
        n += snprintf(C->ident + n, sizeof C->ident - (size_t)n, ", round %.40s", r);
    snprintf(C->ident + n, sizeof C->ident - (size_t)n, ")");
}

static void on_bad(void *arg, const cv_replay_ev *e)
{
    ctx *C = arg;
    C->game_bad = 1;
    char num[32];
    cv_replay_ev_number(e, num, sizeof num);
    const char *in_var = e->depth ? " (in a variation)" : "";
    if (e->t->kind == CV_PGN_VARIATION_START)
        cv_report(NULL, CV_ERROR, C->path, e->t->line, e->t->col, "%s: %s", C->ident, e->why);
    else
        cv_report(NULL, CV_ERROR, C->path, e->t->line, e->t->col, "%s: %s %s%s%s: %s", C->ident, num, e->t->text,
                  e->t->suffix ? e->t->suffix : "", in_var, e->why);
}

static void on_move(void *arg, const cv_replay_ev *e)
{
    ctx *C = arg;
    if (e->depth) return;
    char mv[64], num[32], fen[2048];
    cv_replay_ev_move(e, C->nt, mv, sizeof mv);
    cv_replay_ev_number(e, num, sizeof num);
    cv_replay_ev_fen(e, fen, sizeof fen);
    printf("%ld\t%s %s\t%s\n", C->g->number, num, mv, fen);
}

static const char *expected_result(const cv_replay_result *r, const cv_anypos *a)
{
    int side = a->v->module == CV_MODULE_TRID ? a->t.side : a->p.side;
    if (r->mate) return side ? "1-0" : "0-1";
    if (r->stalemate) return "1/2-1/2";
    return NULL;
}

static void game_json(ctx *C, const cv_pgn_game *g, const cv_replay_result *res, int valid)
{
    cv_json *j = &C->js;
    cv_json_begin_object(j);
    cv_json_key(j, "file");
    cv_json_str(j, cv_display_name(C->path));
    cv_json_key(j, "game");
    cv_json_int(j, g->number);
    cv_json_key(j, "line");
    cv_json_int(j, g->line);
    cv_json_key(j, "white");
    cv_json_str(j, cv_pgn_tag_value(g, "White"));
    cv_json_key(j, "black");
    cv_json_str(j, cv_pgn_tag_value(g, "Black"));
    cv_json_key(j, "valid");
    cv_json_bool(j, valid);
    cv_json_key(j, "plies");
    cv_json_int(j, res->plies);
    cv_json_key(j, "result");
    cv_json_str(j, g->result_text);
    cv_json_key(j, "final");
    cv_json_str(j, C->final_fen);
    cv_json_key(j, "mate");
    cv_json_bool(j, res->mate);
    cv_json_key(j, "stalemate");
    cv_json_bool(j, res->stalemate);
    cv_json_end_object(j);
    cv_json_end_line(j);
}

static int replay_pgn(const char *path, FILE *f, void *arg)
{
    ctx *C = arg;
    C->files++;
    C->path = path;
    cv_diag d = { .quiet_warnings = C->quiet };
    cv_pgn_reader *rd = cv_pgn_open(f, path, &d, C->strict ? CV_PGN_STRICT : 0);
    if (!rd) {
        fprintf(stderr, "%s: out of memory\n", tool);
        return 2;
    }
    cv_pgn_game g;
    int status = 0;
    while (!C->stop && cv_pgn_next(rd, &g)) {
        C->games++;
        C->g = &g;
        make_ident(C, &g);
        C->game_bad = g.errors > 0;
        C->final_fen[0] = 0;
        const cv_variant *v;
        cv_anypos start, final;
        char why[300];
        long line, col;
        cv_replay_result res;
        memset(&res, 0, sizeof res);
        if (cv_replay_start(&g, C->v, &v, &start, why, sizeof why, &line, &col) < 0) {
            cv_report(NULL, CV_ERROR, path, line, col, "%s: %s", C->ident, why);
            C->game_bad = 1;
        } else {
            cv_replay_hooks hooks = { C->fen ? on_move : NULL, on_bad };
            C->nt = cv_any_default_notation(v);
            cv_replay(C->rp, &g, &start, &hooks, C, &res, &final);
            if (res.mainline_complete) {
                cv_any_write(&final, 0, C->final_fen, sizeof C->final_fen);
                const char *want = expected_result(&res, &final);
                const cv_pgn_token *rt = g.result;
                long rl = rt ? rt->line : g.line, rc = rt ? rt->col : g.col;
                if (want && strcmp(want, g.result_text) && !C->quiet) {
                    cv_report(&d, CV_WARNING, path, rl, rc, "%s: the game ends in %s, so the result should be %s, not %s",
                              C->ident, res.mate ? "checkmate" : "stalemate", want, g.result_text);
                } else if (!want && !C->quiet) {
                    const char *tag = cv_pgn_tag_value(&g, "Result");
                    (void)tag;
                }
                if (C->draws && res.draws) {
                    char facts[200] = "";
                    if (res.draws & CV_DRAW_STALEMATE) strcat(facts, ", stalemate");
                    if (res.draws & CV_DRAW_FIFTY) strcat(facts, ", fifty-move rule");
                    if (res.draws & CV_DRAW_REPETITION) {
                        char b[64];
                        snprintf(b, sizeof b, ", position repeated %d times", res.repetitions);
                        strcat(facts, b);
                    }
                    if (res.draws & CV_DRAW_MATERIAL) strcat(facts, ", insufficient material");
                    cv_report(NULL, CV_NOTE, path, rl, rc, "%s: final position: %s", C->ident, facts + 2);
                }
            }
        }
        int valid = !C->game_bad;
        C->valid += valid;
        C->invalid += !valid;
        if (!valid) status = 1;
        /* one line a game, so the output pairs with the games: '-' when
         * the game could not be played to its end */
        if (C->final) puts(C->final_fen[0] ? C->final_fen : "-");
        if (C->json && C->mode != OUT_CHECK) game_json(C, &g, &res, valid);
        else if (C->mode == OUT_DEFAULT && !C->fen && !C->final)
            printf("%s: %s: %s, %d pl%s, %s\n", cv_display_name(path), C->ident, valid ? "valid" : "invalid",
                   res.plies, res.plies == 1 ? "y" : "ies", g.result_text);
        if (!valid && C->fail_fast) C->stop = 1;
    }
    C->warnings += d.warnings;
    if (cv_pgn_io_error(rd)) status = 2;
    cv_pgn_close(rd);
    return status;
}

static void gamelist_ply(void *arg, const cv_gamelist *gl, size_t i, const cv_trid_pos *before,
                         const cv_trid_parse *r, const char *text)
{
    ctx *C = arg;
    if (!C->fen) return;
    cv_trid_pos after = *before;
    cv_trid_make(&after, r->move);
    char fen[1024];
    cv_trid_fen_write(&after, fen, sizeof fen);
    printf("%ld\t%d%s %s\t%s\n", gl->number, before->fullmove, before->side ? "..." : ".", text, fen);
}

/* Parmen's gamelist.txt listings, played by cv_gamelist_variant's rules. */
static int replay_gamelist(const char *path, FILE *f, void *arg)
{
    ctx *C = arg;
    C->files++;
    C->path = path;
    const cv_variant *v = cv_gamelist_variant(C->v);
    if (!v) return 2;
    int nt = C->ntname ? cv_any_notation(v, C->ntname) : CV_ANY_PARMEN;
    if (nt < 0) {
        fprintf(stderr, "%s: a gamelist is Tri-D: --notation takes standard or romulan, not '%s'\n", tool, C->ntname);
        return 2;
    }
    cv_diag d = { .quiet_warnings = C->quiet };
    cv_gamelist_reader *rd = cv_gamelist_open(f, path, &d, C->strict ? 0 : CV_GAMELIST_LENIENT);
    if (!rd) return 2;
    cv_gamelist gl;
    int status = 0;
    while (!C->stop && cv_gamelist_next(rd, &gl)) {
        C->games++;
        cv_gamelist_result res;
        int rc = cv_gamelist_replay(&gl, &v->trid, nt == CV_ANY_ROMULAN ? CV_TRID_NOTE_ROMULAN : CV_TRID_NOTE_PARMEN,
                                    gamelist_ply, C, &d, path, &res);
        int valid = rc == 0 && gl.errors == 0;
        C->valid += valid;
        C->invalid += !valid;
        if (!valid) status = 1;
        char fen[1024] = "";
        if (rc == 0) cv_trid_fen_write(&res.pos, fen, sizeof fen);
        if (C->gamelist) {
            if (gl.number > 1) putchar('\n');
            cv_gamelist_write(stdout, &gl, res.texts, res.played);
        } else if (C->final) {
            puts(fen[0] ? fen : "-");
        } else if (C->json && C->mode != OUT_CHECK) {
            cv_json *j = &C->js;
            cv_json_begin_object(j);
            cv_json_key(j, "file"); cv_json_str(j, cv_display_name(path));
            cv_json_key(j, "game"); cv_json_int(j, gl.number);
            cv_json_key(j, "line"); cv_json_int(j, gl.line);
            cv_json_key(j, "valid"); cv_json_bool(j, valid);
            cv_json_key(j, "plies"); cv_json_int(j, (long long)res.played);
            cv_json_key(j, "final"); cv_json_str(j, fen);
            cv_json_key(j, "mate"); cv_json_bool(j, res.mate);
            cv_json_end_object(j);
            cv_json_end_line(j);
        } else if (C->mode == OUT_DEFAULT && !C->fen) {
            printf("%s: game %ld: %s, %zu pl%s%s\n", cv_display_name(path), gl.number, valid ? "valid" : "invalid",
                   res.played, res.played == 1 ? "y" : "ies", res.mate ? ", checkmate" : "");
        }
        cv_gamelist_result_free(&res);
        if (!valid && C->fail_fast) C->stop = 1;
    }
    C->warnings += d.warnings;
    if (cv_gamelist_io_error(rd)) status = 2;
    cv_gamelist_close(rd);
    return status;
}

static int replay_file(const char *path, FILE *f, void *arg)
{
    ctx *C = arg;
    int gl = cv_input_is_gamelist(path, C->input);
    if (C->gamelist && !gl) {
        fprintf(stderr, "%s: %s: --gamelist regenerates Parmen listings; this input is PGN (--input gamelist to say otherwise)\n",
                tool, cv_display_name(path));
        return 2;
    }
    return gl ? replay_gamelist(path, f, arg) : replay_pgn(path, f, arg);
}

int main(int argc, char **argv)
{
    ctx *C = calloc(1, sizeof *C);
    if (!C) return 2;
    const char *variant = NULL, *spec = NULL;
    enum { O_FEN = 256, O_FINAL, O_DRAWS, O_JSON, O_STRICT, O_FAILFAST, O_SPEC, O_HELP, O_VERSION, O_NOTATION,
           O_GAMELIST, O_INPUT };
    unsigned read_flags = 0;
    static const struct option lo[] = {
        { "check", no_argument, 0, 'c' }, { "fen", no_argument, 0, O_FEN },
        { "final", no_argument, 0, O_FINAL }, { "draws", no_argument, 0, O_DRAWS },
        { "json", no_argument, 0, O_JSON }, { "strict", no_argument, 0, O_STRICT },
        { "quiet", no_argument, 0, 'q' }, { "fail-fast", no_argument, 0, O_FAILFAST },
        { "variant", required_argument, 0, 'V' }, { "spec", required_argument, 0, O_SPEC },
        { "notation", required_argument, 0, O_NOTATION }, { "gamelist", no_argument, 0, O_GAMELIST },
        { "input", required_argument, 0, O_INPUT },
        { "help", no_argument, 0, O_HELP }, { "version", no_argument, 0, O_VERSION }, { 0, 0, 0, 0 } };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":cqV:", lo, NULL)) != -1) {
        switch (c) {
        case 'c': C->mode = OUT_CHECK; break;
        case O_FEN: C->fen = 1; break;
        case O_FINAL: C->final = 1; break;
        case O_DRAWS: C->draws = 1; break;
        case O_JSON: C->json = 1; break;
        case O_STRICT: C->strict = 1; break;
        case 'q': C->quiet = 1; break;
        case O_FAILFAST: C->fail_fast = 1; break;
        case 'V': variant = optarg; break;
        case O_SPEC: spec = optarg; break;
        case O_NOTATION:
            if (!strcmp(optarg, "pbm")) read_flags = CV_READ_PBM;
            else if (strcmp(optarg, "san") && strcmp(optarg, "standard") && strcmp(optarg, "parmen") &&
                     strcmp(optarg, "romulan")) {
                free(C);
                return cv_cli_usage_error(tool, "unknown notation '%s' (san, pbm; Tri-D: standard, romulan)", optarg);
            }
            C->ntname = optarg;
            break;
        case O_GAMELIST: C->gamelist = 1; break;
        case O_INPUT:
            if ((C->input = cv_input_from_name(optarg)) < 0) {
                free(C);
                return cv_cli_usage_error(tool, "unknown input format '%s' (pgn, gamelist)", optarg);
            }
            break;
        case O_HELP: usage(); free(C); return 0;
        case O_VERSION: cv_cli_version(tool); free(C); return 0;
        case ':': free(C); return cv_cli_bad_option(tool, argv, optind, optopt, 1);
        default: free(C); return cv_cli_bad_option(tool, argv, optind, optopt, 0);
        }
    }
    cv_variant *v = cv_variant_select(variant, spec, NULL);
    if (!v) { free(C); return 2; }
    C->v = v;
    C->rp = cv_replayer_new();
    cv_replayer_set_read_flags(C->rp, read_flags | (C->strict ? CV_READ_STRICT_SAN : 0));
    cv_json_init(&C->js, stdout);
    int status = 0;
    if (cv_cli_each_file(tool, argv + optind, argc - optind, ".pgn", replay_file, C, &status)) status = 2;
    if (C->json && C->mode == OUT_CHECK) {
        cv_json *j = &C->js;
        cv_json_begin_object(j);
        cv_json_key(j, "files"); cv_json_int(j, C->files);
        cv_json_key(j, "games"); cv_json_int(j, C->games);
        cv_json_key(j, "valid"); cv_json_int(j, C->valid);
        cv_json_key(j, "invalid"); cv_json_int(j, C->invalid);
        cv_json_key(j, "warnings"); cv_json_int(j, C->warnings);
        cv_json_end_object(j);
        cv_json_end_line(j);
    } else if (!C->json && !C->fen && !C->final && !C->gamelist) {
        printf("%ld game%s, %ld valid, %ld invalid\n", C->games, C->games == 1 ? "" : "s", C->valid, C->invalid);
    }
    cv_json_flush(&C->js);
    cv_replayer_free(C->rp);
    cv_variant_free(v);
    free(C);
    return status;
}
