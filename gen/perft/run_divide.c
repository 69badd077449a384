#include "run_divide.h"

#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "report.h"
#include "session.h"

/* The moves of s, checked once against the reference backend's legal
 * moves and rewritten in the run's notation into *moves (the caller
 * frees it), and the position after them into `here`.  0, or -1 with one
 * line in err. */
static int play_moves(const RunSettings *s, MoveNotation notation, Position *here, char **moves, char *err,
                      size_t errlen)
{
    const Backend *reference = participant_reference(s->position.game);
    size_t moves_size = s->moves ? strlen(s->moves) + 1 : 1;
    if (!(*moves = malloc(moves_size))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    Session view;
    int r = session_open(&view, reference, &s->position, err, errlen) < 0 ||
                    session_play_written(&view, s->moves, notation, *moves, moves_size, err, errlen) < 0
                ? -1
                : 0;
    if (r == 0)
        reference->save(view.state, here);
    session_close(&view);
    return r;
}

int run_divide(const RunSettings *s, Participants *parts, const CountPolicy *policy, DivideRun *run, char *err,
               size_t errlen)
{
    Game game = s->position.game;
    *run = (DivideRun){.game = game, .interrupted = -1, .policy = policy};
    if (participants_settle_games(parts, 1u << game, "the position given", true, err, errlen) < 0)
        return -1;
    /* options.c has refused a -b with no backend of this game and -b none
     * without engines, and every engine plays this game: there is at least
     * one participant. */
    run->count = participants_of_game(parts, game, run->ps);
    /* Sent to the engines and begun every path with in the run's notation. */
    run->notation = settings_notation(s, &s->position);
    Position here;
    char *moves = NULL;
    if (play_moves(s, run->notation, &here, &moves, err, errlen) < 0) {
        free(moves);
        return -1;
    }
    run->started = true;
    run->report = malloc(sizeof *run->report);
    while (run->allocated < run->count && divide_alloc(&run->ds[run->allocated]))
        run->allocated++;
    if (!run->report || run->allocated < run->count) {
        free(moves);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    char root_text[POSITION_TEXT_MAX];
    position_format(&s->position, root_text, sizeof root_text);
    DivideQuery q = {.root = &s->position,
                     .root_text = root_text,
                     .moves = moves,
                     .here = &here,
                     .depth = s->depth,
                     .checkpoint = s->checkpoint,
                     .label = run->count > 1 ? "" : NULL,
                     .notation = run->notation};
    double start = seconds_now();
    int r = crosscheck(run->ps, run->count, policy, &q, run->ds, run->report, err, errlen);
    run->seconds = seconds_now() - start;
    free(moves);
    if (r < 0)
        return -1;
    run->counted = true;
    run->agree = r == 0;
    for (int k = 0; k < run->count && run->interrupted < 0; k++)
        if (run->ds[k].signal)
            run->interrupted = k;
    return 0;
}

void divide_run_free(DivideRun *run)
{
    for (int k = 0; k < run->allocated; k++)
        divide_free(&run->ds[k]);
    free(run->report);
    run->allocated = 0;
    run->report = NULL;
}
