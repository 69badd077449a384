#include "walk/walk.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "castling.h"
#include "crosscheck.h"
#include "digits.h"
#include "epd.h"
#include "output_board.h"
#include "output_walk.h"
#include "perft_hash.h"
#include "pgn.h"
#include "pgn_play.h"
#include "registry.h"
#include "report.h"
#include "session.h"
#include "walk/walk_cast.h"
#include "walk/walk_input.h"
#include "walk/walk_interrupt.h"
#include "words.h"

typedef struct Walk {
    const RunSettings *s;
    FILE *out, *err;
    bool marked; /* answers end with "ok": standard input is not a terminal */
    WalkCast cast;
    CountTable held;
    CountPolicy policy;
    Position root;
    char root_text[POSITION_TEXT_MAX];
    bool chess960;         /* --chess960, or the chess960 command */
    MoveNotation notation; /* of the path, the divides and the reports */
    char path[CROSS_LINE_MAX];
    int plies;
    Position here;
    int depth; /* from the root, as perftree counts it */
    Participant ps[MAX_PARTICIPANTS];
    int count;
    Divide ds[MAX_PARTICIPANTS];
    CrossReport report;
} Walk;

enum { WALK_CONTINUE = -1 };

static void refuse(Walk *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void refuse(Walk *w, const char *fmt, ...)
{
    char text[ERROR_TEXT_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    output_walk_refusal(w->out, text);
}

static void ok(Walk *w)
{
    output_walk_ok(w->out, w->marked);
}

static MoveNotation notation_of(const Walk *w, const Position *root)
{
    if (root->game != GAME_CHESS)
        return MOVE_NOTATION_STANDARD;
    return w->chess960 || castling_is_chess960(root) ? MOVE_NOTATION_CHESS960 : MOVE_NOTATION_STANDARD;
}

static int count_words(const char *text)
{
    int n = 0;
    for (const char *p = text; *p; p++)
        n += *p != ' ' && (p == text || p[-1] == ' ');
    return n;
}

/* Stands the walk at `root` after `base` (moves known legal) and `more`
 * (moves to check), both may be "": every move checked and written in the
 * root's notation.  0, or -1 with one line in err and the walk unchanged. */
static int stand_at(Walk *w, const Position *root, const char *base, const char *more, char *err, size_t errlen)
{
    MoveNotation notation = notation_of(w, root);
    const Backend *reference = participant_reference(root->game);
    if (!reference) {
        snprintf(err, errlen, "no %s backend is registered", game_name(root->game));
        return -1;
    }
    if (strlen(base) + strlen(more) + 2 >= CROSS_LINE_MAX) {
        snprintf(err, errlen, "the moves from the root are longer than %d bytes", CROSS_LINE_MAX - 2);
        return -1;
    }
    char *path = malloc(2 * CROSS_LINE_MAX);
    if (!path) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    char *written = path + CROSS_LINE_MAX;
    Session view;
    int r = session_open(&view, reference, root, err, errlen);
    if (r == 0)
        r = session_play_written(&view, base, notation, path, CROSS_LINE_MAX, err, errlen);
    if (r == 0)
        r = session_play_written(&view, more, notation, written, CROSS_LINE_MAX, err, errlen);
    if (r == 0) {
        size_t n = strlen(path), more_length = strlen(written);
        if (more_length && n)
            path[n++] = ' ';
        memcpy(path + n, written, more_length + 1); /* fits: no longer than the texts given, checked above */
        reference->save(view.state, &w->here);
        if (root != &w->root)
            w->root = *root;
        position_format(&w->root, w->root_text, sizeof w->root_text);
        w->notation = notation;
        snprintf(w->path, sizeof w->path, "%s", path);
        w->plies = count_words(w->path);
    }
    session_close(&view);
    free(path);
    return r;
}

static void print_state(Walk *w)
{
    char here[POSITION_TEXT_MAX];
    position_format(&w->here, here, sizeof here);
    WalkState state = {.root = w->root_text,
                       .path = w->path,
                       .position = here,
                       .plies = w->plies,
                       .depth = w->depth,
                       .notation = w->notation};
    output_walk_state(w->out, &state);
    ok(w);
}

/* Stands at `root` after `moves` and answers the state, or refuses naming
 * the command. */
static void go_to(Walk *w, const char *command, const Position *root, const char *base, const char *more)
{
    char message[ERROR_TEXT_MAX];
    if (stand_at(w, root, base, more, message, sizeof message) < 0) {
        refuse(w, "%s: %s", command, message);
        return;
    }
    print_state(w);
}

/* fen [POSITION] */
static void command_fen(Walk *w, char **words, int n)
{
    if (n == 1) {
        output_walk_value(w->out, "fen", w->root_text);
        ok(w);
        return;
    }
    char text[2 * POSITION_TEXT_MAX], message[ERROR_TEXT_MAX];
    Position root;
    if (words_join(words, 1, n, text, sizeof text) < 0) {
        refuse(w, "%s: the position is longer than any FEN or QFEN", words[0]);
        return;
    }
    if (position_parse(text, &root, message, sizeof message) < 0) {
        refuse(w, "%s: %s", words[0], message);
        return;
    }
    go_to(w, words[0], &root, "", "");
}

/* position startpos|fen POSITION|POSITION [moves M ...] */
static void command_position(Walk *w, char **words, int n)
{
    int from = 1, to;
    if (n >= 2 && (strcmp(words[1], "startpos") == 0 || strcmp(words[1], "fen") == 0))
        from = 2;
    to = from;
    while (to < n && strcmp(words[to], "moves") != 0)
        to++;
    char text[2 * POSITION_TEXT_MAX], moves[CROSS_LINE_MAX], message[ERROR_TEXT_MAX];
    if (n >= 2 && strcmp(words[1], "startpos") == 0) {
        if (to != 2) {
            refuse(w, "position startpos: unexpected '%s' (position startpos [moves M ...])", words[2]);
            return;
        }
        snprintf(text, sizeof text, "%s", WALK_START);
    } else if (to == from) {
        refuse(w, "position: the position is missing (position startpos|fen POSITION [moves M ...])");
        return;
    } else if (words_join(words, from, to, text, sizeof text) < 0) {
        refuse(w, "position: the position is longer than any FEN or QFEN");
        return;
    }
    if (words_join(words, to < n ? to + 1 : n, n, moves, sizeof moves) < 0) {
        refuse(w, "position: the moves are longer than %d bytes", CROSS_LINE_MAX - 1);
        return;
    }
    Position root;
    if (position_parse(text, &root, message, sizeof message) < 0) {
        refuse(w, "position: %s", message);
        return;
    }
    go_to(w, "position", &root, "", moves);
}

/* moves [M ...]: perftree's, the whole path from the root. */
static void command_moves(Walk *w, char **words, int n)
{
    if (n == 1) {
        output_walk_value(w->out, "moves", w->path);
        ok(w);
        return;
    }
    char moves[CROSS_LINE_MAX];
    if (words_join(words, 1, n, moves, sizeof moves) < 0) {
        refuse(w, "moves: longer than %d bytes", CROSS_LINE_MAX - 1);
        return;
    }
    go_to(w, "moves", &w->root, "", moves);
}

/* move M ... | child M ...: steps in from here. */
static void command_move(Walk *w, char **words, int n)
{
    if (n == 1) {
        refuse(w, "%s: which move? (%s e2e4; divide lists them)", words[0], words[0]);
        return;
    }
    char moves[CROSS_LINE_MAX];
    if (words_join(words, 1, n, moves, sizeof moves) < 0) {
        refuse(w, "%s: longer than %d bytes", words[0], CROSS_LINE_MAX - 1);
        return;
    }
    char base[CROSS_LINE_MAX];
    snprintf(base, sizeof base, "%s", w->path);
    go_to(w, words[0], &w->root, base, moves);
}

/* back [N] | parent | unmove */
static void command_back(Walk *w, char **words, int n)
{
    long steps = 1;
    if (n > 2 || (n == 2 && digits_in_range(words[1], 1, 100000, &steps) < 0)) {
        refuse(w, "%s: '%s' is not a number of moves to step back", words[0], n > 1 ? words[1] : "");
        return;
    }
    if (w->plies == 0) {
        refuse(w, "%s: at the root already", words[0]);
        return;
    }
    if (steps > w->plies) {
        refuse(w, "%s %ld: only %d move%s from the root", words[0], steps, w->plies, w->plies == 1 ? "" : "s");
        return;
    }
    char base[CROSS_LINE_MAX];
    snprintf(base, sizeof base, "%s", w->path);
    for (long k = 0; k < steps; k++) {
        char *blank = strrchr(base, ' ');
        *(blank ? blank : base) = '\0';
    }
    go_to(w, words[0], &w->root, base, "");
}

/* depth [N] */
static void command_depth(Walk *w, char **words, int n)
{
    long depth;
    if (n == 1) {
        char text[16];
        snprintf(text, sizeof text, "%d", w->depth);
        output_walk_value(w->out, "depth", text);
        ok(w);
        return;
    }
    if (n > 2 || digits_in_range(words[1], 1, MAX_DEPTH, &depth) < 0) {
        refuse(w, "depth: '%s' is not a number from 1 to %d (the depth from the root)", words[1], MAX_DEPTH);
        return;
    }
    w->depth = (int)depth;
    print_state(w);
}

/* Between commands: a Ctrl-C that came while the walk waited for a line
 * ended the engines, which start again; it stops nothing else.  0, or -1
 * with one line in err. */
static int between_commands(Walk *w, char *err, size_t errlen)
{
    int r = walk_interrupted() ? walk_cast_restart_engines(&w->cast, err, errlen) : 0;
    walk_interrupt_clear();
    return r;
}

/* The refusal of an interrupted count, once the engines are back; `who`
 * NULL: the Ctrl-C came after the command was read, before any count. */
static void interrupted(Walk *w, const char *command, const char *who)
{
    char message[ERROR_TEXT_MAX];
    bool engines = w->cast.parts.engine_count > 0;
    int r = walk_cast_restart_engines(&w->cast, message, sizeof message);
    walk_interrupt_clear();
    char when[128] = "before the count began";
    if (who)
        snprintf(when, sizeof when, "while %s counted", who);
    if (r < 0)
        refuse(w, "%s: interrupted by SIGINT %s; an engine could not start again and is left out: %s", command, when,
               message);
    else
        refuse(w, "%s: interrupted by SIGINT %s; nothing of it is kept%s", command, when,
               engines ? " (the engines were ended and started again)" : "");
}

/* The participants of here, and the query; false (refused) when nothing
 * can be counted here. */
static bool query_here(Walk *w, const char *command, DivideQuery *q)
{
    int below = w->depth - w->plies;
    if (below < 1) {
        refuse(w, "%s: nothing to count: depth %d from the root, and here is %d plies in (depth N, N above %d)",
               command, w->depth, w->plies, w->plies);
        return false;
    }
    w->count = walk_cast_of_game(&w->cast, w->root.game, w->ps);
    if (w->count == 0) {
        refuse(w, "%s: no participant plays %s (engines add NAME)", command, game_name(w->root.game));
        return false;
    }
    if (walk_interrupted()) {
        interrupted(w, command, NULL);
        return false;
    }
    *q = (DivideQuery){.root = &w->root,
                       .root_text = w->root_text,
                       .moves = w->path,
                       .here = &w->here,
                       .depth = below,
                       .label = w->count > 1 ? "" : NULL,
                       .notation = w->notation};
    return true;
}

/* divide and diff */
static void command_divide(Walk *w, char **words, int n, bool only_differing)
{
    if (n > 1) {
        refuse(w, "%s: unexpected '%s' (depth N sets the depth)", words[0], words[1]);
        return;
    }
    DivideQuery q;
    if (!query_here(w, words[0], &q))
        return;
    char message[ERROR_TEXT_MAX];
    for (int k = 0; k < w->count; k++) {
        if (walk_interrupted()) { /* between two participants */
            interrupted(w, words[0], w->ps[k].name);
            return;
        }
        int r = participant_divide(&w->ps[k], &w->policy, &q, &w->ds[k], message, sizeof message);
        if (w->ds[k].signal || walk_interrupted()) {
            interrupted(w, words[0], w->ps[k].name);
            return;
        }
        if (r < 0) {
            refuse(w, "%s: %s", words[0], message);
            return;
        }
    }
    output_walk_divides(w->out, w->root.game, w->notation, w->ps, w->ds, w->count, q.depth, only_differing);
    ok(w);
}

/* descend: the cross-check's descent from here; the walk then stands
 * where the participants part. */
static void command_descend(Walk *w, char **words, int n)
{
    if (n > 1) {
        refuse(w, "descend: unexpected '%s'", words[1]);
        return;
    }
    DivideQuery q;
    if (!query_here(w, "descend", &q))
        return;
    char message[ERROR_TEXT_MAX];
    int r = crosscheck(w->ps, w->count, &w->policy, &q, w->ds, &w->report, message, sizeof message);
    int stopped = -1;
    for (int k = 0; k < w->count && stopped < 0; k++)
        if (w->ds[k].signal)
            stopped = k;
    if (stopped >= 0 || walk_interrupted()) {
        interrupted(w, "descend", stopped >= 0 ? w->ps[stopped].name : "an engine");
        return;
    }
    if (r < 0) {
        refuse(w, "descend: %s", message);
        return;
    }
    if (r == 0) {
        w->report.verdict = CROSS_AGREE;
        output_walk_report(w->out, w->err, &w->report, w->s->board != BOARD_NONE, output_board_style(w->s, w->out));
        ok(w);
        return;
    }
    output_walk_report(w->out, w->err, &w->report, w->s->board != BOARD_NONE, output_board_style(w->s, w->out));
    go_to(w, "descend", &w->root, w->report.path, "");
}

static void command_engines(Walk *w, char **words, int n)
{
    char message[ERROR_TEXT_MAX];
    Game game = w->root.game;
    if (n >= 3 && (strcmp(words[1], "add") == 0 || strcmp(words[1], "drop") == 0)) {
        char what[ENGINE_SPEC_MAX];
        if (words_join(words, 2, n, what, sizeof what) < 0) {
            refuse(w, "engines %s: longer than %d bytes", words[1], ENGINE_SPEC_MAX - 1);
            return;
        }
        int r = strcmp(words[1], "add") == 0 ? walk_cast_add(&w->cast, game, what, message, sizeof message)
                                             : walk_cast_drop(&w->cast, game, what, message, sizeof message);
        if (r < 0) {
            refuse(w, "%s", message);
            return;
        }
    } else if (n != 1) {
        refuse(w, "engines: expected 'engines', 'engines add NAME|SPEC' or 'engines drop NAME'");
        return;
    }
    Participant here[MAX_PARTICIPANTS];
    int count = walk_cast_of_game(&w->cast, game, here);
    for (int k = 0; k < count; k++)
        output_walk_participant(w->out, here[k].name, here[k].backend ? "backend" : "engine", game,
                                here[k].engine ? here[k].engine->spec_text : NULL, true);
    Game other = game == GAME_CHESS ? GAME_QUATERNITY : GAME_CHESS;
    count = walk_cast_of_game(&w->cast, other, here);
    for (int k = 0; k < count; k++)
        output_walk_participant(w->out, here[k].name, here[k].backend ? "backend" : "engine", other,
                                here[k].engine ? here[k].engine->spec_text : NULL, false);
    ok(w);
}

/* Stands at game `wanted` of the PGN file `path`: its start as the root,
 * its main line as the moves (SAN, read as everywhere); its Variant
 * "Chess960" tag sets Chess960 notation.  0, or -1 with one line in err
 * naming the file, the game, its line and the ply at fault. */
static int load_pgn(Walk *w, const char *path, long wanted, char *err, size_t errlen)
{
    char message[ERROR_TEXT_MAX];
    FILE *file = epd_open(path, "PGN file", err, errlen);
    if (!file)
        return -1;
    PgnGame *g = malloc(sizeof *g);
    if (!g) {
        fclose(file);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int line = 0, number = 0, r;
    while ((r = pgn_next(file, path, &line, &number, g, err, errlen)) == 1 && g->number < wanted)
        ;
    fclose(file);
    Position root;
    bool chess960 = w->chess960;
    if (r == 0)
        snprintf(err, errlen, "PGN %s holds %d game%s, not a game %ld", path, number, number == 1 ? "" : "s", wanted);
    /* Played first as the PGN suite plays it, for its errors naming the
     * game, the ply and the move. */
    else if (r == 1 && pgn_play(g, path, participant_reference(GAME_CHESS), false, NULL, NULL, err, errlen) < 0)
        r = -1;
    else if (r == 1) {
        w->chess960 = w->s->chess960 || g->chess960;
        if (position_parse(g->start, &root, message, sizeof message) < 0 ||
            stand_at(w, &root, "", g->moves, message, sizeof message) < 0) {
            w->chess960 = chess960;
            snprintf(err, errlen, "PGN %s game %d (line %d): %s", path, g->number, g->line, message);
            r = -1;
        } else
            w->depth = w->plies + w->s->depth; /* the depth from the root: as many plies below the game's end */
    }
    free(g);
    return r == 1 ? 0 : -1;
}

/* pgn FILE [GAME] */
static void command_pgn(Walk *w, char **words, int n)
{
    long wanted = 1;
    if (n < 2 || n > 3 || (n == 3 && digits_in_range(words[2], 1, 100000000, &wanted) < 0)) {
        refuse(w, "pgn: expected 'pgn FILE [GAME]' (GAME: its number in the file, from 1; default 1)");
        return;
    }
    char message[2 * ERROR_TEXT_MAX]; /* a PGN error names the file, game and position */
    if (load_pgn(w, words[1], wanted, message, sizeof message) < 0)
        refuse(w, "pgn: %.220s", message);
    else
        print_state(w);
}

static void command_notation(Walk *w, char **words, bool chess960)
{
    w->chess960 = chess960;
    char base[CROSS_LINE_MAX];
    snprintf(base, sizeof base, "%s", w->path);
    go_to(w, words[0], &w->root, base, ""); /* the path rewritten in the notation now in force */
}

/* One line's command: WALK_CONTINUE, or the exit status to leave with. */
static int command(Walk *w, char **words, int n)
{
    const char *c = words[0];
    if (strcmp(c, "quit") == 0 || strcmp(c, "exit") == 0)
        return 0;
    if (strcmp(c, "fen") == 0)
        command_fen(w, words, n);
    else if (strcmp(c, "position") == 0)
        command_position(w, words, n);
    else if (strcmp(c, "moves") == 0)
        command_moves(w, words, n);
    else if (strcmp(c, "move") == 0 || strcmp(c, "child") == 0)
        command_move(w, words, n);
    else if (strcmp(c, "back") == 0 || strcmp(c, "parent") == 0 || strcmp(c, "unmove") == 0)
        command_back(w, words, n);
    else if (strcmp(c, "root") == 0)
        go_to(w, c, &w->root, "", "");
    else if (strcmp(c, "depth") == 0)
        command_depth(w, words, n);
    else if (strcmp(c, "divide") == 0)
        command_divide(w, words, n, false);
    else if (strcmp(c, "diff") == 0)
        command_divide(w, words, n, true);
    else if (strcmp(c, "descend") == 0)
        command_descend(w, words, n);
    else if (strcmp(c, "board") == 0) {
        output_board(w->out, &w->here, output_board_style(w->s, w->out));
        ok(w);
    } else if (strcmp(c, "state") == 0)
        print_state(w);
    else if (strcmp(c, "engines") == 0)
        command_engines(w, words, n);
    else if (strcmp(c, "pgn") == 0)
        command_pgn(w, words, n);
    else if (strcmp(c, "chess960") == 0 || strcmp(c, "nochess960") == 0)
        command_notation(w, words, strcmp(c, "chess960") == 0);
    else if (strcmp(c, "help") == 0) {
        output_walk_help(w->out);
        ok(w);
    } else
        refuse(w, "unknown command '%s' (help lists the commands)", c);
    return WALK_CONTINUE;
}

static int session(Walk *w, WalkInput *in)
{
    char **words = malloc((WALK_LINE_MAX / 2 + 2) * sizeof *words);
    if (!words)
        return report_error(w->err, "walk: out of memory");
    int status = WALK_CONTINUE, got = 0;
    char message[ERROR_TEXT_MAX];
    while (status == WALK_CONTINUE) {
        if (between_commands(w, message, sizeof message) < 0) /* no command's answer: said on stderr */
            report_error(w->err, "walk: an engine ended by Ctrl-C could not start again and is left out: %s", message);
        if ((got = walk_input_read(in)) <= 0)
            break;
        if (got == 3) { /* the engines it ended start again before the next line */
            output_walk_cancelled(w->out);
        } else if (got == 2) {
            refuse(w, "a line longer than %d bytes or holding a NUL byte: not read", WALK_LINE_MAX - 1);
        } else {
            int n = words_split(in->line, words);
            if (n > 0) /* a blank line is no command, and has no answer */
                status = command(w, words, n);
        }
        if (!output_walk_flush(w->out)) {
            report_error(w->err, "cannot write standard output");
            status = EXIT_OUTPUT;
        }
    }
    if (status == WALK_CONTINUE && got < 0)
        status = report_error(w->err, "walk: cannot read standard input");
    free(words);
    return status == WALK_CONTINUE ? 0 : status; /* the end of input is quit */
}

int walk_run(const RunSettings *s, FILE *in, FILE *out, FILE *err)
{
    Walk *w = calloc(1, sizeof *w);
    if (!w)
        return report_error(err, "walk: out of memory");
    WalkInput input;
    walk_input_open(&input, in, out);
    w->s = s, w->out = out, w->err = err, w->marked = !input.terminal; /* calloc'd: too large for a compound literal */
    w->chess960 = s->chess960, w->depth = s->depth;
    int allocated = 0, status = 0;
    while (allocated < MAX_PARTICIPANTS && divide_alloc(&w->ds[allocated]))
        allocated++;
    struct sigaction saved;
    walk_interrupt_install(&saved); /* before the engines start: their watcher leaves SIGINT to the walk */
    char message[2 * ERROR_TEXT_MAX];
    PerftHash *table = NULL;
    if (allocated < MAX_PARTICIPANTS)
        status = report_error(err, "walk: out of memory");
    else if (s->hash_mib && !(table = perft_hash_create_threads((size_t)s->hash_mib, s->threads)))
        status = report_error(err, "--hash %d: cannot allocate a table of %d MiB", s->hash_mib, s->hash_mib);
    else if (walk_cast_start(&w->cast, s, message, sizeof message) < 0)
        status = report_error(err, "%s", message);
    else if (stand_at(w, &s->position, "", s->moves ? s->moves : "", message, sizeof message) < 0 ||
             (s->pgn && load_pgn(w, s->pgn, 1, message, sizeof message) < 0)) {
        status = report_error(err, "%s%s", s->pgn ? "--pgn: " : "", message);
        walk_cast_stop(&w->cast);
    } else {
        w->held = (CountTable){.hash = table};
        w->policy = (CountPolicy){
            .bulk = s->bulk, .threads = s->threads, .table = table ? &w->held : NULL, .progress = false, .err = err};
        status = session(w, &input);
        walk_cast_stop(&w->cast);
    }
    walk_interrupt_restore(&saved);
    perft_hash_destroy(table);
    for (int k = 0; k < allocated; k++)
        divide_free(&w->ds[k]);
    walk_input_close(&input);
    free(w);
    return status;
}
