/* Where a run's results go: standard output in one of three formats (text,
 * Stockfish's divide, one JSON document), every write checked.  A write
 * that fails (a full disk, a closed descriptor) is remembered; runners ask
 * output_failed to stop early, and output_close turns it into one line on
 * stderr and EXIT_OUTPUT.  The formats of each kind of result live beside
 * this file (output_divide.c, output_suite.c, output_random.c). */
#ifndef GEN_PERFT_OUTPUT_H
#define GEN_PERFT_OUTPUT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "output_board.h"
#include "perft_count.h"
#include "settings.h"

typedef struct Output {
    FILE *stream;
    FILE *err;        /* the run's standard error: timing, speed tables, notes and errors */
    const char *name; /* what the stream is, for the error: "standard output" or -o's FILE */
    OutputFormat format;
    json_t *doc; /* FORMAT_JSON: the document, written by output_close */
    int error;   /* errno of the first failed write, 0 when none failed */
    bool owned;  /* -o's file: closed by output_close */
    bool boards; /* --board: a diagram beside every disagreement report, in this style */
    BoardStyle board;
} Output;

/* Opens the run's output on `stream` (or on s->output's file, created or
 * truncated) in s->format, with `err_stream` for what goes to standard
 * error; for JSON the document starts with the command and its settings.
 * 0, or -1 with one line in err. */
int output_open(Output *o, FILE *stream, FILE *err_stream, const RunSettings *s, char *err, size_t errlen);

/* A line (or lines) on the run's standard error, whatever the format:
 * what is not the results (timing, speed, notes). */
void output_note(Output *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Text for the text and stockfish formats; JSON drops it (the printers
 * put the same results in the document). */
void output_text(Output *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Flushes the stream (a row is complete): false when a write has failed. */
bool output_flush(Output *o);
bool output_failed(const Output *o);

/* JSON: sets the document's member `key` to `value` (taking its reference);
 * other formats drop `value`. */
void output_json_set(Output *o, const char *key, json_t *value);
/* A count as an exact JSON integer, however large: written as an integer
 * literal even past 2^63, where jansson's own integers end (output.c). */
json_t *output_json_count(PerftCount n);
/* A JSON string of `text`; text that is not UTF-8 (a file's bytes) is
 * escaped as report_escaped does, never dropped. */
json_t *output_json_string(const char *text);
/* A run's error: one line on `err` (report_error), and in JSON the same
 * line in the document's "failures".  Returns EXIT_USAGE. */
int output_error(Output *o, FILE *err, const char *message);

/* Ends the output: the JSON document gets the status and is written; the
 * stream is flushed (and -o's file closed).  Returns `status`, or
 * EXIT_OUTPUT after one line on `err` naming the failure when any write
 * failed. */
int output_close(Output *o, int status, FILE *err);

/* Before anything runs: standard output must be open (else one line on
 * stderr and EXIT_OUTPUT, as a later file would take its descriptor and
 * receive the results); a closed standard input or error is reopened on
 * /dev/null for the same reason.  Returns 0 or EXIT_OUTPUT. */
int output_check_descriptors(FILE *err);

#endif
