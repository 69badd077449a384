#include "run_pgn_suite.h"

#include <stdlib.h>
#include <string.h>

#include "crosscheck.h"
#include "deep/interrupt.h"
#include "epd.h"
#include "output_pgn_suite.h"
#include "output_speed.h"
#include "output_stats.h"
#include "pgn_play.h"
#include "position_text.h"
#include "progress.h"
#include "report.h"

/* The state of one PGN suite run. */
typedef struct PgnSuite {
    const RunSettings *s;
    const CountPolicy *policy;
    Output *o;
    Participant ps[MAX_PARTICIPANTS]; /* chess's */
    int count;
    int name_width; /* of the rows' participant column */
    PgnSuiteTotals t;
    SpeedRow rows[MAX_SPEED_ROWS];
    int nrows;
    Divide divides[MAX_PARTICIPANTS];
    CrossReport report;
    /* The progress line: positions done of the file's, counts and
     * disagreements so far. */
    Progress progress;
    char progress_note[64];
    int positions; /* in the file; -1 when not known (a pipe) */
    /* The game being counted. */
    const PgnGame *game;
    char game_name[256];
    bool chess960;
    bool stats_said; /* --stats: the participants that count none have been named */
    bool guarded;    /* the signal handlers are installed for the whole file */
    char message[2 * ERROR_TEXT_MAX];
} PgnSuite;

/* The progress line after a position (`done`: the last, which ends it). */
static void show_progress(PgnSuite *u, bool done)
{
    snprintf(u->progress_note, sizeof u->progress_note, "%d disagreement%s", u->t.disagreements,
             u->t.disagreements == 1 ? "" : "s");
    void (*show)(Progress *, size_t, size_t, PerftCount) = done ? progress_finish : progress_update;
    show(&u->progress, (size_t)u->t.positions, u->positions > 0 ? (size_t)u->positions : 0, (PerftCount)u->t.counts);
}

/* One (position, depth) by every participant: 0, the signal number when
 * interrupted, or -1 with a message. */
static int count_depth(PgnSuite *u, const PgnCount *c, const Position *pos)
{
    char label[160];
    snprintf(label, sizeof label, "game %d ply %d, depth %d", c->game->number, c->ply, c->depth);
    DivideQuery q = {.root = pos,
                     .root_text = c->position,
                     .here = pos,
                     .depth = c->depth,
                     .label = label,
                     .notation = u->chess960 ? MOVE_NOTATION_CHESS960 : settings_notation(u->s, pos)};
    int r = crosscheck(u->ps, u->count, u->policy, &q, u->divides, &u->report, u->message, sizeof u->message);
    if (r < 0)
        return -1;
    if (u->s->stats)
        output_stats_missing(u->o, u->ps, u->count, &u->stats_said);
    for (int k = 0; k < u->count; k++)
        if (u->divides[k].signal) {
            snprintf(u->message, sizeof u->message, "pgn %s: interrupted by %s at %s ply %d depth %d", u->s->pgn,
                     report_signal_name(u->divides[k].signal), u->game_name, c->ply, c->depth);
            return u->divides[k].signal;
        }
    for (int k = 0; k < u->count; k++)
        if (u->divides[k].over_budget) {
            u->t.skipped++;
            output_pgn_suite_past_budget(u->o, c, &u->ps[k], &u->divides[k], u->s->max_nodes, u->name_width);
            output_flush(u->o);
            return 0;
        }
    u->t.counts++;
    for (int k = 0; k < u->count; k++) {
        u->t.checks++;
        speed_add(u->rows, &u->nrows, &u->ps[k], GAME_CHESS, &u->divides[k]);
        output_pgn_suite_check(u->o, c, &u->ps[k], &u->divides[k], r == 0, u->name_width);
    }
    if (r == 1) {
        u->t.disagreements++;
        output_pgn_suite_disagreement(u->o, c, &u->report);
    }
    output_flush(u->o);
    return 0;
}

/* pgn_play's visit: a position of the game at every depth to --max-depth. */
static int count_position(void *context, int ply, const char *move, const Position *pos)
{
    PgnSuite *u = context;
    char text[POSITION_TEXT_MAX];
    position_format(pos, text, sizeof text);
    PgnCount c = {.game = u->game, .game_name = u->game_name, .ply = ply, .move = move, .position = text};
    int r = 0;
    for (c.depth = 1; r == 0 && c.depth <= u->s->max_depth && !output_failed(u->o); c.depth++)
        r = count_depth(u, &c, pos);
    if (r == 0 && u->guarded && interrupt_signal()) {
        /* after the position's last count */
        r = interrupt_signal();
        snprintf(u->message, sizeof u->message, "pgn %s: interrupted by %s after %s ply %d", u->s->pgn,
                 report_signal_name(r), u->game_name, ply);
    }
    u->t.positions++;
    show_progress(u, false);
    return r;
}

/* Every game read and played before anything is counted, so that a bad
 * one is refused at once: the positions to count in *positions, or -1
 * when the file cannot be read twice (a pipe: its games are checked as
 * they come).  0, or -1 with one line in err. */
static int check_games(FILE *file, const char *path, bool every_ply, const Backend *reference, int *positions,
                       char *err, size_t errlen)
{
    *positions = -1;
    if (fseek(file, 0, SEEK_CUR) != 0)
        return 0;
    PgnGame *g = malloc(sizeof *g);
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int line = 0, number = 0, r;
    *positions = 0;
    while ((r = pgn_next(file, path, &line, &number, g, err, errlen)) == 1) {
        if (pgn_play(g, path, reference, false, NULL, NULL, err, errlen) < 0) {
            r = -1;
            break;
        }
        *positions += every_ply ? g->plies + 1 : 1;
    }
    free(g);
    rewind(file);
    if (r == 0 && number == 0) {
        snprintf(err, errlen, "PGN %s holds no game", path);
        return -1;
    }
    return r;
}

/* The participants of chess, two at least: a PGN has no counts of its own. */
static int choose_participants(PgnSuite *u, Participants *parts, char *err, size_t errlen)
{
    char what[ERROR_TEXT_MAX];
    snprintf(what, sizeof what, "PGN %s", u->s->pgn);
    if (participants_settle_games(parts, 1u << GAME_CHESS, what, false, err, errlen) < 0)
        return -1;
    u->count = participants_of_game(parts, GAME_CHESS, u->ps);
    if (u->count < 2) {
        snprintf(err, errlen,
                 "--pgn %s: a PGN holds no counts, so the participants are held to each other, and %s %s chess "
                 "(give -b all, or an --engine beside -b NAME)",
                 u->s->pgn, u->count == 1 ? u->ps[0].name : "none", u->count == 1 ? "alone counts" : "counts");
        return -1;
    }
    u->name_width = (int)strlen("participant");
    for (int k = 0; k < u->count; k++)
        if ((int)strlen(u->ps[k].name) > u->name_width)
            u->name_width = (int)strlen(u->ps[k].name);
    return 0;
}

/* Every game of the file: 0 at its end (or once a write has failed), the
 * exit status of an interrupt, or -1 with the message in u->message. */
static int run_games(PgnSuite *u, FILE *file)
{
    const Backend *reference = participant_reference(GAME_CHESS);
    PgnGame *g = malloc(sizeof *g);
    if (!g || !reference) {
        free(g);
        snprintf(u->message, sizeof u->message, "%s", g ? "no chess backend to read the games with" : "out of memory");
        return -1;
    }
    char label[ERROR_TEXT_MAX];
    snprintf(label, sizeof label, "pgn %s", u->s->pgn);
    progress_start(&u->progress, u->o->err, u->s->progress, label);
    progress_names(&u->progress, "positions", "counts");
    progress_note_with(&u->progress, u->progress_note);
    /* Built-in backends alone: the handlers stay for the whole file (as a
     * suite's do: run_suite.c), so that a signal between two positions
     * stops the run and is reported. */
    InterruptGuard guard;
    u->guarded = !participants_include_engine(u->ps, u->count);
    if (u->guarded)
        interrupt_install(&guard);
    int line = 0, number = 0, status = 0;
    while (status == 0 && !output_failed(u->o)) {
        int read = pgn_next(file, u->s->pgn, &line, &number, g, u->message, sizeof u->message);
        if (read <= 0) {
            status = read;
            break;
        }
        Position start;
        char ignored[ERROR_TEXT_MAX]; /* pgn_play says what is wrong with the start */
        u->game = g;
        u->t.games++;
        u->chess960 = g->chess960 || (position_parse(g->start, &start, ignored, sizeof ignored) == 0 &&
                                      settings_notation(u->s, &start) == MOVE_NOTATION_CHESS960);
        u->t.chess960 += u->chess960;
        pgn_game_name(g, u->game_name, sizeof u->game_name);
        output_pgn_suite_game(u->o, g, u->game_name, u->chess960);
        int r = pgn_play(g, u->s->pgn, reference, u->s->every_ply, count_position, u, u->message, sizeof u->message);
        status = r > 0 ? EXIT_SIGNAL_BASE + r : r;
    }
    if (status == 0 && u->t.games == 0) {
        snprintf(u->message, sizeof u->message, "PGN %s holds no game", u->s->pgn);
        status = -1;
    }
    if (u->guarded)
        interrupt_restore(&guard);
    show_progress(u, true);
    free(g);
    return status;
}

int run_pgn_suite(const RunSettings *s, Participants *parts, const CountPolicy *policy, Output *o)
{
    PgnSuite *u = calloc(1, sizeof *u);
    if (!u)
        return output_error(o, o->err, "out of memory");
    *u = (PgnSuite){.s = s, .policy = policy, .o = o};
    int allocated = divides_alloc(u->divides, MAX_PARTICIPANTS), status = -1;
    FILE *file = NULL;
    /* Nothing is counted before the file, the participants and every
     * game have been found good. */
    if (allocated < MAX_PARTICIPANTS)
        snprintf(u->message, sizeof u->message, "out of memory");
    else if ((file = epd_open(s->pgn, "PGN file", u->message, sizeof u->message)) &&
             choose_participants(u, parts, u->message, sizeof u->message) == 0 &&
             check_games(file, s->pgn, s->every_ply, participant_reference(GAME_CHESS), &u->positions, u->message,
                         sizeof u->message) == 0) {
        output_pgn_suite_heading(o, u->name_width);
        status = run_games(u, file);
    }
    if (status < 0)
        status = output_error(o, o->err, u->message);
    else if (status >= EXIT_SIGNAL_BASE)
        output_pgn_suite_interrupted(o, u->message);
    else {
        output_pgn_suite_end(o, s, policy, &u->t, u->rows, u->nrows);
        status = u->t.counts == 0 || u->t.disagreements ? EXIT_DIFFER : EXIT_AGREE;
    }
    if (file)
        fclose(file);
    divides_free(u->divides, allocated);
    free(u);
    return status;
}
