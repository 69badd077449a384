/* Builds the fuzz targets' seed corpora (run by fuzz/fuzz.mk):
 *
 *   seed_corpus OUTDIR FIXTURE.epd...
 *
 * OUTDIR/position_text: every fixture position, plus positions printed along
 * random legal games from both starting positions (many Quaternity ones:
 * the parsers alone rarely reach a valid twelve-rank position).
 * OUTDIR/move_list: the same games as move picks and as move text, and a
 * few long games (up to 8000 plies, as long as they last).
 * OUTDIR/suite_file: every fixture file, whole.
 * The games are drawn from a fixed seed, so the corpus is the same on every
 * run. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "move_text.h"
#include "position_text.h"
#include "registry.h"
#include "start_positions.h"

enum { LINE_MAX_ = 4096, PLIES_MAX = 8000 };

static const char *out_dir;
static int files_written;

static _Noreturn void die(const char *what, const char *name)
{
    fprintf(stderr, "seed_corpus: %s %s: %s\n", what, name, strerror(errno));
    exit(1);
}

static void write_seed(const char *kind, const char *name, const void *bytes, size_t size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s/%s", out_dir, kind, name);
    FILE *f = fopen(path, "wb");
    if (!f)
        die("cannot write", path);
    if (fwrite(bytes, 1, size, f) != size || fclose(f) != 0)
        die("cannot write", path);
    files_written++;
}

static void add_fixture(const char *file_path, int file_index)
{
    FILE *f = fopen(file_path, "rb");
    if (!f)
        die("cannot read", file_path);
    char *whole = NULL;
    size_t whole_len = 0, whole_cap = 0;
    char line[LINE_MAX_];
    int number = 0;
    while (fgets(line, sizeof line, f)) {
        size_t len = strlen(line);
        if (whole_len + len + 1 > whole_cap) {
            whole_cap = 2 * (whole_len + len + 1);
            whole = realloc(whole, whole_cap);
            if (!whole)
                die("out of memory reading", file_path);
        }
        memcpy(whole + whole_len, line, len);
        whole_len += len;
        number++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        size_t text_len = strcspn(line, ";\n");
        while (text_len && line[text_len - 1] == ' ')
            text_len--;
        char name[64];
        snprintf(name, sizeof name, "fixture-%d-%d", file_index, number);
        write_seed("position_text", name, line, text_len);
    }
    if (ferror(f))
        die("cannot read", file_path);
    fclose(f);
    char name[64];
    snprintf(name, sizeof name, "fixture-%d", file_index);
    write_seed("suite_file", name, whole, whole_len);
    free(whole);
}

/* xorshift64: a fixed, portable sequence. */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void add_games(const char *label, Game game, int games, int plies, int print_every, uint64_t *seed)
{
    const Backend *backend = NULL;
    for (int i = 0; backend_registry[i] && !backend; i++)
        if (backend_registry[i]->game == game)
            backend = backend_registry[i];
    Position start;
    char err[ERROR_TEXT_MAX];
    if (!backend || position_parse(START_TEXT[game], &start, err, sizeof err) < 0) {
        fprintf(stderr, "seed_corpus: no %s backend or start\n", game_name(game));
        exit(1);
    }
    static char text_moves[PLIES_MAX * MOVE_TEXT_MAX + 2];
    for (int g = 0; g < games; g++) {
        void *state = backend->create(backend);
        if (!state)
            die("cannot create backend for", game_name(game));
        backend->load(state, &start);
        uint8_t picks[PLIES_MAX + 1];
        picks[0] = (uint8_t)(game == GAME_CHESS);
        text_moves[0] = (char)(picks[0] | 2);
        size_t text_len = 1;
        int played = 0;
        for (; played < plies && played < PLIES_MAX; played++) {
            Move moves[MAX_MOVES];
            int count = backend->generate(state, moves);
            if (count == 0)
                break;
            moves_sort(game, moves, count);
            uint8_t pick = (uint8_t)next_random(seed);
            Move move = moves[pick % count];
            picks[played + 1] = pick;
            char move_text[MOVE_TEXT_MAX];
            move_format(game, move, move_text);
            text_len += (size_t)snprintf(text_moves + text_len, sizeof text_moves - text_len, "%s%s", played ? " " : "",
                                         move_text);
            backend->make(state, move);
            if ((played + 1) % print_every == 0) {
                Position pos;
                char text[POSITION_TEXT_MAX], name[64];
                backend->save(state, &pos);
                position_format(&pos, text, sizeof text);
                snprintf(name, sizeof name, "%s-%s-%d-ply-%d", game_name(game), label, g, played + 1);
                write_seed("position_text", name, text, strlen(text));
            }
        }
        char name[64];
        snprintf(name, sizeof name, "%s-%s-%d-picks", game_name(game), label, g);
        write_seed("move_list", name, picks, (size_t)played + 1);
        snprintf(name, sizeof name, "%s-%s-%d-text", game_name(game), label, g);
        write_seed("move_list", name, text_moves, text_len);
        backend->destroy(state);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: seed_corpus OUTDIR [FIXTURE.epd...]\n");
        return 2;
    }
    out_dir = argv[1];
    for (int i = 2; i < argc; i++)
        add_fixture(argv[i], i - 1);
    uint64_t seed = 0x9E3779B97F4A7C15u;
    add_games("game", GAME_QUATERNITY, 80, 240, 16, &seed);
    add_games("game", GAME_CHESS, 40, 160, 16, &seed);
    /* A few long games: the move-list target's longest inputs. */
    add_games("long-game", GAME_QUATERNITY, 4, 8000, 1000, &seed);
    add_games("long-game", GAME_CHESS, 4, 8000, 1000, &seed);
    printf("seed_corpus: %d files in %s\n", files_written, out_dir);
    return 0;
}
