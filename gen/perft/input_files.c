#include "input_files.h"

#include <libgen.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* A file by its identity: an existing one by device and inode; one not
 * made yet by its folder's device and inode and its own name. */
typedef struct FileIdentity {
    bool exists, known;
    dev_t dev;
    ino_t ino;
    char name[256];
} FileIdentity;

static FileIdentity identity_of_path(const char *path)
{
    FileIdentity id = {0};
    struct stat st;
    if (stat(path, &st) == 0) {
        id.exists = id.known = true;
        id.dev = st.st_dev, id.ino = st.st_ino;
        return id;
    }
    char folder[4096], base[4096];
    snprintf(folder, sizeof folder, "%s", path);
    snprintf(base, sizeof base, "%s", path);
    if (stat(dirname(folder), &st) == 0) {
        id.known = true;
        id.dev = st.st_dev, id.ino = st.st_ino;
        snprintf(id.name, sizeof id.name, "%s", basename(base));
    }
    return id;
}

static FileIdentity identity_of_fd(int fd)
{
    FileIdentity id = {0};
    struct stat st;
    /* Only a regular file can be clobbered: a terminal or a pipe cannot. */
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        id.exists = id.known = true;
        id.dev = st.st_dev, id.ino = st.st_ino;
    }
    return id;
}

static bool same_file(const FileIdentity *a, const FileIdentity *b)
{
    return a->known && b->known && a->exists == b->exists && a->dev == b->dev && a->ino == b->ino &&
           strcmp(a->name, b->name) == 0;
}

int input_files_check(const RunSettings *s, int stdout_fd, char *err, size_t errlen)
{
    const struct {
        const char *option, *path, *what;
    } inputs[] = {{"--checkpoint", s->checkpoint, "its own checkpoint"},
                  {"--suite", s->suite, "the suite it reads"},
                  {"--pgn", s->pgn, "the games it reads"},
                  {"--from", s->from, "the start positions it reads"}};
    FileIdentity output = s->output ? identity_of_path(s->output) : identity_of_fd(stdout_fd);
    for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
        if (!inputs[i].path)
            continue;
        FileIdentity input = identity_of_path(inputs[i].path);
        if (!same_file(&input, &output))
            continue;
        if (s->output)
            snprintf(err, errlen, "-o %s: the same file as %s %s: the run would overwrite %s", s->output,
                     inputs[i].option, inputs[i].path, inputs[i].what);
        else
            snprintf(err, errlen, "%s %s: the same file as standard output: the results would be written into %s",
                     inputs[i].option, inputs[i].path, inputs[i].what);
        return -1;
    }
    return 0;
}
