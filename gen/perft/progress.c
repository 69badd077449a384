#include "progress.h"

#include <string.h>
#include <unistd.h>

#include "clock.h"

enum { QUIET_SECONDS = 1 }; /* shorter runs draw nothing */

static const double TERMINAL_PERIOD = 0.25, LOG_PERIOD = 1.0;

void progress_start(Progress *p, FILE *err, bool forced, const char *label)
{
    int fd = fileno(err); /* -1 for memory streams: not a terminal */
    p->err = err;
    p->terminal = fd >= 0 && isatty(fd);
    p->forced = forced;
    p->enabled = forced || p->terminal;
    p->drawn = false;
    p->start = p->last = seconds_now();
    p->label = label;
    p->units_before = 0;
    p->nodes_before = 0;
    p->units_name = "units";
    p->nodes_name = "nodes";
    p->note = NULL;
}

void progress_note_with(Progress *p, const char *note)
{
    p->note = note;
}

void progress_names(Progress *p, const char *units, const char *nodes)
{
    p->units_name = units;
    p->nodes_name = nodes;
}

/* Units and nodes counted before this run (resumed from a checkpoint): in
 * the totals shown, not in the speed or the estimate. */
static void progress_baseline(Progress *p, size_t units, PerftCount nodes)
{
    p->units_before = units;
    p->nodes_before = nodes;
}

/* "1h02m", "3m05s", "42s": short enough for one line. */
static void format_duration(double seconds, char *out, size_t size)
{
    long s = (long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(out, size, "%ldh%02ldm", s / 3600, s / 60 % 60);
    else if (s >= 60)
        snprintf(out, size, "%ldm%02lds", s / 60, s % 60);
    else
        snprintf(out, size, "%lds", s);
}

/* Draws the line: `ending` is "about 3m05s left" or "done in 1m02s". */
static void draw(Progress *p, size_t units_done, size_t units_total, PerftCount nodes, double elapsed,
                 const char *ending)
{
    double shown = elapsed > 0 ? perft_count_double(nodes - p->nodes_before) / elapsed : 0.0;
    char rate_text[64], total[32] = "?";
    if (units_total > 0) /* 0: not known (a suite read from a pipe) */
        snprintf(total, sizeof total, "%zu", units_total);
    if (strcmp(p->nodes_name, "nodes") == 0)
        snprintf(rate_text, sizeof rate_text, "%.1f Mnps", shown / 1e6);
    else
        snprintf(rate_text, sizeof rate_text, "%.0f %s/s", shown, p->nodes_name);
    fprintf(p->err, "%s%s%s%s %zu/%s, %s %s, %s%s%s, %s%s", p->terminal ? "\r" : "", p->label ? p->label : "",
            p->label ? ": " : "", p->units_name, units_done, total, PERFT_COUNT_TEXT(nodes), p->nodes_name,
            p->note ? p->note : "", p->note ? ", " : "", rate_text, ending, p->terminal ? "\033[K" : "\n");
    fflush(p->err);
    p->drawn = true;
}

void progress_update(Progress *p, size_t units_done, size_t units_total, PerftCount nodes)
{
    double now = seconds_now(), elapsed = now - p->start;
    if (!p->enabled || elapsed < QUIET_SECONDS || now - p->last < (p->terminal ? TERMINAL_PERIOD : LOG_PERIOD))
        return;
    p->last = now;
    char left[32] = "?", ending[48];
    /* Units differ in size, so this is an estimate; it firms up as they finish. */
    if (units_done > p->units_before && units_total >= units_done)
        format_duration(elapsed * (double)(units_total - units_done) / (double)(units_done - p->units_before), left,
                        sizeof left);
    snprintf(ending, sizeof ending, "about %s left", left);
    draw(p, units_done, units_total, nodes, elapsed, ending);
}

/* Prints `line` (a whole message) on its own line, first clearing a
 * terminal's progress line, which the next update redraws. */
static void progress_note(Progress *p, const char *line)
{
    fprintf(p->err, "%s%s\n", p->drawn && p->terminal ? "\r\033[K" : "", line);
    fflush(p->err);
    p->drawn = false;
}

void progress_finish(Progress *p, size_t units_done, size_t units_total, PerftCount nodes)
{
    if (p->drawn && p->terminal) {
        fputs("\r\033[K", p->err);
        fflush(p->err);
    } else if (p->forced && !p->terminal) {
        /* A log asked for with --progress ends on the whole run's line,
         * however short the run. */
        char took[32], ending[48];
        double elapsed = seconds_now() - p->start;
        format_duration(elapsed, took, sizeof took);
        snprintf(ending, sizeof ending, "done in %s", took);
        draw(p, units_done, units_total, nodes, elapsed, ending);
    }
    p->drawn = false;
}

/* The line of an engine awaited: `state` is "waiting on WHO, 3s elapsed"
 * or "WHO answered in 3s". */
static void draw_waiting(Progress *p, const char *state)
{
    fprintf(p->err, "%s%s%s%s%s", p->terminal ? "\r" : "", p->label ? p->label : "", p->label ? ": " : "", state,
            p->terminal ? "\033[K" : "\n");
    fflush(p->err);
    p->drawn = true;
}

void progress_waiting(Progress *p, const char *who)
{
    double now = seconds_now(), elapsed = now - p->start;
    if (!p->enabled || elapsed < QUIET_SECONDS || now - p->last < (p->terminal ? TERMINAL_PERIOD : LOG_PERIOD))
        return;
    p->last = now;
    char took[32], state[512];
    format_duration(elapsed, took, sizeof took);
    snprintf(state, sizeof state, "waiting on %s, %s elapsed", who, took);
    draw_waiting(p, state);
}

void progress_waited(Progress *p, const char *who)
{
    if (p->drawn && p->terminal) {
        fputs("\r\033[K", p->err);
        fflush(p->err);
    } else if (p->drawn) {
        char took[32], state[512];
        format_duration(seconds_now() - p->start, took, sizeof took);
        snprintf(state, sizeof state, "%s answered in %s", who, took);
        draw_waiting(p, state);
    }
    p->drawn = false;
}

static void watch_begin(void *context, size_t units_resumed, PerftCount nodes_resumed)
{
    Progress *p = context;
    p->start = p->last = seconds_now();
    progress_baseline(p, units_resumed, nodes_resumed);
}

static void watch_update(void *context, size_t units_done, size_t units, PerftCount nodes)
{
    progress_update(context, units_done, units, nodes);
}

static void watch_note(void *context, const char *line)
{
    progress_note(context, line);
}

static void watch_end(void *context, size_t units_done, size_t units, PerftCount nodes)
{
    progress_finish(context, units_done, units, nodes);
}

DeepWatcher progress_watcher(Progress *p)
{
    return (DeepWatcher){watch_begin, watch_update, watch_note, watch_end, p};
}
