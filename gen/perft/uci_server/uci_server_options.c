#include "uci_server/uci_server_options.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "digits.h"
#include "perft_hash.h"
#include "registry.h"

void uci_server_backend_names(const char *before, const char *between, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; backend_registry[i] && n < size; i++) {
        bool seen = false;
        for (int j = 0; j < i; j++)
            seen |= strcmp(backend_registry[j]->name, backend_registry[i]->name) == 0;
        if (!seen)
            n += (size_t)snprintf(out + n, size - n, "%s%s", n ? between : before, backend_registry[i]->name);
    }
}

/* The words from..to-1 joined by single spaces. */
static void joined(char **words, int from, int to, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = from; i < to && n < size; i++)
        n += (size_t)snprintf(out + n, size - n, "%s%s", i > from ? " " : "", words[i]);
}

int uci_option_set(UciOptions *o, char **words, int count, char *err, size_t errlen)
{
    int value_at = 1;
    while (value_at < count && strcmp(words[value_at], "value") != 0)
        value_at++;
    if (count < 2 || strcmp(words[0], "name") != 0) {
        snprintf(err, errlen, "setoption: expected 'setoption name NAME value VALUE'");
        return -1;
    }
    char name[128], value[256];
    joined(words, 1, value_at, name, sizeof name);
    joined(words, value_at + 1, count, value, sizeof value);
    bool has_value = value_at < count - 1;
    long number;
    if (strcasecmp(name, "Backend") == 0) {
        if (!has_value || strlen(value) >= sizeof o->backend || !backend_name_known(value)) {
            char names[256];
            uci_server_backend_names("", ", ", names, sizeof names);
            snprintf(err, errlen, "setoption Backend: '%s' is not a backend (%s)", value, names);
            return -1;
        }
        memcpy(o->backend, value, strlen(value) + 1); /* its length checked above */
    } else if (strcasecmp(name, "Threads") == 0) {
        if (digits_in_range(value, 1, UCI_THREADS_MAX, &number) < 0) {
            snprintf(err, errlen, "setoption Threads: '%s' is not a thread count from 1 to %d", value, UCI_THREADS_MAX);
            return -1;
        }
        o->threads = (int)number;
    } else if (strcasecmp(name, "Hash") == 0) {
        if (digits_in_range(value, 0, PERFT_HASH_MAX_MIB, &number) < 0) {
            snprintf(err, errlen, "setoption Hash: '%s' is not a size in MiB from 0 (no table) to %d", value,
                     PERFT_HASH_MAX_MIB);
            return -1;
        }
        o->hash_mib = (int)number;
    } else if (strcasecmp(name, "UCI_Chess960") == 0) {
        if (strcmp(value, "true") != 0 && strcmp(value, "false") != 0) {
            snprintf(err, errlen, "setoption UCI_Chess960: '%s' is not true or false", value);
            return -1;
        }
        o->chess960 = strcmp(value, "true") == 0;
    } else {
        snprintf(err, errlen, "setoption: unknown option '%s' (the options: Backend, Threads, Hash, UCI_Chess960)",
                 name);
        return -1;
    }
    return 0;
}
