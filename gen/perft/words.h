/* A line of a line protocol (--uci, --walk) as its words: split in place
 * on blanks, and joined back by single blanks. */
#ifndef GEN_PERFT_WORDS_H
#define GEN_PERFT_WORDS_H

#include <stddef.h>

/* Splits `line` in place into its words (blanks and tabs between them);
 * `words` holds one per two bytes of the line, and one more.  How many. */
int words_split(char *line, char **words);

/* The words from..to-1 joined by single blanks into out; -1 when they do
 * not fit. */
int words_join(char **words, int from, int to, char *out, size_t size);

#endif
