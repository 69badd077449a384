/* The command line, parsed into RunSettings with getopt_long, and the one
 * table of which option applies to which mode: an option given where it
 * cannot apply is refused in one line with the reason, never ignored. */
#ifndef GEN_PERFT_OPTIONS_H
#define GEN_PERFT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "settings.h"

/* The backend bin/perft counts with when -b is not given. */
#define DEFAULT_BACKEND "bitboard"

/* Parses argv (argv[0] is the program's name) into `s`: 0, or -1 with one
 * line in err.  `divide_only` names a program that counts one backend's
 * divide and nothing else, in text or stockfish format (bin/perft-mpi:
 * every other mode is refused naming it), or is NULL.  Not reentrant:
 * getopt keeps its place in globals. */
int options_parse(int argc, char **argv, const char *divide_only, RunSettings *s, char *err, size_t errlen);

/* What an option's value is in RunSettings, which says how it is read
 * (unless options.c reads it itself: the engines, --engine-timeout, --hash,
 * -t 0, --random-start, the modes) and how the JSON settings show it. */
typedef enum FieldType {
    FIELD_NONE,           /* no field: a mode of its own (--help ...) */
    FIELD_TEXT,           /* const char *, as given; JSON: the text, or null */
    FIELD_FLAG,           /* bool, set; JSON: true or false */
    FIELD_FLAG_OFF,       /* bool, cleared (--no-bulk: shown by its pair's row) */
    FIELD_INT,            /* int */
    FIELD_INT_ZERO_NULL,  /* int; JSON: null for 0, "chosen by the run" */
    FIELD_UNSIGNED,       /* unsigned */
    FIELD_LONG,           /* long */
    FIELD_U64,            /* uint64_t */
    FIELD_U64_MAX_NULL,   /* uint64_t; JSON: null for UINT64_MAX, "no limit" */
    FIELD_DOUBLE,         /* double */
    FIELD_CHOICE,         /* an enum: the index of the value among `choices` */
    FIELD_CHOICE_FLAG,    /* bool: the second of two `choices` */
    FIELD_ENGINES,        /* the --engine list; JSON: its specifications */
    FIELD_ENGINE_OPTIONS, /* the --engine-option list; JSON: per engine, its options */
} FieldType;

/* One option, declared once: its names, the modes it applies to, its
 * range, its --help text and its field in RunSettings (with the key the
 * JSON settings show it under; "suite.file": in the object of that mode). */
typedef struct OptionRow {
    const char *name;  /* the long name */
    char letter;       /* the short form, or 0 */
    const char *value; /* its value's name in --help, or NULL: it takes none */
    unsigned modes;    /* the modes it applies to (M_*); 0: a mode of its own */
    long min, max;     /* a number's range (min <= max), or 0, -1: not a number */
    const char *noun;  /* what a number is called in its error */
    const char *help;  /* --help's text ('\n' continues it on the next line) */
    FieldType type;
    size_t offset;              /* of its field in RunSettings */
    const char *json;           /* its key in the JSON settings, or NULL: none */
    const char *const *choices; /* FIELD_CHOICE's values, NULL-terminated */
} OptionRow;

/* Row i of the table, in --help's order; NULL past the last. */
const OptionRow *options_row(int i);

#endif
