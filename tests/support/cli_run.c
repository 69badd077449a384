#include "cli_run.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "support.h"

CliRun cli_run(const char *const *args)
{
    char *argv[CLI_ARGS_MAX + 2] = {"perft"};
    int argc = 1;
    for (; args[argc - 1]; argc++) {
        cr_assert(argc <= CLI_ARGS_MAX, "too many arguments for cli_run");
        argv[argc] = (char *)args[argc - 1];
    }
    CliRun r;
    size_t out_size, err_size;
    FILE *out = open_memstream(&r.out, &out_size), *err = open_memstream(&r.err, &err_size);
    cr_assert(out && err, "open_memstream failed");
    /* The processes the run starts (engines, the shells around them) write
     * on the test process's descriptor 2: kept in r.children_err, not
     * mixed into the test suite's output. */
    FILE *children = tmpfile();
    int saved = dup(STDERR_FILENO);
    cr_assert(children && saved >= 0 && fflush(stderr) == 0 && dup2(fileno(children), STDERR_FILENO) >= 0);
    r.status = perft_command(argc, argv, out, err, NULL);
    fflush(stderr);
    cr_assert(dup2(saved, STDERR_FILENO) >= 0);
    close(saved);
    fclose(out);
    fclose(err);
    /* Kept in the same allocation as r.err, after its NUL: whoever frees
     * r.err frees both. */
    long size = fseek(children, 0, SEEK_END) == 0 ? ftell(children) : 0;
    size_t length = size > 0 ? (size_t)size : 0, err_length = strlen(r.err);
    char *both = realloc(r.err, err_length + 1 + length + 1);
    cr_assert(both);
    rewind(children);
    r.err = both, r.children_err = both + err_length + 1;
    r.children_err[fread(r.children_err, 1, length, children)] = '\0';
    fclose(children);
    return r;
}

void cli_free(CliRun *r)
{
    free(r->out);
    free(r->err); /* and children_err with it */
}

const char *joined(const char *const *args, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; args[i] && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? " " : "", args[i]);
    return buf;
}

void cli_expect_error(const char *const *args, const char *message)
{
    char where[1024];
    joined(args, where, sizeof where);
    CliRun r = cli_run(args);
    EXPECT(r.status == 2, "'%s': status %d, expected 2", where, r.status);
    EXPECT(strcmp(r.err, message) == 0, "'%s': stderr\n  %s\nexpected\n  %s", where, r.err, message);
    EXPECT(r.out[0] == '\0', "'%s' printed on stdout: %s", where, r.out);
    cli_free(&r);
}

/* A JSON string's text: "(none)" when empty, "?" when not a string. */
static const char *json_text(const json_t *value)
{
    const char *text = json_string_value(value);
    return !text ? "?" : text[0] ? text : "(none)";
}

/* The first disagreement a JSON document reports, as the text report
 * words it ("" when it has none): what a failing run found. */
static const char *json_disagreement(const json_t *doc)
{
    static char text[4096];
    const json_t *first = json_array_get(json_object_get(doc, "disagreements"), 0);
    if (!first)
        return "";
#define FIELD(name) json_text(json_object_get(first, name))
    snprintf(text, sizeof text,
             "DISAGREEMENT between %s and %s\n  path from the root: %.600s\n  position: %.300s\n  moves only %s "
             "generates: %.300s\n  moves only %s generates: %.300s\n",
             FIELD("first"), FIELD("second"), FIELD("path"), FIELD("position"), FIELD("first"), FIELD("only_first"),
             FIELD("second"), FIELD("only_second"));
#undef FIELD
    return text;
}

json_t *cli_json(const char *const *args, int expected_status)
{
    char where[1024];
    joined(args, where, sizeof where);
    CliRun r = cli_run(args);
    json_error_t error;
    json_t *doc = json_loads(r.out, 0, &error);
    EXPECT(r.status == expected_status, "'%s': exit status %d, expected %d; stderr:\n%s%s", where, r.status,
           expected_status, r.err, json_disagreement(doc));
    cr_assert(doc, "'%s': not one JSON document (%s, line %d):\n%s", where, error.text, error.line, r.out);
    cli_free(&r);
    return doc;
}

CliRun cli_run_n(const char *const *args, int nargs)
{
    const char *list[CLI_ARGS_MAX + 1];
    cr_assert(nargs <= CLI_ARGS_MAX, "too many arguments for cli_run_n");
    for (int i = 0; i < nargs; i++)
        list[i] = args[i];
    list[nargs] = NULL;
    return cli_run(list);
}
