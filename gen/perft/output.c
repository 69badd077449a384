#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"
#include "report.h"
#include "version.h"

static const char *const MODE_NAMES[] = {
    [RUN_DIVIDE] = "divide", [RUN_SUITE] = "suite", [RUN_RANDOM] = "random", [RUN_HELP] = "help", [RUN_LIST] = "list"};

/* Notes the first failed write, with its reason. */
static void check(Output *o, bool failed)
{
    if (failed && !o->error)
        o->error = errno ? errno : EIO;
}

/* A count past json_int_t is kept in the document as a string with this
 * tag (jansson writes the control byte as \u0001) and written as a bare
 * integer literal by output_close: JSON numbers have no size limit, jansson's
 * integers do.  Strings from outside (output_json_string) never carry the
 * byte, so no other string can take the tag's place. */
#define COUNT_TAG "\001count:"
#define COUNT_TAG_WRITTEN "\"\\u0001count:"

json_t *output_json_count(PerftCount n)
{
    if (n <= (PerftCount)INT64_MAX)
        return json_integer((json_int_t)n);
    char digits[PERFT_COUNT_TEXT_MAX], text[sizeof COUNT_TAG + PERFT_COUNT_TEXT_MAX];
    snprintf(text, sizeof text, "%s%s", COUNT_TAG, perft_count_format(n, digits));
    return json_string(text);
}

/* The document's text with every tagged count string replaced by its
 * digits (in place: the result is never longer). */
static void untag_counts(char *text)
{
    size_t tag = strlen(COUNT_TAG_WRITTEN);
    char *out = text;
    for (const char *in = text; *in;) {
        if (strncmp(in, COUNT_TAG_WRITTEN, tag) == 0) {
            in += tag;
            while (*in >= '0' && *in <= '9')
                *out++ = *in++;
            in++; /* the closing quote */
        } else
            *out++ = *in++;
    }
    *out = '\0';
}

json_t *output_json_string(const char *text)
{
    if (strchr(text, '\001')) { /* the count tag's byte: written as text instead */
        size_t n = strlen(text);
        char *copy = malloc(4 * n + 1);
        json_t *j = NULL;
        if (copy) {
            size_t k = 0;
            for (size_t i = 0; i < n; i++)
                k += text[i] == '\001' ? (size_t)sprintf(copy + k, "\\x01") : (size_t)(copy[k] = text[i], 1);
            copy[k] = '\0';
            j = output_json_string(copy);
        }
        free(copy);
        return j ? j : json_string("(out of memory)");
    }
    json_t *j = json_string(text);
    if (j)
        return j;
    char *escaped = report_escaped(text); /* not UTF-8: shown as an error line shows it */
    j = json_string(escaped ? escaped : "(out of memory)");
    free(escaped);
    return j;
}

/* One option's value as the JSON settings show it (options.h, FieldType). */
static json_t *field_json(const RunSettings *s, const OptionRow *row)
{
    const void *field = (const char *)s + row->offset;
    switch (row->type) {
    case FIELD_TEXT: {
        const char *text = *(const char *const *)field;
        return text ? output_json_string(text) : json_null();
    }
    case FIELD_FLAG:
    case FIELD_FLAG_OFF: return json_boolean(*(const bool *)field);
    case FIELD_INT: return json_integer(*(const int *)field);
    case FIELD_INT_ZERO_NULL: return *(const int *)field ? json_integer(*(const int *)field) : json_null();
    case FIELD_UNSIGNED: return json_integer((json_int_t) * (const unsigned *)field);
    case FIELD_LONG: return json_integer((json_int_t) * (const long *)field);
    case FIELD_U64: return json_integer((json_int_t) * (const uint64_t *)field);
    case FIELD_U64_MAX_NULL: {
        uint64_t n = *(const uint64_t *)field;
        return n == UINT64_MAX ? json_null() : json_integer((json_int_t)n);
    }
    case FIELD_DOUBLE: return json_real(*(const double *)field);
    case FIELD_CHOICE: return json_string(row->choices[*(const int *)field]);
    case FIELD_CHOICE_FLAG: return json_string(row->choices[*(const bool *)field]);
    case FIELD_ENGINES: {
        json_t *engines = json_array();
        for (int k = 0; k < s->engine_count; k++)
            json_array_append_new(engines, output_json_string(s->engines[k]));
        return engines;
    }
    case FIELD_ENGINE_OPTIONS: {
        /* Per engine, in the order of "engines": its --engine-option values. */
        json_t *engine_options = json_array();
        for (int k = 0; k < s->engine_count; k++) {
            json_t *options = json_array();
            for (int i = 0; i < s->engine_option_count; i++)
                if (s->engine_option_of[i] == k)
                    json_array_append_new(options, output_json_string(s->engine_options[i]));
            json_array_append_new(engine_options, options);
        }
        return engine_options;
    }
    case FIELD_NONE: break;
    }
    return json_null();
}

/* The settings as the run uses them: every option's effect, given or not,
 * from the options table (a key "suite.file" in the object of the suite
 * mode, shown in that mode only), then the build. */
static json_t *settings_json(const RunSettings *s)
{
    json_t *j = json_pack("{s:s}", "mode", MODE_NAMES[s->mode]);
    const OptionRow *row;
    for (int i = 0; (row = options_row(i)); i++) {
        if (!row->json)
            continue;
        const char *key = row->json, *dot = strchr(key, '.');
        json_t *in = j;
        if (dot) {
            char group[32];
            snprintf(group, sizeof group, "%.*s", (int)(dot - key), key);
            if (strcmp(group, MODE_NAMES[s->mode]) != 0)
                continue;
            if (!(in = json_object_get(j, group))) {
                in = json_object();
                json_object_set_new(j, group, in);
            }
            key = dot + 1;
        }
        json_object_set_new(in, key, field_json(s, row));
    }
    char build[512]; /* --version's version and build line */
    version_build_text(build, sizeof build);
    json_object_set_new(j, "build", json_pack("{s:s, s:s}", "version", version_text(), "options", build));
    return j;
}

int output_open(Output *o, FILE *stream, FILE *err_stream, const RunSettings *s, char *err, size_t errlen)
{
    *o = (Output){.stream = stream, .err = err_stream, .name = "standard output", .format = s->format};
    if (s->output) {
        if (!(o->stream = fopen(s->output, "w"))) {
            snprintf(err, errlen, "cannot open output file '%s': %s", s->output, strerror(errno));
            return -1;
        }
        o->name = s->output;
        o->owned = true;
    }
    o->boards = s->board != BOARD_NONE;
    o->board = output_board_style(s, o->stream);
    if (o->boards && s->format != FORMAT_JSON)
        fprintf(o->err, "perft: a board diagram (%s, colour %s) beside every disagreement report\n",
                o->board.unicode ? "unicode" : "letters", o->board.color ? "on" : "off");
    if (s->format != FORMAT_JSON)
        return 0;
    /* The keys scripts have read since the first JSON runs stay at the top:
     * command, bulk, hashing, threads, failures. */
    o->doc = json_pack("{s:s, s:b, s:b, s:i, s:[], s:o}", "command", MODE_NAMES[s->mode], "bulk", s->bulk, "hashing",
                       s->hash_mib > 0, "threads", s->threads, "failures", "settings", settings_json(s));
    if (!o->doc) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

void output_text(Output *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (o->format != FORMAT_JSON) {
        errno = 0;
        check(o, vfprintf(o->stream, fmt, ap) < 0 || ferror(o->stream));
    }
    va_end(ap);
}

void output_note(Output *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(o->err, fmt, ap);
    va_end(ap);
}

bool output_flush(Output *o)
{
    if (o->format != FORMAT_JSON) {
        errno = 0;
        check(o, fflush(o->stream) != 0 || ferror(o->stream));
    }
    return !o->error;
}

bool output_failed(const Output *o)
{
    return o->error != 0;
}

void output_json_set(Output *o, const char *key, json_t *value)
{
    if (o->doc)
        json_object_set_new(o->doc, key, value);
    else
        json_decref(value);
}

int output_error(Output *o, FILE *err, const char *message)
{
    if (o->doc)
        json_array_append_new(json_object_get(o->doc, "failures"), output_json_string(message));
    return report_error(err, "%s", message);
}

int output_close(Output *o, int status, FILE *err)
{
    if (o->doc) {
        json_object_set_new(o->doc, "status", json_integer(status));
        errno = 0;
        char *text = json_dumps(o->doc, JSON_INDENT(2));
        if (text) {
            untag_counts(text);
            check(o, fputs(text, o->stream) == EOF || fputc('\n', o->stream) == EOF);
        } else {
            errno = ENOMEM;
            check(o, true);
        }
        free(text);
        json_decref(o->doc);
        o->doc = NULL;
    }
    errno = 0;
    check(o, fflush(o->stream) != 0 || ferror(o->stream));
    if (o->owned) {
        errno = 0;
        check(o, fclose(o->stream) != 0);
    }
    if (!o->error)
        return status;
    report_error(err, "cannot write %s: %s", o->name, strerror(o->error));
    return EXIT_OUTPUT;
}

int output_check_descriptors(FILE *err)
{
    for (int fd = 0; fd <= 2; fd += 2)
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
            int null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
            if (null >= 0 && null != fd) {
                dup2(null, fd);
                close(null);
            }
        }
    if (fcntl(STDOUT_FILENO, F_GETFD) < 0 && errno == EBADF) {
        report_error(err, "cannot write standard output: %s", strerror(EBADF));
        return EXIT_OUTPUT;
    }
    return 0;
}
