#include "words.h"

#include <stdio.h>
#include <string.h>

int words_split(char *line, char **words)
{
    int n = 0;
    char *rest;
    for (char *p = strtok_r(line, " \t", &rest); p; p = strtok_r(NULL, " \t", &rest))
        words[n++] = p;
    return n;
}

int words_join(char **words, int from, int to, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = from; i < to; i++) {
        int k = snprintf(out + n, size - n, "%s%s", i > from ? " " : "", words[i]);
        if (k < 0 || (size_t)k >= size - n)
            return -1;
        n += (size_t)k;
    }
    return 0;
}
