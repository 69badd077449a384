#include "uci_server/uci_server.h"

#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "move_text.h"
#include "output_uci_server.h"
#include "participants.h"
#include "registry.h"
#include "report.h"
#include "session.h"
#include "uci_server/uci_server_options.h"
#include "words.h"

static const char CHESS_START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* A line longer than this is refused whole: a game of a thousand plies is
 * under 8 KiB. */
enum { UCI_LINE_MAX = 1 << 16 };

typedef struct UciServer {
    UciOptions options;
    CountTable table;  /* of options.hash_mib MiB (hash NULL: none), and whose counts it holds */
    bool has_position; /* false after a refused position command */
    Position root, here;
    char root_text[POSITION_TEXT_MAX];
    char *moves; /* the moves played from root, or NULL */
    Divide divide;
    FILE *out, *err;
} UciServer;

/* "info string error: ..." with the text escaped: a driver's bytes can
 * neither break the line nor drive a terminal. */
static void info_error(UciServer *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void info_error(UciServer *e, const char *fmt, ...)
{
    char text[ERROR_TEXT_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    output_uci_server_error(e->out, text);
}

/* Sets root, here and moves from a position's text and its moves' words;
 * 0, or -1 with one line in err. */
static int set_position(UciServer *e, const char *text, char **moves, int move_count, char *err, size_t errlen)
{
    Position root;
    if (position_parse(text, &root, err, errlen) < 0)
        return -1;
    size_t size = 1;
    for (int i = 0; i < move_count; i++)
        size += strlen(moves[i]) + 1;
    char *joined = malloc(size);
    if (!joined || words_join(moves, 0, move_count, joined, size) < 0) {
        free(joined);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    const Backend *reference = participant_reference(root.game);
    Session view;
    if (session_open(&view, reference, &root, err, errlen) < 0 || session_play(&view, joined, err, errlen) < 0) {
        session_close(&view);
        free(joined);
        return -1;
    }
    reference->save(view.state, &e->here);
    session_close(&view);
    e->root = root;
    position_format(&root, e->root_text, sizeof e->root_text);
    free(e->moves);
    e->moves = joined;
    e->has_position = true;
    return 0;
}

static void command_position(UciServer *e, char **w, int n)
{
    char text[2 * POSITION_TEXT_MAX], message[ERROR_TEXT_MAX];
    int next;
    e->has_position = false; /* until this one is accepted */
    if (n >= 2 && strcmp(w[1], "startpos") == 0) {
        snprintf(text, sizeof text, "%s", CHESS_START);
        next = 2;
    } else if (n >= 2 && strcmp(w[1], "fen") == 0) {
        next = 2;
        while (next < n && strcmp(w[next], "moves") != 0)
            next++;
        if (next == 2) {
            info_error(e, "position fen: the FEN is missing (position fen FEN [moves ...])");
            return;
        }
        if (words_join(w, 2, next, text, sizeof text) < 0) {
            info_error(e, "position fen: the position is longer than any FEN or QFEN (%zu bytes at most)",
                       sizeof text - 1);
            return;
        }
    } else {
        info_error(e, "position: expected 'startpos' or 'fen FEN' after 'position'%s%s%s", n >= 2 ? ", got '" : "",
                   n >= 2 ? w[1] : "", n >= 2 ? "'" : "");
        return;
    }
    if (next < n && strcmp(w[next], "moves") != 0) {
        info_error(e, "position: unexpected '%s' after the position (expected 'moves')", w[next]);
        return;
    }
    int first_move = next < n ? next + 1 : n;
    if (set_position(e, text, w + first_move, n - first_move, message, sizeof message) < 0) {
        /* position_parse names the field itself, "position: ..." among them: said once. */
        const char *said = strncmp(message, "position: ", 10) == 0 ? message + 10 : message;
        info_error(e, "position: %s; no position is set until a position command is accepted", said);
    }
}

/* A game's backend names, for a message. */
static void names_of_game(Game game, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; backend_registry[i] && n < size; i++)
        if (backend_registry[i]->game == game)
            n += (size_t)snprintf(out + n, size - n, "%s%s", n ? ", " : "", backend_registry[i]->name);
}

/* go perft DEPTH: Stockfish's divide.  Returns 0, or 128 + the signal that
 * interrupted the count (the session ends). */
static int command_go(UciServer *e, char **w, int n)
{
    if (n < 2 || strcmp(w[1], "perft") != 0) {
        info_error(e, "go: this engine counts, it does not search: 'go perft DEPTH' (DEPTH 1 to %d) only", MAX_DEPTH);
        output_uci_server_null_move(e->out);
        return 0;
    }
    long depth = 0;
    const char *d = n >= 3 ? w[2] : "";
    for (const char *p = d; *p && depth <= MAX_DEPTH; p++)
        depth = *p >= '0' && *p <= '9' ? depth * 10 + (*p - '0') : MAX_DEPTH + 1;
    if (n < 3) {
        info_error(e, "go perft: the depth is missing (go perft DEPTH, 1 to %d)", MAX_DEPTH);
        return 0;
    }
    if (depth < 1 || depth > MAX_DEPTH) {
        info_error(e, "go perft: depth '%s' is not a number from 1 to %d", d, MAX_DEPTH);
        return 0;
    }
    if (n > 3) {
        info_error(e, "go perft: unexpected '%s' after the depth (go perft DEPTH)", w[3]);
        return 0;
    }
    if (!e->has_position) {
        info_error(e, "go perft: no position: the last position command was refused (send one that is accepted)");
        return 0;
    }
    Game game = e->root.game;
    const Backend *b = backend_find(e->options.backend, game);
    if (!b) {
        char names[256];
        names_of_game(game, names, sizeof names);
        info_error(e, "go perft: backend '%s' has no %s generator (%s's: %s; setoption name Backend value NAME)",
                   e->options.backend, game_name(game), game_name(game), names);
        return 0;
    }
    Participant p = {.name = b->name, .backend = b};
    /* The session's count: bulk, on the Threads and Hash set, no progress
     * line (standard error is not the driver's). */
    const CountPolicy policy = {
        .bulk = true, .threads = e->options.threads, .table = e->table.hash ? &e->table : NULL, .err = e->err};
    DivideQuery q = {
        .root = &e->root, .root_text = e->root_text, .moves = e->moves, .here = &e->here, .depth = (int)depth};
    char message[ERROR_TEXT_MAX];
    if (participant_divide(&p, &policy, &q, &e->divide, message, sizeof message) < 0) {
        info_error(e, "go perft: %s", message);
        return 0;
    }
    if (e->divide.signal) {
        info_error(e, "go perft: interrupted by %s", report_signal_name(e->divide.signal));
        return EXIT_SIGNAL_BASE + e->divide.signal;
    }
    output_uci_server_divide(e->out, game, &e->divide,
                             e->options.chess960 ? MOVE_NOTATION_CHESS960 : MOVE_NOTATION_STANDARD);
    return 0;
}

static void command_setoption(UciServer *e, char **w, int n)
{
    char message[ERROR_TEXT_MAX];
    UciOptions before = e->options;
    if (uci_option_set(&e->options, w + 1, n - 1, message, sizeof message) < 0) {
        info_error(e, "%s", message);
        return;
    }
    if (e->options.hash_mib == before.hash_mib)
        return;
    PerftHash *table = e->options.hash_mib ? perft_hash_create((size_t)e->options.hash_mib) : NULL;
    if (e->options.hash_mib && !table) {
        info_error(e, "setoption Hash: cannot allocate a table of %d MiB (the table stays at %d MiB)",
                   e->options.hash_mib, before.hash_mib);
        e->options.hash_mib = before.hash_mib;
        return;
    }
    perft_hash_destroy(e->table.hash);
    e->table = (CountTable){.hash = table};
}

static void command_uci(UciServer *e)
{
    output_uci_server_id(e->out, &e->options);
}

/* perftree (github.com/agausmann/perftree, perftree/src/lib.rs) writes its
 * setoption without a newline, so that its position command follows on the
 * same line: "setoption name UCI_Chess960 value falseposition fen ...".
 * Read as the two commands it means; anything else glued stays refused. */
static bool perftree_glued(UciServer *e, char **w, int n)
{
    if (n < 6 || strcmp(w[0], "setoption") != 0 || strcmp(w[1], "name") != 0 || strcasecmp(w[2], "UCI_Chess960") != 0 ||
        strcmp(w[3], "value") != 0)
        return false;
    size_t k = strncmp(w[4], "trueposition", 12) == 0 ? 4 : strncmp(w[4], "falseposition", 13) == 0 ? 5 : 0;
    if (k == 0 || w[4][k + 8] != '\0')
        return false;
    char value[6];
    snprintf(value, sizeof value, "%.*s", (int)k, w[4]);
    char *setoption[] = {w[0], w[1], w[2], w[3], value};
    command_setoption(e, setoption, 5);
    w[4] += k; /* "position" */
    command_position(e, w + 4, n - 4);
    return true;
}

/* One line's command; returns -1 to go on, else the exit status. */
static int command(UciServer *e, char **w, int n)
{
    if (n == 0 || perftree_glued(e, w, n))
        return -1;
    const char *c = w[0];
    if (strcmp(c, "quit") == 0)
        return 0;
    if (strcmp(c, "uci") == 0)
        command_uci(e);
    else if (strcmp(c, "isready") == 0)
        output_uci_server_readyok(e->out);
    else if (strcmp(c, "setoption") == 0)
        command_setoption(e, w, n);
    else if (strcmp(c, "ucinewgame") == 0) {
        if (e->table.hash)
            perft_hash_clear(e->table.hash);
        char message[ERROR_TEXT_MAX];
        set_position(e, CHESS_START, NULL, 0, message, sizeof message);
    } else if (strcmp(c, "position") == 0)
        command_position(e, w, n);
    else if (strcmp(c, "go") == 0) {
        int status = command_go(e, w, n);
        if (status)
            return status;
    } else if (strcmp(c, "stop") == 0 || strcmp(c, "ponderhit") == 0 || strcmp(c, "debug") == 0 ||
               strcmp(c, "register") == 0)
        output_uci_server_nothing_to_do(e->out, c);
    else
        info_error(e,
                   "unknown command '%s' (this engine answers uci, isready, setoption, ucinewgame, position, go perft, "
                   "stop and quit)",
                   c);
    return -1;
}

/* Reads one line of at most UCI_LINE_MAX - 1 bytes into `line` (its
 * newline dropped): 1, 0 at end of input, -1 on a read error.  A longer
 * line is read to its end and dropped, its length in *too_long (else 0):
 * no line of any length is held whole in memory. */
static int read_line(FILE *in, char line[UCI_LINE_MAX], size_t *length, size_t *too_long)
{
    size_t n = 0, dropped = 0;
    int c;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (n < UCI_LINE_MAX - 1)
            line[n++] = (char)c;
        else
            dropped++;
    }
    line[n] = '\0';
    *length = n;
    *too_long = dropped ? n + dropped : 0;
    if (c == EOF && ferror(in))
        return -1;
    return c == EOF && n == 0 && dropped == 0 ? 0 : 1;
}

/* Whether a refused line was a position command: its first word. */
static bool is_position_line(const char *line)
{
    line += strspn(line, " \t");
    return strncmp(line, "position", 8) == 0 && (!line[8] || line[8] == ' ' || line[8] == '\t');
}

/* Reads the session's lines and answers each; the exit status. */
static int session(UciServer *e, FILE *in)
{
    char *line = malloc(UCI_LINE_MAX), **words = malloc((UCI_LINE_MAX / 2 + 2) * sizeof *words);
    if (!line || !words) {
        free(line), free(words);
        return report_error(e->err, "UCI session: out of memory");
    }
    int status = -1, got;
    size_t length, too_long;
    while (status < 0 && (got = read_line(in, line, &length, &too_long)) > 0) {
        while (length > 0 && line[length - 1] == '\r')
            line[--length] = '\0';
        /* A refused position leaves no position set, not the one before. */
        bool refused = too_long || strlen(line) != length;
        if (refused && is_position_line(line))
            e->has_position = false;
        if (too_long)
            info_error(e, "a line of %zu bytes: longer than %d, not read", too_long, UCI_LINE_MAX - 1);
        else if (refused)
            info_error(e, "a line holding a NUL byte (after '%s'): not read", line);
        else
            status = command(e, words, words_split(line, words)); /* words are a byte and a blank apart */
        if (!output_uci_server_flush(e->out)) {
            report_error(e->err, "cannot write standard output");
            status = EXIT_OUTPUT;
        }
    }
    if (status < 0 && got < 0) {
        report_error(e->err, "UCI session: cannot read standard input");
        status = EXIT_USAGE;
    }
    free(line);
    free(words);
    return status < 0 ? 0 : status; /* end of input is quit */
}

int uci_server_run(const RunSettings *s, FILE *in, FILE *out, FILE *err)
{
    UciServer e = {.options = {.threads = s->threads, .hash_mib = s->hash_mib}, .out = out, .err = err};
    snprintf(e.options.backend, sizeof e.options.backend, "%s", s->backend);
    if (e.options.threads > UCI_THREADS_MAX)
        e.options.threads = UCI_THREADS_MAX;
    char message[ERROR_TEXT_MAX];
    if (!divide_alloc(&e.divide))
        return report_error(err, "out of memory");
    if (s->hash_mib && !(e.table.hash = perft_hash_create((size_t)s->hash_mib))) {
        divide_free(&e.divide);
        return report_error(err, "--hash %d: cannot allocate a table of %d MiB", s->hash_mib, s->hash_mib);
    }
    /* A first line before any command, as Stockfish prints one: drivers
     * such as perftree read it before they write, so it reaches a pipe at
     * once (a buffered banner deadlocks them). */
    output_uci_server_greeting(out);
    if (!output_uci_server_flush(out)) {
        perft_hash_destroy(e.table.hash);
        divide_free(&e.divide);
        report_error(err, "cannot write standard output");
        return EXIT_OUTPUT;
    }
    int status = set_position(&e, CHESS_START, NULL, 0, message, sizeof message) < 0 ? report_error(err, "%s", message)
                                                                                     : session(&e, in);
    free(e.moves);
    perft_hash_destroy(e.table.hash);
    divide_free(&e.divide);
    return status;
}
