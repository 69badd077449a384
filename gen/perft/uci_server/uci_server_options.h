/* The UCI engine's options (bin/perft --uci): what `uci` lists and
 * `setoption` sets.  Backend chooses the generator (a name of the registry:
 * the position's game decides which of that name counts), Threads and Hash
 * are -t and --hash, UCI_Chess960 writes castling as the king taking its
 * rook (gen/core/move_text.h). */
#ifndef GEN_PERFT_UCI_SERVER_UCI_SERVER_OPTIONS_H
#define GEN_PERFT_UCI_SERVER_UCI_SERVER_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

enum { UCI_BACKEND_NAME_MAX = 32, UCI_THREADS_MAX = 1024 };

typedef struct UciOptions {
    char backend[UCI_BACKEND_NAME_MAX]; /* a registered backend's name */
    int threads;                        /* 1 to UCI_THREADS_MAX */
    int hash_mib;                       /* 0: no table */
    bool chess960;                      /* UCI_Chess960: castling written king-takes-rook */
} UciOptions;

/* Each backend name once, in registry order, each after `before` (" var "
 * for the combo's list), or separated by `between` (", " in a message). */
void uci_server_backend_names(const char *before, const char *between, char *out, size_t size);

/* `setoption` with `words` its words after "setoption" (count of them):
 * "name NAME value VALUE", the name in any case.  0, or -1 with one line
 * in err and `o` unchanged. */
int uci_option_set(UciOptions *o, char **words, int count, char *err, size_t errlen);

#endif
