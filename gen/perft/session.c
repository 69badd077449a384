#include "session.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "move_text.h"
#include "san.h"

int session_open(Session *s, const Backend *backend, const Position *pos, char *err, size_t errlen)
{
    s->backend = backend;
    s->game = pos->game;
    s->state = backend->create(backend);
    if (!s->state) {
        snprintf(err, errlen, "backend %s: out of memory", backend->name);
        return -1;
    }
    backend->load(s->state, pos);
    return 0;
}

void session_close(Session *s)
{
    if (s->state)
        s->backend->destroy(s->state);
    s->state = NULL;
}

/* Whether some legal move goes from and to the squares of `move` with a
 * promotion: the text lacked only its piece letter. */
static bool promotes(const Move *legal, int count, Move move)
{
    for (int i = 0; i < count; i++)
        if (legal[i].from == move.from && legal[i].to == move.to && legal[i].promotion && !move_is_castling(legal[i]))
            return true;
    return false;
}

/* A chess move given in SAN: the legal move it names, or -1 with one line
 * naming the move, its place and the position. */
static int play_san(Session *s, const Move *legal, int count, const char *word, int index, Move *move, char *err,
                    size_t errlen)
{
    Position pos;
    char why[ERROR_TEXT_MAX], text[POSITION_TEXT_MAX];
    s->backend->save(s->state, &pos);
    SanRead r = san_read(&pos, legal, count, word, move, why, sizeof why);
    if (r == SAN_OK)
        return 0;
    if (r == SAN_NOT_SAN) {
        snprintf(err, errlen, "move %d '%s' is neither move text nor SAN (like e2e4, Nf3, exd6, e8=Q or O-O)", index,
                 word);
        return -1;
    }
    position_format(&pos, text, sizeof text);
    snprintf(err, errlen, "move %d %s, in %s", index, why, text);
    return -1;
}

int session_play(Session *s, const char *moves, char *err, size_t errlen)
{
    return session_play_written(s, moves, MOVE_NOTATION_STANDARD, NULL, 0, err, errlen);
}

int session_play_written(Session *s, const char *moves, MoveNotation notation, char *written, size_t size, char *err,
                         size_t errlen)
{
    size_t length = 0;
    if (written && size)
        written[0] = '\0';
    if (!moves)
        return 0;
    const char *p = moves;
    for (int index = 1;; index++) {
        while (*p == ' ' || *p == '\t' || *p == '\n')
            p++;
        if (!*p)
            return 0;
        char word[32];
        size_t n = strcspn(p, " \t\n");
        snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word ? n : sizeof word - 1), p);
        p += n;
        Move move, legal[MAX_MOVES];
        int count = s->backend->generate(s->state, legal);
        if (n >= sizeof word || move_parse(s->game, word, &move) < 0) {
            /* Chess's moves may be SAN too (e4, Nf3, O-O). */
            if (n >= sizeof word || s->game != GAME_CHESS) {
                snprintf(err, errlen, "move %d '%s' is not move text (like d4e5 or d11e12q)", index, word);
                return -1;
            }
            if (play_san(s, legal, count, word, index, &move, err, errlen) < 0)
                return -1;
        } else if (move_read(s->game, legal, count, word, &move) != MOVE_READ_OK) {
            /* Castling may be written either way (e1g1, e1h1): the text names a legal move. */
            if (!move.promotion && promotes(legal, count, move)) {
                snprintf(err, errlen, "move %d '%s' needs a promotion piece: %sq, %sr, %sb or %sn", index, word, word,
                         word, word, word);
                return -1;
            }
            Position pos;
            char text[POSITION_TEXT_MAX];
            s->backend->save(s->state, &pos);
            position_format(&pos, text, sizeof text);
            snprintf(err, errlen, "move %d '%s' is not legal in %s", index, word, text);
            return -1;
        }
        s->backend->make(s->state, move);
        if (written && length < size) {
            char text[MOVE_TEXT_MAX];
            move_format_as(s->game, move, notation, text);
            length += (size_t)snprintf(written + length, size - length, "%s%s", length ? " " : "", text);
        }
    }
}

int session_divide(Session *s, int depth, bool bulk, DivideEntry *entries)
{
    Move moves[MAX_MOVES];
    int count = s->backend->generate(s->state, moves);
    moves_sort(s->game, moves, count);
    for (int i = 0; i < count; i++) {
        s->backend->make(s->state, moves[i]);
        entries[i] =
            (DivideEntry){.move = moves[i], .count = s->backend->perft(s->state, depth - 1, bulk), .finished = true};
        s->backend->unmake(s->state, moves[i]);
    }
    return count;
}
